//! localStorage that never throws. Private browsing, disabled cookies or a full quota
//! make `localStorage` throw; the theme then keeps working without persistence and
//! says so once on the console.

let warned = false;

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn(
    '[docsite] localStorage is unavailable; preferences (colour mode, docs version, tabs) will not be remembered.',
    error,
  );
}

function storage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch (error) {
    warnOnce(error);
    return null;
  }
}

/** The stored value, or null when absent or when storage is unavailable. */
export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch (error) {
    warnOnce(error);
    return null;
  }
}

/** Stores a value; does nothing (after one warning) when storage is unavailable. */
export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch (error) {
    warnOnce(error);
  }
}

/** Removes a value; does nothing (after one warning) when storage is unavailable. */
export function removeStorage(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch (error) {
    warnOnce(error);
  }
}

/** Test hook: lets the next failure warn again. */
export function resetStorageWarning(): void {
  warned = false;
}

/** localStorage key of a tab group's choice (Docusaurus's, so readers keep their choice). */
export function tabGroupStorageKey(groupId: string): string {
  return `docusaurus.tab.${groupId}`;
}
