//! The MDX path: a doc the Rust renderer does not fully understand because it needs
//! JavaScript (an import beyond the subset, an `{expression}`, an `export`, a component from
//! a package) is compiled by MDX, the compiler Docusaurus uses, in the site's code build
//! (`theme/site-code.config.ts`), and rendered with the site's React code.
//!
//! The engine's side of such a doc is small. Its content is one `SiteComponent` element
//! whose module is the doc's own file (`docs/intro.mdx`), so the site build compiles it and
//! the theme pre-renders and hydrates it like any site component a doc uses (one chunk,
//! loaded only by its page; `app/siteComponents.ts` gives it the theme's MDX components).
//! What the page around the article needs before anything runs (the title from a leading
//! `# ` heading, the table of contents, the heading anchors other pages link to) comes from
//! the doc's Markdown headings, rendered here by [`super::render`] itself: the headings'
//! lines at their own line numbers and nothing else, so ids, TOC and title are the Markdown
//! path's. MDX gives the same headings the same ids (github-slugger, `{#id}`).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;

use super::{render as render_markdown, site_components, RenderContext, Rendered};
use crate::contract::{Element, Node};
use crate::diagnostics::Diagnostic;

/// Which docs take the MDX path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MdxPath {
    /// None: a doc beyond the Markdown subset is an error (a `docsite.toml` site).
    #[default]
    Off,
    /// The docs that need JavaScript (a site read from a Docusaurus config: its docs are MDX).
    Auto,
    /// Every doc (`DOCSITE_MDX_PATH=all`: the test comparing both paths on the same Markdown).
    All,
}

impl MdxPath {
    /// The setting for a site: `Auto` for a Docusaurus site, `Off` for a `docsite.toml` one;
    /// `DOCSITE_MDX_PATH=all` sends every doc of a Docusaurus site through MDX.
    pub fn for_site(from_docusaurus: bool) -> MdxPath {
        match (from_docusaurus, std::env::var("DOCSITE_MDX_PATH").as_deref()) {
            (false, _) => MdxPath::Off,
            (true, Ok("all")) => MdxPath::All,
            (true, _) => MdxPath::Auto,
        }
    }
}

