//! The built-in offline search index (pagefind, in-process).
//!
//! Each searchable page is turned into small HTML documents straight from its content tree
//! (no dependency on the theme's markup, so indexing runs beside pre-rendering): the title as
//! `h1`, headings with their ids (anchors), the prose (no code blocks, no table header rows),
//! and two filters, `version` (the docs version name, or `pages` for stand-alone pages) and
//! `language`. A long page is indexed as several records, runs of its heading sections (see
//! [`RECORD_WORDS`]): pagefind downloads the whole text of every record a search reads, so
//! records the size of a few sections keep the first search within its budget. A `headings`
//! meta field carries each heading's path (`id=Parent › Child|…`) so results can show where
//! in the page they are; `keys` (the names each section defines) and `links` (how many links
//! of the site point at each section) let the theme rank the section that defines a name
//! first. The theme loads the bundle from `<baseUrl>pagefind/` only when search is first used.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use pagefind::api::PagefindIndex;
use pagefind::options::PagefindServiceConfig;

use crate::contract::{Element, Node, PageData, RouteKind};
use crate::diagnostics::BuildError;

/// Folder of the index under the output folder (and under `baseUrl`).
pub const BUNDLE_DIR: &str = "pagefind";

/// Filter value of pages that belong to no docs version.
pub const PAGES_FILTER: &str = "pages";

/// One page to index.
pub struct Entry<'a> {
    /// The page's route (the result URL).
    pub route: &'a str,
    /// Its data.
    pub page: &'a PageData,
}

/// Searchable pages per part of the index unless [`PART_PAGES_ENV`] says otherwise: a site
/// with more has its index split into parts (see [`part_count`]). Pagefind holds what it read
/// of every page it indexes (a copy more while it builds the index, then the index files)
/// until it returns the index, and it looks up each added page among those it has: one index
/// of 50,000 docs (`bench/scale.sh`) took the build to 3.9 GB and 101 s. Built one part after
/// the other, the index stage holds one part: 1.4 GB at 50,000 docs in 6 parts, below the
/// pre-render stage's 1.7 GB. Up to 10,000 pages (932 MB at 10,000 docs in one part) a site
/// keeps one index, the one a search reads with the fewest requests.
pub const PART_PAGES: usize = 10_000;

/// Environment variable that sets the searchable pages per part of the index
/// ([`PART_PAGES`]): a number of 1 or more (the browser tests split a small site with it).
pub const PART_PAGES_ENV: &str = "DOCSITE_SEARCH_PART_PAGES";

/// The searchable pages per part of the index: [`PART_PAGES_ENV`] when set, else
/// [`PART_PAGES`]; an unreadable value is an error naming the variable.
pub fn part_pages() -> Result<usize, BuildError> {
    match std::env::var(PART_PAGES_ENV) {
        Err(std::env::VarError::NotPresent) => Ok(PART_PAGES),
        Ok(v) if v.trim().parse::<usize>().is_ok_and(|n| n > 0) => Ok(v.trim().parse().expect("checked")),
        Ok(v) => Err(BuildError::Refused(format!("{PART_PAGES_ENV}={v}: expected the number of searchable pages per part of the search index, 1 or more (default {PART_PAGES})"))),
        Err(e) => Err(BuildError::Refused(format!("{PART_PAGES_ENV}: {e}"))),
    }
}

/// How many parts the index of a site with `pages` searchable pages has: one up to
/// `per_part` pages, else as many as parts of `per_part` pages take. The build decides it
/// from the pages the model knows are searchable (React pages become so once their HTML is
/// read, later), so that every page's site data can name the parts ([`part_urls`]); every
/// part then has at least one page.
pub fn part_count(pages: usize, per_part: usize) -> usize {
    pages.div_ceil(per_part.max(1)).max(1)
}

/// Folder of part `part` under the bundle: the bundle itself for the first (its `pagefind.js`
/// is the one the theme loads), `part-<n>/` for the others.
pub fn part_dir(part: usize) -> String {
    if part == 0 { String::new() } else { format!("part-{part}/") }
}

/// The URLs of the parts after the first under `bundle` (`/pagefind/part-1/`, …), which the
/// theme merges into the first at the first search; `None` for an index of one part.
pub fn part_urls(bundle: &str, parts: usize) -> Option<Vec<String>> {
    (parts > 1).then(|| (1..parts).map(|i| format!("{bundle}{}", part_dir(i))).collect())
}

