//! The site's locales: where the same page is in another locale (the locale dropdown, the
//! `hreflang` alternates of the head). Each locale is a build of its own served under its
//! `baseUrl` (`/` and `/fr/`, or `/kiln/` and `/kiln/fr/`), so the page's path after this
//! build's base is the same in every locale, as Docusaurus's `useAlternatePageUtils` has it.
import type { LocaleLink, SiteData } from '../generated/contract';

/** The path this build's pages are under: its locale's `baseUrl`, else the site's. */
export function currentBaseUrl(site: Pick<SiteData, 'baseUrl' | 'locale' | 'locales'>): string {
  return site.locales.find((locale) => locale.code === site.locale.code)?.baseUrl ?? site.baseUrl;
}

/** The route of `path` (a route of this build) in `locale`'s build. */
export function localePath(site: Pick<SiteData, 'baseUrl' | 'locale' | 'locales'>, locale: Pick<LocaleLink, 'baseUrl'>, path: string): string {
  const base = currentBaseUrl(site);
  const rest = path.startsWith(base) ? path.slice(base.length) : path === base.slice(0, -1) ? '' : path.replace(/^\//, '');
  return locale.baseUrl + rest;
}
