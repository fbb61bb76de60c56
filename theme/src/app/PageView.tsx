//! Chooses the page layout from the page's kind.
import { DocPage } from '../components/DocPage';
import { NotFound } from '../components/NotFound';
import { Page } from '../components/Page';
import { ReactContent } from '../content/lazy';
import { usePageData } from '../contexts/PageData';
import { BlogView } from './blogViews';
import { SitePage } from './sitePages';

export function PageView() {
  const { kind, content, module } = usePageData();
  switch (kind) {
    case 'doc':
      return <DocPage />;
    case 'notFound':
      return <NotFound />;
    case 'page':
      return <Page />;
    case 'reactPage':
      // The site's own React page (its module was loaded before this render: sitePages.tsx).
      return <SitePage module={module ?? ''} />;
    case 'blogPost':
    case 'blogList':
      // The blog's views are a chunk loaded before this render (blogViews.tsx).
      return <BlogView kind={kind} />;
    case 'search':
      // The search UI is the page's content: an on-demand `SearchPage` element (content/lazy.tsx).
      return <ReactContent nodes={content} />;
  }
}
