//! Paths and URL paths, the bottom layer every stage shares: percent-decoding and encoding
//! of routes, `.`/`..` resolution for URL and file paths, where a folder or file the
//! configuration names is read from ([`config_path`]: wherever it is, as Docusaurus reads
//! it), and the check that a path the engine writes or installs into stays inside the site
//! folder ([`inside_site`]).

use std::path::{Component, Path, PathBuf};

/// Percent-decodes a URL component.
pub fn decode(s: &str) -> String {
    percent_encoding::percent_decode_str(s).decode_utf8_lossy().into_owned()
}

/// Percent-encodes a route path for an href (spaces and other unsafe characters).
pub fn encode_path(path: &str) -> String {
    const SET: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`').add(b'#').add(b'?').add(b'{').add(b'}').add(b'%');
    percent_encoding::utf8_percent_encode(path, SET).to_string()
}

/// A route as the manifest keys it: decoded, without a trailing slash (except `/`).
pub fn normalize_route(route: &str) -> String {
    let r = route.trim_end_matches('/');
    if r.is_empty() { "/".into() } else { r.to_string() }
}

/// Resolves `.` and `..` in a URL path.
pub fn normalize_url_path(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    let trailing = path.ends_with('/') && !parts.is_empty();
    let mut out = format!("/{}", parts.join("/"));
    if trailing {
        out.push('/');
    }
    out
}

/// `path` joined to the current folder when relative (symlinks and `..` kept as written).
/// Every path handed to another process (Vite, the pre-render workers, npm) goes through
/// here: those run in other folders, where a relative path names another file.
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Lexically resolves `.` and `..` in a file path. A relative path keeps the `..` it
/// starts with (`website/../../docs` is `../docs`); an absolute one stops at its root.
pub fn normalize_path(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(".."),
            },
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// Where a folder or file the configuration names (`docs.path`, `docs.sidebarPath`,
/// `blog.path`, `pagesPath`, `customCss`) is read from: as Docusaurus resolves it
/// (`path.resolve(siteDir, value)`), relative to the site folder or absolute, `..` allowed
/// (`'../docs'` in a monorepo). A value that climbs (`..`) or is absolute has its `.` and `..`
/// resolved lexically; a plain one (`docs`, `./docs`) is joined to `site_dir` as it is, so paths
/// under the site keep the site folder as given as their prefix. Reading what the config names
/// is safe: a Docusaurus config is code that runs anyway. What stays confined is writing
/// (`output.rs`) and where a symlink *inside* such a folder may lead (`load::walk_content`).
/// An empty value or one with a NUL byte is refused (the caller names the key).
pub fn config_path(site_dir: &Path, value: &str) -> Result<PathBuf, String> {
    if value.trim().is_empty() || value.contains('\0') {
        return Err(format!("must be a path (relative to the site folder, or absolute), found {value:?}"));
    }
    let joined = site_dir.join(value);
    if Path::new(value).components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir)) {
        return Ok(joined);
    }
    Ok(normalize_path(&joined))
}

/// `path` as seen from `base` (Node's `path.relative`), both resolved lexically: `../docs/a.md`
/// for a file beside the site folder. `None` when they share nothing but the root (a
/// relative path would then climb to `/` and down again) or one is relative and the other not.
pub fn relative_to(base: &Path, path: &Path) -> Option<PathBuf> {
    let (base, path) = (normalize_path(base), normalize_path(path));
    if base.is_absolute() != path.is_absolute() {
        return None;
    }
    let common = base.components().zip(path.components()).take_while(|(a, b)| a == b).count();
    let shares_a_folder = base.components().take(common).any(|c| matches!(c, Component::Normal(_)));
    if !shares_a_folder && base.is_absolute() {
        return None;
    }
    let mut out = PathBuf::new();
    for _ in base.components().skip(common) {
        out.push("..");
    }
    out.extend(path.components().skip(common));
    Some(out)
}

/// Whether `rel`, a path from the configuration the engine installs into or versions from
/// (`schemas[i].npmDir`, `staticDirectories`, a `versions.json` name), stays inside `site_dir`: relative, without
/// `..`, and (as far as it exists) resolving, symlinks followed, to a path inside the site
/// folder's real path. A path that does not exist yet is judged by its deepest existing
/// folder. The message says why not (the caller names the key).
pub fn inside_site(site_dir: &Path, rel: &str) -> Result<(), String> {
    let path = Path::new(rel);
    let lexical = path.is_absolute() || rel.contains('\0') || path.components().any(|c| matches!(c, std::path::Component::ParentDir | std::path::Component::RootDir | std::path::Component::Prefix(_)));
    if lexical {
        return Err(format!("must be a path inside the site folder (relative, no `..`), found {rel:?}"));
    }
    let Ok(root) = std::fs::canonicalize(site_dir) else { return Ok(()) };
    let mut existing = site_dir.join(path);
    loop {
        if std::fs::symlink_metadata(&existing).is_ok() {
            break;
        }
        if !existing.pop() {
            return Ok(());
        }
    }
    match std::fs::canonicalize(&existing) {
        Ok(real) if real.starts_with(&root) => Ok(()),
        Ok(real) => Err(format!("{rel:?} leads outside the site folder (through a symlink, to {})", real.display())),
        Err(_) => Err(format!("{rel:?} is a broken symlink or cannot be resolved")),
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_path_keeps_the_parents_it_climbs_to() {
        assert_eq!(normalize_path(Path::new("website/../../docs/./a.md")), Path::new("../docs/a.md"));
        assert_eq!(normalize_path(Path::new("/site/../../docs")), Path::new("/docs"));
        assert_eq!(normalize_path(Path::new("a/b/../c")), Path::new("a/c"));
    }

    #[test]
    fn a_config_path_is_read_where_docusaurus_reads_it() {
        let site = Path::new("/repo/website");
        assert_eq!(config_path(site, "../docs").unwrap(), Path::new("/repo/docs"));
        assert_eq!(config_path(site, "./docs").unwrap(), Path::new("/repo/website/docs"));
        assert!(config_path(Path::new("/a/../repo"), "docs").unwrap().starts_with("/a/../repo"), "the site folder as given");
        assert_eq!(config_path(site, "/elsewhere/docs").unwrap(), Path::new("/elsewhere/docs"));
        assert!(config_path(site, "").is_err());
        assert!(config_path(site, "do\0cs").is_err());
    }

    #[test]
    fn a_path_beside_the_site_is_named_from_it() {
        let site = Path::new("/repo/website");
        assert_eq!(relative_to(site, Path::new("/repo/docs/a.md")).unwrap(), Path::new("../docs/a.md"));
        assert_eq!(relative_to(site, Path::new("/repo/website/docs/a.md")).unwrap(), Path::new("docs/a.md"));
        assert_eq!(relative_to(site, Path::new("/elsewhere/a.md")), None, "nothing in common but the root");
        assert_eq!(relative_to(Path::new("website"), Path::new("docs/a.md")).unwrap(), Path::new("../docs/a.md"));
    }
}
