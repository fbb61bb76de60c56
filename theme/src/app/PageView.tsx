//! Chooses the page layout from the page's kind.
import { DocPage } from '../components/DocPage';
import { NotFound } from '../components/NotFound';
import { Page } from '../components/Page';
import { usePageData } from '../contexts/PageData';

export function PageView() {
  const { kind } = usePageData();
  switch (kind) {
    case 'doc':
      return <DocPage />;
    case 'notFound':
      return <NotFound />;
    case 'page':
    case 'search':
      // The search page gets its own layout with the search feature; until then it is
      // an ordinary page showing whatever content the engine gave it.
      return <Page />;
  }
}
