//! The build pipeline: load -> render -> check -> emit -> prerender -> write.
//!
//! [`check`] runs every stage that can find a problem and returns the [`Site`] model;
//! [`build`] then writes it. Output goes to a fresh temporary folder beside the target and
//! replaces the target only when everything succeeded, so a failed build never leaves a
//! half-written site.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use crate::config::SiteConfig;
use crate::contract::*;
use crate::data_files;
use crate::diagnostics::{BuildError, Diagnostic, Diagnostics, Severity};
use crate::emit;
use crate::git;
use crate::load::{self, Doc, SidebarEntry, Version};
use crate::markdown::{self, encode_path, normalize_route, LinkRef, RenderContext, Rendered};
use crate::schemas;
use crate::search;
use crate::site_data;

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
}

/// What a successful build reports.
#[derive(Debug)]
pub struct BuildReport {
    /// Routes written.
    pub routes: usize,
    /// Warnings.
    pub diagnostics: Diagnostics,
    /// Time per stage, for `--timings`.
    pub timings: Vec<(&'static str, f64)>,
}

/// One page of the site, ready to emit.
struct PageOut {
    route: String,
    data: PageData,
    sidebar_key: Option<(String, String)>,
    /// A version's landing route, repeating its main doc (kept out of the search index).
    landing: bool,
    /// The Markdown file it comes from.
    source: Option<PathBuf>,
}

/// The checked model of a site.
pub struct Site {
    config: SiteConfig,
    site_data: SiteData,
    pages: Vec<PageOut>,
    sidebars: BTreeMap<(String, String), SidebarData>,
    not_found: PageData,
    not_found_route: String,
    assets: Vec<markdown::Asset>,
    schemas: Vec<schemas::SchemaFile>,
    /// Warnings found on the way.
    pub diagnostics: Diagnostics,
    timings: Vec<(&'static str, f64)>,
    /// Kept when checking with a [`RenderCache`], for [`Site::update_doc`].
    incremental: Option<Box<Incremental>>,
}

impl Site {
    /// Every route with its kind and title, sorted (for tests and `check` summaries).
    pub fn routes(&self) -> Vec<(String, RouteKind, String)> {
        let mut r: Vec<_> = self.pages.iter().map(|p| (p.route.clone(), p.data.kind, p.data.title.clone())).collect();
        r.sort();
        r
    }

    /// The page data of a route.
    pub fn page(&self, route: &str) -> Option<&PageData> {
        self.pages.iter().find(|p| p.route == route).map(|p| &p.data)
    }

    /// The site data.
    pub fn site_data(&self) -> &SiteData {
        &self.site_data
    }

    /// A sidebar of a version.
    pub fn sidebar(&self, version: &str, id: &str) -> Option<&SidebarData> {
        self.sidebars.get(&(version.to_string(), id.to_string()))
    }
}

/// What `docsite dev` keeps between rebuilds so that only changed files are rendered
/// again: each doc's rendering, keyed by a hash of its inputs, and the git history.
#[derive(Default)]
pub struct RenderCache {
    /// Hash of everything a rendering depends on besides the doc itself (routes of all
    /// docs, data files, versions, base URL); a change empties the cache.
    context: u64,
    renders: HashMap<PathBuf, (u64, Rendered)>,
    updates: Option<HashMap<PathBuf, git::FileUpdate>>,
    /// Renders done by the last check (the rest came from the cache).
    pub rendered_last: usize,
}

impl RenderCache {
    /// Forgets every rendering (kept: the git history).
    pub fn clear(&mut self) {
        self.renders.clear();
    }

