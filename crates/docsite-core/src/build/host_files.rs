//! The host-file stage: what static hosts and crawlers read beside the pages.
//!
//! - `_headers` (Netlify, Cloudflare Pages): the header policy of [`crate::headers`], the
//!   one `docsite serve` applies, as one rule per distinct policy (a dozen rules, far below
//!   Cloudflare's limit of 100): security headers and the pages' Content-Security-Policy
//!   for everything (`/*`), a year of caching for the hashed folders, CORS for
//!   `[deploy] cors`, the lockdown policy for `sitemap.xml`, the rules of
//!   `[[deploy.headers]]`. The theme writes the same inline head script into every page
//!   (nothing in it names the page), so one policy allows every page's scripts; should
//!   pages differ (another theme), the `/*` policy allows the union of their hashes, all of
//!   them the engine's own. No rule sets `Cache-Control` for everything else: both hosts
//!   send `public, max-age=0, must-revalidate` by default, the value `docsite serve` sends,
//!   and hosts join the values of a header set by two matching rules, which would spoil
//!   the hashed folders' rule. `docsite serve` reads this file back for the headers it does
//!   not compute itself (CORS, configured rules).
//! - `_redirects`: the `.html` and `/index.html` forms of every route to its clean URL
//!   (what `docsite serve` does for any path); forced (`301!`) because the
//!   `index.html` file exists and Netlify would otherwise serve it.
//! - `sitemap.xml`: every route but the 404 and search pages and unlisted docs, absolute URLs, `lastmod`
//!   from git when known.
//! - the blog's feeds (`feeds.rs`).
//! - `robots.txt`: `[deploy] robots`, else a `static/robots.txt` copied earlier, else
//!   "allow everything" naming the sitemap.
//!
//! Paths in `_headers` and `_redirects` are full URL paths (with the base URL): a site
//! built for `/FDC3/` is published with its output at `/FDC3/`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::{write_file, xml, Site};
use crate::contract::RouteKind;
use crate::diagnostics::BuildError;
use crate::headers::{self, HeaderRules, SiteSources};

/// Name of the header rules file.
pub const HEADERS_FILE: &str = "_headers";
/// Name of the redirect rules file.
pub const REDIRECTS_FILE: &str = "_redirects";

/// What only the root of the output has, for every locale's pages: `_headers` and
/// `_redirects` (the only ones hosts read) and `_docsite/csp.json` (the only one the server
/// reads). Each locale's build adds its pages ([`RootFiles::add`], [`write`]); the files are
/// written once, after the last locale ([`RootFiles::write`]).
#[derive(Default)]
pub(super) struct RootFiles {
    /// The URL of the default locale's site data chunk (the manifest names it).
    site_data_url: String,
    /// Each document's inline-script hashes (from the theme's head alone), by HTML path
    /// relative to the root: the CSP manifest.
    manifest: Vec<(PathBuf, Vec<String>)>,
    /// The hashes of the pages' heads (path relative to the root): the `/*` policy of
    /// `_headers` allows their union.
    page_hashes: HashMap<PathBuf, Vec<String>>,
    /// The header rules of the locales other than the default, after the default's.
    locale_rules: Vec<(String, Vec<(String, String)>)>,
    /// The `_redirects` lines of the locales other than the default, after the default's.
    locale_redirects: String,
}

impl RootFiles {
    /// Records the inline scripts of some of a locale's pages (HTML path relative to the
    /// locale's folder, the theme's head of that page, before anything from content or config
    /// joined it) for the CSP manifest, whose scripts the `/*` policy of `_headers` allows
    /// too, each head hashed once. The build records each batch of pages as it is written, so
    /// the heads are not all kept (50,000 docs held 290 MB of them).
    pub(super) fn add_pages<'a>(&mut self, site: &Site, pages: impl Iterator<Item = (PathBuf, &'a str)>) {
        let folder = Path::new(&site.config.i18n.out_rel);
        for (rel, head) in pages {
            let (path, hashes) = (folder.join(rel), crate::csp_manifest::script_hashes(head));
            self.page_hashes.insert(path.clone(), hashes.clone());
            self.manifest.push((path, hashes));
        }
    }

    /// Records, after a locale's pages ([`RootFiles::add_pages`]), the inline scripts of its
    /// `other` documents (redirect pages) for the CSP manifest and the URL of its site data
    /// chunk, `site_data_url`.
    pub(super) fn add<'a>(&mut self, site: &Site, site_data_url: &str, other: impl Iterator<Item = (PathBuf, &'a str)>) {
        let folder = Path::new(&site.config.i18n.out_rel);
        if site.config.i18n.out_rel.is_empty() {
            self.site_data_url = site_data_url.to_string();
        }
        self.manifest.extend(other.map(|(rel, head)| (folder.join(rel), crate::csp_manifest::script_hashes(head))));
    }

    /// Writes the root's files; `site` is the default locale's build, whose folder is `out`.
    pub(super) fn write(self, site: &Site, out: &Path) -> Result<(), BuildError> {
        let deploy = &site.config.raw.deploy;
        if deploy.write_headers {
            let mut rules = header_rules(site, &all_page_hashes(&self.page_hashes));
            rules.rules.extend(self.locale_rules);
            write_file(&out.join(HEADERS_FILE), rules.to_file(COMMENT).as_bytes())?;
        }
        if deploy.write_redirects {
            write_file(&out.join(REDIRECTS_FILE), format!("{}{}", redirects(site), self.locale_redirects).as_bytes())?;
        }
        crate::csp_manifest::write_hashes(out, &self.site_data_url, self.manifest)
    }
}

