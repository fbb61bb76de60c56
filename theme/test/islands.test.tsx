import { act } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Element, Node } from '../src/generated/contract';
import { adoptServerArticle, Article, CONTENT_IN_HTML, routeLinks } from '../src/content/Article';
import { render } from '../src/entry-server';
import { createRoot } from 'react-dom/client';
import { renderHtml } from '../src/content/html';
import { ATTACH_SLICE_MS, mountIslands, type IslandModule } from '../src/content/islands';
import { Nodes } from '../src/content/Nodes';
import { resetTabChoices } from '../src/content/islands/tabs';
import { MEASURE_MARGIN } from '../src/content/islands/codeBlock';
import { tabGroupStorageKey } from '../src/contexts/TabGroups';
import { content, page, routes, sidebar, site } from './fixtures';
import { hydrateServerHtml, withProviders } from './render';

vi.mock('mermaid', () => ({
  default: {
    initialize: () => undefined,
    render: async (id: string) => ({ svg: `<svg id="${id}"></svg>` }),
  },
}));

/** Every kind of node the engine writes, beyond the fixture page. */
const EVERYTHING: Node[] = [
  ...content,
  { t: 'p', a: { style: 'text-align: center; --gap: 2px', class: 'x', 'data-x': 'a"b' }, c: ['a < b & "c" \'d\''] },
  { t: 'img', a: { src: '/img/a.png', alt: 'An <image>', width: '20', srcset: 'a.png 2x' } },
  { t: 'ul', a: { class: 'contains-task-list' }, c: [{ t: 'li', a: { class: 'task-list-item' }, c: [{ t: 'input', a: { type: 'checkbox', checked: '', disabled: '' } }, ' Done ', { t: 'ul', c: [{ t: 'li', c: ['nested'] }] }] }] },
  { t: 'details', a: { open: '' }, c: [{ t: 'summary', c: ['S'] }, 'body'] },
  { t: 'td', a: { align: 'right', colspan: '2', onclick: 'alert(1)' }, c: ['cell'] },
  { t: 'a', a: { href: '/files/spec.pdf' }, c: ['a file'] },
  { t: 'a', a: { href: '/docs/x', 'data-reload': 'true' }, c: ['reload'] },
  { t: 'a', a: { href: 'mailto:a@b.c', title: 'Mail' }, c: ['mail'] },
  { t: 'Heading', a: { level: '4' }, c: ['No id'] },
  { t: 'CodeBlock', a: { lang: 'ts', lineNumbers: '3', html: '<span class="line">a</span>\n<span class="line">b</span>' } },
  { t: 'CodeBlock', a: { lang: 'ts', signature: '1', html: '<span class="line">f(<span class="pa">a: A</span>, <span class="pa">b: B</span>): C;</span>' } },
  { t: 'Admonition', a: { kind: 'danger' }, c: [{ t: 'AdmonitionTitle', c: ['Rich ', { t: 'em', c: ['title'] }] }, { t: 'p', c: ['x'] }] },
  { t: 'Admonition', a: { kind: 'unknown-kind', title: 'T' }, c: ['y'] },
  { t: 'Tabs', c: [{ t: 'TabItem', c: ['one'] }, { t: 'TabItem', c: ['two'] }] },
  { t: 'TabItem', c: ['stray'] },
  { t: 'Mermaid', a: { code: 'graph LR; A-->B', width: '300', height: '200', fit: 'true' } },
  { t: 'Mermaid', a: { code: 'graph LR; C-->D', width: '120', height: '80' } },
  { t: 'Details', a: { open: 'true' }, c: [{ t: 'summary', c: ['Open'] }] },
  { t: 'Future', c: ['kept'] },
];

