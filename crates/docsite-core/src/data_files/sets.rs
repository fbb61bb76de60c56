//! The validated data sets, as the render stage (`markdown::components`) uses them: cards
//! with parsed dates and the origin of each entry (for link diagnostics), users and
//! releases in reading order, and [`DataFiles`], every valid file of the site by name.
//!
//! Built by `kinds.rs`; read by `markdown` (data components, diagram sizes) and kept by
//! `build` between incremental rebuilds.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::{diagram_key, BadgeDef, Category, Contribute, DiagramSize, RawNext, RawUser};

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
    /// Kinds of organization, in display order (empty: the wall is not grouped).
    pub categories: Vec<Category>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_to_the_day_or_month() {
        assert_eq!(Date::parse("2023-06-09", true).unwrap().text(), "9 June 2023");
        assert_eq!(Date::parse("2025-10", true).unwrap().text(), "October 2025");
        assert!(Date::parse("2025-10", false).is_err());
        assert!(Date::parse("2023-02-29", true).is_err());
        assert!(Date::parse("2024-02-29", true).is_ok());
        assert!(Date::parse("9th June 2023", true).is_err());
    }
}
