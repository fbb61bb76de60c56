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
use crate::diagnostics::{BuildError, Diagnostic, Diagnostics};
use crate::emit;
use crate::git;
use crate::load::{self, Doc, SidebarEntry, Version};
use crate::markdown::{self, encode_path, normalize_route, RenderContext, Rendered};
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
}

/// The checked model of a site.
pub struct Site {
    config: SiteConfig,
    site_data: SiteData,
    pages: Vec<PageOut>,
    sidebars: BTreeMap<(String, String), SidebarData>,
    not_found: PageData,
    assets: Vec<markdown::Asset>,
    schemas: Vec<schemas::SchemaFile>,
    /// Warnings found on the way.
    pub diagnostics: Diagnostics,
    timings: Vec<(&'static str, f64)>,
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

/// Loads, renders and checks the site without writing anything.
pub fn check(site_dir: &Path) -> Result<Site, BuildError> {
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
    let ctx = RenderContext { site_dir, doc_routes: &doc_routes, base_url: &config.base_url, toc_levels: config.toc_levels, data: &data_files, versions: &site_data.versions };
    let updates = git::last_updates(site_dir);

    // Render every doc of every version in parallel.
    let jobs: Vec<(&Version, &Doc)> = content.versions.iter().flat_map(|v| v.docs.iter().map(move |d| (v, d))).collect();
    let rendered: Vec<Rendered> = jobs
        .par_iter()
        .map(|(_, d)| {
            let levels = (d.front.toc_min_heading_level.unwrap_or(config.toc_levels.0), d.front.toc_max_heading_level.unwrap_or(config.toc_levels.1));
            markdown::render(&d.source, &d.body, d.body_line, &d.route, levels, &ctx)
        })
        .collect();
    // Stand-alone pages under pages/.
    let page_sources = load_pages(&config, &mut diags);
    let page_rendered: Vec<Rendered> = page_sources.par_iter().map(|p| markdown::render(&p.source, &p.body, p.body_line, &p.route, config.toc_levels, &ctx)).collect();
    timings.push(("render", t.elapsed().as_secs_f64()));

    let t = Instant::now();
    // Routes and anchors known to the site.
    let mut anchors: HashMap<String, &HashSet<String>> = HashMap::new();
    let mut route_sources: HashMap<String, &Path> = HashMap::new();
    for ((_, d), r) in jobs.iter().zip(&rendered) {
        let key = normalize_route(&d.route);
        if let Some(other) = route_sources.insert(key.clone(), &d.source) {
            if let Some(sev) = config.raw.docs.on_duplicate_routes.severity() {
                diags.push(Diagnostic::error(&d.source, format!("route {key} is also used by {}", other.display())).with_severity(sev).hint("change one page's `slug` or `id`"));
            }
        }
        anchors.insert(key, &r.anchors);
    }
    for (p, r) in page_sources.iter().zip(&page_rendered) {
        anchors.insert(normalize_route(&p.route), &r.anchors);
    }
    let empty = HashSet::new();
    for v in &content.versions {
        anchors.entry(normalize_route(&v.route_prefix)).or_insert(&empty);
    }
    let static_dir = site_dir.join("static");
    let schema_paths: HashSet<&str> = schema_files.iter().map(|f| f.path.as_str()).collect();
    let link_sev = config.raw.docs.on_broken_links.severity();
    let anchor_sev = config.raw.docs.on_broken_anchors.severity();
    let route_exists = |route: &str| -> bool {
        anchors.contains_key(route) || {
            let rel = route.strip_prefix(config.base_url.trim_end_matches('/')).unwrap_or(route).trim_start_matches('/');
            !rel.is_empty() && (schema_paths.contains(rel) || static_dir.join(rel).is_file())
        }
    };
    let sources: Vec<&Path> = jobs.iter().map(|(_, d)| d.source.as_path()).chain(page_sources.iter().map(|p| p.source.as_path())).collect();
    for (source, r) in sources.iter().zip(rendered.iter().chain(&page_rendered)) {
        diags.extend(r.diagnostics.iter().cloned());
        for l in &r.links {
            // A link written in a data file is reported against that file.
            let source: &Path = l.file.as_deref().unwrap_or(source);
            if !route_exists(&l.route) {
                if let Some(sev) = link_sev {
                    diags.push(Diagnostic::error(source, format!("broken link `{}`: no page at {}", l.raw, l.route)).at(l.line, Some(l.column)).with_severity(sev).hint(if l.file.is_some() { "check the route; links in data files are site routes such as /training" } else { "check the path; links between docs are best written as relative .md paths" }));
                }
            } else if let (Some(anchor), Some(sev)) = (&l.anchor, anchor_sev) {
                if let Some(set) = anchors.get(&l.route) {
                    if !set.contains(anchor) {
                        diags.push(Diagnostic::error(source, format!("broken anchor `{}`: {} has no heading or element with id {anchor:?}", l.raw, l.route)).at(l.line, Some(l.column)).with_severity(sev).hint("anchors are heading slugs: lowercase, spaces to hyphens, punctuation removed"));
                    }
                }
            }
        }
    }
    for (key, route) in &config_links {
        let r = normalize_route(&markdown::decode(route.split('#').next().unwrap_or(route)));
        if !route_exists(&r) {
            if let Some(sev) = link_sev {
                let mut d = Diagnostic::error(&config.file, format!("`{key}.to`: broken link, no page at {r}")).with_severity(sev);
                if let Some(line) = config.line_of(key) {
                    d = d.at(line, None);
                }
                diags.push(d);
            }
        }
    }
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
        pages.push(PageOut { route: d.route.clone(), data, sidebar_key: sidebar_id.map(|s| (v.name.clone(), s)), landing: false });
    }
    // Version landing routes show the main doc.
    for v in &content.versions {
        let landing = normalize_route(&v.route_prefix);
        if pages.iter().any(|p| normalize_route(&p.route) == landing) {
            continue;
        }
        let Some(main) = main_docs.get(&v.name) else { continue };
        if let Some(i) = pages.iter().position(|p| p.route == *main) {
            let page = PageOut { route: landing.clone(), data: pages[i].data.clone(), sidebar_key: pages[i].sidebar_key.clone(), landing: true };
            pages.push(page);
        }
    }
    for (p, r) in page_sources.into_iter().zip(page_rendered) {
        assets.extend(r.assets);
        let title = p.front.title.clone().or(r.h1.clone()).unwrap_or_else(|| config.raw.title.clone());
        pages.push(PageOut {
            route: p.route.clone(),
            data: PageData {
                kind: RouteKind::Page,
                path: encode_path(&p.route),
                title,
                hide_title: p.front.hide_title,
                description: p.front.description.clone().or_else(|| describe(&r.text)),
                keywords: p.front.keywords.clone(),
                content: r.content,
                toc: r.toc,
                hide_toc: true,
                breadcrumbs: Vec::new(),
                previous: None,
                next: None,
                last_update: None,
                version: None,
                sidebar_id: None,
                doc_id: None,
                version_routes: BTreeMap::new(),
            },
            sidebar_key: None,
            landing: false,
        });
    }
    // The search page (its content is the search UI).
    let search_route = site_data.search.page_path.clone();
    if !pages.iter().any(|p| normalize_route(&p.route) == normalize_route(&search_route)) {
        pages.push(PageOut {
            route: search_route.clone(),
            data: PageData {
                kind: RouteKind::Search,
                path: encode_path(&search_route),
                title: "Search the documentation".into(),
                hide_title: false,
                description: Some(format!("Search every page of the {} documentation.", config.raw.title)),
                keywords: Vec::new(),
                content: Vec::new(),
                toc: Vec::new(),
                hide_toc: true,
                breadcrumbs: Vec::new(),
                previous: None,
                next: None,
                last_update: None,
                version: None,
                sidebar_id: None,
                doc_id: None,
                version_routes: BTreeMap::new(),
            },
            sidebar_key: None,
            landing: false,
        });
    }
    let not_found = PageData {
        kind: RouteKind::NotFound,
        path: format!("{}404.html", config.base_url),
        title: "Page Not Found".into(),
        hide_title: false,
        description: None,
        keywords: Vec::new(),
        content: vec![Node::Element(Element {
            t: "p".into(),
            a: BTreeMap::new(),
            c: vec![Node::Text("We could not find what you were looking for. The page may have moved, or the link may be mistyped; the navigation above and the search lead to every page of the site.".into())],
        })],
        toc: Vec::new(),
        hide_toc: true,
        breadcrumbs: Vec::new(),
        previous: None,
        next: None,
        last_update: None,
        version: None,
        sidebar_id: None,
        doc_id: None,
        version_routes: BTreeMap::new(),
    };
    timings.push(("model", t.elapsed().as_secs_f64()));
    diags.normalize(site_dir);
    Ok(Site { config, site_data, pages, sidebars, not_found, assets, schemas: schema_files, diagnostics: diags, timings })
}

/// Builds the site into `opts.out_dir`.
pub fn build(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    let mut site = check(&opts.site_dir)?;
    crate::theme::ensure_built(&opts.theme_dir)?;
    let t = std::time::Instant::now();
    let out_parent = opts.out_dir.parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."));
    std::fs::create_dir_all(&out_parent).map_err(BuildError::io(&out_parent))?;
    let tmp = out_parent.join(format!(".{}.tmp-{}", opts.out_dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "build".into()), std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(BuildError::io(&tmp))?;
    let result = write_site(&mut site, opts, &tmp);
    if let Err(e) = result {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(e);
    }
    site.timings.push(("write", t.elapsed().as_secs_f64()));
    if opts.out_dir.exists() {
        std::fs::remove_dir_all(&opts.out_dir).map_err(BuildError::io(&opts.out_dir))?;
    }
    std::fs::rename(&tmp, &opts.out_dir).map_err(BuildError::io(&opts.out_dir))?;
    Ok(BuildReport { routes: site.pages.len() + 1, diagnostics: site.diagnostics, timings: site.timings })
}

fn write_site(site: &mut Site, opts: &BuildOptions, out: &Path) -> Result<(), BuildError> {
    let base = site.config.base_url.clone();
    let theme_client = opts.theme_dir.join("dist/client");
    // Static files first, then theme assets (never overwritten by content).
    emit::copy_tree(&site.config.site_dir.join("static"), out)?;
    emit::copy_tree(&theme_client.join("assets"), &out.join("assets"))?;
    for a in &site.assets {
        let rel = a.url.strip_prefix(&base).unwrap_or(&a.url);
        let target = out.join(markdown::decode(rel));
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(BuildError::io(dir))?;
        }
        std::fs::copy(&a.source, &target).map_err(BuildError::io(&a.source))?;
    }
    for f in &site.schemas {
        let target = out.join(&f.path);
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(BuildError::io(dir))?;
        }
        std::fs::write(&target, &f.bytes).map_err(BuildError::io(&target))?;
    }
    let template_path = theme_client.join("index.html");
    let template = std::fs::read_to_string(&template_path).map_err(BuildError::io(&template_path))?;

