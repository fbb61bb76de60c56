//! Load stage: versions, docs and sidebars of a Docusaurus-format site.
//!
//! Reads `versions.json`, the current docs folder (`docs/`, served as "next"),
//! `versioned_docs/version-X/`, `sidebars.json` and `versioned_sidebars/`, and applies
//! Docusaurus's rules for doc ids, slugs and number prefixes, so an existing tree builds
//! unchanged. The output, [`Content`], is what the render stage works from; nothing here
//! parses Markdown beyond the front matter.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Deserialize;

use crate::config::SiteConfig;
use crate::contract::VersionBanner;
use crate::diagnostics::Diagnostic;
use crate::json_spans::{JsonPath, JsonSpans, Step};
use crate::markdown::html_policy::HtmlPolicy;

pub use crate::contract::CURRENT;

/// Everything the site's docs are made of.
#[derive(Debug)]
pub struct Content {
    /// Docs versions, `current` first, then `versions.json` order.
    pub versions: Vec<Version>,
    /// Name of the latest release (served at the route base path).
    pub last_version: String,
    /// Problems in single docs or sidebars; the build reports them with all the others.
    pub problems: Vec<Diagnostic>,
}

/// One docs version.
#[derive(Debug)]
pub struct Version {
    /// `current` or a release name (`2.2`); in a docs instance other than `default`,
    /// prefixed with its id (`community/current`), so names are unique in the site.
    pub name: String,
    /// Id of the docs instance it belongs to (`default` for `[docs]`).
    pub plugin: String,
    /// Label shown to readers.
    pub label: String,
    /// Route prefix (`/docs/next`, `/docs`, `/docs/2.1`).
    pub route_prefix: String,
    /// Folder of the version's docs.
    pub dir: PathBuf,
    /// Banner.
    pub banner: Option<VersionBanner>,
    /// The banner's text about the version (`bannerText`), when configured.
    pub banner_text: Option<String>,
    /// Whether this is the latest release.
    pub is_last: bool,
    /// Docs, sorted by id.
    pub docs: Vec<Doc>,
    /// Sidebars by id, in file order.
    pub sidebars: Vec<(String, Vec<SidebarEntry>)>,
    /// The sidebar file, if any.
    pub sidebar_file: Option<PathBuf>,
    /// Files that failed to load, by the doc id their path gives: a sidebar naming one
    /// points at that failure instead of calling the doc missing.
    pub failed_docs: Vec<(String, PathBuf)>,
}

impl Version {
    /// The version's name within its docs instance (`current`, `1.0`): [`Version::name`]
    /// without the `<id>/` of an instance other than `default`.
    pub fn plain_name(&self) -> &str {
        self.name.strip_prefix(&self.plugin).and_then(|n| n.strip_prefix('/')).unwrap_or(&self.name)
    }

    /// The doc with this id.
    pub fn doc(&self, id: &str) -> Option<&Doc> {
        self.docs.binary_search_by(|d| d.id.as_str().cmp(id)).ok().map(|i| &self.docs[i])
    }
}

/// One Markdown document.
#[derive(Debug, Clone)]
pub struct Doc {
    /// Doc id (`api/ref/DesktopAgent`).
    pub id: String,
    /// Source file.
    pub source: PathBuf,
    /// Route (`/docs/api/ref/DesktopAgent`).
    pub route: String,
    /// Front matter.
    pub front: FrontMatter,
    /// Markdown after the front matter.
    pub body: String,
    /// Number of lines before `body` in the file (front matter), for error lines.
    pub body_line: usize,
    /// The file `source` translates, when `source` is the locale's translation of it
    /// (`i18n/<locale>/docusaurus-plugin-content-docs/…`): what the edit link names.
    pub untranslated: Option<PathBuf>,
}

impl Doc {
    /// Title: front matter, else the first `# ` heading, else the id's last segment.
    pub fn title(&self) -> String {
        if let Some(t) = &self.front.title {
            return t.clone();
        }
        if let Some(h1) = leading_h1(&self.body) {
            return h1;
        }
        self.id.rsplit('/').next().unwrap_or(&self.id).to_string()
    }

    /// Sidebar label: front matter, else the title.
    pub fn sidebar_label(&self) -> String {
        self.front.sidebar_label.clone().unwrap_or_else(|| self.title())
    }
}

/// The text of a `# ` heading on the first non-blank line, if any.
pub fn leading_h1(body: &str) -> Option<String> {
    let first = body.lines().find(|l| !l.trim().is_empty() && !l.trim_start().starts_with("import "))?;
    first.strip_prefix("# ").map(|t| t.trim().trim_end_matches('#').trim().to_string())
}

/// Doc front matter: the keys Docusaurus documents. Other keys are accepted, as Docusaurus
/// does (`layout:` of old sites); one that is a typo of a known key gets a warning
/// ([`FrontMatter::near_misses`]).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct FrontMatter {
    /// Id (last segment).
    pub id: Option<String>,
    /// Title.
    pub title: Option<String>,
    /// Sidebar label.
    pub sidebar_label: Option<String>,
    /// Route override.
    pub slug: Option<String>,
    /// Meta description.
    pub description: Option<String>,
    /// Meta keywords.
    #[serde(default)]
    pub keywords: Vec<String>,
    /// Hide the h1.
    #[serde(default)]
    pub hide_title: bool,
    /// Hide the TOC.
    #[serde(default)]
    pub hide_table_of_contents: bool,
    /// Order in autogenerated sidebars.
    pub sidebar_position: Option<f64>,
    /// Previous/next label.
    pub pagination_label: Option<String>,
    /// Smallest TOC level for this page.
    pub toc_min_heading_level: Option<u8>,
    /// Largest TOC level for this page.
    pub toc_max_heading_level: Option<u8>,
    /// Extra CSS class of the doc's sidebar item.
    pub sidebar_class_name: Option<String>,
    /// Accepted for compatibility, not used.
    pub sidebar_key: Option<String>,
    /// Accepted for compatibility, not used.
    pub sidebar_custom_props: Option<serde_json::Value>,
    /// Sidebar shown beside the doc (an id of the version's sidebars), `null` for none;
    /// else the first sidebar listing the doc.
    #[serde(default, deserialize_with = "double_option")]
    pub displayed_sidebar: Option<Option<String>>,
    /// Doc id of the "Next" link, `null` for none; else the next doc of its sidebar.
    #[serde(default, deserialize_with = "double_option")]
    pub pagination_next: Option<Option<String>>,
    /// Doc id of the "Previous" link, `null` for none; else the previous doc of its sidebar.
    #[serde(default, deserialize_with = "double_option")]
    pub pagination_prev: Option<Option<String>>,
    /// Accepted for compatibility, not used.
    pub parse_number_prefixes: Option<bool>,
    /// "Edit this page" target of this doc, `null` for none; else from `docs.editUrl`.
    #[serde(default, deserialize_with = "double_option")]
    pub custom_edit_url: Option<Option<String>>,
    /// Image of the page's link previews (`og:image`): a path under `baseUrl` or an
    /// absolute URL; the site's `image` when absent.
    pub image: Option<String>,
    /// Tags: labels, or `{label, permalink}`; each gets a tag page listing its docs.
    #[serde(default)]
    pub tags: Vec<FrontMatterTag>,
    /// Drafts are left out of the build.
    #[serde(default)]
    pub draft: bool,
    /// Built and reachable by its URL, but `noindex` and out of sidebars, search and sitemap.
    #[serde(default)]
    pub unlisted: bool,
    /// Overrides the last update taken from git.
    pub last_update: Option<FrontMatterLastUpdate>,
    /// Docusaurus 1 versioned docs.
    pub original_id: Option<String>,
    /// Keys docsite does not know (ignored, like Docusaurus does).
    #[serde(flatten)]
    pub other: BTreeMap<String, serde::de::IgnoredAny>,
}

/// A `null` that is kept apart from an absent key: `Some(None)`.
fn double_option<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// A front matter tag: a label, or a label with its own route segment.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum FrontMatterTag {
    /// `tags: [api]`.
    Label(String),
    /// `tags: [{label: API, permalink: /api}]`.
    Full {
        /// Shown label.
        label: String,
        /// Route segment under the version's `tags/` (default: the label, slugified).
        permalink: Option<String>,
    },
}

impl FrontMatterTag {
    /// The tag's label.
    pub fn label(&self) -> &str {
        match self {
            FrontMatterTag::Label(l) | FrontMatterTag::Full { label: l, .. } => l,
        }
    }

