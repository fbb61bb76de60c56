//! What the sidebar needs to know about the current page, found without walking the whole
//! tree on every render: an index of a sidebar (built once per sidebar object and kept in a
//! WeakMap, so the pre-render worker builds it once for all the pages sharing a sidebar),
//! giving the trail to a page (the items that are or contain it). Walking the tree per item
//! per page made pre-rendering quadratic in the docs.
import type { SidebarItem } from '../../generated/contract';
import { isExternalUrl, normalizePath, splitPath } from '../../lib/paths';

/** Each sidebar's chains by page: the categories above an item linking to it, then the item. */
const indexes = new WeakMap<SidebarItem[], Map<string, SidebarItem[][]>>();

/** The route an item's link leads to. */
export function targetPath(href: string): string {
  return normalizePath(splitPath(href).pathname);
}

function build(items: SidebarItem[], above: SidebarItem[] = [], chains = new Map<string, SidebarItem[][]>()) {
  for (const item of items) {
    const chain = [...above, item];
    const href = item.type === 'html' ? null : item.href;
    if (href !== null && (item.type === 'category' || !isExternalUrl(href))) {
      const key = targetPath(href);
      chains.set(key, [...(chains.get(key) ?? []), chain]);
    }
    if (item.type === 'category') build(item.items, chain, chains);
  }
  return chains;
}

/** The trail to the page at `path`: every item that is, or contains, that page. */
export type Trail = {
  /** Whether `item` is, or contains, the page (a category's own page, or one of its items'). */
  has(item: SidebarItem): boolean;
  /** Whether `item` shows on this page. */
  shows(item: SidebarItem): boolean;
};

/** The trail to the page at `path` in a sidebar (`items`: the sidebar's top level). */
export function trailTo(items: SidebarItem[], path: string): Trail {
  let chains = indexes.get(items);
  if (!chains) indexes.set(items, (chains = build(items)));
  const on = new Set((chains.get(path) ?? []).flat());
  const has = (item: SidebarItem) => on.has(item);
  // As in Docusaurus: an unlisted doc shows only on its own page; a category when it is (or
  // holds) the page, has a listed page of its own, or has an item that shows. `some` stops
  // at the first item that shows: no walk of the whole category.
  const shows = (item: SidebarItem): boolean =>
    item.type === 'doc'
      ? !item.unlisted || has(item)
      : item.type !== 'category' || has(item) || (item.href !== null && !item.linkUnlisted) || item.items.some(shows);
  return { has, shows };
}
