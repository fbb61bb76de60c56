//! The engine-theme contract: every JSON document the engine writes for the theme.
//!
//! These types are the single definition of the data the React theme reads. They are
//! exported to TypeScript with `ts-rs` into `theme/src/generated/contract.ts` (run
//! `cargo test -p docsite-core contract` with `DOCSITE_WRITE_CONTRACT=1`); a test
//! fails when that file is stale, so the two sides cannot drift.
//!
//! Field names are camelCase on the wire, like the rest of the theme's code.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Internal name of the unreleased docs in `docs/` (Docusaurus's `current`), as
/// [`VersionData::name`] carries it.
pub const CURRENT: &str = "current";

/// The boot record embedded in every pre-rendered HTML page (`<script id="__docsite">`):
/// where the theme finds the data of the site, the route table and the page being shown.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Boot {
    /// URL of the [`SiteData`] chunk.
    pub site: String,
    /// URL of the [`RouteManifest`] chunk.
    pub routes: String,
    /// URL of the [`PageData`] the first load of this page reads. When everything the
    /// page's content shows is in its HTML (the theme says so as it pre-renders it), this is
    /// the page's data without its content (`content` empty, a fraction of the size: the
    /// article is adopted as the server wrote it); otherwise the page's whole chunk, the one
    /// its [`RouteEntry::chunk`] names for client-side navigation.
    pub page: String,
    /// URL of this page's [`SidebarData`] chunk, when it has a sidebar.
    pub sidebar: Option<String>,
}

/// Every route of the site, keyed by its decoded path (`/docs/api/spec`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RouteManifest {
    /// Route path (percent-decoded, no trailing slash except for `/`) -> entry.
    pub routes: BTreeMap<String, RouteEntry>,
    /// The data chunk of the not-found page.
    pub not_found: String,
}

/// What the theme needs to show one route before it has loaded the route's data.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RouteEntry {
    /// What kind of page this is.
    pub kind: RouteKind,
    /// Docs version name (`2.2`, `current`, ...) for docs routes.
    pub version: Option<String>,
    /// URL of the page data chunk.
    pub chunk: String,
    /// URL of the sidebar chunk, when the page has a sidebar.
    pub sidebar: Option<String>,
}

/// The kinds of route the theme knows how to lay out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum RouteKind {
    /// A versioned documentation page (sidebar, TOC, breadcrumbs).
    Doc,
    /// A stand-alone page (home, community, ...), full width.
    Page,
    /// A React page of the site's own code (`src/pages/*.js` of a Docusaurus site): the
    /// theme renders the default export of [`PageData::module`] inside its layout.
    ReactPage,
    /// The search page.
    Search,
    /// The not-found page.
    NotFound,
    /// A post of the blog: its article, with the date, authors and tags of
    /// [`PageData::blog`] around it.
    BlogPost,
    /// A page of the blog's post list (or of a tag's posts): the article holds the posts'
    /// excerpts and the pager, written by the engine.
    BlogList,
}

/// Settings shared by every page: navbar, footer, colour mode, versions.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SiteData {
    /// Site title, used in `<title>` and the navbar.
    pub title: String,
    /// One-line description of the site.
    pub tagline: String,
    /// Canonical origin (`https://fdc3.finos.org`).
    pub url: String,
    /// Path the site is served under, with leading and trailing slash.
    pub base_url: String,
    /// The configured `favicon`, relative to `baseUrl`, as written (for the site's own
    /// React code: Docusaurus's `siteConfig.favicon`).
    pub favicon: Option<String>,
    /// The configured `customFields` table (`{}` when absent), for the site's own React code
    /// (`siteConfig.customFields`); the theme itself does not read it.
    #[ts(type = "Record<string, unknown>")]
    pub custom_fields: serde_json::Value,
    /// The locale of this build (a site with several locales is built once per locale).
    pub locale: LocaleData,
    /// Code of the site's default locale (`i18n.defaultLocale`), served at the site's root.
    pub default_locale: String,
    /// Every locale of the site, in the configured order (the default one included), each
    /// with the path its build is served under: what the locale dropdown lists and the
    /// `hreflang` alternates name.
    pub locales: Vec<LocaleLink>,
    /// The messages of this build's locale by id: the theme's own strings (Docusaurus's
    /// `theme.*` ids, from `@docusaurus/theme-translations` when the site has it) and the
    /// site's `i18n/<locale>/code.json`. An id missing here shows its default message.
    pub translations: std::collections::BTreeMap<String, String>,
    /// Navigation bar.
    pub navbar: NavbarData,
    /// Footer, when configured.
    pub footer: Option<FooterData>,
    /// Announcement bar, when configured.
    pub announcement_bar: Option<AnnouncementBarData>,
    /// Colour mode settings.
    pub color_mode: ColorModeData,
    /// Analytics, when configured (page views on client navigation).
    pub analytics: Option<AnalyticsData>,
    /// Third-party scripts loaded by every page.
    pub scripts: Vec<ScriptData>,
    /// Every docs version, newest first (`current` = next first).
    pub versions: Vec<VersionData>,
    /// Name of the latest released version.
    pub last_version: String,
    /// Search settings.
    pub search: SearchData,
    /// Origins content may show in an `<iframe>` (`security.frameSrc`); the pages' CSP
    /// `frame-src`.
    pub frame_src: Vec<String>,
}

