//! The Content-Security-Policy of HTML responses: only what the built site needs.
//!
//! Scripts, styles, fonts and fetches come from the site itself (`'self'`). Two things widen
//! that, both read from what the engine wrote rather than from the page:
//!
//! - **the engine's own inline scripts** (the colour-mode head script, the same on every
//!   page, and the analytics bootstrap when configured) are allowed by the SHA-256
//!   hashes the engine recorded for that HTML file in `_docsite/csp.json` (docsite-core's
//!   `csp_manifest.rs`), computed from the theme's rendered head alone. The page is never
//!   scanned: an inline script that content placed in a page (through Markdown, a sidebar
//!   or navbar `html` item, the footer) is not in the manifest and does not run. HTML files
//!   the engine did not render (static files, an output without the manifest) get no
//!   inline script at all;
//! - **the site data** (`SiteData`, whose URL the manifest gives) says whether hosted
//!   search (Algolia DocSearch: `connect-src` to its hosts), analytics (gtag.js: its script
//!   host and collection endpoints) or third-party `scripts` (their origins) are configured.
//!
//! The policy itself (directives, sources, why each is there) is defined once in
//! `docsite_core::headers`, which the build also writes into `_headers` for static hosts.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use axum::http::HeaderValue;

pub(crate) use docsite_core::headers::DOCUMENT_LOCKDOWN;
use docsite_core::headers::SiteSources;

/// Reads the site data JSON (`SiteData` of the engine-theme contract): `search.hosted`,
/// `analytics`, `scripts[].src` and `frameSrc`, into the policy's sources (`docsite_core::headers`, the
/// one definition of the policy). Anything unreadable enables nothing.
pub(crate) fn sources_from_site_data(json: &[u8]) -> SiteSources {
    let Ok(data) = serde_json::from_slice::<serde_json::Value>(json) else {
        return SiteSources::default();
    };
    let hosted = data.pointer("/search/hosted").is_some_and(|h| !h.is_null());
    let analytics = data.get("analytics").is_some_and(|a| !a.is_null());
    let scripts = data.get("scripts").and_then(|s| s.as_array()).into_iter().flatten().filter_map(|s| s.get("src").and_then(|s| s.as_str()));
    let frames = data.get("frameSrc").and_then(|s| s.as_array()).into_iter().flatten().filter_map(|s| s.as_str());
    SiteSources::new(hosted, analytics, scripts).with_frames(frames)
}

/// The engine's record of a built site (`_docsite/csp.json`).
#[derive(Debug, Default, serde::Deserialize)]
pub(crate) struct Manifest {
    /// URL of the site data chunk.
    #[serde(default)]
    site: String,
    /// HTML path relative to the output (`/`-separated) -> `'sha256-…'` sources.
    #[serde(default)]
    pages: HashMap<String, Vec<String>>,
}

/// Where the engine writes the manifest, relative to the output.
const MANIFEST: &str = "_docsite/csp.json";

