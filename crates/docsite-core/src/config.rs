//! Site configuration: `docsite.toml` exactly as written ([`RawConfig`]) and the settings
//! the build uses ([`SiteConfig`]).
//!
//! Every table rejects unknown keys, and every error names the key path
//! (`navbar.items[3].type`) with the line and column in the file. Key names follow
//! Docusaurus's `docusaurus.config.js` (camelCase) so a Docusaurus maintainer finds them
//! where they expect.
//!
//! The raw types also derive a JSON Schema (schemars reads the serde attributes, so the
//! schema accepts what the parser accepts). Their `///` comments are the user-facing
//! documentation of each key: `config_reference` turns the schema into the
//! configuration reference of the maintainers' guide, so write them for a site maintainer
//! (what the key does, its effect when absent, an example) and keep each field's comment
//! to one paragraph.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

use crate::contract::{ColorMode, Position};
pub use crate::markdown::MarkdownFormat;
use crate::paths::{config_path, inside_site};
use crate::diagnostics::{line_col, Diagnostic, Severity};

/// The navbar item types, as `type` values in the configuration.
pub const NAVBAR_TYPES: &[&str] = &["default", "localeDropdown", "search", "dropdown", "html", "doc", "docSidebar", "docsVersion", "docsVersionDropdown"];

/// The configuration file name inside a site directory.
pub const CONFIG_FILE: &str = "docsite.toml";

/// The keys at the top of `docsite.toml`, before the first table header (`[docs]` and the others below). `title` and `url` are
/// required; everything else has a default or is off until configured.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "docsite.toml")]
pub struct RawConfig {
    /// Name of the site: every page title ends with it, after the page's own title; it is the
    /// home page's title and is named in version banners. Example: `title = "FDC3"`.
    pub title: String,
    /// One-line summary of the site, the meta description of every page whose front matter
    /// has no `description`.
    #[serde(default)]
    pub tagline: String,
    /// Origin the site is published at, an absolute `http(s)` URL without the `baseUrl` path.
    /// Canonical and Open Graph URLs and the `$id` of published JSON schemas start with it.
    /// Example: `url = "https://fdc3.finos.org"`.
    pub url: String,
    /// Path the site is served under; must start with `/` (a missing final `/` is added).
    /// Every route, asset and data URL starts with it, e.g. `baseUrl = "/fdc3/"` for a site
    /// at `https://example.org/fdc3/`.
    #[serde(default = "default_base_url")]
    pub base_url: String,
    /// Icon of the site, a file under `static/` given relative to `baseUrl` (e.g.
    /// `favicon = "img/favicon.svg"`); every page links it. No icon link when absent.
    pub favicon: Option<String>,
    /// Image of link previews (`og:image`, `twitter:card`) for pages whose front matter has
    /// no `image`: a file under `static/` given relative to `baseUrl` (e.g.
    /// `image = "img/social-card.png"`) or an absolute URL. No preview image when absent.
    pub image: Option<String>,
    /// The site's language and text direction: its default locale, built at `baseUrl`.
    #[serde(default)]
    pub locale: RawLocale,
    /// The site's other locales (Docusaurus's `i18n.locales` beyond the default one), in the
    /// order the locale dropdown lists them after the default one. Each is built as a site
    /// of its own under its `baseUrl` (`<baseUrl><code>/` unless given), its docs, blog
    /// posts and Markdown pages replaced by their translations in `i18n/<path>/` where
    /// there is one, its navbar, footer and sidebar labels and the theme's strings from the
    /// JSON files there (the layout of Docusaurus's `write-translations`).
    #[serde(default)]
    pub locales: Vec<RawLocale>,
    /// Folder of the locales' translation files, relative to the site (Docusaurus's
    /// `i18n.path`).
    #[serde(default = "default_i18n_path")]
    pub i18n_path: String,
    /// Where the docs and sidebars are, the docs' URLs and versions, and how strictly
    /// problems are reported.
    #[serde(default)]
    pub docs: RawDocs,
    /// Further docs instances beside `[docs]` (Docusaurus's `@docusaurus/plugin-content-docs`
    /// listed again with an `id`): each has its own `id`, folder, `routeBasePath`, sidebars
    /// and versions (`<id>_versions.json`, `<id>_versioned_docs/version-<name>/`,
    /// `<id>_versioned_sidebars/`), and its translations in
    /// `i18n/<locale>/docusaurus-plugin-content-docs-<id>/`. `onBrokenLinks`,
    /// `onBrokenAnchors`, `onDuplicateRoutes` and `versionRoots` of `[docs]` apply to all.
    /// Example: `id = "community"`, `path = "community"`, `routeBasePath = "community"`,
    /// `sidebarPath = "sidebarsCommunity.json"`.
    #[serde(default)]
    pub docs_instances: Vec<RawDocs>,
    /// The bar at the top of every page: title, logo and items.
    #[serde(default)]
    pub navbar: RawNavbar,
    /// The footer of every page; pages have none when absent.
    pub footer: Option<RawFooter>,
    /// A bar above the navbar for news, on every page; none when absent.
    pub announcement_bar: Option<RawAnnouncementBar>,
    /// Light and dark mode: the default and whether readers can switch.
    #[serde(default)]
    pub color_mode: RawColorMode,
    /// Heading levels listed in the table of contents beside each doc.
    #[serde(default)]
    pub table_of_contents: RawToc,
    /// Colours of highlighted code blocks (Docusaurus's `themeConfig.prism`); the theme's own
    /// when absent.
    #[serde(default)]
    pub prism: RawPrism,
    /// How Markdown files are read (Docusaurus's `markdown.format`): `mdx` (every `.md` and
    /// `.mdx` file is MDX: JSX tags, `{expressions}`, Markdown between HTML tags), `md` (every
    /// file is CommonMark: `{` and `<Tag>` are text and HTML as written), or `detect` (`.mdx`
    /// files are MDX, the others CommonMark). Default `mdx`.
    #[serde(default)]
    pub markdown_format: MarkdownFormat,
    /// Whether a heading's id may come from an MDX comment at its end
    /// (`## Getting started {/* #start */}`: the first word after `#`), as Docusaurus 3.10 and
    /// later read it; such a comment wins over `{#id}`. Default true; a site with Docusaurus
    /// 3.0 to 3.9 installed reads false (its headings then take their ids from their text).
    #[serde(default = "yes")]
    pub comment_heading_ids: bool,
    /// Google Analytics (gtag.js, Docusaurus's `gtag` preset option); nothing
    /// analytics-related is loaded when absent.
    pub gtag: Option<RawGtag>,
    /// Third-party scripts every page loads, as URLs
    /// (`scripts = ["https://buttons.github.io/buttons.js"]`) or `[[scripts]]` tables. They
    /// load `async` (unless `defer`), so a slow or failing script never blocks a page, and
    /// their origins are allowed by the server's Content-Security-Policy.
    #[serde(default)]
    pub scripts: Vec<RawScript>,
    /// Sets of JSON schemas published from installed npm packages; links to their files are
    /// checked like links to pages.
    #[serde(default)]
    pub schemas: Vec<RawSchemaSet>,
    /// Search: the built-in offline index by default, hosted DocSearch when
    /// `[search.algolia]` (or its environment variables) is set.
    #[serde(default)]
    pub search: RawSearch,
    /// Folders, relative to the site, whose files are copied to the root of the output.
    /// Only the default, `["static"]`, is supported.
    #[serde(default = "default_static_dirs")]
    pub static_directories: Vec<String>,
    /// Folder, relative to the site (or absolute; it may lie outside it), of the stand-alone pages: `.md`/`.mdx` files are Markdown
    /// pages, `.js`/`.jsx`/`.ts`/`.tsx` files React pages of the site's own code (compiled with
    /// the theme). A file's route is its path without the extension (`index` is its folder's
    /// route); names starting with `_`, `*.test.*`/`*.spec.*` files and `__tests__/` folders
    /// are not pages. Default `pages`; a site read from `docusaurus.config.js` uses
    /// `src/pages` (the pages plugin's `path`). An empty string turns pages off.
    #[serde(default = "default_pages_path")]
    pub pages_path: String,
    /// Values kept for the site's own code (Docusaurus's `customFields`); docsite itself
    /// does not read them.
    #[schemars(with = "Option<BTreeMap<String, serde_json::Value>>")]
    pub custom_fields: Option<serde_json::Value>,
    /// Stylesheets, relative to the site (or absolute), added to every page after the theme's, e.g.
    /// `customCss = ["src/css/custom.css"]` (Docusaurus's classic theme `customCss`).
    #[serde(default)]
    pub custom_css: Vec<String>,
    /// Old routes that redirect to new ones (Docusaurus's client-redirects plugin): each
    /// `from` route gets a page that sends readers to `to`.
    ///
    /// ```toml
    /// [[redirects]]
    /// from = "/docs/api/ref/Metadata"
    /// to = "/docs/api/ref/Types"
    /// ```
    #[serde(default)]
    pub redirects: Vec<RawRedirect>,
    /// What `build` writes for static hosts and crawlers besides the pages: `_headers` and
    /// `_redirects` (Netlify, Cloudflare Pages), `sitemap.xml`, `robots.txt`, and which paths
    /// other origins may fetch. Everything is on by default.
    #[serde(default)]
    pub deploy: RawDeploy,
    /// What content may embed from other sites.
    #[serde(default)]
    pub security: RawSecurity,
    /// A blog: dated posts from a folder, a list of them (newest first, in pages), a page
    /// per post, per tag and an archive. Off when absent; `[blog]` with no keys turns it on
    /// with Docusaurus's defaults (posts in `blog/`, served at `/blog`). A site read from
    /// `docusaurus.config.js` has one unless its classic preset says `blog: false`.
    pub blog: Option<RawBlog>,
}

/// What content may embed from other sites. Nothing by default: an `<iframe>` in Markdown
/// is an error until its origin is listed here.
///
/// ```toml
/// [security]
/// frameSrc = ["https://www.youtube-nocookie.com"]
/// ```
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawSecurity {
    /// Origins (`https://host`, with a port when it is not the default one, no path) whose
    /// pages content may show in an `<iframe>`; pages' Content-Security-Policy gets them as
    /// `frame-src`. Docusaurus has no such key: a site read from its Docusaurus config
    /// starts with none. Default: none.
    #[serde(default)]
    pub frame_src: Vec<String>,
}