/// How the search UI finds results.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SearchData {
    /// Route of the search page (`/search`).
    pub page_path: String,
    /// URL of the built-in index bundle (`/pagefind/`), when the site has one.
    pub local_bundle: Option<String>,
    /// URLs of the further parts of the built-in index (`/pagefind/part-1/`, …), which the
    /// search merges into the bundle's at its first use: set only when a site has more
    /// searchable pages than one part holds (`search::PART_PAGES`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub local_parts: Option<Vec<String>>,
    /// Hosted DocSearch settings, when configured.
    pub hosted: Option<HostedSearchData>,
    /// Where "Let us know." points when a query finds nothing (`{query}` = the query).
    pub report_url: Option<String>,
    /// Queries offered under "Try searching for".
    pub suggestions: Vec<String>,
}

/// Hosted (Algolia DocSearch) search settings.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct HostedSearchData {
    /// Application id.
    pub app_id: String,
    /// Public search-only key.
    pub api_key: String,
    /// Index name.
    pub index_name: String,
    /// Add language and docs-version facet filters.
    pub contextual_search: bool,
    /// Results whose URL matches this regex open as external links.
    pub external_url_regex: Option<String>,
    /// Regex replaced in result paths.
    pub replace_from: Option<String>,
    /// Its replacement.
    pub replace_to: Option<String>,
}

/// The locale of a build.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LocaleData {
    /// Locale code (`en`).
    pub code: String,
    /// Human label (`English`).
    pub label: String,
    /// `ltr` or `rtl`.
    pub direction: String,
    /// Value of `<html lang>`.
    pub html_lang: String,
}

/// One locale of the site and where its pages are.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LocaleLink {
    /// Locale code (`fr`).
    pub code: String,
    /// Name of the language in itself (`Français`), shown by the locale dropdown.
    pub label: String,
    /// `ltr` or `rtl`.
    pub direction: String,
    /// Value of `<html lang>` and of the `hreflang` alternates (`fr`, `fr-FR`).
    pub html_lang: String,
    /// Path the locale's pages are served under, with leading and trailing slash: the
    /// site's `baseUrl` for the default locale, `<baseUrl><path>/` for the others.
    pub base_url: String,
}

/// Navigation bar data.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NavbarData {
    /// Title next to the logo.
    pub title: Option<String>,
    /// Logo image.
    pub logo: Option<LogoData>,
    /// Hide the navbar when scrolling down.
    pub hide_on_scroll: bool,
    /// `dark` or `primary` background; the page's background when absent.
    pub style: Option<String>,
    /// Items, in configuration order; `position` says which side.
    pub items: Vec<NavbarItem>,
}

/// A logo image (navbar or footer).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LogoData {
    /// Alternative text.
    pub alt: String,
    /// Image URL in light mode.
    pub src: String,
    /// Image URL in dark mode (defaults to `src`).
    pub src_dark: String,
    /// Where the logo links to.
    pub href: String,
    /// Width in CSS pixels.
    pub width: Option<u32>,
    /// Height in CSS pixels.
    pub height: Option<u32>,
}

/// Left or right side of the navbar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Position {
    /// Left side (default).
    Left,
    /// Right side.
    Right,
}

