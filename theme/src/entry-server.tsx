//! Server entry, imported by `prerender-worker.mjs`: renders one route to HTML (for
//! `#__docsite_root`) and its head tags (meta tags, the inline script that runs before
//! first paint, analytics and third-party scripts). Pure function of its arguments: no clock, no
//! randomness, no storage, so the client hydrates it without a mismatch.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Element, Node, PageData, RouteManifest, SidebarData, SiteData } from './generated/contract';
import { App } from './app/App';
import { renderHead } from './app/head';
import { inlineHeadScript, thirdPartyTags } from './app/headScripts';
import { stylesheetTags } from './app/chunkAssets';
import { lazyComponentsIn, preloadAllContent, usesReactContent, type LazyComponentName } from './content/lazy';
import { loadSerializer } from './content/serializer';
import { preloadAllSitePages, sitePageSource } from './app/sitePages';
import { preloadAllSiteComponents, siteComponent, siteComponentSource } from './app/siteComponents';
import { renderHtml, setSiteComponentRenderer } from './content/html';
import { ColorModeProvider } from './contexts/ColorMode';
import { PageDataProvider } from './contexts/PageData';
import { PreferredVersionProvider } from './contexts/PreferredVersion';
import { SiteDataProvider } from './contexts/SiteData';
import { TabGroupsProvider } from './contexts/TabGroups';
import { BLOG_VIEWS_SOURCE, isBlogPage, loadBlogViews } from './app/blogViews';
import { ANNOUNCEMENT_BAR_SOURCE, loadAnnouncementBar } from './app/announcementBar';
import { createHeadCollector, HeadCollectorProvider, type HeadCollector } from './docusaurus/head/collector';
import { withHeadTags } from './docusaurus/head/tags';

// On-demand content components and the article serializer render synchronously once loaded
// (see content/lazy.tsx, content/serializer.ts).
await Promise.all([preloadAllContent(), loadSerializer(), loadBlogViews(), loadAnnouncementBar()]);

/**
 * Loads the site's own React pages (a site build only), once the site is known: the worker
 * awaits it after `init`, before its first render.
 */
export async function prepare(site: SiteData): Promise<void> {
  await Promise.all([preloadAllSitePages(site.baseUrl), preloadAllSiteComponents()]);
}

/** The site component uses (`SiteComponent` elements) of a content tree, in document order. */
function siteComponentUses(nodes: readonly Node[] | undefined, out: Element[] = []): Element[] {
  for (const node of nodes ?? []) {
    if (typeof node === 'string') continue;
    if (node.t === 'SiteComponent') out.push(node);
    siteComponentUses(node.c, out);
  }
  return out;
}

/**
 * Each site component use of the page rendered by React on its own (the article is HTML
 * written without React, `content/html.ts`, which places these strings), inside the
 * providers the page has, as the island hydrating it in the browser sees them.
 */
function renderSiteComponents(url: string, site: SiteData, routes: RouteManifest, page: PageData, sidebar: SidebarData | null, pageHead: HeadCollector): Map<Element, string> {
  const rendered = new Map<Element, string>();
  siteComponentUses(page.content).forEach((use, index) => {
    const Component = siteComponent(use.a?.module ?? '', use.a?.export ?? 'default');
    const props = JSON.parse(use.a?.props ?? '{}') as Record<string, unknown>;
    const children = use.c?.length ? renderHtml(use.c, { idPrefix: `s${index}` }) : null;
    rendered.set(
      use,
      renderToString(
        // A component's `@docusaurus/Head` tags (a doc's `<head>` on the MDX path) are the page's.
        <HeadCollectorProvider collector={pageHead}>
          <StaticRouter location={url}>
            <SiteDataProvider site={site} routes={routes}>
              <ColorModeProvider>
                <PreferredVersionProvider>
                  <TabGroupsProvider>
                    <PageDataProvider page={page} sidebar={sidebar}>
                      <Component {...props}>{children === null ? undefined : <div data-site-children="" dangerouslySetInnerHTML={{ __html: children }} />}</Component>
                    </PageDataProvider>
                  </TabGroupsProvider>
                </PreferredVersionProvider>
              </ColorModeProvider>
            </SiteDataProvider>
          </StaticRouter>
        </HeadCollectorProvider>,
      ),
    );
  });
  return rendered;
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
  for (const use of siteComponentUses(page.content)) {
    const source = siteComponentSource(use.a?.module ?? '');
    if (source) sources.add(source);
  }
  if (isBlogPage(page)) sources.add(BLOG_VIEWS_SOURCE);
  if (site.announcementBar) sources.add(ANNOUNCEMENT_BAR_SOURCE);
  return [...new Set([...sources].flatMap((source) => stylesheetTags(source, site.baseUrl)))];
}

/**
 * The page's HTML and head tags; `contentInHtml`: everything its content shows is in
 * `html` (no on-demand React components), so its first load reads its data without the
 * content (the engine's shell chunk) and adopts the article as written.
 */
export type RenderResult = { html: string; head: string; contentInHtml: boolean };

export function render(
  url: string,
  site: SiteData,
  routes: RouteManifest,
  page: PageData,
  sidebar: SidebarData | null,
): RenderResult {
  // Tags of a site React page's `@docusaurus/Head` (and `@theme/Layout` title, ...).
  const pageHead = createHeadCollector();
  const components = renderSiteComponents(url, site, routes, page, sidebar, pageHead);
  setSiteComponentRenderer((element) => components.get(element) ?? null);
  let html: string;
  try {
    html = renderToString(
    <HeadCollectorProvider collector={pageHead}>
      <StaticRouter location={url}>
        <App site={site} routes={routes} page={page} sidebar={sidebar} />
      </StaticRouter>
    </HeadCollectorProvider>,
    );
  } finally {
    setSiteComponentRenderer(null);
  }
  const head = [
    withHeadTags(renderHead(site, page), pageHead.tags),
    `<script>${inlineHeadScript(site)}</script>`,
    ...thirdPartyTags(site),
    ...onDemandStyles(site, page),
  ];
  return { html, head: head.join('\n'), contentInHtml: !usesReactContent(page.content) };
}
