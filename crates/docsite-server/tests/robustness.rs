//! `docsite serve` under hostile and unusual requests, over real TCP (so hyper's own limits
//! are part of what is tested): path traversal in every encoding, very long request targets
//! and headers, HEAD, byte ranges, revalidation, unknown methods, many clients at once, and
//! the security headers of every kind of response.
//!
//! Each test serves a tiny hand-made built site in a temporary folder; a file beside that
//! folder (`secret.txt`) must never be reachable. Requests are written byte for byte, so
//! nothing normalises the paths on the way.

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const SECRET: &str = "TOP-SECRET-OUTSIDE-THE-SITE";
const HEAD_SCRIPT: &str = "(function(){document.documentElement.setAttribute('data-theme','light')})()";
const PAGE_BODY: &str = "<h1>Intro</h1>";

/// A built site with a boot record per page, site data, a hashed asset with br/gz variants,
/// a 404 page and a hidden folder; `site_data` is the JSON of its `SiteData` chunk.
fn write_site(dir: &Path, site_data: &str) -> std::path::PathBuf {
    let root = dir.join("build");
    std::fs::write(dir.join("secret.txt"), SECRET).unwrap();
    let page = |title: &str, body: &str| {
        format!(
            "<!doctype html><html><head><title>{title}</title><script>{HEAD_SCRIPT}</script>\
             <script id=\"__docsite\" type=\"application/json\">{{\"site\":\"/_docsite/site/abc123.json\"}}</script>\
             <script type=\"module\" src=\"/assets/app-1a2b3c.js\"></script></head><body>{body}</body></html>"
        )
    };
    for (rel, content) in [
        ("index.html", page("Home", "<h1>Home</h1>")),
        ("404.html", page("Not found", "<h1>Page Not Found</h1>")),
        ("docs/intro/index.html", page("Intro", PAGE_BODY)),
        ("docs/a b/index.html", page("Spaced", "<h1>Spaced</h1>")),
        ("assets/app-1a2b3c.js", format!("console.log({:?});", "0123456789".repeat(100))),
        ("assets/app-1a2b3c.js.br", "BROTLI-BYTES".to_string()),
        ("assets/app-1a2b3c.js.gz", "GZIP-BYTES".to_string()),
        ("_docsite/site/abc123.json", site_data.to_string()),
        ("img/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_string()),
        (".git/config", SECRET.to_string()),
        (".well-known/security.txt", "Contact: mailto:security@example.org".to_string()),
        ("evil.example/index.html", page("Evil", "<h1>A page named like a host</h1>")),
        ("google1234.html", VERIFICATION.to_string()),
        ("legacy.htm", "<p>old page<script>alert(1)</script></p>".to_string()),
        ("doc.xhtml", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><script>alert(1)</script></body></html>".to_string()),
        ("docs/sneaky.js", "console.log('inside')".to_string()),
        ("docs/injected/index.html", page("Injected", INJECTED)),
        // A static folder with an index.html of its own (not a page the engine rendered).
        ("files/index.html", STATIC_INDEX.to_string()),
        // The page the build writes at a moved route for hosts without redirect rules.
        ("docs/old/index.html", "<meta http-equiv=\"refresh\" content=\"0; url=/docs/intro\">".to_string()),
        ("_redirects", REDIRECTS.to_string()),
    ] {
        let file = root.join(rel);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, content).unwrap();
    }
    // The engine's record of the inline scripts it wrote: the head script of each page it
    // rendered (not of the static HTML files, and not what content put in a body).
    let head = sha256_source(HEAD_SCRIPT);
    let pages: Vec<String> = ["index.html", "404.html", "docs/intro/index.html", "docs/a b/index.html", "evil.example/index.html", "docs/injected/index.html"].iter().map(|p| format!("{p:?}:[{head:?}]")).collect();
    std::fs::write(root.join("_docsite/csp.json"), format!("{{\"site\":\"/_docsite/site/abc123.json\",\"pages\":{{{}}}}}", pages.join(","))).unwrap();
    // Symlinks out of the site (a folder and files, one as a precompressed variant) and one
    // that stays inside.
    let outside = dir.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("passwd"), SECRET).unwrap();
    std::os::unix::fs::symlink(&outside, root.join("system")).unwrap();
    std::os::unix::fs::symlink(dir.join("secret.txt"), root.join("leak.txt")).unwrap();
    std::fs::create_dir_all(root.join("docs/leak")).unwrap();
    std::os::unix::fs::symlink(dir.join("secret.txt"), root.join("docs/leak/index.html")).unwrap();
    std::os::unix::fs::symlink(dir.join("secret.txt"), root.join("docs/sneaky.js.br")).unwrap();
    std::os::unix::fs::symlink(root.join(".well-known/security.txt"), root.join("contact.txt")).unwrap();
    root
}

