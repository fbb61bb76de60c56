//! Links and images: each URL the page writes resolved as Docusaurus does (a `.md` file to
//! its doc's route, looked for where `resolveMarkdownLinkPathname` looks; `/x` under the base
//! URL; a file beside the page published; `pathname:///` to a static file; images from
//! `static/`, `@site/` or beside the page), refused schemes reported, and every internal
//! link recorded ([`LinkRef`]) for the check stage. Used by the AST walk (`tree.rs`),
//! `raw_html.rs` and `components.rs` (links of data files).

use std::path::{Path, PathBuf};

use super::tree::TreeBuilder;
use super::{html_policy, Asset, LinkRef};
use crate::diagnostics::Diagnostic;
use crate::paths::{decode, encode_path, normalize_path, normalize_route, normalize_url_path};

impl TreeBuilder<'_, '_> {
    /// Resolves a link target to the href written in the page, recording it for checks;
    /// `None` (and an error) for a URL the policy refuses ([`html_policy::refused_scheme`]).
    pub(super) fn link(&mut self, url: &str, line: usize, column: usize) -> Option<String> {
        if let Some(scheme) = html_policy::refused_scheme("a", "href", url, self.ctx.html) {
            self.refused_url("link", url, &scheme, line, column, "link to a page of the site, or to an http(s), mailto: or tel: URL");
            return None;
        }
        Some(self.resolved_link(url, line, column))
    }

    /// A URL the policy refuses, as an error at its line (in the data file it comes from,
    /// for a data file's link).
    fn refused_url(&mut self, what: &str, url: &str, scheme: &str, line: usize, column: usize, hint: &str) {
        let mut shown: String = url.chars().take(60).collect::<String>().escape_debug().to_string();
        if url.chars().count() > 60 {
            shown.push('…');
        }
        let message = format!("{what} `{shown}`: `{scheme}:` URLs are not allowed");
        let diagnostic = match &self.data_origin {
            Some(origin) => Diagnostic::error(&origin.file, message).at(origin.line, None),
            None => Diagnostic::error(self.source, message).at(line, Some(column)),
        };
        self.out.diagnostics.push(diagnostic.hint(hint));
    }

    fn resolved_link(&mut self, url: &str, line: usize, column: usize) -> String {
        if let Some(origin) = &self.data_origin {
            // Data files are placed on any page: only absolute URLs and site routes mean
            // the same everywhere.
            if !(url.starts_with('/') || has_scheme(url)) || url.starts_with("//") {
                self.out.diagnostics.push(
                    Diagnostic::error(&origin.file, format!("link `{url}` in a data file must be an absolute URL or a site route"))
                        .at(origin.line, None)
                        .hint("write `https://…`, or a route such as `/training`"),
                );
                return url.to_string();
            }
        }
        let (file, line, column) = match &self.data_origin {
            Some(origin) => (Some(origin.file.clone()), origin.line, 1),
            None => (None, line, column),
        };
        if let Some(rest) = url.strip_prefix("pathname://") {
            return self.pathname_link(url, rest, file, line, column);
        }
        match self.resolve(url) {
            Resolved::External => url.to_string(),
            Resolved::Route(route, anchor) => {
                self.out.links.push(LinkRef { line, column, raw: url.to_string(), route: normalize_route(&route), anchor: anchor.clone(), file, file_only: false });
                let mut href = encode_path(&route);
                if let Some(a) = anchor {
                    href.push('#');
                    href.push_str(&a);
                }
                href
            }
            Resolved::File(file) => self.published(url, file, "files", line, column),
            Resolved::MissingFile(path) => {
                let site = normalize_path(self.ctx.site_dir);
                // Beside the site (docs from `'../docs'`): `../docs/x.md`, as the config names it.
                let rel = |p: &'_ Path| p.strip_prefix(&site).map(Path::to_path_buf).ok().or_else(|| crate::paths::relative_to(&site, p)).unwrap_or_else(|| p.to_path_buf()).display().to_string();
                // The doc files most like the missing one, as paths from the site folder.
                self.out.deps.every_doc = true;
                let docs: Vec<String> = self.ctx.doc_routes.keys().map(|p| rel(p)).collect();
                let missing = rel(&path);
                let near = crate::diagnostics::closest(&missing, docs.iter().map(String::as_str), 1);
                self.out.diagnostics.push(
                    Diagnostic::error(self.source, format!("broken link `{url}`: no doc at {missing}"))
                        .at(line, Some(column))
                        .hint(crate::diagnostics::did_you_mean(&near, "", "check the path relative to this file, or link to the page's route")),
                );
                url.to_string()
            }
        }
    }