    // Chunks.
    // Each chunk is serialised once: its bytes are written and sent to the pre-render workers.
    let mut sidebar_urls = BTreeMap::new();
    let mut raw_sidebars = BTreeMap::new();
    for (key, data) in &site.sidebars {
        let raw = serde_json::value::to_raw_value(data).expect("serialisable");
        sidebar_urls.insert(key.clone(), emit::write_chunk(out, &base, "sidebars", raw.get().as_bytes())?);
        raw_sidebars.insert(key.clone(), raw);
    }
    let raw_pages: Vec<Box<serde_json::value::RawValue>> = site.pages.par_iter().map(|p| serde_json::value::to_raw_value(&p.data).expect("serialisable")).collect();
    let mut routes = BTreeMap::new();
    let mut page_urls = Vec::with_capacity(site.pages.len());
    for (p, raw) in site.pages.iter().zip(&raw_pages) {
        let url = emit::write_chunk(out, &base, "pages", raw.get().as_bytes())?;
        let sidebar = p.sidebar_key.as_ref().and_then(|k| sidebar_urls.get(k).cloned());
        routes.insert(
            normalize_route(&p.route),
            RouteEntry { kind: p.data.kind, version: p.data.version.clone(), chunk: url.clone(), sidebar },
        );
        page_urls.push(url);
    }
    let nf_raw = serde_json::value::to_raw_value(&site.not_found).expect("serialisable");
    let nf_url = emit::write_chunk(out, &base, "pages", nf_raw.get().as_bytes())?;
    let manifest = RouteManifest { routes, not_found: nf_url.clone() };
    let manifest_url = emit::write_chunk(out, &base, "routes", serde_json::to_string(&manifest).expect("serialisable").as_bytes())?;
    let site_url = emit::write_chunk(out, &base, "site", serde_json::to_string(&site.site_data).expect("serialisable").as_bytes())?;

