// Locales on the theme side: the translation helper (ids, interpolation, plural forms,
// fallback), the theme's strings through the build's translations, `@docusaurus/Translate`
// and `useDocusaurusContext().i18n`, the locale dropdown's links and the head's alternates.
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { localeAlternates, renderHead, updateDocumentHead } from '../src/app/head';
import { DocFooter } from '../src/components/DocFooter';
import { DocPaginator } from '../src/components/DocPaginator';
import { LastUpdated } from '../src/components/LastUpdated';
import { LocaleDropdownItem } from '../src/components/NavbarItem/items';
import { TableOfContents } from '../src/components/TableOfContents';
import { renderHtml } from '../src/content/html';
import { loadSerializer } from '../src/content/serializer';
import Translate, { translate } from '../src/docusaurus/core/Translate';
import { docusaurusContext } from '../src/docusaurus/core/useDocusaurusContext';
import type { NavbarItem, SiteData } from '../src/generated/contract';
import { setTranslations, t } from '../src/lib/i18n';
import { localePath } from '../src/lib/locales';
import { pluralForm, tPlural } from '../src/lib/plural';
import { act } from 'react';
import { cleanup, hydrateServerHtml, mount, withProviders } from './render';
import { page, routes, sidebar, site } from './fixtures';

afterEach(() => {
  cleanup();
  setTranslations({}, 'en');
});

