//! JSX attributes: those of the subset's tags read as strings (`parse_attrs`), a site
//! component's kept as written for the render stage (`parse_site_attrs`), and the `{…}`
//! expressions of HTML tags on Markdown lines moved out into placeholders ([`EXPR_OPEN`]) so
//! that comrak sees valid HTML; [`style_object`] turns a literal style object into CSS for
//! the tree builder (`markdown/expressions.rs`). Used by `jsx.rs` and `splitter.rs`.

use std::collections::BTreeMap;

use super::{PropSource, EXPR_CLOSE, EXPR_OPEN};

/// The end (exclusive) of the `{…}` expression starting at byte `start` of `src`, with
/// nested braces and quoted strings skipped.
pub(super) fn expression_end(src: &str, start: usize) -> Option<usize> {
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
pub(super) fn move_attribute_expressions(line: &str, expressions: &mut Vec<String>, tag: &mut OpenTag) -> String {
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
pub(super) struct OpenTag {
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

/// The attributes of a site component's tag, values as written (`{…}` expressions are
/// evaluated by the render stage); an error for a spread or anything that is not
/// `name`, `name="…"`, `name='…'` or `name={…}`.
pub(super) fn parse_site_attrs(src: &str) -> Result<Vec<(String, PropSource)>, String> {
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
pub(super) fn parse_attrs(src: &str) -> Option<BTreeMap<String, String>> {
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
