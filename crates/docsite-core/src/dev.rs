//! `docsite dev`: rebuilding a site after edits, touching only what changed.
//!
//! A [`DevSession`] keeps between rebuilds what makes the next one cheap:
//!
//! - the rendering of every doc ([`RenderCache`]): a rebuild loads and checks the whole site
//!   again (links and anchors of every version stay checked) but renders only docs whose
//!   text changed;
//! - the pre-render workers, already started and given the site data;
//! - a fingerprint of every chunk it wrote. Chunks have stable names in dev
//!   ([`ChunkNames::Stable`]), so an edit to one page rewrites that page's chunk and HTML
//!   and nothing else; pages are rendered again only when their data, their sidebar, the
//!   route table, the site data or the theme template changed.
//!
//! The output is a normal site folder (without precompressing what it writes), served by
//! `docsite-server` with its dev hooks. The search index is refreshed by [`DevSession::index`],
//! which the caller runs when edits have settled, so that it never delays a reload.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::build::{check_with, write_file, ChunkNames, Chunks, RenderCache, Site};
use crate::contract::PageData;
use crate::diagnostics::BuildError;
use crate::paths::encode_path;
use crate::prerender::Pool;
use crate::search;

/// URL path (under the base URL) of the live-reload client script.
pub const CLIENT_PATH: &str = "_docsite/dev/client.js";
/// URL path (under the base URL) of the live-reload event stream.
pub const EVENTS_PATH: &str = "_docsite/dev/events";

/// What changed in a rebuild.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Changed {
    /// Every page (the route table, the site data or the template changed).
    All,
    /// These routes (URL-encoded, as the browser shows them); may be empty.
    Routes(Vec<String>),
}

/// Summary of one rebuild.
#[derive(Debug)]
pub struct Rebuilt {
    /// Pages whose HTML was written again.
    pub changed: Changed,
    /// Docs rendered from Markdown (the rest came from the cache).
    pub rendered: usize,
    /// HTML documents written.
    pub written: usize,
    /// The site's warnings (`rebuild` fails on an error): the caller prints them all once,
    /// then only those that appear or go away ([`crate::diagnostics::changes`]).
    pub diagnostics: crate::diagnostics::Diagnostics,
    /// Time taken.
    pub elapsed: Duration,
    /// Time per stage, for `--timings`.
    pub timings: Vec<(&'static str, f64)>,
    /// The pages browsers have open that were written and announced before the others
    /// ([`Viewers`]), and when.
    pub first: Option<(usize, Duration)>,
}

/// How a session learns which pages browsers have open, and tells them one is ready: a
/// rebuild that writes many pages (a sidebar edit, a new doc) writes those first and
/// announces them at once; the rest follow.
pub struct Viewers {
    /// The paths of the pages browsers loaded lately (as requested: `/docs/a/`, `/x.html`).
    pub viewed: Box<dyn Fn() -> Vec<String> + Send>,
    /// Called with the routes (URL-encoded, as [`Changed::Routes`]) written ahead.
    pub ready: Box<dyn FnMut(Vec<String>) + Send>,
}

/// State kept between rebuilds.
pub struct DevSession {
    site_dir: PathBuf,
    out_dir: PathBuf,
    theme_dir: PathBuf,
    workers: usize,
    cache: RenderCache,
    pool: Option<Pool>,
    /// The theme build pages are rendered with (the theme's, or the site's own code build).
    theme: Option<crate::site_code::ThemeBuild>,
    /// The site and its chunks as last built successfully (dropped when a full rebuild
    /// fails, so that an edit of one page never hides an error elsewhere).
    state: Option<(Site, Chunks)>,
    /// Hash of each chunk file written, by path.
    chunks: HashMap<PathBuf, u64>,
    /// Hash of (page chunk, sidebar chunk) of each page, by route.
    pages: HashMap<String, u64>,
    /// Hash of route table + site data + template: when it changes every page is rendered.
    shell: u64,
    /// HTML files written, to delete those of removed routes.
    documents: HashSet<PathBuf>,
    copied: bool,
    search_due: bool,
    indexer: Option<std::thread::JoinHandle<Result<(), BuildError>>>,
    viewers: Option<Viewers>,
}

impl DevSession {
    /// A session building `site_dir` into `out_dir` with the theme at `theme_dir`.
    pub fn new(site_dir: &Path, out_dir: &Path, theme_dir: &Path, workers: usize) -> DevSession {
        crate::highlight::remember_blocks();
        DevSession {
            site_dir: site_dir.to_path_buf(),
            out_dir: out_dir.to_path_buf(),
            theme_dir: theme_dir.to_path_buf(),
            workers: workers.max(1),
            cache: RenderCache::default(),
            pool: None,
            theme: None,
            state: None,
            chunks: HashMap::new(),
            pages: HashMap::new(),
            shell: 0,
            documents: HashSet::new(),
            copied: false,
            search_due: false,
            indexer: None,
            viewers: None,
        }
    }

