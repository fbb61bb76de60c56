//! `docsite dev [SITE_DIR] [--port 3000]`: build, serve, watch; after each save rebuild what
//! changed and reload the open pages it touched.
//!
//! Three parts: the file watcher (notify) feeds a rebuild thread that owns the
//! [`DevSession`]; the rebuild thread tells the server's [`DevHooks`] what happened; the
//! server (tokio) answers pages, chunks and the live-reload event stream.

use std::collections::BTreeSet;
use std::net::{IpAddr, SocketAddr};
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;
use std::sync::{mpsc, Arc};
use std::time::Duration;

use docsite_core::dev::{Changed, DevSession, RebuildKind, Rebuilt, Viewers, CLIENT_JS, CLIENT_PATH, EVENTS_PATH};
use docsite_core::diagnostics::{changes, BuildError, Diagnostics};
use docsite_server::{BuildFailure, DevHooks};
use notify::{EventKind, RecursiveMode, Watcher};

/// Arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The site directory (default: the current folder when it holds a site, else `site`).
    site_dir: Option<PathBuf>,
    /// Port.
    #[arg(long, default_value_t = 3000)]
    port: u16,
    /// Address to bind.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The theme directory (default: $DOCSITE_THEME, the theme beside the executable, or
    /// the one embedded in it).
    #[arg(long)]
    theme: Option<PathBuf>,
    /// Print the time of each stage of every rebuild.
    #[arg(long)]
    timings: bool,
}

/// Time given to an editor's burst of events (write, rename, chmod) before rebuilding.
const SETTLE: Duration = Duration::from_millis(5);
/// Quiet time after which the search index is refreshed.
const INDEX_AFTER: Duration = Duration::from_millis(600);
/// Quiet time after hot updates of the site's React code before its pages are pre-rendered
/// with it (a code build: seconds, so not after every keystroke's save).
const CODE_AFTER: Duration = Duration::from_millis(1500);

