//! Reading the data folder: [`load`] reads every `data/*.json` (only files that stay inside
//! the site), picks each file's raw type by its `kind`, and turns serde's errors into
//! diagnostics that name the file, line and column, the entry (index and title) and the
//! field. [`FileCheck`] carries one file through it and reports every problem
//! (`FileCheck::error`, at the value's position from `spans.rs`); the checks of each kind
//! are in `kinds.rs`.
//!
//! `build::check` calls [`load`] at the start of a build.

use std::path::{Path, PathBuf};

use super::spans::{locate, lookup, path_text, Seg};
use super::{DataFiles, DataSet, RawCardSet, RawDiagramSizes, RawReleases, RawUserSet, DATA_DIR};
use crate::diagnostics::{line_col, Diagnostic};

/// The `kind` values, for messages.
const KINDS: &[&str] = &["cards", "users", "releases", "diagram-sizes"];

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

pub(super) struct FileCheck<'a> {
    pub(super) path: &'a Path,
    pub(super) text: &'a str,
    /// The document as a generic value (to name entries by title in messages).
    pub(super) value: Option<serde_json::Value>,
    pub(super) problems: Vec<Diagnostic>,
}

impl FileCheck<'_> {
    pub(super) fn load(&mut self, released: &[String]) -> Option<DataSet> {
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

    pub(super) fn error(&mut self, path: &[Seg], message: String, hint: &str) {
        let offset = locate(self.text, path).unwrap_or(0);
        let (line, column) = line_col(self.text, offset);
        let d = Diagnostic::error(self.path, format!("{}{message}", self.subject(path))).at(line, Some(column)).hint(hint);
        self.problems.push(d);
    }

    pub(super) fn line_of(&self, path: &[Seg]) -> usize {
        line_col(self.text, locate(self.text, path).unwrap_or(0)).0
    }
}

fn quoted(items: &[&str]) -> String {
    items.iter().map(|k| format!("\"{k}\"")).collect::<Vec<_>>().join(", ")
}

/// serde_json appends ` at line L column C`; the diagnostic carries the position itself.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
