//! When and how mermaid diagrams are drawn: a chunk of its own, loaded by the `Mermaid`
//! component after hydration (the component itself is in every doc page's first view, so it
//! stays small), which loads mermaid (a much larger chunk) only when a diagram is needed.
//!
//! Drawing a diagram is one long main-thread task (mermaid's first evaluation, then layout
//! and text measuring in the DOM), so it is kept out of the page load:
//! - a diagram is drawn when it comes within a screen of the viewport (the reader scrolls
//!   towards it, follows a link to it), before it is on screen;
//! - otherwise when the page has been open `IDLE_FALLBACK_MS` and the browser is idle, so
//!   diagrams far down are ready when the reader gets there (or prints, or searches the page);
//! - all of them when the page is about to be printed (`beforeprint`; a diagram still being
//!   drawn then prints its source: styles/print.css);
//! - one diagram at a time, each in a task of its own (input and rendering run in between),
//!   and all through one queue, as `mermaid.initialize` is global.

/** How far beyond the viewport a diagram starts drawing: one screen above and below. */
const NEAR_VIEWPORT = '100% 0px';
/** How long after a diagram mounts it is drawn anyway, in idle time. */
export const IDLE_FALLBACK_MS = 5000;

/** Diagrams that have been needed once: redrawn at once when the colour mode changes. */
const needed = new WeakSet<Element>();
let queue: Promise<unknown> = Promise.resolve();
let drawn = 0;

/** The diagrams still waiting to be needed: printing needs them all (`beforeprint`). */
const waiting = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    for (const fire of [...waiting]) fire();
  });
}

/** Calls `start` once `element` is needed; returns a function that stops waiting. */
function whenNeeded(element: Element, start: () => void): () => void {
  if (needed.has(element) || typeof IntersectionObserver === 'undefined') {
    start();
    return () => undefined;
  }
  let idleHandle: number | undefined;
  const fire = () => {
    stop();
    needed.add(element);
    start();
  };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) fire();
  }, { rootMargin: NEAR_VIEWPORT });
  observer.observe(element);
  const timer = window.setTimeout(() => {
    idleHandle = window.requestIdleCallback ? window.requestIdleCallback(fire, { timeout: 2000 }) : window.setTimeout(fire);
  }, IDLE_FALLBACK_MS);
  waiting.add(fire);
  function stop() {
    waiting.delete(fire);
    observer.disconnect();
    window.clearTimeout(timer);
    if (idleHandle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleHandle);
  }
  return stop;
}

/** Runs `job` after the jobs queued before it, in a task of its own. */
function inTurn(job: () => Promise<void>): Promise<void> {
  const run = queue.then(() => new Promise((resolve) => setTimeout(resolve))).then(job);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Draws `code` (mermaid source) once `element` is needed, in the given colour mode, and
 * hands over the SVG markup, or the error message when mermaid cannot draw it. Returns a
 * function that cancels (the diagram unmounted or its mode changed): nothing is handed over
 * after it is called.
 */
export function drawWhenNeeded(
  element: Element,
  code: string,
  dark: boolean,
  done: (svg: string | null, error: string | null) => void,
): () => void {
  let cancelled = false;
  const stop = whenNeeded(element, () => {
    inTurn(async () => {
      if (cancelled) return;
      const { default: mermaid } = await import('mermaid');
      if (cancelled) return;
      // Sequence diagrams get their natural width (not `100%`): the stylesheet scales a
      // wide one down to the column, never a narrow one up; one scaled too small to read
      // offers its full-size view (zoom.ts).
      mermaid.initialize({
        startOnLoad: false,
        theme: dark ? 'dark' : 'default',
        securityLevel: 'strict',
        sequence: { useMaxWidth: false },
        ...(dark ? DARK : {}),
      });
      drawn += 1;
      const { svg } = await mermaid.render(`docsite-mermaid-${drawn}`, code);
      if (!cancelled) keepReaderInPlace(element, () => done(svg, null));
    }).catch((reason: unknown) => {
      if (cancelled) return;
      console.error('[docsite] Could not render a mermaid diagram.', reason);
      done(null, reason instanceof Error ? reason.message : String(reason));
    });
  });
  return () => {
    cancelled = true;
    stop();
  };
}

/**
 * Shows a drawn diagram without moving what the reader sees. A diagram drawn above the
 * reader (a deep link to a later section, the page scrolled past it) grows from its
 * placeholder and would push the text down the screen: once React has put the SVG in (a
 * mutation observer's callback runs before the next frame is painted) the page scrolls
 * by the growth (layout shift 0). When the browser's own scroll anchoring already kept
 * the content in place, the diagram's bottom edge did not move and nothing is done.
 */
function keepReaderInPlace(element: Element, show: () => void): void {
  const before = element.getBoundingClientRect();
  // Only a diagram ending in the top half of the screen or above it: the reader is on
  // what follows it (one lower down is drawn before they reach it).
  if (before.bottom < window.innerHeight / 2) {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      const moved = element.getBoundingClientRect().bottom - before.bottom;
      if (moved !== 0) window.scrollBy({ top: moved, behavior: 'instant' });
    });
    observer.observe(element, { childList: true, subtree: true });
  }
  show();
}

/** Mermaid's dark theme, with edge labels on a darker ground: its own (#585858 under
 * #ccc text) is 4.4:1, under WCAG's 4.5:1. */
const DARK = { themeVariables: { edgeLabelBackground: '#474747' } };
