//! Admonitions in the tree: their kind (Docusaurus's legacy aliases in a Docusaurus site),
//! their title rendered as inline Markdown, and the admonitions the split wrote inside list
//! items as an HTML element (`mdx::LIST_ADMONITION_TAG`), opened again from raw HTML.
//! `containers.rs` and `raw_html.rs` use them; GitHub's alerts are `tree.rs`'s.

use std::collections::BTreeMap;

use super::mdx;
use super::text_of;
use super::tree::{element, TreeBuilder};
use crate::contract::Node;

impl TreeBuilder<'_, '_> {
    /// An admonition's title (`:::info _@EXPERIMENTAL_`) is inline Markdown: the open
    /// admonition gets its plain text as the `title` attribute (what the search index and
    /// any text reader use) and, when the title has markup, the rendered inline nodes as a
    /// first child `AdmonitionTitle` for the theme to show.
    pub(super) fn admonition_title(&mut self, title: &str, line: usize) {
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

    /// An admonition's `kind` attribute, and its `title` when the type gives one (a title
    /// written after the type replaces it). In a Docusaurus site the legacy types
    /// `secondary`, `important` and `success` look like `note`, `info` and `tip` and are
    /// titled with their own word, as its theme's `admonitionAliases` show them; a
    /// `docsite.toml` site's theme has a look of its own for each.
    pub(super) fn admonition_kind(&self, kind: &str) -> Vec<(String, String)> {
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
    pub(super) fn list_admonition(&mut self, attributes: &BTreeMap<String, String>, line: usize) {
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
}

#[cfg(test)]
mod tests {
    use super::super::testing::{ctx_render, render_under};
    use crate::contract::Node;
    use crate::markdown::{html_policy, text_of, Rendered};

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
}
