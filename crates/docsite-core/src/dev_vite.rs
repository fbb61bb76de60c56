//! `docsite dev`'s module server for a site with its own React code: Vite's dev server
//! (`theme/dev-server.mjs`, one Node process per session) serves the theme and the site's
//! React pages and components as modules with React Fast Refresh, so an edit of one reaches
//! the open page as a hot update that keeps its state (≤ 1 s), and a syntax error shows in
//! Vite's error overlay until it is fixed. The pages are still pre-rendered by the site
//! build (`site_code.rs`); in dev their template loads Vite's client, React Refresh's preamble
//! and the theme's client entry from `<baseUrl>_docsite/vite/` ([`dev_template`]), which the
//! dev server proxies to this process (`docsite-server`'s dev hooks); the browser's HMR
//! WebSocket connects to its port directly (the dev CSP's `connect-src` names it).
//!
//! What Vite may serve is the theme, the site folder and the content folders the
//! configuration names beside it, nothing else (`server.fs.strict` with that allow-list).

use std::io::{BufRead, BufReader};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::diagnostics::BuildError;

/// URL path (under the base URL) of the modules Vite serves.
pub const VITE_PATH: &str = "_docsite/vite/";

/// How long Vite gets to start listening.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// A running Vite dev server; stopped when dropped.
pub struct ViteDev {
    child: Child,
    /// Held open: the process stops when its standard input closes (the engine died).
    _stdin: Option<ChildStdin>,
    port: u16,
    /// The page and component lists and MDX options it was started with (a change needs a
    /// restart).
    lists: (Vec<String>, Vec<String>, crate::site_code::MdxOptions),
}

impl std::fmt::Debug for ViteDev {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ViteDev").field("port", &self.port).finish()
    }
}

/// Where a session's Vite listens and what it may serve.
#[derive(Debug, Clone)]
pub struct ViteOptions {
    /// The address `docsite dev` listens on (Vite's port is on the same one).
    pub host: IpAddr,
    /// Folders beside the site the configuration reads (content folders, a `customCss`).
    pub allow: Vec<PathBuf>,
}

impl ViteDev {
    /// Starts Vite for the site at `site_dir` (served at `base_url`) with its React pages'
    /// and site components' modules (relative to the site), its MDX compiled with `mdx`, and
    /// waits until it listens.
    pub fn start(theme: &Path, site_dir: &Path, base_url: &str, options: &ViteOptions, (pages, components): (&[String], &[String]), mdx: &crate::site_code::MdxOptions) -> Result<ViteDev, BuildError> {
        let abs = crate::paths::absolute;
        let lists = crate::site_code::cache_subdir(site_dir, "dev").ok_or_else(|| BuildError::Theme(format!("cannot make {}/.docsite/dev inside the site", site_dir.display())))?;
        let pages_file = lists.join("pages.json");
        let components_file = lists.join("components.json");
        std::fs::write(&pages_file, serde_json::to_string(pages).expect("serialisable")).map_err(BuildError::io(&pages_file))?;
        std::fs::write(&components_file, serde_json::to_string(components).expect("serialisable")).map_err(BuildError::io(&components_file))?;
        // The folders Vite may serve: only those that exist (a file is allowed by its path).
        let allow: Vec<String> = options.allow.iter().map(|p| abs(p).to_string_lossy().into_owned()).collect();
        let host = options.host.to_string();
        let mut child = Command::new("node")
            .arg(abs(&theme.join("dev-server.mjs")))
            .current_dir(abs(theme))
            .env("DOCSITE_SITE_DIR", abs(site_dir))
            .env("DOCSITE_SITE_PAGES", abs(&pages_file))
            .env("DOCSITE_SITE_COMPONENTS", abs(&components_file))
            .env("DOCSITE_MDX", mdx.json())
            .env("DOCSITE_CONFIG_LOADER", crate::site_code::config_loader(site_dir, mdx)?.unwrap_or_default())
            .env("DOCSITE_VITE_BASE", format!("{base_url}{VITE_PATH}"))
            .env("DOCSITE_VITE_HOST", host)
            .env("DOCSITE_VITE_ALLOW", serde_json::to_string(&allow).expect("serialisable"))
            .env_remove("DOCSITE_SITE_OUT")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| BuildError::Theme(format!("cannot run node for Vite's dev server: {e} (install Node.js 20+)")))?;
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(json) = line.strip_prefix("docsite-vite: ") {
                    let port = serde_json::from_str::<serde_json::Value>(json).ok().and_then(|v| v["port"].as_u64()).and_then(|p| u16::try_from(p).ok());
                    let _ = tx.send(port);
                } else {
                    eprintln!("{line}");
                }
            }
        });
        let stdin = child.stdin.take();
        match rx.recv_timeout(START_TIMEOUT) {
            Ok(Some(port)) => Ok(ViteDev { child, _stdin: stdin, port, lists: (pages.to_vec(), components.to_vec(), mdx.clone()) }),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                Err(BuildError::Theme(format!("Vite's dev server ({}) did not start within {} s", theme.join("dev-server.mjs").display(), START_TIMEOUT.as_secs())))
            }
        }
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Whether it serves these pages and components (else it needs a restart).
    pub fn serves(&self, pages: &[String], components: &[String], mdx: &crate::site_code::MdxOptions) -> bool {
        self.lists.0 == pages && self.lists.1 == components && &self.lists.2 == mdx
    }
}

