//! Shared IntersectionObservers for "do this once the element is (nearly) visible": one
//! observer per margin is cheaper than one per element in a sidebar with hundreds of
//! links or an article with a hundred code blocks. An observer is dropped once it has
//! nothing left to watch.

type Shared = { observer: IntersectionObserver; watching: Map<Element, () => void> };

const shared = new Map<string, Shared>();

function observerFor(margin: string): Shared | null {
  const existing = shared.get(margin);
  if (existing) return existing;
  if (typeof IntersectionObserver === 'undefined') return null;
  const watching = new Map<Element, () => void>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const callback = watching.get(entry.target);
        stop(margin, entry.target);
        callback?.();
      }
    },
    { rootMargin: margin },
  );
  const created = { observer, watching };
  shared.set(margin, created);
  return created;
}

function stop(margin: string, element: Element): void {
  const entry = shared.get(margin);
  if (!entry?.watching.delete(element)) return;
  entry.observer.unobserve(element);
  if (entry.watching.size === 0) {
    entry.observer.disconnect();
    shared.delete(margin);
  }
}

/** Whether `onceVisible` can ever call back here. */
export function canObserveVisibility(): boolean {
  return typeof IntersectionObserver !== 'undefined';
}

/**
 * Calls `callback` once, the first time `element` comes within `margin` of the viewport
 * (a CSS margin, as IntersectionObserver's `rootMargin`; default: visible); never without
 * IntersectionObserver (see `canObserveVisibility`). Returns an unsubscribe.
 */
export function onceVisible(element: Element, callback: () => void, margin = '0px'): () => void {
  const entry = observerFor(margin);
  if (!entry) return () => undefined;
  entry.watching.set(element, callback);
  entry.observer.observe(element);
  return () => {
    if (entry.watching.get(element) === callback) stop(margin, element);
  };
}

