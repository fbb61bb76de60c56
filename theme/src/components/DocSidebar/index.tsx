//! The docs sidebar of the page's version: the current page highlighted, categories
//! collapsible, the category holding the current page expanded.
import { useEffect, useRef, useState } from 'react';
import type { SidebarItem } from '../../generated/contract';
import { usePageData, useSidebar } from '../../contexts/PageData';
import { collapseDuration } from '../../lib/collapse';
import { isExternalUrl, normalizePath, splitPath } from '../../lib/paths';
import { IconChevron, IconExternal } from '../Icons';
import { Link } from '../Link';
import styles from './styles.module.css';

export type Props = {
  /** Rendered inside the mobile drawer (no sticky column). */
  mobile?: boolean;
};

function targetPath(href: string): string {
  return normalizePath(splitPath(href).pathname);
}

/** Whether the item is, or contains, the page at `path`. */
export function containsPath(item: SidebarItem, path: string): boolean {
  switch (item.type) {
    case 'doc':
    case 'link':
      return !isExternalUrl(item.href) && targetPath(item.href) === path;
    case 'category':
      return (item.href !== null && targetPath(item.href) === path) || item.items.some((child) => containsPath(child, path));
    case 'html':
      return false;
  }
}

/**
 * Whether the item shows for the page at `path`, as in Docusaurus: an unlisted doc only on
 * its own page; a category when it is (or holds) that page, has a page of its own that is
 * listed, or has an item that shows.
 */
export function isVisible(item: SidebarItem, path: string): boolean {
  switch (item.type) {
    case 'doc':
      return !item.unlisted || containsPath(item, path);
    case 'category':
      return (
        (item.href !== null && targetPath(item.href) === path) ||
        (item.href !== null && !item.linkUnlisted) ||
        item.items.some((child) => isVisible(child, path))
      );
    case 'link':
    case 'html':
      return true;
  }
}

export function DocSidebar({ mobile = false }: Props) {
  const sidebar = useSidebar();
  if (!sidebar) return null;
  return (
    <nav aria-label="Docs sidebar" className={mobile ? styles.mobile : styles.sidebar}>
      <ul className={styles.list}>
        <SidebarItems items={sidebar.items} />
      </ul>
    </nav>
  );
}

function SidebarItems({ items }: { items: SidebarItem[] }) {
  const { path } = usePageData();
  return (
    <>
      {items.map((item, index) =>
        isVisible(item, path) ? <SidebarItemView key={index} item={item} /> : null,
      )}
    </>
  );
}

/** A class list without empty entries (a missing `className` adds nothing, never "undefined"). */
function classes(...names: (string | null | undefined)[]): string {
  return names.filter((n): n is string => Boolean(n)).join(' ');
}

function SidebarItemView({ item }: { item: SidebarItem }) {
  const { path } = usePageData();
  switch (item.type) {
    case 'doc':
    case 'link': {
      const external = isExternalUrl(item.href);
      const active = containsPath(item, path);
      return (
        <li className={classes(styles.item, item.type === 'doc' ? item.className : null)}>
          <Link
            to={item.href}
            className={`${styles.link} ${active ? styles.active : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            {item.label}
            {external ? <IconExternal className={styles.external} /> : null}
          </Link>
        </li>
      );
    }
    case 'html':
      return <li className={styles.item} dangerouslySetInnerHTML={{ __html: item.value }} />;
    case 'category':
      return <SidebarCategory item={item} />;
  }
}

function SidebarCategory({ item }: { item: Extract<SidebarItem, { type: 'category' }> }) {
  const { path } = usePageData();
  const containsActive = containsPath(item, path);
  const isCurrent = item.href !== null && targetPath(item.href) === path;
  // The page of the category is unlisted: its label is no link (as in Docusaurus).
  const href = item.linkUnlisted ? null : item.href;
  const [expanded, setExpanded] = useState(!item.collapsible || !item.collapsed || containsActive);
  /** Animation length of the last toggle, from the height of the list it moves. */
  const [duration, setDuration] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // Navigating into a collapsed category opens it.
  useEffect(() => {
    if (containsActive) setExpanded(true);
  }, [containsActive, path]);

  const open = expanded || !item.collapsible;
  const toggle = (next: boolean) => {
    setDuration(collapseDuration(listRef.current?.scrollHeight ?? 0));
    setExpanded(next);
  };
  const toggleLabel = `Toggle the collapsible sidebar category '${item.label}'`;
  return (
    <li className={classes(styles.item, item.className)}>
      <div className={`${styles.categoryRow} ${containsActive && !isCurrent ? styles.containsActive : ''}`}>
        {href !== null ? (
          <Link
            to={href}
            className={`${styles.link} ${styles.categoryLink} ${isCurrent ? styles.active : ''}`}
            aria-current={isCurrent ? 'page' : undefined}
            onClick={() => {
              // Clicking the label of a closed category opens it as well as its page.
              if (!open) toggle(true);
            }}
          >
            {item.label}
          </Link>
        ) : item.collapsible ? (
          <button
            type="button"
            className={`${styles.link} ${styles.categoryLink}`}
            aria-expanded={open}
            onClick={() => toggle(!open)}
          >
            <span className={styles.categoryLabel}>{item.label}</span>
            <IconChevron size={16} className={`${styles.chevronIcon} ${open ? styles.chevronOpen : ''}`} />
          </button>
        ) : (
          <span className={`${styles.link} ${styles.categoryLink}`}>{item.label}</span>
        )}
        {href !== null && item.collapsible ? (
          <button
            type="button"
            className={styles.chevron}
            aria-label={toggleLabel}
            aria-expanded={open}
            onClick={() => toggle(!open)}
          >
            <IconChevron size={16} className={`${styles.chevronIcon} ${open ? styles.chevronOpen : ''}`} />
          </button>
        ) : null}
      </div>
      <div
        className={`${styles.collapsible} ${open ? '' : styles.collapsed}`}
        style={duration === null ? undefined : { transitionDuration: `${duration}ms` }}
      >
        <ul ref={listRef} className={styles.list}>
          <SidebarItems items={item.items} />
        </ul>
      </div>
    </li>
  );
}