/// A navbar item, resolved at build time. Doc-based items carry their target in every
/// version so the theme can follow the version being read.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum NavbarItem {
    /// A plain link (`type = "default"`).
    #[serde(rename_all = "camelCase")]
    Link {
        /// Where the item came from in the configuration (`navbar.items[2]`).
        config_path: String,
        /// Position.
        position: Position,
        /// The link.
        link: LinkData,
    },
    /// A dropdown of links.
    #[serde(rename_all = "camelCase")]
    Dropdown {
        /// Config path.
        config_path: String,
        /// Position.
        position: Position,
        /// Label of the dropdown.
        label: String,
        /// Optional link of the dropdown label itself.
        to: Option<String>,
        /// Entries: links and configured HTML.
        items: Vec<MenuItem>,
    },
    /// Raw HTML.
    #[serde(rename_all = "camelCase")]
    Html {
        /// Config path.
        config_path: String,
        /// Position.
        position: Position,
        /// The HTML.
        value: String,
    },
    /// The search box.
    #[serde(rename_all = "camelCase")]
    Search {
        /// Config path.
        config_path: String,
        /// Position.
        position: Position,
    },
    /// Locale dropdown (one locale: still rendered, lists it).
    #[serde(rename_all = "camelCase")]
    LocaleDropdown {
        /// Config path.
        config_path: String,
        /// Position.
        position: Position,
        /// Extra links after the locales.
        items_after: Vec<LinkData>,
    },
    /// A link to a doc, per version (`type = "doc"`), or to the first doc of a sidebar
    /// (`type = "docSidebar"`), or to a version's main doc (`type = "docsVersion"`).
    #[serde(rename_all = "camelCase")]
    DocLink {
        /// Config path.
        config_path: String,
        /// Position.
        position: Position,
        /// Label.
        label: String,
        /// Route of the target in each version that has it (version name -> path).
        to_by_version: BTreeMap<String, String>,
        /// Sidebar whose pages make this item active (for `docSidebar` and `doc`).
        active_sidebar: Option<String>,
        /// Active-state override.
        active_base_regex: Option<String>,
        /// CSS classes of the `<a>` (`className`).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        class_name: Option<String>,
        /// Accessible name of the `<a>` (`aria-label`).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        aria_label: Option<String>,
    },
    /// The docs version dropdown.
    #[serde(rename_all = "camelCase")]
    DocsVersionDropdown {
        /// Config path.
        config_path: String,
        /// Position.
        position: Position,
        /// Links listed before the versions.
        items_before: Vec<LinkData>,
        /// Links listed after the versions (e.g. "All versions").
        items_after: Vec<LinkData>,
        /// The docs instance whose versions it lists (`docsPluginId`); absent for the
        /// default one.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        plugin_id: Option<String>,
    },
}

/// A link in the navbar, a dropdown or the footer.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LinkData {
    /// Visible label.
    pub label: String,
    /// Internal route (client-side navigation).
    pub to: Option<String>,
    /// External URL (opens in a new tab).
    pub href: Option<String>,
    /// Path prefix that makes the link active.
    pub active_base_path: Option<String>,
    /// Regex that makes the link active.
    pub active_base_regex: Option<String>,
    /// CSS classes of the `<a>` (`className` in the configuration), e.g. an icon's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub class_name: Option<String>,
    /// Accessible name of the `<a>` (`aria-label`); the label may then be empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub aria_label: Option<String>,
}

/// Footer data.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FooterData {
    /// `dark` or `light`.
    pub style: String,
    /// Link columns (empty when the footer uses a flat list).
    pub columns: Vec<FooterColumn>,
    /// Flat list of links and HTML items (empty when the footer uses columns).
    pub links: Vec<MenuItem>,
    /// Logo.
    pub logo: Option<LogoData>,
    /// Copyright line (HTML allowed, from configuration).
    pub copyright: Option<String>,
}

/// One footer column.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FooterColumn {
    /// Column title.
    pub title: String,
    /// Links and HTML items.
    pub items: Vec<MenuItem>,
}

/// An item of the footer or of a navbar dropdown: a link, or HTML from configuration
/// (checked by the engine against the raw-HTML allow-list).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(untagged)]
pub enum MenuItem {
    /// A link.
    Link(LinkData),
    /// HTML.
    Html {
        /// The HTML.
        html: String,
    },
}

