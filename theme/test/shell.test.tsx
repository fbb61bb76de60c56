// The page shell's logic: the inline head script (colour mode, dismissed announcement
// bar, base-URL banner), third-party tags, collapse durations and dropdown behaviour.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteData } from '../src/generated/contract';
import {
  BASE_URL_BANNER_ID,
  inlineHeadScript,
  suggestBaseUrl,
  thirdPartyTags,
} from '../src/app/headScripts';
import { render } from '../src/entry-server';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from '../src/components/AnnouncementBar/keys';
import { Dropdown } from '../src/components/Dropdown';
import { autoHeightDuration, collapseDuration } from '../src/lib/collapse';
import { WHOLE_ARTICLE_ATTRIBUTE } from '../src/lib/reveal';
import { click, mount, withProviders } from './render';
import { page, site } from './fixtures';

/**
 * Runs the inline script of a page the way the browser would, at `pathname`, in a document
 * whose canonical link names `route` (as `renderHead` writes it before the script).
 */
function runHeadScript(script: string, pathname: string, route = page.path): void {
  window.history.replaceState(null, '', pathname);
  document.head.querySelector('link[rel="canonical"]')?.remove();
  const canonical = document.createElement('link');
  canonical.rel = 'canonical';
  canonical.href = `${site.url.replace(/\/+$/, '')}${route}`;
  document.head.appendChild(canonical);
  // Collect this run's DOMContentLoaded callbacks and call them (the event fires once per page).
  const callbacks: (() => void)[] = [];
  const original = document.addEventListener;
  document.addEventListener = ((type: string, callback: () => void) => {
    if (type === 'DOMContentLoaded') callbacks.push(callback);
  }) as typeof document.addEventListener;
  try {
    new Function(script)();
  } finally {
    document.addEventListener = original;
  }
  for (const callback of callbacks) callback();
}

afterEach(() => {
  document.documentElement.removeAttribute('data-announcement-bar-initially-dismissed');
  document.documentElement.removeAttribute(WHOLE_ARTICLE_ATTRIBUTE);
  document.documentElement.style.colorScheme = '';
  document.getElementById(BASE_URL_BANNER_ID)?.remove();
  window.history.replaceState(null, '', '/');
});

describe('suggested base URL', () => {
  it.each([
    ['/sub/docs/x', '/docs/x', '/', '/sub/'],
    ['/sub/', '/', '/', '/sub/'],
    ['/sub/index.html', '/', '/', '/sub/'],
    ['/a/b/docs/x/', '/docs/x', '/', '/a/b/'],
    ['/docs/x', '/fdc3/docs/x', '/fdc3/', '/'],
    ['/', '/fdc3/', '/fdc3/', '/'],
  ])('%s for route %s under %s suggests %s', (pathname, route, base, expected) => {
    expect(suggestBaseUrl(pathname, route, base)).toBe(expected);
  });

  it.each([
    ['/docs/x', '/docs/x', '/'],
    ['/docs/x/', '/docs/x', '/'],
    ['/docs/x.html', '/docs/x', '/'],
    ['/other/page', '/docs/x', '/'],
    ['/fdc3/docs/x', '/fdc3/docs/x', '/fdc3/'],
  ])('%s for route %s under %s suggests nothing', (pathname, route, base) => {
    expect(suggestBaseUrl(pathname, route, base)).toBeNull();
  });
});

