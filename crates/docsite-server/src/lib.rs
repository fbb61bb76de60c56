//! Serving a built site: clean URLs, the site's 404 page with status 404, precompressed
//! brotli/gzip variants, long-lived caching for hashed assets, ETag revalidation for
//! everything else, and TCP_NODELAY (without it, small responses wait on Nagle's
//! algorithm and throughput drops by an order of magnitude; DESIGN §7).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, Response, StatusCode};
use axum::Router;
use sha2::{Digest, Sha256};

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

/// Builds the router for a site folder (used by `serve`, `dev` and tests).
pub fn router(root: PathBuf) -> Router {
    Router::new().fallback(move |req: Request<Body>| {
        let root = root.clone();
        async move { respond(&root, req).await }
    })
}

/// Serves until Ctrl-C.
pub async fn serve(opts: ServeOptions) -> Result<(), ServeError> {
    if !opts.root.join("404.html").is_file() {
        return Err(ServeError::NotBuilt(opts.root));
    }
    let listener = tokio::net::TcpListener::bind(opts.addr).await.map_err(|source| ServeError::Bind { addr: opts.addr, source })?;
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let app = router(opts.root);
    axum::serve(listener, app.into_make_service())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}

const SECURITY_HEADERS: &[(&str, &str)] = &[
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    ("x-frame-options", "SAMEORIGIN"),
];

async fn respond(root: &Path, req: Request<Body>) -> Response<Body> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        let mut r = plain(StatusCode::METHOD_NOT_ALLOWED, "method not allowed\n");
        r.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return r;
    }
    let head = req.method() == Method::HEAD;
    let raw_path = req.uri().path();
    if raw_path.len() > 4096 {
        return plain(StatusCode::URI_TOO_LONG, "URI too long\n");
    }
    let decoded = percent_encoding::percent_decode_str(raw_path).decode_utf8_lossy().into_owned();
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
    let Some(rel) = safe_relative(&decoded) else {
        return not_found(root, req.headers(), head).await;
    };
    let candidates = if rel.as_os_str().is_empty() || decoded.ends_with('/') {
        vec![root.join(&rel).join("index.html")]
    } else {
        vec![root.join(&rel), root.join(&rel).join("index.html")]
    };
    for file in candidates {
        if file.is_file() {
            return send_file(&file, req.headers(), StatusCode::OK, head).await;
        }
    }
    not_found(root, req.headers(), head).await
}

/// `/a.html` -> `/a`, `/a/index.html` -> `/a`, `/index.html` -> `/`; `None` if clean.
fn clean_url(path: &str) -> Option<String> {
    if path == "/404.html" {
        return None;
    }
    let stripped = path.strip_suffix("/index.html").or_else(|| path.strip_suffix(".html"))?;
    Some(if stripped.is_empty() { "/".into() } else { stripped.to_string() })
}

/// A path inside the root, or `None` for traversal attempts and odd bytes.
fn safe_relative(decoded: &str) -> Option<PathBuf> {
    if decoded.contains('\0') || decoded.contains('\\') {
        return None;
    }
    let mut out = PathBuf::new();
    for seg in decoded.split('/') {
        match seg {
            "" | "." => {}
            ".." => return None,
            s if s.starts_with('.') => return None,
            s => out.push(s),
        }
    }
    Some(out)
}

fn encode(path: &str) -> String {
    const SET: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`').add(b'#').add(b'?').add(b'%');
    percent_encoding::utf8_percent_encode(path, SET).to_string()
}

async fn not_found(root: &Path, headers: &HeaderMap, head: bool) -> Response<Body> {
    let page = root.join("404.html");
    if page.is_file() {
        send_file(&page, headers, StatusCode::NOT_FOUND, head).await
    } else {
        plain(StatusCode::NOT_FOUND, "not found\n")
    }
}

fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    let mut r = Response::builder().status(status).body(Body::from(text)).expect("valid");
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    with_security(r)
}

fn with_security(mut r: Response<Body>) -> Response<Body> {
    for (k, v) in SECURITY_HEADERS {
        r.headers_mut().insert(*k, HeaderValue::from_static(v));
    }
    r
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
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
        _ => "application/octet-stream",
    }
}

/// Hashed files (under `assets/` or `_docsite/`) never change: cache them for a year.
fn is_immutable(path: &Path) -> bool {
    let s = path.to_string_lossy();
    s.contains("/assets/") || s.contains("/_docsite/")
}

async fn send_file(file: &Path, headers: &HeaderMap, status: StatusCode, head: bool) -> Response<Body> {
    let accept = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("");
    let accepts = |enc: &str| accept.split(',').any(|p| p.trim().split(';').next() == Some(enc));
    let mut chosen = (file.to_path_buf(), None);
    for (enc, suffix) in [("br", "br"), ("gzip", "gz")] {
        if accepts(enc) {
            let mut p = file.as_os_str().to_owned();
            p.push(".");
            p.push(suffix);
            let p = PathBuf::from(p);
            if p.is_file() {
                chosen = (p, Some(enc));
                break;
            }
        }
    }
    let Ok(bytes) = tokio::fs::read(&chosen.0).await else {
        return plain(StatusCode::INTERNAL_SERVER_ERROR, "cannot read file\n");
    };
    let digest = Sha256::digest(&bytes);
    let etag = format!("\"{}\"", digest.iter().take(8).map(|b| format!("{b:02x}")).collect::<String>());
    let mut builder = Response::builder().status(status);
    let h = builder.headers_mut().expect("builder");
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type(file)));
    h.insert(header::ETAG, HeaderValue::from_str(&etag).expect("ascii"));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if status == StatusCode::OK && is_immutable(file) { "public, max-age=31536000, immutable" } else { "public, max-age=0, must-revalidate" }),
    );
    if let Some(enc) = chosen.1 {
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(enc));
    }
    if status == StatusCode::OK {
        let inm = headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).unwrap_or("");
        if inm.split(',').any(|t| t.trim() == etag || t.trim() == "*") {
            let r = builder.status(StatusCode::NOT_MODIFIED).body(Body::empty()).expect("valid");
            return with_security(r);
        }
    }
    let len = bytes.len();
    builder.headers_mut().expect("builder").insert(header::CONTENT_LENGTH, HeaderValue::from(len));
    let body = if head { Body::empty() } else { Body::from(bytes) };
    with_security(builder.body(body).expect("valid"))
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

    #[test]
    fn traversal_is_refused() {
        assert!(safe_relative("/../etc/passwd").is_none());
        assert!(safe_relative("/a/..\\b").is_none());
        assert!(safe_relative("/a\0").is_none());
        assert!(safe_relative("/.git/config").is_none());
        assert_eq!(safe_relative("/docs/a b").unwrap(), PathBuf::from("docs/a b"));
    }
}