/// Builds the index of `entries` in `parts` parts (see [`part_count`]) and writes it to
/// `<out>/pagefind/`. Returns the page count.
pub fn write_index(entries: &[Entry<'_>], language: &str, parts: usize, out: &Path) -> Result<usize, BuildError> {
    write_prepared(prepare(entries, language, parts), language, out)
}

/// What the index is made of, taken out of the pages: every record (with its page's route)
/// by part of the index, and the concept lists. The build makes it and then drops the pages'
/// content trees, so that pagefind's own memory does not come on top of theirs
/// ([`write_prepared`]).
pub struct Prepared {
    parts: Vec<Vec<(String, Record)>>,
    concepts: BTreeMap<String, String>,
    pages: usize,
}

/// The records and concept lists of `entries` (see [`Prepared`]), the records in `parts`
/// parts: page `i` (in route order) in part `i % parts`, so that every part is a sample of the
/// whole site (its versions, its short and long pages) and pagefind's scores, computed per
/// part from its word frequencies, compare across parts when the theme merges their results.
/// A page's records stay together. With one part, the records are those of an index that
/// was never split, in the same order.
pub fn prepare(entries: &[Entry<'_>], language: &str, parts: usize) -> Prepared {
    match prepare_reading(entries, language, parts, |_| Ok::<_, std::convert::Infallible>(None)) {
        Ok(prepared) => prepared,
        Err(never) => match never {},
    }
}

/// [`prepare`] for entries whose content trees are elsewhere: `content` gives an entry's
/// tree (`None`: its page's own `content`), and is asked twice per entry (its links, then
/// its records), so that a caller that keeps the trees serialised (the build, in the pages'
/// chunks) holds one parsed tree at a time, never all of them. Stops at `content`'s first
/// error.
pub fn prepare_reading<E>(entries: &[Entry<'_>], language: &str, parts: usize, content: impl Fn(&Entry<'_>) -> Result<Option<Vec<Node>>, E>) -> Result<Prepared, E> {
    let mut links = InboundLinks::new();
    for entry in entries {
        let read = content(entry)?;
        count_links(read.as_deref().unwrap_or(&entry.page.content), entry.route, &mut links);
    }
    let mut split: Vec<Vec<(String, Record)>> = (0..parts.max(1)).map(|_| Vec::new()).collect();
    let count = split.len();
    for (i, entry) in entries.iter().enumerate() {
        let read = content(entry)?;
        let nodes = read.as_deref().unwrap_or(&entry.page.content);
        split[i % count].extend(records_of(entry, nodes, language, links.get(entry.route)).into_iter().map(|r| (entry.route.to_string(), r)));
    }
    Ok(Prepared { parts: split, concepts: concepts(entries, &links), pages: entries.len() })
}

/// Builds the index of `prepared` and writes it to `<out>/pagefind/`, one part after the
/// other: each part's pagefind index is built, written into its folder ([`part_dir`]) and
/// dropped, with its records, before the next one starts. Returns the page count.
pub fn write_prepared(prepared: Prepared, language: &str, out: &Path) -> Result<usize, BuildError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| BuildError::Theme(format!("search index: cannot start a runtime: {e}")))?;
    let fail = |what: &str, e: String| BuildError::Theme(format!("search index: {what}: {e}"));
    let Prepared { parts, concepts, pages } = prepared;
    let bundle = out.join(BUNDLE_DIR);
    write_concepts(concepts, &bundle)?;
    for (part, records) in parts.into_iter().enumerate() {
        let dir = bundle.join(part_dir(part));
        runtime.block_on(async {
            let options = PagefindServiceConfig::builder().force_language(language.to_string()).keep_index_url(false).build();
            let mut index = PagefindIndex::new(Some(options)).map_err(|e| fail("invalid options", e.to_string()))?;
            for (route, record) in records {
                index.add_html_file(None, Some(record.url), record.html).await.map_err(|e| fail(&format!("indexing {route}"), e.to_string()))?;
            }
            let files = index.get_files().await.map_err(|e| fail("building", e.to_string()))?;
            drop(index);
            // Only the index and its loader: pagefind's own UI bundles are not used.
            for file in files.into_iter().filter(|f| !is_unused_ui(&f.filename)) {
                let target = dir.join(&file.filename);
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent).map_err(BuildError::io(parent))?;
                }
                std::fs::write(&target, &file.contents).map_err(BuildError::io(&target))?;
            }
            Ok::<(), BuildError>(())
        })?;
    }
    Ok(pages)
}

fn is_unused_ui(name: &Path) -> bool {
    let name = name.to_string_lossy();
    name.contains("-ui.") || name.contains("-highlight.") || name.starts_with("playground")
}

/// Words' locations per index chunk (pagefind's default is 20 000). A search downloads the
/// chunk of each of its words: at the default, a two-word query fetched two chunks of about
/// 20 KB each, a quarter of the first search's 150 KB budget; chunks of 4 000 locations are
/// 5-8 KB, for a pagefind metadata file 2 KB larger.
pub const INDEX_CHUNK_LOCATIONS: usize = 4000;

/// Environment variable through which pagefind takes its index chunk size.
pub const INDEX_CHUNK_ENV: &str = "PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE";

/// Sets the index chunk size ([`INDEX_CHUNK_LOCATIONS`]) for the pagefind indexes this
/// process builds, unless the environment already sets one. Pagefind reads it only from
/// the environment, so this must run at start-up, before any other thread exists.
pub fn configure_pagefind() {
    if std::env::var_os(INDEX_CHUNK_ENV).is_none() {
        std::env::set_var(INDEX_CHUNK_ENV, INDEX_CHUNK_LOCATIONS.to_string());
    }
}

/// Folder, under the bundle, of the concept lists (see [`concepts`]).
pub const CONCEPTS_DIR: &str = "concepts";

/// A heading that recurs on this many pages of a version (`Example`, `See also`, `Raising
/// the intent`) is part of a page template, not the definition of a concept.
const TEMPLATE_HEADING_PAGES: usize = 3;

/// The file name of a version's concept list: its name with anything but letters, digits,
/// `.`, `_` and `-` replaced by `_`, and never starting with a dot (the theme's `conceptsFile`
/// names the same file).
pub fn concepts_file(version: &str) -> String {
    let name: String = version.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '_' }).collect();
    if name.is_empty() || name.starts_with('.') { format!("_{name}.json") } else { format!("{name}.json") }
}

/// Words of a heading or title, split where pagefind and the theme's `conceptWords` split.
fn word_count(text: &str) -> usize {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).count()
}