/// Writes a locale's host files into its folder `out` (the sitemap, the feeds, and at the
/// root `robots.txt`) and adds its rules to `root`'s (its pages' inline scripts, the only
/// ones a page's policy allows as `docsite serve` does, came with [`RootFiles::add`]). A
/// locale's sitemap and feeds are in its folder, as Docusaurus writes them.
pub(super) fn write(site: &Site, out: &Path, root: &mut RootFiles) -> Result<(), BuildError> {
    let deploy = &site.config.raw.deploy;
    let default_locale = site.config.i18n.out_rel.is_empty();
    if !default_locale {
        // The root's rule for everything under the base URL covers the locale's pages too
        // (its policy allows their inline scripts as well: the theme's head script names the
        // locale's base URL); the locale's other rules follow the root's.
        root.locale_rules.extend(header_rules(site, &[]).rules.into_iter().skip(1));
        root.locale_redirects.push_str(&format!("# Locale {}\n", site.config.i18n.code));
        root.locale_redirects.extend(redirects(site).lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")));
    }
    if deploy.sitemap {
        write_file(&out.join("sitemap.xml"), sitemap(site).as_bytes())?;
    }
    super::feeds::write(site, out)?;
    if !default_locale {
        return Ok(());
    }
    let robots = out.join("robots.txt");
    match &deploy.robots {
        Some(text) => write_file(&robots, text.as_bytes())?,
        None if !robots.exists() => write_file(&robots, default_robots(site).as_bytes())?,
        None => {}
    }
    Ok(())
}

const COMMENT: &str = "HTTP headers for Netlify and Cloudflare Pages, written by `docsite build`:\nthe same policy `docsite serve` applies (see the guide's Deploying page).";

/// The base URL's path with `rel` after it.
fn under(base: &str, rel: &str) -> String {
    format!("{base}{}", rel.trim_start_matches('/'))
}

/// The rules of `_headers`.
fn header_rules(site: &Site, page_hashes: &[String]) -> HeaderRules {
    let base = site.config.base_url.as_str();
    let deploy = &site.config.raw.deploy;
    let mut rules = Vec::new();
    let mut everything: Vec<(String, String)> = headers::SECURITY_HEADERS.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
    everything.push(("content-security-policy".to_string(), headers::content_security_policy(page_hashes, &SiteSources::of_site(&site.site_data))));
    rules.push((under(base, "*"), everything));
    for dir in headers::HASHED_DIRS {
        rules.push((under(base, &format!("{dir}/*")), vec![("cache-control".to_string(), headers::CACHE_IMMUTABLE.to_string())]));
    }
    let cors = vec![(headers::CORS_HEADER.0.to_string(), headers::CORS_HEADER.1.to_string())];
    for path in &deploy.cors {
        let pattern = if path.ends_with('/') { format!("{path}*") } else { path.clone() };
        rules.push((under(base, &pattern), cors.clone()));
    }
    if deploy.sitemap {
        rules.push((under(base, "sitemap.xml"), vec![("content-security-policy".to_string(), headers::DOCUMENT_LOCKDOWN.to_string())]));
    }
    for rule in &deploy.headers {
        rules.push((under(base, &rule.path), rule.values.iter().map(|(n, v)| (n.to_ascii_lowercase(), v.clone())).collect()));
    }
    HeaderRules { rules }
}

/// The inline-script hashes of every page, without duplicates, in the order of the pages'
/// paths (one set when every page has the same head script, as the theme writes it).
fn all_page_hashes(html: &HashMap<PathBuf, Vec<String>>) -> Vec<String> {
    let mut paths: Vec<&PathBuf> = html.keys().collect();
    paths.sort();
    let mut out: Vec<String> = Vec::new();
    for hash in paths.into_iter().flat_map(|p| &html[p]) {
        if !out.contains(hash) {
            out.push(hash.clone());
        }
    }
    out
}

/// The lines of `_redirects`.
fn redirects(site: &Site) -> String {
    let mut out = String::from("# Redirects for Netlify and Cloudflare Pages, written by `docsite build`: the\n# `.html` forms of every page go to its clean URL, as `docsite serve` does.\n");
    for page in &site.pages {
        let route = page.data.path.as_str();
        let bare = route.trim_end_matches('/');
        if bare.is_empty() || route == site.config.base_url {
            out.push_str(&format!("{route}index.html {route} 301!\n"));
            continue;
        }
        out.push_str(&format!("{bare}.html {route} 301!\n{bare}/index.html {route} 301!\n"));
    }
    out.push_str(&config_redirects(&site.config.base_url, &site.config.raw.redirects));
    out
}

/// The `[[redirects]]` of the config as host redirects (301, with and without the final
/// `/`): the host answers them itself instead of serving the page the build writes there.
/// `from` is a route as written (`/old page`), the page the build writes for it is at that
/// path; a line of `_redirects` is split at whitespace, so it gets the URL path a browser
/// asks for (`/old%20page`), as the pages' own lines do. (`to` has no whitespace: `config`
/// refuses it.)
fn config_redirects(base: &str, redirects: &[crate::config::RawRedirect]) -> String {
    let mut out = String::new();
    for r in redirects {
        let from = crate::paths::encode_path(&under(base, &r.from)).trim_end_matches('/').to_string();
        let to = if r.to.contains("://") { r.to.clone() } else { under(base, &r.to) };
        out.push_str(&format!("{from} {to} 301!\n{from}/ {to} 301!\n"));
    }
    out
}

/// `sitemap.xml` (sitemaps.org protocol 0.9), written like the feeds (`xml.rs`).
pub(super) fn sitemap(site: &Site) -> String {
    let origin = site.config.raw.url.trim_end_matches('/');
    let mut pages: Vec<_> = site.pages.iter().filter(|p| !matches!(p.data.kind, RouteKind::Search | RouteKind::NotFound) && !p.data.unlisted).collect();
    pages.sort_by(|a, b| a.data.path.cmp(&b.data.path));
    pages.dedup_by(|a, b| a.data.path == b.data.path);
    xml::document(|w| {
        w.create_element("urlset").with_attribute(("xmlns", "http://www.sitemaps.org/schemas/sitemap/0.9")).write_inner_content(|w| {
            for p in pages {
                w.create_element("url").write_inner_content(|w| {
                    xml::element(w, "loc", &format!("{origin}{}", p.data.path))?;
                    if let Some(t) = p.updated {
                        xml::element(w, "lastmod", &crate::git::format_iso(t))?;
                    }
                    Ok(())
                })?;
            }
            Ok(())
        })?;
        Ok(())
    })
}

fn default_robots(site: &Site) -> String {
    let origin = site.config.raw.url.trim_end_matches('/');
    let mut out = String::from("User-agent: *\nAllow: /\n");
    if site.config.raw.deploy.sitemap {
        out.push_str(&format!("\nSitemap: {origin}{}sitemap.xml\n", site.config.base_url));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_policy_allows_every_pages_scripts_once_in_a_stable_order() {
        let html: HashMap<PathBuf, Vec<String>> = [
            (PathBuf::from("docs/b/index.html"), vec!["'sha256-b'".to_string(), "'sha256-a'".to_string()]),
            (PathBuf::from("docs/a/index.html"), vec!["'sha256-a'".to_string()]),
            (PathBuf::from("404.html"), vec!["'sha256-a'".to_string()]),
        ]
        .into_iter()
        .collect();
        assert_eq!(all_page_hashes(&html), vec!["'sha256-a'", "'sha256-b'"]);
        assert_eq!(all_page_hashes(&HashMap::new()), Vec::<String>::new());
    }

    #[test]
    fn config_redirects_become_host_redirects_under_the_base_url() {
        let r = |from: &str, to: &str| crate::config::RawRedirect { from: from.into(), to: to.into() };
        let lines = config_redirects("/FDC3/", &[r("/docs/next/api/ref/Metadata", "/docs/next/api/ref/Types"), r("/old/", "https://example.org/new")]);
        assert_eq!(
            lines,
            "/FDC3/docs/next/api/ref/Metadata /FDC3/docs/next/api/ref/Types 301!\n/FDC3/docs/next/api/ref/Metadata/ /FDC3/docs/next/api/ref/Types 301!\n\
             /FDC3/old https://example.org/new 301!\n/FDC3/old/ https://example.org/new 301!\n"
        );
    }

    #[test]
    fn a_redirect_from_a_route_with_a_space_is_one_well_formed_line_per_form() {
        let r = crate::config::RawRedirect { from: "/old page/".into(), to: "/new".into() };
        let lines = config_redirects("/", &[r]);
        assert_eq!(lines, "/old%20page /new 301!\n/old%20page/ /new 301!\n");
        // Each line is `from to status`: three fields, as hosts (and `docsite serve`) split it.
        assert!(lines.lines().all(|l| l.split_whitespace().count() == 3), "{lines}");
    }
}
