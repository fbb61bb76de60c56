//! What `docsite dev` keeps between rebuilds: the [`RenderCache`] (each doc's rendering,
//! keyed by a hash of its inputs, so a full check renders only changed files) and the
//! state of the last check that lets [`Site::update_doc`] update one doc in place.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::check::Linked;
use super::model::describe;
use super::site::site_components_in;
use super::Site;
use crate::data_files;
use crate::diagnostics::BuildError;
use crate::git;
use crate::load;
use crate::markdown::{self, RenderContext, RenderDeps, Rendered};
use crate::paths::{normalize_route};

/// What `docsite dev` keeps between rebuilds so that only changed files are rendered
/// again: each doc's rendering, keyed by a hash of its text, and the git history. A
/// rendering is reused while what it read of the rest of the site reads the same
/// ([`RenderDeps`]): a new doc or a sidebar edit renders only the docs that link to that
/// doc's file or list that category's cards.
#[derive(Default)]
pub struct RenderCache {
    /// Hash of the site-wide settings every rendering depends on (data files, versions,
    /// base URL, TOC levels, frame sources); a change empties the cache.
    pub(super) context: u64,
    /// Hash of the set of doc files (what a broken link's suggestion reads).
    pub(super) doc_files: u64,
    pub(super) renders: HashMap<PathBuf, Entry>,
    pub(super) updates: Option<HashMap<PathBuf, git::FileUpdate>>,
    /// Renders done by the last check (the rest came from the cache).
    pub rendered_last: usize,
}

impl RenderCache {
    /// Forgets every rendering (kept: the git history).
    pub fn clear(&mut self) {
        self.renders.clear();
    }

    /// The rendering of `source` with text hash `key`: the cached one while it holds in
    /// `ctx`, else a fresh one from `render` (returned as a new entry too).
    pub(super) fn render(&self, key: u64, source: &Path, ctx: &RenderContext<'_>, render: impl FnOnce() -> Rendered) -> (Option<Entry>, Rendered) {
        match self.renders.get(source) {
            Some(e) if e.key == key && self.holds(e, source, ctx) => (None, e.rendered.clone()),
            _ => {
                let r = render();
                (Some(Entry { key, doc_files: self.doc_files, rendered: r.clone() }), r)
            }
        }
    }

    /// Whether what `entry`'s rendering read of the site reads the same in `ctx`.
    fn holds(&self, entry: &Entry, source: &Path, ctx: &RenderContext<'_>) -> bool {
        let deps: &RenderDeps = &entry.rendered.deps;
        deps.doc_files.iter().all(|(file, route)| ctx.doc_routes.get(file) == route.as_ref())
            && (!deps.every_doc || entry.doc_files == self.doc_files)
            && deps.cards.as_ref().is_none_or(|cards| ctx.doc_cards.get(source) == cards.as_ref())
            && deps.files.iter().all(|(file, hash)| std::fs::read_to_string(file).ok().map(|t| markdown::text_hash(&t)) == Some(*hash))
    }
}

/// One cached rendering.
pub(super) struct Entry {
    /// Hash of the doc's text and what it renders as (route, TOC levels).
    key: u64,
    /// [`RenderCache::doc_files`] when it was rendered.
    doc_files: u64,
    rendered: Rendered,
}

pub(super) fn hash_of(parts: impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    parts.hash(&mut h);
    h.finish()
}


/// One Markdown file as the last check saw it.
pub(super) struct DocState {
    /// Its index in `Incremental::sources`.
    pub(super) index: usize,
    /// The pages showing it (a doc, and its version's landing route when it is the main doc).
    pub(super) pages: Vec<usize>,
    pub(super) front: load::FrontMatter,
    pub(super) body_line: usize,
    pub(super) levels: (u8, u8),
    pub(super) route: String,
    /// The leading heading as rendered (the title when the front matter gives none).
    pub(super) h1: Option<String>,
}

/// What updating one doc in place needs from the last full check.
pub(super) struct Incremental {
    pub(super) doc_routes: HashMap<PathBuf, String>,
    pub(super) content_roots: Vec<PathBuf>,
    pub(super) plugin_dirs: Vec<PathBuf>,
    pub(super) data: data_files::DataFiles,
    pub(super) doc_cards: crate::doc_cards::DocCards,
    /// The link stage's state: anchors of every route, links and render diagnostics of every
    /// Markdown file.
    pub(super) linked: Linked,
    pub(super) config_links: Vec<(String, String)>,
    pub(super) docs: HashMap<PathBuf, DocState>,
}

impl Site {
    /// Whether `path` is the source of a doc the last check read (kept for `docsite dev`).
    pub fn is_doc_source(&self, path: &Path) -> bool {
        self.incremental.as_deref().is_some_and(|inc| inc.docs.contains_key(path))
    }

