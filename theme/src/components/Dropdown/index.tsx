//! A navbar dropdown. On desktop it opens on hover or click and closes on an outside
//! press/touch/focus or Escape; in the mobile drawer it is a collapsible list.
import { useCallback, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useDismiss } from '../../hooks/useDismiss';
import { IconChevron, IconExternal } from '../Icons';
import { Link } from '../Link';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type DropdownEntry = {
  label: string;
  /** Internal route or external URL. */
  to: string;
  active?: boolean;
  external?: boolean;
  /** Load the target as a document, never through the client router (another locale's build). */
  reload?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** A rule above the entry, setting it apart from those before ("All versions"). */
  divider?: boolean;
  /** Configured HTML shown instead of a link (a dropdown's `html` item). */
  html?: string;
  /** Classes and accessible name of the link (`className`, `aria-label`). */
  className?: string;
  ariaLabel?: string;
};

export type Props = {
  label: string;
  /** Icon before the label. */
  icon?: ReactNode;
  /** Link of the label itself, if any. */
  to?: string | null;
  entries: DropdownEntry[];
  /** Highlights the label (one of the entries is the current page). */
  active?: boolean;
  /** Rendered inside the mobile drawer. */
  mobile?: boolean;
  /** Accessible name of the toggle, when the label alone is not enough. */
  ariaLabel?: string;
};

export function Dropdown({ label, icon, to, entries, active = false, mobile = false, ariaLabel }: Props) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  /**
   * Opened by the pointer entering it: the click that usually follows (a mouse user
   * reaching for the toggle, or a tap, which emulates the hover first) must not close it.
   */
  const openedByHover = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open && !mobile, close);

  const list = (
    <ul className={mobile ? styles.mobileList : styles.menu} hidden={mobile ? !open : undefined}>
      {entries.map((entry, index) =>
        entry.html !== undefined ? (
          <li key={index} dangerouslySetInnerHTML={{ __html: entry.html }} />
        ) : (
        <li key={`${entry.label}\u0000${entry.to}`} className={entry.divider ? styles.divider : undefined}>
          <Link
            to={entry.to}
            reload={entry.reload}
            className={`${styles.entry} ${entry.active ? styles.entryActive : ''} ${entry.className ?? ''}`}
            aria-label={entry.ariaLabel}
            aria-current={entry.active ? 'page' : undefined}
            onClick={(event) => {
              entry.onClick?.(event);
              setOpen(false);
            }}
          >
            {entry.label}
            {entry.external ? <IconExternal className={styles.external} /> : null}
          </Link>
        </li>
        ),
      )}
    </ul>
  );

  const toggle = (
    <button
      ref={toggleRef}
      type="button"
      className={`${styles.toggle} ${active ? styles.active : ''}`}
      aria-haspopup="true"
      aria-expanded={open}
      aria-label={ariaLabel ?? (to ? t('docsite.Dropdown.ariaLabel', '{label} menu', { label }) : undefined)}
      onClick={() => {
        const keepOpen = openedByHover.current;
        openedByHover.current = false;
        setOpen((value) => keepOpen || !value);
      }}
    >
      {to ? null : (
        <span className={styles.label}>
          {icon}
          {label}
        </span>
      )}
      <IconChevron size={14} className={styles.chevron} />
    </button>
  );

  return (
    <div
      ref={ref}
      className={`${mobile ? styles.mobile : styles.dropdown} ${open ? styles.open : ''}`}
      // Escape closes the menu and, as in a menu button, puts focus back on its toggle
      // (the document-level handler of useDismiss only closes it).
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggleRef.current?.focus();
      }}
      onMouseEnter={
        mobile
          ? undefined
          : () => {
              openedByHover.current = !open;
              setOpen(true);
            }
      }
      onMouseLeave={
        mobile
          ? undefined
          : () => {
              openedByHover.current = false;
              setOpen(false);
            }
      }
    >
      {to ? (
        <span className={styles.labelRow}>
          <Link to={to} className={`${styles.labelLink} ${active ? styles.active : ''}`}>
            {icon}
            {label}
          </Link>
          {toggle}
        </span>
      ) : (
        toggle
      )}
      {list}
    </div>
  );
}
