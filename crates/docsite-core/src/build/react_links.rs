//! The links of React pages, checked once they are pre-rendered: a React page's ids and
//! links are known only from its HTML (`rendered.rs`). The check stage leaves two kinds of
//! link to this stage: links from docs and pages to an anchor of a React page
//! (`/community#members`), and every link of a React page's own region. Both go through the
//! one link check of `links.rs` with the site's `onBrokenLinks` / `onBrokenAnchors`
//! settings, the React page's ids added to the anchors of the site; a report names the
//! React page's source file (and the line where the link is written in it, when it is
//! written there literally). `docsite check`, which renders nothing, cannot run this stage;
//! `docsite dev` does not run it either (it pre-renders only what changed).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use super::links::LinkCheck;
use super::rendered::RenderedPage;
use crate::config::SiteConfig;
use crate::diagnostics::{BuildError, Diagnostic, Diagnostics};
use crate::markdown::LinkRef;
use crate::paths::{decode, normalize_route, normalize_url_path};

/// What the check stage leaves for after pre-rendering (kept only for a site with React
/// pages).
pub(super) struct ReactLinks {
    pub(super) link_check: LinkCheck,
    /// Anchors of every route (the React pages' empty until read from their HTML).
    pub(super) anchors: HashMap<String, HashSet<String>>,
    /// Links of docs and pages to an anchor of a React page: (their file, link).
    pub(super) into_react: Vec<(PathBuf, LinkRef)>,
}

/// A React page read back from its HTML: its route, source file and what the HTML holds.
pub(super) struct ReadPage<'a> {
    pub(super) route: &'a str,
    pub(super) source: &'a Path,
    pub(super) rendered: &'a RenderedPage,
}

impl super::Site {
    /// After pre-rendering: reads each React page's HTML (`rendered`: page index, body
    /// HTML), checks the links into and out of React pages, and gives each page the content
    /// tree and headings the search index reads. Errors (as the site's `onBrokenLinks` and
    /// `onBrokenAnchors` say) fail the build; warnings join the site's.
    pub(super) fn react_stage(&mut self, rendered: Vec<(usize, RenderedPage)>, out: &Path) -> Result<(), BuildError> {
        if let Some(links) = self.react_links.take() {
            let pages: Vec<ReadPage<'_>> = rendered
                .iter()
                .filter_map(|(i, r)| {
                    let p = self.pages.get(*i)?;
                    Some(ReadPage { route: &p.route, source: p.source.as_deref()?, rendered: r })
                })
                .collect();
            let mut diags = Diagnostics::default();
            diags.extend(links.check(&self.config, &pages, out));
            diags.normalize(&self.config.site_dir);
            if diags.has_errors() {
                return Err(BuildError::Invalid(diags));
            }
            self.diagnostics.extend(diags.items().iter().cloned());
        }
        for (i, r) in rendered {
            let site_title = self.config.raw.title.clone();
            if let Some(p) = self.pages.get_mut(i) {
                // A page whose Layout has no title of its own is found by its first heading.
                if p.data.title == site_title {
                    if let Some(h1) = super::rendered::first_h1(&r.content) {
                        p.data.title = h1;
                    }
                }
                p.data.content = r.content;
                p.data.toc = r.toc;
            }
        }
        Ok(())
    }
}