    /// Updates the site after an edit of one Markdown file, when the edit changes nothing
    /// but the page's own body: same front matter, same title. Renders that file, checks
    /// every link and anchor of the site again, and says which pages changed.
    /// `Ok(None)` means the edit reaches further (a new title, the first use of one of the
    /// site's components, which its code build lacks; a doc on the MDX path when its module
    /// is not `served` by Vite's dev server; or this site was checked without a cache): check
    /// the whole site again.
    pub fn update_doc(&mut self, path: &Path, served: bool) -> Result<Option<DocUpdate>, BuildError> {
        let Some(inc) = self.incremental.as_deref_mut() else { return Ok(None) };
        let Some(state) = inc.docs.get(path) else { return Ok(None) };
        let Ok(text) = std::fs::read_to_string(path) else { return Ok(None) };
        let Ok((front, body, body_line)) = load::split_front_matter(path, &text) else { return Ok(None) };
        // A doc shown as a card of a `<DocCardList />` changes that page too.
        let is_card = inc.doc_cards.values().flatten().any(|c| c.href == state.route);
        // The cards are computed for the docs that import `@theme/DocCardList` only: a doc
        // that starts to import it needs the full check's.
        let new_list = body.contains(crate::doc_cards::DOC_CARD_LIST) && !inc.doc_cards.contains_key(path);
        if front != state.front || body_line != state.body_line || is_card || new_list {
            return Ok(None);
        }
        let ctx = RenderContext { site_dir: &self.config.site_dir, doc_routes: &inc.doc_routes, content_roots: &inc.content_roots, base_url: &self.config.base_url, toc_levels: self.config.toc_levels, data: &inc.data, versions: &self.site_data.versions, frame_src: self.config.frame_src(), doc_cards: &inc.doc_cards, mdx: crate::markdown::MdxPath::for_site(self.config.from_docusaurus), plugin_dirs: &inc.plugin_dirs, format: self.config.raw.markdown_format, html: self.config.html_policy(), comment_heading_ids: self.config.raw.comment_heading_ids };
        let mut r = markdown::render_doc(path, body, body_line, &state.route, state.levels, &ctx);
        // A doc on the MDX path is compiled by the site's code build, which the full path
        // runs, unless Vite's dev server sends the new module to the open pages.
        if r.h1 != state.h1 || (r.mdx_path && !served) {
            return Ok(None);
        }
        let compiled = r.mdx_path;
        // A component of the site that no page used yet is not in the site's code build:
        // the full path builds it again with it.
        let uses = site_components_in([r.content.as_slice()]);
        if !uses.is_empty() && !uses.is_subset(&site_components_in(self.pages.iter().map(|p| p.data.content.as_slice()))) {
            return Ok(None);
        }
        inc.linked.anchors.insert(normalize_route(&state.route), std::mem::take(&mut r.anchors));
        inc.linked.links[state.index] = std::mem::take(&mut r.links);
        inc.linked.render_diags[state.index] = std::mem::take(&mut r.diagnostics);
        let mut diags = inc.linked.diagnostics(&self.config, &inc.config_links);
        diags.normalize(&self.config.site_dir);
        let description = front.description.clone().or_else(|| describe(&r.text));
        for &i in &state.pages {
            let data = &mut self.pages[i].data;
            data.content = r.content.clone();
            data.toc = r.toc.clone();
            data.description = description.clone();
        }
        for a in r.assets {
            if !self.assets.iter().any(|b| b.url == a.url) {
                self.assets.push(a);
            }
        }
        if diags.has_errors() {
            return Err(BuildError::Invalid(diags));
        }
        self.diagnostics = diags;
        let pages = state.pages.clone();
        Ok(Some(if compiled { DocUpdate::Compiled(pages) } else { DocUpdate::Rendered(pages) }))
    }
}

/// The pages [`Site::update_doc`] changed, and who renders them now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocUpdate {
    /// Rendered from Markdown: write the pages' data and HTML.
    Rendered(Vec<usize>),
    /// A doc on the MDX path, its links and anchors checked: its body is a module of the
    /// site's code, which Vite's dev server sends to the open pages as it is; the pages are
    /// pre-rendered again by the next build of that code (the current build has the old
    /// module).
    Compiled(Vec<usize>),
}

impl DocUpdate {
    /// The pages whose data changed.
    pub fn pages(&self) -> &[usize] {
        match self {
            DocUpdate::Rendered(pages) | DocUpdate::Compiled(pages) => pages,
        }
    }
}


impl RenderCache {
    /// Empties the cache when a site-wide setting every rendering depends on changed: the
    /// data files, the versions, the base URL, the TOC levels, the frame sources. (The
    /// routes of other docs and the cards of a category are checked per rendering.)
    pub(super) fn prepare(&mut self, loaded: &super::check::Loaded) {
        let mut files: Vec<&PathBuf> = loaded.doc_routes.keys().collect();
        files.sort();
        self.doc_files = hash_of(files);
        let data_bytes: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(loaded.config.site_dir.join(data_files::DATA_DIR))
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).unwrap_or_default()))
            .collect();
        let versions = serde_json::to_string(&loaded.site_data.versions).expect("serialisable");
        let context = hash_of((data_bytes, versions, &loaded.config.base_url, loaded.config.toc_levels, &loaded.config.raw.security.frame_src, &loaded.content_roots, &loaded.plugin_dirs, loaded.config.raw.markdown_format, loaded.config.raw.comment_heading_ids));
        if context != self.context {
            self.clear();
            self.context = context;
        }
    }
}
