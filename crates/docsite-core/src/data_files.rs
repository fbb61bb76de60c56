//! Data files under `<site>/data/`: the structured lists behind the site pages (community
//! showcase, training, users, releases) and the measured sizes of the site's diagrams.
//!
//! Each `*.json` file says which schema it follows in its `kind` field (`cards`, `users`,
//! `releases` or `diagram-sizes`). The raw types below are the files exactly as written (`deny_unknown_fields`
//! everywhere); [`load`] deserialises and validates every file at the start of a build and
//! reports each problem with the file, the line and column, the entry (index and title) and
//! the field, so a contributor who adds a malformed entry learns exactly what to fix. The
//! render stage (`markdown::components`) turns the validated sets into content-tree elements
//! when a page places a data component such as `<Showcase data="community" />`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::diagnostics::line_col;
use crate::diagnostics::Diagnostic;

/// Folder of the data files, relative to the site directory.
pub const DATA_DIR: &str = "data";

/// Longest description, in words (the contribution guideline of the FDC3 community list).
pub const MAX_DESCRIPTION_WORDS: usize = 100;

/// Longest entry title, in characters.
pub const MAX_TITLE_CHARS: usize = 100;

/// The `kind` values, for messages.
const KINDS: &[&str] = &["cards", "users", "releases", "diagram-sizes"];

// ---------------------------------------------------------------------------------------
// Raw files, exactly as written.

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

// ---------------------------------------------------------------------------------------
// Validated sets, as the render stage uses them.

/// A calendar date, to the day or to the month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// Year.
    pub year: u16,
    /// Month, 1-12.
    pub month: u8,
    /// Day, when known.
    pub day: Option<u8>,
}

const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

impl Date {
    /// Parses `YYYY-MM-DD` or `YYYY-MM`.
    pub fn parse(s: &str, allow_month: bool) -> Result<Date, String> {
        let expected = if allow_month { "`YYYY-MM-DD` (or `YYYY-MM` when only the month is known)" } else { "`YYYY-MM-DD`" };
        let parts: Vec<&str> = s.split('-').collect();
        let num = |p: &str, len: usize| if p.len() == len && p.bytes().all(|b| b.is_ascii_digit()) { p.parse::<u16>().ok() } else { None };
        let bad = || format!("`{s}` is not a date: write {expected}");
        let (year, month, day) = match parts.as_slice() {
            [y, m, d] => (num(y, 4).ok_or_else(bad)?, num(m, 2).ok_or_else(bad)?, Some(num(d, 2).ok_or_else(bad)?)),
            [y, m] if allow_month => (num(y, 4).ok_or_else(bad)?, num(m, 2).ok_or_else(bad)?, None),
            _ => return Err(bad()),
        };
        if !(1..=12).contains(&month) {
            return Err(format!("`{s}`: month {month} does not exist"));
        }
        if let Some(d) = day {
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
            let days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][usize::from(month - 1)];
            if d == 0 || d > days {
                return Err(format!("`{s}`: day {d} does not exist in that month"));
            }
        }
        Ok(Date { year, month: month as u8, day: day.map(|d| d as u8) })
    }

    /// ISO form (`2023-06-09`, `2025-10`).
    pub fn iso(&self) -> String {
        match self.day {
            Some(d) => format!("{:04}-{:02}-{d:02}", self.year, self.month),
            None => format!("{:04}-{:02}", self.year, self.month),
        }
    }

    /// As readers see it (`9 June 2023`, `October 2025`).
    pub fn text(&self) -> String {
        let month = MONTHS[usize::from(self.month - 1)];
        match self.day {
            Some(d) => format!("{d} {month} {}", self.year),
            None => format!("{month} {}", self.year),
        }
    }
}

/// Where a value came from, for link diagnostics of rendered descriptions.
#[derive(Debug, Clone)]
pub struct Origin {
    /// The data file.
    pub file: PathBuf,
    /// 1-based line of the value.
    pub line: usize,
}

/// A validated conformance certification.
#[derive(Debug, Clone)]
pub struct Conformance {
    /// Version of the standard.
    pub version: String,
    /// Product as certified.
    pub product: String,
    /// When.
    pub date: Date,
    /// Announcement.
    pub link: Option<String>,
}

