//! The configuration reference of the maintainers' guide, generated from the config types.
//!
//! [`json_schema`] derives a JSON Schema of `docsite.toml` from [`RawConfig`] with schemars,
//! which reads the serde attributes the parser obeys (camelCase, renames, defaults,
//! `deny_unknown_fields`, untagged enums) and takes each key's description from its `///`
//! comment. [`markdown`] walks that schema into one section per table (`[docs]`,
//! `[[navbar.items]]`, `[docs.versions.<name>]`, …), in declaration order, each with a row per
//! key: type, default, description. Only the schema-to-Markdown walk is ours.
//!
//! Both land in the guide: the Markdown between [`START_MARKER`] and [`END_MARKER`] in
//! `guide/docs/configuration.md`, the schema (for editors) at
//! `guide/static/docsite.schema.json`. The test `config_reference_is_up_to_date` fails when
//! either is stale; `DOCSITE_WRITE_CONFIG_REF=1 cargo test -p docsite-core config_reference`
//! rewrites them.

use std::collections::HashMap;

use schemars::generate::SchemaSettings;
use schemars::Schema;
use serde_json::{Map, Value};

use crate::config::RawConfig;

/// The line after which the generated reference starts in the guide page.
pub const START_MARKER: &str = "<!-- generated:config-reference:start -->";
/// The line before which the generated reference ends in the guide page.
pub const END_MARKER: &str = "<!-- generated:config-reference:end -->";
/// The command that rewrites the guide page and the schema file.
pub const WRITE_COMMAND: &str = "DOCSITE_WRITE_CONFIG_REF=1 cargo test -p docsite-core config_reference";

/// The JSON Schema of `docsite.toml`. Draft 07, the dialect TOML editors (Taplo, Tombi) and
/// JSON tooling support most widely.
pub fn json_schema() -> Schema {
    SchemaSettings::draft07().into_generator().into_root_schema_for::<RawConfig>()
}

/// [`json_schema`] as the published file: pretty-printed, ending in a newline.
pub fn json_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&json_schema()).expect("a schema is JSON");
    text.push('\n');
    text
}

/// The configuration reference as Markdown: a note on the columns, then one section per
/// table. It goes between the markers of the guide page ([`splice`]).
pub fn markdown() -> String {
    reference().0
}

/// Replaces what lies between the markers of `page` with `generated`; `None` when the page
/// lacks the markers.
pub fn splice(page: &str, generated: &str) -> Option<String> {
    let start = page.find(START_MARKER)? + START_MARKER.len();
    let end = start + page[start..].find(END_MARKER)?;
    Some(format!(
        "{}\n<!-- Generated from the doc comments in crates/docsite-core/src/config/; do not edit. Regenerate: {WRITE_COMMAND} -->\n\n{}\n{}",
        &page[..start],
        generated,
        &page[end..]
    ))
}

/// The Markdown, and the keys and tables that lack a description.
fn reference() -> (String, Vec<String>) {
    let schema = json_schema();
    let root = schema.as_value();
    let empty = Map::new();
    let defs = root.get("definitions").and_then(Value::as_object).unwrap_or(&empty);
    let mut walker = Walker { defs, ids: HashMap::new(), sections: Vec::new(), undocumented: Vec::new() };
    let top = Table { key: "#".into(), schema: root, path: String::new(), heading: "Top-level keys".into(), id: "top-level-keys".into() };
    walker.ids.insert(top.key.clone(), (top.heading.clone(), top.id.clone()));
    walker.table(&top);
    let mut md = String::from(
        "Each table lists its keys in the order the code declares them. **Default** is the value a key \
         takes when it is left out; *required* keys must be given whenever their table is written; \
         — means the key is unset unless given (its description says what happens then).\n",
    );
    for s in &walker.sections {
        md.push_str(&format!("\n## {} {{#{}}}\n\n", s.heading, s.id));
        if !s.intro.is_empty() {
            md.push_str(s.intro.trim());
            md.push_str("\n\n");
        }
        md.push_str("| Key | Type | Default | Description |\n| --- | --- | --- | --- |\n");
        for r in &s.rows {
            md.push_str(&format!("| `{}` | {} | {} | {} |\n", r.key, cell(&r.ty), cell(&r.default), cell(&r.description)));
        }
    }
    (md, walker.undocumented)
}

