//! The HTTP header policy of a built site, defined once: the security headers of every
//! response, the cache rule (hashed files for a year, everything else revalidated), which
//! paths other origins may fetch (CORS), and the Content-Security-Policy of a page from its
//! inline scripts and what the site data enables.
//!
//! Two users: `docsite-server` applies it to every response of `docsite serve`, and the
//! build's host-file stage (`build/host_files.rs`) writes the same rules into `_headers`
//! for Netlify and Cloudflare Pages. Neither spells a header value of its own.
//!
//! Pagefind compiles WebAssembly, hence `'wasm-unsafe-eval'` (which allows WebAssembly
//! compilation only, not JavaScript `eval`). Styles allow `'unsafe-inline'`: pre-rendered
//! markup carries `style` attributes (table cell alignment) and mermaid puts a `<style>`
//! element inside every diagram it draws; inline styles cannot run code. Images may come from
//! any https host: content can embed external images (badges, logos), and after a client-side
//! navigation a page shows another page's content under the first page's policy.

use sha2::{Digest, Sha256};

/// Headers of every response (lower-case names, as HTTP/2 sends them).
pub const SECURITY_HEADERS: &[(&str, &str)] = &[
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    ("x-frame-options", "SAMEORIGIN"),
];

/// Folders of the output whose files are content-hashed (their name changes with their
/// bytes), relative to the output root: the theme's assets and the engine's data chunks
/// (`emit.rs`, `build/chunks.rs`) and custom CSS. Not all of `_docsite/`: the CSP manifest
/// `_docsite/csp.json` keeps its name from build to build and must be revalidated.
pub const HASHED_DIRS: &[&str] = &["assets", "_docsite/pages", "_docsite/routes", "_docsite/sidebars", "_docsite/site", "_docsite/custom"];

/// `Cache-Control` of hashed files: a year, never revalidated.
pub const CACHE_IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `Cache-Control` of everything else: may be stored, revalidated on every use.
pub const CACHE_REVALIDATE: &str = "public, max-age=0, must-revalidate";

/// The CORS header of paths other origins may fetch.
pub const CORS_HEADER: (&str, &str) = ("access-control-allow-origin", "*");

/// Paths (under the base URL) that send [`CORS_HEADER`] when the configuration names none:
/// the published JSON schemas, which tools and web apps on other origins fetch.
pub const DEFAULT_CORS: &[&str] = &["schemas/"];

/// Policy of responses that are not HTML pages but could be opened as documents (SVG, XML):
/// nothing may run, inline styles may (SVG uses them).
pub const DOCUMENT_LOCKDOWN: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox";

/// Hosts DocSearch queries go to (`<APP>-dsn.algolia.net`, `<APP>-1.algolianet.com`, …).
pub const ALGOLIA: &[&str] = &["https://*.algolia.net", "https://*.algolianet.com"];
/// Where gtag.js is loaded from.
pub const GTAG_SCRIPT: &str = "https://www.googletagmanager.com";
/// Where gtag.js sends page views (Google's documented policy for GA4).
pub const GTAG_CONNECT: &[&str] = &["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];

/// Whether a file (path relative to the output root, `/`-separated) is content-hashed.
pub fn is_immutable(rel: &str) -> bool {
    let rel = rel.trim_start_matches('/');
    HASHED_DIRS.iter().any(|dir| rel.strip_prefix(dir).is_some_and(|rest| rest.starts_with('/')))
}

/// Whether a file (path relative to the output root) may be fetched from any origin, given
/// the configured CORS paths (`schemas/` covers everything under it; a path without a final
/// `/` is that file only).
pub fn allows_cors<S: AsRef<str>>(rel: &str, cors: &[S]) -> bool {
    let rel = rel.trim_start_matches('/');
    cors.iter().map(AsRef::as_ref).any(|p| if p.ends_with('/') { rel.starts_with(p) } else { rel == p })
}

/// What the site data enables beyond `'self'`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SiteSources {
    /// Extra `script-src` sources.
    pub script: Vec<String>,
    /// Extra `connect-src` sources.
    pub connect: Vec<String>,
    /// `frame-src` sources (none: the default, `'self'`).
    pub frame: Vec<String>,
}

