//! The checks on the values of a parsed configuration that its types cannot express: routes
//! and URLs, paths that must lead inside the site (or may lead outside it, as Docusaurus
//! reads them), docs instance ids, header rules, frame origins, stylesheets (Sass compiled
//! here) and Prism colours.
//!
//! Every problem is an error naming the key path, at the key's line in `docsite.toml`
//! (`find_key_line`); the wrong value is replaced by its default or left out, so that
//! `SiteConfig::read_with` can still check the site's content. Called once per read by
//! `read.rs`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::raw::{default_base_url, default_blog_path, default_static_dirs};
use super::{find_key_line, RawConfig, RawDocs, RawLocale, RawPrism, RawToc, DEFAULT_DOCS};
use crate::diagnostics::Diagnostic;
use crate::paths::{config_path, inside_site};

/// Checks the values of `raw`, read from `file` (`text`: its TOML, empty for a Docusaurus
/// config), pushing a problem to `errors` (or, for what a Docusaurus config may say,
/// `warnings`) and replacing the value. Returns the CSS of the Sass `customCss` files, or
/// `None` when the docs or sidebars path is unusable: then there is no content to check.
pub(super) fn check(site_dir: &Path, file: &Path, text: &str, from_docusaurus: bool, raw: &mut RawConfig, errors: &mut Vec<Diagnostic>, warnings: &mut Vec<Diagnostic>) -> Option<BTreeMap<PathBuf, Vec<u8>>> {
    let key_error = |key: &str, msg: String| {
        let line = find_key_line(text, key);
        let d = Diagnostic::error(file, format!("`{key}`: {msg}"));
        match line {
            Some(l) => d.at(l, None),
            None => d,
        }
    };
    if !raw.base_url.starts_with('/') {
        errors.push(key_error("baseUrl", format!("must start with `/`, found {:?}", raw.base_url)));
        raw.base_url = default_base_url();
    }
    if let Some(why) = crate::route::problem(&raw.base_url) {
        errors.push(key_error("baseUrl", format!("{:?} {why}", raw.base_url)));
        raw.base_url = default_base_url();
    }
    if let Some(why) = crate::route::problem(&raw.docs.route_base_path) {
        errors.push(key_error("docs.routeBasePath", format!("{:?} {why}", raw.docs.route_base_path)));
        raw.docs.route_base_path = RawDocs::default().route_base_path;
    }
    if raw.docs.id.as_deref().is_some_and(|id| id != DEFAULT_DOCS) {
        errors.push(key_error("docs.id", format!("{:?}: `[docs]` is the instance `default`; give another id to an instance of `[[docsInstances]]`", raw.docs.id.as_deref().unwrap_or_default())));
        raw.docs.id = None;
    }
    // Each further docs instance needs an id of its own (it names its versions files and
    // its translation folder) and routes and folders as `[docs]` does; a wrong one is
    // left out, named, while the rest is still checked.
    let mut seen_ids = vec![DEFAULT_DOCS.to_string()];
    let instances = std::mem::take(&mut raw.docs_instances);
    for (i, mut inst) in instances.into_iter().enumerate() {
        let key = format!("docsInstances[{i}]");
        let id = inst.id.clone().unwrap_or_default();
        let problem = if id.is_empty() {
            Some("needs an `id` (the plugin's `id`), e.g. `id = \"community\"`".to_string())
        } else if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            Some(format!("`id` {id:?} must be letters, digits, `-` and `_` (it names `{id}_versions.json` and a translation folder)"))
        } else if seen_ids.contains(&id) {
            Some(format!("`id` {id:?} is used by another docs instance"))
        } else if let Some(why) = crate::route::problem(&inst.route_base_path) {
            Some(format!("`routeBasePath` {:?} {why}", inst.route_base_path))
        } else {
            [("path", inst.path.as_str()), ("sidebarPath", inst.sidebar_path.as_str())].into_iter().filter(|(k, rel)| !(*k == "sidebarPath" && rel.is_empty())).find_map(|(k, rel)| config_path(site_dir, rel).err().map(|msg| format!("`{k}`: {msg}")))
        };
        match problem {
            Some(msg) => errors.push(key_error(&key, format!("{msg}; the instance's pages are left out"))),
            None => {
                seen_ids.push(id);
                inst.route_base_path = inst.route_base_path.trim_start_matches("./").to_string();
                raw.docs_instances.push(inst);
            }
        }
    }
    if !(raw.url.starts_with("http://") || raw.url.starts_with("https://")) {
        // Docusaurus takes any string and writes it before every page's path (canonical
        // links, sitemap); `https:/host` reads as `https://host` in a browser.
        let lenient = ["http:", "https:"].iter().any(|p| raw.url.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p)));
        if from_docusaurus && lenient {
            warnings.push(key_error("url", format!("{:?} is not an absolute URL (`https://host`); pages use it as written, as Docusaurus does", raw.url)).with_severity(crate::diagnostics::Severity::Warning));
        } else {
            errors.push(key_error("url", format!("must be an absolute http(s) URL, found {:?}", raw.url)));
        }
    }
    // A language tag (BCP 47: letters, digits, hyphens); it becomes the `lang` of every page.
    let lang = &raw.locale.html_lang;
    if lang.is_empty() || !lang.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        errors.push(key_error("locale.htmlLang", format!("must be a language tag such as \"en\" or \"en-GB\", found {lang:?}")));
        raw.locale.html_lang = RawLocale::default().html_lang;
    }
    let (min, max) = (raw.table_of_contents.min_heading_level, raw.table_of_contents.max_heading_level);
    if !(2..=6).contains(&min) || !(2..=6).contains(&max) || min > max {
        errors.push(key_error(
            "tableOfContents",
            format!("heading levels must satisfy 2 <= minHeadingLevel <= maxHeadingLevel <= 6, found {min}..{max}"),
        ));
        raw.table_of_contents = RawToc::default();
    }
    for (i, path) in raw.deploy.cors.iter().enumerate() {
        if path.starts_with('/') || path.contains(['*', '?', '#', '\n', ' ']) || path.split('/').any(|s| s == "..") {
            errors.push(key_error("cors", format!("deploy.cors[{i}] must be a path under baseUrl without a leading `/` (like `schemas/`), found {path:?}")));
        }
    }
    for (i, rule) in raw.deploy.headers.iter().enumerate() {
        if !rule.path.starts_with('/') || rule.path.contains(char::is_whitespace) || rule.path[..rule.path.len().saturating_sub(1)].contains('*') {
            errors.push(key_error("headers", format!("deploy.headers[{i}].path must start with `/` and may only end with `*`, found {:?}", rule.path)));
        }
        for (name, value) in &rule.values {
            let token = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b));
            if !token || value.contains(['\n', '\r']) || value.trim().is_empty() {
                errors.push(key_error("headers", format!("deploy.headers[{i}].values: {name:?} must be a header name with a one-line value, found {value:?}")));
            }
        }
    }
    if raw.static_directories != default_static_dirs() {
        errors.push(key_error("staticDirectories", format!("only [\"static\"] is supported, found {:?}", raw.static_directories)));
        raw.static_directories = default_static_dirs();
    }
    for (i, dir) in raw.static_directories.iter().enumerate() {
        if let Err(msg) = inside_site(site_dir, dir) {
            errors.push(key_error(&format!("staticDirectories[{i}]"), msg));
        }
    }
    for (i, r) in raw.redirects.iter().enumerate() {
        if !r.from.starts_with('/') || crate::route::problem(&r.from).is_some() {
            errors.push(key_error(&format!("redirects[{i}]"), format!("`from` must be a route starting with `/`, found {:?}", r.from)));
        }
        // The target goes into a Location header, a meta refresh and a script: a route
        // of the site or an http(s) URL, nothing that could run or leave unnoticed.
        let to = r.to.as_str();
        let on_site = to.starts_with('/') && !to.starts_with("//");
        let web = to.starts_with("https://") || to.starts_with("http://");
        if !(on_site || web) || to.contains(['\\', '"', '<', '>', '\'']) || to.chars().any(|c| c.is_control() || c.is_whitespace()) {
            errors.push(key_error(&format!("redirects[{i}]"), format!("`to` must be a route starting with `/` or an http(s) URL, found {to:?}")));
        }
    }
    // A frame origin goes into the CSP header: exactly `scheme://host[:port]`.
    let mut frames = Vec::new();
    for (i, origin) in raw.security.frame_src.iter().enumerate() {
        match crate::headers::origin_of(origin) {
            Some(o) if o == *origin && !origin.starts_with("//") => frames.push(o),
            _ => errors.push(key_error(
                "frameSrc",
                format!("`security.frameSrc[{i}]` must be an origin such as \"https://www.youtube-nocookie.com\" (http(s), host, optional port, no path), found {origin:?}"),
            )),
        }
    }
    raw.security.frame_src = frames;
    // The blog folder too; its route is checked like the docs' one.
    if let Some(blog) = &mut raw.blog {
        if let Err(msg) = config_path(site_dir, &blog.path) {
            errors.push(key_error("blog.path", msg));
            raw.blog = None;
        } else if let Some(why) = crate::route::problem(&blog.route_base_path) {
            errors.push(key_error("blog.routeBasePath", format!("{:?} {why}", blog.route_base_path)));
            blog.route_base_path = default_blog_path();
        }
    }
    // The pages folder is read like the docs, wherever it is (`config_path`); an empty
    // value turns pages off.
    if !raw.pages_path.trim().is_empty() {
        if let Err(msg) = config_path(site_dir, &raw.pages_path) {
            errors.push(key_error("pagesPath", msg));
            raw.pages_path.clear();
        }
    }
    // The folders and files the configuration names for reading are read wherever they
    // are, as Docusaurus reads them (`paths::config_path`: `'../docs'` in a monorepo);
    // what the engine installs into (`schemas[i].npmDir`) stays inside the site. The docs
    // and sidebars paths are where the content is: without them there is nothing to check.
    let mut fatal = false;
    for (key, rel) in [("docs.path", raw.docs.path.as_str()), ("docs.sidebarPath", raw.docs.sidebar_path.as_str())] {
        if let Err(msg) = config_path(site_dir, rel) {
            errors.push(key_error(key, msg));
            fatal = true;
        }
    }
    let mut schemas_ok = true;
    for (i, set) in raw.schemas.iter().enumerate() {
        if let Err(msg) = inside_site(site_dir, &set.npm_dir) {
            errors.push(key_error(&format!("schemas[{i}].npmDir"), msg));
            schemas_ok = false;
        }
        let from = Path::new(&set.from);
        if from.is_absolute() || from.components().any(|c| matches!(c, std::path::Component::ParentDir)) {
            errors.push(key_error(&format!("schemas[{i}].from"), format!("must be a folder inside `npmDir` (no `..`, not absolute), found {:?}", set.from)));
            schemas_ok = false;
        }
    }
    if !schemas_ok {
        // Nothing is installed or read from a set that could lead outside the site.
        raw.schemas.clear();
    }
    let mut css_ok = Vec::new();
    let mut compiled_css = BTreeMap::new();
    for (i, css) in raw.custom_css.iter().enumerate() {
        let key = format!("customCss[{i}]");
        match config_path(site_dir, css) {
            Err(msg) => errors.push(key_error(&key, msg)),
            Ok(file) if !file.is_file() => errors.push(key_error(&key, format!("no stylesheet at {css:?} (from the site folder: {})", file.display()))),
            // A Sass file is compiled to CSS by the site's `sass`, as docusaurus-plugin-sass does.
            Ok(file) if file.extension().is_some_and(|e| e == "scss" || e == "sass") => match crate::sass::compile(site_dir, &file) {
                Ok(css_bytes) => {
                    compiled_css.insert(file, css_bytes);
                    css_ok.push(css.clone());
                }
                Err(why) => errors.push(key_error(&key, format!("{css:?} is Sass: {why}"))),
            },
            Ok(_) => css_ok.push(css.clone()),
        }
    }
    raw.custom_css = css_ok;
    let unsafe_css = raw.prism.unsafe_values();
    for (key, value) in &unsafe_css {
        errors.push(key_error(key, format!("{value:?} is not a CSS value docsite writes into the stylesheet (letters, digits, spaces and `#%(),./-` only)")));
    }
    if !unsafe_css.is_empty() {
        raw.prism = RawPrism::default();
    }
    if fatal {
        return None;
    }
    Some(compiled_css)
}

impl RawPrism {
    /// The style values that could end a CSS declaration (`;`, `{`, quotes, ...): (key path,
    /// value). The build writes the values into a stylesheet as they are.
    fn unsafe_values(&self) -> Vec<(String, String)> {
        let safe = |v: &str| v.chars().all(|c| c.is_ascii_alphanumeric() || " #%(),./-".contains(c));
        let mut out = Vec::new();
        for (name, theme) in [("theme", &self.theme), ("darkTheme", &self.dark_theme)] {
            let Some(theme) = theme else { continue };
            let styles = std::iter::once((format!("prism.{name}.plain"), &theme.plain)).chain(theme.styles.iter().enumerate().map(|(i, e)| (format!("prism.{name}.styles[{i}].style"), &e.style)));
            for (at, style) in styles {
                for (key, value) in [("color", &style.color), ("backgroundColor", &style.background_color), ("fontStyle", &style.font_style), ("fontWeight", &style.font_weight), ("textDecorationLine", &style.text_decoration_line)] {
                    if let Some(v) = value.as_deref().filter(|v| !safe(v)) {
                        out.push((format!("{at}.{key}"), v.to_string()));
                    }
                }
            }
        }
        out
    }
}
