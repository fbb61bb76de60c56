//! [`check`]: every stage that can find a problem, in order, without writing anything.
//!
//! ```text
//! load    config, versions, docs + front matter, sidebars, schemas, site data, data files,
//!         pages/                                                     -> Loaded
//! render  every doc and page to a content tree (rayon; a RenderCache reuses unchanged ones)
//!                                                                    -> Renders
//! links   routes and anchors of the site, duplicate routes, every link -> Linked
//! model   page data, sidebars, landing / search / not-found pages   -> Site (model.rs)
//! ```
//!
//! Each stage is a function taking the earlier stages' output; the diagnostics of all of
//! them are reported together, so one run lists every problem of the site.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use super::incremental::{hash_of, DocState, Entry, Incremental, RenderCache};
use super::links::LinkCheck;
use super::model::{self, Model};
use super::pages::{load_pages, PageSource, ReactPageSource};
use super::react_links::ReactLinks;
use super::{DocPaths, Site};
use crate::config::SiteConfig;
use crate::contract::SiteData;
use crate::data_files::{self, DataFiles};
use crate::doc_cards::DocCards;
use crate::diagnostics::{BuildError, Diagnostic, Diagnostics, Severity};
use crate::git;
use crate::load::{self, Content, Doc, Version};
use crate::markdown::{self, LinkRef, RenderContext, Rendered};
use crate::paths::{normalize_route};
use crate::schemas::{self, SchemaFile};
use crate::site_data;

/// Loads, renders and checks the site without writing anything.
pub fn check(site_dir: &Path) -> Result<Site, BuildError> {
    check_with(site_dir, None)
}

/// [`check`], reusing (and refreshing) the renderings in `cache` for unchanged docs.
pub fn check_with(site_dir: &Path, cache: Option<&mut RenderCache>) -> Result<Site, BuildError> {
    check_at(site_dir, cache, None)
}

/// [`check_with`], with the configuration's `baseUrl` replaced by `base_url` when given.
pub fn check_at(site_dir: &Path, cache: Option<&mut RenderCache>, base_url: Option<&str>) -> Result<Site, BuildError> {
    check_locale(site_dir, cache, base_url, None)
}