    /// Has rebuilds write the pages browsers have open first, and announce them ([`Viewers`]).
    pub fn watch_viewers(&mut self, viewers: Viewers) {
        self.viewers = Some(viewers);
    }

    /// The output folder being served.
    pub fn out_dir(&self) -> &Path {
        &self.out_dir
    }

    /// The HTML that loads the live-reload client, for the end of every head.
    fn client_tag(base_url: &str) -> String {
        format!("<script src=\"{base_url}{CLIENT_PATH}\" defer></script>")
    }

    /// Rebuilds after `changed` files changed (empty on the first build).
    ///
    /// An edit of Markdown files that leaves their front matter and titles alone updates
    /// those pages in place ([`Site::update_doc`]: render the file, check every link and
    /// anchor again, write its chunk and HTML). Anything else checks the whole site again,
    /// rendering only docs whose text changed, and writes the pages whose data changed.
    pub fn rebuild(&mut self, changed: &[PathBuf]) -> Result<Rebuilt, BuildError> {
        let start = Instant::now();
        let markdown_only = changed.iter().all(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("md" | "mdx")));
        if !changed.is_empty() && markdown_only {
            if let Some(rebuilt) = self.update(changed, start)? {
                return Ok(rebuilt);
            }
        }
        self.state = None;
        // Docs and sidebars are what a rendering checks it still holds against (`RenderCache`);
        // any other file (config, data, static files, code) may change every page.
        let docs_only = changed.iter().all(|p| is_doc_source(p));
        if !docs_only {
            self.cache.clear();
        }
        let touches_static = changed.iter().any(|p| p.starts_with(self.site_dir.join("static")));
        let mut site = check_with(&self.site_dir, Some(&mut self.cache))?;
        let mut timings = std::mem::take(site.timings_mut());
        let mut lap = Instant::now();
        let mut stage = |name: &'static str, timings: &mut Vec<(&'static str, f64)>| {
            timings.push((name, lap.elapsed().as_secs_f64()));
            lap = Instant::now();
        };
        // The site's React code is rebuilt when its sources changed (a no-op otherwise); a new
        // build gets fresh workers and its assets copied.
        // The default locale only, as `docusaurus start` serves one.
        let theme = site.site_build(&self.theme_dir, false)?;
        site.diagnostics.extend(theme.warnings.iter().cloned());
        if self.theme.as_ref() != Some(&theme) {
            self.pool = None;
            self.copied = false;
        }
        let client = theme.client();
        self.theme = Some(theme);
        stage("site code", &mut timings);
        if !self.copied || !docs_only || touches_static {
            site.copy_files(&client, &self.out_dir, true)?;
            self.copied = true;
            stage("copy", &mut timings);
        }
        let template = site.template(&client)?;
        let chunks = Chunks::new(&site, ChunkNames::Stable);
        self.write_chunks(chunks.all())?;
        stage("chunks", &mut timings);

