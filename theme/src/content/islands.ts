//! Islands: the interactive parts of a server-written article (`Article.tsx`), each
//! attached on its own to the HTML it finds, with no React tree around it. The serializer
//! (`html.ts`) marks them `data-island="<Name>"`; each kind's code is a chunk of its own,
//! loaded only when the page has one. A part whose code fails to load or throws while
//! attaching stays as the server wrote it (readable, not interactive) and the error is
//! logged: the rest of the page is unaffected.
//!
//! Headings' "#" anchors and `<details>` need no code: they are plain HTML.

import { createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PageContexts } from './islandContext';

/** What attaching an island returns: detaches it (listeners, observers, timers). */
export type Detach = () => void;

/**
 * What the page's own code hands an island that renders React (React is in the page's
 * first view already). Handed rather than imported: an island chunk importing from the
 * entry made the bundler split React and the contexts out of the entry into a shared chunk
 * (about 1 KB more in every first view).
 */
const KIT = [createElement, createRoot, hydrateRoot, PageContexts] as const;
export type IslandKit = typeof KIT;

/** An island kind's module: attaches to one marked element. */
export type IslandModule = { attach: (element: HTMLElement, kit: IslandKit) => Detach };

/** Island name -> its chunk. */
export const ISLANDS: Record<string, () => Promise<IslandModule>> = {
  CodeBlock: () => import('./islands/codeBlock'),
  Tabs: () => import('./islands/tabs'),
  Mermaid: () => import('./islands/mermaid'),
  SiteComponent: () => import('./islands/siteComponent'),
};

/**
 * How long islands attach before the browser gets the main thread back (ms): a long
 * reference page has a hundred code blocks and dozens of tab groups, whose attaching in one
 * go would be one long task of the page's start.
 */
export const ATTACH_SLICE_MS = 4;

function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}

/** Detaches every island of a container; `ready` settles once each has attached or failed. */
export type MountedIslands = Detach & { ready: Promise<void> };

/**
 * Attaches every island inside `container`, in document order, a few milliseconds at a
 * time (`ATTACH_SLICE_MS`); the returned function detaches them all (including those whose
 * code is still loading or whose turn has not come: they never attach).
 */
export function mountIslands(container: HTMLElement, islands = ISLANDS): MountedIslands {
  let stopped = false;
  const detachers: Detach[] = [];
  const byName = new Map<string, HTMLElement[]>();
  for (const element of container.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    const list = byName.get(name) ?? [];
    list.push(element);
    byName.set(name, list);
  }
  const loads: Promise<void>[] = [];
  for (const [name, elements] of byName) {
    const load = islands[name];
    if (!load) {
      console.warn(`[docsite] The page has an interactive part "${name}" this theme does not know; it stays static.`);
      continue;
    }
    const loading = load().then(
      async (module) => {
        let slice = performance.now();
        for (const element of elements) {
          if (performance.now() - slice > ATTACH_SLICE_MS) {
            await yieldToBrowser();
            slice = performance.now();
          }
          if (stopped) return;
          try {
            detachers.push(module.attach(element, KIT));
          } catch (error) {
            console.error(`[docsite] An interactive part of the page (${name}) failed; it stays as the server wrote it.`, error);
          }
        }
      },
      (error: unknown) => {
        if (!stopped) console.error(`[docsite] The code of ${name} could not load; that part of the page stays static.`, error);
      },
    );
    loads.push(loading);
  }
  const detach = () => {
    stopped = true;
    for (const detach of detachers.splice(0)) {
      try {
        detach();
      } catch (error) {
        console.error('[docsite] An interactive part of the page failed to detach.', error);
      }
    }
  };
  return Object.assign(detach, { ready: Promise.all(loads).then(() => undefined) });
}