/// The concept list of every docs version: for each page, its route, title, the links to
/// it, and the headings that may name a concept with their anchors and the links to them,
/// as JSON `[[route, title, links, [[anchor, heading, links], …]], …]`. A concept query
/// (several lowercase words, the theme's `isConceptQuery`) reads its version's list, a few
/// KB, to find the sections whose heading or title names the concept: pagefind ranks those
/// long specification sections low among the many records that use the same words, and
/// finding them by reading records would cost the first search most of its budget. Only
/// headings and titles of two words or more are listed (a one-word query is a name, found
/// through the index), and not headings that a version repeats on several pages.
pub fn concepts(entries: &[Entry<'_>], links: &InboundLinks) -> BTreeMap<String, String> {
    let mut by_version: BTreeMap<&str, Vec<&Entry<'_>>> = BTreeMap::new();
    for entry in entries {
        if let (Some(version), RouteKind::Doc) = (entry.page.version.as_deref(), &entry.page.kind) {
            by_version.entry(version).or_default().push(entry);
        }
    }
    let mut files = BTreeMap::new();
    for (version, pages) in by_version {
        let mut seen: HashMap<String, usize> = HashMap::new();
        for entry in &pages {
            let mut texts: Vec<String> = entry.page.toc.iter().map(|t| t.text.to_lowercase()).collect();
            texts.sort();
            texts.dedup();
            for t in texts {
                *seen.entry(t).or_default() += 1;
            }
        }
        let list: Vec<serde_json::Value> = pages
            .iter()
            .filter_map(|entry| {
                let inbound = links.get(entry.route);
                let count = |anchor: &str| inbound.and_then(|m| m.get(anchor)).copied().unwrap_or(0);
                let headings: Vec<serde_json::Value> = entry
                    .page
                    .toc
                    .iter()
                    .filter(|t| word_count(&t.text) >= 2 && seen.get(&t.text.to_lowercase()).copied().unwrap_or(0) < TEMPLATE_HEADING_PAGES)
                    .map(|t| serde_json::json!([t.id, t.text, count(&t.id)]))
                    .collect();
                (word_count(&entry.page.title) >= 2 || !headings.is_empty()).then(|| serde_json::json!([entry.route, entry.page.title, count(""), headings]))
            })
            .collect();
        files.insert(concepts_file(version), serde_json::Value::Array(list).to_string());
    }
    files
}

/// Writes [`concepts`] into `<bundle>/concepts/`.
fn write_concepts(concepts: BTreeMap<String, String>, bundle: &Path) -> Result<(), BuildError> {
    let dir = bundle.join(CONCEPTS_DIR);
    std::fs::create_dir_all(&dir).map_err(BuildError::io(&dir))?;
    for (name, json) in concepts {
        let target = dir.join(name);
        std::fs::write(&target, json).map_err(BuildError::io(&target))?;
    }
    Ok(())
}

/// Whether a page belongs in the index.
pub fn is_searchable(page: &PageData) -> bool {
    // A React page's content is known once it is pre-rendered (`build/react_links.rs`).
    (matches!(page.kind, RouteKind::Doc | RouteKind::Page | RouteKind::BlogPost) || (page.kind == RouteKind::ReactPage && !page.content.is_empty())) && !page.unlisted
}

/// How many links of the indexed pages point at each route, by anchor (`""`: the page
/// itself): the section the documentation itself points to for a name is its reference.
pub type InboundLinks = HashMap<String, BTreeMap<String, usize>>;

/// Counts the links of every page in `entries` to routes (and their anchors) of this site.
pub fn inbound_links(entries: &[Entry<'_>]) -> InboundLinks {
    let mut counts = InboundLinks::new();
    for entry in entries {
        count_links(&entry.page.content, entry.route, &mut counts);
    }
    counts
}

/// Adds the links of `nodes`, the content of the page at route `own`, to `counts`.
fn count_links(nodes: &[Node], own: &str, counts: &mut InboundLinks) {
    for node in nodes {
        if let Node::Element(e) = node {
            if let Some(href) = e.a.get("href").filter(|h| h.starts_with('/')) {
                let (route, anchor) = href.split_once('#').unwrap_or((href, ""));
                if route != own {
                    *counts.entry(route.to_string()).or_default().entry(anchor.to_string()).or_default() += 1;
                }
            }
            count_links(&e.c, own, counts);
        }
    }
}

/// Most words of one index record: consecutive heading sections of a page are indexed
/// together up to this size, so that what a search downloads for a matched section (pagefind
/// fetches a record's whole text, its "fragment") stays small on long reference pages. A
/// section longer than this is a record of its own.
pub const RECORD_WORDS: usize = 350;

/// One pagefind record: a page, or a run of its heading sections.
pub struct Record {
    /// The page's route for its first record, `route#anchor` (the first heading) for the others.
    pub url: String,
    /// The HTML pagefind reads.
    pub html: String,
}

/// The records pagefind indexes for one page (see [`RECORD_WORDS`]); `inbound` are the
/// links to it (see [`inbound_links`]). The first record holds the title (as `h1`) and the
/// page's opening text; each other one starts at a heading of the page's top level. Every
/// record carries the page title, the filters and the `headings`, `keys` and `links` of its
/// own sections; the names that define the whole page (`keys` with an empty anchor) and the
/// links to the page itself stay with the first record, which therefore reaches at least
/// to the end of the section that names the page.
pub fn records(entry: &Entry<'_>, language: &str, inbound: Option<&BTreeMap<String, usize>>) -> Vec<Record> {
    records_of(entry, &entry.page.content, language, inbound)
}

/// [`records`] of `entry` with `content` as its page's content tree.
fn records_of(entry: &Entry<'_>, content: &[Node], language: &str, inbound: Option<&BTreeMap<String, usize>>) -> Vec<Record> {
    let page = entry.page;
    let mut body = Writer::default();
    // Where a record may start: top-level headings with an id (inside a container, a cut
    // would split its element).
    let mut cuts: Vec<(usize, String)> = Vec::new();
    for node in content {
        if let Node::Element(e) = node {
            if let ("Heading", Some(id)) = (e.t.as_str(), e.a.get("id")) {
                cuts.push((body.html.len(), id.clone()));
            }
        }
        body.node(node);
    }
    body.end_section();
    // Greedy runs of sections up to RECORD_WORDS, never cutting before `page_keys_end`.
    let mut starts: Vec<(usize, Option<String>)> = vec![(0, None)];
    let mut run_words = words_of(&body.html[..cuts.first().map_or(body.html.len(), |c| c.0)]);
    for (i, (at, id)) in cuts.iter().enumerate() {
        let end = cuts.get(i + 1).map_or(body.html.len(), |c| c.0);
        let words = words_of(&body.html[*at..end]);
        if run_words > 0 && run_words + words > RECORD_WORDS && *at >= body.page_keys_end {
            starts.push((*at, Some(id.clone())));
            run_words = 0;
        }
        run_words += words;
    }
    // Each anchor's record, found once: looked up per heading, link and key of every record,
    // a 5 MB page of 9,600 headings took 340 s to index (records x headings x anchors).
    let mut anchor_at: HashMap<&str, usize> = HashMap::new();
    for (at, id) in &body.anchors {
        anchor_at.entry(id.as_str()).or_insert(*at);
    }
    // The record holding `anchor`'s heading (the page top is the first one's).
    let record_of = |anchor: &str| match anchor_at.get(anchor) {
        Some(at) => Some(starts.partition_point(|(start, _)| start <= at) - 1),
        None => anchor.is_empty().then_some(0),
    };
    let paths = heading_paths(page);
    let mut headings: Vec<Vec<&str>> = vec![Vec::new(); starts.len()];
    for (id, line) in &paths {
        if let Some(r) = record_of(id) {
            headings[r].push(line);
        }
    }
    let mut links: Vec<Vec<String>> = vec![Vec::new(); starts.len()];
    for (anchor, n) in inbound.into_iter().flatten() {
        if let Some(r) = record_of(anchor) {
            links[r].push(format!("{anchor}={n}"));
        }
    }
    let mut keys: Vec<Vec<&(String, String)>> = vec![Vec::new(); starts.len()];
    for key in &body.keys {
        if let Some(r) = record_of(&key.0) {
            keys[r].push(key);
        }
    }
    starts
        .iter()
        .enumerate()
        .map(|(i, (start, first))| {
            let end = starts.get(i + 1).map_or(body.html.len(), |s| s.0);
            let url = match first {
                None => entry.route.to_string(),
                Some(id) => format!("{}#{id}", entry.route),
            };
            let html = record_html(page, language, first.is_none(), &body.html[*start..end], &headings[i].join("|"), &keys_meta(&keys[i]), &links[i].join("|"));
            Record { url, html }
        })
        .collect()
}

/// `anchor=name¦name|…`: what the sections of `keys` (`(anchor, name)`, in page order)
/// define, for the theme's ranking. A heading defines its own text (the theme reads it from
/// `headings`); a table's first cell that is only inline code defines that code in the
/// table's section (error enumerations, properties); a section whose whole body is one
/// inline code defines it for the page (anchor empty: the page top).
fn keys_meta(keys: &[&(String, String)]) -> String {
    let mut out: Vec<(&str, Vec<String>)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut seen: std::collections::HashSet<(&str, String)> = std::collections::HashSet::new();
    for (anchor, key) in keys.iter().map(|k| (k.0.as_str(), &k.1)) {
        let key = key.replace(['|', '¦', '='], " ");
        if !seen.insert((anchor, key.clone())) {
            continue;
        }
        match index.get(anchor) {
            Some(&i) => out[i].1.push(key),
            None => {
                index.insert(anchor, out.len());
                out.push((anchor, vec![key]));
            }
        }
    }
    out.iter().map(|(a, k)| format!("{a}={}", k.join("¦"))).collect::<Vec<_>>().join("|")
}

/// One record's HTML: filters and meta in the head (pagefind reads them outside the
/// indexed body), the page title as `h1` in the first record only.
fn record_html(page: &PageData, language: &str, first: bool, body: &str, headings: &str, keys: &str, links: &str) -> String {
    let version = page.version.as_deref().unwrap_or(PAGES_FILTER);
    let mut html = String::with_capacity(body.len() + 1024);
    html.push_str(&format!(
        "<!doctype html><html lang=\"{lang}\"><head><title>{title}</title><meta data-pagefind-meta=\"title[content]\" content=\"{title_attr}\"><meta data-pagefind-filter=\"version[content]\" content=\"{version}\"><meta data-pagefind-filter=\"language[content]\" content=\"{lang}\"><meta data-pagefind-meta=\"headings[content]\" content=\"{headings}\"><meta data-pagefind-meta=\"keys[content]\" content=\"{keys}\"><meta data-pagefind-meta=\"links[content]\" content=\"{links}\"></head><body><main data-pagefind-body>",
        lang = attr(language),
        title = text(&page.title),
        title_attr = attr(&page.title),
        version = attr(version),
        headings = attr(headings),
        keys = attr(keys),
        links = attr(links),
    ));
    // Weights (pagefind's default is 1 for text, 7 for h1 down to 2 for h6): a page's title
    // and its headings name what the page is about, so a reference entry outranks a page
    // that merely mentions the name many times.
    if first {
        html.push_str(&format!("<h1 data-pagefind-weight=\"10\">{}</h1>", text(&page.title)));
    }
    html.push_str(body);
    html.push_str("</main></body></html>");
    html
}

/// Words of indexable HTML (text between tags, split at white space).
fn words_of(html: &str) -> usize {
    let mut words = 0;
    let mut in_tag = false;
    let mut in_word = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                in_word = false;
            }
            '>' => in_tag = false,
            _ if in_tag => {}
            c if c.is_whitespace() => in_word = false,
            _ => {
                if !in_word {
                    words += 1;
                }
                in_word = true;
            }
        }
    }
    words
}