        // Pages to render again.
        let shell = hash((chunks.routes.json.get(), chunks.site.json.get(), &template));
        let all = shell != self.shell || self.pool.is_none();
        let mut indices = Vec::new();
        let mut page_hashes = HashMap::with_capacity(site.page_count() + 1);
        for i in 0..=site.page_count() {
            let (route, h) = page_hash(&site, &chunks, i);
            if all || self.pages.get(&route) != Some(&h) {
                indices.push(i);
            }
            page_hashes.insert(route, h);
        }
        stage("compare", &mut timings);
        if all {
            self.start_pool(&site, &chunks)?;
        }
        // The pages browsers have open first, announced as soon as they are written.
        let viewed: HashSet<String> = self.viewers.as_ref().map(|v| (v.viewed)()).unwrap_or_default().iter().map(|p| page_path(p)).collect();
        let (ahead, rest): (Vec<usize>, Vec<usize>) = indices.iter().partition(|&&i| site.pages_route(i).is_some_and(|r| viewed.contains(&page_path(r))));
        let mut written = 0;
        let mut first = None;
        if !ahead.is_empty() && !rest.is_empty() {
            written += self.render(&site, &chunks, &template, &ahead, &mut timings)?;
            first = Some((ahead.len(), start.elapsed()));
            if let Some(v) = self.viewers.as_mut() {
                (v.ready)(ahead.iter().filter_map(|&i| site.pages_route(i)).map(encode_path).collect());
            }
            written += self.render(&site, &chunks, &template, &rest, &mut timings)?;
        } else {
            written += self.render(&site, &chunks, &template, &indices, &mut timings)?;
        }

        // The redirect pages, as the build writes them (the dev server reads no `_redirects`).
        let redirects = site.redirect_pages();
        crate::csp_manifest::write(&self.out_dir, &chunks.site.url, redirects.iter().map(|p| (p.rel.clone(), p.head.as_str())), true)?;
        for page in &redirects {
            write_atomic(&crate::output::under(&self.out_dir, &page.rel)?, page.html.as_bytes())?;
        }
        if !redirects.is_empty() {
            write_atomic(&crate::output::under(&self.out_dir, Path::new(crate::build::REDIRECT_SCRIPT_PATH))?, crate::build::REDIRECT_SCRIPT.as_bytes())?;
        }

        // HTML of routes (and redirects) that are gone.
        let current: HashSet<PathBuf> = (0..=site.page_count()).map(|i| site.document_path(i)).chain(redirects.into_iter().map(|p| p.rel)).collect();
        for gone in self.documents.difference(&current) {
            if let Ok(path) = crate::output::under(&self.out_dir, gone) {
                let _ = std::fs::remove_file(path);
            }
        }
        self.documents = current;