/// A redirect from an old route to a page of the site.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawRedirect {
    /// The old route, starting with `/` (under `baseUrl`). A `from` that is a page of the site
    /// is left out with a warning, as Docusaurus does: a redirect never replaces a page.
    pub from: String,
    /// The route readers are sent to (starting with `/`, checked like the links in pages) or an http(s) URL.
    pub to: String,
}

/// The blog: where its posts are, where it is served, how its list is cut into pages.
///
/// ```toml
/// [blog]
/// path = "blog"
/// routeBasePath = "blog"
/// postsPerPage = 10
/// blogTitle = "News"
/// blogDescription = "Releases and meetings of the project"
/// ```
///
/// A post is a `.md`/`.mdx` file named `YYYY-MM-DD-slug.md` (or a folder
/// `YYYY-MM-DD-slug/` with an `index.md`), served at `/blog/YYYY/MM/DD/slug` (or at its
/// front matter `slug` under the blog). Front matter: `title`, `date` (else the file
/// name's), `description`, `slug`, `authors` (keys of `authors.yml` in the blog folder, or
/// `{name, title, url, image_url}`), `tags`, `draft` (not built), `unlisted`. A line
/// `<!-- truncate -->` (or `{/* truncate */}`) ends the excerpt the list shows.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawBlog {
    /// Folder of the posts, relative to the site (or absolute; it may lie outside it). Default `blog`; a missing folder is a
    /// blog without posts (its list page says so).
    #[serde(default = "default_blog_path")]
    pub path: String,
    /// Route of the blog under `baseUrl`. Default `blog`.
    #[serde(default = "default_blog_path")]
    pub route_base_path: String,
    /// Posts on each page of the list (`/blog`, then `/blog/page/2`, ...); 0 puts every
    /// post on one page. Default 10.
    #[serde(default = "default_posts_per_page")]
    pub posts_per_page: usize,
    /// Title of the list page. Default `Blog`.
    #[serde(default = "default_blog_title")]
    pub blog_title: String,
    /// Meta description of the list page. Default `Blog`.
    #[serde(default = "default_blog_title")]
    pub blog_description: String,
    /// Whether a blog without any post still has its list page (`/blog`, saying there are
    /// no posts yet), as Docusaurus 3.10 and later build it. Default true; a Docusaurus site
    /// whose installed Docusaurus is older (3.0 to 3.9 write no blog page at all then) is
    /// read with false.
    #[serde(default = "yes")]
    pub list_without_posts: bool,
    /// Whether the blog has author pages, as Docusaurus 3.5 and later make them: the list of
    /// the authors of `authors.yml` (`/blog/authors`, when it has any) and, for each author
    /// whose entry has `page: true` (or `page: { permalink }`), the list of their posts
    /// (`/blog/authors/<key>`). Default true; a Docusaurus site whose installed Docusaurus is
    /// older is read with false.
    #[serde(default = "yes")]
    pub authors_pages: bool,
}

impl Default for RawBlog {
    fn default() -> Self {
        RawBlog { path: default_blog_path(), route_base_path: default_blog_path(), posts_per_page: default_posts_per_page(), blog_title: default_blog_title(), blog_description: default_blog_title(), list_without_posts: true, authors_pages: true }
    }
}

fn default_blog_path() -> String {
    "blog".into()
}

fn default_posts_per_page() -> usize {
    10
}

fn default_blog_title() -> String {
    "Blog".into()
}

fn default_pages_path() -> String {
    "pages".into()
}

fn default_static_dirs() -> Vec<String> {
    vec!["static".into()]
}

/// The host files `build` writes beside the pages. `_headers` carries the same security
/// headers, Content-Security-Policy, cache rules and CORS headers as `docsite serve`;
/// `_redirects` sends the `.html` forms of every route to the clean URL.
///
/// ```toml
/// [deploy]
/// cors = ["schemas/", "data/"]
/// robots = "User-agent: *\nDisallow: /\n"
///
/// [[deploy.headers]]
/// path = "/*"
/// values = { "Permissions-Policy" = "interest-cohort=()" }
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawDeploy {
    /// Write `_headers` (the header rules of Netlify and Cloudflare Pages). Turn off for a
    /// host that reads its headers elsewhere.
    #[serde(default = "yes")]
    pub write_headers: bool,
    /// Write `_redirects` (the redirect rules of Netlify and Cloudflare Pages).
    #[serde(default = "yes")]
    pub write_redirects: bool,
    /// Write `sitemap.xml`: one entry per route (not the 404 and search pages), absolute URLs
    /// from `url` and `baseUrl`, with the last commit date of the page's file when git knows it.
    #[serde(default = "yes")]
    pub sitemap: bool,
    /// The whole text of `robots.txt`. Without it, a `static/robots.txt` is published as it
    /// is, and without that every crawler may read everything and the file names the sitemap.
    pub robots: Option<String>,
    /// Paths under `baseUrl` that any origin may fetch (`Access-Control-Allow-Origin: *`),
    /// from `docsite serve` and in `_headers`: a path ending in `/` stands for everything
    /// under it. The published JSON schemas are fetched by tools on other origins.
    #[serde(default = "default_cors")]
    pub cors: Vec<String>,
    /// More header rules for `_headers` (and `docsite serve`), after the built-in ones.
    #[serde(default)]
    pub headers: Vec<RawHeaderRule>,
}

impl Default for RawDeploy {
    fn default() -> Self {
        Self { write_headers: true, write_redirects: true, sitemap: true, robots: None, cors: default_cors(), headers: Vec::new() }
    }
}

fn default_cors() -> Vec<String> {
    vec!["schemas/".into()]
}

/// Headers sent for a path: `path = "/*"` (a final `*` matches anything), `values` the
/// header names and values.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawHeaderRule {
    /// Path under `baseUrl` the headers apply to, starting with `/` (`/*` is every path of
    /// the site); a final `*` matches any rest.
    pub path: String,
    /// Header names and values, e.g. `{ "Permissions-Policy" = "interest-cohort=()" }`.
    pub values: BTreeMap<String, String>,
}

/// The search box, the search page (`/search?q=`) and what readers see when a query finds
/// nothing. Without `[search.algolia]` every build writes a pagefind index of all docs and
/// site pages that readers' browsers query offline.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawSearch {
    /// Where the "Let us know." link points when a query finds nothing (e.g. a new issue in
    /// the repository); `{query}` is replaced by the query. No link when absent.
    pub report_url: Option<String>,
    /// Queries offered under "Try searching for" when a query finds nothing, e.g.
    /// `suggestions = ["raiseIntent", "Instrument"]`.
    #[serde(default)]
    pub suggestions: Vec<String>,
    /// Hosted search (Algolia DocSearch, Docusaurus's `themeConfig.algolia` keys). When set
    /// (or when the `DOCSITE_ALGOLIA_APP_ID`, `_API_KEY` and `_INDEX_NAME` environment
    /// variables are), the search UI queries it and no local index is built.
    pub algolia: Option<RawAlgolia>,
}

/// Algolia DocSearch instead of the built-in index (the keys of Docusaurus's
/// `themeConfig.algolia`). The environment variables `DOCSITE_ALGOLIA_APP_ID`,
/// `DOCSITE_ALGOLIA_API_KEY` and `DOCSITE_ALGOLIA_INDEX_NAME`, when all three are set at build
/// time, replace `appId`, `apiKey` and `indexName` (and turn hosted search on without this
/// table); the other keys still come from here.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawAlgolia {
    /// Algolia application id.
    pub app_id: String,
    /// Search-only API key. It is public (readers' browsers send it); never put an admin key
    /// here.
    pub api_key: String,
    /// Name of the DocSearch index to query.
    pub index_name: String,
    /// Filter results by the site's language (`locale.code`) and the docs version being read,
    /// with Docusaurus's facets (`language:<code>`, `docusaurus_tag:docs-default-<version>`).
    #[serde(default = "yes")]
    pub contextual_search: bool,
    /// Route of the full search page, relative to `baseUrl`.
    #[serde(default = "default_search_page")]
    pub search_page_path: String,
    /// Results whose URL matches this regular expression open as external links, in a new
    /// tab, e.g. `externalUrlRegex = "^https://github\\.com/"`.
    pub external_url_regex: Option<String>,
    /// Rewrites the path of every result before linking to it, e.g. to point an index built
    /// from another deployment at this one.
    pub replace_search_result_pathname: Option<RawReplace>,
}

/// `replaceSearchResultPathname = { from = "/docs/", to = "/" }`: the first match of the
/// regular expression `from` in a result's path is replaced by `to`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawReplace {
    /// Regular expression (JavaScript syntax) matched against the result's path.
    pub from: String,
    /// Replacement text; `$1`… insert capture groups.
    pub to: String,
}

fn default_search_page() -> String {
    "search".into()
}

impl RawSearch {
    /// The hosted configuration: the environment's, else the file's.
    pub fn hosted(&self) -> Option<RawAlgolia> {
        let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        match (env("DOCSITE_ALGOLIA_APP_ID"), env("DOCSITE_ALGOLIA_API_KEY"), env("DOCSITE_ALGOLIA_INDEX_NAME")) {
            (Some(app_id), Some(api_key), Some(index_name)) => Some(RawAlgolia {
                app_id,
                api_key,
                index_name,
                ..self.algolia.clone().unwrap_or(RawAlgolia {
                    app_id: String::new(),
                    api_key: String::new(),
                    index_name: String::new(),
                    contextual_search: true,
                    search_page_path: default_search_page(),
                    external_url_regex: None,
                    replace_search_result_pathname: None,
                })
            }),
            _ => self.algolia.clone(),
        }
    }
}

/// A folder of JSON schemas copied from an npm package into the site at build time, each
/// schema's `$id` rewritten to the URL the site serves it at. The packages are installed
/// by docsite, so the published files always match a released package.
///
/// ```toml
/// [[schemas]]
/// npmDir = "schemas"
/// from = "node_modules/fdc3-context-2-2/dist/schemas/context"
/// to = "schemas/2.2/context"
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawSchemaSet {
    /// Folder, relative to the site, with the `package.json` and `package-lock.json` that
    /// install the packages; `npm ci` runs there when `node_modules` is missing or older than
    /// the lockfile. Sets may share one folder.
    pub npm_dir: String,
    /// Folder of `*.json` files, relative to `npmDir` (e.g. `node_modules/pkg/dist/schemas`);
    /// subfolders are kept.
    pub from: String,
    /// URL path under `baseUrl` the files are served at (e.g. `schemas/2.2/context`); pages
    /// link to `/schemas/2.2/context/<file>.json`.
    pub to: String,
}

