//! Colour mode (light/dark). The engine's inline head script sets `html[data-theme]`
//! before first paint and CSS styles from that attribute, so nothing here runs before
//! the page is visible. The React state starts at the configured default on both server
//! and client (identical hydration), then adopts the real mode in an effect.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ColorMode, ColorModeData } from '../generated/contract';
import { readStorage, writeStorage } from '../lib/storage';
import { createStrictContext } from './createStrictContext';
import { useSiteData } from './SiteData';

/** localStorage key of the reader's choice (`light` or `dark`). */
export const COLOR_MODE_STORAGE_KEY = 'theme';

export type ColorModeContextValue = {
  /** The mode in effect. */
  colorMode: ColorMode;
  /** Switches mode and remembers the choice. */
  setColorMode: (mode: ColorMode) => void;
};

const [Provider, useColorMode] = createStrictContext<ColorModeContextValue>(
  'useColorMode',
  'ColorModeProvider',
);
export { useColorMode };

function parseMode(value: string | null | undefined): ColorMode | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** The mode when the reader has no stored choice. */
export function fallbackColorMode(settings: ColorModeData): ColorMode {
  if (settings.respectPrefersColorScheme && typeof window !== 'undefined' && window.matchMedia) {
    return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  return settings.defaultMode;
}

/** The stored choice if valid, else the fallback. */
export function initialColorMode(settings: ColorModeData): ColorMode {
  if (settings.disableSwitch) return settings.defaultMode;
  return parseMode(readStorage(COLOR_MODE_STORAGE_KEY)) ?? fallbackColorMode(settings);
}

function applyToDocument(mode: ColorMode): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const settings = useSiteData().colorMode;
  const [colorMode, setState] = useState<ColorMode>(settings.defaultMode);

  // Adopt the mode the head script applied (or work it out if it did not run).
  useEffect(() => {
    const fromDocument = parseMode(document.documentElement.dataset.theme);
    const mode = fromDocument ?? initialColorMode(settings);
    if (!fromDocument) applyToDocument(mode);
    setState(mode);
  }, [settings]);

  // Follow the choice made in another tab.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== COLOR_MODE_STORAGE_KEY) return;
      const mode = parseMode(event.newValue) ?? fallbackColorMode(settings);
      applyToDocument(mode);
      setState(mode);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [settings]);

  const setColorMode = useCallback((mode: ColorMode) => {
    applyToDocument(mode);
    writeStorage(COLOR_MODE_STORAGE_KEY, mode);
    setState(mode);
  }, []);

  const value = useMemo(() => ({ colorMode, setColorMode }), [colorMode, setColorMode]);
  return <Provider value={value}>{children}</Provider>;
}

