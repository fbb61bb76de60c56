//! The build pipeline: load -> render -> check -> model -> emit -> prerender -> write.
//!
//! [`check`] runs every stage that can find a problem and returns the [`Site`] model
//! (`check.rs` orders the stages: `load_stage`, `render_stage`, `link_stage` (links.rs),
//! then model.rs); [`build`] then writes it: data chunks (chunks.rs), pre-rendered HTML,
//! static files, the host files (host_files.rs: `_headers`, `_redirects`, sitemap, robots),
//! the check of the links in and into React pages, read back from their HTML
//! (react_links.rs, rendered.rs), and the search index. Output goes to a fresh temporary folder beside the
//! target and replaces the target only when everything succeeded, so a failed build never
//! leaves a half-written site. `docsite dev` keeps state between checks (incremental.rs).
//!
//! Dependencies run one way: this module uses the loading, rendering, site data, emit,
//! search and pre-render modules; none of them uses it.

mod check;
mod chunks;
mod feeds;
mod host_files;
mod incremental;
mod links;
mod model;
mod pages;
mod react_links;
mod rendered;
mod site;
mod social;
mod xml;

use std::path::{Path, PathBuf};

use rayon::prelude::*;

pub use check::{check, check_at, check_locale, check_with};
pub use host_files::{HEADERS_FILE, REDIRECTS_FILE};
pub(crate) use chunks::{Chunk, Chunks};
pub use incremental::{DocUpdate, RenderCache};
use site::PageOut;
pub(crate) use crate::output::write_file;
pub use site::{DocPaths, Site};
pub(crate) use site::{REDIRECT_SCRIPT, REDIRECT_SCRIPT_PATH};

use crate::diagnostics::BuildError;
use crate::emit;
use crate::search;

/// Pages pre-rendered and written together (see `write_site`).
const PRERENDER_BATCH: usize = 256;

/// Options of one build.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// The site directory.
    pub site_dir: PathBuf,
    /// Where the output goes.
    pub out_dir: PathBuf,
    /// The theme directory.
    pub theme_dir: PathBuf,
    /// Pre-render workers (default: number of cores).
    pub workers: usize,
    /// Replaces the configuration's `baseUrl` (`docsite build --base-url`).
    pub base_url: Option<String>,
    /// Called with the name of each stage as it starts (`docsite build` prints them).
    pub progress: Option<fn(&str)>,
    /// Leave out, with one warning, the React pages whose code does not build, instead of
    /// failing (`--allow-missing-pages`; see [`Site::site_build`]).
    pub allow_missing_pages: bool,
}