    /// A `pathname:///path` link (Docusaurus's way out of the client router): written as the
    /// base-prefixed `/path`, checked against static files only, and marked `data-reload`
    /// by the caller so that the theme loads it as a document.
    fn pathname_link(&mut self, url: &str, rest: &str, file: Option<PathBuf>, line: usize, column: usize) -> String {
        let Some(path) = rest.strip_prefix('/') else {
            self.error(line, Some(column), format!("link `{url}` has no path"), "write pathname:/// followed by the path from the site root, such as pathname:///schemas/x.json");
            return url.to_string();
        };
        let (path_q, anchor) = match path.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (path, None),
        };
        let (path_only, query) = match path_q.split_once('?') {
            Some((p, q)) => (p, Some(q)),
            None => (path_q, None),
        };
        let route = format!("{}{}", self.ctx.base_url, decode(path_only).trim_start_matches('/'));
        self.out.links.push(LinkRef { line, column, raw: url.to_string(), route: normalize_route(&route), anchor: None, file, file_only: true });
        let mut href = encode_path(&route);
        if let Some(q) = query {
            href.push('?');
            href.push_str(q);
        }
        if let Some(a) = anchor {
            href.push('#');
            href.push_str(a);
        }
        href
    }

    /// The `src` written for an image, its file copied into the output; `None` (and an
    /// error) for a URL the policy refuses ([`html_policy::refused_scheme`]). `raw`: the
    /// `src` of an HTML `<img>` rather than a Markdown image.
    pub(super) fn image(&mut self, url: &str, line: usize, column: usize, raw: bool) -> Option<String> {
        if let Some(scheme) = html_policy::refused_scheme("img", "src", url, self.ctx.html) {
            self.refused_url("image", url, &scheme, line, column, "use an image file of the site, an http(s) URL or a data:image/ URL");
            return None;
        }
        Some(self.resolved_image(url, line, column, raw))
    }

    /// Where an image file is, as Docusaurus's `transformImage` reads it: `@site/x` in the
    /// site folder, `/x` in `static/`, anything else beside the page.
    fn resolved_image(&mut self, url: &str, line: usize, column: usize, raw: bool) -> String {
        if has_scheme(url) || url.starts_with("//") || url.starts_with("data:") {
            return url.to_string();
        }
        let path = decode(url.split(['?', '#']).next().unwrap_or(url));
        if let Some(abs) = path.strip_prefix('/') {
            let file = self.ctx.site_dir.join("static").join(abs);
            if !file.is_file() {
                self.missing_image(url, &file, raw, line, column, "put the file under static/ or fix the path");
            }
            return format!("{}{}", self.ctx.base_url, abs);
        }
        let file = match path.strip_prefix("@site/") {
            Some(rel) => normalize_path(&self.ctx.site_dir.join(rel)),
            None => normalize_path(&self.source.parent().unwrap_or(Path::new(".")).join(&path)),
        };
        if !file.is_file() {
            self.missing_image(url, &file, raw, line, column, "fix the path relative to this file (or to the site folder, after `@site/`)");
            return url.to_string();
        }
        self.published(url, file, "images", line, column)
    }

    /// An image whose file does not exist: an error, but for an HTML `<img>` in a site read
    /// from a Docusaurus config, which Docusaurus builds as written (the reader sees a
    /// broken image): a warning there.
    fn missing_image(&mut self, url: &str, file: &Path, raw: bool, line: usize, column: usize, hint: &str) {
        let message = format!("image `{url}` not found at {}", file.display());
        if raw && self.ctx.docusaurus() {
            self.warn(line, Some(column), format!("{message}: the page shows a broken image, as in Docusaurus"), hint);
        } else {
            self.error(line, Some(column), message, hint);
        }
    }

    /// The URL of a file the page shows or links to, published with the site under
    /// `assets/<kind>/`: it may come from the site folder or from the content folder of the
    /// page (the docs may live beside the site, `'../docs'`), nowhere else.
    fn published(&mut self, url: &str, file: PathBuf, kind: &str, line: usize, column: usize) -> String {
        let root = self.content_root();
        if !root.is_some_and(|root| crate::copied::inside_content(self.ctx.site_dir, root, &file)) && !crate::copied::inside_site(self.ctx.site_dir, &file) {
            let what = if kind == "images" { "image" } else { "linked file" };
            self.error(line, Some(column), format!("{what} `{url}` is outside the site folder and the page's content folder (at {})", file.display()), &format!("{kind} are published with the site: keep them inside it or beside the page"));
            return url.to_string();
        }
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let hash = crate::emit::short_hash(file.to_string_lossy().as_bytes());
        let url = format!("{}assets/{kind}/{hash}-{}", self.ctx.base_url, encode_path(&name));
        self.out.assets.push(Asset { source: file, url: url.clone() });
        url
    }

    /// The files a link to a Markdown file may mean, in Docusaurus's order
    /// (`resolveMarkdownLinkPathname`): `./x.md` and `../x.md` beside the page only; any other
    /// in the page's docs folder, then the site folder, and, unless it starts with `/`,
    /// beside the page last.
    fn markdown_link_files(&self, path: &str) -> Vec<PathBuf> {
        let beside = self.source.parent().unwrap_or(Path::new("."));
        let inside = path.trim_start_matches('/');
        let mut files = Vec::new();
        if !path.starts_with("./") && !path.starts_with("../") {
            files.extend(self.content_root().map(|root| root.join(inside)));
            files.push(self.ctx.site_dir.join(inside));
        }
        if !path.starts_with('/') {
            files.push(beside.join(path));
        }
        files.iter().map(|file| normalize_path(file)).collect()
    }

    /// The content folder (a version's docs folder, the blog folder) the page is in.
    fn content_root(&self) -> Option<&Path> {
        let source = normalize_path(self.source);
        self.ctx.content_roots.iter().filter(|root| source.starts_with(root)).max_by_key(|root| root.components().count()).map(PathBuf::as_path)
    }

    fn resolve(&mut self, url: &str) -> Resolved {
        if url.is_empty() || has_scheme(url) || url.starts_with("//") {
            return Resolved::External;
        }
        let (path_q, anchor) = match url.split_once('#') {
            Some((p, a)) => (p, Some(decode(a))),
            None => (url, None),
        };
        let path = decode(path_q.split('?').next().unwrap_or(""));
        if path.is_empty() {
            return Resolved::Route(self.route.to_string(), anchor);
        }
        if path.ends_with(".md") || path.ends_with(".mdx") {
            let tried = self.markdown_link_files(&path);
            for file in &tried {
                let route = self.ctx.doc_routes.get(file).cloned();
                self.out.deps.doc_files.push((file.clone(), route.clone()));
                if let Some(route) = route {
                    return Resolved::Route(route, anchor);
                }
            }
            return Resolved::MissingFile(tried.into_iter().next().unwrap_or_default());
        }
        if path.starts_with('/') {
            let base = self.ctx.base_url.trim_end_matches('/');
            let route = if !base.is_empty() && !path.starts_with(&format!("{base}/")) { format!("{base}{path}") } else { path };
            return Resolved::Route(route, anchor);
        }
        // A file beside the page that is not a doc (`./install.sh`, `../files/map.drawio`):
        // published with the page, as Docusaurus's loader does for linked files.
        let file = normalize_path(&self.source.parent().unwrap_or(Path::new(".")).join(&path));
        if path.rsplit('/').next().is_some_and(|name| name.contains('.')) && file.is_file() {
            return Resolved::File(file);
        }
        // URL-relative, against the page's own route.
        let dir = if self.route.ends_with('/') { self.route.to_string() } else { self.route.rsplit_once('/').map(|(d, _)| format!("{d}/")).unwrap_or_else(|| "/".into()) };
        Resolved::Route(normalize_url_path(&format!("{dir}{path}")), anchor)
    }
}

enum Resolved {
    External,
    Route(String, Option<String>),
    MissingFile(PathBuf),
    /// A file beside the page (not a doc): published under `assets/files/`.
    File(PathBuf),
}

pub(super) fn has_scheme(url: &str) -> bool {
    match url.find(':') {
        Some(i) => {
            let scheme = &url[..i];
            !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.') && !url[..i].contains('/')
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::ctx_render;

    #[test]
    fn links_are_recorded_with_lines_and_relative_routes() {
        let r = ctx_render("Intro\n\nSee [x](../api/spec#open) and [y](#local) and [z](https://example.com).\n");
        let links: Vec<_> = r.links.iter().map(|l| (l.line, l.route.as_str(), l.anchor.as_deref())).collect();
        assert_eq!(links, vec![(3, "/api/spec", Some("open")), (3, "/docs/page", Some("local"))]);
    }

    #[test]
    fn missing_markdown_files_are_broken_links() {
        let r = ctx_render("See [x](./missing.md).\n");
        assert_eq!(r.diagnostics.len(), 1);
        assert!(r.diagnostics[0].message.contains("broken link `./missing.md`"));
        assert_eq!(r.diagnostics[0].line, Some(1));
    }
}
