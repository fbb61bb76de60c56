//! The site's languages as written (`[locale]`, `[[locales]]`: [`RawLocale`]) and what
//! reading a locale's configuration does with them: hands them to `crate::i18n`
//! ([`locale_input`]) and translates the navbar and footer labels with the locale's
//! `docusaurus-theme-classic/*.json` ([`translate_theme`]).
//!
//! Used by `read.rs` (`SiteConfig::read_locale`), which builds one configuration per locale.

use schemars::JsonSchema;
use serde::Deserialize;

use super::{RawConfig, RawNavbarItem};
use crate::diagnostics::Diagnostic;

/// A language of the site. Without `[locale]` the site is English (`en`), left to right;
/// a `[locale]` table must give `code`, `label`, `direction` and `htmlLang`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawLocale {
    /// Locale code, e.g. `en`; hosted search filters results by it (`language:<code>`).
    pub code: String,
    /// Name of the language as readers see it, e.g. `English`, shown by a `localeDropdown`
    /// navbar item.
    pub label: String,
    /// Text direction, the `dir` attribute of every page's `<html>`.
    pub direction: Direction,
    /// The `lang` attribute of every page's `<html>` (a BCP 47 tag such as `en` or `en-GB`);
    /// also the language the built-in search index stems words for.
    pub html_lang: String,
    /// Folder of the locale's translation files under `i18nPath` (default: the code).
    #[serde(default)]
    pub path: Option<String>,
    /// Whether the locale's translation files are read (default: when its folder exists).
    #[serde(default)]
    pub translate: Option<bool>,
    /// Path the locale's pages are served under (default: the site's `baseUrl` for the
    /// default locale, `<baseUrl><code>/` for the others).
    #[serde(default)]
    pub base_url: Option<String>,
}

impl Default for RawLocale {
    fn default() -> Self {
        Self { code: "en".into(), label: "English".into(), direction: Direction::Ltr, html_lang: "en".into(), path: None, translate: None, base_url: None }
    }
}

/// Text direction.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Left to right (English, French, …).
    Ltr,
    /// Right to left (Arabic, Hebrew, …).
    Rtl,
}

/// A locale of the configuration as `crate::i18n` reads it.
pub(super) fn locale_input(l: &RawLocale) -> crate::i18n::LocaleInput {
    crate::i18n::LocaleInput {
        code: l.code.clone(),
        label: l.label.clone(),
        direction: match l.direction {
            Direction::Ltr => "ltr".into(),
            Direction::Rtl => "rtl".into(),
        },
        html_lang: l.html_lang.clone(),
        path: l.path.clone(),
        translate: l.translate,
        base_url: l.base_url.clone(),
    }
}

/// Translates the navbar and footer of `raw` with the locale's
/// `docusaurus-theme-classic/{navbar,footer}.json`, by Docusaurus's ids: `title`,
/// `logo.alt`, `item.label.<label>` (navbar); `link.title.<title>`,
/// `link.item.label.<label>`, `copyright`, `logo.alt` (footer).
pub(super) fn translate_theme(l10n: &crate::i18n::Localization, raw: &mut RawConfig, diags: &mut Vec<Diagnostic>) {
    let navbar = l10n.messages("docusaurus-theme-classic/navbar.json", diags);
    if !navbar.is_empty() {
        if let Some(t) = raw.navbar.title.as_mut() {
            crate::i18n::replace(t, &navbar, "title");
        }
        if let Some(logo) = raw.navbar.logo.as_mut() {
            crate::i18n::replace(&mut logo.alt, &navbar, "logo.alt");
        }
        fn items(list: &mut [RawNavbarItem], m: &std::collections::BTreeMap<String, String>) {
            for item in list {
                if let Some(label) = item.label.as_mut() {
                    let id = format!("item.label.{label}");
                    crate::i18n::replace(label, m, &id);
                }
                for nested in [&mut item.items, &mut item.dropdown_items_before, &mut item.dropdown_items_after].into_iter().flatten() {
                    items(nested, m);
                }
            }
        }
        items(&mut raw.navbar.items, &navbar);
    }
    let footer = l10n.messages("docusaurus-theme-classic/footer.json", diags);
    if let (false, Some(f)) = (footer.is_empty(), raw.footer.as_mut()) {
        if let Some(c) = f.copyright.as_mut() {
            crate::i18n::replace(c, &footer, "copyright");
        }
        if let Some(logo) = f.logo.as_mut() {
            crate::i18n::replace(&mut logo.alt, &footer, "logo.alt");
        }
        for entry in &mut f.links {
            if let Some(t) = entry.title.as_mut() {
                let id = format!("link.title.{t}");
                crate::i18n::replace(t, &footer, &id);
            }
            if let Some(label) = entry.label.as_mut() {
                let id = format!("link.item.label.{label}");
                crate::i18n::replace(label, &footer, &id);
            }
            for item in entry.items.iter_mut().flatten() {
                if let Some(label) = item.label.as_mut() {
                    let id = format!("link.item.label.{label}");
                    crate::i18n::replace(label, &footer, &id);
                }
            }
        }
    }
}
