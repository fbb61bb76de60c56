//! What the sidebar needs to know about the current page, found without walking the whole
//! tree on every render: an index of a sidebar (built once per sidebar object and kept in a
//! WeakMap, so the pre-render worker builds it once for all the pages sharing a sidebar),
//! giving the trail to a page (the items that are or contain it) and which items show on
//! every page. Walking the tree per item per page made pre-rendering quadratic in the docs.
import type { SidebarItem } from '../../generated/contract';
import { isExternalUrl, normalizePath, splitPath } from '../../lib/paths';

type Index = {
  /** Each page's chains: the categories above an item linking to it, then the item. */
  chains: Map<string, SidebarItem[][]>;
  /** Items that show whatever the page (see `isVisible`). */
  shown: WeakSet<SidebarItem>;
};

const indexes = new WeakMap<SidebarItem[], Index>();

function targetPath(href: string): string {
  return normalizePath(splitPath(href).pathname);
}

function build(items: SidebarItem[]): Index {
  const chains = new Map<string, SidebarItem[][]>();
  const shown = new WeakSet<SidebarItem>();
  const add = (href: string, chain: SidebarItem[]) => {
    const key = targetPath(href);
    const list = chains.get(key);
    if (list) list.push(chain);
    else chains.set(key, [chain]);
  };
  /** Indexes `list` under `above`; whether any of its items shows on every page. */
  const walk = (list: SidebarItem[], above: SidebarItem[]): boolean => {
    let any = false;
    for (const item of list) {
      let always: boolean;
      switch (item.type) {
        case 'doc':
        case 'link':
          if (!isExternalUrl(item.href)) add(item.href, [...above, item]);
          always = item.type === 'link' || !item.unlisted;
          break;
        case 'category': {
          if (item.href !== null) add(item.href, [...above, item]);
          const child = walk(item.items, [...above, item]);
          always = (item.href !== null && !item.linkUnlisted) || child;
          break;
        }
        case 'html':
          always = true;
          break;
      }
      if (always) shown.add(item);
      any ||= always;
    }
    return any;
  };
  walk(items, []);
  return { chains, shown };
}

function indexOf(items: SidebarItem[]): Index {
  let index = indexes.get(items);
  if (!index) {
    index = build(items);
    indexes.set(items, index);
  }
  return index;
}

/** The trail to the page at `path`: every item that is, or contains, that page. */
export type Trail = {
  /** Whether `item` is, or contains, the page (a category's own page, or one of its items'). */
  has(item: SidebarItem): boolean;
  /**
   * Whether `item` shows on this page, as in Docusaurus: an unlisted doc only on its own
   * page; a category when it is (or holds) that page, has a page of its own that is listed,
   * or has an item that shows.
   */
  shows(item: SidebarItem): boolean;
};

/** The trail to the page at `path` in a sidebar (`items`: the sidebar's top level). */
export function trailTo(items: SidebarItem[], path: string): Trail {
  const index = indexOf(items);
  const on = new Set<SidebarItem>();
  for (const chain of index.chains.get(path) ?? []) for (const item of chain) on.add(item);
  return {
    has: (item) => on.has(item),
    shows: (item) => index.shown.has(item) || on.has(item),
  };
}
