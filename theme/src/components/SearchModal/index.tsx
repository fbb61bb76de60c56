//! The search modal: a query field, results from the docs version being read (plus the
//! site's pages) grouped by page, arrow keys and Enter, Escape or Cancel to close, and a
//! "See all {count} results" link to the search page. Loaded on demand by the SearchBar.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { usePageData } from '../../contexts/PageData';
import { usePreferredVersion } from '../../contexts/PreferredVersion';
import { useSiteData } from '../../contexts/SiteData';
import { ALL_VERSIONS } from '../../search/types';
import { useSearch } from '../../search/useSearch';
import { activeVersionName } from '../../lib/versions';
import { trapTab } from '../../lib/focusTrap';
import { IconSearch } from '../Icons';
import { Link } from '../Link';
import { FetchError, flattenHits, hitId, NoResults, SearchResultList } from '../SearchResults';
// The backdrop is the search bar's own (first-view CSS), shared with its fallback dialog.
import barStyles from '../SearchBar/styles.module.css';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';
import { Translated } from '../Translated';

/** Pages listed in the modal, and hits shown per page. */
const MODAL_PAGES = 6;
const HITS_PER_PAGE = 3;

export default function SearchModal({ onClose }: { onClose: () => void }) {
  const site = useSiteData();
  const page = usePageData();
  const { preferredVersion } = usePreferredVersion();
  const navigate = useNavigate();
  const version = activeVersionName(site, page, preferredVersion);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const listId = useId();
  const state = useSearch(site.search, query, version, site.locale.code, MODAL_PAGES);
  const pages = state.response?.pages ?? [];
  const hits = flattenHits(pages, HITS_PER_PAGE);

  useEffect(() => setActive(0), [state.response]);

  // Escape closes from anywhere; Tab stays inside the dialog; the page behind does not scroll.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'Tab' && dialog.current) {
        trapTab(event, dialog.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    input.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  const open = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    onClose();
    if (hit.external) window.open(hit.url, '_blank', 'noopener,noreferrer');
    else void navigate(hit.url);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = Math.min(hits.length - 1, Math.max(0, active + step));
      setActive(next);
      document.getElementById(hitId(listId, next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(active);
    }
  };

  const trimmed = query.trim();
  const showNoResults = !!trimmed && !state.loading && !state.failed && state.response !== null && state.response.total === 0;
  const versionLabel = site.versions.find((v) => v.name === version)?.label ?? version;

  return (
    <div className={barStyles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-label={t('theme.SearchBar.label', 'Search')} className={styles.modal}>
        <header className={styles.header}>
          <form role="search" className={styles.form} onSubmit={(e) => e.preventDefault()}>
            <IconSearch size={18} aria-hidden="true" />
            <input
              ref={input}
              className={styles.input}
              type="search"
              placeholder={t('theme.SearchModal.placeholder', 'Search docs')}
              aria-label={t('theme.SearchModal.searchBox.searchInputLabel', 'Search')}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="go"
              value={query}
              aria-controls={listId}
              aria-activedescendant={hits.length > 0 ? hitId(listId, active) : undefined}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onInputKeyDown}
            />
          </form>
          <button type="button" className={styles.cancel} onClick={onClose}>
            {t('theme.SearchModal.searchBox.cancelButtonText', 'Cancel')}
          </button>
        </header>
        <div className={styles.body} aria-live="polite" aria-busy={state.loading} data-query={state.query}>
          {!trimmed ? (
            <p className={styles.hint}>{t('docsite.SearchModal.hint', "Search the {versionLabel} documentation and the site's pages.", { versionLabel })}</p>
          ) : state.failed ? (
            <FetchError />
          ) : showNoResults ? (
            <NoResults query={trimmed} search={site.search} onSuggest={setQuery} />
          ) : (
            <SearchResultList
              pages={pages}
              perPage={HITS_PER_PAGE}
              listId={listId}
              listbox
              active={active}
              onHover={setActive}
              onPick={onClose}
            />
          )}
        </div>
        {trimmed && state.response && !state.failed ? (
          <footer className={styles.footer}>
            {/* The search page's code is fetched when a reader points at these links, not as
                they show: most searches end on a result, and the first search's download
                stays within its budget (DESIGN §8). */}
            <span className={styles.links}>
              {state.response.total > 0 ? (
                <Link to={`${site.search.pagePath}?q=${encodeURIComponent(trimmed)}&version=${encodeURIComponent(version)}`} prefetchInView={false} onClick={onClose}>
                  {t('theme.SearchBar.seeAll', 'See all {count} results', { count: state.response.total })}
                </Link>
              ) : null}
              {site.versions.length > 1 ? (
                <Link to={`${site.search.pagePath}?q=${encodeURIComponent(trimmed)}&version=${ALL_VERSIONS}`} prefetchInView={false} onClick={onClose}>
                  {t('docsite.SearchModal.allVersions', 'Search all versions')}
                </Link>
              ) : null}
            </span>
            <span className={styles.keys}>
              <Translated id="docsite.SearchModal.keys" message="{up} {down} to move, {enter} to open, {esc} to close" values={{ up: <kbd>↑</kbd>, down: <kbd>↓</kbd>, enter: <kbd>Enter</kbd>, esc: <kbd>Esc</kbd> }} />
            </span>
          </footer>
        ) : null}
      </div>
    </div>
  );
}
