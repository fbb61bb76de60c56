//! The site's own React pages (`src/pages/*.js` of a Docusaurus site), each a chunk of its
//! own that loads only on its route. Like the on-demand content components
//! (`content/lazy.tsx`), a page's module is loaded *before* the page renders: the server
//! bundle loads them all at import (`entry-server.tsx`), the client before hydrating
//! (`entry-client.tsx`) and before showing a page it navigated to (`loadRoute`), so the
//! pre-rendered markup and the first client render are identical.
import type { ComponentType } from 'react';
import { sitePages } from 'virtual:docsite-site-pages';
import type { PageData } from '../generated/contract';

/**
 * The pages loaded so far. Under `docsite dev` (Vite's dev server) it is kept in the module's
 * hot data: a hot update that re-runs this module (an edit that React Fast Refresh cannot
 * apply in place propagates to its importers) finds the pages it loaded, instead of a page on
 * screen rendered "before its code was loaded". In a build (and in tests) there is no hot data.
 */
const hotData = import.meta.hot?.data as { loaded?: Map<string, ComponentType> } | undefined;
const loaded: Map<string, ComponentType> = hotData ? (hotData.loaded ??= new Map()) : new Map();

/**
 * Where the site is served: files the site's code imports (images) have URLs under it
 * (`renderBuiltUrl` in `site-code.config.ts` reads this global). Set before any page's code
 * is loaded.
 */
export function setSiteBaseUrl(baseUrl: string): void {
  (globalThis as { __docsiteBaseUrl?: string }).__docsiteBaseUrl = baseUrl;
}

/** Loads one page's module once; a failed load may be retried. */
export async function loadSitePage(module: string): Promise<ComponentType> {
  const done = loaded.get(module);
  if (done) return done;
  const entry = sitePages[module];
  if (!entry) throw new Error(`The React page ${module} is not part of this theme build (was the site's code built?).`);
  const { default: component } = await entry.load();
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new Error(`The React page ${module} has no default export of a component.`);
  }
  loaded.set(module, component);
  return component;
}

/** Loads the module of a React page; resolves at once for any other page. */
export async function preloadSitePage(page: PageData): Promise<void> {
  if (page.kind === 'reactPage' && page.module) await loadSitePage(page.module);
}

/** Loads every page's module (the server renders any page of the site at `baseUrl`). */
export async function preloadAllSitePages(baseUrl: string): Promise<void> {
  setSiteBaseUrl(baseUrl);
  await Promise.all(Object.keys(sitePages).map(loadSitePage));
}

/** The manifest key of a page's module, for the server to link its stylesheets. */
export function sitePageSource(module: string): string | null {
  return sitePages[module]?.source ?? null;
}

/** Renders a React page whose module is loaded (see the module comment). */
export function SitePage({ module }: { module: string }) {
  const Component = loaded.get(module);
  if (!Component) throw new Error(`The React page ${module} was rendered before its code was loaded.`);
  return <Component />;
}
