//! Embeds the theme's sources (not its `node_modules` or build output) in the binary, for an
//! install that has no theme beside it (`cargo install --path crates/docsite`): the CLI
//! unpacks them into the user's cache folder on first use (`src/embedded_theme.rs`). The
//! theme's path is read here, at compile time only; the binary never looks there.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The files of the theme that its build reads (as `docsite_core::theme::source_hash` hashes them).
const TOP_FILES: &[&str] = &["package.json", "package-lock.json", "index.html", "vite.config.ts", "tsconfig.json", "prerender-worker.mjs", "site-code.config.ts", "dev-server.mjs"];

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, out);
        } else if path.is_file() {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let theme = manifest.join("../../theme");
    let mut files: Vec<PathBuf> = TOP_FILES.iter().map(|f| theme.join(f)).filter(|p| p.is_file()).collect();
    files_under(&theme.join("src"), &mut files);
    println!("cargo:rerun-if-changed={}", theme.join("src").display());
    for f in TOP_FILES {
        println!("cargo:rerun-if-changed={}", theme.join(f).display());
    }
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut table = String::from("/// The theme's files: path relative to the theme, contents.\npub(crate) static FILES: &[(&str, &[u8])] = &[\n");
    for f in &files {
        let rel = f.strip_prefix(&theme).expect("under the theme").to_string_lossy().replace('\\', "/");
        rel.hash(&mut hasher);
        std::fs::read(f).expect("theme file readable").hash(&mut hasher);
        let abs = std::fs::canonicalize(f).expect("theme file resolves");
        table.push_str(&format!("    ({rel:?}, include_bytes!({:?})),\n", abs.to_string_lossy()));
    }
    table.push_str("];\n");
    table.push_str(&format!("/// Hash of [`FILES`]: the name of the folder they are unpacked into.\npub(crate) const HASH: &str = \"{:016x}\";\n", hasher.finish()));
    if files.is_empty() {
        println!("cargo:warning=no theme at {}: this binary carries none and needs --theme, $DOCSITE_THEME or a theme beside it", theme.display());
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("embedded_theme.rs");
    std::fs::write(out, table).expect("OUT_DIR writable");
}
