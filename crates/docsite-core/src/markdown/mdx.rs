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
//!
//! A doc may also import the site's own React components (`import Chart from
//! '@site/src/components/Chart'`, default or named, one import per line at the top) and
//! JSON data (`import rows from '@site/data/rows.json'`); each JSX use of such a component
//! becomes a [`ContainerKind::SiteComponent`] with its attributes as written, which the
//! render stage (`site_components.rs`) resolves and evaluates.

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
        /// 1-based lines of `text` that the split inserted (blank lines around an
        /// admonition inside a list item), which have no line in the source.
        inserted: Vec<usize>,
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
    /// A use of a component the doc imports from the site's own code (see
    /// [`Split::site_imports`]), self-closing or with children.
    SiteComponent {
        /// The name the doc imported it as.
        name: String,
        /// Its attributes in order, as written.
        props: Vec<(String, PropSource)>,
    },
}

/// An attribute of a site component's use, as written.
#[derive(Debug, Clone, PartialEq)]
pub enum PropSource {
    /// `name="text"` or `name='text'`.
    Text(String),
    /// `name={expression}`: the expression without its braces.
    Expression(String),
    /// `name` alone (`true`).
    Flag,
}

/// One name bound by an import of the site's own code or data.
#[derive(Debug, Clone, PartialEq)]
pub struct SiteImport {
    /// The module as written (`@site/src/components/Chart`, `./rows.json`).
    pub module: String,
    /// `default`, or the name of a named export.
    pub export: String,
    /// Line of the import.
    pub line: usize,
}

impl SiteImport {
    /// Whether the import is a JSON data file (a value for props, not a component).
    pub fn is_data(&self) -> bool {
        self.module.to_ascii_lowercase().ends_with(".json")
    }
}

impl ContainerKind {
    /// The tag name that closes this container, for JSX containers.
    fn tag(&self) -> Option<&str> {
        match self {
            ContainerKind::Admonition { .. } => None,
            ContainerKind::Tabs(_) => Some("Tabs"),
            ContainerKind::TabItem(_) => Some("TabItem"),
            ContainerKind::Layout { name, .. } | ContainerKind::SiteComponent { name, .. } => Some(name),
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
    /// Whether the doc is valid MDX that needs JavaScript (an import beyond the subset, an
    /// `export`, a component the subset does not know): such a doc can take the MDX path
    /// ([`super::RenderContext::mdx`]).
    pub js: bool,
}

/// Admonition kinds Docusaurus knows.
pub const ADMONITIONS: &[&str] = &["note", "tip", "info", "caution", "warning", "danger", "important", "success", "secondary"];

/// Layout containers of the site pages: Markdown inside, tags on lines of their own.
pub const LAYOUTS: &[&str] = &["Hero", "CardGrid", "Card"];

/// Data components, self-closing on a line of their own, filled from `data/*.json`.
pub const DATA_COMPONENTS: &[&str] = &["Showcase", "UserGrid", "ConformanceTable", "VersionsTable"];

/// What the hints list as supported.
const SUPPORTED: &str = "supported: <Tabs>, <TabItem>, <Hero>, <CardGrid>, <Card>, <Showcase />, <UserGrid />, <ConformanceTable />, <VersionsTable />, HTML elements such as <details>, and the site's own components the doc imports (`import X from '@site/src/components/X'`)";

/// Modules whose default import is allowed (they name theme components).
const THEME_IMPORTS: &[(&str, &str)] = &[("@theme/Tabs", "Tabs"), ("@theme/TabItem", "TabItem"), ("@theme/DocCardList", "DocCardList"), ("@docusaurus/useBaseUrl", "useBaseUrl")];

/// Self-closing components on a line of their own that list the doc's sidebar category in
/// Docusaurus; recognised so that the renderer reports them as not supported yet.
pub const SIDEBAR_COMPONENTS: &[&str] = &["DocCardList"];

/// Marks the start and end of a JSX attribute expression moved out of an HTML tag
/// (`src={require('./a.png').default}` becomes `src="\u{E000}0\u{E001}"`, index into
/// [`Split::expressions`]), so that comrak sees a valid HTML tag.
pub const EXPR_OPEN: char = '\u{E000}';
/// See [`EXPR_OPEN`].
pub const EXPR_CLOSE: char = '\u{E001}';

/// The HTML element an admonition inside a list item becomes, so that comrak keeps it
/// inside the item; the renderer turns it back into an admonition.
pub const LIST_ADMONITION_TAG: &str = "docsite-admonition";

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
    /// JSX attribute expressions of HTML tags (without their braces), see [`EXPR_OPEN`].
    pub expressions: Vec<String>,
    /// Names bound by imports of the site's own code (`@site/…`) and JSON data files.
    pub site_imports: BTreeMap<String, SiteImport>,
    /// What the split read as Docusaurus does although the author likely meant otherwise
    /// (a `:::` that closes nothing shows as text; an admonition never closed runs to the
    /// end of the file): warnings, the page builds.
    pub warnings: Vec<MdxError>,
}

struct Frame {
    kind: Option<ContainerKind>,
    children: Vec<Block>,
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

