//! The blog's feeds, written beside its list: `<blog>/rss.xml` (RSS 2.0) and
//! `<blog>/atom.xml` (Atom 1.0), the 20 newest listed posts each, as Docusaurus's blog
//! plugin writes them by default; none for a blog without posts. Made from the posts' page
//! data (title, route, description, date, authors) with quick-xml's writer (`xml.rs`). A
//! character XML 1.0 forbids (a control character in a title) is dropped from the feeds
//! and the rest kept, with a warning naming the post's file ([`warnings`], from `check`):
//! the page shows the title as written, and refusing the build for an invisible character
//! would be out of proportion.

use std::path::Path;

use quick_xml::Writer;

use super::xml::{self, element};
use super::{write_file, PageOut, Site};
use crate::config::SiteConfig;
use crate::contract::{PageData, RouteKind};
use crate::diagnostics::{BuildError, Diagnostic, Severity};

/// Posts in a feed (Docusaurus's `feedOptions.limit`).
const FEED_LIMIT: usize = 20;

/// RFC 822 date of an ISO 8601 UTC date-time (`2025-02-10T00:00:00Z`), for RSS.
fn rfc822(iso: &str) -> String {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let month = iso.get(5..7).and_then(|m| m.parse::<usize>().ok()).unwrap_or(1).clamp(1, 12);
    format!("{} {} {} {} GMT", iso.get(8..10).unwrap_or("01"), MONTHS[month - 1], iso.get(0..4).unwrap_or("1970"), iso.get(11..19).unwrap_or("00:00:00"))
}

fn date(d: &PageData) -> String {
    d.blog_post.as_ref().map(|m| m.date_time.clone()).unwrap_or_default()
}

/// The posts of the feeds: the [`FEED_LIMIT`] newest listed ones, newest first.
fn feed_posts(pages: &[PageOut]) -> Vec<&PageOut> {
    let mut posts: Vec<&PageOut> = pages.iter().filter(|p| p.data.kind == RouteKind::BlogPost && !p.data.unlisted).collect();
    posts.sort_by(|a, b| date(&b.data).cmp(&date(&a.data)).then_with(|| a.data.path.cmp(&b.data.path)));
    posts.truncate(FEED_LIMIT);
    posts
}

/// A warning for each text of the feeds that holds characters XML 1.0 forbids, naming the
/// post's file (or the site's `title`): the feeds leave those characters out.
pub(super) fn warnings(config: &SiteConfig, pages: &[PageOut]) -> Vec<Diagnostic> {
    if config.raw.blog.is_none() {
        return Vec::new();
    }
    let posts = feed_posts(pages);
    let forbidden = |text: &str| -> Option<String> {
        let found: Vec<String> = text.chars().filter(|&c| !xml::allowed(c)).map(|c| format!("U+{:04X}", c as u32)).collect();
        (!found.is_empty()).then(|| found.join(", "))
    };
    let hint = "remove the control character; XML 1.0 has no way to write it, not even escaped";
    let mut out = Vec::new();
    if !posts.is_empty() {
        if let Some(chars) = forbidden(&config.raw.title) {
            out.push(Diagnostic::general(format!("the site `title` holds {chars}, which XML forbids: rss.xml and atom.xml leave it out")).with_severity(Severity::Warning).hint(hint));
        }
    }
    for p in posts {
        let d = &p.data;
        let mut fields: Vec<(String, &str)> = vec![("title".into(), d.title.as_str()), ("description".into(), d.description.as_deref().unwrap_or_default())];
        for a in d.blog_post.iter().flat_map(|m| &m.authors) {
            fields.push((format!("author `{}`", a.name.chars().filter(|&c| xml::allowed(c)).collect::<String>()), a.name.as_str()));
            fields.push(("author url".into(), a.url.as_deref().unwrap_or_default()));
        }
        for (field, text) in fields {
            if let Some(chars) = forbidden(text) {
                let message = format!("the post's {field} holds {chars}, which XML forbids: rss.xml and atom.xml leave it out");
                let d = match &p.source {
                    Some(source) => Diagnostic::error(source, message),
                    None => Diagnostic::general(message),
                };
                out.push(d.with_severity(Severity::Warning).hint(hint));
            }
        }
    }
    out
}

/// Writes the feeds of the site's blog, if it has one with listed posts.
pub(super) fn write(site: &Site, out: &Path) -> Result<(), BuildError> {
    let Some(blog) = &site.config.raw.blog else { return Ok(()) };
    let Some((rss, atom)) = feeds(site, &blog.route_base_path) else { return Ok(()) };
    let dir = crate::output::under(out, blog.route_base_path.trim_matches('/'))?;
    write_file(&dir.join("rss.xml"), rss.as_bytes())?;
    write_file(&dir.join("atom.xml"), atom.as_bytes())
}