/// [`check_at`] for the locale `locale` of the site (`None`: the default one; see
/// `crate::i18n`).
pub fn check_locale(site_dir: &Path, mut cache: Option<&mut RenderCache>, base_url: Option<&str>, locale: Option<&str>) -> Result<Site, BuildError> {
    let keep_state = cache.is_some();
    let mut timings = Vec::new();

    let t = Instant::now();
    let mut loaded = load_stage(site_dir, base_url, locale)?;
    timings.push(("load", t.elapsed().as_secs_f64()));

    let t = Instant::now();
    let content_dirs = loaded.config.content_dirs();
    let updates = match cache.as_deref_mut() {
        Some(c) => {
            c.prepare(&loaded);
            c.updates.get_or_insert_with(|| git::last_updates_with(site_dir, &content_dirs)).clone()
        }
        None => git::last_updates_with(site_dir, &content_dirs),
    };
    let mut renders = render_stage(&loaded, cache);
    timings.push(("render", t.elapsed().as_secs_f64()));
    let mdx = renders.docs.iter().filter(|r| r.mdx_path).count();
    let doc_paths = DocPaths { markdown: renders.docs.len() - mdx, mdx };

    let t = Instant::now();
    let linked = link_stage(&mut loaded, &mut renders);
    timings.push(("check", t.elapsed().as_secs_f64()));
    let mut diags = std::mem::take(&mut loaded.diags);
    if diags.has_errors() {
        diags.normalize(site_dir);
        return Err(BuildError::Invalid(diags));
    }

    let t = Instant::now();
    // What `Site::update_doc` compares an edit against (only kept for `docsite dev`).
    let heads: Vec<DocHead> = if keep_state { loaded.heads(&renders) } else { Vec::new() };
    let generated = std::mem::take(&mut loaded.generated);
    let Model { pages, sidebars, assets, not_found } = model::assemble(&loaded, renders, generated, &updates);
    timings.push(("model", t.elapsed().as_secs_f64()));
    diags.extend(super::feeds::warnings(&loaded.config, &pages));
    // The theme shows its words in the locale's language; the few the engine writes into
    // pages are English still: said once, not left to be found.
    let lang = &loaded.site_data.locale.html_lang;
    if !(lang == "en" || lang.starts_with("en-")) {
        diags.push(
            Diagnostic::error(&loaded.config.file, format!("locale {}: some words the engine itself writes into pages are in English: the 404 page's text, the search page's title, the author pages' titles, the tag pages' and doc cards' counts", loaded.config.i18n.code))
                .with_severity(crate::diagnostics::Severity::Warning)
                .hint("the theme's words and the blog's and tag pages' titles, pager and \"Read more\" are translated (code.json, @docusaurus/theme-translations); these are not yet"),
        );
    }
    diags.extend(model::long_sidebar_lists(&sidebars));
    diags.normalize(site_dir);

    let Loaded { config, mut site_data, schema_files, doc_routes, content_roots, plugin_dirs, data_files, config_links, doc_cards, .. } = loaded;
    // A site with many searchable pages has its index in parts, which every page's site data
    // names (the React pages, searchable once pre-rendered, do not count: no part is empty).
    if let Some(bundle) = &site_data.search.local_bundle {
        let searchable = pages.iter().filter(|p| !p.landing && crate::search::is_searchable(&p.data)).count();
        site_data.search.local_parts = crate::search::part_urls(bundle, crate::search::part_count(searchable, crate::search::part_pages()?));
    }
    let react_links = (!linked.link_check.deferred.is_empty()).then(|| {
        let into_react = linked.sources.iter().zip(&linked.links).flat_map(|(source, links)| links.iter().filter(|l| l.anchor.is_some() && linked.link_check.deferred.contains(&l.route)).map(move |l| (l.file.clone().unwrap_or_else(|| source.clone()), l.clone()))).collect();
        ReactLinks { link_check: linked.link_check.clone(), anchors: linked.anchors.clone(), into_react }
    });
    // A post's edit changes the blog's lists too: it goes through a full check.
    let posts: HashSet<PathBuf> = loaded.blog.iter().flat_map(|b| &b.posts).map(|p| p.source.clone()).collect();
    let incremental = keep_state.then(|| {
        let mut pages_of: HashMap<&PathBuf, Vec<usize>> = HashMap::new();
        for (i, p) in pages.iter().enumerate() {
            if let Some(source) = &p.source {
                pages_of.entry(source).or_default().push(i);
            }
        }
        let docs = linked
            .sources
            .iter()
            .zip(heads)
            .enumerate()
            .filter(|(_, (source, _))| !posts.contains(*source))
            .map(|(index, (source, h))| {
                let pages = pages_of.remove(source).unwrap_or_default();
                (source.clone(), DocState { index, pages, front: h.front, body_line: h.body_line, levels: h.levels, route: h.route, h1: h.h1 })
            })
            .collect();
        Box::new(Incremental { doc_routes, content_roots, plugin_dirs, data: data_files, doc_cards, linked, config_links, docs })
    });
    let not_found_route = format!("{}404.html", config.base_url);
    Ok(Site { config, site_data, pages, sidebars, not_found, not_found_route, assets, schemas: schema_files, diagnostics: diags, timings, doc_paths, incremental, react_links })
}

