//! Serving a built site: clean URLs, the site's 404 page with status 404, precompressed
//! brotli/gzip variants, long-lived caching for hashed assets, ETag revalidation for
//! everything else, byte ranges, security headers with a Content-Security-Policy derived
//! from the built site (`csp.rs`), CORS for the published schemas and whatever the site's
//! `_headers` adds (the header policy itself is `docsite_core::headers`, shared with the
//! `_headers` file the build writes for static hosts), and TCP_NODELAY (without it, small responses wait on
//! Nagle's algorithm and throughput drops by an order of magnitude; DESIGN §7).
//!
//! Routing (which file answers a URL) is ours; sending a file is tower-http's `ServeFile`,
//! which negotiates the precompressed variant, answers `HEAD`, single `Range` requests
//! (206 with `Content-Range`; several ranges get the whole file) and the conditional
//! headers (`If-None-Match` -> 304, with an ETag from the chosen file's size and mtime).
//! Used by `docsite serve` and `docsite dev`.

use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, HeaderName, HeaderValue, Method, Request, Response, StatusCode};
use axum::Router;
use docsite_core::headers::{self, HeaderRules};
use tower_http::services::ServeFile;

mod csp;
mod dev;

pub use dev::{DevEvent, DevHooks};

/// Server settings.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The built site.
    pub root: PathBuf,
    /// Address to listen on.
    pub addr: SocketAddr,
}

/// Errors starting the server.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The folder is not a built site.
    #[error("{0} is not a built site (no index.html or 404.html); run `docsite build` first")]
    NotBuilt(PathBuf),
    /// Binding the port failed.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// Address.
        addr: SocketAddr,
        /// Cause.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
}

/// Longest request target (path and query) answered; longer ones get 414. Hyper itself
/// answers 431 to request heads over its buffer limit (about 400 KB) or with more than
/// 100 headers.
pub const MAX_URI_BYTES: usize = 8 * 1024;

/// One built site being served.
#[derive(Debug)]
struct Site {
    root: PathBuf,
    csp: csp::CspCache,
    /// Header rules the server does not compute itself (CORS, `[[deploy.headers]]`), read
    /// from the `_headers` file the build wrote; without one, CORS for the schemas.
    rules: HeaderRules,
    /// Set by `docsite dev`.
    dev: Option<Arc<DevHooks>>,
}

/// Builds the router for a site folder (used by `serve` and tests).
pub fn router(root: PathBuf) -> Router {
    router_with(root, None)
}

/// The router of `docsite dev`: [`router`] plus live reload, the build error in place of
/// pages while the build fails, and no caching.
pub fn dev_router(root: PathBuf, hooks: Arc<DevHooks>) -> Router {
    router_with(root, Some(hooks))
}

fn router_with(root: PathBuf, dev: Option<Arc<DevHooks>>) -> Router {
    let rules = site_rules(&root);
    let site = Arc::new(Site { root, csp: csp::CspCache::default(), rules, dev });
    Router::new().fallback(move |req: Request<Body>| {
        let site = site.clone();
        async move { respond(&site, req).await }
    })
}

/// Serves until Ctrl-C.
pub async fn serve(opts: ServeOptions) -> Result<(), ServeError> {
    if !opts.root.join("404.html").is_file() {
        return Err(ServeError::NotBuilt(opts.root));
    }
    let listener = tokio::net::TcpListener::bind(opts.addr).await.map_err(|source| ServeError::Bind { addr: opts.addr, source })?;
    serve_on(listener, opts.root, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// Serves `root` on an already bound listener until `shutdown` resolves (tests bind port 0
/// and use this).
pub async fn serve_on(listener: tokio::net::TcpListener, root: PathBuf, shutdown: impl Future<Output = ()> + Send + 'static) -> Result<(), ServeError> {
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, router(root).into_make_service()).with_graceful_shutdown(shutdown).await?;
    Ok(())
}

/// Serves `docsite dev`'s output folder with its hooks until `shutdown` resolves.
pub async fn serve_dev_on(listener: tokio::net::TcpListener, root: PathBuf, hooks: Arc<DevHooks>, shutdown: impl Future<Output = ()> + Send + 'static) -> Result<(), ServeError> {
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, dev_router(root, hooks).into_make_service()).with_graceful_shutdown(shutdown).await?;
    Ok(())
}

