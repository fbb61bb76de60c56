import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Element, PageData } from '../src/generated/contract';
import { categoryFromHash } from '../src/components/Showcase';
import { readShowcase } from '../src/components/Showcase/model';
import { lazyComponentsIn, preloadAllContent, preloadContent } from '../src/content/lazy';
import { Nodes } from '../src/content/Nodes';
import { render } from '../src/entry-server';
import { click, hydrateServerHtml, mount, withProviders } from './render';
import { homePage, routes, site } from './fixtures';

/** A card as the engine builds it from a `cards` data file. */
function card(id: string, title: string, category: string, extra: Element[] = [], links: Record<string, string> = {}): Element {
  return {
    t: 'ShowcaseCard',
    a: { id, category, categoryLabel: category === 'adopter' ? 'Adopters' : 'Demos', ...links },
    c: [
      { t: 'CardTitle', c: [title] },
      { t: 'CardPublisher', c: [`${title} Ltd`] },
      ...extra,
      { t: 'CardDescription', c: [{ t: 'p', c: [`About ${title}.`] }] },
    ],
  };
}

const showcase: Element = {
  t: 'Showcase',
  a: { data: 'community', filterable: 'true', default: 'adopter' },
  c: [
    { t: 'ShowcaseCategory', a: { id: 'adopter', label: 'Adopters', count: '2' } },
    { t: 'ShowcaseCategory', a: { id: 'demos', label: 'Demos', count: '1' } },
    card('acme-bank', 'acme bank', 'adopter'),
    card('contoso', 'Contoso', 'adopter'),
    card(
      'northwind-agent',
      'Northwind Agent',
      'demos',
      [
        { t: 'CardBadge', a: { description: 'Anyone may change the source.' }, c: ['Open Source'] },
        { t: 'CardConformance', a: { version: '2.0', date: '2023-06-09', dateText: '9 June 2023', link: 'https://news.example.org/nw' }, c: ['Northwind Agent 3.1'] },
      ],
      { infoLink: 'https://northwind.example.org', docsLink: '/docs/api/spec' },
    ),
    { t: 'ShowcaseBadge', a: { text: 'Open Source' }, c: ['Anyone may change the source.'] },
    { t: 'ShowcaseContribute', a: { url: 'https://example.org/edit/community.json', prompt: 'Using it?' }, c: ['Add your details'] },
  ],
};

const home: Element[] = [
  { t: 'Hero', a: { title: 'FDC3', tagline: 'Apps that work together' }, c: [{ t: 'p', c: ['Lead.'] }, { t: 'ul', c: [{ t: 'li', c: [{ t: 'a', a: { href: '/docs/fdc3-intro' }, c: ['Read the standard'] }] }] }] },
  {
    t: 'CardGrid',
    c: [
      { t: 'Card', a: { title: 'API', href: '/docs/api/spec', icon: 'api' }, c: [{ t: 'p', c: ['Calls.'] }] },
      { t: 'Card', a: { title: 'Agent Bridging', badge: 'Experimental', icon: 'bridging' } },
    ],
  },
  {
    t: 'UserGrid',
    a: { data: 'users' },
    c: [
      { t: 'UserTile', a: { href: 'https://scottlogic.example.org', member: 'true' }, c: ['Scott Logic'] },
      { t: 'ShowcaseContribute', a: { url: 'https://example.org/edit/users.json' }, c: ['Add your company'] },
    ],
  },
];

const visibleTitles = (root: HTMLElement) => [...root.querySelectorAll('article:not([hidden]) h3')].map((h) => h.textContent);

beforeAll(async () => {
  await preloadAllContent();
});

describe('on-demand content components', () => {
  it('are found anywhere in a content tree', () => {
    const nested: Element[] = [{ t: 'Admonition', c: [{ t: 'Showcase', a: { data: 'x' } }] }, ...home];
    expect([...lazyComponentsIn(nested)].sort()).toEqual(['Card', 'CardGrid', 'Hero', 'Showcase', 'UserGrid']);
    expect(lazyComponentsIn([{ t: 'p', c: ['text'] }]).size).toBe(0);
  });

  it('preload nothing for a page without them', async () => {
    await expect(preloadContent([{ t: 'p', c: ['plain'] }])).resolves.toBeUndefined();
  });
});

