//! The data files exactly as written: one raw type per `kind` (`cards`, `users`,
//! `releases`, `diagram-sizes`) and the tables inside them, every one
//! `deny_unknown_fields`, so a misspelt field is an error at its line.
//!
//! `read.rs` deserialises a file into the raw type its `kind` names; `kinds.rs` validates
//! it into the sets of `sets.rs`. Some raw parts (the "add your details" link, categories,
//! badges, users, the unreleased version's links) are used by the render stage as they
//! are. [`diagram_key`] is also how `markdown` finds a diagram's measured size.

use std::collections::BTreeMap;

use serde::Deserialize;

/// "Add your details": where readers propose a change to the list.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Contribute {
    /// Text before the link ("Are you using FDC3?").
    pub prompt: Option<String>,
    /// Link text ("Add your details").
    pub label: String,
    /// Where it points (the file in the repository).
    pub url: String,
}

/// A category of a card set (one filter button).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Category {
    /// Identifier, used in entries' `type` and as the button's anchor (`#demos`).
    pub id: String,
    /// Button and card label.
    pub label: String,
}

/// A badge an entry may carry, with what it means.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BadgeDef {
    /// The badge text ("Open Source").
    pub text: String,
    /// What it means (shown as its title and in the legend).
    pub description: String,
}

/// A conformance certification of a product.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawConformance {
    /// Version of the standard the product was certified against (a released docs version).
    pub version: String,
    /// The product and its version as certified.
    pub product: String,
    /// `YYYY-MM-DD`, or `YYYY-MM` when only the month is known.
    pub date: String,
    /// Announcement.
    pub link: Option<String>,
}

/// One entry of a card set.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawCard {
    /// Title.
    pub title: String,
    /// Who publishes it.
    pub publisher: String,
    /// Category id.
    #[serde(rename = "type")]
    pub category: String,
    /// "More info" link.
    pub info_link: Option<String>,
    /// "Documentation" link.
    pub docs_link: Option<String>,
    /// Badge texts (each declared in the file's `badges`).
    #[serde(default)]
    pub badges: Vec<String>,
    /// Conformance certifications.
    #[serde(default)]
    pub conformance: Vec<RawConformance>,
    /// Markdown, in the site's own words.
    pub description: String,
}

/// `kind: "cards"`: titled cards in categories (community showcase, training).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawCardSet {
    /// `"cards"`.
    pub kind: String,
    /// Notes for contributors (ignored).
    #[serde(rename = "$comment")]
    pub comment: Option<Vec<String>>,
    /// "Add your details" link.
    pub contribute: Option<Contribute>,
    /// Categories, in filter order.
    pub categories: Vec<Category>,
    /// Category selected first (default: the first).
    pub default_category: Option<String>,
    /// Order of the cards (default: by title).
    #[serde(default)]
    pub order: CardOrder,
    /// Badges entries may carry.
    #[serde(default)]
    pub badges: Vec<BadgeDef>,
    /// The cards.
    pub entries: Vec<RawCard>,
}

/// How a card set is ordered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CardOrder {
    /// By title, ignoring case (a long list readers scan).
    #[default]
    Title,
    /// As written in the file (a short list with a reading order, such as courses).
    File,
}

/// One organization of a users list.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawUser {
    /// Organization name.
    pub name: String,
    /// Its website.
    pub url: String,
    /// Whether it is a member of the foundation.
    #[serde(default)]
    pub member: bool,
    /// Whether the home page shows it.
    #[serde(default)]
    pub pinned: bool,
    /// Its category's id, when the file declares `categories` (then every user has one).
    #[serde(rename = "type")]
    pub category: Option<String>,
}

/// `kind: "users"`: organizations that use the standard.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawUserSet {
    /// `"users"`.
    pub kind: String,
    /// Notes for contributors (ignored).
    #[serde(rename = "$comment")]
    pub comment: Option<Vec<String>>,
    /// "Add your company" link.
    pub contribute: Option<Contribute>,
    /// Kinds of organization the wall is grouped by, in display order (none: one wall).
    #[serde(default)]
    pub categories: Vec<Category>,
    /// The organizations.
    pub users: Vec<RawUser>,
}

/// One released version.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawRelease {
    /// Version name, as in `versions.json`.
    pub version: String,
    /// Release date, `YYYY-MM-DD`.
    pub date: String,
}

/// Links of the unreleased version.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawNext {
    /// Source code of the working draft.
    pub source: String,
    /// Unreleased changes.
    pub changes: Option<String>,
}

/// `kind: "releases"`: dates and release notes of the docs versions.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawReleases {
    /// `"releases"`.
    pub kind: String,
    /// Notes for contributors (ignored).
    #[serde(rename = "$comment")]
    pub comment: Option<Vec<String>>,
    /// Release notes URL; `{version}` is replaced by the version name.
    pub notes_url: String,
    /// The unreleased version.
    pub next: RawNext,
    /// Every version of `versions.json`, once.
    pub releases: Vec<RawRelease>,
}

/// One diagram's drawn size, in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DiagramSize {
    /// Width of the drawn SVG at its natural size.
    pub width: f64,
    /// Height of the drawn SVG at its natural size.
    pub height: f64,
    /// Whether the diagram scales down to the column (flowcharts) rather than keeping its
    /// natural size and scrolling sideways (sequence diagrams).
    pub fit: bool,
}

/// `kind: "diagram-sizes"`: the size each mermaid diagram of the site is drawn at, by
/// [`diagram_key`] of its source, measured in a browser (`tests/e2e/diagram-sizes.mjs`
/// writes it), so that pages reserve a diagram's space before it is drawn.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawDiagramSizes {
    /// `"diagram-sizes"`.
    pub kind: String,
    /// Notes for contributors (ignored).
    #[serde(rename = "$comment")]
    pub comment: Option<Vec<String>>,
    /// Sizes by diagram key.
    pub sizes: BTreeMap<String, DiagramSize>,
}

/// The key of a diagram in a `diagram-sizes` file: the first 16 hex digits of the SHA-256
/// of its mermaid source (the fence's text, as the page carries it).
pub fn diagram_key(code: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(code.as_bytes()).iter().take(8).map(|b| format!("{b:02x}")).collect()
}
