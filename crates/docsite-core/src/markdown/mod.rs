//! Render stage: one doc's Markdown to the contract's content tree.
//!
//! [`mdx::split`] cuts the MDX subset (tabs, admonitions) into containers whose Markdown
//! leaves comrak parses; [`TreeBuilder`] walks comrak's AST into [`Node`]s, weaving inline
//! raw HTML into the same tree, giving headings ids and direct-link anchors, highlighting
//! code, and resolving every link to a route. Links are only *recorded* here; whether their
//! targets and anchors exist is decided by the check stage once every page is rendered.

mod components;
pub mod html_policy;
pub mod mdx;
pub(crate) mod mdx_path;
pub mod site_components;

pub use mdx_path::MdxPath;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use comrak::nodes::{AlertType, AstNode, ListType, NodeValue, TableAlignment};
use comrak::{Arena, Options};

use crate::contract::{Attrs, Element, Node, TocItem, VersionData};
use crate::data_files::{DataFiles, Origin};
use crate::diagnostics::{Diagnostic, Severity};
use crate::highlight;
use crate::paths::{decode, encode_path, normalize_path, normalize_route, normalize_url_path};
use mdx::{Block, ContainerKind};

/// One card of a `<DocCardList />`.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct DocCard {
    /// The item's label.
    pub title: String,
    /// Route (or URL, for a link item) the card leads to; `None` for a category without a
    /// page of its own.
    pub href: Option<String>,
    /// Text under the title.
    pub description: Option<String>,
}

/// How Markdown files are read: Docusaurus's `markdown.format` (`RawConfig::markdown_format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Deserialize, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum MarkdownFormat {
    /// Every file is MDX.
    #[default]
    Mdx,
    /// Every file is CommonMark.
    Md,
    /// `.mdx` files are MDX, the others CommonMark.
    Detect,
}

impl MarkdownFormat {
    /// Whether `source` is read as MDX (else as CommonMark).
    pub fn is_mdx(self, source: &Path) -> bool {
        match self {
            MarkdownFormat::Mdx => true,
            MarkdownFormat::Md => false,
            MarkdownFormat::Detect => source.extension().is_some_and(|e| e == "mdx"),
        }
    }
}

/// The cards of each category page, by the page's source file (as loaded).
pub type DocCards = HashMap<PathBuf, Vec<DocCard>>;

/// What the renderer needs to know about the rest of the site.
pub struct RenderContext<'a> {
    /// The site directory (for `static/`).
    pub site_dir: &'a Path,
    /// Every doc's source file (as loaded) -> route, across all versions.
    pub doc_routes: &'a HashMap<PathBuf, String>,
    /// The folder of each version's docs and the blog folder (normalised): where a link to a
    /// `.md` file that is not `./` or `../` is looked for first, as Docusaurus does, and where
    /// a page's images may come from besides the site folder (the docs may live beside it).
    pub content_roots: &'a [PathBuf],
    /// Base URL of the site (`/`).
    pub base_url: &'a str,
    /// TOC heading levels (inclusive).
    pub toc_levels: (u8, u8),
    /// The site's validated data files, for data components (`<Showcase data="…" />`).
    pub data: &'a DataFiles,
    /// The docs versions, for `<VersionsTable />`.
    pub versions: &'a [VersionData],
    /// Origins an `<iframe>` may show (`security.frameSrc`); `None`: any http(s) origin
    /// (a site read from a Docusaurus config, which cannot list them: the pages' CSP then
    /// allows the origins the content embeds, [`Rendered::frame_origins`]).
    pub frame_src: Option<&'a [String]>,
    /// The cards of `<DocCardList />` on each sidebar category's page.
    pub doc_cards: &'a DocCards,
    /// Which docs the MDX compiler renders ([`render_doc`]).
    pub mdx: MdxPath,
    /// Folders (absolute, normalised) whose every Markdown file the MDX compiler renders
    /// where the site can have it: the site's own remark and rehype plugins apply there
    /// (`SiteConfig::markdown_plugin_sets`).
    pub plugin_dirs: &'a [PathBuf],
    /// Which files are MDX and which CommonMark.
    pub format: MarkdownFormat,
    /// How much raw HTML content may use.
    pub html: html_policy::HtmlPolicy,
    /// Whether a heading's trailing `{/* #id */}` gives its id (Docusaurus 3.10 and later).
    pub comment_heading_ids: bool,
}

impl RenderContext<'_> {
    /// Whether the content is read as Docusaurus reads it (a site with a Docusaurus config).
    pub fn docusaurus(&self) -> bool {
        self.html == html_policy::HtmlPolicy::Docusaurus
    }
}

/// A link found in a page, to be checked once all routes and anchors are known.
#[derive(Debug, Clone)]
pub struct LinkRef {
    /// 1-based line in the source file.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The link as written.
    pub raw: String,
    /// Target route, decoded (`/docs/a b`), without trailing slash except `/`.
    pub route: String,
    /// Target anchor, if any.
    pub anchor: Option<String>,
    /// The file the link is written in, when it is not the page's own source (a link in a
    /// data file placed on the page); `line` is then a line of that file.
    pub file: Option<PathBuf>,
    /// A `pathname:///` link: its target must be a static file (or a published schema),
    /// never a page.
    pub file_only: bool,
}

/// An image or file the page refers to, copied to the output.
#[derive(Debug, Clone)]
pub struct Asset {
    /// Source file.
    pub source: PathBuf,
    /// URL it is served at.
    pub url: String,
}

/// One rendered doc.
#[derive(Debug, Default, Clone)]
pub struct Rendered {
    /// The article.
    pub content: Vec<Node>,
    /// Headings in the TOC levels.
    pub toc: Vec<TocItem>,
    /// The leading `# ` heading, removed from the content (the page shows it as its title).
    pub h1: Option<String>,
    /// That heading as written (its inline code, links and emphasis kept): a page puts it back
    /// at the top of its content where Docusaurus shows the body's heading rather than the
    /// page title (`build::model::with_body_heading`).
    pub h1_element: Option<Node>,
    /// Every id in the page (heading ids and explicit `id`s).
    pub anchors: HashSet<String>,
    /// Internal links.
    pub links: Vec<LinkRef>,
    /// Local assets.
    pub assets: Vec<Asset>,
    /// Problems found.
    pub diagnostics: Vec<Diagnostic>,
    /// The article's plain text (for search and descriptions).
    pub text: String,
    /// What the rendering read besides the file (`docsite dev` reuses it while that reads
    /// the same: `build::incremental`).
    pub deps: RenderDeps,
    /// The doc is MDX that needs JavaScript (an error above says what): it can take the MDX
    /// path ([`render_doc`]).
    pub needs_js: bool,
    /// The doc took the MDX path: its content is one `SiteComponent`, the doc's own module.
    pub mdx_path: bool,
    /// The origins the page's `<iframe>`s show.
    pub frame_origins: std::collections::BTreeSet<String>,
}

/// What one rendering read of the site besides its own file and the render context's
/// site-wide settings.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct RenderDeps {
    /// Each doc file a link to a Markdown file looked for, with the route found there (`None`:
    /// no doc), in the order tried.
    pub doc_files: Vec<(PathBuf, Option<String>)>,
    /// A broken link to a Markdown file suggested the closest of every doc's file.
    pub every_doc: bool,
    /// The cards `<DocCardList />` showed (`None`: the doc is no category's page), when it is used.
    pub cards: Option<Option<Vec<DocCard>>>,
}

/// Renders one doc: by [`render`] when the Rust renderer understands all of it, else (a doc
/// that needs JavaScript, where the site can have it: [`RenderContext::mdx`]) on the MDX
/// path ([`mdx_path`]). Arguments as [`render`]'s.
pub fn render_doc(source: &Path, body: &str, body_line: usize, route: &str, toc_levels: (u8, u8), ctx: &RenderContext<'_>) -> Rendered {
    let with_plugins = || {
        let file = crate::paths::normalize_path(&crate::paths::absolute(source));
        ctx.plugin_dirs.iter().any(|dir| file.starts_with(dir))
    };
    if ctx.mdx == MdxPath::All || (ctx.mdx == MdxPath::Auto && !ctx.plugin_dirs.is_empty() && with_plugins()) {
        return mdx_path::render(source, body, body_line, route, toc_levels, ctx);
    }
    let rendered = render(source, body, body_line, route, toc_levels, ctx);
    if ctx.mdx == MdxPath::Auto && rendered.needs_js { mdx_path::render(source, body, body_line, route, toc_levels, ctx) } else { rendered }
}

