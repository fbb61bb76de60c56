//! The Content-Security-Policy of HTML responses: only what the built site needs.
//!
//! Scripts, styles, fonts and fetches come from the site itself (`'self'`). Two things widen
//! that, both read from the built output rather than configured twice:
//!
//! - **the page's inline scripts** (the colour-mode head script, which embeds the page's
//!   route, and the analytics bootstrap when configured) are allowed by their SHA-256 hashes,
//!   computed from the HTML file on first request and cached until the file changes; the
//!   JSON boot record (`<script id="__docsite" type="application/json">`) is data, not
//!   script, and needs nothing;
//! - **the site data** (`SiteData`, found through the page's boot record) says whether hosted
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
use sha2::{Digest, Sha256};

pub(crate) use docsite_core::headers::DOCUMENT_LOCKDOWN;
use docsite_core::headers::SiteSources;

/// Reads the site data JSON (`SiteData` of the engine-theme contract): `search.hosted`,
/// `analytics` and `scripts[].src`, into the policy's sources (`docsite_core::headers`, the
/// one definition of the policy). Anything unreadable enables nothing.
pub(crate) fn sources_from_site_data(json: &[u8]) -> SiteSources {
    let Ok(data) = serde_json::from_slice::<serde_json::Value>(json) else {
        return SiteSources::default();
    };
    let hosted = data.pointer("/search/hosted").is_some_and(|h| !h.is_null());
    let analytics = data.get("analytics").is_some_and(|a| !a.is_null());
    let scripts = data.get("scripts").and_then(|s| s.as_array()).into_iter().flatten().filter_map(|s| s.get("src").and_then(|s| s.as_str()));
    SiteSources::new(hosted, analytics, scripts)
}

/// What one HTML page contributes: hashes of its inline scripts and its site data URL.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct PageScripts {
    /// `'sha256-…'` of each inline executable script, in document order, no duplicates.
    pub(crate) hashes: Vec<String>,
    /// `site` URL of the boot record, when the page has one.
    pub(crate) site_data: Option<String>,
}

impl PageScripts {
    /// Scans an HTML document for `<script>` elements. A script without `src` whose `type`
    /// is absent, a JavaScript MIME type or `module` is executable and gets a hash of its
    /// exact text (what browsers hash); the boot record gives the site data URL.
    pub(crate) fn scan(html: &[u8]) -> PageScripts {
        let mut out = PageScripts::default();
        let mut at = 0;
        while let Some(start) = find_ci(html, at, b"<script") {
            let after_name = start + b"<script".len();
            // `<scripts>` or `<script-x>` are other elements.
            if html.get(after_name).is_some_and(|b| !(b.is_ascii_whitespace() || *b == b'>' || *b == b'/')) {
                at = after_name;
                continue;
            }
            let Some(tag_end) = tag_end(html, after_name) else { break };
            let attrs = &html[after_name..tag_end];
            let body_start = tag_end + 1;
            let body_end = find_ci(html, body_start, b"</script").unwrap_or(html.len());
            let body = &html[body_start..body_end];
            at = body_end;
            if attr(attrs, b"src").is_some() {
                continue;
            }
            let kind = attr(attrs, b"type").map(|t| t.trim().to_ascii_lowercase()).unwrap_or_default();
            if attr(attrs, b"id").as_deref() == Some("__docsite") && kind == "application/json" {
                if let Ok(boot) = serde_json::from_slice::<serde_json::Value>(body) {
                    out.site_data = boot.get("site").and_then(|s| s.as_str()).map(str::to_string);
                }
                continue;
            }
            if !is_executable(&kind) || body.is_empty() {
                continue;
            }
            // The HTML parser turns CRLF and CR into LF before the browser hashes the text.
            let hash = format!("'sha256-{}'", base64(&Sha256::digest(normalize_newlines(body))));
            if !out.hashes.contains(&hash) {
                out.hashes.push(hash);
            }
        }
        out
    }
}

fn normalize_newlines(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if !text.contains(&b'\r') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'\r' {
            out.push(b'\n');
            if text.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
        } else {
            out.push(text[i]);
        }
        i += 1;
    }
    std::borrow::Cow::Owned(out)
}

fn is_executable(kind: &str) -> bool {
    let essence = kind.split(';').next().unwrap_or("").trim();
    matches!(essence, "" | "module" | "text/javascript" | "application/javascript" | "application/ecmascript" | "text/ecmascript")
}

/// Index of the first case-insensitive occurrence of `needle` at or after `from`.
fn find_ci(hay: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    if from >= hay.len() {
        return None;
    }
    hay[from..].windows(needle.len()).position(|w| w.eq_ignore_ascii_case(needle)).map(|i| i + from)
}

/// Index of the `>` closing a start tag whose attributes begin at `from` (quotes respected).
fn tag_end(html: &[u8], from: usize) -> Option<usize> {
    let mut quote = None;
    for (i, &b) in html.iter().enumerate().skip(from) {
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(b),
            (Some(q), _) if b == q => quote = None,
            (None, b'>') => return Some(i),
            _ => {}
        }
    }
    None
}