fn default_base_url() -> String {
    "/".into()
}

/// Translates the navbar and footer of `raw` with the locale's
/// `docusaurus-theme-classic/{navbar,footer}.json`, by Docusaurus's ids: `title`,
/// `logo.alt`, `item.label.<label>` (navbar); `link.title.<title>`,
/// `link.item.label.<label>`, `copyright`, `logo.alt` (footer).
fn translate_theme(l10n: &crate::i18n::Localization, raw: &mut RawConfig, diags: &mut Vec<Diagnostic>) {
    let navbar = l10n.messages("docusaurus-theme-classic/navbar.json", diags);
    if !navbar.is_empty() {
        if let Some(t) = raw.navbar.title.as_mut() {
            crate::i18n::replace(t, &navbar, "title");
        }
        if let Some(logo) = raw.navbar.logo.as_mut() {
            crate::i18n::replace(&mut logo.alt, &navbar, "logo.alt");
        }
        fn items(list: &mut [RawNavbarItem], m: &std::collections::BTreeMap<String, String>) {
            for item in list {
                if let Some(label) = item.label.as_mut() {
                    let id = format!("item.label.{label}");
                    crate::i18n::replace(label, m, &id);
                }
                for nested in [&mut item.items, &mut item.dropdown_items_before, &mut item.dropdown_items_after].into_iter().flatten() {
                    items(nested, m);
                }
            }
        }
        items(&mut raw.navbar.items, &navbar);
    }
    let footer = l10n.messages("docusaurus-theme-classic/footer.json", diags);
    if let (false, Some(f)) = (footer.is_empty(), raw.footer.as_mut()) {
        if let Some(c) = f.copyright.as_mut() {
            crate::i18n::replace(c, &footer, "copyright");
        }
        if let Some(logo) = f.logo.as_mut() {
            crate::i18n::replace(&mut logo.alt, &footer, "logo.alt");
        }
        for entry in &mut f.links {
            if let Some(t) = entry.title.as_mut() {
                let id = format!("link.title.{t}");
                crate::i18n::replace(t, &footer, &id);
            }
            if let Some(label) = entry.label.as_mut() {
                let id = format!("link.item.label.{label}");
                crate::i18n::replace(label, &footer, &id);
            }
            for item in entry.items.iter_mut().flatten() {
                if let Some(label) = item.label.as_mut() {
                    let id = format!("link.item.label.{label}");
                    crate::i18n::replace(label, &footer, &id);
                }
            }
        }
    }
}

/// A locale of the configuration as `crate::i18n` reads it.
fn locale_input(l: &RawLocale) -> crate::i18n::LocaleInput {
    crate::i18n::LocaleInput {
        code: l.code.clone(),
        label: l.label.clone(),
        direction: match l.direction {
            Direction::Ltr => "ltr".into(),
            Direction::Rtl => "rtl".into(),
        },
        html_lang: l.html_lang.clone(),
        path: l.path.clone(),
        translate: l.translate,
        base_url: l.base_url.clone(),
    }
}

/// The docs' route prefix under `base_url` (`/docs`).
fn docs_base(base_url: &str, route_base_path: &str) -> String {
    format!("{}{}", base_url, route_base_path.trim_matches('/')).trim_end_matches('/').to_string()
}

fn default_i18n_path() -> String {
    "i18n".into()
}

/// A language of the site. Without `[locale]` the site is English (`en`), left to right;
/// a `[locale]` table must give `code`, `label`, `direction` and `htmlLang`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawLocale {
    /// Locale code, e.g. `en`; hosted search filters results by it (`language:<code>`).
    pub code: String,
    /// Name of the language as readers see it, e.g. `English`, shown by a `localeDropdown`
    /// navbar item.
    pub label: String,
    /// Text direction, the `dir` attribute of every page's `<html>`.
    pub direction: Direction,
    /// The `lang` attribute of every page's `<html>` (a BCP 47 tag such as `en` or `en-GB`);
    /// also the language the built-in search index stems words for.
    pub html_lang: String,
    /// Folder of the locale's translation files under `i18nPath` (default: the code).
    #[serde(default)]
    pub path: Option<String>,
    /// Whether the locale's translation files are read (default: when its folder exists).
    #[serde(default)]
    pub translate: Option<bool>,
    /// Path the locale's pages are served under (default: the site's `baseUrl` for the
    /// default locale, `<baseUrl><code>/` for the others).
    #[serde(default)]
    pub base_url: Option<String>,
}

impl Default for RawLocale {
    fn default() -> Self {
        Self { code: "en".into(), label: "English".into(), direction: Direction::Ltr, html_lang: "en".into(), path: None, translate: None, base_url: None }
    }
}

/// Text direction.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Left to right (English, French, …).
    Ltr,
    /// Right to left (Arabic, Hebrew, …).
    Rtl,
}

// `Serialize` here and on the other enums that are serde defaults lets schemars write the
// default into the schema (and so into the reference).
/// What to do when a check fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum OnProblem {
    /// Report an error: `check` and `build` fail and nothing is written (Docusaurus's
    /// `throw`; `error` is accepted too).
    #[serde(alias = "error")]
    Throw,
    /// Report a warning and carry on (Docusaurus's `log` is accepted too).
    #[serde(alias = "log")]
    Warn,
    /// Report nothing.
    Ignore,
}

impl OnProblem {
    /// The severity a diagnostic gets, or `None` when it is ignored.
    pub fn severity(self) -> Option<Severity> {
        match self {
            OnProblem::Throw => Some(Severity::Error),
            OnProblem::Warn => Some(Severity::Warning),
            OnProblem::Ignore => None,
        }
    }
}

/// The docs (Docusaurus's docs plugin options). The current, unreleased docs come from
/// `path` and `sidebarPath`; each released version named in `versions.json` (newest first)
/// from `versioned_docs/version-<name>/` and
/// `versioned_sidebars/version-<name>-sidebars.json`. The latest release is served at
/// `/<routeBasePath>`, the current docs at `/<routeBasePath>/next` and older releases at
/// `/<routeBasePath>/<name>`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawDocs {
    /// Name of a further docs instance in `[[docsInstances]]` (letters, digits, `-`, `_`),
    /// which navbar items name with `docsPluginId`; `[docs]` itself is the instance
    /// `default` and needs none.
    pub id: Option<String>,
    /// Folder of the current (unreleased) docs, relative to the site (or absolute); it may
    /// lie outside the site folder, as `"../docs"` in a monorepo. `docsite version` copies it
    /// to cut a release, into `versioned_docs/` of the site folder.
    #[serde(default = "default_docs_path")]
    pub path: String,
    /// URL prefix of every docs route, after `baseUrl`, e.g. `routeBasePath = "guide"` serves
    /// the docs at `/guide/…`.
    #[serde(default = "default_docs_path")]
    pub route_base_path: String,
    /// Sidebars of the current docs (Docusaurus's sidebars format: JSON, or a `.js`/`.ts`
    /// module Node evaluates), relative to the site (or absolute, and outside it as the docs
    /// may be). When neither it nor a `sidebars.js`
    /// or `.ts` beside it exists, the docs get one autogenerated sidebar, `defaultSidebar`;
    /// `""` always gives that one.
    #[serde(default = "default_sidebar_path")]
    pub sidebar_path: String,
    /// Which files of each version's docs folder are docs: glob patterns relative to the
    /// folder, as Docusaurus's `include` (`**` any folders, `*` any name, `{md,mdx}`
    /// either).
    #[serde(default = "default_docs_include")]
    pub include: Vec<String>,
    /// Files of each version's docs folder that are not docs, glob patterns as `include`
    /// (Docusaurus's `exclude`). Giving it replaces the default, which leaves out partials
    /// and tests: `**/_*.{js,jsx,ts,tsx,md,mdx}`, `**/_*/**`, `**/*.test.{js,jsx,ts,tsx}`,
    /// `**/__tests__/**`. Files and folders whose names start with `.` are never docs.
    #[serde(default = "default_docs_exclude")]
    pub exclude: Vec<String>,
    /// The version served at `routeBasePath` itself, without a version segment: a name from
    /// `versions.json`, or `current` for the unreleased docs. Default: the first name in
    /// `versions.json`, or `current` when there is none.
    pub last_version: Option<String>,
    /// Start of every doc's "Edit this page" link: the doc's path from the site folder is
    /// appended, e.g. `https://github.com/finos/FDC3/edit/main/website/` gives
    /// `…/website/docs/fdc3-intro.md`. Front matter `custom_edit_url` overrides it per doc;
    /// no link when absent.
    pub edit_url: Option<String>,
    /// Show, under each doc, the author of the last git commit that changed its file.
    #[serde(default = "yes")]
    pub show_last_update_author: bool,
    /// Show, under each doc, the date of the last git commit that changed its file.
    #[serde(default = "yes")]
    pub show_last_update_time: bool,
    /// Links to a page or file that does not exist, in docs, site pages, data files and the
    /// `to` links of this file.
    #[serde(default = "throw")]
    pub on_broken_links: OnProblem,
    /// Links whose `#anchor` is no heading or element id of the page they point to.
    /// Default `throw`; a site read from a `docusaurus.config.js` that does not set it gets
    /// Docusaurus 3's default, `warn`.
    #[serde(default = "throw")]
    pub on_broken_anchors: OnProblem,
    /// Two docs on the same route (change one's `slug` or `id`).
    #[serde(default = "warn")]
    pub on_duplicate_routes: OnProblem,
    /// Whether each version's root route (`/docs`, `/docs/next`, `/docs/2.1`, …) shows the
    /// version's main doc (its first doc, with a canonical link to the doc's own route) when
    /// no doc's `slug` or `id` puts a doc there. With `false`, as in Docusaurus, a version
    /// root exists only when a doc is at it; the version dropdown, the navbar's docs items and
    /// the 404 page link each version's main doc either way. Default `true`; a site read from
    /// a `docusaurus.config.js` gets `false`.
    #[serde(default = "yes")]
    pub version_roots: bool,
    /// Label, path or banner of one version, keyed by its name in `versions.json` or
    /// `current`, e.g. `[docs.versions.current]`.
    #[serde(default)]
    pub versions: BTreeMap<String, RawVersionOptions>,
}

