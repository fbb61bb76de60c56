//! Code fences: Mermaid diagrams (with their measured size), and code blocks whose fence
//! meta gives a title, highlighted lines (`{1,3-4}`, magic comments) and line numbers,
//! highlighted by `highlight.rs`. The AST walk (`tree.rs`) hands fences here.

use super::tree::{element, TreeBuilder};
use crate::highlight;

impl TreeBuilder<'_, '_> {
    pub(super) fn code_block(&mut self, info: &str, literal: &str, line: usize) {
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
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::path::Path;

    use super::super::testing::ctx_render;
    use crate::contract::Node;
    use crate::data_files::DataFiles;
    use crate::markdown::{html_policy, render, MarkdownFormat, MdxPath, RenderContext};

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
    fn code_fences_carry_title_and_highlighted_lines() {
        let r = ctx_render("```ts title=\"app.ts\" {2}\nconst a = 1;\nconst b = 2;\n```\n");
        let Node::Element(cb) = &r.content[0] else { panic!() };
        assert_eq!(cb.t, "CodeBlock");
        assert_eq!(cb.a["title"], "app.ts");
        assert!(cb.a["html"].contains("line highlighted"));
    }
}
