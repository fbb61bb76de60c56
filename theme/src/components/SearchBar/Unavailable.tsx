//! Shown instead of the search modal when its code cannot be loaded (offline).
import { useEffect } from 'react';
import { FetchError } from '../SearchResults';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export default function SearchUnavailable({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label={t('theme.SearchBar.label', 'Search')} className={styles.unavailable}>
        <FetchError />
        <button type="button" className={styles.cancel} onClick={onClose} autoFocus>
          Cancel
        </button>
      </div>
    </div>
  );
}
