//! Runs a search as the query changes: debounced as the backend asks, cancelled when superseded, keeping the
//! previous results on screen while the next ones load.
import { useEffect, useState } from 'react';
import type { SearchData } from '../generated/contract';
import { loadSearchBackend } from './backend';
import type { SearchResponse } from './types';

export type SearchState = {
  /** The query the shown results belong to. */
  query: string;
  response: SearchResponse | null;
  loading: boolean;
  /** The backend could not be reached (network down, index missing). */
  failed: boolean;
};

const IDLE: SearchState = { query: '', response: null, loading: false, failed: false };

export function useSearch(
  search: SearchData,
  query: string,
  version: string,
  language: string,
  limit: number,
): SearchState {
  const [state, setState] = useState<SearchState>(IDLE);
  const trimmed = query.trim();

  useEffect(() => {
    if (!trimmed) {
      setState(IDLE);
      return;
    }
    let cancelled = false;
    setState((s) => ({ ...s, loading: true }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The backend says how long to wait for more keystrokes (none for the local index).
    const debounced = (ms: number) => new Promise<void>((resolve) => (ms > 0 ? (timer = setTimeout(resolve, ms)) : resolve()));
    loadSearchBackend(search)
      .then(async (backend) => {
        await debounced(backend.debounceMs);
        if (cancelled) return null;
        return backend.search({ query: trimmed, version, language, limit });
      })
      .then((response) => {
        if (!cancelled && response) setState({ query: trimmed, response, loading: false, failed: false });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('[docsite] Search failed.', error);
        setState({ query: trimmed, response: null, loading: false, failed: true });
      });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [search, trimmed, version, language, limit]);

  return state;
}