    /// The tag's route segment: its permalink, else its label lower-cased with every run
    /// of other characters than letters and digits made one `-`.
    pub fn slug(&self) -> String {
        if let FrontMatterTag::Full { permalink: Some(p), .. } = self {
            return p.trim_matches('/').to_string();
        }
        let mut out = String::new();
        for c in self.label().chars() {
            if c.is_alphanumeric() {
                out.extend(c.to_lowercase());
            } else if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
        }
        out.trim_end_matches('-').to_string()
    }
}

/// Front matter `last_update`: the author and date shown instead of git's.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrontMatterLastUpdate {
    /// Author name.
    pub author: Option<String>,
    /// Date, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`.
    pub date: Option<String>,
}

/// The front matter keys docsite knows (the fields of [`FrontMatter`]).
pub const FRONT_MATTER_KEYS: &[&str] = &[
    "id", "title", "sidebar_label", "slug", "description", "keywords", "hide_title", "hide_table_of_contents", "sidebar_position", "pagination_label",
    "toc_min_heading_level", "toc_max_heading_level", "sidebar_class_name", "sidebar_key", "sidebar_custom_props", "displayed_sidebar", "pagination_next",
    "pagination_prev", "parse_number_prefixes", "custom_edit_url", "image", "tags", "draft", "unlisted", "last_update", "original_id",
];

impl FrontMatter {
    /// Unknown keys one edit (or swap of neighbours) away from a known key, with that key: `(sidebar_lable,
    /// sidebar_label)`.
    pub fn near_misses(&self) -> Vec<(&str, &'static str)> {
        self.other
            .keys()
            .filter_map(|k| FRONT_MATTER_KEYS.iter().find(|known| strsim::osa_distance(k, known) == 1).map(|known| (k.as_str(), *known)))
            .collect()
    }

    /// A warning per [`FrontMatter::near_misses`] key, at the key's line of `text` (the file).
    pub fn near_miss_warnings(&self, path: &Path, text: &str) -> Vec<Diagnostic> {
        self.near_misses()
            .into_iter()
            .map(|(key, known)| {
                let line = text.lines().position(|l| l.strip_prefix(key).is_some_and(|r| r.trim_start().starts_with(':'))).map_or(2, |n| n + 1);
                Diagnostic::error(path, format!("unknown front matter key `{key}` is ignored; did you mean `{known}`?"))
                    .at(line, None)
                    .with_severity(crate::diagnostics::Severity::Warning)
            })
            .collect()
    }
}

/// A sidebar entry, resolved to doc ids of its version.
#[derive(Debug, Clone)]
pub enum SidebarEntry {
    /// A doc, with an optional label override.
    Doc {
        /// Doc id.
        id: String,
        /// Label override.
        label: Option<String>,
        /// Extra CSS class (`className`).
        class_name: Option<String>,
    },
    /// A link.
    Link {
        /// Label.
        label: String,
        /// Target.
        href: String,
    },
    /// A category.
    Category {
        /// Label.
        label: String,
        /// Children.
        items: Vec<SidebarEntry>,
        /// Starts collapsed.
        collapsed: bool,
        /// Can be collapsed.
        collapsible: bool,
        /// Doc shown when the category itself is clicked.
        link: Option<String>,
        /// Generated index page shown when the category itself is clicked.
        index: Option<GeneratedIndex>,
        /// Extra CSS class (`className`).
        class_name: Option<String>,
    },
    /// Raw HTML.
    Html(String),
}

/// Reads every version of every docs instance of the site: `[docs]` first (its versions
/// keep their names), then each of `[[docsInstances]]` (its versions named `<id>/<name>`,
/// so that every version of the site has a name of its own).
pub fn load(config: &SiteConfig) -> Result<Content, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut versions = Vec::new();
    let mut last_version = CURRENT.to_string();
    for inst in config.docs_instances() {
        let last = load_instance(config, &inst, &mut versions, &mut diags)?;
        if inst.is_default() {
            last_version = last;
        }
    }
    Ok(Content { versions, last_version, problems: diags })
}

/// Reads the versions of one docs instance into `versions`; returns the name of its latest
/// release (as named in `versions`).
fn load_instance(config: &SiteConfig, inst: &crate::config::DocsInstance<'_>, versions: &mut Vec<Version>, diags: &mut Vec<Diagnostic>) -> Result<String, Vec<Diagnostic>> {
    let site = &config.site_dir;
    let raw = inst.raw;
    let k = &inst.key;
    let qualified = |name: &str| if inst.is_default() { name.to_string() } else { format!("{}/{name}", inst.id) };
    let doc_files = DocFiles::new(config, inst)?;
    let versions_file = site.join(inst.file_name("versions.json"));
    let released: Vec<String> = if versions_file.exists() {
        match std::fs::read_to_string(&versions_file)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<Vec<String>>(&t).map_err(|e| e.to_string()))
        {
            Ok(v) => v,
            Err(e) => {
                return Err(vec![Diagnostic::error(&versions_file, format!("invalid versions.json: {e}"))
                    .hint("versions.json must be a JSON array of version names, newest first, e.g. [\"2.2\", \"2.1\"]")])
            }
        }
    } else {
        Vec::new()
    };
    let last_version = raw
        .last_version
        .clone()
        .or_else(|| released.first().cloned())
        .unwrap_or_else(|| CURRENT.to_string());
    if last_version != CURRENT && !released.contains(&last_version) {
        return Err(vec![Diagnostic::error(
            &config.file,
            format!("`{k}.lastVersion`: {last_version:?} is not in {}", inst.file_name("versions.json")),
        )]);
    }
    for name in raw.versions.keys() {
        if name != CURRENT && !released.contains(name) {
            diags.push(Diagnostic::error(
                &config.file,
                format!("`{k}.versions.{name}`: no such version ({} has {released:?}, plus `current`)", inst.file_name("versions.json")),
            ));
        }
    }

    let mut names = vec![CURRENT.to_string()];
    names.extend(released.iter().cloned());
    for name in names {
        let (dir, sidebar_file) = if name == CURRENT {
            (config.read_path(&raw.path), config.read_path(&raw.sidebar_path))
        } else {
            (
                site.join(inst.file_name("versioned_docs")).join(format!("version-{name}")),
                site.join(inst.file_name("versioned_sidebars")).join(format!("version-{name}-sidebars.json")),
            )
        };
        if name != CURRENT {
            // A version name is a folder name: `versions.json` cannot lead the reads elsewhere.
            let escapes = name.is_empty() || name.contains(['/', '\\', '\0']) || name == "." || name == "..";
            let outside = [&dir, &sidebar_file].into_iter().find_map(|p| crate::paths::inside_site(site, &p.strip_prefix(site).unwrap_or(p).to_string_lossy()).err());
            if let Some(msg) = escapes.then(|| format!("{name:?} is not a folder name")).or(outside) {
                diags.push(Diagnostic::error(&versions_file, format!("version {name:?}: {msg}")));
                continue;
            }
        }
        if !dir.is_dir() {
            diags.push(
                Diagnostic::error(&dir, format!("docs folder of version {name:?} is missing"))
                    .hint(format!("every name in {} needs {}/version-<name>/ (run `docsite version`)", inst.file_name("versions.json"), inst.file_name("versioned_docs"))),
            );
            continue;
        }
        let opts = raw.versions.get(&name);
        let is_last = name == last_version;
        let default_path = if is_last {
            String::new()
        } else if name == CURRENT {
            "next".into()
        } else {
            name.clone()
        };
        let path = opts.and_then(|o| o.path.clone()).unwrap_or(default_path);
        if let Some(why) = crate::route::problem(&path) {
            let quoted = format!("{k}.versions.\"{name}\".path");
            let key = if name.contains('.') { quoted.clone() } else { format!("{k}.versions.{name}.path") };
            let d = Diagnostic::error(&config.file, format!("`{key}`: {path:?} {why}"));
            diags.push(match config.line_of(&key).or_else(|| config.line_of(&quoted)) {
                Some(l) => d.at(l, None),
                None => d,
            });
            continue;
        }
        let route_prefix = join_route(&inst.base, &path);
        let default_label = if name == CURRENT { "Next".to_string() } else { name.clone() };
        let label = opts.and_then(|o| o.label.clone()).unwrap_or(default_label);
        let default_banner = if is_last {
            None
        } else if name == CURRENT {
            Some(VersionBanner::Unreleased)
        } else {
            // Releases after the latest one are unreleased too; older ones unmaintained.
            let pos = released.iter().position(|v| v == &name);
            let last_pos = released.iter().position(|v| v == &last_version);
            match (pos, last_pos) {
                (Some(p), Some(l)) if p < l => Some(VersionBanner::Unreleased),
                _ => Some(VersionBanner::Unmaintained),
            }
        };
        let banner = match opts.and_then(|o| o.banner) {
            Some(crate::config::RawBanner::None) => None,
            Some(crate::config::RawBanner::Unreleased) => Some(VersionBanner::Unreleased),
            Some(crate::config::RawBanner::Unmaintained) => Some(VersionBanner::Unmaintained),
            None => default_banner,
        };
        let banner_text = opts.and_then(|o| o.banner_text.clone());
        if let Some(text) = &banner_text {
            let key = if name.contains('.') { format!("{k}.versions.\"{name}\".bannerText") } else { format!("{k}.versions.{name}.bannerText") };
            let problem = if text.trim().is_empty() {
                Some("is empty (remove the key to keep the default text)".to_string())
            } else if banner.is_none() {
                Some("is set, but the version shows no banner (set `banner` to `unreleased` or `unmaintained`)".to_string())
            } else {
                None
            };
            if let Some(problem) = problem {
                let d = Diagnostic::error(&config.file, format!("`{key}` {problem}"));
                diags.push(match config.line_of(&key) {
                    Some(l) => d.at(l, None),
                    None => d,
                });
            }
        }
        let mut failed_docs = Vec::new();
        let folder = if name == CURRENT { CURRENT.to_string() } else { format!("version-{name}") };
        let plugin_folder = inst.translation_folder();
        let docs = load_docs(site, &name, &dir, &route_prefix, (&config.i18n, &plugin_folder, &folder), &doc_files, diags, &mut failed_docs);
        let mut version = Version {
            name: qualified(&name),
            plugin: inst.id.to_string(),
            label,
            route_prefix,
            dir,
            banner,
            banner_text: banner_text.map(|t| t.trim().to_string()),
            is_last,
            docs,
            sidebars: Vec::new(),
            sidebar_file: None,
            failed_docs,
        };
        // The current docs without a sidebars file get one autogenerated sidebar; a release
        // without one has none (as in Docusaurus).
        // `sidebarPath = ""`: the autogenerated sidebar, whatever files lie in the site.
        let sidebar_file = if name == CURRENT && raw.sidebar_path.is_empty() {
            None
        } else if name == CURRENT { current_sidebar_file(&sidebar_file) } else { Some(sidebar_file).filter(|f| f.is_file()) };
        match sidebar_file {
            Some(file) => {
                version.sidebars = load_sidebars(&version, &file, config.html_policy(), diags);
                version.sidebar_file = Some(file);
            }
            None if name == CURRENT => version.sidebars = default_sidebar(&version, config.html_policy(), diags),
            None => {}
        }
        translate_sidebars(&config.i18n, (&plugin_folder, &folder), &mut version.label, &mut version.sidebars, diags);
        check_references(&version, diags);
        versions.push(version);
    }
    Ok(qualified(&last_version))
}

