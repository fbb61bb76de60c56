//! Home, then the sidebar categories leading to the page, then the page.
import { usePageData } from '../../contexts/PageData';
import { IconHome } from '../Icons';
import { Link } from '../Link';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export function DocBreadcrumbs() {
  const { breadcrumbs } = usePageData();
  if (breadcrumbs.length === 0) return null;
  return (
    <nav aria-label={t('theme.docs.breadcrumbs.navAriaLabel', 'Breadcrumbs')} className={styles.breadcrumbs}>
      <ul className={styles.list}>
        <li className={styles.item}>
          <Link to="/" aria-label={t('theme.docs.breadcrumbs.home', 'Home page')} className={`breadcrumbs__link ${styles.home}`}>
            <IconHome size={18} />
          </Link>
        </li>
        {breadcrumbs.map((crumb, index) => {
          const last = index === breadcrumbs.length - 1;
          return (
            <li key={index} className={styles.item}>
              {crumb.href && !last ? (
                <Link to={crumb.href} className={`breadcrumbs__link ${styles.link}`}>
                  {crumb.label}
                </Link>
              ) : (
                <span className={`breadcrumbs__link ${styles.link} ${last ? styles.current : ''}`} aria-current={last ? 'page' : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
