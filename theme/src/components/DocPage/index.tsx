//! A documentation page: sidebar | article | table of contents.
import { Nodes } from '../../content/Nodes';
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
          <DocBreadcrumbs />
          <DocVersionBadge />
          {showToc ? (
            <div className={styles.tocMobile}>
              <TableOfContents variant="collapsible" />
            </div>
          ) : null}
          <div className="markdown">
            {page.hideTitle ? null : (
              <header>
                <h1>{page.title}</h1>
              </header>
            )}
            <Nodes nodes={page.content} />
          </div>
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
