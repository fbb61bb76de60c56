import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { NavbarItem } from '../src/generated/contract';
import { navbarItemComponents } from '../src/components/NavbarItem/ComponentTypes';
import { NavbarItemView } from '../src/components/NavbarItem';
import { Navbar } from '../src/components/Navbar';
import { PREFERRED_VERSION_STORAGE_KEY } from '../src/contexts/PreferredVersion';
import { click, mount, withProviders } from './render';
import { homePage, nextPage, page, site } from './fixtures';

const item = (index: number) => site.navbar.items[index]!;

describe('navbar item registry', () => {
  it('has a component for every item type of the contract', () => {
    expect(Object.keys(navbarItemComponents).sort()).toEqual(
      ['docLink', 'docsVersionDropdown', 'dropdown', 'html', 'link', 'localeDropdown', 'search'].sort(),
    );
  });

  it('renders an unknown type as an error naming the config path', () => {
    const unknown = { type: 'foo', configPath: 'navbar.items[3]', position: 'left' } as unknown as NavbarItem;
    const root = mount(withProviders(<NavbarItemView item={unknown} />));
    expect(root.textContent).toBe('Navbar item navbar.items[3] (type foo) failed to render');
  });

  it('contains an item that throws while rendering', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A docLink without toByVersion makes the component throw.
    const broken = { ...item(0), toByVersion: undefined } as unknown as NavbarItem;
    const root = mount(withProviders(<NavbarItemView item={broken} />));
    expect(root.textContent).toBe('Navbar item navbar.items[0] (type docLink) failed to render');
    spy.mockRestore();
  });

  it('renders the search box: a "Search" button (the field inside the modal says "Search docs")', () => {
    const root = mount(withProviders(<NavbarItemView item={item(7)} />));
    const button = root.querySelector('button');
    // Named by its text ("Search"); the shortcut hint is hidden from assistive technology.
    expect(button?.hasAttribute('aria-label')).toBe(false);
    expect(button?.querySelector('span')?.textContent).toBe('Search');
    expect(button?.querySelector('kbd')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('opens external links in a new tab', () => {
    const root = mount(withProviders(<NavbarItemView item={item(2)} />));
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://directory.fdc3.finos.org');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.querySelector('svg')).not.toBeNull();
  });

  it('marks an href to a path of the site as no external link (as Docusaurus does)', () => {
    const external = item(2) as Extract<NavbarItem, { type: 'link' }>;
    const internal = { ...external, link: { ...external.link, href: '/training', label: 'Training' } } as NavbarItem;
    const root = mount(withProviders(<NavbarItemView item={internal} />));
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/training');
    expect(link?.querySelector('svg')).toBeNull();
  });
});

describe('doc link', () => {
  it('follows the version of the page being read and is active in its sidebar', () => {
    const root = mount(withProviders(<NavbarItemView item={item(0)} />, { page: nextPage }));
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/docs/next/fdc3-intro');
    expect(link?.getAttribute('aria-current')).toBe('page');
  });

  it('uses the stored preferred version outside the docs', () => {
    localStorage.setItem(PREFERRED_VERSION_STORAGE_KEY, '1.2');
    const root = mount(withProviders(<NavbarItemView item={item(0)} />, { page: homePage, sidebar: null }));
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/docs/1.2/fdc3-intro');
    expect(root.querySelector('a')?.hasAttribute('aria-current')).toBe(false);
  });

  it('uses the latest version when nothing is stored', () => {
    const root = mount(withProviders(<NavbarItemView item={item(0)} />, { page: homePage, sidebar: null }));
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/docs/fdc3-intro');
  });
});

describe('docs version dropdown', () => {
  it('is labelled with the active version and links to this doc in every version', () => {
    const root = mount(withProviders(<NavbarItemView item={item(5)} />));
    expect(root.querySelector('button')?.textContent).toBe('2.2');
    const links = Array.from(root.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Next', '/docs/next/api/spec'],
      ['2.2', '/docs/api/spec'],
      ['1.2', '/docs/1.2/fdc3-intro'],
      ['All versions', '/versions'],
    ]);
  });

  it('remembers the chosen version', () => {
    const root = mount(withProviders(<NavbarItemView item={item(5)} />));
    click(root.querySelector('a[href="/docs/next/api/spec"]'));
    expect(localStorage.getItem(PREFERRED_VERSION_STORAGE_KEY)).toBe('current');
  });

  it('forgets a stored version the site no longer has', () => {
    localStorage.setItem(PREFERRED_VERSION_STORAGE_KEY, '0.9');
    mount(withProviders(<NavbarItemView item={item(5)} />, { page: homePage, sidebar: null }));
    expect(localStorage.getItem(PREFERRED_VERSION_STORAGE_KEY)).toBeNull();
  });

  it('opens on click and closes on Escape and on outside presses', () => {
    const root = mount(withProviders(<NavbarItemView item={item(5)} />));
    const toggle = root.querySelector('button')!;
    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    click(toggle);
    act(() => {
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('navbar', () => {
  it('splits items left and right and renders the colour mode switch', () => {
    const root = mount(withProviders(<Navbar />));
    expect(root.querySelector('button[aria-label="Toggle navigation bar"]')).not.toBeNull();
    expect(root.querySelector('button[aria-label^="Switch between dark and light mode"]')).not.toBeNull();
    expect(root.textContent).toContain('Getting Started');
    expect(root.querySelector('img[alt="FDC3 logo"]')).not.toBeNull();
  });

  it('hides the switch when configured', () => {
    const root = mount(
      withProviders(<Navbar />, { site: { ...site, colorMode: { ...site.colorMode, disableSwitch: true } } }),
    );
    expect(root.querySelector('button[aria-label^="Switch between"]')).toBeNull();
  });
});