/// Value of attribute `name` in a start tag's attribute text (`None` when absent; an
/// attribute without a value is `Some("")`).
fn attr(attrs: &[u8], name: &[u8]) -> Option<String> {
    let mut i = 0;
    let n = attrs.len();
    while i < n {
        while i < n && (attrs[i].is_ascii_whitespace() || attrs[i] == b'/') {
            i += 1;
        }
        let key_start = i;
        while i < n && !attrs[i].is_ascii_whitespace() && attrs[i] != b'=' && attrs[i] != b'>' {
            i += 1;
        }
        let key = &attrs[key_start..i];
        while i < n && attrs[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut value = Vec::new();
        if i < n && attrs[i] == b'=' {
            i += 1;
            while i < n && attrs[i].is_ascii_whitespace() {
                i += 1;
            }
            if i < n && (attrs[i] == b'"' || attrs[i] == b'\'') {
                let q = attrs[i];
                i += 1;
                let start = i;
                while i < n && attrs[i] != q {
                    i += 1;
                }
                value.extend_from_slice(&attrs[start..i]);
                i += 1;
            } else {
                let start = i;
                while i < n && !attrs[i].is_ascii_whitespace() {
                    i += 1;
                }
                value.extend_from_slice(&attrs[start..i]);
            }
        }
        if key.is_empty() {
            i += 1;
            continue;
        }
        if key.eq_ignore_ascii_case(name) {
            return Some(String::from_utf8_lossy(&value).into_owned());
        }
    }
    None
}

/// Standard base64 with padding (what CSP hash sources use).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The policy of a page from its scripts and its site's sources.
pub(crate) fn policy(page: &PageScripts, site: &SiteSources) -> String {
    docsite_core::headers::content_security_policy(&page.hashes, site)
}

/// Per-file cache of HTML policies (a file is rescanned when its size or mtime changes,
/// so `dev` rebuilds are picked up) and per-URL cache of site sources (site data chunks
/// are content-hashed, so a URL never changes meaning).
#[derive(Debug, Default)]
pub(crate) struct CspCache {
    pages: Mutex<HashMap<PathBuf, (Stamp, HeaderValue)>>,
    sites: Mutex<HashMap<String, Arc<SiteSources>>>,
}

type Stamp = (Option<SystemTime>, u64);

impl CspCache {
    /// The policy header for the HTML file `file` of the site at `root`.
    pub(crate) async fn for_html(&self, root: &Path, file: &Path) -> HeaderValue {
        let stamp = match tokio::fs::metadata(file).await {
            Ok(meta) => (meta.modified().ok(), meta.len()),
            Err(_) => (None, 0),
        };
        if let Some((cached, value)) = self.pages.lock().expect("csp cache").get(file) {
            if *cached == stamp {
                return value.clone();
            }
        }
        let html = tokio::fs::read(file).await.unwrap_or_default();
        let page = PageScripts::scan(&html);
        let site = match &page.site_data {
            Some(url) => self.site_sources(root, url).await,
            None => Arc::new(SiteSources::default()),
        };
        let value = HeaderValue::from_str(&policy(&page, &site)).unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"));
        self.pages.lock().expect("csp cache").insert(file.to_path_buf(), (stamp, value.clone()));
        value
    }

    async fn site_sources(&self, root: &Path, url: &str) -> Arc<SiteSources> {
        if let Some(found) = self.sites.lock().expect("csp cache").get(url) {
            return found.clone();
        }
        // `/<baseUrl>_docsite/site/<hash>.json`: the output folder is served at the base URL.
        let relative = url.find("_docsite/").map(|i| &url[i..]).unwrap_or("");
        let safe = !relative.is_empty() && !relative.split('/').any(|s| s == ".." || s.contains('\\'));
        let sources = match safe {
            true => match tokio::fs::read(root.join(relative)).await {
                Ok(bytes) => Arc::new(sources_from_site_data(&bytes)),
                // Not there (yet): do not remember, a rebuild may add it.
                Err(_) => return Arc::new(SiteSources::default()),
            },
            false => Arc::new(SiteSources::default()),
        };
        self.sites.lock().expect("csp cache").insert(url.to_string(), sources.clone());
        sources
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard_alphabet_and_padding() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foob"), "Zm9vYg==");
        // CSP's own example: sha256 of `alert('Hello, world.');`.
        assert_eq!(base64(&Sha256::digest(b"alert('Hello, world.');")), "qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=");
    }

    #[test]
    fn inline_scripts_are_hashed_and_data_scripts_are_not() {
        let html = br#"<head><script>var a=1</script><SCRIPT type="module">b()</SCRIPT>
<script src="/x.js"></script><script async src="https://buttons.github.io/buttons.js"></script>
<script id="__docsite" type="application/json">{"site":"/_docsite/site/ab.json"}</script>
<script type="text/plain">not code</script><scripts>x</scripts><script>var a=1</script>"#;
        let page = PageScripts::scan(html);
        assert_eq!(page.hashes.len(), 2, "{:?}", page.hashes);
        assert_eq!(page.hashes[0], format!("'sha256-{}'", base64(&Sha256::digest(b"var a=1"))));
        assert_eq!(page.site_data.as_deref(), Some("/_docsite/site/ab.json"));
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
    }
}
