//! The navbar search box: a "Search" button that looks like a field. A click,
//! Ctrl/Cmd+K or "/" (outside text fields) opens the search modal; hovering, focusing or
//! touching it loads the modal and the search index ahead. The modal's code is its own
//! chunk, never part of a page's first view.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSiteData } from '../../contexts/SiteData';
import { preloadSearch } from '../../search/backend';
import { IconSearch } from '../Icons';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

const loadModal = () => import('../SearchModal');
const SearchModal = lazy(() =>
  loadModal().catch((error: unknown) => {
    console.warn('[docsite] Could not load the search modal.', error);
    return import('./Unavailable');
  }),
);

/** Whether a key event comes from somewhere the reader is typing. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return target.isContentEditable || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Whether a keydown should open search: Ctrl/Cmd+K anywhere, "/" outside text fields. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
}

export function SearchBar({ mobile = false }: { mobile?: boolean }) {
  const { search } = useSiteData();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const preload = useCallback(() => {
    loadModal().catch(() => {
      // Reported if the reader opens search.
    });
    preloadSearch(search);
  }, [search]);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => {
    if (mobile) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!open && isSearchShortcut(event)) {
        event.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, mobile]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={() => setOpen(true)}
        onMouseEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
      >
        <IconSearch size={16} />
        <span className={styles.placeholder}>{t('theme.SearchBar.label', 'Search')}</span>
        <kbd className={styles.keys} aria-hidden="true">
          Ctrl K
        </kbd>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SearchModal onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
