//! The tree builder: its state while one doc renders, the primitives that build the
//! element tree (open, close, text, errors at source lines), and the walk of comrak's AST,
//! which hands each kind of node to its own file (headings, tables, code blocks, raw HTML,
//! links). `render` (in `mod.rs`) makes one builder per doc; every other file of the
//! module adds its part to it.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use comrak::nodes::{AlertType, AstNode, ListType, NodeValue};
use comrak::{Arena, Options};

use super::{mdx, text_of, RenderContext, Rendered, MAX_DEPTH};
use crate::contract::{Attrs, Element, Node};
use crate::data_files::Origin;
use crate::diagnostics::{Diagnostic, Severity};

/// The state of one doc's rendering: the elements open on the way down, what the doc
/// produced so far (`out`), and what the split found. Every file of the module adds an
/// `impl` block for its kind of content.
pub(super) struct TreeBuilder<'a, 'r> {
    pub(super) source: &'a Path,
    pub(super) body_line: usize,
    pub(super) route: &'a str,
    pub(super) ctx: &'a RenderContext<'a>,
    pub(super) toc_levels: (u8, u8),
    pub(super) slugs: HashMap<String, usize>,
    pub(super) stack: Vec<Element>,
    pub(super) out: &'r mut Rendered,
    pub(super) first_block: bool,
    /// A heading or a thematic break has been read (Docusaurus takes a `# ` heading as the
    /// content's title only when it is the first heading, above any thematic break).
    pub(super) heading_seen: bool,
    pub(super) images: &'a BTreeMap<String, String>,
    pub(super) link_definitions: &'a str,
    /// JSX attribute expressions moved out of HTML tags by the split.
    pub(super) expressions: &'a [String],
    /// Names the doc imports from the site's own code and data.
    pub(super) site_imports: &'a BTreeMap<String, mdx::SiteImport>,
    /// The module (relative to the site) of each imported component that resolved.
    pub(super) site_modules: BTreeMap<String, String>,
    /// Body line of the current Markdown segment's first line, minus one.
    pub(super) segment_line: usize,
    /// Lines of the current segment inserted by the split (no source line).
    pub(super) segment_inserted: Vec<usize>,
    /// The file is MDX (else CommonMark: `{` is text, text between HTML tags is not Markdown).
    pub(super) mdx_syntax: bool,
    /// Inside a doc's `<head>` block (its tokens are skipped: the doc takes the MDX path).
    pub(super) in_head: bool,
    /// Set while rendering text that comes from a data file: links are recorded against it.
    pub(super) data_origin: Option<Origin>,
    /// Whether content deeper than [`MAX_DEPTH`] was reported (once per file).
    pub(super) too_deep: bool,
}

/// An element without attributes or children.
pub(super) fn element(t: &str) -> Element {
    Element { t: t.into(), a: Attrs::new(), c: Vec::new() }
}

impl TreeBuilder<'_, '_> {
    pub(super) fn open(&mut self, el: Element) -> usize {
        let depth = self.stack.len();
        self.stack.push(el);
        depth
    }

    /// Closes every element above `depth` (including raw HTML left open inside).
    pub(super) fn close_to(&mut self, depth: usize) {
        while self.stack.len() > depth.max(1) {
            let el = self.stack.pop().expect("non-empty");
            self.stack.last_mut().expect("root").c.push(Node::Element(el));
        }
    }

    pub(super) fn leaf(&mut self, el: Element) {
        self.stack.last_mut().expect("root").c.push(Node::Element(el));
    }

    pub(super) fn text(&mut self, s: &str) {
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
    pub(super) fn room_for_one_more(&mut self, line: usize) -> bool {
        if self.stack.len() < MAX_DEPTH {
            return true;
        }
        if !self.too_deep {
            self.too_deep = true;
            self.error(line, None, format!("content is nested more than {MAX_DEPTH} levels deep"), "flatten the nesting of quotes, lists and HTML elements");
        }
        false
    }

    pub(super) fn error(&mut self, line: usize, column: Option<usize>, msg: String, hint: &str) {
        self.out.diagnostics.push(Diagnostic::error(self.source, msg).at(line, column).hint(hint));
    }

    /// What Docusaurus builds and the reader may find different from the intent.
    pub(super) fn warn(&mut self, line: usize, column: Option<usize>, msg: String, hint: &str) {
        self.out.diagnostics.push(Diagnostic::error(self.source, msg).at(line, column).hint(hint).with_severity(Severity::Warning));
    }

    /// An error about MDX that needs JavaScript (an expression, a prop the engine cannot
    /// evaluate): the doc can take the MDX path ([`Rendered::needs_js`]).
    pub(super) fn js_error(&mut self, line: usize, column: Option<usize>, msg: String, hint: &str) {
        self.out.needs_js = true;
        self.error(line, column, msg, hint);
    }

    /// Renders Markdown `text` (first line `line`) into the open element, closing what it
    /// opened, raw HTML included.
    pub(super) fn markdown(&mut self, text: &str, line: usize) {
        let depth = self.stack.len();
        self.parse_markdown(text, line);
        self.close_to(depth);
    }

    /// Renders Markdown `text` into the open element, leaving open the raw HTML elements
    /// whose closing tag it lacks (see [`Self::blocks`]).
    pub(super) fn parse_markdown(&mut self, text: &str, line: usize) {
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

    pub(super) fn node<'n>(&mut self, node: &'n AstNode<'n>) {
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
            NodeValue::ThematicBreak => {
                self.heading_seen = true;
                self.leaf(tag("hr"))
            }
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
}