    // Pre-render.
    let nf_route = format!("{base}404.html");
    let mut jobs: Vec<crate::prerender::Job<'_>> = site
        .pages
        .iter()
        .zip(&raw_pages)
        .map(|(p, raw)| crate::prerender::Job { url: &p.route, page: raw, sidebar: p.sidebar_key.as_ref().and_then(|k| raw_sidebars.get(k)).map(|b| &**b) })
        .collect();
    jobs.push(crate::prerender::Job { url: &nf_route, page: &nf_raw, sidebar: None });
    let worker = opts.theme_dir.join("prerender-worker.mjs");
    // The search index is built from the content trees, beside the pre-render workers.
    let index_entries = site.site_data.search.local_bundle.is_some().then(|| search::entries(site.pages.iter().map(|p| (p.route.as_str(), &p.data, p.landing))));
    let language = site.site_data.locale.html_lang.clone();
    let (rendered, indexed) = std::thread::scope(|scope| {
        let index = index_entries.as_ref().map(|entries| scope.spawn(|| search::write_index(entries, &language, out)));
        let rendered = crate::prerender::prerender(&worker, &site.site_data, &manifest, &jobs, opts.workers);
        (rendered, index.map(|h| h.join().expect("the search indexer does not panic")))
    });
    let rendered = rendered?;
    if let Some(result) = indexed {
        result?;
    }
    let mut failures = Diagnostics::default();
    let attrs = format!("lang=\"{}\" dir=\"{}\"", site.site_data.locale.html_lang, site.site_data.locale.direction);
    let writes: Vec<(PathBuf, String)> = jobs
        .iter()
        .enumerate()
        .zip(&rendered)
        .filter_map(|((i, job), r)| {
            if let Some(err) = &r.error {
                failures.push(Diagnostic::general(format!("pre-rendering {} failed: {err}", job.url)));
                return None;
            }
            let (page_url, sidebar_url, path) = if i < site.pages.len() {
                let p = &site.pages[i];
                (page_urls[i].clone(), p.sidebar_key.as_ref().and_then(|k| sidebar_urls.get(k).cloned()), emit::html_path(out, &base, &markdown::decode(&p.route)))
            } else {
                (nf_url.clone(), None, out.join("404.html"))
            };
            let boot = Boot { site: site_url.clone(), routes: manifest_url.clone(), page: page_url.clone(), sidebar: sidebar_url.clone() };
            let mut head = String::new();
            head.push_str(&r.head);
            if let Some(icon) = &site.config.raw.favicon {
                head.push_str(&format!("<link rel=\"icon\" href=\"{base}{}\">", icon.trim_start_matches('/')));
            }
            for u in [Some(&site_url), Some(&page_url), sidebar_url.as_ref(), Some(&manifest_url)].into_iter().flatten() {
                head.push_str(&format!("<link rel=\"preload\" href=\"{u}\" as=\"fetch\" crossorigin>"));
            }
            head.push_str(&format!("<script id=\"__docsite\" type=\"application/json\">{}</script>", emit::script_safe_json(&serde_json::to_string(&boot).expect("json"))));
            Some((path, crate::prerender::assemble(&template, &attrs, &head, &r.html)))
        })
        .collect();
    if failures.has_errors() {
        return Err(BuildError::Invalid(failures));
    }
    writes.par_iter().try_for_each(|(path, html)| -> Result<(), BuildError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(BuildError::io(dir))?;
        }
        std::fs::write(path, html).map_err(BuildError::io(path))
    })?;
    emit::precompress(out)?;
    Ok(())
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
