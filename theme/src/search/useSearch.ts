//! Runs a search as the query changes: debounced, cancelled when superseded, keeping the
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
const DEBOUNCE_MS = 80;

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
    const timer = setTimeout(() => {
      loadSearchBackend(search)
        .then((backend) => backend.search({ query: trimmed, version, language, limit }))
        .then((response) => {
          if (!cancelled) setState({ query: trimmed, response, loading: false, failed: false });
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          console.warn('[docsite] Search failed.', error);
          setState({ query: trimmed, response: null, loading: false, failed: true });
        });
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [search, trimmed, version, language, limit]);

  return state;
}
