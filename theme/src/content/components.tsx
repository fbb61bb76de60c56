//! The registry of content components: the upper-case element names the engine emits
//! (see `Element` in the contract) -> the theme component that renders them.
import type { ComponentType } from 'react';
import type { Element } from '../generated/contract';
import { Admonition } from '../components/Admonition';
import { CodeBlock } from '../components/CodeBlock';
import { Details } from '../components/Details';
import { Heading } from '../components/Heading';
import { Mermaid } from '../components/Mermaid';
import { TabItem, Tabs } from '../components/Tabs';

/** Props of every content component: its element (attributes in `a`, children in `c`). */
export type ContentComponentProps = { node: Element };

export const contentComponents: Record<string, ComponentType<ContentComponentProps> | undefined> = {
  Heading,
  CodeBlock,
  Admonition,
  Tabs,
  TabItem,
  Mermaid,
  Details,
};

/**
 * Adds the site pages' components (home, community, users, training: chunks of their own),
 * handed in by `lazy.tsx` when it loads this renderer: importing them here would make this
 * chunk and the entry import each other, and the bundler would split the entry to break
 * the cycle.
 */
export function registerContentComponents(more: Record<string, ComponentType<ContentComponentProps>>): void {
  Object.assign(contentComponents, more);
}