/// Writes a content tree as indexable HTML and collects the names each section defines.
#[derive(Default)]
struct Writer {
    html: String,
    /// Anchor of the section being written (empty before the first heading).
    section: String,
    /// `(anchor, name)`: the names a section defines (see [`keys_meta`]).
    keys: Vec<(String, String)>,
    /// Whether the current section has had any content besides one lone inline code.
    section_code: SectionCode,
    /// `(offset in html, id)` of every heading with an id.
    anchors: Vec<(usize, String)>,
    /// Offset in html of the end of the last section that defines a name for the whole
    /// page (0: none): the first record reaches at least to there.
    page_keys_end: usize,
}

/// What a section's body holds so far, to find sections that only name an identifier
/// (`## Type` followed by `` `fdc3.instrument` ``): that identifier names the page.
#[derive(Default, Clone, PartialEq)]
enum SectionCode {
    #[default]
    Empty,
    Only(String),
    Other,
}

impl Writer {
    fn end_section(&mut self) {
        if let SectionCode::Only(code) = std::mem::take(&mut self.section_code) {
            self.keys.push((String::new(), code));
            self.page_keys_end = self.html.len();
        }
    }

    fn node(&mut self, node: &Node) {
        match node {
            Node::Text(t) => {
                if !t.trim().is_empty() {
                    self.section_code = SectionCode::Other;
                }
                self.html.push_str(&text(t));
            }
            Node::Element(e) => self.element(e),
        }
    }

