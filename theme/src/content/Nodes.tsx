//! Renders the engine's content tree (`Node[]`): strings are text, lower-case `t` are
//! HTML elements, upper-case `t` are theme components (see `components.tsx`). Pure
//! function of the tree, so the server and the client produce identical markup.
import { createElement, type ReactNode } from 'react';
import type { Element, Node } from '../generated/contract';
import { Link } from '../components/Link';
import { NO_WHITESPACE_TEXT, VOID_ELEMENTS } from './attributes';
import { toReactProps } from './reactProps';
import { contentComponents } from './components';
import { isElement, isTaskItem, labelTask, nodeText } from './tree';

export type NodesProps = { nodes: readonly Node[] | undefined };

/** Renders a list of content nodes. */
export function Nodes({ nodes }: NodesProps) {
  return <>{renderNodes(nodes)}</>;
}

/** Renders content nodes to React children (keys by position: the tree is static). */
export function renderNodes(nodes: readonly Node[] | undefined): ReactNode[] {
  if (!nodes) return [];
  return nodes.map((node, index) => renderNode(node, index));
}

function renderNode(node: Node, key: number): ReactNode {
  if (typeof node === 'string') return node;
  return renderElement(node, key);
}

function renderElement(element: Element, key: number): ReactNode {
  const { t: tag } = element;
  if (isTaskItem(element)) element = labelTask(element);
  if (/^[A-Z]/.test(tag)) {
    const Component = contentComponents[tag];
    if (Component) return <Component key={key} node={element} />;
    // An unknown component (engine newer than theme): keep its content visible.
    return (
      <div key={key} data-unknown-component={tag}>
        {renderNodes(element.c)}
      </div>
    );
  }
  const props = toReactProps(tag, element.a);
  // A table scrolls sideways in its own box when it is too wide (markdown.css), so keyboard
  // readers must be able to focus it to scroll it.
  if (tag === 'table') props.tabIndex = 0;
  if (tag === 'a' && typeof props.href === 'string') {
    const { href, ...rest } = props;
    return (
      <Link key={key} to={href as string} reload={element.a?.['data-reload'] === 'true'} {...rest}>
        {renderNodes(element.c)}
      </Link>
    );
  }
  if (VOID_ELEMENTS.has(tag)) return createElement(tag, { key, ...props });
  const children = NO_WHITESPACE_TEXT.has(tag)
    ? element.c?.filter((child) => typeof child !== 'string' || child.trim() !== '')
    : element.c;
  return createElement(tag, { key, ...props }, ...renderNodes(children));
}

export { isElement, nodeText };
export { registerContentComponents } from './components';
