//! Client-side navigation. The router's location changes at once on a link click;
//! the page shown changes only when the next page's chunks have loaded (the old page
//! stays until then). Slow loads show a progress bar after 200 ms; a failed load falls
//! back to a full page load of the URL.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import type { PageData, RouteManifest, SidebarData, SiteData } from '../generated/contract';
import { loadRoute } from '../lib/chunks';
import { doneProgress, preloadProgress, startProgress } from '../lib/progress';
import { normalizePath } from '../lib/paths';
import { App } from './App';
import { updateDocumentHead } from './head';

/** Delay before the progress bar appears. */
export const PROGRESS_DELAY_MS = 200;

/**
 * The `path` of a shown page that matches no route: the not-found page served for a
 * URL that does in fact have a route (a static host answering `/x.html` with its 404
 * page). The navigation effect then loads the real page right after hydration.
 */
export const UNMATCHED_PATH = '\u0000unmatched';

type Shown = {
  /** Normalised route path of the shown page (the key of the route manifest). */
  path: string;
  page: PageData;
  sidebar: SidebarData | null;
};

export type ClientAppProps = {
  site: SiteData;
  routes: RouteManifest;
  initial: Shown;
};

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Scroll positions by history entry, restored on back/forward. */
const scrollPositions = new Map<string, number>();

function scrollToHash(hash: string): boolean {
  if (!hash || hash === '#') return false;
  const element = document.getElementById(safeDecode(hash.slice(1)));
  if (!element) return false;
  element.scrollIntoView();
  return true;
}

export function ClientApp({ site, routes, initial }: ClientAppProps) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>(initial);
  const shownPath = useRef(initial.path);
  const previousKey = useRef(location.key);
  /** What to do once the next page is on screen: restore a position, a hash, or top. */
  const pendingScroll = useRef<{ hash: string; restore: number | undefined } | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000));
    idle(() => preloadProgress());
  }, []);

  useEffect(() => {
    if (previousKey.current !== location.key) {
      scrollPositions.set(previousKey.current, window.scrollY);
      previousKey.current = location.key;
    }
    const decoded = safeDecode(location.pathname);
    const path = normalizePath(location.pathname);
    if (path !== decoded) {
      navigate({ pathname: path, search: location.search, hash: location.hash }, { replace: true });
      return;
    }
    if (path === shownPath.current) {
      doneProgress();
      if (navigationType !== 'POP') scrollToHash(location.hash);
      return;
    }

    let cancelled = false;
    const timer = window.setTimeout(() => startProgress(), PROGRESS_DELAY_MS);
    const restore = navigationType === 'POP' ? scrollPositions.get(location.key) : undefined;
    loadRoute(routes, path).then(
      ({ page, sidebar }) => {
        if (cancelled) return;
        window.clearTimeout(timer);
        doneProgress();
        shownPath.current = path;
        pendingScroll.current = { hash: location.hash, restore };
        setShown({ path, page, sidebar });
      },
      (error: unknown) => {
        if (cancelled) return;
        window.clearTimeout(timer);
        console.warn(`[docsite] Could not load the data of ${path}; reloading the page.`, error);
        window.location.assign(`${location.pathname}${location.search}${location.hash}`);
      },
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [location, navigationType, navigate, routes]);

  // Once the new page is in the DOM: title, then scroll (restored position, hash or top).
  useLayoutEffect(() => {
    const scroll = pendingScroll.current;
    if (!scroll) return;
    pendingScroll.current = null;
    updateDocumentHead(site, shown.page);
    if (scroll.restore !== undefined) window.scrollTo(0, scroll.restore);
    else if (!scrollToHash(scroll.hash)) window.scrollTo(0, 0);
  }, [shown, site]);

  return <App site={site} routes={routes} page={shown.page} sidebar={shown.sidebar} />;
}
