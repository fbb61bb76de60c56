//! The not-found page: shown for any path the route manifest does not know. The engine's
//! content says what happened; the page adds the ways on: home, the docs, search.
import { Article } from '../../content/Article';
import { usePageData } from '../../contexts/PageData';
import { useSiteData } from '../../contexts/SiteData';
import { Link } from '../Link';
import styles from './styles.module.css';

export function NotFound() {
  const { content, path } = usePageData();
  const site = useSiteData();
  const docs = site.versions.find((version) => version.isLast) ?? site.versions[0];
  const ways = [
    { to: site.baseUrl, label: 'Home page' },
    ...(docs ? [{ to: docs.mainDocPath, label: 'Documentation' }] : []),
    { to: site.search.pagePath, label: 'Search' },
  ];
  return (
    <div className={styles.notFound}>
      <article className="markdown">
        <h1>Page Not Found</h1>
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