/// The load stage's output: everything read from the site folder, validated, and the
/// problems found so far (kept to report with those of the later stages).
pub(super) struct Loaded {
    pub(super) config: SiteConfig,
    pub(super) content: Content,
    pub(super) schema_files: Vec<SchemaFile>,
    /// Route of each version's main doc.
    pub(super) main_docs: BTreeMap<String, String>,
    pub(super) site_data: SiteData,
    /// Links written in the config (navbar, footer), as (key path, target).
    pub(super) config_links: Vec<(String, String)>,
    /// Route of every doc by its normalised source path.
    pub(super) doc_routes: HashMap<PathBuf, String>,
    /// Each version's docs folder and the blog folder, normalised ([`RenderContext::content_roots`]).
    pub(super) content_roots: Vec<PathBuf>,
    /// The folders whose Markdown the site's own remark and rehype plugins apply to ([`RenderContext::plugin_dirs`]).
    pub(super) plugin_dirs: Vec<PathBuf>,
    pub(super) data_files: DataFiles,
    /// The cards of `<DocCardList />` on each sidebar category's page.
    pub(super) doc_cards: DocCards,
    /// Markdown pages of the pages folder.
    pub(super) pages: Vec<PageSource>,
    /// React pages of the pages folder (the site's own code).
    pub(super) react_pages: Vec<ReactPageSource>,
    /// Pages made from the docs (tag pages, generated indexes; [`model::generated_pages`]).
    pub(super) generated: Vec<super::PageOut>,
    /// The blog, when the site has one; its posts are also in [`Loaded::pages`].
    pub(super) blog: Option<crate::blog::Blog>,
    pub(super) diags: Diagnostics,
}

impl Loaded {
    /// Every doc of every version, in the order the render stage renders them.
    pub(super) fn doc_jobs(&self) -> Vec<(&Version, &Doc)> {
        self.content.versions.iter().flat_map(|v| v.docs.iter().map(move |d| (v, d))).collect()
    }

    /// The toc levels of a doc (its front matter, or the site's).
    pub(super) fn levels_of(&self, front: &load::FrontMatter) -> (u8, u8) {
        (front.toc_min_heading_level.unwrap_or(self.config.toc_levels.0), front.toc_max_heading_level.unwrap_or(self.config.toc_levels.1))
    }

    pub(super) fn render_context(&self) -> RenderContext<'_> {
        RenderContext { site_dir: &self.config.site_dir, doc_routes: &self.doc_routes, content_roots: &self.content_roots, base_url: &self.config.base_url, toc_levels: self.config.toc_levels, data: &self.data_files, versions: &self.site_data.versions, frame_src: self.config.frame_src(), doc_cards: &self.doc_cards, mdx: crate::markdown::MdxPath::for_site(self.config.from_docusaurus), plugin_dirs: &self.plugin_dirs, format: self.config.raw.markdown_format, html: self.config.html_policy(), comment_heading_ids: self.config.raw.comment_heading_ids }
    }

    /// What an in-place update compares against, for every doc then every page.
    fn heads(&self, renders: &Renders) -> Vec<DocHead> {
        let docs = self.doc_jobs().into_iter().map(|(_, d)| (d.front.clone(), d.body_line, self.levels_of(&d.front), d.route.clone()));
        let pages = self.pages.iter().map(|p| (p.front.clone(), p.body_line, self.config.toc_levels, p.route.clone()));
        docs.chain(pages)
            .zip(renders.docs.iter().chain(&renders.pages))
            .map(|((front, body_line, levels, route), r)| DocHead { front, body_line, levels, route, h1: r.h1.clone() })
            .collect()
    }
}

/// A Markdown file's front matter and title as the last check saw them.
struct DocHead {
    front: load::FrontMatter,
    body_line: usize,
    levels: (u8, u8),
    route: String,
    h1: Option<String>,
}