/// What content might manage to put in a page body: a script, and a boot record of its own.
const INJECTED: &str = "<nav><script>steal(document.cookie)</script></nav><footer><script id=\"__docsite\" type=\"application/json\">{\"site\":\"/_docsite/site/evil.json\"}</script><script type=\"module\">steal()</script></footer>";
const STATIC_INDEX: &str = "<p>a static folder's own index</p>";
/// The `_redirects` a build writes: `.html` forms of pages and the config's `[[redirects]]`,
/// plus lines `serve` must not follow (splats, rewrites, targets off the site).
const REDIRECTS: &str = "# written by docsite build\n/docs/intro/index.html /docs/intro 301!\n/docs/old /docs/intro 301!\n/docs/old/ /docs/intro 301!\n\
/docs/away https://example.org/new 301!\n/docs/splat/* /docs/intro 301\n/docs/rewrite /docs/intro 200\n/docs/evil //evil.example/x 301\n/docs/evil2 /\\evil.example 301\n";
const VERIFICATION: &str = "google-site-verification: google1234.html";

const NO_EXTRAS: &str = r#"{"title":"T","search":{"pagePath":"/search","localBundle":"/pagefind/","hosted":null},"analytics":null,"scripts":[]}"#;

struct Server {
    addr: SocketAddr,
    _dir: tempfile::TempDir,
    _stop: tokio::sync::oneshot::Sender<()>,
}

async fn start(site_data: &str) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let root = write_site(dir.path(), site_data);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(docsite_server::serve_on(listener, root, async {
        let _ = stopped.await;
    }));
    Server { addr, _dir: dir, _stop: stop }
}