/// A hash source as the engine writes it (anything else is ignored: the value goes into a
/// header).
fn is_hash_source(source: &str) -> bool {
    source.strip_prefix("'sha256-").and_then(|s| s.strip_suffix('\'')).is_some_and(|b64| !b64.is_empty() && b64.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')))
}

/// The policy of a page from the hashes of its inline scripts (as the engine recorded them)
/// and its site's sources; the policy itself is defined once, in `docsite_core::headers`.
pub(crate) fn policy(hashes: &[String], site: &SiteSources) -> String {
    let hashes: Vec<String> = hashes.iter().filter(|h| is_hash_source(h)).cloned().collect();
    docsite_core::headers::content_security_policy(&hashes, site)
}

/// Per-file cache of HTML policies (recomputed when the file's size or mtime changes, so
/// `dev` rebuilds are picked up), the manifest (re-read when it changes) and per-URL site
/// sources (site data chunks are content-hashed, so a URL never changes meaning).
#[derive(Debug, Default)]
pub(crate) struct CspCache {
    pages: Mutex<HashMap<PathBuf, (Stamp, HeaderValue)>>,
    manifest: Mutex<Option<(Stamp, Arc<Manifest>)>>,
    sites: Mutex<HashMap<String, Arc<SiteSources>>>,
}

type Stamp = (Option<SystemTime>, u64);

async fn stamp(file: &Path) -> Stamp {
    match tokio::fs::metadata(file).await {
        Ok(meta) => (meta.modified().ok(), meta.len()),
        Err(_) => (None, 0),
    }
}

impl CspCache {
    /// The policy header for the HTML file `file` (a real path) of the site whose real
    /// root is `root`.
    pub(crate) async fn for_html(&self, root: &Path, file: &Path) -> HeaderValue {
        let page_stamp = stamp(file).await;
        if let Some((cached, value)) = self.pages.lock().expect("csp cache").get(file) {
            if *cached == page_stamp {
                return value.clone();
            }
        }
        let manifest = self.manifest(root).await;
        let key = file.strip_prefix(root).map(|rel| rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")).unwrap_or_default();
        let hashes = manifest.pages.get(&key).map(Vec::as_slice).unwrap_or_default();
        let site = match manifest.site.is_empty() {
            true => Arc::new(SiteSources::default()),
            false => self.site_sources(root, &manifest.site).await,
        };
        let value = HeaderValue::from_str(&policy(hashes, &site)).unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"));
        self.pages.lock().expect("csp cache").insert(file.to_path_buf(), (page_stamp, value.clone()));
        value
    }

    /// Whether the engine pre-rendered the HTML file `key` (relative to the root,
    /// `/`-separated): the manifest lists every page it rendered.
    pub(crate) async fn is_page(&self, root: &Path, key: &str) -> bool {
        self.manifest(root).await.pages.contains_key(key)
    }

    /// The manifest, read again when it changed; empty when missing or unreadable.
    async fn manifest(&self, root: &Path) -> Arc<Manifest> {
        let path = root.join(MANIFEST);
        let current = stamp(&path).await;
        if let Some((cached, manifest)) = self.manifest.lock().expect("csp cache").as_ref() {
            if *cached == current {
                return manifest.clone();
            }
        }
        let manifest = Arc::new(match read_inside(root, &path).await {
            Some(bytes) => serde_json::from_slice(&bytes).unwrap_or_default(),
            None => Manifest::default(),
        });
        *self.manifest.lock().expect("csp cache") = Some((current, manifest.clone()));
        manifest
    }

    async fn site_sources(&self, root: &Path, url: &str) -> Arc<SiteSources> {
        if let Some(found) = self.sites.lock().expect("csp cache").get(url) {
            return found.clone();
        }
        // `/<baseUrl>_docsite/site/<hash>.json`: the output folder is served at the base URL.
        let relative = url.find("_docsite/").map(|i| &url[i..]).unwrap_or("");
        let safe = !relative.is_empty() && !relative.split('/').any(|s| s == ".." || s.contains('\\'));
        let sources = match safe {
            true => match read_inside(root, &root.join(relative)).await {
                Some(bytes) => Arc::new(sources_from_site_data(&bytes)),
                // Not there (yet): do not remember, a rebuild may add it.
                None => return Arc::new(SiteSources::default()),
            },
            false => Arc::new(SiteSources::default()),
        };
        self.sites.lock().expect("csp cache").insert(url.to_string(), sources.clone());
        sources
    }
}

/// The bytes of `path` when it resolves inside `root` (a symlink out is not read).
async fn read_inside(root: &Path, path: &Path) -> Option<Vec<u8>> {
    let real = tokio::fs::canonicalize(path).await.ok()?;
    if !real.starts_with(root) {
        return None;
    }
    tokio::fs::read(real).await.ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hash_sources_reach_the_policy() {
        let good = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='".to_string();
        let bad = ["'unsafe-inline'", "*", "'sha256-x'; script-src *", "'sha256-'", "https://evil.example"];
        let mut hashes = vec![good.clone()];
        hashes.extend(bad.iter().map(|s| s.to_string()));
        let policy = policy(&hashes, &SiteSources::default());
        let script = policy.split("; ").find(|d| d.starts_with("script-src")).unwrap();
        assert_eq!(script, format!("script-src 'self' 'wasm-unsafe-eval' {good}"));
        assert!(!policy.contains("evil"), "{policy}");
    }

    #[test]
    fn site_data_enables_hosted_search_analytics_and_script_origins() {
        let none = sources_from_site_data(br#"{"search":{"hosted":null},"analytics":null,"scripts":[]}"#);
        assert_eq!(none, SiteSources::default());
        let all = sources_from_site_data(
            br#"{"search":{"hosted":{"appId":"X"}},"analytics":{"trackingId":"G-1"},"scripts":[{"src":"https://buttons.github.io/buttons.js"},{"src":"/local.js"},{"src":"https://buttons.github.io/other.js"}]}"#,
        );
        assert_eq!(all.script, vec![docsite_core::headers::GTAG_SCRIPT.to_string(), "https://buttons.github.io".to_string()]);
        assert!(all.connect.iter().any(|c| c == "https://*.algolia.net"));
        assert!(all.connect.iter().any(|c| c == "https://*.google-analytics.com"));
        assert_eq!(sources_from_site_data(b"not json"), SiteSources::default());
        let framed = sources_from_site_data(br#"{"frameSrc":["https://www.youtube-nocookie.com","https://x.example/p; script-src *"]}"#);
        assert_eq!(framed.frame, vec!["https://www.youtube-nocookie.com".to_string()]);
    }
}
