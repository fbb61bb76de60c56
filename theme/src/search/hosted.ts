//! The hosted backend: Algolia DocSearch, queried like Docusaurus's DocSearch does (a POST
//! to the multi-index queries path, contextual facet filters for language and docs version,
//! the same host fallback order).
import type { HostedSearchData } from '../generated/contract';
import { ALL_VERSIONS, SearchUnavailableError, type SearchBackend, type SearchHit, type SearchPageResult, type SearchQuery } from './types';

type Highlighted = { value?: string };
export type DocSearchHit = {
  url: string;
  hierarchy: Record<string, string | null | undefined>;
  content?: string | null;
  type?: string;
  _snippetResult?: { content?: Highlighted };
  _highlightResult?: { content?: Highlighted; hierarchy?: Record<string, Highlighted | undefined> };
};
type QueriesResponse = { results: { hits: DocSearchHit[]; nbHits: number }[] };

/** Hosts tried in order; only when all fail is the search unavailable. */
export function hosts(appId: string): string[] {
  return [`${appId}-dsn.algolia.net`, `${appId}-1.algolianet.com`, `${appId}-2.algolianet.com`, `${appId}-3.algolianet.com`];
}

/** Docusaurus's docs version tag: `docs-default-<version>` (`current` for next). */
export function facetFilters(language: string, version: string): (string | string[])[] {
  if (version === ALL_VERSIONS) return [`language:${language}`];
  return [`language:${language}`, ['docusaurus_tag:default', `docusaurus_tag:docs-default-${version}`]];
}

/** Turns a hit's URL into a route (or keeps it absolute when it is external). */
export function resultUrl(url: string, config: HostedSearchData, origin: string): { url: string; external: boolean } {
  if (config.externalUrlRegex && new RegExp(config.externalUrlRegex).test(url)) return { url, external: true };
  const parsed = new URL(url, origin);
  let pathname = parsed.pathname;
  if (config.replaceFrom !== null && config.replaceTo !== null) {
    pathname = pathname.replace(new RegExp(config.replaceFrom), config.replaceTo);
  }
  return { url: `${pathname}${parsed.hash}`, external: false };
}

const LEVELS = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** Groups DocSearch hits (one per heading or paragraph) by page, keeping rank order. */
export function groupHits(hits: DocSearchHit[], config: HostedSearchData, origin: string): SearchPageResult[] {
  const pages = new Map<string, SearchPageResult>();
  for (const hit of hits) {
    const { url, external } = resultUrl(hit.url, config, origin);
    const pageUrl = url.split('#')[0] ?? url;
    const title = hit.hierarchy.lvl1 ?? hit.hierarchy.lvl0 ?? pageUrl;
    let page = pages.get(pageUrl);
    if (!page) {
      page = { url: pageUrl, title, hits: [] };
      pages.set(pageUrl, page);
    }
    const headings = LEVELS.map((l) => hit.hierarchy[l]).filter((h): h is string => !!h);
    const excerpt =
      hit._snippetResult?.content?.value ??
      hit._highlightResult?.content?.value ??
      hit._highlightResult?.hierarchy?.[LEVELS[headings.length - 1] ?? 'lvl1']?.value ??
      '';
    const entry: SearchHit = { url, headings, excerpt, external };
    page.hits.push(entry);
  }
  return [...pages.values()];
}

export function createHostedBackend(
  config: HostedSearchData,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  origin: string = typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
): SearchBackend {
  return {
    debounceMs: 80,
    preload() {
      // Nothing to load ahead: the first query opens the connection.
    },
    async search({ query, version, language, limit }: SearchQuery) {
      const body = JSON.stringify({
        requests: [
          {
            indexName: config.indexName,
            query,
            hitsPerPage: Math.max(20, limit * 4),
            attributesToRetrieve: ['hierarchy', 'content', 'url', 'type'],
            attributesToSnippet: ['content:24'],
            snippetEllipsisText: '…',
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
            ...(config.contextualSearch ? { facetFilters: facetFilters(language, version) } : {}),
          },
        ],
      });
      const params = new URLSearchParams({
        'x-algolia-application-id': config.appId,
        'x-algolia-api-key': config.apiKey,
      });
      let lastError: unknown = null;
      for (const host of hosts(config.appId)) {
        let response: Response;
        try {
          // A "simple" request (no custom headers, text body): no CORS preflight.
          response = await fetchImpl(`https://${host}/1/indexes/*/queries?${params}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          });
        } catch (error) {
          lastError = error;
          continue;
        }
        if (!response.ok) {
          lastError = new Error(`HTTP ${response.status}`);
          if (response.status >= 500) continue;
          break;
        }
        const json = (await response.json()) as QueriesResponse;
        const first = json.results[0] ?? { hits: [], nbHits: 0 };
        const pages = groupHits(first.hits, config, origin);
        return { pages: pages.slice(0, limit), total: first.nbHits };
      }
      throw new SearchUnavailableError('Could not reach the search service', { cause: lastError });
    },
  };
}
