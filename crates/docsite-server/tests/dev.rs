//! The dev server (`docsite dev`): the live-reload client and event stream, the build error
//! in place of pages while the build fails, and nothing cached.

use std::sync::Arc;
use std::time::Duration;

use docsite_server::{serve_dev_on, DevHooks};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

const CLIENT: &str = "/* live reload */";

async fn start() -> (std::net::SocketAddr, Arc<DevHooks>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    for (rel, content) in [("docs/a/index.html", "<!doctype html><title>A</title><h1>Page A</h1>"), ("404.html", "<h1>Not found</h1>"), ("assets/app.js", "console.log(1)")] {
        let file = dir.path().join(rel);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, content).unwrap();
    }
    let hooks = Arc::new(DevHooks::new("/", "_docsite/dev/client.js", "_docsite/dev/events", CLIENT));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let root = dir.path().to_path_buf();
    let served = hooks.clone();
    tokio::spawn(async move { serve_dev_on(listener, root, served, std::future::pending()).await.unwrap() });
    (addr, hooks, dir)
}

/// One GET; returns (status line, headers, body).
async fn get(addr: std::net::SocketAddr, path: &str, accept: &str) -> (String, String, String) {
    get_for(addr, &format!("localhost:{}", addr.port()), path, accept).await
}

/// One GET naming `host`.
async fn get_for(addr: std::net::SocketAddr, host: &str, path: &str, accept: &str) -> (String, String, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: {accept}\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).await.unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let (status, headers) = head.split_once("\r\n").unwrap();
    (status.to_string(), headers.to_ascii_lowercase(), body.to_string())
}

#[tokio::test]
async fn pages_and_files_are_never_cached() {
    let (addr, _hooks, _dir) = start().await;
    let (status, headers, body) = get(addr, "/docs/a", "text/html").await;
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("Page A"));
    assert!(headers.contains("cache-control: no-store"), "{headers}");
    let (_, headers, _) = get(addr, "/assets/app.js", "*/*").await;
    assert!(headers.contains("cache-control: no-store"), "{headers}");
    let (_, headers, body) = get(addr, "/_docsite/dev/client.js", "*/*").await;
    assert_eq!(body, CLIENT);
    assert!(headers.contains("content-type: text/javascript"), "{headers}");
}

#[tokio::test]
async fn requests_for_another_host_are_refused_so_a_rebinding_page_cannot_read_the_site() {
    let (addr, hooks, _dir) = start().await;
    let port = addr.port();
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}"), "[::1]".to_string()] {
        let (status, _, body) = get_for(addr, &host, "/docs/a", "text/html").await;
        assert!(status.contains("200") && body.contains("Page A"), "{host}: {status}");
    }
    hooks.failed(docsite_server::BuildFailure::message("docs/a.md:1: TOKEN"));
    for path in ["/docs/a", "/assets/app.js", "/_docsite/dev/client.js", "/_docsite/dev/events"] {
        let (status, headers, body) = get_for(addr, &format!("rebind.evil.example:{port}"), path, "*/*").await;
        assert!(status.contains("403"), "{path}: {status}");
        assert!(headers.contains("cache-control: no-store"), "{headers}");
        assert!(!body.contains("Page A") && !body.contains("TOKEN") && !body.contains("console.log") && !body.contains(CLIENT), "{path}: {body}");
    }
}

#[tokio::test]
async fn while_the_build_fails_pages_show_the_error_and_files_are_still_served() {
    let (addr, hooks, _dir) = start().await;
    hooks.failed(docsite_server::BuildFailure::message("docs/a.md:3:5: broken link `<b>`"));
    let (status, _, body) = get(addr, "/docs/a", "text/html,*/*").await;
    assert!(status.contains("500"), "{status}");
    assert!(body.contains("The site does not build") && body.contains("docs/a.md:3:5: broken link `&lt;b&gt;`"), "{body}");
    assert!(body.contains("<script src=\"/_docsite/dev/client.js\""), "the error page reloads itself when fixed");
    let (status, _, body) = get(addr, "/assets/app.js", "*/*").await;
    assert!(status.contains("200") && body.contains("console.log"), "{status}");
    hooks.rebuilt(Some(vec!["/docs/a".into()]));
    let (status, _, body) = get(addr, "/docs/a", "text/html").await;
    assert!(status.contains("200") && body.contains("Page A"), "{status}");
}

#[tokio::test]
async fn the_event_stream_names_changed_routes_and_failures() {
    let (addr, hooks, _dir) = start().await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /_docsite/dev/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n").await.unwrap();
    let mut lines = BufReader::new(s).lines();
    // Response head first.
    let status = lines.next_line().await.unwrap().unwrap();
    assert!(status.contains("200"), "{status}");
    let mut head = String::new();
    while let Some(line) = lines.next_line().await.unwrap() {
        if line.is_empty() {
            break;
        }
        head.push_str(&line.to_ascii_lowercase());
        head.push('\n');
    }
    assert!(head.contains("content-type: text/event-stream"), "{head}");
    // Events sent after the client subscribed.
    tokio::time::sleep(Duration::from_millis(50)).await;
    hooks.rebuilt(Some(vec!["/docs/a".into()]));
    hooks.failed(docsite_server::BuildFailure::message("broken"));
    hooks.rebuilt(Some(vec!["/docs/b".into()]));
    let mut seen = String::new();
    let read = async {
        while let Some(line) = lines.next_line().await.unwrap() {
            seen.push_str(&line);
            seen.push('\n');
            if seen.contains(r#"{"routes":"*"}"#) {
                break;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(5), read).await.expect("events arrive");
    assert!(seen.contains("event: reload") && seen.contains(r#"data: {"routes":["/docs/a"]}"#), "{seen}");
    assert!(seen.contains("event: failed"), "{seen}");
    // After a failure every page reloads, whatever the fix touched.
    assert!(seen.contains(r#"data: {"routes":"*"}"#), "{seen}");
}

/// Opens the event stream at `path` and returns what arrives within `wait`.
async fn events_within(addr: std::net::SocketAddr, path: &str, wait: Duration) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n").as_bytes()).await.unwrap();
    let mut lines = BufReader::new(s).lines();
    let mut seen = String::new();
    let _ = tokio::time::timeout(wait, async {
        while let Some(line) = lines.next_line().await.unwrap() {
            seen.push_str(&line);
            seen.push('\n');
        }
    })
    .await;
    seen
}

#[tokio::test]
async fn a_page_that_subscribes_late_gets_the_events_sent_since_it_was_requested() {
    let (addr, hooks, _dir) = start().await;
    let requested = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
    // The page was requested; a save rebuilt it before the page's client subscribed.
    tokio::time::sleep(Duration::from_millis(5)).await;
    hooks.rebuilt(Some(vec!["/docs/a".into()]));
    let seen = events_within(addr, &format!("/_docsite/dev/events?since={requested}.25"), Duration::from_millis(300)).await;
    assert!(seen.contains(r#"data: {"routes":["/docs/a"]}"#), "the missed reload is replayed: {seen}");
    // A page requested after that event is not sent it; nor is a client that names no time.
    let later = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() + 1;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let seen = events_within(addr, &format!("/_docsite/dev/events?since={later}"), Duration::from_millis(300)).await;
    assert!(!seen.contains("event: reload"), "{seen}");
    let seen = events_within(addr, "/_docsite/dev/events", Duration::from_millis(300)).await;
    assert!(!seen.contains("event: reload"), "{seen}");
}
