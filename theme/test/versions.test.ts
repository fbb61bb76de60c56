import { describe, expect, it } from 'vitest';
import { activeVersionName, chooseVersionRoute, findVersion, versionDropdownTarget } from '../src/lib/versions';
import { page, site } from './fixtures';

describe('version choice', () => {
  it('prefers the version of the page being read', () => {
    expect(activeVersionName(site, { version: 'current' }, '1.2')).toBe('current');
  });
  it('then the stored preference, then the latest version', () => {
    expect(activeVersionName(site, { version: null }, '1.2')).toBe('1.2');
    expect(activeVersionName(site, { version: null }, null)).toBe('2.2');
  });
});

describe('chooseVersionRoute', () => {
  const toByVersion = { current: '/docs/next/fdc3-intro', '2.2': '/docs/fdc3-intro' };
  it('picks the route of the active version', () => {
    expect(chooseVersionRoute(toByVersion, 'current')).toBe('/docs/next/fdc3-intro');
    expect(chooseVersionRoute(toByVersion, '2.2')).toBe('/docs/fdc3-intro');
  });
  it('falls back to the first entry when the version lacks the doc', () => {
    expect(chooseVersionRoute(toByVersion, '1.0')).toBe('/docs/next/fdc3-intro');
  });
  it('gives null when there is no route at all', () => {
    expect(chooseVersionRoute({}, '2.2')).toBeNull();
  });
});

describe('versionDropdownTarget', () => {
  it('links to the same doc in each version, else that version’s main doc', () => {
    const next = findVersion(site, 'current')!;
    const old = findVersion(site, '1.2')!;
    expect(versionDropdownTarget(page, next)).toBe('/docs/next/api/spec');
    expect(versionDropdownTarget({ versionRoutes: {} }, old)).toBe('/docs/1.2/fdc3-intro');
  });
});
