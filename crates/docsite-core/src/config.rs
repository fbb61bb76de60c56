//! Site configuration: `docsite.toml` exactly as written ([`RawConfig`]) and the settings
//! the build uses ([`SiteConfig`]).
//!
//! Every table rejects unknown keys, and every error names the key path
//! (`navbar.items[3].type`) with the line and column in the file. Key names follow
//! Docusaurus's `docusaurus.config.js` (camelCase) so a Docusaurus maintainer finds them
//! where they expect.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::contract::{ColorMode, Position};
use crate::diagnostics::{Diagnostic, Severity};

/// The configuration file name inside a site directory.
pub const CONFIG_FILE: &str = "docsite.toml";

/// `docsite.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawConfig {
    /// Site title.
    pub title: String,
    /// Tagline.
    #[serde(default)]
    pub tagline: String,
    /// Canonical origin, e.g. `https://fdc3.finos.org`.
    pub url: String,
    /// Path the site is served under (default `/`).
    #[serde(default = "default_base_url")]
    pub base_url: String,
    /// Favicon path under `static/`.
    pub favicon: Option<String>,
    /// Locale.
    #[serde(default)]
    pub locale: RawLocale,
    /// Docs plugin settings.
    #[serde(default)]
    pub docs: RawDocs,
    /// Navigation bar.
    #[serde(default)]
    pub navbar: RawNavbar,
    /// Footer.
    pub footer: Option<RawFooter>,
    /// Announcement bar.
    pub announcement_bar: Option<RawAnnouncementBar>,
    /// Colour mode.
    #[serde(default)]
    pub color_mode: RawColorMode,
    /// Table of contents.
    #[serde(default)]
    pub table_of_contents: RawToc,
    /// Google Analytics (gtag.js, Docusaurus's `gtag` preset option); nothing is loaded
    /// when absent.
    pub gtag: Option<RawGtag>,
    /// Third-party scripts every page loads (`scripts = ["https://…"]` or `[[scripts]]`
    /// tables); always `async`, so a slow or failing script never blocks a page.
    #[serde(default)]
    pub scripts: Vec<RawScript>,
    /// JSON schemas published from installed npm packages (`[[schemas]]`).
    #[serde(default)]
    pub schemas: Vec<RawSchemaSet>,
    /// Search (`[search]`): built-in offline index by default, hosted DocSearch when configured.
    #[serde(default)]
    pub search: RawSearch,
}

/// `[search]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawSearch {
    /// Where "Let us know." points when a query finds nothing (e.g. the repository's issues);
    /// `{query}` is replaced by the query.
    pub report_url: Option<String>,
    /// Queries offered under "Try searching for" when a query finds nothing.
    #[serde(default)]
    pub suggestions: Vec<String>,
    /// Hosted search (Algolia DocSearch, Docusaurus's `themeConfig.algolia` keys). When set
    /// (or when the `DOCSITE_ALGOLIA_APP_ID`, `_API_KEY` and `_INDEX_NAME` environment
    /// variables are), the search UI queries it and no local index is built.
    pub algolia: Option<RawAlgolia>,
}

/// `[search.algolia]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawAlgolia {
    /// Application id.
    pub app_id: String,
    /// Search-only API key (public).
    pub api_key: String,
    /// Index name.
    pub index_name: String,
    /// Filter results by the reader's language and docs version (default true).
    #[serde(default = "yes")]
    pub contextual_search: bool,
    /// Route of the search page, relative to `baseUrl` (default `search`).
    #[serde(default = "default_search_page")]
    pub search_page_path: String,
    /// Results whose URL matches this regex open as external links.
    pub external_url_regex: Option<String>,
    /// Rewrites result paths: the regex `from` is replaced by `to`.
    pub replace_search_result_pathname: Option<RawReplace>,
}

/// `{ from, to }` of `replaceSearchResultPathname`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawReplace {
    /// Regex.
    pub from: String,
    /// Replacement.
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

/// `[[schemas]]`: a folder of JSON schemas copied from an npm package into the site at build
/// time, each schema's `$id` rewritten to the URL the site serves it at.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawSchemaSet {
    /// Folder, relative to the site, whose `package.json` and `package-lock.json` install the
    /// packages; `npm ci` runs there when `node_modules` is missing or older than the lockfile.
    pub npm_dir: String,
    /// Folder of `*.json` files, relative to `npmDir` (e.g. `node_modules/pkg/dist/schemas`).
    pub from: String,
    /// URL path under `baseUrl` the files are served at (e.g. `schemas/2.2/context`).
    pub to: String,
}

fn default_base_url() -> String {
    "/".into()
}

