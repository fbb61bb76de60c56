//! Previous/next links at the foot of a doc (and of a blog post, with its own names).
import type { PageLink } from '../../generated/contract';
import { usePageData } from '../../contexts/PageData';
import { Link } from '../Link';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

function PagerLink({ link, direction, sublabel }: { link: PageLink; direction: 'previous' | 'next'; sublabel: string }) {
  return (
    <Link to={link.href} className={`pagination-nav__link ${styles.link} ${direction === 'next' ? styles.next : ''}`}>
      <span className={styles.sublabel}>{sublabel}</span>
      <span className={styles.label}>
        {direction === 'previous' ? '« ' : ''}
        {link.label}
        {direction === 'next' ? ' »' : ''}
      </span>
    </Link>
  );
}

export type DocPaginatorProps = {
  /** The navigation's name. */
  label?: string;
  /** What the previous and the next link are called. */
  sublabels?: readonly [string, string];
};

export function DocPaginator({ label, sublabels }: DocPaginatorProps) {
  const { previous, next } = usePageData();
  label ??= t('theme.docs.paginator.navAriaLabel', 'Docs pages');
  sublabels ??= [t('theme.docs.paginator.previous', 'Previous'), t('theme.docs.paginator.next', 'Next')];
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className={`pagination-nav ${styles.pager}`}>
      {previous ? <PagerLink link={previous} direction="previous" sublabel={sublabels[0]} /> : <span />}
      {next ? <PagerLink link={next} direction="next" sublabel={sublabels[1]} /> : null}
    </nav>
  );
}
