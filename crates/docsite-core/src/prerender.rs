//! Pre-render stage: HTML for every route, by the theme's own server bundle.
//!
//! The theme's `prerender-worker.mjs` is started once per core and kept alive; the engine
//! sends it the site data and route table once, then one NDJSON request per page and reads
//! one reply line each. Rendering with the theme's React code (not a re-implementation in
//! Rust) is what makes the server HTML byte-identical to what the browser hydrates.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde::Serialize;
use serde_json::value::RawValue;

use crate::contract::{RouteManifest, SiteData};
use crate::diagnostics::BuildError;
use crate::site_code::ThemeBuild;

/// One page to render.
#[derive(Clone)]
pub struct Job<'a> {
    /// Route.
    pub url: &'a str,
    /// Page data JSON (already serialised for the chunk).
    pub page: &'a RawValue,
    /// The page's sidebar, if any: a key naming its content (its JSON's hash) and its JSON.
    /// A worker is sent each sidebar once and keeps it by its key: sent with every page, a
    /// sidebar of every doc made the pre-render quadratic in the docs.
    pub sidebar: Option<(&'a str, &'a RawValue)>,
    /// The caller's index of the page (not sent to the worker).
    pub index: usize,
}

/// The worker's reply for one page.
#[derive(Debug, serde::Deserialize, Serialize)]
pub struct Rendered {
    /// Body HTML.
    #[serde(default)]
    pub html: String,
    /// Head HTML.
    #[serde(default)]
    pub head: String,
    /// Error message, when rendering threw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether everything the page's content shows is in `html`, so that the page's first
    /// load can read its data without its content ([`crate::contract::Boot::page`]).
    #[serde(default, rename = "contentInHtml")]
    pub content_in_html: bool,
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// Keys of the sidebars this worker holds (emptied by `init`, as the worker does).
    sidebars: std::collections::HashSet<String>,
}

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum Request<'a> {
    Init { site: &'a SiteData, routes: &'a RouteManifest },
    /// `sidebar` only when the worker does not hold `sidebarKey` yet.
    #[serde(rename_all = "camelCase")]
    Render {
        id: usize,
        url: &'a str,
        page: &'a RawValue,
        sidebar_key: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        sidebar: Option<&'a RawValue>,
    },
}

impl Worker {
    fn start(theme: &ThemeBuild) -> Result<Worker, BuildError> {
        // Absolute: the worker imports the bundle relative to its own module, not to our folder.
        let script = crate::paths::absolute(&theme.worker());
        // A small young generation: rendering a page makes short-lived garbage, and the
        // default semi-space lets each worker's heap grow by ~100 MB before collecting it.
        let mut child = Command::new("node")
            .arg("--max-semi-space-size=4")
            .arg(&script)
            .env("DOCSITE_THEME_DIST", crate::paths::absolute(&theme.dist))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| BuildError::Theme(format!("cannot start `node {}`: {e} (is Node.js installed?)", script.display())))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Worker { child, stdin, stdout, sidebars: std::collections::HashSet::new() })
    }

    fn send_line(&mut self, line: &str) -> Result<(), BuildError> {
        self.stdin
            .write_all(line.as_bytes())
            .and_then(|_| self.stdin.write_all(b"\n"))
            .and_then(|_| self.stdin.flush())
            .map_err(|e| BuildError::Theme(format!("pre-render worker did not accept its input: {e}")))
    }

    fn render(&mut self, id: usize, job: &Job<'_>) -> Result<Rendered, BuildError> {
        let sidebar_key = job.sidebar.map(|(key, _)| key);
        let sidebar = job.sidebar.filter(|(key, _)| !self.sidebars.contains(*key)).map(|(_, json)| json);
        let req = serde_json::to_string(&Request::Render { id, url: job.url, page: job.page, sidebar_key, sidebar }).expect("serialisable");
        self.stdin
            .write_all(req.as_bytes())
            .and_then(|_| self.stdin.write_all(b"\n"))
            .and_then(|_| self.stdin.flush())
            .map_err(|e| BuildError::Theme(format!("pre-render worker died while rendering {}: {e}", job.url)))?;
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).map_err(|e| BuildError::Theme(format!("reading the pre-render worker: {e}")))?;
        if n == 0 {
            return Err(BuildError::Theme(format!("pre-render worker exited while rendering {}", job.url)));
        }
        if let Some((key, _)) = job.sidebar {
            self.sidebars.insert(key.to_string());
        }
        serde_json::from_str(&line).map_err(|e| BuildError::Theme(format!("pre-render worker sent an invalid reply for {}: {e}", job.url)))
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Long-lived pre-render workers: `docsite build` uses them once, `docsite dev` keeps them
/// between rebuilds (sending `init` again when the site data or the route table change).
pub struct Pool {
    workers: Vec<Worker>,
}

impl Pool {
    /// Starts `workers` Node processes running `script`.
    pub fn start(theme: &ThemeBuild, workers: usize) -> Result<Pool, BuildError> {
        let workers = (0..workers.max(1)).map(|_| Worker::start(theme)).collect::<Result<_, _>>()?;
        Ok(Pool { workers })
    }

    /// Gives every worker the site data and the route table.
    pub fn init(&mut self, site: &SiteData, routes: &RouteManifest) -> Result<(), BuildError> {
        let init = serde_json::to_string(&Request::Init { site, routes }).expect("serialisable");
        self.workers.iter_mut().try_for_each(|w| {
            w.sidebars.clear();
            w.send_line(&init)
        })
    }

