//! The head tags a site's React page asks for (`@docusaurus/Head`, `@theme/Layout`'s
//! `title`/`description`/`image`): read from React elements, keyed so that a later tag
//! replaces an earlier one of the same key (and the page's default one), and written as
//! HTML for the pre-rendered head.
import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import { escapeHtml } from '../../app/head';

export type HeadTagName = 'title' | 'meta' | 'link';

/**
 * Marks a head element that a page's tags added (rather than one of the page's default
 * tags they changed): in the browser it is removed when no Head asks for it any more.
 */
export const ADDED_ATTRIBUTE = 'data-docsite-head';

/** One tag: attributes in HTML spelling; `text` is the content of `<title>`. */
export type HeadTag = { tag: HeadTagName; attributes: Record<string, string>; text?: string };

/** React prop names whose HTML attribute is spelled differently. */
const ATTRIBUTE_NAMES: Record<string, string> = {
  className: 'class',
  httpEquiv: 'http-equiv',
  charSet: 'charset',
  itemProp: 'itemprop',
  hrefLang: 'hreflang',
  crossOrigin: 'crossorigin',
  referrerPolicy: 'referrerpolicy',
  fetchPriority: 'fetchpriority',
};

/** Meta attributes that name what a meta tag says: two tags with the same one are the same tag. */
const META_KEYS = ['name', 'property', 'http-equiv', 'itemprop', 'charset'] as const;

function attributesOf(props: Record<string, unknown>): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || value === null || value === undefined || value === false) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && value !== true) continue;
    attributes[ATTRIBUTE_NAMES[name] ?? name] = value === true ? '' : String(value);
  }
  return attributes;
}

function textOf(children: ReactNode): string {
  let text = '';
  Children.forEach(children, (child) => {
    if (typeof child === 'string' || typeof child === 'number') text += String(child);
  });
  return text;
}

/**
 * The tags among `children` (fragments and arrays are walked). Anything else is reported
 * through `unsupported` (the element's name) and left out.
 */
export function readHeadTags(children: ReactNode, unsupported: (name: string) => void = () => undefined): HeadTag[] {
  const tags: HeadTag[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const props = child.props as Record<string, unknown>;
    if (child.type === Fragment) {
      tags.push(...readHeadTags(props.children as ReactNode, unsupported));
    } else if (child.type === 'title') {
      tags.push({ tag: 'title', attributes: {}, text: textOf(props.children as ReactNode) });
    } else if (child.type === 'meta' || child.type === 'link') {
      tags.push({ tag: child.type, attributes: attributesOf(props) });
    } else {
      unsupported(typeof child.type === 'string' ? `<${child.type}>` : 'a component');
    }
  });
  return tags;
}

/** What a tag replaces: `title`, `meta:name:description`, `link:canonical`, ... */
export function headTagKey(tag: HeadTag): string {
  if (tag.tag === 'title') return 'title';
  if (tag.tag === 'meta') {
    const by = META_KEYS.find((name) => name in tag.attributes);
    return by ? `meta:${by}:${tag.attributes[by]}` : `meta:${JSON.stringify(tag.attributes)}`;
  }
  const rel = tag.attributes.rel ?? '';
  return rel === 'canonical' ? 'link:canonical' : `link:${rel}:${tag.attributes.href ?? ''}`;
}

/** The tags that apply: one per key, the last given winning, in order of first appearance. */
export function effectiveHeadTags(tags: readonly HeadTag[]): Map<string, HeadTag> {
  const byKey = new Map<string, HeadTag>();
  for (const tag of tags) byKey.set(headTagKey(tag), tag);
  return byKey;
}

/** A tag as HTML; `added` marks it with `ADDED_ATTRIBUTE`. */
export function headTagHtml(tag: HeadTag, added = false): string {
  const attributes = Object.entries(added ? { ...tag.attributes, [ADDED_ATTRIBUTE]: '' } : tag.attributes)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  return tag.tag === 'title' ? `<title>${escapeHtml(tag.text ?? '')}</title>` : `<${tag.tag}${attributes}>`;
}

/** The key of one line of the theme's own head (`app/head.ts` writes one tag a line). */
function lineKey(line: string): string | null {
  if (line.startsWith('<title>')) return 'title';
  const meta = /^<meta (name|property|http-equiv|itemprop|charset)="([^"]*)"/.exec(line);
  if (meta) return `meta:${meta[1]}:${meta[2]}`;
  if (line.startsWith('<link rel="canonical"')) return 'link:canonical';
  return null;
}

/**
 * The page's default head (`renderHead`'s lines) with the page's own tags applied: a
 * default line whose key a page tag has is replaced, the rest of the page's tags follow
 * (marked as added).
 */
export function withHeadTags(defaultHead: string, tags: readonly HeadTag[]): string {
  if (tags.length === 0) return defaultHead;
  const effective = effectiveHeadTags(tags);
  const replaced = new Set<string>();
  const kept = defaultHead.split('\n').filter((line) => {
    const key = lineKey(line);
    if (key === null || !effective.has(key)) return true;
    replaced.add(key);
    return false;
  });
  const own = [...effective].map(([key, tag]) => headTagHtml(tag, tag.tag !== 'title' && !replaced.has(key)));
  return [...kept, ...own].join('\n');
}