        let changed = match (all, first) {
            // The pages announced ahead are not reloaded twice.
            (_, Some(_)) => Changed::Routes(rest.iter().filter_map(|&i| site.pages_route(i)).map(encode_path).collect()),
            (true, None) => Changed::All,
            (false, None) => Changed::Routes(indices.iter().filter_map(|&i| site.pages_route(i)).map(encode_path).collect()),
        };
        self.shell = shell;
        self.pages = page_hashes;
        self.search_due = site.site_data().search.local_bundle.is_some();
        let rebuilt = Rebuilt { changed, rendered: self.cache.rendered_last, written, diagnostics: site.diagnostics.clone(), elapsed: start.elapsed(), timings, first };
        self.state = Some((site, chunks));
        Ok(rebuilt)
    }

    /// The fast path of [`DevSession::rebuild`]; `Ok(None)` when it does not apply.
    fn update(&mut self, changed: &[PathBuf], start: Instant) -> Result<Option<Rebuilt>, BuildError> {
        let Some((mut site, mut chunks)) = self.state.take() else { return Ok(None) };
        let mut indices = std::collections::BTreeSet::new();
        for path in changed {
            match site.update_doc(path) {
                Ok(Some(pages)) => indices.extend(pages),
                // The full check starts from the files, whatever was updated so far.
                Ok(None) => return Ok(None),
                Err(e) => {
                    self.state = Some((site, chunks));
                    return Err(e);
                }
            }
        }
        let mut timings = vec![("update", start.elapsed().as_secs_f64())];
        let t = Instant::now();
        let indices: Vec<usize> = indices.into_iter().collect();
        for &i in &indices {
            chunks.refresh_page(&site, i);
        }
        let result = site.copy_new_assets(&self.out_dir).and_then(|()| self.write_chunks(indices.iter().flat_map(|&i| chunks.page(i)))).and_then(|()| {
            timings.push(("chunks", t.elapsed().as_secs_f64()));
            let client = self.theme.as_ref().map_or_else(|| crate::site_code::ThemeBuild::of_theme(&self.theme_dir).client(), |t| t.client());
            let template = site.template(&client)?;
            self.render(&site, &chunks, &template, &indices, &mut timings)
        });
        for &i in &indices {
            let (route, h) = page_hash(&site, &chunks, i);
            self.pages.insert(route, h);
        }
        let rebuilt = result.map(|written| Rebuilt {
            changed: Changed::Routes(indices.iter().filter_map(|&i| site.pages_route(i)).map(encode_path).collect()),
            rendered: changed.len(),
            written,
            diagnostics: site.diagnostics.clone(),
            elapsed: start.elapsed(),
            timings,
            first: None,
        });
        self.search_due = site.site_data().search.local_bundle.is_some();
        self.state = Some((site, chunks));
        rebuilt.map(Some)
    }

    /// Writes the chunks whose bytes changed since they were last written.
    fn write_chunks<'a>(&mut self, chunks: impl Iterator<Item = &'a crate::build::Chunk>) -> Result<(), BuildError> {
        for c in chunks {
            let h = hash(c.json.get());
            if self.chunks.get(&c.rel) != Some(&h) {
                write_atomic(&crate::output::under(&self.out_dir, &c.rel)?, c.json.get().as_bytes())?;
                self.chunks.insert(c.rel.clone(), h);
            }
        }
        Ok(())
    }

    /// Starts the pre-render workers if needed and gives them the site data and routes.
    fn start_pool(&mut self, site: &Site, chunks: &Chunks) -> Result<(), BuildError> {
        if self.pool.is_none() {
            let theme = self.theme.clone().unwrap_or_else(|| crate::site_code::ThemeBuild::of_theme(&self.theme_dir));
            self.pool = Some(Pool::start(&theme, self.workers)?);
        }
        let pool = self.pool.as_mut().expect("just started");
        pool.init(site.site_data(), &chunks.manifest).inspect_err(|_| self.pool = None)
    }

    /// Pre-renders the pages at `indices` and writes their HTML; returns how many.
    fn render(&mut self, site: &Site, chunks: &Chunks, template: &str, indices: &[usize], timings: &mut Vec<(&'static str, f64)>) -> Result<usize, BuildError> {
        let t = Instant::now();
        let Some(pool) = self.pool.as_mut() else { return Err(BuildError::Theme("the pre-render workers are not running".into())) };
        let jobs = chunks.jobs(site, Some(indices));
        // A worker that died is replaced on the next full rebuild.
        let rendered = pool.render(&jobs).inspect_err(|_| self.pool = None)?;
        timings.push(("prerender", t.elapsed().as_secs_f64()));
        let t = Instant::now();
        let documents = site.documents(chunks, template, &jobs, &rendered, &Self::client_tag(site.base_url()))?;
        crate::csp_manifest::write(&self.out_dir, &chunks.site.url, jobs.iter().zip(&rendered).map(|(j, r)| (site.document_path(j.index), r.head.as_str())), true)?;
        for (rel, html) in &documents {
            write_atomic(&crate::output::under(&self.out_dir, rel)?, html.as_bytes())?;
        }
        timings.push(("write", t.elapsed().as_secs_f64()));
        Ok(documents.len())
    }

    /// Starts writing the search index of the last site built, on its own thread, unless
    /// it is up to date or an index is still being written (call again later). Returns the
    /// error of an index that failed since the last call.
    pub fn index(&mut self) -> Result<(), BuildError> {
        if self.indexer.as_ref().is_some_and(|h| !h.is_finished()) {
            return Ok(());
        }
        let finished = self.indexer.take().map(|h| h.join().unwrap_or_else(|_| Err(BuildError::Theme("the search indexer panicked".into()))));
        if let (true, Some((site, _))) = (self.search_due, &self.state) {
            self.search_due = false;
            let snapshot = site.search_snapshot();
            let out = self.out_dir.clone();
            self.indexer = Some(std::thread::spawn(move || {
                lower_priority();
                write_search_index(&snapshot, &out)
            }));
        }
        finished.unwrap_or(Ok(()))
    }

    /// Whether a search index is waiting to be written or being written.
    pub fn indexing(&self) -> bool {
        (self.search_due && self.state.is_some()) || self.indexer.as_ref().is_some_and(|h| !h.is_finished())
    }
}

