//! The content tree (`Node[]`) as an HTML string, without React: the article of a page is
//! written by this serializer on the server (inside the React page, as the article element's
//! inner HTML) and on the client when a page is navigated to, so the article arrives ready to
//! insert and React never renders or hydrates it (see `Article.tsx`). A chunk of its own on
//! the client (`serializer.ts`): the first load adopts the server's article and needs none. Its markup is the
//! markup the React renderer (`Nodes.tsx`, used by the pages with on-demand React components)
//! writes for the same tree (`test/html.test.tsx` compares them), with escaping by React's
//! rules; the interactive parts carry `data-island` for `islands.ts`.
import type { Element, Node } from '../generated/contract';
import { admonitionClasses } from '../components/Admonition/classes';
import { iconSvg, type IconShape } from '../components/Icons/shapes';
import { isExternalUrl } from '../lib/paths';
import { BOOLEAN_ATTRIBUTES, NO_WHITESPACE_TEXT, parseStyle, VOID_ELEMENTS } from './attributes';
import { isElement, isTaskItem, labelTask, nodeText } from './tree';
import './classes';
import { contentClasses } from './serializer';
import { t } from '../lib/i18n';

const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** Escapes text and attribute values as React does (`"&'<>`). */
export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPES[c] ?? c);
}

/** HTML attribute names React writes in another case than the engine may spell them. */
const LOWERCASED = new Set([
  'class', 'for', 'colspan', 'rowspan', 'tabindex', 'srcset', 'crossorigin', 'referrerpolicy', 'datetime',
  'frameborder', 'maxlength', 'accesskey', 'contenteditable', 'spellcheck', 'usemap', 'hreflang',
]);

/** `{ textAlign: 'center' }` as React writes a style attribute: `text-align:center`. */
function styleText(style: Record<string, string>): string {
  return Object.entries(style)
    .map(([key, value]) => {
      const name = key.startsWith('--') ? key : key.replace(/([A-Z])/g, '-$1').toLowerCase().replace(/^ms-/, '-ms-');
      return `${name}:${value.trim()}`;
    })
    .join(';');
}

/** An ordered attribute list (a later value replaces an earlier one in place, as props do). */
type Attributes = Map<string, string | true>;

/** The attributes of an HTML element of the tree, as React writes them (see `attributes.ts`). */
function htmlAttributes(tag: string, attributes: { [name in string]: string } | undefined): Attributes {
  const out: Attributes = new Map();
  let style: Record<string, string> | undefined;
  for (const [rawName, value] of Object.entries(attributes ?? {})) {
    const name = rawName.toLowerCase();
    if (name.startsWith('on')) continue;
    if (name === 'style' || (name === 'align' && (tag === 'td' || tag === 'th'))) {
      style = { ...style, ...(name === 'style' ? (parseStyle(value) as Record<string, string>) : { textAlign: value }) };
    } else if (name === 'checked' && tag === 'input') {
      out.set('checked', true);
    } else if (BOOLEAN_ATTRIBUTES.has(name)) {
      out.set(name, true);
    } else if (name.startsWith('data-') || name.startsWith('aria-') || LOWERCASED.has(name)) {
      out.set(name, value);
    } else if (name === 'xlink:href' || name === 'xml:lang') {
      out.set(name, value);
    } else {
      out.set(name === 'viewbox' ? 'viewBox' : rawName, value);
    }
  }
  // React writes the style last, and an input's `checked` and `value` after the rest.
  out.delete('style');
  if (style) {
    const text = styleText(style);
    if (text) out.set('style', text);
  }
  if (tag === 'input') {
    for (const name of ['checked', 'value']) {
      const value = out.get(name);
      if (value === undefined) continue;
      out.delete(name);
      out.set(name, value);
    }
  }
  return out;
}

function attributeText(attributes: Attributes): string {
  let text = '';
  for (const [name, value] of attributes) text += value === true ? ` ${name}=""` : ` ${name}="${escapeHtml(value)}"`;
  return text;
}

/** State of one serialization: the ids of tab groups are unique within it. */
type Context = { tabs: number; prefix: string };

export type HtmlOptions = {
  /** Prefix of generated ids (tab and panel ids), unique per page on screen. */
  idPrefix?: string;
};

/** Serializes content nodes to HTML. */
export function renderHtml(nodes: readonly Node[] | undefined, options: HtmlOptions = {}): string {
  return renderList(nodes, { tabs: 0, prefix: options.idPrefix ?? 'c' });
}

function renderList(nodes: readonly Node[] | undefined, context: Context): string {
  let html = '';
  for (const node of nodes ?? []) html += typeof node === 'string' ? escapeHtml(node) : renderElement(node, context);
  return html;
}

