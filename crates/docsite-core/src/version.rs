//! `docsite version <name>`: cuts a release the way Docusaurus's `docs:version` does.
//!
//! The current docs folder is copied to `versioned_docs/version-<name>/`, its sidebars to
//! `versioned_sidebars/version-<name>-sidebars.json` (a `sidebars.js`/`.ts` is evaluated by
//! Node and written as JSON, as Docusaurus does), and the name is prepended to
//! `versions.json` (making it the latest release). Everything is first written beside its
//! final place under a temporary name and renamed in at the end; any failure removes what was
//! staged, so the site is never left half-versioned. Each `data/*.json` of kind `releases`
//! then gets the new version first in its list, dated today (the site pages' versions
//! table needs an entry for every release).

use std::path::{Path, PathBuf};

use crate::config::SiteConfig;
use crate::diagnostics::Diagnostic;

/// What a successful cut produced.
#[derive(Debug)]
pub struct Cut {
    /// Files copied into the versioned docs folder.
    pub files: usize,
    /// The new `versions.json` order.
    pub versions: Vec<String>,
    /// Data files of kind `releases` that got an entry for the new version, dated today.
    pub release_files: Vec<PathBuf>,
}

/// For each `data/*.json` of kind `releases`, its text with `{"version": name, "date": today}`
/// first in `releases` (inserted as text, so the file's own layout and comments stay).
fn release_entries(site_dir: &Path, name: &str) -> Result<Vec<(PathBuf, String)>, Diagnostic> {
    let mut out = Vec::new();
    let Ok(dir) = std::fs::read_dir(site_dir.join("data")) else { return Ok(out) };
    let mut files: Vec<PathBuf> = dir.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
    files.sort();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    let today = &crate::git::format_iso(now)[..10];
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
        if value.get("kind").and_then(|k| k.as_str()) != Some("releases") {
            continue;
        }
        let unchanged = || Diagnostic::error(&file, format!("cannot add version {name:?} to `releases`")).hint(format!("add {{\"version\": \"{name}\", \"date\": \"YYYY-MM-DD\"}} first in its `releases` list, then run the command again"));
        // The key `"releases":` (not the value of `"kind": "releases"`), then its `[`.
        let key = text.match_indices("\"releases\"").map(|(i, m)| i + m.len()).find(|&end| text[end..].trim_start().starts_with(':'));
        let Some(start) = key.and_then(|i| text[i..].trim_start()[1..].trim_start().starts_with('[').then(|| i + text[i..].find('[').expect("checked") + 1)) else { return Err(unchanged()) };
        let indent = text[start..].lines().nth(1).map_or("    ", |l| &l[..l.len() - l.trim_start().len()]).to_string();
        let inner = format!("{indent}  ");
        let has_items = value.get("releases").and_then(|r| r.as_array()).is_some_and(|a| !a.is_empty());
        let entry = format!("\n{indent}{{\n{inner}\"version\": {},\n{inner}\"date\": \"{today}\"\n{indent}}}{}", serde_json::Value::from(name), if has_items { "," } else { "" });
        let new_text = format!("{}{entry}{}", &text[..start], &text[start..]);
        if serde_json::from_str::<serde_json::Value>(&new_text).is_err() {
            return Err(unchanged());
        }
        out.push((file, new_text));
    }
    Ok(out)
}

/// The versioned sidebars of the current sidebars file: a JSON file as it is; a
/// `sidebars.js`/`.ts` module evaluated by Node (as `load` reads it) and written out as
/// JSON, which is what Docusaurus's `docs:version` writes too.
fn sidebars_json(file: &Path) -> Result<Vec<u8>, Diagnostic> {
    if file.extension().is_some_and(|e| e == "json") {
        return std::fs::read(file).map_err(|e| Diagnostic::error(file, format!("cannot read: {e}")));
    }
    let value = crate::docusaurus::evaluate_module(file, "sidebars file")?;
    if !value.is_object() {
        return Err(Diagnostic::error(file, "a sidebars file must export an object of sidebar id -> items"));
    }
    let mut json = serde_json::to_string_pretty(&value).expect("a JSON value serialises");
    json.push('\n');
    Ok(json.into_bytes())
}

/// Why a version name is refused, if it is.
pub fn name_problem(name: &str) -> Option<String> {
    if name.trim().is_empty() {
        return Some("the version name is empty".into());
    }
    if name != name.trim() {
        return Some(format!("{name:?} has leading or trailing spaces"));
    }
    if name == "." || name == ".." || name.contains(['/', '\\']) {
        return Some(format!("{name:?} cannot be a folder name (no `/`, `\\`, `.` or `..`)"));
    }
    if name.len() > 32 {
        return Some(format!("{name:?} is longer than 32 characters"));
    }
    if name == "current" || name == "next" {
        return Some(format!("{name:?} is reserved for the unreleased docs"));
    }
    if name.chars().any(|c| c.is_control() || matches!(c, '<' | '>' | ':' | '"' | '|' | '?' | '*' | '#')) {
        return Some(format!("{name:?} contains a character that is not allowed in a file name or URL"));
    }
    None
}

