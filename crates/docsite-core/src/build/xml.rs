//! The XML documents of the build (`sitemap.xml` in `host_files.rs`, the blog's `rss.xml`
//! and `atom.xml` in `feeds.rs`), written with quick-xml's [`Writer`]: it escapes text and
//! attribute values and closes what it opens. What it does not do is keep out the
//! characters XML 1.0 forbids (the C0 controls but tab, newline and carriage return;
//! U+FFFE, U+FFFF), which no escape can write: a parser stops at the first one. [`text`]
//! drops them; `feeds::warnings` names the post each was dropped from.

use std::borrow::Cow;

use quick_xml::events::{BytesDecl, BytesText, Event};
use quick_xml::Writer;

/// Whether XML 1.0 allows `c` in a document (its `Char` production; Rust strings hold no
/// surrogates).
pub(super) fn allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

/// `value` without the characters XML 1.0 forbids.
pub(super) fn text(value: &str) -> Cow<'_, str> {
    if value.chars().all(allowed) {
        Cow::Borrowed(value)
    } else {
        Cow::Owned(value.chars().filter(|&c| allowed(c)).collect())
    }
}

/// An element holding `value` as text (escaped, forbidden characters dropped).
pub(super) fn element(w: &mut Writer<Vec<u8>>, name: &str, value: &str) -> std::io::Result<()> {
    w.create_element(name).write_text_content(BytesText::new(&text(value)))?;
    Ok(())
}

/// A UTF-8 XML document whose content `body` writes, one element a line, indented.
pub(super) fn document(body: impl FnOnce(&mut Writer<Vec<u8>>) -> std::io::Result<()>) -> String {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    // Writing into a Vec<u8> cannot fail.
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))).expect("write to memory");
    body(&mut w).expect("write to memory");
    let mut out = String::from_utf8(w.into_inner()).expect("quick-xml writes the UTF-8 it was given");
    out.push('\n');
    out
}