/// A doc on the MDX path (arguments as [`super::render`]'s).
pub(super) fn render(source: &Path, body: &str, body_line: usize, route: &str, toc_levels: (u8, u8), ctx: &RenderContext<'_>) -> Rendered {
    let name = source.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let module = match site_components::resolve(ctx.site_dir, ctx.content_roots, source, &format!("./{name}")) {
        Ok(m) => m,
        Err(why) => {
            let mut out = Rendered { mdx_path: true, ..Rendered::default() };
            out.diagnostics.push(Diagnostic::error(source, format!("this doc needs the MDX compiler, which cannot read it: {why}")).at(body_line + 1, None));
            return out;
        }
    };
    let heading_text = heading_lines(body);
    let headings = render_markdown(source, &heading_text, body_line, route, toc_levels, ctx);
    let mut toc = headings.toc;
    let mut anchors = headings.anchors;
    // The headings of the Markdown partials the doc shows (`<Part />` on a line of its own
    // after `import Part from './_part.mdx'`) join its table of contents where each is used,
    // as Docusaurus's `remark/toc` spreads an imported partial's `toc` there; their ids
    // (slugged in the partial's own file, as MDX compiles it) are anchors of the page.
    // Walked from the last use, so the positions of the earlier ones stay right.
    let partials = partial_imports(body);
    // Each partial's file and text, read once for its headings, fences and links.
    let read: BTreeMap<&str, (site_components::Module, String)> = partials
        .iter()
        .filter_map(|(name, spec)| {
            let file = site_components::resolve(ctx.site_dir, ctx.content_roots, source, spec).ok()?;
            let text = std::fs::read_to_string(&file.file).ok()?;
            Some((name.as_str(), (file, text)))
        })
        .collect();
    for (line, name) in partial_uses(body, &partials).into_iter().rev() {
        let Some((file, text)) = read.get(name.as_str()) else { continue };
        let (partial_body, partial_line) = without_front_matter(text);
        let theirs = render_markdown(&file.file, &heading_lines(partial_body), partial_line, route, toc_levels, ctx);
        // The doc's TOC entries before the use: its headings in the TOC levels above it.
        let before = heading_text.lines().take(line - 1).filter(|l| {
            let level = l.chars().take_while(|c| *c == '#').count();
            level >= 2 && (toc_levels.0..=toc_levels.1).contains(&(level as u8))
        });
        let at = before.count().min(toc.len());
        toc.splice(at..at, theirs.toc);
        anchors.extend(theirs.anchors);
    }
    let mut out = Rendered {
        toc,
        h1: headings.h1,
        h1_element: headings.h1_element,
        anchors,
        links: headings.links,
        text: headings.text,
        deps: headings.deps,
        mdx_path: true,
        ..Rendered::default()
    };
    let mut urls = serde_json::Map::new();
    links(source, body, body_line, route, toc_levels, ctx, &mut out, &mut urls);
    // Each fenced code block, rendered as the Markdown path renders it (highlighted by
    // `highlight.rs`, its title, line numbers and highlighted lines read from the meta, a
    // mermaid diagram as the `Mermaid` element), keyed by its file and line: the site build
    // marks each fence MDX compiles with the same key (`site-code.config.ts`,
    // `rehypeFenceKeys`) and the theme shows the engine's element in its place (`mdx.tsx`).
    let mut code = serde_json::Map::new();
    for (line, markdown) in fences(body) {
        let one = render_markdown(source, &markdown, body_line + line - 1, route, toc_levels, ctx);
        out.diagnostics.extend(one.diagnostics);
        if let Some(Node::Element(el)) = one.content.into_iter().next() {
            let key = format!("{}:{}", module.rel, body_line + line);
            code.insert(key, serde_json::json!({ "t": el.t, "a": el.a }));
        }
    }
    // The fences of the Markdown partials the doc imports, under their own file's key, and
    // their links, resolved from the partial's own folder as Docusaurus's MDX loader
    // resolves them when it compiles the partial.
    for (file, text) in read.values() {
        let (partial_body, partial_line) = without_front_matter(text);
        links(&file.file, partial_body, partial_line, route, toc_levels, ctx, &mut out, &mut urls);
        for (line, markdown) in fences(partial_body) {
            let one = render_markdown(&file.file, &markdown, partial_line + line - 1, route, toc_levels, ctx);
            out.diagnostics.extend(one.diagnostics);
            if let Some(Node::Element(el)) = one.content.into_iter().next() {
                code.insert(format!("{}:{}", file.rel, partial_line + line), serde_json::json!({ "t": el.t, "a": el.a }));
            }
        }
    }
    // The partials' files as read (`docsite dev` renders the doc again when one changes).
    let mut files: Vec<_> = read.values().map(|(file, text)| (file.file.clone(), super::text_hash(text))).collect();
    files.sort();
    files.dedup();
    out.deps.files = files;
    // `<DocCardList />` without `items` shows the cards of the sidebar category the doc is
    // in: computed by the engine (`doc_cards.rs`, as the Markdown path's) and handed to the
    // module, so the page is pre-rendered with them and carries that one list, not the
    // sidebar's docs. A doc in no category is an error at the use, where Docusaurus throws.
    let mut props = serde_json::json!({ URLS_PROP: urls, CODE_PROP: code });
    let lists = current_category_lists(body);
    if !lists.is_empty() {
        let cards = ctx.doc_cards.get(source);
        out.deps.cards = Some(cards.cloned());
        match cards {
            Some(cards) => props[CARDS_PROP] = serde_json::to_value(cards).unwrap_or_default(),
            None => {
                for (line, name, children) in lists {
                    let (message, mut hint) = super::no_category(&name);
                    if children {
                        hint.push_str(&format!("; `<{name}>` shows no children: Docusaurus's `@theme/DocCardList` takes `items` (a theme of the site's own with another `DocCardList` is not used by docsite)"));
                    }
                    out.diagnostics.push(Diagnostic::error(source, message).at(body_line + line, None).hint(hint));
                }
            }
        }
    }
    let props = props.to_string();
    let attributes = BTreeMap::from([("module".to_string(), module.rel), ("export".to_string(), "default".to_string()), ("props".to_string(), props)]);
    out.content = vec![Node::Element(Element { t: site_components::ELEMENT.into(), a: attributes.into(), c: Vec::new() })];
    out
}

