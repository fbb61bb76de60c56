//! JSON schemas the site publishes (`[[schemas]]` in the configuration).
//!
//! The schemas come from an npm package installed at build time (never committed), so the
//! published files always match a released package. Each file is parsed (a broken file is an
//! error naming it), its `$id` is rewritten to the URL this site serves it at, and the
//! resulting paths take part in the link check like static files.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::config::SiteConfig;
use crate::diagnostics::Diagnostic;
use crate::npm;

/// One schema file ready to write.
#[derive(Debug)]
pub struct SchemaFile {
    /// Path under the output folder (and under `baseUrl`), with `/` separators.
    pub path: String,
    /// The rewritten JSON, pretty-printed.
    pub bytes: Vec<u8>,
}

/// Installs the packages where needed and reads every configured schema set: the files
/// read, and the problems (a set or file with one is left out).
pub fn collect(config: &SiteConfig) -> (Vec<SchemaFile>, Vec<Diagnostic>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let mut installed: Vec<PathBuf> = Vec::new();
    for (i, set) in config.raw.schemas.iter().enumerate() {
        let key = format!("schemas[{i}]");
        let key_error = |msg: String, hint: &str| {
            let d = Diagnostic::error(&config.file, format!("`{key}`: {msg}")).hint(hint.to_string());
            match config.line_of(&key) {
                Some(l) => d.at(l, None),
                None => d,
            }
        };
        let npm_dir = config.site_dir.join(&set.npm_dir);
        if !installed.contains(&npm_dir) {
            if let Err(msg) = ensure_installed(&npm_dir) {
                errors.push(key_error(msg, "`npmDir` must be a folder with a package.json and package-lock.json"));
                continue;
            }
            installed.push(npm_dir.clone());
        }
        let from = npm_dir.join(&set.from);
        if !from.is_dir() {
            errors.push(key_error(
                format!("`from`: {} is not a folder after installing the packages", from.display()),
                "check the package version in the lockfile and the folder it ships its schemas in",
            ));
            continue;
        }
        let to = set.to.trim_matches('/');
        let base = format!("{}{}{}", config.raw.url.trim_end_matches('/'), config.base_url, to);
        for entry in walkdir::WalkDir::new(&from).sort_by_file_name().into_iter().filter_map(Result::ok) {
            let path = entry.path();
            if !entry.file_type().is_file() || path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let rel = path.strip_prefix(&from).unwrap_or(path).to_string_lossy().replace('\\', "/");
            match rewrite_unless_read(path, &format!("{base}/{rel}")) {
                Ok(bytes) => files.push(SchemaFile { path: format!("{to}/{rel}"), bytes }),
                Err(d) => errors.push(d),
            }
        }
    }
    (files, errors)
}

/// What a file read last gave, by file and what it was read for, with the file's
/// modification time and length then: `docsite dev` collects the schema sets on every
/// rebuild, and the installed packages' hundreds of files rarely change.
type Memo = std::collections::HashMap<(PathBuf, String), (std::time::SystemTime, u64, Vec<u8>)>;
static READ: std::sync::Mutex<Option<Memo>> = std::sync::Mutex::new(None);

/// `read(path)`, or what it gave last time for (`path`, `what`) while the file has the same
/// modification time and length.
fn unless_read<E>(path: &Path, what: &str, read: impl FnOnce() -> Result<Vec<u8>, E>) -> Result<Vec<u8>, E> {
    let stamp = std::fs::metadata(path).ok().and_then(|m| Some((m.modified().ok()?, m.len())));
    let key = (path.to_path_buf(), what.to_string());
    if let Some((time, len)) = stamp {
        let memo = READ.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, _, bytes)) = memo.as_ref().and_then(|m| m.get(&key)).filter(|(t, l, _)| *t == time && *l == len) {
            return Ok(bytes.clone());
        }
    }
    let bytes = read()?;
    if let Some((time, len)) = stamp {
        READ.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get_or_insert_with(Memo::new).insert(key, (time, len, bytes.clone()));
    }
    Ok(bytes)
}

/// [`rewrite`], unless the file is as it was when last rewritten for `url`.
fn rewrite_unless_read(path: &Path, url: &str) -> Result<Vec<u8>, Diagnostic> {
    unless_read(path, url, || rewrite(path, url))
}

/// Parses one schema and points its `$id` at `url`.
fn rewrite(path: &Path, url: &str) -> Result<Vec<u8>, Diagnostic> {
    let text = std::fs::read_to_string(path).map_err(|e| Diagnostic::error(path, format!("cannot read the schema: {e}")))?;
    let mut value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| Diagnostic::error(path, format!("not valid JSON: {e}")).at(e.line(), Some(e.column())))?;
    if let Some(obj) = value.as_object_mut() {
        if obj.contains_key("$id") {
            obj.insert("$id".into(), serde_json::Value::String(url.to_string()));
        }
    }
    let mut bytes = serde_json::to_vec_pretty(&value).expect("a parsed JSON value serialises");
    bytes.push(b'\n');
    Ok(bytes)
}

