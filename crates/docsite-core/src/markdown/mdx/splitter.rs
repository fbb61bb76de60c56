//! The split itself: a document body read line by line into a tree of [`Block`]s, code
//! fences, HTML comments and indented code passed through as text, everything else handed
//! to the file of the subset's part it belongs to (`admonitions.rs`, `jsx.rs`,
//! `imports.rs`, `attributes.rs`). The frames here are the open containers; the other files
//! of the split push lines into them and open and close them.

use super::admonitions::{admonition_line, list_admonition_line, ListAdmonition};
use super::attributes::{move_attribute_expressions, OpenTag};
use super::imports::{parse_import, Import};
use super::jsx::{inline_component, jsx_line, tag_end};
use super::tabs::label_tab_items;
use super::{Block, ContainerKind, MdxError, SiteImport, Split};

pub(super) struct Frame {
    pub(super) kind: Option<ContainerKind>,
    pub(super) children: Vec<Block>,
    line: usize,
    text: String,
    text_line: usize,
    /// Lines of `text` so far, and which of them were inserted.
    text_lines: usize,
    inserted: Vec<usize>,
}

impl Frame {
    fn new(kind: Option<ContainerKind>, line: usize) -> Frame {
        Frame { kind, children: Vec::new(), line, text: String::new(), text_line: line + 1, text_lines: 0, inserted: Vec::new() }
    }

    pub(super) fn flush(&mut self) {
        if !self.text.trim().is_empty() {
            self.children.push(Block::Markdown { text: dedent(&self.text), line: self.text_line, inserted: std::mem::take(&mut self.inserted) });
        }
        self.text.clear();
        self.text_lines = 0;
        self.inserted.clear();
    }

    /// Adds a line that has no line in the source (see [`Block::Markdown`]).
    pub(super) fn push_inserted(&mut self, line: &str, no: usize) {
        push_line(self, line, no);
        self.inserted.push(self.text_lines);
    }
}

