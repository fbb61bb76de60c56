//! Stand-alone pages: the files under the pages folder (`pagesPath`: `pages/` in a
//! `docsite.toml` site, `src/pages/` in a Docusaurus site), with Docusaurus's routing rules:
//! a file's route is its path without the extension (`index` is its folder's route, or
//! front matter `slug` for Markdown); `.md`/`.mdx` are Markdown pages, `.js`/`.jsx`/`.ts`/
//! `.tsx` React pages of the site's own code (built by `site_code.rs`); files and folders
//! whose name starts with `_`, test files (`*.test.js`, `*.spec.js`, `__tests__/`) and
//! type declarations (`*.d.ts`) are not pages. Two files with one route are an error naming
//! both.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::config::SiteConfig;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::load;
use crate::paths::normalize_route;

/// A Markdown page of the pages folder.
pub(super) struct PageSource {
    pub(super) source: PathBuf,
    pub(super) route: String,
    pub(super) front: load::FrontMatter,
    pub(super) body: String,
    pub(super) body_line: usize,
}

/// A React page of the pages folder: a module of the site's own code.
#[derive(Debug, Clone)]
pub(crate) struct ReactPageSource {
    pub(crate) source: PathBuf,
    /// Path relative to the site, `/`-separated (`src/pages/index.js`).
    pub(crate) module: String,
    pub(crate) route: String,
    /// The `title` the page gives its layout when it is a string literal, else none.
    pub(crate) title: Option<String>,
    /// Same for `description`.
    pub(crate) description: Option<String>,
}

/// Whether a file or folder name is left out of the routes.
fn excluded(name: &str, is_dir: bool) -> bool {
    if name.starts_with('_') || name.starts_with('.') || name == "node_modules" {
        return true;
    }
    !is_dir && (name.ends_with(".d.ts") || [".test.", ".spec."].iter().any(|t| name.contains(t)))
}

/// The pages folder of a site, when it has one.
pub(crate) fn pages_dir(config: &SiteConfig) -> Option<PathBuf> {
    let rel = config.raw.pages_path.trim();
    (!rel.is_empty()).then(|| config.read_path(rel))
}

/// Loads the pages folder: its Markdown pages and its React pages.
pub(super) fn load_pages(config: &SiteConfig, diags: &mut Diagnostics) -> (Vec<PageSource>, Vec<ReactPageSource>) {
    let mut markdown = Vec::new();
    let mut react = Vec::new();
    let Some(dir) = pages_dir(config) else { return (markdown, react) };
    let base = config.base_url.trim_end_matches('/');
    let walk = walkdir::WalkDir::new(&dir).sort_by_file_name().into_iter().filter_entry(|e| e.depth() == 0 || !excluded(&e.file_name().to_string_lossy(), e.file_type().is_dir()));
    for entry in walk.filter_map(Result::ok) {
        let path = entry.path();
        if !entry.file_type().is_file() {
            continue;
        }
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or_default();
        let is_react = matches!(ext, "js" | "jsx" | "ts" | "tsx");
        if !is_react && !matches!(ext, "md" | "mdx") {
            continue;
        }
        let rel = path.strip_prefix(&dir).expect("under the pages folder");
        let stem = rel.with_extension("").to_string_lossy().replace('\\', "/");
        let rel_route = if stem == "index" { "" } else { stem.strip_suffix("/index").unwrap_or(&stem) };
        let translation = config.i18n.translated(&config.site_dir, crate::i18n::PAGES_PLUGIN, "", rel);
        if is_react {
            if let Some(t) = &translation {
                diags.push(Diagnostic::error(t, "a translated React page is not supported yet: this locale's page would show the untranslated one").hint("translate the page's text with <Translate> and `code.json` instead"));
            }
        }
        let path = translation.as_deref().filter(|_| !is_react).unwrap_or(path);
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                diags.push(Diagnostic::error(path, format!("cannot read: {e}")));
                continue;
            }
        };
        if is_react {
            // From the site folder, `../pages/x.tsx` for a pages folder beside it: the site
            // build joins it to the site folder.
            let module = crate::paths::relative_to(&config.site_dir, path).unwrap_or_else(|| path.to_path_buf()).to_string_lossy().replace('\\', "/");
            let route = load::join_route(base, rel_route);
            if let Some(why) = crate::route::problem(&route) {
                diags.push(Diagnostic::error(path, format!("the route {route:?} of this file name {why}")).hint("rename the file"));
                continue;
            }
            react.push(ReactPageSource { source: path.to_path_buf(), module, route, title: layout_prop(&text, "title"), description: layout_prop(&text, "description") });
            continue;
        }
        match load::split_front_matter(path, &text) {
            Ok((front, body, body_line)) => {
                if let Err(d) = front.slug.as_deref().map_or(Ok(()), |slug| load::route_value(path, &text, "slug", slug)) {
                    diags.push(d);
                    continue;
                }
                let route = front.slug.clone().unwrap_or_else(|| load::join_route(base, rel_route));
                markdown.push(PageSource { source: path.to_path_buf(), route, front, body: body.to_string(), body_line });
            }
            Err(d) => diags.push(d),
        }
    }
    route_clashes(&config.site_dir, markdown.iter().map(|p| (&p.source, &p.route)).chain(react.iter().map(|p| (&p.source, &p.route))), diags);
    (markdown, react)
}

