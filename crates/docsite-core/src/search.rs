//! The built-in offline search index (pagefind, in-process).
//!
//! Each searchable page is turned into a small HTML document straight from its content tree
//! (no dependency on the theme's markup, so indexing runs beside pre-rendering): the title as
//! `h1`, headings with their ids (pagefind's per-heading sub-results and anchors), text, code,
//! and two filters, `version` (the docs version name, or `pages` for stand-alone pages) and
//! `language`. A `headings` meta field carries each heading's path (`id=Parent › Child|…`) so
//! results can show where in the page they are. The theme loads the bundle from
//! `<baseUrl>pagefind/` only when search is first used.

use std::path::Path;

use pagefind::api::PagefindIndex;
use pagefind::options::PagefindServiceConfig;

use crate::contract::{Element, Node, PageData, RouteKind};
use crate::diagnostics::BuildError;

/// Folder of the index under the output folder (and under `baseUrl`).
pub const BUNDLE_DIR: &str = "pagefind";

/// Filter value of pages that belong to no docs version.
pub const PAGES_FILTER: &str = "pages";

/// One page to index.
pub struct Entry<'a> {
    /// The page's route (the result URL).
    pub route: &'a str,
    /// Its data.
    pub page: &'a PageData,
}

/// Builds the index of `entries` and writes it to `<out>/pagefind/`. Returns the page count.
pub fn write_index(entries: &[Entry<'_>], language: &str, out: &Path) -> Result<usize, BuildError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| BuildError::Theme(format!("search index: cannot start a runtime: {e}")))?;
    let fail = |what: &str, e: String| BuildError::Theme(format!("search index: {what}: {e}"));
    runtime.block_on(async {
        let options = PagefindServiceConfig::builder().force_language(language.to_string()).keep_index_url(false).build();
        let mut index = PagefindIndex::new(Some(options)).map_err(|e| fail("invalid options", e.to_string()))?;
        for entry in entries {
            index
                .add_html_file(None, Some(entry.route.to_string()), document(entry, language))
                .await
                .map_err(|e| fail(&format!("indexing {}", entry.route), e.to_string()))?;
        }
        let files = index.get_files().await.map_err(|e| fail("building", e.to_string()))?;
        // Only the index and its loader: pagefind's own UI bundles are not used.
        for file in files.into_iter().filter(|f| !is_unused_ui(&f.filename)) {
            let target = out.join(BUNDLE_DIR).join(&file.filename);
            if let Some(dir) = target.parent() {
                std::fs::create_dir_all(dir).map_err(BuildError::io(dir))?;
            }
            std::fs::write(&target, &file.contents).map_err(BuildError::io(&target))?;
        }
        Ok(entries.len())
    })
}

fn is_unused_ui(name: &Path) -> bool {
    let name = name.to_string_lossy();
    name.contains("-ui.") || name.contains("-highlight.") || name.starts_with("playground")
}

/// Whether a page belongs in the index.
pub fn is_searchable(page: &PageData) -> bool {
    matches!(page.kind, RouteKind::Doc | RouteKind::Page)
}

/// The HTML pagefind reads for one page.
pub fn document(entry: &Entry<'_>, language: &str) -> String {
    let page = entry.page;
    let mut html = String::with_capacity(4096);
    let version = page.version.as_deref().unwrap_or(PAGES_FILTER);
    // Filters and meta live in the head: pagefind reads them outside the indexed body.
    html.push_str(&format!(
        "<!doctype html><html lang=\"{lang}\"><head><title>{title}</title><meta data-pagefind-filter=\"version[content]\" content=\"{version}\"><meta data-pagefind-filter=\"language[content]\" content=\"{lang}\"><meta data-pagefind-meta=\"headings[content]\" content=\"{headings}\"></head><body><main data-pagefind-body>",
        lang = attr(language),
        title = text(&page.title),
        version = attr(version),
        headings = attr(&heading_paths(page)),
    ));
    // Weights (pagefind's default is 1 for text, 7 for h1 down to 2 for h6): a page's title
    // and its headings name what the page is about, so a reference entry outranks a page
    // that merely mentions the name many times; code samples mention names constantly and
    // count for less.
    html.push_str(&format!("<h1 data-pagefind-weight=\"10\">{}</h1>", text(&page.title)));
    for node in &page.content {
        write_node(node, &mut html);
    }
    html.push_str("</main></body></html>");
    html
}

/// `id=Parent › Child` entries separated by `|` (a `|` inside heading text becomes `¦`),
/// for every heading in the table of contents.
fn heading_paths(page: &PageData) -> String {
    let mut stack: Vec<(u8, &str)> = Vec::new();
    let mut lines = Vec::new();
    for item in &page.toc {
        while stack.last().is_some_and(|(level, _)| *level >= item.level) {
            stack.pop();
        }
        stack.push((item.level, &item.text));
        let path: Vec<String> = stack.iter().map(|(_, t)| t.replace('|', "¦")).collect();
        lines.push(format!("{}={}", item.id, path.join(" › ")));
    }
    lines.join("|")
}

/// Search weights of headings h2..h6.
const HEADING_WEIGHTS: [u8; 5] = [8, 8, 6, 4, 3];

fn write_node(node: &Node, html: &mut String) {
    match node {
        Node::Text(t) => html.push_str(&text(t)),
        Node::Element(e) => write_element(e, html),
    }
}

fn write_children(e: &Element, html: &mut String) {
    for c in &e.c {
        write_node(c, html);
    }
}

fn write_element(e: &Element, html: &mut String) {
    match e.t.as_str() {
        "Heading" => {
            let level = e.a.get("level").and_then(|l| l.parse::<u8>().ok()).unwrap_or(2).clamp(2, 6);
            let weight = HEADING_WEIGHTS[usize::from(level) - 2];
            match e.a.get("id") {
                Some(id) => html.push_str(&format!("<h{level} id=\"{}\" data-pagefind-weight=\"{weight}\">", attr(id))),
                None => html.push_str(&format!("<h{level} data-pagefind-weight=\"{weight}\">")),
            }
            write_children(e, html);
            html.push_str(&format!("</h{level}>"));
        }
        // Highlighted code is already escaped HTML of spans; its text is what readers search.
        "CodeBlock" => {
            html.push_str("<pre data-pagefind-weight=\"0.5\">");
            html.push_str(e.a.get("html").map(String::as_str).unwrap_or(""));
            html.push_str("</pre>");
        }
        "Mermaid" => {}
        "Admonition" => {
            html.push_str("<div>");
            if let Some(title) = e.a.get("title") {
                html.push_str(&format!("<p>{}</p>", text(title)));
            }
            write_children(e, html);
            html.push_str("</div>");
        }
        // Component containers and any element: keep the text, drop the attributes
        // except ids (anchors inside the page).
        tag => {
            let tag = if tag.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && tag.chars().all(|c| c.is_ascii_alphanumeric()) { tag } else { "div" };
            if matches!(tag, "script" | "style" | "img" | "svg") {
                return;
            }
            match e.a.get("id") {
                Some(id) => html.push_str(&format!("<{tag} id=\"{}\">", attr(id))),
                None => html.push_str(&format!("<{tag}>")),
            }
            if !matches!(tag, "br" | "hr" | "input" | "wbr") {
                write_children(e, html);
                html.push_str(&format!("</{tag}>"));
            }
        }
    }
}

fn text(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn attr(s: &str) -> String {
    text(s).replace('"', "&quot;")
}

/// Pages of `pages` to index, in route order (stable output).
pub fn entries<'a>(pages: impl Iterator<Item = (&'a str, &'a PageData, bool)>) -> Vec<Entry<'a>> {
    let mut v: Vec<Entry<'a>> = pages.filter(|(_, p, landing)| !landing && is_searchable(p)).map(|(route, page, _)| Entry { route, page }).collect();
    v.sort_by(|a, b| a.route.cmp(b.route));
    v
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::contract::TocItem;

    fn el(t: &str, a: &[(&str, &str)], c: Vec<Node>) -> Node {
        Node::Element(Element { t: t.into(), a: a.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), c })
    }

    fn page(version: Option<&str>) -> PageData {
        PageData {
            kind: RouteKind::Doc,
            path: "/docs/x".into(),
            title: "Channel <API>".into(),
            hide_title: false,
            description: None,
            keywords: Vec::new(),
            content: vec![
                el("Heading", &[("level", "2"), ("id", "functions")], vec![Node::Text("Functions".into())]),
                el("Heading", &[("level", "3"), ("id", "broadcast")], vec![Node::Text("broadcast".into())]),
                el("p", &[], vec![Node::Text("Sends a context & more.".into())]),
                el("CodeBlock", &[("lang", "ts"), ("html", "<span class=\"line\">await channel.broadcast(ctx);</span>")], vec![]),
                el("Mermaid", &[("code", "sequenceDiagram")], vec![]),
                el("Tabs", &[("groupId", "lang")], vec![el("TabItem", &[("value", "ts")], vec![Node::Text("tab text".into())])]),
            ],
            toc: vec![
                TocItem { id: "functions".into(), text: "Functions".into(), level: 2 },
                TocItem { id: "broadcast".into(), text: "broadcast".into(), level: 3 },
            ],
            hide_toc: false,
            breadcrumbs: Vec::new(),
            previous: None,
            next: None,
            last_update: None,
            version: version.map(String::from),
            sidebar_id: None,
            doc_id: None,
            version_routes: BTreeMap::new(),
        }
    }

    #[test]
    fn documents_carry_filters_heading_paths_and_searchable_text() {
        let p = page(Some("2.1"));
        let html = document(&Entry { route: "/docs/2.1/api/ref/Channel", page: &p }, "en");
        assert!(html.contains("<meta data-pagefind-filter=\"version[content]\" content=\"2.1\">"), "{html}");
        assert!(html.contains("<meta data-pagefind-filter=\"language[content]\" content=\"en\">"), "{html}");
        assert!(html.contains("content=\"functions=Functions|broadcast=Functions › broadcast\""), "{html}");
        assert!(html.contains("<h1 data-pagefind-weight=\"10\">Channel &lt;API&gt;</h1>"), "{html}");
        assert!(html.contains("<h3 id=\"broadcast\" data-pagefind-weight=\"8\">broadcast</h3>"), "{html}");
        assert!(html.contains("Sends a context &amp; more."), "{html}");
        assert!(html.contains("await channel.broadcast(ctx);"), "code is searchable: {html}");
        assert!(html.contains("<div><div>tab text</div></div>"), "components keep their text: {html}");
        assert!(!html.contains("sequenceDiagram"), "diagram sources are not indexed: {html}");
    }

    #[test]
    fn site_pages_use_the_pages_filter_and_landing_routes_are_skipped() {
        let doc = page(Some("2.2"));
        let site_page = page(None);
        let html = document(&Entry { route: "/community", page: &site_page }, "en");
        assert!(html.contains("content=\"pages\""), "{html}");
        let chosen = entries([("/docs", &doc, true), ("/docs/fdc3-intro", &doc, false), ("/community", &site_page, false)].into_iter());
        let routes: Vec<&str> = chosen.iter().map(|e| e.route).collect();
        assert_eq!(routes, ["/community", "/docs/fdc3-intro"]);
    }

    #[test]
    fn an_index_is_written_with_its_loader() {
        let p = page(Some("2.2"));
        let out = tempfile::tempdir().unwrap();
        let count = write_index(&[Entry { route: "/docs/api/ref/Channel", page: &p }], "en", out.path()).unwrap();
        assert_eq!(count, 1);
        assert!(out.path().join("pagefind/pagefind.js").is_file());
        assert!(out.path().join("pagefind/pagefind-entry.json").is_file());
    }
}