/// Splits a document body (front matter already removed).
///
/// `mdx` is false for a CommonMark file (`markdown.format` `md`, or `detect` and not
/// `.mdx`): admonitions and code fences are read as in MDX, and nothing else is JSX
/// (imports, exports, `<Tags>` and `{…}` are text and HTML as written).
pub fn split(body: &str, mdx: bool) -> Result<Split, Vec<MdxError>> {
    let mut errors = Vec::new();
    let mut out = Split::default();
    let mut stack = vec![Frame::new(None, 0)];
    let mut fence: Option<(char, usize)> = None;
    let mut in_comment = false;
    // Whether the lines read are inside a list (for admonitions in list items), and
    // whether the previous line was blank.
    let mut in_list = false;
    let mut after_blank = true;
    let mut list_admonitions: Vec<ListAdmonition> = Vec::new();
    // An opening component tag spread over several lines: its text so far and first line.
    let mut pending_tag: Option<(String, usize)> = None;
    // An HTML tag a Markdown line leaves open (its attributes go on), and whether the lines
    // are in an HTML block (from a line starting with a tag to a blank line), where an
    // indented line is HTML, not code.
    let mut open_tag = OpenTag::default();
    let mut in_html = false;
    let lines: Vec<&str> = body.lines().collect();
    for (i, &raw_line) in lines.iter().enumerate() {
        let no = i + 1;
        if let Some((mut tag, start)) = pending_tag.take() {
            tag.push(' ');
            tag.push_str(raw_line.trim());
            if tag_end(&tag).is_some() {
                jsx_line(&mut stack, &mut errors, &tag, start, &out.site_imports);
            } else if no == lines.len() || no - start > 50 {
                errors.push(MdxError { js: false, line: start, message: format!("the tag `{}` is never closed with `>`", tag.chars().take(40).collect::<String>()), hint: "end the opening tag with `>` (or `/>`)".into() });
            } else {
                pending_tag = Some((tag, start));
            }
            continue;
        }
        let trimmed = raw_line.trim();
        if trimmed.is_empty() {
            open_tag = OpenTag::default();
            in_html = false;
        }
        let indent = raw_line.len() - raw_line.trim_start().len();
        let blank = trimmed.is_empty();
        if fence.is_none() && !in_comment && !blank {
            if list_item_indent(raw_line).is_some() {
                in_list = true;
            } else if indent == 0 && after_blank && list_admonitions.is_empty() {
                in_list = false;
            }
        }
        after_blank = blank;
        // Inside a fenced code block: everything is text until the closing fence.
        if let Some((ch, len)) = fence {
            let run = trimmed.chars().take_while(|c| *c == ch).count();
            if run >= len && trimmed.chars().all(|c| c == ch) {
                fence = None;
            }
            push_line(stack.last_mut().expect("root"), raw_line, no);
            continue;
        }
        if let Some(f) = fence_start(trimmed) {
            fence = Some(f);
            push_line(stack.last_mut().expect("root"), raw_line, no);
            continue;
        }
        // HTML comments pass through to Markdown; JSX inside them is not ours to judge.
        if in_comment {
            if trimmed.contains("-->") {
                in_comment = false;
            }
            push_line(stack.last_mut().expect("root"), raw_line, no);
            continue;
        }
        if trimmed.starts_with("<!--") && !trimmed.contains("-->") {
            in_comment = true;
            push_line(stack.last_mut().expect("root"), raw_line, no);
            continue;
        }
        // An admonition inside a list item (`:::` indented under the item): an element
        // comrak keeps inside the item, with blank lines around so that the Markdown inside
        // stays Markdown.
        if let Some(after) = trimmed.strip_prefix(":::").filter(|_| in_list && (indent > 0 || !list_admonitions.is_empty())) {
            list_admonition_line(stack.last_mut().expect("root"), &mut list_admonitions, after.trim_start_matches(':'), &raw_line[..indent], no, &mut errors);
            continue;
        }
        // Indented code (4+ spaces outside a container's own indentation) is text too.
        if indent >= 4 && stack.len() == 1 && !in_list && !in_html {
            push_line(stack.last_mut().expect("root"), raw_line, no);
            continue;
        }
        if mdx && trimmed.starts_with('<') && trimmed[1..].starts_with(|c: char| c.is_ascii_lowercase() || c == '/') {
            in_html = true;
        }
        if let Some(rest) = trimmed.strip_prefix("import ").filter(|_| mdx) {
            if stack.len() == 1 && !rest.contains('`') {
                match parse_import(rest) {
                    Ok(Import::Theme) => {}
                    Ok(Import::Image(name, path)) => {
                        out.image_imports.insert(name, path);
                    }
                    Ok(Import::Site(module, names)) => {
                        for (local, export) in names {
                            if out.site_imports.contains_key(&local) {
                                errors.push(MdxError { js: false, line: no, message: format!("`{local}` is imported twice"), hint: "import each name once".into() });
                            }
                            out.site_imports.insert(local, SiteImport { module: module.clone(), export, line: no });
                        }
                    }
                    Err(msg) => errors.push(MdxError {
                        js: true,
                        line: no,
                        message: msg,
                        hint: "supported: `import Tabs from '@theme/Tabs'`, `import TabItem from '@theme/TabItem'`, image imports, the site's components (`import X from '@site/src/components/X'`, `import { Y } from '@site/…'`) and JSON data (`import rows from '@site/data/rows.json'`)".into(),
                    }),
                }
                push_line(stack.last_mut().expect("root"), "", no);
                continue;
            }
        }
        if mdx && trimmed.starts_with("export ") && stack.len() == 1 {
            errors.push(MdxError {
                js: true,
                line: no,
                message: "MDX `export` is not supported".into(),
                hint: "move the data into front matter or the page text".into(),
            });
            continue;
        }
        // `{/* comment */}` on its own line.
        if mdx && trimmed.starts_with("{/*") && trimmed.ends_with("*/}") {
            push_line(stack.last_mut().expect("root"), "", no);
            continue;
        }
        // Admonitions.
        if let Some(after) = trimmed.strip_prefix(":::") {
            admonition_line(&mut stack, after.trim_start_matches(':'), raw_line, no, &mut out.warnings, &mut errors);
            continue;
        }
        // JSX tags of the subset, on their own line (an opening tag may span lines).
        if mdx && trimmed.starts_with('<') && trimmed[1..].starts_with(|c: char| c.is_ascii_uppercase()) && tag_end(trimmed).is_none() {
            pending_tag = Some((trimmed.to_string(), no));
            continue;
        }
        if mdx && trimmed.starts_with('<') && jsx_line(&mut stack, &mut errors, trimmed, no, &out.site_imports) {
            continue;
        }
        if let Some(name) = inline_component(raw_line).filter(|_| mdx) {
            errors.push(MdxError {
                js: true,
                line: no,
                message: format!("MDX component `<{name}>` must be on a line of its own"),
                hint: "put the opening and closing tags on their own lines, with a blank line around the Markdown inside".into(),
            });
            continue;
        }
        if is_reference_definition(raw_line) {
            out.link_definitions.push_str(raw_line.trim());
            out.link_definitions.push('\n');
        }
        let line = if mdx { move_attribute_expressions(raw_line, &mut out.expressions, &mut open_tag) } else { raw_line.to_string() };
        push_line(stack.last_mut().expect("root"), &line, no);
    }
    if let Some((tag, start)) = pending_tag {
        errors.push(MdxError { js: false, line: start, message: format!("the tag `{}` is never closed with `>`", tag.chars().take(40).collect::<String>()), hint: "end the opening tag with `>` (or `/>`)".into() });
    }
    for open in list_admonitions {
        errors.push(MdxError { js: false, line: open.line, message: "admonition is never closed".into(), hint: "close it with `:::` at the indentation of its list item".into() });
    }
    while stack.len() > 1 {
        let f = stack.last().expect("frame");
        // An admonition left open at the end runs to the end of the file, as a directive
        // does in Docusaurus.
        if let Some(ContainerKind::Admonition { kind, .. }) = &f.kind {
            out.warnings.push(MdxError {
                js: false,
                line: f.line,
                message: format!(":::{kind} is never closed: it runs to the end of the file"),
                hint: "close it with `:::` after its last line".into(),
            });
            close(&mut stack);
            continue;
        }
        let what = match &f.kind {
            Some(ContainerKind::Admonition { kind, .. }) => format!(":::{kind}"),
            Some(ContainerKind::Tabs(_)) => "<Tabs>".into(),
            Some(ContainerKind::TabItem(_)) => "<TabItem>".into(),
            Some(ContainerKind::Layout { name, .. } | ContainerKind::SiteComponent { name, .. }) => format!("<{name}>"),
            None => "block".into(),
        };
        errors.push(MdxError {
            js: false,
            line: f.line,
            message: format!("{what} is never closed"),
            hint: "close admonitions with `:::`, tabs with `</TabItem>` / `</Tabs>` and containers with their closing tag".into(),
        });
        close(&mut stack);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut root = stack.pop().expect("root");
    root.flush();
    out.blocks = root.children;
    Ok(out)
}

pub(super) fn push_line(frame: &mut Frame, line: &str, no: usize) {
    if frame.text.is_empty() {
        frame.text_line = no;
    }
    frame.text.push_str(line);
    frame.text.push('\n');
    frame.text_lines += 1;
}

pub(super) fn open(stack: &mut Vec<Frame>, kind: ContainerKind, line: usize) {
    stack.last_mut().expect("root").flush();
    stack.push(Frame::new(Some(kind), line));
}

pub(super) fn close(stack: &mut Vec<Frame>) {
    let mut f = stack.pop().expect("open frame");
    f.flush();
    let mut kind = f.kind.expect("container");
    if let ContainerKind::Tabs(attrs) = &mut kind {
        label_tab_items(attrs, &mut f.children);
    }
    let parent = stack.last_mut().expect("root");
    parent.flush();
    parent.children.push(Block::Container { kind, children: f.children, line: f.line });
}

/// The content indentation of a list item line (`- a`, `1. a`), `None` for other lines.
fn list_item_indent(line: &str) -> Option<usize> {
    let indent = line.len() - line.trim_start().len();
    let t = line.trim_start();
    let marker = if t.starts_with(['-', '*', '+']) {
        1
    } else {
        let digits = t.chars().take_while(char::is_ascii_digit).count();
        if digits == 0 || digits > 9 || !t[digits..].starts_with(['.', ')']) {
            return None;
        }
        digits + 1
    };
    let after = &t[marker..];
    (after.is_empty() || after.starts_with([' ', '\t'])).then_some(indent + marker + 1)
}

/// Removes the indentation common to all non-blank lines (content inside JSX is often
/// indented, which Markdown would read as code).
fn dedent(text: &str) -> String {
    let min = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    if min == 0 {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for l in text.lines() {
        out.push_str(l.get(min..).unwrap_or(""));
        out.push('\n');
    }
    out
}

fn fence_start(trimmed: &str) -> Option<(char, usize)> {
    for ch in ['`', '~'] {
        let run = trimmed.chars().take_while(|c| *c == ch).count();
        if run >= 3 {
            return Some((ch, run));
        }
    }
    None
}

fn is_reference_definition(line: &str) -> bool {
    let indent = line.len() - line.trim_start().len();
    let t = line.trim_start();
    indent <= 3 && t.starts_with('[') && !t.starts_with("[^") && t.find("]:").is_some_and(|i| i > 1)
}

#[cfg(test)]
mod tests {
    use super::super::kinds;
    use super::*;

    #[test]
    fn tabs_inside_admonitions_nest() {
        let body = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\nIntro\n\n:::tip Try it\n<Tabs groupId=\"lang\">\n<TabItem value=\"ts\" label=\"TypeScript\">\n\n```ts\nconst a = 1;\n```\n\n</TabItem>\n</Tabs>\n:::\n";
        let s = split(body, true).unwrap();
        let k = kinds(&s.blocks);
        assert_eq!(k.len(), 2, "{k:?}");
        assert!(k[1].starts_with("Admonition { kind: \"tip\", title: Some(\"Try it\") }[Tabs("), "{k:?}");
    }

    #[test]
    fn code_fences_hide_jsx_and_colons() {
        let s = split("```md\n:::note\n<Foo/>\n```\n", true).unwrap();
        assert_eq!(kinds(&s.blocks), vec!["md@1"]);
    }

    #[test]
    fn unclosed_containers_are_reported_at_their_opening_line() {
        let errs = split("a\n\n<Tabs>\nb\n", true).unwrap_err();
        assert_eq!(errs[0].line, 3);
        assert!(errs[0].message.contains("never closed"));
        // An admonition runs to the end of the file, as a directive does in Docusaurus: a warning.
        let s = split("a\n\n:::note\nb\n", true).unwrap();
        assert_eq!((s.warnings[0].line, s.warnings[0].message.contains("never closed")), (3, true));
        assert!(s.blocks.len() == 2 && matches!(s.blocks[1], Block::Container { .. }), "{:?}", kinds(&s.blocks));
    }
}