/// The hash of what page `i` shows (its data and its sidebar), by route.
fn page_hash(site: &Site, chunks: &Chunks, i: usize) -> (String, u64) {
    match site.pages_route(i) {
        Some(route) => {
            let sidebar = site.sidebar_key(i).and_then(|k| chunks.sidebars.get(k)).map(|c| c.json.get());
            (route.to_string(), hash((chunks.pages[i].json.get(), sidebar)))
        }
        None => ("404".to_string(), hash(chunks.not_found.json.get())),
    }
}

/// Makes the calling thread yield the CPU to rebuilds: on Linux a thread has a nice value
/// of its own, so the search index never delays a reload on a busy machine.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only changes the calling thread's scheduling priority (who = 0).
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 19);
    }
}

/// Writes the index beside the site and swaps it in, so a search never reads half an index.
fn write_search_index((pages, language): &(Vec<(String, PageData, bool)>, String), out: &Path) -> Result<(), BuildError> {
    let staging = out.join(".search-staging");
    let _ = std::fs::remove_dir_all(&staging);
    let entries = search::entries(pages.iter().map(|(route, page, landing)| (route.as_str(), page, *landing)));
    search::write_index(&entries, language, &staging)?;
    let live = out.join(search::BUNDLE_DIR);
    let old = out.join(".search-old");
    let _ = std::fs::remove_dir_all(&old);
    if live.exists() {
        std::fs::rename(&live, &old).map_err(BuildError::io(&live))?;
    }
    std::fs::rename(staging.join(search::BUNDLE_DIR), &live).map_err(BuildError::io(&live))?;
    let _ = std::fs::remove_dir_all(&old);
    let _ = std::fs::remove_dir_all(&staging);
    Ok(())
}

/// A page's path as a browser requests it or as a route, in one form: no `index.html`, no
/// trailing slash (`/` for the home page).
fn page_path(path: &str) -> String {
    let path = path.strip_suffix("index.html").unwrap_or(path);
    let path = path.trim_end_matches('/');
    if path.is_empty() { "/".into() } else { path.to_string() }
}

/// Whether an edit of `path` reaches only docs and sidebars: a Markdown file, a sidebars
/// file (`sidebars.json`, `sidebars.js`, …, `versioned_sidebars/*`) or a category's
/// `_category_` file. A sidebars file the config names otherwise counts as any other file.
fn is_doc_source(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    matches!(ext, "md" | "mdx")
        || name.starts_with("sidebars.")
        || path.parent().and_then(|d| d.file_name()).is_some_and(|d| d == "versioned_sidebars")
        || matches!(name, "_category_.json" | "_category_.yml" | "_category_.yaml")
}

fn hash(value: impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

/// Writes through a temporary sibling and a rename, so the server never sends half a file.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), BuildError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    write_file(&tmp, bytes)?;
    std::fs::rename(&tmp, path).map_err(BuildError::io(path))
}

/// The live-reload client: reloads the page when the server says its route changed (or
/// every page did, or the build failed or recovered), keeping the scroll position.
pub const CLIENT_JS: &str = include_str!("dev-client.js");

#[cfg(test)]
mod tests {
    use super::{is_doc_source, page_path};
    use std::path::Path;

    #[test]
    fn a_page_s_path_is_the_same_requested_or_as_a_route() {
        for (path, page) in [("/docs/a/", "/docs/a"), ("/docs/a", "/docs/a"), ("/docs/a/index.html", "/docs/a"), ("/", "/"), ("/index.html", "/"), ("/404.html", "/404.html")] {
            assert_eq!(page_path(path), page, "{path}");
        }
    }

    #[test]
    fn docs_and_sidebars_are_doc_sources_and_nothing_else_is() {
        for doc in ["site/docs/a.md", "site/docs/b.mdx", "site/sidebars.json", "site/sidebars.js", "site/versioned_sidebars/version-1.0-sidebars.json", "site/docs/guide/_category_.json", "site/docs/guide/_category_.yml"] {
            assert!(is_doc_source(Path::new(doc)), "{doc}");
        }
        for other in ["site/docusaurus.config.js", "site/docsite.toml", "site/data/users.json", "site/static/img/a.png", "site/src/pages/index.js", "site/versions.json", "site/src/css/custom.css"] {
            assert!(!is_doc_source(Path::new(other)), "{other}");
        }
    }
}
