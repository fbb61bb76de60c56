//! The blog's views (a post's page, a page of the post list), a chunk of their own that only
//! blog routes load. Like the site's React pages (`sitePages.tsx`), the chunk is loaded
//! *before* a blog page renders: the server bundle at import (`entry-server.tsx`), the client
//! before hydrating (`entry-client.tsx`) and before showing a page it navigated to
//! (`loadRoute`), so the pre-rendered markup and the first client render are identical.
import type { PageData } from '../generated/contract';
import { Article } from '../content/Article';
import { DocFooter } from '../components/DocFooter';
import { DocPaginator } from '../components/DocPaginator';
import { Link } from '../components/Link';
import { TableOfContents } from '../components/TableOfContents';
import { usePageData } from '../contexts/PageData';
import { loadOnce } from '../lib/loadOnce';

/**
 * The theme's parts the views use, handed in rather than imported: a chunk that imports
 * modules of the entry's graph makes the bundler split that graph into extra shared chunks
 * (2 KB more in every first view), as `content/lazy.tsx` explains for the renderer.
 */
const parts = { Article, DocFooter, DocPaginator, Link, TableOfContents, usePageData };

export type BlogParts = typeof parts;

type BlogModule = typeof import('../components/Blog');

const views = loadOnce<BlogModule>(() => import('../components/Blog'));

/** The module of the views' chunk, as Vite's manifest keys it (for its stylesheet). */
export const BLOG_VIEWS_SOURCE = 'src/components/Blog/index.tsx';

/** Whether a page is one of the blog's. */
export function isBlogPage(page: Pick<PageData, 'kind'>): boolean {
  return page.kind === 'blogPost' || page.kind === 'blogList';
}

/** Loads the views once; a failed load may be retried. */
export function loadBlogViews(): Promise<BlogModule> {
  return views.load();
}

/** Loads the views for a blog page; resolves at once for any other page. */
export async function preloadBlogView(page: PageData): Promise<void> {
  if (isBlogPage(page)) await loadBlogViews();
}

/** Renders a blog page whose views are loaded (see the module comment). */
export function BlogView({ kind }: { kind: 'blogPost' | 'blogList' }) {
  const module = views.current();
  if (!module) throw new Error('A blog page was rendered before the blog views were loaded.');
  return kind === 'blogPost' ? <module.BlogPostPage parts={parts} /> : <module.BlogListPage parts={parts} />;
}
