//! The Markdown files of a content folder, walked with the build's symlink rule: a link is
//! followed while it stays inside the site or the folder walked, else reported and never
//! read. `docs.rs` walks each version's folder with it, the blog stage its folder
//! (`blog/`), and `docsite version` the docs it copies (`version.rs`).

use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;

/// What [`walk_content`] found under a folder.
pub(crate) struct SiteWalk {
    /// Every file and folder (the folder itself left out), in file-name order, symlinks that
    /// stay inside the site or the folder walked followed.
    pub(crate) entries: Vec<walkdir::DirEntry>,
    /// Symlinks that lead nowhere (reported first, as the walk meets them), then those that
    /// lead outside both the site folder and the folder walked: never followed, nothing
    /// under them read.
    pub(crate) dangling: Vec<PathBuf>,
    pub(crate) outside: Vec<PathBuf>,
    /// Entries that could not be read.
    pub(crate) unreadable: Vec<walkdir::Error>,
}

/// Walks the content folder `dir` with the build's symlink rule: symlinks are followed (as
/// Docusaurus does) while they stay inside the site folder or inside `dir` itself (a docs
/// folder the configuration puts beside the site, `'../docs'`, may link between its own
/// files); one that leads anywhere else (or nowhere) is listed and what it points to is
/// never read ([`crate::copied::inside_content`]). Names `keep` refuses are skipped with
/// what is under them. The build's loader ([`markdown_files`]) and `docsite version` both
/// walk with it.
pub(crate) fn walk_content(site: &Path, dir: &Path, keep: impl Fn(&str) -> bool) -> SiteWalk {
    let mut outside = Vec::new();
    let mut walk = SiteWalk { entries: Vec::new(), dangling: Vec::new(), outside: Vec::new(), unreadable: Vec::new() };
    let walker = walkdir::WalkDir::new(dir).follow_links(true).sort_by_file_name().into_iter().filter_entry(|e| {
        if e.depth() == 0 {
            return true;
        }
        if e.path_is_symlink() && !crate::copied::inside_content(site, dir, e.path()) {
            outside.push(e.path().to_path_buf());
            return false;
        }
        keep(&e.file_name().to_string_lossy())
    });
    for entry in walker {
        match entry {
            Ok(e) if e.depth() == 0 => {}
            Ok(e) => walk.entries.push(e),
            // A link to nothing fails before the filter sees it.
            Err(e) if e.path().is_some_and(|p| p.is_symlink() && !p.exists()) => walk.dangling.push(e.path().expect("checked").to_path_buf()),
            Err(e) => walk.unreadable.push(e),
        }
    }
    walk.outside = outside;
    walk
}

/// The Markdown files (`.md`, `.mdx`) under `dir`, in file-name order, skipping the files
/// and folders whose names `keep` refuses, walked with [`walk_content`]: a symlink that
/// leads outside the site and `dir` (or nowhere) is an error naming the link.
pub(crate) fn markdown_files(site: &Path, dir: &Path, keep: impl Fn(&str) -> bool, diags: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let walk = walk_content(site, dir, keep);
    diags.extend(walk.dangling.iter().map(|link| outside_link(link)));
    diags.extend(walk.unreadable.iter().map(|e| Diagnostic::error(dir, format!("cannot read folder: {e}"))));
    diags.extend(walk.outside.iter().map(|link| outside_link(link)));
    walk.entries
        .into_iter()
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "md" || x == "mdx"))
        .map(walkdir::DirEntry::into_path)
        .collect()
}

/// The error of a symlink under a docs or blog folder that leads outside the site (or nowhere).
pub(crate) fn outside_link(link: &Path) -> Diagnostic {
    let target = std::fs::read_link(link).map(|t| t.display().to_string()).unwrap_or_else(|_| "?".into());
    Diagnostic::error(link, format!("symlink to {target}, which is outside the site folder and the content folder it is in (or missing); it is not read"))
        .hint("copy the file into the content folder instead, or remove the link")
}