function renderElement(element: Element, context: Context): string {
  const { t: tag } = element;
  if (isTaskItem(element)) element = labelTask(element);
  if (/^[A-Z]/.test(tag)) {
    const component = COMPONENTS[tag];
    if (component) return component(element, context);
    return `<div data-unknown-component="${escapeHtml(tag)}">${renderList(element.c, context)}</div>`;
  }
  if (!/^[a-zA-Z][a-zA-Z0-9-]*$/.test(tag)) throw new Error(`The content has an element named "${tag}", which is not an HTML tag.`);
  const attributes = htmlAttributes(tag, element.a);
  if (tag === 'table') attributes.set('tabindex', '0');
  if (tag === 'a' && typeof attributes.get('href') === 'string') linkAttributes(attributes);
  if (VOID_ELEMENTS.has(tag)) {
    return `<${tag}${attributeText(attributes)}/>`;
  }
  const children = NO_WHITESPACE_TEXT.has(tag)
    ? element.c?.filter((child) => typeof child !== 'string' || child.trim() !== '')
    : element.c;
  return `<${tag}${attributeText(attributes)}>${renderList(children, context)}</${tag}>`;
}

/** External links open in a new tab (as the theme's `Link`); the others stay as written. */
function linkAttributes(attributes: Attributes): void {
  const href = attributes.get('href') as string;
  if (!isExternalUrl(href)) return;
  const rest = [...attributes].filter(([name]) => name !== 'href');
  attributes.clear();
  attributes.set('href', href).set('target', '_blank').set('rel', 'noopener noreferrer');
  for (const [name, value] of rest) attributes.set(name, value);
}

type Component = (element: Element, context: Context) => string;

function heading(node: Element, context: Context): string {
  const headingStyles = contentClasses().heading;
  const level = Math.min(6, Math.max(1, Number(node.a?.level) || 2));
  const id = node.a?.id;
  const label = escapeHtml(t('theme.common.headingLinkTitle', 'Direct link to {heading}', { heading: nodeText(node.c).trim() }));
  const anchor = id
    ? `<a class="hash-link ${headingStyles.hashLink}" href="#${escapeHtml(id)}" aria-label="${label}" title="${label}">\u200B#</a>`
    : '';
  const idAttribute = id !== undefined ? ` id="${escapeHtml(id)}"` : '';
  return `<h${level}${idAttribute} class="${headingStyles.heading}">${renderList(node.c, context)}${anchor}</h${level}>`;
}