/// The RSS and Atom documents, none when no post is listed.
fn feeds(site: &Site, route_base_path: &str) -> Option<(String, String)> {
    let origin = site.config.raw.url.trim_end_matches('/');
    let link = format!("{origin}{}{}", site.config.base_url, route_base_path.trim_matches('/'));
    let posts: Vec<&PageData> = feed_posts(&site.pages).into_iter().map(|p| &p.data).collect();
    let newest = date(posts.first()?);
    // Docusaurus's defaults: the site's title, "<title> Blog" as the description.
    let site_title = site.config.raw.title.as_str();
    let description = format!("{site_title} Blog");
    let rss = xml::document(|w| {
        w.create_element("rss").with_attribute(("version", "2.0")).write_inner_content(|w| {
            w.create_element("channel").write_inner_content(|w| {
                element(w, "title", site_title)?;
                element(w, "link", &link)?;
                element(w, "description", &description)?;
                element(w, "lastBuildDate", &rfc822(&newest))?;
                for d in &posts {
                    let url = format!("{origin}{}", d.path);
                    // RSS's `<author>` is an e-mail address, which posts do not give: names go to Atom.
                    w.create_element("item").write_inner_content(|w| {
                        element(w, "title", &d.title)?;
                        element(w, "link", &url)?;
                        element(w, "guid", &url)?;
                        element(w, "pubDate", &rfc822(&date(d)))?;
                        element(w, "description", d.description.as_deref().unwrap_or_default())
                    })?;
                }
                Ok(())
            })?;
            Ok(())
        })?;
        Ok(())
    });
    let atom = xml::document(|w| {
        w.create_element("feed").with_attribute(("xmlns", "http://www.w3.org/2005/Atom")).write_inner_content(|w| {
            element(w, "id", &link)?;
            element(w, "title", site_title)?;
            element(w, "updated", &newest)?;
            alternate(w, &link)?;
            element(w, "subtitle", &description)?;
            for d in &posts {
                let url = format!("{origin}{}", d.path);
                w.create_element("entry").write_inner_content(|w| {
                    html_element(w, "title", &d.title)?;
                    element(w, "id", &url)?;
                    w.create_element("link").with_attribute(("href", xml::text(&url).as_ref())).write_empty()?;
                    element(w, "updated", &date(d))?;
                    html_element(w, "summary", d.description.as_deref().unwrap_or_default())?;
                    for a in d.blog_post.iter().flat_map(|m| &m.authors) {
                        w.create_element("author").write_inner_content(|w| {
                            element(w, "name", &a.name)?;
                            if let Some(u) = &a.url {
                                element(w, "uri", u)?;
                            }
                            Ok(())
                        })?;
                    }
                    Ok(())
                })?;
            }
            Ok(())
        })?;
        Ok(())
    });
    Some((rss, atom))
}

/// Atom's `<link rel="alternate">` to the blog.
fn alternate(w: &mut Writer<Vec<u8>>, link: &str) -> std::io::Result<()> {
    w.create_element("link").with_attribute(("rel", "alternate")).with_attribute(("href", xml::text(link).as_ref())).write_empty()?;
    Ok(())
}

/// An Atom text construct of `type="html"` (as Docusaurus writes titles and summaries).
fn html_element(w: &mut Writer<Vec<u8>>, name: &str, value: &str) -> std::io::Result<()> {
    w.create_element(name).with_attribute(("type", "html")).write_text_content(quick_xml::events::BytesText::new(&xml::text(value)))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of every `<title>` of an XML document, read back with quick-xml's reader,
    /// which fails on a document that is not well-formed; every character of it must be one
    /// XML 1.0 allows (its `Char` production, which the reader does not check).
    fn titles_of_well_formed(doc: &str) -> Vec<String> {
        use quick_xml::events::Event;
        let bad: Vec<char> = doc.chars().filter(|&c| !matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')).collect();
        assert!(bad.is_empty(), "characters XML 1.0 forbids: {bad:?}\n{doc}");
        let mut reader = quick_xml::Reader::from_str(doc);
        let (mut titles, mut in_title) = (Vec::new(), false);
        loop {
            match reader.read_event().unwrap_or_else(|e| panic!("not well-formed at {}: {e}\n{doc}", reader.buffer_position())) {
                Event::Start(e) if e.name().as_ref() == "title" => {
                    in_title = true;
                    titles.push(String::new());
                }
                Event::End(e) if e.name().as_ref() == "title" => in_title = false,
                Event::Text(t) if in_title => titles.last_mut().unwrap().push_str(&t.xml10_content()),
                Event::GeneralRef(r) if in_title => {
                    let name = r.xml10_content();
                    let text = match r.resolve_char_ref().unwrap() {
                        Some(c) => c.to_string(),
                        None => quick_xml::escape::resolve_predefined_entity(&name).unwrap_or_else(|| panic!("unknown entity {name}")).to_string(),
                    };
                    titles.last_mut().unwrap().push_str(&text);
                }
                Event::Eof => break,
                _ => {}
            }
        }
        titles
    }

    #[test]
    fn a_control_character_in_a_post_title_is_dropped_from_well_formed_feeds_with_a_warning() {
        let dir = tempfile::tempdir().unwrap();
        crate::emit::copy_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/blog"), dir.path()).unwrap();
        let post = dir.path().join("blog/2025-02-10-lantern-season/index.md");
        let text = std::fs::read_to_string(&post).unwrap().replace("# Lantern season opens", "# Lantern \u{1}season & \\<opens>");
        std::fs::write(&post, text).unwrap();
        let site = crate::build::check(dir.path()).unwrap();
        let report = site.diagnostics.report();
        assert!(report.contains("warning: blog/2025-02-10-lantern-season/index.md: the post's title holds U+0001, which XML forbids"), "{report}");
        let (rss, atom) = feeds(&site, "blog").unwrap();
        for doc in [&rss, &atom] {
            let titles = titles_of_well_formed(doc);
            assert!(titles.iter().any(|t| t == "Lantern season & <opens>"), "{titles:?}");
        }
        // The sitemap has the routes, which are refused with control characters; it goes
        // through the same writer.
        let sitemap = super::super::host_files::sitemap(&site);
        titles_of_well_formed(&sitemap);
        assert!(sitemap.contains("<loc>https://example.org/blog/2025/02/10/lantern-season</loc>"), "{sitemap}");
    }

    #[test]
    fn rss_dates_are_rfc_822() {
        assert_eq!(rfc822("2025-02-10T09:30:00Z"), "10 Feb 2025 09:30:00 GMT");
    }
}
