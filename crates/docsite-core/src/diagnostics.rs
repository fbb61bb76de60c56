//! Errors a person can act on.
//!
//! Every problem the engine finds in a site is a [`Diagnostic`]: where it is (a file with an
//! optional line and column, or a configuration key path), what is wrong, and how to fix it.
//! Content problems are collected into [`Diagnostics`] across the whole build and reported
//! once, grouped by file, so an author sees every broken link in one run.

use std::fmt;
use std::path::{Path, PathBuf};

/// How serious a diagnostic is; the configuration can lower some checks to warnings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Printed, does not fail the build.
    Warning,
    /// Fails the build.
    Error,
}

/// One problem, located in a file or a configuration key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// File the problem is in, relative to the site directory when possible.
    pub file: Option<PathBuf>,
    /// 1-based line.
    pub line: Option<usize>,
    /// 1-based column.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// An error in `file`.
    pub fn error(file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Error,
            file: Some(file.into()),
            line: None,
            column: None,
            message: message.into(),
            hint: None,
        }
    }

    /// An error not tied to a file.
    pub fn general(message: impl Into<String>) -> Self {
        Self { file: None, ..Self::error("", message) }
    }

    /// Adds a 1-based line (and column) to the location.
    pub fn at(mut self, line: usize, column: Option<usize>) -> Self {
        self.line = Some(line);
        self.column = column;
        self
    }

    /// Adds a hint saying how to fix the problem.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Changes the severity.
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// The lines around the problem in its file, numbered, the problem's line marked with
    /// `>` and its column with `^` (what the dev server's error page shows). The file is
    /// named relative to `root` (the site folder, [`Diagnostics::normalize`]) and read only
    /// when it lies inside `root` or one of `beside` (the content folders the configuration
    /// names outside the site, `../docs/a.md`). `None` without a line, or when the file is
    /// not a readable file inside them.
    pub fn code_frame(&self, root: &Path, beside: &[PathBuf]) -> Option<String> {
        let line = self.line?;
        let file = self.file.as_deref()?;
        // Only a relative path, and one that stays inside the folders read: the frame never
        // shows another file.
        if file.components().any(|c| matches!(c, std::path::Component::RootDir | std::path::Component::Prefix(_))) {
            return None;
        }
        let path = root.join(file).canonicalize().ok()?;
        let inside = |dir: &Path| dir.canonicalize().is_ok_and(|dir| path.starts_with(dir));
        if !inside(root) && !beside.iter().any(|dir| inside(dir)) {
            return None;
        }
        let text = std::fs::read_to_string(path).ok()?;
        let lines: Vec<&str> = text.lines().collect();
        if line == 0 || line > lines.len() {
            return None;
        }
        let (first, last) = (line.saturating_sub(2).max(1), (line + 2).min(lines.len()));
        let width = last.to_string().len();
        let mut out = String::new();
        for n in first..=last {
            let mark = if n == line { '>' } else { ' ' };
            out.push_str(&format!("{mark} {n:>width$} | {}\n", lines[n - 1]));
            if n == line {
                if let Some(col) = self.column.filter(|c| *c >= 1) {
                    // The caret under the column's character (tabs kept so it lines up).
                    let pad: String = lines[n - 1].chars().take(col - 1).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
                    out.push_str(&format!("  {:>width$} | {pad}^\n", ""));
                }
            }
        }
        Some(out)
    }

    /// What identifies the problem across edits: all but its line and column, which move
    /// when lines above it are added or removed.
    fn identity(&self) -> (Severity, Option<&Path>, &str, Option<&str>) {
        (self.severity, self.file.as_deref(), &self.message, self.hint.as_deref())
    }

    /// `file:line:col` (or the file alone, or nothing).
    pub fn location(&self) -> String {
        let mut s = self.file.as_deref().map(|f| f.display().to_string()).unwrap_or_default();
        if let Some(line) = self.line {
            s.push_str(&format!(":{line}"));
            if let Some(col) = self.column {
                s.push_str(&format!(":{col}"));
            }
        }
        s
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let loc = self.location();
        if loc.is_empty() {
            write!(f, "{level}: {}", self.message)?;
        } else {
            write!(f, "{level}: {loc}: {}", self.message)?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "\n  help: {hint}")?;
        }
        Ok(())
    }
}

/// All diagnostics of one build.
#[derive(Debug, Default, Clone)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
    /// Why the run stopped before checking everything (a configuration or versions file
    /// that leaves nothing to check), printed above the counts.
    stopped: Option<String>,
}

impl Diagnostics {
    /// Records a diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    /// Records many.
    pub fn extend(&mut self, ds: impl IntoIterator<Item = Diagnostic>) {
        self.items.extend(ds);
    }

