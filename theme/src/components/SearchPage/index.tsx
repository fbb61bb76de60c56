//! The search page (`/search?q=…&version=…`): the query lives in the `q` parameter and the
//! field follows it both ways; the result count, every result with its excerpts, and a
//! choice of docs version (or all of them), kept in the `version` parameter.
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePreferredVersion } from '../../contexts/PreferredVersion';
import { useSiteData } from '../../contexts/SiteData';
import { activeVersionName } from '../../lib/versions';
import { preloadSearch } from '../../search/backend';
import { ALL_VERSIONS } from '../../search/types';
import { useSearch } from '../../search/useSearch';
import { FetchError, NoResults, SearchResultList } from '../SearchResults';
import type { SiteComponentProps } from '../../content/lazy';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';
import { tPlural } from '../../lib/plural';

const PAGE_LIMIT = 100;
const HITS_PER_PAGE = 6;

export function resultCountText(total: number, query: string): string {
  return tPlural('docsite.SearchPage.resultCount', '{count} result for "{query}"|{count} results for "{query}"', total, { query });
}

/** The page's URL parameters: the query and, when chosen, the version. */
function query(q: string, version: string | null): Record<string, string> {
  return { ...(q ? { q } : {}), ...(version ? { version } : {}) };
}

export function SearchPage() {
  const site = useSiteData();
  const { preferredVersion } = usePreferredVersion();
  const [params, setParams] = useSearchParams();
  // The page is pre-rendered without a query: read `q` only once hydrated.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const q = mounted ? (params.get('q') ?? '') : '';
  // The field starts empty on the server and follows `q` after hydration (no mismatch).
  const [input, setInput] = useState('');
  const asked = mounted ? params.get('version') : null;
  const known = asked === ALL_VERSIONS || site.versions.some((v) => v.name === asked);
  const version = asked && known ? asked : activeVersionName(site, { version: null }, preferredVersion);
  const versionLabels = new Map(site.versions.map((v) => [v.name, v.label]));
  const listId = useId();
  const state = useSearch(site.search, q, version, site.locale.code, PAGE_LIMIT);

  // `q` changed by the reader typing here is already in the field; only a change from
  // elsewhere (first load, back/forward, a link) replaces the field's text. The URL catches
  // up one keystroke at a time, so every value written from the field is remembered until
  // the URL has shown it; otherwise fast typing would lose keys.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const index = pending.current.indexOf(q);
    if (index >= 0) pending.current = pending.current.slice(index + 1);
    else {
      pending.current = [];
      setInput(q);
    }
  }, [q]);
  useEffect(() => preloadSearch(site.search), [site.search]);

  const onInput = (value: string) => {
    pending.current.push(value);
    setInput(value);
    setParams(query(value, asked), { replace: true, preventScrollReset: true });
  };
  const onVersion = (value: string) => setParams(query(input, value), { replace: true, preventScrollReset: true });

  const trimmed = q.trim();
  const response = state.response;
  return (
    <div className={styles.page}>
      <h1>{t('theme.SearchPage.emptyResultsTitle', 'Search the documentation')}</h1>
      <form role="search" className={styles.form} onSubmit={(e) => e.preventDefault()}>
        <input
          className={styles.input}
          type="search"
          name="q"
          placeholder={t('theme.SearchModal.placeholder', 'Search docs')}
          aria-label={t('theme.SearchPage.inputLabel', 'Search')}
          autoComplete="off"
          value={input}
          onChange={(e) => onInput(e.target.value)}
        />
        <label className={styles.version}>
          <span>{t('docsite.SearchPage.version', 'Version')}</span>
          <select value={version} onChange={(e) => onVersion(e.target.value)}>
            {site.versions.map((v) => (
              <option key={v.name} value={v.name}>
                {v.label}
              </option>
            ))}
            {site.versions.length > 1 ? <option value={ALL_VERSIONS}>{t('docsite.SearchPage.allVersions', 'All versions')}</option> : null}
          </select>
        </label>
      </form>
      <div aria-live="polite" aria-busy={state.loading}>
        {!trimmed ? null : state.failed ? (
          <FetchError />
        ) : response && response.total === 0 && !state.loading ? (
          <NoResults query={trimmed} search={site.search} onSuggest={onInput} />
        ) : response ? (
          <>
            <p className={styles.count}>{resultCountText(response.total, state.query)}</p>
            <SearchResultList pages={response.pages} perPage={HITS_PER_PAGE} listId={listId} versionLabels={versionLabels} />
          </>
        ) : (
          <p className={styles.count}>{t('theme.SearchPage.fetchingNewResults', 'Fetching new results...')}</p>
        )}
      </div>
    </div>
  );
}

/**
 * The search page as the content of its route (an element `SearchPage` that the engine puts
 * in the search page's data): loaded on demand like the site pages' components, so the
 * search page's code is in no other page's first view.
 */
export function SearchPageContent(_props: SiteComponentProps) {
  return <SearchPage />;
}