fn default_docs_path() -> String {
    "docs".into()
}
fn default_sidebar_path() -> String {
    "sidebars.json".into()
}
fn default_docs_include() -> Vec<String> {
    vec!["**/*.{md,mdx}".into()]
}
fn default_docs_exclude() -> Vec<String> {
    ["**/_*.{js,jsx,ts,tsx,md,mdx}", "**/_*/**", "**/*.test.{js,jsx,ts,tsx}", "**/__tests__/**"].map(String::from).to_vec()
}
fn yes() -> bool {
    true
}
fn throw() -> OnProblem {
    OnProblem::Throw
}
fn warn() -> OnProblem {
    OnProblem::Warn
}

impl Default for RawDocs {
    fn default() -> Self {
        toml::from_str("").expect("every [docs] key has a default")
    }
}

/// Overrides for one version, `<name>` being a name in `versions.json` or `current` (the
/// unreleased docs). A name that is neither is an error.
///
/// ```toml
/// [docs.versions.current]
/// label = "Next"
/// banner = "unreleased"
/// bannerText = "This is the draft of the next version of the standard, not released yet."
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawVersionOptions {
    /// Name readers see in the version dropdown and banners. Default: `Next` for `current`,
    /// else the version's name.
    pub label: Option<String>,
    /// URL segment after `routeBasePath`. Default: none for `lastVersion`, `next` for
    /// `current`, else the version's name.
    pub path: Option<String>,
    /// Banner above every doc of the version. Default: none for `lastVersion`, `unreleased`
    /// for `current` and releases newer than `lastVersion`, `unmaintained` for older ones.
    pub banner: Option<RawBanner>,
    /// What the banner says about the version, in place of its first sentence (by default
    /// "This is unreleased documentation for FDC3 Next version." or "This is documentation
    /// for FDC3 1.2, which is no longer actively maintained.", with the site's `title` and
    /// the version's `label`); the link to the same page in the latest version follows it as
    /// always. Plain text, one or two sentences; only with a `banner`. Docusaurus has no such
    /// option (its banner sentences come from translations), so a migrated site keeps the
    /// default. Example: `bannerText = "This is the draft of the next version of the standard."`
    pub banner_text: Option<String>,
}

/// Banner setting of a version.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RawBanner {
    /// No banner.
    None,
    /// "This is unreleased documentation", with a link to the same page in the latest version.
    Unreleased,
    /// "No longer actively maintained", with a link to the same page in the latest version.
    Unmaintained,
}

/// The bar at the top of every page. Like Docusaurus, a navbar with no `search` item gets a
/// search box on the right.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawNavbar {
    /// Text beside the logo (and at the top of the mobile menu); none when absent.
    pub title: Option<String>,
    /// Image at the start of the navbar, linking to the home page; none when absent.
    pub logo: Option<RawLogo>,
    /// Slide the navbar away while the reader scrolls down; it comes back on scrolling up.
    #[serde(default)]
    pub hide_on_scroll: bool,
    /// Background of the navbar: `dark` or `primary` (the primary colour) in both colour
    /// modes; the page's own background when absent.
    pub style: Option<NavbarStyle>,
    /// The items, in order, each placed `left` or `right`.
    #[serde(default)]
    pub items: Vec<RawNavbarItem>,
}

/// A navbar background other than the page's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum NavbarStyle {
    /// Dark background, light text.
    Dark,
    /// The primary colour, light text.
    Primary,
}

/// Code colours as a Prism theme of `prism-react-renderer` describes them (the objects of
/// Docusaurus's `themeConfig.prism.theme` and `darkTheme`, e.g. `themes.vsDark`): `plain`
/// colours the code block, each entry of `styles` the tokens of its `types` (Prism's token
/// names: `keyword`, `string`, `comment`, `number`, `function`, `class-name`, `punctuation`,
/// `operator`, `property`, `attr-name`, `tag`, `constant`, `boolean`).
///
/// ```toml
/// [prism.theme.plain]
/// color = "#393a34"
/// backgroundColor = "#f6f8fa"
///
/// [[prism.theme.styles]]
/// types = ["keyword"]
/// style = { color = "#00009f" }
/// ```
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawPrism {
    /// Code colours in light mode, and in dark mode too when `darkTheme` is absent.
    pub theme: Option<RawPrismTheme>,
    /// Code colours in dark mode.
    pub dark_theme: Option<RawPrismTheme>,
}

/// A Prism theme: the block's colours and the tokens' styles.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawPrismTheme {
    /// Text and background of the code block.
    #[serde(default)]
    pub plain: RawPrismStyle,
    /// Token styles; a later entry overrides an earlier one for the same type.
    #[serde(default)]
    pub styles: Vec<RawPrismEntry>,
}

/// The style of some token types.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawPrismEntry {
    /// Prism's token types this style applies to, e.g. `["keyword", "builtin"]`.
    #[serde(default)]
    pub types: Vec<String>,
    /// Only in code blocks of these languages (`markup` covers `html`, `xml` and `svg`);
    /// all languages when absent.
    pub languages: Option<Vec<String>>,
    /// The style.
    #[serde(default)]
    pub style: RawPrismStyle,
}

/// CSS properties of a Prism style, in their JavaScript spelling.
#[derive(Debug, Default, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawPrismStyle {
    /// Text colour (a CSS colour).
    pub color: Option<String>,
    /// Background colour (of the code block, for `plain`).
    pub background_color: Option<String>,
    /// `italic` or `normal`.
    pub font_style: Option<String>,
    /// `bold`, `normal` or a weight.
    pub font_weight: Option<String>,
    /// `underline`, `line-through` or `none`.
    pub text_decoration_line: Option<String>,
    /// Opacity, 0 to 1.
    pub opacity: Option<f64>,
}

impl RawPrism {
    /// The style values that could end a CSS declaration (`;`, `{`, quotes, ...): (key path,
    /// value). The build writes the values into a stylesheet as they are.
    fn unsafe_values(&self) -> Vec<(String, String)> {
        let safe = |v: &str| v.chars().all(|c| c.is_ascii_alphanumeric() || " #%(),./-".contains(c));
        let mut out = Vec::new();
        for (name, theme) in [("theme", &self.theme), ("darkTheme", &self.dark_theme)] {
            let Some(theme) = theme else { continue };
            let styles = std::iter::once((format!("prism.{name}.plain"), &theme.plain)).chain(theme.styles.iter().enumerate().map(|(i, e)| (format!("prism.{name}.styles[{i}].style"), &e.style)));
            for (at, style) in styles {
                for (key, value) in [("color", &style.color), ("backgroundColor", &style.background_color), ("fontStyle", &style.font_style), ("fontWeight", &style.font_weight), ("textDecorationLine", &style.text_decoration_line)] {
                    if let Some(v) = value.as_deref().filter(|v| !safe(v)) {
                        out.push((format!("{at}.{key}"), v.to_string()));
                    }
                }
            }
        }
        out
    }
}

/// A logo image, with an optional variant for dark mode. Paths are files under `static/`,
/// relative to `baseUrl` (`img/logo.svg`), or absolute paths or URLs.
///
/// ```toml
/// [navbar.logo]
/// alt = "FDC3"
/// src = "img/fdc3-mark.svg"
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawLogo {
    /// Alternative text of the image, for screen readers.
    #[serde(default)]
    pub alt: String,
    /// The image.
    pub src: String,
    /// The image shown in dark mode. Default: `src`.
    pub src_dark: Option<String>,
    /// Where the logo links to. Default: the home page (`baseUrl`).
    pub href: Option<String>,
    /// Width in CSS pixels. Default: the stylesheet's.
    pub width: Option<u32>,
    /// Height in CSS pixels. Default: the stylesheet's.
    pub height: Option<u32>,
}

/// A navbar item; also the shape of a dropdown's `items` and of the extra links of the
/// version and locale dropdowns (where only links are allowed: `label` with `to` or `href`,
/// or a `docId`, which links to that doc in the latest version). `type` says what the
/// item is and which keys it reads; keys its type does not read are ignored:
///
/// - `default` (when `type` is absent): a link, `label` with `to` or `href`, highlighted
///   per `activeBasePath` or `activeBaseRegex`; an icon link has `aria-label` and
///   `className` instead of `label`.
/// - `doc`: a link to the doc `docId` in the version being read; `label` defaults to its
///   sidebar label, and it is highlighted on every doc of the sidebar that holds it.
/// - `docSidebar`: a link to the first doc of the sidebar `sidebarId`; `label` defaults to
///   the sidebar id.
/// - `docsVersion`: a link to the main doc of the version being read; `label` defaults to
///   `Docs`.
/// - `dropdown`: `label` (linking to `to` when set) opening the links in `items`.
/// - `docsVersionDropdown`: the version picker, with `dropdownItemsBefore` and
///   `dropdownItemsAfter`.
/// - `localeDropdown`: the site's language, with `dropdownItemsAfter`.
/// - `search`: the search box.
/// - `html`: the HTML in `value` (also allowed in a `dropdown`'s `items`).
///
/// ```toml
/// [[navbar.items]]
/// type = "doc"
/// docId = "fdc3-intro"
/// label = "Getting Started"
/// ```
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawNavbarItem {
    /// What the item is (see above). Default: `default`.
    #[serde(rename = "type")]
    #[schemars(with = "Option<NavbarItemType>")]
    pub kind: Option<String>,
    /// Text of the item.
    pub label: Option<String>,
    /// Internal route the item links to, e.g. `/community`; checked like the links in pages.
    pub to: Option<String>,
    /// External URL the item links to, e.g. `https://github.com/finos/FDC3`.
    pub href: Option<String>,
    /// Side of the navbar. Default: `left`.
    pub position: Option<RawPosition>,
    /// Links of a `dropdown` (an item with `items` and no `type` is a dropdown, as in
    /// Docusaurus).
    pub items: Option<Vec<RawNavbarItem>>,
    /// Highlight the item on every route starting with this path (e.g. `/docs/api`), not only
    /// on its own route.
    pub active_base_path: Option<String>,
    /// Highlight the item on every route this regular expression matches.
    pub active_base_regex: Option<String>,
    /// Id of the doc a `doc` item (or a dropdown link) points to, e.g. `fdc3-intro`.
    pub doc_id: Option<String>,
    /// The docs instance a `doc`, `docSidebar`, `docsVersion` or `docsVersionDropdown`
    /// item refers to: an `id` of `[[docsInstances]]`. Default: `[docs]`.
    pub docs_plugin_id: Option<String>,
    /// Id of the sidebar a `docSidebar` item opens, from the sidebars file.
    pub sidebar_id: Option<String>,
    /// The HTML of an `html` item.
    pub value: Option<String>,
    /// Links listed before the versions in a `docsVersionDropdown`.
    pub dropdown_items_before: Option<Vec<RawNavbarItem>>,
    /// Links listed after the versions in a `docsVersionDropdown` (or after the language in a
    /// `localeDropdown`), e.g. a link to an "All versions" page.
    pub dropdown_items_after: Option<Vec<RawNavbarItem>>,
    /// Accepted for Docusaurus compatibility: docsite's version dropdown is never highlighted
    /// as the active item, which is what this option asks for.
    pub dropdown_active_class_disabled: Option<bool>,
    /// CSS classes added to the item's link (of a link, `doc`, `docSidebar` or
    /// `docsVersion` item, or a dropdown's link), e.g. `header-github-link`, which the
    /// site's CSS can draw as an icon (`.header-github-link::before`).
    pub class_name: Option<String>,
    /// The link's accessible name (`aria-label`). A link without `label` (an icon drawn by
    /// `className`) needs one.
    #[serde(rename = "aria-label")]
    pub aria_label: Option<String>,
}