/// Whether a doc's content is the MDX path's (its module, after the title heading the page
/// may put back): its text exists only once the module has run, so the build reads it from
/// the pre-rendered article for the search index (`build/mod.rs`).
pub(crate) fn is_mdx_path_content(content: &[Node]) -> bool {
    let module = |el: &Element| el.t == site_components::ELEMENT && el.a.get("module").is_some_and(|m| m.ends_with(".md") || m.ends_with(".mdx"));
    let mut found = false;
    for node in content {
        match node {
            Node::Element(el) if module(el) => found = true,
            // The body's `# ` title the page shows in its content (`h1_element`).
            Node::Element(el) if el.t == "h1" => {}
            _ => return false,
        }
    }
    found
}

static IMPORT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"^\s*import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]([^'"]+\.mdx?)['"]"#).expect("valid"));

/// The links of `body` (a file's text from its line `body_line + 1`): each Markdown link
/// and image resolved as the Markdown path resolves it (a `.md` file to its route, an image
/// to its copied asset), recorded for the link check and added to `urls` as the URL to write
/// for what MDX reads as written; and each link written in JSX with a literal URL (`<a
/// href="/docs/x">`, `<Link to="/docs/x">`), checked the same way at its line (MDX writes
/// those as they are).
#[allow(clippy::too_many_arguments)]
fn links(source: &Path, body: &str, body_line: usize, route: &str, toc_levels: (u8, u8), ctx: &RenderContext<'_>, out: &mut Rendered, urls: &mut serde_json::Map<String, serde_json::Value>) {
    for (line, markdown) in link_lines(body) {
        let one = render_markdown(source, &markdown, body_line + line - 1, route, toc_levels, ctx);
        let written = first_url(&one.content);
        out.links.extend(one.links);
        out.assets.extend(one.assets);
        // What the link's lookup read (`docsite dev` renders the doc again when it reads otherwise).
        out.deps.doc_files.extend(one.deps.doc_files);
        out.deps.every_doc |= one.deps.every_doc;
        // What is wrong with the link itself (a refused scheme, a missing image).
        out.diagnostics.extend(one.diagnostics);
        if let (Some(raw), Some(url)) = (target_of(&markdown), written) {
            if raw != url {
                urls.insert(raw, serde_json::Value::String(url));
            }
        }
    }
    for (line, target) in jsx_links(body) {
        let one = render_markdown(source, &format!("[]({target})"), body_line + line - 1, route, toc_levels, ctx);
        out.links.extend(one.links);
        out.deps.doc_files.extend(one.deps.doc_files);
        out.deps.every_doc |= one.deps.every_doc;
        out.diagnostics.extend(one.diagnostics);
    }
}

/// The Markdown partials the doc imports by default import: local name -> specifier.
fn partial_imports(body: &str) -> BTreeMap<String, String> {
    body.lines().filter_map(|line| IMPORT.captures(line)).map(|c| (c[1].to_string(), c[2].to_string())).collect()
}

/// Each use of a partial as a block (`<Part …` starting a line outside code and ESM), with
/// its 1-based line in the body.
fn partial_uses(body: &str, partials: &BTreeMap<String, String>) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence: Option<(char, usize)> = None;
    for (i, line) in body.lines().enumerate() {
        let trimmed = line.trim();
        if let Some((ch, len)) = fence {
            if trimmed.chars().take_while(|c| *c == ch).count() >= len && trimmed.chars().all(|c| c == ch) {
                fence = None;
            }
            continue;
        }
        if let Some(f) = fence_of(trimmed) {
            fence = Some(f);
            continue;
        }
        let Some(rest) = trimmed.strip_prefix('<') else { continue };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
        let after = rest[name.len()..].chars().next();
        if partials.contains_key(&name) && matches!(after, None | Some(' ' | '/' | '>' | '\t')) {
            out.push((i + 1, name));
        }
    }
    out
}

static LINK_IMPORT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"^\s*import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]@docusaurus/Link['"]"#).expect("valid"));

static JSX_URL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"<([A-Za-z][\w$]*)\b[^<>]*?\s(href|to)=(?:"([^"\n]*)"|'([^'\n]*)')"#).expect("valid"));

