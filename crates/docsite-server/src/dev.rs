//! What `docsite dev` adds to the server: the live-reload client and its event stream, the
//! last build's error in place of every page while the build fails, and no caching (files
//! keep their names across edits).
//!
//! A page subscribes a moment after it loads (its client script runs once the page is
//! parsed), so a save in between would be missed: the stream first replays the events sent
//! since the time the client names (`?since=<ms since the Unix epoch>`, the page's navigation
//! start), then the live ones.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Body;
use axum::http::uri::Authority;
use axum::http::{header, HeaderValue, Request, Response, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::IntoResponse;
use docsite_core::diagnostics::{Diagnostic, Diagnostics, Severity};
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

/// What the error page shows of a failed build: its errors first, each with its place, hint
/// and the lines around it, then the warnings folded under their count (a site with
/// hundreds of warnings still shows its one error at the top).
#[derive(Debug, Clone, Default)]
pub struct BuildFailure {
    /// The errors, in report order.
    pub errors: Vec<FailedItem>,
    /// The warnings, each as the report prints it.
    pub warnings: Vec<String>,
    /// Why the run stopped early, if it did.
    pub note: Option<String>,
}

/// One error of a [`BuildFailure`].
#[derive(Debug, Clone)]
pub struct FailedItem {
    /// `file:line:col` (or a config key path; empty for a general error).
    pub location: String,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: Option<String>,
    /// The numbered lines around it ([`Diagnostic::code_frame`]).
    pub frame: Option<String>,
}

impl BuildFailure {
    /// The failure of a build whose diagnostics are `diags`, with code frames read from the
    /// files under `site_dir` and under `content_dirs`, the content folders the configuration
    /// names beside it ([`Diagnostic::code_frame`]).
    pub fn of(diags: &Diagnostics, site_dir: &Path, content_dirs: &[PathBuf]) -> BuildFailure {
        let (errors, warnings): (Vec<&Diagnostic>, Vec<&Diagnostic>) = diags.items().iter().partition(|d| d.severity == Severity::Error);
        BuildFailure {
            errors: errors
                .into_iter()
                .map(|d| FailedItem { location: d.location(), message: d.message.clone(), hint: d.hint.clone(), frame: d.code_frame(site_dir, content_dirs) })
                .collect(),
            warnings: warnings.into_iter().map(ToString::to_string).collect(),
            note: diags.stopped().map(str::to_string),
        }
    }

    /// A failure that is one message (an error that is not about the site's content).
    pub fn message(text: impl Into<String>) -> BuildFailure {
        BuildFailure { errors: vec![FailedItem { location: String::new(), message: text.into(), hint: None, frame: None }], ..BuildFailure::default() }
    }
}

/// Shared between the dev server and the rebuild loop.
#[derive(Debug)]
pub struct DevHooks {
    events: broadcast::Sender<DevEvent>,
    /// The latest events (at most `KEPT_EVENTS`), with when they were sent (ms since the epoch).
    recent: Mutex<VecDeque<(u128, DevEvent)>>,
    error: RwLock<Option<BuildFailure>>,
    client_path: String,
    events_path: String,
    client_js: &'static str,
    /// The pages browsers loaded lately, the latest first (what a rebuild renders first).
    viewed: Mutex<VecDeque<String>>,
    /// `<base>_docsite/vite/`: the modules of Vite's dev server, proxied (`docsite_core::dev_vite`).
    vite_path: String,
    /// Where Vite's dev server listens, while one serves the site's modules.
    vite: RwLock<Option<SocketAddr>>,
}

/// How many of the pages loaded lately are remembered.
const KEPT_VIEWED: usize = 8;

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
            viewed: Mutex::new(VecDeque::new()),
            vite_path: format!("{base_url}{}", docsite_core::dev_vite::VITE_PATH),
            vite: RwLock::new(None),
        }
    }

    /// Has requests under `<base>_docsite/vite/` go to Vite's dev server at `addr` (`None`:
    /// none runs; they get 404).
    pub fn set_vite(&self, addr: Option<SocketAddr>) {
        *self.vite.write().expect("not poisoned") = addr;
    }

    /// Where a request for `raw_path` (as sent) is proxied: Vite's address when the path is
    /// one of its modules and it runs.
    pub(crate) fn vite_for(&self, raw_path: &str) -> Option<SocketAddr> {
        self.is_vite_path(raw_path).then(|| *self.vite.read().expect("not poisoned")).flatten()
    }

    /// Whether a request path (as sent) is under `<base>_docsite/vite/`.
    pub(crate) fn is_vite_path(&self, raw_path: &str) -> bool {
        raw_path.starts_with(&self.vite_path)
    }

    /// What a page's Content-Security-Policy adds in dev while Vite serves the modules: its
    /// HMR WebSocket, on Vite's port of the host the page was loaded from (`Host`), in
    /// `connect-src`. Never in a build's policy.
    pub(crate) fn connect_src(&self, req_host: Option<&str>) -> Option<String> {
        let port = (*self.vite.read().expect("not poisoned"))?.port();
        let host = req_host.and_then(|h| h.parse::<Authority>().ok())?;
        Some(format!("ws://{}:{port}", host.host()))
    }

    /// The paths of the pages browsers loaded lately, the latest first.
    pub fn viewed(&self) -> Vec<String> {
        self.viewed.lock().expect("not poisoned").iter().cloned().collect()
    }

    fn saw(&self, path: &str) {
        let mut viewed = self.viewed.lock().expect("not poisoned");
        viewed.retain(|p| p != path);
        viewed.push_front(path.to_string());
        viewed.truncate(KEPT_VIEWED);
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

    /// A rebuild failed: pages show `failure` until the next success.
    pub fn failed(&self, failure: BuildFailure) {
        *self.error.write().expect("not poisoned") = Some(failure);
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
        if !wants_page(path, req) {
            return None;
        }
        self.saw(path);
        let error = self.error.read().expect("not poisoned");
        let failure = error.as_ref()?;
        let mut r = Response::new(Body::from(error_page(failure, &self.client_path)));
        *r.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
        r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
        r.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'self'; style-src 'unsafe-inline'"));
        Some(r)
    }
}

