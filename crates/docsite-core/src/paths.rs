//! Paths and URL paths, the bottom layer every stage shares: percent-decoding and encoding
//! of routes, `.`/`..` resolution for URL and file paths, and the check that a path taken
//! from the configuration stays inside the site folder.

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

/// Lexically resolves `.` and `..` in a file path.
pub fn normalize_path(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// Whether `rel`, a path from the configuration, stays inside `site_dir`: relative, without
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