/// Translates a docs version's label and its sidebars with the locale's
/// `docusaurus-plugin-content-docs/<folder>.json` (`current.json`, `version-2.0.json`):
/// `version.label`, and per sidebar `sidebar.<id>.category.<label>`,
/// `sidebar.<id>.link.<label>`, `sidebar.<id>.doc.<label>` (a doc item's own label).
fn translate_sidebars(l10n: &crate::i18n::Localization, (plugin, folder): (&str, &str), label: &mut String, sidebars: &mut [(String, Vec<SidebarEntry>)], diags: &mut Vec<Diagnostic>) {
    let m = l10n.messages(&format!("{plugin}/{folder}.json"), diags);
    if m.is_empty() {
        return;
    }
    crate::i18n::replace(label, &m, "version.label");
    fn entries(sidebar: &str, list: &mut [SidebarEntry], m: &std::collections::BTreeMap<String, String>) {
        for e in list {
            match e {
                SidebarEntry::Doc { label: Some(label), .. } => {
                    let id = format!("sidebar.{sidebar}.doc.{label}");
                    crate::i18n::replace(label, m, &id);
                }
                SidebarEntry::Link { label, .. } => {
                    let id = format!("sidebar.{sidebar}.link.{label}");
                    crate::i18n::replace(label, m, &id);
                }
                SidebarEntry::Category { label, items, index, .. } => {
                    let id = format!("sidebar.{sidebar}.category.{label}");
                    if let Some(ix) = index.as_mut() {
                        if let Some(t) = ix.title.as_mut() {
                            crate::i18n::replace(t, m, &format!("{id}.link.generated-index.title"));
                        }
                        if let Some(d) = ix.description.as_mut() {
                            crate::i18n::replace(d, m, &format!("{id}.link.generated-index.description"));
                        }
                    }
                    crate::i18n::replace(label, m, &id);
                    entries(sidebar, items, m);
                }
                _ => {}
            }
        }
    }
    for (id, list) in sidebars {
        entries(id, list, &m);
    }
}

/// Joins a route prefix and a relative path without doubling or losing slashes.
pub fn join_route(base: &str, rel: &str) -> String {
    let rel = rel.trim_matches('/');
    let base = base.trim_end_matches('/');
    match (base.is_empty(), rel.is_empty()) {
        (true, true) => "/".into(),
        (true, false) => format!("/{rel}"),
        (false, true) => base.into(),
        (false, false) => format!("{base}/{rel}"),
    }
}

/// Strips a Docusaurus number prefix (`01-intro` -> `intro`), leaving dates and versions
/// (`2020-01-16 notes`, `1.2.3`) alone, as Docusaurus does.
pub fn strip_number_prefix(name: &str) -> &str {
    let digits = name.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return name;
    }
    let rest = &name[digits..];
    let seps = rest.bytes().take_while(|b| matches!(b, b'-' | b'_' | b'.' | b' ')).count();
    if seps == 0 || !rest[..seps].bytes().any(|b| matches!(b, b'-' | b'_' | b'.')) {
        return name;
    }
    let suffix = &rest[seps..];
    // Date-like or version-like: the separator is followed by more digits.
    if suffix.is_empty() || suffix.as_bytes()[0].is_ascii_digit() {
        return name;
    }
    suffix
}

/// What [`walk_content`] found under a folder.
pub(crate) struct SiteWalk {
    /// Every file and folder (the folder itself left out), in file-name order, symlinks that
    /// stay inside the site or the folder walked followed.
    pub(crate) entries: Vec<walkdir::DirEntry>,
    /// Symlinks that lead nowhere (reported first, as the walk meets them), then those that
    /// lead outside both the site folder and the folder walked: never followed, nothing
    /// under them read.
    pub(crate) dangling: Vec<PathBuf>,
    pub(crate) outside: Vec<PathBuf>,
    /// Entries that could not be read.
    pub(crate) unreadable: Vec<walkdir::Error>,
}

/// Walks the content folder `dir` with the build's symlink rule: symlinks are followed (as
/// Docusaurus does) while they stay inside the site folder or inside `dir` itself (a docs
/// folder the configuration puts beside the site, `'../docs'`, may link between its own
/// files); one that leads anywhere else (or nowhere) is listed and what it points to is
/// never read ([`crate::copied::inside_content`]). Names `keep` refuses are skipped with
/// what is under them. The build's loader ([`markdown_files`]) and `docsite version` both
/// walk with it.
pub(crate) fn walk_content(site: &Path, dir: &Path, keep: impl Fn(&str) -> bool) -> SiteWalk {
    let mut outside = Vec::new();
    let mut walk = SiteWalk { entries: Vec::new(), dangling: Vec::new(), outside: Vec::new(), unreadable: Vec::new() };
    let walker = walkdir::WalkDir::new(dir).follow_links(true).sort_by_file_name().into_iter().filter_entry(|e| {
        if e.depth() == 0 {
            return true;
        }
        if e.path_is_symlink() && !crate::copied::inside_content(site, dir, e.path()) {
            outside.push(e.path().to_path_buf());
            return false;
        }
        keep(&e.file_name().to_string_lossy())
    });
    for entry in walker {
        match entry {
            Ok(e) if e.depth() == 0 => {}
            Ok(e) => walk.entries.push(e),
            // A link to nothing fails before the filter sees it.
            Err(e) if e.path().is_some_and(|p| p.is_symlink() && !p.exists()) => walk.dangling.push(e.path().expect("checked").to_path_buf()),
            Err(e) => walk.unreadable.push(e),
        }
    }
    walk.outside = outside;
    walk
}

