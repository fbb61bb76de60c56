//! The theme's sources carried in the binary (`build.rs`), for an install with no theme
//! beside it (`cargo install`). They are unpacked once per binary into the user's cache
//! folder; the first build there installs the theme's dependencies and builds it, as in a
//! checkout (`docsite_core::theme::ensure_built`).

use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/embedded_theme.rs"));

/// The cache folder docsite unpacks into: `$XDG_CACHE_HOME/docsite`, else `~/.cache/docsite`,
/// else the system's temp folder.
fn cache_root() -> PathBuf {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("docsite")
}

/// The unpacked theme (unpacking it when missing), or `None` when this binary carries no
/// theme. The files go to a fresh folder renamed into place once complete, so a killed run
/// or a concurrent one never leaves a partial theme.
pub(crate) fn unpack() -> Result<Option<PathBuf>, String> {
    if FILES.is_empty() {
        return Ok(None);
    }
    let root = cache_root();
    let dir = root.join(format!("theme-{}-{HASH}", env!("CARGO_PKG_VERSION")));
    if docsite_core::theme::is_theme(&dir) {
        return Ok(Some(dir));
    }
    let fresh = root.join(format!(".theme-{HASH}.tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&fresh);
    let write = |rel: &str, bytes: &[u8]| -> std::io::Result<()> {
        let path = fresh.join(Path::new(rel));
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, bytes)
    };
    for (rel, bytes) in FILES {
        write(rel, bytes).map_err(|e| format!("cannot unpack the theme into {}: {e}", fresh.display()))?;
    }
    if let Err(e) = std::fs::rename(&fresh, &dir) {
        let _ = std::fs::remove_dir_all(&fresh);
        // Another docsite unpacked the same files first.
        if !docsite_core::theme::is_theme(&dir) {
            return Err(format!("cannot unpack the theme into {}: {e}", dir.display()));
        }
    }
    Ok(Some(dir))
}
