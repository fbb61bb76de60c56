//! Previous/next links at the foot of a doc.
import type { PageLink } from '../../generated/contract';
import { usePageData } from '../../contexts/PageData';
import { Link } from '../Link';
import styles from './styles.module.css';

function PagerLink({ link, direction }: { link: PageLink; direction: 'previous' | 'next' }) {
  return (
    <Link to={link.href} className={direction === 'next' ? `${styles.link} ${styles.next}` : styles.link}>
      <span className={styles.sublabel}>{direction === 'previous' ? 'Previous' : 'Next'}</span>
      <span className={styles.label}>
        {direction === 'previous' ? '« ' : ''}
        {link.label}
        {direction === 'next' ? ' »' : ''}
      </span>
    </Link>
  );
}

export function DocPaginator() {
  const { previous, next } = usePageData();
  if (!previous && !next) return null;
  return (
    <nav aria-label="Docs pages" className={styles.pager}>
      {previous ? <PagerLink link={previous} direction="previous" /> : <span />}
      {next ? <PagerLink link={next} direction="next" /> : null}
    </nav>
  );
}