/// The Markdown files (`.md`, `.mdx`) under `dir`, in file-name order, skipping the files
/// and folders whose names `keep` refuses, walked with [`walk_content`]: a symlink that
/// leads outside the site and `dir` (or nowhere) is an error naming the link.
pub(crate) fn markdown_files(site: &Path, dir: &Path, keep: impl Fn(&str) -> bool, diags: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let walk = walk_content(site, dir, keep);
    diags.extend(walk.dangling.iter().map(|link| outside_link(link)));
    diags.extend(walk.unreadable.iter().map(|e| Diagnostic::error(dir, format!("cannot read folder: {e}"))));
    diags.extend(walk.outside.iter().map(|link| outside_link(link)));
    walk.entries
        .into_iter()
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "md" || x == "mdx"))
        .map(walkdir::DirEntry::into_path)
        .collect()
}

/// Which files of a docs folder are docs: the `docs.include` patterns less the
/// `docs.exclude` ones, matched against the path relative to the folder as Docusaurus's
/// globby does (`*` stays within one folder).
pub(crate) struct DocFiles {
    include: globset::GlobSet,
    exclude: globset::GlobSet,
}

impl DocFiles {
    /// The patterns of a docs instance's `include` and `exclude`; an invalid one is an
    /// error naming its key.
    pub(crate) fn new(config: &SiteConfig, inst: &crate::config::DocsInstance<'_>) -> Result<Self, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let mut set = |key: &str, patterns: &[String]| {
            let mut builder = globset::GlobSetBuilder::new();
            for (i, pattern) in patterns.iter().enumerate() {
                match globset::GlobBuilder::new(pattern).literal_separator(true).build() {
                    Ok(glob) => {
                        builder.add(glob);
                    }
                    Err(e) => {
                        let key = format!("{}.{key}[{i}]", inst.key);
                        let mut d = Diagnostic::error(&config.file, format!("`{key}`: invalid glob pattern: {}", e.kind()));
                        if let Some(line) = config.line_of(&key) {
                            d = d.at(line, None);
                        }
                        errors.push(d);
                    }
                }
            }
            builder.build().unwrap_or_else(|_| globset::GlobSet::empty())
        };
        let files = DocFiles { include: set("include", &inst.raw.include), exclude: set("exclude", &inst.raw.exclude) };
        if errors.is_empty() { Ok(files) } else { Err(errors) }
    }

    fn is_doc(&self, rel: &Path) -> bool {
        self.include.is_match(rel) && !self.exclude.is_match(rel)
    }
}

/// The docs under `dir` that `files` selects (see [`markdown_files`] for symlinks), each
/// read from the locale's translation of it when there is one (`l10n`: the localization
/// and the version's translation folder, `current` or `version-<name>`).
#[allow(clippy::too_many_arguments)]
fn load_docs(site: &Path, version: &str, dir: &Path, route_prefix: &str, l10n: (&crate::i18n::Localization, &str, &str), files: &DocFiles, diags: &mut Vec<Diagnostic>, failed: &mut Vec<(String, PathBuf)>) -> Vec<Doc> {
    let mut docs: Vec<Doc> = Vec::new();
    let paths = markdown_files(site, dir, |n| !(n.starts_with('.') || n == "node_modules"), diags);
    // Read and parsed in parallel (a rebuild of `docsite dev` reads every doc), kept in order.
    let loaded: Vec<_> = paths
        .par_iter()
        .filter_map(|path| {
            let rel = path.strip_prefix(dir).expect("walked under dir");
            if !files.is_doc(rel) {
                return None;
            }
            let translation = l10n.0.translated(site, l10n.1, l10n.2, rel);
            let mut found = Vec::new();
            let doc = load_doc(version, translation.as_deref().unwrap_or(path), rel, route_prefix, &mut found);
            Some((path, rel, translation, doc, found))
        })
        .collect();
    for (path, rel, translation, doc, found) in loaded {
        diags.extend(found);
        match doc {
            Ok(Some(mut doc)) => {
                doc.untranslated = translation.is_some().then(|| path.to_path_buf());
                docs.push(doc)
            }
            Ok(None) => {}
            Err(d) => {
                let id: Vec<String> = rel.with_extension("").iter().map(|s| strip_number_prefix(&s.to_string_lossy()).to_string()).collect();
                failed.push((id.join("/"), path.to_path_buf()));
                diags.push(d)
            }
        }
    }
    docs.sort_by(|a, b| a.id.cmp(&b.id));
    for pair in docs.windows(2) {
        if pair[0].id == pair[1].id {
            diags.push(
                Diagnostic::error(&pair[1].source, format!("duplicate doc id {:?} (also {})", pair[1].id, pair[0].source.display()))
                    .hint("give one of them another `id` in its front matter"),
            );
        }
    }
    docs
}

/// The error of a symlink under a docs or blog folder that leads outside the site (or nowhere).
pub(crate) fn outside_link(link: &Path) -> Diagnostic {
    let target = std::fs::read_link(link).map(|t| t.display().to_string()).unwrap_or_else(|_| "?".into());
    Diagnostic::error(link, format!("symlink to {target}, which is outside the site folder and the content folder it is in (or missing); it is not read"))
        .hint("copy the file into the content folder instead, or remove the link")
}

fn load_doc(version: &str, path: &Path, rel: &Path, route_prefix: &str, diags: &mut Vec<Diagnostic>) -> Result<Option<Doc>, Diagnostic> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::error(path, format!("cannot read: {e}")))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let (front, body, body_line) = split_front_matter(path, text)?;
    diags.extend(front.near_miss_warnings(path, text));
    if let Some(date) = front.last_update.as_ref().and_then(|u| u.date.as_deref()) {
        if crate::git::parse_date(date).is_none() {
            let line = text.lines().position(|l| l.trim_start().starts_with("date:")).map_or(2, |n| n + 1);
            diags.push(
                Diagnostic::error(path, format!("`last_update.date`: {date:?} is not a date"))
                    .at(line, None)
                    .hint("write YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SSZ"),
            );
        }
    }
    if front.draft {
        return Ok(None);
    }
    let dir_segments: Vec<String> = rel
        .parent()
        .map(|p| p.iter().map(|s| strip_number_prefix(&s.to_string_lossy()).to_string()).collect())
        .unwrap_or_default();
    let stem = rel.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = strip_number_prefix(&stem).to_string();
    let legacy = format!("version-{version}-");
    let own_id = front
        .id
        .as_deref()
        .map(|id| id.strip_prefix(&legacy).unwrap_or(id).to_string())
        .unwrap_or_else(|| stem.clone());
    if own_id.contains('/') {
        return Err(Diagnostic::error(path, format!("front matter `id: {own_id}` must not contain '/'"))
            .at(2, None)
            .hint("the folder is part of the id already; use only the last segment"));
    }
    route_value(path, text, "id", &own_id)?;
    if let Some(slug) = &front.slug {
        route_value(path, text, "slug", slug)?;
    }
    tag_values(path, text, &front.tags)?;
    let dir_path = dir_segments.join("/");
    let id = if dir_path.is_empty() { own_id.clone() } else { format!("{dir_path}/{own_id}") };
    let is_index = {
        let s = stem.to_ascii_lowercase();
        s == "index" || s == "readme" || dir_segments.last().is_some_and(|d| d == &stem)
    };
    let rel_route = match &front.slug {
        Some(slug) if slug.starts_with('/') => slug.trim_start_matches('/').to_string(),
        Some(slug) if dir_path.is_empty() => slug.clone(),
        Some(slug) => format!("{dir_path}/{slug}"),
        None if is_index => dir_path.clone(),
        None => id.clone(),
    };
    let mut route = join_route(route_prefix, &rel_route);
    // A folder index keeps its trailing slash (`/docs/use-cases/`), as Docusaurus does.
    if is_index && front.slug.is_none() && !dir_path.is_empty() {
        route.push('/');
    }
    Ok(Some(Doc { id, source: path.to_path_buf(), route, front, body: body.to_string(), body_line, untranslated: None }))
}

/// Refuses a front matter value that becomes part of a route but could name a file outside
/// the output (see [`crate::route`]), with the line of its key.
pub fn route_value(path: &Path, text: &str, key: &str, value: &str) -> Result<(), Diagnostic> {
    match crate::route::problem(value) {
        None => Ok(()),
        Some(why) => Err(Diagnostic::error(path, format!("front matter `{key}: {value:?}` {why}"))
            .at(front_matter_line(text, key).unwrap_or(1), None)
            .hint("use a plain path such as `my-page` or `/guide/my-page`")),
    }
}

