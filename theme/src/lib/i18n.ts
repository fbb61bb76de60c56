//! The theme's own strings in the build's locale. Every reader-visible text the theme shows
//! goes through `t(id, message, values)`, with the id Docusaurus's classic theme gives the
//! same text (`theme.docs.paginator.next`, ...), so a site's `i18n/<locale>/code.json` and
//! `@docusaurus/theme-translations` translate it as they do in Docusaurus. The messages are
//! the site data's `translations` (one locale per build, identical for every page), kept
//! here rather than in a context so the article serializer (`content/html.ts`), the islands
//! and `@docusaurus/Translate`'s `translate()` can read them outside React, as Docusaurus
//! reads its code translations from a module. `SiteDataProvider` sets them.

let messages: Record<string, string> = {};
let currentLocale = 'en';

/** The build's messages by id and its locale (for plural forms); set with the site data. */
export function setTranslations(translations: Record<string, string>, locale: string): void {
  messages = translations;
  currentLocale = locale;
}

/** The build's locale code (for plural forms, `lib/plural.ts`). */
export function locale(): string {
  return currentLocale;
}

/** The translation of `id`, if the build has one. */
export function translation(id: string): string | undefined {
  return messages[id];
}

/** `{name}` placeholders of `text` replaced by `values[name]` (a missing value stays as written). */
export function fill(text: string, values?: Record<string, string | number>): string {
  return values ? text.replace(/\{(\w+)\}/g, (all, name: string) => (values[name] === undefined ? all : String(values[name]))) : text;
}

/** The build's message for `id`, else `message` (the English default), with its values. */
export function t(id: string, message: string, values?: Record<string, string | number>): string {
  return fill(messages[id] ?? message, values);
}