/// The rules of the site's `_headers` minus the headers this server computes for every
/// response from the same policy (`docsite_core::headers`): security headers, caching and
/// the CSP. What is left is CORS and the configured rules. Without a `_headers` file (a
/// build with `writeHeaders = false`, `docsite dev`), the schemas get CORS.
fn site_rules(root: &Path) -> HeaderRules {
    let computed = |name: &str| name == "cache-control" || name == "content-security-policy" || headers::SECURITY_HEADERS.iter().any(|(n, _)| *n == name);
    let Ok(text) = std::fs::read_to_string(root.join("_headers")) else {
        let cors = vec![(headers::CORS_HEADER.0.to_string(), headers::CORS_HEADER.1.to_string())];
        return HeaderRules { rules: headers::DEFAULT_CORS.iter().map(|p| (format!("/{p}*"), cors.clone())).collect() };
    };
    let mut rules = HeaderRules::parse(&text);
    for (_, list) in &mut rules.rules {
        list.retain(|(name, _)| !computed(name));
    }
    rules.rules.retain(|(_, list)| !list.is_empty());
    rules
}

async fn respond(site: &Site, req: Request<Body>) -> Response<Body> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        let mut r = plain(StatusCode::METHOD_NOT_ALLOWED, "method not allowed\n");
        r.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    let target_len = req.uri().path_and_query().map_or(0, |pq| pq.as_str().len());
    if target_len > MAX_URI_BYTES {
        return plain(StatusCode::URI_TOO_LONG, "URI too long\n");
    }
    let raw_path = req.uri().path();
    let decoded = percent_encoding::percent_decode_str(raw_path).decode_utf8_lossy().into_owned();
    let mut req = req;
    if let Some(dev) = &site.dev {
        if let Some(r) = dev.respond(&decoded, &req) {
            return with_security(no_store(r));
        }
        // Files change in place while editing: always send them whole.
        for name in [header::IF_NONE_MATCH, header::IF_MODIFIED_SINCE] {
            req.headers_mut().remove(name);
        }
    }
    let Some(rel) = safe_relative(&decoded) else {
        return not_found(site, req).await;
    };
    // Clean URLs: /x.html and /x/index.html redirect to /x.
    if let Some(clean) = clean_url(&decoded) {
        let mut target = encode(&clean);
        if let Some(q) = req.uri().query() {
            target.push('?');
            target.push_str(q);
        }
        let mut r = Response::builder().status(StatusCode::MOVED_PERMANENTLY).body(Body::empty()).expect("valid");
        r.headers_mut().insert(header::LOCATION, HeaderValue::from_str(&target).unwrap_or(HeaderValue::from_static("/")));
        return with_security(r);
    }
    let candidates = if rel.as_os_str().is_empty() || decoded.ends_with('/') {
        vec![rel.join("index.html")]
    } else {
        vec![rel.clone(), rel.join("index.html")]
    };
    for candidate in candidates {
        if tokio::fs::metadata(site.root.join(&candidate)).await.is_ok_and(|m| m.is_file()) {
            return send_file(site, &candidate, req, StatusCode::OK).await;
        }
    }
    not_found(site, req).await
}

/// `/a.html` -> `/a`, `/a/index.html` -> `/a`, `/index.html` -> `/`; `None` if clean.
fn clean_url(path: &str) -> Option<String> {
    if path == "/404.html" {
        return None;
    }
    let stripped = path.strip_suffix("/index.html").or_else(|| path.strip_suffix(".html"))?;
    Some(if stripped.is_empty() { "/".into() } else { stripped.to_string() })
}

/// A path inside the root, or `None` for traversal attempts, hidden files (except
/// `.well-known`) and odd bytes. Works on the percent-decoded path, decoded once: a
/// double-encoded `%252e%252e` stays the literal name `%2e%2e`.
fn safe_relative(decoded: &str) -> Option<PathBuf> {
    if decoded.contains('\0') || decoded.contains('\\') || decoded.contains('\u{FFFD}') {
        return None;
    }
    let mut out = PathBuf::new();
    for seg in decoded.split('/') {
        match seg {
            "" | "." => {}
            ".." => return None,
            ".well-known" => out.push(seg),
            s if s.starts_with('.') || s.chars().any(char::is_control) => return None,
            s => out.push(s),
        }
    }
    Some(out)
}

