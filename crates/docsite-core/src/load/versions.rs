//! The versions of one docs instance (`[docs]` or an entry of `[[docsInstances]]`):
//! `versions.json` read and checked against the config's `lastVersion` and
//! `versions.<name>` options, then each version's folder, route prefix, label and banner,
//! its docs (`docs.rs`) and its sidebars (`sidebars/`). [`super::load`] calls it for every
//! instance of the site.

use crate::config::SiteConfig;
use crate::contract::VersionBanner;
use crate::diagnostics::Diagnostic;

use super::docs::{load_docs, DocFiles};
use super::sidebars::{check_references, current_sidebar_file, default_sidebar, load_sidebars, translate_sidebars};
use super::{join_route, Version, CURRENT};

/// Reads the versions of one docs instance into `versions`; returns the name of its latest
/// release (as named in `versions`).
pub(super) fn load_instance(config: &SiteConfig, inst: &crate::config::DocsInstance<'_>, versions: &mut Vec<Version>, diags: &mut Vec<Diagnostic>) -> Result<String, Vec<Diagnostic>> {
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
