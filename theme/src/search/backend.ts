//! Chooses and loads the search backend on first use (hover, focus, open): the first view
//! of a page never contains search code beyond the navbar button.
import type { SearchData } from '../generated/contract';
import type { SearchBackend } from './types';

let backend: Promise<SearchBackend> | null = null;

export function loadSearchBackend(data: SearchData): Promise<SearchBackend> {
  if (!backend) {
    const hosted = data.hosted;
    const bundle = data.localBundle;
    backend = hosted
      ? import('./hosted').then((m) => m.createHostedBackend(hosted))
      : bundle
        ? import('./local').then((m) => m.createLocalBackend(bundle, undefined, undefined, data.localParts ?? []))
        : Promise.reject(new Error('This site has no search index.'));
    backend.catch(() => (backend = null));
  }
  return backend;
}

/** Starts loading the backend (and the index loader) without searching. */
export function preloadSearch(data: SearchData): void {
  loadSearchBackend(data).then((b) => b.preload()).catch(() => {
    // Reported when a search actually runs.
  });
}
