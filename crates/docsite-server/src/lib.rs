//! Serving a built site: clean URLs, the site's 404 page with status 404, precompressed
//! brotli/gzip variants, long-lived caching for hashed assets, ETag revalidation for
//! everything else, byte ranges, security headers with a Content-Security-Policy derived
//! from the built site (`csp.rs`), CORS for the published schemas and whatever the site's
//! `_headers` adds (the header policy itself is `docsite_core::headers`, shared with the
//! `_headers` file the build writes for static hosts), and connection limits and timeouts
//! (`conn.rs`).
//!
//! Routing (which file answers a URL) is ours; sending a file is tower-http's `ServeFile`,
//! which negotiates the precompressed variant, answers `HEAD`, single `Range` requests
//! (206 with `Content-Range`; several ranges get the whole file) and the conditional
//! headers (`If-None-Match` -> 304, with an ETag from the chosen file's size and mtime).
//! Two rules of RFC 9110 it does not apply are applied here: an `If-Range` whose validator
//! no longer matches gets the whole file (200), and an `If-Modified-Since` later than the
//! server's clock is ignored.
//!
//! Nothing is served from outside the root: the root is canonicalised once, and each file
//! (and each precompressed variant) must resolve, symlinks followed, to a path inside it.
//! Redirects are built from the checked path segments, so their `Location` always starts
//! with exactly one `/` (never `//host`, which browsers read as another site).
//! Used by `docsite serve` and `docsite dev`.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use axum::body::Body;
use axum::http::{header, HeaderName, HeaderValue, Method, Request, Response, StatusCode};
use axum::Router;
use docsite_core::headers::{self, HeaderRules};
use tower_http::services::ServeFile;

mod conn;
mod csp;
mod dev;
mod proxy;

pub use conn::{raise_open_file_limit, Limits};
pub use dev::{BuildFailure, DevEvent, DevHooks, FailedItem};

/// Server settings.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The built site.
    pub root: PathBuf,
    /// Address to listen on.
    pub addr: SocketAddr,
    /// Timeouts and the connection limit.
    pub limits: Limits,
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
    /// `root` canonicalised once (symlinks resolved): every file served resolves inside it.
    real_root: PathBuf,
    csp: csp::CspCache,
    /// Header rules the server does not compute itself (CORS, `[[deploy.headers]]`), read
    /// from the `_headers` file the build wrote; without one, CORS for the schemas.
    rules: HeaderRules,
    /// The redirects of the site's `_redirects` (URL path -> status and location).
    redirects: HostRedirects,
    /// Set by `docsite dev`, with the address its listener is bound to (see
    /// `dev::host_allowed`).
    dev: Option<(Arc<DevHooks>, IpAddr)>,
}

/// Builds the router for a site folder (used by `serve` and tests).
pub fn router(root: PathBuf) -> Router {
    router_with(root, None)
}

/// The router of `docsite dev` listening on `bound`: [`router`] plus live reload, the build
/// error in place of pages while the build fails, no caching, and only requests for a local
/// host name or `bound` answered (403 for any other `Host`: a DNS-rebinding page cannot read
/// the dev site). `serve` answers every host: behind a proxy or on a public name, the host
/// is whatever the site is published as.
pub fn dev_router(root: PathBuf, hooks: Arc<DevHooks>, bound: IpAddr) -> Router {
    router_with(root, Some((hooks, bound)))
}