/** The fixture site built as its French locale, beside English (default) and Arabic. */
function frenchSite(baseUrl = '/'): SiteData {
  return {
    ...site,
    baseUrl: `${baseUrl}fr/`,
    locale: { code: 'fr', label: 'Français', direction: 'ltr', htmlLang: 'fr-FR' },
    defaultLocale: 'en',
    locales: [
      { code: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', baseUrl },
      { code: 'fr', label: 'Français', direction: 'ltr', htmlLang: 'fr-FR', baseUrl: `${baseUrl}fr/` },
      { code: 'ar', label: 'العربية', direction: 'rtl', htmlLang: 'ar', baseUrl: `${baseUrl}ar/` },
    ],
    translations: {
      'theme.docs.paginator.previous': 'Précédent',
      'theme.docs.paginator.next': 'Suivant',
      'theme.docs.paginator.navAriaLabel': 'Pages de documentation',
      'theme.TOCCollapsible.toggleButtonLabel': 'Sur cette page',
      'theme.common.editThisPage': 'Éditer cette page',
      'theme.lastUpdated.lastUpdatedAtBy': 'Dernière mise à jour{atDate}{byUser}',
      'theme.lastUpdated.atDate': ' le {date}',
      'theme.lastUpdated.byUser': ' par {user}',
      'theme.admonition.note': 'remarque',
      'theme.common.headingLinkTitle': 'Lien direct vers {heading}',
      'theme.navbar.mobileLanguageDropdown.label': 'Langues',
      'home.greeting': 'Bonjour {name}',
    },
  };
}

describe('translation helper', () => {
  it('gives the build’s message for an id, else the default, with its placeholders filled', () => {
    setTranslations({ 'theme.docs.versionBadge.label': 'Version : {versionLabel}' }, 'fr');
    expect(t('theme.docs.versionBadge.label', 'Version: {versionLabel}', { versionLabel: '2.2' })).toBe('Version : 2.2');
    expect(t('theme.common.editThisPage', 'Edit this page')).toBe('Edit this page');
    // A placeholder without a value stays as written; numbers are written as text.
    expect(t('x', '{a} of {b}', { a: 3 })).toBe('3 of {b}');
  });

  it('chooses plural forms as Docusaurus does, by the locale’s plural categories', () => {
    expect(pluralForm('One doc|{count} docs', 1, 'en')).toBe('One doc');
    expect(pluralForm('One doc|{count} docs', 0, 'en')).toBe('{count} docs');
    // French puts 0 in the "one" category.
    expect(pluralForm('Un doc|{count} docs', 0, 'fr')).toBe('Un doc');
    // Arabic has six categories: zero, one, two, few, many, other.
    const arabic = 'z|o|t|f|m|x';
    expect([0, 1, 2, 3, 11, 100].map((n) => pluralForm(arabic, n, 'ar'))).toEqual(['z', 'o', 't', 'f', 'm', 'x']);
    // Fewer forms than categories: the last one.
    expect(pluralForm('o|x', 2, 'ar')).toBe('x');
    // One form only: it.
    expect(pluralForm('{count} docs', 1, 'en')).toBe('{count} docs');
    // A locale Intl does not know falls back to English's two forms.
    expect(pluralForm('one|other', 1, 'not a locale!')).toBe('one');
  });

  it('fills {count} in a plural message, translated when the build has it', () => {
    expect(tPlural('docsite.SearchPage.resultCount', '{count} result for "{query}"|{count} results for "{query}"', 3, { query: 'intent' })).toBe('3 results for "intent"');
    setTranslations({ 'docsite.SearchPage.resultCount': '{count} résultat pour « {query} »|{count} résultats pour « {query} »' }, 'fr');
    expect(tPlural('docsite.SearchPage.resultCount', '', 0, { query: 'x' })).toBe('0 résultat pour « x »');
    expect(tPlural('docsite.SearchPage.resultCount', '', 2, { query: 'x' })).toBe('2 résultats pour « x »');
  });
});

describe('theme strings in the build’s locale', () => {
  const edited = { ...page, editUrl: 'https://github.com/finos/FDC3/edit/main/docs/x.md' };

  it('keeps the English texts when the build has no translations', () => {
    const root = mount(withProviders(<><DocPaginator /><TableOfContents variant="collapsible" /><DocFooter /></>, { page: edited }));
    expect(root.querySelector('nav')?.getAttribute('aria-label')).toBe('Docs pages');
    expect(root.textContent).toContain('Previous');
    expect(root.textContent).toContain('Next');
    expect(root.querySelector('summary')?.textContent).toBe('On this page');
    expect(root.textContent).toContain('Edit this page');
  });

  it('shows the paginator, table of contents, edit link and last update in French', () => {
    const root = mount(withProviders(<><DocPaginator /><TableOfContents variant="collapsible" /><DocFooter /><LastUpdated /></>, { site: frenchSite(), page: edited }));
    expect(root.querySelector('nav')?.getAttribute('aria-label')).toBe('Pages de documentation');
    expect(root.textContent).toContain('Précédent');
    expect(root.textContent).toContain('Suivant');
    expect(root.querySelector('summary')?.textContent).toBe('Sur cette page');
    expect(root.textContent).toContain('Éditer cette page');
    const lastUpdated = root.querySelector('p');
    expect(lastUpdated?.textContent).toMatch(/^Dernière mise à jour le .+ par .+$/);
    // The date and the author stay elements inside the translated sentence.
    expect(lastUpdated?.querySelectorAll('b')).toHaveLength(2);
  });

  it('translates the article’s admonition titles and heading anchors (the serializer)', async () => {
    await loadSerializer();
    setTranslations(frenchSite().translations, 'fr');
    const html = renderHtml([
      { t: 'Admonition', a: { kind: 'note' }, c: [{ t: 'p', c: ['x'] }] },
      { t: 'Heading', a: { level: '2', id: 'intro' }, c: ['Intro'] },
    ]);
    expect(html).toContain('REMARQUE');
    expect(html).toContain('aria-label="Lien direct vers Intro"');
  });
});

describe('a translated page in the browser', () => {
  it('hydrates the server HTML of a French page without warnings, its strings and locale links as the server wrote them', () => {
    const french = frenchSite();
    const hydrated = hydrateServerHtml(french, routes, page, sidebar);
    expect(hydrated.errors).toEqual([]);
    expect(hydrated.warnings).toEqual([]);
    expect(document.querySelector('nav[aria-label="Pages de documentation"]')?.textContent).toContain('Suivant');
    const locales = Array.from(document.querySelectorAll('nav.navbar a')).filter((a) => ['English', 'Français', 'العربية'].includes(a.textContent ?? ''));
    expect(locales.map((a) => a.getAttribute('href'))).toEqual([page.path, `/fr${page.path}`, `/ar${page.path}`]);
    act(() => hydrated.root.unmount());
  });
});

describe('@docusaurus/Translate and useDocusaurusContext', () => {
  it('looks the id up in the build’s translations first (code.json), then the message', () => {
    setTranslations(frenchSite().translations, 'fr');
    expect(translate({ id: 'home.greeting', message: 'Hello {name}' }, { name: 'Ada' })).toBe('Bonjour Ada');
    expect(translate({ id: 'home.other', message: 'Hello' })).toBe('Hello');
    expect(renderToString(<Translate id="home.greeting" values={{ name: <b>Ada</b> }}>{'Hello {name}'}</Translate>)).toBe('Bonjour <b>Ada</b>');
    // Without an id, Docusaurus keys the message by itself.
    setTranslations({ 'Hello': 'Salut' }, 'fr');
    expect(translate({ message: 'Hello' })).toBe('Salut');
  });

  it('reports every locale of the site in i18n', () => {
    const { i18n } = docusaurusContext(frenchSite());
    expect(i18n.defaultLocale).toBe('en');
    expect(i18n.currentLocale).toBe('fr');
    expect(i18n.locales).toEqual(['en', 'fr', 'ar']);
    expect(i18n.localeConfigs.ar).toEqual({ label: 'العربية', direction: 'rtl', htmlLang: 'ar' });
  });
});

describe('locale dropdown', () => {
  const item = site.navbar.items.find((i) => i.type === 'localeDropdown') as Extract<NavbarItem, { type: 'localeDropdown' }>;

  it('maps a page’s path into each locale’s build, under a sub-path too', () => {
    expect(localePath(frenchSite(), { baseUrl: '/' }, '/fr/docs/intro')).toBe('/docs/intro');
    expect(localePath(frenchSite(), { baseUrl: '/ar/' }, '/fr/docs/intro')).toBe('/ar/docs/intro');
    expect(localePath(frenchSite(), { baseUrl: '/' }, '/fr/')).toBe('/');
    expect(localePath(frenchSite('/kiln/'), { baseUrl: '/kiln/' }, '/kiln/fr/docs/intro')).toBe('/kiln/docs/intro');
    expect(localePath(frenchSite('/kiln/'), { baseUrl: '/kiln/ar/' }, '/kiln/fr')).toBe('/kiln/ar/');
    expect(localePath(site, { baseUrl: '/fr/' }, '/docs/fdc3-intro')).toBe('/fr/docs/fdc3-intro');
  });

  it('lists every locale, the current one active, linking to the same page, then the items after', () => {
    const french = frenchSite('/kiln/');
    const withAfter = { ...item, itemsAfter: [{ label: 'Help us translate', to: null, href: 'https://crowdin.com/x', activeBasePath: null, activeBaseRegex: null }] };
    const root = mount(withProviders(<LocaleDropdownItem item={withAfter} mobile={false} />, { site: french, page: { ...page, path: '/kiln/fr/docs/intro' }, url: '/kiln/fr/docs/intro?x=1#part' }));
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual(['English', 'Français', 'العربية', 'Help us translate']);
    // Once hydrated, the query and hash of the address are kept.
    expect(links.slice(0, 3).map((a) => a.getAttribute('href'))).toEqual(['/kiln/docs/intro?x=1#part', '/kiln/fr/docs/intro?x=1#part', '/kiln/ar/docs/intro?x=1#part']);
    expect(links[1]?.getAttribute('aria-current')).toBe('page');
    expect(links[0]?.getAttribute('aria-current')).toBeNull();
    expect(root.querySelector('button')?.getAttribute('aria-label')).toBe('Language: Français');
  });

  it('renders the links without query and hash on the server, and reads them again on click', () => {
    const french = frenchSite();
    const html = renderToString(withProviders(<LocaleDropdownItem item={item} mobile={false} />, { site: french, page: { ...page, path: '/fr/docs/intro' }, url: '/fr/docs/intro?x=1#part' }));
    expect(html).toContain('href="/docs/intro"');
    expect(html).toContain('href="/ar/docs/intro"');
    expect(html).not.toContain('?x=1');
    const root = mount(withProviders(<LocaleDropdownItem item={item} mobile={false} />, { site: french, page: { ...page, path: '/fr/docs/intro' } }));
    const english = root.querySelector('a') as HTMLAnchorElement;
    window.history.replaceState(null, '', '/fr/docs/intro?tab=ts#usage');
    // The click's default action (a full load: another build) is what the test stops.
    english.addEventListener('click', (event) => event.preventDefault());
    english.click();
    expect(english.getAttribute('href')).toBe('/docs/intro?tab=ts#usage');
  });

  it('is labelled "Languages" in the mobile drawer, in the build’s language', () => {
    const root = mount(withProviders(<LocaleDropdownItem item={item} mobile />, { site: frenchSite() }));
    expect(root.querySelector('button')?.textContent).toContain('Langues');
  });
});

describe('head alternates', () => {
  it('names the page in every locale, x-default the default one, and the Open Graph locales', () => {
    const french = frenchSite('/kiln/');
    const head = renderHead(french, { ...page, path: '/kiln/fr/docs/intro' });
    expect(head).toContain('<link rel="alternate" href="https://fdc3.finos.org/kiln/docs/intro" hreflang="en">');
    expect(head).toContain('<link rel="alternate" href="https://fdc3.finos.org/kiln/fr/docs/intro" hreflang="fr-FR">');
    expect(head).toContain('<link rel="alternate" href="https://fdc3.finos.org/kiln/ar/docs/intro" hreflang="ar">');
    expect(head).toContain('<link rel="alternate" href="https://fdc3.finos.org/kiln/docs/intro" hreflang="x-default">');
    expect(head).toContain('<meta property="og:locale" content="fr_FR">');
    expect(head).toContain('<meta property="og:locale:alternate" content="en">');
    expect(head).toContain('<meta property="og:locale:alternate" content="ar">');
    expect(head).not.toContain('og:locale:alternate" content="fr_FR"');
  });

  it('writes them for a one-locale site too, as Docusaurus’s SiteMetadata does', () => {
    const head = renderHead(site, page);
    expect(head).toContain(`<link rel="alternate" href="https://fdc3.finos.org${page.path}" hreflang="en">`);
    expect(head).toContain(`<link rel="alternate" href="https://fdc3.finos.org${page.path}" hreflang="x-default">`);
    expect(head).toContain('<meta property="og:locale" content="en">');
    expect(head).not.toContain('og:locale:alternate');
  });

  it('moves the alternates to the page the client navigated to', () => {
    const french = frenchSite();
    document.head.innerHTML = renderHead(french, { ...page, path: '/fr/docs/a' });
    updateDocumentHead(french, { ...page, path: '/fr/docs/b' });
    const links = Array.from(document.head.querySelectorAll('link[rel="alternate"]')).map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);
    expect(links).toEqual(localeAlternates(french, { path: '/fr/docs/b' }).map(({ hreflang, href }) => [hreflang, href]));
    expect(links[0]).toEqual(['en', 'https://fdc3.finos.org/docs/b']);
  });
});