/// The URLs written as string literals in JSX links outside code and ESM: `href` of `<a>`,
/// `to` or `href` of the name `@docusaurus/Link` is imported as; each with its 1-based line
/// in the body. A tag may span lines.
fn jsx_links(body: &str) -> Vec<(usize, String)> {
    let link = body.lines().find_map(|l| LINK_IMPORT.captures(l)).map(|c| c[1].to_string());
    // The body with code and ESM lines blanked (the lines stay where they are).
    let prose: Vec<String> = line_kinds(body).map(|(line, kind)| if kind == LineKind::Prose { INLINE_CODE.replace_all(line, "").into_owned() } else { String::new() }).collect();
    let prose = prose.join("\n");
    JSX_URL
        .captures_iter(&prose)
        .filter(|c| match (&c[1], &c[2]) {
            ("a", "href") => true,
            (name, _) => link.as_deref() == Some(name),
        })
        .filter_map(|c| {
            let value = c.get(3).or_else(|| c.get(4))?;
            let line = prose[..value.start()].matches('\n').count() + 1;
            Some((line, value.as_str().to_string()))
        })
        .filter(|(_, url)| !url.is_empty())
        .collect()
}

static DOC_CARD_LIST_IMPORT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"^\s*import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]@theme/DocCardList['"]"#).expect("valid"));

/// Each use of `@theme/DocCardList` (the name it is imported as) without `items` outside
/// code and ESM: it shows the current sidebar category. With its 1-based line in the body,
/// the name, and whether it has children (not self-closing). A tag may span lines; a tag
/// spreading props (`{...props}`) may pass `items` and is left to the theme.
fn current_category_lists(body: &str) -> Vec<(usize, String, bool)> {
    let Some(name) = body.lines().find_map(|l| DOC_CARD_LIST_IMPORT.captures(l)).map(|c| c[1].to_string()) else { return Vec::new() };
    let prose: Vec<String> = line_kinds(body).map(|(line, kind)| if kind == LineKind::Prose { INLINE_CODE.replace_all(line, "").into_owned() } else { String::new() }).collect();
    let prose = prose.join("\n");
    let tag = Regex::new(&format!(r"<{}(\s[^<>]*|/)?>", regex::escape(&name))).expect("valid");
    static ITEMS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(^|\s)items\s*=|\{\s*\.\.\.").expect("valid"));
    tag.captures_iter(&prose)
        .filter(|c| !c.get(1).is_some_and(|attrs| ITEMS.is_match(attrs.as_str())))
        .map(|c| {
            let whole = c.get(0).expect("match");
            let line = prose[..whole.start()].matches('\n').count() + 1;
            (line, name.clone(), !whole.as_str().ends_with("/>"))
        })
        .collect()
}

/// A partial's text after its front matter, and the number of lines before it.
fn without_front_matter(text: &str) -> (&str, usize) {
    if let Some(rest) = text.strip_prefix("---\n") {
        if let Some(end) = rest.find("\n---\n") {
            let body = &rest[end + 5..];
            return (body, text[..text.len() - body.len()].lines().count());
        }
    }
    (text, 0)
}

/// The prop of a doc's module with the URL the page writes for each link and image target
/// as written (read by `theme/src/docusaurus/mdx.tsx`).
const URLS_PROP: &str = "docsiteUrls";

/// The prop of a doc's module with the engine's element for each fenced code block
/// (`"docs/intro.md:12"` -> `{ "t": "CodeBlock", "a": { "html": … } }`), read by
/// `theme/src/docusaurus/mdx.tsx`.
const CODE_PROP: &str = "docsiteCode";

/// The prop of a doc's module with the cards of `<DocCardList />` without `items` (the
/// current sidebar category's, `doc_cards.rs`), read by `theme/src/docusaurus/mdx.tsx`.
const CARDS_PROP: &str = "docsiteCards";

/// The fenced code blocks of the doc outside ESM, each as a Markdown text of its own (the
/// fence's lines, less the indentation of its opening line, as CommonMark reads a fence's
/// content) with the line of its opening fence.
fn fences(body: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    // The open fence: its character, length and indentation, and its text so far.
    let mut open: Option<(char, usize, usize, String)> = None;
    let mut in_esm = false;
    for (i, line) in body.lines().enumerate() {
        let trimmed = line.trim();
        if let Some((ch, len, indent, text)) = open.as_mut() {
            // Up to the opening line's indentation in spaces.
            let spaces = line.len() - line.trim_start_matches(' ').len();
            let dedented = &line[spaces.min(*indent)..];
            text.push('\n');
            text.push_str(dedented);
            if trimmed.chars().take_while(|c| c == ch).count() >= *len && trimmed.chars().all(|c| c == *ch) {
                let (_, _, _, text) = open.take().expect("open");
                out.last_mut().expect("pushed at the opening").1 = text;
            }
            continue;
        }
        if trimmed.is_empty() {
            in_esm = false;
            continue;
        }
        if in_esm || trimmed.starts_with("import ") || trimmed.starts_with("export ") {
            in_esm = true;
            continue;
        }
        if let Some((ch, len)) = fence_of(trimmed) {
            let indent = line.len() - line.trim_start_matches(' ').len();
            out.push((i + 1, String::new()));
            open = Some((ch, len, indent, trimmed.to_string()));
        }
    }
    // A fence never closed runs to the end of the doc.
    if let Some((_, _, _, text)) = open {
        out.last_mut().expect("pushed at the opening").1 = text;
    }
    out
}

static LINK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"(!?)\[[^\]\n]*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)"#).expect("valid"));

/// The inline links and images of the doc outside code and ESM, each as a Markdown text of
/// its own (`[](target)`, `![](target)`) with its line.
fn link_lines(body: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, (line, kind)) in line_kinds(body).enumerate() {
        if kind != LineKind::Prose {
            continue;
        }
        // Inline code spans are not links.
        let text = INLINE_CODE.replace_all(line, "");
        for cap in LINK.captures_iter(&text) {
            out.push((i + 1, format!("{}[]({})", &cap[1], &cap[2])));
        }
    }
    out
}