/// The announcement bar.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AnnouncementBarData {
    /// Identifier; a new id shows the bar again to readers who closed it.
    pub id: String,
    /// Content (HTML from configuration).
    pub content: String,
    /// Background colour.
    pub background_color: String,
    /// Text colour.
    pub text_color: String,
    /// Whether readers may close it.
    pub is_closeable: bool,
}

/// Light or dark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ColorMode {
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// Colour mode settings.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ColorModeData {
    /// Mode when nothing is stored.
    pub default_mode: ColorMode,
    /// Hide the switch.
    pub disable_switch: bool,
    /// Follow `prefers-color-scheme` when nothing is stored.
    pub respect_prefers_color_scheme: bool,
}

/// Google Analytics (gtag.js) settings.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsData {
    /// Measurement or property id.
    pub tracking_id: String,
    /// Whether the reader's IP address is anonymised.
    pub anonymize_ip: bool,
}

/// A third-party script tag.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ScriptData {
    /// URL.
    pub src: String,
    /// `defer` instead of `async`.
    pub defer: bool,
}

/// A docs version as the theme sees it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct VersionData {
    /// Version name (`current` for next).
    pub name: String,
    /// Label shown to readers (`Next`, `2.2`).
    pub label: String,
    /// Route prefix (`/docs/next`, `/docs`).
    pub path: String,
    /// Route of the main doc.
    pub main_doc_path: String,
    /// Whether this is the latest release.
    pub is_last: bool,
    /// Banner shown on this version's pages.
    pub banner: Option<VersionBanner>,
    /// The banner's own text about the version (config `bannerText`), in place of the
    /// theme's sentence for the banner kind; the link to the latest version follows it.
    pub banner_text: Option<String>,
    /// The docs instance the version belongs to (a navbar item's `docsPluginId`); absent
    /// for the default one, whose versions have plain names.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub plugin_id: Option<String>,
}

/// Banner of a version that is not the latest release.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum VersionBanner {
    /// Work in progress.
    Unreleased,
    /// Older release.
    Unmaintained,
}

/// How much of a long open sidebar list a page's pre-rendered HTML holds: a list of at most
/// `limit` shown items whole; of a longer one the first `head` items and the `around` either
/// side of the item leading to the page, each run left out marked by an item `⋯`. The
/// browser renders the whole list once the page has hydrated. With every item of the open
/// category in it, a page's HTML grew with its category (the theme's `DocSidebar`,
/// `SidebarItems`, which has the same numbers; the build warns about each list it cuts).
pub const SIDEBAR_HTML_LIST: SidebarHtmlList = SidebarHtmlList { limit: 100, head: 40, around: 20 };

/// See [`SIDEBAR_HTML_LIST`].
#[derive(Debug, Clone, Copy)]
pub struct SidebarHtmlList {
    /// Longest list kept whole.
    pub limit: usize,
    /// Items kept from the start of a longer one.
    pub head: usize,
    /// Items kept either side of the one leading to the page.
    pub around: usize,
}

/// A sidebar of one version.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SidebarData {
    /// Sidebar id (`docs`, `use-cases`).
    pub id: String,
    /// Version name.
    pub version: String,
    /// Items.
    pub items: Vec<SidebarItem>,
}

/// An entry of a sidebar.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum SidebarItem {
    /// A doc of this version.
    #[serde(rename_all = "camelCase")]
    Doc {
        /// Label.
        label: String,
        /// Route.
        href: String,
        /// Doc id.
        doc_id: String,
        /// Extra CSS class of the item (front matter `sidebar_class_name` or the item's
        /// `className`).
        class_name: Option<String>,
        /// Front matter `unlisted`: the theme shows the item only on its own page.
        unlisted: bool,
    },
    /// A link (internal or external).
    #[serde(rename_all = "camelCase")]
    Link {
        /// Label.
        label: String,
        /// Target.
        href: String,
    },
    /// A collapsible group.
    #[serde(rename_all = "camelCase")]
    Category {
        /// Label.
        label: String,
        /// Route of the category's own page, if any.
        href: Option<String>,
        /// Whether that page is an unlisted doc: the label is then no link, and the
        /// category shows only when one of its items shows or the page is the current one.
        link_unlisted: bool,
        /// Whether it starts collapsed.
        collapsed: bool,
        /// Whether readers can collapse it.
        collapsible: bool,
        /// Children.
        items: Vec<SidebarItem>,
        /// Extra CSS class of the category (its `className`).
        class_name: Option<String>,
    },
    /// Raw HTML.
    #[serde(rename_all = "camelCase")]
    Html {
        /// The HTML.
        value: String,
    },
}

