//! `:::` admonitions as the split reads them (Docusaurus's directives): the kind and title
//! of `:::tip Title` or `:::tip[Title]`, an admonition opened as a container and closed by
//! `:::`, and one inside a list item written as an HTML element ([`LIST_ADMONITION_TAG`])
//! that comrak keeps inside the item. `splitter.rs` hands every `:::` line here.

use super::splitter::{close, open, push_line, Frame};
use super::{ContainerKind, MdxError, ADMONITIONS, LIST_ADMONITION_TAG};

/// An admonition inside a list item, open while its lines are read.
pub(super) struct ListAdmonition {
    indent: String,
    pub(super) line: usize,
}

/// A `:::` line of a list item (`after`: the line after its colons; `pad`: its
/// indentation): a bare `:::` closes the innermost of `list_admonitions`, anything else opens
/// one, with blank lines around (they have no source line) so that the Markdown inside stays
/// Markdown.
pub(super) fn list_admonition_line(frame: &mut Frame, list_admonitions: &mut Vec<ListAdmonition>, after: &str, pad: &str, no: usize, errors: &mut Vec<MdxError>) {
    if after.trim().is_empty() {
        match list_admonitions.pop() {
            Some(open) => {
                frame.push_inserted("", no);
                push_line(frame, &format!("{}</{LIST_ADMONITION_TAG}>", open.indent), no);
                frame.push_inserted("", no);
            }
            None => errors.push(MdxError { js: false, line: no, message: "`:::` closes no open admonition".into(), hint: "open it with `:::note` (or tip, info, caution, warning, danger)".into() }),
        }
        return;
    }
    let (kind, title) = parse_admonition(after);
    if !ADMONITIONS.contains(&kind.as_str()) {
        errors.push(MdxError { js: false, line: no, message: format!("unknown admonition type `{kind}`"), hint: format!("use one of {}", ADMONITIONS.join(", ")) });
    }
    let pad = pad.to_string();
    let title_attr = title.map(|t| format!(" title=\"{}\"", escape_attr(&t))).unwrap_or_default();
    frame.push_inserted("", no);
    push_line(frame, &format!("{pad}<{LIST_ADMONITION_TAG} kind=\"{kind}\"{title_attr}>"), no);
    frame.push_inserted("", no);
    list_admonitions.push(ListAdmonition { indent: pad, line: no });
}

/// A `:::` line outside list items (`after`: the line after its colons): a bare `:::`
/// closes the open admonition (or, closing nothing, is text with a warning, as in
/// Docusaurus), anything else opens an admonition container.
pub(super) fn admonition_line(stack: &mut Vec<Frame>, after: &str, raw_line: &str, no: usize, warnings: &mut Vec<MdxError>, errors: &mut Vec<MdxError>) {
    if after.trim().is_empty() {
        if stack.len() > 1 && matches!(stack.last().and_then(|f| f.kind.as_ref()), Some(ContainerKind::Admonition { .. })) {
            close(stack);
        } else if stack.len() == 1 {
            // No directive (a directive has a name): text, as in Docusaurus.
            warnings.push(MdxError {
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
        return;
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
    open(stack, ContainerKind::Admonition { kind, title }, no);
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

fn escape_attr(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admonition_titles_in_both_syntaxes() {
        assert_eq!(parse_admonition("tip[My title]"), ("tip".into(), Some("My title".into())));
        assert_eq!(parse_admonition("note  Hello there"), ("note".into(), Some("Hello there".into())));
        assert_eq!(parse_admonition("info"), ("info".into(), None));
    }
}
