// Test helpers: mount React trees into the test DOM (no testing-library needed) and
// wrap them in the theme's providers with the fixture data.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { PageData, RouteManifest, SidebarData, SiteData } from '../src/generated/contract';
import { ColorModeProvider } from '../src/contexts/ColorMode';
import { PageDataProvider } from '../src/contexts/PageData';
import { PreferredVersionProvider } from '../src/contexts/PreferredVersion';
import { SiteDataProvider } from '../src/contexts/SiteData';
import { TabGroupsProvider } from '../src/contexts/TabGroups';
import * as fixtures from './fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: { root: Root; container: HTMLElement }[] = [];

/** Renders `ui` into a fresh container attached to the document. */
export function mount(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(ui));
  mounted.push({ root, container });
  return container;
}

/** Unmounts everything `mount` rendered. */
export function cleanup(): void {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
}

export type ProviderOptions = {
  site?: SiteData;
  routes?: RouteManifest;
  page?: PageData;
  sidebar?: SidebarData | null;
  url?: string;
};

/** `ui` inside a router and every theme provider, with the fixture data by default. */
export function withProviders(ui: ReactNode, options: ProviderOptions = {}): ReactNode {
  const page = options.page ?? fixtures.page;
  return (
    <MemoryRouter initialEntries={[options.url ?? page.path]}>
      <SiteDataProvider site={options.site ?? fixtures.site} routes={options.routes ?? fixtures.routes}>
        <ColorModeProvider>
          <PreferredVersionProvider>
            <TabGroupsProvider>
              <PageDataProvider page={page} sidebar={options.sidebar === undefined ? fixtures.sidebar : options.sidebar}>
                {ui}
              </PageDataProvider>
            </TabGroupsProvider>
          </PreferredVersionProvider>
        </ColorModeProvider>
      </SiteDataProvider>
    </MemoryRouter>
  );
}

/** Clicks an element inside `act`. */
export function click(element: Element | null): void {
  if (!element) throw new Error('click: no element');
  act(() => {
    (element as HTMLElement).click();
  });
}