/** Drops the newlines between line spans: lines are blocks, so they would double up. */
export function compactLines(html: string): string {
  return html.replace(/<\/span>\r?\n(?=<span class="line)/g, '</span>');
}

function codeBlock(node: Element): string {
  const codeStyles = contentClasses().code;
  const lang = node.a?.lang || 'text';
  const title = node.a?.title;
  const firstLine = node.a?.lineNumbers ? Number(node.a.lineNumbers) : null;
  const numbered = firstLine !== null ? ` ${codeStyles.numbered}` : '';
  const counter = firstLine !== null ? ` style="counter-reset:line ${firstLine - 1}"` : '';
  return (
    `<div class="code-block ${codeStyles.codeBlock}" data-island="CodeBlock">` +
    (title ? `<div class="${codeStyles.title}">${escapeHtml(title)}</div>` : '') +
    `<div class="${codeStyles.body}"><pre class="${codeStyles.pre}"${node.a?.signature ? ' data-signature=""' : ''} tabindex="0">` +
    `<code class="language-${escapeHtml(lang)}${numbered}"${counter}>${compactLines(node.a?.html ?? '')}</code></pre>` +
    `<div class="${codeStyles.buttons}">` +
    `<button type="button" class="${codeStyles.button}" aria-label="${escapeHtml(t('theme.CodeBlock.copyButtonAriaLabel', 'Copy code to clipboard'))}" title="${escapeHtml(t('theme.CodeBlock.copy', 'Copy'))}">${iconSvg('copy', 16)}</button>` +
    `</div></div></div>`
  );
}

const ADMONITION_ICONS: Record<string, IconShape> = {
  note: 'note', tip: 'tip', info: 'info', caution: 'warning', warning: 'warning',
  danger: 'danger', important: 'important', success: 'check', secondary: 'note',
};

function admonition(node: Element, context: Context): string {
  const admonitionStyles = contentClasses().admonition;
  const kind = node.a?.kind !== undefined && node.a.kind in ADMONITION_ICONS ? node.a.kind : 'note';
  const [first, ...rest] = node.c ?? [];
  const rich = first !== undefined && isElement(first, 'AdmonitionTitle') ? first : null;
  const title = rich ? renderList(rich.c, context) : escapeHtml(node.a?.title || t(`theme.admonition.${kind}`, kind).toUpperCase());
  return (
    `<div class="${admonitionClasses(kind)} ${admonitionStyles.admonition} ${admonitionStyles[kind]}">` +
    `<div class="${admonitionStyles.heading}"><span class="${admonitionStyles.icon}">${iconSvg(ADMONITION_ICONS[kind] ?? 'note')}</span>${title}</div>` +
    `<div class="${admonitionStyles.content}">${renderList(rich ? rest : node.c, context)}</div></div>`
  );
}

function isTruthy(attribute: string | undefined): boolean {
  return attribute !== undefined && attribute !== 'false';
}

/** The tabs of a Tabs element and the value selected before any reader choice. */
export function readTabs(node: Element): { tabs: { value: string; label: string; node: Element }[]; defaultValue: string | undefined } {
  const tabs = (node.c ?? [])
    .filter((child): child is Element => isElement(child, 'TabItem'))
    .map((child, index) => {
      const value = child.a?.value ?? String(index);
      return { value, label: child.a?.label ?? value, node: child };
    });
  const marked = tabs.find((tab) => isTruthy(tab.node.a?.default));
  return { tabs, defaultValue: (marked ?? tabs[0])?.value };
}

function tabsGroup(node: Element, context: Context): string {
  const tabStyles = contentClasses().tabs;
  const { tabs, defaultValue } = readTabs(node);
  const groupId = node.a?.groupId;
  const base = `${context.prefix}-tabs-${context.tabs++}`;
  const group = groupId ? ` data-group-id="${escapeHtml(groupId)}"` : '';
  let html = `<div class="tabs-container ${tabStyles.container}" data-island="Tabs"${group}><div role="tablist" aria-orientation="horizontal" class="${tabStyles.tablist}">`;
  tabs.forEach((tab, index) => {
    const selected = tab.value === defaultValue;
    html +=
      `<button type="button" role="tab" id="${base}-tab-${index}" aria-controls="${base}-panel-${index}" aria-selected="${selected}" ` +
      `tabindex="${selected ? 0 : -1}" class="${tabStyles.tab} ${selected ? tabStyles.selected : ''}" data-value="${escapeHtml(tab.value)}">${escapeHtml(tab.label)}</button>`;
  });
  html += '</div>';
  tabs.forEach((tab, index) => {
    const hidden = tab.value !== defaultValue ? ' hidden=""' : '';
    html += `<div role="tabpanel" id="${base}-panel-${index}" aria-labelledby="${base}-tab-${index}"${hidden} class="${tabStyles.panel}">${renderList(tab.node.c, context)}</div>`;
  });
  return `${html}</div>`;
}

function mermaid(node: Element): string {
  const mermaidStyles = contentClasses().mermaid;
  const code = node.a?.code ?? '';
  const width = Number(node.a?.width);
  const height = Number(node.a?.height);
  let placeholder = '';
  if (width > 0 && height > 0) {
    // As wide as the column allows, up to the diagram's own width, in its proportions.
    const style = `width:100%;max-width:${width}px;aspect-ratio:${width} / ${height}`;
    placeholder = `<div class="${mermaidStyles.svg}" aria-hidden="true"><div class="mermaid-placeholder ${mermaidStyles.placeholder}" style="${style}"></div></div>`;
  }
  return `<div class="mermaid-diagram ${mermaidStyles.diagram}" data-island="Mermaid"><pre class="visually-hidden">${escapeHtml(code)}</pre>${placeholder}</div>`;
}

function details(node: Element, context: Context): string {
  const detailsStyles = contentClasses().details;
  const open = isTruthy(node.a?.open) ? ' open=""' : '';
  return `<details class="${detailsStyles.details}"${open}>${renderList(node.c, context)}</details>`;
}

/**
 * The server's rendering of each site component use of the page being pre-rendered
 * (`entry-server.tsx`, before it renders the page); none in the browser.
 */
let siteComponentHtml: ((element: Element) => string | null) | null = null;

/** Sets (or clears) the server's rendering of site component uses. */
export function setSiteComponentRenderer(render: ((element: Element) => string | null) | null): void {
  siteComponentHtml = render;
}

/**
 * A use of one of the site's own components (an island, `islands/siteComponent.ts`): the
 * server's rendering when there is one (hydrated), else its children alone (rendered by the
 * island once its code has loaded).
 */
function siteComponent(node: Element, context: Context): string {
  const a = node.a ?? {};
  const data = ` data-island="SiteComponent" data-module="${escapeHtml(a.module ?? '')}" data-export="${escapeHtml(a.export ?? 'default')}" data-props="${escapeHtml(a.props ?? '{}')}"`;
  const rendered = siteComponentHtml?.(node) ?? null;
  if (rendered !== null) return `<div${data} data-ssr="">${rendered}</div>`;
  const children = node.c?.length ? `<div data-site-children="">${renderList(node.c, context)}</div>` : '';
  return `<div${data}>${children}</div>`;
}

const COMPONENTS: Record<string, Component | undefined> = {
  Heading: heading,
  CodeBlock: codeBlock,
  Admonition: admonition,
  Tabs: tabsGroup,
  TabItem: (node, context) => `<div>${renderList(node.c, context)}</div>`,
  Mermaid: mermaid,
  Details: details,
  SiteComponent: siteComponent,
};