/// Everything one page shows.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageData {
    /// Route kind.
    pub kind: RouteKind,
    /// Canonical route of the page.
    pub path: String,
    /// Title (`<title>` and h1).
    pub title: String,
    /// Whether the h1 is hidden.
    pub hide_title: bool,
    /// Meta description.
    pub description: Option<String>,
    /// Meta keywords.
    pub keywords: Vec<String>,
    /// The article.
    pub content: Vec<Node>,
    /// Table of contents (already filtered to the configured levels).
    pub toc: Vec<TocItem>,
    /// Whether the TOC is hidden.
    pub hide_toc: bool,
    /// Breadcrumbs from the sidebar (categories, then the page).
    pub breadcrumbs: Vec<Crumb>,
    /// Previous page in the sidebar.
    pub previous: Option<PageLink>,
    /// Next page in the sidebar.
    pub next: Option<PageLink>,
    /// Last update, from git.
    pub last_update: Option<LastUpdate>,
    /// Docs version of this page.
    pub version: Option<String>,
    /// Id of the sidebar this page belongs to.
    pub sidebar_id: Option<String>,
    /// Doc id.
    pub doc_id: Option<String>,
    /// This doc's route in every version (version name -> route), falling back to that
    /// version's main doc when the doc does not exist there.
    pub version_routes: BTreeMap<String, String>,
    /// "Edit this page" target (front matter `custom_edit_url`, else `docs.editUrl` + the
    /// source's path); none when the site has no edit URL.
    pub edit_url: Option<String>,
    /// Tags of the doc (front matter `tags`), each linking to its tag page.
    pub tags: Vec<PageLink>,
    /// Front matter `unlisted`: reachable by its URL, but `noindex`, and left out of the
    /// sidebar, the search index and the sitemap.
    pub unlisted: bool,
    /// The module of a [`RouteKind::ReactPage`]: its path relative to the site
    /// (`src/pages/index.js`), as the site build's page table keys it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub module: Option<String>,
    /// What a blog post shows besides its article (date, authors), for
    /// [`RouteKind::BlogPost`].
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub blog_post: Option<BlogPostMeta>,
}

/// The date and authors of a blog post, preformatted so server and client render the same
/// text.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogPostMeta {
    /// ISO 8601 date-time (UTC).
    pub date_time: String,
    /// The date as shown (`March 4, 2025`).
    pub date_text: String,
    /// The authors, in front matter order.
    pub authors: Vec<BlogAuthor>,
    /// The blog's list page (the "back to the blog" link) and its title.
    pub blog: PageLink,
}

/// An author of a blog post: from the blog's `authors.yml`, or written in the post.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogAuthor {
    /// Name shown.
    pub name: String,
    /// A role or affiliation shown under the name.
    pub title: Option<String>,
    /// Where the name links to.
    pub url: Option<String>,
    /// Picture shown beside the name.
    pub image_url: Option<String>,
}

impl PageData {
    /// A page outside the docs versions (a site page, the search page, the not-found page):
    /// no sidebar, navigation, version or table of contents; fields can be set afterwards.
    pub fn standalone(kind: RouteKind, path: String, title: String, description: Option<String>, content: Vec<Node>) -> PageData {
        PageData {
            kind,
            path,
            title,
            hide_title: false,
            description,
            keywords: Vec::new(),
            content,
            toc: Vec::new(),
            hide_toc: true,
            breadcrumbs: Vec::new(),
            previous: None,
            next: None,
            last_update: None,
            version: None,
            sidebar_id: None,
            doc_id: None,
            version_routes: BTreeMap::new(),
            edit_url: None,
            tags: Vec::new(),
            unlisted: false,
            module: None,
            blog_post: None,
        }
    }

