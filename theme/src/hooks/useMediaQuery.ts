//! Calls back when a media query starts or stops matching (client only).
import { useEffect, useRef } from 'react';

/** The breakpoint at and below which the navbar collapses into the drawer. */
export const MOBILE_MAX_WIDTH = 996;

export function useMediaQueryChange(query: string, onChange: (matches: boolean) => void): void {
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const listener = (event: MediaQueryListEvent) => callback.current(event.matches);
    list.addEventListener('change', listener);
    return () => list.removeEventListener('change', listener);
  }, [query]);
}
