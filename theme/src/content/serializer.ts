//! The HTML serializer (`html.ts`) on demand: the first load adopts the server-written
//! article and needs no serializer, so it is a chunk of its own, loaded with a page the
//! client navigates to (`loadRoute`, which prefetching runs too) and by the server at start.

import { loadOnce } from '../lib/loadOnce';

type Serializer = typeof import('./html');

const html = loadOnce<Serializer>(() => import('./html'));

/** The serializer, if its chunk has loaded. */
export function serializer(): Serializer | null {
  return html.current();
}

/** Loads the serializer once; a failed load may be retried. */
export function loadSerializer(): Promise<Serializer> {
  return html.load();
}

/** A CSS module's class names. */
export type ClassNames = Readonly<Record<string, string>>;
/** The content components' class names (`classes.ts`). */
export type ContentClasses = { [name in 'admonition' | 'code' | 'details' | 'heading' | 'mermaid' | 'tabs']: ClassNames };

let classes: ContentClasses | null = null;

/** Called by `classes.ts` when it loads. */
export function setContentClasses(names: ContentClasses): void {
  classes = names;
}

/** The content components' class names (`classes.ts` has run: the serializer imports it). */
export function contentClasses(): ContentClasses {
  if (!classes) throw new Error('The content class names are not set (content/classes.ts was not loaded).');
  return classes;
}