/// Reads the config, the content, the schema sets, the site data and the data files. Stops
/// only when the config or the content tree cannot be read at all (and the report says
/// so); every other problem, in the config too, is collected for the report.
fn load_stage(site_dir: &Path, base_url: Option<&str>, locale: Option<&str>) -> Result<Loaded, BuildError> {
    let fail = |mut d: Diagnostics, ds: Vec<Diagnostic>, why: &str| {
        d.extend(ds);
        d.normalize(site_dir);
        d.stop(why);
        BuildError::Invalid(d)
    };
    let mut diags = Diagnostics::default();
    let mut config = SiteConfig::read_locale(site_dir, base_url, locale).map_err(|e| fail(Diagnostics::default(), e, "with these configuration errors docsite cannot find the docs"))?;
    diags.extend(config.warnings.iter().cloned());
    diags.extend(std::mem::take(&mut config.errors));
    let mut content = load::load(&config).map_err(|e| fail(diags.clone(), e, "the versions of the docs cannot be read"))?;
    diags.extend(std::mem::take(&mut content.problems));
    let (schema_files, schema_problems) = schemas::collect(&config);
    diags.extend(schema_problems);
    let main_docs: BTreeMap<String, String> = content.versions.iter().filter_map(|v| site_data::main_doc(v).map(|r| (v.name.clone(), r))).collect();
    let (site_data, mut config_links, site_problems) = site_data::site_data(&config, &content, &main_docs);
    diags.extend(site_problems);
    // A redirect's target is a route under the base URL (like its `from`), checked like a
    // link; a full URL leaves the site and is not checked, nor is a `to` the config check
    // refused (reported there).
    config_links.extend(config.raw.redirects.iter().enumerate().filter(|(_, r)| r.to.starts_with('/') && !r.to.starts_with("//")).map(|(i, r)| (format!("redirects[{i}]"), format!("{}{}", config.base_url, r.to.trim_start_matches('/')))));
    // A translated doc is linked to by its translation's path and by the path it translates
    // (a link from a translation to a doc that has none names the untranslated file).
    let mut doc_routes: HashMap<PathBuf, String> = content
        .versions
        .iter()
        .flat_map(|v| &v.docs)
        .flat_map(|d| std::iter::once(&d.source).chain(&d.untranslated).map(|p| (crate::paths::normalize_path(p), d.route.clone())))
        .collect();
    // ... and a doc with none by the path its translation would have.
    if let Some(l10n) = &config.i18n.dir {
        for v in &content.versions {
            let folder = if v.plain_name() == load::CURRENT { load::CURRENT.to_string() } else { format!("version-{}", v.plain_name()) };
            let plugin = crate::config::plugin_folder(&v.plugin);
            for d in v.docs.iter().filter(|d| d.untranslated.is_none()) {
                if let Ok(rel) = d.source.strip_prefix(&v.dir) {
                    doc_routes.insert(crate::paths::normalize_path(&l10n.join(&plugin).join(&folder).join(rel)), d.route.clone());
                }
            }
        }
    }
    // Data files (`data/*.json`), validated before any page places them.
    let released: Vec<String> = content.versions.iter().filter(|v| v.name != load::CURRENT && v.plugin == crate::config::DEFAULT_DOCS).map(|v| v.name.clone()).collect();
    // In a Docusaurus site, `data/` belongs to the site's own React code, not to docsite.
    let (data_files, data_problems) = if config.from_docusaurus { (DataFiles::default(), Vec::new()) } else { data_files::load(site_dir, &released) };
    diags.extend(data_problems);
    diags.extend(crate::copied::check_static(site_dir));
    let (mut pages, react_pages) = load_pages(&config, &mut diags);
    // The blog's posts are Markdown pages to render, check and index like the others.
    let mut blog_diags = Vec::new();
    let blog = crate::blog::load(&config, &site_data.translations, &mut blog_diags);
    diags.extend(blog_diags);
    // The blog's lists show each post's excerpt rendered by the Markdown renderer (`model.rs`),
    // where Docusaurus compiles it with the post, through the blog's own plugins.
    let with_excerpts = blog.iter().flat_map(|b| &b.posts).any(|post| post.excerpt.is_some());
    for m in config.markdown_plugins.iter().filter(|m| m.content == crate::docusaurus::PluginContent::Blog && with_excerpts) {
        let message = format!("`{}`: the blog's remark and rehype plugins run on its posts, but its list pages show each post's excerpt (before the truncate marker) as docsite's Markdown renderer renders it, without them", m.key);
        diags.push(Diagnostic::error(&config.file, message).with_severity(crate::diagnostics::Severity::Warning));
    }
    for post in blog.iter().flat_map(|b| &b.posts) {
        if let Some(page) = pages.iter().find(|p| normalize_route(&p.route) == normalize_route(&post.route)) {
            let other = page.source.strip_prefix(site_dir).unwrap_or(&page.source).display().to_string();
            diags.push(Diagnostic::error(&post.source, format!("route {} is also the route of the page {other}", normalize_route(&post.route))).hint("give the post another `slug`"));
        }
        // Posts link to each other by file, as docs do.
        doc_routes.insert(crate::paths::normalize_path(&post.source), post.route.clone());
        pages.push(PageSource { source: post.source.clone(), route: post.route.clone(), front: post.front.clone(), body: post.body.clone(), body_line: post.body_line });
    }
    // A redirect left out is not there to check.
    let dropped = redirect_conflicts(&mut config, &doc_routes, pages.iter().map(|p| &p.route).chain(react_pages.iter().map(|p| &p.route)), &mut diags);
    config_links.retain(|(key, _)| !dropped.iter().any(|i| *key == format!("redirects[{i}]")));
    let doc_cards = crate::doc_cards::doc_cards(&content);
    let generated = model::generated_pages(&content, &site_data.translations);
    let blog_dir = blog.as_ref().and(config.raw.blog.as_ref()).map(|b| config.read_path(&b.path));
    let content_roots = content.versions.iter().map(|v| crate::paths::normalize_path(&v.dir)).chain(blog_dir).collect();
    let plugin_dirs = config.markdown_plugin_sets().into_iter().flat_map(|set| set.dirs).collect();
    Ok(Loaded { config, content, schema_files, main_docs, site_data, config_links, doc_routes, content_roots, plugin_dirs, data_files, doc_cards, pages, react_pages, generated, blog, diags })
}

