//! The global class names of an admonition, shared by the component (`View.tsx`) and the
//! article's HTML serializer (`content/html.ts`): the classic theme's (`theme-admonition`,
//! `theme-admonition-<kind>`) and Infima's alert of the kind (`alert alert--info`), which a
//! Docusaurus site's CSS targets and Infima colours, then the theme's module classes
//! (`View.tsx`). Docusaurus 3 has no `admonition-<kind>` class, and neither has the theme: a
//! Docusaurus site's CSS written for Docusaurus 2's would style boxes Docusaurus leaves alone.

/** Infima's alert variant of the kinds whose variant has another name, as the classic theme
 * maps them (the others' variant is the kind itself). */
const ALERT: Record<string, string> = { note: 'secondary', tip: 'success', caution: 'warning', important: 'info' };

export function admonitionClasses(kind: string): string {
  return `theme-admonition theme-admonition-${kind} alert alert--${ALERT[kind] ?? kind}`;
}
