//! The MDX components of a doc on the MDX path (a doc that needs JavaScript, compiled by MDX
//! in the site build, `site-code.config.ts`), as Docusaurus's `@theme/MDXComponents` gives
//! them: headings with the theme's direct link, links that route client-side, fenced code as
//! the theme's code block, admonitions, tabs. Every `.md`/`.mdx` file the site build
//! compiles asks this module for its components (MDX's `providerImportSource`), so a
//! partial a doc imports gets them too; outside a doc (an `.mdx` a React page imports) the
//! context is empty and MDX writes plain elements, as in Docusaurus.
//!
//! Loaded on demand with a doc's module (`app/siteComponents.ts`), never in a first view.
import { Children, createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react';
import { CodeBlock as EngineCodeBlock } from '../components/CodeBlock';
import { Mermaid } from '../components/Mermaid';
import type { DocCard, Element } from '../generated/contract';
import { CurrentCategoryCards } from './docCards';
import Head from './core/Head';
import Link from './core/Link';
import Admonition from './theme/Admonition';
import CodeBlock from './theme/CodeBlock';
import Heading, { type HeadingType } from './theme/Heading';
import TabItem from './theme/TabItem';
import Tabs from './theme/Tabs';

type Components = Record<string, ComponentType<Record<string, unknown>>>;

const MdxComponentsContext = createContext<Components>({});

/** MDX's provider hook (`providerImportSource`): the components of the enclosing doc. */
export function useMDXComponents(): Components {
  return useContext(MdxComponentsContext);
}

function heading(as: HeadingType) {
  return function MdxHeading(props: Record<string, unknown>) {
    return createElement(Heading, { ...props, as });
  };
}

/** Fenced code (`pre > code`) becomes the code block; the `pre` itself adds nothing. */
function MdxPre({ children }: { children?: ReactNode }) {
  return children;
}

/**
 * The engine's element for each fence of the doc and its partials, by `<file>:<line>`
 * (`markdown/mdx_path.rs`, the `docsiteCode` prop): the code block highlighted at build
 * time exactly as on the Markdown path, or a mermaid diagram.
 */
const CodeContext = createContext<Record<string, Pick<Element, 't' | 'a'>>>({});

/**
 * `code` inside a fence (its text ends with a newline, as MDX writes a fence's code) is the
 * engine's element for that fence (its key `docsiteFence` set by the site build's
 * `rehypeFenceKeys`), else a code block with the fence's language and meta (`metastring`,
 * copied by the site build's rehype step); other `code` is inline code.
 */
function MdxCode(props: { children?: ReactNode; className?: string; metastring?: string; docsiteFence?: string }) {
  const engine = useContext(CodeContext)[props.docsiteFence ?? ''];
  if (engine?.t === 'CodeBlock') return createElement(EngineCodeBlock, { node: { t: engine.t, a: engine.a, c: [] } });
  if (engine?.t === 'Mermaid') return createElement(Mermaid, { node: { t: engine.t, a: engine.a, c: [] } });
  const block = Children.toArray(props.children).some((child) => typeof child === 'string' && child.includes('\n'));
  if (!block) return createElement('code', { className: props.className }, props.children);
  return createElement(CodeBlock, { className: props.className, metastring: props.metastring }, props.children);
}

/**
 * The URL the page writes for each link and image target as the doc writes it (a `.md`
 * file's route, a copied image's URL), resolved by the engine (`markdown/mdx_path.rs`,
 * the `docsiteUrls` prop of the doc's module).
 */
const UrlsContext = createContext<Record<string, string>>({});

function MdxLink(props: { href?: string }) {
  const urls = useContext(UrlsContext);
  return createElement(Link, { ...props, href: props.href === undefined ? undefined : (urls[props.href] ?? props.href) });
}

function MdxImg(props: { src?: string }) {
  const urls = useContext(UrlsContext);
  return createElement('img', { ...props, src: props.src === undefined ? undefined : (urls[props.src] ?? props.src) });
}

const components = {
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  h5: heading('h5'),
  h6: heading('h6'),
  a: MdxLink,
  img: MdxImg,
  pre: MdxPre,
  code: MdxCode,
  head: Head,
  Admonition,
  CodeBlock,
  Tabs,
  TabItem,
} as unknown as Components;

/** A doc's compiled MDX as a component that provides the doc's MDX components. */
export function mdxDoc(Content: ComponentType<Record<string, unknown>>): ComponentType<Record<string, unknown>> {
  return function MdxDoc({ docsiteUrls, docsiteCode, docsiteCards, ...props }: Record<string, unknown>) {
    const urls = (docsiteUrls ?? {}) as Record<string, string>;
    const code = (docsiteCode ?? {}) as Record<string, Pick<Element, 't' | 'a'>>;
    const cards = docsiteCards as readonly DocCard[] | undefined;
    const content = createElement(CurrentCategoryCards.Provider, { value: cards }, createElement(CodeContext.Provider, { value: code }, createElement(Content, props)));
    return createElement(MdxComponentsContext.Provider, { value: components }, createElement(UrlsContext.Provider, { value: urls }, content));
  };
}
