//! The blocks of the MDX split as elements: Markdown segments parsed in place, containers
//! (admonitions, `<Tabs>`/`<TabItem>`, layout containers, the site's own components) opened
//! around their children, and the self-closing components (data components, `<DocCardList />`,
//! filled by `components.rs`). The site's imports are resolved here once per doc
//! (`site_components.rs`). `render` starts the tree builder here.

use std::collections::BTreeMap;

use super::mdx::{self, Block, ContainerKind};
use super::site_components;
use super::tree::{element, TreeBuilder};

impl TreeBuilder<'_, '_> {
    pub(super) fn blocks(&mut self, blocks: &[Block]) {
        for block in blocks {
            match block {
                Block::Markdown { text, line, inserted } => {
                    self.segment_inserted.clone_from(inserted);
                    // Raw HTML the segment leaves open (`<details>` before an admonition)
                    // stays open: the containers that follow go inside it, as in MDX, and
                    // its closing tag in a later segment closes it.
                    self.parse_markdown(text, *line);
                    self.segment_inserted.clear();
                }
                Block::Component { name, attrs, line } if mdx::SIDEBAR_COMPONENTS.contains(&name.as_str()) => {
                    self.first_block = false;
                    self.doc_card_list(name, attrs, self.body_line + line);
                }
                Block::Component { name, attrs, line } => {
                    self.first_block = false;
                    self.data_component(name, attrs, self.body_line + line);
                }
                Block::Container { kind, children, line } => {
                    self.first_block = false;
                    if !self.room_for_one_more(self.body_line + line) {
                        continue;
                    }
                    let mut el = element(match kind {
                        ContainerKind::Admonition { .. } => "Admonition",
                        ContainerKind::Tabs(_) => "Tabs",
                        ContainerKind::TabItem(_) => "TabItem",
                        ContainerKind::Layout { name, .. } => name,
                        ContainerKind::SiteComponent { .. } => site_components::ELEMENT,
                    });
                    match kind {
                        ContainerKind::SiteComponent { name, props } => {
                            el.a = self.site_component(name, props, self.body_line + line).into();
                        }
                        ContainerKind::Layout { name, attrs } => {
                            el.a = self.layout_attributes(name, attrs, self.body_line + line).into();
                        }
                        ContainerKind::Admonition { kind, .. } => {
                            el.a.extend(self.admonition_kind(kind));
                        }
                        ContainerKind::Tabs(attrs) => {
                            for (k, v) in attrs {
                                if k == "groupId" || k == "defaultValue" || k == "className" || k == "queryString" {
                                    el.a.insert(k.clone(), v.clone());
                                }
                            }
                        }
                        ContainerKind::TabItem(attrs) => {
                            let value = attrs.get("value").cloned();
                            match value {
                                Some(v) => {
                                    el.a.insert("value".into(), v.clone());
                                    el.a.insert("label".into(), attrs.get("label").cloned().unwrap_or(v));
                                }
                                None => self.error(self.body_line + line, None, "<TabItem> needs a `value`".into(), "write <TabItem value=\"ts\" label=\"TypeScript\">"),
                            }
                            if attrs.get("default").map(String::as_str) == Some("true") {
                                el.a.insert("default".into(), "true".into());
                            }
                        }
                    }
                    let depth = self.open(el);
                    if let ContainerKind::Admonition { title: Some(title), .. } = kind {
                        self.admonition_title(title, *line);
                    }
                    self.blocks(children);
                    self.close_to(depth);
                }
            }
        }
    }

    /// Resolves every import of the site's own code and data once (errors at the import's
    /// line: a file outside the site, a missing file or export), keeping each component's
    /// module for its uses.
    pub(super) fn check_site_imports(&mut self) {
        let site_dir = self.ctx.site_dir;
        for (name, import) in self.site_imports {
            let line = self.body_line + import.line;
            let module = match site_components::resolve(site_dir, self.ctx.content_roots, self.source, &import.module) {
                Ok(m) => m,
                Err(why) => {
                    self.error(line, None, format!("the import of `{name}`: {why}"), "import a file of the site's own code, e.g. `import Chart from '@site/src/components/Chart'`");
                    continue;
                }
            };
            if import.is_data() {
                continue;
            }
            let text = match std::fs::read_to_string(&module.file) {
                Ok(t) => t,
                Err(e) => {
                    self.error(line, None, format!("cannot read `{}`: {e}", module.rel), "check the file's permissions");
                    continue;
                }
            };
            if let Some(exports) = site_components::exports(&text) {
                if !exports.contains(&import.export) {
                    let what = if import.export == "default" { "default export".to_string() } else { format!("export `{}`", import.export) };
                    let has = if exports.is_empty() { "nothing".to_string() } else { exports.join(", ") };
                    self.error(line, None, format!("`{}` has no {what} (it exports {has})", module.rel), "import one of the names it exports: `import { Name } from '…'` for a named export, `import Name from '…'` for the default one");
                    continue;
                }
            }
            self.site_modules.insert(name.clone(), module.rel);
        }
    }

    /// A use of one of the site's own components: its module (relative to the site), the
    /// export and the props as JSON (`site_components.rs`); a problem is an error at `line`.
    fn site_component(&mut self, name: &str, props: &[(String, mdx::PropSource)], line: usize) -> BTreeMap<String, String> {
        let mut a = BTreeMap::new();
        let (Some(import), Some(module)) = (self.site_imports.get(name), self.site_modules.get(name)) else { return a };
        let (site_dir, roots, source, imports) = (self.ctx.site_dir, self.ctx.content_roots, self.source, self.site_imports);
        let mut data = |ident: &str| imports.get(ident).filter(|i| i.is_data()).map(|i| site_components::data_value(site_dir, roots, source, i));
        match site_components::props(props, &mut data) {
            Ok(json) => {
                a.insert("module".into(), module.clone());
                a.insert("export".into(), import.export.clone());
                a.insert("props".into(), serde_json::Value::Object(json).to_string());
            }
            Err(why) => self.js_error(line, None, format!("`<{name}>`: {why}"), "props are string literals, numbers, booleans, `{…}` literal objects and arrays, or names the doc imports from a JSON file"),
        }
        a
    }
}
