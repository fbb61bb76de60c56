//! GFM tables: `thead`/`tbody`, alignment, an empty corner cell as a data cell, each body
//! cell labelled with its column's header (the theme's card layout on phones), and long
//! inline code given break opportunities. The AST walk (`tree.rs`) hands tables here.

use comrak::nodes::{AstNode, NodeValue, TableAlignment};

use super::text_of;
use super::tree::{element, TreeBuilder};
use crate::contract::Node;

impl TreeBuilder<'_, '_> {
    /// A GFM table. Each body cell carries its column's header text as `data-label`: on a
    /// phone the theme lays each row out as a card, every value under its label. Inline code
    /// in a cell gets break opportunities (`<wbr>`) at its sensible points, so a long
    /// identifier wraps there instead of widening its column.
    pub(super) fn table<'n>(&mut self, node: &'n AstNode<'n>, alignments: &[TableAlignment]) {
        let table_depth = self.open(element("table"));
        let mut body_depth = None;
        let mut labels: Vec<String> = Vec::new();
        for row in node.children() {
            let header = matches!(row.data.borrow().value, NodeValue::TableRow(true));
            let row_depth = if header {
                let d = self.open(element("thead"));
                self.open(element("tr"));
                d
            } else {
                if body_depth.is_none() {
                    body_depth = Some(self.open(element("tbody")));
                }
                self.open(element("tr"))
            };
            for (i, cell) in row.children().enumerate() {
                // An empty header cell (the corner of a table whose first column names its
                // rows) heads nothing: a `td`, as screen readers and axe's
                // `empty-table-header` rule expect.
                let th = header && cell.first_child().is_some();
                let mut el = element(if th { "th" } else { "td" });
                if let Some(label) = labels.get(i).filter(|l| !header && !l.is_empty()) {
                    el.a.insert("data-label".into(), label.clone());
                }
                match alignments.get(i) {
                    Some(TableAlignment::Left) => drop(el.a.insert("align".into(), "left".into())),
                    Some(TableAlignment::Center) => drop(el.a.insert("align".into(), "center".into())),
                    Some(TableAlignment::Right) => drop(el.a.insert("align".into(), "right".into())),
                    _ => {}
                }
                let d = self.open(el);
                for c in cell.children() {
                    self.node(c);
                }
                if let Some(cell) = self.stack.last_mut() {
                    if header {
                        labels.push(text_of(&cell.c).trim().to_string());
                    }
                    breakable_code(&mut cell.c);
                }
                self.close_to(d);
            }
            self.close_to(row_depth);
        }
        self.close_to(table_depth);
    }
}

/// Adds `<wbr>` break opportunities to the inline code in `nodes` (a table cell) longer than
/// a short word: after `.`, `/` and `_`, and between a lower-case letter and an upper-case
/// one (`payload.channelId` -> `payload.|channel|Id`), never inside a word otherwise.
fn breakable_code(nodes: &mut [Node]) {
    for node in nodes {
        let Node::Element(el) = node else { continue };
        if el.t != "code" {
            breakable_code(&mut el.c);
            continue;
        }
        let [Node::Text(text)] = el.c.as_slice() else { continue };
        if text.chars().count() <= 12 {
            continue;
        }
        let mut parts = Vec::new();
        let mut current = String::new();
        let mut previous: Option<char> = None;
        for c in text.chars() {
            let camel = previous.is_some_and(|p| p.is_lowercase()) && c.is_uppercase();
            if camel && !current.is_empty() {
                parts.push(Node::Text(std::mem::take(&mut current)));
                parts.push(Node::Element(element("wbr")));
            }
            current.push(c);
            if matches!(c, '.' | '/' | '_') {
                parts.push(Node::Text(std::mem::take(&mut current)));
                parts.push(Node::Element(element("wbr")));
            }
            previous = Some(c);
        }
        if !current.is_empty() {
            parts.push(Node::Text(current));
        }
        while matches!(parts.last(), Some(Node::Element(e)) if e.t == "wbr") {
            parts.pop();
        }
        el.c = parts;
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::ctx_render;
    use crate::contract::{Element, Node};
    use crate::markdown::text_of;

    #[test]
    fn an_empty_header_cell_is_a_data_cell() {
        let r = ctx_render("| | A | B |\n| --- | --- | --- |\n| x | 1 | 2 |\n");
        let Node::Element(table) = &r.content[0] else { panic!("{:?}", r.content) };
        let Some(Node::Element(thead)) = table.c.first() else { panic!("{:?}", table.c) };
        let Some(Node::Element(row)) = thead.c.first() else { panic!("{:?}", thead.c) };
        let cells: Vec<_> = row.c.iter().filter_map(|n| if let Node::Element(e) = n { Some(e.t.as_str()) } else { None }).collect();
        assert_eq!(cells, vec!["td", "th", "th"]);
    }

    #[test]
    fn body_cells_carry_their_column_label_and_long_identifiers_break_at_dots_and_humps() {
        let r = ctx_render("| Property | Type |\n| --- | --- |\n| `id.ISIN` | `string` |\n| `payload.channelId` | x |\n");
        let Node::Element(table) = &r.content[0] else { panic!("{:?}", r.content) };
        let Some(Node::Element(tbody)) = table.c.get(1) else { panic!("{:?}", table.c) };
        let rows: Vec<&Element> = tbody.c.iter().filter_map(|n| if let Node::Element(e) = n { Some(e) } else { None }).collect();
        let cells = |row: &Element| -> Vec<Element> { row.c.iter().filter_map(|n| if let Node::Element(e) = n { Some(e.clone()) } else { None }).collect() };
        let first = cells(rows[0]);
        assert_eq!(first[0].a.get("data-label").map(String::as_str), Some("Property"));
        assert_eq!(first[1].a.get("data-label").map(String::as_str), Some("Type"));
        // Short code stays one text.
        let Some(Node::Element(short)) = first[0].c.first() else { panic!() };
        assert_eq!(short.c.len(), 1);
        let second = cells(rows[1]);
        let Some(Node::Element(long)) = second[0].c.first() else { panic!() };
        let shape: Vec<String> = long.c.iter().map(|n| match n { Node::Text(t) => t.clone(), Node::Element(e) => format!("<{}>", e.t) }).collect();
        assert_eq!(shape, vec!["payload.", "<wbr>", "channel", "<wbr>", "Id"]);
        assert_eq!(text_of(&long.c), "payload.channelId");
    }
}
