// The site's components used in docs (`SiteComponent` elements): how the serializer places
// them, and the island that hydrates (first load) or renders (after navigation) each use.
import { act, useState, type ReactNode } from 'react';
import { siteComponents } from 'virtual:docsite-site-components';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Element } from '../src/generated/contract';
import { renderHtml, setSiteComponentRenderer } from '../src/content/html';
import { mountIslands } from '../src/content/islands';
import { loadSiteModule, siteComponent } from '../src/app/siteComponents';
import { Article } from '../src/content/Article';
import { loadSerializer } from '../src/content/serializer';
import { useColorMode } from '../src/contexts/ColorMode';
import { cleanup, mount, withProviders } from './render';

// The theme's own build has an empty table (no site): the test adds a component to it.
function Counter({ start, children }: { start: number; children?: ReactNode }) {
  const [count, setCount] = useState(start);
  return (
    <section>
      <button type="button" onClick={() => setCount(count + 1)}>{`Count ${count}`}</button>
      {children}
    </section>
  );
}
siteComponents['src/Counter.js'] = { load: async () => ({ default: Counter }), source: 'src/Counter.js' };

// One that reads the page's colour mode (as `@docusaurus/theme-common`'s `useColorMode` does).
function Mode() {
  return <p className="mode">{useColorMode().colorMode}</p>;
}
siteComponents['src/Mode.js'] = { load: async () => ({ default: Mode }), source: 'src/Mode.js' };

const use: Element = { t: 'SiteComponent', a: { module: 'src/Counter.js', export: 'default', props: '{"start":2}' }, c: [{ t: 'p', c: ['Some ', { t: 'strong', c: ['text'] }] }] };

afterEach(() => {
  cleanup();
  setSiteComponentRenderer(null);
  document.body.innerHTML = '';
});

/** Lets the island's dynamic import and React's work settle. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('site components in the article', () => {
  it('are islands carrying module, export and props, with the server rendering when there is one', () => {
    expect(renderHtml([use])).toBe(
      '<div data-island="SiteComponent" data-module="src/Counter.js" data-export="default" data-props="{&quot;start&quot;:2}"><div data-site-children=""><p>Some <strong>text</strong></p></div></div>',
    );
    setSiteComponentRenderer((element) => (element === use ? '<section>server</section>' : null));
    expect(renderHtml([use])).toContain('data-ssr=""><section>server</section></div>');
  });

  it('hydrate the server rendering with the children kept, and become interactive', async () => {
    await loadSiteModule('src/Counter.js');
    const Counter = siteComponent('src/Counter.js', 'default');
    const children = renderHtml(use.c);
    const server = renderToString(<Counter start={2}>{<div data-site-children="" dangerouslySetInnerHTML={{ __html: children }} />}</Counter>);
    setSiteComponentRenderer(() => server);
    document.body.innerHTML = `<div>${renderHtml([use])}</div>`;
    const element = document.querySelector<HTMLElement>('[data-island]')!;
    const strong = element.querySelector('strong');
    const errors = vi.spyOn(console, 'error');
    let detach = () => {};
    await act(async () => {
      const mounted = mountIslands(document.body);
      detach = mounted;
      await mounted.ready;
    });
    await settle();
    act(() => element.querySelector('button')!.click());
    expect(element.querySelector('button')!.textContent).toBe('Count 3');
    // Hydrated: the children are the very elements the server wrote.
    expect(element.querySelector('strong')).toBe(strong);
    expect(errors).not.toHaveBeenCalled();
    detach();
    await settle();
    expect(element.innerHTML).toBe('');
  });

  it('render after client-side navigation, where only the children were written', async () => {
    document.body.innerHTML = `<div>${renderHtml([use])}</div>`;
    const element = document.querySelector<HTMLElement>('[data-island]')!;
    await act(async () => {
      await mountIslands(document.body).ready;
    });
    await settle();
    expect(element.querySelector('button')!.textContent).toBe('Count 2');
    expect(element.querySelector('[data-site-children] strong')!.textContent).toBe('text');
  });

  it('follow the page: a colour-mode switch renders the component again', async () => {
    await loadSerializer();
    const modeUse: Element = { t: 'SiteComponent', a: { module: 'src/Mode.js', export: 'default', props: '{}' } };
    const container = mount(withProviders(<Article path="/docs/mode" content={[modeUse]} />));
    for (let i = 0; i < 20 && !container.querySelector('.mode'); i += 1) await settle();
    expect(container.querySelector('.mode')?.textContent).toBe('light');
    // Another tab switches to dark: the theme's provider follows, and so does the island's root.
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' })));
    await settle();
    expect(container.querySelector('.mode')?.textContent).toBe('dark');
    delete document.documentElement.dataset.theme;
    document.documentElement.style.colorScheme = '';
  });

  it('name a module that is not part of the build', async () => {
    await expect(loadSiteModule('src/Nope.js')).rejects.toThrow('src/Nope.js is not part of this theme build');
  });
});
