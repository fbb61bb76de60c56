//! Client-side navigation. The router's location changes at once on a link click;
//! the page shown changes only when the next page's chunks have loaded (the old page
//! stays until then). Slow loads show a progress bar after 200 ms and, after
//! `SPINNER_DELAY_MS`, a spinner in place of the old page. A failed load either falls
//! back to a full page load of the URL (the server answered without the chunk: a
//! redeploy replaced it) or, when the network did not answer at all, shows the error
//! with a Retry button.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import type { PageData, RouteManifest, SidebarData, SiteData } from '../generated/contract';
import type { PageLoad } from '../components/PageLoadState';
import { isNetworkError, loadRoute } from '../lib/chunks';
import { doneProgress, preloadProgress, startProgress } from '../lib/progress';
import { restoreView, saveView, type SavedView } from '../lib/savedView';
import { ARTICLE_ATTRIBUTE, revealAll, revealThrough } from '../lib/reveal';
import { normalizePath, safeDecode } from '../lib/paths';
import { App } from './App';
import { documentHead } from './documentHead';

/** Delay before the progress bar appears. */
export const PROGRESS_DELAY_MS = 200;
/** Delay before a spinner replaces the page (or the load error) while a load is pending. */
export const SPINNER_DELAY_MS = 1000;

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

/** Where the reader was, by history entry, restored on back/forward. */
const scrollPositions = new Map<string, SavedView>();

/** The shown page's server-written article, if it has one. */
function article(): Element | null {
  return document.querySelector(`[${ARTICLE_ATTRIBUTE}]`);
}

function scrollToHash(hash: string): boolean {
  if (!hash || hash === '#') return false;
  const element = document.getElementById(safeDecode(hash.slice(1)));
  if (!element) return false;
  revealThrough(element);
  element.scrollIntoView();
  return true;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Sends page views when analytics is configured (its code loads only then). */
function useAnalytics(site: SiteData, url: string | null): void {
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!site.analytics || url === null) return;
    // The first address is counted by the gtag configuration in the page head.
    if (last.current === null) {
      last.current = url;
      return;
    }
    if (last.current === url) return;
    last.current = url;
    void import('../lib/analytics').then(({ trackPageView }) => trackPageView(url), () => undefined);
  }, [site, url]);
}

export function ClientApp({ site, routes, initial }: ClientAppProps) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>(initial);
  const [load, setLoad] = useState<PageLoad | null>(null);
  /** Bumped by Retry to run the load again for the same location. */
  const [attempt, setAttempt] = useState(0);
  const shownPath = useRef(initial.path);
  const previousKey = useRef(location.key);
  /** What to do once the next page is on screen: restore a position, a hash, or top. */
  const pendingScroll = useRef<{ hash: string; restore: SavedView | null | undefined } | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000));
    idle(() => preloadProgress());
  }, []);

  const retry = useCallback(() => {
    setLoad((current) => (current?.state === 'error' ? { ...current, retrying: true } : current));
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (previousKey.current !== location.key) {
      scrollPositions.set(previousKey.current, saveView(article()));
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
      setLoad(null);
      if (navigationType !== 'POP') scrollToHash(location.hash);
      return;
    }

    let cancelled = false;
    const progressTimer = window.setTimeout(() => startProgress(), PROGRESS_DELAY_MS);
    const spinnerTimer = window.setTimeout(() => setLoad({ state: 'loading' }), SPINNER_DELAY_MS);
    const stopTimers = () => {
      window.clearTimeout(progressTimer);
      window.clearTimeout(spinnerTimer);
    };
    const restore = navigationType === 'POP' ? (scrollPositions.get(location.key) ?? null) : undefined;
    loadRoute(routes, path).then(
      ({ page, sidebar }) => {
        if (cancelled) return;
        stopTimers();
        doneProgress();
        shownPath.current = path;
        pendingScroll.current = { hash: location.hash, restore };
        setLoad(null);
        setShown({ path, page, sidebar });
      },
      (error: unknown) => {
        if (cancelled) return;
        stopTimers();
        doneProgress();
        if (isNetworkError(error)) {
          console.warn(`[docsite] Could not load the data of ${path}.`, error);
          setLoad({ state: 'error', message: describeError(error), retry, retrying: false });
          return;
        }
        console.warn(`[docsite] Could not load the data of ${path}; reloading the page.`, error);
        window.location.assign(`${location.pathname}${location.search}${location.hash}`);
      },
    );
    return () => {
      cancelled = true;
      stopTimers();
    };
  }, [location, navigationType, navigate, routes, attempt, retry]);

  // Once the new page is in the DOM: title, then scroll (restored position, hash or top).
  useLayoutEffect(() => {
    const scroll = pendingScroll.current;
    if (!scroll) return;
    pendingScroll.current = null;
    // `loadRoute` loaded the head module before the page was shown.
    documentHead()?.updateDocumentHead(site, shown.page);
    // Back or forward (`restore` set, null without a saved position): the page comes back
    // laid out whole, so that a saved position is the content the reader left.
    if (scroll.restore !== undefined) revealAll(article());
    if (scroll.restore) restoreView(article(), scroll.restore);
    else if (!scrollToHash(scroll.hash)) window.scrollTo(0, 0);
  }, [shown, site]);

  // A page view once the address and the page shown agree again.
  const settled = load === null && normalizePath(location.pathname) === shown.path;
  useAnalytics(site, settled ? `${location.pathname}${location.search}${location.hash}` : null);

  const visibleLoad = load?.state === 'error' || load?.state === 'loading' ? load : null;
  return <App site={site} routes={routes} page={shown.page} sidebar={shown.sidebar} load={visibleLoad} />;
}