/// Cuts version `name` of the site in `site_dir`.
pub fn cut(site_dir: &Path, name: &str) -> Result<Cut, Vec<Diagnostic>> {
    let config = SiteConfig::load(site_dir)?;
    if let Some(problem) = name_problem(name) {
        return Err(vec![Diagnostic::general(format!("cannot create version: {problem}")).hint("use a name such as 2.3 or 3.0")]);
    }
    let versions_file = site_dir.join("versions.json");
    let mut versions: Vec<String> = match std::fs::read_to_string(&versions_file) {
        Ok(text) => serde_json::from_str(&text).map_err(|e| {
            vec![Diagnostic::error(&versions_file, format!("invalid versions.json: {e}")).at(e.line(), Some(e.column())).hint("versions.json must be a JSON array of version names")]
        })?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(vec![Diagnostic::error(&versions_file, format!("cannot read: {e}"))]),
    };
    if versions.iter().any(|v| v == name) {
        return Err(vec![Diagnostic::error(&versions_file, format!("version {name:?} already exists")).hint("choose a new name, or delete the old version first")]);
    }
    let docs = config.read_path(&config.raw.docs.path);
    if !docs.is_dir() {
        return Err(vec![Diagnostic::error(&docs, "the current docs folder does not exist").hint("`[docs] path` in docsite.toml names it (default `docs`)")]);
    }
    let target_docs = site_dir.join("versioned_docs").join(format!("version-{name}"));
    let sidebars = crate::load::current_sidebar_file(&config.read_path(&config.raw.docs.sidebar_path));
    let target_sidebars = site_dir.join("versioned_sidebars").join(format!("version-{name}-sidebars.json"));
    for existing in [&target_docs, &target_sidebars] {
        if existing.exists() {
            return Err(vec![Diagnostic::error(existing, "already exists although versions.json does not list the version").hint("remove it, or add the version to versions.json by hand")]);
        }
    }

    // Every file is known (and every symlink checked) before anything is written.
    let to_copy = files_to_copy(site_dir, &docs)?;

    let mut staged = Staged::default();
    let result = (|| -> Result<Cut, Diagnostic> {
        let tmp_docs = staged.path(sibling_tmp(&target_docs));
        let files = copy_tree(&to_copy, &tmp_docs)?;
        let tmp_sidebars = match &sidebars {
            Some(file) => {
                let json = sidebars_json(file)?;
                let tmp = staged.path(sibling_tmp(&target_sidebars));
                create_parent(&tmp)?;
                std::fs::write(&tmp, json).map_err(|e| Diagnostic::error(&tmp, format!("cannot write: {e}")))?;
                Some(tmp)
            }
            None => None,
        };
        versions.insert(0, name.to_string());
        let tmp_versions = staged.path(sibling_tmp(&versions_file));
        let json = serde_json::to_string_pretty(&versions).expect("a list of strings serialises");
        std::fs::write(&tmp_versions, format!("{json}\n")).map_err(|e| Diagnostic::error(&tmp_versions, format!("cannot write: {e}")))?;

        // The release list of the site pages (`data/*.json` of kind `releases`) needs an
        // entry for every released version: prepared here, written once the version exists.
        let releases = release_entries(site_dir, name)?;

        // Rename in: docs, sidebars, then versions.json (which makes the version exist).
        rename(&tmp_docs, &target_docs)?;
        staged.path(target_docs.clone());
        if let Some(tmp) = tmp_sidebars {
            rename(&tmp, &target_sidebars)?;
            staged.path(target_sidebars.clone());
        }
        rename(&tmp_versions, &versions_file)?;
        staged.keep();
        let mut release_files = Vec::new();
        for (file, text) in releases {
            std::fs::write(&file, text).map_err(|e| Diagnostic::error(&file, format!("cannot write: {e}")).hint(format!("add {{\"version\": \"{name}\", \"date\": \"YYYY-MM-DD\"}} to its `releases` by hand")))?;
            release_files.push(file);
        }
        Ok(Cut { files, versions: versions.clone(), release_files })
    })();
    result.map_err(|d| vec![d])
}

/// Paths written so far; removed on drop unless kept.
#[derive(Default)]
struct Staged {
    paths: Vec<PathBuf>,
    keep: bool,
}