    fn children(&mut self, e: &Element) {
        for c in &e.c {
            self.node(c);
        }
    }

    fn element(&mut self, e: &Element) {
        match e.t.as_str() {
            "Heading" => {
                self.end_section();
                let level = e.a.get("level").and_then(|l| l.parse::<u8>().ok()).unwrap_or(2).clamp(2, 6);
                let weight = HEADING_WEIGHTS[usize::from(level) - 2];
                match e.a.get("id") {
                    Some(id) => {
                        self.section.clone_from(id);
                        self.anchors.push((self.html.len(), id.clone()));
                        self.html.push_str(&format!("<h{level} id=\"{}\" data-pagefind-weight=\"{weight}\">", attr(id)));
                    }
                    None => self.html.push_str(&format!("<h{level} data-pagefind-weight=\"{weight}\">")),
                }
                self.children(e);
                self.html.push_str(&format!("</h{level}> "));
                self.section_code = SectionCode::Empty;
            }
            // Code blocks are left out, as DocSearch's crawler leaves them out: the names in
            // them are in the prose around them, they would fill excerpts with code, and
            // they make up much of what the first search downloads (pagefind's fragments
            // hold a page's whole indexed text).
            "CodeBlock" => self.section_code = SectionCode::Other,
            "code" => {
                let code = crate::markdown::text_of(&e.c);
                self.section_code = match self.section_code {
                    SectionCode::Empty => SectionCode::Only(code.trim().to_string()),
                    _ => SectionCode::Other,
                };
                self.html.push_str(&format!("<code>{}</code>", text(&code)));
            }
            "Mermaid" => {}
            "Admonition" => {
                self.html.push_str("<div>");
                if let Some(title) = e.a.get("title") {
                    self.html.push_str(&format!("<p>{}</p> ", text(&strip_inline_markdown(title))));
                }
                self.children(e);
                self.html.push_str("</div> ");
            }
            // Header rows name columns, not content: they would glue into excerpts.
            "thead" => self.section_code = SectionCode::Other,
            "tr" => {
                self.html.push_str("<tr>");
                for (i, cell) in e.c.iter().enumerate() {
                    if let (0, Node::Element(td)) = (i, cell) {
                        if let [Node::Element(code)] = td.c.as_slice() {
                            if code.t == "code" {
                                self.keys.push((self.section.clone(), crate::markdown::text_of(&code.c).trim().to_string()));
                            }
                        }
                    }
                    self.node(cell);
                }
                self.html.push_str("</tr> ");
            }
            // Component containers and any element: keep the text, drop the attributes
            // except ids (anchors inside the page).
            tag => {
                let tag = if tag.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && tag.chars().all(|c| c.is_ascii_alphanumeric()) { tag } else { "div" };
                if matches!(tag, "script" | "style" | "img" | "svg") {
                    return;
                }
                match e.a.get("id") {
                    Some(id) => self.html.push_str(&format!("<{tag} id=\"{}\">", attr(id))),
                    None => self.html.push_str(&format!("<{tag}>")),
                }
                if !matches!(tag, "br" | "hr" | "input" | "wbr") {
                    self.children(e);
                    self.html.push_str(&format!("</{tag}>"));
                }
                // Cells, paragraphs and items are separate words in the indexed text.
                if matches!(tag, "td" | "th" | "p" | "li" | "div" | "br" | "dt" | "dd" | "blockquote") {
                    self.html.push(' ');
                }
            }
        }
    }
}

/// `(id, "id=Parent › Child")` (a `|` inside heading text becomes `¦`) for every heading in
/// the table of contents: the entries of the `headings` meta field, separated by `|`.
fn heading_paths(page: &PageData) -> Vec<(String, String)> {
    let mut stack: Vec<(u8, &str)> = Vec::new();
    let mut lines = Vec::new();
    for item in &page.toc {
        while stack.last().is_some_and(|(level, _)| *level >= item.level) {
            stack.pop();
        }
        stack.push((item.level, &item.text));
        let path: Vec<String> = stack.iter().map(|(_, t)| t.replace('|', "¦")).collect();
        lines.push((item.id.clone(), format!("{}={}", item.id, path.join(" › "))));
    }
    lines
}

/// Search weights of headings h2..h6.
const HEADING_WEIGHTS: [u8; 5] = [8, 8, 6, 4, 3];

/// Admonition titles may hold inline Markdown (`_@EXPERIMENTAL_`): keep only the words.
fn strip_inline_markdown(title: &str) -> String {
    let words: Vec<String> = title
        .split_whitespace()
        .map(|w| w.trim_matches(|c| matches!(c, '_' | '*' | '`' | '~')).to_string())
        .filter(|w| !w.is_empty())
        .collect();
    words.join(" ")
}