describe('Showcase', () => {
  it('reads the engine element into categories, cards, badges and the contribute link', () => {
    const data = readShowcase(showcase);
    expect(data.filterable).toBe(true);
    expect(data.categories.map((c) => `${c.id}:${c.count}`)).toEqual(['adopter:2', 'demos:1']);
    expect(data.cards[2]).toMatchObject({ title: 'Northwind Agent', publisher: 'Northwind Agent Ltd', infoLink: 'https://northwind.example.org', badges: [{ text: 'Open Source' }] });
    expect(data.cards[2]?.conformance[0]).toMatchObject({ product: 'Northwind Agent 3.1', version: '2.0', dateText: '9 June 2023' });
    expect(data.contribute).toEqual({ label: 'Add your details', url: 'https://example.org/edit/community.json', prompt: 'Using it?' });
  });

  it('shows the default category first and one category at a time, in the engine order', () => {
    const root = mount(withProviders(<Nodes nodes={[showcase]} />));
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Adopters(2)', 'Demos(1)']);
    expect(buttons[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(visibleTitles(root)).toEqual(['acme bank', 'Contoso']);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('2 entries in Adopters, sorted by title');
    click(buttons[1] ?? null);
    expect(buttons[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(buttons[0]?.getAttribute('aria-pressed')).toBe('false');
    expect(visibleTitles(root)).toEqual(['Northwind Agent']);
    expect(root.querySelectorAll('article').length).toBe(3);
  });

  it('renders a card with its type, badges, conformance and links', () => {
    const root = mount(withProviders(<Nodes nodes={[showcase]} />, { url: '/community#demos' }));
    const article = root.querySelector('article#northwind-agent') as HTMLElement;
    expect(article.hidden).toBe(false);
    expect(article.textContent).toContain('Open Source');
    expect(article.textContent).toContain('Northwind Agent 3.1 certified for FDC3 2.0 on 9 June 2023');
    const more = article.querySelector('a[aria-label="More info: Northwind Agent"]');
    expect(more?.getAttribute('href')).toBe('https://northwind.example.org');
    expect(more?.getAttribute('target')).toBe('_blank');
    expect(article.querySelector('a[aria-label="Documentation: Northwind Agent"]')?.getAttribute('href')).toBe('/docs/api/spec');
    expect(root.textContent).toContain('Using it? Add your details');
    expect(root.querySelector('dl')?.textContent).toContain('Anyone may change the source.');
  });

  it('selects the category a hash names', () => {
    const { categories } = readShowcase(showcase);
    expect(categoryFromHash('#demos', categories)).toBe('demos');
    expect(categoryFromHash('#nowhere', categories)).toBeNull();
    expect(categoryFromHash('', categories)).toBeNull();
  });

  it('shows every card without filter buttons when not filterable', () => {
    const plain: Element = { ...showcase, a: { data: 'training', filterable: 'false', default: 'adopter' }, c: showcase.c?.filter((c) => typeof c !== 'string' && c.t !== 'ShowcaseCategory') };
    const root = mount(withProviders(<Nodes nodes={[plain]} />));
    expect(root.querySelectorAll('button').length).toBe(0);
    expect(visibleTitles(root)).toEqual(['acme bank', 'Contoso', 'Northwind Agent']);
  });
});

describe('home page components', () => {
  it('render the hero, the cards and the users grid', () => {
    const root = mount(withProviders(<Nodes nodes={home} />));
    expect(root.querySelector('header h1')?.textContent).toBe('FDC3');
    expect(root.textContent).toContain('Apps that work together');
    expect(root.querySelector('header a')?.getAttribute('href')).toBe('/docs/fdc3-intro');
    const cards = [...root.querySelectorAll('section')];
    expect(cards.map((c) => c.querySelector('h3')?.textContent)).toEqual(['API', 'Agent Bridging']);
    expect(cards[0]?.querySelector('h3 a')?.getAttribute('href')).toBe('/docs/api/spec');
    expect(cards[0]?.querySelector('svg')).not.toBeNull();
    expect(cards[1]?.textContent).toContain('Experimental');
    const tile = root.querySelector('ul a[href="https://scottlogic.example.org"]');
    expect(tile?.textContent).toBe('Scott Logic');
    expect(root.textContent).toContain('Add your company');
  });
});

describe('site pages on the server and the client', () => {
  let root: Root | null = null;
  afterEach(() => {
    if (root) act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  const page: PageData = { ...homePage, path: '/community', title: 'Community', hideTitle: false, content: [...home, showcase] };

  it('pre-renders the components, cards and all', () => {
    const { html } = render(page.path, site, routes, page, null);
    expect(html).not.toContain('data-unknown-component');
    expect(html).toContain('<h1 class=');
    expect(html).toContain('Northwind Agent 3.1');
    expect(html).toContain('aria-pressed="true"');
    expect((html.match(/<article id=/g) ?? []).length).toBe(3);
  });

  it('hydrate without warnings', () => {
    const hydrated = hydrateServerHtml(site, routes, page, null);
    root = hydrated.root;
    expect(hydrated.errors).toEqual([]);
    expect(hydrated.warnings).toEqual([]);
    expect(document.querySelectorAll('[data-showcase] article:not([hidden])').length).toBe(2);
  });
});
