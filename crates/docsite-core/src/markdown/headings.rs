//! Headings: the leading `# ` taken as the page's title, every other heading given an id
//! (`{#custom-id}`, Docusaurus 3.10's `{/* #id */}`, else a GitHub-style slug made unique
//! in the page), recorded as an anchor and, within the TOC levels, in the TOC. The AST walk
//! (`tree.rs`) hands headings here; `components.rs` uses the slugs too.

use comrak::nodes::{AstNode, NodeValue};

use super::text_of;
use super::tree::{element, TreeBuilder};
use crate::contract::{Node, TocItem};

impl TreeBuilder<'_, '_> {
    pub(super) fn heading<'n>(&mut self, node: &'n AstNode<'n>, level: u8, line: usize) {
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
        // A Docusaurus site's content title is its first heading when that is a `# ` one
        // above any thematic break, wherever it stands among the top-level blocks (here one
        // directly in the body); elsewhere the leading block only.
        let title = self.first_block || (self.ctx.docusaurus() && !self.heading_seen && depth == 1);
        self.heading_seen = true;
        if level == 1 && title && self.out.h1.is_none() {
            self.out.h1 = Some(text);
            self.out.h1_at = self.stack.first().map_or(0, |root| root.c.len());
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

    pub(super) fn unique_slug(&mut self, base: &str) -> String {
        let base = if base.is_empty() { "section".to_string() } else { base.to_string() };
        let n = self.slugs.entry(base.clone()).or_insert(0);
        let id = if *n == 0 { base.clone() } else { format!("{base}-{n}") };
        *n += 1;
        id
    }
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
    use std::collections::HashMap;
    use std::path::Path;

    use super::super::testing::ctx_render;
    use super::*;
    use crate::data_files::DataFiles;
    use crate::markdown::{html_policy, render, MarkdownFormat, MdxPath, RenderContext};

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
}
