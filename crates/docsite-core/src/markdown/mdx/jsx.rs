//! The JSX tags of the subset on lines of their own: `<Tabs>`/`<TabItem>`, the layout
//! containers ([`LAYOUTS`]), the data and sidebar components, the site's own imported
//! components (opening, closing, self-closing, an opening tag maybe spread over lines or
//! followed by content), and every other capitalised tag, which is an error (inline or on its
//! own line: the doc needs the MDX path). `splitter.rs` hands lines starting with `<` here.

use std::collections::BTreeMap;

use super::attributes::{parse_attrs, parse_site_attrs};
use super::splitter::{close, open, push_line, Frame};
use super::{Block, ContainerKind, MdxError, SiteImport, DATA_COMPONENTS, LAYOUTS, SIDEBAR_COMPONENTS};

/// What the hints list as supported.
const SUPPORTED: &str = "supported: <Tabs>, <TabItem>, <Hero>, <CardGrid>, <Card>, <Showcase />, <UserGrid />, <ConformanceTable />, <VersionsTable />, HTML elements such as <details>, and the site's own components the doc imports (`import X from '@site/src/components/X'`)";

/// Handles a line that starts with `<`: a component of the subset (opening, closing,
/// self-closing; an opening tag may be followed by content on the same line, as in
/// `<TabItem value="a">Text</TabItem>`) or any other capitalised tag (an error). Returns
/// whether the line was taken.
pub(super) fn jsx_line(stack: &mut Vec<Frame>, errors: &mut Vec<MdxError>, line: &str, no: usize, site: &BTreeMap<String, SiteImport>) -> bool {
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
pub(super) fn tag_end(src: &str) -> Option<usize> {
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

/// A capitalised JSX tag inside a line of text (outside inline code), which the subset
/// cannot place.
pub(super) fn inline_component(line: &str) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::super::{kinds, split, Block};

    #[test]
    fn unknown_components_and_imports_are_errors_with_lines() {
        let errs = split("import X from 'x';\n\n<Foo bar=\"1\">\n\ntext <Bar/> more\n", true).unwrap_err();
        let lines: Vec<usize> = errs.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 3, 5]);
        assert!(errs[1].message.contains("<Foo>"), "{}", errs[1].message);
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
}