impl SiteSources {
    /// Sources for a site with hosted search and analytics on or off and these third-party
    /// script URLs (only absolute ones add their origin; relative ones are `'self'`).
    pub fn new<'a>(hosted_search: bool, analytics: bool, scripts: impl IntoIterator<Item = &'a str>) -> SiteSources {
        let mut out = SiteSources::default();
        if hosted_search {
            out.connect.extend(ALGOLIA.iter().map(|s| s.to_string()));
        }
        if analytics {
            out.script.push(GTAG_SCRIPT.to_string());
            out.connect.extend(GTAG_CONNECT.iter().map(|s| s.to_string()));
        }
        for origin in scripts.into_iter().filter_map(origin_of) {
            if !out.script.contains(&origin) {
                out.script.push(origin);
            }
        }
        out
    }

    /// Adds the origins iframes may show (`security.frameSrc`); anything that is not a
    /// plain origin is left out (the value goes into a header).
    pub fn with_frames<'a>(mut self, frames: impl IntoIterator<Item = &'a str>) -> SiteSources {
        for origin in frames.into_iter().filter_map(|f| origin_of(f).filter(|o| o == f)) {
            if !self.frame.contains(&origin) {
                self.frame.push(origin);
            }
        }
        self
    }

    /// The sources of a site's data (`SiteData` of the engine-theme contract).
    pub fn of_site(site: &crate::contract::SiteData) -> SiteSources {
        SiteSources::new(site.search.hosted.is_some(), site.analytics.is_some(), site.scripts.iter().map(|s| s.src.as_str())).with_frames(site.frame_src.iter().map(String::as_str))
    }
}

/// `https://host[:port]` of an absolute http(s) URL (`//host/x` counts as https); `None`
/// for relative URLs (covered by `'self'`) and for anything that is not a plain origin.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = if let Some(rest) = url.strip_prefix("https://") {
        ("https", rest)
    } else if let Some(rest) = url.strip_prefix("http://") {
        ("http", rest)
    } else if let Some(rest) = url.strip_prefix("//") {
        ("https", rest)
    } else {
        return None;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let valid = !host.is_empty() && host.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'));
    valid.then(|| format!("{scheme}://{}", host.to_ascii_lowercase()))
}

/// The Content-Security-Policy of a page: its inline scripts' hash sources (`'sha256-…'`)
/// and its site's sources.
pub fn content_security_policy(hashes: &[String], site: &SiteSources) -> String {
    let mut script = vec!["'self'".to_string(), "'wasm-unsafe-eval'".to_string()];
    script.extend(hashes.iter().cloned());
    script.extend(site.script.iter().cloned());
    let mut connect = vec!["'self'".to_string()];
    connect.extend(site.connect.iter().cloned());
    let frame = if site.frame.is_empty() { None } else { Some(format!("frame-src 'self' {}", site.frame.join(" "))) };
    let policy = [
        "default-src 'self'".to_string(),
        format!("script-src {}", script.join(" ")),
        "style-src 'self' 'unsafe-inline'".to_string(),
        "img-src 'self' data: https:".to_string(),
        "font-src 'self' data:".to_string(),
        format!("connect-src {}", connect.join(" ")),
        "worker-src 'self'".to_string(),
        "object-src 'none'".to_string(),
        "base-uri 'self'".to_string(),
        "form-action 'self'".to_string(),
        "frame-ancestors 'self'".to_string(),
    ];
    policy.into_iter().chain(frame).collect::<Vec<_>>().join("; ")
}

/// The CSP hash source of an inline script's text (`'sha256-<base64>'`), hashed the way
/// browsers do: after the HTML parser turned CRLF and CR into LF.
pub fn script_hash(text: &str) -> String {
    use base64::Engine as _;
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes())))
}

