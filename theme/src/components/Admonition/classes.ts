//! The global class names of an admonition, shared by the component (`View.tsx`) and the
//! article's HTML serializer (`content/html.ts`): the classic theme's (`theme-admonition`,
//! `theme-admonition-<kind>`) and Infima's alert of the kind (`alert alert--info`), which a
//! Docusaurus site's CSS targets and Infima colours, then the theme's own.

/** Infima's alert variant of each kind, as the classic theme maps them. */
const ALERT: Record<string, string> = {
  note: 'secondary',
  tip: 'success',
  info: 'info',
  caution: 'warning',
  warning: 'warning',
  danger: 'danger',
  important: 'info',
  success: 'success',
  secondary: 'secondary',
};

export function admonitionClasses(kind: string): string {
  return `theme-admonition theme-admonition-${kind} alert alert--${ALERT[kind] ?? 'secondary'} admonition admonition-${kind}`;
}
