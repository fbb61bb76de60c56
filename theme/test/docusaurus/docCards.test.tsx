// @theme/DocCardList and @theme/DocCard: Docusaurus's props onto the theme's cards, and
// `<DocCardList />` without `items` from the cards the engine gave the doc's module.
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mdxDoc } from '../../src/docusaurus/mdx';
import DocCard, { type SidebarItem } from '../../src/docusaurus/theme/DocCard';
import DocCardList, { filterDocCardListItems } from '../../src/docusaurus/theme/DocCardList';
import { withProviders } from '../render';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
});
afterEach(() => vi.unstubAllGlobals());

const items: SidebarItem[] = [
  { type: 'link', label: 'Lines', href: '/docs/gear/lines', docId: 'gear/lines', description: 'Which line for which wind.' },
  { type: 'link', label: 'Hidden', href: '/docs/gear/hidden', unlisted: true },
  { type: 'category', label: 'Spools', items: [{ type: 'link', label: 'Wooden', href: '/docs/gear/spools/wooden' }, { type: 'html', value: '<hr>' }] },
  { type: 'category', label: 'Nowhere', items: [] },
  { type: 'category', label: 'Reels', href: '/docs/reels', items: [], description: 'All about reels.' },
  { type: 'html', value: '<hr>' },
];

/** Each card's title, link and text, in order. */
function cards(html: string): { title: string; href: string | null; text: string; classes: string }[] {
  const root = document.createElement('div');
  root.innerHTML = html;
  return [...root.querySelectorAll('section')].map((card) => ({
    title: card.querySelector('h3')?.textContent ?? '',
    href: card.querySelector('h3 a')?.getAttribute('href') ?? null,
    text: card.querySelector('p')?.textContent ?? '',
    classes: card.className,
  }));
}

describe('@theme/DocCard', () => {
  it('shows a link item with its description and a category with its first link and item count', () => {
    const html = renderToString(
      withProviders(
        <>
          <DocCard item={items[0]!} />
          <DocCard item={items[2]!} />
          <DocCard item={items[4]!} />
        </>,
      ),
    );
    expect(cards(html)).toEqual([
      { title: 'Lines', href: '/docs/gear/lines', text: 'Which line for which wind.', classes: expect.stringMatching(/ card$/) },
      { title: 'Spools', href: '/docs/gear/spools/wooden', text: '2 items', classes: expect.stringMatching(/ card$/) },
      { title: 'Reels', href: '/docs/reels', text: 'All about reels.', classes: expect.stringMatching(/ card$/) },
    ]);
  });

  it('says what it takes when given something else than an item', () => {
    expect(() => renderToString(withProviders(<DocCard {...({ header: 'Plugins' } as unknown as Parameters<typeof DocCard>[0])} />))).toThrow(/an `item` of type "link" or "category"/);
  });
});

describe('@theme/DocCardList', () => {
  it('with items, leaves out what leads nowhere, as filterDocCardListItems', () => {
    expect(filterDocCardListItems(items).map((i) => (i.type === 'html' ? 'html' : i.label))).toEqual(['Lines', 'Spools', 'Reels', 'html']);
    const html = renderToString(withProviders(<DocCardList items={items} className="mine" />));
    expect(cards(html).map((c) => c.title)).toEqual(['Lines', 'Spools', 'Reels']);
    expect(html).toMatch(/^<div class="[^"]+ mine">/);
  });

  it("without items, shows the cards the engine gave the doc's module", () => {
    const Doc = mdxDoc(() => <DocCardList />);
    const given = [
      { title: 'Lines', href: '/docs/gear/lines', description: 'Which line for which wind.' },
      { title: 'Kite law', href: 'https://example.org/kite-law', description: null },
    ];
    const html = renderToString(withProviders(<Doc docsiteCards={given} />));
    expect(cards(html)).toEqual([
      { title: 'Lines', href: '/docs/gear/lines', text: 'Which line for which wind.', classes: expect.stringMatching(/ card$/) },
      { title: 'Kite law', href: 'https://example.org/kite-law', text: '', classes: expect.stringMatching(/ card$/) },
    ]);
  });

  it('without items and without cards from the engine, fails instead of showing nothing', () => {
    const Doc = mdxDoc(() => <DocCardList />);
    expect(() => renderToString(withProviders(<Doc />))).toThrow(/without `items` lists the sidebar category/);
  });
});