fn router_with(root: PathBuf, dev: Option<(Arc<DevHooks>, IpAddr)>) -> Router {
    // A root that cannot be resolved (it does not exist) serves nothing: an empty real
    // root would contain nothing either, since canonical paths are absolute.
    let real_root = std::fs::canonicalize(&root).unwrap_or_default();
    let rules = site_rules(&root);
    let redirects = std::fs::read_to_string(root.join("_redirects")).map(|text| HostRedirects::parse(&text)).unwrap_or_default();
    let site = Arc::new(Site { root, real_root, csp: csp::CspCache::default(), rules, redirects, dev });
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
    let listener = conn::listen(opts.addr).map_err(|source| ServeError::Bind { addr: opts.addr, source })?;
    conn::run(listener, router(opts.root), opts.limits, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}

/// Serves `root` on an already bound listener until `shutdown` resolves (tests bind port 0
/// and use this), with the default [`Limits`].
pub async fn serve_on(listener: tokio::net::TcpListener, root: PathBuf, shutdown: impl Future<Output = ()> + Send + 'static) -> Result<(), ServeError> {
    serve_on_with(listener, root, Limits::default(), shutdown).await
}

/// [`serve_on`] with the given limits.
pub async fn serve_on_with(listener: tokio::net::TcpListener, root: PathBuf, limits: Limits, shutdown: impl Future<Output = ()> + Send + 'static) -> Result<(), ServeError> {
    conn::run(listener, router(root), limits, shutdown).await?;
    Ok(())
}

/// Serves `docsite dev`'s output folder with its hooks until `shutdown` resolves.
pub async fn serve_dev_on(listener: tokio::net::TcpListener, root: PathBuf, hooks: Arc<DevHooks>, shutdown: impl Future<Output = ()> + Send + 'static) -> Result<(), ServeError> {
    let bound = listener.local_addr()?.ip();
    // Before the default limits read it.
    raise_open_file_limit();
    conn::run(listener, dev_router(root, hooks, bound), Limits::default(), shutdown).await?;
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

/// The redirects of a `_redirects` file (Netlify and Cloudflare Pages format, as
/// `docsite build` writes it: `from to [status][!]` a line): the `.html` forms of the pages
/// and the config's `[[redirects]]`, so that `docsite serve` answers what hosts answer
/// (301 with `Location`) rather than the page the build writes for hosts without redirect
/// rules. Only plain paths are read (no splats, placeholders, rewrites or query matches),
/// and only targets on this site (one leading `/`) or absolute http(s) URLs.
#[derive(Debug, Default)]
struct HostRedirects {
    by_path: std::collections::HashMap<String, (StatusCode, String)>,
}

impl HostRedirects {
    fn parse(text: &str) -> HostRedirects {
        let mut by_path = std::collections::HashMap::new();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let mut fields = line.split_whitespace();
            let (Some(from), Some(to)) = (fields.next(), fields.next()) else { continue };
            let status = match fields.next().map(|s| s.trim_end_matches('!')) {
                None => StatusCode::MOVED_PERMANENTLY,
                Some(code) => match code.parse::<u16>().ok().and_then(|c| StatusCode::from_u16(c).ok()) {
                    Some(c) if matches!(c.as_u16(), 301 | 302 | 303 | 307 | 308) => c,
                    _ => continue,
                },
            };
            let plain = from.starts_with('/') && !from.contains(['*', ':', '?']);
            let target_ok = is_on_site(to) || to.starts_with("https://") || to.starts_with("http://");
            if plain && target_ok && fields.next().is_none() && HeaderValue::from_str(to).is_ok() {
                by_path.entry(from.to_string()).or_insert((status, to.to_string()));
            }
        }
        HostRedirects { by_path }
    }

    /// The redirect for a request path (as sent, or percent-decoded), keeping the query
    /// when the target has none.
    fn answer(&self, raw_path: &str, decoded: &str, query: Option<&str>) -> Option<Response<Body>> {
        let (status, to) = self.by_path.get(raw_path).or_else(|| self.by_path.get(decoded))?;
        let mut target = to.clone();
        if let (Some(q), false) = (query, to.contains('?')) {
            target.push('?');
            target.push_str(q);
        }
        let location = HeaderValue::from_str(&target).ok()?;
        let mut r = Response::builder().status(*status).body(Body::empty()).expect("valid");
        r.headers_mut().insert(header::LOCATION, location);
        r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(headers::CACHE_REVALIDATE));
        Some(with_security(r))
    }
}