    fn flush(&mut self) {
        if !self.text.trim().is_empty() {
            self.children.push(Block::Markdown { text: dedent(&self.text), line: self.text_line, inserted: std::mem::take(&mut self.inserted) });
        }
        self.text.clear();
        self.text_lines = 0;
        self.inserted.clear();
    }

    /// Adds a line that has no line in the source (see [`Block::Markdown`]).
    fn push_inserted(&mut self, line: &str, no: usize) {
        push_line(self, line, no);
        self.inserted.push(self.text_lines);
    }
}

/// An admonition inside a list item, open while its lines are read.
struct ListAdmonition {
    indent: String,
    line: usize,
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
            let after = after.trim_start_matches(':');
            let frame = stack.last_mut().expect("root");
            if after.trim().is_empty() {
                match list_admonitions.pop() {
                    Some(open) => {
                        frame.push_inserted("", no);
                        push_line(frame, &format!("{}</{LIST_ADMONITION_TAG}>", open.indent), no);
                        frame.push_inserted("", no);
                    }
                    None => errors.push(MdxError { js: false, line: no, message: "`:::` closes no open admonition".into(), hint: "open it with `:::note` (or tip, info, caution, warning, danger)".into() }),
                }
                continue;
            }
            let (kind, title) = parse_admonition(after);
            if !ADMONITIONS.contains(&kind.as_str()) {
                errors.push(MdxError { js: false, line: no, message: format!("unknown admonition type `{kind}`"), hint: format!("use one of {}", ADMONITIONS.join(", ")) });
            }
            let pad = raw_line[..indent].to_string();
            let title_attr = title.map(|t| format!(" title=\"{}\"", escape_attr(&t))).unwrap_or_default();
            frame.push_inserted("", no);
            push_line(frame, &format!("{pad}<{LIST_ADMONITION_TAG} kind=\"{kind}\"{title_attr}>"), no);
            frame.push_inserted("", no);
            list_admonitions.push(ListAdmonition { indent: pad, line: no });
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
            let after = after.trim_start_matches(':');
            if after.trim().is_empty() {
                if stack.len() > 1 && matches!(stack.last().and_then(|f| f.kind.as_ref()), Some(ContainerKind::Admonition { .. })) {
                    close(&mut stack);
                } else if stack.len() == 1 {
                    // No directive (a directive has a name): text, as in Docusaurus.
                    out.warnings.push(MdxError {
                        js: false,
                        line: no,
                        message: "`:::` closes no open admonition: it shows as text".into(),
                        hint: "remove it, or open an admonition before it with `:::note` (or tip, info, caution, warning, danger)".into(),
                    });
                    push_line(stack.last_mut().expect("root"), raw_line, no);
                } else {
                    errors.push(MdxError {
                        js: false,
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
                    js: false,
                    line: no,
                    message: format!("unknown admonition type `{kind}`"),
                    hint: format!("use one of {}", ADMONITIONS.join(", ")),
                });
            }
            open(&mut stack, ContainerKind::Admonition { kind, title }, no);
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

fn push_line(frame: &mut Frame, line: &str, no: usize) {
    if frame.text.is_empty() {
        frame.text_line = no;
    }
    frame.text.push_str(line);
    frame.text.push('\n');
    frame.text_lines += 1;
}

fn open(stack: &mut Vec<Frame>, kind: ContainerKind, line: usize) {
    stack.last_mut().expect("root").flush();
    stack.push(Frame::new(Some(kind), line));
}

fn close(stack: &mut Vec<Frame>) {
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

/// `<Tabs values={[{label: 'Apple', value: 'apple'}]}>`: each `<TabItem>` without a
/// `label` takes the one its value has in `values` (the attribute is then dropped; a
/// malformed one stays for the renderer to report).
fn label_tab_items(attrs: &mut BTreeMap<String, String>, children: &mut [Block]) {
    let Some(raw) = attrs.get("values") else { return };
    let Some(values) = parse_tab_values(raw) else { return };
    attrs.remove("values");
    for child in children {
        if let Block::Container { kind: ContainerKind::TabItem(item), .. } = child {
            if item.contains_key("label") {
                continue;
            }
            let label = item.get("value").and_then(|v| values.iter().find(|(value, _)| value == v)).map(|(_, label)| label.clone());
            if let Some(label) = label {
                item.insert("label".into(), label);
            }
        }
    }
}

/// Parses the array literal of a `values` attribute: objects whose keys are `label`,
/// `value` (and `attributes`, ignored) with string values, in JavaScript's literal syntax
/// (unquoted keys, single or double quotes, trailing commas). Written here rather than
/// taken from a JSON5 crate because it is this one shape; anything else is `None`.
pub fn parse_tab_values(src: &str) -> Option<Vec<(String, String)>> {
    let mut chars = src.trim().chars().peekable();
    let skip_ws = |c: &mut std::iter::Peekable<std::str::Chars<'_>>| {
        while c.peek().is_some_and(|c| c.is_whitespace()) {
            c.next();
        }
    };
    let string = |c: &mut std::iter::Peekable<std::str::Chars<'_>>| -> Option<String> {
        let q = c.next()?;
        if q != '\'' && q != '"' {
            return None;
        }
        let mut out = String::new();
        loop {
            match c.next()? {
                '\\' => out.push(c.next()?),
                ch if ch == q => return Some(out),
                ch => out.push(ch),
            }
        }
    };
    if chars.next()? != '[' {
        return None;
    }
    let mut out = Vec::new();
    loop {
        skip_ws(&mut chars);
        match chars.peek()? {
            ']' => break,
            '{' => {
                chars.next();
            }
            _ => return None,
        }
        let (mut label, mut value) = (None, None);
        loop {
            skip_ws(&mut chars);
            if chars.peek() == Some(&'}') {
                chars.next();
                break;
            }
            let key = if matches!(chars.peek(), Some('\'' | '"')) {
                string(&mut chars)?
            } else {
                let mut k = String::new();
                while chars.peek().is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_') {
                    k.push(chars.next()?);
                }
                k
            };
            skip_ws(&mut chars);
            if chars.next()? != ':' {
                return None;
            }
            skip_ws(&mut chars);
            let v = string(&mut chars)?;
            match key.as_str() {
                "label" => label = Some(v),
                "value" => value = Some(v),
                _ => return None,
            }
            skip_ws(&mut chars);
            if chars.peek() == Some(&',') {
                chars.next();
            }
        }
        let value = value?;
        out.push((value.clone(), label.unwrap_or(value)));
        skip_ws(&mut chars);
        if chars.peek() == Some(&',') {
            chars.next();
        }
    }
    Some(out)
}

/// Handles a line that starts with `<`: a component of the subset (opening, closing,
/// self-closing; an opening tag may be followed by content on the same line, as in
/// `<TabItem value="a">Text</TabItem>`) or any other capitalised tag (an error). Returns
/// whether the line was taken.
fn jsx_line(stack: &mut Vec<Frame>, errors: &mut Vec<MdxError>, line: &str, no: usize, site: &BTreeMap<String, SiteImport>) -> bool {
    let Some((jsx, rest)) = parse_jsx_line(line, site) else { return false };
    match jsx {
        Jsx::Open(name, attrs, self_closing, site_kind) => {
            if site_kind.is_none() && (DATA_COMPONENTS.contains(&name.as_str()) || SIDEBAR_COMPONENTS.contains(&name.as_str())) {
                if self_closing && rest.is_empty() {
                    let frame = stack.last_mut().expect("root");
                    frame.flush();
                    frame.children.push(Block::Component { name, attrs, line: no });
                } else {
                    // Docusaurus's `<DocCardList>` ignores children: the MDX path shows it as
                    // Docusaurus does (a site's own theme may have meant another component).
                    let js = SIDEBAR_COMPONENTS.contains(&name.as_str());
                    errors.push(MdxError { js, line: no, message: format!("`<{name}>` takes no content"), hint: format!("close it in the same tag and keep it on a line of its own: `<{name} />`") });
                }
                return true;
            }
            let kind = match (site_kind, name.as_str()) {
                (Some(kind), _) => kind,
                (None, "Tabs") => ContainerKind::Tabs(attrs),
                (None, "TabItem") => ContainerKind::TabItem(attrs),
                (None, _) => ContainerKind::Layout { name: name.clone(), attrs },
            };
            open(stack, kind, no);
            if self_closing {
                close(stack);
                if !rest.is_empty() {
                    push_line(stack.last_mut().expect("root"), rest, no);
                }
                return true;
            }
            // Content after the opening tag on the same line, maybe with the closing tag.
            let closing = format!("</{name}>");
            match rest.strip_suffix(closing.as_str()) {
                Some(inner) => {
                    if !inner.trim().is_empty() {
                        push_line(stack.last_mut().expect("open"), inner.trim(), no);
                    }
                    close(stack);
                }
                None if !rest.is_empty() => push_line(stack.last_mut().expect("open"), rest, no),
                None => {}
            }
        }
        Jsx::Close(name) => {
            let top = stack.last().and_then(|f| f.kind.as_ref());
            if top.and_then(ContainerKind::tag) == Some(name.as_str()) {
                close(stack);
            } else {
                errors.push(MdxError {
                    js: false,
                    line: no,
                    message: format!("`</{name}>` does not match the open element"),
                    hint: "check that every <Tabs>, <TabItem>, layout container and ::: is closed in order".into(),
                });
            }
        }
        Jsx::Unknown(name) => {
            errors.push(MdxError { js: true, line: no, message: format!("unsupported MDX component `<{name}>`"), hint: SUPPORTED.into() });
        }
        Jsx::Invalid(why) => {
            errors.push(MdxError { js: true, line: no, message: why, hint: "props are string literals, numbers, booleans, `{…}` literal objects and arrays, or names the doc imports".into() });
        }
    }
    true
}

/// The byte index just after the `>` that ends the tag at the start of `src`, skipping
/// quoted strings and `{…}` expressions; `None` when the tag does not end in `src`.
fn tag_end(src: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    for (i, c) in src.char_indices().skip(1) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '`') if depth > 0 => quote = Some('`'),
            (None, '{') => depth += 1,
            (None, '}') => depth = depth.saturating_sub(1),
            (None, '>') if depth == 0 => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// The end (exclusive) of the `{…}` expression starting at byte `start` of `src`, with
/// nested braces and quoted strings skipped.
fn expression_end(src: &str, start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    for (i, c) in src[start..].char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'' | '`') => quote = Some(c),
            (None, '{') => depth += 1,
            (None, '}') => {
                depth -= 1;
                if depth == 0 {
                    return Some(start + i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Moves the JSX attribute expressions of lower-case (HTML) tags on a Markdown line into
/// `expressions`, leaving a quoted placeholder (see [`EXPR_OPEN`]); inline code is left
/// alone. An expression that does not end on the line stays as written. `tag` carries an
/// HTML tag that a line leaves open (`<div` with its attributes on the next lines: whether a
/// tag is open, and an open quote) to the next line; a blank line closes it, as it ends an
/// HTML block.
fn move_attribute_expressions(line: &str, expressions: &mut Vec<String>, tag: &mut OpenTag) -> String {
    if line.trim().is_empty() {
        *tag = OpenTag::default();
    }
    if !line.contains("={") && !line.contains('<') && !tag.open {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    let mut in_tag = tag.open;
    let mut quote: Option<char> = tag.quote;
    let mut i = 0;
    let b = line.as_bytes();
    while i < line.len() {
        let c = line[i..].chars().next().expect("in bounds");
        if in_tag {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '>') => in_tag = false,
                (None, '=') if b.get(i + 1) == Some(&b'{') => {
                    if let Some(end) = expression_end(line, i + 1) {
                        out.push_str(&format!("=\"{EXPR_OPEN}{}{EXPR_CLOSE}\"", expressions.len()));
                        expressions.push(line[i + 2..end - 1].trim().to_string());
                        i = end;
                        continue;
                    }
                }
                _ => {}
            }
        } else if c == '`' {
            in_code = !in_code;
        } else if !in_code && c == '<' && b.get(i + 1).is_some_and(|n| n.is_ascii_lowercase()) {
            in_tag = true;
        }
        out.push(c);
        i += c.len_utf8();
    }
    *tag = OpenTag { open: in_tag, quote: quote.filter(|_| in_tag) };
    out
}

/// An HTML tag a line leaves open, for [`move_attribute_expressions`] on the next line.
#[derive(Debug, Default, Clone, Copy)]
struct OpenTag {
    open: bool,
    quote: Option<char>,
}

/// A JSX style object of literal values (`{width: 200, textAlign: 'center'}`) as a CSS
/// declaration list (`width: 200px; text-align: center`), numbers taking `px` as React
/// gives them (except for unitless properties and 0); `None` for anything else.
pub fn style_object(src: &str) -> Option<String> {
    const UNITLESS: &[&str] = &["opacity", "zIndex", "fontWeight", "lineHeight", "flex", "flexGrow", "flexShrink", "order", "zoom", "aspectRatio"];
    let inner = src.trim().strip_prefix('{')?.strip_suffix('}')?;
    let mut out = Vec::new();
    let mut rest = inner.trim();
    while !rest.is_empty() {
        let (key, after) = match rest.chars().next()? {
            q @ ('\'' | '"') => {
                let end = rest[1..].find(q)? + 1;
                (rest[1..end].to_string(), &rest[end + 1..])
            }
            _ => {
                let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(rest.len());
                (rest[..end].to_string(), &rest[end..])
            }
        };
        if key.is_empty() {
            return None;
        }
        let after = after.trim_start().strip_prefix(':')?.trim_start();
        let (value, after) = match after.chars().next()? {
            q @ ('\'' | '"') => {
                let end = after[1..].find(q)? + 1;
                (after[1..end].to_string(), &after[end + 1..])
            }
            _ => {
                let end = after.find(',').unwrap_or(after.len());
                let number = after[..end].trim();
                number.parse::<f64>().ok()?;
                let unit = if number == "0" || UNITLESS.contains(&key.as_str()) { "" } else { "px" };
                (format!("{number}{unit}"), &after[end..])
            }
        };
        let css_name: String = if key.contains('-') {
            key.clone()
        } else {
            key.chars().flat_map(|c| if c.is_ascii_uppercase() { vec!['-', c.to_ascii_lowercase()] } else { vec![c] }).collect()
        };
        out.push(format!("{css_name}: {value}"));
        rest = after.trim_start();
        if let Some(r) = rest.strip_prefix(',') {
            rest = r.trim_start();
        } else if !rest.is_empty() {
            return None;
        }
    }
    Some(out.join("; "))
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

fn escape_attr(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;")
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
    /// A module of the site's own code or a JSON data file, with the names it binds
    /// (local name, export).
    Site(String, Vec<(String, String)>),
}

fn is_identifier(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$') && s.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// The names an import clause binds: `X`, `{ A, B as C }`, `X, { A }`; `None` for other
/// forms (`* as ns`).
fn import_bindings(clause: &str) -> Option<Vec<(String, String)>> {
    let clause = clause.trim();
    let (default, named) = match clause.find('{') {
        Some(open) => {
            let inner = clause[open + 1..].strip_suffix('}')?;
            (clause[..open].trim().trim_end_matches(',').trim(), Some(inner))
        }
        None => (clause, None),
    };
    let mut out = Vec::new();
    if !default.is_empty() {
        is_identifier(default).then_some(())?;
        out.push((default.to_string(), "default".to_string()));
    }
    for item in named.into_iter().flat_map(|n| n.split(',')).map(str::trim).filter(|i| !i.is_empty()) {
        let (export, local) = match item.split_once(" as ") {
            Some((e, l)) => (e.trim(), l.trim()),
            None => (item, item),
        };
        (is_identifier(export) && is_identifier(local)).then_some(())?;
        out.push((local.to_string(), export.to_string()));
    }
    (!out.is_empty()).then_some(out)
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
    let relative_json = (module.starts_with("./") || module.starts_with("../")) && lower.ends_with(".json");
    if module.starts_with("@site/") || relative_json {
        return match import_bindings(name) {
            Some(names) if lower.ends_with(".json") && names.iter().any(|(_, e)| e != "default") => Err(format!("import the JSON file `{module}` as a whole (`import rows from '{module}'`)")),
            Some(names) => Ok(Import::Site(module.to_string(), names)),
            None => Err(format!("unsupported import form `import {name} from '{module}'`: write `import X from …` or `import {{ X, Y as Z }} from …`")),
        };
    }
    Err(format!("unsupported import of `{module}`"))
}

enum Jsx {
    /// Name, attributes, self-closing, and for a site component its container.
    Open(String, BTreeMap<String, String>, bool, Option<ContainerKind>),
    Close(String),
    Unknown(String),
    /// A tag the subset knows whose attributes cannot be read, with why.
    Invalid(String),
}

/// Whether a component name is a container (closing tag expected).
fn is_container(name: &str) -> bool {
    name == "Tabs" || name == "TabItem" || LAYOUTS.contains(&name)
}

/// Recognises the subset's components (`<Tabs ...>`, layout containers, data components),
/// their closing tags, and flags any other capitalised (component) tag on a line of its own.
/// Returns the tag and the rest of the line after it.
fn parse_jsx_line<'l>(line: &'l str, site: &BTreeMap<String, SiteImport>) -> Option<(Jsx, &'l str)> {
    let is_site = |name: &str| site.get(name).is_some_and(|i| !i.is_data());
    if let Some(after) = line.strip_prefix("</") {
        let end = after.find('>')?;
        let name = after[..end].trim();
        if name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
            let jsx = if is_container(name) || is_site(name) { Jsx::Close(name.into()) } else { Jsx::Unknown(name.into()) };
            return Some((jsx, after[end + 1..].trim()));
        }
        return None;
    }
    let body = line.strip_prefix('<')?;
    let name: String = body.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '.').collect();
    if !name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
        return None;
    }
    if is_site(&name) {
        let Some(end) = tag_end(line) else {
            return Some((Jsx::Unknown(format!("{name} …(the tag must end with `>`)")), ""));
        };
        let tag = &line[1 + name.len()..end - 1];
        let (attrs_src, self_closing) = match tag.trim_end().strip_suffix('/') {
            Some(a) => (a, true),
            None => (tag, false),
        };
        return Some(match parse_site_attrs(attrs_src) {
            Ok(props) => (Jsx::Open(name.clone(), BTreeMap::new(), self_closing, Some(ContainerKind::SiteComponent { name, props })), line[end..].trim()),
            Err(why) => (Jsx::Invalid(format!("`<{name}>`: {why}")), ""),
        });
    }
    if !is_container(&name) && !DATA_COMPONENTS.contains(&name.as_str()) && !SIDEBAR_COMPONENTS.contains(&name.as_str()) {
        return Some((Jsx::Unknown(name), ""));
    }
    let Some(end) = tag_end(line) else {
        return Some((Jsx::Unknown(format!("{name} …(the tag must end with `>`)")), ""));
    };
    let tag = &line[1 + name.len()..end - 1];
    let rest = line[end..].trim();
    let (attrs_src, self_closing) = match tag.strip_suffix('/') {
        Some(a) => (a, true),
        None => (tag, false),
    };
    match parse_attrs(attrs_src) {
        Some(attrs) => Some((Jsx::Open(name, attrs, self_closing, None), rest)),
        None => Some((Jsx::Unknown(format!("{name} with attributes `{}`", attrs_src.trim())), "")),
    }
}

/// The attributes of a site component's tag, values as written (`{…}` expressions are
/// evaluated by the render stage); an error for a spread or anything that is not
/// `name`, `name="…"`, `name='…'` or `name={…}`.
fn parse_site_attrs(src: &str) -> Result<Vec<(String, PropSource)>, String> {
    let mut out: Vec<(String, PropSource)> = Vec::new();
    let mut s = src.trim();
    while !s.is_empty() {
        if s.starts_with("{...") || s.starts_with("{ ...") {
            return Err("spread attributes (`{...props}`) are not supported: give each prop on its own".into());
        }
        let name: String = s.chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '$')).collect();
        if name.is_empty() {
            return Err(format!("cannot read the attributes at `{}`", s.chars().take(30).collect::<String>()));
        }
        if out.iter().any(|(n, _)| *n == name) {
            return Err(format!("the prop `{name}` is given twice"));
        }
        s = s[name.len()..].trim_start();
        let Some(rest) = s.strip_prefix('=') else {
            out.push((name, PropSource::Flag));
            continue;
        };
        let rest = rest.trim_start();
        let (value, remaining) = match rest.chars().next() {
            Some(q @ ('"' | '\'')) => {
                let end = rest[1..].find(q).ok_or_else(|| format!("the value of `{name}` has no closing quote"))? + 1;
                (PropSource::Text(rest[1..end].to_string()), &rest[end + 1..])
            }
            Some('{') => {
                let end = expression_end(rest, 0).ok_or_else(|| format!("the value of `{name}` has no closing `}}`"))?;
                (PropSource::Expression(rest[1..end - 1].trim().to_string()), &rest[end..])
            }
            _ => return Err(format!("the value of `{name}` must be a quoted string or a `{{…}}` expression")),
        };
        out.push((name, value));
        s = remaining.trim_start();
    }
    Ok(out)
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
                    let end = expression_end(rest, 0)? - 1;
                    let inner = rest[1..end].trim();
                    let v = if let Some(q) = inner.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
                        q.to_string()
                    } else if let Some(q) = inner.strip_prefix('\'').and_then(|x| x.strip_suffix('\'')) {
                        q.to_string()
                    } else if inner == "true" || inner == "false" || inner.parse::<f64>().is_ok() {
                        inner.to_string()
                    } else if name == "values" && inner.starts_with('[') {
                        // Tabs' labels, read when the tabs close (`label_tab_items`).
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
    fn unknown_components_and_imports_are_errors_with_lines() {
        let errs = split("import X from 'x';\n\n<Foo bar=\"1\">\n\ntext <Bar/> more\n", true).unwrap_err();
        let lines: Vec<usize> = errs.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 3, 5]);
        assert!(errs[1].message.contains("<Foo>"), "{}", errs[1].message);
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

    #[test]
    fn layout_containers_nest_and_data_components_stand_alone() {
        let body = "<CardGrid>\n<Card title=\"API\" href=\"/docs/api/spec\">\n\nText\n\n</Card>\n<Card title=\"Bridging\" />\n</CardGrid>\n\n<Showcase data=\"community\" />\n";
        let s = split(body, true).unwrap();
        let k = kinds(&s.blocks);
        assert_eq!(k.len(), 2, "{k:?}");
        assert!(k[0].starts_with("Layout { name: \"CardGrid\""), "{k:?}");
        assert!(k[0].contains("Layout { name: \"Card\", attrs: {\"href\": \"/docs/api/spec\", \"title\": \"API\"} }[md@3]"), "{k:?}");
        assert!(matches!(&s.blocks[1], Block::Component { name, line: 10, .. } if name == "Showcase"), "{:?}", s.blocks[1]);
    }

    #[test]
    fn data_components_with_content_and_mismatched_closings_are_errors() {
        let errs = split("<Showcase data=\"x\">\n\n<Hero title=\"a\">\n</Card>\n", true).unwrap_err();
        let lines: Vec<usize> = errs.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 4, 3], "{errs:?}");
        assert!(errs[0].message.contains("takes no content"), "{}", errs[0].message);
    }

    #[test]
    fn site_component_imports_bind_names_and_their_uses_are_containers() {
        let body = "import Chart, { Legend as Key } from '@site/src/components/Chart';\nimport rows from '@site/data/rows.json';\n\n<Chart title=\"Sales\" rows={rows} compact>\n\nSome **text**.\n\n</Chart>\n\n<Key\n  size={2}\n/>\n";
        let s = split(body, true).unwrap();
        assert_eq!(s.site_imports["Chart"], SiteImport { module: "@site/src/components/Chart".into(), export: "default".into(), line: 1 });
        assert_eq!(s.site_imports["Key"].export, "Legend");
        assert!(s.site_imports["rows"].is_data());
        let k = kinds(&s.blocks);
        assert_eq!(k.len(), 2, "{k:?}");
        let Block::Container { kind: ContainerKind::SiteComponent { name, props }, children, line: 4 } = &s.blocks[0] else { panic!("{:?}", s.blocks[0]) };
        assert_eq!(name, "Chart");
        assert_eq!(props, &vec![("title".to_string(), PropSource::Text("Sales".into())), ("rows".to_string(), PropSource::Expression("rows".into())), ("compact".to_string(), PropSource::Flag)]);
        assert_eq!(kinds(children), vec!["md@5"]);
        assert!(matches!(&s.blocks[1], Block::Container { kind: ContainerKind::SiteComponent { name, .. }, line: 10, .. } if name == "Key"), "{:?}", s.blocks[1]);
    }

    #[test]
    fn site_components_need_an_import_and_readable_attributes() {
        // Without the import the tag is unknown; a spread or a JSON file used as a tag is an error.
        let errs = split("import rows from './rows.json';\nimport { X } from './rows.json';\n\n<Chart />\n\n<rows />\n", true).unwrap_err();
        assert_eq!(errs.iter().map(|e| e.line).collect::<Vec<_>>(), vec![2, 4], "{errs:?}");
        let errs = split("import Chart from '@site/src/Chart';\n\n<Chart {...props} />\n", true).unwrap_err();
        assert_eq!(errs[0].line, 3);
        assert!(errs[0].message.contains("spread"), "{}", errs[0].message);
        assert!(split("import * as all from '@site/src/Chart';\n", true).unwrap_err()[0].message.contains("unsupported import form"));
    }

    #[test]
    fn admonition_titles_in_both_syntaxes() {
        assert_eq!(parse_admonition("tip[My title]"), ("tip".into(), Some("My title".into())));
        assert_eq!(parse_admonition("note  Hello there"), ("note".into(), Some("Hello there".into())));
        assert_eq!(parse_admonition("info"), ("info".into(), None));
    }
}
