//! The global class names of an admonition, shared by the component (`View.tsx`) and the
//! article's HTML serializer (`content/html.ts`): the classic theme's (`theme-admonition`,
//! `theme-admonition-<kind>`) and Infima's alert of the kind (`alert alert--info`), which a
//! Docusaurus site's CSS targets and Infima colours, then, for a `docsite.toml` site, the
//! theme's own `admonition admonition-<kind>` (Docusaurus 3 has none: a Docusaurus site's
//! CSS written for Docusaurus 2's would style boxes Docusaurus leaves alone). The site kind
//! is the site data's `docusaurus`, set with it (`SiteDataProvider`) and read outside React
//! by the article serializer too.

let docusaurusSite = false;

/** Whether the site is read from a Docusaurus config (the site data's `docusaurus`). */
export function setDocusaurusSite(docusaurus: boolean): void {
  docusaurusSite = docusaurus;
}

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
  const classic = `theme-admonition theme-admonition-${kind} alert alert--${ALERT[kind] ?? 'secondary'}`;
  return docusaurusSite ? classic : `${classic} admonition admonition-${kind}`;
}