/// A validated card.
#[derive(Debug, Clone)]
pub struct Card {
    /// Title.
    pub title: String,
    /// Publisher.
    pub publisher: String,
    /// Category id (one of the set's categories).
    pub category: String,
    /// "More info" link.
    pub info_link: Option<String>,
    /// "Documentation" link.
    pub docs_link: Option<String>,
    /// Badges, each declared by the set.
    pub badges: Vec<String>,
    /// Certifications.
    pub conformance: Vec<Conformance>,
    /// Markdown description, in the site's own words.
    pub description: String,
    /// Where the entry starts (for its links).
    pub origin: Origin,
    /// Where the description is (for links inside it).
    pub description_origin: Origin,
}

/// A validated `cards` file.
#[derive(Debug, Clone)]
pub struct CardSet {
    /// "Add your details".
    pub contribute: Option<Contribute>,
    /// Categories in filter order.
    pub categories: Vec<Category>,
    /// Category selected first.
    pub default_category: String,
    /// Declared badges.
    pub badges: Vec<BadgeDef>,
    /// Cards in reading order (by title, case-insensitive, unless the file says otherwise).
    pub entries: Vec<Card>,
}

/// A validated `users` file.
#[derive(Debug, Clone)]
pub struct UserSet {
    /// "Add your company".
    pub contribute: Option<Contribute>,
    /// Organizations, sorted by name (case-insensitive).
    pub users: Vec<RawUser>,
}

/// A validated `releases` file.
#[derive(Debug, Clone)]
pub struct Releases {
    /// Release notes URL pattern (`{version}`).
    pub notes_url: String,
    /// The unreleased version's links.
    pub next: RawNext,
    /// Release date per version name.
    pub dates: BTreeMap<String, Date>,
}

impl Releases {
    /// Release notes of a version.
    pub fn notes(&self, version: &str) -> String {
        self.notes_url.replace("{version}", version)
    }
}

/// One data file, by kind.
#[derive(Debug, Clone)]
pub enum DataSet {
    /// `kind: "cards"`.
    Cards(CardSet),
    /// `kind: "users"`.
    Users(UserSet),
    /// `kind: "releases"`.
    Releases(Releases),
    /// `kind: "diagram-sizes"`.
    DiagramSizes(BTreeMap<String, DiagramSize>),
}

impl DataSet {
    /// The kind, as written in the file.
    pub fn kind(&self) -> &'static str {
        match self {
            DataSet::Cards(_) => "cards",
            DataSet::Users(_) => "users",
            DataSet::Releases(_) => "releases",
            DataSet::DiagramSizes(_) => "diagram-sizes",
        }
    }
}

/// Every valid data file of the site, by name (the file stem: `community`).
#[derive(Debug, Clone, Default)]
pub struct DataFiles {
    /// Sets by name.
    pub sets: BTreeMap<String, DataSet>,
    /// Files by name (for messages).
    pub files: BTreeMap<String, PathBuf>,
}

impl DataFiles {
    /// The names of the files, for "use one of" hints.
    pub fn names(&self) -> Vec<&str> {
        self.files.keys().map(String::as_str).collect()
    }

    /// The measured size of a mermaid diagram (by its source), from any `diagram-sizes` file.
    pub fn diagram_size(&self, code: &str) -> Option<DiagramSize> {
        let key = diagram_key(code);
        self.sets.values().find_map(|set| match set {
            DataSet::DiagramSizes(sizes) => sizes.get(&key).copied(),
            _ => None,
        })
    }
}

// ---------------------------------------------------------------------------------------
// Loading and validation.

/// Loads and validates every `data/*.json` of the site. `released` are the names of the
/// released docs versions (from `versions.json`), which conformance entries and release
/// dates must name. Files with problems are left out of the result; every problem is
/// returned.
pub fn load(site_dir: &Path, released: &[String]) -> (DataFiles, Vec<Diagnostic>) {
    let dir = site_dir.join(DATA_DIR);
    let mut out = DataFiles::default();
    let mut problems = Vec::new();
    let Ok(read) = std::fs::read_dir(&dir) else {
        return (out, problems);
    };
    let mut paths: Vec<PathBuf> = read.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()).collect();
    paths.sort();
    for path in paths {
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => {}
            _ => {
                problems.push(Diagnostic::error(&path, "not a data file: the data folder holds `*.json` files only").hint("move the file elsewhere, or convert it to JSON with a `kind`"));
                continue;
            }
        }
        // A data file (or the data folder) that is a symlink leading out of the site is not read.
        let rel = path.strip_prefix(site_dir).unwrap_or(&path).to_string_lossy().into_owned();
        if let Err(msg) = crate::paths::inside_site(site_dir, &rel) {
            problems.push(Diagnostic::error(&path, format!("not read: {msg}")));
            continue;
        }
        let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                problems.push(Diagnostic::error(&path, format!("cannot read: {e}")));
                continue;
            }
        };
        out.files.insert(name.clone(), path.clone());
        let mut file = FileCheck { path: &path, text: &text, value: None, problems: Vec::new() };
        let set = file.load(released);
        match set {
            Some(set) if file.problems.is_empty() => {
                out.sets.insert(name, set);
            }
            _ => {}
        }
        problems.extend(file.problems);
    }
    (out, problems)
}

