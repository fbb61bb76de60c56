//! The blog's authors: the map of `authors.yml` in the blog folder (key -> name, title, url,
//! image) and a post's front matter `authors` (keys of that map, inline objects, or the
//! older `author`, `author_title`, `author_url`, `author_image_url` keys), as Docusaurus's
//! blog plugin reads them. Used by the blog's load stage (`mod.rs`).

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use crate::contract::BlogAuthor;
use crate::diagnostics::Diagnostic;

/// The file of the authors map, in the blog folder.
pub(crate) const AUTHORS_FILE: &str = "authors.yml";

/// An entry of `authors.yml` (the keys Docusaurus documents).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAuthor {
    name: Option<String>,
    title: Option<String>,
    url: Option<String>,
    image_url: Option<String>,
    #[serde(rename = "imageURL")]
    image_url_camel: Option<String>,
    /// Accepted, not shown.
    email: Option<String>,
    /// Accepted, not shown.
    socials: Option<serde_json::Value>,
    /// The author's own page: `true` (at `<blog>/authors/<key in kebab case>`) or
    /// `{ permalink }`.
    page: Option<serde_json::Value>,
}

/// Authors by key.
pub(crate) type AuthorsMap = BTreeMap<String, BlogAuthor>;

/// The route segment of each author of the map that has a page of its own, by key (under
/// the blog's `authors/`).
pub(crate) type AuthorPages = BTreeMap<String, String>;

/// What the authors map says besides the authors: their keys in the file's order (the order
/// of the authors page, as Docusaurus keeps it) and their pages.
#[derive(Debug, Default)]
pub(crate) struct MapExtras {
    pub order: Vec<String>,
    pub pages: AuthorPages,
}

/// Reads `<blog>/authors.yml`: the map, empty when there is no such file. An invalid file
/// is an error naming it (with the line YAML gives), and so is a symlink leading outside
/// the site and the blog folder, which is never read; the map is then `None`: its keys are unknown, and the
/// posts using them report nothing more (the one error says what to fix).
pub(crate) fn read_map(site_dir: &Path, blog_dir: &Path, base_url: &str) -> (Option<AuthorsMap>, MapExtras, Vec<Diagnostic>) {
    let (map, extras, problems) = read_map_and_extras(site_dir, blog_dir, base_url);
    (map, extras.unwrap_or_default(), problems)
}

fn read_map_and_extras(site_dir: &Path, blog_dir: &Path, base_url: &str) -> (Option<AuthorsMap>, Option<MapExtras>, Vec<Diagnostic>) {
    let path = blog_dir.join(AUTHORS_FILE);
    if path.is_symlink() && !crate::copied::inside_content(site_dir, blog_dir, &path) {
        return (None, None, vec![crate::load::outside_link(&path)]);
    }
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Some(AuthorsMap::new()), None, Vec::new()),
        Err(e) => return (None, None, vec![Diagnostic::error(&path, format!("cannot read: {e}"))]),
    };
    let raw: BTreeMap<String, RawAuthor> = match serde_saphyr::from_str(&text) {
        Ok(Some(m)) => m,
        Ok(None) => BTreeMap::new(),
        Err(e) => {
            let line = e.location().map(|l| l.line() as usize).unwrap_or(1);
            let message = e.to_string();
            let message = message.lines().next().unwrap_or("").trim().to_string();
            let d = Diagnostic::error(&path, format!("invalid authors map: {message}")).at(line, None).hint("each key maps to `name`, and optionally `title`, `url`, `image_url`");
            return (None, None, vec![d]);
        }
    };
    let mut pages = AuthorPages::new();
    let mut problems = Vec::new();
    for (key, a) in &raw {
        match &a.page {
            None | Some(Value::Null) | Some(Value::Bool(false)) => {}
            Some(Value::Bool(true)) => {
                pages.insert(key.clone(), kebab_case(key));
            }
            Some(Value::Object(o)) if o.get("permalink").and_then(Value::as_str).is_some_and(|p| !p.trim_matches('/').is_empty()) => {
                pages.insert(key.clone(), o["permalink"].as_str().unwrap_or_default().trim_matches('/').to_string());
            }
            Some(other) => problems.push(
                Diagnostic::error(&path, format!("author `{key}`: `page` must be true, false or {{ permalink: <path> }}, found {other}")).at(key_line_in(&text, key), None),
            ),
        }
    }
    let mut slugs: Vec<&String> = pages.values().collect();
    slugs.sort();
    if let Some(slug) = slugs.windows(2).find(|w| w[0] == w[1]).map(|w| w[0]) {
        problems.push(Diagnostic::error(&path, format!("several authors have the page `{slug}`")).hint("give each author's `page` its own `permalink`"));
    }
    let map: AuthorsMap = raw
        .into_iter()
        .map(|(key, a)| {
            let _ = (&a.email, &a.socials);
            let name = a.name.unwrap_or_else(|| key.clone());
            (key, BlogAuthor { name, title: a.title, url: a.url, image_url: a.image_url.or(a.image_url_camel).map(|u| site_url(&u, base_url)) })
        })
        .collect();
    // The file's order (serde_json's map keeps it); the keys' order if that reading fails.
    let order = match serde_saphyr::from_str::<Option<serde_json::Map<String, Value>>>(&text) {
        Ok(Some(m)) => m.keys().cloned().collect(),
        _ => map.keys().cloned().collect(),
    };
    (Some(map), Some(MapExtras { order, pages }), problems)
}

