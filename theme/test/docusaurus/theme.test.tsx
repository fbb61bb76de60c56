// @theme/Heading, Admonition, CodeBlock, Tabs and TabItem: the theme's components with
// Docusaurus's props, server-rendered, hydrated and used.
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Admonition from '../../src/docusaurus/theme/Admonition';
import CodeBlock, { parseMetastring } from '../../src/docusaurus/theme/CodeBlock';
import Heading from '../../src/docusaurus/theme/Heading';
import TabItem from '../../src/docusaurus/theme/TabItem';
import Tabs from '../../src/docusaurus/theme/Tabs';
import { tabGroupStorageKey } from '../../src/contexts/TabGroups';
import { click, mount, withProviders } from '../render';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
});
afterEach(() => vi.unstubAllGlobals());

describe('@theme/Heading', () => {
  it('gives an h2 with id the theme heading and its direct link; an h1 gets none', () => {
    const root = mount(
      <>
        <Heading as="h1" id="top">
          Title
        </Heading>
        <Heading as="h2" id="use-cases" className="mine">
          Use cases
        </Heading>
        <Heading as="h3">No id</Heading>
      </>,
    );
    const h2 = root.querySelector('h2');
    expect(h2?.id).toBe('use-cases');
    expect(h2?.className).toMatch(/ mine$/);
    const link = h2?.querySelector('a.hash-link');
    expect(link?.getAttribute('href')).toBe('#use-cases');
    expect(link?.getAttribute('aria-label')).toBe('Direct link to Use cases');
    expect(root.querySelector('h1')?.id).toBe('top');
    expect(root.querySelector('h1 a')).toBeNull();
    expect(root.querySelector('h3 a')).toBeNull();
  });
});

describe('@theme/Admonition', () => {
  it('renders the theme box with type, custom title and icon, and the default title', () => {
    const html = renderToString(
      <>
        <Admonition type="tip" title="Try it" icon={<i>!</i>}>
          <p>Body</p>
        </Admonition>
        <Admonition type="danger">Careful</Admonition>
      </>,
    );
    expect(html).toMatch(/class="theme-admonition theme-admonition-tip alert alert--success [^"]*"/);
    expect(html).toContain('<i>!</i>');
    expect(html).toContain('Try it');
    expect(html).toContain('<p>Body</p>');
    expect(html).toMatch(/admonition-danger[\s\S]*DANGER/);
  });

  it('shows the legacy types as the classic theme does: the look of note, info and tip, titled with their own word', () => {
    const root = mount(
      <>
        <Admonition type="important">A</Admonition>
        <Admonition type="success" title="Done">B</Admonition>
        <Admonition type="secondary">C</Admonition>
      </>,
    );
    const boxes = [...root.querySelectorAll('.theme-admonition')];
    expect(boxes.map((b) => [...b.classList].filter((c) => c.startsWith('theme-admonition-')))).toEqual([['theme-admonition-info'], ['theme-admonition-tip'], ['theme-admonition-note']]);
    expect(boxes.map((b) => b.firstElementChild?.textContent)).toEqual(['important', 'Done', 'secondary']);
  });
});

describe('@theme/CodeBlock', () => {
  it('shows the code as plain lines with the language, title, line numbers and highlighted lines', () => {
    const root = mount(
      <CodeBlock language="ts" title="app.ts" showLineNumbers={3} metastring="{2}">
        {'const a = 1;\nconst b = "<b>";\n'}
      </CodeBlock>,
    );
    const code = root.querySelector('code');
    expect(code?.className).toMatch(/^language-ts /);
    expect((code as HTMLElement | null)?.style.counterReset).toBe('line 2');
    const lines = [...(code?.querySelectorAll(':scope > .line') ?? [])];
    expect(lines.map((line) => line.textContent)).toEqual(['const a = 1;', 'const b = "<b>";']);
    expect(lines[1]?.classList.contains('highlighted')).toBe(true);
    expect(root.textContent).toContain('app.ts');
    expect(root.querySelector('button[aria-label="Copy code to clipboard"]')).not.toBeNull();
  });

  it('copies the code text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const root = mount(<CodeBlock className="language-json">{'{\n  "a": 1\n}'}</CodeBlock>);
    expect(root.querySelector('code')?.className).toBe('language-json');
    click(root.querySelector('button[aria-label="Copy code to clipboard"]'));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith('{\n  "a": 1\n}');
  });

  it('reads title, line numbers and highlighted lines from a metastring', () => {
    expect(parseMetastring('title="src/a.ts" showLineNumbers=5 {1,3-4}')).toEqual({
      title: 'src/a.ts',
      firstLine: 5,
      highlighted: new Set([1, 3, 4]),
    });
    expect(parseMetastring(undefined)).toEqual({ highlighted: new Set() });
  });
});