/// `policy` with `source` added to its `connect-src` directive (`None` without one).
pub(crate) fn with_connect_src(policy: &HeaderValue, source: &str) -> Option<HeaderValue> {
    let text = policy.to_str().ok()?;
    let directives: Vec<String> = text.split("; ").map(|d| if d.starts_with("connect-src ") { format!("{d} {source}") } else { d.to_string() }).collect();
    let joined = directives.join("; ");
    (joined != text).then(|| HeaderValue::from_str(&joined).ok()).flatten()
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

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The page shown while the build fails: the errors, the warnings under a count, and the
/// client that reloads the page when the build is fixed.
fn error_page(failure: &BuildFailure, client: &str) -> String {
    let n = |count: usize, what: &str| format!("{count} {what}{}", if count == 1 { "" } else { "s" });
    let mut body = String::new();
    for e in &failure.errors {
        body.push_str("<section class=\"error\"><p class=\"what\">");
        if !e.location.is_empty() {
            body.push_str(&format!("<code class=\"where\">{}</code>: ", escape(&e.location)));
        }
        body.push_str(&escape(&e.message));
        body.push_str("</p>");
        if let Some(hint) = &e.hint {
            body.push_str(&format!("<p class=\"help\">help: {}</p>", escape(hint)));
        }
        if let Some(frame) = &e.frame {
            body.push_str(&format!("<pre class=\"frame\">{}</pre>", escape(frame)));
        }
        body.push_str("</section>");
    }
    if let Some(note) = &failure.note {
        body.push_str(&format!("<p class=\"note\">Stopped before checking the content: {}</p>", escape(note)));
    }
    if !failure.warnings.is_empty() {
        body.push_str(&format!("<details class=\"warnings\"><summary>{}</summary><pre>{}</pre></details>", n(failure.warnings.len(), "warning"), escape(&failure.warnings.join("\n"))));
    }
    let count = n(failure.errors.len(), "error");
    format!(
        "<!doctype html><html lang=\"en\" data-docsite-dev-error><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>Build failed · docsite dev</title><script src=\"{client}\" defer></script>\
<style>body{{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1c1e21;background:#fff}}\
h1{{color:#b3261e;font-size:1.5rem}}.error{{border-left:4px solid #b3261e;background:#fdf0ef;padding:.5rem 1rem;margin:1rem 0}}\
.where{{font-weight:600}}.help{{margin:.25rem 0}}pre{{white-space:pre-wrap;overflow:auto;font-size:14px}}.frame{{background:#fff;padding:.5rem;margin:.5rem 0 0}}\
summary{{cursor:pointer}}\
@media (prefers-color-scheme: dark){{body{{color:#e3e3e3;background:#1b1b1d}}h1{{color:#ff8a80}}.error{{background:#2b1d1c;border-color:#ff8a80}}.frame{{background:#1b1b1d}}}}</style></head>\
<body><main><h1>The site does not build</h1><p>{count}. docsite dev keeps watching: fix the problem below and save, and this page reloads by itself.</p>{body}</main></body></html>"
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
    fn the_pages_loaded_lately_are_remembered_latest_first() {
        let hooks = DevHooks::new("/", "_docsite/dev/client.js", "_docsite/dev/events", "");
        let page = Request::builder().header(header::ACCEPT, "text/html").body(Body::empty()).unwrap();
        for path in ["/docs/a", "/docs/b", "/docs/a"] {
            assert!(hooks.respond(path, &page).is_none(), "no build failed: the file is served");
        }
        let asset = Request::builder().header(header::ACCEPT, "*/*").body(Body::empty()).unwrap();
        assert!(hooks.respond("/assets/app.js", &asset).is_none());
        assert_eq!(hooks.viewed(), ["/docs/a", "/docs/b"]);
        for i in 0..20 {
            hooks.respond(&format!("/docs/p{i}"), &page);
        }
        assert_eq!(hooks.viewed().len(), KEPT_VIEWED);
        assert_eq!(hooks.viewed()[0], "/docs/p19");
    }

    #[test]
    fn vite_s_modules_are_proxied_only_under_its_path_and_its_socket_is_allowed_in_dev_only() {
        let hooks = DevHooks::new("/docs/", "_docsite/dev/client.js", "_docsite/dev/events", "");
        assert!(hooks.is_vite_path("/docs/_docsite/vite/src/entry-client.tsx"));
        assert!(!hooks.is_vite_path("/_docsite/vite/src/entry-client.tsx"), "outside the base URL");
        assert!(!hooks.is_vite_path("/docs/_docsite/vitex"));
        assert_eq!(hooks.vite_for("/docs/_docsite/vite/@vite/client"), None, "no Vite runs: nothing is proxied");
        assert_eq!(hooks.connect_src(Some("localhost:3000")), None, "no Vite: the policy is the build's");
        let addr: SocketAddr = "127.0.0.1:5199".parse().unwrap();
        hooks.set_vite(Some(addr));
        assert_eq!(hooks.vite_for("/docs/_docsite/vite/@vite/client"), Some(addr));
        assert_eq!(hooks.vite_for("/docs/intro"), None);
        // The socket on the host the page was loaded from.
        assert_eq!(hooks.connect_src(Some("localhost:3000")).as_deref(), Some("ws://localhost:5199"));
        assert_eq!(hooks.connect_src(Some("[::1]:3000")).as_deref(), Some("ws://[::1]:5199"));
        let policy = HeaderValue::from_static("default-src 'self'; connect-src 'self'; worker-src 'self'");
        assert_eq!(with_connect_src(&policy, "ws://localhost:5199").unwrap(), "default-src 'self'; connect-src 'self' ws://localhost:5199; worker-src 'self'");
        assert_eq!(with_connect_src(&HeaderValue::from_static("default-src 'none'"), "ws://x:1"), None);
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
    fn the_error_page_shows_errors_first_with_a_frame_and_warnings_under_a_count() {
        let dir = std::env::temp_dir().join(format!("docsite-error-page-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("docs")).unwrap();
        std::fs::write(dir.join("docs/a.md"), "# A\n\nSee [x](<x>).\n").unwrap();
        let mut diags = Diagnostics::default();
        diags.push(Diagnostic::error("docs/0.md", "an unrelated warning").with_severity(Severity::Warning));
        diags.push(Diagnostic::error("docs/a.md", "broken link `<x>` & more").at(3, Some(5)).hint("check it"));
        diags.push(Diagnostic::error("docs/z.md", "another warning").with_severity(Severity::Warning));
        let html = error_page(&BuildFailure::of(&diags, &dir, &[]), "/_docsite/dev/client.js");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(html.contains("<code class=\"where\">docs/a.md:3:5</code>: broken link `&lt;x&gt;` &amp; more"), "{html}");
        assert!(html.contains("<p class=\"help\">help: check it</p>"), "{html}");
        assert!(html.contains("&gt; 3 | See [x](&lt;x&gt;).\n    |     ^"), "the code frame: {html}");
        let (error, warnings) = (html.find("broken link").unwrap(), html.find("<summary>2 warnings</summary>").expect("warnings under a count"));
        assert!(error < warnings && html.find("an unrelated warning").unwrap() > warnings, "errors come first: {html}");
        assert!(html.contains("<script src=\"/_docsite/dev/client.js\" defer>"));
    }
}