/// The line of the top-level `key:` of the authors map (1 when it is not found).
fn key_line_in(text: &str, key: &str) -> usize {
    text.lines().position(|l| l.strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with(':'))).map_or(1, |i| i + 1)
}

/// `key` in kebab case, as lodash's `kebabCase` makes an author's page route from its key
/// (`JaneDoe` and `jane_doe` both give `jane-doe`).
fn kebab_case(key: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut prev: Option<char> = None;
    for c in key.chars() {
        if !c.is_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
        } else {
            let boundary = prev.is_some_and(|p| ((p.is_lowercase() || p.is_ascii_digit()) && c.is_uppercase()) || (p.is_alphanumeric() && p.is_alphabetic() != c.is_alphabetic()));
            if boundary && !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            word.extend(c.to_lowercase());
        }
        prev = Some(c);
    }
    if !word.is_empty() {
        words.push(word);
    }
    words.join("-")
}

/// The keys of the authors map a post names in its front matter `authors`, in order.
pub(crate) fn keys_of_post(front: &BTreeMap<String, Value>) -> Vec<String> {
    let entries: Vec<&Value> = match front.get("authors") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list.iter().collect(),
        Some(one) => vec![one],
    };
    entries.into_iter().filter_map(|v| v.as_str().or_else(|| v.get("key").and_then(Value::as_str)).map(str::to_string)).collect()
}

/// `front` without the `authors` entries that name a key of the authors map.
fn without_keyed_authors(front: &BTreeMap<String, Value>) -> BTreeMap<String, Value> {
    let mut front = front.clone();
    let keyed = |v: &Value| v.is_string() || v.get("key").is_some();
    match front.get_mut("authors") {
        Some(Value::Array(list)) => list.retain(|v| !keyed(v)),
        Some(one) if keyed(one) => *one = Value::Null,
        _ => {}
    }
    front
}

/// A root-relative image path is under the base URL (as Docusaurus makes it).
fn site_url(url: &str, base_url: &str) -> String {
    match url.strip_prefix('/') {
        Some(rest) if !rest.starts_with('/') => format!("{base_url}{rest}"),
        _ => url.to_string(),
    }
}