/// The schema of a navbar item's `type`: the names the resolver knows
/// ([`NAVBAR_TYPES`]), so editors offer them and the reference lists them.
struct NavbarItemType;

impl JsonSchema for NavbarItemType {
    fn schema_name() -> Cow<'static, str> {
        "NavbarItemType".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "string", "enum": NAVBAR_TYPES })
    }
}

/// Position as written.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RawPosition {
    /// With the items on the left, after the logo and title.
    Left,
    /// With the items on the right.
    Right,
}

/// The footer of every page: columns of links, or one row of links, then a logo and a
/// copyright line. Columns and plain links cannot be mixed.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawFooter {
    /// Background of the footer.
    #[serde(default = "default_footer_style")]
    pub style: FooterStyle,
    /// Either columns (each with `title` and `items`) or plain links (each with `label` and
    /// `to` or `href`).
    #[serde(default)]
    pub links: Vec<RawFooterEntry>,
    /// Image at the bottom of the footer, beside the copyright line; none when absent.
    pub logo: Option<RawLogo>,
    /// Copyright line at the bottom, as HTML (e.g. `Copyright © 2025 FINOS`); none when absent.
    pub copyright: Option<String>,
}

fn default_footer_style() -> FooterStyle {
    FooterStyle::Dark
}

/// Footer style.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FooterStyle {
    /// Dark background.
    Dark,
    /// Light background.
    Light,
}

/// An entry of `footer.links`: a column (`title` and `items`) or a single link (`label` and
/// `to` or `href`).
///
/// ```toml
/// [[footer.links]]
/// title = "Community"
///
/// [[footer.links.items]]
/// label = "GitHub"
/// href = "https://github.com/finos/FDC3"
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawFooterEntry {
    /// Heading of a column.
    pub title: Option<String>,
    /// Links of a column.
    pub items: Option<Vec<RawFooterLink>>,
    /// Text of a single link.
    pub label: Option<String>,
    /// Internal route of a single link, e.g. `/users`; checked like the links in pages.
    pub to: Option<String>,
    /// External URL of a single link.
    pub href: Option<String>,
    /// HTML shown instead of a single link (same allow-list as raw HTML in Markdown).
    pub html: Option<String>,
    /// CSS classes added to a single link.
    pub class_name: Option<String>,
    /// The accessible name (`aria-label`) of a single link; one without `label` needs one.
    #[serde(rename = "aria-label")]
    pub aria_label: Option<String>,
}

/// An item of a footer column: `label` with `to` or `href`, or `html`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawFooterLink {
    /// Text of the link.
    pub label: Option<String>,
    /// HTML shown instead of a link, e.g. a badge image; it follows the allow-list of raw
    /// HTML in Markdown (no scripts, styles or event handlers).
    pub html: Option<String>,
    /// Internal route, e.g. `/docs/fdc3-intro`; checked like the links in pages.
    pub to: Option<String>,
    /// External URL, e.g. `https://www.finos.org`.
    pub href: Option<String>,
    /// CSS classes added to the link.
    pub class_name: Option<String>,
    /// The link's accessible name (`aria-label`); a link without `label` needs one.
    #[serde(rename = "aria-label")]
    pub aria_label: Option<String>,
}

/// A bar above the navbar for news. Readers who close it do not see it again until `id`
/// changes.
///
/// ```toml
/// [announcementBar]
/// id = "fdc3-2-2"
/// content = "FDC3 2.2 is out: <a href=\"/docs/2.2\">read what changed</a>."
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawAnnouncementBar {
    /// Identifies the announcement; give a new announcement a new id so readers who closed the
    /// old one see it.
    pub id: String,
    /// Text of the bar, as HTML (links allowed).
    pub content: String,
    /// Background colour, any CSS colour.
    #[serde(default = "white")]
    pub background_color: String,
    /// Text colour, any CSS colour.
    #[serde(default = "black")]
    pub text_color: String,
    /// Show a close button.
    #[serde(default = "yes")]
    pub is_closeable: bool,
}

fn white() -> String {
    "#fff".into()
}
fn black() -> String {
    "#000".into()
}

/// Light and dark mode. A reader's choice is remembered in their browser and wins over
/// these settings (unless the switch is disabled).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawColorMode {
    /// Mode of a reader who has not chosen one.
    #[serde(default = "light")]
    pub default_mode: RawColorModeName,
    /// Hide the light/dark switch: every reader gets `defaultMode`.
    #[serde(default)]
    pub disable_switch: bool,
    /// Start readers who have not chosen a mode in their system's mode
    /// (`prefers-color-scheme`) instead of `defaultMode`.
    #[serde(default)]
    pub respect_prefers_color_scheme: bool,
}

impl Default for RawColorMode {
    fn default() -> Self {
        Self { default_mode: RawColorModeName::Light, disable_switch: false, respect_prefers_color_scheme: false }
    }
}

fn light() -> RawColorModeName {
    RawColorModeName::Light
}

/// Colour mode name.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RawColorModeName {
    /// Dark text on a light background.
    Light,
    /// Light text on a dark background.
    Dark,
}

/// Page views sent to Google Analytics: gtag.js loads `async` on every page and a page view
/// is sent on every client navigation that changes the path, query or hash.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawGtag {
    /// Measurement id (`G-…`) or legacy property id (`UA-…`); must not be empty (remove
    /// `[gtag]` to turn analytics off).
    #[serde(rename = "trackingID")]
    pub tracking_id: String,
    /// Ask Google Analytics to anonymise readers' IP addresses.
    #[serde(rename = "anonymizeIP", default = "yes")]
    pub anonymize_ip: bool,
}

/// An entry of `scripts`: a URL, or a table with `src` (and optionally `defer`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RawScript {
    /// The script's URL, loaded `async`.
    Url(String),
    /// A script with options.
    Table(RawScriptTable),
}

/// A script with options, the table form of a `scripts` entry.
///
/// ```toml
/// [[scripts]]
/// src = "https://buttons.github.io/buttons.js"
/// defer = true
/// ```
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawScriptTable {
    /// URL of the script: absolute, or a path under `baseUrl` for a file in `static/`.
    pub src: String,
    /// Load with `defer` instead of `async`: run after the document is parsed, in order.
    #[serde(default)]
    pub defer: bool,
}

/// The heading levels the table of contents beside each doc lists, from `minHeadingLevel`
/// to `maxHeadingLevel`; `2 <= minHeadingLevel <= maxHeadingLevel <= 6`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawToc {
    /// Smallest heading level listed (2 is `##`).
    #[serde(default = "two")]
    #[schemars(range(min = 2, max = 6))]
    pub min_heading_level: u8,
    /// Largest heading level listed.
    #[serde(default = "three")]
    #[schemars(range(min = 2, max = 6))]
    pub max_heading_level: u8,
}

impl Default for RawToc {
    fn default() -> Self {
        Self { min_heading_level: 2, max_heading_level: 3 }
    }
}

fn two() -> u8 {
    2
}
fn three() -> u8 {
    3
}

/// Resolved settings used by the build.
#[derive(Debug)]
pub struct SiteConfig {
    /// The site directory.
    pub site_dir: PathBuf,
    /// The configuration file.
    pub file: PathBuf,
    /// The raw configuration (navbar and footer are resolved later, against the docs).
    pub raw: RawConfig,
    /// Base URL, normalised to start and end with `/`.
    pub base_url: String,
    /// Docs route prefix, normalised (`/docs`).
    pub docs_base: String,
    /// Colour mode.
    pub default_mode: ColorMode,
    /// Table-of-contents levels (inclusive).
    pub toc_levels: (u8, u8),
    /// Warnings about the configuration (keys of a Docusaurus config docsite ignores).
    pub warnings: Vec<Diagnostic>,
    /// Errors in values that were replaced by their default (or left out) so the content
    /// could still be checked ([`SiteConfig::read_with`]); empty from [`SiteConfig::load`].
    pub errors: Vec<Diagnostic>,
    /// Whether the configuration came from a Docusaurus config (no `docsite.toml`).
    pub from_docusaurus: bool,
    /// The locale this configuration builds ([`SiteConfig::read_locale`]) and where its
    /// translations are.
    pub i18n: crate::i18n::Localization,
    /// The CSS of each Sass `customCss` file, by its path (compiled by the site's `sass`).
    pub compiled_css: BTreeMap<PathBuf, Vec<u8>>,
    /// The content plugins of a Docusaurus config with remark or rehype plugins of the
    /// site's own: their Markdown takes the MDX path.
    pub markdown_plugins: Vec<crate::docusaurus::MarkdownPlugins>,
}

/// The id of the docs instance `[docs]` (Docusaurus's default plugin id).
pub const DEFAULT_DOCS: &str = "default";

