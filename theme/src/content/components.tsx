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
import { lazyComponents } from './lazy';

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
  // The site pages' components (home, community, users, training), in chunks of their own.
  ...lazyComponents,
};