fn text(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn attr(s: &str) -> String {
    text(s).replace('"', "&quot;")
}

/// Pages of `pages` to index, in route order (stable output).
pub fn entries<'a>(pages: impl Iterator<Item = (&'a str, &'a PageData, bool)>) -> Vec<Entry<'a>> {
    let mut v: Vec<Entry<'a>> = pages.filter(|(_, p, landing)| !landing && is_searchable(p)).map(|(route, page, _)| Entry { route, page }).collect();
    v.sort_by(|a, b| a.route.cmp(b.route));
    v
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::contract::TocItem;

    fn el(t: &str, a: &[(&str, &str)], c: Vec<Node>) -> Node {
        Node::Element(Element { t: t.into(), a: a.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), c })
    }

    fn page(version: Option<&str>) -> PageData {
        PageData {
            kind: RouteKind::Doc,
            path: "/docs/x".into(),
            title: "Channel <API>".into(),
            hide_title: false,
            description: None,
            keywords: Vec::new(),
            content: vec![
                el("Heading", &[("level", "2"), ("id", "functions")], vec![Node::Text("Functions".into())]),
                el("Heading", &[("level", "3"), ("id", "broadcast")], vec![Node::Text("broadcast".into())]),
                el("p", &[], vec![Node::Text("Sends a context & more.".into())]),
                el("CodeBlock", &[("lang", "ts"), ("html", "<span class=\"line\">await channel.broadcast(ctx);</span>")], vec![]),
                el("Mermaid", &[("code", "sequenceDiagram")], vec![]),
                el("Tabs", &[("groupId", "lang")], vec![el("TabItem", &[("value", "ts")], vec![Node::Text("tab text".into())])]),
            ],
            toc: vec![
                TocItem { id: "functions".into(), text: "Functions".into(), level: 2 },
                TocItem { id: "broadcast".into(), text: "broadcast".into(), level: 3 },
            ],
            hide_toc: false,
            breadcrumbs: Vec::new(),
            previous: None,
            next: None,
            last_update: None,
            version: version.map(String::from),
            sidebar_id: None,
            doc_id: None,
            version_routes: BTreeMap::new(),
            edit_url: None,
            tags: Vec::new(),
            unlisted: false,
            module: None,
            blog_post: None,
        }
    }

    #[test]
    fn documents_carry_filters_heading_paths_and_searchable_text() {
        let p = page(Some("2.1"));
        let html = only_record(&Entry { route: "/docs/2.1/api/ref/Channel", page: &p }, "en", None);
        assert!(html.contains("<meta data-pagefind-filter=\"version[content]\" content=\"2.1\">"), "{html}");
        assert!(html.contains("<meta data-pagefind-filter=\"language[content]\" content=\"en\">"), "{html}");
        assert!(html.contains("content=\"functions=Functions|broadcast=Functions › broadcast\""), "{html}");
        assert!(html.contains("<h1 data-pagefind-weight=\"10\">Channel &lt;API&gt;</h1>"), "{html}");
        assert!(html.contains("<h3 id=\"broadcast\" data-pagefind-weight=\"8\">broadcast</h3>"), "{html}");
        assert!(html.contains("Sends a context &amp; more."), "{html}");
        assert!(!html.contains("await channel.broadcast(ctx);"), "code blocks are not indexed: {html}");
        assert!(html.contains("<div><div>tab text</div> </div> "), "components keep their text: {html}");
        assert!(!html.contains("sequenceDiagram"), "diagram sources are not indexed: {html}");
    }

    /// The HTML of a page short enough to be one record.
    fn only_record(entry: &Entry<'_>, language: &str, inbound: Option<&BTreeMap<String, usize>>) -> String {
        let mut records = records(entry, language, inbound);
        assert_eq!(records.len(), 1, "one record");
        assert_eq!(records[0].url, entry.route);
        records.remove(0).html
    }

    fn words(n: usize, word: &str) -> Node {
        el("p", &[], vec![Node::Text(vec![word; n].join(" "))])
    }

    fn heading(level: &str, id: &str) -> Node {
        el("Heading", &[("level", level), ("id", id)], vec![Node::Text(id.into())])
    }

    #[test]
    fn long_pages_are_indexed_as_runs_of_sections_each_with_its_own_meta() {
        let mut p = page(Some("2.2"));
        p.content = vec![
            words(50, "intro"),
            heading("2", "type"),
            el("p", &[], vec![code("fdc3.thing")]),
            heading("2", "a"),
            words(200, "alpha"),
            heading("3", "b"),
            words(200, "beta"),
            heading("3", "c"),
            words(100, "gamma"),
            el("Tabs", &[], vec![heading("4", "nested"), words(500, "delta")]),
            heading("2", "d"),
            words(10, "epsilon"),
        ];
        p.toc = ["type", "a", "b", "c", "nested", "d"].iter().map(|id| TocItem { id: (*id).into(), text: (*id).into(), level: if matches!(*id, "b" | "c") { 3 } else { 2 } }).collect();
        let inbound: BTreeMap<String, usize> = [("".to_string(), 2), ("c".to_string(), 5), ("b".to_string(), 1)].into();
        let records = records(&Entry { route: "/docs/x", page: &p }, "en", Some(&inbound));
        let urls: Vec<&str> = records.iter().map(|r| r.url.as_str()).collect();
        // 50 + 2 + 201 words; b (201) alone, as c would pass 350; c with the container that
        // cannot be cut (602, over 350 on its own); d.
        assert_eq!(urls, ["/docs/x", "/docs/x#b", "/docs/x#c", "/docs/x#d"]);
        let [first, second, third, fourth] = [&records[0].html, &records[1].html, &records[2].html, &records[3].html];
        assert!(first.contains("<h1 data-pagefind-weight=\"10\">Channel &lt;API&gt;</h1>"), "{first}");
        assert!(first.contains("content=\"=fdc3.thing\""), "the page's own name stays with the first record: {first}");
        assert!(first.contains("content=\"=2\""), "links to the page top: {first}");
        assert!(first.contains("content=\"type=type|a=a\""), "{first}");
        for other in [second, third, fourth] {
            assert!(!other.contains("<h1"), "the title is indexed once: {other}");
            assert!(other.contains("<meta data-pagefind-meta=\"title[content]\" content=\"Channel &lt;API&gt;\">"), "{other}");
            assert!(other.contains("<meta data-pagefind-filter=\"version[content]\" content=\"2.2\">"), "{other}");
            assert!(!other.contains("intro") && !other.contains("fdc3.thing"), "{other}");
        }
        assert!(second.contains("content=\"b=a › b\"") && second.contains("content=\"b=1\""), "{second}");
        assert!(!second.contains("gamma"), "{second}");
        assert!(third.contains("content=\"c=a › c|nested=nested\"") && third.contains("content=\"c=5\""), "{third}");
        assert!(third.contains("delta") && !third.contains("epsilon"), "{third}");
        assert!(fourth.contains("content=\"d=d\"") && fourth.contains("epsilon"), "{fourth}");
    }

    #[test]
    fn the_first_record_reaches_past_the_section_that_names_the_page() {
        let mut p = page(Some("2.2"));
        p.content = vec![words(300, "intro"), heading("2", "a"), words(300, "alpha"), heading("2", "type"), el("p", &[], vec![code("fdc3.late")]), heading("2", "b"), words(10, "beta")];
        let records = records(&Entry { route: "/docs/y", page: &p }, "en", None);
        let urls: Vec<&str> = records.iter().map(|r| r.url.as_str()).collect();
        assert_eq!(urls, ["/docs/y", "/docs/y#b"]);
        assert!(records[0].html.contains("content=\"=fdc3.late\""), "{}", records[0].html);
    }

    fn code(text: &str) -> Node {
        el("code", &[], vec![Node::Text(text.into())])
    }

    fn cell(t: &str, c: Vec<Node>) -> Node {
        el(t, &[], c)
    }

    #[test]
    fn sections_record_the_names_they_define_and_excerpt_sources_stay_clean() {
        let mut p = page(Some("2.2"));
        p.content = vec![
            el("Admonition", &[("kind", "caution"), ("title", "_@EXPERIMENTAL_ **now**")], vec![el("p", &[], vec![Node::Text("Subject to change.".into())])]),
            el("Heading", &[("level", "2"), ("id", "type")], vec![Node::Text("Type".into())]),
            el("p", &[], vec![code("fdc3.instrument")]),
            el("Heading", &[("level", "2"), ("id", "resolveerror")], vec![code("ResolveError")]),
            el(
                "table",
                &[],
                vec![
                    el("thead", &[], vec![el("tr", &[], vec![cell("th", vec![Node::Text("Field".into())]), cell("th", vec![Node::Text("Type".into())])])]),
                    el("tbody", &[], vec![el("tr", &[], vec![cell("td", vec![code("NoAppsFound")]), cell("td", vec![Node::Text("No app".into())])])]),
                ],
            ),
            el("Heading", &[("level", "2"), ("id", "see")], vec![Node::Text("See".into())]),
            el("p", &[], vec![Node::Text("Use ".into()), code("raiseIntent"), Node::Text(".".into())]),
        ];
        let html = only_record(&Entry { route: "/docs/api/ref/Errors", page: &p }, "en", None);
        assert!(html.contains("content=\"=fdc3.instrument|resolveerror=NoAppsFound\""), "{html}");
        assert!(html.contains("<p>@EXPERIMENTAL now</p>"), "admonition titles lose their Markdown: {html}");
        assert!(!html.contains("Field"), "table headers are not indexed: {html}");
        assert!(html.contains("<td><code>NoAppsFound</code></td> <td>No app</td> "), "cells are separate words: {html}");
    }

    #[test]
    fn inbound_links_count_links_per_route_and_anchor_but_not_to_the_page_itself() {
        let mut a = page(Some("2.2"));
        a.content = vec![
            el("a", &[("href", "/docs/b#broadcast")], vec![]),
            el("p", &[], vec![el("a", &[("href", "/docs/b#broadcast")], vec![]), el("a", &[("href", "/docs/b")], vec![])]),
            el("a", &[("href", "/docs/b#no-heading")], vec![]),
            el("a", &[("href", "/docs/a#self")], vec![]),
            el("a", &[("href", "https://example.org/")], vec![]),
        ];
        let b = page(Some("2.2"));
        let entries = [Entry { route: "/docs/a", page: &a }, Entry { route: "/docs/b", page: &b }];
        let links = inbound_links(&entries);
        assert_eq!(links.get("/docs/b").map(|m| m.clone().into_iter().collect::<Vec<_>>()), Some(vec![(String::new(), 1), ("broadcast".into(), 2), ("no-heading".into(), 1)]));
        assert!(!links.contains_key("/docs/a"));
        let html = only_record(&entries[1], "en", links.get("/docs/b"));
        // Only links to the page and its headings (the sections a hit can point at).
        assert!(html.contains("<meta data-pagefind-meta=\"links[content]\" content=\"=1|broadcast=2\">"), "{html}");
    }

    #[test]
    fn site_pages_use_the_pages_filter_and_landing_routes_are_skipped() {
        let doc = page(Some("2.2"));
        let site_page = page(None);
        let html = only_record(&Entry { route: "/community", page: &site_page }, "en", None);
        assert!(html.contains("content=\"pages\""), "{html}");
        let chosen = entries([("/docs", &doc, true), ("/docs/fdc3-intro", &doc, false), ("/community", &site_page, false)].into_iter());
        let routes: Vec<&str> = chosen.iter().map(|e| e.route).collect();
        assert_eq!(routes, ["/community", "/docs/fdc3-intro"]);
    }

    #[test]
    fn an_index_is_written_with_its_loader() {
        let p = page(Some("2.2"));
        let out = tempfile::tempdir().unwrap();
        let count = write_index(&[Entry { route: "/docs/api/ref/Channel", page: &p }], "en", 1, out.path()).unwrap();
        assert_eq!(count, 1);
        assert!(out.path().join("pagefind/pagefind.js").is_file());
        assert!(out.path().join("pagefind/pagefind-entry.json").is_file());
        assert!(out.path().join("pagefind/concepts/2.2.json").is_file());
        assert!(!out.path().join("pagefind/part-1").exists(), "one part: no other folder");
    }

    #[test]
    fn a_site_past_a_part_of_pages_has_its_index_in_parts() {
        assert_eq!(part_count(0, 3), 1);
        assert_eq!(part_count(3, 3), 1);
        assert_eq!(part_count(4, 3), 2);
        assert_eq!(part_count(10_000, PART_PAGES), 1);
        assert_eq!(part_count(50_001, PART_PAGES), 6);
        assert_eq!(part_urls("/pagefind/", 1), None);
        assert_eq!(part_urls("/fr/pagefind/", 3), Some(vec!["/fr/pagefind/part-1/".to_string(), "/fr/pagefind/part-2/".to_string()]));
    }

    /// The pages of a written part: `pagefind-entry.json`'s page count and the URLs of its
    /// fragments (gzip, after pagefind's `pagefind_dcd` signature).
    fn part_pages_of(dir: &Path) -> (usize, Vec<String>) {
        use std::io::Read;
        let entry: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("pagefind-entry.json")).unwrap()).unwrap();
        let count = entry["languages"]["en"]["page_count"].as_u64().unwrap() as usize;
        let mut urls = Vec::new();
        for file in std::fs::read_dir(dir.join("fragment")).unwrap() {
            let mut text = String::new();
            flate2::read::GzDecoder::new(std::fs::File::open(file.unwrap().path()).unwrap()).read_to_string(&mut text).unwrap();
            let json: serde_json::Value = serde_json::from_str(text.trim_start_matches("pagefind_dcd")).unwrap();
            urls.push(json["url"].as_str().unwrap().to_string());
        }
        urls.sort();
        (count, urls)
    }

    #[test]
    fn each_part_of_a_split_index_holds_every_other_page_and_the_concepts_stay_in_the_first() {
        let mut pages: Vec<(String, PageData)> = Vec::new();
        for i in 0..5 {
            let mut p = page(Some("2.2"));
            p.title = format!("Page {i}");
            pages.push((format!("/docs/p{i}"), p));
        }
        let entries: Vec<Entry<'_>> = pages.iter().map(|(route, page)| Entry { route, page }).collect();
        let out = tempfile::tempdir().unwrap();
        assert_eq!(write_index(&entries, "en", 2, out.path()).unwrap(), 5);
        let bundle = out.path().join(BUNDLE_DIR);
        // Page i in part i % 2: both parts sample the whole site.
        let (first, first_urls) = part_pages_of(&bundle);
        let (second, second_urls) = part_pages_of(&bundle.join("part-1"));
        assert_eq!((first, second), (3, 2));
        assert!(first_urls.iter().all(|u| ["/docs/p0", "/docs/p2", "/docs/p4"].iter().any(|p| u.starts_with(p))), "{first_urls:?}");
        assert!(second_urls.iter().all(|u| ["/docs/p1", "/docs/p3"].iter().any(|p| u.starts_with(p))), "{second_urls:?}");
        // Each part is a whole bundle the theme can merge; the concept lists cover every page, once.
        for dir in [&bundle, &bundle.join("part-1")] {
            assert!(dir.join("pagefind.js").is_file() && dir.join("wasm.en.pagefind").is_file(), "{}", dir.display());
            assert!(!dir.join("pagefind-ui.js").exists());
        }
        assert!(!bundle.join("part-1/concepts").exists());
        let concepts = std::fs::read_to_string(bundle.join("concepts/2.2.json")).unwrap();
        assert!((0..5).all(|i| concepts.contains(&format!("\"/docs/p{i}\""))), "{concepts}");
    }

    #[test]
    fn an_index_of_one_part_is_the_index_of_every_page() {
        let pages: Vec<(String, PageData)> = (0..3).map(|i| (format!("/docs/p{i}"), page(Some("2.2")))).collect();
        let entries: Vec<Entry<'_>> = pages.iter().map(|(route, page)| Entry { route, page }).collect();
        let prepared = prepare(&entries, "en", 1);
        assert_eq!(prepared.parts.len(), 1);
        let urls: Vec<&str> = prepared.parts[0].iter().map(|(_, r)| r.url.as_str()).collect();
        let whole: Vec<String> = entries.iter().flat_map(|e| records(e, "en", None)).map(|r| r.url).collect();
        assert_eq!(urls, whole);
    }

    fn toc_page(version: &str, title: &str, toc: &[(&str, &str)]) -> PageData {
        let mut p = page(Some(version));
        p.title = title.into();
        p.toc = toc.iter().map(|(id, text)| TocItem { id: (*id).into(), text: (*text).into(), level: 2 }).collect();
        p
    }

    #[test]
    fn concept_lists_name_each_versions_multi_word_headings_but_not_template_headings() {
        let spec = toc_page("2.2", "API Overview (2.2)", &[("desktop-agent", "Desktop Agent"), ("components", "Components"), ("see-also", "See also")]);
        let a = toc_page("2.2", "ViewChart", &[("raising", "Raising the intent"), ("see-also", "See also")]);
        let b = toc_page("2.2", "ViewNews", &[("raising", "Raising the intent"), ("see-also", "See also")]);
        let c = toc_page("2.2", "ViewQuote", &[("raising", "Raising the intent")]);
        let old = toc_page("1.2", "Channel", &[("user-channels", "User channels")]);
        let mut home = toc_page("x", "Home page", &[("conformance-testing", "Conformance testing")]);
        home.version = None;
        home.kind = RouteKind::Page;
        let entries = [
            Entry { route: "/docs/api/spec", page: &spec },
            Entry { route: "/docs/intents/ref/ViewChart", page: &a },
            Entry { route: "/docs/intents/ref/ViewNews", page: &b },
            Entry { route: "/docs/intents/ref/ViewQuote", page: &c },
            Entry { route: "/docs/1.2/api/ref/Channel", page: &old },
            Entry { route: "/", page: &home },
        ];
        let mut links = InboundLinks::new();
        links.entry("/docs/api/spec".into()).or_default().insert("desktop-agent".into(), 4);
        let files = concepts(&entries, &links);
        assert_eq!(files.keys().collect::<Vec<_>>(), ["1.2.json", "2.2.json"]);
        let v22: serde_json::Value = serde_json::from_str(&files["2.2.json"]).unwrap();
        // "Components" is one word; "See also" and "Raising the intent" are on three pages.
        assert_eq!(v22[0], serde_json::json!(["/docs/api/spec", "API Overview (2.2)", 0, [["desktop-agent", "Desktop Agent", 4]]]));
        // The reference pages have no concept heading left and one-word titles.
        assert_eq!(v22.as_array().unwrap().len(), 1);
        assert_eq!(files["1.2.json"], r#"[["/docs/1.2/api/ref/Channel","Channel",0,[["user-channels","User channels",0]]]]"#);
        assert_eq!(concepts_file("../x y"), "_.._x_y.json");
        assert_eq!(concepts_file(""), "_.json");
    }
}
