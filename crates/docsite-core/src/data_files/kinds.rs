//! The checks of each `kind` beyond its types (ids and titles unique, categories and badges
//! declared, links usable, dates real, released versions named, sizes positive), turning
//! a raw file into its validated set: [`FileCheck::cards`], `users`, `releases` and
//! `diagram_sizes`.
//!
//! Called by `FileCheck::load` (`read.rs`) once the file parsed as its kind's raw type;
//! each problem is reported at its field with `FileCheck::error`.

use std::collections::{BTreeMap, BTreeSet};

use super::read::FileCheck;
use super::spans::Seg;
use super::{Card, CardOrder, Category, CardSet, Conformance, Contribute, Date, DiagramSize, Origin, RawCardSet, RawDiagramSizes, RawReleases, RawUserSet, Releases, UserSet};

/// Longest description, in words (the contribution guideline of the FDC3 community list).
pub const MAX_DESCRIPTION_WORDS: usize = 100;

/// Longest entry title, in characters.
pub const MAX_TITLE_CHARS: usize = 100;

impl FileCheck<'_> {
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

    pub(super) fn cards(&mut self, raw: RawCardSet, released: &[String]) -> CardSet {
        self.contribute(&raw.contribute);
        let key = |k: &str| Seg::Key(k.to_string());
        let ids = self.categories(&raw.categories);
        if raw.categories.is_empty() {
            self.error(&[key("categories")], "a card set needs at least one category".into(), "add { \"id\": \"…\", \"label\": \"…\" }");
        }
        let category_hint = category_hint(&raw.categories);
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

    pub(super) fn users(&mut self, raw: RawUserSet) -> UserSet {
        self.contribute(&raw.contribute);
        let ids = self.categories(&raw.categories);
        let category_hint = category_hint(&raw.categories);
        let mut names = BTreeSet::new();
        for (i, u) in raw.users.iter().enumerate() {
            let at = |f: &str| vec![Seg::Key("users".into()), Seg::Index(i), Seg::Key(f.into())];
            self.nonempty(at("name"), &u.name, "name");
            if !names.insert(u.name.to_lowercase()) {
                self.error(&at("name"), format!("`{}` is listed twice", u.name), "remove the duplicate");
            }
            self.url(at("url"), &u.url);
            match &u.category {
                Some(c) if raw.categories.is_empty() => self.error(&at("type"), format!("`type` is `{c}` but the file declares no `categories`"), "declare the categories at the top of the file, or leave `type` out"),
                Some(c) if !ids.contains(c.as_str()) => self.error(&at("type"), format!("unknown category `{c}`"), &category_hint),
                None if !raw.categories.is_empty() => self.error(&[Seg::Key("users".into()), Seg::Index(i)], format!("`{}` has no `type`", u.name), &category_hint),
                _ => {}
            }
        }
        let mut users = raw.users;
        users.sort_by_key(|u| u.name.to_lowercase());
        UserSet { contribute: raw.contribute, categories: raw.categories, users }
    }

    /// Checks a file's `categories` (ids lowercase identifiers, declared once, labels not
    /// empty) and returns the declared ids.
    fn categories<'a>(&mut self, categories: &'a [Category]) -> BTreeSet<&'a str> {
        let mut ids = BTreeSet::new();
        for (i, c) in categories.iter().enumerate() {
            let at = |f: &str| vec![Seg::Key("categories".into()), Seg::Index(i), Seg::Key(f.into())];
            if !is_identifier(&c.id) {
                self.error(&at("id"), format!("category id `{}` is not a lowercase identifier", c.id), "use lowercase letters, digits and hyphens (`platform-provider`)");
            } else if !ids.insert(c.id.as_str()) {
                self.error(&at("id"), format!("category `{}` is declared twice", c.id), "remove the duplicate");
            }
            self.nonempty(at("label"), &c.label, "label");
        }
        ids
    }

    pub(super) fn diagram_sizes(&mut self, raw: RawDiagramSizes) -> BTreeMap<String, DiagramSize> {
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

    pub(super) fn releases(&mut self, raw: RawReleases, released: &[String]) -> Releases {
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


fn is_identifier(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') && !s.starts_with('-')
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

/// "use one of `a`, `b`": the hint of an unknown or missing category.
fn category_hint(categories: &[Category]) -> String {
    format!("use one of {}", categories.iter().map(|c| format!("`{}`", c.id)).collect::<Vec<_>>().join(", "))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::data_files::{diagram_key, DataFiles, DataSet};
    use crate::diagnostics::Diagnostic;

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

    fn users(categories: &str, users: &[(&str, Option<&str>)]) -> (Option<DataSet>, Vec<(Option<usize>, String)>) {
        let users: Vec<String> = users.iter().map(|(name, kind)| format!("    {{ \"name\": \"{name}\", \"url\": \"https://example.com/\"{} }}", kind.map(|k| format!(", \"type\": \"{k}\"")).unwrap_or_default())).collect();
        let text = format!("{{\n  \"kind\": \"users\",\n{categories}  \"users\": [\n{}\n  ]\n}}\n", users.join(",\n"));
        let path = PathBuf::from("data/users.json");
        let mut file = FileCheck { path: &path, text: &text, value: None, problems: Vec::new() };
        let set = file.load(&[]);
        (set, file.problems.iter().map(|d| (d.line, d.message.clone())).collect())
    }

    #[test]
    fn users_grouped_by_declared_categories() {
        let categories = "  \"categories\": [{ \"id\": \"bank\", \"label\": \"Banks\" }, { \"id\": \"vendor\", \"label\": \"Vendors\" }],\n";
        let (set, problems) = users(categories, &[("Zeta Bank", Some("bank")), ("Acme", Some("vendor"))]);
        assert!(problems.is_empty(), "{problems:?}");
        let Some(DataSet::Users(set)) = set else { panic!("a users set") };
        assert_eq!(set.categories.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["bank", "vendor"]);
        assert_eq!(set.users.iter().map(|u| (u.name.as_str(), u.category.as_deref())).collect::<Vec<_>>(), [("Acme", Some("vendor")), ("Zeta Bank", Some("bank"))]);
        // Without categories, no user has a type: one wall.
        let (set, problems) = users("", &[("Acme", None)]);
        assert!(problems.is_empty() && matches!(set, Some(DataSet::Users(_))), "{problems:?}");
    }

    #[test]
    fn a_user_without_a_known_category_is_reported_at_its_line() {
        let categories = "  \"categories\": [{ \"id\": \"bank\", \"label\": \"Banks\" }],\n";
        let (_, problems) = users(categories, &[("Acme", Some("vendor")), ("Zeta", None)]);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(problems[0].0, Some(5));
        assert!(problems[0].1.contains("unknown category `vendor`"), "{problems:?}");
        assert_eq!(problems[1].0, Some(6));
        assert!(problems[1].1.contains("`Zeta` has no `type`"), "{problems:?}");
        let (_, problems) = users("", &[("Acme", Some("bank"))]);
        assert!(problems.len() == 1 && problems[0].1.contains("declares no `categories`"), "{problems:?}");
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