/// Renders one document body. `body_line` is the number of lines before the body in the
/// file; `route` is the page's own route (for relative and `#` links).
pub fn render(source: &Path, body: &str, body_line: usize, route: &str, toc_levels: (u8, u8), ctx: &RenderContext<'_>) -> Rendered {
    let mut out = Rendered::default();
    let mdx_syntax = ctx.format.is_mdx(source);
    let split = match mdx::split(body, mdx_syntax) {
        Ok(s) => s,
        Err(errors) => {
            out.needs_js = errors.iter().any(|e| e.js);
            out.diagnostics = errors
                .into_iter()
                .map(|e| Diagnostic::error(source, e.message).at(body_line + e.line, None).hint(e.hint))
                .collect();
            return out;
        }
    };
    out.diagnostics.extend(split.warnings.iter().map(|w| Diagnostic::error(source, w.message.clone()).at(body_line + w.line, None).hint(w.hint.clone()).with_severity(Severity::Warning)));
    let mut b = TreeBuilder {
        source,
        body_line,
        route,
        ctx,
        toc_levels,
        slugs: HashMap::new(),
        stack: vec![Element { t: "root".into(), a: Attrs::new(), c: Vec::new() }],
        out: &mut out,
        first_block: true,
        images: &split.image_imports,
        link_definitions: &split.link_definitions,
        expressions: &split.expressions,
        site_imports: &split.site_imports,
        site_modules: BTreeMap::new(),
        segment_line: 0,
        segment_inserted: Vec::new(),
        data_origin: None,
        too_deep: false,
        mdx_syntax,
        in_head: false,
    };
    b.check_site_imports();
    b.blocks(&split.blocks);
    let root = b.stack.pop().expect("root");
    out.content = root.c;
    // The tree is kept until the pages are written: without the room its lists and texts
    // grew with (a third of a doc's tree at 10,000 docs).
    shrink(&mut out.content);
    out.text = text_of(&out.content);
    out
}

fn shrink(nodes: &mut Vec<Node>) {
    nodes.shrink_to_fit();
    for node in nodes {
        match node {
            Node::Text(text) => text.shrink_to_fit(),
            Node::Element(el) => {
                el.a.shrink_to_fit();
                shrink(&mut el.c);
            }
        }
    }
}

struct TreeBuilder<'a, 'r> {
    source: &'a Path,
    body_line: usize,
    route: &'a str,
    ctx: &'a RenderContext<'a>,
    toc_levels: (u8, u8),
    slugs: HashMap<String, usize>,
    stack: Vec<Element>,
    out: &'r mut Rendered,
    first_block: bool,
    images: &'a BTreeMap<String, String>,
    link_definitions: &'a str,
    /// JSX attribute expressions moved out of HTML tags by the split.
    expressions: &'a [String],
    /// Names the doc imports from the site's own code and data.
    site_imports: &'a BTreeMap<String, mdx::SiteImport>,
    /// The module (relative to the site) of each imported component that resolved.
    site_modules: BTreeMap<String, String>,
    /// Body line of the current Markdown segment's first line, minus one.
    segment_line: usize,
    /// Lines of the current segment inserted by the split (no source line).
    segment_inserted: Vec<usize>,
    /// The file is MDX (else CommonMark: `{` is text, text between HTML tags is not Markdown).
    mdx_syntax: bool,
    /// Inside a doc's `<head>` block (its tokens are skipped: the doc takes the MDX path).
    in_head: bool,
    /// Set while rendering text that comes from a data file: links are recorded against it.
    data_origin: Option<Origin>,
    /// Whether content deeper than [`MAX_DEPTH`] was reported (once per file).
    too_deep: bool,
}

/// How deep elements may nest in a page's content tree. Real pages stay under ten; the
/// limit keeps every recursive walk of the tree (this renderer, serialisation, the theme's
/// server rendering in Node) far from its stack's end, so that `check` refuses what
/// pre-rendering could not do.
pub const MAX_DEPTH: usize = 64;

/// U+2060 WORD JOINER: see [`TreeBuilder::html_text`].
const JOINER: char = '\u{2060}';

fn element(t: &str) -> Element {
    Element { t: t.into(), a: Attrs::new(), c: Vec::new() }
}

impl TreeBuilder<'_, '_> {
    fn open(&mut self, el: Element) -> usize {
        let depth = self.stack.len();
        self.stack.push(el);
        depth
    }

    /// Closes every element above `depth` (including raw HTML left open inside).
    fn close_to(&mut self, depth: usize) {
        while self.stack.len() > depth.max(1) {
            let el = self.stack.pop().expect("non-empty");
            self.stack.last_mut().expect("root").c.push(Node::Element(el));
        }
    }

    fn leaf(&mut self, el: Element) {
        self.stack.last_mut().expect("root").c.push(Node::Element(el));
    }

    fn text(&mut self, s: &str) {
        let top = self.stack.last_mut().expect("root");
        if let Some(Node::Text(prev)) = top.c.last_mut() {
            prev.push_str(s);
        } else {
            top.c.push(Node::Text(s.to_string()));
        }
    }

    fn line(&self, segment_line: usize) -> usize {
        let inserted = self.segment_inserted.iter().filter(|&&l| l < segment_line).count();
        self.body_line + self.segment_line + segment_line - inserted
    }

    /// Whether one more level of nesting fits under [`MAX_DEPTH`]; reports the first time
    /// it does not (what is deeper is left out).
    fn room_for_one_more(&mut self, line: usize) -> bool {
        if self.stack.len() < MAX_DEPTH {
            return true;
        }
        if !self.too_deep {
            self.too_deep = true;
            self.error(line, None, format!("content is nested more than {MAX_DEPTH} levels deep"), "flatten the nesting of quotes, lists and HTML elements");
        }
        false
    }

    fn error(&mut self, line: usize, column: Option<usize>, msg: String, hint: &str) {
        self.out.diagnostics.push(Diagnostic::error(self.source, msg).at(line, column).hint(hint));
    }

    /// What Docusaurus builds and the reader may find different from the intent.
    fn warn(&mut self, line: usize, column: Option<usize>, msg: String, hint: &str) {
        self.out.diagnostics.push(Diagnostic::error(self.source, msg).at(line, column).hint(hint).with_severity(Severity::Warning));
    }

    /// An error about MDX that needs JavaScript (an expression, a prop the engine cannot
    /// evaluate): the doc can take the MDX path ([`Rendered::needs_js`]).
    fn js_error(&mut self, line: usize, column: Option<usize>, msg: String, hint: &str) {
        self.out.needs_js = true;
        self.error(line, column, msg, hint);
    }

    fn blocks(&mut self, blocks: &[Block]) {
        for block in blocks {
            match block {
                Block::Markdown { text, line, inserted } => {
                    self.segment_inserted.clone_from(inserted);
                    // Raw HTML the segment leaves open (`<details>` before an admonition)
                    // stays open: the containers that follow go inside it, as in MDX, and
                    // its closing tag in a later segment closes it.
                    self.parse_markdown(text, *line);
                    self.segment_inserted.clear();
                }
                Block::Component { name, attrs, line } if mdx::SIDEBAR_COMPONENTS.contains(&name.as_str()) => {
                    self.first_block = false;
                    self.doc_card_list(name, attrs, self.body_line + line);
                }
                Block::Component { name, attrs, line } => {
                    self.first_block = false;
                    self.data_component(name, attrs, self.body_line + line);
                }
                Block::Container { kind, children, line } => {
                    self.first_block = false;
                    if !self.room_for_one_more(self.body_line + line) {
                        continue;
                    }
                    let mut el = element(match kind {
                        ContainerKind::Admonition { .. } => "Admonition",
                        ContainerKind::Tabs(_) => "Tabs",
                        ContainerKind::TabItem(_) => "TabItem",
                        ContainerKind::Layout { name, .. } => name,
                        ContainerKind::SiteComponent { .. } => site_components::ELEMENT,
                    });
                    match kind {
                        ContainerKind::SiteComponent { name, props } => {
                            el.a = self.site_component(name, props, self.body_line + line).into();
                        }
                        ContainerKind::Layout { name, attrs } => {
                            el.a = self.layout_attributes(name, attrs, self.body_line + line).into();
                        }
                        ContainerKind::Admonition { kind, .. } => {
                            el.a.extend(self.admonition_kind(kind));
                        }
                        ContainerKind::Tabs(attrs) => {
                            for (k, v) in attrs {
                                if k == "groupId" || k == "defaultValue" || k == "className" || k == "queryString" {
                                    el.a.insert(k.clone(), v.clone());
                                }
                            }
                        }
                        ContainerKind::TabItem(attrs) => {
                            let value = attrs.get("value").cloned();
                            match value {
                                Some(v) => {
                                    el.a.insert("value".into(), v.clone());
                                    el.a.insert("label".into(), attrs.get("label").cloned().unwrap_or(v));
                                }
                                None => self.error(self.body_line + line, None, "<TabItem> needs a `value`".into(), "write <TabItem value=\"ts\" label=\"TypeScript\">"),
                            }
                            if attrs.get("default").map(String::as_str) == Some("true") {
                                el.a.insert("default".into(), "true".into());
                            }
                        }
                    }
                    let depth = self.open(el);
                    if let ContainerKind::Admonition { title: Some(title), .. } = kind {
                        self.admonition_title(title, *line);
                    }
                    self.blocks(children);
                    self.close_to(depth);
                }
            }
        }
    }

