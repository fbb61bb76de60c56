//! Locating the theme and building it when its output is missing or stale.
//!
//! Staleness is a hash of the theme's sources and lockfile, stored next to the build
//! output; a content build never rebuilds an up-to-date theme.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::diagnostics::BuildError;
use crate::npm;

/// Whether `dir` holds a theme: its `package.json` and `prerender-worker.mjs`.
pub fn is_theme(dir: &Path) -> bool {
    dir.join("package.json").is_file() && dir.join("prerender-worker.mjs").is_file()
}

/// The theme installed beside an executable: `<exe dir>/theme`, else `<exe dir>/../theme`
/// (the npm package's layout: `native/docsite` and `theme/`). `exe` is resolved first, so
/// a symlink to the binary finds the theme beside the binary itself.
pub fn beside_executable(exe: &Path) -> Option<PathBuf> {
    let exe = std::fs::canonicalize(exe).ok()?;
    let dir = exe.parent()?;
    [dir.join("theme"), dir.join("../theme")].into_iter().find(|t| is_theme(t))
}

/// The checkout's `theme/` for a binary run from its own checkout: the executable is
/// `<repo>/target/<profile>/<name>` and `<repo>` has a `Cargo.toml` and a theme. Found from
/// where the binary is at run time, never from a path compiled into it: a binary copied
/// out of the checkout does not find it.
pub fn of_checkout(exe: &Path) -> Option<PathBuf> {
    let exe = std::fs::canonicalize(exe).ok()?;
    let target = exe.parent()?.parent()?;
    if target.file_name()? != "target" {
        return None;
    }
    let repo = target.parent()?;
    let theme = repo.join("theme");
    (repo.join("Cargo.toml").is_file() && is_theme(&theme)).then_some(theme)
}

/// The first `node_modules/<rel>` from the theme folder upwards, as Node resolves a package
/// the theme imports: the theme's own `node_modules` in a checkout, the site's when the
/// theme is installed as part of the npm package (`<site>/node_modules/docsite/theme`).
pub fn node_module(theme: &Path, rel: &str) -> Option<PathBuf> {
    let theme = std::fs::canonicalize(theme).unwrap_or_else(|_| theme.to_path_buf());
    theme.ancestors().map(|dir| dir.join("node_modules").join(rel)).find(|p| p.exists())
}

const STAMP: &str = "dist/.docsite-theme-hash";

/// Hash of everything that goes into the theme's build.
pub fn source_hash(theme: &Path) -> String {
    let mut hasher = Sha256::new();
    let mut files: Vec<PathBuf> = ["package.json", "package-lock.json", "index.html", "vite.config.ts", "vite.mermaid.config.ts", "tsconfig.json", "prerender-worker.mjs", "site-code.config.ts"]
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

#[cfg(test)]
mod tests {
    use super::*;

    fn theme_in(dir: &Path) -> PathBuf {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("package.json"), "{}").unwrap();
        std::fs::write(dir.join("prerender-worker.mjs"), "").unwrap();
        std::fs::canonicalize(dir).unwrap()
    }

    fn exe_in(dir: &Path) -> PathBuf {
        std::fs::create_dir_all(dir).unwrap();
        let exe = dir.join("docsite");
        std::fs::write(&exe, "").unwrap();
        exe
    }

    #[test]
    fn the_theme_beside_the_executable_is_found_in_both_layouts_and_through_a_link() {
        let root = tempfile::tempdir().unwrap();
        // npm package: native/docsite, theme/
        let pkg = root.path().join("pkg");
        let theme = theme_in(&pkg.join("theme"));
        let exe = exe_in(&pkg.join("native"));
        assert_eq!(beside_executable(&exe).map(|t| std::fs::canonicalize(t).unwrap()), Some(theme.clone()));
        // A link to the binary (`~/.local/bin/docsite`) finds the theme beside the binary.
        let link = root.path().join("docsite-link");
        std::os::unix::fs::symlink(&exe, &link).unwrap();
        assert_eq!(beside_executable(&link).map(|t| std::fs::canonicalize(t).unwrap()), Some(theme));
        // bin/docsite with bin/theme
        let flat = root.path().join("flat");
        let theme = theme_in(&flat.join("theme"));
        let exe = exe_in(&flat);
        assert_eq!(beside_executable(&exe).map(|t| std::fs::canonicalize(t).unwrap()), Some(theme));
        // A folder that is not a theme does not count.
        let other = root.path().join("other");
        std::fs::create_dir_all(other.join("theme")).unwrap();
        assert_eq!(beside_executable(&exe_in(&other)), None);
    }

    #[test]
    fn the_checkout_theme_is_found_only_for_a_binary_under_the_checkouts_target_folder() {
        let root = tempfile::tempdir().unwrap();
        let repo = root.path().join("repo");
        let theme = theme_in(&repo.join("theme"));
        std::fs::write(repo.join("Cargo.toml"), "").unwrap();
        let exe = exe_in(&repo.join("target/release"));
        assert_eq!(of_checkout(&exe).map(|t| std::fs::canonicalize(t).unwrap()), Some(theme));
        // The same binary copied elsewhere finds nothing.
        let copy = exe_in(&root.path().join("elsewhere/release"));
        assert_eq!(of_checkout(&copy), None);
        // A `target` folder in a repository without Cargo.toml is not a checkout.
        let plain = root.path().join("plain");
        theme_in(&plain.join("theme"));
        assert_eq!(of_checkout(&exe_in(&plain.join("target/release"))), None);
    }

    #[test]
    fn packages_the_theme_imports_are_found_in_the_nearest_node_modules_above_it() {
        let root = tempfile::tempdir().unwrap();
        let site = root.path().join("site");
        let theme = theme_in(&site.join("node_modules/docsite/theme"));
        assert_eq!(node_module(&theme, "vite/bin/vite.js"), None);
        let vite = site.join("node_modules/vite/bin/vite.js");
        std::fs::create_dir_all(vite.parent().unwrap()).unwrap();
        std::fs::write(&vite, "").unwrap();
        assert_eq!(node_module(&theme, "vite/bin/vite.js"), Some(std::fs::canonicalize(&site).unwrap().join("node_modules/vite/bin/vite.js")));
        // The theme's own node_modules comes first.
        let own = theme.join("node_modules/vite/bin/vite.js");
        std::fs::create_dir_all(own.parent().unwrap()).unwrap();
        std::fs::write(&own, "").unwrap();
        assert_eq!(node_module(&theme, "vite/bin/vite.js"), Some(own));
    }
}