/// `[locale]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawLocale {
    /// Locale code.
    pub code: String,
    /// Label.
    pub label: String,
    /// `ltr` or `rtl`.
    pub direction: Direction,
    /// `<html lang>`.
    pub html_lang: String,
}

impl Default for RawLocale {
    fn default() -> Self {
        Self { code: "en".into(), label: "English".into(), direction: Direction::Ltr, html_lang: "en".into() }
    }
}

/// Text direction.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Left to right.
    Ltr,
    /// Right to left.
    Rtl,
}

/// What to do when a check fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnProblem {
    /// Fail the build (Docusaurus's `throw`).
    #[serde(alias = "error")]
    Throw,
    /// Print a warning.
    Warn,
    /// Say nothing.
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

/// `[docs]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawDocs {
    /// Folder of the current (next) docs, relative to the site.
    #[serde(default = "default_docs_path")]
    pub path: String,
    /// URL prefix of the docs.
    #[serde(default = "default_docs_path")]
    pub route_base_path: String,
    /// Sidebars of the current docs.
    #[serde(default = "default_sidebar_path")]
    pub sidebar_path: String,
    /// The version served at the route base path (default: first of versions.json).
    pub last_version: Option<String>,
    /// Show the last-update author from git.
    #[serde(default = "yes")]
    pub show_last_update_author: bool,
    /// Show the last-update time from git.
    #[serde(default = "yes")]
    pub show_last_update_time: bool,
    /// Broken internal links.
    #[serde(default = "throw")]
    pub on_broken_links: OnProblem,
    /// Broken `#anchors`.
    #[serde(default = "throw")]
    pub on_broken_anchors: OnProblem,
    /// Two pages on the same route.
    #[serde(default = "warn")]
    pub on_duplicate_routes: OnProblem,
    /// Per-version overrides, keyed by version name (`current` = next).
    #[serde(default)]
    pub versions: BTreeMap<String, RawVersionOptions>,
}

fn default_docs_path() -> String {
    "docs".into()
}
fn default_sidebar_path() -> String {
    "sidebars.json".into()
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

/// `[docs.versions.<name>]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawVersionOptions {
    /// Label shown to readers.
    pub label: Option<String>,
    /// URL segment after the route base path.
    pub path: Option<String>,
    /// Banner.
    pub banner: Option<RawBanner>,
}

/// Banner setting of a version.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RawBanner {
    /// No banner.
    None,
    /// Unreleased.
    Unreleased,
    /// Unmaintained.
    Unmaintained,
}

/// `[navbar]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawNavbar {
    /// Title.
    pub title: Option<String>,
    /// Logo.
    pub logo: Option<RawLogo>,
    /// Hide on scroll down.
    #[serde(default)]
    pub hide_on_scroll: bool,
    /// Items.
    #[serde(default)]
    pub items: Vec<RawNavbarItem>,
}

/// A logo.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawLogo {
    /// Alt text.
    #[serde(default)]
    pub alt: String,
    /// Image.
    pub src: String,
    /// Dark-mode image.
    pub src_dark: Option<String>,
    /// Link target.
    pub href: Option<String>,
    /// Width.
    pub width: Option<u32>,
    /// Height.
    pub height: Option<u32>,
}

/// A navbar item as written. Which keys are allowed depends on `type`; the resolver checks.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawNavbarItem {
    /// Item type (default `default`).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Label.
    pub label: Option<String>,
    /// Internal route.
    pub to: Option<String>,
    /// External URL.
    pub href: Option<String>,
    /// `left` or `right`.
    pub position: Option<RawPosition>,
    /// Dropdown items.
    pub items: Option<Vec<RawNavbarItem>>,
    /// Active when the path starts with this.
    pub active_base_path: Option<String>,
    /// Active when the path matches this regex.
    pub active_base_regex: Option<String>,
    /// Target doc of a `doc` item.
    pub doc_id: Option<String>,
    /// Target sidebar of a `docSidebar` item.
    pub sidebar_id: Option<String>,
    /// HTML of an `html` item.
    pub value: Option<String>,
    /// Extra links before the versions of a `docsVersionDropdown`.
    pub dropdown_items_before: Option<Vec<RawNavbarItem>>,
    /// Extra links after the versions (or locales).
    pub dropdown_items_after: Option<Vec<RawNavbarItem>>,
}

/// Position as written.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RawPosition {
    /// Left.
    Left,
    /// Right.
    Right,
}

/// `[footer]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawFooter {
    /// `dark` or `light`.
    #[serde(default = "default_footer_style")]
    pub style: FooterStyle,
    /// Columns (each with `title` and `items`) or a flat list of links.
    #[serde(default)]
    pub links: Vec<RawFooterEntry>,
    /// Logo.
    pub logo: Option<RawLogo>,
    /// Copyright line.
    pub copyright: Option<String>,
}

