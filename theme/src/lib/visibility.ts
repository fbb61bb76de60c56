//! One shared IntersectionObserver for "prefetch when visible": cheaper than one
//! observer per link in a sidebar with hundreds of entries.

const callbacks = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;

function shared(): IntersectionObserver | null {
  if (observer) return observer;
  if (typeof IntersectionObserver === 'undefined') return null;
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const callback = callbacks.get(entry.target);
      observer?.unobserve(entry.target);
      callbacks.delete(entry.target);
      callback?.();
    }
  });
  return observer;
}

/** Calls `callback` once, the first time `element` becomes visible. Returns an unsubscribe. */
export function onceVisible(element: Element, callback: () => void): () => void {
  const io = shared();
  if (!io) return () => undefined;
  callbacks.set(element, callback);
  io.observe(element);
  return () => {
    callbacks.delete(element);
    io.unobserve(element);
  };
}
