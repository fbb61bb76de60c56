//! What `docsite dev` adds to the server: the live-reload client and its event stream, the
//! last build's error in place of every page while the build fails, and no caching (files
//! keep their names across edits).
//!
//! A page subscribes a moment after it loads (its client script runs once the page is
//! parsed), so a save in between would be missed: the stream first replays the events sent
//! since the time the client names (`?since=<ms since the Unix epoch>`, the page's navigation
//! start), then the live ones.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::{Mutex, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Body;
use axum::http::uri::Authority;
use axum::http::{header, HeaderValue, Request, Response, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::IntoResponse;
use tokio::sync::broadcast;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::StreamExt;

/// A live-reload message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DevEvent {
    /// These routes changed (`None`: every page). The data is `{"routes":[...]}` or
    /// `{"routes":"*"}`.
    Reload(Option<Vec<String>>),
    /// The last build failed.
    Failed,
}

/// Shared between the dev server and the rebuild loop.
#[derive(Debug)]
pub struct DevHooks {
    events: broadcast::Sender<DevEvent>,
    /// The latest events (at most `KEPT_EVENTS`), with when they were sent (ms since the epoch).
    recent: Mutex<VecDeque<(u128, DevEvent)>>,
    error: RwLock<Option<String>>,
    client_path: String,
    events_path: String,
    client_js: &'static str,
}

/// How many past events the stream can replay.
const KEPT_EVENTS: usize = 64;

fn now_ms() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis())
}

/// The `since` of an event stream request's query (`since=<ms>`), if any.
fn since(req: &Request<Body>) -> Option<u128> {
    req.uri().query()?.split('&').find_map(|pair| pair.strip_prefix("since=")?.split('.').next()?.parse().ok())
}

impl DevHooks {
    /// Hooks for a site at `base_url`, serving `client_js` at `<base>client_path` and the
    /// event stream at `<base>events_path`.
    pub fn new(base_url: &str, client_path: &str, events_path: &str, client_js: &'static str) -> DevHooks {
        DevHooks {
            events: broadcast::channel(64).0,
            recent: Mutex::new(VecDeque::new()),
            error: RwLock::new(None),
            client_path: format!("{base_url}{client_path}"),
            events_path: format!("{base_url}{events_path}"),
            client_js,
        }
    }

    /// A rebuild succeeded: forget any error and reload the pages of `routes` (`None`: all).
    pub fn rebuilt(&self, routes: Option<Vec<String>>) {
        let was_failing = self.error.write().expect("not poisoned").take().is_some();
        // Pages showing the error reload whatever changed.
        self.send(DevEvent::Reload(if was_failing { None } else { routes }));
    }

    fn send(&self, event: DevEvent) {
        let mut recent = self.recent.lock().expect("not poisoned");
        if recent.len() == KEPT_EVENTS {
            recent.pop_front();
        }
        recent.push_back((now_ms(), event.clone()));
        drop(recent);
        let _ = self.events.send(event);
    }

    /// A rebuild failed with `report` (the diagnostics as printed).
    pub fn failed(&self, report: String) {
        *self.error.write().expect("not poisoned") = Some(report);
        self.send(DevEvent::Failed);
    }

    /// Subscribes to the events (tests use it).
    pub fn subscribe(&self) -> broadcast::Receiver<DevEvent> {
        self.events.subscribe()
    }

    /// Answers the dev endpoints and, while the build fails, page requests.
    pub(crate) fn respond(&self, path: &str, req: &Request<Body>) -> Option<Response<Body>> {
        if path == self.client_path {
            let mut r = Response::new(Body::from(self.client_js));
            r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
            return Some(r);
        }
        if path == self.events_path {
            // Subscribed before the replay is read: an event sent in between comes twice (a
            // second reload of a page that reloads anyway), never not at all.
            let live = BroadcastStream::new(self.events.subscribe()).filter_map(Result::ok);
            let missed: Vec<DevEvent> = match since(req) {
                Some(since) => self.recent.lock().expect("not poisoned").iter().filter(|(at, _)| *at >= since).map(|(_, e)| e.clone()).collect(),
                None => Vec::new(),
            };
            let stream = tokio_stream::iter(missed).chain(live).map(|event| {
                Ok::<_, Infallible>(match event {
                    DevEvent::Reload(None) => Event::default().event("reload").data(r#"{"routes":"*"}"#),
                    DevEvent::Reload(Some(routes)) => Event::default().event("reload").data(serde_json::json!({ "routes": routes }).to_string()),
                    DevEvent::Failed => Event::default().event("failed").data("{}"),
                })
            });
            return Some(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))).into_response());
        }
        let error = self.error.read().expect("not poisoned");
        let report = error.as_ref()?;
        if !wants_page(path, req) {
            return None;
        }
        let mut r = Response::new(Body::from(error_page(report, &self.client_path)));
        *r.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
        r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
        r.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'self'; style-src 'unsafe-inline'"));
        Some(r)
    }
}

