//! Loading the engine's JSON data chunks, with an in-memory cache shared by
//! navigation and prefetching. Chunk URLs are content-hashed, so a cached chunk is
//! never stale; a failed load is dropped from the cache so that a retry refetches.
import type { PageData, RouteEntry, RouteManifest, SidebarData } from '../generated/contract';
import { preloadContent } from '../content/lazy';
import { loadSerializer } from '../content/serializer';
import { preloadSitePage } from '../app/sitePages';
import { preloadBlogView } from '../app/blogViews';
import { loadDocumentHead } from '../app/documentHead';
import { onIdle, type IdleDeadline } from './idle';
import { normalizePath, splitPath } from './paths';

const cache = new Map<string, Promise<unknown>>();

/**
 * The server answered, but not with the chunk (404 after a redeploy replaced the hashed
 * chunks, a server error) or not with JSON. Navigation answers this with a full page
 * load, which fetches fresh HTML pointing at the current chunks. A rejected `fetch`
 * (offline, connection refused) is a `TypeError` instead: reloading would only show the
 * browser's error page, so the theme offers Retry.
 */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Whether a chunk failed because the network did not answer at all. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Fetches and parses a JSON chunk once; concurrent and later calls share the result. */
export function loadJson<T>(url: string): Promise<T> {
  let promise = cache.get(url);
  if (!promise) {
    // Plain CORS-mode fetch with same-origin credentials: this matches the
    // preload the inline head script adds (`as="fetch"`, `crossOrigin="anonymous"`,
    // `app/headScripts.ts`), so the preloaded response is reused.
    promise = fetch(url).then(async (response) => {
      if (!response.ok) throw new ChunkLoadError(`Could not load ${url}: HTTP ${response.status}`);
      const text = await response.text();
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new ChunkLoadError(`Could not load ${url}: the response is not JSON`, { cause: error });
      }
    });
    promise.catch(() => cache.delete(url));
    cache.set(url, promise);
  }
  return promise as Promise<T>;
}

/** The chunks a route path needs: its own entry, or the not-found page. */
export function routeChunks(
  routes: RouteManifest,
  path: string,
): { chunk: string; sidebar: string | null; entry: RouteEntry | null } {
  const entry = routes.routes[path] ?? null;
  return entry
    ? { chunk: entry.chunk, sidebar: entry.sidebar, entry }
    : { chunk: routes.notFound, sidebar: null, entry: null };
}

export type LoadedRoute = { page: PageData; sidebar: SidebarData | null };

/** Loads the page and sidebar chunks of a (normalised) route path in parallel, and the
 * code of any on-demand content component the page uses, the article serializer and the
 * head update (`app/documentHead.ts`). */
export async function loadRoute(routes: RouteManifest, path: string): Promise<LoadedRoute> {
  const { chunk, sidebar } = routeChunks(routes, path);
  const [page, , , sidebarData] = await Promise.all([
    loadJson<PageData>(chunk).then(async (page) => {
      await Promise.all([preloadContent(page.content), preloadSitePage(page), preloadBlogView(page)]);
      return page;
    }),
    // The article is written on the client (content/serializer.ts).
    loadSerializer(),
    loadDocumentHead(),
    sidebar ? loadJson<SidebarData>(sidebar) : Promise.resolve(null),
  ]);
  return { page, sidebar: sidebarData };
}

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** Whether the reader's connection asks us not to fetch ahead (data saver, 2g). */
export function prefetchDisabled(): boolean {
  if (typeof navigator === 'undefined') return true;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return false;
  return Boolean(connection.saveData) || (connection.effectiveType ?? '').includes('2g');
}

/** Whether a link target's path is a route of the site (not a static file or a redirect page). */
export function isKnownRoute(routes: RouteManifest, href: string): boolean {
  return routes.routes[normalizePath(splitPath(href).pathname)] !== undefined;
}

/** Warms the cache for a link target; failures are ignored (navigation retries). */
export function prefetchRoute(routes: RouteManifest, href: string): void {
  if (prefetchDisabled()) return;
  const path = normalizePath(splitPath(href).pathname);
  // Unknown paths would fetch the not-found chunk: only prefetch real routes. The page shown
  // is not prefetched (its links in the sidebar and breadcrumbs): its first load may have
  // read it without its content, and coming back to it loads it whole then.
  if (!routes.routes[path] || path === normalizePath(window.location.pathname)) return;
  loadRoute(routes, path).catch(() => undefined);
}

/** Link targets waiting for an idle moment to be prefetched, in the order they came into view. */
const idleQueue: { routes: RouteManifest; href: string }[] = [];

function runIdleQueue(deadline: IdleDeadline): void {
  // One at least per idle period, more while the browser has time left.
  do {
    const next = idleQueue.shift();
    if (next) prefetchRoute(next.routes, next.href);
  } while (idleQueue.length > 0 && deadline.timeRemaining() > 5);
  if (idleQueue.length > 0) onIdle(runIdleQueue);
}

/**
 * Prefetches a link target when the browser is idle (a link that came into view): the
 * links a page shows at load would otherwise start dozens of fetches and parses while it
 * is still starting. Hovering or focusing a link prefetches at once (`prefetchRoute`).
 */
export function prefetchRouteWhenIdle(routes: RouteManifest, href: string): void {
  idleQueue.push({ routes, href });
  if (idleQueue.length === 1) onIdle(runIdleQueue);
}

/** Test hook. */
export function clearChunkCache(): void {
  cache.clear();
  idleQueue.length = 0;
}