/// Runs `npm ci` in `dir` unless `node_modules` was installed from the current lockfile
/// (a hash of the lockfile is stamped into `node_modules` after each install). The install
/// holds the folder's lock ([`npm::hold`]).
fn ensure_installed(dir: &Path) -> Result<(), String> {
    let lock = dir.join("package-lock.json");
    if !dir.join("package.json").is_file() || !lock.is_file() {
        return Err(format!("{} has no package.json and package-lock.json", dir.display()));
    }
    let hash = unless_read(&lock, "sha256", || std::fs::read(&lock).map(|b| format!("{:x}", Sha256::digest(b)).into_bytes())).map_err(|e| format!("cannot read {}: {e}", lock.display()))?;
    let hash = String::from_utf8_lossy(&hash).into_owned();
    let stamp = dir.join("node_modules/.docsite-lock-hash");
    let installed = || std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == hash);
    if installed() {
        return Ok(());
    }
    let _lock = npm::hold(&dir.join("package.json"), "installing the schema packages").map_err(|e| e.to_string())?;
    if installed() {
        return Ok(());
    }
    eprintln!("docsite: installing the schema packages in {} (npm ci)…", dir.display());
    npm::run(dir, &["ci", "--no-audit", "--no-fund", "--ignore-scripts"]).map_err(|e| e.to_string())?;
    std::fs::write(&stamp, hash).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A site with one schema set whose packages count as installed (the stamp matches the
    /// lockfile), so no npm runs.
    fn site_with(schemas: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(
            root.join("docsite.toml"),
            "title = \"T\"\nurl = \"https://example.org\"\nbaseUrl = \"/base/\"\n\n[[schemas]]\nnpmDir = \"schemas\"\nfrom = \"node_modules/pkg/schemas\"\nto = \"schemas/1.0/context\"\n",
        )
        .unwrap();
        let npm = root.join("schemas");
        std::fs::create_dir_all(npm.join("node_modules/pkg/schemas/nested")).unwrap();
        std::fs::write(npm.join("package.json"), "{}").unwrap();
        std::fs::write(npm.join("package-lock.json"), "{\"lockfileVersion\": 3}").unwrap();
        std::fs::write(npm.join("node_modules/.docsite-lock-hash"), format!("{:x}", Sha256::digest(b"{\"lockfileVersion\": 3}"))).unwrap();
        for (name, text) in schemas {
            std::fs::write(npm.join("node_modules/pkg/schemas").join(name), text).unwrap();
        }
        dir
    }

    #[test]
    fn ids_point_at_the_published_url_and_files_keep_their_folders() {
        let dir = site_with(&[
            ("instrument.schema.json", r#"{"$id": "https://fdc3.finos.org/schemas/next/instrument.schema.json", "type": "object"}"#),
            ("nested/a.schema.json", r#"{"title": "no id"}"#),
            ("README.md", "not a schema"),
        ]);
        let config = SiteConfig::load(dir.path()).unwrap();
        let (files, errors) = collect(&config);
        assert!(errors.is_empty(), "{errors:?}");
        let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["schemas/1.0/context/instrument.schema.json", "schemas/1.0/context/nested/a.schema.json"]);
        let first: serde_json::Value = serde_json::from_slice(&files[0].bytes).unwrap();
        assert_eq!(first["$id"], "https://example.org/base/schemas/1.0/context/instrument.schema.json");
        assert_eq!(first["type"], "object");
        let second: serde_json::Value = serde_json::from_slice(&files[1].bytes).unwrap();
        assert!(second.get("$id").is_none(), "a schema without $id gets none");
    }

    #[test]
    fn a_broken_schema_is_an_error_naming_file_and_line() {
        let dir = site_with(&[("bad.schema.json", "{\n  \"type\": \"object\",\n  oops\n}")]);
        let config = SiteConfig::load(dir.path()).unwrap();
        let (_, errors) = collect(&config);
        let text = errors[0].to_string();
        assert!(text.contains("bad.schema.json") && text.contains(":3:"), "{text}");
        assert!(text.contains("not valid JSON"), "{text}");
    }

    #[test]
    fn a_missing_folder_names_the_config_entry() {
        let dir = site_with(&[]);
        std::fs::remove_dir_all(dir.path().join("schemas/node_modules/pkg")).unwrap();
        let config = SiteConfig::load(dir.path()).unwrap();
        let (_, errors) = collect(&config);
        let text = errors[0].to_string();
        assert!(text.contains("`schemas[0]`") && text.contains("docsite.toml:5"), "{text}");
    }
}