fn encode(path: &str) -> String {
    const SET: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`').add(b'#').add(b'?').add(b'%');
    percent_encoding::utf8_percent_encode(path, SET).to_string()
}

/// The site's `404.html` with status 404 (conditional and range headers ignored: they
/// apply to the resource asked for, which does not exist).
async fn not_found(site: &Site, mut req: Request<Body>) -> Response<Body> {
    let page = Path::new("404.html");
    if !tokio::fs::metadata(site.root.join(page)).await.is_ok_and(|m| m.is_file()) {
        return plain(StatusCode::NOT_FOUND, "not found\n");
    }
    for name in [header::RANGE, header::IF_NONE_MATCH, header::IF_MODIFIED_SINCE, header::IF_MATCH, header::IF_UNMODIFIED_SINCE, header::IF_RANGE] {
        req.headers_mut().remove(name);
    }
    send_file(site, page, req, StatusCode::NOT_FOUND).await
}

fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    let mut r = Response::builder().status(status).body(Body::from(text)).expect("valid");
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    with_security(r)
}

/// Dev responses change without changing their URL.
fn no_store(mut r: Response<Body>) -> Response<Body> {
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

fn with_security(mut r: Response<Body>) -> Response<Body> {
    for (k, v) in headers::SECURITY_HEADERS {
        r.headers_mut().insert(*k, HeaderValue::from_static(v));
    }
    r
}

fn content_type(path: &Path) -> Option<&'static str> {
    Some(match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        "pdf" => "application/pdf",
        "wasm" => "application/wasm",
        _ => return None,
    })
}

/// Hashed files (under `assets/` or `_docsite/`) never change: cache them for a year.
fn is_immutable(rel: &Path) -> bool {
    rel.components().next().and_then(|c| c.as_os_str().to_str()).is_some_and(headers::is_immutable)
}

/// Sends `rel` (relative to the site root) with `status`, through `ServeFile`.
async fn send_file(site: &Site, rel: &Path, req: Request<Body>, status: StatusCode) -> Response<Body> {
    let file = site.root.join(rel);
    let extra: Vec<(HeaderName, HeaderValue)> = site
        .rules
        .matching(req.uri().path())
        .filter_map(|(n, v)| Some((HeaderName::from_bytes(n.as_bytes()).ok()?, HeaderValue::from_str(v).ok()?)))
        .collect();
    let served = ServeFile::new(&file).precompressed_br().precompressed_gzip().ignore_multi_range_requests(true).try_call(req).await;
    let response = match served {
        Ok(response) => response,
        Err(_) => return plain(StatusCode::INTERNAL_SERVER_ERROR, "cannot read file\n"),
    };
    let (mut parts, body) = response.into_parts();
    if status != StatusCode::OK && parts.status == StatusCode::OK {
        parts.status = status;
    }
    let h = &mut parts.headers;
    if h.contains_key(header::CONTENT_TYPE) {
        if let Some(kind) = content_type(&file) {
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
        }
    }
    let immutable = status == StatusCode::OK && is_immutable(rel);
    let cache = match (&site.dev, immutable) {
        (Some(_), _) => "no-store",
        (None, true) => headers::CACHE_IMMUTABLE,
        (None, false) => headers::CACHE_REVALIDATE,
    };
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    for (name, value) in extra {
        h.insert(name, value);
    }
    match file.extension().and_then(|e| e.to_str()) {
        Some("html") => {
            h.insert(header::CONTENT_SECURITY_POLICY, site.csp.for_html(&site.root, &file).await);
        }
        Some("svg" | "xml") => {
            h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(csp::DOCUMENT_LOCKDOWN));
        }
        _ => {}
    }
    with_security(Response::from_parts(parts, Body::new(body)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_suffixes_are_cleaned() {
        assert_eq!(clean_url("/docs/a.html").as_deref(), Some("/docs/a"));
        assert_eq!(clean_url("/docs/index.html").as_deref(), Some("/docs"));
        assert_eq!(clean_url("/index.html").as_deref(), Some("/"));
        assert_eq!(clean_url("/docs/a"), None);
        assert_eq!(clean_url("/404.html"), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config {
            cases: std::env::var("DOCSITE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(512),
            failure_persistence: None,
            ..Default::default()
        })]

        /// Whatever the request path, decoded once, what is served stays inside the root
        /// and never is a hidden file other than `.well-known`.
        #[test]
        fn no_request_path_leaves_the_root(path in "(/|\\.\\.|\\.|%2e|%2E|%2f|%5c|%25|%00|%c0%ae|\\\\|[a-z]{1,3}|\\.git|\\.well-known| ){0,12}") {
            let decoded = percent_encoding::percent_decode_str(&path).decode_utf8_lossy().into_owned();
            if let Some(rel) = safe_relative(&decoded) {
                for c in rel.components() {
                    let std::path::Component::Normal(name) = c else { panic!("{path:?} -> {rel:?}") };
                    let name = name.to_string_lossy();
                    proptest::prop_assert!(!name.starts_with('.') || name == ".well-known", "{path:?} -> {rel:?}");
                    proptest::prop_assert!(!name.contains('\\') && !name.contains('\0'));
                }
            }
        }
    }

    #[test]
    fn traversal_is_refused() {
        assert!(safe_relative("/../etc/passwd").is_none());
        assert!(safe_relative("/a/..\\b").is_none());
        assert!(safe_relative("/a\0").is_none());
        assert!(safe_relative("/.git/config").is_none());
        assert_eq!(safe_relative("/docs/a b").unwrap(), PathBuf::from("docs/a b"));
    }
}
