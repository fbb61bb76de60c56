// Generated from crates/docsite-core/src/contract.rs by ts-rs. Do not edit.
// Regenerate: DOCSITE_WRITE_CONTRACT=1 cargo test -p docsite-core contract

export type Boot = { 
/**
 * URL of the [`SiteData`] chunk.
 */
site: string, 
/**
 * URL of the [`RouteManifest`] chunk.
 */
routes: string, 
/**
 * URL of the [`PageData`] the first load of this page reads. When everything the
 * page's content shows is in its HTML (the theme says so as it pre-renders it), this is
 * the page's data without its content (`content` empty, a fraction of the size: the
 * article is adopted as the server wrote it); otherwise the page's whole chunk, the one
 * its [`RouteEntry::chunk`] names for client-side navigation.
 */
page: string, 
/**
 * URL of this page's [`SidebarData`] chunk, when it has a sidebar.
 */
sidebar: string | null, };

export type RouteManifest = { 
/**
 * Route path (percent-decoded, no trailing slash except for `/`) -> entry.
 */
routes: { [key in string]: RouteEntry }, 
/**
 * The data chunk of the not-found page.
 */
notFound: string, };

export type RouteEntry = { 
/**
 * What kind of page this is.
 */
kind: RouteKind, 
/**
 * Docs version name (`2.2`, `current`, ...) for docs routes.
 */
version: string | null, 
/**
 * URL of the page data chunk.
 */
chunk: string, 
/**
 * URL of the sidebar chunk, when the page has a sidebar.
 */
sidebar: string | null, };

export type RouteKind = "doc" | "page" | "reactPage" | "search" | "notFound" | "blogPost" | "blogList";

export type SiteData = { 
/**
 * Site title, used in `<title>` and the navbar.
 */
title: string, 
/**
 * One-line description of the site.
 */
tagline: string, 
/**
 * Canonical origin (`https://fdc3.finos.org`).
 */
url: string, 
/**
 * Path the site is served under, with leading and trailing slash.
 */
baseUrl: string, 
/**
 * The configured `favicon`, relative to `baseUrl`, as written (for the site's own
 * React code: Docusaurus's `siteConfig.favicon`).
 */
favicon: string | null, 
/**
 * The configured `customFields` table (`{}` when absent), for the site's own React code
 * (`siteConfig.customFields`); the theme itself does not read it.
 */
customFields: Record<string, unknown>, 
/**
 * The locale of this build (a site with several locales is built once per locale).
 */
locale: LocaleData, 
/**
 * Code of the site's default locale (`i18n.defaultLocale`), served at the site's root.
 */
defaultLocale: string, 
/**
 * Every locale of the site, in the configured order (the default one included), each
 * with the path its build is served under: what the locale dropdown lists and the
 * `hreflang` alternates name.
 */
locales: Array<LocaleLink>, 
/**
 * The messages of this build's locale by id: the theme's own strings (Docusaurus's
 * `theme.*` ids, from `@docusaurus/theme-translations` when the site has it) and the
 * site's `i18n/<locale>/code.json`. An id missing here shows its default message.
 */
translations: { [key in string]: string }, 
/**
 * Navigation bar.
 */
navbar: NavbarData, 
/**
 * Footer, when configured.
 */
footer: FooterData | null, 
/**
 * Announcement bar, when configured.
 */
announcementBar: AnnouncementBarData | null, 
/**
 * Colour mode settings.
 */
colorMode: ColorModeData, 
/**
 * Analytics, when configured (page views on client navigation).
 */
analytics: AnalyticsData | null, 
/**
 * Third-party scripts loaded by every page.
 */
scripts: Array<ScriptData>, 
/**
 * Every docs version, newest first (`current` = next first).
 */
versions: Array<VersionData>, 
/**
 * Name of the latest released version.
 */
lastVersion: string, 
/**
 * Search settings.
 */
search: SearchData, 
/**
 * Origins content may show in an `<iframe>` (`security.frameSrc`); the pages' CSP
 * `frame-src`.
 */
frameSrc: Array<string>, };

export type LocaleData = { 
/**
 * Locale code (`en`).
 */
code: string, 
/**
 * Human label (`English`).
 */
label: string, 
/**
 * `ltr` or `rtl`.
 */
direction: string, 
/**
 * Value of `<html lang>`.
 */
htmlLang: string, };

export type LocaleLink = { 
/**
 * Locale code (`fr`).
 */
code: string, 
/**
 * Name of the language in itself (`Français`), shown by the locale dropdown.
 */
label: string, 
/**
 * `ltr` or `rtl`.
 */
direction: string, 
/**
 * Value of `<html lang>` and of the `hreflang` alternates (`fr`, `fr-FR`).
 */
htmlLang: string, 
/**
 * Path the locale's pages are served under, with leading and trailing slash: the
 * site's `baseUrl` for the default locale, `<baseUrl><path>/` for the others.
 */
baseUrl: string, };

