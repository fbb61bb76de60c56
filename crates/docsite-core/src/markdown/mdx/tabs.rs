//! Docusaurus's `<Tabs values={[{label, value}]}>`: the labels of a tabs container's
//! `<TabItem>`s taken from its `values` attribute, parsed here (a JavaScript array literal of
//! one shape). `splitter.rs` applies them when the tabs close.

use std::collections::BTreeMap;

use super::{Block, ContainerKind};

/// `<Tabs values={[{label: 'Apple', value: 'apple'}]}>`: each `<TabItem>` without a
/// `label` takes the one its value has in `values` (the attribute is then dropped; a
/// malformed one stays for the renderer to report).
pub(super) fn label_tab_items(attrs: &mut BTreeMap<String, String>, children: &mut [Block]) {
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
