//! The blog's feeds, written beside its list: `<blog>/rss.xml` (RSS 2.0) and
//! `<blog>/atom.xml` (Atom 1.0), the 20 newest listed posts each, as Docusaurus's blog
//! plugin writes them by default; none for a blog without posts. Made from the posts' page
//! data (title, route, description, date, authors), with the sitemap's XML escaping
//! (`host_files.rs`): two small fixed documents, written by hand like the sitemap.

use std::path::Path;

use super::{write_file, Site};
use crate::contract::{PageData, RouteKind};
use crate::diagnostics::BuildError;

/// Posts in a feed (Docusaurus's `feedOptions.limit`).
const FEED_LIMIT: usize = 20;

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

/// RFC 822 date of an ISO 8601 UTC date-time (`2025-02-10T00:00:00Z`), for RSS.
fn rfc822(iso: &str) -> String {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let month = iso.get(5..7).and_then(|m| m.parse::<usize>().ok()).unwrap_or(1).clamp(1, 12);
    format!("{} {} {} {} GMT", iso.get(8..10).unwrap_or("01"), MONTHS[month - 1], iso.get(0..4).unwrap_or("1970"), iso.get(11..19).unwrap_or("00:00:00"))
}

/// Writes the feeds of the site's blog, if it has one with listed posts.
pub(super) fn write(site: &Site, out: &Path) -> Result<(), BuildError> {
    let Some(blog) = &site.config.raw.blog else { return Ok(()) };
    let (rss, atom) = feeds(site, &blog.route_base_path);
    let Some(rss) = rss else { return Ok(()) };
    let dir = crate::output::under(out, blog.route_base_path.trim_matches('/'))?;
    write_file(&dir.join("rss.xml"), rss.as_bytes())?;
    write_file(&dir.join("atom.xml"), atom.unwrap_or_default().as_bytes())
}

/// The RSS and Atom documents, none when no post is listed.
fn feeds(site: &Site, route_base_path: &str) -> (Option<String>, Option<String>) {
    let origin = site.config.raw.url.trim_end_matches('/');
    let blog_path = format!("{}{}", site.config.base_url, route_base_path.trim_matches('/'));
    let mut posts: Vec<&PageData> = site.pages.iter().map(|p| &p.data).filter(|d| d.kind == RouteKind::BlogPost && !d.unlisted).collect();
    if posts.is_empty() {
        return (None, None);
    }
    let date = |d: &PageData| d.blog_post.as_ref().map(|m| m.date_time.clone()).unwrap_or_default();
    posts.sort_by(|a, b| date(b).cmp(&date(a)).then_with(|| a.path.cmp(&b.path)));
    posts.truncate(FEED_LIMIT);
    // Docusaurus's defaults: the site's title, "<title> Blog" as the description.
    let site_title = xml_escape(&site.config.raw.title);
    let link = xml_escape(&format!("{origin}{blog_path}"));
    let description = xml_escape(&format!("{} Blog", site.config.raw.title));
    let mut rss = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\">\n<channel>\n<title>{site_title}</title>\n<link>{link}</link>\n<description>{description}</description>\n<lastBuildDate>{}</lastBuildDate>\n",
        rfc822(&date(posts[0]))
    );
    let mut atom = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<id>{link}</id>\n<title>{site_title}</title>\n<updated>{}</updated>\n<link rel=\"alternate\" href=\"{link}\"/>\n<subtitle>{description}</subtitle>\n",
        xml_escape(&date(posts[0]))
    );
    for d in posts {
        let url = xml_escape(&format!("{origin}{}", d.path));
        let (post_title, summary) = (xml_escape(&d.title), xml_escape(d.description.as_deref().unwrap_or_default()));
        let authors = d.blog_post.as_ref().map(|m| m.authors.clone()).unwrap_or_default();
        rss.push_str(&format!("<item>\n<title>{post_title}</title>\n<link>{url}</link>\n<guid>{url}</guid>\n<pubDate>{}</pubDate>\n<description>{summary}</description>\n", rfc822(&date(d))));
        // RSS's `<author>` is an e-mail address, which posts do not give: names go to Atom.
        rss.push_str("</item>\n");
        atom.push_str(&format!("<entry>\n<title type=\"html\">{post_title}</title>\n<id>{url}</id>\n<link href=\"{url}\"/>\n<updated>{}</updated>\n<summary type=\"html\">{summary}</summary>\n", xml_escape(&date(d))));
        for a in &authors {
            atom.push_str(&format!("<author>\n<name>{}</name>\n", xml_escape(&a.name)));
            if let Some(u) = &a.url {
                atom.push_str(&format!("<uri>{}</uri>\n", xml_escape(u)));
            }
            atom.push_str("</author>\n");
        }
        atom.push_str("</entry>\n");
    }
    rss.push_str("</channel>\n</rss>\n");
    atom.push_str("</feed>\n");
    (Some(rss), Some(atom))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rss_dates_are_rfc_822() {
        assert_eq!(rfc822("2025-02-10T09:30:00Z"), "10 Feb 2025 09:30:00 GMT");
    }
}