describe('inline head script', () => {
  const script = (overrides: Partial<SiteData> = {}) => inlineHeadScript({ ...site, ...overrides });

  it('applies the default mode, or the stored one', () => {
    runHeadScript(script(), page.path);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.colorScheme).toBe('light');
    localStorage.setItem('theme', 'dark');
    runHeadScript(script(), page.path);
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('marks a page loaded with a hash, whose article is then laid out whole', () => {
    runHeadScript(script(), page.path);
    expect(document.documentElement.hasAttribute(WHOLE_ARTICLE_ATTRIBUTE)).toBe(false);
    runHeadScript(script(), `${page.path}#a-heading`);
    expect(document.documentElement.hasAttribute(WHOLE_ARTICLE_ATTRIBUTE)).toBe(true);
  });

  it('ignores the stored mode when the switch is disabled, and follows the system only when asked', () => {
    localStorage.setItem('theme', 'dark');
    runHeadScript(script({ colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false } }), page.path);
    expect(document.documentElement.dataset.theme).toBe('light');
    localStorage.removeItem('theme');
    const dark = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('dark') })) as typeof window.matchMedia;
    try {
      runHeadScript(script({ colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true } }), page.path);
      expect(document.documentElement.dataset.theme).toBe('dark');
      runHeadScript(script(), page.path);
      expect(document.documentElement.dataset.theme).toBe('light');
    } finally {
      window.matchMedia = dark;
    }
  });

  it('marks a dismissed announcement bar, but not one with a new id', () => {
    const bar = site.announcementBar!;
    localStorage.setItem(ANNOUNCEMENT_ID_KEY, bar.id);
    localStorage.setItem(ANNOUNCEMENT_DISMISS_KEY, 'true');
    runHeadScript(script(), page.path);
    expect(document.documentElement.getAttribute('data-announcement-bar-initially-dismissed')).toBe('true');
    document.documentElement.removeAttribute('data-announcement-bar-initially-dismissed');
  document.documentElement.removeAttribute(WHOLE_ARTICLE_ATTRIBUTE);
    localStorage.setItem(ANNOUNCEMENT_ID_KEY, 'an-older-one');
    runHeadScript(script(), page.path);
    expect(document.documentElement.hasAttribute('data-announcement-bar-initially-dismissed')).toBe(false);
  });

  it('keeps working when localStorage throws', () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('denied');
      },
    });
    try {
      runHeadScript(script(), page.path);
      expect(document.documentElement.dataset.theme).toBe('light');
    } finally {
      if (descriptor) Object.defineProperty(window, 'localStorage', descriptor);
    }
  });

  it('shows the base-URL banner, with a suggestion, when the address does not fit the configuration', () => {
    runHeadScript(script(), `/mirror${page.path}`);
    const banner = document.getElementById(BASE_URL_BANNER_ID);
    expect(banner?.getAttribute('role')).toBe('alert');
    expect(banner?.textContent).toContain('Your Docusaurus site did not load properly.');
    expect(banner?.textContent).toContain('Current configured baseUrl = / (default value)');
    expect(banner?.textContent).toContain('We suggest trying baseUrl = /mirror/');
  });

  it('shows no banner where the page belongs, nor on the not-found page', () => {
    runHeadScript(script(), page.path);
    expect(document.getElementById(BASE_URL_BANNER_ID)).toBeNull();
    runHeadScript(script(), '/anything/else', '/404.html');
    expect(document.getElementById(BASE_URL_BANNER_ID)).toBeNull();
    runHeadScript(script(), '/mirror/404.html', '/404.html');
    expect(document.getElementById(BASE_URL_BANNER_ID)).toBeNull();
  });

  it('reads the route from the canonical link, so every page has the same script', () => {
    expect(script()).not.toContain(page.path);
    runHeadScript(script(), '/mirror/docs/other', '/docs/other');
    expect(document.getElementById(BASE_URL_BANNER_ID)?.textContent).toContain('We suggest trying baseUrl = /mirror/');
    document.getElementById(BASE_URL_BANNER_ID)?.remove();
    runHeadScript(script(), '/docs/other', '/docs/other');
    expect(document.getElementById(BASE_URL_BANNER_ID)).toBeNull();
  });

  it('cannot be closed early by page data', () => {
    const hostile = inlineHeadScript({ ...site, baseUrl: '/</script><script>alert(1)</script>/', url: 'https://x/</script>' });
    expect(hostile).not.toContain('</script>');
  });
});

describe('pre-rendered head', () => {
  it('carries the inline script and, only when configured, analytics and scripts', () => {
    const { head } = render(page.path, site, { routes: {}, notFound: '/404.json' }, page, null);
    expect(head).toContain(`<script>${inlineHeadScript(site)}</script>`);
    expect(head).not.toContain('googletagmanager');
    const configured = { ...site, analytics: { trackingId: 'G-X', anonymizeIp: true }, scripts: [{ src: 'https://x.example/b.js', defer: false }] };
    const withTags = render(page.path, configured, { routes: {}, notFound: '/404.json' }, page, null).head;
    expect(withTags).toContain('gtag/js?id=G-X');
    expect(withTags).toContain('<script src="https://x.example/b.js" async></script>');
  });
});

describe('third-party tags', () => {
  it('are empty by default', () => {
    expect(thirdPartyTags(site)).toEqual([]);
  });

  it('load gtag.js async with IP anonymisation, and scripts async or deferred', () => {
    const tags = thirdPartyTags({
      ...site,
      analytics: { trackingId: 'G-ABC', anonymizeIp: true },
      scripts: [
        { src: 'https://buttons.github.io/buttons.js', defer: false },
        { src: '/js/late.js', defer: true },
      ],
    }).join('\n');
    expect(tags).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC"></script>');
    expect(tags).toContain(`gtag('config',"G-ABC",{anonymize_ip:true})`);
    expect(tags).toContain('<script src="https://buttons.github.io/buttons.js" async></script>');
    expect(tags).toContain('<script src="/js/late.js" defer></script>');
  });
});

describe('collapse duration', () => {
  it('grows with the height', () => {
    expect(autoHeightDuration(0)).toBe(40);
    expect(autoHeightDuration(36)).toBe(192);
    expect(autoHeightDuration(360)).toBeGreaterThan(autoHeightDuration(36));
    expect(collapseDuration(360)).toBe(autoHeightDuration(360));
  });

  it('is 1 ms under reduced motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce') })) as typeof window.matchMedia;
    try {
      expect(collapseDuration(360)).toBe(1);
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('dropdown', () => {
  const entries = [{ label: 'One', to: '/one' }];

  it('stays open when the toggle is clicked after the pointer opened it; a second click closes it', () => {
    const root = mount(withProviders(<Dropdown label="Menu" entries={entries} />));
    const toggle = root.querySelector('button')!;
    act(() => {
      toggle.parentElement!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on touch and focus outside', () => {
    const root = mount(withProviders(<Dropdown label="Menu" entries={entries} />));
    const toggle = root.querySelector('button')!;
    click(toggle);
    act(() => {
      document.body.dispatchEvent(new Event('touchstart', { bubbles: true }));
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    click(toggle);
    const outside = document.createElement('button');
    document.body.append(outside);
    act(() => outside.focus());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    outside.remove();
  });
});
