//! The docs sidebar of the page's version: the current page highlighted, categories
//! collapsible, the category holding the current page expanded. A category's items are
//! rendered once it has been open (as Docusaurus's lazy Collapsible): a page's HTML holds
//! the top level and the path to the page, not every item of the sidebar, and the complete
//! tree comes from the version's one shared sidebar chunk. A long open list is cut in the
//! pre-rendered HTML (see `SidebarItems`), so that a page's HTML does not grow with the site.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { SidebarItem } from '../../generated/contract';
import { usePageData, useSidebar } from '../../contexts/PageData';
import { collapseDuration } from '../../lib/collapse';
import { isExternalUrl } from '../../lib/paths';
import { IconChevron, IconExternal } from '../Icons';
import { Link } from '../Link';
import styles from './styles.module.css';
import { type Trail, targetPath, trailTo } from './trail';
import { t } from '../../lib/i18n';

export type Props = {
  /** Rendered inside the mobile drawer (no sticky column). */
  mobile?: boolean;
};

export function DocSidebar({ mobile = false }: Props) {
  const sidebar = useSidebar();
  const { path } = usePageData();
  const trail = useMemo(() => (sidebar ? trailTo(sidebar.items, path) : null), [sidebar, path]);
  if (!sidebar || !trail) return null;
  return (
    <nav aria-label={t('theme.docs.sidebar.navAriaLabel', 'Docs sidebar')} className={mobile ? styles.mobile : styles.sidebar}>
      <ul className={`menu__list ${styles.list}`}>
        <SidebarItems items={sidebar.items} trail={trail} />
      </ul>
    </nav>
  );
}

/** The items of a list and the trail to the current page (see `trail.ts`). */
type ItemsProps = { items: SidebarItem[]; trail: Trail };

const subscribe = () => () => undefined;

/**
 * The shown items of a list. Before hydration (and in the pre-rendered HTML), a list of more
 * than 100 items keeps only its first 40 and the 20 either side of the item on the trail
 * (`SIDEBAR_HTML_LIST` in contract.rs, whose build warning names them; the scale test of
 * `crates/docsite/tests/scale.rs` checks the two agree), each run left out one `aria-hidden` item `⋯`: with every
 * item of an open category in it, each page's HTML grew with the category (500 items per page
 * at 10,000 docs). The browser renders the whole list right after hydrating.
 */
function SidebarItems({ items, trail }: ItemsProps) {
  // False while pre-rendering and hydrating, true from the render after (as `useIsBrowser`).
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const shown = items.filter(trail.shows);
  const at = shown.findIndex(trail.has);
  const cut = (i: number) => !hydrated && shown.length > 100 && i >= 40 && Math.abs(i - at) > 20;
  return (
    <>
      {shown.map((item, i) =>
        cut(i) ? (
          cut(i - 1) ? null : <li key={-1 - i} aria-hidden="true">
            ⋯
          </li>
        ) : (
          <SidebarItemView key={i} item={item} trail={trail} />
        ),
      )}
    </>
  );
}

/** A class list without empty entries (a missing `className` adds nothing, never "undefined"). */
function classes(...names: (string | null | undefined)[]): string {
  return names.filter((n): n is string => Boolean(n)).join(' ');
}

/**
 * Items carry the classic theme's class names (`menu__list-item`, `menu__link`,
 * `menu__link--active`, `theme-doc-sidebar-item-category`), which site CSS targets.
 */
function SidebarItemView({ item, trail }: { item: SidebarItem; trail: Trail }) {
  switch (item.type) {
    case 'doc':
    case 'link': {
      const external = isExternalUrl(item.href);
      const active = trail.has(item);
      return (
        <li className={classes('menu__list-item', styles.item, item.type === 'doc' ? item.className : null)}>
          <Link
            to={item.href}
            className={`menu__link ${styles.link} ${active ? `menu__link--active ${styles.active}` : ''}`}
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
      return <SidebarCategory item={item} trail={trail} />;
  }
}

function SidebarCategory({ item, trail }: { item: Extract<SidebarItem, { type: 'category' }>; trail: Trail }) {
  const { path } = usePageData();
  const containsActive = trail.has(item);
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
  // The items are rendered from the first time the category is open, then kept (closing
  // animates them away). Opening one never rendered puts its items in first, while it is
  // still closed, so that their height sets the animation's length.
  const [itemsShown, setItemsShown] = useState(open);
  if (open && !itemsShown) setItemsShown(true);
  const toggle = (next: boolean) => {
    if (next && !itemsShown) flushSync(() => setItemsShown(true));
    setDuration(collapseDuration(listRef.current?.scrollHeight ?? 0));
    setExpanded(next);
  };
  const toggleLabel = open
    ? t('theme.DocSidebarItem.collapseCategoryAriaLabel', "Collapse sidebar category '{label}'", { label: item.label })
    : t('theme.DocSidebarItem.expandCategoryAriaLabel', "Expand sidebar category '{label}'", { label: item.label });
  // Docusaurus's: a category on the current page's trail is `menu__link--active` (no fill).
  const linkClass = `menu__link menu__link--sublist ${containsActive ? 'menu__link--active' : ''} ${styles.link} ${styles.categoryLink}`;
  return (
    <li className={classes('theme-doc-sidebar-item-category menu__list-item', styles.item, item.className)}>
      <div className={`menu__list-item-collapsible ${styles.categoryRow} ${containsActive && !isCurrent ? styles.containsActive : ''}`}>
        {href !== null ? (
          <Link
            to={href}
            className={`${linkClass} ${isCurrent ? styles.active : ''}`}
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
            className={linkClass}
            aria-expanded={open}
            onClick={() => toggle(!open)}
          >
            <span className={styles.categoryLabel}>{item.label}</span>
            <IconChevron size={16} className={`${styles.chevronIcon} ${open ? styles.chevronOpen : ''}`} />
          </button>
        ) : (
          <span className={linkClass}>{item.label}</span>
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
        <ul ref={listRef} className={`menu__list ${styles.list}`}>
          {open || itemsShown ? <SidebarItems items={item.items} trail={trail} /> : null}
        </ul>
      </div>
    </li>
  );
}