fn default_footer_style() -> FooterStyle {
    FooterStyle::Dark
}

/// Footer style.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FooterStyle {
    /// Dark.
    Dark,
    /// Light.
    Light,
}

/// A footer column (`title` + `items`) or a single link (`label` + `to`/`href`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawFooterEntry {
    /// Column title.
    pub title: Option<String>,
    /// Column links.
    pub items: Option<Vec<RawFooterLink>>,
    /// Link label.
    pub label: Option<String>,
    /// Internal route.
    pub to: Option<String>,
    /// External URL.
    pub href: Option<String>,
}

/// A footer link.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawFooterLink {
    /// Label.
    pub label: String,
    /// Internal route.
    pub to: Option<String>,
    /// External URL.
    pub href: Option<String>,
}

/// `[announcementBar]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawAnnouncementBar {
    /// Identifier.
    pub id: String,
    /// HTML content.
    pub content: String,
    /// Background colour.
    #[serde(default = "white")]
    pub background_color: String,
    /// Text colour.
    #[serde(default = "black")]
    pub text_color: String,
    /// Closeable.
    #[serde(default = "yes")]
    pub is_closeable: bool,
}

fn white() -> String {
    "#fff".into()
}
fn black() -> String {
    "#000".into()
}

/// `[colorMode]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawColorMode {
    /// Default mode.
    #[serde(default = "light")]
    pub default_mode: RawColorModeName,
    /// Hide the switch.
    #[serde(default)]
    pub disable_switch: bool,
    /// Follow the system preference.
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
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RawColorModeName {
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// `[gtag]`: page views sent to Google Analytics.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawGtag {
    /// Measurement id (`G-…`) or legacy property id (`UA-…`).
    #[serde(rename = "trackingID")]
    pub tracking_id: String,
    /// Ask the service to anonymise the reader's IP address (default true).
    #[serde(rename = "anonymizeIP", default = "yes")]
    pub anonymize_ip: bool,
}

/// An entry of `scripts`: a URL, or a table with `src` (and optionally `defer`).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RawScript {
    /// `"https://…"`.
    Url(String),
    /// `{ src = "https://…", defer = true }`.
    Table(RawScriptTable),
}

/// `[[scripts]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawScriptTable {
    /// Script URL (absolute, or a path under `baseUrl`).
    pub src: String,
    /// Load with `defer` instead of `async` (runs after the document is parsed, in order).
    #[serde(default)]
    pub defer: bool,
}

/// `[tableOfContents]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawToc {
    /// Smallest heading level listed.
    #[serde(default = "two")]
    pub min_heading_level: u8,
    /// Largest heading level listed.
    #[serde(default = "three")]
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
}

impl SiteConfig {
    /// Reads and validates `<site_dir>/docsite.toml`.
    pub fn load(site_dir: &Path) -> Result<SiteConfig, Vec<Diagnostic>> {
        let file = site_dir.join(CONFIG_FILE);
        let text = std::fs::read_to_string(&file).map_err(|e| {
            vec![Diagnostic::error(&file, format!("cannot read the site configuration: {e}"))
                .hint(format!("create {CONFIG_FILE} in the site directory (see CONTRIBUTING.md)"))]
        })?;
        let raw = parse(&file, &text).map_err(|d| vec![d])?;
        let mut errors = Vec::new();
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
        }
        if !(raw.url.starts_with("http://") || raw.url.starts_with("https://")) {
            errors.push(key_error("url", format!("must be an absolute http(s) URL, found {:?}", raw.url)));
        }
        let (min, max) = (raw.table_of_contents.min_heading_level, raw.table_of_contents.max_heading_level);
        if !(2..=6).contains(&min) || !(2..=6).contains(&max) || min > max {
            errors.push(key_error(
                "tableOfContents",
                format!("heading levels must satisfy 2 <= minHeadingLevel <= maxHeadingLevel <= 6, found {min}..{max}"),
            ));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut base_url = raw.base_url.clone();
        if !base_url.ends_with('/') {
            base_url.push('/');
        }
        let docs_base = format!("{}{}", base_url, raw.docs.route_base_path.trim_matches('/'))
            .trim_end_matches('/')
            .to_string();
        Ok(SiteConfig {
            site_dir: site_dir.to_path_buf(),
            file,
            default_mode: match raw.color_mode.default_mode {
                RawColorModeName::Light => ColorMode::Light,
                RawColorModeName::Dark => ColorMode::Dark,
            },
            toc_levels: (min, max),
            base_url,
            docs_base,
            raw,
        })
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
        d.hint("see the configuration reference in CONTRIBUTING.md for the accepted keys")
    })
}

/// 1-based line and column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, col)
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
