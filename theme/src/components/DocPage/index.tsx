//! A documentation page: sidebar | article | table of contents. The article's content is
//! static HTML with islands (`content/Article.tsx`); the rest is React.
import { Article } from '../../content/Article';
import { usePageData, useSidebar } from '../../contexts/PageData';
import { DocBreadcrumbs } from '../DocBreadcrumbs';
import { DocFooter } from '../DocFooter';
import { DocPaginator } from '../DocPaginator';
import { DocSidebar } from '../DocSidebar';
import { DocVersionBadge } from '../DocVersionBadge';
import { DocVersionBanner } from '../DocVersionBanner';
import { LastUpdated } from '../LastUpdated';
import { TableOfContents } from '../TableOfContents';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export function DocPage() {
  const page = usePageData();
  const sidebar = useSidebar();
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <div className={`${styles.docPage} ${sidebar ? '' : styles.noSidebar}`}>
      {sidebar ? (
        <aside className={styles.sidebarColumn}>
          <DocSidebar />
        </aside>
      ) : null}
      <div className={`${styles.content} ${showToc ? styles.withToc : ''}`}>
        <article className={styles.article}>
          <DocVersionBanner />
          {page.unlisted ? <UnlistedBanner /> : null}
          <DocBreadcrumbs />
          <DocVersionBadge />
          {showToc ? (
            <div className={styles.tocMobile}>
              <TableOfContents variant="collapsible" />
            </div>
          ) : null}
          <Article
            path={page.path}
            content={page.content}
            title={page.hideTitle ? null : page.title}
            titleInHeader
            className="theme-doc-markdown markdown"
          />
          <DocFooter />
          <LastUpdated />
          <DocPaginator />
        </article>
        {showToc ? (
          <div className={styles.tocColumn}>
            <TableOfContents variant="column" />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The notice on an unlisted doc (front matter `unlisted`), in the caution colours as in
 * Docusaurus. A box of its own rather than the `Admonition` component: sharing that
 * component's module with the content renderer's chunk made the bundler split the first
 * view into more chunks (about 1 KB more).
 */
function UnlistedBanner() {
  return (
    <div className={`unlisted-banner ${styles.unlisted}`} role="note">
      <p className={styles.unlistedTitle}>{t('theme.contentVisibility.unlistedBanner.title', 'Unlisted page')}</p>
      <p>{t('theme.contentVisibility.unlistedBanner.message', 'This page is unlisted. Search engines will not index it, and only users having a direct link can access it.')}</p>
    </div>
  );
}
