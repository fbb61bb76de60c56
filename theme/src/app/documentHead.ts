//! The head module (`head.ts`) on demand in the browser: the first view's head is the
//! pre-rendered one, so the client needs `updateDocumentHead` (titles, canonical and
//! `hreflang` alternates) only after a navigation. `loadRoute` loads it with the next page's
//! chunks, so it is at hand, synchronously, when that page is shown.
import { loadOnce } from '../lib/loadOnce';

type Head = typeof import('./head');

const head = loadOnce<Head>(() => import('./head'));

/** The head module, if its chunk has loaded. */
export function documentHead(): Head | null {
  return head.current();
}

/** Loads the head module once; a failed load may be retried. */
export function loadDocumentHead(): Promise<Head> {
  return head.load();
}