    /// Records the diagnostics of `other` this set does not hold yet: another locale's
    /// build of the same site reports a problem the locales share once.
    pub fn merge_new(&mut self, other: &Diagnostics) {
        for d in &other.items {
            if !self.items.contains(d) {
                self.items.push(d.clone());
            }
        }
    }

    /// Records that the run stopped early and why: the report says that what comes after
    /// was not checked.
    pub fn stop(&mut self, why: impl Into<String>) {
        self.stopped = Some(why.into());
    }

    /// Why the run stopped early, if it did.
    pub fn stopped(&self) -> Option<&str> {
        self.stopped.as_deref()
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|d| d.severity == Severity::Error)
    }

    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.items.iter().filter(|d| d.severity == Severity::Error).count()
    }

    /// All diagnostics.
    pub fn items(&self) -> &[Diagnostic] {
        &self.items
    }

    /// Makes file paths relative to `root` (the site folder) and sorts by file, line,
    /// column, so the report reads file by file and is stable between runs. A file beside
    /// the site folder (docs the configuration reads from `'../docs'`) is named as the
    /// configuration names it, `../docs/intro.md`; one that shares no folder with the site
    /// keeps its absolute path.
    pub fn normalize(&mut self, root: &Path) {
        for d in &mut self.items {
            if let Some(f) = &d.file {
                if let Ok(rel) = f.strip_prefix(root) {
                    d.file = Some(rel.to_path_buf());
                } else if f.is_absolute() && root.is_absolute() {
                    if let Some(rel) = crate::paths::relative_to(root, f) {
                        d.file = Some(rel);
                    }
                }
            }
        }
        self.items.sort_by(|a, b| {
            (&a.file, a.line, a.column, &a.message).cmp(&(&b.file, b.line, b.column, &b.message))
        });
        self.items.dedup();
    }

    /// The report printed by the CLI: diagnostics grouped by file, a note when the run
    /// stopped early, then a summary line.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for d in &self.items {
            out.push_str(&d.to_string());
            out.push('\n');
        }
        if let Some(why) = &self.stopped {
            out.push_str(&format!("note: stopped before checking the content: {why}\n"));
        }
        let errors = self.error_count();
        let warnings = self.items.len() - errors;
        if !self.items.is_empty() {
            let files: std::collections::BTreeSet<_> =
                self.items.iter().filter_map(|d| d.file.as_ref()).collect();
            let n = |count: usize, what: &str| format!("{count} {what}{}", if count == 1 { "" } else { "s" });
            out.push_str(&format!("{}, {} in {}\n", n(errors, "error"), n(warnings, "warning"), n(files.len(), "file")));
        }
        out
    }
}

/// The (at most `n`) candidates most like `word`, best first, among those close enough to
/// be what was meant: at most a quarter of `word`'s characters (and at least two) added,
/// removed, changed or swapped (a route or id with a typo, a missing segment); ties in
/// alphabetical order. Used for the "did you mean" of broken links and anchors.
pub fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>, n: usize) -> Vec<&'a str> {
    let limit = (word.chars().count() / 4).max(2);
    let mut scored: Vec<(usize, &str)> = candidates.filter(|c| *c != word).map(|c| (strsim::damerau_levenshtein(word, c), c)).filter(|(d, _)| *d <= limit).collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
    scored.into_iter().take(n).map(|(_, c)| c).collect()
}

/// The hint of a broken link: "did you mean …?" before `otherwise` when something is close.
pub fn did_you_mean(near: &[&str], prefix: &str, otherwise: &str) -> String {
    match near {
        [] => otherwise.to_string(),
        _ => {
            let names: Vec<String> = near.iter().map(|n| format!("`{prefix}{n}`")).collect();
            format!("did you mean {}? If not, {otherwise}", names.join(" or "))
        }
    }
}

/// The diagnostics that appeared in `after` and those of `before` that went away, each in
/// its list's order. A problem that only moved (lines added above it) is neither.
pub fn changes<'a>(before: &'a [Diagnostic], after: &'a [Diagnostic]) -> (Vec<&'a Diagnostic>, Vec<&'a Diagnostic>) {
    let only_in = |these: &'a [Diagnostic], those: &'a [Diagnostic]| {
        let mut left: std::collections::HashMap<_, usize> = std::collections::HashMap::new();
        for d in those {
            *left.entry(d.identity()).or_default() += 1;
        }
        these
            .iter()
            .filter(|d| match left.get_mut(&d.identity()) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    false
                }
                _ => true,
            })
            .collect::<Vec<_>>()
    };
    (only_in(after, before), only_in(before, after))
}

/// A failure that stops the build before or after content checks.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The site's content or configuration has errors (already collected).
    #[error("the site has {} error(s)", .0.error_count())]
    Invalid(Diagnostics),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Building the theme or pre-rendering with Node failed.
    #[error("{0}")]
    Theme(String),
    /// The build refused to write where it was asked to (an output folder holding the
    /// sources, a path escaping the output): nothing was written there.
    #[error("{0}")]
    Refused(String),
}