/// A table of the file: where it is written and its schema.
struct Table<'a> {
    /// The definition it comes from (`#` for the root), so a type used twice gets one section.
    key: String,
    schema: &'a Value,
    /// Dotted key path (`navbar.items`, `docs.versions.<name>`); empty for the root.
    path: String,
    /// Section heading (`` `[[navbar.items]]` ``).
    heading: String,
    id: String,
}

struct Section {
    heading: String,
    id: String,
    intro: String,
    rows: Vec<Row>,
}

struct Row {
    key: String,
    ty: String,
    default: String,
    description: String,
}

/// What a key holds, with `Option`'s `null` and schemars' `allOf`/`$ref` wrappers removed.
enum Shape<'a> {
    /// A string, boolean or number, with its allowed values (and their descriptions).
    Scalar { ty: String, values: Vec<(String, String)> },
    /// A table: its definition key and schema.
    Table { key: String, schema: &'a Value },
    Array(Box<Shape<'a>>),
    /// Tables keyed by a name of the writer's choice (`[docs.versions.<name>]`).
    Map(Box<Shape<'a>>),
    /// One of several shapes (an untagged enum).
    Either(Vec<Shape<'a>>),
}

struct Walker<'a> {
    defs: &'a Map<String, Value>,
    /// Definition key -> heading and id of its section, assigned when first reached.
    ids: HashMap<String, (String, String)>,
    sections: Vec<Section>,
    undocumented: Vec<String>,
}

impl<'a> Walker<'a> {
    /// Adds the section of `table`, then those of the tables it reaches first, depth first.
    fn table(&mut self, table: &Table<'a>) {
        let name = if table.path.is_empty() { "the top level".to_string() } else { format!("`{}`", table.path) };
        let intro = description(table.schema);
        if intro.is_empty() {
            self.undocumented.push(format!("table {name}"));
        }
        let required: Vec<&str> = table.schema.get("required").and_then(Value::as_array).map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        let mut rows = Vec::new();
        let mut children = Vec::new();
        for (key, prop) in table.schema.get("properties").and_then(Value::as_object).into_iter().flatten() {
            let path = if table.path.is_empty() { key.clone() } else { format!("{}.{key}", table.path) };
            let shape = self.shape(prop);
            let mut found = Vec::new();
            let ty = self.type_text(&shape, &path, false, &mut found);
            let mut links = Vec::new();
            for child in found {
                // A table type reached again (a shared logo, nested navbar items) links to the
                // section of its first place.
                let (heading, id) = match self.ids.get(&child.key) {
                    Some(known) => known.clone(),
                    None => {
                        let known = (child.heading.clone(), child.id.clone());
                        self.ids.insert(child.key.clone(), known.clone());
                        children.push(child);
                        known
                    }
                };
                links.push(format!("[{heading}](#{id})"));
            }
            let ty = if links.is_empty() { ty } else { format!("{ty}, see {}", links.join(", ")) };
            let mut text = description(prop);
            if text.is_empty() {
                self.undocumented.push(format!("key `{path}`"));
            }
            if let Shape::Scalar { values, .. } = &shape {
                if !values.is_empty() {
                    text = join_sentences(&text, &values_text(values));
                }
            }
            let default = if required.contains(&key.as_str()) {
                "*required*".to_string()
            } else {
                prop.get("default").and_then(toml_literal).unwrap_or_else(|| "—".into())
            };
            rows.push(Row { key: key.clone(), ty, default, description: text });
        }
        self.sections.push(Section { heading: table.heading.clone(), id: table.id.clone(), intro, rows });
        for child in &children {
            self.table(child);
        }
    }

    /// The definition a `$ref` points to.
    fn resolve(&self, reference: &str) -> Option<(&'a str, &'a Value)> {
        let name = reference.strip_prefix("#/definitions/")?;
        self.defs.get_key_value(name).map(|(k, v)| (k.as_str(), v))
    }

    fn shape(&self, schema: &'a Value) -> Shape<'a> {
        self.shape_of(schema, None)
    }

    fn shape_of(&self, schema: &'a Value, def: Option<&str>) -> Shape<'a> {
        if let Some((name, target)) = schema.get("$ref").and_then(Value::as_str).and_then(|r| self.resolve(r)) {
            return self.shape_of(target, Some(name));
        }
        let not_null = |s: &&'a Value| s.get("type").and_then(Value::as_str) != Some("null");
        if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
            if let [only] = all.as_slice() {
                return self.shape_of(only, def);
            }
        }
        if let Some(any) = schema.get("anyOf").and_then(Value::as_array) {
            let mut options: Vec<&Value> = any.iter().filter(not_null).collect();
            if options.len() == 1 {
                return self.shape_of(options.remove(0), def);
            }
            return Shape::Either(options.into_iter().map(|o| self.shape(o)).collect());
        }
        if let Some(one) = schema.get("oneOf").and_then(Value::as_array) {
            let values: Option<Vec<(String, String)>> = one.iter().map(|v| v.get("const").map(|c| (plain(c), description(v)))).collect();
            if let Some(values) = values {
                return Shape::Scalar { ty: "string".into(), values };
            }
            return Shape::Either(one.iter().filter(not_null).map(|o| self.shape(o)).collect());
        }
        let ty = match schema.get("type") {
            Some(Value::String(t)) => t.as_str(),
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).find(|t| *t != "null").unwrap_or("any"),
            _ => "any",
        };
        match ty {
            "object" => match schema.get("additionalProperties") {
                Some(inner @ Value::Object(_)) if schema.get("properties").is_none() => Shape::Map(Box::new(self.shape(inner))),
                _ => Shape::Table { key: def.map(str::to_string).unwrap_or_else(|| format!("{:p}", schema)), schema },
            },
            "array" => Shape::Array(Box::new(schema.get("items").map(|i| self.shape(i)).unwrap_or(Shape::Scalar { ty: "any".into(), values: Vec::new() }))),
            _ => {
                let values = schema.get("enum").and_then(Value::as_array).map(|e| e.iter().filter(|v| !v.is_null()).map(|v| (plain(v), String::new())).collect()).unwrap_or_default();
                let range = match (schema.get("minimum").and_then(Value::as_i64), schema.get("maximum").and_then(Value::as_i64)) {
                    (Some(min), Some(max)) => format!(" from {min} to {max}"),
                    _ => String::new(),
                };
                Shape::Scalar { ty: format!("{ty}{range}"), values }
            }
        }
    }

    /// The type column for a key at `path`, collecting the tables it holds into `found`.
    fn type_text(&self, shape: &Shape<'a>, path: &str, plural: bool, found: &mut Vec<Table<'a>>) -> String {
        match shape {
            Shape::Scalar { ty, .. } => {
                if plural {
                    match ty.split_once(' ') {
                        Some((noun, rest)) => format!("{noun}s {rest}"),
                        None => format!("{ty}s"),
                    }
                } else {
                    ty.clone()
                }
            }
            Shape::Table { key, schema } => {
                // A table in an array is written `[[path]]`, else `[path]`.
                let heading = if plural && !path.ends_with(">") { format!("`[[{path}]]`") } else { format!("`[{path}]`") };
                found.push(Table { key: key.clone(), schema, path: path.to_string(), heading, id: anchor(path) });
                if plural { "tables" } else { "table" }.to_string()
            }
            Shape::Array(inner) => format!("array of {}", self.type_text(inner, path, true, found)),
            Shape::Map(inner) => format!("{} by name", self.type_text(inner, &format!("{path}.<name>"), true, found)),
            Shape::Either(options) => options.iter().map(|o| self.type_text(o, path, plural, found)).collect::<Vec<_>>().join(" or "),
        }
    }
}

/// A schema's description, or empty.
fn description(schema: &Value) -> String {
    schema.get("description").and_then(Value::as_str).unwrap_or_default().trim().to_string()
}

/// "`throw`: Fail. `warn`: …", or "One of `a`, `b`." when the values carry no descriptions.
fn values_text(values: &[(String, String)]) -> String {
    if values.iter().all(|(_, d)| d.is_empty()) {
        let list: Vec<String> = values.iter().map(|(v, _)| format!("`{v}`")).collect();
        return format!("One of {}.", list.join(", "));
    }
    values.iter().map(|(v, d)| if d.is_empty() { format!("`{v}`.") } else { format!("`{v}`: {d}") }).collect::<Vec<_>>().join(" ")
}

fn join_sentences(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a} {b}"),
    }
}

