//! A stand-alone page (home, community, ...): title and content. A page with a title is one
//! column, prose and blocks alike (no ragged right edge); a page that hides its title (the
//! home page: a hero instead) is a landing page: full width, sections centred.
import { Article } from '../../content/Article';
import { usePageData } from '../../contexts/PageData';
import styles from './styles.module.css';

export function Page() {
  const page = usePageData();
  return (
    <div className={`${styles.page} ${page.hideTitle ? styles.landing : styles.column}`}>
      <Article as="article" className="markdown" path={page.path} content={page.content} title={page.hideTitle ? null : page.title} />
    </div>
  );
}
