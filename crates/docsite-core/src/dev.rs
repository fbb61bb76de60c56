//! `docsite dev`: rebuilding a site after edits, touching only what changed.
//!
//! A [`DevSession`] keeps between rebuilds what makes the next one cheap:
//!
//! - the rendering of every doc ([`RenderCache`]): a rebuild loads and checks the whole site
//!   again (links and anchors of every version stay checked) but renders only docs whose
//!   text changed;
//! - the pre-render workers, already started and given the site data;
//! - a fingerprint of every chunk it wrote. Chunks have stable names in dev
//!   (`ChunkNames::Stable`), so an edit to one page rewrites that page's chunk and HTML
//!   and nothing else; pages are rendered again only when their data, their sidebar, the
//!   route table, the site data or the theme template changed. The pages browsers have
//!   open ([`Viewers`]) are serialised, rendered and announced first, the other pages'
//!   chunks serialised only then (`Chunks::without_pages`).
//!
//! The output is a normal site folder (without precompressing what it writes), served by
//! `docsite-server` with its dev hooks. The search index is refreshed by [`DevSession::index`],
//! which the caller runs when edits have settled, so that it never delays a reload.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::build::{check_with, write_file, Chunks, DocUpdate, RenderCache, Site};
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
    /// What this rebuild was: a full or Markdown one, an edit of the site's React code that
    /// Vite sent to the browsers as a hot update, or the pre-rendering catching up with one.
    pub kind: RebuildKind,
}