    fn render(&self, key: u64, source: &Path, render: impl FnOnce() -> Rendered) -> (Option<(u64, Rendered)>, Rendered) {
        match self.renders.get(source) {
            Some((k, r)) if *k == key => (None, r.clone()),
            _ => {
                let r = render();
                (Some((key, r.clone())), r)
            }
        }
    }
}

fn hash_of(parts: impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    parts.hash(&mut h);
    h.finish()
}

/// Loads, renders and checks the site without writing anything.
pub fn check(site_dir: &Path) -> Result<Site, BuildError> {
    check_with(site_dir, None)
}

/// [`check`], reusing (and refreshing) the renderings in `cache` for unchanged docs.
pub fn check_with(site_dir: &Path, mut cache: Option<&mut RenderCache>) -> Result<Site, BuildError> {
    let keep_state = cache.is_some();
    let mut timings = Vec::new();
    let t = Instant::now();
    let mut diags = Diagnostics::default();
    let fail = |mut d: Diagnostics, ds: Vec<Diagnostic>| {
        d.extend(ds);
        d.normalize(site_dir);
        BuildError::Invalid(d)
    };
    let config = SiteConfig::load(site_dir).map_err(|e| fail(Diagnostics::default(), e))?;
    let mut content = load::load(&config).map_err(|e| fail(Diagnostics::default(), e))?;
    diags.extend(std::mem::take(&mut content.problems));
    let schema_files = schemas::collect(&config).map_err(|e| fail(diags.clone(), e))?;
    timings.push(("load", t.elapsed().as_secs_f64()));

    let t = Instant::now();
    let main_docs: BTreeMap<String, String> = content.versions.iter().filter_map(|v| site_data::main_doc(v).map(|r| (v.name.clone(), r))).collect();
    let (site_data, config_links) = site_data::site_data(&config, &content, &main_docs).map_err(|e| fail(diags.clone(), e))?;

    let mut doc_routes = HashMap::new();
    for v in &content.versions {
        for d in &v.docs {
            doc_routes.insert(markdown::normalize_path(&d.source), d.route.clone());
        }
    }
    // Data files (`data/*.json`), validated before any page places them.
    let released: Vec<String> = content.versions.iter().filter(|v| v.name != load::CURRENT).map(|v| v.name.clone()).collect();
    let (data_files, data_problems) = data_files::load(site_dir, &released);
    diags.extend(data_problems);
    diags.extend(crate::copied::check_static(site_dir));
    let ctx = RenderContext { site_dir, doc_routes: &doc_routes, base_url: &config.base_url, toc_levels: config.toc_levels, data: &data_files, versions: &site_data.versions };
    let updates = match cache.as_deref_mut() {
        Some(c) => c.updates.get_or_insert_with(|| git::last_updates(site_dir)).clone(),
        None => git::last_updates(site_dir),
    };
    if let Some(c) = cache.as_deref_mut() {
        let mut routes: Vec<(&PathBuf, &String)> = doc_routes.iter().collect();
        routes.sort();
        let data_bytes: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(site_dir.join(data_files::DATA_DIR))
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).unwrap_or_default()))
            .collect();
        let versions = serde_json::to_string(&site_data.versions).expect("serialisable");
        let context = hash_of((routes, data_bytes, versions, &config.base_url, config.toc_levels));
        if context != c.context {
            c.clear();
            c.context = context;
        }
    }

    // Render every doc of every version in parallel (unchanged ones come from the cache).
    let jobs: Vec<(&Version, &Doc)> = content.versions.iter().flat_map(|v| v.docs.iter().map(move |d| (v, d))).collect();
    let cached = cache.as_deref();
    let results: Vec<(Option<(u64, Rendered)>, Rendered)> = jobs
        .par_iter()
        .map(|(_, d)| {
            let levels = (d.front.toc_min_heading_level.unwrap_or(config.toc_levels.0), d.front.toc_max_heading_level.unwrap_or(config.toc_levels.1));
            let render = || markdown::render(&d.source, &d.body, d.body_line, &d.route, levels, &ctx);
            match cached {
                Some(c) => c.render(hash_of((&d.body, d.body_line, &d.route, levels)), &d.source, render),
                None => (None, render()),
            }
        })
        .collect();
    // Stand-alone pages under pages/.
    let page_sources = load_pages(&config, &mut diags);
    let page_results: Vec<(Option<(u64, Rendered)>, Rendered)> = page_sources
        .par_iter()
        .map(|p| {
            let render = || markdown::render(&p.source, &p.body, p.body_line, &p.route, config.toc_levels, &ctx);
            match cached {
                Some(c) => c.render(hash_of((&p.body, p.body_line, &p.route)), &p.source, render),
                None => (None, render()),
            }
        })
        .collect();
    let sources_in_order = jobs.iter().map(|(_, d)| &d.source).chain(page_sources.iter().map(|p| &p.source));
    let mut fresh = Vec::new();
    let (rendered, page_rendered): (Vec<Rendered>, Vec<Rendered>) = {
        let mut all = Vec::with_capacity(results.len() + page_results.len());
        for (source, (entry, r)) in sources_in_order.zip(results.into_iter().chain(page_results)) {
            if let Some(entry) = entry {
                fresh.push((source.clone(), entry));
            }
            all.push(r);
        }
        let pages = all.split_off(jobs.len());
        (all, pages)
    };
    if let Some(c) = cache {
        c.rendered_last = fresh.len();
        c.renders.extend(fresh);
    }
    timings.push(("render", t.elapsed().as_secs_f64()));

    let t = Instant::now();
    // Routes and anchors known to the site.
    let mut rendered = rendered;
    let mut page_rendered = page_rendered;
    let mut anchors: HashMap<String, HashSet<String>> = HashMap::new();
    let mut route_sources: HashMap<String, &Path> = HashMap::new();
    for ((_, d), r) in jobs.iter().zip(rendered.iter_mut()) {
        let key = normalize_route(&d.route);
        if let Some(other) = route_sources.insert(key.clone(), &d.source) {
            if let Some(sev) = config.raw.docs.on_duplicate_routes.severity() {
                diags.push(Diagnostic::error(&d.source, format!("route {key} is also used by {}", other.strip_prefix(site_dir).unwrap_or(other).display())).with_severity(sev).hint("change one page's `slug` or `id`"));
            }
        }
        anchors.insert(key, std::mem::take(&mut r.anchors));
    }
    for (p, r) in page_sources.iter().zip(page_rendered.iter_mut()) {
        anchors.insert(normalize_route(&p.route), std::mem::take(&mut r.anchors));
    }
    for v in &content.versions {
        anchors.entry(normalize_route(&v.route_prefix)).or_default();
    }
    let base_diags = diags.clone();
    // What `Site::update_doc` compares an edit against (only kept for `docsite dev`).
    let h1s: Vec<Option<String>> = if keep_state { rendered.iter().chain(&page_rendered).map(|r| r.h1.clone()).collect() } else { Vec::new() };
    let page_heads: Vec<_> = if keep_state { page_sources.iter().map(|p| (p.front.clone(), p.body_line, config.toc_levels, p.route.clone())).collect() } else { Vec::new() };
    let sources: Vec<PathBuf> = jobs.iter().map(|(_, d)| d.source.clone()).chain(page_sources.iter().map(|p| p.source.clone())).collect();
    let mut links = Vec::with_capacity(sources.len());
    let mut render_diags = Vec::with_capacity(sources.len());
    for r in rendered.iter_mut().chain(page_rendered.iter_mut()) {
        links.push(std::mem::take(&mut r.links));
        render_diags.push(std::mem::take(&mut r.diagnostics));
    }
    let link_check = LinkCheck {
        static_dir: site_dir.join("static"),
        schema_paths: schema_files.iter().map(|f| f.path.clone()).collect(),
        link_sev: config.raw.docs.on_broken_links.severity(),
        anchor_sev: config.raw.docs.on_broken_anchors.severity(),
    };
    diags.extend(render_diags.iter().flatten().cloned());
    diags.extend(link_check.run(&config, &anchors, sources.iter().zip(&links), &config_links));
    timings.push(("check", t.elapsed().as_secs_f64()));
    if diags.has_errors() {
        diags.normalize(site_dir);
        return Err(BuildError::Invalid(diags));
    }

    // Page data.
    let t = Instant::now();
    let mut sidebars = BTreeMap::new();
    let mut pages = Vec::new();
    let mut assets = Vec::new();
    let show_author = config.raw.docs.show_last_update_author;
    let show_time = config.raw.docs.show_last_update_time;
    for v in &content.versions {
        for (id, items) in &v.sidebars {
            sidebars.insert((v.name.clone(), id.clone()), SidebarData { id: id.clone(), version: v.name.clone(), items: sidebar_items(v, items) });
        }
    }
    let membership: HashMap<&str, HashMap<String, String>> = content.versions.iter().map(|v| (v.name.as_str(), load::sidebar_of_docs(v))).collect();
    for ((v, d), r) in jobs.iter().zip(rendered) {
        let sidebar_id = membership[v.name.as_str()].get(&d.id).cloned();
        let (breadcrumbs, previous, next) = match &sidebar_id {
            Some(sid) => navigation(v, sid, &d.id),
            None => (Vec::new(), None, None),
        };
        let last_update = updates.get(&markdown::normalize_path(&d.source)).map(|u| LastUpdate {
            author: show_author.then(|| u.author.clone()),
            date_time: show_time.then(|| git::format_iso(u.timestamp)),
            date_text: show_time.then(|| git::format_date(u.timestamp)),
        });
        let mut title = d.title();
        if d.front.title.is_none() {
            if let Some(h1) = &r.h1 {
                title = h1.clone();
            }
        }
        let version_routes = content
            .versions
            .iter()
            .map(|other| {
                let route = other.doc(&d.id).map(|od| od.route.clone()).or_else(|| main_docs.get(&other.name).cloned()).unwrap_or_else(|| other.route_prefix.clone());
                (other.name.clone(), encode_path(&route))
            })
            .collect();
        assets.extend(r.assets);
        let data = PageData {
            kind: RouteKind::Doc,
            path: encode_path(&d.route),
            title,
            hide_title: d.front.hide_title,
            description: d.front.description.clone().or_else(|| describe(&r.text)),
            keywords: d.front.keywords.clone(),
            content: r.content,
            toc: r.toc,
            hide_toc: d.front.hide_table_of_contents,
            breadcrumbs,
            previous,
            next,
            last_update,
            version: Some(v.name.clone()),
            sidebar_id: sidebar_id.clone(),
            doc_id: Some(d.id.clone()),
            version_routes,
        };
        pages.push(PageOut { route: d.route.clone(), data, sidebar_key: sidebar_id.map(|s| (v.name.clone(), s)), landing: false, source: Some(d.source.clone()) });
    }
    // Version landing routes show the main doc.
    for v in &content.versions {
        let landing = normalize_route(&v.route_prefix);
        if pages.iter().any(|p| normalize_route(&p.route) == landing) {
            continue;
        }
        let Some(main) = main_docs.get(&v.name) else { continue };
        if let Some(i) = pages.iter().position(|p| p.route == *main) {
            let page = PageOut { route: landing.clone(), data: pages[i].data.clone(), sidebar_key: pages[i].sidebar_key.clone(), landing: true, source: pages[i].source.clone() };
            pages.push(page);
        }
    }
    for (p, r) in page_sources.into_iter().zip(page_rendered) {
        assets.extend(r.assets);
        let title = p.front.title.clone().or(r.h1.clone()).unwrap_or_else(|| config.raw.title.clone());
        let mut data = PageData::standalone(RouteKind::Page, encode_path(&p.route), title, p.front.description.clone().or_else(|| describe(&r.text)), r.content);
        data.hide_title = p.front.hide_title;
        data.keywords = p.front.keywords.clone();
        data.toc = r.toc;
        pages.push(PageOut { route: p.route.clone(), data, sidebar_key: None, landing: false, source: Some(p.source.clone()) });
    }
    // The search page (its content is the search UI).
    let search_route = site_data.search.page_path.clone();
    if !pages.iter().any(|p| normalize_route(&p.route) == normalize_route(&search_route)) {
        let data = PageData::standalone(RouteKind::Search, encode_path(&search_route), "Search the documentation".into(), Some(format!("Search every page of the {} documentation.", config.raw.title)), Vec::new());
        pages.push(PageOut { route: search_route.clone(), data, sidebar_key: None, landing: false, source: None });
    }
    let not_found = PageData::standalone(
        RouteKind::NotFound,
        format!("{}404.html", config.base_url),
        "Page Not Found".into(),
        None,
        vec![Node::Element(Element {
            t: "p".into(),
            a: BTreeMap::new(),
            c: vec![Node::Text("We could not find what you were looking for. The page may have moved, or the link may be mistyped; the navigation above and the search lead to every page of the site.".into())],
        })],
    );
    timings.push(("model", t.elapsed().as_secs_f64()));
    diags.normalize(site_dir);
    let incremental = keep_state.then(|| {
        let mut docs: HashMap<PathBuf, DocState> = HashMap::new();
        let heads = jobs.iter().map(|(_, d)| (d.front.clone(), d.body_line, levels_of(&config, &d.front), d.route.clone())).chain(page_heads);
        let mut pages_of: HashMap<&PathBuf, Vec<usize>> = HashMap::new();
        for (i, p) in pages.iter().enumerate() {
            if let Some(source) = &p.source {
                pages_of.entry(source).or_default().push(i);
            }
        }
        for (index, ((source, (front, body_line, levels, route)), h1)) in sources.iter().zip(heads).zip(h1s).enumerate() {
            let pages = pages_of.remove(source).unwrap_or_default();
            docs.insert(source.clone(), DocState { index, pages, front, body_line, levels, route, h1 });
        }
        Box::new(Incremental { doc_routes, data: data_files, link_check, anchors, sources, links, render_diags, base_diags, config_links, docs })
    });
    let not_found_route = format!("{}404.html", config.base_url);
    Ok(Site { config, site_data, pages, sidebars, not_found, not_found_route, assets, schemas: schema_files, diagnostics: diags, timings, incremental })
}