async fn respond(site: &Site, req: Request<Body>) -> Response<Body> {
    if let Some((_, bound)) = &site.dev {
        if !dev::host_allowed(&req, *bound) {
            return no_store(plain(StatusCode::FORBIDDEN, dev::HOST_REFUSED));
        }
    }
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
    if let Some(r) = site.redirects.answer(raw_path, &decoded, req.uri().query()) {
        return r;
    }
    // `docsite dev`: the site's React code as modules, from Vite's dev server.
    if let Some((dev, _)) = site.dev.as_ref().filter(|(dev, _)| dev.is_vite_path(raw_path)) {
        return match dev.vite_for(raw_path) {
            Some(addr) => with_security(proxy::forward(proxy::request(addr, &req)).await),
            None => no_store(plain(StatusCode::NOT_FOUND, "no Vite dev server runs for this site's React code\n")),
        };
    }
    let mut req = req;
    if let Some((dev, _)) = &site.dev {
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
    let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
    // `/x/index.html` and `/x.html` redirect to `/x` when that is a page the engine
    // pre-rendered (listed in `_docsite/csp.json`): `/x` serves the same file. Any other
    // `.html` file (a static file, e.g. a site-verification page, or an `index.html` in a
    // static folder) is served as it is at its own path.
    if name.ends_with(".html") && rel != Path::new("404.html") {
        let clean = match name.strip_suffix(".html").filter(|_| name != "index.html") {
            Some(stem) => rel.with_file_name(stem),
            None => rel.parent().map(Path::to_path_buf).unwrap_or_default(),
        };
        let file = site.resolve(&rel).await;
        let is_page = match &file {
            Some(_) if name != "index.html" => false,
            _ => site.csp.is_page(&site.real_root, &page_key(&clean)).await && site.resolve(&clean.join("index.html")).await.is_some(),
        };
        if is_page {
            return redirect(&clean, req.uri().query());
        }
        return match file {
            Some(file) => send_file(site, &rel, &file, req, StatusCode::OK).await,
            None => not_found(site, req).await,
        };
    }
    match site.route_file(&rel, decoded.ends_with('/')).await {
        Some((rel, file)) => send_file(site, &rel, &file, req, StatusCode::OK).await,
        None => not_found(site, req).await,
    }
}

impl Site {
    /// The real path of the regular file `rel` (relative to the root), when it and its
    /// precompressed variants resolve inside the root.
    async fn resolve(&self, rel: &Path) -> Option<PathBuf> {
        let real = tokio::fs::canonicalize(self.root.join(rel)).await.ok()?;
        if !real.starts_with(&self.real_root) || !tokio::fs::metadata(&real).await.is_ok_and(|m| m.is_file()) {
            return None;
        }
        // `ServeFile` opens `<file>.br` / `<file>.gz` beside the path it is given (`real`,
        // whose folder is inside): such a variant escapes only if it is itself a symlink.
        for ext in ["br", "gz"] {
            let mut variant = real.clone().into_os_string();
            variant.push(".");
            variant.push(ext);
            if tokio::fs::symlink_metadata(&variant).await.is_ok_and(|m| m.is_symlink()) && !tokio::fs::canonicalize(&variant).await.is_ok_and(|v| v.starts_with(&self.real_root)) {
                return None;
            }
        }
        Some(real)
    }

    /// The file answering route path `rel`: `rel` itself or `rel/index.html` (only the
    /// latter for a folder URL ending in `/`), as (relative path, real path).
    async fn route_file(&self, rel: &Path, folder: bool) -> Option<(PathBuf, PathBuf)> {
        let index = rel.join("index.html");
        if !(rel.as_os_str().is_empty() || folder) {
            if let Some(file) = self.resolve(rel).await {
                return Some((rel.to_path_buf(), file));
            }
        }
        let file = self.resolve(&index).await?;
        Some((index, file))
    }
}

/// The manifest key of the page at route `rel` (relative to the root): `<rel>/index.html`
/// with `/` separators.
fn page_key(rel: &Path) -> String {
    let mut parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    parts.push("index.html".to_string());
    parts.join("/")
}

/// 301 to the route `rel` (checked segments, so the location is always on this site).
fn redirect(rel: &Path, query: Option<&str>) -> Response<Body> {
    let segments: Vec<String> = rel.components().map(|c| encode(&c.as_os_str().to_string_lossy())).collect();
    let mut target = format!("/{}", segments.join("/"));
    if let Some(q) = query {
        target.push('?');
        target.push_str(q);
    }
    let mut r = Response::builder().status(StatusCode::MOVED_PERMANENTLY).body(Body::empty()).expect("valid");
    let location = HeaderValue::from_str(&target).ok().filter(|_| is_on_site(&target)).unwrap_or(HeaderValue::from_static("/"));
    r.headers_mut().insert(header::LOCATION, location);
    with_security(r)
}

/// A redirect target that stays on this site: one leading `/`, no backslash (browsers
/// read `//host` and `/\host` as another host).
fn is_on_site(target: &str) -> bool {
    target.starts_with('/') && !target.starts_with("//") && !target.contains('\\')
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
    let Some(file) = site.resolve(page).await else {
        return plain(StatusCode::NOT_FOUND, "not found\n");
    };
    for name in [header::RANGE, header::IF_NONE_MATCH, header::IF_MODIFIED_SINCE, header::IF_MATCH, header::IF_UNMODIFIED_SINCE, header::IF_RANGE] {
        req.headers_mut().remove(name);
    }
    send_file(site, page, &file, req, StatusCode::NOT_FOUND).await
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

fn extension(path: &Path) -> &str {
    path.extension().and_then(|e| e.to_str()).unwrap_or("")
}

fn content_type(path: &Path) -> Option<&'static str> {
    Some(match extension(path) {
        "html" | "htm" => "text/html; charset=utf-8",
        "xhtml" => "application/xhtml+xml; charset=utf-8",
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

/// Hashed files (under `assets/` or `_docsite/<kind>/`) never change: cache them for a year.
fn is_immutable(rel: &Path) -> bool {
    let parts: Option<Vec<&str>> = rel.components().map(|c| c.as_os_str().to_str()).collect();
    parts.is_some_and(|parts| headers::is_immutable(&parts.join("/")))
}

/// An `If-Modified-Since` later than now is ignored (RFC 9110 §13.1.3): a clock ahead of
/// ours must not turn every later change into a 304.
fn drop_future_if_modified_since(req: &mut Request<Body>) {
    let future = req.headers().get(header::IF_MODIFIED_SINCE).and_then(|v| v.to_str().ok()).and_then(|v| httpdate::parse_http_date(v).ok()).is_some_and(|date| date > SystemTime::now());
    if future {
        req.headers_mut().remove(header::IF_MODIFIED_SINCE);
    }
}

/// Whether the `If-Range` validator matches the representation just chosen (RFC 9110
/// §13.1.5): an entity tag compares strongly with its `ETag`, a date must equal its
/// `Last-Modified` exactly.
fn if_range_matches(if_range: &HeaderValue, response: &axum::http::HeaderMap) -> bool {
    let value = if_range.as_bytes();
    if value.starts_with(b"\"") || value.starts_with(b"W/") {
        let etag = response.get(header::ETAG).map(HeaderValue::as_bytes);
        return !value.starts_with(b"W/") && etag.is_some_and(|e| !e.starts_with(b"W/") && e == value);
    }
    let date = if_range.to_str().ok().and_then(|v| httpdate::parse_http_date(v).ok());
    let modified = response.get(header::LAST_MODIFIED).and_then(|v| v.to_str().ok()).and_then(|v| httpdate::parse_http_date(v).ok());
    date.is_some() && date == modified
}

/// The same request without its `Range` and `If-Range` (a GET or HEAD: no body).
fn without_range(req: &Request<Body>) -> Request<Body> {
    let mut again = Request::new(Body::empty());
    *again.method_mut() = req.method().clone();
    *again.uri_mut() = req.uri().clone();
    *again.version_mut() = req.version();
    *again.headers_mut() = req.headers().clone();
    again.headers_mut().remove(header::RANGE);
    again.headers_mut().remove(header::IF_RANGE);
    again
}

/// Sends `file` (the real path of `rel`, relative to the site root) with `status`,
/// through `ServeFile`.
async fn send_file(site: &Site, rel: &Path, file: &Path, mut req: Request<Body>, status: StatusCode) -> Response<Body> {
    drop_future_if_modified_since(&mut req);
    let host = req.headers().get(header::HOST).and_then(|v| v.to_str().ok()).map(str::to_string);
    let extra: Vec<(HeaderName, HeaderValue)> = site
        .rules
        .matching(req.uri().path())
        .filter_map(|(n, v)| Some((HeaderName::from_bytes(n.as_bytes()).ok()?, HeaderValue::from_str(v).ok()?)))
        .collect();
    let serve = || ServeFile::new(file).precompressed_br().precompressed_gzip().ignore_multi_range_requests(true);
    let if_range = req.headers().get(header::IF_RANGE).filter(|_| req.headers().contains_key(header::RANGE)).cloned();
    let retry = if_range.as_ref().map(|_| without_range(&req));
    let mut served = serve().try_call(req).await;
    // A stale validator: the client's partial copy is of another version, send it all.
    let stale = match (&if_range, &served) {
        (Some(if_range), Ok(response)) => response.status() == StatusCode::PARTIAL_CONTENT && !if_range_matches(if_range, response.headers()),
        _ => false,
    };
    if let (true, Some(retry)) = (stale, retry) {
        served = serve().try_call(retry).await;
    }
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
        if let Some(kind) = content_type(rel) {
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
    match extension(rel) {
        "html" | "htm" | "xhtml" => {
            let mut policy = site.csp.for_html(&site.real_root, file).await;
            if let Some(extra) = site.dev.as_ref().and_then(|(dev, _)| dev.connect_src(host.as_deref())) {
                policy = dev::with_connect_src(&policy, &extra).unwrap_or(policy);
            }
            h.insert(header::CONTENT_SECURITY_POLICY, policy);
        }
        "svg" | "xml" => {
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
    fn redirects_stay_on_the_site() {
        assert!(is_on_site("/docs/a"));
        assert!(is_on_site("/"));
        assert!(!is_on_site("//evil.example"));
        assert!(!is_on_site("/\\evil.example"));
        assert!(!is_on_site("https://evil.example/"));
        let location = |rel: &str| redirect(Path::new(rel), None).headers()[header::LOCATION].to_str().unwrap().to_string();
        assert_eq!(location(""), "/");
        assert_eq!(location("docs/a b"), "/docs/a%20b");
        assert_eq!(location("evil.example"), "/evil.example");
    }

    #[test]
    fn if_range_needs_a_strong_matching_etag_or_the_exact_date() {
        let mut h = axum::http::HeaderMap::new();
        h.insert(header::ETAG, HeaderValue::from_static("\"abc\""));
        h.insert(header::LAST_MODIFIED, HeaderValue::from_static("Wed, 21 Oct 2015 07:28:00 GMT"));
        let v = HeaderValue::from_static;
        assert!(if_range_matches(&v("\"abc\""), &h));
        assert!(!if_range_matches(&v("\"old\""), &h));
        assert!(!if_range_matches(&v("W/\"abc\""), &h));
        assert!(if_range_matches(&v("Wed, 21 Oct 2015 07:28:00 GMT"), &h));
        assert!(!if_range_matches(&v("Wed, 21 Oct 2015 07:27:59 GMT"), &h));
        assert!(!if_range_matches(&v("garbage"), &h));
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
