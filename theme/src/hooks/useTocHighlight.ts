//! Which heading the reader is at: the last TOC heading that has scrolled past the
//! navbar. Measured on scroll (one rAF per frame), not with IntersectionObserver, so
//! that long sections without visible headings keep their entry highlighted.
import { useEffect, useState } from 'react';

export function useTocHighlight(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join('\n');

  useEffect(() => {
    const headingIds = key ? key.split('\n') : [];
    if (headingIds.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const navbar = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--ds-navbar-height')) || 60;
      const threshold = navbar + 24;
      let current: string | null = null;
      for (const id of headingIds) {
        const element = document.getElementById(id);
        if (!element) continue;
        if (element.getBoundingClientRect().top <= threshold) current = id;
        else break;
      }
      // Before the first heading reaches the top, it is the one in view.
      if (current === null) {
        const first = document.getElementById(headingIds[0] ?? '');
        if (first && first.getBoundingClientRect().top < window.innerHeight) current = headingIds[0] ?? null;
      }
      // At the very bottom, the last heading may never reach the top: pick it.
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom) current = headingIds[headingIds.length - 1] ?? current;
      setActive(current);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [key]);

  return active;
}