/** Generated tab ids and the island markers are the serializer's own; the rest must agree. */
function normalise(html: string): string {
  return html
    // React 19 hoists a preload of an image with `srcset` (for a whole document's head).
    .replace(/<link rel="preload"[^>]*>/g, '')
    // Attribute names are case-insensitive in HTML (React writes `colSpan`).
    .replace(/ ([a-zA-Z-]+)="/g, (_, name: string) => ` ${name.toLowerCase()}="`)
    .replace(/ data-(island|group-id|value)="[^"]*"/g, '')
    .replace(/"[A-Za-z0-9_-]*?-(tab|panel)-(\d+)"/g, '"ID-$1-$2"');
}

function mountHtml(nodes: Node[]): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderHtml(nodes);
  document.body.append(container);
  return container;
}

/** Waits for island chunks (dynamic imports) to load and attach. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

const detachers: (() => void)[] = [];
afterEach(() => {
  for (const detach of detachers.splice(0)) detach();
  document.body.innerHTML = '';
  resetTabChoices();
});

describe('content serializer', () => {
  it('writes the markup the React renderer writes, for every kind of node', () => {
    const react = renderToStaticMarkup(withProviders(<Nodes nodes={EVERYTHING} />));
    expect(normalise(renderHtml(EVERYTHING))).toBe(normalise(react));
  });

  it('gives each tab group of a page its own ids and marks the islands', () => {
    const html = renderHtml([{ t: 'Tabs', c: [{ t: 'TabItem', c: ['a'] }] }, { t: 'Tabs', c: [{ t: 'TabItem', c: ['b'] }] }], { idPrefix: 'p' });
    expect(html).toContain('id="p-tabs-0-tab-0"');
    expect(html).toContain('id="p-tabs-1-tab-0"');
    expect(html.match(/data-island="Tabs"/g)).toHaveLength(2);
  });

  it('escapes text and attributes and never writes event handlers', () => {
    const html = renderHtml([{ t: 'p', a: { onclick: 'x()', title: '"><script>' }, c: ['<script>alert(1)</script>'] }]);
    expect(html).toBe('<p title="&quot;&gt;&lt;script&gt;">&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('refuses an element name that is not a tag', () => {
    expect(() => renderHtml([{ t: 'p onclick=x' }])).toThrow(/not an HTML tag/);
  });
});

describe('islands', () => {
  const groupTabs = (value: string): Element => ({
    t: 'Tabs',
    a: { groupId: 'lang' },
    c: [
      { t: 'TabItem', a: { value: 'ts', label: 'TypeScript' }, c: ['ts'] },
      { t: 'TabItem', a: { value: 'cs', label: 'C#', ...(value === 'cs' ? { default: 'true' } : {}) }, c: ['cs'] },
    ],
  });
  const selected = (root: HTMLElement) =>
    Array.from(root.querySelectorAll('[role="tab"][aria-selected="true"]'), (tab) => tab.textContent);
  const visiblePanels = (root: HTMLElement) =>
    Array.from(root.querySelectorAll<HTMLElement>('[role="tabpanel"]')).filter((panel) => !panel.hidden).map((panel) => panel.textContent);

  it('switch tab groups together, remember the choice, and answer the arrow keys', async () => {
    const root = mountHtml([groupTabs('ts'), groupTabs('cs'), { t: 'Tabs', c: [{ t: 'TabItem', a: { value: 'x' }, c: ['x'] }, { t: 'TabItem', a: { value: 'y' }, c: ['y'] }] }]);
    const islands = mountIslands(root);
    detachers.push(islands);
    await islands.ready;
    expect(selected(root)).toEqual(['TypeScript', 'C#', 'x']);
    (root.querySelectorAll<HTMLElement>('[role="tab"]')[1] as HTMLElement).click();
    expect(selected(root)).toEqual(['C#', 'C#', 'x']);
    expect(visiblePanels(root)).toEqual(['cs', 'cs', 'x']);
    expect(window.localStorage.getItem(tabGroupStorageKey('lang'))).toBe('cs');
    const first = root.querySelectorAll<HTMLElement>('[role="tab"]')[0] as HTMLElement;
    first.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    expect(selected(root)).toEqual(['C#', 'C#', 'x']);
    first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    expect(selected(root)).toEqual(['TypeScript', 'TypeScript', 'x']);
    const lone = root.querySelectorAll<HTMLElement>('[role="tab"]')[5] as HTMLElement;
    lone.click();
    expect(selected(root)).toEqual(['TypeScript', 'TypeScript', 'y']);
  });

  it('apply a remembered tab choice when they attach, and stop listening when detached', async () => {
    window.localStorage.setItem(tabGroupStorageKey('lang'), 'cs');
    const root = mountHtml([groupTabs('ts')]);
    const detach = mountIslands(root);
    await detach.ready;
    expect(selected(root)).toEqual(['C#']);
    detach();
    (root.querySelector<HTMLElement>('[role="tab"]') as HTMLElement).click();
    expect(selected(root)).toEqual(['C#']);
  });

  it('copy a code block line by line and say "Copied"', async () => {
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => ((copied = text), Promise.resolve()) },
    });
    const root = mountHtml(content.filter((node) => node.t === 'CodeBlock'));
    const islands = mountIslands(root);
    detachers.push(islands);
    await islands.ready;
    const button = root.querySelector<HTMLElement>('button[aria-label="Copy code to clipboard"]') as HTMLElement;
    button.click();
    await settle();
    expect(copied).toBe('const agent = await getAgent();\nagent.broadcast(ctx);');
    expect(button.textContent).toBe('Copied');
  });

  it('measure the code blocks near the viewport in one pass, then add a wrap toggle to those wider than their box', async () => {
    // A block is watched once it nears the viewport (a far one is not laid out: measuring it
    // would lay it out). One ResizeObserver for the watched blocks; its callback reads every
    // width before it writes.
    const near = new Map<HTMLElement, IntersectionObserverCallback>();
    const margins: (string | undefined)[] = [];
    class FakeIntersectionObserver {
      constructor(
        readonly callback: IntersectionObserverCallback,
        options?: IntersectionObserverInit,
      ) {
        margins.push(options?.rootMargin);
      }
      observe(target: HTMLElement) {
        near.set(target, this.callback);
      }
      unobserve(target: HTMLElement) {
        near.delete(target);
      }
      disconnect() {}
    }
    const enter = (target: HTMLElement) =>
      near.get(target)?.([{ target, isIntersecting: true }] as unknown as IntersectionObserverEntry[], {} as IntersectionObserver);
    const observers: FakeResizeObserver[] = [];
    const log: string[] = [];
    class FakeResizeObserver {
      targets: HTMLElement[] = [];
      constructor(readonly callback: ResizeObserverCallback) {
        observers.push(this);
      }
      observe(target: HTMLElement) {
        this.targets.push(target);
      }
      unobserve(target: HTMLElement) {
        this.targets = this.targets.filter((t) => t !== target);
      }
      disconnect() {
        this.targets = [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const block = content.find((node) => node.t === 'CodeBlock') as Node;
    const root = mountHtml([block, block, block, block]);
    const pres = Array.from(root.querySelectorAll<HTMLElement>('pre'));
    pres.forEach((pre, index) => {
      Object.defineProperty(pre, 'clientWidth', { configurable: true, get: () => (log.push(`read ${index}`), 100) });
      Object.defineProperty(pre, 'scrollWidth', { configurable: true, get: () => (index === 1 ? 300 : 100) });
    });
    const islands = mountIslands(root);
    await islands.ready;
    expect(margins).toEqual([MEASURE_MARGIN]);
    expect(observers.flatMap((observer) => observer.targets)).toEqual([]);
    for (const pre of pres.slice(0, 3)) enter(pre.closest<HTMLElement>('[data-island]') as HTMLElement);
    const observer = observers.at(-1) as FakeResizeObserver;
    expect(observer.targets).toEqual(pres.slice(0, 3));
    new MutationObserver(() => log.push('write')).observe(root, { childList: true, subtree: true });
    observer.callback(pres.slice(0, 3).map((target) => ({ target }) as unknown as ResizeObserverEntry), observer as unknown as ResizeObserver);
    await settle();
    expect(log).toEqual(['read 0', 'read 1', 'read 2', 'write']);
    const toggles = pres.map((pre) => pre.parentElement?.querySelectorAll('button[aria-label="Toggle word wrap"]').length);
    expect(toggles).toEqual([0, 1, 0, 0]);
    islands();
    expect(observer.targets).toEqual([]);
    expect([...near.keys()]).toEqual([]);
    vi.unstubAllGlobals();
  });

  it('draw a diagram in place of its reserved box', async () => {
    // Without IntersectionObserver a diagram is drawn at once (draw.ts).
    vi.stubGlobal('IntersectionObserver', undefined);
    const root = mountHtml([{ t: 'Mermaid', a: { code: 'graph TD; A-->B', width: '100', height: '50' } }]);
    expect(root.querySelector('.mermaid-placeholder')).not.toBeNull();
    detachers.push(mountIslands(root));
    for (let i = 0; i < 100 && !root.querySelector('[role="group"] svg'); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(root.querySelector('[role="group"][aria-label="Diagram"] svg')).not.toBeNull();
    expect(root.querySelector('.mermaid-placeholder')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('leave a part that fails as the server wrote it, and the other parts working', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = mountHtml([groupTabs('ts'), ...content.filter((node) => node.t === 'CodeBlock')]);
    const before = root.innerHTML;
    const broken: IslandModule = { attach: () => { throw new Error('boom'); } };
    const tabs = await import('../src/content/islands/tabs');
    const islands = mountIslands(root, { CodeBlock: async () => broken, Tabs: async () => tabs });
    detachers.push(islands);
    await islands.ready;
    expect(root.innerHTML).toBe(before);
    expect(error.mock.calls[0]?.[0]).toMatch(/CodeBlock\) failed; it stays as the server wrote it/);
    (root.querySelectorAll<HTMLElement>('[role="tab"]')[1] as HTMLElement).click();
    expect(selected(root)).toEqual(['C#']);
    error.mockRestore();
  });

  it('attach a few milliseconds at a time, giving the browser the main thread in between', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<p data-island="Slow"></p>'.repeat(6);
    // Each attach takes 3 ms of the clock.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const attach = vi.fn(() => {
      clock += 3;
      return () => undefined;
    });
    let tasks = 0;
    const islands = mountIslands(root, { Slow: async () => ({ attach }) });
    const counting = setInterval(() => (tasks += 1), 0);
    await islands.ready;
    clearInterval(counting);
    now.mockRestore();
    expect(attach).toHaveBeenCalledTimes(6);
    // Two attaches (6 ms) pass the 4 ms slice: the third waits for a task of its own.
    expect(ATTACH_SLICE_MS).toBe(4);
    expect(tasks).toBeGreaterThanOrEqual(2);
    islands();
  });

  it('stop attaching when detached between two slices', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<p data-island="Slow"></p>'.repeat(6);
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    let islands: ReturnType<typeof mountIslands> | null = null;
    const attach = vi.fn(() => {
      clock += 3;
      // Detached while the second slice waits for its turn.
      if (attach.mock.calls.length === 2) islands?.();
      return () => undefined;
    });
    islands = mountIslands(root, { Slow: async () => ({ attach }) });
    await islands.ready;
    now.mockRestore();
    expect(attach).toHaveBeenCalledTimes(2);
  });

  it('never attach when detached before their code has loaded', async () => {
    const attach = vi.fn(() => () => undefined);
    const root = mountHtml([groupTabs('ts')]);
    const islands = mountIslands(root, { Tabs: async () => ({ attach }) });
    islands();
    await islands.ready;
    expect(attach).not.toHaveBeenCalled();
  });
});

describe('article links', () => {
  it('route internal links through the router, and leave hashes, files, reloads, external links and modified clicks to the browser', () => {
    const root = mountHtml(EVERYTHING);
    const navigate = vi.fn();
    detachers.push(routeLinks(root, routes, navigate));
    // Whether the article's listener took the click; then no click goes on to the browser.
    let taken = false;
    root.addEventListener('click', (event) => {
      taken = event.defaultPrevented;
      event.preventDefault();
    });
    const clickLink = (href: string, init: MouseEventInit = {}) => {
      const link = root.querySelector(`a[href="${href}"]`) as HTMLElement;
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      return taken;
    };
    expect(clickLink('/docs/fdc3-intro#overview')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/docs/fdc3-intro#overview', false);
    for (const href of ['#getting-an-agent', 'https://www.finos.org', '/files/spec.pdf', '/docs/x']) expect(clickLink(href)).toBe(false);
    expect(clickLink('/docs/fdc3-intro#overview', { ctrlKey: true })).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

describe('first load', () => {
  it('adopts the server-written article: the same elements, never rendered or hydrated by React', () => {
    let article: HTMLElement | null = null;
    let paragraph: HTMLElement | null = null;
    const { root, errors } = hydrateServerHtml(site, routes, page, sidebar, () => {
      adoptServerArticle();
      article = document.querySelector('[data-article]');
      paragraph = article?.querySelector('p') ?? null;
    });
    expect(errors).toEqual([]);
    expect(paragraph).not.toBeNull();
    expect(document.querySelector('[data-article]')).toBe(article);
    expect(document.querySelector('[data-article] p')).toBe(paragraph);
    // React keeps its fiber on every element it hydrated: none inside the article.
    expect(Object.keys(paragraph as unknown as object).some((key) => key.startsWith('__react'))).toBe(false);
    expect(Object.keys(article as unknown as object).some((key) => key.startsWith('__react'))).toBe(true);
    act(() => root.unmount());
  });

  it('keeps the server-written article of a page whose first load read its data without the content, however often it renders', () => {
    // The engine then points the boot record at the page's shell chunk (content left out).
    expect(render(page.path, site, routes, page, sidebar).contentInHtml).toBe(true);
    const shell = { ...page, content: CONTENT_IN_HTML as Node[] };
    const { root, errors } = hydrateServerHtml(site, routes, page, sidebar, adoptServerArticle, shell);
    expect(errors).toEqual([]);
    const written = document.querySelector('[data-article]')?.innerHTML ?? '';
    expect(written).toContain('<p');
    // The article rendered again (as after a crash and Retry) is still the server's.
    const container = document.createElement('div');
    const second = createRoot(container);
    act(() => second.render(withProviders(<Article path={page.path} content={shell.content} title={page.title} titleInHeader />, { page: shell })));
    expect(container.querySelector('[data-article]')?.innerHTML).toBe(written);
    act(() => {
      second.unmount();
      root.unmount();
    });
  });

  it("keeps the article's elements when the page renders again (islands stay attached to them)", () => {
    // Dark mode from the head script: after hydration the colour mode provider switches to
    // it, and everything reading the page's contexts renders again. React 19 writes
    // `innerHTML` again whenever `dangerouslySetInnerHTML` is a new object, which replaced
    // the elements the islands had drawn into (no mermaid diagram showed in dark mode).
    document.documentElement.dataset.theme = 'dark';
    let paragraph: HTMLElement | null = null;
    const { root, errors } = hydrateServerHtml(site, routes, page, sidebar, () => {
      adoptServerArticle();
      paragraph = document.querySelector('[data-article] p');
    });
    expect(errors).toEqual([]);
    (paragraph as HTMLElement | null)?.setAttribute('data-drawn', '');
    // A later render (another tab switches the colour mode back) keeps them too.
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'light' })));
    expect(document.querySelector('[data-article] p')).toBe(paragraph);
    expect((paragraph as HTMLElement | null)?.isConnected).toBe(true);
    expect(document.querySelector('[data-article] p[data-drawn]')).not.toBeNull();
    act(() => root.unmount());
    delete document.documentElement.dataset.theme;
  });
});