/// Two pages with one route: an error at the second naming the first.
fn route_clashes<'a>(site_dir: &Path, pages: impl Iterator<Item = (&'a PathBuf, &'a String)>, diags: &mut Diagnostics) {
    let mut seen: HashMap<String, &PathBuf> = HashMap::new();
    let mut pages: Vec<_> = pages.collect();
    pages.sort();
    for (source, route) in pages {
        let key = normalize_route(route);
        if let Some(first) = seen.insert(key.clone(), source) {
            let name = first.strip_prefix(site_dir).unwrap_or(first).display();
            diags.push(Diagnostic::error(source, format!("route {key} is also the route of {name}")).hint("rename or remove one of the two pages"));
        }
    }
}

/// The string literal given as `name="…"` (or `name={'…'}`) to the page's `<Layout>`, for
/// the page data's title and description (the pre-rendered `<title>` and meta description;
/// an expression such as `title={siteConfig.title}` gives none: the site's title is used).
fn layout_prop(text: &str, name: &str) -> Option<String> {
    let start = text.find("<Layout")?;
    let tag = &text[start..];
    let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
    let at = tag.find(&format!("{name}="))? + name.len() + 1;
    let rest = tag[at..].trim_start_matches('{').trim_start();
    let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\'' | '`'))?;
    let value = &rest[1..];
    let end = value.find(quote)?;
    let value = &value[..end];
    (!value.is_empty() && !value.contains("${")).then(|| value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excluded_names_follow_docusaurus() {
        assert!(excluded("_helper.js", false));
        assert!(excluded("_parts", true));
        assert!(excluded("__tests__", true));
        assert!(excluded("index.test.js", false));
        assert!(excluded("page.spec.tsx", false));
        assert!(excluded("types.d.ts", false));
        assert!(!excluded("index.js", false));
        assert!(!excluded("community.md", false));
        assert!(!excluded("schemas", true));
    }

    #[test]
    fn layout_props_are_read_from_string_literals_only() {
        let page = "export default () => <Layout title=\"Community\" description={'Where we meet'}><p/></Layout>";
        assert_eq!(layout_prop(page, "title").as_deref(), Some("Community"));
        assert_eq!(layout_prop(page, "description").as_deref(), Some("Where we meet"));
        assert_eq!(layout_prop("<Layout title={siteConfig.title}>", "title"), None);
        assert_eq!(layout_prop("<Layout>", "title"), None);
        assert_eq!(layout_prop("no layout", "title"), None);
    }
}