/// One segment of a path into a JSON document.
#[derive(Debug, Clone, PartialEq)]
enum Seg {
    Key(String),
    Index(usize),
}

fn path_text(path: &[Seg]) -> String {
    let mut s = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

struct FileCheck<'a> {
    path: &'a Path,
    text: &'a str,
    /// The document as a generic value (to name entries by title in messages).
    value: Option<serde_json::Value>,
    problems: Vec<Diagnostic>,
}

impl FileCheck<'_> {
    fn load(&mut self, released: &[String]) -> Option<DataSet> {
        let value = match serde_json::from_str::<serde_json::Value>(self.text) {
            Ok(v) => v,
            Err(e) => {
                self.problems.push(Diagnostic::error(self.path, format!("not valid JSON: {}", strip_position(&e.to_string()))).at(e.line().max(1), Some(e.column().max(1))).hint("fix the syntax (a missing comma or quote is the usual cause)"));
                return None;
            }
        };
        if !value.is_object() {
            self.problems.push(Diagnostic::error(self.path, "a data file is a JSON object, not a bare list").at(1, Some(1)).hint(format!("wrap the list: {{ \"kind\": …, … }} with \"kind\" one of {}", quoted(KINDS))));
            return None;
        }
        let kind = value.get("kind").cloned();
        self.value = Some(value);
        let kind = match kind {
            Some(serde_json::Value::String(k)) => k,
            Some(other) => {
                self.error(&[Seg::Key("kind".into())], format!("`kind` must be a string, found {other}"), &format!("use one of {}", KINDS.join(", ")));
                return None;
            }
            None => {
                self.problems.push(Diagnostic::error(self.path, "the data file has no `kind`").at(1, Some(1)).hint(format!("add \"kind\": one of {}, saying which schema the file follows", quoted(KINDS))));
                return None;
            }
        };
        match kind.as_str() {
            "cards" => self.parse::<RawCardSet>().map(|raw| DataSet::Cards(self.cards(raw, released))),
            "users" => self.parse::<RawUserSet>().map(|raw| DataSet::Users(self.users(raw))),
            "releases" => self.parse::<RawReleases>().map(|raw| DataSet::Releases(self.releases(raw, released))),
            "diagram-sizes" => self.parse::<RawDiagramSizes>().map(|raw| DataSet::DiagramSizes(self.diagram_sizes(raw))),
            other => {
                self.error(&[Seg::Key("kind".into())], format!("unknown kind `{other}`"), &format!("use one of {}", quoted(KINDS)));
                None
            }
        }
    }

    /// Deserialises the whole file into `T`, turning the first error into a diagnostic with
    /// its line, the entry and the field.
    fn parse<T: serde::de::DeserializeOwned>(&mut self) -> Option<T> {
        let mut de = serde_json::Deserializer::from_str(self.text);
        match serde_path_to_error::deserialize::<_, T>(&mut de) {
            Ok(v) => Some(v),
            Err(err) => {
                let path: Vec<Seg> = err
                    .path()
                    .iter()
                    .filter_map(|s| match s {
                        serde_path_to_error::Segment::Seq { index } => Some(Seg::Index(*index)),
                        serde_path_to_error::Segment::Map { key } => Some(Seg::Key(key.clone())),
                        serde_path_to_error::Segment::Enum { variant } => Some(Seg::Key(variant.clone())),
                        serde_path_to_error::Segment::Unknown => None,
                    })
                    .collect();
                let inner = err.into_inner();
                let message = strip_position(&inner.to_string());
                let hint = if message.starts_with("unknown field") {
                    "remove the field or fix its spelling (field names are camelCase)"
                } else if message.starts_with("missing field") {
                    "add the field"
                } else {
                    "fix the value's type"
                };
                let d = Diagnostic::error(self.path, format!("{}{message}", self.subject(&path))).at(inner.line().max(1), Some(inner.column().max(1))).hint(hint);
                self.problems.push(d);
                None
            }
        }
    }

    /// `entries[3] ("Connectifi"), field `type`: ` for a path, naming the entry by title.
    fn subject(&self, path: &[Seg]) -> String {
        // The entry is the first list element in the path; the field is what follows it.
        let Some(pos) = path.iter().position(|s| matches!(s, Seg::Index(_))) else {
            return if path.is_empty() { String::new() } else { format!("`{}`: ", path_text(path)) };
        };
        let entry = &path[..=pos];
        let field = &path[pos + 1..];
        let name = self.value.as_ref().and_then(|v| lookup(v, entry)).and_then(|e| {
            ["title", "name", "version"].iter().find_map(|k| e.get(*k).and_then(|t| t.as_str()).map(str::to_string))
        });
        let mut s = format!("`{}`", path_text(entry));
        if let Some(n) = name {
            s.push_str(&format!(" ({n:?})"));
        }
        if !field.is_empty() {
            s.push_str(&format!(", field `{}`", path_text(field)));
        }
        s.push_str(": ");
        s
    }

    fn error(&mut self, path: &[Seg], message: String, hint: &str) {
        let offset = locate(self.text, path).unwrap_or(0);
        let (line, column) = line_col(self.text, offset);
        let d = Diagnostic::error(self.path, format!("{}{message}", self.subject(path))).at(line, Some(column)).hint(hint);
        self.problems.push(d);
    }

    fn line_of(&self, path: &[Seg]) -> usize {
        line_col(self.text, locate(self.text, path).unwrap_or(0)).0
    }

    fn nonempty(&mut self, path: Vec<Seg>, value: &str, what: &str) {
        if value.trim().is_empty() {
            self.error(&path, format!("{what} is empty"), &format!("write the {what}"));
        }
    }

    fn url(&mut self, path: Vec<Seg>, value: &str) {
        if let Err(msg) = check_url(value) {
            self.error(&path, msg, "write an absolute `https://` URL, a `mailto:` address, or a site route starting with `/`");
        }
    }

    fn contribute(&mut self, c: &Option<Contribute>) {
        if let Some(c) = c {
            self.nonempty(vec![Seg::Key("contribute".into()), Seg::Key("label".into())], &c.label, "label");
            self.url(vec![Seg::Key("contribute".into()), Seg::Key("url".into())], &c.url);
        }
    }

    fn cards(&mut self, raw: RawCardSet, released: &[String]) -> CardSet {
        self.contribute(&raw.contribute);
        let key = |k: &str| Seg::Key(k.to_string());
        let mut ids = BTreeSet::new();
        for (i, c) in raw.categories.iter().enumerate() {
            let at = |f: &str| vec![key("categories"), Seg::Index(i), key(f)];
            if !is_identifier(&c.id) {
                self.error(&at("id"), format!("category id `{}` is not a lowercase identifier", c.id), "use lowercase letters, digits and hyphens (`platform-provider`)");
            } else if !ids.insert(c.id.as_str()) {
                self.error(&at("id"), format!("category `{}` is declared twice", c.id), "remove the duplicate");
            }
            self.nonempty(at("label"), &c.label, "label");
        }
        if raw.categories.is_empty() {
            self.error(&[key("categories")], "a card set needs at least one category".into(), "add { \"id\": \"…\", \"label\": \"…\" }");
        }
        let category_hint = format!("use one of {}", raw.categories.iter().map(|c| format!("`{}`", c.id)).collect::<Vec<_>>().join(", "));
        let default_category = match &raw.default_category {
            Some(d) if !ids.contains(d.as_str()) => {
                self.error(&[key("defaultCategory")], format!("unknown category `{d}`"), &category_hint);
                d.clone()
            }
            Some(d) => d.clone(),
            None => raw.categories.first().map(|c| c.id.clone()).unwrap_or_default(),
        };
        let mut badge_texts = BTreeSet::new();
        for (i, b) in raw.badges.iter().enumerate() {
            let at = |f: &str| vec![key("badges"), Seg::Index(i), key(f)];
            self.nonempty(at("text"), &b.text, "badge text");
            if !badge_texts.insert(b.text.as_str()) {
                self.error(&at("text"), format!("badge `{}` is declared twice", b.text), "remove the duplicate");
            }
            self.nonempty(at("description"), &b.description, "badge description");
        }
        let badge_hint = if raw.badges.is_empty() { "declare the badge in the file's `badges` list first".to_string() } else { format!("use one of {}, or declare the badge in `badges`", raw.badges.iter().map(|b| format!("\"{}\"", b.text)).collect::<Vec<_>>().join(", ")) };
        let mut seen = BTreeSet::new();
        let mut entries = Vec::with_capacity(raw.entries.len());
        for (i, e) in raw.entries.iter().enumerate() {
            let at = |f: &str| vec![key("entries"), Seg::Index(i), key(f)];
            self.nonempty(at("title"), &e.title, "title");
            if e.title.chars().count() > MAX_TITLE_CHARS {
                self.error(&at("title"), format!("the title has {} characters, more than {MAX_TITLE_CHARS}", e.title.chars().count()), "shorten it; details belong in the description");
            }
            self.nonempty(at("publisher"), &e.publisher, "publisher");
            if !ids.contains(e.category.as_str()) {
                self.error(&at("type"), format!("unknown category `{}`", e.category), &category_hint);
            }
            if !seen.insert((e.category.clone(), e.title.to_lowercase())) {
                self.error(&at("title"), format!("another `{}` entry already has this title", e.category), "merge the two entries or retitle one");
            }
            for (f, link) in [("infoLink", &e.info_link), ("docsLink", &e.docs_link)] {
                if let Some(l) = link {
                    self.url(at(f), l);
                }
            }
            let mut own = BTreeSet::new();
            for (j, b) in e.badges.iter().enumerate() {
                let path = vec![key("entries"), Seg::Index(i), key("badges"), Seg::Index(j)];
                if !badge_texts.contains(b.as_str()) {
                    self.error(&path, format!("unknown badge \"{b}\""), &badge_hint);
                } else if !own.insert(b.as_str()) {
                    self.error(&path, format!("badge \"{b}\" is given twice"), "remove the duplicate");
                }
            }
            let mut conformance = Vec::new();
            for (j, c) in e.conformance.iter().enumerate() {
                let at_c = |f: &str| vec![key("entries"), Seg::Index(i), key("conformance"), Seg::Index(j), key(f)];
                if !released.contains(&c.version) {
                    self.error(&at_c("version"), format!("`{}` is not a released version of the standard", c.version), &format!("use one of {}", released.iter().map(|v| format!("\"{v}\"")).collect::<Vec<_>>().join(", ")));
                }
                self.nonempty(at_c("product"), &c.product, "product");
                if let Some(l) = &c.link {
                    self.url(at_c("link"), l);
                }
                match Date::parse(&c.date, true) {
                    Ok(date) => conformance.push(Conformance { version: c.version.clone(), product: c.product.clone(), date, link: c.link.clone() }),
                    Err(msg) => self.error(&at_c("date"), msg, "dates are ISO 8601"),
                }
            }
            let words = e.description.split_whitespace().count();
            if words == 0 {
                self.error(&at("description"), "the description is empty".into(), "describe the entry in a sentence or two, in your own words");
            } else if words > MAX_DESCRIPTION_WORDS {
                self.error(&at("description"), format!("the description has {words} words, more than {MAX_DESCRIPTION_WORDS}"), "keep it short and factual; link to more detail");
            }
            if e.description.contains('<') && e.description.contains('>') && e.description.split('<').skip(1).any(|s| s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '/')) {
                self.error(&at("description"), "the description contains HTML".into(), "write Markdown: **bold**, [links](https://…), blank lines between paragraphs");
            }
            entries.push(Card {
                title: e.title.clone(),
                publisher: e.publisher.clone(),
                category: e.category.clone(),
                info_link: e.info_link.clone(),
                docs_link: e.docs_link.clone(),
                badges: e.badges.clone(),
                conformance,
                description: e.description.clone(),
                origin: Origin { file: self.path.to_path_buf(), line: self.line_of(&[key("entries"), Seg::Index(i)]) },
                description_origin: Origin { file: self.path.to_path_buf(), line: self.line_of(&at("description")) },
            });
        }
        if raw.order == CardOrder::Title {
            entries.sort_by(|a, b| a.title.to_lowercase().cmp(&b.title.to_lowercase()).then_with(|| a.category.cmp(&b.category)));
        }
        CardSet { contribute: raw.contribute, categories: raw.categories, default_category, badges: raw.badges, entries }
    }

    fn users(&mut self, raw: RawUserSet) -> UserSet {
        self.contribute(&raw.contribute);
        let mut names = BTreeSet::new();
        for (i, u) in raw.users.iter().enumerate() {
            let at = |f: &str| vec![Seg::Key("users".into()), Seg::Index(i), Seg::Key(f.into())];
            self.nonempty(at("name"), &u.name, "name");
            if !names.insert(u.name.to_lowercase()) {
                self.error(&at("name"), format!("`{}` is listed twice", u.name), "remove the duplicate");
            }
            self.url(at("url"), &u.url);
        }
        let mut users = raw.users;
        users.sort_by_key(|u| u.name.to_lowercase());
        UserSet { contribute: raw.contribute, users }
    }

    fn diagram_sizes(&mut self, raw: RawDiagramSizes) -> BTreeMap<String, DiagramSize> {
        for (key, size) in &raw.sizes {
            let at = |f: &str| vec![Seg::Key("sizes".into()), Seg::Key(key.clone()), Seg::Key(f.into())];
            if key.len() != 16 || !key.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
                self.error(&[Seg::Key("sizes".into()), Seg::Key(key.clone())], format!("`{key}` is not a diagram key"), "keys are 16 lowercase hex digits; regenerate the file with tests/e2e/diagram-sizes.mjs");
            }
            for (field, value) in [("width", size.width), ("height", size.height)] {
                if !(value.is_finite() && value > 0.0 && value < 100_000.0) {
                    self.error(&at(field), format!("{value} is not a size"), "sizes are CSS pixels above 0");
                }
            }
        }
        raw.sizes
    }

    fn releases(&mut self, raw: RawReleases, released: &[String]) -> Releases {
        let key = |k: &str| Seg::Key(k.to_string());
        if !raw.notes_url.contains("{version}") {
            self.error(&[key("notesUrl")], "the release notes URL has no `{version}`".into(), "write the URL with `{version}` where the version name goes");
        }
        self.url(vec![key("notesUrl")], &raw.notes_url.replace("{version}", "1"));
        self.url(vec![key("next"), key("source")], &raw.next.source);
        if let Some(c) = &raw.next.changes {
            self.url(vec![key("next"), key("changes")], c);
        }
        let mut dates = BTreeMap::new();
        for (i, r) in raw.releases.iter().enumerate() {
            let at = |f: &str| vec![key("releases"), Seg::Index(i), key(f)];
            if !released.contains(&r.version) {
                self.error(&at("version"), format!("`{}` is not in versions.json", r.version), &format!("use one of {}", released.iter().map(|v| format!("\"{v}\"")).collect::<Vec<_>>().join(", ")));
            } else if dates.contains_key(&r.version) {
                self.error(&at("version"), format!("`{}` is listed twice", r.version), "remove the duplicate");
            }
            match Date::parse(&r.date, false) {
                Ok(d) => {
                    dates.insert(r.version.clone(), d);
                }
                Err(msg) => self.error(&at("date"), msg, "dates are ISO 8601"),
            }
        }
        let missing: Vec<&String> = released.iter().filter(|v| !raw.releases.iter().any(|r| &r.version == *v)).collect();
        if !missing.is_empty() {
            self.error(&[key("releases")], format!("no release date for {}", missing.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", ")), "add { \"version\": …, \"date\": \"YYYY-MM-DD\" } for every version of versions.json");
        }
        Releases { notes_url: raw.notes_url, next: raw.next, dates }
    }
}

