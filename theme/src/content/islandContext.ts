//! The React contexts around the article (the theme's providers, the router), handed to the
//! islands that render React themselves (the site's components used in docs,
//! `islands/siteComponent.ts`): each is a React root of its own, so it sees the page's site
//! data, colour mode and router only through these values, which the article records as it
//! renders and the islands' roots re-provide. A root shows the values of the article's last
//! render before it attached; it is not rendered again when they change (kept this small
//! because it is in every page's first view).
import { use, type Context } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext, UNSAFE_RouteContext } from 'react-router';
import { strictContexts } from '../contexts/createStrictContext';

/** A context and its value in the article. */
export type ContextValue = readonly [Context<unknown>, unknown];

let recorded: readonly ContextValue[] = [];

/**
 * Records the values of the page's contexts where the article is (React's `use`, so the
 * list may grow as chunks create contexts). Called by the article as it renders.
 */
export function useIslandContexts(): void {
  const contexts = [...strictContexts, UNSAFE_NavigationContext, UNSAFE_LocationContext, UNSAFE_RouteContext] as Context<unknown>[];
  recorded = contexts.map((context) => [context, use(context)] as const);
}

/** The values the article recorded last. */
export function islandContexts(): readonly ContextValue[] {
  return recorded;
}
