//! Pure helpers over the content tree, shared by the renderer and by components that
//! live in on-demand chunks (which must not import the renderer itself: see `lazy.tsx`).
import type { Element, Node } from '../generated/contract';

/** The plain text of content nodes (for labels such as "Direct link to …"). */
export function nodeText(nodes: readonly Node[] | undefined): string {
  if (!nodes) return '';
  let text = '';
  for (const node of nodes) text += typeof node === 'string' ? node : nodeText(node.c);
  return text;
}

/** Whether a node is an element named `t`. */
export function isElement(node: Node, t?: string): node is Element {
  return typeof node !== 'string' && (t === undefined || node.t === t);
}
