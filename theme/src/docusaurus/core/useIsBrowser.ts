//! `@docusaurus/useIsBrowser` for a site's React pages: false while pre-rendering and during
//! hydration (so the first client render matches the server's HTML), true from the render
//! after that, and at once in a page reached by client-side navigation. React's
//! `useSyncExternalStore` with a server snapshot gives exactly that, with no provider.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export default function useIsBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
