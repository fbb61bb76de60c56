//! The MDX subset Docusaurus sites use, split out before Markdown parsing.
//!
//! Docusaurus parses docs as MDX; real docs trees use a small part of it: `import Tabs from
//! '@theme/Tabs'`, `<Tabs groupId>` / `<TabItem value label>` blocks, `:::note Title`
//! admonitions (which may contain tabs), `{/* comments */}` and image imports. This pass
//! turns a document into a tree of [`Block`]s whose leaves are plain Markdown segments, each
//! parsed by comrak on its own. Anything else that looks like JSX or an import is an error
//! with its line, never silently dropped.
//!
//! Besides Docusaurus's tabs, the site pages use two families of the engine's own
//! components (no import needed): layout containers with Markdown inside ([`LAYOUTS`]:
//! `<Hero>`, `<CardGrid>`, `<Card>`) and data components on a line of their own
//! ([`DATA_COMPONENTS`]: `<Showcase data="community" />`, …), which the render stage fills
//! from the site's data files.

use std::collections::BTreeMap;

/// A block of a document: Markdown, or a container of blocks.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// Plain Markdown; `line` is the 1-based line of its first line in the body.
    Markdown {
        /// The text.
        text: String,
        /// First line.
        line: usize,
    },
    /// A data component (`<Showcase data="community" />`), self-closing, filled in by the
    /// render stage from the site's data files.
    Component {
        /// Component name.
        name: String,
        /// Attributes as written.
        attrs: BTreeMap<String, String>,
        /// Line of the tag.
        line: usize,
    },
    /// A container with its children.
    Container {
        /// What container.
        kind: ContainerKind,
        /// Children.
        children: Vec<Block>,
        /// Line of the opening tag.
        line: usize,
    },
}

/// The containers of the subset.
#[derive(Debug, Clone, PartialEq)]
pub enum ContainerKind {
    /// `:::kind Title`.
    Admonition {
        /// note, tip, info, caution, warning, danger.
        kind: String,
        /// Optional title.
        title: Option<String>,
    },
    /// `<Tabs ...>`.
    Tabs(BTreeMap<String, String>),
    /// `<TabItem ...>`.
    TabItem(BTreeMap<String, String>),
    /// A layout container of [`LAYOUTS`] (`<Card title="API">`).
    Layout {
        /// Component name.
        name: String,
        /// Attributes as written.
        attrs: BTreeMap<String, String>,
    },
}

impl ContainerKind {
    /// The tag name that closes this container, for JSX containers.
    fn tag(&self) -> Option<&str> {
        match self {
            ContainerKind::Admonition { .. } => None,
            ContainerKind::Tabs(_) => Some("Tabs"),
            ContainerKind::TabItem(_) => Some("TabItem"),
            ContainerKind::Layout { name, .. } => Some(name),
        }
    }
}

/// A problem in the MDX subset, with its 1-based line in the body.
#[derive(Debug, Clone, PartialEq)]
pub struct MdxError {
    /// Line.
    pub line: usize,
    /// Message.
    pub message: String,
    /// Hint.
    pub hint: String,
}

/// Admonition kinds Docusaurus knows.
pub const ADMONITIONS: &[&str] = &["note", "tip", "info", "caution", "warning", "danger", "important", "success", "secondary"];

/// Layout containers of the site pages: Markdown inside, tags on lines of their own.
pub const LAYOUTS: &[&str] = &["Hero", "CardGrid", "Card"];

/// Data components, self-closing on a line of their own, filled from `data/*.json`.
pub const DATA_COMPONENTS: &[&str] = &["Showcase", "UserGrid", "ConformanceTable", "VersionsTable"];

/// What the hints list as supported.
const SUPPORTED: &str = "supported: <Tabs>, <TabItem>, <Hero>, <CardGrid>, <Card>, <Showcase />, <UserGrid />, <ConformanceTable />, <VersionsTable />, and HTML elements such as <details>";

