//! `@docusaurus/BrowserOnly` for a site's React pages: the `fallback` while pre-rendering
//! and during hydration, `children()` once the page runs in the browser (code that touches
//! `window` or `document` goes in that function).
import type { ReactNode } from 'react';
import useIsBrowser from './useIsBrowser';

export type Props = {
  /** Called only in the browser. */
  children?: () => ReactNode;
  /** Shown on the server and on the first client render. */
  fallback?: ReactNode;
};

export default function BrowserOnly({ children, fallback }: Props) {
  const isBrowser = useIsBrowser();
  if (!isBrowser) return <>{fallback ?? null}</>;
  if (children !== undefined && typeof children !== 'function') {
    throw new Error(
      'The children of <BrowserOnly> must be a function returning what to render, e.g. <BrowserOnly>{() => <Chart />}</BrowserOnly>.',
    );
  }
  return <>{children?.()}</>;
}