fn quoted(items: &[&str]) -> String {
    items.iter().map(|k| format!("\"{k}\"")).collect::<Vec<_>>().join(", ")
}

fn is_identifier(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') && !s.starts_with('-')
}

/// serde_json appends ` at line L column C`; the diagnostic carries the position itself.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// Whether a link in a data file is usable: an absolute web URL, a mail address or a site
/// route.
pub fn check_url(url: &str) -> Result<(), String> {
    if url.is_empty() {
        return Err("the link is empty".into());
    }
    if url.chars().any(char::is_whitespace) {
        return Err(format!("the link `{url}` contains whitespace"));
    }
    if let Some(rest) = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://")) {
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        if host.is_empty() || !host.contains('.') {
            return Err(format!("the link `{url}` has no host name"));
        }
        return Ok(());
    }
    if url.strip_prefix("mailto:").is_some_and(|a| a.contains('@')) {
        return Ok(());
    }
    if url.starts_with('/') && !url.starts_with("//") {
        return Ok(());
    }
    Err(format!("`{url}` is not an absolute URL or a site route"))
}

fn lookup<'v>(value: &'v serde_json::Value, path: &[Seg]) -> Option<&'v serde_json::Value> {
    let mut v = value;
    for seg in path {
        v = match seg {
            Seg::Key(k) => v.get(k)?,
            Seg::Index(i) => v.get(*i)?,
        };
    }
    Some(v)
}

