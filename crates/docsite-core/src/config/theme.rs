//! The parts of every page that the theme draws from the configuration (Docusaurus's
//! `themeConfig`): `[navbar]` with its items and logo, `[footer]`, `[announcementBar]`,
//! `[colorMode]`, `[tableOfContents]` and the code colours of `[prism]`, as written.
//!
//! `build/model.rs` and `site_data.rs` resolve the navbar and footer against the docs into
//! the page-data contract; `crate::prism` writes the Prism themes as a stylesheet;
//! `locale.rs` translates navbar and footer labels; `validate.rs` checks the Prism values.

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

use super::raw::yes;
use crate::contract::Position;

/// The navbar item types, as `type` values in the configuration.
pub const NAVBAR_TYPES: &[&str] = &["default", "localeDropdown", "search", "dropdown", "html", "doc", "docSidebar", "docsVersion", "docsVersionDropdown"];

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

impl From<RawPosition> for Position {
    fn from(p: RawPosition) -> Self {
        match p {
            RawPosition::Left => Position::Left,
            RawPosition::Right => Position::Right,
        }
    }
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
