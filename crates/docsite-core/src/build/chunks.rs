//! The emit stage's data chunks: every page, sidebar, the route manifest and the site data
//! serialised once to JSON, named by content hash (`docsite build`) or by what they are
//! (`docsite dev`), written beside the HTML and handed to the pre-render workers. `docsite
//! build` keeps the pages' JSON in their files only and reads each back when it is needed
//! ([`Chunks::written`]); `docsite dev` keeps it in memory and serialises the pages' chunks in two steps ([`Chunks::without_pages`]): those of the
//! pages browsers have open first, the others once those are written.

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
    /// Which of `pages` and `shells` are placeholders still ([`Chunks::without_pages`]).
    pending: Vec<bool>,
    /// Whether the pages' and shells' JSON is in their files only ([`Chunks::written`]).
    on_disk: bool,
    pub(crate) sidebars: BTreeMap<(String, String), Chunk>,
    pub(crate) not_found: Chunk,
    pub(crate) manifest: RouteManifest,
    pub(crate) routes: Chunk,
    pub(crate) site: Chunk,
}

impl Chunks {
    /// Every chunk of `site` for `docsite build` (named by content), each page's chunk and
    /// shell written under `out` as soon as it is serialised and then kept as its URL and path
    /// only (its JSON `null`): the pages' JSON is never all in memory (at 50,000 docs it was
    /// ~370 MB held while the workers render). [`Chunks::read_page`] reads one back.
    pub(crate) fn written(site: &Site, out: &std::path::Path) -> Result<Chunks, crate::diagnostics::BuildError> {
        let base = &site.config.base_url;
        let write = |c: Chunk| -> Result<Chunk, crate::diagnostics::BuildError> {
            let path = crate::output::under(out, &c.rel)?;
            // Identical chunks share a file.
            if !path.exists() {
                super::write_file(&path, c.json.get().as_bytes())?;
            }
            Ok(Chunk { json: pending_json(), ..c })
        };
        let written: Vec<(Chunk, Chunk)> = site
            .pages
            .par_iter()
            .map(|p| {
                let (page, shell) = page_chunks(base, p, ChunkNames::Content);
                Ok((write(page)?, write(shell)?))
            })
            .collect::<Result<_, crate::diagnostics::BuildError>>()?;
        let (pages, shells) = written.into_iter().unzip();
        let mut chunks = Chunks::around(site, ChunkNames::Content, pages, shells);
        chunks.on_disk = true;
        Ok(chunks)
    }

    /// Page `i`'s data chunk as JSON; for chunks made by [`Chunks::written`], read back from
    /// its file under `out`. Index `pages.len()` is the not-found page (see [`Chunks::jobs`]).
    pub(crate) fn read_page(&self, i: usize, out: &std::path::Path) -> Result<Box<serde_json::value::RawValue>, crate::diagnostics::BuildError> {
        let Some(chunk) = self.pages.get(i) else { return Ok(self.not_found.json.clone()) };
        if !self.on_disk {
            return Ok(chunk.json.clone());
        }
        let path = crate::output::under(out, &chunk.rel)?;
        let text = std::fs::read_to_string(&path).map_err(crate::diagnostics::BuildError::io(&path))?;
        serde_json::value::RawValue::from_string(text).map_err(|e| crate::diagnostics::BuildError::Theme(format!("{} is not the JSON this build wrote: {e}", path.display())))
    }