fn levels_of(config: &SiteConfig, front: &load::FrontMatter) -> (u8, u8) {
    (front.toc_min_heading_level.unwrap_or(config.toc_levels.0), front.toc_max_heading_level.unwrap_or(config.toc_levels.1))
}

/// Whether links and anchors lead somewhere, given every page's anchors.
struct LinkCheck {
    static_dir: PathBuf,
    schema_paths: HashSet<String>,
    link_sev: Option<Severity>,
    anchor_sev: Option<Severity>,
}

impl LinkCheck {
    fn run<'a>(&self, config: &SiteConfig, anchors: &HashMap<String, HashSet<String>>, links: impl Iterator<Item = (&'a PathBuf, &'a Vec<LinkRef>)>, config_links: &[(String, String)]) -> Vec<Diagnostic> {
        let route_exists = |route: &str| -> bool {
            anchors.contains_key(route) || {
                let rel = route.strip_prefix(config.base_url.trim_end_matches('/')).unwrap_or(route).trim_start_matches('/');
                !rel.is_empty() && (self.schema_paths.contains(rel) || self.static_dir.join(rel).is_file())
            }
        };
        let mut diags = Vec::new();
        for (source, page_links) in links {
            for l in page_links {
                // A link written in a data file is reported against that file.
                let source: &Path = l.file.as_deref().unwrap_or(source);
                if !route_exists(&l.route) {
                    if let Some(sev) = self.link_sev {
                        diags.push(Diagnostic::error(source, format!("broken link `{}`: no page at {}", l.raw, l.route)).at(l.line, Some(l.column)).with_severity(sev).hint(if l.file.is_some() { "check the route; links in data files are site routes such as /training" } else { "check the path; links between docs are best written as relative .md paths" }));
                    }
                } else if let (Some(anchor), Some(sev)) = (&l.anchor, self.anchor_sev) {
                    if let Some(set) = anchors.get(&l.route) {
                        if !set.contains(anchor) {
                            diags.push(Diagnostic::error(source, format!("broken anchor `{}`: {} has no heading or element with id {anchor:?}", l.raw, l.route)).at(l.line, Some(l.column)).with_severity(sev).hint("anchors are heading slugs: lowercase, spaces to hyphens, punctuation removed"));
                        }
                    }
                }
            }
        }
        for (key, route) in config_links {
            let r = normalize_route(&markdown::decode(route.split('#').next().unwrap_or(route)));
            if !route_exists(&r) {
                if let Some(sev) = self.link_sev {
                    let mut d = Diagnostic::error(&config.file, format!("`{key}.to`: broken link, no page at {r}")).with_severity(sev);
                    if let Some(line) = config.line_of(key) {
                        d = d.at(line, None);
                    }
                    diags.push(d);
                }
            }
        }
        diags
    }
}

