// Test helpers: mount React trees into the test DOM (no testing-library needed) and
// wrap them in the theme's providers with the fixture data.
import { act, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ClientApp } from '../src/app/ClientApp';
import { render } from '../src/entry-server';
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

/**
 * Server-renders `page` with the theme's SSR entry, puts the HTML in the document and
 * hydrates it with the client app, as a browser does on first load. Returns the root (the
 * caller unmounts it) and what was logged through console.error and console.warn meanwhile,
 * recoverable hydration errors included.
 */
export function hydrateServerHtml(
  site: SiteData,
  routes: RouteManifest,
  page: PageData,
  sidebar: SidebarData | null,
  /** Runs once the server HTML is in the document, before hydrating (as the client entry's steps). */
  beforeHydrate?: () => void,
  /** The page data the client hydrates with (a first load may read it without its content). */
  clientPage: PageData = page,
): { root: Root; errors: unknown[][]; warnings: unknown[][] } {
  const { html } = render(page.path, site, routes, page, sidebar);
  document.body.innerHTML = `<div id="__docsite_root">${html}</div>`;
  beforeHydrate?.();
  const error = vi.spyOn(console, 'error');
  const warn = vi.spyOn(console, 'warn');
  try {
    let root: Root | null = null;
    act(() => {
      root = hydrateRoot(
        document.getElementById('__docsite_root')!,
        <MemoryRouter initialEntries={[page.path]}>
          <ClientApp site={site} routes={routes} initial={{ path: page.path, page: clientPage, sidebar }} />
        </MemoryRouter>,
        { onRecoverableError: (e) => console.error('recoverable', e) },
      );
    });
    return { root: root!, errors: [...error.mock.calls], warnings: [...warn.mock.calls] };
  } finally {
    error.mockRestore();
    warn.mockRestore();
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