    /// An admonition's title (`:::info _@EXPERIMENTAL_`) is inline Markdown: the open
    /// admonition gets its plain text as the `title` attribute (what the search index and
    /// any text reader use) and, when the title has markup, the rendered inline nodes as a
    /// first child `AdmonitionTitle` for the theme to show.
    fn admonition_title(&mut self, title: &str, line: usize) {
        let depth = self.open(element("AdmonitionTitle"));
        self.markdown(title, line);
        self.close_to(depth + 1);
        let mut holder = self.stack.pop().expect("the title element");
        // One paragraph is what a one-line title parses to: keep its inline children.
        let inline = match holder.c.as_mut_slice() {
            [Node::Element(p)] if p.t == "p" => Some(std::mem::take(&mut p.c)),
            _ => None,
        };
        if let Some(inline) = inline {
            holder.c = inline;
        }
        let plain = text_of(&holder.c).trim().to_string();
        let marked_up = holder.c.iter().any(|n| matches!(n, Node::Element(_)));
        let admonition = self.stack.last_mut().expect("the admonition");
        admonition.a.insert("title".into(), plain);
        if marked_up {
            admonition.c.push(Node::Element(holder));
        }
    }

    /// Resolves every import of the site's own code and data once (errors at the import's
    /// line: a file outside the site, a missing file or export), keeping each component's
    /// module for its uses.
    fn check_site_imports(&mut self) {
        let site_dir = self.ctx.site_dir;
        for (name, import) in self.site_imports {
            let line = self.body_line + import.line;
            let module = match site_components::resolve(site_dir, self.ctx.content_roots, self.source, &import.module) {
                Ok(m) => m,
                Err(why) => {
                    self.error(line, None, format!("the import of `{name}`: {why}"), "import a file of the site's own code, e.g. `import Chart from '@site/src/components/Chart'`");
                    continue;
                }
            };
            if import.is_data() {
                continue;
            }
            let text = match std::fs::read_to_string(&module.file) {
                Ok(t) => t,
                Err(e) => {
                    self.error(line, None, format!("cannot read `{}`: {e}", module.rel), "check the file's permissions");
                    continue;
                }
            };
            if let Some(exports) = site_components::exports(&text) {
                if !exports.contains(&import.export) {
                    let what = if import.export == "default" { "default export".to_string() } else { format!("export `{}`", import.export) };
                    let has = if exports.is_empty() { "nothing".to_string() } else { exports.join(", ") };
                    self.error(line, None, format!("`{}` has no {what} (it exports {has})", module.rel), "import one of the names it exports: `import { Name } from '…'` for a named export, `import Name from '…'` for the default one");
                    continue;
                }
            }
            self.site_modules.insert(name.clone(), module.rel);
        }
    }

    /// A use of one of the site's own components: its module (relative to the site), the
    /// export and the props as JSON (`site_components.rs`); a problem is an error at `line`.
    fn site_component(&mut self, name: &str, props: &[(String, mdx::PropSource)], line: usize) -> BTreeMap<String, String> {
        let mut a = BTreeMap::new();
        let (Some(import), Some(module)) = (self.site_imports.get(name), self.site_modules.get(name)) else { return a };
        let (site_dir, roots, source, imports) = (self.ctx.site_dir, self.ctx.content_roots, self.source, self.site_imports);
        let mut data = |ident: &str| imports.get(ident).filter(|i| i.is_data()).map(|i| site_components::data_value(site_dir, roots, source, i));
        match site_components::props(props, &mut data) {
            Ok(json) => {
                a.insert("module".into(), module.clone());
                a.insert("export".into(), import.export.clone());
                a.insert("props".into(), serde_json::Value::Object(json).to_string());
            }
            Err(why) => self.js_error(line, None, format!("`<{name}>`: {why}"), "props are string literals, numbers, booleans, `{…}` literal objects and arrays, or names the doc imports from a JSON file"),
        }
        a
    }

    /// Renders Markdown `text` (first line `line`) into the open element, closing what it
    /// opened, raw HTML included.
    fn markdown(&mut self, text: &str, line: usize) {
        let depth = self.stack.len();
        self.parse_markdown(text, line);
        self.close_to(depth);
    }

    /// Renders Markdown `text` into the open element, leaving open the raw HTML elements
    /// whose closing tag it lacks (see [`Self::blocks`]).
    fn parse_markdown(&mut self, text: &str, line: usize) {
        let arena = Arena::new();
        let mut options = Options::default();
        options.extension.table = true;
        options.extension.strikethrough = true;
        options.extension.autolink = true;
        options.extension.tasklist = true;
        options.extension.footnotes = true;
        // GitHub's alerts (`> [!NOTE]`) are admonitions in a `docsite.toml` site; Docusaurus
        // (3.10) has none: a quote starting with the text `[!NOTE]`.
        options.extension.alerts = !self.ctx.docusaurus();
        // `\{` stays apart from text, so that an unescaped `{` (an MDX expression) can be told
        // from an escaped one.
        options.parse.escaped_char_spans = true;
        let mut source = String::with_capacity(text.len() + self.link_definitions.len() + 1);
        source.push_str(text);
        if !self.link_definitions.is_empty() {
            source.push('\n');
            source.push_str(self.link_definitions);
        }
        let root = comrak::parse_document(&arena, &source, &options);
        self.segment_line = line - 1;
        for child in root.children() {
            self.node(child);
            self.first_block = false;
        }
    }

    /// The text of a raw HTML block between tags: in MDX it is Markdown (`<summary>Read
    /// _this_</summary>`: emphasis), phrasing when it is on one line; in CommonMark (and in
    /// `<pre>`/`<code>`) it is text as written.
    fn html_text(&mut self, text: &str, line: usize) {
        let core = text.trim();
        let verbatim = matches!(self.stack.last().map(|e| e.t.as_str()), Some("pre" | "code"));
        if !self.mdx_syntax || verbatim || core.contains('\n') || !core.contains(['*', '_', '`', '[', '~', '\\']) {
            self.text(text);
            return;
        }
        // The text is decoded already: escape what Markdown would read as HTML or an entity.
        // The word joiner keeps a leading `#`, `-` or `1.` from starting a block (MDX reads
        // the text between tags on one line as phrasing); it is taken off again below.
        let escaped = format!("{JOINER}{}", core.replace('<', "\\<").replace('&', "\\&"));
        let depth = self.open(element("span"));
        self.markdown(&escaped, line);
        self.close_to(depth + 1);
        let mut holder = self.stack.pop().expect("the holder");
        let mut inline = match holder.c.as_mut_slice() {
            [Node::Element(p)] if p.t == "p" => std::mem::take(&mut p.c),
            _ => std::mem::take(&mut holder.c),
        };
        if let Some(Node::Text(first)) = inline.first_mut() {
            *first = first.replacen(JOINER, "", 1);
        }
        let lead = &text[..text.len() - text.trim_start().len()];
        let trail = &text[text.trim_end().len()..];
        if !lead.is_empty() {
            self.text(lead);
        }
        for node in inline {
            match node {
                Node::Text(t) => self.text(&t),
                el => self.stack.last_mut().expect("root").c.push(el),
            }
        }
        if !trail.is_empty() {
            self.text(trail);
        }
    }

