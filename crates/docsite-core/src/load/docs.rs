//! The docs of one version's folder: which Markdown files are docs (the instance's
//! `include` and `exclude` globs), each read (from the locale's translation when there is
//! one) with its front matter (`front_matter.rs`) and given its id and route
//! (`docusaurus_ids.rs`); drafts are left out and duplicate ids reported.
//! `versions.rs` reads every version with it.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::config::SiteConfig;
use crate::diagnostics::Diagnostic;

use super::docusaurus_ids::{doc_id_and_route, path_id};
use super::front_matter::{split_front_matter, tag_values};
use super::walk::markdown_files;
use super::Doc;

/// Which files of a docs folder are docs: the `docs.include` patterns less the
/// `docs.exclude` ones, matched against the path relative to the folder as Docusaurus's
/// globby does (`*` stays within one folder).
pub(crate) struct DocFiles {
    include: globset::GlobSet,
    exclude: globset::GlobSet,
}

impl DocFiles {
    /// The patterns of a docs instance's `include` and `exclude`; an invalid one is an
    /// error naming its key.
    pub(crate) fn new(config: &SiteConfig, inst: &crate::config::DocsInstance<'_>) -> Result<Self, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let mut set = |key: &str, patterns: &[String]| {
            let mut builder = globset::GlobSetBuilder::new();
            for (i, pattern) in patterns.iter().enumerate() {
                match globset::GlobBuilder::new(pattern).literal_separator(true).build() {
                    Ok(glob) => {
                        builder.add(glob);
                    }
                    Err(e) => {
                        let key = format!("{}.{key}[{i}]", inst.key);
                        let mut d = Diagnostic::error(&config.file, format!("`{key}`: invalid glob pattern: {}", e.kind()));
                        if let Some(line) = config.line_of(&key) {
                            d = d.at(line, None);
                        }
                        errors.push(d);
                    }
                }
            }
            builder.build().unwrap_or_else(|_| globset::GlobSet::empty())
        };
        let files = DocFiles { include: set("include", &inst.raw.include), exclude: set("exclude", &inst.raw.exclude) };
        if errors.is_empty() { Ok(files) } else { Err(errors) }
    }

    fn is_doc(&self, rel: &Path) -> bool {
        self.include.is_match(rel) && !self.exclude.is_match(rel)
    }
}

/// The docs under `dir` that `files` selects (see [`markdown_files`] for symlinks), each
/// read from the locale's translation of it when there is one (`l10n`: the localization
/// and the version's translation folder, `current` or `version-<name>`).
#[allow(clippy::too_many_arguments)]
pub(super) fn load_docs(site: &Path, version: &str, dir: &Path, route_prefix: &str, l10n: (&crate::i18n::Localization, &str, &str), files: &DocFiles, diags: &mut Vec<Diagnostic>, failed: &mut Vec<(String, PathBuf)>) -> Vec<Doc> {
    let mut docs: Vec<Doc> = Vec::new();
    let paths = markdown_files(site, dir, |n| !(n.starts_with('.') || n == "node_modules"), diags);
    // Read and parsed in parallel (a rebuild of `docsite dev` reads every doc), kept in order.
    let loaded: Vec<_> = paths
        .par_iter()
        .filter_map(|path| {
            let rel = path.strip_prefix(dir).expect("walked under dir");
            if !files.is_doc(rel) {
                return None;
            }
            let translation = l10n.0.translated(site, l10n.1, l10n.2, rel);
            let mut found = Vec::new();
            let doc = load_doc(version, translation.as_deref().unwrap_or(path), rel, route_prefix, &mut found);
            Some((path, rel, translation, doc, found))
        })
        .collect();
    for (path, rel, translation, doc, found) in loaded {
        diags.extend(found);
        match doc {
            Ok(Some(mut doc)) => {
                doc.untranslated = translation.is_some().then(|| path.to_path_buf());
                docs.push(doc)
            }
            Ok(None) => {}
            Err(d) => {
                failed.push((path_id(rel), path.to_path_buf()));
                diags.push(d)
            }
        }
    }
    docs.sort_by(|a, b| a.id.cmp(&b.id));
    for pair in docs.windows(2) {
        if pair[0].id == pair[1].id {
            diags.push(
                Diagnostic::error(&pair[1].source, format!("duplicate doc id {:?} (also {})", pair[1].id, pair[0].source.display()))
                    .hint("give one of them another `id` in its front matter"),
            );
        }
    }
    docs
}

/// Reads one doc: `None` for a draft; an error for a file that cannot be read, invalid
/// front matter, or an id, slug or tag that cannot make a route.
fn load_doc(version: &str, path: &Path, rel: &Path, route_prefix: &str, diags: &mut Vec<Diagnostic>) -> Result<Option<Doc>, Diagnostic> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::error(path, format!("cannot read: {e}")))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let (front, body, body_line) = split_front_matter(path, text)?;
    diags.extend(front.near_miss_warnings(path, text));
    if let Some(date) = front.last_update.as_ref().and_then(|u| u.date.as_deref()) {
        if crate::git::parse_date(date).is_none() {
            let line = text.lines().position(|l| l.trim_start().starts_with("date:")).map_or(2, |n| n + 1);
            diags.push(
                Diagnostic::error(path, format!("`last_update.date`: {date:?} is not a date"))
                    .at(line, None)
                    .hint("write YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SSZ"),
            );
        }
    }
    if front.draft {
        return Ok(None);
    }
    let (id, route) = doc_id_and_route(version, path, text, rel, &front, route_prefix)?;
    tag_values(path, text, &front.tags)?;
    Ok(Some(Doc { id, source: path.to_path_buf(), route, front, body: body.to_string(), body_line, untranslated: None }))
}
