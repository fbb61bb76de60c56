//! The not-found page: shown for any path the route manifest does not know. The engine's
//! content says what happened; the page adds the ways on: home, the docs, search.
import { Article } from '../../content/Article';
import { usePageData } from '../../contexts/PageData';
import { useSiteData } from '../../contexts/SiteData';
import { Link } from '../Link';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export function NotFound() {
  const { content, path } = usePageData();
  const site = useSiteData();
  const docs = site.versions.find((version) => version.isLast) ?? site.versions[0];
  const ways = [
    { to: site.baseUrl, label: t('theme.docs.breadcrumbs.home', 'Home page') },
    ...(docs ? [{ to: docs.mainDocPath, label: t('docsite.NotFound.docs', 'Documentation') }] : []),
    { to: site.search.pagePath, label: t('theme.SearchBar.label', 'Search') },
  ];
  return (
    <div className={styles.notFound}>
      <article className="markdown">
        <h1>{t('theme.NotFound.title', 'Page Not Found')}</h1>
        <Article path={path} content={content} />
        <ul>
          {ways.map((way) => (
            <li key={way.label}>
              <Link to={way.to}>{way.label}</Link>
            </li>
          ))}
        </ul>
      </article>
    </div>
  );
}