/// What a [`Rebuilt`] was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RebuildKind {
    /// The site checked and written again (all of it, or the Markdown files that changed).
    Pages,
    /// An edit of the site's React code only, which Vite's dev server sends to the open
    /// pages as a hot update ([`crate::dev_vite`]): nothing was rendered or written, no page
    /// reloads. The pre-rendered HTML of the pages using that code follows when edits
    /// settle ([`DevSession::refresh_code`]).
    Hot,
    /// A save of Markdown compiled by MDX (a doc on the MDX path, a partial), which Vite's
    /// dev server sends to the open pages as the file's new module; as with [`Self::Hot`],
    /// the pre-rendered HTML follows when edits settle.
    HotModule,
    /// [`DevSession::refresh_code`]: the site's code built again and the pages that use it
    /// pre-rendered again (no page reloads: they have the hot update already).
    Code,
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
    /// The Docusaurus config as Node last evaluated it, reused while only docs change.
    evaluations: crate::docusaurus::Evaluations,
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
    /// Set by [`DevSession::serve_modules`]: a site with its own React code gets Vite's dev
    /// server ([`crate::dev_vite`]).
    vite_options: Option<crate::dev_vite::ViteOptions>,
    vite: Option<crate::dev_vite::ViteDev>,
    /// The site's code files edited since the pre-rendering last caught up with them.
    code_changed: Vec<PathBuf>,
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
            evaluations: Default::default(),
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
            vite_options: None,
            vite: None,
            code_changed: Vec::new(),
        }
    }

    /// Serves a site's own React code through Vite's dev server (React Fast Refresh): an
    /// edit of a React page or component is then a hot update ([`RebuildKind::Hot`]).
    /// `docsite dev` calls it; without it every edit rebuilds the site's code.
    pub fn serve_modules(&mut self, options: crate::dev_vite::ViteOptions) {
        self.vite_options = Some(options);
    }

    /// The port of the Vite dev server serving the site's modules, while one runs.
    pub fn vite_port(&self) -> Option<u16> {
        self.vite.as_ref().map(crate::dev_vite::ViteDev::port)
    }

    /// Whether edits of the site's React code wait for [`DevSession::refresh_code`].
    pub fn code_stale(&self) -> bool {
        !self.code_changed.is_empty()
    }

    /// The theme's template for this session: with the client entry from Vite while it runs.
    fn template(&self, site: &Site, client: &Path) -> Result<String, BuildError> {
        let template = site.template(client)?;
        Ok(match &self.vite {
            Some(_) => crate::dev_vite::dev_template(&template, site.base_url()),
            None => template,
        })
    }

    /// Starts (or restarts, when the pages or components changed) Vite's dev server for a
    /// site that has its own code build; stops it for one that no longer has. A Vite that
    /// does not start is a warning: the pages then load the built code.
    fn ensure_vite(&mut self, site: &mut Site, theme: &crate::site_code::ThemeBuild) {
        let Some(options) = self.vite_options.clone() else { return };
        if theme.dist == crate::site_code::ThemeBuild::of_theme(&self.theme_dir).dist {
            self.vite = None;
            return;
        }
        let (_, pages) = site.react_modules();
        let components = site.site_components();
        let mdx = site.mdx_options();
        if self.vite.as_ref().is_some_and(|v| v.serves(&pages, &components, &mdx)) {
            return;
        }
        self.vite = None;
        match crate::dev_vite::ViteDev::start(&self.theme_dir, &self.site_dir, site.base_url(), &options, (&pages, &components), &mdx) {
            Ok(vite) => self.vite = Some(vite),
            Err(e) => site.diagnostics.push(
                crate::diagnostics::Diagnostic::error(Path::new(""), format!("React pages and components are not hot-reloaded: {e}"))
                    .with_severity(crate::diagnostics::Severity::Warning),
            ),
        }
    }

    /// Whether an edit of `path` is one Vite's dev server sends to the pages as a hot
    /// update: an existing file of the site's code (script, stylesheet, JSON) under `src/` or
    /// the pages folder that is not a Markdown file, not a `customCss` stylesheet (the
    /// engine's own) and, in the pages folder, a page the site already has (a new file
    /// there may be a new route).
    fn is_hot(&self, site: &Site, path: &Path) -> bool {
        let (pages_dir, modules) = site.react_modules();
        let in_pages = pages_dir.as_deref().is_some_and(|d| path.starts_with(d));
        let in_code = in_pages || path.starts_with(self.site_dir.join("src"));
        if !path.exists() {
            // Gone: an editor's scratch file (written, renamed over the file) or a removed
            // file of the code, which Vite reports where it is imported; a removed page
            // (a route less) or Markdown file needs the whole rebuild.
            let rel = path.strip_prefix(&self.site_dir).map(|r| r.to_string_lossy().replace('\\', "/")).unwrap_or_default();
            return in_code && !modules.contains(&rel) && !is_markdown(path);
        }
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "js" | "jsx" | "ts" | "tsx" | "mjs" | "cjs" | "css" | "scss" | "sass" | "json") || !path.is_file() {
            return false;
        }
        if site.custom_css().iter().any(|(source, _)| source == path) {
            return false;
        }
        if let Some(dir) = pages_dir.as_deref().filter(|_| in_pages) {
            let rel = path.strip_prefix(&self.site_dir).map(|r| r.to_string_lossy().replace('\\', "/")).unwrap_or_default();
            let in_part = path.strip_prefix(dir).is_ok_and(|r| r.components().any(|c| c.as_os_str().to_string_lossy().starts_with('_')));
            return modules.contains(&rel) || in_part;
        }
        in_code
    }

    /// Has the pages that use the site's code (React pages, docs with site components)
    /// pre-rendered with the code as edited since the last hot updates: the site's code
    /// built again, those pages rendered again, no Markdown rendered and no page reloaded
    /// (they show the edit already). Call once edits have settled ([`DevSession::code_stale`]).
    /// A failure (the code does not build) keeps the last build; Vite's overlay shows it.
    pub fn refresh_code(&mut self) -> Result<Rebuilt, BuildError> {
        let changed = std::mem::take(&mut self.code_changed);
        let kept = self.state.take();
        // A component a doc uses is read by the doc's rendering (its exports): those docs
        // are rendered again; other code edits change no Markdown.
        // (A doc on the MDX path is among the components, and is rendered again anyway: its
        // text changed.)
        let components: HashSet<String> = kept.as_ref().map(|(site, _)| site.site_components().into_iter().filter(|m| !is_markdown(Path::new(m))).collect()).unwrap_or_default();
        let used_by_docs = changed.iter().any(|p| p.strip_prefix(&self.site_dir).is_ok_and(|rel| components.contains(&rel.to_string_lossy().replace('\\', "/"))));
        let result = self.full(&changed, !used_by_docs, true);
        if result.is_err() && self.state.is_none() {
            self.state = kept;
        }
        result
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
        let markdown_only = changed.iter().all(|p| is_markdown(p));
        if !changed.is_empty() && markdown_only {
            if let Some(rebuilt) = self.update(changed, start)? {
                return Ok(rebuilt);
            }
        }
        // An edit of the site's React code that Vite sends to the pages as a hot update.
        let hot = match (&self.vite, &self.state) {
            (Some(_), Some((site, _))) if !changed.is_empty() && changed.iter().all(|p| self.is_hot(site, p)) => Some(site.diagnostics.clone()),
            _ => None,
        };
        if let Some(diagnostics) = hot {
            // An editor's scratch file, gone by now, is no edit of the code.
            self.code_changed.extend(changed.iter().filter(|p| p.exists()).cloned());
            let kind = if markdown_only { RebuildKind::HotModule } else { RebuildKind::Hot };
            return Ok(Rebuilt { changed: Changed::Routes(Vec::new()), rendered: 0, written: 0, diagnostics, elapsed: start.elapsed(), timings: Vec::new(), first: None, kind });
        }
        // Docs and sidebars are what a rendering checks it still holds against (`RenderCache`);
        // any other file (config, data, static files, code) may change every page.
        let docs_only = changed.iter().all(|p| is_doc_source(p));
        let mut all_changed = std::mem::take(&mut self.code_changed);
        all_changed.extend(changed.iter().cloned());
        self.full(&all_changed, docs_only, false)
    }

    /// The full path of [`DevSession::rebuild`]: the site checked again (rendering only what
    /// changed when `keep_renderings`), its code built when it changed, the pages whose
    /// output changed written. `code_only` ([`DevSession::refresh_code`]): the edits were
    /// hot updates already, so a new code build renders only the pages using the site's
    /// code again, and no page reloads for them.
    fn full(&mut self, changed: &[PathBuf], keep_renderings: bool, code_only: bool) -> Result<Rebuilt, BuildError> {
        let start = Instant::now();
        // Kept until the open pages are written (dropping it takes a while), never used.
        let previous_state = self.state.take();
        let docs_only = keep_renderings;
        if !docs_only {
            self.cache.clear();
        }
        // The config may import any file but a doc or a sidebar (code too: a hot update's
        // module may be its data).
        if !changed.iter().all(|p| is_doc_source(p)) {
            self.evaluations.forget();
        }
        let touches_static = changed.iter().any(|p| p.starts_with(self.site_dir.join("static")));
        let mut site = self.evaluations.around(|| check_with(&self.site_dir, Some(&mut self.cache)))?;
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
        let new_code = self.theme.as_ref() != Some(&theme);
        if new_code {
            self.pool = None;
            self.copied = false;
        }
        self.ensure_vite(&mut site, &theme);
        let client = theme.client();
        self.theme = Some(theme);
        stage("site code", &mut timings);
        if !self.copied || !docs_only || touches_static {
            site.copy_files(&client, &self.out_dir, true)?;
            self.copied = true;
            stage("copy", &mut timings);
        }
        let template = self.template(&site, &client)?;
        // The chunks every page reads, then the pages browsers have open: those are written
        // and announced first; the other pages' chunks are serialised and written right
        // after, before their HTML.
        let mut chunks = Chunks::without_pages(&site);
        let shell = hash((chunks.routes.json.get(), chunks.site.json.get(), &template));
        let fresh_pool = self.pool.is_none();
        // New workers render every page, except after hot updates: the new code then
        // changes only the pages that use it (the template, in `shell`, is the same).
        let all = shell != self.shell || (fresh_pool && !code_only);
        let viewed: HashSet<String> = self.viewers.as_ref().map(|v| (v.viewed)()).unwrap_or_default().iter().map(|p| page_path(p)).collect();
        let open: Vec<usize> = (0..site.page_count()).filter(|&i| site.pages_route(i).is_some_and(|r| viewed.contains(&page_path(r)))).collect();
        let serialised = chunks.serialise(&site, &open);
        chunks.fill(serialised);
        // Whether page `i` is rendered again (its data, its sidebar or every page changed,
        // or it uses the site's new code) and whether it has the hot update already.
        let previous = std::mem::take(&mut self.pages);
        let mut page_hashes = HashMap::with_capacity(site.page_count() + 1);
        let mut hot_pages = Vec::new();
        let again = |chunks: &Chunks, i: usize, page_hashes: &mut HashMap<String, u64>, hot_pages: &mut Vec<usize>| {
            let (route, h) = page_hash(&site, chunks, i);
            let uses_code = code_only && new_code && site.uses_site_code(i);
            let same = previous.get(&route) == Some(&h);
            if uses_code && same {
                hot_pages.push(i);
            }
            page_hashes.insert(route, h);
            all || uses_code || !same
        };
        let ahead: Vec<usize> = open.iter().copied().filter(|&i| again(&chunks, i, &mut page_hashes, &mut hot_pages)).collect();
        if all || fresh_pool {
            self.start_pool(&site, &chunks)?;
        }
        self.write_chunks(chunks.shared().chain(open.iter().flat_map(|&i| chunks.page(i))))?;
        stage("open chunks", &mut timings);

        let pending = chunks.pending();
        let mut written = 0;
        let mut first = None;
        if !ahead.is_empty() {
            written += self.render(&site, &chunks, &template, &ahead, &mut Vec::new())?;
            stage("open pages", &mut timings);
            first = Some((ahead.len(), start.elapsed()));
            if let Some(v) = self.viewers.as_mut() {
                // Not those that have the hot update already.
                (v.ready)(ahead.iter().filter(|i| !hot_pages.contains(i)).filter_map(|&i| site.pages_route(i)).map(encode_path).collect());
            }
        }
        // The site as last built is freed only now, out of the way of the open pages.
        drop(previous_state);
        stage("free", &mut timings);
        let serialised = chunks.serialise(&site, &pending);
        chunks.fill(serialised);
        self.write_chunks(pending.iter().flat_map(|&i| chunks.page(i)))?;
        stage("chunks", &mut timings);
        let rest: Vec<usize> = pending.iter().copied().chain([site.page_count()]).filter(|&i| again(&chunks, i, &mut page_hashes, &mut hot_pages)).collect();
        stage("compare", &mut timings);
        written += self.render(&site, &chunks, &template, &rest, &mut timings)?;
        let indices: Vec<usize> = ahead.iter().chain(&rest).copied().collect();

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

        // Pages that have the hot update already are not reloaded for it.
        let reload = |list: &[usize]| Changed::Routes(list.iter().filter(|i| !hot_pages.contains(i)).filter_map(|&i| site.pages_route(i)).map(encode_path).collect());
        let changed = match (all, first) {
            // The pages announced ahead are not reloaded twice.
            (_, Some(_)) => reload(&rest),
            (true, None) => Changed::All,
            (false, None) => reload(&indices),
        };
        self.shell = shell;
        self.pages = page_hashes;
        self.search_due = site.site_data().search.local_bundle.is_some();
        let kind = if code_only { RebuildKind::Code } else { RebuildKind::Pages };
        let rebuilt = Rebuilt { changed, rendered: self.cache.rendered_last, written, diagnostics: site.diagnostics.clone(), elapsed: start.elapsed(), timings, first, kind };
        self.state = Some((site, chunks));
        Ok(rebuilt)
    }

    /// The fast path of [`DevSession::rebuild`]; `Ok(None)` when it does not apply.
    ///
    /// A doc on the MDX path is a module of the site's code: while Vite's dev server runs,
    /// it sends the edited module to the open pages (`mdxHotUpdates` in
    /// `theme/site-code.config.ts`) and this checks its links and anchors; its pages are
    /// pre-rendered again with the next build of the code, once edits settle
    /// ([`DevSession::refresh_code`]), and reloaded then only if their data changed.
    fn update(&mut self, changed: &[PathBuf], start: Instant) -> Result<Option<Rebuilt>, BuildError> {
        let Some((mut site, mut chunks)) = self.state.take() else { return Ok(None) };
        let served = self.vite.is_some();
        let mut indices = std::collections::BTreeSet::new();
        let mut compiled = Vec::new();
        // The site build's warnings are not the link stage's, which an update checks again:
        // they stay as the last build of the code gave them.
        let code_warnings = self.theme.as_ref().map(|t| t.warnings.clone()).unwrap_or_default();
        for path in changed {
            // A partial (`_part.mdx`) is no page: the docs on the MDX path that import it
            // take its new module from Vite; the next code build checks them with it.
            if served && is_partial(path) && !site.is_doc_source(path) {
                compiled.push(path.clone());
                continue;
            }
            match site.update_doc(path, served) {
                Ok(Some(DocUpdate::Rendered(pages))) => indices.extend(pages),
                Ok(Some(DocUpdate::Compiled(_))) => compiled.push(path.clone()),
                // The full check starts from the files, whatever was updated so far.
                Ok(None) => return Ok(None),
                Err(BuildError::Invalid(mut diags)) => {
                    diags.extend(code_warnings);
                    self.state = Some((site, chunks));
                    return Err(BuildError::Invalid(diags));
                }
                Err(e) => {
                    self.state = Some((site, chunks));
                    return Err(e);
                }
            }
        }
        site.diagnostics.extend(code_warnings);
        self.code_changed.extend(compiled.iter().cloned());
        if indices.is_empty() && !compiled.is_empty() {
            let diagnostics = site.diagnostics.clone();
            self.state = Some((site, chunks));
            return Ok(Some(Rebuilt { changed: Changed::Routes(Vec::new()), rendered: compiled.len(), written: 0, diagnostics, elapsed: start.elapsed(), timings: Vec::new(), first: None, kind: RebuildKind::HotModule }));
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
            let template = self.template(&site, &client)?;
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
            kind: RebuildKind::Pages,
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
        let written = self.write_documents(site, chunks, template, &jobs, &rendered)?;
        timings.push(("write", t.elapsed().as_secs_f64()));
        Ok(written)
    }

    /// Writes the HTML of pre-rendered pages (and their inline scripts' hashes); returns how many.
    fn write_documents(&self, site: &Site, chunks: &Chunks, template: &str, jobs: &[crate::prerender::Job<'_>], rendered: &[crate::prerender::Rendered]) -> Result<usize, BuildError> {
        let documents = site.documents(chunks, template, jobs, rendered, &Self::client_tag(site.base_url()))?;
        crate::csp_manifest::write(&self.out_dir, &chunks.site.url, jobs.iter().zip(rendered).map(|(j, r)| (site.document_path(j.index), r.head.as_str())), true)?;
        for (rel, html) in &documents {
            write_atomic(&crate::output::under(&self.out_dir, rel)?, html.as_bytes())?;
        }
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
            // The chunks' own hashes of their JSON: hashing every page's JSON and its
            // sidebar's again took 2 s of a start at 10,000 docs.
            let sidebar = site.sidebar_key(i).and_then(|k| chunks.sidebars.get(k)).map(|c| c.hash.as_str());
            (route.to_string(), hash((chunks.pages[i].hash.as_str(), sidebar)))
        }
        None => ("404".to_string(), hash(chunks.not_found.hash.as_str())),
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
fn write_search_index((pages, language, parts): &(Vec<(String, PageData, bool)>, String, usize), out: &Path) -> Result<(), BuildError> {
    let staging = out.join(".search-staging");
    let _ = std::fs::remove_dir_all(&staging);
    let entries = search::entries(pages.iter().map(|(route, page, landing)| (route.as_str(), page, *landing)));
    search::write_index(&entries, language, *parts, &staging)?;
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

/// Whether `path` is a Markdown file (`.md`, `.mdx`).
fn is_markdown(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()), Some("md" | "mdx"))
}

/// Whether `path` is a Markdown partial: a Markdown file whose name starts with `_`, which
/// is no page (as in Docusaurus) but text docs import.
fn is_partial(path: &Path) -> bool {
    is_markdown(path) && path.is_file() && path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('_'))
}

/// Whether an edit of `path` reaches only docs and sidebars: a Markdown file, a sidebars
/// file (`sidebars.json`, `sidebars.js`, …, `versioned_sidebars/*`) or a category's
/// `_category_` file. A sidebars file the config names otherwise counts as any other file.
fn is_doc_source(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    is_markdown(path)
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
