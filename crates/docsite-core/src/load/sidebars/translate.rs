//! A version's label and its sidebars' labels in the build's locale, from the locale's
//! `docusaurus-plugin-content-docs/<folder>.json` (Docusaurus's translation files; see
//! `i18n.rs`). `versions.rs` translates every version once its sidebars are loaded.

use crate::diagnostics::Diagnostic;
use crate::load::SidebarEntry;

/// Translates a docs version's label and its sidebars with the locale's
/// `docusaurus-plugin-content-docs/<folder>.json` (`current.json`, `version-2.0.json`):
/// `version.label`, and per sidebar `sidebar.<id>.category.<label>`,
/// `sidebar.<id>.link.<label>`, `sidebar.<id>.doc.<label>` (a doc item's own label).
pub(in crate::load) fn translate_sidebars(l10n: &crate::i18n::Localization, (plugin, folder): (&str, &str), label: &mut String, sidebars: &mut [(String, Vec<SidebarEntry>)], diags: &mut Vec<Diagnostic>) {
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
