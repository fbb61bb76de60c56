//! The React contexts around the article (the theme's providers, the router), handed to the
//! islands that render React themselves (the site's components used in docs,
//! `islands/siteComponent.ts`): each is a React root of its own, so it sees the page's site
//! data, colour mode and router only through these values, which the article publishes as
//! it commits and the islands' roots re-provide (`PageContexts`), rendering again when they
//! change (the colour mode switched, the location moved). Kept this small because it is in
//! every page's first view.
import { createElement, use, useEffect, useSyncExternalStore, type Context, type ReactNode } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext, UNSAFE_RouteContext } from 'react-router';
import { strictContexts } from '../contexts/createStrictContext';

/** A context and its value in the article. */
export type ContextValue = readonly [Context<unknown>, unknown];

/** The values the article committed last. */
let current: readonly ContextValue[] = [];
/**
 * The values the article first committed with: those of the hydration, which match the
 * server's rendering (the colour mode is the site's default until the page switches it
 * after hydrating). An island hydrating its server rendering starts from them.
 */
let first: readonly ContextValue[] | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Reads the values of the page's contexts where the article is (React's `use`, so the list
 * may grow as chunks create contexts) and publishes them once committed, when one changed.
 * Called by the article as it renders.
 */
export function useIslandContexts(): void {
  const contexts = [...strictContexts, UNSAFE_NavigationContext, UNSAFE_LocationContext, UNSAFE_RouteContext] as Context<unknown>[];
  const values = contexts.map((context) => [context, use(context)] as const);
  useEffect(() => {
    if (values.length === current.length && values.every(([context, value], i) => current[i]?.[0] === context && current[i]?.[1] === value)) return;
    current = values;
    first ??= values;
    for (const listener of listeners) listener();
  });
}

/**
 * The page's contexts around `children`, as the article has them now (as it had them at
 * hydration while an island hydrates), following their changes.
 */
export function PageContexts({ children }: { children?: ReactNode }): ReactNode {
  const values = useSyncExternalStore(
    subscribe,
    () => current,
    () => first ?? current,
  );
  return values.reduceRight<ReactNode>((child, [context, value]) => createElement(context.Provider, { value }, child), children);
}
