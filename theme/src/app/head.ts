//! The `<head>` tags of a page (title, description, canonical, Open Graph, the page in
//! each locale), as an HTML string for the server render and as DOM updates after client
//! navigation.
import type { PageData, SiteData } from '../generated/contract';
import { localePath } from '../lib/locales';

/** `{page} | {site}`, or the site title alone on the home page. */
export function pageTitle(site: SiteData, page: Pick<PageData, 'path' | 'title'>): string {
  return page.path === '/' || !page.title ? site.title : `${page.title} | ${site.title}`;
}

/** Absolute canonical URL of a page. */
export function canonicalUrl(site: SiteData, page: Pick<PageData, 'path'>): string {
  return `${site.url.replace(/\/+$/, '')}${page.path}`;
}

/**
 * The page in every locale, as Docusaurus's `SiteMetadata` gives it (a site with one
 * locale too): an `hreflang` alternate per locale, one `x-default` for the default locale,
 * and `og:locale` (the `htmlLang` with `_`, as Open Graph writes it) with an
 * `og:locale:alternate` for each other language.
 */
export function localeAlternates(site: SiteData, page: Pick<PageData, 'path'>): { hreflang: string; href: string }[] {
  const origin = site.url.replace(/\/+$/, '');
  const links = site.locales.map((locale) => ({ hreflang: locale.htmlLang, href: origin + localePath(site, locale, page.path) }));
  const fallback = site.locales.find((locale) => locale.code === site.defaultLocale);
  if (fallback) links.push({ hreflang: 'x-default', href: origin + localePath(site, fallback, page.path) });
  return links;
}

const openGraphLocale = (htmlLang: string) => htmlLang.replace('-', '_');

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' })[c]};`);
}

/** The head tags of a page, one per line. */
export function renderHead(site: SiteData, page: PageData): string {
  const title = pageTitle(site, page);
  const description = page.description ?? site.tagline;
  const url = canonicalUrl(site, page);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : null,
    page.keywords.length > 0 ? `<meta name="keywords" content="${escapeHtml(page.keywords.join(', '))}">` : null,
    page.unlisted ? '<meta name="robots" content="noindex, nofollow">' : null,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : null,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    ...localeAlternates(site, page).map(({ hreflang, href }) => `<link rel="alternate" href="${escapeHtml(href)}" hreflang="${escapeHtml(hreflang)}">`),
    `<meta property="og:locale" content="${escapeHtml(openGraphLocale(site.locale.htmlLang))}">`,
    ...site.locales
      .filter((locale) => locale.htmlLang !== site.locale.htmlLang)
      .map((locale) => `<meta property="og:locale:alternate" content="${escapeHtml(openGraphLocale(locale.htmlLang))}">`),
  ];
  return tags.filter((tag): tag is string => tag !== null).join('\n');
}

/** Brings the live document's head in line with a page the client navigated to. */
export function updateDocumentHead(site: SiteData, page: PageData): void {
  const title = pageTitle(site, page);
  const description = page.description ?? site.tagline;
  const url = canonicalUrl(site, page);
  document.title = title;
  const set = (selector: string, attribute: string, value: string) => {
    document.head.querySelector(selector)?.setAttribute(attribute, value);
  };
  // A `<meta name>` that only some pages have: added, updated or removed (the robots tag of
  // an unlisted page must not stay after navigating to a listed one, nor be missing after
  // navigating to an unlisted one). New tags go before the canonical link, as on the server.
  const named = (name: string, content: string | null) => {
    let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
    if (content === null) {
      tag?.remove();
      return;
    }
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = name;
      document.head.insertBefore(tag, document.head.querySelector('link[rel="canonical"]'));
    }
    tag.content = content;
  };
  named('description', description || null);
  named('keywords', page.keywords.length > 0 ? page.keywords.join(', ') : null);
  named('robots', page.unlisted ? 'noindex, nofollow' : null);
  set('meta[property="og:description"]', 'content', description);
  set('meta[property="og:title"]', 'content', title);
  set('meta[property="og:url"]', 'content', url);
  set('link[rel="canonical"]', 'href', url);
  for (const { hreflang, href } of localeAlternates(site, page)) set(`link[rel="alternate"][hreflang="${hreflang}"]`, 'href', href);
}