/// Whether a request names a host `docsite dev` answers: `localhost`, `127.0.0.1`, `[::1]` or
/// the address the server listens on (`bound`), any port. A page of another site whose
/// name an attacker points at 127.0.0.1 (DNS rebinding) is same-origin with the dev server
/// in the browser's eyes, but its requests carry its own name in `Host`, so they are
/// refused. Bound to every address (`0.0.0.0`, `::`), any IP address literal is accepted
/// too: the machine's LAN address is what other devices use, and a rebinding attack needs
/// a name, never a literal address. A request without a host is refused (browsers always
/// send one).
pub(crate) fn host_allowed(req: &Request<Body>, bound: IpAddr) -> bool {
    let host = match req.headers().get(header::HOST) {
        Some(value) => value.to_str().ok().and_then(|v| v.parse::<Authority>().ok()),
        None => req.uri().authority().cloned(),
    };
    let Some(host) = host else { return false };
    // `Authority::host` keeps the brackets of an IPv6 literal.
    let name = host.host().trim_start_matches('[').trim_end_matches(']');
    if name.eq_ignore_ascii_case("localhost") {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(ip) => ip == IpAddr::from([127, 0, 0, 1]) || ip == IpAddr::from(std::net::Ipv6Addr::LOCALHOST) || ip == bound || bound.is_unspecified(),
        Err(_) => false,
    }
}

/// The answer to a request for another host (see [`host_allowed`]).
pub(crate) const HOST_REFUSED: &str = "docsite dev answers requests for localhost, 127.0.0.1, [::1] and the address it listens on only\n";

/// A request for a page (not a file with an extension other than `.html`).
fn wants_page(path: &str, req: &Request<Body>) -> bool {
    let last = path.rsplit('/').next().unwrap_or("");
    let page_path = !last.contains('.') || last.ends_with(".html");
    let accepts_html = req.headers().get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_none_or(|a| a.contains("text/html") || a.contains("*/*"));
    page_path && accepts_html
}

/// The page shown while the build fails: the report, and the client that reloads it when
/// the build is fixed.
fn error_page(report: &str, client: &str) -> String {
    let escaped = report.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    format!(
        "<!doctype html><html lang=\"en\" data-docsite-dev-error><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>Build failed · docsite dev</title><script src=\"{client}\" defer></script>\
<style>body{{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1c1e21;background:#fff}}\
h1{{color:#b3261e;font-size:1.5rem}}pre{{white-space:pre-wrap;background:#fdf0ef;border-left:4px solid #b3261e;padding:1rem;overflow:auto;font-size:14px}}\
@media (prefers-color-scheme: dark){{body{{color:#e3e3e3;background:#1b1b1d}}h1{{color:#ff8a80}}pre{{background:#2b1d1c;border-color:#ff8a80}}}}</style></head>\
<body><main><h1>The site does not build</h1><p>docsite dev keeps watching: fix the problem below and save, and this page reloads by itself.</p><pre>{escaped}</pre></main></body></html>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_page_requests_get_the_error() {
        let req = |accept: &str| Request::builder().header(header::ACCEPT, accept).body(Body::empty()).unwrap();
        assert!(wants_page("/docs/a", &req("text/html,application/xhtml+xml")));
        assert!(wants_page("/404.html", &req("*/*")));
        assert!(!wants_page("/assets/app.js", &req("*/*")));
        assert!(!wants_page("/docs/a", &req("application/json")));
    }

    #[test]
    fn only_local_names_and_the_bound_address_are_answered() {
        let req = |host: Option<&str>| {
            let mut b = Request::builder().uri("/docs/a");
            if let Some(h) = host {
                b = b.header(header::HOST, h);
            }
            b.body(Body::empty()).unwrap()
        };
        let loopback: IpAddr = "127.0.0.1".parse().unwrap();
        for ok in ["localhost:3000", "LocalHost", "127.0.0.1:3000", "127.0.0.1", "[::1]:3000", "[::1]"] {
            assert!(host_allowed(&req(Some(ok)), loopback), "{ok}");
        }
        for bad in ["evil.example:3000", "evil.example", "localhost.evil.example", "10.0.0.5:3000", "127.0.0.2", "", "a b"] {
            assert!(!host_allowed(&req(Some(bad)), loopback), "{bad:?}");
        }
        assert!(!host_allowed(&req(None), loopback), "no host");
        // Bound to one LAN address: that address too.
        let lan: IpAddr = "10.0.0.5".parse().unwrap();
        assert!(host_allowed(&req(Some("10.0.0.5:3000")), lan));
        assert!(!host_allowed(&req(Some("10.0.0.6:3000")), lan));
        // Bound to every address: any address literal, still no other name.
        let any: IpAddr = "0.0.0.0".parse().unwrap();
        assert!(host_allowed(&req(Some("192.168.1.20:3000")), any));
        assert!(host_allowed(&req(Some("[fe80::1]:3000")), any));
        assert!(!host_allowed(&req(Some("rebind.evil.example:3000")), any));
    }

    #[test]
    fn the_error_page_escapes_the_report() {
        let html = error_page("docs/a.md:3: broken link `<x>` & more", "/_docsite/dev/client.js");
        assert!(html.contains("broken link `&lt;x&gt;` &amp; more"));
        assert!(html.contains("<script src=\"/_docsite/dev/client.js\" defer>"));
    }
}
