//! `docsite.toml` as written: [`RawConfig`], the keys at the top of the file, and the small
//! site-wide tables that need no module of their own (`[security]`, `[[redirects]]`,
//! `[blog]`, `[deploy]`, `[[schemas]]`, `[gtag]`, `scripts`).
//!
//! The bigger tables have their own files beside this one (`docs.rs`, `theme.rs`,
//! `search.rs`, `locale.rs`); `read.rs` parses the file into these types, `validate.rs`
//! checks their values. [`raw_schema`] is the JSON Schema of the whole file, which the
//! Docusaurus mapping (`crate::docusaurus::map`, `docsite migrate`) prunes a Docusaurus
//! config's keys against; `config_reference` writes the guide's reference from the same
//! schema, so the `///` comments here are user-facing (see `config/mod.rs`).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;

use super::{MarkdownFormat, RawAnnouncementBar, RawColorMode, RawDocs, RawFooter, RawLocale, RawNavbar, RawPrism, RawSearch, RawToc};

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

pub(super) fn default_base_url() -> String {
    "/".into()
}

fn default_i18n_path() -> String {
    "i18n".into()
}

fn default_pages_path() -> String {
    "pages".into()
}

pub(super) fn default_static_dirs() -> Vec<String> {
    vec!["static".into()]
}

/// The JSON Schema of [`RawConfig`] as a value (draft 07, as the published schema), which a
/// Docusaurus config's keys are pruned against.
pub fn raw_schema() -> serde_json::Value {
    schemars::generate::SchemaSettings::draft07().into_generator().into_root_schema_for::<RawConfig>().to_value()
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

pub(super) fn default_blog_path() -> String {
    "blog".into()
}

fn default_posts_per_page() -> usize {
    10
}

fn default_blog_title() -> String {
    "Blog".into()
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

pub(super) fn yes() -> bool {
    true
}
