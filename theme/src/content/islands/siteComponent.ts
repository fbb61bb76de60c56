//! Island of a site component used in a doc (`SiteComponent` in the content tree,
//! `data-island="SiteComponent"` in the article): a React root of its own on the element.
//! On the first load the server rendered it in place (`data-ssr`), so it is hydrated
//! (`hydrateRoot`); on a page reached by client-side navigation the serializer could not
//! run the component (no React server renderer in the browser) and wrote only its children,
//! so it is rendered (`createRoot`). The children (the doc's Markdown between the tags) are
//! HTML the engine wrote: the component gets them as one element whose inner HTML is the
//! one already in the page, so hydration keeps them as they are. The root sees the page's
//! contexts (site data, colour mode, router) through `islandContext.ts`, and renders again
//! when they change; it is unmounted when the page goes.
// No JSX and no import of React here: React comes with the `kit` (see `IslandKit`).
import type { ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { loadSiteModule, siteComponent, SITE_MODULE_UPDATED } from '../../app/siteComponents';
import type { Detach, IslandKit } from '../islands';

/** Children HTML of each element, read once (a later attach after a detach reuses it). */
const childrenOf = new WeakMap<HTMLElement, string | null>();

/**
 * A React root on `element` showing `Component` inside the page's contexts (re-provided
 * live, `islandContext.ts`): hydrated when the server rendered
 * it there, else rendered. `childrenHtml` (HTML already in the page) is its children, as one
 * `<div data-site-children>`.
 */
function reactIsland(
  kit: IslandKit,
  element: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  childrenHtml: string | null,
  hydrate: boolean,
  onRecoverableError: (error: unknown) => void,
): { root: Root; show: (Component: ComponentType<Record<string, unknown>>) => void } {
  const [h, createRoot, hydrateRoot, PageContexts] = kit;
  const children = childrenHtml === null ? undefined : h('div', { 'data-site-children': '', dangerouslySetInnerHTML: { __html: childrenHtml } });
  const tree = (Shown: ComponentType<Record<string, unknown>>) => h(PageContexts, null, h(Shown, props, children));
  const root = hydrate ? hydrateRoot(element, tree(Component), { onRecoverableError }) : createRoot(element);
  if (!hydrate) root.render(tree(Component));
  return { root, show: (Shown) => root.render(tree(Shown)) };
}

export function attach(element: HTMLElement, kit: IslandKit): Detach {
  const module = element.dataset.module ?? '';
  const name = element.dataset.export ?? 'default';
  const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
  if (!childrenOf.has(element)) childrenOf.set(element, element.querySelector('[data-site-children]')?.innerHTML ?? null);
  const html = childrenOf.get(element) ?? null;
  const hydrate = element.hasAttribute('data-ssr');
  let root: Root | null = null;
  let stopped = false;
  // `docsite dev`: the module's edits (a doc on the MDX path) render here as they arrive.
  let updated: ((event: Event) => void) | null = null;
  loadSiteModule(module).then(
    () => {
      if (stopped) return;
      const island = reactIsland(kit, element, siteComponent(module, name), props, html, hydrate, (error) =>
        console.error(`[docsite] ${module} rendered differently in the browser than on the server.`, error),
      );
      root = island.root;
      if (import.meta.hot) {
        updated = (event) => {
          if ((event as CustomEvent<string>).detail === module) island.show(siteComponent(module, name));
        };
        window.addEventListener(SITE_MODULE_UPDATED, updated);
      }
    },
    (error: unknown) => {
      if (!stopped) console.error(`[docsite] The code of ${module} could not load; it stays as the server wrote it.`, error);
    },
  );
  return () => {
    stopped = true;
    if (updated) window.removeEventListener(SITE_MODULE_UPDATED, updated);
    element.removeAttribute('data-ssr');
    const mounted = root;
    // Not inside the commit of the page that removes the article: React refuses to unmount
    // a root synchronously while it renders another.
    if (mounted) setTimeout(() => mounted.unmount(), 0);
  };
}
