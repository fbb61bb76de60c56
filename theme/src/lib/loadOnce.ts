//! Loading a chunk once: concurrent calls share one load, a failed load may be retried, and
//! once it has loaded its value is at hand synchronously (for a render that must match the
//! server's).

export type LoadedOnce<T> = {
  /** The value, once loaded. */
  current(): T | null;
  /** Loads it: once, or again after a failure. */
  load(): Promise<T>;
};

/** `T` is an object (a module, a function), so that `current()` tells loaded from not. */
export function loadOnce<T extends object>(load: () => Promise<T>): LoadedOnce<T> {
  let done: { value: T } | null = null;
  let pending: Promise<T> | null = null;
  return {
    current: () => done?.value ?? null,
    load() {
      if (done) return Promise.resolve(done.value);
      pending ??= load().then(
        (value) => {
          done = { value };
          return value;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}