/// Refuses a front matter tag that would get no page or a page outside its folder: a label
/// whose slug comes out empty (`..`, `!!`: nothing but punctuation) and no `permalink`,
/// or a `permalink` that is empty or is not a plain route (a `..` segment, a scheme, ...;
/// see [`crate::route`]). The error names the line of the tag (else of `tags:`), so that
/// `check` reports it before anything is written.
pub fn tag_values(path: &Path, text: &str, tags: &[FrontMatterTag]) -> Result<(), Diagnostic> {
    for tag in tags {
        let (problem, written) = match tag {
            FrontMatterTag::Full { permalink: Some(p), .. } => match crate::route::problem(p) {
                Some(why) => (Some(format!("`permalink: {p:?}` {why}")), p.as_str()),
                None if tag.slug().is_empty() => (Some(format!("`permalink: {p:?}` names no page")), p.as_str()),
                None => (None, p.as_str()),
            },
            _ if tag.slug().is_empty() => (Some(format!("{:?} has no letter or digit to make its page's route from", tag.label())), tag.label()),
            _ => (None, ""),
        };
        if let Some(problem) = problem {
            return Err(Diagnostic::error(path, format!("front matter tag {problem}"))
                .at(tag_line(text, written), None)
                .hint("give the tag a label with letters or digits, or a `permalink` such as `/my-tag`"));
        }
    }
    Ok(())
}

/// The line of `written` in the front matter's `tags` (the first line from `tags:` on
/// holding it), else of `tags:` itself.
fn tag_line(text: &str, written: &str) -> usize {
    let start = front_matter_line(text, "tags").unwrap_or(1);
    text.lines()
        .enumerate()
        .skip(start - 1)
        .take_while(|(i, l)| *i + 1 == start || l.trim_end() != "---")
        .find(|(_, l)| !written.is_empty() && l.contains(written))
        .map_or(start, |(i, _)| i + 1)
}

/// The line (1-based, in the file) of a top-level front matter key.
fn front_matter_line(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .enumerate()
        .skip(1)
        .take_while(|(_, l)| l.trim_end() != "---")
        .find(|(_, l)| l.strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with(':')))
        .map(|(i, _)| i + 1)
}

/// Largest front matter accepted, in bytes. Docusaurus pages need a few hundred.
pub const FRONT_MATTER_MAX_BYTES: usize = 64 * 1024;
/// Deepest nesting of YAML flow collections (`[`, `{`) accepted in front matter.
pub const FRONT_MATTER_MAX_DEPTH: usize = 32;

/// The line (in the file) and reason when front matter is too large or nested too deep to
/// parse: the YAML parser takes time quadratic in flow nesting (200 KB of `[[[...` took half
/// a minute), so both are refused before it runs.
fn front_matter_limits(yaml: &str) -> Option<(usize, String)> {
    if yaml.len() > FRONT_MATTER_MAX_BYTES {
        return Some((2, format!("is {} KB; the limit is {} KB", yaml.len() / 1024, FRONT_MATTER_MAX_BYTES / 1024)));
    }
    let mut depth = 0usize;
    for (i, line) in yaml.lines().enumerate() {
        // Quotes open a scalar only where one starts, and close at the end of the line at
        // the latest (front matter has no multi-line quoted titles; an unclosed quote must
        // not hide the brackets after it).
        let (mut prev, mut quote) = (' ', None);
        for c in line.chars() {
            match (quote, c) {
                (Some(q), _) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') if prev.is_whitespace() || matches!(prev, '[' | '{' | ',' | ':') => quote = Some(c),
                (None, '#') if prev.is_whitespace() => break,
                (None, '[' | '{') => {
                    depth += 1;
                    if depth > FRONT_MATTER_MAX_DEPTH {
                        return Some((i + 2, format!("nests lists or maps more than {FRONT_MATTER_MAX_DEPTH} levels deep")));
                    }
                }
                (None, ']' | '}') => depth = depth.saturating_sub(1),
                _ => {}
            }
            prev = c;
        }
    }
    None
}

/// The YAML parser's budgets for front matter (serde-saphyr: panic-free, no unbounded
/// recursion, alias replay capped). They back up [`front_matter_limits`], which refuses
/// oversized front matter before any parsing: a few keys of a Docusaurus page never come
/// near them.
fn front_matter_options() -> serde_saphyr::Options {
    let mut budget = serde_saphyr::Budget::default();
    budget.max_depth = 32;
    budget.flow_nesting_limit = 32;
    budget.max_events = 20_000;
    budget.max_nodes = 10_000;
    budget.max_aliases = 100;
    budget.max_anchors = 100;
    budget.max_documents = 1;
    budget.max_total_scalar_bytes = 64 * 1024;
    let mut options = serde_saphyr::Options::default();
    options.budget = Some(budget);
    options
}

/// Splits `---` YAML front matter from the body.
pub fn split_front_matter<'a>(path: &Path, text: &'a str) -> Result<(FrontMatter, &'a str, usize), Diagnostic> {
    let Some(rest) = text.strip_prefix("---\n").or_else(|| text.strip_prefix("---\r\n")) else {
        return Ok((FrontMatter::default(), text, 0));
    };
    // The closing `---` may be followed by spaces (Docusaurus accepts `--- `).
    let closing = |after: &str| {
        let after = after.trim_start_matches([' ', '\t']);
        after.is_empty() || after.starts_with('\n') || after.starts_with("\r\n")
    };
    let end = rest
        .match_indices("\n---")
        .find(|(i, _)| closing(&rest[i + 4..]))
        .map(|(i, _)| i)
        .or_else(|| (rest.starts_with("---") && closing(&rest[3..])).then_some(usize::MAX));
    let Some(end) = end else {
        return Err(Diagnostic::error(path, "front matter is not closed").at(1, None).hint("end the front matter with a line `---`"));
    };
    let (yaml, close_start) = if end == usize::MAX { ("", 0) } else { (&rest[..end + 1], end + 1) };
    let body_start = rest[close_start..].find('\n').map_or(rest.len(), |n| close_start + n + 1);
    let body = rest.get(body_start..).unwrap_or("");
    let body_line = text.len() - body.len();
    let body_line = text[..body_line].matches('\n').count();
    if let Some((line, why)) = front_matter_limits(yaml) {
        return Err(Diagnostic::error(path, format!("front matter {why}")).at(line, None).hint("front matter holds a few short keys (id, title, slug, ...); move long data to the page or a data file"));
    }
    let front: FrontMatter = if yaml.trim().is_empty() {
        FrontMatter::default()
    } else {
        serde_saphyr::from_str_with_options(yaml, front_matter_options()).map_err(|e| {
            // Lines are counted from the opening `---`, the document's line 1.
            let line = e.location().map(|l| l.line() as usize + 1).unwrap_or(2);
            let message = e.to_string();
            let message = message.lines().next().unwrap_or("").trim();
            Diagnostic::error(path, format!("invalid front matter: {message}"))
                .at(line, None)
                .hint("accepted keys: id, title, sidebar_label, slug, description, keywords, hide_title, hide_table_of_contents, sidebar_position, and the other Docusaurus doc keys")
        })?
    };
    Ok((front, body, body_line))
}

// ---- sidebars ------------------------------------------------------------------------

/// Sidebar modules looked for beside the configured sidebars file when it is missing.
const SIDEBAR_MODULES: &[&str] = &["sidebars.js", "sidebars.ts", "sidebars.mjs", "sidebars.cjs"];

/// Id of the one autogenerated sidebar of docs without a sidebars file (Docusaurus's).
pub const DEFAULT_SIDEBAR: &str = "defaultSidebar";

/// The current docs' sidebars file: the configured one, else a `sidebars.js`/`.ts` beside
/// it; `None` means one autogenerated sidebar.
pub(crate) fn current_sidebar_file(configured: &Path) -> Option<PathBuf> {
    if configured.is_file() {
        return Some(configured.to_path_buf());
    }
    let dir = configured.parent()?;
    SIDEBAR_MODULES.iter().map(|n| dir.join(n)).find(|p| p.is_file())
}

/// The keys each sidebar item type takes (Docusaurus's sidebar item schema).
const ITEM_KEYS: &[(&str, &[&str])] = &[
    ("doc", &["type", "id", "label", "className", "customProps", "key", "translatable"]),
    ("ref", &["type", "id", "label", "className", "customProps", "key", "translatable"]),
    ("link", &["type", "href", "label", "className", "customProps", "description", "autoAddBaseUrl", "key"]),
    ("html", &["type", "value", "className", "customProps", "defaultStyle", "key"]),
    ("category", &["type", "label", "items", "link", "collapsed", "collapsible", "className", "customProps", "description", "key"]),
    ("subcategory", &["type", "label", "items", "ids", "link", "collapsed", "collapsible", "className", "customProps", "description", "key"]),
    ("autogenerated", &["type", "dirName", "className", "customProps"]),
];

/// The closest of `known` to `word` when it is at most two edits away.
fn did_you_mean<'k>(word: &str, known: impl IntoIterator<Item = &'k str>) -> Option<&'k str> {
    known.into_iter().map(|k| (strsim::osa_distance(word, k), k)).filter(|(d, _)| *d <= 2).min_by_key(|(d, _)| *d).map(|(_, k)| k)
}

