//! Server entry, imported by `prerender-worker.mjs`: renders one route to HTML (for
//! `#__docsite_root`) and its head tags. Pure function of its arguments: no clock, no
//! randomness, no storage, so the client hydrates it without a mismatch.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageData, RouteManifest, SidebarData, SiteData } from './generated/contract';
import { App } from './app/App';
import { renderHead } from './app/head';

export type RenderResult = { html: string; head: string };

export function render(
  url: string,
  site: SiteData,
  routes: RouteManifest,
  page: PageData,
  sidebar: SidebarData | null,
): RenderResult {
  const html = renderToString(
    <StaticRouter location={url}>
      <App site={site} routes={routes} page={page} sidebar={sidebar} />
    </StaticRouter>,
  );
  return { html, head: renderHead(site, page) };
}
