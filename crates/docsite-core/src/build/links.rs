//! The link stage: whether every link and anchor written in content, data files and the
//! config leads somewhere, given the anchors of every route. Used by the full check and,
//! with the state kept for `docsite dev`, by [`Site::update_doc`](super::Site::update_doc);
//! after pre-rendering, by `react_links.rs` for the links in and into React pages, whose
//! content is known only then.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::config::SiteConfig;
use crate::diagnostics::{closest, did_you_mean, Diagnostic, Severity};
use crate::markdown::LinkRef;
use crate::paths::{normalize_route};

/// Whether links and anchors lead somewhere, given every page's anchors.
#[derive(Clone)]
pub(super) struct LinkCheck {
    pub(super) static_dir: PathBuf,
    pub(super) schema_paths: HashSet<String>,
    pub(super) link_sev: Option<Severity>,
    pub(super) anchor_sev: Option<Severity>,
    /// Routes whose anchors are known only after pre-rendering (React pages): a link to an
    /// anchor there is left to the check after pre-rendering (the one with `out_dir`).
    pub(super) deferred: HashSet<String>,
    /// The output folder, after pre-rendering: a file written there (the theme's assets, a
    /// file a React page imports) is a link target too.
    pub(super) out_dir: Option<PathBuf>,
}

/// Whether `source` is a React page's module (its links are read from its HTML).
fn is_react_source(source: &Path) -> bool {
    matches!(source.extension().and_then(|e| e.to_str()), Some("js" | "jsx" | "ts" | "tsx"))
}

/// `d` at the link's place in its file (line 0: not found in the file).
fn at_link(d: Diagnostic, l: &LinkRef) -> Diagnostic {
    if l.line == 0 { d } else { d.at(l.line, Some(l.column)) }
}

impl LinkCheck {
    pub(super) fn run<'a>(&self, config: &SiteConfig, anchors: &HashMap<String, HashSet<String>>, links: impl Iterator<Item = (&'a PathBuf, &'a Vec<LinkRef>)>, config_links: &[(String, String)]) -> Vec<Diagnostic> {
        let file_exists = |route: &str| -> bool {
            let rel = route.strip_prefix(config.base_url.trim_end_matches('/')).unwrap_or(route).trim_start_matches('/');
            !rel.is_empty() && (self.schema_paths.contains(rel) || self.static_dir.join(rel).is_file() || self.out_dir.as_ref().is_some_and(|out| out.join(crate::paths::decode(rel)).is_file()))
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
                            diags.push(at_link(Diagnostic::error(source, format!("broken link `{}`: no file static/{rel}", l.raw)), l).with_severity(sev).hint("pathname:/// links lead to files under static/ (or published schemas); put the file there or fix the path"));
                        }
                    }
                } else if !route_exists(&l.route) {
                    if let Some(sev) = self.link_sev {
                        let hint = if l.file.is_some() {
                            "check the route; links in data files are site routes such as /training"
                        } else if is_react_source(source) {
                            "found in the page's pre-rendered HTML (it may be written in a component the page uses); check the route"
                        } else {
                            "check the path; links between docs are best written as relative .md paths"
                        };
                        let near = closest(&l.route, anchors.keys().map(String::as_str), 1);
                        diags.push(at_link(Diagnostic::error(source, format!("broken link `{}`: no page at {}", l.raw, l.route)), l).with_severity(sev).hint(did_you_mean(&near, "", hint)));
                    }
                } else if let (Some(anchor), Some(sev)) = (&l.anchor, self.anchor_sev) {
                    let react_page = self.deferred.contains(&l.route);
                    if react_page && self.out_dir.is_none() {
                        continue;
                    }
                    if let Some(set) = anchors.get(&l.route) {
                        if !set.contains(anchor) {
                            let hint = if react_page { "the ids of a React page are read from its pre-rendered HTML" } else { "anchors are heading slugs: lowercase, spaces to hyphens, punctuation removed" };
                            let near = closest(anchor, set.iter().map(String::as_str), 3);
                            diags.push(at_link(Diagnostic::error(source, format!("broken anchor `{}`: {} has no heading or element with id {anchor:?}", l.raw, l.route)), l).with_severity(sev).hint(did_you_mean(&near, "#", hint)));
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
