//! The checked model of a site ([`Site`]): every page's data, the sidebars, the site data
//! and the files pages refer to, as the check stages leave it; and what the write stage and
//! `docsite dev` ask of it (paths, files to copy, HTML documents, search entries).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::chunks::Chunks;
use super::incremental::Incremental;
use super::write_file;
use crate::config::SiteConfig;
use crate::contract::*;
use crate::diagnostics::{BuildError, Diagnostic, Diagnostics, Severity};
use crate::emit;
use crate::highlight::escape;
use crate::markdown;
use crate::schemas;
use crate::search;

/// One page of the site, ready to emit.
pub(super) struct PageOut {
    pub(super) route: String,
    pub(super) data: PageData,
    pub(super) sidebar_key: Option<(String, String)>,
    /// A version's landing route, repeating its main doc (kept out of the search index).
    pub(super) landing: bool,
    /// The Markdown file it comes from.
    pub(super) source: Option<PathBuf>,
    /// Front matter `image` (link previews), as written.
    pub(super) image: Option<String>,
    /// Unix time of the source file's last commit, when git knows it (sitemap `lastmod`).
    pub(super) updated: Option<i64>,
}

/// How many docs (of every version) the Rust renderer rendered and how many took the MDX
/// path (`markdown::render_doc`), for `--timings`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DocPaths {
    /// Docs rendered by the engine's Markdown renderer.
    pub markdown: usize,
    /// Docs compiled by MDX and rendered with the site's React code.
    pub mdx: usize,
}

/// The checked model of a site.
pub struct Site {
    pub(super) config: SiteConfig,
    pub(super) site_data: SiteData,
    pub(super) pages: Vec<PageOut>,
    pub(super) sidebars: BTreeMap<(String, String), SidebarData>,
    pub(super) not_found: PageData,
    pub(super) not_found_route: String,
    pub(super) assets: Vec<markdown::Asset>,
    pub(super) schemas: Vec<schemas::SchemaFile>,
    /// Warnings found on the way.
    pub diagnostics: Diagnostics,
    pub(super) timings: Vec<(&'static str, f64)>,
    /// How many docs each render path took.
    pub doc_paths: DocPaths,
    /// Kept when checking with a [`RenderCache`], for [`Site::update_doc`].
    pub(super) incremental: Option<Box<Incremental>>,
    /// The links into and out of React pages, checked after pre-rendering (none without
    /// React pages).
    pub(super) react_links: Option<super::react_links::ReactLinks>,
}

/// Where the redirect pages' script is written, under the output folder (and the base URL).
pub(crate) const REDIRECT_SCRIPT_PATH: &str = "_docsite/redirect.js";

/// The script of every redirect page: to the target in its `data-to`, with the old URL's
/// query (unless the target has one) and `#fragment` (unless the target has one).
pub(crate) const REDIRECT_SCRIPT: &str = "(function(){var to=document.currentScript.getAttribute('data-to');if(to.indexOf('#')<0){location.replace(to+(to.indexOf('?')<0?location.search:'')+location.hash)}else{location.replace(to)}})();\n";

/// A page written at a redirect's old route ([`Site::redirect_pages`]).
pub(crate) struct RedirectPage {
    /// HTML path relative to the output.
    pub(crate) rel: PathBuf,
    /// Its head (the inline script the CSP manifest records).
    pub(crate) head: String,
    /// The whole page.
    pub(crate) html: String,
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

    /// The site's configuration, as read for this build's locale.
    pub fn config(&self) -> &SiteConfig {
        &self.config
    }

    /// The data every page of the site reads.
    pub fn site_data(&self) -> &SiteData {
        &self.site_data
    }

    /// A sidebar of a version.
    pub fn sidebar(&self, version: &str, id: &str) -> Option<&SidebarData> {
        self.sidebars.get(&(version.to_string(), id.to_string()))
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
            Some(p) => emit::html_path(Path::new(""), &self.config.base_url, &crate::paths::decode(&p.route)),
            None => PathBuf::from("404.html"),
        }
    }

    /// The site's base URL.
    pub(crate) fn base_url(&self) -> &str {
        &self.config.base_url
    }

