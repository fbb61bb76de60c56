//! The link stage: whether every link and anchor written in content, data files and the
//! config leads somewhere, given the anchors of every route. Used by the full check and,
//! with the state kept for `docsite dev`, by [`Site::update_doc`](super::Site::update_doc).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::config::SiteConfig;
use crate::diagnostics::{Diagnostic, Severity};
use crate::markdown::LinkRef;
use crate::paths::{normalize_route};

/// Whether links and anchors lead somewhere, given every page's anchors.
pub(super) struct LinkCheck {
    pub(super) static_dir: PathBuf,
    pub(super) schema_paths: HashSet<String>,
    pub(super) link_sev: Option<Severity>,
    pub(super) anchor_sev: Option<Severity>,
}

impl LinkCheck {
    pub(super) fn run<'a>(&self, config: &SiteConfig, anchors: &HashMap<String, HashSet<String>>, links: impl Iterator<Item = (&'a PathBuf, &'a Vec<LinkRef>)>, config_links: &[(String, String)]) -> Vec<Diagnostic> {
        let file_exists = |route: &str| -> bool {
            let rel = route.strip_prefix(config.base_url.trim_end_matches('/')).unwrap_or(route).trim_start_matches('/');
            !rel.is_empty() && (self.schema_paths.contains(rel) || self.static_dir.join(rel).is_file())
        };
        let route_exists = |route: &str| -> bool { anchors.contains_key(route) || file_exists(route) };
        let mut diags = Vec::new();
        for (source, page_links) in links {
            for l in page_links {
                // A link written in a data file is reported against that file.
                let source: &Path = l.file.as_deref().unwrap_or(source);
                if l.file_only {
                    // `pathname:///`: a file of static/ (or a published schema), never a page.
                    if !file_exists(&l.route) {
                        if let Some(sev) = self.link_sev {
                            let rel = l.route.strip_prefix(config.base_url.trim_end_matches('/')).unwrap_or(&l.route).trim_start_matches('/');
                            diags.push(Diagnostic::error(source, format!("broken link `{}`: no file static/{rel}", l.raw)).at(l.line, Some(l.column)).with_severity(sev).hint("pathname:/// links lead to files under static/ (or published schemas); put the file there or fix the path"));
                        }
                    }
                } else if !route_exists(&l.route) {
                    if let Some(sev) = self.link_sev {
                        diags.push(Diagnostic::error(source, format!("broken link `{}`: no page at {}", l.raw, l.route)).at(l.line, Some(l.column)).with_severity(sev).hint(if l.file.is_some() { "check the route; links in data files are site routes such as /training" } else { "check the path; links between docs are best written as relative .md paths" }));
                    }
                } else if let (Some(anchor), Some(sev)) = (&l.anchor, self.anchor_sev) {
                    if let Some(set) = anchors.get(&l.route) {
                        if !set.contains(anchor) {
                            diags.push(Diagnostic::error(source, format!("broken anchor `{}`: {} has no heading or element with id {anchor:?}", l.raw, l.route)).at(l.line, Some(l.column)).with_severity(sev).hint("anchors are heading slugs: lowercase, spaces to hyphens, punctuation removed"));
                        }
                    }
                }
            }
        }
        for (key, route) in config_links {
            let r = normalize_route(&crate::paths::decode(route.split('#').next().unwrap_or(route)));
            if !route_exists(&r) {
                if let Some(sev) = self.link_sev {
                    let mut d = Diagnostic::error(&config.file, format!("`{key}.to`: broken link, no page at {r}")).with_severity(sev);
                    if let Some(line) = config.line_of(key) {
                        d = d.at(line, None);
                    }
                    diags.push(d);
                }
            }
        }
        diags
    }
}
