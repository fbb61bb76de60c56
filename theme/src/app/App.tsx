//! The whole app below the router, identical on the server and the client: the data
//! providers, the layout, and the page (inside its crash boundary).
import type { PageData, RouteManifest, SidebarData, SiteData } from '../generated/contract';
import { PageErrorBoundary } from '../components/ErrorBoundary';
import { Layout } from '../components/Layout';
import { ColorModeProvider } from '../contexts/ColorMode';
import { PageDataProvider } from '../contexts/PageData';
import { PreferredVersionProvider } from '../contexts/PreferredVersion';
import { SiteDataProvider } from '../contexts/SiteData';
import { TabGroupsProvider } from '../contexts/TabGroups';
import { PageView } from './PageView';

export type AppProps = {
  site: SiteData;
  routes: RouteManifest;
  page: PageData;
  sidebar: SidebarData | null;
};

export function App({ site, routes, page, sidebar }: AppProps) {
  return (
    <SiteDataProvider site={site} routes={routes}>
      <ColorModeProvider>
        <PreferredVersionProvider>
          <TabGroupsProvider>
            <PageDataProvider page={page} sidebar={sidebar}>
              <Layout>
                <PageErrorBoundary key={page.path}>
                  <PageView />
                </PageErrorBoundary>
              </Layout>
            </PageDataProvider>
          </TabGroupsProvider>
        </PreferredVersionProvider>
      </ColorModeProvider>
    </SiteDataProvider>
  );
}