    fn node<'n>(&mut self, node: &'n AstNode<'n>) {
        let (value, pos) = {
            let data = node.data.borrow();
            (data.value.clone(), data.sourcepos)
        };
        let line = self.line(pos.start.line);
        if !self.room_for_one_more(line) {
            return;
        }
        let tag = |t: &str| element(t);
        let container = |this: &mut Self, el: Element| {
            let depth = this.open(el);
            for c in node.children() {
                this.node(c);
            }
            this.close_to(depth);
        };
        match value {
            NodeValue::Document => container(self, tag("div")),
            NodeValue::FrontMatter(_) => {}
            NodeValue::BlockQuote | NodeValue::MultilineBlockQuote(_) => container(self, tag("blockquote")),
            NodeValue::List(list) => {
                let mut el = tag(if list.list_type == ListType::Ordered { "ol" } else { "ul" });
                if list.list_type == ListType::Ordered && list.start != 1 {
                    el.a.insert("start".into(), list.start.to_string());
                }
                if list.is_task_list {
                    el.a.insert("class".into(), "contains-task-list".into());
                }
                container(self, el)
            }
            NodeValue::Item(_) => {
                let depth = self.open(tag("li"));
                self.list_item_children(node);
                self.close_to(depth);
            }
            NodeValue::TaskItem(task) => {
                let mut li = tag("li");
                li.a.insert("class".into(), "task-list-item".into());
                let depth = self.open(li);
                let mut input = tag("input");
                input.a.insert("type".into(), "checkbox".into());
                input.a.insert("disabled".into(), "".into());
                if task.symbol.is_some() {
                    input.a.insert("checked".into(), "".into());
                }
                self.leaf(input);
                self.text(" ");
                self.list_item_children(node);
                self.close_to(depth);
            }
            NodeValue::CodeBlock(cb) => self.code_block(&cb.info, &cb.literal, line),
            NodeValue::HtmlBlock(html) => self.raw_html(&html.literal, line),
            NodeValue::HtmlInline(html) => self.raw_html(&html, line),
            NodeValue::Paragraph => container(self, tag("p")),
            NodeValue::Heading(h) => self.heading(node, h.level, line),
            NodeValue::ThematicBreak => self.leaf(tag("hr")),
            NodeValue::FootnoteDefinition(def) => {
                let mut el = tag("div");
                el.a.insert("class".into(), "footnote-definition".into());
                el.a.insert("id".into(), format!("fn-{}", def.name));
                self.out.anchors.insert(format!("fn-{}", def.name));
                container(self, el)
            }
            NodeValue::FootnoteReference(r) => {
                let mut sup = tag("sup");
                sup.a.insert("id".into(), format!("fnref-{}", r.name));
                self.out.anchors.insert(format!("fnref-{}", r.name));
                let mut a = tag("a");
                a.a.insert("href".into(), format!("#fn-{}", r.name));
                a.c.push(Node::Text(r.ix.to_string()));
                sup.c.push(Node::Element(a));
                self.leaf(sup);
            }
            NodeValue::Table(t) => self.table(node, &t.alignments),
            NodeValue::TableRow(_) | NodeValue::TableCell => {}
            NodeValue::Text(t) => {
                let escaped = node.parent().is_some_and(|p| matches!(p.data.borrow().value, NodeValue::Escaped));
                let t = if escaped { t.to_string() } else { self.expression_free(&t, line) };
                self.text(&t)
            }
            NodeValue::SoftBreak => self.text("\n"),
            NodeValue::LineBreak => self.leaf(tag("br")),
            NodeValue::Code(code) => {
                let mut el = tag("code");
                el.c.push(Node::Text(code.literal.clone()));
                self.leaf(el);
            }
            NodeValue::Emph => container(self, tag("em")),
            NodeValue::Strong => container(self, tag("strong")),
            NodeValue::Strikethrough => container(self, tag("del")),
            NodeValue::Superscript => container(self, tag("sup")),
            NodeValue::Subscript => container(self, tag("sub")),
            NodeValue::Underline => container(self, tag("u")),
            NodeValue::Link(link) => {
                let mut a = tag("a");
                if let Some(href) = self.link(&link.url, line, pos.start.column) {
                    a.a.insert("href".into(), href);
                }
                if link.url.starts_with("pathname://") {
                    a.a.insert("data-reload".into(), "true".into());
                }
                if !link.title.is_empty() {
                    a.a.insert("title".into(), link.title.clone());
                }
                container(self, a)
            }
            NodeValue::Image(link) => {
                let mut img = tag("img");
                let alt = {
                    let depth = self.open(tag("alt"));
                    for c in node.children() {
                        self.node(c);
                    }
                    let el = self.stack.pop().expect("alt");
                    self.close_to(depth);
                    text_of(&el.c)
                };
                if let Some(src) = self.image(&link.url, line, pos.start.column, false) {
                    img.a.insert("src".into(), src);
                }
                img.a.insert("alt".into(), alt);
                if !link.title.is_empty() {
                    img.a.insert("title".into(), link.title.clone());
                }
                img.a.insert("loading".into(), "lazy".into());
                self.leaf(img);
            }
            NodeValue::Alert(alert) => {
                let kind = match alert.alert_type {
                    AlertType::Note => "note",
                    AlertType::Tip => "tip",
                    AlertType::Important => "important",
                    AlertType::Warning => "warning",
                    AlertType::Caution => "danger",
                };
                let mut el = tag("Admonition");
                el.a.insert("kind".into(), kind.into());
                if let Some(t) = &alert.title {
                    el.a.insert("title".into(), t.clone());
                }
                container(self, el)
            }
            NodeValue::Escaped => {
                for c in node.children() {
                    self.node(c);
                }
            }
            other => {
                // Extensions we do not enable; keep their text rather than lose it.
                let _ = other;
                for c in node.children() {
                    self.node(c);
                }
            }
        }
    }

    /// Children of a list item; in a tight list their paragraphs are unwrapped, as
    /// CommonMark renders them.
    fn list_item_children<'n>(&mut self, item: &'n AstNode<'n>) {
        let tight = item.parent().is_some_and(|p| matches!(p.data.borrow().value, NodeValue::List(l) if l.tight));
        for c in item.children() {
            if tight && matches!(c.data.borrow().value, NodeValue::Paragraph) {
                for gc in c.children() {
                    self.node(gc);
                }
            } else {
                self.node(c);
            }
        }
    }

    fn heading<'n>(&mut self, node: &'n AstNode<'n>, level: u8, line: usize) {
        let comment_id = self.comment_heading_id(node);
        let depth = self.open(element("h"));
        for c in node.children() {
            self.node(c);
        }
        let mut el = self.stack.pop().expect("heading");
        self.close_to(depth);
        let mut custom_id = None;
        if let Some(id) = comment_id {
            // The comment itself renders nothing; the space before it goes too.
            if let Some(Node::Text(last)) = el.c.last_mut() {
                last.truncate(last.trim_end().len());
            }
            custom_id = Some(id);
        } else if let Some(Node::Text(last)) = el.c.last_mut() {
            // `## Title {#custom-id}`
            let trimmed = last.trim_end();
            if let Some(start) = trimmed.rfind("{#") {
                if trimmed.ends_with('}') {
                    custom_id = Some(trimmed[start + 2..trimmed.len() - 1].to_string());
                    let keep = trimmed[..start].trim_end().len();
                    last.truncate(keep);
                }
            }
        }
        let text = text_of(&el.c).trim().to_string();
        if level == 1 && self.first_block && self.out.h1.is_none() {
            self.out.h1 = Some(text);
            // Docusaurus's `h1` in the content has no id and no `#` link.
            el.t = "h1".into();
            self.out.h1_element = Some(Node::Element(el));
            return;
        }
        let id = match custom_id {
            Some(id) => id,
            None => self.unique_slug(&slug(&text)),
        };
        if !self.out.anchors.insert(id.clone()) {
            self.warn(line, None, format!("duplicate heading id {id:?}"), "give the heading another {#custom-id}");
        }
        let (min, max) = self.toc_levels;
        if level >= min && level <= max {
            self.out.toc.push(TocItem { id: id.clone(), text: text.clone(), level });
        }
        el.t = "Heading".into();
        el.a.insert("level".into(), level.to_string());
        el.a.insert("id".into(), id);
        self.leaf(el);
    }

    /// The id a heading's closing MDX comment names, as Docusaurus 3.10 and later read it:
    /// `## Title {/* #id */}` has the id `id` (the comment's first word, after its `#`). A
    /// comment without `#`, an expression holding anything else (`{/* a */ /* #b */}`,
    /// `{x /* #b */}`) or a comment before the end names none. Only in MDX, where `{/* */}`
    /// is a comment at all.
    fn comment_heading_id<'n>(&self, heading: &'n AstNode<'n>) -> Option<String> {
        if !self.mdx_syntax || !self.ctx.comment_heading_ids {
            return None;
        }
        // The heading's closing text, however comrak split it into text nodes.
        let mut text = String::new();
        let mut child = heading.last_child();
        while let Some(node) = child {
            match &node.data.borrow().value {
                NodeValue::Text(t) => text.insert_str(0, t),
                _ => break,
            }
            child = node.previous_sibling();
        }
        let inner = text.trim_end().strip_suffix("*/}")?;
        let comment = &inner[inner.rfind("{/*")? + 3..];
        if comment.contains("*/") {
            return None;
        }
        let first = comment.trim().split(' ').next()?;
        first.strip_prefix('#').filter(|id| !id.is_empty()).map(str::to_string)
    }

    fn unique_slug(&mut self, base: &str) -> String {
        let base = if base.is_empty() { "section".to_string() } else { base.to_string() };
        let n = self.slugs.entry(base.clone()).or_insert(0);
        let id = if *n == 0 { base.clone() } else { format!("{base}-{n}") };
        *n += 1;
        id
    }

    /// A GFM table. Each body cell carries its column's header text as `data-label`: on a
    /// phone the theme lays each row out as a card, every value under its label. Inline code
    /// in a cell gets break opportunities (`<wbr>`) at its sensible points, so a long
    /// identifier wraps there instead of widening its column.
    fn table<'n>(&mut self, node: &'n AstNode<'n>, alignments: &[TableAlignment]) {
        let table_depth = self.open(element("table"));
        let mut body_depth = None;
        let mut labels: Vec<String> = Vec::new();
        for row in node.children() {
            let header = matches!(row.data.borrow().value, NodeValue::TableRow(true));
            let row_depth = if header {
                let d = self.open(element("thead"));
                self.open(element("tr"));
                d
            } else {
                if body_depth.is_none() {
                    body_depth = Some(self.open(element("tbody")));
                }
                self.open(element("tr"))
            };
            for (i, cell) in row.children().enumerate() {
                // An empty header cell (the corner of a table whose first column names its
                // rows) heads nothing: a `td`, as screen readers and axe's
                // `empty-table-header` rule expect.
                let th = header && cell.first_child().is_some();
                let mut el = element(if th { "th" } else { "td" });
                if let Some(label) = labels.get(i).filter(|l| !header && !l.is_empty()) {
                    el.a.insert("data-label".into(), label.clone());
                }
                match alignments.get(i) {
                    Some(TableAlignment::Left) => drop(el.a.insert("align".into(), "left".into())),
                    Some(TableAlignment::Center) => drop(el.a.insert("align".into(), "center".into())),
                    Some(TableAlignment::Right) => drop(el.a.insert("align".into(), "right".into())),
                    _ => {}
                }
                let d = self.open(el);
                for c in cell.children() {
                    self.node(c);
                }
                if let Some(cell) = self.stack.last_mut() {
                    if header {
                        labels.push(text_of(&cell.c).trim().to_string());
                    }
                    breakable_code(&mut cell.c);
                }
                self.close_to(d);
            }
            self.close_to(row_depth);
        }
        self.close_to(table_depth);
    }

    fn code_block(&mut self, info: &str, literal: &str, line: usize) {
        let info = info.trim();
        let (lang, meta) = match info.split_once(char::is_whitespace) {
            Some((l, m)) => (l, m.trim()),
            None => (info, ""),
        };
        let lang = lang.trim_start_matches('{').trim_end_matches('}');
        if lang == "mermaid" {
            let mut el = element("Mermaid");
            // The size it will be drawn at, when measured: the theme reserves the space.
            if let Some(size) = self.ctx.data.diagram_size(literal) {
                el.a.insert("width".into(), format!("{}", size.width));
                el.a.insert("height".into(), format!("{}", size.height));
                if size.fit {
                    el.a.insert("fit".into(), "true".into());
                }
            }
            el.a.insert("code".into(), literal.to_string());
            self.leaf(el);
            return;
        }
        let mut title = None;
        let mut lines = Vec::new();
        let mut line_numbers: Option<usize> = None;
        let mut rest = meta;
        while !rest.is_empty() {
            rest = rest.trim_start();
            if let Some(after) = rest.strip_prefix("title=") {
                let (value, remaining) = match after.chars().next() {
                    Some(q @ ('"' | '\'')) => {
                        let end = after[1..].find(q).map(|e| e + 1).unwrap_or(after.len());
                        (after[1..end].to_string(), after.get(end + 1..).unwrap_or(""))
                    }
                    _ => {
                        let end = after.find(char::is_whitespace).unwrap_or(after.len());
                        (after[..end].to_string(), &after[end..])
                    }
                };
                title = Some(value);
                rest = remaining;
            } else if rest.starts_with('{') {
                let end = rest.find('}').map(|e| e + 1).unwrap_or(rest.len());
                match highlight::parse_line_ranges(&rest[..end]) {
                    Some(l) => lines = l,
                    None => self.error(line, None, format!("invalid line highlight `{}` in code fence", &rest[..end]), "write line numbers and ranges like {1,3-4}"),
                }
                rest = &rest[end..];
            } else {
                // `showLineNumbers` (or `showLineNumbers=5`: numbering from 5); other words
                // (`no-check`) are flags for other tools.
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                let word = &rest[..end];
                if word == "showLineNumbers" {
                    line_numbers = Some(1);
                } else if let Some(start) = word.strip_prefix("showLineNumbers=") {
                    match start.parse::<usize>() {
                        Ok(n) => line_numbers = Some(n),
                        Err(_) => self.error(line, None, format!("invalid `{word}` in code fence"), "write showLineNumbers or showLineNumbers=<first line number>"),
                    }
                }
                rest = &rest[end..];
            }
        }
        let magic = highlight::magic_comments(literal);
        if let Some(at) = magic.unclosed {
            // Docusaurus highlights nothing of it and builds the page: a warning.
            self.warn(line + at, None, "`highlight-start` is never closed by `highlight-end`: none of its lines is highlighted".into(), "add a `highlight-end` comment after the last line to highlight");
        }
        for l in magic.lines {
            if !lines.contains(&l) {
                lines.push(l);
            }
        }
        let literal = magic.code.as_str();
        let grammar = match highlight::grammar_for(lang) {
            Some(g) => g,
            None => {
                self.warn(line, None, format!("unknown code block language `{lang}`"), &format!("use {}", highlight::KNOWN_LANGUAGES));
                ""
            }
        };
        let mut el = element("CodeBlock");
        el.a.insert("lang".into(), if lang.is_empty() { "text".into() } else { lang.to_string() });
        if let Some(t) = title {
            el.a.insert("title".into(), t);
        }
        if let Some(first) = line_numbers {
            el.a.insert("lineNumbers".into(), first.to_string());
        }
        let mut html = highlight::highlight(grammar, literal, &lines);
        if highlight::is_signature(lang, literal) {
            el.a.insert("signature".into(), "1".into());
            html = highlight::wrap_parameters(&html);
        }
        el.a.insert("html".into(), html);
        self.leaf(el);
    }

    /// Weaves raw HTML tokens into the tree.
    fn raw_html(&mut self, html: &str, line: usize) {
        if let Some(pos) = find_component_tag(html).filter(|_| self.mdx_syntax) {
            let name: String = html[pos + 1..].trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            self.error(line, None, format!("unsupported MDX component `<{name}>`"), "supported: <Tabs>, <TabItem> on lines of their own, and HTML elements");
            return;
        }
        use html5gum::{Token, Tokenizer};
        for token in Tokenizer::new(html).flatten() {
            if self.in_head {
                self.in_head = !matches!(&token, Token::EndTag(tag) if tag.name.eq_ignore_ascii_case(b"head"));
                continue;
            }
            match token {
                Token::StartTag(tag) => {
                    let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
                    // `<head>` in an MDX doc sets the page's title and meta tags in Docusaurus
                    // (its MDX components map `head` to `<Head>`): the MDX path does that.
                    if name == "head" && self.mdx_syntax {
                        self.js_error(line, None, "`<head>` (the page's title and meta tags) is not supported on the Markdown path".into(), "a site read from a Docusaurus config renders this doc on the MDX path");
                        self.in_head = !tag.self_closing;
                        continue;
                    }
                    if name == mdx::LIST_ADMONITION_TAG {
                        let attrs: BTreeMap<String, String> = tag.attributes.iter().map(|(k, v)| (String::from_utf8_lossy(k).into_owned(), String::from_utf8_lossy(v).into_owned())).collect();
                        self.list_admonition(&attrs, line);
                        continue;
                    }
                    // An iframe is allowed from the configured origins only (checked below).
                    let problem = if name == "iframe" { None } else { html_policy::element_problem(&name, self.ctx.html) };
                    if let Some(problem) = problem {
                        self.error(line, None, problem, "content is rendered by the theme; use Markdown, an allowed HTML element, or a code block to show markup");
                        continue;
                    }
                    let mut el = element(if name == "details" { "Details" } else { &name });
                    for (k, v) in &tag.attributes {
                        let k = String::from_utf8_lossy(k).to_ascii_lowercase();
                        let raw = String::from_utf8_lossy(v).to_string();
                        let v = match self.attribute_value(&k, &raw) {
                            Ok(v) => v,
                            Err(hint) => {
                                let shown = self.shown_expression(&raw);
                                self.js_error(line, None, format!("JSX expression `{{{shown}}}` in attribute `{k}` is not supported"), &hint);
                                continue;
                            }
                        };
                        if let Some(problem) = html_policy::attribute_problem(&name, &k, &v, self.ctx.html) {
                            self.error(line, None, problem, if k == "style" { "use only sizes, spacing, alignment, borders and colours in `style`" } else { "remove the attribute" });
                            continue;
                        }
                        let k = match k.as_str() {
                            "classname" => "class".to_string(),
                            _ => k,
                        };
                        el.a.insert(k, v);
                    }
                    if let Some(id) = el.a.get("id").or_else(|| if name == "a" { el.a.get("name") } else { None }) {
                        self.out.anchors.insert(id.clone());
                    }
                    if let Some(href) = el.a.get("href").cloned() {
                        if name == "a" {
                            match self.link(&href, line, 1) {
                                Some(resolved) => el.a.insert("href".into(), resolved),
                                None => el.a.remove("href"),
                            };
                            if href.starts_with("pathname://") {
                                el.a.insert("data-reload".into(), "true".into());
                            }
                        }
                    }
                    if name == "iframe" {
                        match html_policy::frame_problem(el.a.get("src").map(String::as_str), self.ctx.frame_src) {
                            Ok(origin) => drop(self.out.frame_origins.insert(origin)),
                            Err((problem, hint)) => {
                                self.error(line, None, problem, &hint);
                                continue;
                            }
                        }
                    }
                    if let Some(src) = el.a.get("src").cloned() {
                        if name == "img" {
                            match self.image(&src, line, 1, true) {
                                Some(resolved) => el.a.insert("src".into(), resolved),
                                None => el.a.remove("src"),
                            };
                        }
                    }
                    if tag.self_closing || is_void(&name) {
                        self.leaf(el);
                    } else if self.room_for_one_more(line) {
                        self.stack.push(el);
                    }
                }
                Token::EndTag(tag) => {
                    let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
                    let name = match name.as_str() {
                        "details" => "Details".to_string(),
                        mdx::LIST_ADMONITION_TAG => "Admonition".to_string(),
                        _ => name,
                    };
                    if let Some(pos) = self.stack.iter().rposition(|e| e.t == name) {
                        if pos > 0 {
                            self.close_to(pos);
                        }
                    }
                }
                Token::String(s) => {
                    let s = self.expression_free(&String::from_utf8_lossy(&s), line);
                    if !s.trim().is_empty() || !matches!(self.stack.last().map(|e| e.t.as_str()), Some("root" | "div" | "Details" | "table" | "tr" | "tbody" | "thead" | "ul" | "ol")) {
                        self.html_text(&s, line);
                    }
                }
                _ => {}
            }
        }
    }

    /// An admonition's `kind` attribute, and its `title` when the type gives one (a title
    /// written after the type replaces it). In a Docusaurus site the legacy types
    /// `secondary`, `important` and `success` look like `note`, `info` and `tip` and are
    /// titled with their own word, as its theme's `admonitionAliases` show them; a
    /// `docsite.toml` site's theme has a look of its own for each.
    fn admonition_kind(&self, kind: &str) -> Vec<(String, String)> {
        let alias = match kind {
            "secondary" => Some("note"),
            "important" => Some("info"),
            "success" => Some("tip"),
            _ => None,
        };
        match alias {
            Some(look) if self.ctx.docusaurus() => vec![("kind".into(), look.into()), ("title".into(), kind.into())],
            _ => vec![("kind".into(), kind.into())],
        }
    }

    /// Opens the admonition the split wrote for a `:::` inside a list item (see
    /// [`mdx::LIST_ADMONITION_TAG`]); its closing tag closes it.
    fn list_admonition(&mut self, attributes: &BTreeMap<String, String>, line: usize) {
        let get = |k: &str| attributes.get(k).cloned();
        let kind = get("kind").unwrap_or_default();
        if !mdx::ADMONITIONS.contains(&kind.as_str()) {
            self.error(line, None, format!("unknown admonition type `{kind}`"), &format!("use one of {}", mdx::ADMONITIONS.join(", ")));
            return;
        }
        if !self.room_for_one_more(line) {
            return;
        }
        let mut el = element("Admonition");
        el.a.extend(self.admonition_kind(&kind));
        if let Some(title) = get("title") {
            el.a.insert("title".into(), title);
        }
        self.stack.push(el);
    }

    /// The value of an HTML attribute, with a JSX expression (`{…}`, moved out of the tag
    /// by the split) evaluated the way Docusaurus would for the forms sites use: string,
    /// number and boolean literals, an imported image, `require('./x.png').default` (the
    /// file next to the doc, copied like a Markdown image), `useBaseUrl('/x')` (the path,
    /// which links and images prefix with the base URL) and, for `style`, an object literal
    /// (`{{width: 200}}` becomes `width: 200px`). Anything else: `Err(hint)`.
    fn attribute_value(&self, attr: &str, raw: &str) -> Result<String, String> {
        let expr = match raw.strip_prefix(mdx::EXPR_OPEN).and_then(|r| r.strip_suffix(mdx::EXPR_CLOSE)) {
            Some(index) => match index.parse::<usize>().ok().and_then(|i| self.expressions.get(i)) {
                Some(e) => e.as_str(),
                None => return Ok(raw.to_string()),
            },
            None if raw.starts_with('{') && raw.ends_with('}') => raw[1..raw.len() - 1].trim(),
            None => return Ok(raw.to_string()),
        };
        if let Some(s) = string_literal(expr) {
            return Ok(s);
        }
        if expr == "true" || expr == "false" || expr.parse::<f64>().is_ok() {
            return Ok(expr.to_string());
        }
        if let Some(path) = self.images.get(expr) {
            return Ok(path.clone());
        }
        if let Some(arg) = call_argument(expr, "require").or_else(|| expr.strip_suffix(".default").and_then(|e| call_argument(e, "require"))) {
            return Ok(arg);
        }
        if let Some(arg) = call_argument(expr, "useBaseUrl") {
            return Ok(if arg.starts_with('/') || has_scheme(&arg) { arg } else { format!("/{arg}") });
        }
        if attr == "style" && expr.starts_with('{') {
            return mdx::style_object(expr).ok_or_else(|| "write the style as an object of literal values, such as style={{width: 200, textAlign: 'center'}}".to_string());
        }
        Err("use a string, a number, an imported image, require('./file.png').default or useBaseUrl('/path')".into())
    }

    /// The expression an attribute value stands for, for messages.
    fn shown_expression(&self, raw: &str) -> String {
        raw.strip_prefix(mdx::EXPR_OPEN)
            .and_then(|r| r.strip_suffix(mdx::EXPR_CLOSE))
            .and_then(|i| i.parse::<usize>().ok())
            .and_then(|i| self.expressions.get(i).cloned())
            .unwrap_or_else(|| raw.trim_start_matches('{').trim_end_matches('}').to_string())
    }

    /// Text with its MDX expressions handled: `{/* comments */}` and empty `{}` are dropped, `{#id}` (a
    /// heading id) is kept for [`Self::heading`], and any other `{…}` is an error at its
    /// line: Docusaurus would evaluate it as JavaScript, which this renderer does not, and
    /// printing the braces would show the reader code. `\{` is a brace.
    fn expression_free(&mut self, text: &str, line: usize) -> String {
        if !self.mdx_syntax || !text.contains(['{', mdx::EXPR_OPEN]) {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(i) = rest.find(['{', mdx::EXPR_OPEN]) {
            out.push_str(&rest[..i]);
            let from = &rest[i..];
            if from.starts_with(mdx::EXPR_OPEN) {
                let end = from.find(mdx::EXPR_CLOSE).map_or(from.len(), |e| e + mdx::EXPR_CLOSE.len_utf8());
                let shown = self.shown_expression(&from[..end]);
                self.js_error(line, None, format!("JSX attribute `{{{shown}}}` is outside an HTML tag that could be read"), "keep the whole tag on one line, with its attributes, or write the value out");
                rest = &from[end..];
                continue;
            }
            if from.starts_with("{#") {
                out.push('{');
                rest = &from[1..];
                continue;
            }
            if let Some(after) = from.strip_prefix("{/*") {
                if let Some(end) = after.find("*/}") {
                    rest = &after[end + 3..];
                    continue;
                }
            }
            let end = from.find('}').map_or(from.len(), |e| e + 1);
            // An empty expression (`{}`, `{ }`) renders nothing in MDX.
            if from[..end].ends_with('}') && from[1..end - 1].trim().is_empty() {
                rest = &from[end..];
                continue;
            }
            let shown: String = from[..end].chars().take(60).collect();
            self.js_error(line, None, format!("MDX expression `{shown}` is not supported"), "write the value out, or escape the brace as `\\{` to show it as text");
            rest = &from[end..];
        }
        out.push_str(rest);
        out
    }

    /// Resolves a link target to the href written in the page, recording it for checks;
    /// `None` (and an error) for a URL the policy refuses ([`html_policy::refused_scheme`]).
    fn link(&mut self, url: &str, line: usize, column: usize) -> Option<String> {
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
    fn image(&mut self, url: &str, line: usize, column: usize, raw: bool) -> Option<String> {
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

/// The text of a JavaScript string literal (`'a'`, `"a"`, or a template without `${`).
fn string_literal(expr: &str) -> Option<String> {
    for q in ['"', '\'', '`'] {
        if let Some(inner) = expr.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            let interpolates = q == '`' && inner.contains("${");
            if !inner.contains(q) && !interpolates {
                return Some(inner.to_string());
            }
        }
    }
    None
}

/// The string argument of `name('…')`.
fn call_argument(expr: &str, name: &str) -> Option<String> {
    let inner = expr.strip_prefix(name)?.trim_start().strip_prefix('(')?.strip_suffix(')')?;
    string_literal(inner.trim())
}

fn is_void(name: &str) -> bool {
    matches!(name, "img" | "br" | "hr" | "input" | "col" | "wbr" | "source" | "area" | "meta" | "link")
}

fn has_scheme(url: &str) -> bool {
    match url.find(':') {
        Some(i) => {
            let scheme = &url[..i];
            !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.') && !url[..i].contains('/')
        }
        None => false,
    }
}

/// Position of a capitalised (JSX component) tag in raw HTML, outside comments.
fn find_component_tag(html: &str) -> Option<usize> {
    let mut i = 0;
    let b = html.as_bytes();
    while i < b.len() {
        // Byte-wise: `i` may be inside a multi-byte character (only `<` is a boundary).
        if b[i..].starts_with(b"<!--") {
            i = html[i..].find("-->").map(|e| i + e + 3).unwrap_or(b.len());
            continue;
        }
        if b[i] == b'<' {
            let j = if b.get(i + 1) == Some(&b'/') { i + 2 } else { i + 1 };
            if b.get(j).is_some_and(|c| c.is_ascii_uppercase()) {
                return Some(i);
            }
        }
        i += 1;
    }
    None
}

/// Adds `<wbr>` break opportunities to the inline code in `nodes` (a table cell) longer than
/// a short word: after `.`, `/` and `_`, and between a lower-case letter and an upper-case
/// one (`payload.channelId` -> `payload.|channel|Id`), never inside a word otherwise.
fn breakable_code(nodes: &mut [Node]) {
    for node in nodes {
        let Node::Element(el) = node else { continue };
        if el.t != "code" {
            breakable_code(&mut el.c);
            continue;
        }
        let [Node::Text(text)] = el.c.as_slice() else { continue };
        if text.chars().count() <= 12 {
            continue;
        }
        let mut parts = Vec::new();
        let mut current = String::new();
        let mut previous: Option<char> = None;
        for c in text.chars() {
            let camel = previous.is_some_and(|p| p.is_lowercase()) && c.is_uppercase();
            if camel && !current.is_empty() {
                parts.push(Node::Text(std::mem::take(&mut current)));
                parts.push(Node::Element(element("wbr")));
            }
            current.push(c);
            if matches!(c, '.' | '/' | '_') {
                parts.push(Node::Text(std::mem::take(&mut current)));
                parts.push(Node::Element(element("wbr")));
            }
            previous = Some(c);
        }
        if !current.is_empty() {
            parts.push(Node::Text(current));
        }
        while matches!(parts.last(), Some(Node::Element(e)) if e.t == "wbr") {
            parts.pop();
        }
        el.c = parts;
    }
}

/// Plain text of a content tree.
pub fn text_of(nodes: &[Node]) -> String {
    let mut s = String::new();
    fn walk(nodes: &[Node], s: &mut String) {
        for n in nodes {
            match n {
                Node::Text(t) => s.push_str(t),
                Node::Element(e) => {
                    if e.t == "CodeBlock" {
                        continue;
                    }
                    walk(&e.c, s);
                    if matches!(e.t.as_str(), "p" | "li" | "Heading" | "td" | "th" | "br" | "Card" | "CardTitle" | "CardPublisher" | "CardBadge" | "CardDescription" | "CardConformance" | "UserTile") {
                        s.push(' ');
                    }
                }
            }
        }
    }
    walk(nodes, &mut s);
    s
}

/// GitHub-style heading slug (what Docusaurus uses): lowercase, punctuation dropped,
/// spaces to hyphens.
pub fn slug(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c == ' ' {
                Some('-')
            } else if c.is_alphanumeric() || c == '-' || c == '_' {
                Some(c)
            } else {
                None
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx_render(body: &str) -> Rendered {
        render_under(body, html_policy::HtmlPolicy::Listed)
    }

    /// `body` rendered for a site read from a Docusaurus config (`Docusaurus`) or a
    /// `docsite.toml` (`Listed`).
    fn render_under(body: &str, html: html_policy::HtmlPolicy) -> Rendered {
        let routes = HashMap::new();
        let data = DataFiles::default();
        let ctx = RenderContext { site_dir: Path::new("/nonexistent"), doc_routes: &routes, content_roots: &[], base_url: "/", toc_levels: (2, 3), data: &data, versions: &[], frame_src: Some(&[]), doc_cards: &Default::default(), mdx: MdxPath::Off, plugin_dirs: &[], format: MarkdownFormat::Mdx, html, comment_heading_ids: true };
        render(Path::new("/site/docs/page.md"), body, 0, "/docs/page", (2, 3), &ctx)
    }

    #[test]
    fn a_headings_closing_mdx_comment_names_its_id_as_in_docusaurus_3_10() {
        let body = "## Getting started {/* #start */}\n\n## Both {/* #comment extra words */}\n\n## Classic {#old}\n\n## No hash {/* note */}\n\n## Mid {/* #x */} text\n\n## *Styled* words {/* #styled */}\n";
        let ids = |comment_heading_ids: bool, format: MarkdownFormat| {
            let (routes, data) = (HashMap::new(), DataFiles::default());
            let ctx = RenderContext { site_dir: Path::new("/nonexistent"), doc_routes: &routes, content_roots: &[], base_url: "/", toc_levels: (2, 3), data: &data, versions: &[], frame_src: None, doc_cards: &Default::default(), mdx: MdxPath::Off, plugin_dirs: &[], format, html: html_policy::HtmlPolicy::Docusaurus, comment_heading_ids };
            let r = render(Path::new("/site/docs/page.md"), body, 0, "/docs/page", (2, 3), &ctx);
            r.toc.iter().map(|t| (t.id.clone(), t.text.clone())).collect::<Vec<_>>()
        };
        let pairs = |list: &[(&str, &str)]| list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>();
        assert_eq!(
            ids(true, MarkdownFormat::Mdx),
            pairs(&[("start", "Getting started"), ("comment", "Both"), ("old", "Classic"), ("no-hash", "No hash"), ("mid--text", "Mid  text"), ("styled", "Styled words")])
        );
        // Docusaurus 3.0 to 3.9: the comment is only a comment.
        assert_eq!(ids(false, MarkdownFormat::Mdx)[..2], pairs(&[("getting-started", "Getting started"), ("both", "Both")]));
    }

    /// The (tag, kind, title) of each top-level element.
    fn boxes(r: &Rendered) -> Vec<(String, Option<String>, Option<String>)> {
        r.content.iter().filter_map(|n| if let Node::Element(e) = n { Some((e.t.clone(), e.a.get("kind").cloned(), e.a.get("title").cloned())) } else { None }).collect()
    }

    #[test]
    fn a_docusaurus_site_shows_legacy_admonitions_and_github_alerts_as_docusaurus_does() {
        let body = ":::important\n\nA\n\n:::\n\n:::success Done\n\nB\n\n:::\n\n- item\n\n  :::secondary\n  C\n  :::\n\n> [!NOTE]\n> D\n";
        let s = |t: &str| t.to_string();
        let docusaurus = render_under(body, html_policy::HtmlPolicy::Docusaurus);
        assert!(docusaurus.diagnostics.is_empty(), "{:?}", docusaurus.diagnostics);
        let found = boxes(&docusaurus);
        assert_eq!(found[..2], [(s("Admonition"), Some(s("info")), Some(s("important"))), (s("Admonition"), Some(s("tip")), Some(s("Done")))]);
        // The list item's admonition, then the alert: a quote whose text keeps `[!NOTE]`.
        let Node::Element(list) = &docusaurus.content[2] else { panic!() };
        assert!(format!("{list:?}").contains("\"kind\": \"note\"") && format!("{list:?}").contains("\"title\": \"secondary\""), "{list:?}");
        assert_eq!(found[3].0, "blockquote");
        assert!(text_of(&docusaurus.content[3..]).contains("[!NOTE]"));
        // A docsite.toml site keeps each type's own look, and GitHub's alerts.
        let listed = boxes(&render_under(body, html_policy::HtmlPolicy::Listed));
        assert_eq!(listed.iter().map(|(t, k, _)| (t.as_str(), k.as_deref())).collect::<Vec<_>>(), [("Admonition", Some("important")), ("Admonition", Some("success")), ("ul", None), ("Admonition", Some("note"))]);
    }

    #[test]
    fn a_head_block_in_an_mdx_doc_needs_the_mdx_path_and_nothing_inside_it_is_refused() {
        let r = ctx_render("<head>\n  <title>T</title>\n  <meta name=\"description\" content=\"D\" />\n</head>\n\nText <b>after</b>.\n");
        assert!(r.needs_js);
        let messages: Vec<(Option<usize>, &str)> = r.diagnostics.iter().map(|d| (d.line, d.message.as_str())).collect();
        assert_eq!(messages, vec![(Some(1), "`<head>` (the page's title and meta tags) is not supported on the Markdown path")]);
    }

    #[test]
    fn a_measured_diagram_carries_its_size() {
        let code = "sequenceDiagram\n  A->>B: hi\n";
        let mut data = DataFiles::default();
        let size = crate::data_files::DiagramSize { width: 612.5, height: 300.0, fit: false };
        data.sets.insert("diagram-sizes".into(), crate::data_files::DataSet::DiagramSizes([(crate::data_files::diagram_key(code), size)].into()));
        let routes = HashMap::new();
        let ctx = RenderContext { site_dir: Path::new("/nonexistent"), doc_routes: &routes, content_roots: &[], base_url: "/", toc_levels: (2, 3), data: &data, versions: &[], frame_src: Some(&[]), doc_cards: &Default::default(), mdx: MdxPath::Off, plugin_dirs: &[], format: MarkdownFormat::Mdx, html: html_policy::HtmlPolicy::Listed, comment_heading_ids: true };
        let body = format!("```mermaid\n{code}```\n\n```mermaid\ngraph TD; A-->B\n```\n");
        let r = render(Path::new("/site/docs/page.md"), &body, 0, "/docs/page", (2, 3), &ctx);
        let attrs: Vec<Vec<(&str, &str)>> = r
            .content
            .iter()
            .filter_map(|n| if let Node::Element(e) = n { Some(e.a.iter().filter(|(k, _)| *k != "code").map(|(k, v)| (k.as_str(), v.as_str())).collect()) } else { None })
            .collect();
        // The measured one gets width and height (no `fit`: it keeps its natural size); the other nothing.
        assert_eq!(attrs, vec![vec![("height", "300"), ("width", "612.5")], vec![]]);
    }

    #[test]
    fn admonition_titles_render_inline_markdown() {
        let r = ctx_render(":::info _@EXPERIMENTAL_ and `code`\n\nBody\n\n:::\n\n:::tip Plain title\n\nBody\n\n:::\n");
        let Node::Element(info) = &r.content[0] else { panic!("{:?}", r.content) };
        assert_eq!(info.a.get("title").map(String::as_str), Some("@EXPERIMENTAL and code"));
        let Some(Node::Element(title)) = info.c.first() else { panic!("{:?}", info.c) };
        assert_eq!(title.t, "AdmonitionTitle");
        let tags: Vec<_> = title.c.iter().filter_map(|n| if let Node::Element(e) = n { Some(e.t.as_str()) } else { None }).collect();
        assert_eq!(tags, vec!["em", "code"]);
        let Node::Element(tip) = &r.content[1] else { panic!("{:?}", r.content) };
        assert_eq!(tip.a.get("title").map(String::as_str), Some("Plain title"));
        assert!(!tip.c.iter().any(|n| matches!(n, Node::Element(e) if e.t == "AdmonitionTitle")), "{:?}", tip.c);
    }

    #[test]
    fn an_empty_header_cell_is_a_data_cell() {
        let r = ctx_render("| | A | B |\n| --- | --- | --- |\n| x | 1 | 2 |\n");
        let Node::Element(table) = &r.content[0] else { panic!("{:?}", r.content) };
        let Some(Node::Element(thead)) = table.c.first() else { panic!("{:?}", table.c) };
        let Some(Node::Element(row)) = thead.c.first() else { panic!("{:?}", thead.c) };
        let cells: Vec<_> = row.c.iter().filter_map(|n| if let Node::Element(e) = n { Some(e.t.as_str()) } else { None }).collect();
        assert_eq!(cells, vec!["td", "th", "th"]);
    }

    #[test]
    fn body_cells_carry_their_column_label_and_long_identifiers_break_at_dots_and_humps() {
        let r = ctx_render("| Property | Type |\n| --- | --- |\n| `id.ISIN` | `string` |\n| `payload.channelId` | x |\n");
        let Node::Element(table) = &r.content[0] else { panic!("{:?}", r.content) };
        let Some(Node::Element(tbody)) = table.c.get(1) else { panic!("{:?}", table.c) };
        let rows: Vec<&Element> = tbody.c.iter().filter_map(|n| if let Node::Element(e) = n { Some(e) } else { None }).collect();
        let cells = |row: &Element| -> Vec<Element> { row.c.iter().filter_map(|n| if let Node::Element(e) = n { Some(e.clone()) } else { None }).collect() };
        let first = cells(rows[0]);
        assert_eq!(first[0].a.get("data-label").map(String::as_str), Some("Property"));
        assert_eq!(first[1].a.get("data-label").map(String::as_str), Some("Type"));
        // Short code stays one text.
        let Some(Node::Element(short)) = first[0].c.first() else { panic!() };
        assert_eq!(short.c.len(), 1);
        let second = cells(rows[1]);
        let Some(Node::Element(long)) = second[0].c.first() else { panic!() };
        let shape: Vec<String> = long.c.iter().map(|n| match n { Node::Text(t) => t.clone(), Node::Element(e) => format!("<{}>", e.t) }).collect();
        assert_eq!(shape, vec!["payload.", "<wbr>", "channel", "<wbr>", "Id"]);
        assert_eq!(text_of(&long.c), "payload.channelId");
    }

    #[test]
    fn slugs_match_github() {
        assert_eq!(slug("What's New in 2.2?"), "whats-new-in-22");
        assert_eq!(slug("fdc3.open()"), "fdc3open");
        assert_eq!(slug("Context Data Standard Compliance"), "context-data-standard-compliance");
    }

    #[test]
    fn leading_h1_becomes_the_title_and_duplicates_get_suffixes() {
        let r = ctx_render("# Title\n\n## A\n\n## A\n\n### B\n\n#### C\n");
        assert_eq!(r.h1.as_deref(), Some("Title"));
        let ids: Vec<_> = r.toc.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, vec!["a", "a-1", "b"]);
        assert!(r.anchors.contains("c"));
    }

    #[test]
    fn raw_details_wrap_the_markdown_between_them() {
        let r = ctx_render("<details>\n<summary>More</summary>\n\nInside **bold**\n\n</details>\n\nAfter\n");
        let Node::Element(d) = &r.content[0] else { panic!("{:?}", r.content) };
        assert_eq!(d.t, "Details");
        assert!(text_of(&d.c).contains("Inside bold"), "{:?}", d.c);
        assert_eq!(r.content.len(), 2, "{:?}", r.content);
    }

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

    #[test]
    fn code_fences_carry_title_and_highlighted_lines() {
        let r = ctx_render("```ts title=\"app.ts\" {2}\nconst a = 1;\nconst b = 2;\n```\n");
        let Node::Element(cb) = &r.content[0] else { panic!() };
        assert_eq!(cb.t, "CodeBlock");
        assert_eq!(cb.a["title"], "app.ts");
        assert!(cb.a["html"].contains("line highlighted"));
    }

    #[test]
    fn an_empty_expression_renders_nothing() {
        let r = ctx_render("## Print {} in import\n\nBraces {} and { } vanish.\n");
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        assert_eq!(r.toc.first().map(|t| t.id.as_str()), Some("print--in-import"));
        assert_eq!(text_of(&r.content).trim(), "Print  in import Braces  and  vanish.");
    }

    #[test]
    fn style_objects_of_tags_spread_over_lines_are_read() {
        let routes = HashMap::new();
        let data = DataFiles::default();
        let ctx = RenderContext { site_dir: Path::new("/nonexistent"), doc_routes: &routes, content_roots: &[], base_url: "/", toc_levels: (2, 3), data: &data, versions: &[], frame_src: None, doc_cards: &Default::default(), mdx: MdxPath::Off, plugin_dirs: &[], format: MarkdownFormat::Mdx, html: html_policy::HtmlPolicy::Listed, comment_heading_ids: true };
        let body = "<div\n  style={{margin: \"0 auto\", width: \"1000px\"}}>\n  <iframe\n    src=\"https://example.org/x\"\n    style={{width: \"1000px\", height: \"700px\"}}>\n  </iframe>\n</div>\n";
        let r = render(Path::new("/site/docs/page.mdx"), body, 0, "/docs/page", (2, 3), &ctx);
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        let json = serde_json::to_string(&r.content).unwrap();
        assert!(json.contains("margin: 0 auto; width: 1000px"), "{json}");
        assert!(json.contains("width: 1000px; height: 700px"), "{json}");
    }

    #[test]
    fn jsx_in_inline_html_is_an_error() {
        let r = ctx_render("Text\n\n<div><Foo /></div>\n");
        assert!(r.diagnostics.iter().any(|d| d.message.contains("<Foo>")), "{:?}", r.diagnostics);
    }
}
