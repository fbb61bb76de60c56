//! `_docsite/csp.json`: what the server's Content-Security-Policy may allow in each page,
//! written by the engine so that the server never has to guess it from the page itself.
//!
//! The only inline scripts a page may run are the ones the theme's server render put in
//! the page head (`Rendered::head`: the colour-mode script, the analytics bootstrap). Their
//! SHA-256 hashes are recorded here per HTML file, from that head alone, before the head
//! is joined to anything built from content or configuration (the body, `html` items, the
//! footer, the favicon link). A script that content manages to place in a page is therefore
//! never in this file, and the server, which allows only what is listed, blocks it.
//!
//! Format (read by `docsite-server`'s `csp.rs`):
//! `{"site": "<URL of the SiteData chunk>", "pages": {"docs/a/index.html": ["'sha256-…'"]}}`,
//! page paths relative to the output folder with `/` separators. `docsite dev` merges the
//! pages it re-renders into the file it wrote before; `build` writes it whole.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};


use crate::diagnostics::BuildError;

/// The manifest's path inside the output folder.
pub(crate) const PATH: &str = "_docsite/csp.json";

#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
struct Manifest {
    site: String,
    pages: BTreeMap<String, Vec<String>>,
}

/// `'sha256-…'` sources of the inline executable scripts in `head` (a head written by the
/// theme), in order, no duplicates: the one tokeniser of `crate::headers`.
pub(crate) fn script_hashes(head: &str) -> Vec<String> {
    crate::headers::inline_script_hashes(head)
}

/// Records the inline scripts of `pages` (HTML path relative to `out`, the theme's head of
/// that page) and the site data URL; with `merge`, pages already recorded and not in
/// `pages` are kept (`docsite dev`, which re-renders some pages). Called before the pages
/// are written, so a server that sees a new page finds its scripts already recorded.
pub(crate) fn write<'a>(out: &Path, site_data_url: &str, pages: impl Iterator<Item = (PathBuf, &'a str)>, merge: bool) -> Result<(), BuildError> {
    let path = out.join(PATH);
    let mut manifest = match merge {
        true => std::fs::read(&path).ok().and_then(|bytes| serde_json::from_slice::<Manifest>(&bytes).ok()).unwrap_or_default(),
        false => Manifest::default(),
    };
    manifest.pages.extend(pages.map(|(rel, head)| (key(&rel), script_hashes(head))));
    save(out, site_data_url, manifest)
}

/// Writes the manifest of a whole build: each document's hashes (of [`script_hashes`]) by
/// HTML path relative to `out`, every locale's folder included.
pub(crate) fn write_hashes(out: &Path, site_data_url: &str, pages: Vec<(PathBuf, Vec<String>)>) -> Result<(), BuildError> {
    let manifest = Manifest { site: String::new(), pages: pages.into_iter().map(|(rel, hashes)| (key(&rel), hashes)).collect() };
    save(out, site_data_url, manifest)
}

/// A page's key: its path with `/` separators.
fn key(rel: &Path) -> String {
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// Writes `manifest` with its site data URL, through a temporary file and a rename: the
/// server never reads half a manifest.
fn save(out: &Path, site_data_url: &str, mut manifest: Manifest) -> Result<(), BuildError> {
    let path = out.join(PATH);
    manifest.site = site_data_url.to_string();
    let json = serde_json::to_vec(&manifest).expect("json");
    let tmp = out.join(format!("{PATH}.tmp-{}", std::process::id()));
    crate::output::write_file(&tmp, &json)?;
    std::fs::rename(&tmp, &path).map_err(BuildError::io(&path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_inline_executable_scripts_of_the_head_are_hashed() {
        let head = "<title>T</title>\n<script>var a=1</script>\n<script async src=\"https://x.example/g.js\"></script>\n\
                    <script>window.dataLayer=[];</script><script type=\"application/json\">{}</script><script>var a=1</script>";
        let hashes = script_hashes(head);
        assert_eq!(hashes.len(), 2, "{hashes:?}");
        // CSP's own example value.
        assert_eq!(script_hashes("<script>alert('Hello, world.');</script>"), ["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"]);
    }

    #[test]
    fn dev_merges_the_pages_it_renders_and_build_starts_afresh() {
        let dir = tempfile::tempdir().unwrap();
        let read = || serde_json::from_slice::<Manifest>(&std::fs::read(dir.path().join(PATH)).unwrap()).unwrap();
        write(dir.path(), "/_docsite/site/a.json", [(PathBuf::from("docs/a/index.html"), "<script>a()</script>")].into_iter(), false).unwrap();
        write(dir.path(), "/_docsite/site/b.json", [(PathBuf::from("404.html"), "<script>b()</script>")].into_iter(), true).unwrap();
        let merged = read();
        assert_eq!(merged.site, "/_docsite/site/b.json");
        assert_eq!(merged.pages.keys().collect::<Vec<_>>(), ["404.html", "docs/a/index.html"]);
        write(dir.path(), "/_docsite/site/c.json", [(PathBuf::from("index.html"), "")].into_iter(), false).unwrap();
        assert_eq!(read().pages.keys().collect::<Vec<_>>(), ["index.html"]);
    }
}
