import { describe, expect, it } from 'vitest';
import { isRoutedLink } from '../src/components/Link';
import { isExternalUrl, isLinkActive, looksLikeFile, normalizePath } from '../src/lib/paths';

describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/docs/api/spec', '/docs/api/spec'],
    ['/docs/api/spec/', '/docs/api/spec'],
    ['/docs/api/spec.html', '/docs/api/spec'],
    ['/docs/api/index.html', '/docs/api'],
    ['/docs/api/spec/index.html', '/docs/api/spec'],
    ['/index.html', '/'],
    ['/docs/caf%C3%A9', '/docs/café'],
    ['/docs/a%20b/', '/docs/a b'],
    ['/docs/bad%E0%A4%A', '/docs/bad%E0%A4%A'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });
});

describe('link kinds', () => {
  it('tells external from internal URLs', () => {
    expect(isExternalUrl('https://finos.org')).toBe(true);
    expect(isExternalUrl('mailto:a@b.c')).toBe(true);
    expect(isExternalUrl('//cdn.example.com/x')).toBe(true);
    expect(isExternalUrl('/docs')).toBe(false);
    expect(isRoutedLink('/docs/api/spec#x')).toBe(true);
    expect(isRoutedLink('#x')).toBe(false);
    expect(isRoutedLink('//cdn.example.com')).toBe(false);
    expect(isRoutedLink('/assets/spec.pdf')).toBe(false);
  });

  it('recognises file links', () => {
    expect(looksLikeFile('/assets/spec.pdf')).toBe(true);
    expect(looksLikeFile('/docs/page.html')).toBe(false);
    expect(looksLikeFile('/docs/api/spec')).toBe(false);
    expect(looksLikeFile('/docs/2.1/fdc3-intro')).toBe(false);
  });
});

describe('isLinkActive', () => {
  const link = { to: '/community', activeBasePath: null, activeBaseRegex: null };
  it('matches the target exactly', () => {
    expect(isLinkActive('/community', link)).toBe(true);
    expect(isLinkActive('/community/x', link)).toBe(false);
  });
  it('matches a base path prefix', () => {
    expect(isLinkActive('/docs/api/spec', { ...link, activeBasePath: '/docs' })).toBe(true);
  });
  it('matches a base regex and ignores an invalid one', () => {
    expect(isLinkActive('/docs/next/x', { ...link, activeBaseRegex: '^/docs/next' })).toBe(true);
    expect(isLinkActive('/x', { ...link, activeBaseRegex: '(' })).toBe(false);
  });
});