/// One docs instance as the load stage reads it: `[docs]` or an entry of
/// `[[docsInstances]]` ([`SiteConfig::docs_instances`]).
#[derive(Debug)]
pub struct DocsInstance<'a> {
    /// Its id (`default` for `[docs]`).
    pub id: &'a str,
    /// Its options.
    pub raw: &'a RawDocs,
    /// Its key path in the configuration (`docs`, `docsInstances[0]`), for errors.
    pub key: String,
    /// Its route prefix under the base URL (`/docs`, `/community`).
    pub base: String,
}

impl DocsInstance<'_> {
    /// Whether this is `[docs]`, whose files have Docusaurus's default names.
    pub fn is_default(&self) -> bool {
        self.id == DEFAULT_DOCS
    }

    /// A file or folder name of the instance's versions: `versions.json` of `[docs]`,
    /// `<id>_versions.json` of another (Docusaurus's names).
    pub fn file_name(&self, name: &str) -> String {
        if self.is_default() {
            name.to_string()
        } else {
            format!("{}_{name}", self.id)
        }
    }

    /// The folder of its translations in a locale's folder:
    /// `docusaurus-plugin-content-docs` or `docusaurus-plugin-content-docs-<id>`.
    pub fn translation_folder(&self) -> String {
        plugin_folder(self.id)
    }
}

/// The translation folder of the docs instance `id` (see [`DocsInstance::translation_folder`]).
pub fn plugin_folder(id: &str) -> String {
    if id == DEFAULT_DOCS {
        crate::i18n::DOCS_PLUGIN.to_string()
    } else {
        format!("{}-{id}", crate::i18n::DOCS_PLUGIN)
    }
}

/// The raw configuration of a site and where it came from.
struct Source {
    file: PathBuf,
    raw: RawConfig,
    /// The TOML text, to find the line of a key in errors found after parsing.
    toml: Option<String>,
    warnings: Vec<Diagnostic>,
    /// Problems found while reading a Docusaurus config (a content plugin instance docsite
    /// cannot build), reported with the content's.
    errors: Vec<Diagnostic>,
    markdown_plugins: Vec<crate::docusaurus::MarkdownPlugins>,
}

/// Removes the value at `path` (a key of an object or an item of a list) from `value`;
/// false when there is nothing there to remove (the root, or an unknown segment).
fn remove_at(value: &mut serde_json::Value, path: &serde_path_to_error::Path) -> bool {
    use serde_path_to_error::Segment;
    let segments: Vec<&Segment> = path.iter().collect();
    let Some((last, parents)) = segments.split_last() else { return false };
    let mut at = value;
    for segment in parents {
        let next = match segment {
            Segment::Map { key } => at.get_mut(key.as_str()),
            Segment::Seq { index } => at.get_mut(*index),
            _ => None,
        };
        match next {
            Some(v) => at = v,
            None => return false,
        }
    }
    match (last, at) {
        (Segment::Map { key }, serde_json::Value::Object(map)) => map.remove(key.as_str()).is_some(),
        (Segment::Seq { index }, serde_json::Value::Array(items)) if *index < items.len() => {
            items.remove(*index);
            true
        }
        _ => false,
    }
}

/// The JSON Schema of [`RawConfig`] as a value (draft 07, as the published schema), which a
/// Docusaurus config's keys are pruned against.
pub fn raw_schema() -> serde_json::Value {
    schemars::generate::SchemaSettings::draft07().into_generator().into_root_schema_for::<RawConfig>().to_value()
}

/// Reads `docsite.toml`, or else the site's Docusaurus config (evaluated by Node).
fn read_source(site_dir: &Path) -> Result<Source, Vec<Diagnostic>> {
    let file = site_dir.join(CONFIG_FILE);
    if !file.exists() {
        if let Some(dc) = crate::docusaurus::find(site_dir) {
            let evaluated = crate::docusaurus::evaluate(&dc).map_err(|d| vec![d])?;
            let mapped = crate::docusaurus::map(&dc, &evaluated.config, &raw_schema());
            let (mut config, mut errors) = (mapped.config, mapped.errors);
            // Every problem in one report: a value docsite cannot read is an error, left
            // out (its default applies), and the rest of the config and the content are
            // still read and checked.
            let raw: RawConfig = loop {
                let err = match serde_path_to_error::deserialize(&config) {
                    Ok(raw) => break raw,
                    Err(err) => err,
                };
                let path = err.path().to_string();
                let mut d = Diagnostic::error(&dc, format!("`{path}` (as docsite reads it): {}", err.inner()));
                let missing: Vec<&str> = evaluated.unresolved.iter().map(String::as_str).collect();
                d = if missing.is_empty() {
                    d.hint("see guide/docs/coming-from-docusaurus.md for the keys docsite reads")
                } else {
                    let install = match crate::site_code::missing_install(site_dir) {
                        Some((cmd, dir)) => format!("run `{cmd}` in {}", dir.display()),
                        None => "install them with the site's package manager".to_string(),
                    };
                    d.hint(format!("packages not installed ({install}): {}", missing.join(", ")))
                };
                errors.push(d);
                if errors.len() > 100 || !remove_at(&mut config, err.path()) {
                    return Err(errors);
                }
            };
            return Ok(Source { file: dc, raw, toml: None, warnings: mapped.warnings, errors, markdown_plugins: mapped.markdown_plugins });
        }
    }
    let text = std::fs::read_to_string(&file).map_err(|e| {
        vec![Diagnostic::error(&file, format!("cannot read the site configuration: {e}"))
            .hint(format!("create {CONFIG_FILE} in the site directory (see CONTRIBUTING.md), or point docsite at a Docusaurus site (docusaurus.config.js)"))]
    })?;
    let raw = parse(&file, &text).map_err(|d| vec![d])?;
    Ok(Source { file, raw, toml: Some(text), warnings: Vec::new(), errors: Vec::new(), markdown_plugins: Vec::new() })
}

/// Environment variable that turns `[gtag]` off (`off`, `0`, `false` or `no`): a preview
/// or mirror deployment of a site that configures analytics. `docsite dev` sets it for
/// itself, so local previews never send page views.
pub const ANALYTICS_ENV: &str = "DOCSITE_ANALYTICS";

fn analytics_off() -> bool {
    std::env::var(ANALYTICS_ENV).is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "off" | "0" | "false" | "no"))
}

impl SiteConfig {
    /// The origins content may show in an `<iframe>`: `security.frameSrc`, or any (`None`)
    /// for a site read from a Docusaurus config, which has no such list (its pages' CSP
    /// allows the origins the content embeds: `build::check`).
    pub fn frame_src(&self) -> Option<&[String]> {
        (!self.from_docusaurus).then_some(self.raw.security.frame_src.as_slice())
    }

    /// How much raw HTML the content may use: the allow-lists for a `docsite.toml` site,
    /// what Docusaurus renders (less what acts by itself) for a site read from its
    /// Docusaurus config.
    pub fn html_policy(&self) -> crate::markdown::html_policy::HtmlPolicy {
        if self.from_docusaurus { crate::markdown::html_policy::HtmlPolicy::Docusaurus } else { crate::markdown::html_policy::HtmlPolicy::Listed }
    }

    /// Reads and validates `<site_dir>/docsite.toml`.
    /// Without `docsite.toml`, the site's Docusaurus config is read instead
    /// ([`crate::docusaurus`]); the keys it ignores become [`SiteConfig::warnings`].
    pub fn load(site_dir: &Path) -> Result<SiteConfig, Vec<Diagnostic>> {
        Self::load_with(site_dir, None)
    }

    /// [`SiteConfig::load`], with `baseUrl` replaced by `base_url` when given (`docsite build
    /// --base-url`: a fork or a deploy preview published under another path).
    pub fn load_with(site_dir: &Path, base_url: Option<&str>) -> Result<SiteConfig, Vec<Diagnostic>> {
        let config = Self::read_with(site_dir, base_url)?;
        if config.errors.is_empty() {
            Ok(config)
        } else {
            Err(config.errors)
        }
    }

    /// [`SiteConfig::load_with`] for a run that reports every problem of the site at once:
    /// a value that is wrong but does not stop docsite from finding the content becomes an
    /// entry of [`SiteConfig::errors`] and is replaced by its default (or left out), so the
    /// content is still checked. Only a configuration that cannot be read, or one whose
    /// docs or sidebars path leaves the site folder, is an `Err` (every error found so far).
    pub fn read_with(site_dir: &Path, base_url: Option<&str>) -> Result<SiteConfig, Vec<Diagnostic>> {
        Self::read_locale(site_dir, base_url, None)
    }