impl BuildError {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Self {
        let path = path.into();
        move |source| BuildError::Io { path, source }
    }
}

/// 1-based line and column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, col)
}
#[cfg(test)]
mod tests {
    use super::*;

    fn warning(file: &str, line: usize, message: &str) -> Diagnostic {
        Diagnostic::error(file, message).at(line, Some(1)).with_severity(Severity::Warning)
    }

    #[test]
    fn changes_are_the_problems_that_appeared_or_went_away_not_those_that_moved() {
        let before = [warning("a.md", 3, "broken anchor `#x`"), warning("b.md", 1, "old"), warning("c.md", 2, "twice"), warning("c.md", 5, "twice")];
        let after = [warning("a.md", 7, "broken anchor `#x`"), warning("b.md", 1, "new"), warning("c.md", 2, "twice")];
        let (appeared, gone) = changes(&before, &after);
        assert_eq!(appeared.iter().map(|d| d.message.as_str()).collect::<Vec<_>>(), ["new"]);
        assert_eq!(gone.iter().map(|d| (d.message.as_str(), d.line)).collect::<Vec<_>>(), [("old", Some(1)), ("twice", Some(5))]);
    }

    #[test]
    fn a_problem_two_locales_share_is_merged_once() {
        let mut site = Diagnostics::default();
        site.push(warning("docs/a.md", 3, "broken anchor `#x`"));
        let mut locale = Diagnostics::default();
        locale.extend([warning("docs/a.md", 3, "broken anchor `#x`"), warning("i18n/fr/b.md", 1, "untranslated"), warning("i18n/fr/b.md", 1, "untranslated")]);
        site.merge_new(&locale);
        assert_eq!(site.items().iter().map(|d| d.message.as_str()).collect::<Vec<_>>(), ["broken anchor `#x`", "untranslated"]);
    }

    #[test]
    fn a_code_frame_marks_the_line_and_column_and_stays_inside_the_root() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("docs")).unwrap();
        std::fs::write(dir.path().join("docs/a.md"), "# A\n\nSee [x](./nope.md).\n\nEnd.\nMore.\n").unwrap();
        let d = Diagnostic::error("docs/a.md", "broken link").at(3, Some(5));
        assert_eq!(d.code_frame(dir.path(), &[]).unwrap(), "  1 | # A\n  2 | \n> 3 | See [x](./nope.md).\n    |     ^\n  4 | \n  5 | End.\n");
        assert!(Diagnostic::error("../a.md", "x").at(1, None).code_frame(&dir.path().join("docs"), &[]).is_none());
        assert!(Diagnostic::error(dir.path().join("docs/a.md"), "x").at(1, None).code_frame(dir.path(), &[]).is_none(), "absolute paths are not read");
        assert!(Diagnostic::error("docs/a.md", "x").code_frame(dir.path(), &[]).is_none(), "no line, no frame");
        // Docs beside the site folder (`'../docs'`): read when the configuration names their folder.
        let site = dir.path().join("website");
        std::fs::create_dir_all(&site).unwrap();
        let beside = Diagnostic::error("../docs/a.md", "broken link").at(3, None);
        assert!(beside.code_frame(&site, &[]).is_none(), "a folder nobody named");
        assert!(beside.code_frame(&site, &[dir.path().join("docs")]).unwrap().contains("> 3 | See"));
    }

    #[test]
    fn the_closest_routes_and_ids_are_suggested_best_first() {
        let routes = ["/docs/next/api/ref/DesktopAgent", "/docs/next/api/ref/Channel", "/docs/next/intro", "/community"];
        assert_eq!(closest("/docs/next/api/ref/DesktopAgnet", routes.into_iter(), 2), ["/docs/next/api/ref/DesktopAgent"]);
        assert_eq!(closest("/docs/next/api/DesktopAgent", routes.into_iter(), 2), ["/docs/next/api/ref/DesktopAgent"]);
        assert!(closest("/blog", routes.into_iter(), 2).is_empty(), "nothing is close");
        let ids = ["getting-started", "get-started-now", "install", "usage"];
        assert_eq!(closest("geting-started", ids.into_iter(), 3), ["getting-started"]);
        assert_eq!(closest("docs/nope.md", ["docs/a.md", "docs/b.md"].into_iter(), 1), Vec::<&str>::new(), "a short name is no typo of another");
        assert_eq!(did_you_mean(&["a", "b"], "#", "check it"), "did you mean `#a` or `#b`? If not, check it");
        assert_eq!(did_you_mean(&[], "#", "check it"), "check it");
    }
}
