//! What the main region shows while a page cannot be shown yet: a spinner once a load
//! has taken longer than the spinner delay, or the load error with a Retry button.
//! (A load that finishes quickly never shows either: the previous page stays until then.)
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

/** The page-load state the client router hands to the layout. */
export type PageLoad =
  | { state: 'loading' }
  | {
      state: 'error';
      /** What went wrong, for the reader. */
      message: string;
      /** Loads the page again. */
      retry: () => void;
      /** A retry is under way (its spinner is not due yet). */
      retrying: boolean;
    };

export type Props = { load: PageLoad };

export function PageLoadState({ load }: Props) {
  if (load.state === 'loading') {
    return (
      <div className={styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.loadingText}>{t('docsite.PageLoadState.loading', 'Loading…')}</span>
      </div>
    );
  }
  return (
    <div className={styles.error} role="alert">
      <h1 className={styles.title}>{t('docsite.PageLoadState.title', 'This page could not be loaded.')}</h1>
      <p className={styles.message}>{load.message}</p>
      <p>{t('docsite.PageLoadState.help', 'Check your network connection, then try again.')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={load.retry}
        disabled={load.retrying}
        aria-busy={load.retrying}
      >
        {load.retrying ? t('docsite.PageLoadState.retrying', 'Retrying…') : t('docsite.PageLoadState.retry', 'Retry')}
      </button>
    </div>
  );
}
