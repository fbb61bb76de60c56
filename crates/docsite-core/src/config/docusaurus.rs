//! Reading a site that has no `docsite.toml` from its Docusaurus config: the config is
//! evaluated by Node and mapped onto `docsite.toml`'s keys (`crate::docusaurus`), then
//! deserialised into [`RawConfig`] the way Docusaurus reads its own config: a value docsite
//! cannot read is an error that leaves the value out (its default applies), never a stop,
//! so the rest of the config and the content are still checked.
//!
//! Used by `read.rs` (`read_source`) when the site folder has a Docusaurus config and no
//! `docsite.toml`. What stays Docusaurus-specific after reading is `SiteConfig::from_docusaurus`.

use std::path::{Path, PathBuf};

use super::read::Source;
use super::{raw_schema, RawConfig};
use crate::diagnostics::Diagnostic;

/// Reads the Docusaurus config `dc` of the site into a [`Source`]: every value docsite
/// cannot read is an error of the source (up to 100), left out of the configuration.
pub(super) fn read(site_dir: &Path, dc: PathBuf) -> Result<Source, Vec<Diagnostic>> {
    let evaluated = crate::docusaurus::evaluate(&dc).map_err(|d| vec![d])?;
    let mapped = crate::docusaurus::map(&dc, &evaluated.config, &raw_schema());
    let (mut config, mut errors) = (mapped.config, mapped.errors);
    // Every problem in one report: a value docsite cannot read is an error, left
    // out (its default applies), and the rest of the config and the content are
    // still read and checked.
    let raw: RawConfig = loop {
        let err = match serde_path_to_error::deserialize(&config) {
            Ok(raw) => break raw,
            Err(err) => err,
        };
        let path = err.path().to_string();
        let mut d = Diagnostic::error(&dc, format!("`{path}` (as docsite reads it): {}", err.inner()));
        let missing: Vec<&str> = evaluated.unresolved.iter().map(String::as_str).collect();
        d = if missing.is_empty() {
            d.hint("see guide/docs/coming-from-docusaurus.md for the keys docsite reads")
        } else {
            let install = match crate::site_code::missing_install(site_dir) {
                Some((cmd, dir)) => format!("run `{cmd}` in {}", dir.display()),
                None => "install them with the site's package manager".to_string(),
            };
            d.hint(format!("packages not installed ({install}): {}", missing.join(", ")))
        };
        errors.push(d);
        if errors.len() > 100 || !remove_at(&mut config, err.path()) {
            return Err(errors);
        }
    };
    let mut warnings = mapped.warnings;
    warnings.extend(swizzled(site_dir));
    Ok(Source { file: dc, raw, toml: None, warnings, errors, markdown_plugins: mapped.markdown_plugins })
}

/// The components the site swizzled (files under `src/theme/`, Docusaurus's way to replace or
/// wrap a component of its theme), one warning each: docsite renders its own components and
/// does not use these yet (issue 36), so its pages lack what they change. A folder's `index`
/// file is its folder's component (`src/theme/DocItem/Footer/index.js`: `DocItem/Footer`).
fn swizzled(site_dir: &Path) -> Vec<Diagnostic> {
    let root = site_dir.join("src/theme");
    let mut found: std::collections::BTreeMap<String, PathBuf> = std::collections::BTreeMap::new();
    for entry in walkdir::WalkDir::new(&root).sort_by_file_name().into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()) {
        let path = entry.path();
        let script = path.extension().and_then(|e| e.to_str()).is_some_and(|e| matches!(e, "js" | "jsx" | "ts" | "tsx")) && !path.to_string_lossy().ends_with(".d.ts");
        let Ok(rel) = path.strip_prefix(&root) else { continue };
        let mut parts: Vec<String> = rel.with_extension("").iter().map(|p| p.to_string_lossy().into_owned()).collect();
        if parts.last().is_some_and(|last| last == "index") {
            parts.pop();
        }
        if script && !parts.is_empty() {
            found.entry(parts.join("/")).or_insert_with(|| path.to_path_buf());
        }
    }
    found
        .into_iter()
        .map(|(component, file)| {
            Diagnostic::error(file, format!("the swizzled theme component `{component}` is not used: docsite renders its own `{component}`, so the pages lack what this file changes"))
                .with_severity(crate::diagnostics::Severity::Warning)
                .hint("docsite does not take a site's `src/theme/` components (swizzled from Docusaurus's classic theme) yet")
        })
        .collect()
}

/// Removes the value at `path` (a key of an object or an item of a list) from `value`;
/// false when there is nothing there to remove (the root, or an unknown segment).
fn remove_at(value: &mut serde_json::Value, path: &serde_path_to_error::Path) -> bool {
    use serde_path_to_error::Segment;
    let segments: Vec<&Segment> = path.iter().collect();
    let Some((last, parents)) = segments.split_last() else { return false };
    let mut at = value;
    for segment in parents {
        let next = match segment {
            Segment::Map { key } => at.get_mut(key.as_str()),
            Segment::Seq { index } => at.get_mut(*index),
            _ => None,
        };
        match next {
            Some(v) => at = v,
            None => return false,
        }
    }
    match (last, at) {
        (Segment::Map { key }, serde_json::Value::Object(map)) => map.remove(key.as_str()).is_some(),
        (Segment::Seq { index }, serde_json::Value::Array(items)) if *index < items.len() => {
            items.remove(*index);
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::swizzled;
    use crate::diagnostics::Severity;

    #[test]
    fn each_swizzled_component_is_a_warning_at_its_file() {
        let dir = tempfile::tempdir().unwrap();
        for (file, text) in [
            ("src/theme/Footer/index.js", "export default function Footer() { return null; }\n"),
            ("src/theme/Footer/styles.module.css", ".footer {}\n"),
            ("src/theme/DocItem/Footer/index.tsx", "export default function DocItemFooter() { return null; }\n"),
            ("src/theme/Root.js", "export default function Root({ children }) { return children; }\n"),
            ("src/theme/types.d.ts", "export {};\n"),
            ("src/components/Card.js", "export default function Card() { return null; }\n"),
        ] {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let warnings = swizzled(dir.path());
        let found: Vec<(String, String)> = warnings.iter().map(|d| (d.file.as_ref().unwrap().strip_prefix(dir.path()).unwrap().display().to_string(), d.message.split('`').nth(1).unwrap().to_string())).collect();
        assert_eq!(
            found,
            [("src/theme/DocItem/Footer/index.tsx".to_string(), "DocItem/Footer".to_string()), ("src/theme/Footer/index.js".into(), "Footer".into()), ("src/theme/Root.js".into(), "Root".into())]
        );
        assert!(warnings.iter().all(|d| d.severity == Severity::Warning));
        assert!(swizzled(&dir.path().join("none")).is_empty());
    }
}
