//! Files the build copies into the output as they are (`static/`, images referenced by
//! docs): none may come from outside the site folder. A symlink under `static/` leading to
//! `/proc/self/environ` or `~/.ssh` would publish it.
//!
//! [`check_static`] reports such symlinks as errors of `check` (so `build` never starts);
//! [`copy_static`] refuses them again while copying (`docsite dev` copies after edits) and
//! follows symlinks that stay inside the site, so a linked folder is copied as a folder and
//! errors name `static/<name>`, not a path in the output. [`inside_site`] is the test both
//! use; [`inside_content`], the rule for symlinks and images inside a content folder (which
//! the configuration may put outside the site folder), is the loader's and the Markdown
//! renderer's.

use std::path::{Path, PathBuf};

use crate::diagnostics::{BuildError, Diagnostic};

/// Whether `path`, with every symlink resolved, lies inside `site_dir` (also resolved).
/// A path that cannot be resolved (a dangling link) is not inside.
pub fn inside_site(site_dir: &Path, path: &Path) -> bool {
    match (site_dir.canonicalize(), path.canonicalize()) {
        (Ok(site), Ok(real)) => real.starts_with(site),
        _ => false,
    }
}

/// Whether `path`, every symlink resolved, lies inside the site folder or inside `root`,
/// the content folder it was found in (a version's docs folder, the blog folder; either may
/// be outside the site folder, as `'../docs'`). A symlink inside content may lead anywhere in
/// those two and nowhere else: not to `/etc/passwd`, not to a neighbouring folder of the
/// monorepo the configuration did not name.
pub fn inside_content(site_dir: &Path, root: &Path, path: &Path) -> bool {
    inside_site(site_dir, path) || inside_site(root, path)
}

/// Errors for every symlink under `<site>/static` that leads outside the site folder (or
/// nowhere).
pub fn check_static(site_dir: &Path) -> Vec<Diagnostic> {
    let dir = site_dir.join("static");
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(&dir).into_iter().filter_map(Result::ok) {
        if entry.path_is_symlink() && !inside_site(site_dir, entry.path()) {
            out.push(outside(entry.path()));
        }
    }
    out
}

fn outside(link: &Path) -> Diagnostic {
    let target = std::fs::read_link(link).map(|t| t.display().to_string()).unwrap_or_else(|_| "?".into());
    Diagnostic::error(link, format!("symlink to {target}, which is outside the site folder (or missing); it would be published"))
        .hint("copy the file into static/ instead, or remove the link")
}

/// Copies `<site>/static` into `out` (files only, overwriting), following symlinks that stay
/// inside the site and refusing any other.
pub fn copy_static(site_dir: &Path, out: &Path) -> Result<(), BuildError> {
    let src = site_dir.join("static");
    if !src.is_dir() {
        return Ok(());
    }
    for entry in walkdir::WalkDir::new(&src).follow_links(true) {
        let entry = entry.map_err(|e| {
            let path = e.path().map(Path::to_path_buf).unwrap_or_else(|| src.clone());
            BuildError::Io { source: e.into(), path }
        })?;
        if entry.path_is_symlink() && !inside_site(site_dir, entry.path()) {
            return Err(BuildError::Refused(outside(entry.path()).message));
        }
        let rel = entry.path().strip_prefix(&src).expect("under static");
        let target: PathBuf = crate::output::under(out, rel)?;
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).map_err(BuildError::io(&target))?;
        } else {
            std::fs::copy(entry.path(), &target).map_err(BuildError::io(entry.path()))?;
        }
    }
    Ok(())
}
