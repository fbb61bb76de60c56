//! `navbar.hideOnScroll`: the navbar slides away while the reader scrolls down and comes
//! back when they scroll up, when they reach the top (within the navbar's height), and
//! when they navigate to a location without an anchor. Jumping to an anchor hides it
//! (the target would otherwise sit under it), and the scroll that jump causes is not
//! taken for a scroll up or down.
import { useEffect, useRef, useState } from 'react';

/**
 * Whether the navbar should be hidden. `locationKey` changes on every navigation
 * (path and hash); `hash` is the new location's.
 */
export function useHideOnScroll(enabled: boolean, locationKey: string, hash: string): boolean {
  const [hidden, setHidden] = useState(false);
  const anchorJump = useRef(false);

  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const navbarHeight = () =>
      parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--ds-navbar-height')) || 60;
    const onScroll = () => {
      const y = window.scrollY;
      const previous = last;
      last = y;
      if (y < navbarHeight()) {
        setHidden(false);
        return;
      }
      if (anchorJump.current) {
        anchorJump.current = false;
        return;
      }
      if (y > previous) setHidden(true);
      else if (y < previous) setHidden(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);

  const firstKey = useRef(locationKey);
  useEffect(() => {
    if (!enabled || locationKey === firstKey.current) return;
    firstKey.current = locationKey;
    if (hash && hash !== '#') {
      anchorJump.current = true;
      setHidden(true);
    } else {
      setHidden(false);
    }
  }, [enabled, locationKey, hash]);

  return enabled && hidden;
}
