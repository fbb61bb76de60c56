//! Stand-alone pages: the Markdown files under `pages/` (home, community, ...), each with
//! its route from its path or its `slug`.

use std::path::PathBuf;

use crate::config::SiteConfig;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::load;

/// A stand-alone page under `pages/`.
pub(super) struct PageSource {
    pub(super) source: PathBuf,
    pub(super) route: String,
    pub(super) front: load::FrontMatter,
    pub(super) body: String,
    pub(super) body_line: usize,
}

pub(super) fn load_pages(config: &SiteConfig, diags: &mut Diagnostics) -> Vec<PageSource> {
    let dir = config.site_dir.join("pages");
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name().into_iter().filter_map(Result::ok) {
        let path = entry.path();
        if !entry.file_type().is_file() || !matches!(path.extension().and_then(|e| e.to_str()), Some("md" | "mdx")) {
            continue;
        }
        let rel = path.strip_prefix(&dir).expect("under pages");
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                diags.push(Diagnostic::error(path, format!("cannot read: {e}")));
                continue;
            }
        };
        match load::split_front_matter(path, &text) {
            Ok((front, body, body_line)) => {
                if let Err(d) = front.slug.as_deref().map_or(Ok(()), |slug| load::route_value(path, &text, "slug", slug)) {
                    diags.push(d);
                    continue;
                }
                let stem = rel.with_extension("");
                let stem = stem.to_string_lossy().replace('\\', "/");
                let rel_route = stem.strip_suffix("index").unwrap_or(&stem).trim_end_matches('/').to_string();
                let route = front.slug.clone().unwrap_or_else(|| load::join_route(config.base_url.trim_end_matches('/'), &rel_route));
                out.push(PageSource { source: path.to_path_buf(), route, front, body: body.to_string(), body_line });
            }
            Err(d) => diags.push(d),
        }
    }
    out
}