/// What a successful build reports.
#[derive(Debug)]
pub struct BuildReport {
    /// Routes written.
    pub routes: usize,
    /// Warnings.
    pub diagnostics: crate::diagnostics::Diagnostics,
    /// Time per stage, for `--timings`.
    pub timings: Vec<(&'static str, f64)>,
    /// How many docs took each render path, for `--timings`.
    pub doc_paths: DocPaths,
    /// The origins pages may show in an `<iframe>` (their CSP `frame-src`): those
    /// `security.frameSrc` lists, and for a site read from a Docusaurus config, those its
    /// content embeds.
    pub frame_src: Vec<String>,
}

impl BuildOptions {
    fn stage(&self, name: &str) {
        if let Some(progress) = self.progress {
            progress(name);
        }
    }
}

/// Builds the site into `opts.out_dir`.
pub fn build(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    let out_dir = crate::output::check_out_dir(&opts.site_dir, &opts.theme_dir, &opts.out_dir)?;
    opts.stage("loading, rendering and checking the content");
    let mut site = check_at(&opts.site_dir, None, opts.base_url.as_deref())?;
    crate::output::check_out_beside(&out_dir, &opts.out_dir, &site.config.content_dirs())?;
    opts.stage("building the theme (and the site's React code) when their sources changed");
    let t = std::time::Instant::now();
    let theme = site.site_build(&opts.theme_dir, opts.allow_missing_pages)?;
    // The theme's and the site's code builds (Vite), when their sources changed: in a cold
    // build of a site with React pages, most of its time.
    site.timings.push(("site code", t.elapsed().as_secs_f64()));
    site.diagnostics.extend(theme.warnings.iter().cloned());
    let t = std::time::Instant::now();
    let staging = crate::output::Staging::begin(&out_dir)?;
    // The build being replaced: its compressions of files this build writes again unchanged
    // are taken, not redone (a marked output folder is one a docsite build wrote).
    let marked = std::fs::symlink_metadata(out_dir.join(crate::output::BUILD_MARKER)).is_ok_and(|m| m.is_file());
    let others = site.config.other_locales();
    let mut locale_routes = 0;
    let mut root_files = host_files::RootFiles::default();
    let written = write_site(&mut site, opts, &theme, staging.dir(), &mut root_files, marked.then_some(out_dir.as_path())).and_then(|()| {
        site.timings.push(("write", t.elapsed().as_secs_f64()));
        // Each other locale is a site of its own in its folder of the output (as Docusaurus
        // builds it), checked and written after the default one.
        for code in &others {
            opts.stage(&format!("locale {code}: loading, rendering and checking the content"));
            let mut local = check_locale(&opts.site_dir, None, opts.base_url.as_deref(), Some(code))?;
            let theme = local.site_build(&opts.theme_dir, opts.allow_missing_pages)?;
            let rel = local.config.i18n.out_rel.clone();
            let out = crate::output::under(staging.dir(), &rel)?;
            let previous = marked.then(|| out_dir.join(&rel));
            write_site(&mut local, opts, &theme, &out, &mut root_files, previous.as_deref())?;
            locale_routes += local.pages.len() + 1;
            site.diagnostics.merge_new(&local.diagnostics);
        }
        // The root's files cover every locale's pages: written once, after the last.
        std::mem::take(&mut root_files).write(&site, staging.dir())
    });
    if let Err(e) = written {
        staging.abandon();
        return Err(e);
    }
    staging.commit()?;
    Ok(BuildReport { routes: site.pages.len() + 1 + locale_routes, frame_src: site.site_data.frame_src.clone(), diagnostics: site.diagnostics, timings: site.timings, doc_paths: site.doc_paths })
}

/// Writes `site` (one locale's build) into `out`, its folder of the output, and adds its
/// share of the files only the output's root has to `root`.
fn write_site(site: &mut Site, opts: &BuildOptions, theme: &crate::site_code::ThemeBuild, out: &Path, root: &mut host_files::RootFiles, previous: Option<&Path>) -> Result<(), BuildError> {
    site.copy_files(&theme.client(), out, true)?;
    let template = site.template(&theme.client())?;
    // Each chunk is serialised once; a page's is written at once and read back from its file
    // for the pre-render workers and the search index (`Chunks::written`).
    let chunks = Chunks::written(site, out)?;
    for c in chunks.shared() {
        let path = crate::output::under(out, &c.rel)?;
        // Identical chunks share a file.
        if !path.exists() {
            write_file(&path, c.json.get().as_bytes())?;
        }
    }
    // A page's content tree is in its chunk now: the tree goes (at 50,000 docs the trees were
    // ~1 GB held while the workers render) and the search index reads it back from the chunk
    // (`content_of`). Kept: a React page's (made from its HTML later) and a doc's on the MDX
    // path (its article replaced by the rendered one below).
    let released = site.release_content_trees();
    // Every page, then the not-found page (index `site.pages.len()`).
    let indices: Vec<usize> = (0..=site.pages.len()).collect();
    opts.stage(&format!("pre-rendering and writing {} pages", indices.len()));
    // The workers start at the first page the cache does not have (a rebuild that changed
    // nothing starts none).
    let mut cache = crate::prerender::Cache::open(&site.config.site_dir, theme, &site.site_data, &chunks.manifest);
    let mut pool: Option<crate::prerender::Pool> = None;
    // In batches, each written before the next is rendered: the pages' HTML never is in
    // memory all at once (10,000 docs held 1.3 GB of it). What later steps need stays: each
    // page's head hashed for the CSP (RootFiles::add_pages), and a React page's HTML read back
    // (react_links.rs). Every page's failure is reported, not the first batch's only.
    let mut react: Vec<(usize, rendered::RenderedPage)> = Vec::new();
    // The articles of the docs on the MDX path, as rendered (their text for the search index).
    let mut mdx_docs: Vec<(usize, Vec<crate::contract::Node>)> = Vec::new();
    let mut failures = crate::diagnostics::Diagnostics::default();
    // Time in the workers' rendering, and in assembling and writing the documents.
    let (mut rendering, mut writing) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    for batch in indices.chunks(PRERENDER_BATCH) {
        let lap = std::time::Instant::now();
        let json = batch.iter().map(|&i| chunks.read_page(i, out)).collect::<Result<Vec<_>, _>>()?;
        let batch: Vec<crate::prerender::Job<'_>> = batch.iter().zip(&json).map(|(&i, page)| chunks.job(site, i, page)).collect();
        let batch = batch.as_slice();
        let mut cached = cache.as_mut().map_or_else(|| batch.iter().map(|_| None).collect(), |c| c.look_up(batch));
        let to_render: Vec<crate::prerender::Job<'_>> = batch.iter().zip(&cached).filter(|(_, hit)| hit.is_none()).map(|(j, _)| j.clone()).collect();
        let mut rendered = Vec::new();
        if !to_render.is_empty() {
            if pool.is_none() {
                let mut started = crate::prerender::Pool::start(theme, opts.workers.clamp(1, indices.len()))?;
                started.init(&site.site_data, &chunks.manifest)?;
                pool = Some(started);
            }
            rendered = pool.as_mut().expect("started").render(&to_render)?;
            if let Some(c) = &cache {
                c.store(&to_render, &rendered);
            }
        }
        let mut fresh = rendered.into_iter();
        let part: Vec<crate::prerender::Rendered> = cached.iter_mut().map(|hit| hit.take().or_else(|| fresh.next()).expect("one rendering per job")).collect();
        rendering += lap.elapsed();
        let lap = std::time::Instant::now();
        match site.documents(&chunks, &template, batch, &part, "") {
            Ok(writes) => writes.par_iter().try_for_each(|(rel, html)| write_file(&crate::output::under(out, rel)?, html.as_bytes()))?,
            Err(BuildError::Invalid(d)) => failures.extend(d.items().iter().cloned()),
            Err(e) => return Err(e),
        }
        root.add_pages(site, batch.iter().zip(&part).map(|(j, r)| (site.document_path(j.index), r.head.as_str())));
        for (j, r) in batch.iter().zip(part) {
            match site.pages.get(j.index) {
                Some(p) if p.data.kind == crate::contract::RouteKind::ReactPage => react.push((j.index, rendered::read(&r.html))),
                Some(p) if crate::markdown::mdx_path::is_mdx_path_content(&p.data.content) => mdx_docs.push((j.index, rendered::read_region(&r.html, rendered::Region::Article).content)),
                _ => {}
            }
        }
        writing += lap.elapsed();
    }
    drop(pool);
    if failures.has_errors() {
        return Err(BuildError::Invalid(failures));
    }
    if let Some(c) = cache {
        c.finish();
    }
    opts.stage("writing host files");
    let t = std::time::Instant::now();
    let redirect_pages = site.redirect_pages();
    root.add(site, &chunks.site.url, redirect_pages.iter().map(|p| (p.rel.clone(), p.head.as_str())));
    host_files::write(site, out, root)?;
    site.write_redirects(out, &redirect_pages)?;
    site.timings.extend([("prerender", rendering.as_secs_f64()), ("pages", writing.as_secs_f64())]);
    site.react_stage(react, out)?;
    site.timings.push(("host", t.elapsed().as_secs_f64()));
    // A doc on the MDX path is indexed with its article's text as rendered (the body's `# `
    // title as the engine's `h1`, as for a Markdown doc); its table of contents stays the
    // engine's.
    for (i, content) in mdx_docs {
        if let Some(p) = site.pages.get_mut(i) {
            use crate::contract::Node;
            let title = p.data.content.iter().find(|n| matches!(n, Node::Element(e) if e.t == "h1")).cloned();
            let body = content.into_iter().filter(|n| !matches!(n, Node::Element(e) if e.t == "Heading" && e.a.get("level").map(String::as_str) == Some("1")));
            p.data.content = title.into_iter().chain(body).collect();
        }
    }
    // The search index (one thread, built from the content trees) runs while the rest of the
    // output is compressed, not beside the pre-render workers: its peak no longer adds to theirs.
    opts.stage(if site.site_data.search.local_bundle.is_some() { "indexing for search and compressing" } else { "compressing" });
    let language = site.site_data.locale.html_lang.clone();
    let t = std::time::Instant::now();
    let prepared = match site.site_data.search.local_bundle {
        Some(_) => {
            // The released trees, read back from their chunks one page at a time.
            let chunk_of: std::collections::HashMap<&str, usize> = site.pages.iter().enumerate().filter(|(i, _)| released[*i]).map(|(i, p)| (p.route.as_str(), i)).collect();
            let read = |route: &str, i: usize| content_of(route, &chunks.read_page(i, out)?);
            Some(search::prepare_reading(&site.search_entries(), &language, site.search_parts(), |entry| chunk_of.get(entry.route).map(|&i| read(entry.route, i)).transpose())?)
        }
        None => None,
    };
    drop(chunks);
    let mut indexing = t.elapsed().as_secs_f64();
    // Nothing after this reads the pages' content trees: their memory goes to the index
    // (at 10,000 docs its peak came on top of theirs).
    for p in &mut site.pages {
        drop(std::mem::take(&mut p.data.content));
    }
    emit::precompress_beside(out, &out.join(search::BUNDLE_DIR), previous, || {
        let t = std::time::Instant::now();
        let written = prepared.map_or(Ok(0), |prepared| search::write_prepared(prepared, &language, out));
        indexing += t.elapsed().as_secs_f64();
        written
    })?;
    site.timings.extend([("index", indexing), ("compress", t.elapsed().as_secs_f64())]);
    Ok(())
}

/// The content tree of the page at `route` read back from its chunk's JSON (`json`).
fn content_of(route: &str, json: &serde_json::value::RawValue) -> Result<Vec<crate::contract::Node>, BuildError> {
    #[derive(serde::Deserialize)]
    struct Content {
        #[serde(default)]
        content: Vec<crate::contract::Node>,
    }
    serde_json::from_str::<Content>(json.get()).map(|c| c.content).map_err(|e| BuildError::Theme(format!("search index: reading the content of {route} back from its chunk: {e}")))
}