fn load_sidebars(version: &Version, file: &Path, html: HtmlPolicy, diags: &mut Vec<Diagnostic>) -> Vec<(String, Vec<SidebarEntry>)> {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            diags.push(Diagnostic::error(file, format!("cannot read: {e}")));
            return Vec::new();
        }
    };
    let value: serde_json::Value = if file.extension().is_some_and(|e| e == "json") {
        match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(e) => {
                diags.push(Diagnostic::error(file, format!("invalid JSON: {e}")).at(e.line(), Some(e.column())));
                return Vec::new();
            }
        }
    } else {
        // A sidebars module is code, evaluated by Node as Docusaurus does.
        match crate::docusaurus::evaluate_module(file, "sidebars file") {
            Ok(v) => v,
            Err(d) => {
                diags.push(d);
                return Vec::new();
            }
        }
    };
    let serde_json::Value::Object(map) = value else {
        diags.push(Diagnostic::error(file, "a sidebars file must be a JSON object of sidebar id -> items"));
        return Vec::new();
    };
    let legacy = format!("version-{}-", version.plain_name());
    // A JSON file's items are located by line; a module's by their path (no source line).
    let spans = file.extension().is_some_and(|e| e == "json").then(|| JsonSpans::parse(&text));
    let mut ctx = SidebarCtx { version, file, spans, path: JsonPath::default(), legacy: &legacy, html, diags };
    let mut out = Vec::new();
    for (key, def) in map {
        let id = key.strip_prefix(&legacy).unwrap_or(&key).to_string();
        ctx.path = JsonPath(vec![Step::Key(key.clone())]);
        let items = ctx.items(&def);
        out.push((id, items));
    }
    out
}

/// One autogenerated sidebar of the whole docs folder.
fn default_sidebar(version: &Version, html: HtmlPolicy, diags: &mut Vec<Diagnostic>) -> Vec<(String, Vec<SidebarEntry>)> {
    let file = version.dir.clone();
    let mut ctx = SidebarCtx { version, file: &file, spans: None, path: autogenerated_path(), legacy: "", html, diags };
    vec![(DEFAULT_SIDEBAR.to_string(), ctx.autogenerated("."))]
}

/// A `_category_.json` / `_category_.yml` file: how a folder shows in autogenerated sidebars.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CategoryMeta {
    label: Option<String>,
    position: Option<f64>,
    collapsed: Option<bool>,
    collapsible: Option<bool>,
    class_name: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    link: Option<Option<serde_json::Value>>,
    description: Option<String>,
    #[allow(dead_code)]
    custom_props: Option<serde_json::Value>,
    #[allow(dead_code)]
    key: Option<String>,
}

/// A category's generated index page (`link: {type: 'generated-index'}`).
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratedIndex {
    /// Route of the page.
    pub route: String,
    /// Title (default: the category's label).
    pub title: Option<String>,
    /// Text under the title.
    pub description: Option<String>,
}

/// The number of a Docusaurus number prefix (`02-setup` -> 2), if the name has one.
fn number_prefix(name: &str) -> Option<f64> {
    if strip_number_prefix(name) == name {
        return None;
    }
    name.split(|c: char| !c.is_ascii_digit()).next().and_then(|d| d.parse().ok())
}

/// Where an autogenerated sidebar's problems are reported (a folder or category file).
fn autogenerated_path() -> JsonPath {
    JsonPath(vec![Step::Key("autogenerated".into())])
}

/// The walk over one sidebars file: `path` is the item being read, so each diagnostic
/// names it (`sidebar "api" > items[3] > items[0]`) and, in a JSON file, gets its line.
struct SidebarCtx<'a> {
    version: &'a Version,
    file: &'a Path,
    spans: Option<JsonSpans<'a>>,
    path: JsonPath,
    legacy: &'a str,
    /// The site's raw-HTML policy, for `html` items and link `href`s.
    html: HtmlPolicy,
    diags: &'a mut Vec<Diagnostic>,
}

