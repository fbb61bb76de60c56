//! Where a value sits in a JSON file, for diagnostics.
//!
//! serde_json forgets positions once a file is parsed; the sidebar checks of `load/sidebars/`
//! walk a `serde_json::Value` and name the item they judge by its path (`docs[3].items[0]`,
//! key `lable`). [`JsonSpans`] parses the same text once more with jsonc-parser (dprint's
//! parser, which keeps every node's byte range) and answers the line and column of such a
//! path, so a diagnostic points at that item even when the same id or key is written earlier
//! in the file. A sidebars module evaluated by Node has no such text: there the path itself
//! is the location ([`JsonPath::describe`]).

use jsonc_parser::ast::Value;
use jsonc_parser::common::Ranged;
use jsonc_parser::{CollectOptions, ParseOptions};

/// One step into a JSON value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A property of an object.
    Key(String),
    /// An element of an array.
    Index(usize),
}

/// A path from the root of a JSON document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JsonPath(pub Vec<Step>);

impl JsonPath {
    /// The path as a reader follows it: `sidebar "api" > items[3] > items[0]` (the first
    /// key is the sidebar's id; a key followed by an index reads as one step).
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        for (i, step) in self.0.iter().enumerate() {
            match step {
                Step::Key(k) if i == 0 => parts.push(format!("sidebar {k:?}")),
                Step::Key(k) => parts.push(k.clone()),
                Step::Index(n) => match parts.last_mut() {
                    Some(last) if i > 1 && matches!(self.0[i - 1], Step::Key(_)) => last.push_str(&format!("[{n}]")),
                    _ => parts.push(format!("items[{n}]")),
                },
            }
        }
        parts.join(" > ")
    }
}

/// Byte positions of the values of one JSON text.
pub struct JsonSpans<'a> {
    text: &'a str,
    root: Option<Value<'a>>,
}

impl<'a> JsonSpans<'a> {
    /// Parses `text` (JSON, comments and trailing commas tolerated); a text it cannot parse
    /// answers no positions.
    pub fn parse(text: &'a str) -> Self {
        let root = jsonc_parser::parse_to_ast(text, &CollectOptions::default(), &ParseOptions::default()).ok().and_then(|r| r.value);
        Self { text, root }
    }

    /// Line and column (1-based) of the value at `path`, or of the name of its property
    /// `key` when given (falling back to the value when the key is not there).
    pub fn line_col(&self, path: &JsonPath, key: Option<&str>) -> Option<(usize, usize)> {
        let mut node = self.root.as_ref()?;
        for step in &path.0 {
            node = match (step, node) {
                (Step::Key(k), Value::Object(o)) => &o.get(k)?.value,
                (Step::Index(i), Value::Array(a)) => a.elements.get(*i)?,
                _ => return None,
            };
        }
        let start = match (key, node) {
            (Some(k), Value::Object(o)) => o.get(k).map_or(node.start(), |p| p.name.start()),
            _ => node.start(),
        };
        Some(crate::diagnostics::line_col(self.text, start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(steps: &[Step]) -> JsonPath {
        JsonPath(steps.to_vec())
    }

    #[test]
    fn the_second_of_two_equal_ids_has_its_own_line() {
        let text = "{\n  \"docs\": [\n    \"intro\",\n    \"intro\"\n  ]\n}\n";
        let spans = JsonSpans::parse(text);
        let second = path(&[Step::Key("docs".into()), Step::Index(1)]);
        assert_eq!(spans.line_col(&second, None), Some((4, 5)));
    }

    #[test]
    fn a_key_points_at_its_own_item_not_an_earlier_one() {
        let text = "{\"s\": [\n {\"type\": \"doc\", \"id\": \"a\"},\n {\"type\": \"doc\", \"id\": \"b\"}\n]}";
        let spans = JsonSpans::parse(text);
        let item = path(&[Step::Key("s".into()), Step::Index(1)]);
        assert_eq!(spans.line_col(&item, Some("id")), Some((3, 18)));
        assert_eq!(spans.line_col(&item, Some("missing")), Some((3, 2)));
        assert_eq!(spans.line_col(&path(&[Step::Key("t".into())]), None), None);
    }

    #[test]
    fn a_path_reads_as_sidebar_and_items() {
        let p = path(&[Step::Key("api".into()), Step::Index(3), Step::Key("items".into()), Step::Index(0)]);
        assert_eq!(p.describe(), "sidebar \"api\" > items[3] > items[0]");
    }
}
