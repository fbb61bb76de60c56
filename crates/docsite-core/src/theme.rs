//! Locating the theme and building it when its output is missing or stale.
//!
//! Staleness is a hash of the theme's sources and lockfile, stored next to the build
//! output; a content build never rebuilds an up-to-date theme.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::diagnostics::BuildError;
use crate::npm;

/// Where the theme lives: `$DOCSITE_THEME`, else the repository's `theme/` folder.
pub fn theme_dir() -> PathBuf {
    std::env::var_os("DOCSITE_THEME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../theme")))
}

const STAMP: &str = "dist/.docsite-theme-hash";

/// Hash of everything that goes into the theme's build.
pub fn source_hash(theme: &Path) -> String {
    let mut hasher = Sha256::new();
    let mut files: Vec<PathBuf> = ["package.json", "package-lock.json", "index.html", "vite.config.ts", "tsconfig.json", "prerender-worker.mjs", "site-code.config.ts"]
        .iter()
        .map(|f| theme.join(f))
        .filter(|p| p.is_file())
        .collect();
    files.extend(
        walkdir::WalkDir::new(theme.join("src"))
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path()),
    );
    for f in files {
        hasher.update(f.strip_prefix(theme).unwrap_or(&f).to_string_lossy().as_bytes());
        hasher.update(std::fs::read(&f).unwrap_or_default());
    }
    hasher.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// Builds the theme unless its output matches its sources, and returns the sources' hash
/// ([`source_hash`]). Prints what it does. The install and build hold the theme's lock
/// ([`npm::hold`]): a process that waited for another one's build finds the theme built.
pub fn ensure_built(theme: &Path) -> Result<String, BuildError> {
    let manifest = theme.join("package.json");
    if !manifest.is_file() {
        return Err(BuildError::Theme(format!("no theme at {} (set DOCSITE_THEME to the theme folder)", theme.display())));
    }
    let hash = source_hash(theme);
    if is_built(theme, &hash) {
        return Ok(hash);
    }
    let _lock = npm::hold(&manifest, "building the theme")?;
    if is_built(theme, &hash) {
        return Ok(hash);
    }
    if !theme.join("node_modules").is_dir() {
        eprintln!("docsite: installing the theme's dependencies (npm ci)…");
        npm::run(theme, &["ci", "--no-audit", "--no-fund"])?;
    }
    eprintln!("docsite: building the theme (npm run build)…");
    npm::run(theme, &["run", "build"])?;
    let stamp = theme.join(STAMP);
    std::fs::write(&stamp, &hash).map_err(BuildError::io(&stamp))?;
    Ok(hash)
}

/// Whether the theme's output was built from sources with this hash.
fn is_built(theme: &Path, hash: &str) -> bool {
    std::fs::read_to_string(theme.join(STAMP)).is_ok_and(|s| s.trim() == hash)
        && theme.join("dist/client/index.html").is_file()
        && theme.join("dist/server/entry-server.js").is_file()
}
