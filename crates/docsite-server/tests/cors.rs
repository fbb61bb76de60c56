//! The headers `docsite serve` takes from the site rather than computing: CORS for the
//! published schemas (always, and for the paths `[deploy] cors` lists, read back from the
//! `_headers` file the build wrote) and the rules of `[[deploy.headers]]`.

use std::net::SocketAddr;
use std::path::Path;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn write(root: &Path, files: &[(&str, &str)]) {
    for (rel, content) in files {
        let file = root.join(rel);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, content).unwrap();
    }
}

async fn start(root: std::path::PathBuf) -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(docsite_server::serve_on(listener, root, async {
        let _ = stopped.await;
    }));
    (addr, stop)
}

/// The response head of `GET target`, header names lower-cased.
async fn head_of(addr: SocketAddr, target: &str) -> String {
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    tcp.write_all(format!("GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    tcp.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    text.split("\r\n\r\n").next().unwrap_or("").to_ascii_lowercase()
}

const SITE: &[(&str, &str)] = &[
    ("index.html", "<!doctype html><title>Home</title>"),
    ("404.html", "<!doctype html><title>Not found</title>"),
    ("schemas/2.2/context/instrument.schema.json", "{}"),
    ("data/feed.json", "{}"),
];

#[tokio::test]
async fn schemas_are_fetchable_from_any_origin_without_a_headers_file() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), SITE);
    let (addr, _stop) = start(dir.path().to_path_buf()).await;
    assert!(head_of(addr, "/schemas/2.2/context/instrument.schema.json").await.contains("access-control-allow-origin: *"));
    assert!(!head_of(addr, "/data/feed.json").await.contains("access-control-allow-origin"));
    assert!(!head_of(addr, "/").await.contains("access-control-allow-origin"));
}

#[tokio::test]
async fn configured_cors_paths_and_header_rules_come_from_the_headers_file() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), SITE);
    // As the build writes it: shared rules, then the configured ones, then per-page policies
    // (which the server computes itself and must not take from here).
    let headers = "# written by docsite build\n/*\n  x-content-type-options: nosniff\n/assets/*\n  cache-control: public, max-age=31536000, immutable\n\
                   /schemas/*\n  access-control-allow-origin: *\n/data/feed.json\n  access-control-allow-origin: *\n\
                   /*\n  permissions-policy: camera=()\n/\n  content-security-policy: default-src 'none'\n  cache-control: no-cache\n";
    write(dir.path(), &[("_headers", headers)]);
    let (addr, _stop) = start(dir.path().to_path_buf()).await;
    assert!(head_of(addr, "/data/feed.json").await.contains("access-control-allow-origin: *"));
    assert!(head_of(addr, "/schemas/2.2/context/instrument.schema.json").await.contains("access-control-allow-origin: *"));
    let home = head_of(addr, "/").await;
    assert!(home.contains("permissions-policy: camera=()"), "{home}");
    assert!(!home.contains("default-src 'none'"), "the CSP is computed, not read: {home}");
    assert!(home.contains("cache-control: public, max-age=0, must-revalidate"), "{home}");
}
