//! What a search shows, shared by the modal and the search page: results grouped by page
//! (heading path and highlighted excerpt per hit), the no-results help and the
//! fetch-failure message (SPEC §8 texts).
import type { SearchData } from '../../generated/contract';
import { sanitizeExcerpt } from '../../search/sanitize';
import type { SearchHit, SearchPageResult } from '../../search/types';
import { Link } from '../Link';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';
import { Translated } from '../Translated';

/** A stable DOM id for the n-th hit of a result list (for `aria-activedescendant`). */
export function hitId(listId: string, index: number): string {
  return `${listId}-hit-${index}`;
}

/** Every hit of every page in display order (what arrow keys move through). */
export function flattenHits(pages: SearchPageResult[], perPage: number): SearchHit[] {
  return pages.flatMap((p) => p.hits.slice(0, perPage));
}

type ResultsProps = {
  pages: SearchPageResult[];
  /** Hits shown per page. */
  perPage: number;
  listId: string;
  /**
   * The modal's list is a listbox driven from the query field (arrow keys,
   * `aria-activedescendant`); the search page's is a plain list of links, each in the tab order.
   */
  listbox?: boolean;
  /** Index (in flattened order) of the keyboard-selected hit, or -1. */
  active?: number;
  onHover?: (index: number) => void;
  onPick?: () => void;
  /** Version labels by name, to name the version of each page when several are searched. */
  versionLabels?: Map<string, string>;
};

export function SearchResultList({ pages, perPage, listId, listbox = false, active = -1, onHover, onPick, versionLabels }: ResultsProps) {
  let index = 0;
  return (
    <div id={listId} role={listbox ? 'listbox' : 'region'} aria-label={t('docsite.SearchResults.ariaLabel', 'Search results')} className={styles.results}>
      {pages.map((page) => {
        const version = page.version ? (versionLabels?.get(page.version) ?? page.version) : null;
        return (
          <section key={page.url} role={listbox ? 'group' : undefined} aria-label={listbox ? page.title : undefined} className={styles.page}>
            <h2 className={styles.pageTitle} role={listbox ? 'presentation' : undefined}>
              {page.title}
              {version ? <span className={styles.version}>{version}</span> : null}
            </h2>
            <ul className={styles.hits} role={listbox ? 'presentation' : undefined}>
              {page.hits.slice(0, perPage).map((hit) => {
                const i = index++;
                const selected = listbox && i === active;
                return (
                  <li key={`${hit.url}-${i}`} role={listbox ? 'presentation' : undefined}>
                    <Link
                      to={hit.url}
                      id={hitId(listId, i)}
                      role={listbox ? 'option' : undefined}
                      aria-selected={listbox ? selected : undefined}
                      className={`${styles.hit}${selected ? ` ${styles.active}` : ''}`}
                      onMouseMove={onHover ? () => onHover(i) : undefined}
                      onClick={onPick}
                      tabIndex={listbox ? -1 : undefined}
                    >
                      <span className={styles.path}>
                        {hit.headings.length > 0 ? hit.headings.join(' › ') : page.title}
                      </span>
                      {hit.excerpt ? (
                        <span className={styles.excerpt} dangerouslySetInnerHTML={{ __html: sanitizeExcerpt(hit.excerpt) }} />
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

export function NoResults({ query, search, onSuggest }: { query: string; search: SearchData; onSuggest: (q: string) => void }) {
  const report = search.reportUrl?.replace('{query}', encodeURIComponent(query));
  return (
    <div className={styles.message}>
      <p className={styles.messageTitle}>
        <Translated id="docsite.SearchResults.noResults" message={'No results for "{query}"'} values={{ query: <strong>{query}</strong> }} />
      </p>
      {search.suggestions.length > 0 ? (
        <>
          <p>{t('theme.SearchModal.noResultsScreen.suggestedQueryText', 'Try searching for')}</p>
          <ul className={styles.suggestions}>
            {search.suggestions.map((s) => (
              <li key={s}>
                <button type="button" className={styles.suggestion} onClick={() => onSuggest(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report ? (
        <p>
          {t('theme.SearchModal.noResultsScreen.reportMissingResultsText', 'Believe this query should return results?')}{' '}
          <Link to={report}>{t('theme.SearchModal.noResultsScreen.reportMissingResultsLinkText', 'Let us know.')}</Link>
        </p>
      ) : null}
    </div>
  );
}

export function FetchError() {
  return (
    <div className={styles.message} role="alert">
      <p className={styles.messageTitle}>{t('theme.SearchModal.errorScreen.titleText', 'Unable to fetch results')}</p>
      <p>{t('theme.SearchModal.errorScreen.helpText', 'You might want to check your network connection.')}</p>
    </div>
  );
}
