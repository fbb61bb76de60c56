//! The blog, a stage of its own between loading and the model: reads the posts of the blog
//! folder (`[blog]` of `docsite.toml`, or the classic preset's blog plugin of a Docusaurus
//! site) with the rules of Docusaurus's blog plugin, and makes the pages around them
//! (`list.rs`: the post list in pages, tag pages, the archive).
//!
//! A post is `YYYY-MM-DD-slug.md(x)` or `YYYY-MM-DD-slug/index.md(x)` (the date may also be
//! folders: `2024/05/01/slug.md`); its date is front matter `date`, else the file name's,
//! else the file's modification time; its route is `<blog>/<slug>` for a front matter
//! `slug`, else `<blog>/YYYY/MM/DD/slug`. Drafts are not built. The build puts each post
//! among the Markdown pages (rendered, link-checked and indexed like them) and decorates its
//! page data (`build/model.rs`); this module never uses the build.

mod authors;
pub mod list;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::config::{RawBlog, SiteConfig};
use crate::contract::BlogAuthor;
use crate::diagnostics::Diagnostic;
use crate::load::{self, FrontMatter};
use crate::paths::normalize_route;

/// The blog of a site: its settings and its posts, newest first.
#[derive(Debug, Clone)]
pub struct Blog {
    /// The `[blog]` settings.
    pub settings: RawBlog,
    /// Route of the list's first page (`/blog`).
    pub route: String,
    /// Every post that is built (drafts are not), newest first.
    pub posts: Vec<Post>,
    /// The authors of `authors.yml` in its order, with their keys (empty without one).
    pub authors: Vec<(String, BlogAuthor)>,
    /// The route segment of the page of each author that has one, by key.
    pub author_pages: BTreeMap<String, String>,
    /// The locale's messages (the site data's `translations`), for the words of the lists.
    pub messages: BTreeMap<String, String>,
}

/// One post.
#[derive(Debug, Clone)]
pub struct Post {
    /// The Markdown file.
    pub source: PathBuf,
    /// Its route.
    pub route: String,
    /// Its front matter (`title`, `description`, `tags`, `unlisted`, ...).
    pub front: FrontMatter,
    /// The Markdown after the front matter.
    pub body: String,
    /// Lines before the body in the file.
    pub body_line: usize,
    /// The Markdown before the truncate marker, when the post has one; the list shows the
    /// whole post otherwise.
    pub excerpt: Option<String>,
    /// The post's date (Unix time, UTC).
    pub timestamp: i64,
    /// The part of the file name after the date (`welcome`): the title when there is no
    /// other.
    pub name_text: String,
    /// Its authors, in front matter order.
    pub authors: Vec<BlogAuthor>,
    /// The keys of `authors.yml` its front matter names.
    pub author_keys: Vec<String>,
}

impl Post {
    /// Whether the post appears in the lists (not `unlisted`).
    pub fn listed(&self) -> bool {
        !self.front.unlisted
    }
}

/// Loads the blog when the site has one: every post of the blog folder, validated. Each
/// problem is a diagnostic naming the file and line; a post with one is left out.
pub fn load(config: &SiteConfig, messages: &BTreeMap<String, String>, diags: &mut Vec<Diagnostic>) -> Option<Blog> {
    let mut settings = config.raw.blog.clone()?;
    // The locale's `options.json` translates the blog's title and description.
    let options = config.i18n.messages(&format!("{}/options.json", crate::i18n::BLOG_PLUGIN), diags);
    for (id, text) in [("title", &mut settings.blog_title), ("description", &mut settings.blog_description)] {
        if let Some(m) = options.get(id) {
            *text = m.clone();
        }
    }
    let route = load::join_route(config.base_url.trim_end_matches('/'), &settings.route_base_path);
    let dir = config.read_path(&settings.path);
    let (authors, extras, problems) = authors::read_map(&config.site_dir, &dir, &config.base_url);
    diags.extend(problems);
    let mut posts = Vec::new();
    let mut seen: HashMap<String, PathBuf> = HashMap::new();
    // No blog folder: a blog without posts, as Docusaurus builds it.
    let files = if dir.is_dir() { load::markdown_files(&config.site_dir, &dir, |name| !excluded(name), diags) } else { Vec::new() };
    for path in files {
        let path = path.as_path();
        let rel = path.strip_prefix(&dir).expect("under the blog folder").to_string_lossy().replace('\\', "/");
        let translation = config.i18n.translated(&config.site_dir, crate::i18n::BLOG_PLUGIN, "", Path::new(&rel));
        match read_post(translation.as_deref().unwrap_or(path), &rel, &route, authors.as_ref(), config) {
            Ok(Some(post)) => {
                let key = normalize_route(&post.route);
                if let Some(first) = seen.get(&key) {
                    let first = first.strip_prefix(&config.site_dir).unwrap_or(first).display();
                    diags.push(Diagnostic::error(path, format!("route {key} is also the route of the post {first}")).hint("give one of the two posts another `slug`"));
                    continue;
                }
                seen.insert(key, path.to_path_buf());
                posts.push(post);
            }
            Ok(None) => {}
            Err(d) => diags.push(d),
        }
    }
    // Newest first; posts of one date by route, so the order never depends on the disk.
    posts.sort_by(|a, b| b.timestamp.cmp(&a.timestamp).then_with(|| a.route.cmp(&b.route)));
    let in_order = authors.map(|map| extras.order.iter().filter_map(|k| map.get(k).map(|a| (k.clone(), a.clone()))).collect()).unwrap_or_default();
    Some(Blog { settings, route, posts, authors: in_order, author_pages: extras.pages, messages: messages.clone() })
}