pub(crate) fn run(args: Args) -> ExitCode {
    let site_dir_arg = args.site_dir.unwrap_or_else(super::default_site_dir);
    // Local previews never send analytics page views: every configuration this process
    // loads reads `[gtag]` as absent. Set before any thread starts.
    std::env::set_var(docsite_core::config::ANALYTICS_ENV, "off");
    let site_dir = match super::require_site_dir(&site_dir_arg) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    // The base URL decides where the live-reload endpoints are; it is read once (a change
    // to `baseUrl` needs a restart, which the rebuild says).
    // So are the folders and files the configuration has the engine read beside the site
    // folder (`'../docs'`): they are watched too.
    let (base_url, outside) = docsite_core::config::SiteConfig::load(&site_dir).map(|c| (c.base_url.clone(), c.read_outside())).unwrap_or_else(|_| ("/".into(), Vec::new()));
    let theme = match super::theme_dir(args.theme) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    let out_dir = std::env::temp_dir().join(format!("docsite-dev-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out_dir);
    if let Err(e) = std::fs::create_dir_all(&out_dir) {
        eprintln!("error: cannot create {}: {e}", out_dir.display());
        return ExitCode::from(2);
    }
    let workers = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).min(2);
    let mut session = DevSession::new(&site_dir, &out_dir, &theme, workers);
    // A site's own React code is served by Vite's dev server (hot updates with React Fast
    // Refresh), which may read the site, the theme and what the configuration names beside it.
    session.serve_modules(docsite_core::dev_vite::ViteOptions { host: args.host, allow: outside.clone() });
    let hooks = Arc::new(DevHooks::new(&base_url, CLIENT_PATH, EVENTS_PATH, CLIENT_JS));
    let vite_host = match args.host {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::from([127, 0, 0, 1]),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::from(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };

    // The port is taken before building, so a busy one is reported at once rather than
    // after the first build.
    let addr = SocketAddr::new(args.host, args.port);
    let std_listener = match std::net::TcpListener::bind(addr).and_then(|l| l.set_nonblocking(true).map(|()| l)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen on {addr}: {e}");
            if e.kind() == std::io::ErrorKind::AddrInUse {
                eprintln!("  help: another program uses port {}; stop it or pass --port <another>", args.port);
            }
            let _ = std::fs::remove_dir_all(&out_dir);
            return ExitCode::from(2);
        }
    };

    eprintln!("docsite: building {}…", site_dir.display());
    let mut terminal = Terminal { site_dir: site_dir.clone(), outside: outside.clone(), shown: None, timings: args.timings };
    let first = session.rebuild(&[]);
    hooks.set_vite(session.vite_port().map(|port| SocketAddr::new(vite_host, port)));
    match first {
        Ok(r) => terminal.rebuilt(&r, &[], &hooks),
        Err(BuildError::Invalid(diags)) => terminal.failed(&diags, &[], &hooks),
        Err(other) => {
            eprintln!("error: {other}");
            let _ = std::fs::remove_dir_all(&out_dir);
            return ExitCode::from(2);
        }
    }

    let (tx, rx) = mpsc::channel();
    let mut watcher = match notify::recommended_watcher(tx) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: cannot watch files: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = watcher.watch(&site_dir, RecursiveMode::Recursive) {
        eprintln!("error: cannot watch {}: {e}", site_dir.display());
        return ExitCode::from(2);
    }
    // A file beside the site is watched through its folder (editors replace a file when
    // they save it), and only its own events count.
    for path in &outside {
        let (target, mode) = if path.is_dir() { (path.as_path(), RecursiveMode::Recursive) } else { (path.parent().unwrap_or(path), RecursiveMode::NonRecursive) };
        if let Err(e) = watcher.watch(target, mode) {
            eprintln!("error: cannot watch {}: {e}", target.display());
            return ExitCode::from(2);
        }
    }
    // The pages browsers have open are written and reloaded before the others.
    let (viewed, ready) = (hooks.clone(), hooks.clone());
    session.watch_viewers(Viewers { viewed: Box::new(move || viewed.viewed()), ready: Box::new(move |routes| ready.rebuilt(Some(routes))) });
    let rebuild_hooks = hooks.clone();
    let watched = Watched { site_dir: site_dir.clone(), outside, vite_host };
    std::thread::spawn(move || rebuild_loop(session, &watched, &rx, &rebuild_hooks, terminal));

    let rt = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let code = rt.block_on(async {
        let listener = match tokio::net::TcpListener::from_std(std_listener) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {addr}: {e}");
                return ExitCode::from(2);
            }
        };
        eprintln!("docsite: serving {} on http://{addr}{base_url} (watching for changes; Ctrl-C stops)", site_dir.display());
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        match docsite_server::serve_dev_on(listener, out_dir.clone(), hooks, shutdown).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        }
    });
    drop(watcher);
    let _ = std::fs::remove_dir_all(&out_dir);
    code
}

