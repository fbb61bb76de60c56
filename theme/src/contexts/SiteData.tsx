//! Site-wide data (navbar, footer, versions, colour-mode settings) and the route
//! manifest. Loaded once, identical for every page.
import type { ReactNode } from 'react';
import type { RouteManifest, SiteData } from '../generated/contract';
import { createStrictContext } from './createStrictContext';

const [SiteProvider, useSiteData] = createStrictContext<SiteData>('useSiteData', 'SiteDataProvider');
const [RoutesProvider, useRouteManifest] = createStrictContext<RouteManifest>(
  'useRouteManifest',
  'SiteDataProvider',
);

export { useSiteData, useRouteManifest };

export type SiteDataProviderProps = {
  site: SiteData;
  routes: RouteManifest;
  children: ReactNode;
};

export function SiteDataProvider({ site, routes, children }: SiteDataProviderProps) {
  return (
    <SiteProvider value={site}>
      <RoutesProvider value={routes}>{children}</RoutesProvider>
    </SiteProvider>
  );
}