/// Hash sources of the executable inline scripts of an HTML document (no `src`, and a
/// `type` that is absent, a JavaScript MIME type or `module`; JSON and JSON-LD data blocks
/// are never executed and need none), in document order without duplicates. Tokenised by
/// html5gum, switching to script data after `<script>` as a browser does.
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    use html5gum::{DefaultEmitter, Token, Tokenizer};
    let mut emitter = DefaultEmitter::default();
    emitter.naively_switch_states(true);
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for token in Tokenizer::new_with_emitter(html, emitter).flatten() {
        match token {
            Token::StartTag(tag) if tag.name.eq_ignore_ascii_case(b"script") => {
                let kind = tag.attributes.get(b"type".as_slice()).map(|t| String::from_utf8_lossy(t).trim().to_ascii_lowercase()).unwrap_or_default();
                let executable = matches!(kind.split(';').next().unwrap_or("").trim(), "" | "module" | "text/javascript" | "application/javascript" | "application/ecmascript" | "text/ecmascript");
                let has_src = tag.attributes.contains_key(b"src".as_slice());
                current = (executable && !has_src).then(String::new);
            }
            Token::String(text) => {
                if let Some(body) = current.as_mut() {
                    body.push_str(&String::from_utf8_lossy(&text));
                }
            }
            Token::EndTag(tag) if tag.name.eq_ignore_ascii_case(b"script") => {
                if let Some(body) = current.take().filter(|b| !b.is_empty()) {
                    let hash = script_hash(&body);
                    if !out.contains(&hash) {
                        out.push(hash);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Header rules in the `_headers` format of Netlify and Cloudflare Pages: a URL path at the
/// start of a line (a final `*` matches any rest), then its headers, indented, one
/// `Name: value` a line; `#` starts a comment line.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct HeaderRules {
    /// (path pattern, headers) in file order.
    pub rules: Vec<(String, Vec<(String, String)>)>,
}

impl HeaderRules {
    /// Parses a `_headers` file; lines that fit neither form are skipped, as hosts do.
    pub fn parse(text: &str) -> HeaderRules {
        let mut rules: Vec<(String, Vec<(String, String)>)> = Vec::new();
        for line in text.lines() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if !line.starts_with([' ', '\t']) {
                rules.push((trimmed.to_string(), Vec::new()));
            } else if let (Some((name, value)), Some(rule)) = (trimmed.split_once(':'), rules.last_mut()) {
                rule.1.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
            }
        }
        HeaderRules { rules }
    }

    /// The rules as a `_headers` file.
    pub fn to_file(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            out.push_str(&format!("# {line}\n"));
        }
        for (path, headers) in &self.rules {
            out.push_str(path);
            out.push('\n');
            for (name, value) in headers {
                out.push_str(&format!("  {name}: {value}\n"));
            }
        }
        out
    }

    /// Every header of every rule whose pattern matches the URL path `path`, in file order.
    pub fn matching<'a>(&'a self, path: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        self.rules
            .iter()
            .filter(move |(pattern, _)| match pattern.strip_suffix('*') {
                Some(prefix) => path.starts_with(prefix),
                None => pattern == path,
            })
            .flat_map(|(_, headers)| headers.iter().map(|(n, v)| (n.as_str(), v.as_str())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_match_the_csp_specification_example() {
        // CSP's own example: sha256 of `alert('Hello, world.');`.
        assert_eq!(script_hash("alert('Hello, world.');"), "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
        assert_eq!(script_hash("a\r\nb"), script_hash("a\nb"));
    }

    #[test]
    fn only_executable_inline_scripts_are_hashed() {
        let html = r#"<head><script>if (a < b && c) {}</script><SCRIPT type="module">b()</SCRIPT>
<script src="/x.js"></script><script async src="https://buttons.github.io/buttons.js"></script>
<script id="__docsite" type="application/json">{"site":"/_docsite/site/ab.json"}</script>
<script type="application/ld+json">{"@type":"WebSite"}</script>
<script type="text/plain">not code</script><script>if (a < b && c) {}</script>"#;
        let hashes = inline_script_hashes(html);
        assert_eq!(hashes, vec![script_hash("if (a < b && c) {}"), script_hash("b()")]);
    }

    #[test]
    fn hashed_folders_are_immutable_and_cors_follows_the_configured_paths() {
        assert!(is_immutable("assets/index-abc.js"));
        assert!(is_immutable("/_docsite/pages/x.json"));
        assert!(is_immutable("_docsite/site/x.json"));
        assert!(is_immutable("_docsite/custom/ab12-site.css"));
        assert!(!is_immutable("_docsite/csp.json"), "the manifest keeps its name: revalidated");
        assert!(!is_immutable("_docsite/csp.json.br"));
        assert!(!is_immutable("_docsite/dev/client.js"));
        assert!(!is_immutable("_docsite/pagesx/a.json"));
        assert!(!is_immutable("docs/index.html"));
        assert!(!is_immutable("assets.txt"));
        assert!(allows_cors("schemas/2.2/context/instrument.schema.json", DEFAULT_CORS));
        assert!(!allows_cors("docs/schemas/x.json", DEFAULT_CORS));
        assert!(allows_cors("/data.json", &["data.json"]));
        assert!(!allows_cors("data.json.bak", &["data.json"]));
    }

    #[test]
    fn site_sources_add_hosted_search_analytics_and_script_origins() {
        assert_eq!(SiteSources::new(false, false, []), SiteSources::default());
        let all = SiteSources::new(true, true, ["https://buttons.github.io/buttons.js", "/local.js", "https://buttons.github.io/other.js"]);
        assert_eq!(all.script, vec![GTAG_SCRIPT.to_string(), "https://buttons.github.io".to_string()]);
        assert!(all.connect.iter().any(|c| c == "https://*.algolia.net"));
        let policy = content_security_policy(&["'sha256-x'".into()], &all);
        assert!(policy.contains("script-src 'self' 'wasm-unsafe-eval' 'sha256-x' https://www.googletagmanager.com https://buttons.github.io;"), "{policy}");
    }

    #[test]
    fn frame_origins_become_frame_src_and_nothing_else_does() {
        assert!(!content_security_policy(&[], &SiteSources::default()).contains("frame-src"));
        let sources = SiteSources::default().with_frames(["https://www.youtube-nocookie.com", "https://x.example/path", "https://a.example; script-src *", "javascript:alert(1)"]);
        assert_eq!(sources.frame, vec!["https://www.youtube-nocookie.com".to_string()]);
        let policy = content_security_policy(&[], &sources);
        assert!(policy.ends_with("; frame-src 'self' https://www.youtube-nocookie.com"), "{policy}");
    }

    #[test]
    fn header_rules_round_trip_and_match_exact_paths_and_final_stars() {
        let text = "# c\n/*\n  X-A: 1\n/schemas/*\n  access-control-allow-origin: *\n/docs/a\n  x-b: two: parts\nnot a header\n";
        let rules = HeaderRules::parse(text);
        assert_eq!(rules.rules.len(), 4);
        assert_eq!(HeaderRules::parse(&rules.to_file("again")), rules);
        let at = |p: &str| rules.matching(p).map(|(n, v)| format!("{n}={v}")).collect::<Vec<_>>();
        assert_eq!(at("/schemas/x.json"), vec!["x-a=1", "access-control-allow-origin=*"]);
        assert_eq!(at("/docs/a"), vec!["x-a=1", "x-b=two: parts"]);
        assert_eq!(at("/docs/a/"), vec!["x-a=1"]);
    }

    #[test]
    fn origins_are_plain_hosts_only() {
        assert_eq!(origin_of("https://Example.org:8443/a?b").as_deref(), Some("https://example.org:8443"));
        assert_eq!(origin_of("//cdn.example/x.js").as_deref(), Some("https://cdn.example"));
        assert_eq!(origin_of("/x.js"), None);
        assert_eq!(origin_of("https://a b/"), None);
        assert_eq!(origin_of("https://x;script-src *"), None);
    }
}