impl Staged {
    fn path(&mut self, p: PathBuf) -> PathBuf {
        self.paths.push(p.clone());
        p
    }
    fn keep(&mut self) {
        self.keep = true;
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if self.keep {
            return;
        }
        for p in self.paths.iter().rev() {
            if p.is_dir() {
                let _ = std::fs::remove_dir_all(p);
            } else {
                let _ = std::fs::remove_file(p);
            }
        }
    }
}

fn sibling_tmp(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

fn create_parent(path: &Path) -> Result<(), Diagnostic> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Diagnostic::error(dir, format!("cannot create: {e}")))?;
    }
    Ok(())
}

fn rename(from: &Path, to: &Path) -> Result<(), Diagnostic> {
    std::fs::rename(from, to).map_err(|e| Diagnostic::error(to, format!("cannot move {} here: {e}", from.display())))
}

/// The files under the docs folder `from` to copy, as (source, path relative to `from`),
/// read with the build's symlink rule ([`crate::load::markdown_files`]): a link that stays
/// inside the site is followed (its target is copied as a file), one that leads outside it
/// or nowhere is an error naming the link. Every such link is reported, and nothing is
/// copied while there is one: the versioned copy would otherwise hold, as a regular file,
/// what the build refuses to read through the link.
fn files_to_copy(site_dir: &Path, from: &Path) -> Result<Vec<Entry>, Vec<Diagnostic>> {
    let walk = crate::load::walk_content(site_dir, from, |_| true);
    let mut errors: Vec<Diagnostic> = walk.dangling.iter().map(|link| outside_link(link)).collect();
    errors.extend(walk.unreadable.iter().map(|e| Diagnostic::error(e.path().unwrap_or(from), format!("cannot read: {e}"))));
    errors.extend(walk.outside.iter().map(|link| outside_link(link)));
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(walk
        .entries
        .into_iter()
        .map(|e| Entry { rel: e.path().strip_prefix(from).unwrap_or(e.path()).to_path_buf(), dir: e.file_type().is_dir(), source: e.into_path() })
        .collect())
}

/// A file or folder of the docs folder to copy.
struct Entry {
    /// Where it is read (through a symlink inside the site, maybe).
    source: PathBuf,
    /// Its path relative to the docs folder.
    rel: PathBuf,
    /// A folder (created) rather than a file (copied).
    dir: bool,
}

/// The error of a symlink under the docs folder that leads outside the site (or nowhere).
fn outside_link(link: &Path) -> Diagnostic {
    let target = std::fs::read_link(link).map(|t| t.display().to_string()).unwrap_or_else(|_| "?".into());
    Diagnostic::error(link, format!("symlink to {target}, which is outside the site folder (or missing); the version was not cut"))
        .hint("copy the file into the docs folder instead, or remove the link; the build refuses it too")
}

