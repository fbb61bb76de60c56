//! Accepting and running connections, with limits so that slow or idle clients cannot take
//! the server away from everyone else (`serve` and `dev` both run through [`run`]).
//!
//! - **Header-read timeout**: a request head must arrive whole within
//!   [`Limits::header_timeout`] of the server starting to read it. Hyper applies the same
//!   deadline while a kept-alive connection waits for its next request, so it is also the
//!   keep-alive idle timeout. A slowloris client trickling one header byte at a time is closed
//!   when it expires.
//! - **Connection limit**: at most [`Limits::max_connections`] connections are open. At the
//!   limit, when a new connection arrives, the connection idle the longest (no request in
//!   progress: still sending its first head, or kept alive between requests) is closed at
//!   once to make room (after [`Limits::eviction_grace`], zero by default); a request being
//!   answered is never cut, and while every connection is busy nothing more is accepted.
//!   A connection is never closed before the server has read from it once: a client whose
//!   request already waits in the socket buffer (it sent it while queued) has it read and
//!   is busy before it can be chosen. After that the newest connection is the last to go,
//!   so a client has as long as the accepting of `max_connections` further connections
//!   takes to finish its head, while a flood of slow connections keeps pushing out its own
//!   oldest members as fast as it arrives. The listen queue is deep ([`LISTEN_BACKLOG`]) so
//!   that a client's connection waits there briefly rather than having its SYN dropped
//!   (which costs it a one-second retry).
//! - **Accept errors** (`EMFILE` when the process is out of file descriptors, `ECONNABORTED`)
//!   never stop the loop: after one, the longest-idle connection is closed and accepting
//!   resumes a moment later. The default limit keeps half the descriptors in reserve (a
//!   connection's socket, plus the file it sends), so `EMFILE` is not expected.
//!
//! The default limit follows the process's open-file limit (`RLIMIT_NOFILE`), whose soft
//! value is first raised to the hard one ([`raise_open_file_limit`]): a connection
//! uses a socket and, while a file is sent, that file; some descriptors stay free for the
//! runtime and the site's files. Hyper (the HTTP/1 connection) and hyper-util (the Tokio
//! glue) do the protocol work; the bookkeeping here is ours because neither library nor
//! tower offers "evict the longest-idle connection" (tower's `ConcurrencyLimit` limits
//! requests in flight, not open connections, and a queued slowloris would hold its slot).

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::task::{Context, Poll};
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
    /// At the connection limit, how long a connection must have been idle before it can be
    /// closed to make room (the longest-idle one goes first in any case). Zero by default:
    /// a grace `g` caps the rate of new connections at the limit to `max_connections / g`
    /// a second, and a flood arriving faster fills the listen queue in front of everyone.
    pub eviction_grace: Duration,
}

impl Default for Limits {
    /// 10 s to send a request head; the connection limit from the open-file limit; no
    /// eviction grace (see [`Limits::eviction_grace`]).
    fn default() -> Limits {
        Limits { header_timeout: Duration::from_secs(10), max_connections: connections_for(open_file_limit()), shutdown_grace: Duration::from_secs(5), eviction_grace: Duration::ZERO }
    }
}

/// Length of the listen queue asked for (the kernel caps it at `net.core.somaxconn`, 4096
/// on current Linux): deep enough that a crowd of thousands waits there instead of having
/// connections refused or SYNs dropped.
pub(crate) const LISTEN_BACKLOG: u32 = 4096;

/// Binds a listening socket on `addr` with [`LISTEN_BACKLOG`] (Tokio's `TcpListener::bind`
/// asks for 1024).
pub(crate) fn listen(addr: std::net::SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
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

/// Raises the process's soft open-file limit (`RLIMIT_NOFILE`) to its hard limit, as
/// nginx's `worker_rlimit_nofile` does, and returns the soft limit in force afterwards.
/// Many systems start programs at a soft limit of 1024 under a far higher hard one: at
/// 1024 the connection limit is 480, and a flood of connections crowds out normal clients
/// sooner than it needs to. The accept loop calls it, and `docsite serve` and `docsite dev` call
/// it before [`Limits::default`] reads the limit, so the connection limit follows the
/// raised one. A hard limit of "unlimited", which Linux does not accept as a soft limit, is
/// tried as 2^20 (Linux's default `fs.nr_open`), then 10240 (macOS's `OPEN_MAX`).
#[cfg(unix)]
pub fn raise_open_file_limit() -> u64 {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit only writes the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return open_file_limit();
    }
    for soft in [limit.rlim_max, 1 << 20, 10240] {
        if soft <= limit.rlim_cur || soft > limit.rlim_max {
            continue;
        }
        let wanted = libc::rlimit { rlim_cur: soft, rlim_max: limit.rlim_max };
        // SAFETY: setrlimit only reads the struct it is given; raising the soft limit up to
        // the hard one needs no privilege.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &wanted) } == 0 {
            break;
        }
    }
    open_file_limit()
}

