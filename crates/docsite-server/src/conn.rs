//! Accepting and running connections, with limits so that slow or idle clients cannot take
//! the server away from everyone else (`serve` and `dev` both run through [`run`]).
//!
//! - **Header-read timeout**: a request head must arrive whole within
//!   [`Limits::header_timeout`] of the server starting to read it. Hyper applies the same
//!   deadline while a kept-alive connection waits for its next request, so it is also the
//!   keep-alive idle timeout. A slowloris client trickling one header byte at a time is closed
//!   when it expires.
//! - **Connection limit**: at most [`Limits::max_connections`] connections are open. At the
//!   limit, the connection idle the longest (no request in progress: still sending its
//!   first head, or kept alive between requests) is closed to make room once it has been
//!   idle for [`Limits::eviction_grace`]; a request being answered is never cut. Until then
//!   new clients wait in the kernel's listen queue, in arrival order. So a flood of slow
//!   connections keeps pushing out its own oldest members, while a normal client, whose
//!   request comes right after it is accepted, is answered within its grace.
//! - **Accept errors** (`EMFILE` when the process is out of file descriptors, `ECONNABORTED`)
//!   never stop the loop: after one, the longest-idle connection is closed and accepting
//!   resumes a moment later.
//!
//! The default limit follows the process's open-file limit (`RLIMIT_NOFILE`): a connection
//! uses a socket and, while a file is sent, that file; some descriptors stay free for the
//! runtime and the site's files. Hyper (the HTTP/1 connection) and hyper-util (the Tokio
//! glue) do the protocol work; the bookkeeping here is ours because neither library nor
//! tower offers "evict the longest-idle connection" (tower's `ConcurrencyLimit` limits
//! requests in flight, not open connections, and a queued slowloris would hold its slot).

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};
use tower::ServiceExt;

/// Connection limits of the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Longest time to receive a request head, and longest idle time between requests on a
    /// kept-alive connection.
    pub header_timeout: Duration,
    /// Most connections open at once.
    pub max_connections: usize,
    /// After the shutdown signal, how long requests in progress may take to finish.
    pub shutdown_grace: Duration,
    /// At the connection limit, how long a connection may stay idle before it can be closed
    /// to make room: a new client gets at least this long to send its request.
    pub eviction_grace: Duration,
}

impl Default for Limits {
    /// 10 s to send a request head; the connection limit from the open-file limit; 1 s of
    /// grace (a client sends its request as soon as it is connected).
    fn default() -> Limits {
        Limits { header_timeout: Duration::from_secs(10), max_connections: connections_for(open_file_limit()), shutdown_grace: Duration::from_secs(5), eviction_grace: Duration::from_secs(1) }
    }
}

/// Descriptors kept free for the runtime, the listener and files being read.
const RESERVED_FDS: u64 = 64;
/// Highest default connection limit, whatever the open-file limit.
const MAX_DEFAULT_CONNECTIONS: u64 = 8192;

/// The connection limit for an open-file limit: each connection may hold its socket and one
/// open file (which is what sending a file needs).
fn connections_for(nofile: u64) -> usize {
    let usable = nofile.saturating_sub(RESERVED_FDS) / 2;
    usable.clamp(16, MAX_DEFAULT_CONNECTIONS) as usize
}

#[cfg(unix)]
fn open_file_limit() -> u64 {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit only writes the struct it is given.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
    if ok {
        limit.rlim_cur
    } else {
        1024
    }
}

#[cfg(not(unix))]
fn open_file_limit() -> u64 {
    1024
}

/// One open connection as the limit sees it.
#[derive(Debug)]
struct Entry {
    /// Requests being answered (from the head read to the end of the response body).
    busy: usize,
    /// When the connection last became idle (accepted, or finished a response).
    idle_since: Instant,
    /// Closes the connection.
    close: Option<oneshot::Sender<()>>,
}

/// The open connections.
#[derive(Debug, Default)]
struct Registry {
    next_id: AtomicU64,
    open: Mutex<HashMap<u64, Entry>>,
}

impl Registry {
    fn add(&self) -> (u64, oneshot::Receiver<()>) {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (close, closed) = oneshot::channel();
        self.open.lock().expect("registry").insert(id, Entry { busy: 0, idle_since: Instant::now(), close: Some(close) });
        (id, closed)
    }

    fn remove(&self, id: u64) {
        self.open.lock().expect("registry").remove(&id);
    }

    fn len(&self) -> usize {
        self.open.lock().expect("registry").len()
    }

    /// Connections open and not being closed.
    fn live(&self) -> usize {
        self.open.lock().expect("registry").values().filter(|e| e.close.is_some()).count()
    }

    fn start_request(&self, id: u64) {
        if let Some(e) = self.open.lock().expect("registry").get_mut(&id) {
            e.busy += 1;
        }
    }

    fn end_request(&self, id: u64) {
        if let Some(e) = self.open.lock().expect("registry").get_mut(&id) {
            e.busy = e.busy.saturating_sub(1);
            if e.busy == 0 {
                e.idle_since = Instant::now();
            }
        }
    }