/// A JSON value as the text a person writes: strings bare (for lists of values).
fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A default value as TOML, in a code span; `None` for tables (their keys have their own rows).
fn toml_literal(v: &Value) -> Option<String> {
    fn literal(v: &Value) -> Option<String> {
        Some(match v {
            Value::String(s) => serde_json::to_string(s).expect("a string is JSON"),
            Value::Bool(_) | Value::Number(_) => v.to_string(),
            Value::Array(items) => format!("[{}]", items.iter().map(literal).collect::<Option<Vec<_>>>()?.join(", ")),
            Value::Null | Value::Object(_) => return None,
        })
    }
    literal(v).map(|l| format!("`{l}`"))
}

/// A heading id for a key path: `docs.versions.<name>` -> `docs-versions-name`.
fn anchor(path: &str) -> String {
    let mut id = String::new();
    for c in path.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_matches('-').to_string()
}

/// Text fit for a Markdown table cell: one line, pipes escaped.
fn cell(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "guide/docs/configuration.md";
    const SCHEMA_FILE: &str = "guide/static/docsite.schema.json";

    fn repo_path(rel: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(rel)
    }

    /// The guide's reference and schema file must match the config types.
    #[test]
    fn config_reference_is_up_to_date() {
        let page_path = repo_path(PAGE);
        let page = std::fs::read_to_string(&page_path).unwrap_or_else(|e| panic!("cannot read {PAGE}: {e}"));
        let expected_page = splice(&page, &markdown()).unwrap_or_else(|| {
            panic!("{PAGE} has no `{START_MARKER}` … `{END_MARKER}` pair; put the two lines where the reference belongs")
        });
        let schema_path = repo_path(SCHEMA_FILE);
        let expected_schema = json_schema_text();
        if std::env::var_os("DOCSITE_WRITE_CONFIG_REF").is_some() {
            std::fs::write(&page_path, &expected_page).unwrap();
            std::fs::create_dir_all(schema_path.parent().unwrap()).unwrap();
            std::fs::write(&schema_path, &expected_schema).unwrap();
        }
        let mut stale = Vec::new();
        if std::fs::read_to_string(&page_path).unwrap_or_default() != expected_page {
            stale.push(PAGE);
        }
        if std::fs::read_to_string(&schema_path).unwrap_or_default() != expected_schema {
            stale.push(SCHEMA_FILE);
        }
        assert!(
            stale.is_empty(),
            "the configuration reference is stale ({}): the config types in crates/docsite-core/src/config/ changed; run `{WRITE_COMMAND}`",
            stale.join(", ")
        );
    }

    /// The reference is only as good as the doc comments it is made of.
    #[test]
    fn config_reference_documents_every_key_and_table() {
        let (_, undocumented) = reference();
        assert!(undocumented.is_empty(), "give these a `///` comment in config/: {}", undocumented.join(", "));
    }

    #[test]
    fn config_reference_has_a_section_per_table_in_declaration_order() {
        let md = markdown();
        let headings: Vec<&str> = md.lines().filter_map(|l| l.strip_prefix("## ")).collect();
        let expected = [
            "Top-level keys {#top-level-keys}",
            "`[locale]` {#locale}",
            "`[docs]` {#docs}",
            "`[docs.versions.<name>]` {#docs-versions-name}",
            "`[navbar]` {#navbar}",
            "`[navbar.logo]` {#navbar-logo}",
            "`[[navbar.items]]` {#navbar-items}",
            "`[footer]` {#footer}",
            "`[[footer.links]]` {#footer-links}",
            "`[[footer.links.items]]` {#footer-links-items}",
            "`[announcementBar]` {#announcementbar}",
            "`[colorMode]` {#colormode}",
            "`[tableOfContents]` {#tableofcontents}",
            "`[prism]` {#prism}",
            "`[prism.theme]` {#prism-theme}",
            "`[prism.theme.plain]` {#prism-theme-plain}",
            "`[[prism.theme.styles]]` {#prism-theme-styles}",
            "`[gtag]` {#gtag}",
            "`[[scripts]]` {#scripts}",
            "`[[schemas]]` {#schemas}",
            "`[search]` {#search}",
            "`[search.algolia]` {#search-algolia}",
            "`[search.algolia.replaceSearchResultPathname]` {#search-algolia-replacesearchresultpathname}",
            "`[customFields]` {#customfields}",
            "`[[redirects]]` {#redirects}",
            "`[deploy]` {#deploy}",
            "`[[deploy.headers]]` {#deploy-headers}",
            "`[security]` {#security}",
            "`[blog]` {#blog}",
        ];
        assert_eq!(headings, expected);
    }

    #[test]
    fn config_reference_rows_follow_serde() {
        let md = markdown();
        let row = |key: &str, section: &str| -> String {
            let start = md.find(&format!("## {section}")).unwrap_or_else(|| panic!("no section {section}"));
            let rest = &md[start..];
            let end = rest[3..].find("\n## ").map(|e| e + 3).unwrap_or(rest.len());
            rest[..end].lines().find(|l| l.starts_with(&format!("| `{key}` |"))).unwrap_or_else(|| panic!("no row {key} in {section}")).to_string()
        };
        // camelCase names and serde defaults.
        assert!(row("baseUrl", "Top-level").contains("| `\"/\"` |"));
        assert!(row("title", "Top-level").contains("*required*"));
        assert!(row("onDuplicateRoutes", "`[docs]`").contains("| `\"warn\"` |"));
        assert!(row("onBrokenLinks", "`[docs]`").contains("`ignore`: Report nothing."));
        // Explicit renames and the navbar types from the resolver's list.
        assert!(row("trackingID", "`[gtag]`").contains("*required*"));
        assert!(row("type", "`[[navbar.items]]`").contains("`docsVersionDropdown`"));
        // Tables, arrays of tables, maps and the untagged `scripts` entries link their section.
        assert!(row("docs", "Top-level").contains("table, see [`[docs]`](#docs)"));
        assert!(row("items", "`[navbar]`").contains("array of tables, see [`[[navbar.items]]`](#navbar-items)"));
        assert!(row("items", "`[[navbar.items]]`").contains("(#navbar-items)"));
        assert!(row("logo", "`[footer]`").contains("(#navbar-logo)"));
        assert!(row("versions", "`[docs]`").contains("tables by name, see [`[docs.versions.<name>]`](#docs-versions-name)"));
        assert!(row("scripts", "Top-level").contains("array of strings or tables, see [`[[scripts]]`](#scripts)"));
        assert!(row("suggestions", "`[search]`").contains("array of strings | `[]` |"));
        assert!(row("minHeadingLevel", "`[tableOfContents]`").contains("integer from 2 to 6"));
    }

    #[test]
    fn splice_replaces_only_the_generated_region() {
        let page = format!("intro\n\n{START_MARKER}\nold\n{END_MARKER}\n\nafter\n");
        let out = splice(&page, "new\n").unwrap();
        assert!(out.starts_with(&format!("intro\n\n{START_MARKER}\n<!-- Generated")));
        assert!(out.ends_with(&format!("\n\nnew\n\n{END_MARKER}\n\nafter\n")));
        assert_eq!(splice(&out, "new\n").unwrap(), out);
        assert!(splice("no markers", "x").is_none());
    }
}