/// One Markdown file as the last check saw it.
struct DocState {
    /// Its index in `Incremental::sources`.
    index: usize,
    /// The pages showing it (a doc, and its version's landing route when it is the main doc).
    pages: Vec<usize>,
    front: load::FrontMatter,
    body_line: usize,
    levels: (u8, u8),
    route: String,
    /// The leading heading as rendered (the title when the front matter gives none).
    h1: Option<String>,
}

/// What updating one doc in place needs from the last full check.
struct Incremental {
    doc_routes: HashMap<PathBuf, String>,
    data: data_files::DataFiles,
    link_check: LinkCheck,
    /// Anchors of every route.
    anchors: HashMap<String, HashSet<String>>,
    /// Every Markdown file, and its links and render diagnostics at the same index.
    sources: Vec<PathBuf>,
    links: Vec<Vec<LinkRef>>,
    render_diags: Vec<Vec<Diagnostic>>,
    /// Diagnostics not tied to rendering or links (loading, data files, duplicate routes).
    base_diags: Diagnostics,
    config_links: Vec<(String, String)>,
    docs: HashMap<PathBuf, DocState>,
}

impl Site {
    /// Updates the site after an edit of one Markdown file, when the edit changes nothing
    /// but the page's own body: same front matter, same title. Renders that file, checks
    /// every link and anchor of the site again, and returns the pages whose data changed.
    /// `Ok(None)` means the edit reaches further (or this site was checked without a
    /// cache): check the whole site again.
    pub fn update_doc(&mut self, path: &Path) -> Result<Option<Vec<usize>>, BuildError> {
        let Some(inc) = self.incremental.as_deref_mut() else { return Ok(None) };
        let Some(state) = inc.docs.get(path) else { return Ok(None) };
        let Ok(text) = std::fs::read_to_string(path) else { return Ok(None) };
        let Ok((front, body, body_line)) = load::split_front_matter(path, &text) else { return Ok(None) };
        if front != state.front || body_line != state.body_line {
            return Ok(None);
        }
        let ctx = RenderContext { site_dir: &self.config.site_dir, doc_routes: &inc.doc_routes, base_url: &self.config.base_url, toc_levels: self.config.toc_levels, data: &inc.data, versions: &self.site_data.versions };
        let mut r = markdown::render(path, body, body_line, &state.route, state.levels, &ctx);
        if r.h1 != state.h1 {
            return Ok(None);
        }
        inc.anchors.insert(normalize_route(&state.route), std::mem::take(&mut r.anchors));
        inc.links[state.index] = std::mem::take(&mut r.links);
        inc.render_diags[state.index] = std::mem::take(&mut r.diagnostics);
        let mut diags = inc.base_diags.clone();
        diags.extend(inc.render_diags.iter().flatten().cloned());
        diags.extend(inc.link_check.run(&self.config, &inc.anchors, inc.sources.iter().zip(&inc.links), &inc.config_links));
        diags.normalize(&self.config.site_dir);
        let description = front.description.clone().or_else(|| describe(&r.text));
        for &i in &state.pages {
            let data = &mut self.pages[i].data;
            data.content = r.content.clone();
            data.toc = r.toc.clone();
            data.description = description.clone();
        }
        for a in r.assets {
            if !self.assets.iter().any(|b| b.url == a.url) {
                self.assets.push(a);
            }
        }
        if diags.has_errors() {
            return Err(BuildError::Invalid(diags));
        }
        self.diagnostics = diags;
        Ok(Some(state.pages.clone()))
    }
}