impl ReactLinks {
    /// Checks the links into and out of the React `pages`; `out` is the output folder the
    /// build has written (its files are link targets too).
    pub(super) fn check(mut self, config: &SiteConfig, pages: &[ReadPage<'_>], out: &Path) -> Vec<Diagnostic> {
        for p in pages {
            self.anchors.insert(normalize_route(p.route), p.rendered.ids.clone());
        }
        let mut by_source: Vec<(PathBuf, Vec<LinkRef>)> = Vec::new();
        for (source, link) in self.into_react {
            match by_source.iter_mut().find(|(s, _)| *s == source) {
                Some((_, links)) => links.push(link),
                None => by_source.push((source, vec![link])),
            }
        }
        for p in pages {
            let text = std::fs::read_to_string(p.source).unwrap_or_default();
            let links = p.rendered.links.iter().filter_map(|l| link_ref(&l.href, p.route, &config.base_url, &text)).collect();
            by_source.push((p.source.to_path_buf(), links));
        }
        let check = LinkCheck { out_dir: Some(out.to_path_buf()), ..self.link_check };
        check.run(config, &self.anchors, by_source.iter().map(|(s, l)| (s, l)), &[])
    }
}

/// The link an `href` of the React page at `route` makes, when it stays on the site:
/// resolved like a browser resolves it against the page's URL, decoded, without query;
/// placed at the first line of `source_text` (the page's module) that writes it, or line 0.
pub(super) fn link_ref(href: &str, route: &str, base_url: &str, source_text: &str) -> Option<LinkRef> {
    let href = href.trim();
    // Another scheme (`https:`, `mailto:`) or host (`//cdn`) is not the site's.
    let scheme = href.split(['/', '?', '#']).next().is_some_and(|first| first.contains(':'));
    if href.is_empty() || scheme || href.starts_with("//") {
        return None;
    }
    let (no_fragment, anchor) = match href.split_once('#') {
        Some((path, anchor)) => (path, Some(decode(anchor)).filter(|a| !a.is_empty())),
        None => (href, None),
    };
    let path = no_fragment.split('?').next().unwrap_or_default();
    let target = if path.is_empty() {
        route.to_string()
    } else if path.starts_with('/') {
        path.to_string()
    } else {
        // Relative to the page's folder (`/a/b` -> `/a/`, `/a/b/` -> `/a/b/`).
        format!("{}{path}", &route[..route.rfind('/').map_or(0, |i| i + 1)])
    };
    let target = normalize_route(&decode(&normalize_url_path(&target)));
    if path.is_empty() && anchor.is_none() {
        return None;
    }
    let (line, column) = written_at(source_text, href, base_url);
    Some(LinkRef { line, column, raw: href.to_string(), route: target, anchor, file: None, file_only: false })
}

/// Line and column (1-based; 0: not found) where `source_text` writes `href`, as it is or
/// without the base URL (`<Link to="/docs/x">` renders `href="/base/docs/x"`).
fn written_at(source_text: &str, href: &str, base_url: &str) -> (usize, usize) {
    let without_base = href.strip_prefix(base_url.trim_end_matches('/')).filter(|rest| rest.starts_with('/'));
    for needle in [Some(href), without_base].into_iter().flatten() {
        for quote in ['"', '\'', '`'] {
            if let Some(at) = source_text.find(&format!("{quote}{needle}{quote}")) {
                let before = &source_text[..at + 1];
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                return (line, column);
            }
        }
    }
    (0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hrefs_resolve_as_a_browser_resolves_them() {
        let r = |href: &str| link_ref(href, "/about/team", "/", "").map(|l| (l.route, l.anchor));
        assert_eq!(r("/docs/intro#kinds"), Some(("/docs/intro".into(), Some("kinds".into()))));
        assert_eq!(r("/docs/intro/?x=1"), Some(("/docs/intro".into(), None)));
        assert_eq!(r("#members"), Some(("/about/team".into(), Some("members".into()))));
        assert_eq!(r("people"), Some(("/about/people".into(), None)));
        assert_eq!(r("../docs/a%20b"), Some(("/docs/a b".into(), None)));
        for outside in ["https://example.org/x", "mailto:a@b.c", "//cdn.example.org/x", "", "#", "javascript:void(0)"] {
            assert_eq!(r(outside), None, "{outside}");
        }
    }

    #[test]
    fn a_link_is_placed_where_the_module_writes_it() {
        let source = "import Link from '@docusaurus/Link';\nexport default () => (\n  <Link to=\"/docs/missing#x\">x</Link>\n);\n";
        let l = link_ref("/base/docs/missing#x", "/base/", "/base/", source).expect("a site link");
        assert_eq!((l.line, l.column), (3, 13));
        assert_eq!(l.route, "/base/docs/missing");
        let elsewhere = link_ref("/base/docs/other", "/base/", "/base/", source).expect("a site link");
        assert_eq!((elsewhere.line, elsewhere.column), (0, 0));
    }
}