    /// Closes the connection idle for the longest time if it has been idle for at least
    /// `grace`; otherwise says how long to wait before one may be (`None`: every one is
    /// busy).
    fn close_longest_idle(&self, grace: Duration) -> Result<(), Option<Duration>> {
        let mut open = self.open.lock().expect("registry");
        let oldest = open.iter_mut().filter(|(_, e)| e.busy == 0 && e.close.is_some()).min_by_key(|(_, e)| e.idle_since).map(|(_, e)| e);
        let Some(entry) = oldest else { return Err(None) };
        let idle = entry.idle_since.elapsed();
        if idle < grace {
            return Err(Some(grace - idle));
        }
        if let Some(close) = entry.close.take() {
            let _ = close.send(());
        }
        Ok(())
    }
}

/// Marks a request finished when the response body is dropped (sent whole or abandoned).
struct RequestGuard {
    registry: Arc<Registry>,
    id: u64,
}

impl Drop for RequestGuard {
    fn drop(&mut self) {
        self.registry.end_request(self.id);
    }
}

/// Accepts connections on `listener` and answers them with `router` until `shutdown`
/// resolves; then stops accepting and gives requests in progress `limits.shutdown_grace`.
pub(crate) async fn run(listener: TcpListener, router: Router, limits: Limits, shutdown: impl Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
    let registry = Arc::new(Registry::default());
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    loop {
        // Make room before accepting: the longest-idle connection goes once it has had its
        // grace; until then new clients wait in the listen queue (in arrival order).
        while registry.live() >= limits.max_connections {
            let wait = match registry.close_longest_idle(limits.eviction_grace) {
                Ok(()) => break,
                Err(wait) => wait.unwrap_or(Duration::from_millis(10)).max(Duration::from_millis(1)),
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = &mut shutdown => return finish(&registry, stop_tx, limits).await,
            }
        }
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let tcp = match accepted {
            Ok((tcp, _)) => tcp,
            Err(_) => {
                // Out of descriptors (or a connection reset before it was accepted): make
                // room and try again shortly, never give up.
                let _ = registry.close_longest_idle(Duration::ZERO);
                tokio::time::sleep(Duration::from_millis(5)).await;
                continue;
            }
        };
        let _ = tcp.set_nodelay(true);
        let (id, closed) = registry.add();
        let service = {
            let registry = registry.clone();
            let router = router.clone();
            hyper::service::service_fn(move |req: Request<Incoming>| {
                registry.start_request(id);
                let guard = RequestGuard { registry: registry.clone(), id };
                let router = router.clone();
                async move {
                    let response = router.oneshot(req.map(Body::new)).await.unwrap_or_else(|e: Infallible| match e {});
                    Ok::<_, Infallible>(response.map(|body| {
                        Body::new(body.map_frame(move |frame| {
                            let _keep = &guard;
                            frame
                        }))
                    }))
                }
            })
        };
        let conn = http.serve_connection(TokioIo::new(tcp), service);
        let registry = registry.clone();
        let mut stop = stop_rx.clone();
        let grace = limits.shutdown_grace;
        tokio::spawn(async move {
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = closed => {}
                () = async { let _ = stop.wait_for(|s| *s).await; } => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(grace, conn).await;
                }
            }
            registry.remove(id);
        });
    }
    finish(&registry, stop_tx, limits).await
}

/// Asks every connection to finish and waits for them, at most `limits.shutdown_grace`.
async fn finish(registry: &Registry, stop: watch::Sender<bool>, limits: Limits) -> std::io::Result<()> {
    let _ = stop.send(true);
    let deadline = Instant::now() + limits.shutdown_grace;
    while registry.len() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_limit_leaves_room_under_the_open_file_limit() {
        assert_eq!(connections_for(1024), 480);
        assert!(connections_for(1024) * 2 + RESERVED_FDS as usize <= 1024);
        assert_eq!(connections_for(10), 16);
        assert_eq!(connections_for(1 << 20), MAX_DEFAULT_CONNECTIONS as usize);
    }

    #[test]
    fn the_longest_idle_connection_is_closed_first_and_busy_ones_never() {
        let registry = Registry::default();
        let (a, mut a_closed) = registry.add();
        let (b, mut b_closed) = registry.add();
        registry.start_request(a);
        assert!(matches!(registry.close_longest_idle(Duration::from_secs(60)), Err(Some(_))), "b is within its grace");
        assert_eq!(registry.close_longest_idle(Duration::ZERO), Ok(()));
        assert!(b_closed.try_recv().is_ok());
        assert!(a_closed.try_recv().is_err());
        assert_eq!(registry.live(), 1);
        registry.remove(b);
        assert_eq!(registry.close_longest_idle(Duration::ZERO), Err(None), "a is busy");
        registry.end_request(a);
        assert_eq!(registry.close_longest_idle(Duration::ZERO), Ok(()));
        assert!(a_closed.try_recv().is_ok());
    }
}
