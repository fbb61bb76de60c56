//! `@docusaurus/Head` for a site's React pages: `<title>`, `<meta>` and `<link>` children
//! go into the page's head, a later tag replacing an earlier one with the same key (the
//! title, a meta `name`/`property`, the canonical link) and the page's default one. While
//! pre-rendering they reach the HTML's head (collected by `entry-server.tsx`); in the
//! browser they are applied to `document.head` and withdrawn when the Head unmounts.
//! Other children (`<script>`, `<style>`, `<html>` attributes) are not supported: a warning
//! names them and they are left out.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useHeadCollector } from '../head/collector';
import { nextHeadOrder, registerHeadTags } from '../head/document';
import { readHeadTags, type HeadTag } from '../head/tags';

export type Props = { children?: ReactNode };

const warned = new Set<string>();

function warnUnsupported(name: string): void {
  if (warned.has(name)) return;
  warned.add(name);
  console.warn(`[docsite] <Head> supports <title>, <meta> and <link> children; ${name} is left out.`);
}

/** Applies `tags` in the browser (or collects them on the server). Shared with `@theme/Layout`. */
export function useHeadTags(tags: HeadTag[]): void {
  const collector = useHeadCollector();
  const [order] = useState(nextHeadOrder);
  const withdraw = useRef<(() => void) | null>(null);
  const signature = JSON.stringify(tags);
  // Pre-rendering: one synchronous pass, so render order is document order.
  if (collector) collector.tags.push(...tags);

  // Applied after the theme has written the page's own head (its layout effect on
  // navigation), so the page's tags win ...
  useEffect(() => {
    withdraw.current = registerHeadTags(order, tags);
    // `signature` stands for `tags` (a new array on every render).
  }, [order, signature]);
  // ... and withdrawn before it writes the next page's head (layout cleanups of a removed
  // page run before the layout effects of the same commit).
  useLayoutEffect(
    () => () => {
      withdraw.current?.();
      withdraw.current = null;
    },
    [order, signature],
  );
}

export default function Head({ children }: Props) {
  const tags = useMemo(() => readHeadTags(children, warnUnsupported), [children]);
  useHeadTags(tags);
  return null;
}