export type NavbarData = { 
/**
 * Title next to the logo.
 */
title: string | null, 
/**
 * Logo image.
 */
logo: LogoData | null, 
/**
 * Hide the navbar when scrolling down.
 */
hideOnScroll: boolean, 
/**
 * `dark` or `primary` background; the page's background when absent.
 */
style: string | null, 
/**
 * Items, in configuration order; `position` says which side.
 */
items: Array<NavbarItem>, };

export type LogoData = { 
/**
 * Alternative text.
 */
alt: string, 
/**
 * Image URL in light mode.
 */
src: string, 
/**
 * Image URL in dark mode (defaults to `src`).
 */
srcDark: string, 
/**
 * Where the logo links to.
 */
href: string, 
/**
 * Width in CSS pixels.
 */
width: number | null, 
/**
 * Height in CSS pixels.
 */
height: number | null, };

export type Position = "left" | "right";

export type NavbarItem = { "type": "link", 
/**
 * Where the item came from in the configuration (`navbar.items[2]`).
 */
configPath: string, 
/**
 * Position.
 */
position: Position, 
/**
 * The link.
 */
link: LinkData, } | { "type": "dropdown", 
/**
 * Config path.
 */
configPath: string, 
/**
 * Position.
 */
position: Position, 
/**
 * Label of the dropdown.
 */
label: string, 
/**
 * Optional link of the dropdown label itself.
 */
to: string | null, 
/**
 * Entries: links and configured HTML.
 */
items: Array<MenuItem>, } | { "type": "html", 
/**
 * Config path.
 */
configPath: string, 
/**
 * Position.
 */
position: Position, 
/**
 * The HTML.
 */
value: string, } | { "type": "search", 
/**
 * Config path.
 */
configPath: string, 
/**
 * Position.
 */
position: Position, } | { "type": "localeDropdown", 
/**
 * Config path.
 */
configPath: string, 
/**
 * Position.
 */
position: Position, 
/**
 * Extra links after the locales.
 */
itemsAfter: Array<LinkData>, } | { "type": "docLink", 
/**
 * Config path.
 */
configPath: string, 
/**
 * Position.
 */
position: Position, 
/**
 * Label.
 */
label: string, 
/**
 * Route of the target in each version that has it (version name -> path).
 */
toByVersion: { [key in string]: string }, 
/**
 * Sidebar whose pages make this item active (for `docSidebar` and `doc`).
 */
activeSidebar: string | null, 
/**
 * Active-state override.
 */
activeBaseRegex: string | null, 
/**
 * CSS classes of the `<a>` (`className`).
 */
className?: string, 
/**
 * Accessible name of the `<a>` (`aria-label`).
 */
ariaLabel?: string, } | { "type": "docsVersionDropdown", 
/**
 * Config path.
 */
configPath: string, 
/**
 * Position.
 */
position: Position, 
/**
 * Links listed before the versions.
 */
itemsBefore: Array<LinkData>, 
/**
 * Links listed after the versions (e.g. "All versions").
 */
itemsAfter: Array<LinkData>, 
/**
 * The docs instance whose versions it lists (`docsPluginId`); absent for the
 * default one.
 */
pluginId?: string, };

export type LinkData = { 
/**
 * Visible label.
 */
label: string, 
/**
 * Internal route (client-side navigation).
 */
to: string | null, 
/**
 * External URL (opens in a new tab).
 */
href: string | null, 
/**
 * Path prefix that makes the link active.
 */
activeBasePath: string | null, 
/**
 * Regex that makes the link active.
 */
activeBaseRegex: string | null, 
/**
 * CSS classes of the `<a>` (`className` in the configuration), e.g. an icon's.
 */
className?: string, 
/**
 * Accessible name of the `<a>` (`aria-label`); the label may then be empty.
 */
ariaLabel?: string, };

export type FooterData = { 
/**
 * `dark` or `light`.
 */
style: string, 
/**
 * Link columns (empty when the footer uses a flat list).
 */
columns: Array<FooterColumn>, 
/**
 * Flat list of links and HTML items (empty when the footer uses columns).
 */
links: Array<MenuItem>, 
/**
 * Logo.
 */
logo: LogoData | null, 
/**
 * Copyright line (HTML allowed, from configuration).
 */
copyright: string | null, };

export type FooterColumn = { 
/**
 * Column title.
 */
title: string, 
/**
 * Links and HTML items.
 */
items: Array<MenuItem>, };

