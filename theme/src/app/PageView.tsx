//! Chooses the page layout from the page's kind.
import { DocPage } from '../components/DocPage';
import { NotFound } from '../components/NotFound';
import { Page } from '../components/Page';
import { SearchPage } from '../components/SearchPage';
import { usePageData } from '../contexts/PageData';

export function PageView() {
  const { kind } = usePageData();
  switch (kind) {
    case 'doc':
      return <DocPage />;
    case 'notFound':
      return <NotFound />;
    case 'page':
      return <Page />;
    case 'search':
      return <SearchPage />;
  }
}