/// Elsewhere the limit is left as it is.
#[cfg(not(unix))]
pub fn raise_open_file_limit() -> u64 {
    open_file_limit()
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
    /// Set once the server has tried to read from the connection: until then it cannot
    /// be closed to make room (a request waiting in its socket buffer has not been seen).
    read: Arc<AtomicBool>,
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
    /// Registers a new connection: its id, the flag its reader sets on the first read, and
    /// the signal that closes it.
    fn add(&self) -> (u64, Arc<AtomicBool>, oneshot::Receiver<()>) {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (close, closed) = oneshot::channel();
        let read = Arc::new(AtomicBool::new(false));
        self.open.lock().expect("registry").insert(id, Entry { read: read.clone(), busy: 0, idle_since: Instant::now(), close: Some(close) });
        (id, read, closed)
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

    /// Closes the connection idle for the longest time (and read from at least once), other
    /// than `except`, if it has been idle for at least `grace`; otherwise says how long to wait before one may
    /// be (`None`: every one is busy).
    fn close_longest_idle(&self, grace: Duration, except: Option<u64>) -> Result<(), Option<Duration>> {
        let mut open = self.open.lock().expect("registry");
        let mut unread = false;
        let oldest = open
            .iter_mut()
            .filter(|(id, e)| e.busy == 0 && e.close.is_some() && Some(**id) != except)
            .filter(|(_, e)| {
                let read = e.read.load(Ordering::Acquire);
                unread |= !read;
                read
            })
            .min_by_key(|(_, e)| e.idle_since)
            .map(|(_, e)| e);
        let Some(entry) = oldest else { return Err(unread.then_some(Duration::from_millis(1))) };
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

/// The connection's socket, setting its entry's `read` flag when hyper first reads from it.
struct Watched {
    io: TokioIo<tokio::net::TcpStream>,
    read: Arc<AtomicBool>,
}

impl hyper::rt::Read for Watched {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: hyper::rt::ReadBufCursor<'_>) -> Poll<std::io::Result<()>> {
        let polled = hyper::rt::Read::poll_read(Pin::new(&mut self.io), cx, buf);
        self.read.store(true, Ordering::Release);
        polled
    }
}

impl hyper::rt::Write for Watched {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        hyper::rt::Write::poll_write(Pin::new(&mut self.io), cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        hyper::rt::Write::poll_flush(Pin::new(&mut self.io), cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        hyper::rt::Write::poll_shutdown(Pin::new(&mut self.io), cx)
    }
    fn is_write_vectored(&self) -> bool {
        hyper::rt::Write::is_write_vectored(&self.io)
    }
    fn poll_write_vectored(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[std::io::IoSlice<'_>]) -> Poll<std::io::Result<usize>> {
        hyper::rt::Write::poll_write_vectored(Pin::new(&mut self.io), cx, bufs)
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
    raise_open_file_limit();
    let registry = Arc::new(Registry::default());
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let tcp = match accepted {
            Ok((tcp, _)) => tcp,
            Err(_) => {
                // Out of descriptors (or a connection reset before it was accepted): make
                // room and try again shortly, never give up.
                let _ = registry.close_longest_idle(Duration::ZERO, None);
                tokio::time::sleep(Duration::from_millis(5)).await;
                continue;
            }
        };
        let _ = tcp.set_nodelay(true);
        let (id, read, closed) = registry.add();
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
        let conn = http.serve_connection(Watched { io: TokioIo::new(tcp), read }, service);
        let task_registry = registry.clone();
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
            task_registry.remove(id);
        });
        // Over the limit with this connection: close the longest-idle other one (once it has
        // had its grace, if any). Room is made only when someone arrives, never ahead of
        // time. While every other connection is busy (or not read from yet), accept nothing
        // more: new clients wait in the listen queue, in arrival order.
        while registry.live() > limits.max_connections {
            let wait = match registry.close_longest_idle(limits.eviction_grace, Some(id)) {
                Ok(()) => continue,
                Err(wait) => wait.unwrap_or(Duration::from_millis(10)).max(Duration::from_millis(1)),
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = &mut shutdown => return finish(&registry, stop_tx, limits).await,
            }
        }
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
        let (a, a_read, mut a_closed) = registry.add();
        let (b, b_read, mut b_closed) = registry.add();
        assert_eq!(registry.close_longest_idle(Duration::ZERO, None), Err(Some(Duration::from_millis(1))), "neither was read from yet");
        a_read.store(true, Ordering::Release);
        b_read.store(true, Ordering::Release);
        registry.start_request(a);
        assert!(matches!(registry.close_longest_idle(Duration::from_secs(60), None), Err(Some(_))), "b is within its grace");
        assert_eq!(registry.close_longest_idle(Duration::ZERO, None), Ok(()));
        assert!(b_closed.try_recv().is_ok());
        assert!(a_closed.try_recv().is_err());
        assert_eq!(registry.live(), 1);
        registry.remove(b);
        assert_eq!(registry.close_longest_idle(Duration::ZERO, None), Err(None), "a is busy");
        let (c, c_read, _c_closed) = registry.add();
        c_read.store(true, Ordering::Release);
        assert_eq!(registry.close_longest_idle(Duration::ZERO, Some(c)), Err(None), "c is the newcomer room is made for");
        registry.remove(c);
        registry.end_request(a);
        assert_eq!(registry.close_longest_idle(Duration::ZERO, None), Ok(()));
        assert!(a_closed.try_recv().is_ok());
    }
}
