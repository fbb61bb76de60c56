//! Where `@docusaurus/Head` puts its tags. On the server, `entry-server.tsx` provides a
//! collector: every `Head` rendered adds its tags during the (single, synchronous) render
//! and the collected tags then replace or extend the page's default head. In the browser
//! there is no collector; `head/document.ts` applies the tags to `document.head`.
import { createContext, useContext, type ReactNode } from 'react';
import type { HeadTag } from './tags';

/** The tags of one server render, in render order. */
export type HeadCollector = { tags: HeadTag[] };

export function createHeadCollector(): HeadCollector {
  return { tags: [] };
}

const Context = createContext<HeadCollector | null>(null);
Context.displayName = 'HeadCollector';

export function HeadCollectorProvider({ collector, children }: { collector: HeadCollector; children: ReactNode }) {
  return <Context value={collector}>{children}</Context>;
}

/** The server render's collector, or null in the browser. */
export function useHeadCollector(): HeadCollector | null {
  return useContext(Context);
}
