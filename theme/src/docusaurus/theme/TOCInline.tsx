//! `@theme/TOCInline` for MDX docs and a site's React code: `<TOCInline toc={toc}
//! minHeadingLevel maxHeadingLevel />` lists the headings of `toc` (what Docusaurus's MDX
//! compiler exports from every `.md`/`.mdx` file, and so does the site build's
//! `rehypeTocExport`: `{ value, id, level }`, `value` the heading's inline HTML) between the
//! two levels (2 and 3 by default, as Docusaurus's), nested by level, where the doc places it.
import { createElement, type ReactElement } from 'react';

export type TOCItem = { value: string; id: string; level: number };
export type Props = { toc: readonly TOCItem[]; minHeadingLevel?: number; maxHeadingLevel?: number; className?: string };

type Node = TOCItem & { children: Node[] };

/** Nests a flat, ordered list by heading level (a deeper heading goes under the last shallower one). */
function nest(items: readonly TOCItem[]): Node[] {
  const root: Node[] = [];
  const stack: Node[] = [];
  for (const item of items) {
    const node: Node = { ...item, children: [] };
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= item.level) stack.pop();
    (stack[stack.length - 1]?.children ?? root).push(node);
    stack.push(node);
  }
  return root;
}

function List({ nodes, top }: { nodes: Node[]; top: boolean }): ReactElement {
  return createElement(
    'ul',
    { className: top ? 'table-of-contents' : undefined },
    nodes.map((node): ReactElement =>
      createElement(
        'li',
        { key: node.id },
        // `value` is the heading's inline HTML as the MDX compiler wrote it from the doc's own Markdown.
        createElement('a', { href: `#${node.id}`, dangerouslySetInnerHTML: { __html: node.value } }),
        node.children.length > 0 ? createElement(List, { nodes: node.children, top: false }) : null,
      ),
    ),
  );
}

export default function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3, className }: Props) {
  if (!Array.isArray(toc)) throw new Error('<TOCInline> needs the `toc` prop: the `toc` of the doc (`<TOCInline toc={toc} />`)');
  const shown = toc.filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel);
  return createElement('div', { className: ['theme-toc-inline', className].filter(Boolean).join(' '), 'data-toc-inline': '' }, createElement(List, { nodes: nest(shown), top: true }));
}