/// Builds the site into `opts.out_dir`.
pub fn build(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    let out_dir = crate::output::check_out_dir(&opts.site_dir, &opts.theme_dir, &opts.out_dir)?;
    let mut site = check(&opts.site_dir)?;
    crate::theme::ensure_built(&opts.theme_dir)?;
    let t = std::time::Instant::now();
    let staging = crate::output::Staging::begin(&out_dir)?;
    if let Err(e) = write_site(&mut site, opts, staging.dir()) {
        staging.abandon();
        return Err(e);
    }
    site.timings.push(("write", t.elapsed().as_secs_f64()));
    staging.commit()?;
    Ok(BuildReport { routes: site.pages.len() + 1, diagnostics: site.diagnostics, timings: site.timings })
}

fn write_site(site: &mut Site, opts: &BuildOptions, out: &Path) -> Result<(), BuildError> {
    site.copy_files(&opts.theme_dir, out, true)?;
    let template = site.template(&opts.theme_dir)?;
    // Each chunk is serialised once: its bytes are written and sent to the pre-render workers.
    let chunks = Chunks::new(site, ChunkNames::Content);
    for c in chunks.all() {
        let path = crate::output::under(out, &c.rel)?;
        // Identical chunks share a file.
        if !path.exists() {
            write_file(&path, c.json.get().as_bytes())?;
        }
    }
    let jobs = chunks.jobs(site, None);
    let worker = opts.theme_dir.join("prerender-worker.mjs");
    let rendered = crate::prerender::prerender(&worker, &site.site_data, &chunks.manifest, &jobs, opts.workers)?;
    let writes = site.documents(&chunks, &template, &jobs, &rendered, "")?;
    writes.par_iter().try_for_each(|(rel, html)| write_file(&crate::output::under(out, rel)?, html.as_bytes()))?;
    // The pages are on disk: their memory goes before the search index takes its own.
    drop((writes, rendered, jobs));
    drop(chunks);
    // The search index (one thread, built from the content trees) runs while the rest of the
    // output is compressed, not beside the pre-render workers: its peak no longer adds to theirs.
    let entries = site.site_data.search.local_bundle.is_some().then(|| site.search_entries());
    let language = &site.site_data.locale.html_lang;
    emit::precompress_beside(out, &out.join(search::BUNDLE_DIR), || entries.as_ref().map_or(Ok(0), |entries| search::write_index(entries, language, out)))?;
    Ok(())
}

/// Writes a file, creating its folder.
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<(), BuildError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(BuildError::io(dir))?;
    }
    std::fs::write(path, bytes).map_err(BuildError::io(path))
}

/// How data chunks are named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChunkNames {
    /// By a hash of their bytes, so they can be cached forever (`docsite build`).
    Content,
    /// By a hash of what they are (a route, a sidebar), so an edit rewrites one file and
    /// leaves every other URL alone (`docsite dev`).
    Stable,
}

