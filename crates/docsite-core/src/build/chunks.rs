//! The emit stage's data chunks: every page, sidebar, the route manifest and the site data
//! serialised once to JSON, named by content hash (`docsite build`) or by what they are
//! (`docsite dev`), written beside the HTML and handed to the pre-render workers.

use std::collections::BTreeMap;
use std::path::PathBuf;

use rayon::prelude::*;

use super::Site;
use crate::contract::{RouteEntry, RouteManifest};
use crate::emit;
use crate::paths::normalize_route;

/// How data chunks are named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChunkNames {
    /// By a hash of their bytes, so they can be cached forever (`docsite build`).
    Content,
    /// By a hash of what they are (a route, a sidebar), so an edit rewrites one file and
    /// leaves every other URL alone (`docsite dev`).
    Stable,
}

/// One data chunk: its JSON and where it is served.
pub(crate) struct Chunk {
    /// URL (with the base URL).
    pub(crate) url: String,
    /// Path relative to the output folder.
    pub(crate) rel: PathBuf,
    /// The JSON.
    pub(crate) json: Box<serde_json::value::RawValue>,
    /// A hash of the JSON (the name too, when named by content): what a pre-render worker
    /// keeps a sidebar by.
    pub(crate) hash: String,
}

impl Chunk {
    fn new(base: &str, kind: &str, json: Box<serde_json::value::RawValue>, names: ChunkNames, key: &str) -> Chunk {
        let hash = emit::short_hash(json.get().as_bytes());
        let name = match names {
            ChunkNames::Content => hash.clone(),
            ChunkNames::Stable => emit::short_hash(key.as_bytes()),
        };
        let rel = format!("{}/{kind}/{name}.json", emit::DATA_PREFIX);
        Chunk { url: format!("{base}{rel}"), rel: PathBuf::from(rel), json, hash }
    }
}

/// Every data chunk of a site, each serialised once.
pub(crate) struct Chunks {
    names: ChunkNames,
    /// One per page, in the order of `Site::pages`.
    pub(crate) pages: Vec<Chunk>,
    /// Each page's data without its content, in the same order: what a first load reads
    /// when the page's content is all in its HTML (see [`crate::contract::Boot::page`]).
    pub(crate) shells: Vec<Chunk>,
    pub(crate) sidebars: BTreeMap<(String, String), Chunk>,
    pub(crate) not_found: Chunk,
    pub(crate) manifest: RouteManifest,
    pub(crate) routes: Chunk,
    pub(crate) site: Chunk,
}

impl Chunks {
    pub(crate) fn new(site: &Site, names: ChunkNames) -> Chunks {
        let base = &site.config.base_url;
        let raw = |v: &dyn erased::Json| v.raw();
        let sidebars: BTreeMap<_, _> = site.sidebars.iter().map(|(key, data)| (key.clone(), Chunk::new(base, "sidebars", raw(data), names, &format!("{}/{}", key.0, key.1)))).collect();
        let pages: Vec<Chunk> = site.pages.par_iter().map(|p| Chunk::new(base, "pages", raw(&p.data), names, &p.route)).collect();
        let shells: Vec<Chunk> = site.pages.par_iter().map(|p| shell(base, p, names)).collect();
        let mut routes = BTreeMap::new();
        for (p, c) in site.pages.iter().zip(&pages) {
            let sidebar = p.sidebar_key.as_ref().and_then(|k| sidebars.get(k)).map(|s| s.url.clone());
            routes.insert(normalize_route(&p.route), RouteEntry { kind: p.data.kind, version: p.data.version.clone(), chunk: c.url.clone(), sidebar });
        }
        let not_found = Chunk::new(base, "pages", raw(&site.not_found), names, "404");
        let manifest = RouteManifest { routes, not_found: not_found.url.clone() };
        let routes = Chunk::new(base, "routes", raw(&manifest), names, "routes");
        let site_chunk = Chunk::new(base, "site", raw(&site.site_data), names, "site");
        Chunks { names, pages, shells, sidebars, not_found, manifest, routes, site: site_chunk }
    }

    /// Serialises page `i` again after [`Site::update_doc`] changed it. Only for stable
    /// names: the page keeps its URL, so nothing else refers to anything new.
    pub(crate) fn refresh_page(&mut self, site: &Site, i: usize) {
        assert_eq!(self.names, ChunkNames::Stable, "content-named chunks change URL with their bytes");
        let p = &site.pages[i];
        self.pages[i] = Chunk::new(&site.config.base_url, "pages", erased::Json::raw(&p.data), ChunkNames::Stable, &p.route);
        self.shells[i] = shell(&site.config.base_url, p, ChunkNames::Stable);
    }

    /// The chunks of page `i`: its data and its shell.
    pub(crate) fn page(&self, i: usize) -> impl Iterator<Item = &Chunk> {
        [&self.pages[i], &self.shells[i]].into_iter()
    }

    pub(crate) fn all(&self) -> impl Iterator<Item = &Chunk> {
        self.pages.iter().chain(&self.shells).chain(self.sidebars.values()).chain([&self.not_found, &self.routes, &self.site])
    }

    /// Pre-render jobs for the pages at `only` (every page and then the not-found page when
    /// `None`; index `site.pages.len()` is the not-found page).
    pub(crate) fn jobs<'a>(&'a self, site: &'a Site, only: Option<&[usize]>) -> Vec<crate::prerender::Job<'a>> {
        let all: Vec<usize> = (0..=site.pages.len()).collect();
        only.unwrap_or(&all)
            .iter()
            .map(|&i| match site.pages.get(i) {
                Some(p) => crate::prerender::Job { url: &p.route, page: &self.pages[i].json, sidebar: p.sidebar_key.as_ref().and_then(|k| self.sidebars.get(k)).map(|c| (c.hash.as_str(), &*c.json)), index: i },
                None => crate::prerender::Job { url: &site.not_found_route, page: &self.not_found.json, sidebar: None, index: i },
            })
            .collect()
    }
}

/// Page `p`'s data without its content.
fn shell(base: &str, p: &super::PageOut, names: ChunkNames) -> Chunk {
    Chunk::new(base, "pages", erased::Json::raw(&p.data.without_content()), names, &format!("{}\u{0}shell", p.route))
}

/// Serialising any contract value to a raw JSON chunk.
mod erased {
    pub(crate) trait Json {
        fn raw(&self) -> Box<serde_json::value::RawValue>;
    }
    impl<T: serde::Serialize> Json for T {
        fn raw(&self) -> Box<serde_json::value::RawValue> {
            serde_json::value::to_raw_value(self).expect("contract types serialise")
        }
    }
}
