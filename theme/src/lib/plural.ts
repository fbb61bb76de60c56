//! Plural messages of the theme (`"One doc|{count} docs"`), apart from `i18n.ts` because
//! only on-demand parts (the search page) show one: the first view does not carry them.
import { fill, locale, translation } from './i18n';

const PLURAL_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * One form of a plural message (`"One doc|{count} docs"`), chosen as Docusaurus's
 * `usePluralForm` does: the forms are the locale's plural categories in the order zero,
 * one, two, few, many, other, and a message with fewer forms than that gives its last.
 */
export function pluralForm(forms: string, count: number, localeCode = locale()): string {
  const parts = forms.split('|');
  if (parts.length === 1) return forms;
  let index = count === 1 ? 0 : 1;
  try {
    const rules = new Intl.PluralRules(localeCode);
    const categories: string[] = rules.resolvedOptions().pluralCategories;
    index = PLURAL_ORDER.filter((category) => categories.includes(category)).indexOf(rules.select(count));
  } catch {
    // An unknown locale: English's two forms, as Docusaurus falls back to.
  }
  return parts[Math.min(index, parts.length - 1)] ?? forms;
}

/** `t` for a plural message: the form for `count`, with `{count}` and the other values filled. */
export function tPlural(id: string, forms: string, count: number, values?: Record<string, string | number>): string {
  return fill(pluralForm(translation(id) ?? forms, count), { count, ...values });
}