/// One data chunk: its JSON and where it is served.
pub(crate) struct Chunk {
    /// URL (with the base URL).
    pub(crate) url: String,
    /// Path relative to the output folder.
    pub(crate) rel: PathBuf,
    /// The JSON.
    pub(crate) json: Box<serde_json::value::RawValue>,
}

impl Chunk {
    fn new(base: &str, kind: &str, json: Box<serde_json::value::RawValue>, names: ChunkNames, key: &str) -> Chunk {
        let name = match names {
            ChunkNames::Content => emit::short_hash(json.get().as_bytes()),
            ChunkNames::Stable => emit::short_hash(key.as_bytes()),
        };
        let rel = format!("{}/{kind}/{name}.json", emit::DATA_PREFIX);
        Chunk { url: format!("{base}{rel}"), rel: PathBuf::from(rel), json }
    }
}

/// Every data chunk of a site, each serialised once.
pub(crate) struct Chunks {
    names: ChunkNames,
    /// One per page, in the order of `Site::pages`.
    pub(crate) pages: Vec<Chunk>,
    pub(crate) sidebars: BTreeMap<(String, String), Chunk>,
    pub(crate) not_found: Chunk,
    pub(crate) manifest: RouteManifest,
    pub(crate) routes: Chunk,
    pub(crate) site: Chunk,
}

impl Chunks {
    pub(crate) fn new(site: &Site, names: ChunkNames) -> Chunks {
        let base = &site.config.base_url;
        let raw = |v: &dyn erased::Json| v.raw();
        let sidebars: BTreeMap<_, _> = site.sidebars.iter().map(|(key, data)| (key.clone(), Chunk::new(base, "sidebars", raw(data), names, &format!("{}/{}", key.0, key.1)))).collect();
        let pages: Vec<Chunk> = site.pages.par_iter().map(|p| Chunk::new(base, "pages", raw(&p.data), names, &p.route)).collect();
        let mut routes = BTreeMap::new();
        for (p, c) in site.pages.iter().zip(&pages) {
            let sidebar = p.sidebar_key.as_ref().and_then(|k| sidebars.get(k)).map(|s| s.url.clone());
            routes.insert(normalize_route(&p.route), RouteEntry { kind: p.data.kind, version: p.data.version.clone(), chunk: c.url.clone(), sidebar });
        }
        let not_found = Chunk::new(base, "pages", raw(&site.not_found), names, "404");
        let manifest = RouteManifest { routes, not_found: not_found.url.clone() };
        let routes = Chunk::new(base, "routes", raw(&manifest), names, "routes");
        let site_chunk = Chunk::new(base, "site", raw(&site.site_data), names, "site");
        Chunks { names, pages, sidebars, not_found, manifest, routes, site: site_chunk }
    }

    /// Serialises page `i` again after [`Site::update_doc`] changed it. Only for stable
    /// names: the page keeps its URL, so nothing else refers to anything new.
    pub(crate) fn refresh_page(&mut self, site: &Site, i: usize) {
        assert_eq!(self.names, ChunkNames::Stable, "content-named chunks change URL with their bytes");
        let p = &site.pages[i];
        self.pages[i] = Chunk::new(&site.config.base_url, "pages", erased::Json::raw(&p.data), ChunkNames::Stable, &p.route);
    }

    pub(crate) fn all(&self) -> impl Iterator<Item = &Chunk> {
        self.pages.iter().chain(self.sidebars.values()).chain([&self.not_found, &self.routes, &self.site])
    }

    /// Pre-render jobs for the pages at `only` (every page and then the not-found page when
    /// `None`; index `site.pages.len()` is the not-found page).
    pub(crate) fn jobs<'a>(&'a self, site: &'a Site, only: Option<&[usize]>) -> Vec<crate::prerender::Job<'a>> {
        let all: Vec<usize> = (0..=site.pages.len()).collect();
        only.unwrap_or(&all)
            .iter()
            .map(|&i| match site.pages.get(i) {
                Some(p) => crate::prerender::Job { url: &p.route, page: &self.pages[i].json, sidebar: p.sidebar_key.as_ref().and_then(|k| self.sidebars.get(k)).map(|c| &*c.json), index: i },
                None => crate::prerender::Job { url: &site.not_found_route, page: &self.not_found.json, sidebar: None, index: i },
            })
            .collect()
    }
}

/// Serialising any contract value to a raw JSON chunk.
mod erased {
    pub(crate) trait Json {
        fn raw(&self) -> Box<serde_json::value::RawValue>;
    }
    impl<T: serde::Serialize> Json for T {
        fn raw(&self) -> Box<serde_json::value::RawValue> {
            serde_json::value::to_raw_value(self).expect("contract types serialise")
        }
    }
}

impl Site {
    /// Time per stage so far.
    pub(crate) fn timings_mut(&mut self) -> &mut Vec<(&'static str, f64)> {
        &mut self.timings
    }

    /// Pages (without the not-found page, which has index `page_count()`).
    pub(crate) fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// The route of page `i` (`None` for the not-found page).
    pub(crate) fn pages_route(&self, i: usize) -> Option<&str> {
        self.pages.get(i).map(|p| p.route.as_str())
    }

    /// The sidebar of page `i`.
    pub(crate) fn sidebar_key(&self, i: usize) -> Option<&(String, String)> {
        self.pages.get(i).and_then(|p| p.sidebar_key.as_ref())
    }

