//! The page being shown and its sidebar. The client swaps both together once the next
//! page's chunks have loaded, so components never see a page with another's sidebar.
import type { ReactNode } from 'react';
import type { PageData, SidebarData } from '../generated/contract';
import { createStrictContext } from './createStrictContext';

const [PageProvider, usePageData] = createStrictContext<PageData>('usePageData', 'PageDataProvider');
const [SidebarProvider, useSidebar] = createStrictContext<SidebarData | null>(
  'useSidebar',
  'PageDataProvider',
);

export { usePageData, useSidebar };

export type PageDataProviderProps = {
  page: PageData;
  sidebar: SidebarData | null;
  children: ReactNode;
};

export function PageDataProvider({ page, sidebar, children }: PageDataProviderProps) {
  return (
    <PageProvider value={page}>
      <SidebarProvider value={sidebar}>{children}</SidebarProvider>
    </PageProvider>
  );
}