/// Modules whose default import is allowed (they name theme components).
const THEME_IMPORTS: &[(&str, &str)] = &[("@theme/Tabs", "Tabs"), ("@theme/TabItem", "TabItem")];

/// Result of [`split`]: the block tree and the image imports (`name -> path`).
#[derive(Debug, Default)]
pub struct Split {
    /// Blocks.
    pub blocks: Vec<Block>,
    /// `import name from './img.png'`.
    pub image_imports: BTreeMap<String, String>,
    /// Link reference definitions of the whole document, appended to every segment so
    /// `[text][ref]` works across containers.
    pub link_definitions: String,
}

struct Frame {
    kind: Option<ContainerKind>,
    children: Vec<Block>,
    line: usize,
    text: String,
    text_line: usize,
}

impl Frame {
    fn flush(&mut self) {
        if !self.text.trim().is_empty() {
            self.children.push(Block::Markdown { text: dedent(&self.text), line: self.text_line });
        }
        self.text.clear();
    }
}

/// Splits a document body (front matter already removed).
pub fn split(body: &str) -> Result<Split, Vec<MdxError>> {
    let mut errors = Vec::new();
    let mut out = Split::default();
    let mut stack = vec![Frame { kind: None, children: Vec::new(), line: 0, text: String::new(), text_line: 1 }];
    let mut fence: Option<(char, usize)> = None;
    let mut in_comment = false;
    for (i, raw_line) in body.lines().enumerate() {
        let no = i + 1;
        let trimmed = raw_line.trim();
        let indent = raw_line.len() - raw_line.trim_start().len();
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
        // Indented code (4+ spaces outside a container's own indentation) is text too.
        if indent >= 4 && stack.len() == 1 {
            push_line(stack.last_mut().expect("root"), raw_line, no);
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("import ") {
            if stack.len() == 1 && !rest.contains('`') {
                match parse_import(rest) {
                    Ok(Import::Theme) => {}
                    Ok(Import::Image(name, path)) => {
                        out.image_imports.insert(name, path);
                    }
                    Err(msg) => errors.push(MdxError {
                        line: no,
                        message: msg,
                        hint: "only `import Tabs from '@theme/Tabs'`, `import TabItem from '@theme/TabItem'` and image imports are supported".into(),
                    }),
                }
                push_line(stack.last_mut().expect("root"), "", no);
                continue;
            }
        }
        if trimmed.starts_with("export ") && stack.len() == 1 {
            errors.push(MdxError {
                line: no,
                message: "MDX `export` is not supported".into(),
                hint: "move the data into front matter or the page text".into(),
            });
            continue;
        }
        // `{/* comment */}` on its own line.
        if trimmed.starts_with("{/*") && trimmed.ends_with("*/}") {
            push_line(stack.last_mut().expect("root"), "", no);
            continue;
        }
        // Admonitions.
        if let Some(after) = trimmed.strip_prefix(":::") {
            let after = after.trim_start_matches(':');
            if after.trim().is_empty() {
                if stack.len() > 1 && matches!(stack.last().and_then(|f| f.kind.as_ref()), Some(ContainerKind::Admonition { .. })) {
                    close(&mut stack);
                } else {
                    errors.push(MdxError {
                        line: no,
                        message: "`:::` closes no open admonition".into(),
                        hint: "open it with `:::note` (or tip, info, caution, warning, danger), or close the tabs first".into(),
                    });
                }
                continue;
            }
            let (kind, title) = parse_admonition(after);
            if !ADMONITIONS.contains(&kind.as_str()) {
                errors.push(MdxError {
                    line: no,
                    message: format!("unknown admonition type `{kind}`"),
                    hint: format!("use one of {}", ADMONITIONS.join(", ")),
                });
            }
            open(&mut stack, ContainerKind::Admonition { kind, title }, no);
            continue;
        }
        // JSX tags of the subset, on their own line.
        if trimmed.starts_with('<') {
            match parse_jsx_line(trimmed) {
                Some(Jsx::Open(name, attrs, self_closing)) => {
                    if DATA_COMPONENTS.contains(&name.as_str()) {
                        if self_closing {
                            let frame = stack.last_mut().expect("root");
                            frame.flush();
                            frame.children.push(Block::Component { name, attrs, line: no });
                        } else {
                            errors.push(MdxError {
                                line: no,
                                message: format!("`<{name}>` takes no content"),
                                hint: format!("close it in the same tag: `<{name} data=\"…\" />`"),
                            });
                        }
                        continue;
                    }
                    let kind = match name.as_str() {
                        "Tabs" => ContainerKind::Tabs(attrs),
                        "TabItem" => ContainerKind::TabItem(attrs),
                        _ => ContainerKind::Layout { name, attrs },
                    };
                    open(&mut stack, kind, no);
                    if self_closing {
                        close(&mut stack);
                    }
                    continue;
                }
                Some(Jsx::Close(name)) => {
                    let top = stack.last().and_then(|f| f.kind.as_ref());
                    if top.and_then(ContainerKind::tag) == Some(name.as_str()) {
                        close(&mut stack);
                    } else {
                        errors.push(MdxError {
                            line: no,
                            message: format!("`</{name}>` does not match the open element"),
                            hint: "check that every <Tabs>, <TabItem>, layout container and ::: is closed in order".into(),
                        });
                    }
                    continue;
                }
                Some(Jsx::Unknown(name)) => {
                    errors.push(MdxError {
                        line: no,
                        message: format!("unsupported MDX component `<{name}>`"),
                        hint: SUPPORTED.into(),
                    });
                    continue;
                }
                None => {}
            }
        }
        if let Some(name) = inline_component(raw_line) {
            errors.push(MdxError {
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
        push_line(stack.last_mut().expect("root"), raw_line, no);
    }
    while stack.len() > 1 {
        let f = stack.last().expect("frame");
        let what = match &f.kind {
            Some(ContainerKind::Admonition { kind, .. }) => format!(":::{kind}"),
            Some(ContainerKind::Tabs(_)) => "<Tabs>".into(),
            Some(ContainerKind::TabItem(_)) => "<TabItem>".into(),
            Some(ContainerKind::Layout { name, .. }) => format!("<{name}>"),
            None => "block".into(),
        };
        errors.push(MdxError {
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

fn push_line(frame: &mut Frame, line: &str, no: usize) {
    if frame.text.is_empty() {
        frame.text_line = no;
    }
    frame.text.push_str(line);
    frame.text.push('\n');
}

fn open(stack: &mut Vec<Frame>, kind: ContainerKind, line: usize) {
    stack.last_mut().expect("root").flush();
    stack.push(Frame { kind: Some(kind), children: Vec::new(), line, text: String::new(), text_line: line + 1 });
}

fn close(stack: &mut Vec<Frame>) {
    let mut f = stack.pop().expect("open frame");
    f.flush();
    let parent = stack.last_mut().expect("root");
    parent.flush();
    parent.children.push(Block::Container { kind: f.kind.expect("container"), children: f.children, line: f.line });
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

fn parse_admonition(after: &str) -> (String, Option<String>) {
    let after = after.trim();
    // `tip[Title]` (Docusaurus 3) or `tip Title`.
    let kind: String = after.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let rest = after[kind.len()..].trim();
    let title = if let Some(t) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        Some(t.trim().to_string())
    } else if rest.is_empty() {
        None
    } else {
        Some(rest.to_string())
    };
    (kind.to_ascii_lowercase(), title.filter(|t| !t.is_empty()))
}

enum Import {
    Theme,
    Image(String, String),
}

fn parse_import(rest: &str) -> Result<Import, String> {
    let rest = rest.trim().trim_end_matches(';');
    let Some((name, from)) = rest.split_once(" from ") else {
        return Err(format!("unsupported import `import {rest}`"));
    };
    let name = name.trim();
    let module = from.trim().trim_matches(|c| c == '\'' || c == '"');
    if let Some((_, expected)) = THEME_IMPORTS.iter().find(|(m, _)| *m == module) {
        if name != *expected {
            return Err(format!("import `{module}` as `{expected}`, not `{name}`"));
        }
        return Ok(Import::Theme);
    }
    let lower = module.to_ascii_lowercase();
    let is_image = [".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"].iter().any(|e| lower.ends_with(e));
    if is_image && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$') {
        return Ok(Import::Image(name.to_string(), module.to_string()));
    }
    Err(format!("unsupported import of `{module}`"))
}

enum Jsx {
    Open(String, BTreeMap<String, String>, bool),
    Close(String),
    Unknown(String),
}

/// Whether a component name is a container (closing tag expected).
fn is_container(name: &str) -> bool {
    name == "Tabs" || name == "TabItem" || LAYOUTS.contains(&name)
}

/// Recognises the subset's components (`<Tabs ...>`, layout containers, data components),
/// their closing tags, and flags any other capitalised (component) tag on a line of its own.
fn parse_jsx_line(line: &str) -> Option<Jsx> {
    if let Some(name) = line.strip_prefix("</").and_then(|r| r.strip_suffix('>')) {
        let name = name.trim();
        if name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
            return Some(if is_container(name) { Jsx::Close(name.into()) } else { Jsx::Unknown(name.into()) });
        }
        return None;
    }
    let body = line.strip_prefix('<')?;
    let name: String = body.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '.').collect();
    if !name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
        return None;
    }
    if !is_container(&name) && !DATA_COMPONENTS.contains(&name.as_str()) {
        return Some(Jsx::Unknown(name));
    }
    let rest = body[name.len()..].trim();
    let (attrs_src, self_closing) = if let Some(a) = rest.strip_suffix("/>") {
        (a, true)
    } else if let Some(a) = rest.strip_suffix('>') {
        (a, false)
    } else {
        return Some(Jsx::Unknown(format!("{name} …(the tag must end on the same line)")));
    };
    match parse_attrs(attrs_src) {
        Some(attrs) => Some(Jsx::Open(name, attrs, self_closing)),
        None => Some(Jsx::Unknown(format!("{name} with attributes `{}`", attrs_src.trim()))),
    }
}

/// Parses `a="x" b='y' c={true} d={"z"} e` into strings; `None` for anything richer.
fn parse_attrs(src: &str) -> Option<BTreeMap<String, String>> {
    let mut out = BTreeMap::new();
    let mut s = src.trim();
    while !s.is_empty() {
        let name: String = s.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
        if name.is_empty() {
            return None;
        }
        s = s[name.len()..].trim_start();
        if let Some(rest) = s.strip_prefix('=') {
            let rest = rest.trim_start();
            let (value, remaining) = match rest.chars().next()? {
                q @ ('"' | '\'') => {
                    let end = rest[1..].find(q)? + 1;
                    (rest[1..end].to_string(), &rest[end + 1..])
                }
                '{' => {
                    let end = rest.find('}')?;
                    let inner = rest[1..end].trim();
                    let v = if let Some(q) = inner.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
                        q.to_string()
                    } else if let Some(q) = inner.strip_prefix('\'').and_then(|x| x.strip_suffix('\'')) {
                        q.to_string()
                    } else if inner == "true" || inner == "false" || inner.parse::<f64>().is_ok() {
                        inner.to_string()
                    } else {
                        return None;
                    };
                    (v, &rest[end + 1..])
                }
                _ => return None,
            };
            out.insert(name, value);
            s = remaining.trim_start();
        } else {
            out.insert(name, "true".into());
        }
    }
    Some(out)
}

/// A capitalised JSX tag inside a line of text (outside inline code), which the subset
/// cannot place.
fn inline_component(line: &str) -> Option<String> {
    let mut in_code = false;
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'`' {
            in_code = !in_code;
        } else if !in_code && b == b'<' {
            let rest = &line[i + 1..];
            let rest = rest.strip_prefix('/').unwrap_or(rest);
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            if name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
                let after = rest[name.len()..].chars().next();
                if matches!(after, Some(' ' | '>' | '/') | None) {
                    return Some(name);
                }
            }
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
    use super::*;

    fn kinds(blocks: &[Block]) -> Vec<String> {
        blocks
            .iter()
            .map(|b| match b {
                Block::Markdown { line, .. } => format!("md@{line}"),
                Block::Container { kind, children, .. } => format!("{kind:?}[{}]", kinds(children).join(",")),
                Block::Component { name, line, .. } => format!("{name}@{line}"),
            })
            .collect()
    }

    #[test]
    fn tabs_inside_admonitions_nest() {
        let body = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\nIntro\n\n:::tip Try it\n<Tabs groupId=\"lang\">\n<TabItem value=\"ts\" label=\"TypeScript\">\n\n```ts\nconst a = 1;\n```\n\n</TabItem>\n</Tabs>\n:::\n";
        let s = split(body).unwrap();
        let k = kinds(&s.blocks);
        assert_eq!(k.len(), 2, "{k:?}");
        assert!(k[1].starts_with("Admonition { kind: \"tip\", title: Some(\"Try it\") }[Tabs("), "{k:?}");
    }

    #[test]
    fn code_fences_hide_jsx_and_colons() {
        let s = split("```md\n:::note\n<Foo/>\n```\n").unwrap();
        assert_eq!(kinds(&s.blocks), vec!["md@1"]);
    }

    #[test]
    fn unknown_components_and_imports_are_errors_with_lines() {
        let errs = split("import X from 'x';\n\n<Foo bar=\"1\">\n\ntext <Bar/> more\n").unwrap_err();
        let lines: Vec<usize> = errs.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 3, 5]);
        assert!(errs[1].message.contains("<Foo>"), "{}", errs[1].message);
    }

    #[test]
    fn unclosed_containers_are_reported_at_their_opening_line() {
        let errs = split("a\n\n:::note\nb\n").unwrap_err();
        assert_eq!(errs[0].line, 3);
        assert!(errs[0].message.contains("never closed"));
    }

    #[test]
    fn layout_containers_nest_and_data_components_stand_alone() {
        let body = "<CardGrid>\n<Card title=\"API\" href=\"/docs/api/spec\">\n\nText\n\n</Card>\n<Card title=\"Bridging\" />\n</CardGrid>\n\n<Showcase data=\"community\" />\n";
        let s = split(body).unwrap();
        let k = kinds(&s.blocks);
        assert_eq!(k.len(), 2, "{k:?}");
        assert!(k[0].starts_with("Layout { name: \"CardGrid\""), "{k:?}");
        assert!(k[0].contains("Layout { name: \"Card\", attrs: {\"href\": \"/docs/api/spec\", \"title\": \"API\"} }[md@3]"), "{k:?}");
        assert!(matches!(&s.blocks[1], Block::Component { name, line: 10, .. } if name == "Showcase"), "{:?}", s.blocks[1]);
    }

    #[test]
    fn data_components_with_content_and_mismatched_closings_are_errors() {
        let errs = split("<Showcase data=\"x\">\n\n<Hero title=\"a\">\n</Card>\n").unwrap_err();
        let lines: Vec<usize> = errs.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 4, 3], "{errs:?}");
        assert!(errs[0].message.contains("takes no content"), "{}", errs[0].message);
    }

    #[test]
    fn admonition_titles_in_both_syntaxes() {
        assert_eq!(parse_admonition("tip[My title]"), ("tip".into(), Some("My title".into())));
        assert_eq!(parse_admonition("note  Hello there"), ("note".into(), Some("Hello there".into())));
        assert_eq!(parse_admonition("info"), ("info".into(), None));
    }
}
