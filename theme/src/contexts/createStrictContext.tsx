//! A context whose hook fails loudly when used outside its provider, instead of
//! returning a default that hides the mistake. Every theme context is built with it.
import { createContext, useContext, type Context, type Provider } from 'react';

const MISSING: unique symbol = Symbol('missing provider');

/** Every context made here, for islands that render React to re-provide (`content/islandContext.ts`). */
export const strictContexts: Context<unknown>[] = [];

/**
 * Creates a context and its `useX()` hook. `hookName` and `providerName` only shape the
 * error message: "useSiteData() must be used inside <SiteDataProvider>".
 */
export function createStrictContext<T>(
  hookName: string,
  providerName: string,
): [Provider<T | typeof MISSING>, () => T] {
  const Context = createContext<T | typeof MISSING>(MISSING);
  Context.displayName = providerName;
  strictContexts.push(Context as Context<unknown>);
  function useStrictContext(): T {
    const value = useContext(Context);
    if (value === MISSING) {
      throw new Error(
        `${hookName}() must be used inside <${providerName}>; the component calling it is rendered outside the theme's providers.`,
      );
    }
    return value;
  }
  return [Context.Provider, useStrictContext];
}