/// The authors of a post from its front matter (`authors` and the older single-author
/// keys). An unknown key or a malformed entry is a message for an error at the `authors`
/// line. With no map (`authors.yml` is invalid, an error of its own), an author given by
/// key is left out without a message.
pub(crate) fn of_post(front: &BTreeMap<String, Value>, map: Option<&AuthorsMap>, base_url: &str) -> Result<Vec<BlogAuthor>, String> {
    let Some(map) = map else {
        return of_post(&without_keyed_authors(front), Some(&AuthorsMap::new()), base_url);
    };
    let mut out = Vec::new();
    let entries: Vec<&Value> = match front.get("authors") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list.iter().collect(),
        Some(one) => vec![one],
    };
    for entry in entries {
        match entry {
            Value::String(key) => match map.get(key) {
                Some(a) => out.push(a.clone()),
                None if map.is_empty() => return Err(format!("author key `{key}` is not defined: the blog folder has no {AUTHORS_FILE}")),
                None => {
                    let known: Vec<&str> = map.keys().map(String::as_str).collect();
                    return Err(format!("author key `{key}` is not in {AUTHORS_FILE} (it defines {})", known.join(", ")));
                }
            },
            Value::Object(o) => {
                let text = |k: &str| o.get(k).and_then(Value::as_str).map(str::to_string);
                let known = ["key", "name", "title", "url", "image_url", "imageURL", "email", "socials", "page"];
                if let Some(bad) = o.keys().find(|k| !known.contains(&k.as_str())) {
                    return Err(format!("author field `{bad}` is not one docsite knows (name, title, url, image_url, key)"));
                }
                let base = match text("key") {
                    Some(key) => Some(map.get(&key).cloned().ok_or_else(|| format!("author key `{key}` is not in {AUTHORS_FILE}"))?),
                    None => None,
                };
                let name = text("name").or_else(|| base.as_ref().map(|b| b.name.clone())).ok_or("an author needs a `name` (or a `key` of the authors map)")?;
                let image = text("image_url").or_else(|| text("imageURL")).map(|u| site_url(&u, base_url));
                out.push(BlogAuthor {
                    name,
                    title: text("title").or_else(|| base.as_ref().and_then(|b| b.title.clone())),
                    url: text("url").or_else(|| base.as_ref().and_then(|b| b.url.clone())),
                    image_url: image.or_else(|| base.and_then(|b| b.image_url)),
                });
            }
            other => return Err(format!("an author is a key of {AUTHORS_FILE} or an object with a `name`, found {other}")),
        }
    }
    // The single-author keys of older Docusaurus versions.
    let text = |k: &str| front.get(k).and_then(Value::as_str).map(str::to_string);
    if let Some(name) = text("author") {
        out.push(BlogAuthor {
            name,
            title: text("author_title").or_else(|| text("authorTitle")),
            url: text("author_url").or_else(|| text("authorURL")),
            image_url: text("author_image_url").or_else(|| text("authorImageURL")).map(|u| site_url(&u, base_url)),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_author_page_route_is_the_key_in_kebab_case_as_lodash_makes_it() {
        assert_eq!(kebab_case("vjeux"), "vjeux");
        assert_eq!(kebab_case("JaneDoe"), "jane-doe");
        assert_eq!(kebab_case("jane_doe"), "jane-doe");
        assert_eq!(kebab_case("slorber2"), "slorber-2");
    }

    fn front(yaml: &str) -> BTreeMap<String, Value> {
        serde_saphyr::from_str(yaml).unwrap()
    }

    fn map() -> AuthorsMap {
        let ada = BlogAuthor { name: "Ada".into(), title: Some("Editor".into()), url: None, image_url: None };
        [("ada".to_string(), ada)].into_iter().collect()
    }

    #[test]
    fn keys_inline_objects_and_single_author_keys_are_authors() {
        let authors = of_post(&front("authors: [ada, {name: Bo, image_url: /img/bo.png}]\nauthor: Cy\nauthor_url: https://cy.example"), Some(&map()), "/site/").unwrap();
        let names: Vec<&str> = authors.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["Ada", "Bo", "Cy"]);
        assert_eq!(authors[0].title.as_deref(), Some("Editor"));
        assert_eq!(authors[1].image_url.as_deref(), Some("/site/img/bo.png"));
        assert_eq!(authors[2].url.as_deref(), Some("https://cy.example"));
    }

    #[test]
    fn an_unknown_key_names_the_known_ones() {
        let err = of_post(&front("authors: bob"), Some(&map()), "/").unwrap_err();
        assert_eq!(err, "author key `bob` is not in authors.yml (it defines ada)");
        let err = of_post(&front("authors: [{title: X}]"), Some(&map()), "/").unwrap_err();
        assert!(err.contains("needs a `name`"), "{err}");
    }
}
