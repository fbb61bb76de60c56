//! Work that can wait for the browser to be idle: `requestIdleCallback`, or a short timer
//! where the browser has none (Safari).

/** What an idle callback is told: how long the browser expects to stay idle (ms). */
export type IdleDeadline = { timeRemaining(): number };

/** Calls `callback` when the browser is next idle. */
export function onIdle(callback: (deadline: IdleDeadline) => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback);
  else window.setTimeout(() => callback({ timeRemaining: () => 0 }), 1);
}

/** Started from `whenIdle`, in the order they were asked for; run together at the next idle moment. */
const idleStarts = new Set<{ start: () => () => void; stop: (() => void) | null }>();

function runIdleStarts(): void {
  for (const entry of idleStarts) entry.stop = entry.start();
  idleStarts.clear();
}

/**
 * Runs `start` (which returns its own undo) when the browser is next idle, batched with
 * every other start asked for before then. Returns a function that cancels the start or
 * undoes it.
 */
export function whenIdle(start: () => () => void): () => void {
  const entry: { start: () => () => void; stop: (() => void) | null } = { start, stop: null };
  if (idleStarts.size === 0) onIdle(runIdleStarts);
  idleStarts.add(entry);
  return () => {
    if (idleStarts.delete(entry)) return;
    entry.stop?.();
    entry.stop = null;
  };
}