/// A redirect must not replace a page: one whose `from` is a route of the site is left out
/// with a warning, as Docusaurus's client-redirects plugin does (so a config written by
/// `docsite migrate` checks like the Docusaurus config it came from).
/// Returns the indices (in the config) of the redirects left out.
fn redirect_conflicts<'a>(config: &mut SiteConfig, doc_routes: &HashMap<PathBuf, String>, pages: impl Iterator<Item = &'a String>, diags: &mut Diagnostics) -> Vec<usize> {
    let mut dropped = Vec::new();
    let routes: HashSet<String> = doc_routes.values().map(|r| normalize_route(r)).chain(pages.map(|r| normalize_route(r))).collect();
    let redirects = std::mem::take(&mut config.raw.redirects);
    config.raw.redirects = redirects
        .into_iter()
        .enumerate()
        .filter(|(i, r)| {
            let from = normalize_route(&format!("{}{}", config.base_url, r.from.trim_start_matches('/')));
            if !routes.contains(&from) {
                return true;
            }
            let d = Diagnostic::error(&config.file, format!("`redirects[{i}].from`: {from} is a page of the site; the redirect is left out, as Docusaurus's client-redirects plugin does")).with_severity(Severity::Warning);
            diags.push(match config.line_of(&format!("redirects[{i}]")) {
                Some(l) => d.at(l, None),
                None => d,
            });
            dropped.push(*i);
            false
        })
        .map(|(_, r)| r)
        .collect();
    dropped
}

/// The render stage's output: one rendering per doc (in [`Loaded::doc_jobs`] order) and
/// per stand-alone page.
pub(super) struct Renders {
    pub(super) docs: Vec<Rendered>,
    pub(super) pages: Vec<Rendered>,
}

