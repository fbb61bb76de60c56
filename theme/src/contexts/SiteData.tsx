//! Site-wide data (navbar, footer, versions, colour-mode settings) and the route
//! manifest. Loaded once, identical for every page.
import type { ReactNode } from 'react';
import type { RouteManifest, SiteData } from '../generated/contract';
import { createStrictContext } from './createStrictContext';
import { setTranslations } from '../lib/i18n';

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
  // The theme's strings read the build's messages outside React too (`lib/i18n.ts`); they
  // are the same for every page of a build, so setting them on each render changes nothing.
  setTranslations(site.translations, site.locale.code);
  return (
    <SiteProvider value={site}>
      <RoutesProvider value={routes}>{children}</RoutesProvider>
    </SiteProvider>
  );
}