/// Copies the files `files_to_copy` listed under `to`; returns the file count.
fn copy_tree(files: &[Entry], to: &Path) -> Result<usize, Diagnostic> {
    // The folder itself, also when the docs folder is empty.
    std::fs::create_dir_all(to).map_err(|e| Diagnostic::error(to, format!("cannot create: {e}")))?;
    let mut count = 0;
    for Entry { source, rel, dir } in files {
        let target = to.join(rel);
        if *dir {
            std::fs::create_dir_all(&target).map_err(|e| Diagnostic::error(&target, format!("cannot create: {e}")))?;
        } else {
            create_parent(&target)?;
            std::fs::copy(source, &target).map_err(|e| Diagnostic::error(source, format!("cannot copy: {e}")))?;
            count += 1;
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("docsite.toml"), "title = \"T\"\nurl = \"https://example.org\"\n").unwrap();
        std::fs::create_dir_all(root.join("docs/guides")).unwrap();
        std::fs::write(root.join("docs/intro.md"), "# Intro\n").unwrap();
        std::fs::write(root.join("docs/guides/setup.md"), "# Setup\n").unwrap();
        std::fs::write(root.join("sidebars.json"), "{\"docs\": [\"intro\", \"guides/setup\"]}\n").unwrap();
        std::fs::write(root.join("versions.json"), "[\"1.0\"]\n").unwrap();
        std::fs::create_dir_all(root.join("versioned_docs/version-1.0")).unwrap();
        std::fs::write(root.join("versioned_docs/version-1.0/intro.md"), "# Old intro\n").unwrap();
        std::fs::create_dir_all(root.join("versioned_sidebars")).unwrap();
        std::fs::write(root.join("versioned_sidebars/version-1.0-sidebars.json"), "{\"docs\": [\"intro\"]}\n").unwrap();
        dir
    }

    fn listing(root: &Path) -> Vec<String> {
        let mut v: Vec<String> = walkdir::WalkDir::new(root)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| e.path().strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn cutting_a_version_snapshots_docs_and_sidebars_and_makes_it_the_latest() {
        let dir = site();
        let cut = cut(dir.path(), "2.0").unwrap();
        assert_eq!(cut.files, 2);
        assert_eq!(cut.versions, ["2.0", "1.0"]);
        let root = dir.path();
        assert_eq!(std::fs::read_to_string(root.join("versioned_docs/version-2.0/guides/setup.md")).unwrap(), "# Setup\n");
        assert_eq!(std::fs::read_to_string(root.join("versioned_sidebars/version-2.0-sidebars.json")).unwrap(), "{\"docs\": [\"intro\", \"guides/setup\"]}\n");
        let versions: Vec<String> = serde_json::from_str(&std::fs::read_to_string(root.join("versions.json")).unwrap()).unwrap();
        assert_eq!(versions, ["2.0", "1.0"]);
        assert!(!listing(root).iter().any(|p| p.contains(".tmp-")), "no temporary files left");
        // The new version builds: its docs are loaded like any other.
        let site = crate::build::check(root).expect("the versioned site checks");
        assert!(site.page("/docs/2.0/intro").is_none(), "2.0 is the latest, served at /docs");
        assert!(site.page("/docs/intro").is_some());
        assert!(site.page("/docs/1.0/intro").is_some(), "1.0 moved under its version path");
    }

    #[test]
    fn existing_and_malformed_names_are_refused_and_nothing_is_written() {
        let dir = site();
        let before = listing(dir.path());
        for name in ["1.0", "", " 2.0", "a/b", "..", "current", "x\\y", "bad:name"] {
            let errors = cut(dir.path(), name).unwrap_err();
            assert!(!errors.is_empty(), "{name:?} refused");
            assert_eq!(listing(dir.path()), before, "{name:?} wrote nothing");
        }
        let text = cut(dir.path(), "1.0").unwrap_err()[0].to_string();
        assert!(text.contains("versions.json") && text.contains("already exists"), "{text}");
    }

    #[test]
    fn a_doc_linked_from_outside_the_site_is_an_error_naming_the_link_and_nothing_is_copied() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.md"), "# Secret\n\nTOKEN=hunter2\n").unwrap();
        std::fs::create_dir_all(outside.path().join("private")).unwrap();
        std::fs::write(outside.path().join("private/notes.md"), "TOKEN=hunter2\n").unwrap();
        let dir = site();
        let docs = dir.path().join("docs");
        std::os::unix::fs::symlink(outside.path().join("secret.md"), docs.join("leak.md")).unwrap();
        std::os::unix::fs::symlink(outside.path().join("private"), docs.join("guides/private")).unwrap();
        std::os::unix::fs::symlink("nowhere.md", docs.join("dangling.md")).unwrap();
        let before = listing(dir.path());
        let errors = cut(dir.path(), "2.0").unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 3, "{text:#?}");
        for link in ["docs/leak.md", "docs/guides/private", "docs/dangling.md"] {
            assert!(text.iter().any(|t| t.contains(link) && t.contains("outside the site folder")), "{link} not named: {text:#?}");
        }
        assert_eq!(listing(dir.path()), before, "nothing written");
        assert!(!dir.path().join("versioned_docs/version-2.0").exists());

        // A link that stays inside the site is followed, as the build follows it: the
        // versioned copy holds the file's text.
        for link in ["leak.md", "guides/private", "dangling.md"] {
            std::fs::remove_file(docs.join(link)).unwrap();
        }
        std::fs::create_dir_all(dir.path().join("shared")).unwrap();
        std::fs::write(dir.path().join("shared/common.md"), "# Common\n").unwrap();
        std::os::unix::fs::symlink("../shared/common.md", docs.join("common.md")).unwrap();
        let cut = cut(dir.path(), "2.0").unwrap();
        assert_eq!(cut.files, 3);
        let copy = dir.path().join("versioned_docs/version-2.0/common.md");
        assert!(!copy.is_symlink());
        assert_eq!(std::fs::read_to_string(copy).unwrap(), "# Common\n");
    }

    #[test]
    fn a_failure_half_way_leaves_nothing_behind() {
        let dir = site();
        // A file where the versioned sidebars folder should be makes the sidebar copy fail
        // after the docs were staged.
        std::fs::remove_dir_all(dir.path().join("versioned_sidebars")).unwrap();
        std::fs::write(dir.path().join("versioned_sidebars"), "not a folder").unwrap();
        let before = listing(dir.path());
        assert!(cut(dir.path(), "2.0").is_err());
        assert_eq!(listing(dir.path()), before);
        assert!(!dir.path().join("versioned_docs/version-2.0").exists());
    }
}
