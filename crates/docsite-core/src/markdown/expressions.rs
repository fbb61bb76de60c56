//! MDX's JavaScript expressions where the Markdown path meets them: an HTML attribute's
//! `{…}` (moved out of the tag by the split, `mdx::EXPR_OPEN`), evaluated for the literal
//! forms Docusaurus sites use (strings, numbers, imported images, `require(…)`,
//! `useBaseUrl(…)`, style objects), and `{…}` in text (comments and `{#id}` kept, anything
//! else an error that sends the doc to the MDX path). Used by `raw_html.rs` and `tree.rs`.

use super::links::has_scheme;
use super::mdx;
use super::tree::TreeBuilder;

impl TreeBuilder<'_, '_> {
    /// The value of an HTML attribute, with a JSX expression (`{…}`, moved out of the tag
    /// by the split) evaluated the way Docusaurus would for the forms sites use: string,
    /// number and boolean literals, an imported image, `require('./x.png').default` (the
    /// file next to the doc, copied like a Markdown image), `useBaseUrl('/x')` (the path,
    /// which links and images prefix with the base URL) and, for `style`, an object literal
    /// (`{{width: 200}}` becomes `width: 200px`). Anything else: `Err(hint)`.
    pub(super) fn attribute_value(&self, attr: &str, raw: &str) -> Result<String, String> {
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
    pub(super) fn shown_expression(&self, raw: &str) -> String {
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
    pub(super) fn expression_free(&mut self, text: &str, line: usize) -> String {
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

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::path::Path;

    use super::super::testing::ctx_render;
    use crate::data_files::DataFiles;
    use crate::markdown::{html_policy, render, text_of, MarkdownFormat, MdxPath, RenderContext};

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
}