    /// [`SiteConfig::read_with`] before the locale's translations are applied.
    fn read_untranslated(site_dir: &Path, base_url: Option<&str>) -> Result<SiteConfig, Vec<Diagnostic>> {
        let Source { file, mut raw, toml: text, mut warnings, errors: source_errors, markdown_plugins } = read_source(site_dir)?;
        let from_docusaurus = text.is_none();
        let text = text.unwrap_or_default();
        if analytics_off() {
            raw.gtag = None;
        }
        if let Some(base) = base_url {
            if !base.starts_with('/') || base.contains(['?', '#', '\\', '"', '<', '>', ' ']) || base.split('/').any(|s| s == "..") {
                return Err(vec![Diagnostic::error(&file, format!("--base-url must be a URL path starting with `/` (like `/FDC3/`), found {base:?}"))]);
            }
            raw.base_url = base.to_string();
        }
        let mut errors = source_errors;
        let key_error = |key: &str, msg: String| {
            let line = find_key_line(&text, key);
            let d = Diagnostic::error(&file, format!("`{key}`: {msg}"));
            match line {
                Some(l) => d.at(l, None),
                None => d,
            }
        };
        if !raw.base_url.starts_with('/') {
            errors.push(key_error("baseUrl", format!("must start with `/`, found {:?}", raw.base_url)));
            raw.base_url = default_base_url();
        }
        if let Some(why) = crate::route::problem(&raw.base_url) {
            errors.push(key_error("baseUrl", format!("{:?} {why}", raw.base_url)));
            raw.base_url = default_base_url();
        }
        if let Some(why) = crate::route::problem(&raw.docs.route_base_path) {
            errors.push(key_error("docs.routeBasePath", format!("{:?} {why}", raw.docs.route_base_path)));
            raw.docs.route_base_path = RawDocs::default().route_base_path;
        }
        if raw.docs.id.as_deref().is_some_and(|id| id != DEFAULT_DOCS) {
            errors.push(key_error("docs.id", format!("{:?}: `[docs]` is the instance `default`; give another id to an instance of `[[docsInstances]]`", raw.docs.id.as_deref().unwrap_or_default())));
            raw.docs.id = None;
        }
        // Each further docs instance needs an id of its own (it names its versions files and
        // its translation folder) and routes and folders as `[docs]` does; a wrong one is
        // left out, named, while the rest is still checked.
        let mut seen_ids = vec![DEFAULT_DOCS.to_string()];
        let instances = std::mem::take(&mut raw.docs_instances);
        for (i, mut inst) in instances.into_iter().enumerate() {
            let key = format!("docsInstances[{i}]");
            let id = inst.id.clone().unwrap_or_default();
            let problem = if id.is_empty() {
                Some("needs an `id` (the plugin's `id`), e.g. `id = \"community\"`".to_string())
            } else if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                Some(format!("`id` {id:?} must be letters, digits, `-` and `_` (it names `{id}_versions.json` and a translation folder)"))
            } else if seen_ids.contains(&id) {
                Some(format!("`id` {id:?} is used by another docs instance"))
            } else if let Some(why) = crate::route::problem(&inst.route_base_path) {
                Some(format!("`routeBasePath` {:?} {why}", inst.route_base_path))
            } else {
                [("path", inst.path.as_str()), ("sidebarPath", inst.sidebar_path.as_str())].into_iter().filter(|(k, rel)| !(*k == "sidebarPath" && rel.is_empty())).find_map(|(k, rel)| config_path(site_dir, rel).err().map(|msg| format!("`{k}`: {msg}")))
            };
            match problem {
                Some(msg) => errors.push(key_error(&key, format!("{msg}; the instance's pages are left out"))),
                None => {
                    seen_ids.push(id);
                    inst.route_base_path = inst.route_base_path.trim_start_matches("./").to_string();
                    raw.docs_instances.push(inst);
                }
            }
        }
        if !(raw.url.starts_with("http://") || raw.url.starts_with("https://")) {
            // Docusaurus takes any string and writes it before every page's path (canonical
            // links, sitemap); `https:/host` reads as `https://host` in a browser.
            let lenient = ["http:", "https:"].iter().any(|p| raw.url.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p)));
            if from_docusaurus && lenient {
                warnings.push(key_error("url", format!("{:?} is not an absolute URL (`https://host`); pages use it as written, as Docusaurus does", raw.url)).with_severity(crate::diagnostics::Severity::Warning));
            } else {
                errors.push(key_error("url", format!("must be an absolute http(s) URL, found {:?}", raw.url)));
            }
        }
        // A language tag (BCP 47: letters, digits, hyphens); it becomes the `lang` of every page.
        let lang = &raw.locale.html_lang;
        if lang.is_empty() || !lang.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            errors.push(key_error("locale.htmlLang", format!("must be a language tag such as \"en\" or \"en-GB\", found {lang:?}")));
            raw.locale.html_lang = RawLocale::default().html_lang;
        }
        let (min, max) = (raw.table_of_contents.min_heading_level, raw.table_of_contents.max_heading_level);
        if !(2..=6).contains(&min) || !(2..=6).contains(&max) || min > max {
            errors.push(key_error(
                "tableOfContents",
                format!("heading levels must satisfy 2 <= minHeadingLevel <= maxHeadingLevel <= 6, found {min}..{max}"),
            ));
            raw.table_of_contents = RawToc::default();
        }
        for (i, path) in raw.deploy.cors.iter().enumerate() {
            if path.starts_with('/') || path.contains(['*', '?', '#', '\n', ' ']) || path.split('/').any(|s| s == "..") {
                errors.push(key_error("cors", format!("deploy.cors[{i}] must be a path under baseUrl without a leading `/` (like `schemas/`), found {path:?}")));
            }
        }
        for (i, rule) in raw.deploy.headers.iter().enumerate() {
            if !rule.path.starts_with('/') || rule.path.contains(char::is_whitespace) || rule.path[..rule.path.len().saturating_sub(1)].contains('*') {
                errors.push(key_error("headers", format!("deploy.headers[{i}].path must start with `/` and may only end with `*`, found {:?}", rule.path)));
            }
            for (name, value) in &rule.values {
                let token = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b));
                if !token || value.contains(['\n', '\r']) || value.trim().is_empty() {
                    errors.push(key_error("headers", format!("deploy.headers[{i}].values: {name:?} must be a header name with a one-line value, found {value:?}")));
                }
            }
        }
        if raw.static_directories != default_static_dirs() {
            errors.push(key_error("staticDirectories", format!("only [\"static\"] is supported, found {:?}", raw.static_directories)));
            raw.static_directories = default_static_dirs();
        }
        for (i, dir) in raw.static_directories.iter().enumerate() {
            if let Err(msg) = inside_site(site_dir, dir) {
                errors.push(key_error(&format!("staticDirectories[{i}]"), msg));
            }
        }
        for (i, r) in raw.redirects.iter().enumerate() {
            if !r.from.starts_with('/') || crate::route::problem(&r.from).is_some() {
                errors.push(key_error(&format!("redirects[{i}]"), format!("`from` must be a route starting with `/`, found {:?}", r.from)));
            }
            // The target goes into a Location header, a meta refresh and a script: a route
            // of the site or an http(s) URL, nothing that could run or leave unnoticed.
            let to = r.to.as_str();
            let on_site = to.starts_with('/') && !to.starts_with("//");
            let web = to.starts_with("https://") || to.starts_with("http://");
            if !(on_site || web) || to.contains(['\\', '"', '<', '>', '\'']) || to.chars().any(|c| c.is_control() || c.is_whitespace()) {
                errors.push(key_error(&format!("redirects[{i}]"), format!("`to` must be a route starting with `/` or an http(s) URL, found {to:?}")));
            }
        }
        // A frame origin goes into the CSP header: exactly `scheme://host[:port]`.
        let mut frames = Vec::new();
        for (i, origin) in raw.security.frame_src.iter().enumerate() {
            match crate::headers::origin_of(origin) {
                Some(o) if o == *origin && !origin.starts_with("//") => frames.push(o),
                _ => errors.push(key_error(
                    "frameSrc",
                    format!("`security.frameSrc[{i}]` must be an origin such as \"https://www.youtube-nocookie.com\" (http(s), host, optional port, no path), found {origin:?}"),
                )),
            }
        }
        raw.security.frame_src = frames;
        // The blog folder too; its route is checked like the docs' one.
        if let Some(blog) = &mut raw.blog {
            if let Err(msg) = config_path(site_dir, &blog.path) {
                errors.push(key_error("blog.path", msg));
                raw.blog = None;
            } else if let Some(why) = crate::route::problem(&blog.route_base_path) {
                errors.push(key_error("blog.routeBasePath", format!("{:?} {why}", blog.route_base_path)));
                blog.route_base_path = default_blog_path();
            }
        }
        // The pages folder is read like the docs, wherever it is (`config_path`); an empty
        // value turns pages off.
        if !raw.pages_path.trim().is_empty() {
            if let Err(msg) = config_path(site_dir, &raw.pages_path) {
                errors.push(key_error("pagesPath", msg));
                raw.pages_path.clear();
            }
        }
        // The folders and files the configuration names for reading are read wherever they
        // are, as Docusaurus reads them (`paths::config_path`: `'../docs'` in a monorepo);
        // what the engine installs into (`schemas[i].npmDir`) stays inside the site. The docs
        // and sidebars paths are where the content is: without them there is nothing to check.
        let mut fatal = false;
        for (key, rel) in [("docs.path", raw.docs.path.as_str()), ("docs.sidebarPath", raw.docs.sidebar_path.as_str())] {
            if let Err(msg) = config_path(site_dir, rel) {
                errors.push(key_error(key, msg));
                fatal = true;
            }
        }
        let mut schemas_ok = true;
        for (i, set) in raw.schemas.iter().enumerate() {
            if let Err(msg) = inside_site(site_dir, &set.npm_dir) {
                errors.push(key_error(&format!("schemas[{i}].npmDir"), msg));
                schemas_ok = false;
            }
            let from = Path::new(&set.from);
            if from.is_absolute() || from.components().any(|c| matches!(c, std::path::Component::ParentDir)) {
                errors.push(key_error(&format!("schemas[{i}].from"), format!("must be a folder inside `npmDir` (no `..`, not absolute), found {:?}", set.from)));
                schemas_ok = false;
            }
        }
        if !schemas_ok {
            // Nothing is installed or read from a set that could lead outside the site.
            raw.schemas.clear();
        }
        let mut css_ok = Vec::new();
        let mut compiled_css = BTreeMap::new();
        for (i, css) in raw.custom_css.iter().enumerate() {
            let key = format!("customCss[{i}]");
            match config_path(site_dir, css) {
                Err(msg) => errors.push(key_error(&key, msg)),
                Ok(file) if !file.is_file() => errors.push(key_error(&key, format!("no stylesheet at {css:?} (from the site folder: {})", file.display()))),
                // A Sass file is compiled to CSS by the site's `sass`, as docusaurus-plugin-sass does.
                Ok(file) if file.extension().is_some_and(|e| e == "scss" || e == "sass") => match crate::sass::compile(site_dir, &file) {
                    Ok(css_bytes) => {
                        compiled_css.insert(file, css_bytes);
                        css_ok.push(css.clone());
                    }
                    Err(why) => errors.push(key_error(&key, format!("{css:?} is Sass: {why}"))),
                },
                Ok(_) => css_ok.push(css.clone()),
            }
        }
        raw.custom_css = css_ok;
        let unsafe_css = raw.prism.unsafe_values();
        for (key, value) in &unsafe_css {
            errors.push(key_error(key, format!("{value:?} is not a CSS value docsite writes into the stylesheet (letters, digits, spaces and `#%(),./-` only)")));
        }
        if !unsafe_css.is_empty() {
            raw.prism = RawPrism::default();
        }
        if fatal {
            return Err(errors);
        }
        let mut base_url = raw.base_url.clone();
        if !base_url.ends_with('/') {
            base_url.push('/');
        }
        let docs_base = docs_base(&base_url, &raw.docs.route_base_path);
        let i18n = match crate::i18n::localization(&file, site_dir, (&locale_input(&raw.locale), &raw.locales.iter().map(locale_input).collect::<Vec<_>>(), &raw.i18n_path), &base_url, None) {
            Ok(l) => l,
            Err(e) => {
                errors.extend(e);
                raw.locales.clear();
                crate::i18n::localization(&file, site_dir, (&locale_input(&raw.locale), &raw.locales.iter().map(locale_input).collect::<Vec<_>>(), &raw.i18n_path), &base_url, None).map_err(|e| errors.iter().cloned().chain(e).collect::<Vec<_>>())?
            }
        };
        Ok(SiteConfig {
            i18n,
            compiled_css,
            markdown_plugins,
            site_dir: site_dir.to_path_buf(),
            file,
            default_mode: match raw.color_mode.default_mode {
                RawColorModeName::Light => ColorMode::Light,
                RawColorModeName::Dark => ColorMode::Dark,
            },
            toc_levels: (raw.table_of_contents.min_heading_level, raw.table_of_contents.max_heading_level),
            base_url,
            docs_base,
            raw,
            warnings,
            errors,
            from_docusaurus,
        })
    }

    /// [`SiteConfig::read_with`] for the build of the locale `code` (`None`: the default
    /// one): served under the locale's base URL, its navbar and footer translated.
    pub fn read_locale(site_dir: &Path, base_url: Option<&str>, code: Option<&str>) -> Result<SiteConfig, Vec<Diagnostic>> {
        let mut config = Self::read_untranslated(site_dir, base_url)?;
        if let Some(code) = code {
            let site_base = config.base_url.clone();
            let i18n = crate::i18n::localization(&config.file, site_dir, (&locale_input(&config.raw.locale), &config.raw.locales.iter().map(locale_input).collect::<Vec<_>>(), &config.raw.i18n_path), &site_base, Some(code))?;
            let link = i18n.links.iter().find(|l| l.code == code).expect("the locale has a link");
            config.base_url = link.base_url.clone();
            config.raw.base_url = link.base_url.clone();
            config.docs_base = docs_base(&config.base_url, &config.raw.docs.route_base_path);
            if let Some(l) = config.raw.locales.iter().find(|l| l.code == code) {
                config.raw.locale = l.clone();
            }
            config.i18n = i18n;
        }
        let mut errors = Vec::new();
        translate_theme(&config.i18n, &mut config.raw, &mut errors);
        config.errors.extend(errors);
        Ok(config)
    }

    /// The codes of the site's locales other than the default one, each built beside it.
    pub fn other_locales(&self) -> Vec<String> {
        self.raw.locales.iter().map(|l| l.code.clone()).collect()
    }

    /// Where a path the configuration names for reading (`docs.path`, `docs.sidebarPath`,
    /// `blog.path`, `pagesPath`, a `customCss` file) is read from: relative to the site
    /// folder or absolute, wherever it leads ([`crate::paths::config_path`]; the value was
    /// checked when the configuration was read).
    pub fn read_path(&self, value: &str) -> PathBuf {
        config_path(&self.site_dir, value).unwrap_or_else(|_| self.site_dir.join(value))
    }

    /// The content folders the configuration names (the current docs, the blog, the pages),
    /// each as [`SiteConfig::read_path`] gives it. A symlink inside one may lead anywhere in
    /// it or in the site folder (`load::walk_content`); `docsite dev` watches those outside
    /// the site folder too, and no output folder may be, hold or lie in one (`output.rs`).
    pub fn content_dirs(&self) -> Vec<PathBuf> {
        let mut dirs = vec![self.read_path(&self.raw.docs.path)];
        dirs.extend(self.raw.docs_instances.iter().map(|d| self.read_path(&d.path)));
        dirs.extend(self.raw.blog.as_ref().map(|b| self.read_path(&b.path)));
        let pages = self.raw.pages_path.trim();
        dirs.extend((!pages.is_empty()).then(|| self.read_path(pages)));
        dirs
    }

    /// What the configuration has the engine read outside the site folder: the content
    /// folders ([`SiteConfig::content_dirs`]), the sidebars file and the `customCss` files
    /// that lie beside it (`'../docs'`), none inside another. `docsite dev` watches them, and
    /// its error page shows code frames from them.
    pub fn read_outside(&self) -> Vec<PathBuf> {
        let site = crate::paths::normalize_path(&self.site_dir);
        let mut paths = self.content_dirs();
        paths.push(self.read_path(&self.raw.docs.sidebar_path));
        paths.extend(self.raw.docs_instances.iter().filter(|d| !d.sidebar_path.is_empty()).map(|d| self.read_path(&d.sidebar_path)));
        paths.extend(self.raw.custom_css.iter().map(|css| self.read_path(css)));
        paths.retain(|p| !p.starts_with(&site) && p.exists());
        paths.sort();
        paths.dedup();
        let all = paths.clone();
        paths.retain(|p| !all.iter().any(|q| q != p && p.starts_with(q)));
        paths
    }

    /// Every docs instance of the site: `[docs]` (id `default`) first, then
    /// `[[docsInstances]]` in their order.
    pub fn docs_instances(&self) -> Vec<DocsInstance<'_>> {
        let first = DocsInstance { id: DEFAULT_DOCS, raw: &self.raw.docs, key: "docs".into(), base: self.docs_base.clone() };
        let rest = self.raw.docs_instances.iter().enumerate().map(|(i, raw)| DocsInstance {
            id: raw.id.as_deref().unwrap_or_default(),
            raw,
            key: format!("docsInstances[{i}]"),
            base: docs_base(&self.base_url, &raw.route_base_path),
        });
        std::iter::once(first).chain(rest).collect()
    }

    /// The content plugins whose Markdown goes through the site's own remark and rehype
    /// plugins ([`SiteConfig::markdown_plugins`]), each with its folders: a docs instance's
    /// current docs, its versions' folder (`versioned_docs`, `<id>_versioned_docs`) and its
    /// translations in this locale; the blog's or the pages' folder and translations.
    pub fn markdown_plugin_sets(&self) -> Vec<crate::site_code::PluginSet> {
        use crate::docusaurus::PluginContent;
        let translated = |plugin: &str| self.i18n.dir.as_ref().map(|dir| dir.join(plugin));
        self.markdown_plugins
            .iter()
            .map(|m| {
                let dirs: Vec<PathBuf> = match &m.content {
                    PluginContent::Docs(id) => match self.docs_instances().into_iter().find(|d| d.id == id) {
                        Some(inst) => [Some(self.read_path(&inst.raw.path)), Some(self.site_dir.join(inst.file_name("versioned_docs"))), translated(&inst.translation_folder())].into_iter().flatten().collect(),
                        None => Vec::new(),
                    },
                    PluginContent::Blog => [self.raw.blog.as_ref().map(|b| self.read_path(&b.path)), translated(crate::i18n::BLOG_PLUGIN)].into_iter().flatten().collect(),
                    PluginContent::Pages => [Some(self.read_path(&self.raw.pages_path)).filter(|_| !self.raw.pages_path.trim().is_empty()), translated(crate::i18n::PAGES_PLUGIN)].into_iter().flatten().collect(),
                };
                crate::site_code::PluginSet { at: m.at.clone(), key: m.key.clone(), dirs: dirs.iter().map(|d| crate::paths::normalize_path(&crate::paths::absolute(d))).collect() }
            })
            .filter(|set| !set.dirs.is_empty())
            .collect()
    }

    /// The options of the docs instance `id` (`default`: `[docs]`).
    pub fn docs_of(&self, id: &str) -> &RawDocs {
        self.raw.docs_instances.iter().find(|d| d.id.as_deref() == Some(id)).unwrap_or(&self.raw.docs)
    }

    /// Line of a key path in the configuration text, for errors found after parsing.
    pub fn line_of(&self, key: &str) -> Option<usize> {
        std::fs::read_to_string(&self.file).ok().and_then(|t| find_key_line(&t, key))
    }
}