/// Renders every doc of every version and every page, in parallel; with a cache, unchanged
/// ones come from it and fresh ones are added to it.
fn render_stage(loaded: &Loaded, cache: Option<&mut RenderCache>) -> Renders {
    let ctx = loaded.render_context();
    let cached = cache.as_deref();
    // Docs, blog posts and Markdown pages may take the MDX path (`markdown::render_doc`),
    // as Docusaurus compiles each of them with its MDX loader.
    let render_one = |source: &Path, body: &str, body_line: usize, route: &str, levels: (u8, u8)| {
        let render = || markdown::render_doc(source, body, body_line, route, levels, &ctx);
        match cached {
            Some(c) => c.render(hash_of((body, body_line, route, levels)), source, &ctx, render),
            None => (None, render()),
        }
    };
    let jobs = loaded.doc_jobs();
    let docs: Vec<(Option<Entry>, Rendered)> = jobs.par_iter().map(|(_, d)| render_one(&d.source, &d.body, d.body_line, &d.route, loaded.levels_of(&d.front))).collect();
    let mut pages: Vec<(Option<Entry>, Rendered)> = loaded.pages.par_iter().map(|p| render_one(&p.source, &p.body, p.body_line, &p.route, loaded.config.toc_levels)).collect();
    // A blog post's excerpt (before its truncate marker) is rendered by the Markdown renderer
    // for the blog's lists (`model.rs`); one that needs JavaScript cannot be shown there.
    for (p, (_, r)) in loaded.pages.iter().zip(pages.iter_mut()).filter(|(_, (_, r))| r.mdx_path) {
        let Some(post) = loaded.blog.iter().flat_map(|b| &b.posts).find(|post| post.source == p.source) else { continue };
        let Some(excerpt) = &post.excerpt else { continue };
        if markdown::render(&post.source, excerpt, post.body_line, &post.route, loaded.config.toc_levels, &ctx).needs_js {
            let line = post.body_line + excerpt.lines().count() + 1;
            let message = "the excerpt before the truncate marker needs JavaScript (a component, an import or an expression), which docsite cannot show in the blog's list pages: the post itself is compiled by MDX, its excerpt is rendered as Markdown";
            r.diagnostics.push(Diagnostic::error(&post.source, message).at(line, None).hint("move the imports and components below the truncate marker, or write the excerpt in plain Markdown"));
        }
    }
    let sources = jobs.iter().map(|(_, d)| &d.source).chain(loaded.pages.iter().map(|p| &p.source));
    let mut fresh = Vec::new();
    let mut all = Vec::with_capacity(docs.len() + pages.len());
    for (source, (entry, r)) in sources.zip(docs.into_iter().chain(pages)) {
        if let Some(entry) = entry {
            fresh.push((source.clone(), entry));
        }
        all.push(r);
    }
    if let Some(c) = cache {
        c.rendered_last = fresh.len();
        c.renders.extend(fresh);
    }
    let pages = all.split_off(jobs.len());
    Renders { docs: all, pages }
}

/// The link stage's output: the anchors of every route and, per Markdown file (docs, then
/// pages), its links and render diagnostics, taken out of the renderings.
pub(super) struct Linked {
    pub(super) link_check: LinkCheck,
    pub(super) anchors: HashMap<String, HashSet<String>>,
    pub(super) sources: Vec<PathBuf>,
    pub(super) links: Vec<Vec<LinkRef>>,
    pub(super) render_diags: Vec<Vec<Diagnostic>>,
    /// Diagnostics not tied to rendering or links (loading, data files, duplicate routes).
    pub(super) base_diags: Diagnostics,
}

