//! Which heading the reader is at (the rule in the update function). Measured on scroll (one rAF per frame), not with IntersectionObserver, so
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
      // Docusaurus's rule: the first heading in the top half of the viewport (below the
      // navbar); else the last one that has scrolled above it; none before the first
      // heading comes up into that top half.
      let current: string | null = null;
      for (const id of headingIds) {
        const element = document.getElementById(id);
        if (!element) continue;
        const top = element.getBoundingClientRect().top;
        if (top < navbar + 1) {
          current = id;
          continue;
        }
        if (top <= window.innerHeight / 2) current = id;
        break;
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
