//! The open-file limit at start-up: a server started under a low soft limit (1024 is a
//! common default) raises it to the hard limit, so that its connection limit is not 480
//! under a flood (issue 33, item 8). A test binary of its own: it changes its process's
//! limit, which no other test should see.

#![cfg(unix)]

use std::sync::Arc;

use docsite_server::{serve_dev_on, serve_on, DevHooks, Limits};

fn limits() -> libc::rlimit {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit only writes the struct it is given.
    assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) }, 0);
    limit
}

/// The soft limit the server should run at: the hard limit, or 2^20 when that is
/// "unlimited" (which Linux does not accept as a soft limit).
fn raised(hard: libc::rlim_t) -> libc::rlim_t {
    if hard == libc::RLIM_INFINITY {
        1 << 20
    } else {
        hard
    }
}

/// Lowers the soft limit to 256 (below any hard limit this suite runs under).
fn lower_soft_limit() -> libc::rlimit {
    let hard = limits().rlim_max;
    assert!(hard > 256, "the hard open-file limit ({hard}) is too low for this test");
    let low = libc::rlimit { rlim_cur: 256, rlim_max: hard };
    // SAFETY: setrlimit only reads the struct it is given; lowering needs no privilege.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &low) }, 0);
    assert_eq!(limits().rlim_cur, 256);
    low
}

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<h1>Home</h1>").unwrap();
    std::fs::write(dir.path().join("404.html"), "<h1>Not found</h1>").unwrap();
    dir
}

async fn started(addr: std::net::SocketAddr) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).await.unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
}

// One test function: the two servers run one after the other in one process.
#[tokio::test]
async fn serve_and_dev_raise_the_soft_open_file_limit_to_the_hard_one_at_start_up() {
    let dir = site();

    let before = lower_soft_limit();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve_on(listener, dir.path().to_path_buf(), std::future::pending()));
    started(addr).await;
    let after = limits();
    assert_eq!(after.rlim_cur, raised(before.rlim_max), "serve: soft limit {} after start-up, hard {}", after.rlim_cur, after.rlim_max);
    assert_eq!(after.rlim_max, before.rlim_max, "the hard limit is unchanged");
    // The default connection limit, read after start-up, follows the raised limit: at 256
    // it would be the minimum (96).
    assert!(Limits::default().max_connections > 96, "{:?}", Limits::default());

    lower_soft_limit();
    let hooks = Arc::new(DevHooks::new("/", "_docsite/dev/client.js", "_docsite/dev/events", "/* client */"));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve_dev_on(listener, dir.path().to_path_buf(), hooks, std::future::pending()));
    started(addr).await;
    assert_eq!(limits().rlim_cur, raised(before.rlim_max), "dev: the soft limit is the hard one after start-up");
}