export type MenuItem = LinkData | { 
/**
 * The HTML.
 */
html: string, };

export type AnnouncementBarData = { 
/**
 * Identifier; a new id shows the bar again to readers who closed it.
 */
id: string, 
/**
 * Content (HTML from configuration).
 */
content: string, 
/**
 * Background colour.
 */
backgroundColor: string, 
/**
 * Text colour.
 */
textColor: string, 
/**
 * Whether readers may close it.
 */
isCloseable: boolean, };

export type ColorMode = "light" | "dark";

export type ColorModeData = { 
/**
 * Mode when nothing is stored.
 */
defaultMode: ColorMode, 
/**
 * Hide the switch.
 */
disableSwitch: boolean, 
/**
 * Follow `prefers-color-scheme` when nothing is stored.
 */
respectPrefersColorScheme: boolean, };

export type AnalyticsData = { 
/**
 * Measurement or property id.
 */
trackingId: string, 
/**
 * Whether the reader's IP address is anonymised.
 */
anonymizeIp: boolean, };

export type ScriptData = { 
/**
 * URL.
 */
src: string, 
/**
 * `defer` instead of `async`.
 */
defer: boolean, };

export type VersionData = { 
/**
 * Version name (`current` for next).
 */
name: string, 
/**
 * Label shown to readers (`Next`, `2.2`).
 */
label: string, 
/**
 * Route prefix (`/docs/next`, `/docs`).
 */
path: string, 
/**
 * Route of the main doc.
 */
mainDocPath: string, 
/**
 * Whether this is the latest release.
 */
isLast: boolean, 
/**
 * Banner shown on this version's pages.
 */
banner: VersionBanner | null, 
/**
 * The banner's own text about the version (config `bannerText`), in place of the
 * theme's sentence for the banner kind; the link to the latest version follows it.
 */
bannerText: string | null, 
/**
 * The docs instance the version belongs to (a navbar item's `docsPluginId`); absent
 * for the default one, whose versions have plain names.
 */
pluginId?: string, };

export type SearchData = { 
/**
 * Route of the search page (`/search`).
 */
pagePath: string, 
/**
 * URL of the built-in index bundle (`/pagefind/`), when the site has one.
 */
localBundle: string | null, 
/**
 * URLs of the further parts of the built-in index (`/pagefind/part-1/`, …), which the
 * search merges into the bundle's at its first use: set only when a site has more
 * searchable pages than one part holds (`search::PART_PAGES`).
 */
localParts?: Array<string>, 
/**
 * Hosted DocSearch settings, when configured.
 */
hosted: HostedSearchData | null, 
/**
 * Where "Let us know." points when a query finds nothing (`{query}` = the query).
 */
reportUrl: string | null, 
/**
 * Queries offered under "Try searching for".
 */
suggestions: Array<string>, };

export type HostedSearchData = { 
/**
 * Application id.
 */
appId: string, 
/**
 * Public search-only key.
 */
apiKey: string, 
/**
 * Index name.
 */
indexName: string, 
/**
 * Add language and docs-version facet filters.
 */
contextualSearch: boolean, 
/**
 * Results whose URL matches this regex open as external links.
 */
externalUrlRegex: string | null, 
/**
 * Regex replaced in result paths.
 */
replaceFrom: string | null, 
/**
 * Its replacement.
 */
replaceTo: string | null, };

export type VersionBanner = "unreleased" | "unmaintained";

export type SidebarData = { 
/**
 * Sidebar id (`docs`, `use-cases`).
 */
id: string, 
/**
 * Version name.
 */
version: string, 
/**
 * Items.
 */
items: Array<SidebarItem>, };

export type SidebarItem = { "type": "doc", 
/**
 * Label.
 */
label: string, 
/**
 * Route.
 */
href: string, 
/**
 * Doc id.
 */
docId: string, 
/**
 * Extra CSS class of the item (front matter `sidebar_class_name` or the item's
 * `className`).
 */
className: string | null, 
/**
 * Front matter `unlisted`: the theme shows the item only on its own page.
 */
unlisted: boolean, } | { "type": "link", 
/**
 * Label.
 */
label: string, 
/**
 * Target.
 */
href: string, } | { "type": "category", 
/**
 * Label.
 */
label: string, 
/**
 * Route of the category's own page, if any.
 */
href: string | null, 
/**
 * Whether that page is an unlisted doc: the label is then no link, and the
 * category shows only when one of its items shows or the page is the current one.
 */
linkUnlisted: boolean, 
/**
 * Whether it starts collapsed.
 */
collapsed: boolean, 
/**
 * Whether readers can collapse it.
 */
collapsible: boolean, 
/**
 * Children.
 */
items: Array<SidebarItem>, 
/**
 * Extra CSS class of the category (its `className`).
 */
className: string | null, } | { "type": "html", 
/**
 * The HTML.
 */
value: string, };