    /// The same page without its content (see [`Boot::page`]). Every field is named, so a
    /// new one has to be placed here too.
    pub fn without_content(&self) -> PageData {
        let PageData {
            kind,
            path,
            title,
            hide_title,
            description,
            keywords,
            content: _,
            toc,
            hide_toc,
            breadcrumbs,
            previous,
            next,
            last_update,
            version,
            sidebar_id,
            doc_id,
            version_routes,
            edit_url,
            tags,
            unlisted,
            module,
            blog_post,
        } = self;
        PageData {
            kind: *kind,
            path: path.clone(),
            title: title.clone(),
            hide_title: *hide_title,
            description: description.clone(),
            keywords: keywords.clone(),
            content: Vec::new(),
            toc: toc.clone(),
            hide_toc: *hide_toc,
            breadcrumbs: breadcrumbs.clone(),
            previous: previous.clone(),
            next: next.clone(),
            last_update: last_update.clone(),
            version: version.clone(),
            sidebar_id: sidebar_id.clone(),
            doc_id: doc_id.clone(),
            version_routes: version_routes.clone(),
            edit_url: edit_url.clone(),
            tags: tags.clone(),
            unlisted: *unlisted,
            module: module.clone(),
            blog_post: blog_post.clone(),
        }
    }
}

/// One node of the content tree: a text, or an element. Read back from JSON too (its own
/// [`Deserialize`]): the build lets go of a page's tree once its chunk is written and reads
/// it from there for the search index (`build/mod.rs`).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(untagged)]
pub enum Node {
    /// Text.
    Text(String),
    /// An element.
    Element(Element),
}

/// An element of the content tree. Lower-case `t` is an HTML tag; upper-case names are
/// theme components: `Heading` (level, id), `CodeBlock` (lang, title, html), `Admonition`
/// (kind, title), `Tabs` (groupId), `TabItem` (value, label, default), `Mermaid` (code),
/// `Details`; on site pages the layout containers `Hero` (title, tagline), `CardGrid`,
/// `Card` (title, href, icon: a [`CardIcon`], badge) and the data components `Showcase`
/// and `UserGrid`, whose children the engine builds from a data file (see
/// `markdown/components.rs` for their shape).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Element {
    /// Tag or component name.
    pub t: String,
    /// Attributes (omitted when empty).
    #[serde(skip_serializing_if = "Attrs::is_empty", default)]
    #[ts(as = "Option<BTreeMap<String, String>>", optional)]
    pub a: Attrs,
    /// Children (omitted when empty).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    #[ts(as = "Option<Vec<Node>>", optional)]
    pub c: Vec<Node>,
}

/// An element's attributes, by name: a list kept in name order, serialised as a JSON object
/// (as a `BTreeMap` would be). One small allocation per element: a `BTreeMap` allocated a
/// node of eleven entries (~540 bytes) for an element with one attribute, which made a table
/// cell's `data-label` most of a doc's content tree (issue 40, `bench/scale.sh`).
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Attrs(Vec<(String, String)>);

impl std::fmt::Debug for Attrs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Attrs {
    /// No attributes.
    pub fn new() -> Attrs {
        Attrs(Vec::new())
    }

    fn find(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(name))
    }

    /// Sets `name` to `value`; the value it had, if any.
    pub fn insert(&mut self, name: String, value: String) -> Option<String> {
        match self.find(&name) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (name, value));
                None
            }
        }
    }

    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<&String> {
        self.find(name).ok().map(|i| &self.0[i].1)
    }

    /// The value of `name`, to change in place.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut String> {
        self.find(name).ok().map(|i| &mut self.0[i].1)
    }

    /// Takes `name` out; its value, if it had one.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        self.find(name).ok().map(|i| self.0.remove(i).1)
    }

    /// Whether the element has `name`.
    pub fn contains_key(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Whether the element has no attribute.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Name and value of each attribute, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// Frees the spare room the list grew with.
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }
}

impl Extend<(String, String)> for Attrs {
    fn extend<I: IntoIterator<Item = (String, String)>>(&mut self, items: I) {
        for (k, v) in items {
            self.insert(k, v);
        }
    }
}

impl FromIterator<(String, String)> for Attrs {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(items: I) -> Attrs {
        let mut attrs = Attrs::new();
        attrs.extend(items);
        attrs
    }
}

impl From<BTreeMap<String, String>> for Attrs {
    fn from(map: BTreeMap<String, String>) -> Attrs {
        // Already in name order.
        Attrs(map.into_iter().collect())
    }
}