impl From<RawPosition> for Position {
    fn from(p: RawPosition) -> Self {
        match p {
            RawPosition::Left => Position::Left,
            RawPosition::Right => Position::Right,
        }
    }
}

/// Parses the TOML text, turning serde errors into a diagnostic with the key path.
fn parse(file: &Path, text: &str) -> Result<RawConfig, Diagnostic> {
    let de = toml::Deserializer::new(text);
    serde_path_to_error::deserialize(de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.inner();
        let mut d = Diagnostic::error(
            file,
            if path == "." || path.is_empty() {
                inner.message().to_string()
            } else {
                format!("`{path}`: {}", inner.message())
            },
        );
        if let Some(span) = inner.span() {
            let (line, col) = line_col(text, span.start);
            d = d.at(line, Some(col));
        }
        d.hint("see the configuration reference (guide/docs/configuration.md) for the accepted keys")
    })
}


/// Best-effort line of a dotted key path such as `navbar.items[3]` in a TOML text: finds the
/// table header, then the n-th array-of-tables entry. Good enough to point a person at the
/// right place; the key path itself is always in the message.
pub fn find_key_line(text: &str, key: &str) -> Option<usize> {
    let mut table = String::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let wanted = key;
    // `navbar.items[3].label` -> look for the 4th `[[navbar.items]]`.
    let idx = wanted.find('[').map(|i| {
        let end = wanted[i..].find(']').map(|e| i + e).unwrap_or(wanted.len());
        let n: usize = wanted[i + 1..end].parse().unwrap_or(0);
        let prefix = wanted[..i].to_string();
        (prefix, n)
    });
    for (no, line) in text.lines().enumerate() {
        let t = line.trim();
        if let Some(name) = t.strip_prefix("[[").and_then(|s| s.strip_suffix("]]")) {
            let c = counts.entry(name.trim().to_string()).or_insert(0);
            if let Some((prefix, n)) = &idx {
                if name.trim() == prefix && *c == *n {
                    return Some(no + 1);
                }
            }
            *c += 1;
            table = name.trim().to_string();
        } else if let Some(name) = t.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            table = name.trim().to_string();
            if table == wanted {
                return Some(no + 1);
            }
        } else if let Some((k, _)) = t.split_once('=') {
            let full = if table.is_empty() { k.trim().to_string() } else { format!("{table}.{}", k.trim()) };
            if full == wanted || k.trim() == wanted {
                return Some(no + 1);
            }
        }
    }
    None
}
