//! Raw HTML woven into the tree: html5gum's tokens open and close elements of the same
//! tree as the Markdown around them (an element a segment leaves open stays open across the
//! containers that follow, as in MDX), each element and attribute checked against the HTML
//! policy (`html_policy.rs`), attribute expressions evaluated (`expressions.rs`), `href` and
//! `src` resolved (`links.rs`); the text between tags is Markdown in MDX. The AST walk
//! (`tree.rs`) hands HTML blocks and inline HTML here.

use std::collections::BTreeMap;

use super::tree::{element, TreeBuilder};
use super::{html_policy, mdx};
use crate::contract::Node;

/// U+2060 WORD JOINER: see [`TreeBuilder::html_text`].
const JOINER: char = '\u{2060}';

impl TreeBuilder<'_, '_> {
    /// Weaves raw HTML tokens into the tree.
    pub(super) fn raw_html(&mut self, html: &str, line: usize) {
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
}

fn is_void(name: &str) -> bool {
    matches!(name, "img" | "br" | "hr" | "input" | "col" | "wbr" | "source" | "area" | "meta" | "link")
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

#[cfg(test)]
mod tests {
    use super::super::testing::ctx_render;
    use crate::contract::Node;
    use crate::markdown::text_of;

    #[test]
    fn a_head_block_in_an_mdx_doc_needs_the_mdx_path_and_nothing_inside_it_is_refused() {
        let r = ctx_render("<head>\n  <title>T</title>\n  <meta name=\"description\" content=\"D\" />\n</head>\n\nText <b>after</b>.\n");
        assert!(r.needs_js);
        let messages: Vec<(Option<usize>, &str)> = r.diagnostics.iter().map(|d| (d.line, d.message.as_str())).collect();
        assert_eq!(messages, vec![(Some(1), "`<head>` (the page's title and meta tags) is not supported on the Markdown path")]);
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
    fn jsx_in_inline_html_is_an_error() {
        let r = ctx_render("Text\n\n<div><Foo /></div>\n");
        assert!(r.diagnostics.iter().any(|d| d.message.contains("<Foo>")), "{:?}", r.diagnostics);
    }
}