    /// The React pages' modules (paths relative to the site), in route order, and the pages
    /// folder they are in: what the site's own code build needs (`site_code::ensure`).
    pub fn react_modules(&self) -> (Option<PathBuf>, Vec<String>) {
        let modules = self.pages.iter().filter_map(|p| p.data.module.clone()).collect();
        (super::pages::pages_dir(&self.config), modules)
    }

    /// The modules (relative to the site) of the site's own components its pages' content
    /// uses (`SiteComponent` elements), sorted.
    pub fn site_components(&self) -> Vec<String> {
        site_components_in(self.pages.iter().map(|p| p.data.content.as_slice())).into_iter().collect()
    }

    /// Whether page `i` runs the site's own code: a React page, or one whose content uses a
    /// site component (`docsite dev` renders these again after hot updates of that code).
    pub(crate) fn uses_site_code(&self, i: usize) -> bool {
        self.pages.get(i).is_some_and(|p| p.data.kind == RouteKind::ReactPage || !site_components_in([p.data.content.as_slice()]).is_empty())
    }

    /// Whether the site has React pages (its own code to build with the theme).
    pub(crate) fn has_react_pages(&self) -> bool {
        self.pages.iter().any(|p| p.data.kind == RouteKind::ReactPage)
    }

    /// The routes of the React pages, in route order.
    fn react_routes(&self) -> Vec<String> {
        self.pages.iter().filter(|p| p.data.kind == RouteKind::ReactPage).map(|p| p.route.clone()).collect()
    }

    /// Leaves the React pages out of the site, with one warning on the config file naming
    /// their routes and why their code did not build (`--allow-missing-pages` only).
    fn leave_out_react_pages(&mut self, why: &str) {
        let routes = self.react_routes();
        self.pages.retain(|p| p.data.kind != RouteKind::ReactPage);
        self.react_links = None;
        let message = format!("the site's React pages ({}) are left out (--allow-missing-pages): their code did not build with the theme; {why}", routes.join(", "));
        let file = self.config.file.strip_prefix(&self.config.site_dir).unwrap_or(&self.config.file);
        self.diagnostics.push(Diagnostic::error(file, message).with_severity(Severity::Warning));
    }

    /// Whether rendering the site needs a build of its own React code (React pages, or
    /// site components in its docs): `docsite check` builds it too, to find what it lacks.
    pub fn needs_site_build(&self) -> bool {
        self.has_react_pages() || !self.site_components().is_empty()
    }

    /// How the site's MDX compiles on the MDX path, from its config.
    pub fn mdx_options(&self) -> crate::site_code::MdxOptions {
        let sets = self.config.markdown_plugin_sets();
        let site_plugins = (!sets.is_empty()).then(|| crate::site_code::SitePlugins { config: crate::paths::absolute(&self.config.file), loader: crate::docusaurus::SCRIPT, sets });
        crate::site_code::MdxOptions { comment_heading_ids: self.config.raw.comment_heading_ids, site_plugins }
    }

    /// The theme build this site renders with (the theme's own, or its site build).
    pub fn theme_build(&self, theme: &Path) -> Result<crate::site_code::ThemeBuild, BuildError> {
        let (pages_dir, modules) = self.react_modules();
        crate::site_code::ensure(theme, &self.config.site_dir, pages_dir.as_deref(), (&modules, &self.site_components()), &self.mdx_options())
    }

    /// [`Site::theme_build`], where the site's React code failing to build is an error on
    /// the config file naming the pages the site declares and cannot have (exit 1 in
    /// `build` and `check`, the error page in `dev`): a build writes every page or fails.
    /// With `allow_missing_pages` (and no site components in docs, which need that build)
    /// the React pages are left out with one warning instead and the rest is built.
    pub fn site_build(&mut self, theme: &Path, allow_missing_pages: bool) -> Result<crate::site_code::ThemeBuild, BuildError> {
        match self.theme_build(theme) {
            Err(BuildError::Theme(why)) if self.has_react_pages() => {
                if allow_missing_pages && self.site_components().is_empty() {
                    self.leave_out_react_pages(&why);
                    return crate::site_code::ensure(theme, &self.config.site_dir, None, (&[], &[]), &self.mdx_options());
                }
                let file = self.config.file.strip_prefix(&self.config.site_dir).unwrap_or(&self.config.file);
                let message = format!("the site's React pages ({}) cannot be built: their code did not build with the theme; {why}", self.react_routes().join(", "));
                let mut diags = Diagnostics::default();
                diags.push(Diagnostic::error(file, message).hint(
                    "fix the error quoted above; to build the rest of the site without these pages meanwhile, pass --allow-missing-pages (one warning then names them)",
                ));
                Err(BuildError::Invalid(diags))
            }
            other => other,
        }
    }

