//! Connection limits and timeouts of the server (`conn.rs`), over real TCP: slow and idle
//! clients are closed, and a crowd of them beyond the connection limit pushes out its own
//! oldest members while normal clients keep getting their pages. (`bench/slowloris.sh`
//! shows the same against `docsite serve` under `ulimit -n 1024` with 3000 connections.)

use std::net::SocketAddr;
use std::time::Duration;

use docsite_server::{serve_on_with, Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const PAGE: &str = "<h1>Still here</h1>";

async fn start(limits: Limits) -> (SocketAddr, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), PAGE).unwrap();
    std::fs::write(dir.path().join("404.html"), "<h1>Not found</h1>").unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let root = dir.path().to_path_buf();
    tokio::spawn(serve_on_with(listener, root, limits, std::future::pending()));
    (addr, dir)
}

fn limits(header_timeout_ms: u64, max_connections: usize) -> Limits {
    Limits { header_timeout: Duration::from_millis(header_timeout_ms), max_connections, shutdown_grace: Duration::from_secs(1), eviction_grace: Duration::from_millis(20) }
}

/// Reads until the server closes the connection; `None` if it is still open after `within`.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> Option<Vec<u8>> {
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    tokio::time::timeout(within, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => all.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await
    .ok()?;
    Some(all)
}

/// A normal client: one GET, answered in full.
async fn fetch_page(addr: SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
    let reply = closed_within(&mut s, Duration::from_secs(10)).await.expect("the page is answered");
    String::from_utf8_lossy(&reply).into_owned()
}

#[tokio::test]
async fn a_request_head_sent_too_slowly_is_cut_off() {
    let (addr, _dir) = start(limits(300, 100)).await;
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let _ = slow.write_all(b"X-A: b\r\n").await;
    }
    // Well past the timeout the head is still unfinished: the server closes it (hyper may
    // answer 408 first), never answering the page.
    let reply = closed_within(&mut slow, Duration::from_secs(10)).await.expect("the slow connection is closed");
    assert!(!String::from_utf8_lossy(&reply).contains(PAGE));
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed() {
    let (addr, _dir) = start(limits(300, 100)).await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let reply = closed_within(&mut s, Duration::from_secs(10)).await.expect("closed after idling");
    assert!(String::from_utf8_lossy(&reply).contains(PAGE));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beyond_the_limit_the_longest_idle_connections_make_room_and_normal_clients_are_served() {
    // A long header timeout: only the connection limit can free room here.
    let (addr, _dir) = start(limits(60_000, 20)).await;
    let mut crowd = Vec::new();
    for _ in 0..200 {
        let mut s = TcpStream::connect(addr).await.unwrap();
        s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").await.unwrap();
        crowd.push(s);
    }
    for _ in 0..20 {
        assert!(fetch_page(addr).await.contains(PAGE));
    }
    // The oldest slow connections were closed to make room; at most the limit stay open.
    let mut still_open = 0;
    for s in &mut crowd {
        if closed_within(s, Duration::from_millis(20)).await.is_none() {
            still_open += 1;
        }
    }
    assert!(still_open <= 20, "{still_open} slow connections still open with a limit of 20");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_in_progress_is_never_cut_to_make_room() {
    let (addr, dir) = start(limits(60_000, 2)).await;
    std::fs::write(dir.path().join("big.txt"), "x".repeat(8 << 20)).unwrap();
    // A client reading a large file slowly holds a request in progress.
    let mut reader = TcpStream::connect(addr).await.unwrap();
    reader.write_all(b"GET /big.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut first = [0u8; 1024];
    let n = reader.read(&mut first).await.unwrap();
    assert!(String::from_utf8_lossy(&first[..n]).starts_with("HTTP/1.1 200"));
    for _ in 0..10 {
        assert!(fetch_page(addr).await.contains(PAGE));
    }
    let rest = closed_within(&mut reader, Duration::from_secs(20)).await.expect("the file arrives whole");
    let body_len = n + rest.len() - String::from_utf8_lossy(&first[..n]).find("\r\n\r\n").unwrap() - 4;
    assert_eq!(body_len, 8 << 20);
}
