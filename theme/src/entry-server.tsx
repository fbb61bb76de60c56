//! Server entry, imported by `prerender-worker.mjs`: renders one route to HTML (for
//! `#__docsite_root`) and its head tags (meta tags, the inline script that runs before
//! first paint, analytics and third-party scripts). Pure function of its arguments: no clock, no
//! randomness, no storage, so the client hydrates it without a mismatch.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageData, RouteManifest, SidebarData, SiteData } from './generated/contract';
import { App } from './app/App';
import { renderHead } from './app/head';
import { inlineHeadScript, thirdPartyTags } from './app/headScripts';
import { stylesheetTags } from './app/chunkAssets';
import { lazyComponentsIn, preloadAllContent, type LazyComponentName } from './content/lazy';
import { loadSerializer } from './content/serializer';
import { preloadAllSitePages, sitePageSource } from './app/sitePages';
import { BLOG_VIEWS_SOURCE, isBlogPage, loadBlogViews } from './app/blogViews';
import { createHeadCollector, HeadCollectorProvider } from './docusaurus/head/collector';
import { withHeadTags } from './docusaurus/head/tags';

// On-demand content components and the article serializer render synchronously once loaded
// (see content/lazy.tsx, content/serializer.ts).
await Promise.all([preloadAllContent(), loadSerializer(), loadBlogViews()]);

/**
 * Loads the site's own React pages (a site build only), once the site is known: the worker
 * awaits it after `init`, before its first render.
 */
export function prepare(site: SiteData): Promise<void> {
  return preloadAllSitePages(site.baseUrl);
}

/** The module of each on-demand component's chunk, as Vite's manifest keys it. */
const CHUNK_SOURCES: Record<LazyComponentName, string> = {
  Hero: 'src/content/home.ts',
  CardGrid: 'src/content/home.ts',
  Card: 'src/content/home.ts',
  UserGrid: 'src/content/home.ts',
  Showcase: 'src/components/Showcase/index.tsx',
  SearchPage: 'src/components/SearchPage/index.tsx',
};

/** The stylesheets of the on-demand components a page shows, so it is styled at first paint. */
function onDemandStyles(site: SiteData, page: PageData): string[] {
  const sources = new Set([...lazyComponentsIn(page.content)].map((name) => CHUNK_SOURCES[name]));
  const pageSource = page.kind === 'reactPage' && page.module ? sitePageSource(page.module) : null;
  if (pageSource) sources.add(pageSource);
  if (isBlogPage(page)) sources.add(BLOG_VIEWS_SOURCE);
  return [...new Set([...sources].flatMap((source) => stylesheetTags(source, site.baseUrl)))];
}

export type RenderResult = { html: string; head: string };

export function render(
  url: string,
  site: SiteData,
  routes: RouteManifest,
  page: PageData,
  sidebar: SidebarData | null,
): RenderResult {
  // Tags of a site React page's `@docusaurus/Head` (and `@theme/Layout` title, ...).
  const pageHead = createHeadCollector();
  const html = renderToString(
    <HeadCollectorProvider collector={pageHead}>
      <StaticRouter location={url}>
        <App site={site} routes={routes} page={page} sidebar={sidebar} />
      </StaticRouter>
    </HeadCollectorProvider>,
  );
  const head = [
    withHeadTags(renderHead(site, page), pageHead.tags),
    `<script>${inlineHeadScript(site)}</script>`,
    ...thirdPartyTags(site),
    ...onDemandStyles(site, page),
  ];
  return { html, head: head.join('\n') };
}