/// Files and folders that are not posts: `_`-prefixed and hidden ones, and tests (the
/// plugin's default `exclude`).
fn excluded(name: &str) -> bool {
    name.starts_with('_') || name.starts_with('.') || name == "node_modules" || name == "__tests__" || [".test.", ".spec."].iter().any(|t| name.contains(t))
}

/// The date in a post's path relative to the blog folder, as Docusaurus's file name rule
/// finds it: the last `YYYY-MM-DD` (or `YYYY/MM/DD`) in the path, with the folder before it
/// and the text after it (up to `/index.md` or the extension). Returns (folder, the date's
/// digits, text).
fn date_in_name(rel: &str) -> Option<(&str, [&str; 3], &str)> {
    let stem = rel.strip_suffix(".md").or_else(|| rel.strip_suffix(".mdx"))?;
    let stem = stem.strip_suffix("/index").unwrap_or(stem);
    let bytes = stem.as_bytes();
    for start in (0..stem.len()).rev() {
        if !stem.is_char_boundary(start) {
            continue;
        }
        let digits = |from: usize, min: usize, max: usize| {
            let n = bytes[from..].iter().take(max).take_while(|b| b.is_ascii_digit()).count();
            (n >= min).then_some(n)
        };
        let Some(4) = digits(start, 4, 4) else { continue };
        let sep1 = start + 4;
        if !matches!(bytes.get(sep1), Some(b'-' | b'/')) {
            continue;
        }
        let Some(m) = digits(sep1 + 1, 1, 2) else { continue };
        let sep2 = sep1 + 1 + m;
        if !matches!(bytes.get(sep2), Some(b'-' | b'/')) {
            continue;
        }
        let Some(d) = digits(sep2 + 1, 1, 2) else { continue };
        let end = sep2 + 1 + d;
        let text = stem[end..].strip_prefix(['-', '/']).unwrap_or(&stem[end..]);
        return Some((&stem[..start], [&stem[start..start + 4], &stem[sep1 + 1..sep2], &stem[sep2 + 1..end]], text));
    }
    None
}

/// The first line (in the file) of a top-level front matter key (1 when it has none).
fn key_line(text: &str, key: &str) -> usize {
    load::front_matter_line(text, key).unwrap_or(1)
}

