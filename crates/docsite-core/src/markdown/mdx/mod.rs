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
//!
//! The split is `splitter.rs` (the line-by-line reading, code fences, comments, indented
//! code, link reference definitions), with a file per part of the subset it recognises:
//! `admonitions.rs` (`:::` lines, also inside list items), `jsx.rs` (the component tags of
//! the subset and the families above, and the tags it refuses), `tabs.rs` (`<Tabs values>`
//! labels), `attributes.rs` (JSX attributes: of the subset's tags, of site components, and
//! the expressions of HTML tags moved out for comrak) and `imports.rs` (theme, image and
//! site imports). The tree builder (`markdown/containers.rs`) renders what it returns.

mod admonitions;
mod attributes;
mod imports;
mod jsx;
mod splitter;
mod tabs;

pub use attributes::style_object;
pub use splitter::split;
pub use tabs::parse_tab_values;

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

/// The shape of a block tree, for the unit tests of the split's files: `md@<line>`,
/// containers with their children, `<Name>@<line>` components.
#[cfg(test)]
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