static INLINE_CODE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"`+[^`]*`+").expect("valid"));

/// The target of a `[](target)` text.
fn target_of(markdown: &str) -> Option<String> {
    let start = markdown.find("](")? + 2;
    Some(markdown[start..markdown.len() - 1].trim_matches(['<', '>']).to_string())
}

/// The `href` of the first link or `src` of the first image in a content tree.
fn first_url(nodes: &[Node]) -> Option<String> {
    nodes.iter().find_map(|node| match node {
        Node::Element(el) => match el.t.as_str() {
            "a" => el.a.get("href").cloned(),
            "img" => el.a.get("src").cloned(),
            _ => first_url(&el.c),
        },
        Node::Text(_) => None,
    })
}

/// The doc's body with only its Markdown headings left, each at its own line (every other
/// line blank): ATX headings outside fenced code, with a `# ` heading only when it leads the
/// doc (nothing but imports and exports before it), as MDX's leading heading is the title.
/// A heading MDX would read differently (an expression in it) renders with an error the
/// caller does not keep: its id may then differ from MDX's.
fn heading_lines(body: &str) -> String {
    let mut out = Vec::new();
    let mut seen_content = false;
    for (line, kind) in line_kinds(body) {
        let trimmed = line.trim();
        let mut keep = false;
        match kind {
            LineKind::Blank | LineKind::Esm => {}
            // A fence is content (its inner lines come after its opening one).
            LineKind::Code => seen_content = true,
            LineKind::Prose => {
                let level = trimmed.chars().take_while(|c| *c == '#').count();
                let atx = (1..=6).contains(&level) && trimmed[level..].starts_with([' ', '\t']);
                keep = atx && (level > 1 || !seen_content);
                seen_content = true;
            }
        }
        out.push(if keep { trimmed } else { "" });
    }
    out.join("\n")
}

/// What each line of a doc's body is, for the scans that read it outside code and ESM.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LineKind {
    /// A fence's opening, closing or inner line.
    Code,
    /// An `import`/`export` line and the lines that follow it up to a blank one (MDX's ESM).
    Esm,
    Blank,
    Prose,
}

/// Each line of `body` with what it is.
fn line_kinds(body: &str) -> impl Iterator<Item = (&str, LineKind)> {
    let mut fence: Option<(char, usize)> = None;
    let mut in_esm = false;
    body.lines().map(move |line| {
        let trimmed = line.trim();
        let kind = if let Some((ch, len)) = fence {
            if trimmed.chars().take_while(|c| *c == ch).count() >= len && trimmed.chars().all(|c| c == ch) {
                fence = None;
            }
            LineKind::Code
        } else if trimmed.is_empty() {
            in_esm = false;
            LineKind::Blank
        } else if in_esm || trimmed.starts_with("import ") || trimmed.starts_with("export ") {
            in_esm = true;
            LineKind::Esm
        } else if let Some(f) = fence_of(trimmed) {
            fence = Some(f);
            LineKind::Code
        } else {
            LineKind::Prose
        };
        (line, kind)
    })
}

