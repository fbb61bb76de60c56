//! The docs version the reader last chose in the version dropdown, remembered in
//! localStorage so that version-aware navbar links follow it from non-doc pages.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStorage, removeStorage, writeStorage } from '../lib/storage';
import { createStrictContext } from './createStrictContext';
import { useSiteData } from './SiteData';

/** localStorage key (Docusaurus's, for the default docs plugin). */
export const PREFERRED_VERSION_STORAGE_KEY = 'docs-preferred-version-default';

export type PreferredVersionContextValue = {
  /** Stored version name; null on the server, before hydration, or when none is stored. */
  preferredVersion: string | null;
  /** Remembers a version chosen by the reader. */
  savePreferredVersion: (name: string) => void;
};

const [Provider, usePreferredVersion] = createStrictContext<PreferredVersionContextValue>(
  'usePreferredVersion',
  'PreferredVersionProvider',
);
export { usePreferredVersion };

export function PreferredVersionProvider({ children }: { children: ReactNode }) {
  const { versions } = useSiteData();
  const [preferredVersion, setPreferredVersion] = useState<string | null>(null);

  // Read after hydration; forget a version the site no longer has.
  useEffect(() => {
    const stored = readStorage(PREFERRED_VERSION_STORAGE_KEY);
    if (stored === null) return;
    if (versions.some((v) => v.name === stored)) {
      setPreferredVersion(stored);
    } else {
      removeStorage(PREFERRED_VERSION_STORAGE_KEY);
    }
  }, [versions]);

  const savePreferredVersion = useCallback((name: string) => {
    writeStorage(PREFERRED_VERSION_STORAGE_KEY, name);
    setPreferredVersion(name);
  }, []);

  const value = useMemo(
    () => ({ preferredVersion, savePreferredVersion }),
    [preferredVersion, savePreferredVersion],
  );
  return <Provider value={value}>{children}</Provider>;
}
