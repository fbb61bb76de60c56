//! `@docusaurus/theme-common` for a site's React pages: `useColorMode`, onto the theme's
//! colour-mode context (the navbar's switch and the page follow it). Nothing else of that
//! package is provided; importing another name fails the site's build.
import { useEffect, useState } from 'react';
import type { ColorMode } from '../generated/contract';
import { COLOR_MODE_STORAGE_KEY, fallbackColorMode, useColorMode as useThemeColorMode } from '../contexts/ColorMode';
import { useSiteData } from '../contexts/SiteData';
import { readStorage, removeStorage } from '../lib/storage';

export type { ColorMode };
export type ColorModeChoice = ColorMode | null;

export type ColorModeContextValue = {
  /** The mode in effect. */
  readonly colorMode: ColorMode;
  /** The reader's remembered choice, `null` when none (always `null` before hydration). */
  readonly colorModeChoice: ColorModeChoice;
  /** Switches mode and remembers it; `null` goes back to the site's default (or the system's). */
  readonly setColorMode: (mode: ColorModeChoice) => void;
  readonly isDarkTheme: boolean;
  readonly setLightTheme: () => void;
  readonly setDarkTheme: () => void;
};

function storedChoice(): ColorModeChoice {
  const stored = readStorage(COLOR_MODE_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : null;
}

export function useColorMode(): ColorModeContextValue {
  const { colorMode, setColorMode } = useThemeColorMode();
  const settings = useSiteData().colorMode;
  // Storage is read after hydration, so the first render matches the server's.
  const [choice, setChoice] = useState<ColorModeChoice>(null);
  useEffect(() => setChoice(storedChoice()), [colorMode]);
  const set = (mode: ColorModeChoice) => {
    if (mode !== null) {
      setColorMode(mode);
      return;
    }
    // Forget the choice: the default applies again, in this tab and on later visits.
    setColorMode(fallbackColorMode(settings));
    removeStorage(COLOR_MODE_STORAGE_KEY);
    setChoice(null);
  };
  return {
    colorMode,
    colorModeChoice: choice,
    setColorMode: set,
    isDarkTheme: colorMode === 'dark',
    setLightTheme: () => set('light'),
    setDarkTheme: () => set('dark'),
  };
}
