//! The whole app below the router, identical on the server and the client: the data
//! providers, the layout, and the page (inside its crash boundary), or the state of a
//! pending or failed load. A crash outside the page (navbar, footer) shows the crash
//! screen without the layout.
import type { PageData, RouteManifest, SidebarData, SiteData } from '../generated/contract';
import { CrashScreen, ErrorBoundary, PageErrorBoundary } from '../components/ErrorBoundary';
import { Layout } from '../components/Layout';
import { PageLoadState, type PageLoad } from '../components/PageLoadState';
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
  /** A pending (spinner) or failed load, shown in place of the page (client only). */
  load?: PageLoad | null;
};

export function App({ site, routes, page, sidebar, load = null }: AppProps) {
  return (
    <SiteDataProvider site={site} routes={routes}>
      <ColorModeProvider>
        <PreferredVersionProvider>
          <TabGroupsProvider>
            <PageDataProvider page={page} sidebar={sidebar}>
              <ErrorBoundary fallback={(error, reset) => <CrashScreen error={error} onRetry={reset} />}>
                <Layout>
                  {load ? (
                    <PageLoadState load={load} />
                  ) : (
                    <PageErrorBoundary key={page.path}>
                      <PageView />
                    </PageErrorBoundary>
                  )}
                </Layout>
              </ErrorBoundary>
            </PageDataProvider>
          </TabGroupsProvider>
        </PreferredVersionProvider>
      </ColorModeProvider>
    </SiteDataProvider>
  );
}
