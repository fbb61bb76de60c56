//! Locating the theme and building it when its output is missing or stale.
//!
//! Staleness is a hash of the theme's sources and lockfile, stored next to the build
//! output; a content build never rebuilds an up-to-date theme.

use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

use crate::diagnostics::BuildError;

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

/// Builds the theme unless its output matches its sources. Prints what it does.
pub fn ensure_built(theme: &Path) -> Result<(), BuildError> {
    if !theme.join("package.json").is_file() {
        return Err(BuildError::Theme(format!("no theme at {} (set DOCSITE_THEME to the theme folder)", theme.display())));
    }
    let hash = source_hash(theme);
    let stamp = theme.join(STAMP);
    let fresh = std::fs::read_to_string(&stamp).map(|s| s.trim() == hash).unwrap_or(false)
        && theme.join("dist/client/index.html").is_file()
        && theme.join("dist/server/entry-server.js").is_file();
    if fresh {
        return Ok(());
    }
    if !theme.join("node_modules").is_dir() {
        eprintln!("docsite: installing the theme's dependencies (npm ci)…");
        run(theme, &["ci", "--no-audit", "--no-fund"])?;
    }
    eprintln!("docsite: building the theme (npm run build)…");
    run(theme, &["run", "build"])?;
    std::fs::write(&stamp, &hash).map_err(BuildError::io(&stamp))?;
    Ok(())
}

/// Runs `npm <args>` in `dir`, streaming its output.
pub fn run(dir: &Path, args: &[&str]) -> Result<(), BuildError> {
    let status = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::inherit())
        .stderr(std::process::Stdio::inherit())
        .status()
        .map_err(|e| BuildError::Theme(format!("cannot run npm: {e} (install Node.js 20+)")))?;
    if status.success() {
        Ok(())
    } else {
        Err(BuildError::Theme(format!("`npm {}` failed in {}", args.join(" "), dir.display())))
    }
}