    /// The HTML file of page `i`, relative to the output.
    pub(crate) fn document_path(&self, i: usize) -> PathBuf {
        match self.pages.get(i) {
            Some(p) => emit::html_path(Path::new(""), &self.config.base_url, &markdown::decode(&p.route)),
            None => PathBuf::from("404.html"),
        }
    }

    /// The site's base URL.
    pub(crate) fn base_url(&self) -> &str {
        &self.config.base_url
    }

    /// The theme's HTML template.
    pub(crate) fn template(&self, theme_dir: &Path) -> Result<String, BuildError> {
        let path = theme_dir.join("dist/client/index.html");
        std::fs::read_to_string(&path).map_err(BuildError::io(&path))
    }

    /// Copies static files, then the theme's assets (never overwritten by content), the
    /// files pages refer to and, when `schemas`, the published JSON schemas.
    pub(crate) fn copy_files(&self, theme_dir: &Path, out: &Path, schemas: bool) -> Result<(), BuildError> {
        let base = &self.config.base_url;
        crate::copied::copy_static(&self.config.site_dir, out)?;
        emit::copy_tree(&theme_dir.join("dist/client/assets"), &out.join("assets"))?;
        for a in &self.assets {
            let rel = a.url.strip_prefix(base.as_str()).unwrap_or(&a.url);
            let target = crate::output::under(out, markdown::decode(rel))?;
            if let Some(dir) = target.parent() {
                std::fs::create_dir_all(dir).map_err(BuildError::io(dir))?;
            }
            std::fs::copy(&a.source, &target).map_err(BuildError::io(&a.source))?;
        }
        if schemas {
            for f in &self.schemas {
                write_file(&crate::output::under(out, &f.path)?, &f.bytes)?;
            }
        }
        Ok(())
    }

    /// Copies the files pages refer to that are not in `out` yet (after
    /// [`Site::update_doc`], an edit may have added an image).
    pub(crate) fn copy_new_assets(&self, out: &Path) -> Result<(), BuildError> {
        for a in &self.assets {
            let rel = a.url.strip_prefix(self.config.base_url.as_str()).unwrap_or(&a.url);
            let target = crate::output::under(out, markdown::decode(rel))?;
            if !target.exists() {
                if let Some(dir) = target.parent() {
                    std::fs::create_dir_all(dir).map_err(BuildError::io(dir))?;
                }
                std::fs::copy(&a.source, &target).map_err(BuildError::io(&a.source))?;
            }
        }
        Ok(())
    }

    /// What the search index is built from.
    pub(crate) fn search_entries(&self) -> Vec<search::Entry<'_>> {
        search::entries(self.pages.iter().map(|p| (p.route.as_str(), &p.data, p.landing)))
    }

    /// A copy of what the search index is built from, for a thread of its own: (route,
    /// page, is a landing route) and the language.
    pub(crate) fn search_snapshot(&self) -> (Vec<(String, PageData, bool)>, String) {
        (self.pages.iter().map(|p| (p.route.clone(), p.data.clone(), p.landing)).collect(), self.site_data.locale.html_lang.clone())
    }

    /// The HTML documents of rendered jobs: (path relative to the output, HTML). `extra_head`
    /// goes at the end of every head (`docsite dev` adds its live-reload script there).
    pub(crate) fn documents(&self, chunks: &Chunks, template: &str, jobs: &[crate::prerender::Job<'_>], rendered: &[crate::prerender::Rendered], extra_head: &str) -> Result<Vec<(PathBuf, String)>, BuildError> {
        let base = &self.config.base_url;
        let mut failures = Diagnostics::default();
        let attrs = format!("lang=\"{}\" dir=\"{}\"", self.site_data.locale.html_lang, self.site_data.locale.direction);
        let writes = jobs
            .iter()
            .zip(rendered)
            .filter_map(|(job, r)| {
                if let Some(err) = &r.error {
                    failures.push(Diagnostic::general(format!("pre-rendering {} failed: {err}", job.url)));
                    return None;
                }
                let (page_url, sidebar_url) = match self.pages.get(job.index) {
                    Some(p) => (&chunks.pages[job.index].url, p.sidebar_key.as_ref().and_then(|k| chunks.sidebars.get(k)).map(|c| &c.url)),
                    None => (&chunks.not_found.url, None),
                };
                let path = self.document_path(job.index);
                let boot = Boot { site: chunks.site.url.clone(), routes: chunks.routes.url.clone(), page: page_url.clone(), sidebar: sidebar_url.cloned() };
                let mut head = String::new();
                head.push_str(&r.head);
                if let Some(icon) = &self.config.raw.favicon {
                    head.push_str(&format!("<link rel=\"icon\" href=\"{base}{}\">", icon.trim_start_matches('/')));
                }
                for u in [Some(&chunks.site.url), Some(page_url), sidebar_url, Some(&chunks.routes.url)].into_iter().flatten() {
                    head.push_str(&format!("<link rel=\"preload\" href=\"{u}\" as=\"fetch\" crossorigin>"));
                }
                head.push_str(&format!("<script id=\"__docsite\" type=\"application/json\">{}</script>", emit::script_safe_json(&serde_json::to_string(&boot).expect("json"))));
                head.push_str(extra_head);
                Some((path, crate::prerender::assemble(template, &attrs, &head, &r.html)))
            })
            .collect();
        if failures.has_errors() {
            return Err(BuildError::Invalid(failures));
        }
        Ok(writes)
    }
}

