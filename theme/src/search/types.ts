//! The search backends' common shape: the UI (modal and search page) only sees these types.
import type { SearchData } from '../generated/contract';

/** One place in a page that matched: the page itself or one of its headings. */
export type SearchHit = {
  /** Route with `#anchor` (or an absolute URL for external results). */
  url: string;
  /** Heading path inside the page (`Functions › raiseIntent`); empty for the page itself. */
  headings: string[];
  /** Excerpt as HTML whose only markup is `<mark>` around the matched words. */
  excerpt: string;
  /** Open in a new tab (hosted results matching `externalUrlRegex`). */
  external: boolean;
};

/** The matches of one page, in rank order. */
export type SearchPageResult = {
  /** Page route (no anchor). */
  url: string;
  title: string;
  /** Docs version of the page, when the search spans every version. */
  version?: string;
  hits: SearchHit[];
};

export type SearchResponse = {
  /** Pages, best first (at most the requested number). */
  pages: SearchPageResult[];
  /** How many pages matched in total. */
  total: number;
};

/** The `version` of a query that searches every docs version. */
export const ALL_VERSIONS = 'all';

export type SearchQuery = {
  query: string;
  /** Docs version name to search (`current` = next), or `all`; site pages are always included. */
  version: string;
  /** Language code of the site. */
  language: string;
  /** Most pages to return. */
  limit: number;
};

export interface SearchBackend {
  search(query: SearchQuery): Promise<SearchResponse>;
  /** Starts loading whatever the first search needs (the index loader). */
  preload(): void;
  /** Milliseconds to wait for more keystrokes before searching (a remote service wants fewer calls). */
  debounceMs: number;
}

/** Thrown when the backend cannot be reached at all (network down, index missing). */
export class SearchUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchUnavailableError';
  }
}

export type { SearchData };