#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends raw request bytes on a fresh connection and reads the reply until the server
/// closes it. A server that drops the connection while the request is still being
/// written (hyper does, after answering a too-large head) is fine: whatever it answered
/// is read.
async fn raw(addr: SocketAddr, request: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let _ = stream.write_all(request).await;
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(20), async {
        let mut chunk = [0u8; 16 * 1024];
        loop {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => break,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the server neither answered nor closed the connection");
    parse(&buf)
}

fn parse(buf: &[u8]) -> Reply {
    let split = buf.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| panic!("no response head in {:?}", String::from_utf8_lossy(buf)));
    let head = String::from_utf8_lossy(&buf[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string())).collect();
    Reply { status, headers, body: buf[split + 4..].to_vec() }
}

/// A GET (or other method) with extra header lines, closing the connection after.
async fn request(addr: SocketAddr, method: &str, target: &str, headers: &[(&str, &str)]) -> Reply {
    let mut req = format!("{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    raw(addr, req.as_bytes()).await
}

async fn get(addr: SocketAddr, target: &str) -> Reply {
    request(addr, "GET", target, &[]).await
}

#[tokio::test]
async fn traversal_attempts_in_any_encoding_never_leave_the_site_folder() {
    let server = start(NO_EXTRAS).await;
    let attempts = [
        "/../secret.txt",
        "/docs/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/secret.txt",
        "/%2e%2e%2fsecret.txt",
        "/docs/..%2f..%2fsecret.txt",
        "/.%2e/.%2e/secret.txt",
        "/%252e%252e/secret.txt",
        "/%252e%252e%252fsecret.txt",
        "/..%5csecret.txt",
        "/docs%5c..%5c..%5csecret.txt",
        "/..%255csecret.txt",
        "/secret.txt%00",
        "/%00/../secret.txt",
        "/docs/intro%00.html",
        "/.git/config",
        "/%2egit/config",
        "//secret.txt",
        "/%c0%ae%c0%ae/secret.txt",
        "/%ff%fe/secret.txt",
        "/docs/intro/%2e%2e/%2e%2e/%2e%2e/secret.txt",
    ];
    for target in attempts {
        let reply = get(server.addr, target).await;
        assert!((400..500).contains(&reply.status), "{target}: status {}", reply.status);
        assert!(!reply.text().contains(SECRET), "{target} leaked the file outside the site");
        if reply.status == 404 {
            assert!(reply.text().contains("Page Not Found"), "{target}: not the site's 404 page");
        }
    }
    // Raw bytes that are not valid in a request line are refused by hyper itself.
    for target in ["/..\\secret.txt", "/a\0b"] {
        let reply = raw(server.addr, format!("GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).await;
        assert!((400..500).contains(&reply.status), "{target:?}: status {}", reply.status);
        assert!(!reply.text().contains(SECRET));
    }
    // The well-known folder is the one hidden folder served.
    assert_eq!(get(server.addr, "/.well-known/security.txt").await.status, 200);
}

#[tokio::test]
async fn very_long_targets_and_headers_get_a_clean_4xx_and_the_server_keeps_serving() {
    let server = start(NO_EXTRAS).await;
    for len in [9 * 1024, 64 * 1024, 1024 * 1024] {
        let target = format!("/docs/{}", "a".repeat(len));
        let reply = get(server.addr, &target).await;
        assert!(matches!(reply.status, 414 | 431 | 400), "target of {len} bytes: status {}", reply.status);
        let query = format!("/docs/intro?q={}", "b".repeat(len));
        let reply = get(server.addr, &query).await;
        assert!(matches!(reply.status, 414 | 431 | 400), "query of {len} bytes: status {}", reply.status);
    }
    // A large but legal header is fine; a huge one, or too many, is refused by hyper.
    let big = "c".repeat(16 * 1024);
    assert_eq!(request(server.addr, "GET", "/docs/intro", &[("X-Big", &big)]).await.status, 200);
    let huge = "d".repeat(2 * 1024 * 1024);
    let reply = request(server.addr, "GET", "/docs/intro", &[("X-Huge", &huge)]).await;
    assert_eq!(reply.status, 431);
    let many: Vec<(String, String)> = (0..500).map(|i| (format!("X-H{i}"), "v".to_string())).collect();
    let many: Vec<(&str, &str)> = many.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(request(server.addr, "GET", "/docs/intro", &many).await.status, 431);
    // Garbage instead of a request.
    let reply = raw(server.addr, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http at all\r\n\r\n").await;
    assert_eq!(reply.status, 400);
    // Still serving.
    let reply = get(server.addr, "/docs/intro").await;
    assert_eq!(reply.status, 200);
    assert!(reply.text().contains(PAGE_BODY));
}

#[tokio::test]
async fn head_answers_the_get_headers_without_a_body() {
    let server = start(NO_EXTRAS).await;
    let get_reply = get(server.addr, "/docs/intro").await;
    let head = request(server.addr, "HEAD", "/docs/intro", &[]).await;
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_eq!(head.header("content-length"), Some(get_reply.body.len().to_string().as_str()));
    assert_eq!(head.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(head.header("etag"), get_reply.header("etag"));
    assert!(head.header("content-security-policy").is_some());
    let missing = request(server.addr, "HEAD", "/nope", &[]).await;
    assert_eq!(missing.status, 404);
    assert!(missing.body.is_empty());
}

#[tokio::test]
async fn range_requests_get_206_with_content_range() {
    let server = start(NO_EXTRAS).await;
    let full = request(server.addr, "GET", "/assets/app-1a2b3c.js", &[("Accept-Encoding", "identity")]).await;
    let len = full.body.len();
    assert_eq!(full.header("accept-ranges"), Some("bytes"));

    let part = request(server.addr, "GET", "/assets/app-1a2b3c.js", &[("Range", "bytes=0-9"), ("Accept-Encoding", "identity")]).await;
    assert_eq!(part.status, 206);
    assert_eq!(part.header("content-range").unwrap(), format!("bytes 0-9/{len}"));
    assert_eq!(part.body, full.body[..10]);

    let tail = request(server.addr, "GET", "/assets/app-1a2b3c.js", &[("Range", "bytes=-5"), ("Accept-Encoding", "identity")]).await;
    assert_eq!(tail.status, 206);
    assert_eq!(tail.body, full.body[len - 5..]);

    let open = request(server.addr, "GET", "/assets/app-1a2b3c.js", &[("Range", "bytes=100-"), ("Accept-Encoding", "identity")]).await;
    assert_eq!(open.status, 206);
    assert_eq!(open.header("content-range").unwrap(), format!("bytes 100-{}/{len}", len - 1));
    assert_eq!(open.body, full.body[100..]);

    // Several ranges: the whole file (multipart is not supported, which RFC 9110 allows).
    let multi = request(server.addr, "GET", "/assets/app-1a2b3c.js", &[("Range", "bytes=0-1,5-6"), ("Accept-Encoding", "identity")]).await;
    assert_eq!(multi.status, 200);
    assert_eq!(multi.body, full.body);

    let beyond = request(server.addr, "GET", "/assets/app-1a2b3c.js", &[("Range", &format!("bytes={}-", len + 10)), ("Accept-Encoding", "identity")]).await;
    assert_eq!(beyond.status, 416);
    assert_eq!(beyond.header("content-range").unwrap(), format!("bytes */{len}"));

    // A range of a precompressed response counts bytes of that encoding.
    let br = request(server.addr, "GET", "/assets/app-1a2b3c.js", &[("Range", "bytes=0-5"), ("Accept-Encoding", "br")]).await;
    assert_eq!(br.status, 206);
    assert_eq!(br.header("content-encoding"), Some("br"));
    assert_eq!(br.body, b"BROTLI");

    // The 404 page ignores ranges: the range was about a resource that does not exist.
    let missing = request(server.addr, "GET", "/nope", &[("Range", "bytes=0-3")]).await;
    assert_eq!(missing.status, 404);
    assert!(missing.text().contains("Page Not Found"));
}

#[tokio::test]
async fn if_none_match_with_the_current_etag_gets_304() {
    let server = start(NO_EXTRAS).await;
    for (target, encoding) in [("/docs/intro", "identity"), ("/assets/app-1a2b3c.js", "br"), ("/assets/app-1a2b3c.js", "gzip")] {
        let first = request(server.addr, "GET", target, &[("Accept-Encoding", encoding)]).await;
        assert_eq!(first.status, 200);
        let etag = first.header("etag").expect("etag").to_string();
        let again = request(server.addr, "GET", target, &[("Accept-Encoding", encoding), ("If-None-Match", &etag)]).await;
        assert_eq!(again.status, 304, "{target} {encoding}");
        assert!(again.body.is_empty());
        assert_eq!(again.header("etag"), Some(etag.as_str()));
        let listed = request(server.addr, "GET", target, &[("Accept-Encoding", encoding), ("If-None-Match", &format!("\"other\", {etag}"))]).await;
        assert_eq!(listed.status, 304);
        let stale = request(server.addr, "GET", target, &[("Accept-Encoding", encoding), ("If-None-Match", "\"stale\"")]).await;
        assert_eq!(stale.status, 200);
    }
    // Each encoding has its own ETag, so a cache never mixes them up.
    let br = request(server.addr, "GET", "/assets/app-1a2b3c.js", &[("Accept-Encoding", "br")]).await;
    let gz = request(server.addr, "GET", "/assets/app-1a2b3c.js", &[("Accept-Encoding", "gzip")]).await;
    assert_ne!(br.header("etag"), gz.header("etag"));
    assert_eq!(br.header("vary"), Some("accept-encoding"));
    // A missing page is never "not modified".
    let missing = request(server.addr, "GET", "/nope", &[("If-None-Match", "*")]).await;
    assert_eq!(missing.status, 404);
}

#[tokio::test]
async fn methods_other_than_get_and_head_get_405_with_allow() {
    let server = start(NO_EXTRAS).await;
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "BREW"] {
        let reply = request(server.addr, method, "/docs/intro", &[("Content-Length", "0")]).await;
        assert_eq!(reply.status, 405, "{method}");
        assert_eq!(reply.header("allow"), Some("GET, HEAD"), "{method}");
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"));
    }
    let reply = raw(server.addr, b"CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\nConnection: close\r\n\r\n").await;
    assert!((400..500).contains(&reply.status), "CONNECT: {}", reply.status);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_clients_at_once_all_get_their_page() {
    let server = start(NO_EXTRAS).await;
    let addr = server.addr;
    let tasks: Vec<_> = (0..200)
        .map(|i| {
            tokio::spawn(async move {
                let target = match i % 4 {
                    0 => "/docs/intro",
                    1 => "/assets/app-1a2b3c.js",
                    2 => "/",
                    _ => "/docs/a%20b",
                };
                let reply = request(addr, "GET", target, &[("Accept-Encoding", if i % 2 == 0 { "br, gzip" } else { "identity" })]).await;
                (target, reply.status, reply.body.len())
            })
        })
        .collect();
    for task in tasks {
        let (target, status, len) = task.await.unwrap();
        assert_eq!(status, 200, "{target}");
        assert!(len > 0, "{target}");
    }
    // And many requests on one kept-alive connection.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut pipelined = String::new();
    for _ in 0..50 {
        pipelined.push_str(&format!("GET /docs/intro HTTP/1.1\r\nHost: {addr}\r\n\r\n"));
    }
    pipelined.push_str(&format!("GET /docs/intro HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"));
    stream.write_all(pipelined.as_bytes()).await.unwrap();
    let mut all = Vec::new();
    stream.read_to_end(&mut all).await.unwrap();
    let text = String::from_utf8_lossy(&all);
    assert_eq!(text.matches("HTTP/1.1 200 OK").count(), 51);
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let server = start(NO_EXTRAS).await;
    for (target, status) in [("/docs/intro", 200), ("/assets/app-1a2b3c.js", 200), ("/nope", 404), ("/docs/intro.html", 301), ("/img/logo.svg", 200)] {
        let reply = get(server.addr, target).await;
        assert_eq!(reply.status, status, "{target}");
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"), "{target}");
        assert_eq!(reply.header("referrer-policy"), Some("strict-origin-when-cross-origin"), "{target}");
        assert_eq!(reply.header("x-frame-options"), Some("SAMEORIGIN"), "{target}");
    }
    let long = get(server.addr, &format!("/{}", "x".repeat(10_000))).await;
    assert_eq!(long.header("x-content-type-options"), Some("nosniff"));
    // An SVG opened on its own runs nothing.
    let svg = get(server.addr, "/img/logo.svg").await;
    let policy = svg.header("content-security-policy").unwrap();
    assert!(policy.contains("default-src 'none'") && policy.contains("sandbox"), "{policy}");
    // Scripts and data get no page policy (it would apply to pagefind's worker).
    assert!(get(server.addr, "/assets/app-1a2b3c.js").await.header("content-security-policy").is_none());
}

/// Directives of a policy by name.
fn directives(policy: &str) -> std::collections::HashMap<String, Vec<String>> {
    policy
        .split(';')
        .filter_map(|d| {
            let mut words = d.split_whitespace();
            Some((words.next()?.to_string(), words.map(str::to_string).collect()))
        })
        .collect()
}

fn sha256_source(script: &str) -> String {
    use sha2::Digest;
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let digest = sha2::Sha256::digest(script.as_bytes());
    let mut out = String::new();
    for chunk in digest.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            out.push(if i <= chunk.len() { ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char } else { '=' });
        }
    }
    format!("'sha256-{out}'")
}

#[tokio::test]
async fn pages_get_a_policy_allowing_only_their_own_scripts_and_the_site() {
    let server = start(NO_EXTRAS).await;
    for target in ["/docs/intro", "/", "/nope"] {
        let reply = get(server.addr, target).await;
        let policy = reply.header("content-security-policy").unwrap_or_else(|| panic!("{target}: no CSP"));
        let d = directives(policy);
        assert_eq!(d["default-src"], ["'self'"]);
        assert_eq!(d["script-src"], ["'self'", "'wasm-unsafe-eval'", &sha256_source(HEAD_SCRIPT)], "{target}");
        assert_eq!(d["connect-src"], ["'self'"]);
        assert_eq!(d["object-src"], ["'none'"]);
        assert_eq!(d["frame-ancestors"], ["'self'"]);
        assert_eq!(d["base-uri"], ["'self'"]);
        assert!(!policy.contains("unsafe-eval'") || policy.contains("'wasm-unsafe-eval'"));
        assert!(!d["script-src"].iter().any(|s| s == "'unsafe-inline'" || s == "'unsafe-eval'" || s == "*" || s == "https:"));
        assert!(!policy.contains("algolia") && !policy.contains("google"), "{policy}");
    }
}

#[tokio::test]
async fn hosted_search_analytics_and_third_party_scripts_widen_the_policy_only_when_configured() {
    let server = start(
        r#"{"search":{"pagePath":"/search","localBundle":null,"hosted":{"appId":"APP","apiKey":"k","indexName":"i","contextualSearch":true}},
            "analytics":{"trackingId":"G-TEST","anonymizeIp":true},
            "scripts":[{"src":"https://buttons.github.io/buttons.js","defer":false}]}"#,
    )
    .await;
    let reply = get(server.addr, "/docs/intro").await;
    let d = directives(reply.header("content-security-policy").unwrap());
    assert!(d["connect-src"].contains(&"https://*.algolia.net".to_string()));
    assert!(d["connect-src"].contains(&"https://*.algolianet.com".to_string()));
    assert!(d["connect-src"].contains(&"https://*.google-analytics.com".to_string()));
    assert!(d["script-src"].contains(&"https://www.googletagmanager.com".to_string()));
    assert!(d["script-src"].contains(&"https://buttons.github.io".to_string()));
}

#[tokio::test]
async fn redirects_never_leave_the_site() {
    let server = start(NO_EXTRAS).await;
    for target in ["//evil.example/index.html", "/%2fevil.example/index.html", "/%2F%2Fevil.example/index.html", "///evil.example/index.html", "//evil.example.html", "/%2fevil.example.html", "/./evil.example/index.html"] {
        let reply = get(server.addr, target).await;
        if let Some(location) = reply.header("location") {
            assert!(location.starts_with('/') && !location.starts_with("//") && !location.contains('\\'), "{target} -> {location}");
        }
        assert!(matches!(reply.status, 301 | 404), "{target}: {}", reply.status);
    }
    // The page exists, so the redirect happens, to the page on this site.
    let reply = get(server.addr, "//evil.example/index.html").await;
    assert_eq!((reply.status, reply.header("location")), (301, Some("/evil.example")));
    // Hosts that are not pages of the site get no redirect at all.
    for target in ["//other.example/index.html", "/%2fother.example/index.html", "//other.example.html"] {
        let reply = get(server.addr, target).await;
        assert_eq!(reply.status, 404, "{target}");
        assert!(reply.header("location").is_none(), "{target}");
    }
    // Clean-URL redirects keep their query and stay relative to the site.
    let reply = get(server.addr, "/docs/intro/index.html?x=1").await;
    assert_eq!((reply.status, reply.header("location")), (301, Some("/docs/intro?x=1")));
}

#[tokio::test]
async fn symlinks_leading_out_of_the_site_are_never_followed() {
    let server = start(NO_EXTRAS).await;
    for target in ["/system/passwd", "/leak.txt", "/docs/leak", "/docs/leak/", "/docs/leak/index.html", "/system/"] {
        let reply = get(server.addr, target).await;
        assert_eq!(reply.status, 404, "{target}");
        assert!(!reply.text().contains(SECRET), "{target} served a file outside the site");
    }
    // A precompressed variant that leads out is never sent, whatever the encoding asked.
    for encoding in ["br", "gzip", "identity"] {
        let reply = request(server.addr, "GET", "/docs/sneaky.js", &[("Accept-Encoding", encoding)]).await;
        assert!(!reply.text().contains(SECRET), "{encoding}");
    }
    // A link that stays inside is fine.
    let reply = get(server.addr, "/contact.txt").await;
    assert_eq!(reply.status, 200);
    assert!(reply.text().contains("security@example.org"));
}

#[tokio::test]
async fn if_range_with_a_stale_validator_gets_the_whole_file() {
    let server = start(NO_EXTRAS).await;
    let target = "/assets/app-1a2b3c.js";
    let identity = ("Accept-Encoding", "identity");
    let full = request(server.addr, "GET", target, &[identity]).await;
    let etag = full.header("etag").unwrap().to_string();
    let modified = full.header("last-modified").unwrap().to_string();
    for current in [etag.as_str(), modified.as_str()] {
        let part = request(server.addr, "GET", target, &[identity, ("Range", "bytes=0-9"), ("If-Range", current)]).await;
        assert_eq!(part.status, 206, "If-Range: {current}");
        assert_eq!(part.body, full.body[..10]);
    }
    for stale in ["\"stale\"", &format!("W/{etag}"), "Thu, 01 Jan 1998 00:00:00 GMT", "not a validator"] {
        let whole = request(server.addr, "GET", target, &[identity, ("Range", "bytes=0-9"), ("If-Range", stale)]).await;
        assert_eq!(whole.status, 200, "If-Range: {stale}");
        assert_eq!(whole.body, full.body, "If-Range: {stale}");
        assert!(whole.header("content-range").is_none());
    }
}

#[tokio::test]
async fn an_if_modified_since_in_the_future_is_ignored() {
    let server = start(NO_EXTRAS).await;
    let full = get(server.addr, "/docs/intro").await;
    let modified = full.header("last-modified").unwrap().to_string();
    assert_eq!(request(server.addr, "GET", "/docs/intro", &[("If-Modified-Since", &modified)]).await.status, 304);
    let future = request(server.addr, "GET", "/docs/intro", &[("If-Modified-Since", "Fri, 01 Jan 2100 00:00:00 GMT")]).await;
    assert_eq!(future.status, 200);
    assert!(future.text().contains(PAGE_BODY));
}

#[tokio::test]
async fn static_html_files_are_served_at_their_own_path_and_htm_and_xhtml_get_the_page_policy() {
    let server = start(NO_EXTRAS).await;
    let reply = get(server.addr, "/google1234.html").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.text(), VERIFICATION);
    // A `.html` name with no such file redirects to the page when there is one.
    assert_eq!(get(server.addr, "/docs/intro.html").await.header("location"), Some("/docs/intro"));
    assert_eq!(get(server.addr, "/docs/nothing.html").await.status, 404);
    for (target, kind) in [("/legacy.htm", "text/html"), ("/doc.xhtml", "application/xhtml+xml"), ("/google1234.html", "text/html")] {
        let reply = get(server.addr, target).await;
        assert_eq!(reply.status, 200, "{target}");
        assert!(reply.header("content-type").unwrap().starts_with(kind), "{target}");
        let policy = reply.header("content-security-policy").unwrap_or_else(|| panic!("{target}: no CSP"));
        let d = directives(policy);
        assert_eq!(d["script-src"], ["'self'", "'wasm-unsafe-eval'"], "{target}: the inline script must not be allowed");
        assert_eq!(d["object-src"], ["'none'"], "{target}");
    }
}

#[tokio::test]
async fn scripts_that_content_put_in_a_page_are_not_allowed_by_the_policy() {
    let server = start(NO_EXTRAS).await;
    let reply = get(server.addr, "/docs/injected").await;
    assert!(reply.text().contains("steal(document.cookie)"));
    let d = directives(reply.header("content-security-policy").unwrap());
    assert_eq!(d["script-src"], ["'self'", "'wasm-unsafe-eval'", &sha256_source(HEAD_SCRIPT)]);
    for injected in ["steal(document.cookie)", "steal()"] {
        assert!(!d["script-src"].contains(&sha256_source(injected)), "{injected} is allowed");
    }
}

#[tokio::test]
async fn the_csp_manifest_is_revalidated_while_hashed_chunks_are_immutable() {
    let server = start(NO_EXTRAS).await;
    let manifest = get(server.addr, "/_docsite/csp.json").await;
    assert_eq!(manifest.status, 200);
    assert_eq!(manifest.header("cache-control"), Some(docsite_core::headers::CACHE_REVALIDATE));
    let chunk = get(server.addr, "/_docsite/site/abc123.json").await;
    assert_eq!(chunk.header("cache-control"), Some(docsite_core::headers::CACHE_IMMUTABLE));
}

#[tokio::test]
async fn index_html_redirects_only_for_pages_the_engine_rendered() {
    let server = start(NO_EXTRAS).await;
    let page = get(server.addr, "/docs/injected/index.html").await;
    assert_eq!((page.status, page.header("location")), (301, Some("/docs/injected")));
    // A static folder's index.html is a file like any other: served at its own path.
    let file = get(server.addr, "/files/index.html").await;
    assert_eq!(file.status, 200);
    assert_eq!(file.text(), STATIC_INDEX);
    assert_eq!(get(server.addr, "/files/").await.text(), STATIC_INDEX);
    // `/x.html` redirects only to a rendered page, never to a static folder.
    assert_eq!(get(server.addr, "/files.html").await.status, 404);
    assert_eq!(get(server.addr, "/nothing/index.html").await.status, 404);
}

#[tokio::test]
async fn the_sites_redirects_answer_301_with_the_query_kept() {
    let server = start(NO_EXTRAS).await;
    for target in ["/docs/old", "/docs/old/"] {
        let reply = get(server.addr, target).await;
        assert_eq!((reply.status, reply.header("location")), (301, Some("/docs/intro")), "{target}");
        assert!(reply.body.is_empty(), "{target}: the refresh page is for hosts without redirects");
    }
    let reply = get(server.addr, "/docs/old?tab=ts&x=1").await;
    assert_eq!(reply.header("location"), Some("/docs/intro?tab=ts&x=1"));
    assert_eq!(get(server.addr, "/docs/away").await.header("location"), Some("https://example.org/new"));
    // Splats and rewrites are not read; targets that would leave the site are refused.
    for target in ["/docs/splat/a", "/docs/rewrite", "/docs/evil", "/docs/evil2"] {
        let reply = get(server.addr, target).await;
        assert_eq!(reply.status, 404, "{target}");
        assert!(reply.header("location").is_none(), "{target}");
    }
}