export type PageData = { 
/**
 * Route kind.
 */
kind: RouteKind, 
/**
 * Canonical route of the page.
 */
path: string, 
/**
 * Title (`<title>` and h1).
 */
title: string, 
/**
 * Whether the h1 is hidden.
 */
hideTitle: boolean, 
/**
 * Meta description.
 */
description: string | null, 
/**
 * Meta keywords.
 */
keywords: Array<string>, 
/**
 * The article.
 */
content: Array<Node>, 
/**
 * Table of contents (already filtered to the configured levels).
 */
toc: Array<TocItem>, 
/**
 * Whether the TOC is hidden.
 */
hideToc: boolean, 
/**
 * Breadcrumbs from the sidebar (categories, then the page).
 */
breadcrumbs: Array<Crumb>, 
/**
 * Previous page in the sidebar.
 */
previous: PageLink | null, 
/**
 * Next page in the sidebar.
 */
next: PageLink | null, 
/**
 * Last update, from git.
 */
lastUpdate: LastUpdate | null, 
/**
 * Docs version of this page.
 */
version: string | null, 
/**
 * Id of the sidebar this page belongs to.
 */
sidebarId: string | null, 
/**
 * Doc id.
 */
docId: string | null, 
/**
 * This doc's route in every version (version name -> route), falling back to that
 * version's main doc when the doc does not exist there.
 */
versionRoutes: { [key in string]: string }, 
/**
 * "Edit this page" target (front matter `custom_edit_url`, else `docs.editUrl` + the
 * source's path); none when the site has no edit URL.
 */
editUrl: string | null, 
/**
 * Tags of the doc (front matter `tags`), each linking to its tag page.
 */
tags: Array<PageLink>, 
/**
 * Front matter `unlisted`: reachable by its URL, but `noindex`, and left out of the
 * sidebar, the search index and the sitemap.
 */
unlisted: boolean, 
/**
 * The module of a [`RouteKind::ReactPage`]: its path relative to the site
 * (`src/pages/index.js`), as the site build's page table keys it.
 */
module?: string, 
/**
 * What a blog post shows besides its article (date, authors), for
 * [`RouteKind::BlogPost`].
 */
blogPost?: BlogPostMeta, };

export type Node = string | Element;

export type Element = { 
/**
 * Tag or component name.
 */
t: string, 
/**
 * Attributes (omitted when empty).
 */
a?: { [key in string]: string }, 
/**
 * Children (omitted when empty).
 */
c?: Array<Node>, };

export type CardIcon = "api" | "intents" | "context" | "app-directory" | "bridging" | "layers" | "speed" | "platform" | "plug" | "open" | "certificate" | "training" | "community" | "discussion" | "calendar" | "mail";

export type DocCard = { 
/**
 * The item's label.
 */
title: string, 
/**
 * Route (or URL, for a link item) the card leads to.
 */
href: string, 
/**
 * Text under the title: a doc's description, a category's item count.
 */
description: string | null, };

export type TocItem = { 
/**
 * Heading id (the anchor).
 */
id: string, 
/**
 * Heading text.
 */
text: string, 
/**
 * Heading level (2-6).
 */
level: number, };

export type Crumb = { 
/**
 * Label.
 */
label: string, 
/**
 * Link, when the crumb has a page.
 */
href: string | null, };

export type PageLink = { 
/**
 * Label.
 */
label: string, 
/**
 * Route.
 */
href: string, };

export type LastUpdate = { 
/**
 * Author name, when shown.
 */
author: string | null, 
/**
 * ISO 8601 date-time, when shown.
 */
dateTime: string | null, 
/**
 * The date as readers see it (`Nov 21, 2026`).
 */
dateText: string | null, };

export type BlogPostMeta = { 
/**
 * ISO 8601 date-time (UTC).
 */
dateTime: string, 
/**
 * The date as shown (`March 4, 2025`).
 */
dateText: string, 
/**
 * The authors, in front matter order.
 */
authors: Array<BlogAuthor>, 
/**
 * The blog's list page (the "back to the blog" link) and its title.
 */
blog: PageLink, };

export type BlogAuthor = { 
/**
 * Name shown.
 */
name: string, 
/**
 * A role or affiliation shown under the name.
 */
title: string | null, 
/**
 * Where the name links to.
 */
url: string | null, 
/**
 * Picture shown beside the name.
 */
imageUrl: string | null, };