    /// The theme's HTML template (in the client bundle `client`), its asset URLs under the
    /// base URL.
    pub(crate) fn template(&self, client: &Path) -> Result<String, BuildError> {
        let path = client.join("index.html");
        let template = std::fs::read_to_string(&path).map_err(BuildError::io(&path))?;
        let template = with_docusaurus_skin(&template, self.config.from_docusaurus);
        template_under_base(&template, &self.config.base_url).map_err(|why| BuildError::Theme(format!("{}: {why}", path.display())))
    }

    /// The site's `customCss` files: (source, URL). The URL holds a hash of the content, as
    /// everything under `_docsite/` does (cached for a year).
    pub(crate) fn custom_css(&self) -> Vec<(PathBuf, String)> {
        self.config
            .raw
            .custom_css
            .iter()
            .map(|css| {
                let source = self.config.read_path(css);
                let bytes = self.custom_css_bytes(&source);
                let name = source.with_extension("css").file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "custom.css".into());
                (source, format!("{}{}/custom/{}-{name}", self.config.base_url, emit::DATA_PREFIX, emit::short_hash(&bytes)))
            })
            .collect()
    }

    /// The CSS of a `customCss` file: as it is, or compiled from Sass (`SiteConfig::compiled_css`).
    fn custom_css_bytes(&self, source: &Path) -> Vec<u8> {
        match self.config.compiled_css.get(source) {
            Some(css) => css.clone(),
            None => std::fs::read(source).unwrap_or_default(),
        }
    }

    /// The stylesheet of the site's Prism themes (`[prism]`), if it has one: (CSS, URL), the
    /// URL under `_docsite/custom/` with a hash of the content like the `customCss` files.
    pub(crate) fn prism_css(&self) -> Option<(String, String)> {
        let css = crate::prism::stylesheet(&self.config.raw.prism)?;
        let url = format!("{}{}/custom/{}-prism.css", self.config.base_url, emit::DATA_PREFIX, emit::short_hash(css.as_bytes()));
        Some((css, url))
    }

    /// The `<link>`s of the site's stylesheets, for the end of every head (after the theme's
    /// stylesheet, so that a site rule wins at equal specificity): the Prism themes' colours,
    /// then the `customCss` files, which may override them.
    fn site_stylesheet_links(&self) -> String {
        let urls = self.prism_css().map(|(_, url)| url).into_iter().chain(self.custom_css().into_iter().map(|(_, url)| url));
        urls.map(|url| format!("<link rel=\"stylesheet\" href=\"{}\">", escape(&url))).collect()
    }

    /// The page at every `redirects` route that sends readers on to its target, for hosts
    /// without redirect rules (`_redirects` has the same redirects for hosts with them, and
    /// `docsite serve` answers those with a 301). A script of the engine's
    /// ([`REDIRECT_SCRIPT`], a file, so that the site's one Content-Security-Policy, which
    /// allows the site's own scripts, covers it on any host: nginx sends that one policy to
    /// every page) replaces the location with the target plus the old URL's query and
    /// `#fragment` (a meta refresh drops the fragment); the meta refresh after it is the
    /// fallback without JavaScript. The head has no inline script.
    pub(crate) fn redirect_pages(&self) -> Vec<RedirectPage> {
        let base = &self.config.base_url;
        let mut out = Vec::new();
        for r in &self.config.raw.redirects {
            let from = format!("{base}{}", r.from.trim_start_matches('/'));
            let target = if r.to.contains("://") { r.to.clone() } else { format!("{base}{}", r.to.trim_start_matches('/')) };
            let to = escape(&target);
            let canonical = if to.contains("://") { to.clone() } else { format!("{}{to}", self.config.raw.url.trim_end_matches('/')) };
            // The script is parser-blocking: it runs before the refresh below is read.
            let head = format!(
                "<meta charset=\"utf-8\"><title>Moved</title><meta name=\"robots\" content=\"noindex\"><link rel=\"canonical\" href=\"{canonical}\"><script src=\"{base}{REDIRECT_SCRIPT_PATH}\" data-to=\"{to}\"></script><meta http-equiv=\"refresh\" content=\"0; url={to}\">"
            );
            let html = format!("<!DOCTYPE html>\n<html><head>{head}</head><body><p>This page moved to <a href=\"{to}\">{to}</a>.</p></body></html>\n");
            out.push(RedirectPage { rel: emit::html_path(Path::new(""), base, &from), head, html });
        }
        out
    }

    /// Writes [`Site::redirect_pages`] and, when there are any, their script.
    pub(crate) fn write_redirects(&self, out: &Path, pages: &[RedirectPage]) -> Result<(), BuildError> {
        for page in pages {
            write_file(&crate::output::under(out, &page.rel)?, page.html.as_bytes())?;
        }
        if !pages.is_empty() {
            write_file(&crate::output::under(out, Path::new(REDIRECT_SCRIPT_PATH))?, REDIRECT_SCRIPT.as_bytes())?;
        }
        Ok(())
    }

    /// Copies static files, then the theme's assets (never overwritten by content), the
    /// files pages refer to and, when `schemas`, the published JSON schemas.
    pub(crate) fn copy_files(&self, client: &Path, out: &Path, schemas: bool) -> Result<(), BuildError> {
        let base = &self.config.base_url;
        crate::copied::copy_static(&self.config.site_dir, out)?;
        for (source, url) in self.custom_css() {
            let target = crate::output::under(out, url.strip_prefix(base.as_str()).unwrap_or(&url))?;
            write_file(&target, &self.custom_css_bytes(&source))?;
        }
        if let Some((css, url)) = self.prism_css() {
            write_file(&crate::output::under(out, url.strip_prefix(base.as_str()).unwrap_or(&url))?, css.as_bytes())?;
        }
        emit::copy_tree(&client.join("assets"), &out.join("assets"))?;
        for a in &self.assets {
            let rel = a.url.strip_prefix(base.as_str()).unwrap_or(&a.url);
            let target = crate::output::under(out, crate::paths::decode(rel))?;
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
            let target = crate::output::under(out, crate::paths::decode(rel))?;
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

    /// Drops the content trees the build no longer needs once the pages' chunks are written
    /// (every page's but a React page's and a doc's on the MDX path, which the build replaces
    /// after pre-rendering); true for each page whose tree went (`write_site` reads those back
    /// from their chunks for the search index).
    pub(crate) fn release_content_trees(&mut self) -> Vec<bool> {
        self.pages
            .iter_mut()
            .map(|p| {
                let keep = p.data.kind == RouteKind::ReactPage || crate::markdown::mdx_path::is_mdx_path_content(&p.data.content);
                if !keep {
                    p.data.content = Vec::new();
                }
                !keep
            })
            .collect()
    }

    /// How many parts the search index has (the first and those of
    /// [`crate::contract::SearchData::local_parts`]).
    pub(crate) fn search_parts(&self) -> usize {
        1 + self.site_data.search.local_parts.as_ref().map_or(0, Vec::len)
    }

    /// A copy of what the search index is built from, for a thread of its own: (route,
    /// page, is a landing route), the language and the number of parts.
    pub(crate) fn search_snapshot(&self) -> (Vec<(String, PageData, bool)>, String, usize) {
        (self.pages.iter().map(|p| (p.route.clone(), p.data.clone(), p.landing)).collect(), self.site_data.locale.html_lang.clone(), self.search_parts())
    }

    /// The HTML documents of rendered jobs: (path relative to the output, HTML). `extra_head`
    /// goes at the end of every head (`docsite dev` adds its live-reload script there).
    pub(crate) fn documents(&self, chunks: &Chunks, template: &str, jobs: &[crate::prerender::Job<'_>], rendered: &[crate::prerender::Rendered], extra_head: &str) -> Result<Vec<(PathBuf, String)>, BuildError> {
        let base = &self.config.base_url;
        let mut failures = Diagnostics::default();
        // Config values become attribute values: escaped, so no config can add markup.
        let attrs = format!("lang=\"{}\" dir=\"{}\"", escape(&self.site_data.locale.html_lang), self.site_data.locale.direction);
        // Site-wide additions to the end of every head: the site's stylesheets.
        let site_head = self.site_stylesheet_links();
        let writes = jobs
            .iter()
            .zip(rendered)
            .filter_map(|(job, r)| {
                if let Some(err) = &r.error {
                    failures.push(Diagnostic::general(format!("pre-rendering {} failed: {err}", job.url)));
                    return None;
                }
                let (page_url, sidebar_url) = match self.pages.get(job.index) {
                    Some(p) => {
                        let data = if r.content_in_html { &chunks.shells[job.index] } else { &chunks.pages[job.index] };
                        (&data.url, p.sidebar_key.as_ref().and_then(|k| chunks.sidebars.get(k)).map(|c| &c.url))
                    }
                    None => (&chunks.not_found.url, None),
                };
                let path = self.document_path(job.index);
                let boot = Boot { site: chunks.site.url.clone(), routes: chunks.routes.url.clone(), page: page_url.clone(), sidebar: sidebar_url.cloned() };
                let mut head = String::new();
                head.push_str(&r.head);
                if let Some(p) = self.pages.get(job.index) {
                    head.push_str(&super::social::head_tags(&self.config, &p.data, p.image.as_deref(), &r.head));
                }
                if let Some(icon) = &self.config.raw.favicon {
                    head.push_str(&format!("<link rel=\"icon\" href=\"{}\">", escape(&format!("{base}{}", icon.trim_start_matches('/')))));
                }
                // No preloads for the chunks: the theme's inline script preloads what the boot
                // record names once the page has painted (`theme/src/app/deferredEntry.ts`).
                head.push_str(&format!("<script id=\"__docsite\" type=\"application/json\">{}</script>", emit::script_safe_json(&serde_json::to_string(&boot).expect("json"))));
                head.push_str(extra_head);
                Some((path, crate::prerender::assemble(template, &attrs, &head, &site_head, &r.html)))
            })
            .collect();
        if failures.has_errors() {
            return Err(BuildError::Invalid(failures));
        }
        Ok(writes)
    }
}

/// The theme's template with its asset URLs under `base`. The theme is built with Vite's
/// relative base (`./`, see `theme/vite.config.ts`): its chunks find each other relative to
/// themselves, but the template's `./assets/` URLs are relative to a page at the root only,
/// so they become `<base>assets/` here, for every page at any depth and any base URL. A
/// template with root-absolute `/assets/` URLs (a theme built for base `/`) can only serve a
/// site at `/`: refused for any other base.
fn template_under_base(template: &str, base: &str) -> Result<String, String> {
    if base != "/" && (template.contains("=\"/assets/") || template.contains("='/assets/")) {
        return Err(format!("the template loads its assets from /assets/, outside the base URL {base}: build the theme with Vite's `base: './'`"));
    }
    let base = escape(base);
    Ok(template.replace("=\"./assets/", &format!("=\"{base}assets/")).replace("='./assets/", &format!("='{base}assets/")))
}

/// The attribute that marks the template's Docusaurus-skin stylesheets (`theme/vite.config.ts`,
/// `docusaurusSkin`): Infima before the theme's stylesheet, the theme's bridge onto Infima's
/// variables after it.
const DOCUSAURUS_SKIN_ATTR: &str = "data-docsite-docusaurus";

/// The template with the Docusaurus skin's `<link>`s kept for a site read from a Docusaurus
/// config (it looks like the classic theme: Infima's variables and classes) and removed for
/// any other (a `docsite.toml` site keeps the theme's own design and never loads them).
fn with_docusaurus_skin(template: &str, docusaurus: bool) -> String {
    if docusaurus {
        return template.to_owned();
    }
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(at) = rest.find("<link ") {
        let end = rest[at..].find('>').map_or(rest.len(), |e| at + e + 1);
        out.push_str(&rest[..at]);
        if !rest[at..end].contains(DOCUSAURUS_SKIN_ATTR) {
            out.push_str(&rest[at..end]);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The modules of the site components (`SiteComponent` elements) in the content trees.
pub(crate) fn site_components_in<'a>(contents: impl IntoIterator<Item = &'a [crate::contract::Node]>) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    for nodes in contents {
        collect_site_components(nodes, &mut out);
    }
    out
}

fn collect_site_components(nodes: &[crate::contract::Node], out: &mut std::collections::BTreeSet<String>) {
    for node in nodes {
        if let crate::contract::Node::Element(el) = node {
            if el.t == markdown::site_components::ELEMENT {
                out.extend(el.a.get("module").cloned());
            }
            collect_site_components(&el.c, out);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn template_asset_urls_follow_the_base_url() {
        let template = r#"<script type="module" crossorigin src="./assets/index-a.js"></script><link rel="stylesheet" href="./assets/index-b.css">"#;
        let under = super::template_under_base(template, "/FDC3/").expect("relative template");
        assert_eq!(under, r#"<script type="module" crossorigin src="/FDC3/assets/index-a.js"></script><link rel="stylesheet" href="/FDC3/assets/index-b.css">"#);
        assert!(super::template_under_base(template, "/").expect("root").contains(r#"src="/assets/index-a.js""#));
    }

    #[test]
    fn only_a_docusaurus_site_links_the_docusaurus_skin() {
        let template = r#"<head><!--docsite:head--><link rel="stylesheet" data-docsite-docusaurus href="./assets/infima-a.css"><link rel="stylesheet" href="./assets/index-b.css"><link rel="stylesheet" data-docsite-docusaurus href="./assets/docusaurus-c.css"></head>"#;
        assert_eq!(super::with_docusaurus_skin(template, true), template);
        assert_eq!(super::with_docusaurus_skin(template, false), r#"<head><!--docsite:head--><link rel="stylesheet" href="./assets/index-b.css"></head>"#);
    }

    #[test]
    fn a_template_built_for_the_root_is_refused_under_another_base_url() {
        let template = r#"<script type="module" src="/assets/index-a.js"></script>"#;
        assert!(super::template_under_base(template, "/").is_ok());
        let err = super::template_under_base(template, "/FDC3/").expect_err("root-only template");
        assert!(err.contains("/FDC3/") && err.contains("base: './'"), "{err}");
    }

    use std::path::PathBuf;

    fn docusaurus_fixture() -> super::Site {
        let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/docusaurus"));
        crate::build::check(&dir).expect("the Docusaurus fixture is valid")
    }

    #[test]
    fn redirects_become_refresh_pages_at_their_old_route() {
        let site = docusaurus_fixture();
        let out = tempfile::tempdir().unwrap();
        let pages = site.redirect_pages();
        site.write_redirects(out.path(), &pages).unwrap();
        let html = std::fs::read_to_string(out.path().join("docs/old-start/index.html")).unwrap();
        assert!(html.contains("<meta http-equiv=\"refresh\" content=\"0; url=/docs/start\">"), "{html}");
        assert!(html.contains("<link rel=\"canonical\" href=\"https://widgets.example.org/docs/start\">"), "{html}");
        // The script (a file: no inline script, which the site's one CSP would block on a
        // host such as nginx) runs before the refresh and reads its target from `data-to`.
        assert!(html.contains("<script src=\"/_docsite/redirect.js\" data-to=\"/docs/start\"></script><meta http-equiv=\"refresh\""), "{html}");
        let page = pages.iter().find(|p| p.rel == std::path::Path::new("docs/old-start/index.html")).unwrap();
        assert!(crate::csp_manifest::script_hashes(&page.head).is_empty(), "no inline script");
        assert_eq!(std::fs::read_to_string(out.path().join("_docsite/redirect.js")).unwrap(), super::REDIRECT_SCRIPT);
    }

    #[test]
    fn a_redirect_target_cannot_end_the_attribute() {
        let mut site = docusaurus_fixture();
        site.config.raw.redirects = vec![crate::config::RawRedirect { from: "/x".into(), to: "/y\"><script>alert(1)".into() }];
        let page = &site.redirect_pages()[0];
        assert!(!page.html.contains("<script>alert"), "{}", page.html);
        assert!(crate::csp_manifest::script_hashes(&page.head).is_empty());
    }

    #[test]
    fn custom_css_is_served_under_a_content_hash() {
        let site = docusaurus_fixture();
        let css = site.custom_css();
        assert_eq!(css.len(), 1);
        assert!(css[0].0.ends_with("src/css/custom.css"));
        assert!(css[0].1.starts_with("/_docsite/custom/") && css[0].1.ends_with("-custom.css"), "{}", css[0].1);
    }
}