function Where() {
  const { search } = useLocation();
  return <output>{search}</output>;
}

const selected = (root: HTMLElement) => root.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

describe('@theme/Tabs and TabItem', () => {
  const langs = (props: Record<string, unknown> = {}) => (
    <Tabs groupId="lang" {...props}>
      <TabItem value="js" label="JavaScript">
        <p>js code</p>
      </TabItem>
      <TabItem value="ts" label="TypeScript" default>
        <p>ts code</p>
      </TabItem>
    </Tabs>
  );

  it('pre-renders the default item (else the first), every panel present, others hidden', () => {
    const html = renderToString(withProviders(langs()));
    expect(html).toContain('js code');
    expect(html).toMatch(/aria-selected="true"[^>]*>TypeScript/);
    const first = renderToString(
      withProviders(
        <Tabs>
          <TabItem value="a">A</TabItem>
          <TabItem value="b">B</TabItem>
        </Tabs>,
      ),
    );
    expect(first).toMatch(/aria-selected="true"[^>]*>a</);
  });

  it('hydrates without a mismatch, then applies the remembered group choice', () => {
    window.localStorage.setItem(tabGroupStorageKey('lang'), 'js');
    const ui = withProviders(langs());
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    const error = vi.spyOn(console, 'error');
    act(() => {
      hydrateRoot(container, ui);
    });
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
    expect(selected(container)).toBe('JavaScript');
  });

  it('uses values for labels and order, and lazy renders only the selected panel', () => {
    const root = mount(
      withProviders(
        <Tabs values={[{ value: 'b', label: 'Bee' }, { value: 'a', label: 'Ay' }]} defaultValue="a" lazy>
          <TabItem value="a">panel a</TabItem>
          <TabItem value="b">panel b</TabItem>
        </Tabs>,
      ),
    );
    expect([...root.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual(['Bee', 'Ay']);
    expect(root.textContent).toContain('panel a');
    expect(root.textContent).not.toContain('panel b');
    click(root.querySelector('[role="tab"]'));
    expect(root.textContent).toContain('panel b');
    expect(root.textContent).not.toContain('panel a');
  });

  it('queryString: the URL parameter selects the tab after hydration, and a choice is written back', () => {
    const root = mount(
      withProviders(
        <>
          {langs({ queryString: true })}
          <Where />
        </>,
        { url: '/docs/api/spec?lang=js' },
      ),
    );
    expect(selected(root)).toBe('JavaScript');
    click([...root.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent === 'TypeScript') ?? null);
    expect(root.querySelector('output')?.textContent).toBe('?lang=ts');
    expect(window.localStorage.getItem(tabGroupStorageKey('lang'))).toBe('ts');
  });

  it.each<[string, ReactNode, string]>([
    ['an unknown defaultValue', <Tabs defaultValue="c"><TabItem value="a">A</TabItem></Tabs>, 'defaultValue="c"> names no tab'],
    ['a repeated value', <Tabs><TabItem value="a">A</TabItem><TabItem value="a">B</TabItem></Tabs>, 'two items with value "a"'],
    ['a child without value', <Tabs><div>x</div></Tabs>, 'has no string `value`'],
    ['queryString without groupId', <Tabs queryString><TabItem value="a">A</TabItem></Tabs>, 'needs a `groupId`'],
    ['values naming no item', <Tabs values={[{ value: 'z' }]}><TabItem value="a">A</TabItem></Tabs>, 'lists "z"'],
  ])('refuses %s with a clear error', (_name, ui, message) => {
    expect(() => renderToString(withProviders(ui))).toThrow(message);
  });
});
