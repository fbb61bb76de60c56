//! The blog's two views, loaded on demand (`app/blogViews.tsx`): a post's page (title, date,
//! authors, the article with its table of contents, tags, the newer and older post) and a
//! page of a post list (the article the engine writes: one summary per post and the pager).
//! Both keep the site's layout (navbar, footer, colour mode); the article is static HTML with
//! islands (`content/Article.tsx`), so its links route client-side like a doc's.
//! The theme's parts they use come in as the `parts` prop (see `app/blogViews.tsx`).
import type { BlogAuthor } from '../../generated/contract';
import type { BlogParts } from '../../app/blogViews';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

type ViewProps = { parts: BlogParts };

function Authors({ authors, parts: { Link } }: { authors: readonly BlogAuthor[] } & ViewProps) {
  if (authors.length === 0) return null;
  return (
    <ul className={styles.authors} aria-label={t('theme.blog.authorsList.pageTitle', 'Authors')}>
      {authors.map((author) => (
        <li key={author.name} className={styles.author}>
          {author.imageUrl ? <img className={styles.avatar} src={author.imageUrl} alt="" width={40} height={40} loading="lazy" /> : null}
          <span>
            {author.url ? (
              <Link to={author.url} className={styles.authorName}>
                {author.name}
              </Link>
            ) : (
              <span className={styles.authorName}>{author.name}</span>
            )}
            {author.title ? <small className={styles.authorTitle}>{author.title}</small> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function BlogPostPage({ parts }: ViewProps) {
  const { Article, DocFooter, DocPaginator, Link, TableOfContents, usePageData } = parts;
  const page = usePageData();
  const meta = page.blogPost;
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <div className={`${styles.blog} ${showToc ? styles.withToc : ''}`}>
      <article className={styles.post}>
        <header className={styles.postHeader}>
          {meta ? (
            <Link to={meta.blog.href} className={styles.back}>
              {meta.blog.label}
            </Link>
          ) : null}
          <h1 className={styles.postTitle}>{page.title}</h1>
          {meta ? (
            <p className={styles.meta}>
              <time dateTime={meta.dateTime}>{meta.dateText}</time>
            </p>
          ) : null}
          {meta ? <Authors authors={meta.authors} parts={parts} /> : null}
        </header>
        {showToc ? (
          <div className={styles.tocMobile}>
            <TableOfContents variant="collapsible" />
          </div>
        ) : null}
        <Article path={page.path} content={page.content} className="markdown" />
        <DocFooter />
        <DocPaginator label={t('theme.blog.post.paginator.navAriaLabel', 'Blog post page navigation')} sublabels={[t('theme.blog.post.paginator.newerPost', 'Newer post'), t('theme.blog.post.paginator.olderPost', 'Older post')]} />
      </article>
      {showToc ? (
        <div className={styles.tocColumn}>
          <TableOfContents variant="column" />
        </div>
      ) : null}
    </div>
  );
}

export function BlogListPage({ parts }: ViewProps) {
  const { Article, usePageData } = parts;
  const page = usePageData();
  return (
    <div className={`${styles.blog} ${styles.list}`}>
      <Article path={page.path} content={page.content} title={page.title} />
    </div>
  );
}
