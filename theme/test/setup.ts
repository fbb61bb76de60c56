// Test setup: a clean DOM and storage for every test (DOM environment only; the
// worker test runs in plain Node).
import { afterEach } from 'vitest';
import { cleanup } from './render';
import { loadAnnouncementBar } from '../src/app/announcementBar';

// The bar's chunk is loaded before any page renders (as the entries do).
await loadAnnouncementBar();

afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