impl SidebarCtx<'_> {
    /// Reports a problem of the item at `self.path` (at its property `key` when given).
    fn error(&mut self, key: Option<&str>, msg: String, hint: &str) {
        let mut d = Diagnostic::error(self.file, format!("{}: {msg}", self.path.describe())).hint(hint);
        if let Some((l, c)) = self.spans.as_ref().and_then(|s| s.line_col(&self.path, key)) {
            d = d.at(l, Some(c));
        }
        self.diags.push(d);
    }

    /// Runs `f` with `step` added to the path.
    fn at<T>(&mut self, step: Step, f: impl FnOnce(&mut Self) -> T) -> T {
        self.path.0.push(step);
        let out = f(self);
        self.path.0.pop();
        out
    }

    /// The doc an item names (at its property `key`, or the item itself when it is the id).
    fn doc_id(&mut self, raw: &str, key: Option<&str>) -> Option<String> {
        let id = raw.strip_prefix(self.legacy).unwrap_or(raw).to_string();
        if self.version.doc(&id).is_some() {
            Some(id)
        } else {
            if let Some((_, file)) = self.version.failed_docs.iter().find(|(failed, _)| *failed == id) {
                let folder = self.version.dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let file = format!("{folder}/{}", file.strip_prefix(&self.version.dir).unwrap_or(file).display());
                self.error(
                    key,
                    format!("names doc {id:?} of version {:?}, which did not load: see the error of {file}", self.version.name),
                    "fix that file's error first",
                );
                return None;
            }
            let suggestion = self
                .version
                .docs
                .iter()
                .find(|d| d.id.eq_ignore_ascii_case(&id) || d.id.ends_with(&format!("/{id}")))
                .map(|d| d.id.as_str())
                .or_else(|| did_you_mean(&id, self.version.docs.iter().map(|d| d.id.as_str())))
                .map(|d| format!("did you mean {d:?}?"))
                .unwrap_or_else(|| "check the doc's file name and its front matter `id`".into());
            self.error(
                key,
                format!("references a missing doc {id:?} of version {:?}", self.version.name),
                &suggestion,
            );
            None
        }
    }

    /// Items of a sidebar or category: an array, or the object shorthand `{label: items}`.
    fn items(&mut self, def: &serde_json::Value) -> Vec<SidebarEntry> {
        match def {
            serde_json::Value::Array(items) => items.iter().enumerate().filter_map(|(i, item)| self.at(Step::Index(i), |c| c.item(item))).collect(),
            serde_json::Value::Object(map) => map
                .iter()
                .map(|(label, items)| SidebarEntry::Category {
                    label: label.clone(),
                    items: self.at(Step::Key(label.clone()), |c| c.items(items)),
                    collapsed: true,
                    collapsible: true,
                    link: None,
                    index: None,
                    class_name: None,
                })
                .collect(),
            other => {
                self.error(None, format!("expected an array or object of items, found {other}"), "see Docusaurus's sidebar format");
                Vec::new()
            }
        }
    }

    /// Checks an item's keys against its type's and their value types; reports each
    /// problem and returns whether the item can be used.
    fn check_keys(&mut self, obj: &serde_json::Map<String, serde_json::Value>, kind: &str) -> bool {
        use serde_json::Value;
        let allowed = ITEM_KEYS.iter().find(|(k, _)| *k == kind).map_or(&[][..], |(_, keys)| *keys);
        let mut ok = true;
        for (key, value) in obj {
            if !allowed.contains(&key.as_str()) {
                let hint = match did_you_mean(key, allowed.iter().copied()) {
                    Some(k) => format!("did you mean `{k}`?"),
                    None => format!("a {kind} item takes {}", allowed.join(", ")),
                };
                self.error(Some(key), format!("unknown key `{key}` in a {kind} item"), &hint);
                ok = false;
                continue;
            }
            let expected = match key.as_str() {
                "type" | "id" | "label" | "href" | "value" | "dirName" | "className" | "description" | "key" => Some(("a string", value.is_string())),
                "collapsed" | "collapsible" | "autoAddBaseUrl" | "defaultStyle" | "translatable" => Some(("true or false", value.is_boolean())),
                "items" | "ids" => Some(("an array of items", value.is_array() || value.is_object())),
                "link" => Some(("an object with a `type`, or null", value.is_object() || value.is_null())),
                _ => None,
            };
            if let Some((what, false)) = expected {
                let shown = match value {
                    Value::String(s) => format!("{s:?}"),
                    other => other.to_string(),
                };
                self.error(Some(key), format!("`{key}` of a {kind} item must be {what}, found {shown}"), "see Docusaurus's sidebar item reference");
                ok = false;
            }
        }
        ok
    }

    fn item(&mut self, item: &serde_json::Value) -> Option<SidebarEntry> {
        use serde_json::Value;
        let obj = match item {
            Value::String(id) => return self.doc_id(id, None).map(|id| SidebarEntry::Doc { id, label: None, class_name: None }),
            Value::Object(o) => o,
            other => {
                self.error(None, format!("invalid item {other}"), "an item is a doc id string or an object with a `type`");
                return None;
            }
        };
        let s = |k: &str| obj.get(k).and_then(Value::as_str).map(str::to_string);
        let Some(kind) = s("type") else {
            // Nested shorthand: {"Label": [items]}.
            if obj.len() == 1 {
                let (label, items) = obj.iter().next().expect("one entry");
                if items.is_array() {
                    return Some(SidebarEntry::Category {
                        label: label.clone(),
                        items: self.at(Step::Key(label.clone()), |c| c.items(items)),
                        collapsed: true,
                        collapsible: true,
                        link: None,
                        index: None,
                        class_name: None,
                    });
                }
            }
            self.error(None, format!("item without `type`: {item}"), "add `\"type\": \"doc\"`, `\"category\"`, `\"link\"` …");
            return None;
        };
        if !ITEM_KEYS.iter().any(|(k, _)| *k == kind) {
            let hint = match did_you_mean(&kind, ITEM_KEYS.iter().map(|(k, _)| *k)) {
                Some(k) => format!("did you mean {k:?}?"),
                None => "use one of doc, ref, link, html, category, autogenerated".into(),
            };
            self.error(Some("type"), format!("unknown item type {kind:?}"), &hint);
            return None;
        }
        if !self.check_keys(obj, &kind) {
            return None;
        }
        let class_name = s("className");
        match kind.as_str() {
            "doc" | "ref" => {
                let Some(raw) = s("id") else {
                    self.error(None, format!("a {kind} item needs an `id`"), "add the doc's id");
                    return None;
                };
                let id = self.doc_id(&raw, Some("id"))?;
                Some(SidebarEntry::Doc { id, label: s("label"), class_name })
            }
            "link" => match (s("label"), s("href")) {
                (Some(label), Some(href)) => {
                    if let Some(problem) = crate::markdown::html_policy::attribute_problem("a", "href", &href, self.html) {
                        self.error(Some("href"), format!("link item: {problem}"), "link to a page or an http(s) URL");
                    }
                    Some(SidebarEntry::Link { label, href })
                }
                _ => {
                    self.error(None, "a link item needs `label` and `href`".to_string(), "add both keys");
                    None
                }
            },
            "html" => {
                let Some(value) = s("value") else {
                    self.error(None, "an html item needs a `value`".to_string(), "add the HTML as `value`");
                    return None;
                };
                for problem in crate::markdown::html_policy::fragment_problems(&value, self.html) {
                    self.error(Some("value"), format!("html item: {problem}"), "html items follow the rules of raw HTML in Markdown (ARCHITECTURE.md, What the build guarantees)");
                }
                Some(SidebarEntry::Html(value))
            }
            "category" | "subcategory" => {
                let Some(label) = s("label").filter(|l| !l.trim().is_empty()) else {
                    self.error(None, "a category needs a `label`".to_string(), "add the text readers see");
                    return None;
                };
                let (key, children) = match (obj.get("items"), obj.get("ids")) {
                    (Some(items), _) => ("items", items.clone()),
                    (None, Some(ids)) => ("ids", ids.clone()),
                    (None, None) => ("items", Value::Array(vec![])),
                };
                let items = self.at(Step::Key(key.into()), |c| c.items(&children));
                let (link, index) = self.at(Step::Key("link".into()), |c| c.category_link(obj.get("link"), &label));
                let collapsible = obj.get("collapsible").and_then(Value::as_bool).unwrap_or(true);
                let collapsed = obj.get("collapsed").and_then(Value::as_bool).unwrap_or(true) && collapsible;
                Some(SidebarEntry::Category { label, items, collapsed, collapsible, link, index, class_name })
            }
            _ => {
                // autogenerated
                let dir = s("dirName").unwrap_or_else(|| ".".into());
                Some(SidebarEntry::Category {
                    label: String::new(),
                    items: self.autogenerated(&dir),
                    collapsed: false,
                    collapsible: false,
                    link: None,
                    index: None,
                    class_name: None,
                })
            }
        }
    }

    /// A category's `link`: a doc (`{type: 'doc', id}`) or a generated index page.
    fn category_link(&mut self, link: Option<&serde_json::Value>, label: &str) -> (Option<String>, Option<GeneratedIndex>) {
        use serde_json::Value;
        let Some(Value::Object(l)) = link else { return (None, None) };
        let s = |k: &str| l.get(k).and_then(Value::as_str).map(str::to_string);
        match s("type").as_deref() {
            Some("doc") => match s("id") {
                Some(id) => (self.doc_id(&id, Some("id")), None),
                None => {
                    self.error(None, format!("the doc link of category {label:?} needs an `id`"), "add the doc's id");
                    (None, None)
                }
            },
            Some("generated-index") => {
                for key in l.keys().filter(|k| !["type", "title", "description", "slug", "keywords", "image"].contains(&k.as_str())) {
                    self.error(Some(key), format!("unknown key `{key}` in the link of category {label:?}"), "a generated-index link takes title, description, slug, keywords, image");
                }
                let slug = s("slug").unwrap_or_else(|| format!("category/{}", FrontMatterTag::Label(label.to_string()).slug()));
                let route = join_route(&self.version.route_prefix, &slug);
                if let Some(why) = crate::route::problem(&slug) {
                    self.error(Some("slug"), format!("slug {slug:?} of category {label:?} {why}"), "use a path of plain segments");
                    return (None, None);
                }
                (None, Some(GeneratedIndex { route, title: s("title"), description: s("description") }))
            }
            other => {
                self.error(Some("type"), format!("category {label:?} has a link of type {other:?}"), "a category link is {\"type\": \"doc\", \"id\": …} or {\"type\": \"generated-index\"}");
                (None, None)
            }
        }
    }

    /// The docs of `dir` (a folder under the version's docs, as written, number prefixes
    /// included) as Docusaurus autogenerates them: sub-folders at any depth become
    /// categories (`_category_.json`/`.yml` for label, position, link, ...; an `index`,
    /// `README` or same-named doc as the category's page), ordered by `sidebar_position`
    /// or number prefix, then by file name.
    fn autogenerated(&mut self, dir: &str) -> Vec<SidebarEntry> {
        let version = self.version;
        let base = if dir == "." { version.dir.clone() } else { version.dir.join(dir.trim_matches('/')) };
        let docs: Vec<(Vec<String>, &Doc)> = version
            .docs
            .iter()
            .filter_map(|d| d.source.strip_prefix(&base).ok().map(|rel| (rel.iter().map(|c| c.to_string_lossy().into_owned()).collect(), d)))
            .collect();
        self.folder(&base, &docs, 0)
    }

    fn folder(&mut self, path: &Path, docs: &[(Vec<String>, &Doc)], depth: usize) -> Vec<SidebarEntry> {
        let mut entries: Vec<(Option<f64>, String, SidebarEntry)> = Vec::new();
        let mut folders: BTreeMap<&str, Vec<(Vec<String>, &Doc)>> = BTreeMap::new();
        for (parts, d) in docs {
            if parts.len() == depth + 1 {
                let name = parts[depth].clone();
                let stem = Path::new(&name).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                let pos = d.front.sidebar_position.or_else(|| number_prefix(&stem));
                entries.push((pos, name, SidebarEntry::Doc { id: d.id.clone(), label: None, class_name: None }));
            } else {
                folders.entry(parts[depth].as_str()).or_default().push((parts.clone(), *d));
            }
        }
        for (name, docs) in folders {
            let sub = path.join(name);
            let meta = self.category_meta(&sub);
            let plain = strip_number_prefix(name);
            // The category's own page: index.md, README.md or a doc named like the folder.
            let index_doc = docs
                .iter()
                .find(|(parts, _)| {
                    parts.len() == depth + 2 && {
                        let stem = Path::new(&parts[depth + 1]).file_stem().map(|s| strip_number_prefix(&s.to_string_lossy()).to_lowercase()).unwrap_or_default();
                        stem == "index" || stem == "readme" || stem == plain.to_lowercase()
                    }
                })
                .map(|(_, d)| d.id.clone());
            let rest: Vec<_> = docs.iter().filter(|(_, d)| Some(&d.id) != index_doc.as_ref()).cloned().collect();
            let label = meta.label.clone().unwrap_or_else(|| plain.to_string());
            let (link, index) = match &meta.link {
                Some(None) => (None, None),
                Some(Some(l)) => {
                    // Problems of the link are the category file's.
                    let file = sub.join("_category_.json");
                    let mut ctx = SidebarCtx { version: self.version, file: &file, spans: None, path: autogenerated_path(), legacy: self.legacy, html: self.html, diags: &mut *self.diags };
                    ctx.category_link(Some(l), &label)
                }
                None => (index_doc.clone(), None),
            };
            // A doc link other than the index doc leaves the index doc in the items.
            let items_docs = if link.is_some() && link == index_doc { rest } else { docs.clone() };
            let items = self.folder(&sub, &items_docs, depth + 1);
            let collapsible = meta.collapsible.unwrap_or(true);
            let collapsed = meta.collapsed.unwrap_or(true) && collapsible;
            let pos = meta.position.or_else(|| number_prefix(name));
            let index = index.map(|mut i| {
                if i.description.is_none() {
                    i.description = meta.description.clone();
                }
                i
            });
            entries.push((pos, name.to_string(), SidebarEntry::Category { label, items, collapsed, collapsible, link, index, class_name: meta.class_name.clone() }));
        }
        entries.sort_by(|a, b| match (a.0, b.0) {
            (Some(x), Some(y)) => x.total_cmp(&y).then_with(|| a.1.cmp(&b.1)),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => a.1.cmp(&b.1),
        });
        entries.into_iter().map(|(_, _, e)| e).collect()
    }

    /// The `_category_.json` (or `.yml`/`.yaml`) of a folder; defaults when there is none,
    /// an error naming the file when it is invalid.
    fn category_meta(&mut self, folder: &Path) -> CategoryMeta {
        for name in ["_category_.json", "_category_.yml", "_category_.yaml"] {
            let file = folder.join(name);
            // A category file that is a symlink leading out of the docs folder is not read
            // (one leading out of the site is an error of `load_docs`).
            if file.is_symlink() && !crate::copied::inside_site(&self.version.dir, &file) {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&file) else { continue };
            let parsed = if name.ends_with(".json") {
                serde_json::from_str::<CategoryMeta>(&text).map_err(|e| (e.line(), e.to_string()))
            } else {
                serde_saphyr::from_str_with_options::<CategoryMeta>(&text, front_matter_options())
                    .map_err(|e| (e.location().map_or(1, |l| l.line() as usize), e.to_string().lines().next().unwrap_or("").to_string()))
            };
            return match parsed {
                Ok(meta) => meta,
                Err((line, message)) => {
                    let hint = ["label", "position", "collapsed", "collapsible", "className", "link", "description", "customProps", "key"].join(", ");
                    self.diags.push(Diagnostic::error(&file, format!("invalid category file: {message}")).at(line, None).hint(format!("a category file takes {hint}")));
                    CategoryMeta::default()
                }
            };
        }
        CategoryMeta::default()
    }
}

