//! The navigation progress bar (nprogress), loaded on demand: it only matters once a
//! navigation has taken 200 ms, so it stays out of the first-view bundle and is
//! fetched when the browser is idle after hydration.
import type { NProgress } from 'nprogress';

let loading: Promise<NProgress> | null = null;
let wanted = false;

function load(): Promise<NProgress> {
  loading ??= import('./nprogressBar').then(({ default: nprogress }) => {
    // nprogress's defaults, spelt out (trickleRate is a 0.2 option its types lack).
    nprogress.configure({
      showSpinner: false,
      minimum: 0.08,
      speed: 200,
      trickleSpeed: 800,
      trickleRate: 0.02,
    } as Parameters<NProgress['configure']>[0]);
    return nprogress;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Fetches the progress bar code ahead of need (called once the page is idle). */
export function preloadProgress(): void {
  load().catch(() => undefined);
}

/** Shows the bar (it trickles until `doneProgress`). */
export function startProgress(): void {
  wanted = true;
  load().then(
    (nprogress) => {
      if (wanted) nprogress.start();
    },
    () => undefined,
  );
}

/** Completes and hides the bar, if it is showing. */
export function doneProgress(): void {
  wanted = false;
  loading?.then(
    (nprogress) => {
      if (nprogress.isStarted()) nprogress.done();
    },
    () => undefined,
  );
}