    /// The pre-render job of page `i` with `page` as its data chunk (from
    /// [`Chunks::read_page`]); index `site.pages.len()` is the not-found page.
    pub(crate) fn job<'a>(&'a self, site: &'a Site, i: usize, page: &'a serde_json::value::RawValue) -> crate::prerender::Job<'a> {
        match site.pages.get(i) {
            Some(p) => crate::prerender::Job { url: &p.route, page, sidebar: p.sidebar_key.as_ref().and_then(|k| self.sidebars.get(k)).map(|c| (c.hash.as_str(), &*c.json)), index: i },
            None => crate::prerender::Job { url: &site.not_found_route, page, sidebar: None, index: i },
        }
    }

    /// Every chunk but the pages' and their shells', which [`Chunks::serialise`] and
    /// [`Chunks::fill`] add, for the pages `docsite dev` writes first (those browsers have
    /// open) before the others. Only for stable names: the route table names each page's
    /// chunk by its route, so it is complete before any page is serialised.
    pub(crate) fn without_pages(site: &Site) -> Chunks {
        let base = &site.config.base_url;
        let pending = |key: &str| Chunk::new(base, "pages", pending_json(), ChunkNames::Stable, key);
        let pages = site.pages.iter().map(|p| pending(&p.route)).collect();
        let shells = site.pages.iter().map(|p| pending(&shell_key(p))).collect();
        let mut chunks = Chunks::around(site, ChunkNames::Stable, pages, shells);
        chunks.pending = vec![true; site.pages.len()];
        chunks
    }

    /// The chunks (data, shell) of the pages at `indices`, serialised in parallel, for
    /// [`Chunks::fill`]; a separate step, so that it can run while the pre-render workers
    /// render pages already filled.
    pub(crate) fn serialise(&self, site: &Site, indices: &[usize]) -> Vec<(usize, Chunk, Chunk)> {
        let base = &site.config.base_url;
        indices.par_iter().map(|&i| {
            let (page, shell) = page_chunks(base, &site.pages[i], self.names);
            (i, page, shell)
        }).collect()
    }

    /// Puts serialised page chunks in place.
    pub(crate) fn fill(&mut self, serialised: Vec<(usize, Chunk, Chunk)>) {
        for (i, page, shell) in serialised {
            self.pages[i] = page;
            self.shells[i] = shell;
            if let Some(p) = self.pending.get_mut(i) {
                *p = false;
            }
        }
    }

    /// The pages whose chunks are not serialised yet ([`Chunks::without_pages`]).
    pub(crate) fn pending(&self) -> Vec<usize> {
        self.pending.iter().enumerate().filter(|(_, p)| **p).map(|(i, _)| i).collect()
    }

    /// The chunks every page reads or may read: the sidebars, the not-found page's, the
    /// route table and the site data.
    pub(crate) fn shared(&self) -> impl Iterator<Item = &Chunk> {
        self.sidebars.values().chain([&self.not_found, &self.routes, &self.site])
    }

    /// The site's chunks with the pages' chunks given.
    fn around(site: &Site, names: ChunkNames, pages: Vec<Chunk>, shells: Vec<Chunk>) -> Chunks {
        let base = &site.config.base_url;
        let raw = |v: &dyn erased::Json| v.raw();
        let sidebars: BTreeMap<_, _> = site.sidebars.iter().map(|(key, data)| (key.clone(), Chunk::new(base, "sidebars", raw(data), names, &format!("{}/{}", key.0, key.1)))).collect();
        let mut routes = BTreeMap::new();
        for (p, c) in site.pages.iter().zip(&pages) {
            let sidebar = p.sidebar_key.as_ref().and_then(|k| sidebars.get(k)).map(|s| s.url.clone());
            routes.insert(normalize_route(&p.route), RouteEntry { kind: p.data.kind, version: p.data.version.clone(), chunk: c.url.clone(), sidebar });
        }
        let not_found = Chunk::new(base, "pages", raw(&site.not_found), names, "404");
        let manifest = RouteManifest { routes, not_found: not_found.url.clone() };
        let routes = Chunk::new(base, "routes", raw(&manifest), names, "routes");
        let site_chunk = Chunk::new(base, "site", raw(&site.site_data), names, "site");
        Chunks { names, pages, shells, pending: Vec::new(), on_disk: false, sidebars, not_found, manifest, routes, site: site_chunk }
    }

    /// Serialises page `i` again after [`Site::update_doc`] changed it. Only for stable
    /// names: the page keeps its URL, so nothing else refers to anything new.
    pub(crate) fn refresh_page(&mut self, site: &Site, i: usize) {
        assert_eq!(self.names, ChunkNames::Stable, "content-named chunks change URL with their bytes");
        let p = &site.pages[i];
        self.pages[i] = Chunk::new(&site.config.base_url, "pages", erased::Json::raw(&p.data), ChunkNames::Stable, &p.route);
        self.shells[i] = shell(&site.config.base_url, p, ChunkNames::Stable);
        if let Some(p) = self.pending.get_mut(i) {
            *p = false;
        }
    }

    /// The chunks of page `i`: its data and its shell.
    pub(crate) fn page(&self, i: usize) -> impl Iterator<Item = &Chunk> {
        [&self.pages[i], &self.shells[i]].into_iter()
    }


    /// Pre-render jobs for the pages at `only` (every page and then the not-found page when
    /// `None`; index `site.pages.len()` is the not-found page).
    pub(crate) fn jobs<'a>(&'a self, site: &'a Site, only: Option<&[usize]>) -> Vec<crate::prerender::Job<'a>> {
        let all: Vec<usize> = (0..=site.pages.len()).collect();
        let only = only.unwrap_or(&all);
        assert!(!only.iter().any(|&i| self.pending.get(i).copied().unwrap_or(false)), "the pages rendered have their chunks");
        assert!(!self.on_disk, "the pages' JSON is in memory");
        only.iter().map(|&i| self.job(site, i, self.pages.get(i).map_or(&*self.not_found.json, |c| &*c.json))).collect()
    }
}

/// Page `p`'s data without its content.
fn shell(base: &str, p: &super::PageOut, names: ChunkNames) -> Chunk {
    Chunk::new(base, "pages", erased::Json::raw(&p.data.without_content()), names, &shell_key(p))
}

/// What names page `p`'s shell chunk (with stable names).
fn shell_key(p: &super::PageOut) -> String {
    format!("{}\u{0}shell", p.route)
}

/// Page `p`'s chunks: its data and its shell.
fn page_chunks(base: &str, p: &super::PageOut, names: ChunkNames) -> (Chunk, Chunk) {
    (Chunk::new(base, "pages", erased::Json::raw(&p.data), names, &p.route), shell(base, p, names))
}

/// The JSON of a page chunk not serialised yet.
fn pending_json() -> Box<serde_json::value::RawValue> {
    serde_json::value::RawValue::from_string("null".into()).expect("valid JSON")
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
