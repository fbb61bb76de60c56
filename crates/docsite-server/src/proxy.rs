//! `docsite dev`'s proxy to Vite's dev server (`docsite_core::dev_vite`): the requests for
//! modules under `<base>_docsite/vite/` go to it, so the page loads them from its own origin
//! (the CSP's `'self'`). Only `GET` and `HEAD` reach here (the router answers others), with
//! the request's path and query as sent and the headers a module request needs; the answer
//! comes back as Vite gave it (status, type, caching, ETag).

use std::net::SocketAddr;
use std::sync::LazyLock;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue, Request, Response, StatusCode};
use http_body_util::Empty;
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;

static CLIENT: LazyLock<Client<HttpConnector, Empty<Bytes>>> = LazyLock::new(|| Client::builder(TokioExecutor::new()).build_http());

/// The request headers passed on.
const PASSED: &[header::HeaderName] = &[header::ACCEPT, header::IF_NONE_MATCH, header::IF_MODIFIED_SINCE, header::USER_AGENT];

/// Sends a request to Vite and returns its answer (502 when it does not answer).
/// `out` is [`request`]'s, built before anything is awaited (a request's body is not shared
/// across threads).
pub(crate) async fn forward(out: Option<Request<Empty<Bytes>>>) -> Response<Body> {
    let Some(out) = out else { return bad_gateway() };
    match CLIENT.request(out).await {
        Ok(response) => {
            let (parts, body) = response.into_parts();
            Response::from_parts(parts, Body::new(body))
        }
        Err(_) => bad_gateway(),
    }
}

/// The request to Vite for `req`: its method, path and query, the headers in [`PASSED`].
pub(crate) fn request(addr: SocketAddr, req: &Request<Body>) -> Option<Request<Empty<Bytes>>> {
    let target = req.uri().path_and_query().map_or("/", |pq| pq.as_str());
    let mut out = Request::builder().method(req.method().clone()).uri(format!("http://{addr}{target}"));
    for name in PASSED {
        if let Some(value) = req.headers().get(name) {
            out = out.header(name, value);
        }
    }
    out.header(header::HOST, addr.to_string()).body(Empty::new()).ok()
}

fn bad_gateway() -> Response<Body> {
    let mut r = Response::new(Body::from("Vite's dev server, which serves the site's React code in docsite dev, does not answer\n"));
    *r.status_mut() = StatusCode::BAD_GATEWAY;
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    r
}
