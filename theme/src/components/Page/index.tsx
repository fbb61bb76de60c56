//! A stand-alone page (home, community, ...): title and content, full width.
import { Nodes } from '../../content/Nodes';
import { usePageData } from '../../contexts/PageData';
import styles from './styles.module.css';

export function Page() {
  const page = usePageData();
  return (
    <div className={styles.page}>
      <article className="markdown">
        {page.hideTitle ? null : <h1>{page.title}</h1>}
        <Nodes nodes={page.content} />
      </article>
    </div>
  );
}
