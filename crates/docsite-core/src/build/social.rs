//! What crawlers and link previews read in each pre-rendered head, added by the engine
//! after the theme's own tags (title, description, canonical URL, `og:title`,
//! `og:description`, `og:url`, from `theme/src/app/head.ts`): `og:type`, `og:site_name`,
//! `og:image` (front matter `image`, else the site's `image`), `twitter:card`, and on the
//! home page the site as schema.org `WebSite` data (JSON-LD). A site React page whose
//! `<Layout image>` already put an `og:image` in the theme's tags keeps that one. A JSON-LD block is data, not
//! script: browsers never run it, so the Content-Security-Policy needs no hash for it.
//! Costs no JavaScript.

use crate::config::SiteConfig;
use crate::contract::{PageData, RouteKind};
use crate::emit;

/// The extra head tags of a page with route `route` (as the page data spells it, URL-encoded);
/// `theme_head` is what the theme's pre-render put in the head.
pub(super) fn head_tags(config: &SiteConfig, page: &PageData, image: Option<&str>, theme_head: &str) -> String {
    let (route, kind) = (page.path.as_str(), page.kind);
    let origin = config.raw.url.trim_end_matches('/');
    // The home page's path is the base URL, without its final `/` under a sub-path.
    let home = route.trim_end_matches('/') == config.base_url.trim_end_matches('/');
    let og_type = if matches!(kind, RouteKind::Doc | RouteKind::BlogPost) { "article" } else { "website" };
    let mut out = format!("<meta property=\"og:type\" content=\"{og_type}\"><meta property=\"og:site_name\" content=\"{}\">", escape(&config.raw.title));
    let image = image.or(config.raw.image.as_deref()).map(|i| absolute(origin, &config.base_url, i));
    out.push_str(&image_tags(image.as_deref(), theme_head.contains("<meta property=\"og:image\"")));
    if home {
        let mut site = serde_json::json!({
            "@context": "https://schema.org",
            "@type": "WebSite",
            "name": config.raw.title,
            "url": format!("{origin}{}", config.base_url),
        });
        if !config.raw.tagline.is_empty() {
            site["description"] = config.raw.tagline.clone().into();
        }
        out.push_str(&format!("<script type=\"application/ld+json\">{}</script>", emit::script_safe_json(&site.to_string())));
    }
    // The blog's structured data, as Docusaurus's blog theme writes it.
    let url = format!("{origin}{route}");
    let blog = match (kind, &page.blog_post) {
        (RouteKind::BlogList, _) => Some(serde_json::json!({ "@context": "https://schema.org", "@type": "Blog", "@id": url, "mainEntityOfPage": url, "headline": page.title, "description": page.description })),
        (RouteKind::BlogPost, Some(meta)) => Some(serde_json::json!({
            "@context": "https://schema.org",
            "@type": "BlogPosting",
            "@id": url,
            "mainEntityOfPage": url,
            "url": url,
            "headline": page.title,
            "name": page.title,
            "description": page.description,
            "datePublished": meta.date_time,
            "author": meta.authors.iter().map(|a| serde_json::json!({ "@type": "Person", "name": a.name })).collect::<Vec<_>>(),
        })),
        _ => None,
    };
    if let Some(b) = blog {
        out.push_str(&format!("<script type=\"application/ld+json\">{}</script>", emit::script_safe_json(&b.to_string())));
    }
    out
}

/// `og:image` (unless the theme's tags have one) and the `twitter:card` that goes with it.
fn image_tags(image: Option<&str>, theme_has_image: bool) -> String {
    match (image, theme_has_image) {
        (_, true) => "<meta name=\"twitter:card\" content=\"summary_large_image\">".to_string(),
        (Some(url), false) => format!("<meta property=\"og:image\" content=\"{}\"><meta name=\"twitter:card\" content=\"summary_large_image\">", escape(url)),
        (None, false) => "<meta name=\"twitter:card\" content=\"summary\">".to_string(),
    }
}

/// An image reference made absolute: URLs stay, paths are under the base URL.
fn absolute(origin: &str, base_url: &str, image: &str) -> String {
    if image.starts_with("https://") || image.starts_with("http://") {
        return image.to_string();
    }
    let path = image.trim_start_matches('/');
    let path = path.strip_prefix(base_url.trim_start_matches('/')).filter(|_| base_url != "/").unwrap_or(path);
    format!("{origin}{base_url}{path}")
}

/// Escapes text for a double-quoted attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_the_theme_already_set_is_not_repeated() {
        let site_image = Some("https://x.org/img/card.png");
        assert_eq!(image_tags(site_image, true), "<meta name=\"twitter:card\" content=\"summary_large_image\">");
        assert!(image_tags(site_image, false).starts_with("<meta property=\"og:image\" content=\"https://x.org/img/card.png\">"));
        assert_eq!(image_tags(None, false), "<meta name=\"twitter:card\" content=\"summary\">");
    }

    #[test]
    fn image_paths_are_made_absolute_under_the_base_url() {
        assert_eq!(absolute("https://x.org", "/", "img/a.png"), "https://x.org/img/a.png");
        assert_eq!(absolute("https://x.org", "/FDC3/", "/img/a.png"), "https://x.org/FDC3/img/a.png");
        assert_eq!(absolute("https://x.org", "/FDC3/", "/FDC3/img/a.png"), "https://x.org/FDC3/img/a.png");
        assert_eq!(absolute("https://x.org", "/FDC3/", "https://cdn.example/a.png"), "https://cdn.example/a.png");
    }
}