impl<'a> IntoIterator for &'a Attrs {
    type Item = (&'a String, &'a String);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (String, String)>, fn(&'a (String, String)) -> (&'a String, &'a String)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl std::ops::Index<&str> for Attrs {
    type Output = String;
    fn index(&self, name: &str) -> &String {
        self.get(name).unwrap_or_else(|| panic!("no attribute {name:?}"))
    }
}

impl Serialize for Attrs {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Attrs {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Attrs, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Attrs;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of string attributes")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Attrs, M::Error> {
                let mut attrs = Attrs::new();
                while let Some((name, value)) = map.next_entry::<String, String>()? {
                    attrs.insert(name, value);
                }
                Ok(attrs)
            }
        }
        deserializer.deserialize_map(Visit)
    }
}

/// A string is a text, an object an element: what `#[serde(untagged)]` would do, without
/// buffering every subtree to try each variant in turn.
impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Node;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a text (string) or an element (object)")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Node, E> {
                Ok(Node::Text(text.to_string()))
            }
            fn visit_string<E: serde::de::Error>(self, text: String) -> Result<Node, E> {
                Ok(Node::Text(text))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<Node, M::Error> {
                Element::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(Node::Element)
            }
        }
        deserializer.deserialize_any(Visit)
    }
}

/// The icons a `<Card icon="…">` may name (drawn by the theme).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum CardIcon {
    /// The Desktop Agent API.
    Api,
    /// Intents.
    Intents,
    /// Context data.
    Context,
    /// The App Directory.
    AppDirectory,
    /// Agent bridging.
    Bridging,
    /// Layers of information.
    Layers,
    /// Speed.
    Speed,
    /// Any platform.
    Platform,
    /// A plug (integration).
    Plug,
    /// Open collaboration.
    Open,
    /// A certificate (conformance).
    Certificate,
    /// Learning.
    Training,
    /// People (community).
    Community,
    /// A speech bubble (discussion).
    Discussion,
    /// A calendar (meetings).
    Calendar,
    /// A mail envelope.
    Mail,
}

impl CardIcon {
    /// Every icon, in declaration order.
    pub const ALL: [CardIcon; 16] = [
        CardIcon::Api,
        CardIcon::Intents,
        CardIcon::Context,
        CardIcon::AppDirectory,
        CardIcon::Bridging,
        CardIcon::Layers,
        CardIcon::Speed,
        CardIcon::Platform,
        CardIcon::Plug,
        CardIcon::Open,
        CardIcon::Certificate,
        CardIcon::Training,
        CardIcon::Community,
        CardIcon::Discussion,
        CardIcon::Calendar,
        CardIcon::Mail,
    ];

    /// The name written in content (`app-directory`).
    pub fn name(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    }

    /// The icon with this name.
    pub fn from_name(name: &str) -> Option<CardIcon> {
        CardIcon::ALL.into_iter().find(|i| i.name() == name)
    }
}

/// One card of Docusaurus's `<DocCardList />` (`doc_cards.rs`): an item of the sidebar
/// category the doc is in. On the Markdown path it becomes a `Card` element; a doc on the
/// MDX path gets the list as its module's `docsiteCards` prop, which
/// `@theme/DocCardList` shows (`theme/src/docusaurus/theme/DocCardList.tsx`).
#[derive(Debug, Clone, PartialEq, Hash, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocCard {
    /// The item's label.
    pub title: String,
    /// Route (or URL, for a link item) the card leads to.
    pub href: String,
    /// Text under the title: a doc's description, a category's item count.
    pub description: Option<String>,
}

/// A table-of-contents entry.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TocItem {
    /// Heading id (the anchor).
    pub id: String,
    /// Heading text.
    pub text: String,
    /// Heading level (2-6).
    pub level: u8,
}

/// A breadcrumb.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Crumb {
    /// Label.
    pub label: String,
    /// Link, when the crumb has a page.
    pub href: Option<String>,
}

/// Previous/next link.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PageLink {
    /// Label.
    pub label: String,
    /// Route.
    pub href: String,
}

/// Last update of a page, preformatted so server and client render the same text.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LastUpdate {
    /// Author name, when shown.
    pub author: Option<String>,
    /// ISO 8601 date-time, when shown.
    pub date_time: Option<String>,
    /// The date as readers see it (`Nov 21, 2026`).
    pub date_text: Option<String>,
}