/// First sentence-ish of the text, for the meta description.
fn describe(text: &str) -> Option<String> {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.is_empty() {
        return None;
    }
    let mut out: String = t.chars().take(160).collect();
    if t.chars().count() > 160 {
        if let Some(i) = out.rfind(' ') {
            out.truncate(i);
        }
        out.push('…');
    }
    Some(out)
}

fn sidebar_items(v: &Version, items: &[SidebarEntry]) -> Vec<SidebarItem> {
    items
        .iter()
        .filter_map(|i| match i {
            SidebarEntry::Doc { id, label } => v.doc(id).map(|d| SidebarItem::Doc { label: label.clone().unwrap_or_else(|| d.sidebar_label()), href: encode_path(&d.route), doc_id: id.clone() }),
            SidebarEntry::Link { label, href } => Some(SidebarItem::Link { label: label.clone(), href: href.clone() }),
            SidebarEntry::Html(value) => Some(SidebarItem::Html { value: value.clone() }),
            SidebarEntry::Category { label, items, .. } if label.is_empty() => {
                // Autogenerated groups are spliced into their parent.
                Some(SidebarItem::Category { label: String::new(), href: None, collapsed: false, collapsible: false, items: sidebar_items(v, items) })
            }
            SidebarEntry::Category { label, items, collapsed, collapsible, link } => Some(SidebarItem::Category {
                label: label.clone(),
                href: link.as_ref().and_then(|id| v.doc(id)).map(|d| encode_path(&d.route)),
                collapsed: *collapsed,
                collapsible: *collapsible,
                items: sidebar_items(v, items),
            }),
        })
        .collect()
}

/// Breadcrumbs, previous and next of a doc in a sidebar.
fn navigation(v: &Version, sidebar_id: &str, doc_id: &str) -> (Vec<Crumb>, Option<PageLink>, Option<PageLink>) {
    let Some((_, items)) = v.sidebars.iter().find(|(id, _)| id == sidebar_id) else {
        return (Vec::new(), None, None);
    };
    let mut order: Vec<&str> = Vec::new();
    fn flatten<'a>(items: &'a [SidebarEntry], out: &mut Vec<&'a str>) {
        for i in items {
            match i {
                SidebarEntry::Doc { id, .. } => out.push(id),
                SidebarEntry::Category { items, link, .. } => {
                    if let Some(l) = link {
                        out.push(l);
                    }
                    flatten(items, out);
                }
                _ => {}
            }
        }
    }
    flatten(items, &mut order);
    order.dedup();
    let link_to = |id: &str| {
        v.doc(id).map(|d| PageLink { label: d.front.pagination_label.clone().unwrap_or_else(|| d.sidebar_label()), href: encode_path(&d.route) })
    };
    let pos = order.iter().position(|id| *id == doc_id);
    let previous = pos.and_then(|p| p.checked_sub(1)).and_then(|p| link_to(order[p]));
    let next = pos.and_then(|p| order.get(p + 1)).and_then(|id| link_to(id));
    fn crumbs(items: &[SidebarEntry], v: &Version, doc_id: &str, path: &mut Vec<Crumb>) -> bool {
        for i in items {
            match i {
                SidebarEntry::Doc { id, .. } if id == doc_id => return true,
                SidebarEntry::Category { label, items, link, .. } => {
                    if link.as_deref() == Some(doc_id) {
                        return true;
                    }
                    if !label.is_empty() {
                        path.push(Crumb { label: label.clone(), href: link.as_ref().and_then(|l| v.doc(l)).map(|d| encode_path(&d.route)) });
                    }
                    if crumbs(items, v, doc_id, path) {
                        return true;
                    }
                    if !label.is_empty() {
                        path.pop();
                    }
                }
                _ => {}
            }
        }
        false
    }
    let mut breadcrumbs = Vec::new();
    crumbs(items, v, doc_id, &mut breadcrumbs);
    if let Some(d) = v.doc(doc_id) {
        breadcrumbs.push(Crumb { label: d.sidebar_label(), href: None });
    }
    (breadcrumbs, previous, next)
}

/// A stand-alone page under `pages/`.
struct PageSource {
    source: PathBuf,
    route: String,
    front: load::FrontMatter,
    body: String,
    body_line: usize,
}

fn load_pages(config: &SiteConfig, diags: &mut Diagnostics) -> Vec<PageSource> {
    let dir = config.site_dir.join("pages");
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name().into_iter().filter_map(Result::ok) {
        let path = entry.path();
        if !entry.file_type().is_file() || !matches!(path.extension().and_then(|e| e.to_str()), Some("md" | "mdx")) {
            continue;
        }
        let rel = path.strip_prefix(&dir).expect("under pages");
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                diags.push(Diagnostic::error(path, format!("cannot read: {e}")));
                continue;
            }
        };
        match load::split_front_matter(path, &text) {
            Ok((front, body, body_line)) => {
                if let Err(d) = front.slug.as_deref().map_or(Ok(()), |slug| load::route_value(path, &text, "slug", slug)) {
                    diags.push(d);
                    continue;
                }
                let stem = rel.with_extension("");
                let stem = stem.to_string_lossy().replace('\\', "/");
                let rel_route = stem.strip_suffix("index").unwrap_or(&stem).trim_end_matches('/').to_string();
                let route = front.slug.clone().unwrap_or_else(|| load::join_route(config.base_url.trim_end_matches('/'), &rel_route));
                out.push(PageSource { source: path.to_path_buf(), route, front, body: body.to_string(), body_line });
            }
            Err(d) => diags.push(d),
        }
    }
    out
}
