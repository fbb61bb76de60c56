import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColorModeToggle } from '../src/components/ColorModeToggle';
import { COLOR_MODE_STORAGE_KEY } from '../src/contexts/ColorMode';
import { readStorage, resetStorageWarning, writeStorage } from '../src/lib/storage';
import { click, mount, withProviders } from './render';

function toggleButton(root: HTMLElement): HTMLButtonElement {
  return root.querySelector('button') as HTMLButtonElement;
}

describe('colour mode', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetStorageWarning();
  });

  it('starts from the mode the head script set on <html>', () => {
    document.documentElement.dataset.theme = 'dark';
    const root = mount(withProviders(<ColorModeToggle />));
    expect(toggleButton(root).getAttribute('aria-label')).toBe('Switch between dark and light mode (currently dark mode)');
  });

  it('toggles, applies the mode to <html> and stores it under "theme"', () => {
    document.documentElement.dataset.theme = 'light';
    const root = mount(withProviders(<ColorModeToggle />));
    click(toggleButton(root));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(toggleButton(root).getAttribute('aria-label')).toBe('Switch between dark and light mode (currently dark mode)');
    click(toggleButton(root));
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('light');
  });

  it('follows a change made in another tab, and falls back to the default when cleared', () => {
    document.documentElement.dataset.theme = 'light';
    const root = mount(withProviders(<ColorModeToggle />));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: COLOR_MODE_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(toggleButton(root).getAttribute('aria-label')).toContain('(currently dark mode)');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: COLOR_MODE_STORAGE_KEY, newValue: null }));
    });
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('keeps working without persistence when localStorage throws, warning once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    vi.spyOn(window, 'localStorage', 'get').mockReturnValue(failing as unknown as Storage);
    document.documentElement.dataset.theme = 'light';
    const root = mount(withProviders(<ColorModeToggle />));
    click(toggleButton(root));
    click(toggleButton(root));
    click(toggleButton(root));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(toggleButton(root).getAttribute('aria-label')).toContain('(currently dark mode)');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('safe storage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetStorageWarning();
  });

  it('reads and writes normally', () => {
    writeStorage('k', 'v');
    expect(readStorage('k')).toBe('v');
  });

  it('returns null and warns once when localStorage itself is inaccessible', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readStorage('k')).toBeNull();
    writeStorage('k', 'v');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