/// Waits for changes, rebuilds, and refreshes the search index when edits settle.
fn rebuild_loop(mut session: DevSession, watched: &Watched, rx: &mpsc::Receiver<notify::Result<notify::Event>>, hooks: &DevHooks, mut terminal: Terminal) {
    loop {
        let mut changed = BTreeSet::new();
        let wait = if session.code_stale() {
            CODE_AFTER
        } else if session.indexing() {
            INDEX_AFTER
        } else {
            Duration::from_secs(3600)
        };
        match rx.recv_timeout(wait) {
            Ok(event) => collect(event, watched, &mut changed),
            Err(mpsc::RecvTimeoutError::Timeout) if session.code_stale() => {
                match session.refresh_code() {
                    Ok(r) => terminal.rebuilt(&r, &[], hooks),
                    // The open pages show it in Vite's overlay; the last code build stays.
                    Err(BuildError::Invalid(diags)) => terminal.code_failed(&diags),
                    Err(other) => eprintln!("docsite: the pages using the site's React code were not pre-rendered again: {other}"),
                }
                hooks.set_vite(session.vite_port().map(|port| SocketAddr::new(watched.vite_host, port)));
                continue;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(e) = session.index() {
                    eprintln!("docsite: the search index was not updated: {e}");
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
        while let Ok(event) = rx.recv_timeout(SETTLE) {
            collect(event, watched, &mut changed);
        }
        if changed.is_empty() {
            continue;
        }
        let changed: Vec<PathBuf> = changed.into_iter().collect();
        let result = session.rebuild(&changed);
        hooks.set_vite(session.vite_port().map(|port| SocketAddr::new(watched.vite_host, port)));
        match result {
            Ok(r) => terminal.rebuilt(&r, &changed, hooks),
            Err(BuildError::Invalid(diags)) => terminal.failed(&diags, &changed, hooks),
            Err(other) => {
                eprintln!("error: {other}");
                hooks.failed(BuildFailure::message(other.to_string()));
            }
        }
    }
}

/// What the watcher watches: the site folder, and what the configuration has the engine read
/// beside it ([`docsite_core::config::SiteConfig::read_outside`]: folders, and files watched
/// through their folder).
struct Watched {
    site_dir: PathBuf,
    outside: Vec<PathBuf>,
    /// Where the dev server reaches Vite's (the address it listens on, or loopback).
    vite_host: IpAddr,
}

/// Adds the files of a watcher event that belong to the site's sources.
fn collect(event: notify::Result<notify::Event>, watched: &Watched, changed: &mut BTreeSet<PathBuf>) {
    let Ok(event) = event else { return };
    if matches!(event.kind, EventKind::Access(_) | EventKind::Other) {
        return;
    }
    changed.extend(event.paths.into_iter().filter(|p| is_source(p, watched)));
}

/// Sources are the site's files except its build output, installed packages and hidden
/// files (editors' swap files, `.git`), and the same in the folders and files read beside it.
fn is_source(path: &Path, watched: &Watched) -> bool {
    if path.starts_with(&watched.site_dir) {
        return is_site_source(path, &watched.site_dir);
    }
    // A watched file is its own only path under itself.
    watched.outside.iter().any(|p| path.strip_prefix(p).is_ok_and(|rel| !hidden_or_scratch(rel)))
}

/// [`is_source`] for a path under the site folder.
fn is_site_source(path: &Path, site_dir: &Path) -> bool {
    let Ok(rel) = path.strip_prefix(site_dir) else { return false };
    let first = rel.components().next().and_then(|c| c.as_os_str().to_str());
    first != Some("build") && !hidden_or_scratch(rel)
}

/// A path (relative to a watched folder) under a hidden folder or `node_modules`, or an
/// editor's backup or swap file.
fn hidden_or_scratch(rel: &Path) -> bool {
    let mut parts = rel.components().filter_map(|c| match c {
        Component::Normal(name) => name.to_str(),
        _ => None,
    });
    let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
    parts.any(|p| p.starts_with('.') || p == "node_modules") || name.ends_with('~') || name.ends_with(".swp")
}

/// What the terminal shows: the whole report of the first build, then per rebuild one line
/// (what changed, how long it took) and only the problems that appeared or went away since
/// the last one, so that a site with hundreds of warnings does not print them at each save.
struct Terminal {
    site_dir: PathBuf,
    /// What the configuration has the engine read beside the site folder (code frames).
    outside: Vec<PathBuf>,
    /// The problems of the last build, as shown (`None` before the first).
    shown: Option<Diagnostics>,
    timings: bool,
}

impl Terminal {
    fn rebuilt(&mut self, r: &Rebuilt, changed: &[PathBuf], hooks: &DevHooks) {
        if self.timings {
            for (stage, secs) in &r.timings {
                eprintln!("  {stage:<9} {:>7.1} ms", secs * 1000.0);
            }
        }
        let ms = r.elapsed.as_secs_f64() * 1000.0;
        let first = self.shown.is_none();
        let delta = self.show(&r.diagnostics);
        if first {
            eprintln!("docsite: built {} pages in {ms:.0} ms", r.written);
        } else if matches!(r.kind, RebuildKind::Hot | RebuildKind::HotModule) {
            let how = if r.kind == RebuildKind::HotModule { "its module from Vite's dev server" } else { "React Fast Refresh" };
            eprintln!("docsite: {}: sent to the open pages as a hot update ({how}){delta}", names(changed, &self.site_dir));
        } else if r.kind == RebuildKind::Code {
            eprintln!("docsite: the site's React code rebuilt for pre-rendering in {ms:.0} ms ({} pages written){delta}", r.written);
        } else {
            let open = r.first.map(|(n, at)| format!("; the {n} open first, in {:.0} ms", at.as_secs_f64() * 1000.0)).unwrap_or_default();
            eprintln!("docsite: {} rebuilt in {ms:.0} ms ({} rendered from Markdown, {} pages written{open}){delta}", names(changed, &self.site_dir), r.rendered, r.written);
        }
        hooks.rebuilt(match &r.changed {
            Changed::All => None,
            Changed::Routes(routes) => Some(routes.clone()),
        });
    }

    /// Prints the problems of a code build after hot updates: the open pages show them in
    /// Vite's error overlay already, and keep working on the last code that built.
    fn code_failed(&mut self, diags: &Diagnostics) {
        let delta = self.show(diags);
        eprintln!("docsite: the site's React code does not build{delta}; the open pages show the error in Vite's overlay until it is fixed");
    }

    /// Prints the problems and has every page show them until a rebuild succeeds.
    fn failed(&mut self, diags: &Diagnostics, changed: &[PathBuf], hooks: &DevHooks) {
        let first = self.shown.is_none();
        let delta = self.show(diags);
        let errors = diags.error_count();
        let what = if first { String::new() } else { format!("{}: ", names(changed, &self.site_dir)) };
        eprintln!("docsite: {what}the site does not build ({errors} error{}){delta}; pages show the error until it is fixed", if errors == 1 { "" } else { "s" });
        hooks.failed(BuildFailure::of(diags, &self.site_dir, &self.outside));
    }

    /// Prints the whole report the first time, then the problems that appeared and those
    /// that went away; returns the counts for the summary line.
    fn show(&mut self, now: &Diagnostics) -> String {
        let Some(before) = self.shown.replace(now.clone()) else {
            eprint!("{}", now.report());
            return String::new();
        };
        let (appeared, gone) = changes(before.items(), now.items());
        for d in &appeared {
            eprintln!("{d}");
        }
        for d in &gone {
            eprintln!("fixed: {}", d.to_string().lines().next().unwrap_or_default());
        }
        match (appeared.len(), gone.len()) {
            (0, 0) => String::new(),
            (a, g) => format!("; {a} new problem{}, {g} fixed", if a == 1 { "" } else { "s" }),
        }
    }
}

/// The changed files, as paths from the site folder (the first three, and how many more).
fn names(changed: &[PathBuf], site_dir: &Path) -> String {
    let name = |p: &PathBuf| docsite_core::paths::relative_to(site_dir, p).unwrap_or_else(|| p.clone()).display().to_string();
    let mut names: Vec<String> = changed.iter().take(3).map(name).collect();
    if changed.len() > 3 {
        names.push(format!("{} more", changed.len() - 3));
    }
    if names.is_empty() {
        "the site".into()
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_exclude_output_packages_and_hidden_files() {
        let watched = Watched { site_dir: PathBuf::from("/s"), outside: Vec::new(), vite_host: IpAddr::from([127, 0, 0, 1]) };
        let site = &watched;
        assert!(is_source(Path::new("/s/docs/a.md"), site));
        assert!(is_source(Path::new("/s/docsite.toml"), site));
        assert!(is_source(Path::new("/s/static/img/logo.svg"), site));
        assert!(!is_source(Path::new("/s/build/index.html"), site));
        assert!(!is_source(Path::new("/s/schemas/node_modules/x/a.json"), site));
        assert!(!is_source(Path::new("/s/docs/.a.md.swp"), site));
        assert!(!is_source(Path::new("/s/docs/a.md~"), site));
        assert!(!is_source(Path::new("/s/.git/index"), site));
        assert!(!is_source(Path::new("/elsewhere/a.md"), site));
    }

    #[test]
    fn sources_include_what_the_config_reads_beside_the_site() {
        let watched = Watched { site_dir: PathBuf::from("/repo/website"), outside: vec![PathBuf::from("/repo/docs"), PathBuf::from("/repo/shared/custom.css")], vite_host: IpAddr::from([127, 0, 0, 1]) };
        assert!(is_source(Path::new("/repo/docs/intro.md"), &watched));
        assert!(is_source(Path::new("/repo/docs/build/a.md"), &watched), "`build/` is the output only in the site folder");
        assert!(!is_source(Path::new("/repo/docs/.intro.md.swp"), &watched));
        assert!(!is_source(Path::new("/repo/docs/node_modules/x/a.md"), &watched));
        assert!(is_source(Path::new("/repo/shared/custom.css"), &watched));
        assert!(!is_source(Path::new("/repo/shared/other.css"), &watched), "only the file itself in its folder");
        assert!(!is_source(Path::new("/repo/README.md"), &watched));
    }
}