/// The fence a line opens (its character and length), if it opens one.
fn fence_of(trimmed: &str) -> Option<(char, usize)> {
    let ch = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = trimmed.chars().take_while(|c| *c == ch).count();
    (len >= 3).then_some((ch, len))
}

#[cfg(test)]
mod tests {
    use super::heading_lines;

    #[test]
    fn doc_card_lists_without_items_are_found_by_their_imported_name() {
        let body = "import Cards from '@theme/DocCardList';\nimport DocCard from '@theme/DocCard';\n\n<Cards />\n\n<Cards\n  className=\"x\"\n/>\n\n<Cards items={[]} />\n\n<Cards {...props} />\n\n<Cards>\n  <DocCard item={{type: 'link', href: '/a', label: 'A'}} />\n</Cards>\n\n```jsx\n<Cards />\n```\n\n<CardsX />\n<Cards/>";
        let found = super::current_category_lists(body);
        assert_eq!(found, vec![(4, "Cards".to_string(), false), (6, "Cards".to_string(), false), (14, "Cards".to_string(), true), (23, "Cards".to_string(), false)]);
        assert!(super::current_category_lists("<DocCardList />").is_empty(), "not imported: another component");
    }

    #[test]
    fn only_headings_stay_at_their_lines() {
        let body = "import X from 'x';\n\n# Title\n\nText {1 + 1}\n\n```md\n## Not a heading\n```\n\n## Real {#real}\n<X />\n# Late h1";
        assert_eq!(heading_lines(body), "\n\n# Title\n\n\n\n\n\n\n\n## Real {#real}\n\n");
    }

    #[test]
    fn links_and_images_are_read_outside_code() {
        let body = "import A from './a.md';\n\nSee [the intro](./intro.md#top) and ![a kite](./kite.png \"Kite\").\n\n`[not](./code.md)`\n\n```\n[no](./fence.md)\n```";
        assert_eq!(super::link_lines(body), vec![(3, "[](./intro.md#top)".to_string()), (3, "![](./kite.png)".to_string())]);
    }

    #[test]
    fn fences_are_read_with_their_opening_line_and_less_their_indentation() {
        let body = "import X from 'x';\n\n```js title=\"a.js\"\nlet a = 1;\n```\n\n- Item\n\n  ```json\n  {}\n  ```\n\n~~~\nnot closed";
        assert_eq!(
            super::fences(body),
            vec![(3, "```js title=\"a.js\"\nlet a = 1;\n```".to_string()), (9, "```json\n{}\n```".to_string()), (13, "~~~\nnot closed".to_string())]
        );
    }

    #[test]
    fn partials_are_found_where_they_are_used_as_blocks() {
        let body = "import Part from './_part.mdx';\nimport Other from '@site/src/x.md';\nimport Chart from './chart.js';\n\nText <Part /> inline.\n\n<Part name=\"a\" />\n\n```\n<Other />\n```\n<Chart />\n  <Other>";
        let partials = super::partial_imports(body);
        assert_eq!(partials.keys().collect::<Vec<_>>(), ["Other", "Part"]);
        assert_eq!(super::partial_uses(body, &partials), vec![(7, "Part".to_string()), (13, "Other".to_string())]);
        assert_eq!(super::without_front_matter("---\nid: x\n---\n## A"), ("## A", 3));
    }

    #[test]
    fn literal_urls_of_jsx_links_are_found_at_their_lines() {
        let body = "import Link from '@docusaurus/Link';\nimport X from 'x';\n\nSee <a href=\"/docs/a\">a</a> and <Link\n  className=\"b\"\n  to='/docs/b'>b</Link>.\n\n<X to=\"/not-a-link\" /> <a href={url}>c</a>\n\n```\n<a href=\"/in-code\">\n```\n`<a href=\"/inline-code\">`";
        assert_eq!(super::jsx_links(body), vec![(4, "/docs/a".to_string()), (6, "/docs/b".to_string())]);
    }

    #[test]
    fn an_h1_after_text_is_not_the_title() {
        assert_eq!(heading_lines("Intro.\n\n# Title"), "\n\n");
    }
}
