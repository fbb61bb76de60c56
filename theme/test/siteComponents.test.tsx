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

const use: Element = { t: 'SiteComponent', a: { module: 'src/Counter.js', export: 'default', props: '{"start":2}' }, c: [{ t: 'p', c: ['Some ', { t: 'strong', c: ['text'] }] }] };

afterEach(() => {
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

  it('name a module that is not part of the build', async () => {
    await expect(loadSiteModule('src/Nope.js')).rejects.toThrow('src/Nope.js is not part of this theme build');
  });
});
