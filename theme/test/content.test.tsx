import { describe, expect, it } from 'vitest';
import type { Node } from '../src/generated/contract';
import { parseStyle } from '../src/content/attributes';
import { toReactProps } from '../src/content/reactProps';
import { Nodes, nodeText } from '../src/content/Nodes';
import { tabGroupStorageKey } from '../src/contexts/TabGroups';
import { click, mount, withProviders } from './render';
import { content } from './fixtures';
import { renderHtml } from '../src/content/html';

function renderContent(nodes: Node[]): HTMLElement {
  return mount(withProviders(<Nodes nodes={nodes} />));
}

describe('content renderer', () => {
  it('renders text and HTML elements', () => {
    const root = renderContent(['Hello ', { t: 'strong', c: ['world'] }, { t: 'br' }]);
    expect(root.innerHTML).toBe('Hello <strong>world</strong><br>');
  });

  it('maps HTML attribute names to React props', () => {
    const root = renderContent([
      {
        t: 'div',
        a: { class: 'box', style: 'background-color: red; --gap: 2px', tabindex: '0', 'data-x': '1', 'aria-label': 'Box' },
        c: [
          { t: 'label', a: { for: 'name' }, c: ['Name'] },
          { t: 'input', a: { type: 'checkbox', checked: '', disabled: '' } },
          { t: 'details', a: { open: '' }, c: [{ t: 'summary', c: ['S'] }] },
        ],
      },
      {
        t: 'table',
        c: ['\n', { t: 'tbody', c: [{ t: 'tr', c: [{ t: 'td', a: { colspan: '2', rowspan: '3', align: 'center' }, c: ['x'] }] }] }],
      },
    ]);
    const div = root.querySelector('div.box') as HTMLElement;
    expect(div.style.backgroundColor).toBe('red');
    expect(div.style.getPropertyValue('--gap')).toBe('2px');
    expect(div.getAttribute('tabindex')).toBe('0');
    expect(div.getAttribute('data-x')).toBe('1');
    expect(div.getAttribute('aria-label')).toBe('Box');
    expect(root.querySelector('label')?.getAttribute('for')).toBe('name');
    const input = root.querySelector('input') as HTMLInputElement;
    expect(input.checked).toBe(true);
    expect(input.disabled).toBe(true);
    expect(root.querySelector('details')?.hasAttribute('open')).toBe(true);
    const td = root.querySelector('td') as HTMLTableCellElement;
    expect(td.getAttribute('colspan')).toBe('2');
    expect(td.getAttribute('rowspan')).toBe('3');
    expect(td.style.textAlign).toBe('center');
  });

  it('never passes event-handler attributes through', () => {
    expect(toReactProps('div', { onclick: 'alert(1)', class: 'a' })).toEqual({ className: 'a' });
  });

  it('parses inline styles', () => {
    expect(parseStyle('text-align: right; -webkit-line-clamp: 2;')).toEqual({ textAlign: 'right', WebkitLineClamp: '2' });
  });

  it('gives void elements no children', () => {
    const root = renderContent([{ t: 'img', a: { src: '/a.png', alt: 'A' }, c: ['ignored'] }, { t: 'hr' }]);
    const img = root.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/a.png');
    expect(img?.childNodes).toHaveLength(0);
    expect(root.querySelector('hr')).not.toBeNull();
    expect(root.textContent).toBe('');
  });

  it('makes internal links client-side links and external links open a new tab', () => {
    const root = renderContent([
      { t: 'a', a: { href: '/docs/fdc3-intro#overview' }, c: ['internal'] },
      { t: 'a', a: { href: 'https://www.finos.org' }, c: ['external'] },
      { t: 'a', a: { href: 'mailto:help@finos.org' }, c: ['mail'] },
      { t: 'a', a: { href: '#errors' }, c: ['hash'] },
    ]);
    const [internal, external, mail, hash] = Array.from(root.querySelectorAll('a'));
    expect(internal?.getAttribute('href')).toBe('/docs/fdc3-intro#overview');
    expect(internal?.hasAttribute('target')).toBe(false);
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(mail?.getAttribute('target')).toBe('_blank');
    expect(hash?.getAttribute('href')).toBe('#errors');
    expect(hash?.hasAttribute('target')).toBe(false);
  });

  it('renders Heading with an id and a "Direct link to" anchor', () => {
    const root = renderContent([{ t: 'Heading', a: { level: '3', id: 'get-agent' }, c: ['Get ', { t: 'code', c: ['Agent'] }] }]);
    const heading = root.querySelector('h3#get-agent');
    expect(heading).not.toBeNull();
    const anchor = heading?.querySelector('a.hash-link');
    expect(anchor?.getAttribute('href')).toBe('#get-agent');
    expect(anchor?.getAttribute('title')).toBe('Direct link to Get Agent');
    expect(anchor?.getAttribute('aria-label')).toBe('Direct link to Get Agent');
    expect(anchor?.textContent).toBe('\u200B#');
  });

  it('renders CodeBlock with title, language class, highlighted lines and a copy button', () => {
    const root = renderContent(content.filter((node) => typeof node !== 'string' && node.t === 'CodeBlock'));
    expect(root.textContent).toContain('agent.ts');
    const code = root.querySelector('pre code');
    expect(code?.className).toBe('language-ts');
    expect(code?.querySelectorAll('.line')).toHaveLength(2);
    expect(code?.querySelector('.line.highlighted')?.textContent).toBe('agent.broadcast(ctx);');
    expect(code?.querySelector('.k')?.textContent).toBe('const');
    expect(root.querySelector('button[aria-label="Copy code to clipboard"]')).not.toBeNull();
  });

  it('copies the code text and says "Copied"', async () => {
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => ((copied = text), Promise.resolve()) },
    });
    const root = renderContent(content.filter((node) => typeof node !== 'string' && node.t === 'CodeBlock'));
    const button = root.querySelector('button[aria-label="Copy code to clipboard"]');
    click(button);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(copied).toBe('const agent = await getAgent();\nagent.broadcast(ctx);');
    expect(button?.textContent).toBe('Copied');
  });

  it('titles an Admonition with its kind in capitals by default', () => {
    const root = renderContent([
      { t: 'Admonition', a: { kind: 'warning' }, c: [{ t: 'p', c: ['Careful'] }] },
      { t: 'Admonition', a: { kind: 'info', title: 'Good to know' }, c: ['x'] },
    ]);
    const boxes = root.querySelectorAll('.theme-admonition');
    expect(boxes[0]?.textContent).toBe('WARNINGCareful');
    expect(boxes[0]?.classList.contains('theme-admonition-warning')).toBe(true);
    expect(boxes[1]?.textContent).toBe('Good to knowx');
  });

  it('gives an admonition the classic theme\'s classes and none of Docusaurus 2\'s, in both renderers', () => {
    const box: Node = { t: 'Admonition', a: { kind: 'danger' }, c: ['x'] };
    const classes = [...(renderContent([box]).querySelector('.theme-admonition')?.classList ?? [])];
    expect(classes).toContain('theme-admonition-danger');
    expect(classes).toContain('alert--danger');
    expect(classes.filter((c) => c === 'admonition' || c.startsWith('admonition-'))).toEqual([]);
    expect(renderHtml([box])).toMatch(/class="theme-admonition theme-admonition-danger alert alert--danger /);
    expect(renderHtml([box])).not.toMatch(/[" ]admonition-danger[" ]/);
  });

  it('selects the default tab, else the first', () => {
    const root = renderContent([
      content.find((node) => typeof node !== 'string' && node.t === 'Tabs')!,
      {
        t: 'Tabs',
        c: [
          { t: 'TabItem', a: { value: 'a', label: 'A' }, c: ['a'] },
          { t: 'TabItem', a: { value: 'b', label: 'B' }, c: ['b'] },
        ],
      },
    ]);
    const lists = root.querySelectorAll('[role="tablist"]');
    const selected = (list: Element | undefined) => list?.querySelector('[aria-selected="true"]')?.textContent;
    expect(selected(lists[0])).toBe('C#');
    expect(selected(lists[1])).toBe('A');
    const panels = root.querySelectorAll('[role="tabpanel"]');
    expect((panels[0] as HTMLElement).hidden).toBe(true);
    expect((panels[1] as HTMLElement).hidden).toBe(false);
  });

  it('switches tabs of a group together and remembers the choice', () => {
    const tabs: Node = {
      t: 'Tabs',
      a: { groupId: 'language' },
      c: [
        { t: 'TabItem', a: { value: 'ts', label: 'TypeScript' }, c: ['ts'] },
        { t: 'TabItem', a: { value: 'cs', label: 'C#' }, c: ['cs'] },
      ],
    };
    const root = renderContent([tabs, tabs]);
    const first = root.querySelectorAll('[role="tablist"]')[0];
    click(first?.querySelectorAll('[role="tab"]')[1] ?? null);
    for (const list of Array.from(root.querySelectorAll('[role="tablist"]'))) {
      expect(list.querySelector('[aria-selected="true"]')?.textContent).toBe('C#');
    }
    expect(localStorage.getItem(tabGroupStorageKey('language'))).toBe('cs');
  });

  it('applies a remembered tab choice after mounting', () => {
    localStorage.setItem('docusaurus.tab.language', 'ts');
    const root = renderContent([content.find((node) => typeof node !== 'string' && node.t === 'Tabs')!]);
    expect(root.querySelector('[aria-selected="true"]')?.textContent).toBe('TypeScript');
  });

  it('renders Details and a Mermaid placeholder with the source', () => {
    const root = renderContent([
      { t: 'Details', c: [{ t: 'summary', c: ['More'] }, 'Body'] },
      { t: 'Mermaid', a: { code: 'graph TD; A-->B' } },
    ]);
    expect(root.querySelector('details > summary')?.textContent).toBe('More');
    expect(root.querySelector('.mermaid-diagram pre')?.textContent).toBe('graph TD; A-->B');
  });

  it('labels a task list checkbox with its item text, nested lists left out', () => {
    const root = renderContent([
      {
        t: 'ul',
        a: { class: 'contains-task-list' },
        c: [
          {
            t: 'li',
            a: { class: 'task-list-item' },
            c: [
              { t: 'input', a: { type: 'checkbox', disabled: '', checked: '' } },
              ' ',
              { t: 'p', c: ['Review the\n', { t: 'a', a: { href: '/docs/x' }, c: ['governance'] }, ' documents.'] },
              { t: 'ul', c: [{ t: 'li', c: ['sub-item'] }] },
            ],
          },
        ],
      },
    ]);
    const box = root.querySelector('input') as HTMLInputElement;
    expect(box.getAttribute('aria-label')).toBe('Review the governance documents.');
    expect(box.checked).toBe(true);
  });

  it('keeps the content of unknown components', () => {
    const root = renderContent([{ t: 'Future', c: ['still here'] }]);
    expect(root.textContent).toBe('still here');
  });

  it('extracts plain text', () => {
    expect(nodeText(['a', { t: 'b', c: ['c', { t: 'i', c: ['d'] }] }])).toBe('acd');
  });
});
