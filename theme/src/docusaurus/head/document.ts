//! `document.head` under the `@docusaurus/Head` elements mounted in the browser. Each
//! mounted Head registers its tags; the tags in effect (one per key, the last registered
//! winning) are applied to the head, and what they changed is remembered per key so that
//! it is put back when no Head asks for that key any more (a Head unmounted, or the page
//! left: the theme then writes the next page's title and description). Heads are ordered
//! by when they were first rendered (tree order, as on the server), not by when their tags
//! last changed.
import { ADDED_ATTRIBUTE, effectiveHeadTags, type HeadTag } from './tags';

/** What a key's element (or the title) looked like before a Head changed it. */
type Saved =
  | { kind: 'title'; title: string }
  | { kind: 'element'; element: Element; attributes: [string, string][] }
  | { kind: 'created'; element: Element };

const registered = new Map<number, HeadTag[]>();
const saved = new Map<string, Saved>();
let nextOrder = 1;

/** A new Head's place in the order (called once per mounted Head). */
export function nextHeadOrder(): number {
  return nextOrder++;
}


function findElement(tag: HeadTag): Element | null {
  const attribute = ['rel', 'name', 'property', 'http-equiv', 'itemprop', 'charset'].find((name) => name in tag.attributes);
  if (attribute === undefined) return null;
  const value = tag.attributes[attribute] ?? '';
  const candidates = document.head.querySelectorAll(`${tag.tag}[${attribute}="${CSS.escape(value)}"]`);
  if (tag.tag === 'link' && tag.attributes.rel !== 'canonical') {
    return [...candidates].find((element) => element.getAttribute('href') === (tag.attributes.href ?? '')) ?? null;
  }
  return candidates[0] ?? null;
}

function setAttributes(element: Element, attributes: Record<string, string>): void {
  for (const name of element.getAttributeNames()) {
    if (name !== ADDED_ATTRIBUTE && !(name in attributes)) element.removeAttribute(name);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

function restore(entry: Saved): void {
  if (entry.kind === 'title') document.title = entry.title;
  else if (entry.kind === 'created') entry.element.remove();
  else {
    for (const name of entry.element.getAttributeNames()) entry.element.removeAttribute(name);
    for (const [name, value] of entry.attributes) entry.element.setAttribute(name, value);
  }
}

function apply(key: string, tag: HeadTag): void {
  if (tag.tag === 'title') {
    if (!saved.has(key)) saved.set(key, { kind: 'title', title: document.title });
    document.title = tag.text ?? '';
    return;
  }
  const current = saved.get(key);
  if (current && current.kind !== 'title') {
    setAttributes(current.element, tag.attributes);
    return;
  }
  const existing = findElement(tag);
  if (existing?.hasAttribute(ADDED_ATTRIBUTE)) {
    // Added by the pre-render for this page's Heads: it goes when they do.
    setAttributes(existing, tag.attributes);
    saved.set(key, { kind: 'created', element: existing });
    return;
  }
  if (existing) {
    saved.set(key, { kind: 'element', element: existing, attributes: existing.getAttributeNames().map((name) => [name, existing.getAttribute(name) ?? '']) });
    setAttributes(existing, tag.attributes);
    return;
  }
  const element = document.createElement(tag.tag);
  element.setAttribute(ADDED_ATTRIBUTE, '');
  setAttributes(element, tag.attributes);
  document.head.append(element);
  saved.set(key, { kind: 'created', element });
}

function sync(): void {
  const inOrder = [...registered].sort(([a], [b]) => a - b).flatMap(([, tags]) => tags);
  const effective = effectiveHeadTags(inOrder);
  for (const [key, entry] of [...saved]) {
    if (effective.has(key)) continue;
    restore(entry);
    saved.delete(key);
  }
  for (const [key, tag] of effective) apply(key, tag);
}

/** Applies the tags of the Head at `order`; returns the function that withdraws them. */
export function registerHeadTags(order: number, tags: HeadTag[]): () => void {
  registered.set(order, tags);
  sync();
  return () => {
    registered.delete(order);
    sync();
  };
}
