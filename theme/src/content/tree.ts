//! Pure helpers over the content tree, shared by both renderers (`Nodes.tsx`, `html.ts`)
//! and by components that live in on-demand chunks (which must not import the renderer
//! itself: see `lazy.tsx`). Vite gives it a small chunk of its own, outside the first view.
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

/** Whether an element is a task list item (`- [ ] …`), whose checkbox `labelTask` labels. */
export function isTaskItem(element: Element): boolean {
  return element.t === 'li' && element.a?.class === 'task-list-item';
}

/**
 * A task list item whose checkbox is labelled by the item's own text (its nested lists
 * left out): an input without a label is announced as a bare "checkbox" (and fails axe's
 * `label` rule). Both renderers call it (`Nodes.tsx`, `html.ts`), so the pre-rendered and
 * the serialized markup agree.
 */
export function labelTask(item: Element): Element {
  const own = item.c?.filter((child) => typeof child === 'string' || !/^(input|ul|ol)$/.test(child.t));
  const label = nodeText(own).replace(/\s+/g, ' ').trim();
  return { ...item, c: item.c?.map((child) => (isElement(child, 'input') ? { ...child, a: { 'aria-label': label, ...child.a } } : child)) };
}
