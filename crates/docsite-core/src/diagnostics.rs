//! Errors a person can act on.
//!
//! Every problem the engine finds in a site is a [`Diagnostic`]: where it is (a file with an
//! optional line and column, or a configuration key path), what is wrong, and how to fix it.
//! Content problems are collected into [`Diagnostics`] across the whole build and reported
//! once, grouped by file, so an author sees every broken link in one run.

use std::fmt;
use std::path::{Path, PathBuf};

/// How serious a diagnostic is; the configuration can lower some checks to warnings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
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

    fn location(&self) -> String {
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

    /// Makes file paths relative to `root` and sorts by file, line, column, so the report
    /// reads file by file and is stable between runs.
    pub fn normalize(&mut self, root: &Path) {
        for d in &mut self.items {
            if let Some(f) = &d.file {
                if let Ok(rel) = f.strip_prefix(root) {
                    d.file = Some(rel.to_path_buf());
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
