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
    Ok(Source { file: dc, raw, toml: None, warnings: mapped.warnings, errors, markdown_plugins: mapped.markdown_plugins })
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