/// Checks the doc ids and sidebar ids front matter names (`pagination_next`,
/// `pagination_prev`, `displayed_sidebar`) against the version.
fn check_references(version: &Version, diags: &mut Vec<Diagnostic>) {
    let sidebars: Vec<&str> = version.sidebars.iter().map(|(id, _)| id.as_str()).collect();
    for d in &version.docs {
        let mut problems: Vec<(&str, String, String)> = Vec::new();
        for (key, value) in [("pagination_next", &d.front.pagination_next), ("pagination_prev", &d.front.pagination_prev)] {
            if let Some(Some(id)) = value {
                if version.doc(id).is_none() {
                    let hint = did_you_mean(id, version.docs.iter().map(|d| d.id.as_str())).map_or_else(|| "use a doc id of the same version, or null for no link".to_string(), |k| format!("did you mean {k:?}?"));
                    problems.push((key, format!("`{key}`: no doc {id:?} in version {:?}", version.name), hint));
                }
            }
        }
        if let Some(Some(id)) = &d.front.displayed_sidebar {
            if !sidebars.contains(&id.as_str()) {
                let hint = did_you_mean(id, sidebars.iter().copied()).map_or_else(|| format!("the sidebars of this version: {}", sidebars.join(", ")), |k| format!("did you mean {k:?}?"));
                problems.push(("displayed_sidebar", format!("`displayed_sidebar`: no sidebar {id:?} in version {:?}", version.name), hint));
            }
        }
        if problems.is_empty() {
            continue;
        }
        let text = std::fs::read_to_string(&d.source).unwrap_or_default();
        for (key, message, hint) in problems {
            let line = text.lines().position(|l| l.strip_prefix(key).is_some_and(|r| r.trim_start().starts_with(':'))).map(|n| n + 1);
            let diag = Diagnostic::error(&d.source, message).hint(hint);
            diags.push(match line {
                Some(l) => diag.at(l, None),
                None => diag,
            });
        }
    }
}

/// For each doc id, the first sidebar that lists it.
pub fn sidebar_of_docs(version: &Version) -> HashMap<String, String> {
    fn walk(items: &[SidebarEntry], sidebar: &str, out: &mut HashMap<String, String>) {
        for i in items {
            match i {
                SidebarEntry::Doc { id, .. } => {
                    out.entry(id.clone()).or_insert_with(|| sidebar.to_string());
                }
                SidebarEntry::Category { items, link, .. } => {
                    if let Some(id) = link {
                        out.entry(id.clone()).or_insert_with(|| sidebar.to_string());
                    }
                    walk(items, sidebar, out);
                }
                _ => {}
            }
        }
    }
    let mut out = HashMap::new();
    for (id, items) in &version.sidebars {
        walk(items, id, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_prefixes_are_stripped_but_dates_are_kept() {
        assert_eq!(strip_number_prefix("01-intro"), "intro");
        assert_eq!(strip_number_prefix("002-buy-side"), "buy-side");
        assert_eq!(strip_number_prefix("2020-01-16 uc-wg meeting notes"), "2020-01-16 uc-wg meeting notes");
        assert_eq!(strip_number_prefix("1.2.3"), "1.2.3");
        assert_eq!(strip_number_prefix("uc-1"), "uc-1");
        assert_eq!(strip_number_prefix("10"), "10");
    }

    #[test]
    fn routes_join_without_double_slashes() {
        assert_eq!(join_route("/docs", ""), "/docs");
        assert_eq!(join_route("/docs", "next"), "/docs/next");
        assert_eq!(join_route("/docs/", "/a/b/"), "/docs/a/b");
        assert_eq!(join_route("", ""), "/");
    }

    #[test]
    fn front_matter_is_split_with_its_line_count() {
        let (fm, body, line) = split_front_matter(Path::new("a.md"), "---\nid: x\ntitle: T\n---\n\nHello\n").unwrap();
        assert_eq!(fm.id.as_deref(), Some("x"));
        assert_eq!(body, "\nHello\n");
        assert_eq!(line, 4);
    }

    #[test]
    fn unknown_front_matter_keys_are_accepted_and_near_misses_warned_with_a_line() {
        let text = "---\nid: x\nlayout: page\nsidebar_lable: T\n---\nHi\n";
        let (fm, body, _) = split_front_matter(Path::new("a.md"), text).unwrap();
        assert_eq!(body, "Hi\n");
        let warnings = fm.near_miss_warnings(Path::new("a.md"), text);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].message.contains("did you mean `sidebar_label`"), "{}", warnings[0].message);
        assert_eq!(warnings[0].line, Some(4));
    }

    #[test]
    fn a_closing_line_with_trailing_spaces_closes_the_front_matter() {
        let (fm, body, line) = split_front_matter(Path::new("a.md"), "---\ntitle: T\n---  \nBody\n").unwrap();
        assert_eq!(fm.title.as_deref(), Some("T"));
        assert_eq!(body, "Body\n");
        assert_eq!(line, 3);
        let (_, body, _) = split_front_matter(Path::new("a.md"), "---\n--- \r\nBody\n").unwrap();
        assert_eq!(body, "Body\n");
    }
}