    /// Renders `jobs` spread over the workers; results are in job order.
    pub fn render(&mut self, jobs: &[Job<'_>]) -> Result<Vec<Rendered>, BuildError> {
        if jobs.is_empty() {
            return Ok(Vec::new());
        }
        let chunk = jobs.len().div_ceil(self.workers.len()).max(1);
        let results: Vec<Result<Vec<Rendered>, BuildError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = jobs
                .chunks(chunk)
                .zip(self.workers.iter_mut())
                .enumerate()
                .map(|(w, (part, worker))| {
                    scope.spawn(move || -> Result<Vec<Rendered>, BuildError> {
                        part.iter().enumerate().map(|(i, job)| worker.render(w * chunk + i, job)).collect()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err(BuildError::Theme("pre-render thread panicked".into())))).collect()
        });
        let mut out = Vec::with_capacity(jobs.len());
        for r in results {
            out.extend(r?);
        }
        Ok(out)
    }
}

/// The pre-rendered pages of the last build (`.docsite/prerender/` of the site), so that a
/// rebuild renders only the pages whose input changed. A page's entry is named by the hash
/// of everything its rendering reads: the theme's server bundle and worker, the site data
/// and route table every worker is given, and the page's URL, data and sidebar. An entry
/// this build did not use is deleted at its end ([`Cache::finish`]): the cache holds one
/// build's pages, never more.
pub struct Cache {
    dir: std::path::PathBuf,
    context: sha2::Sha256,
    used: std::collections::HashSet<String>,
}

impl Cache {
    /// The cache of `site_dir` for a build rendering with `theme` and the given site data and
    /// route table. `None` when its folder cannot be made (the build then renders every page).
    pub fn open(site_dir: &std::path::Path, theme: &ThemeBuild, site: &SiteData, routes: &RouteManifest) -> Option<Cache> {
        use sha2::Digest;
        let dir = crate::site_code::cache_subdir(site_dir, "prerender")?;
        let mut context = sha2::Sha256::new();
        context.update(b"docsite prerender cache 1\0");
        context.update(env!("CARGO_PKG_VERSION").as_bytes());
        let server = theme.dist.join("server");
        let mut bundle: Vec<std::path::PathBuf> = walkdir::WalkDir::new(&server).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()).map(|e| e.into_path()).collect();
        bundle.sort();
        bundle.push(theme.worker());
        for file in &bundle {
            context.update(file.strip_prefix(&theme.dist).unwrap_or(file).to_string_lossy().as_bytes());
            context.update(std::fs::read(file).ok()?);
        }
        context.update(serde_json::to_vec(&Request::Init { site, routes }).ok()?);
        Some(Cache { dir, context, used: std::collections::HashSet::new() })
    }

    fn key(&self, job: &Job<'_>) -> String {
        use sha2::Digest;
        let mut h = self.context.clone();
        for part in [job.url, job.page.get(), job.sidebar.map_or("", |(key, _)| key)] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        h.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect()
    }

    /// The cached rendering of each job (`None`: to render).
    pub fn look_up(&mut self, jobs: &[Job<'_>]) -> Vec<Option<Rendered>> {
        jobs.iter()
            .map(|job| {
                let key = self.key(job);
                let hit = std::fs::read(self.dir.join(&key)).ok().and_then(|bytes| serde_json::from_slice::<Rendered>(&bytes).ok());
                self.used.insert(key);
                hit
            })
            .collect()
    }

    /// Keeps the renderings of `jobs` (those without an error) for the next build.
    pub fn store(&self, jobs: &[Job<'_>], rendered: &[Rendered]) {
        for (job, r) in jobs.iter().zip(rendered).filter(|(_, r)| r.error.is_none()) {
            if let Ok(bytes) = serde_json::to_vec(r) {
                // A cache that cannot be written only costs the next build time.
                let _ = std::fs::write(self.dir.join(self.key(job)), bytes);
            }
        }
    }

    /// Deletes the entries this build did not use.
    pub fn finish(self) {
        for entry in std::fs::read_dir(&self.dir).into_iter().flatten().flatten() {
            if !self.used.contains(entry.file_name().to_string_lossy().as_ref()) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// Fills the theme's HTML template: `head` where the template marks it (before the theme's
/// own script and stylesheet tags), `head_end` at the end of the head, after them (a site's
/// stylesheets, which must win over the theme's at equal specificity, as in Docusaurus).
pub fn assemble(template: &str, html_attrs: &str, head: &str, head_end: &str, body: &str) -> String {
    // The template's first `</head>` is its own: nothing has been inserted yet.
    template
        .replacen("</head>", &format!("{head_end}</head>"), 1)
        .replacen("data-docsite-html", html_attrs, 1)
        .replacen("<!--docsite:head-->", head, 1)
        .replacen("<!--docsite:body-->", body, 1)
}

#[cfg(test)]
mod tests {
    use super::assemble;

    #[test]
    fn site_stylesheets_come_after_the_themes() {
        let template = "<html data-docsite-html><head><!--docsite:head--><link rel=\"stylesheet\" href=\"./assets/index.css\"></head><body><!--docsite:body--></body></html>";
        let html = assemble(template, "lang=\"en\"", "<title>T</title>", "<link rel=\"stylesheet\" href=\"/custom.css\">", "<main></main>");
        assert_eq!(html, "<html lang=\"en\"><head><title>T</title><link rel=\"stylesheet\" href=\"./assets/index.css\"><link rel=\"stylesheet\" href=\"/custom.css\"></head><body><main></main></body></html>");
    }
}