/// Collects the routes and anchors of the site (reporting routes used twice), then checks
/// every link of content, data files and config against them. Adds its findings to
/// `loaded.diags`.
fn link_stage(loaded: &mut Loaded, renders: &mut Renders) -> Linked {
    let site_dir = loaded.config.site_dir.clone();
    let mut diags = std::mem::take(&mut loaded.diags);
    let jobs = loaded.doc_jobs();
    let mut anchors: HashMap<String, HashSet<String>> = HashMap::new();
    let mut route_sources: HashMap<String, &Path> = HashMap::new();
    for ((_, d), r) in jobs.iter().zip(renders.docs.iter_mut()) {
        let key = normalize_route(&d.route);
        if let Some(other) = route_sources.insert(key.clone(), &d.source) {
            if let Some(sev) = loaded.config.raw.docs.on_duplicate_routes.severity() {
                diags.push(Diagnostic::error(&d.source, format!("route {key} is also used by {}", other.strip_prefix(&site_dir).unwrap_or(other).display())).with_severity(sev).hint("change one page's `slug` or `id`"));
            }
        }
        anchors.insert(key, std::mem::take(&mut r.anchors));
    }
    for (p, r) in loaded.pages.iter().zip(renders.pages.iter_mut()) {
        anchors.insert(normalize_route(&p.route), std::mem::take(&mut r.anchors));
    }
    for p in &loaded.react_pages {
        let key = normalize_route(&p.route);
        if let Some(other) = route_sources.get(&key) {
            diags.push(Diagnostic::error(&p.source, format!("route {key} is also used by {}", other.strip_prefix(&site_dir).unwrap_or(other).display())).hint("rename the page or change the doc's `slug`"));
        }
        // Links to the page are checked here; its ids are known only once it is pre-rendered,
        // so links to its anchors are checked then (react_links.rs).
        anchors.entry(key).or_default();
    }
    // A version's root is a route of its own only when the site writes version roots (a
    // doc at the root is a route anyway).
    for v in loaded.content.versions.iter().filter(|_| loaded.config.raw.docs.version_roots) {
        anchors.entry(normalize_route(&v.route_prefix)).or_default();
    }
    for page in &loaded.generated {
        anchors.entry(normalize_route(&page.route)).or_default();
    }
    for route in loaded.blog.iter().flat_map(|b| b.routes()) {
        anchors.entry(normalize_route(&route)).or_default();
    }
    // The origins the content's iframes show join the pages' CSP `frame-src` (a site
    // read from a Docusaurus config lists none; a docsite.toml site's are all listed).
    let listed = &loaded.config.raw.security.frame_src;
    let embedded: std::collections::BTreeSet<&String> = renders.docs.iter().chain(&renders.pages).flat_map(|r| &r.frame_origins).filter(|o| !listed.contains(o)).collect();
    let frame_src: Vec<String> = listed.iter().chain(embedded).cloned().collect();
    let base_diags = diags.clone();
    let sources: Vec<PathBuf> = jobs.iter().map(|(_, d)| d.source.clone()).chain(loaded.pages.iter().map(|p| p.source.clone())).collect();
    let mut links = Vec::with_capacity(sources.len());
    let mut render_diags = Vec::with_capacity(sources.len());
    for r in renders.docs.iter_mut().chain(renders.pages.iter_mut()) {
        links.push(std::mem::take(&mut r.links));
        render_diags.push(std::mem::take(&mut r.diagnostics));
    }
    drop(jobs);
    loaded.site_data.frame_src = frame_src;
    let config = &loaded.config;
    let link_check = LinkCheck {
        static_dir: site_dir.join("static"),
        schema_paths: loaded.schema_files.iter().map(|f| f.path.clone()).collect(),
        link_sev: config.raw.docs.on_broken_links.severity(),
        anchor_sev: config.raw.docs.on_broken_anchors.severity(),
        deferred: loaded.react_pages.iter().map(|p| normalize_route(&p.route)).collect(),
        out_dir: None,
    };
    let linked = Linked { link_check, anchors, sources, links, render_diags, base_diags };
    loaded.diags = linked.diagnostics(config, &loaded.config_links);
    linked
}

impl Linked {
    /// Every diagnostic of the site as it stands: those not tied to rendering, each
    /// Markdown file's render diagnostics, and a check of every link against the routes and
    /// anchors (used by [`link_stage`] and by `Site::update_doc` after one file changed).
    pub(super) fn diagnostics(&self, config: &SiteConfig, config_links: &[(String, String)]) -> Diagnostics {
        let mut diags = self.base_diags.clone();
        diags.extend(self.render_diags.iter().flatten().cloned());
        diags.extend(self.link_check.run(config, &self.anchors, self.sources.iter().zip(&self.links), config_links));
        diags
    }
}
