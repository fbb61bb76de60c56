//! The not-found page: shown for any path the route manifest does not know.
import { Nodes } from '../../content/Nodes';
import { usePageData } from '../../contexts/PageData';
import styles from './styles.module.css';

export function NotFound() {
  const { content } = usePageData();
  return (
    <div className={styles.notFound}>
      <article className="markdown">
        <h1>Page Not Found</h1>
        <p>We could not find what you were looking for.</p>
        <p>
          Please contact the owner of the site that linked you to the original URL and let them know their link is
          broken.
        </p>
        {content.length > 0 ? <Nodes nodes={content} /> : null}
      </article>
    </div>
  );
}