/// Byte offset of the value at `path` in a JSON text (for error lines): a small scanner,
/// since serde_json keeps no positions for values that parsed.
fn locate(text: &str, path: &[Seg]) -> Option<usize> {
    let mut s = Scanner { b: text.as_bytes(), i: 0 };
    s.find(path)
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// A string's raw contents (escapes kept); the cursor ends after the closing quote.
    fn string(&mut self) -> Option<&[u8]> {
        if self.peek()? != b'"' {
            return None;
        }
        self.i += 1;
        let start = self.i;
        while self.i < self.b.len() {
            match self.b[self.i] {
                b'\\' => self.i += 2,
                b'"' => {
                    self.i += 1;
                    return Some(&self.b[start..self.i - 1]);
                }
                _ => self.i += 1,
            }
        }
        None
    }

    fn skip_value(&mut self) -> Option<()> {
        self.ws();
        match self.peek()? {
            b'"' => self.string().map(|_| ()),
            open @ (b'{' | b'[') => {
                let close = if open == b'{' { b'}' } else { b']' };
                self.i += 1;
                loop {
                    self.ws();
                    if self.peek()? == close {
                        self.i += 1;
                        return Some(());
                    }
                    if open == b'{' {
                        self.string()?;
                        self.ws();
                        if self.peek()? != b':' {
                            return None;
                        }
                        self.i += 1;
                    }
                    self.skip_value()?;
                    self.ws();
                    if self.peek()? == b',' {
                        self.i += 1;
                    }
                }
            }
            _ => {
                while self.i < self.b.len() && !matches!(self.b[self.i], b',' | b'}' | b']') && !self.b[self.i].is_ascii_whitespace() {
                    self.i += 1;
                }
                Some(())
            }
        }
    }

    fn find(&mut self, path: &[Seg]) -> Option<usize> {
        self.ws();
        let Some((first, rest)) = path.split_first() else {
            return Some(self.i);
        };
        match (self.peek()?, first) {
            (b'{', Seg::Key(k)) => {
                self.i += 1;
                loop {
                    self.ws();
                    if self.peek()? == b'}' {
                        return None;
                    }
                    let key = self.string()?.to_vec();
                    self.ws();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.i += 1;
                    if key == k.as_bytes() {
                        return self.find(rest);
                    }
                    self.skip_value()?;
                    self.ws();
                    if self.peek()? == b',' {
                        self.i += 1;
                    }
                }
            }
            (b'[', Seg::Index(n)) => {
                self.i += 1;
                for idx in 0.. {
                    self.ws();
                    if self.peek()? == b']' {
                        return None;
                    }
                    if idx == *n {
                        return self.find(rest);
                    }
                    self.skip_value()?;
                    self.ws();
                    if self.peek()? == b',' {
                        self.i += 1;
                    }
                }
                None
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn data_files_that_lead_out_of_the_site_are_not_read() {
        let root = tempfile::tempdir().unwrap();
        let site = root.path().join("site");
        std::fs::create_dir_all(site.join("data")).unwrap();
        std::fs::write(root.path().join("secret.json"), "{}").unwrap();
        std::os::unix::fs::symlink(root.path().join("secret.json"), site.join("data/leak.json")).unwrap();
        let (files, problems) = load(&site, &[]);
        assert!(files.files.is_empty());
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.contains("leads outside the site folder"), "{:?}", problems[0]);
        // The data folder itself linked from outside: the same.
        let other = root.path().join("other");
        std::fs::create_dir_all(site.parent().unwrap().join("elsewhere")).unwrap();
        std::fs::write(root.path().join("elsewhere/users.json"), "{}").unwrap();
        std::fs::create_dir_all(&other).unwrap();
        std::os::unix::fs::symlink(root.path().join("elsewhere"), other.join("data")).unwrap();
        let (files, problems) = load(&other, &[]);
        assert!(files.files.is_empty());
        assert!(problems.iter().all(|p| p.message.contains("leads outside the site folder")) && problems.len() == 1, "{problems:?}");
    }

    use super::*;

    #[test]
    fn the_locator_finds_nested_values() {
        let text = "{\n  \"a\": [1, {\"b\": \"x\\\"y\"}, {\n    \"c\": {\"d\": true}\n  }]\n}";
        let at = |p: &[Seg]| locate(text, p).map(|o| line_col(text, o));
        assert_eq!(at(&[Seg::Key("a".into()), Seg::Index(2), Seg::Key("c".into()), Seg::Key("d".into())]), Some((3, 16)));
        assert_eq!(at(&[Seg::Key("a".into()), Seg::Index(1), Seg::Key("b".into())]), Some((2, 18)));
        assert_eq!(at(&[Seg::Key("zz".into())]), None);
    }

    fn check(text: &str) -> (Option<DataSet>, Vec<Diagnostic>) {
        let path = PathBuf::from("data/diagram-sizes.json");
        let mut file = FileCheck { path: &path, text, value: None, problems: Vec::new() };
        let set = file.load(&[]);
        (set, file.problems)
    }

    #[test]
    fn diagram_sizes_by_the_hash_of_the_source() {
        // sha256("graph TD; A-->B") begins with these 8 bytes.
        assert_eq!(diagram_key("graph TD; A-->B"), "c18237e0a535bdb7");
        let key = diagram_key("sequenceDiagram\n  A->>B: hi\n");
        let text = format!("{{\n  \"kind\": \"diagram-sizes\",\n  \"sizes\": {{\n    \"{key}\": {{ \"width\": 612.5, \"height\": 300, \"fit\": false }}\n  }}\n}}\n");
        let (set, problems) = check(&text);
        assert!(problems.is_empty(), "{problems:?}");
        let mut files = DataFiles::default();
        files.sets.insert("diagram-sizes".into(), set.expect("a set"));
        assert_eq!(files.diagram_size("sequenceDiagram\n  A->>B: hi\n"), Some(DiagramSize { width: 612.5, height: 300.0, fit: false }));
        assert_eq!(files.diagram_size("graph LR; X"), None);
    }

    #[test]
    fn a_bad_diagram_size_is_reported_at_its_line() {
        let text = "{\n  \"kind\": \"diagram-sizes\",\n  \"sizes\": {\n    \"xyz\": { \"width\": 10, \"height\": 10, \"fit\": true },\n    \"0123456789abcdef\": { \"width\": -1, \"height\": 10, \"fit\": true }\n  }\n}\n";
        let (_, problems) = check(text);
        let mut lines: Vec<(Option<usize>, String)> = problems.iter().map(|d| (d.line, d.message.clone())).collect();
        lines.sort();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[0].0, Some(4));
        assert!(lines[0].1.contains("`xyz` is not a diagram key"), "{lines:?}");
        assert_eq!(lines[1].0, Some(5));
        assert!(lines[1].1.contains("-1 is not a size"), "{lines:?}");
    }

    #[test]
    fn dates_to_the_day_or_month() {
        assert_eq!(Date::parse("2023-06-09", true).unwrap().text(), "9 June 2023");
        assert_eq!(Date::parse("2025-10", true).unwrap().text(), "October 2025");
        assert!(Date::parse("2025-10", false).is_err());
        assert!(Date::parse("2023-02-29", true).is_err());
        assert!(Date::parse("2024-02-29", true).is_ok());
        assert!(Date::parse("9th June 2023", true).is_err());
    }

    #[test]
    fn links_must_be_absolute_or_routes() {
        assert!(check_url("https://www.finos.org/blog").is_ok());
        assert!(check_url("/training").is_ok());
        assert!(check_url("mailto:fdc3@finos.org").is_ok());
        assert!(check_url(" https://www.dowjones.com").is_err());
        assert!(check_url("www.example.com").is_err());
        assert!(check_url("https://localhost").is_err());
    }
}