impl Drop for ViteDev {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The theme's template with its client entry loaded from Vite (`<base>_docsite/vite/`)
/// instead of the built bundle: React Refresh's preamble first (before React loads), Vite's
/// client (the HMR socket, the error overlay), then the theme's entry. The built entry's
/// held-back `<script>` and module preloads are taken out; its stylesheets stay, so pages
/// paint styled before the modules load.
pub fn dev_template(template: &str, base_url: &str) -> String {
    // The names `theme/src/app/deferredEntry.ts` gives the held-back entry and preloads.
    static DEFERRED_TAGS: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"<script type="docsite/module"[^>]*></script>|<link rel="docsite-modulepreload"[^>]*>"#).expect("valid"));
    let without = DEFERRED_TAGS.replace_all(template, "");
    let vite = format!("{base_url}{VITE_PATH}");
    let tags = format!(
        "<script type=\"module\" src=\"{vite}@id/__x00__@vitejs/plugin-react/preamble\"></script>\
<script type=\"module\" src=\"{vite}@vite/client\"></script>\
<script type=\"module\" src=\"{vite}src/entry-client.tsx\"></script>"
    );
    match without.find("</head>") {
        Some(at) => format!("{}{tags}{}", &without[..at], &without[at..]),
        None => format!("{tags}{without}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dev_template_loads_the_entry_from_vite_and_keeps_the_stylesheets() {
        let built = "<html><head><!--docsite:head--><script type=\"docsite/module\" crossorigin src=\"/docs/assets/index-a1.js\"></script>\
<link rel=\"docsite-modulepreload\" crossorigin href=\"/docs/assets/react-b2.js\">\
<link rel=\"stylesheet\" crossorigin href=\"/docs/assets/index-c3.css\"></head><body></body></html>";
        let dev = dev_template(built, "/docs/");
        assert!(!dev.contains("docsite/module") && !dev.contains("docsite-modulepreload"), "{dev}");
        assert!(dev.contains("<link rel=\"stylesheet\" crossorigin href=\"/docs/assets/index-c3.css\">"), "{dev}");
        let preamble = dev.find("/docs/_docsite/vite/@id/__x00__@vitejs/plugin-react/preamble").expect("preamble");
        let entry = dev.find("<script type=\"module\" src=\"/docs/_docsite/vite/src/entry-client.tsx\"></script></head>").expect("entry at the end of the head");
        assert!(preamble < entry, "React Refresh's preamble runs before React loads");
    }
}
