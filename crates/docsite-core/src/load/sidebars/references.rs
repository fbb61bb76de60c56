//! The doc ids and sidebar ids a doc's front matter names (`pagination_next`,
//! `pagination_prev`, `displayed_sidebar`), checked against its version once the sidebars
//! are loaded (`versions.rs`), each error at the key's line with the closest name.

use crate::diagnostics::Diagnostic;
use crate::load::Version;

use super::did_you_mean;

/// Checks the doc ids and sidebar ids front matter names (`pagination_next`,
/// `pagination_prev`, `displayed_sidebar`) against the version.
pub(in crate::load) fn check_references(version: &Version, diags: &mut Vec<Diagnostic>) {
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