/// Reads one post; `Ok(None)` for a draft.
fn read_post(path: &Path, rel: &str, blog_route: &str, authors: Option<&authors::AuthorsMap>, config: &SiteConfig) -> Result<Option<Post>, Diagnostic> {
    let text = std::fs::read_to_string(path).map_err(|e| Diagnostic::error(path, format!("cannot read: {e}")))?;
    let (front, body, body_line) = load::split_front_matter(path, &text)?;
    if front.draft {
        return Ok(None);
    }
    // The blog's own keys, read from the same YAML (split_front_matter has validated it).
    let head = &text[..text.len() - body.len()];
    let yaml = head.split_once('\n').map_or("", |(_, rest)| rest);
    let yaml = yaml.trim_end().strip_suffix("---").unwrap_or(yaml);
    let extra: BTreeMap<String, Value> = if yaml.trim().is_empty() { BTreeMap::new() } else { serde_saphyr::from_str::<Option<BTreeMap<String, Value>>>(yaml).ok().flatten().unwrap_or_default() };
    let named = date_in_name(rel);
    let name_date = match named {
        Some((_, [y, m, d], _)) => {
            let date = format!("{y}-{m:0>2}-{d:0>2}");
            Some(crate::git::parse_date(&date).ok_or_else(|| Diagnostic::error(path, format!("the date {y}-{m}-{d} in the file name is not a date")).hint("name a post YYYY-MM-DD-slug.md with a real date"))?)
        }
        None => None,
    };
    let timestamp = match extra.get("date") {
        Some(Value::String(s)) => crate::git::parse_date(s).ok_or_else(|| {
            Diagnostic::error(path, format!("front matter `date: {s}` is not a date"))
                .at(key_line(&text, "date"), None)
                .hint("write the date as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ")
        })?,
        Some(other) => return Err(Diagnostic::error(path, format!("front matter `date` must be a date such as 2024-05-01, found {other}")).at(key_line(&text, "date"), None)),
        None => match name_date {
            Some(t) => t,
            // No date anywhere: the file's modification time, as Docusaurus falls back to.
            None => std::fs::metadata(path).and_then(|m| m.modified()).ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0, |d| d.as_secs() as i64),
        },
    };
    let (slug, name_text) = match named {
        Some((folder, [y, m, d], text)) => (format!("{y}/{m}/{d}/{folder}{text}"), text.rsplit('/').next().unwrap_or(text).to_string()),
        None => {
            let stem = rel.rsplit_once('.').map_or(rel, |(s, _)| s);
            let stem = stem.strip_suffix("/index").unwrap_or(stem);
            (stem.to_string(), stem.rsplit('/').next().unwrap_or(stem).to_string())
        }
    };
    if let Some(s) = &front.slug {
        load::route_value(path, &text, "slug", s)?;
    }
    load::tag_values(path, &text, &front.tags)?;
    let route = load::join_route(blog_route, front.slug.as_deref().unwrap_or(&slug));
    if let Some(why) = crate::route::problem(&route) {
        return Err(Diagnostic::error(path, format!("the route {route:?} of this post {why}")).hint("rename the file or give the post a `slug`"));
    }
    let authors = authors::of_post(&extra, authors, &config.base_url).map_err(|msg| {
        let line = ["authors", "author"].iter().map(|k| key_line(&text, k)).find(|l| *l > 1).unwrap_or(1);
        Diagnostic::error(path, msg).at(line, None)
    })?;
    let excerpt = truncate_at(body).map(str::to_string);
    let author_keys = authors::keys_of_post(&extra);
    Ok(Some(Post { source: path.to_path_buf(), route, front, body: body.to_string(), body_line, excerpt, timestamp, name_text, authors, author_keys }))
}

/// The body before the first truncate marker, a line `<!-- truncate -->` or
/// `{/* truncate */}` (outside code fences), when there is one.
fn truncate_at(body: &str) -> Option<&str> {
    let mut offset = 0;
    let mut fence: Option<&str> = None;
    for line in body.split_inclusive('\n') {
        let t = line.trim();
        match fence {
            Some(f) if t.starts_with(f) => fence = None,
            Some(_) => {}
            None if t.starts_with("```") || t.starts_with("~~~") => fence = Some(&t[..3]),
            None => {
                let inner = t.strip_prefix("<!--").and_then(|s| s.strip_suffix("-->")).or_else(|| t.strip_prefix("{/*").and_then(|s| s.strip_suffix("*/}")));
                if inner.is_some_and(|s| s.trim() == "truncate") {
                    return Some(&body[..offset]);
                }
            }
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_file_names_follow_docusaurus() {
        assert_eq!(date_in_name("2024-05-01-welcome.md"), Some(("", ["2024", "05", "01"], "welcome")));
        assert_eq!(date_in_name("2024-05-01-welcome/index.mdx"), Some(("", ["2024", "05", "01"], "welcome")));
        assert_eq!(date_in_name("2024/5/1/welcome.md"), Some(("", ["2024", "5", "1"], "welcome")));
        assert_eq!(date_in_name("news/2024-05-01-a.md"), Some(("news/", ["2024", "05", "01"], "a")));
        assert_eq!(date_in_name("welcome.md"), None);
        assert_eq!(date_in_name("2024-05-welcome.md"), None);
    }

    #[test]
    fn the_excerpt_ends_at_the_first_marker_outside_code() {
        assert_eq!(truncate_at("One.\n\n<!-- truncate -->\n\nTwo."), Some("One.\n\n"));
        assert_eq!(truncate_at("One.\n{/* truncate */}\nTwo."), Some("One.\n"));
        assert_eq!(truncate_at("```\n<!-- truncate -->\n```\nTwo."), None);
        assert_eq!(truncate_at("No marker."), None);
    }
}