/// The contract's TypeScript declarations, in a stable order.
pub fn typescript_declarations() -> String {
    let cfg = ts_rs::Config::default();
    let mut out = String::from(
        "// Generated from crates/docsite-core/src/contract.rs by ts-rs. Do not edit.\n\
         // Regenerate: DOCSITE_WRITE_CONTRACT=1 cargo test -p docsite-core contract\n\n",
    );
    let decls = [
        Boot::decl(&cfg),
        RouteManifest::decl(&cfg),
        RouteEntry::decl(&cfg),
        RouteKind::decl(&cfg),
        SiteData::decl(&cfg),
        LocaleData::decl(&cfg),
        LocaleLink::decl(&cfg),
        NavbarData::decl(&cfg),
        LogoData::decl(&cfg),
        Position::decl(&cfg),
        NavbarItem::decl(&cfg),
        LinkData::decl(&cfg),
        FooterData::decl(&cfg),
        FooterColumn::decl(&cfg),
        MenuItem::decl(&cfg),
        AnnouncementBarData::decl(&cfg),
        ColorMode::decl(&cfg),
        ColorModeData::decl(&cfg),
        AnalyticsData::decl(&cfg),
        ScriptData::decl(&cfg),
        VersionData::decl(&cfg),
        SearchData::decl(&cfg),
        HostedSearchData::decl(&cfg),
        VersionBanner::decl(&cfg),
        SidebarData::decl(&cfg),
        SidebarItem::decl(&cfg),
        PageData::decl(&cfg),
        Node::decl(&cfg),
        Element::decl(&cfg),
        CardIcon::decl(&cfg),
        DocCard::decl(&cfg),
        TocItem::decl(&cfg),
        Crumb::decl(&cfg),
        PageLink::decl(&cfg),
        LastUpdate::decl(&cfg),
        BlogPostMeta::decl(&cfg),
        BlogAuthor::decl(&cfg),
    ];
    for d in decls {
        out.push_str("export ");
        out.push_str(&d);
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_content_tree_reads_back_from_its_json_as_it_was() {
        let el = |t: &str, a: &[(&str, &str)], c: Vec<Node>| Node::Element(Element { t: t.into(), a: a.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), c });
        let tree = vec![
            el("Heading", &[("level", "2"), ("id", "x")], vec![Node::Text("Title \"quoted\" \u{e9}\n".into())]),
            el("p", &[], vec![Node::Text("a".into()), el("a", &[("href", "/docs/b#c"), ("title", "")], vec![]), el("br", &[], vec![])]),
            Node::Text(String::new()),
        ];
        let json = serde_json::to_string(&tree).unwrap();
        let back: Vec<Node> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, tree);
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        // Neither a number nor an attribute that is not a string is a node.
        assert!(serde_json::from_str::<Node>("1").is_err());
        assert!(serde_json::from_str::<Node>(r#"{"t":"p","a":{"x":1}}"#).is_err());
    }

    #[test]
    fn attributes_keep_one_value_per_name_in_name_order_and_serialise_as_an_object() {
        let mut a = Attrs::new();
        assert_eq!(a.insert("title".into(), "T".into()), None);
        assert_eq!(a.insert("id".into(), "x".into()), None);
        assert_eq!(a.insert("title".into(), "U".into()), Some("T".into()));
        assert_eq!(a.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>(), ["id=x", "title=U"]);
        assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"id":"x","title":"U"}"#);
        assert_eq!(format!("{a:?}"), r#"{"id": "x", "title": "U"}"#);
        assert_eq!(a.remove("id"), Some("x".into()));
        assert!(!a.contains_key("id") && a["title"] == "U");
        let el = Element { t: "p".into(), a: Attrs::new(), c: Vec::new() };
        assert_eq!(serde_json::to_string(&el).unwrap(), r#"{"t":"p"}"#, "no attributes: no `a`");
    }

    /// The TypeScript file the theme imports must match these types.
    #[test]
    fn contract_typescript_is_up_to_date() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../theme/src/generated/contract.ts");
        let expected = typescript_declarations();
        if std::env::var_os("DOCSITE_WRITE_CONTRACT").is_some() {
            std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
            std::fs::write(path, &expected).unwrap();
        }
        let actual = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            actual == expected,
            "theme/src/generated/contract.ts is stale: run `DOCSITE_WRITE_CONTRACT=1 cargo test -p docsite-core contract`"
        );
    }
}
