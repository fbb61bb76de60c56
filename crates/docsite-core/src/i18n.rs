//! Locales, read as Docusaurus reads them. This module knows the translation files and
//! where each locale is served; `config` and `load` apply the translations to what they read.
//!
//! A site with several locales (`[[locales]]` beside `[locale]`; Docusaurus's
//! `i18n.locales`) is built once per locale, each build a site of its own under the
//! locale's base URL (`<baseUrl><code>/` unless the locale gives one), written into the
//! matching folder of the output. A build's [`Localization`] says which locale it is and
//! where that locale's translation files are, in the layout Docusaurus's
//! `write-translations` writes (`i18n/<path>/`):
//!
//! - `docusaurus-plugin-content-docs/<current|version-X>/<file>`,
//!   `docusaurus-plugin-content-blog/<file>`, `docusaurus-plugin-content-pages/<file>`: a
//!   translated file replaces the file of the same path in the content folder; a file with
//!   no translation is read untranslated (the translation folder adds no pages);
//! - `docusaurus-theme-classic/navbar.json` and `footer.json`: the navbar and footer labels
//!   (`config/locale.rs`, as it reads a locale's configuration);
//! - `docusaurus-plugin-content-docs/<current|version-X>.json`: the version label and the
//!   sidebars' category, link and doc labels (`load/sidebars/translate.rs`, after the sidebars);
//! - `docusaurus-plugin-content-blog/options.json`: the blog's title and description;
//! - `code.json`: the messages of the theme and of the site's own code, over the theme's
//!   defaults for the locale from `@docusaurus/theme-translations` when the site has it
//!   ([`theme_messages`]).
//!
//! Each message file is JSON, `{"<id>": {"message": "…", "description": "…"}}`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::contract::LocaleLink;
use crate::diagnostics::Diagnostic;

/// The translation folder of the docs plugin (its default instance).
pub const DOCS_PLUGIN: &str = "docusaurus-plugin-content-docs";
/// The translation folder of the blog plugin.
pub const BLOG_PLUGIN: &str = "docusaurus-plugin-content-blog";
/// The translation folder of the pages plugin.
pub const PAGES_PLUGIN: &str = "docusaurus-plugin-content-pages";

/// Which locale a build is of and where its translations are.
#[derive(Debug, Clone)]
pub struct Localization {
    /// Code of this build's locale.
    pub code: String,
    /// Code of the site's default locale.
    pub default_code: String,
    /// The locale's translation files (`i18n/<path>/`), when they are read.
    pub dir: Option<PathBuf>,
    /// The folder of this build in the site's output (`""` for the default locale, `fr`).
    pub out_rel: String,
    /// Every locale of the site with its base URL, the default one first.
    pub links: Vec<LocaleLink>,
}

/// A locale as the configuration gives it (`[locale]`, `[[locales]]`).
#[derive(Debug, Clone)]
pub struct LocaleInput {
    /// Its code (`fr`).
    pub code: String,
    /// Its name in itself (`Français`).
    pub label: String,
    /// `ltr` or `rtl`.
    pub direction: String,
    /// Its `<html lang>`.
    pub html_lang: String,
    /// Folder of its translations under the i18n folder (default: the code).
    pub path: Option<String>,
    /// Whether its translations are read (default: when its folder exists).
    pub translate: Option<bool>,
    /// Path its pages are served under.
    pub base_url: Option<String>,
}

/// The base URL of `locale` on a site served at `site_base`: its own `baseUrl`
/// (normalised to start and end with `/`), else `<site_base><code>/` for a locale that is
/// not the default one.
fn base_of(locale: &LocaleInput, site_base: &str, is_default: bool) -> String {
    match &locale.base_url {
        Some(b) => format!("/{}/", b.trim_matches('/')).replace("//", "/"),
        None if is_default => site_base.to_string(),
        None => format!("{site_base}{}/", locale.code),
    }
}

/// The localization of the build of locale `code` (`None`: the default one) of a site
/// whose configuration (`file`) gives the `default` locale and the `others`, its
/// translations under `i18n_path`, served at `site_base`; errors name the key.
pub fn localization(file: &Path, site_dir: &Path, (default, others, i18n_path): (&LocaleInput, &[LocaleInput], &str), site_base: &str, code: Option<&str>) -> Result<Localization, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let all: Vec<(&LocaleInput, bool)> = std::iter::once((default, true)).chain(others.iter().map(|l| (l, false))).collect();
    let mut links = Vec::new();
    for (i, (l, is_default)) in all.iter().enumerate() {
        let key = if *is_default { "locale".to_string() } else { format!("locales[{}]", i - 1) };
        if l.code.is_empty() || l.code.contains(['/', '\\', '\0']) || l.code == "." || l.code == ".." {
            errors.push(format!("`{key}.code`: {:?} is not a locale code", l.code));
            continue;
        }
        if all[..i].iter().any(|(o, _)| o.code == l.code) {
            errors.push(format!("`{key}.code`: locale {:?} is listed twice", l.code));
            continue;
        }
        let base = base_of(l, site_base, *is_default);
        if let Some(why) = crate::route::problem(&base) {
            errors.push(format!("`{key}.baseUrl`: {base:?} {why}"));
            continue;
        }
        // Each locale's pages go into a folder of the one output: a locale outside the
        // site's base URL would have none.
        if !*is_default && (base == site_base || !base.starts_with(site_base)) {
            errors.push(format!("`{key}.baseUrl`: {base:?} must lie under the site's baseUrl {site_base:?}, in a folder of its own"));
            continue;
        }
        links.push(LocaleLink { code: l.code.clone(), label: l.label.clone(), direction: l.direction.clone(), html_lang: l.html_lang.clone(), base_url: base });
    }
    if !errors.is_empty() {
        return Err(errors.into_iter().map(|e| Diagnostic::error(file, e)).collect());
    }
    let locale = match code {
        None => default,
        Some(c) => others.iter().find(|l| l.code == c).ok_or_else(|| vec![Diagnostic::error(file, format!("no locale {c:?} in the configuration"))])?,
    };
    let link = links.iter().find(|l| l.code == locale.code).expect("every locale has a link");
    let folder = site_dir.join(i18n_path).join(locale.path.as_deref().unwrap_or(&locale.code));
    let dir = match locale.translate {
        Some(false) => None,
        Some(true) => Some(folder),
        None => folder.is_dir().then_some(folder),
    };
    Ok(Localization {
        code: locale.code.clone(),
        default_code: default.code.clone(),
        dir,
        out_rel: link.base_url.strip_prefix(site_base).unwrap_or_default().trim_end_matches('/').to_string(),
        links,
    })
}

impl Localization {
    /// The translation of the content file `rel` of `plugin` (one of the `*_PLUGIN` folder
    /// names; `folder` is the version's folder for docs, `""` otherwise), when the locale
    /// has one inside the site folder (a link leading out of it is not read).
    pub fn translated(&self, site_dir: &Path, plugin: &str, folder: &str, rel: &Path) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        let path = dir.join(plugin).join(folder).join(rel);
        if !path.is_file() {
            return None;
        }
        let inside = match (std::fs::canonicalize(&path), std::fs::canonicalize(site_dir)) {
            (Ok(real), Ok(site)) => real.starts_with(site),
            _ => false,
        };
        inside.then_some(path)
    }

    /// The messages of the locale's message file `rel` (`code.json`,
    /// `docusaurus-theme-classic/navbar.json`, …); none when it has no such file.
    pub fn messages(&self, rel: &str, diags: &mut Vec<Diagnostic>) -> BTreeMap<String, String> {
        let Some(path) = self.dir.as_ref().map(|d| d.join(rel)).filter(|p| p.is_file()) else { return BTreeMap::new() };
        match read_messages(&path) {
            Ok(m) => m,
            Err(d) => {
                diags.push(d);
                BTreeMap::new()
            }
        }
    }
}

/// A message file: `{"<id>": {"message": "…"}}` (Docusaurus's translation files), or
/// `{"<id>": "…"}` (`@docusaurus/theme-translations`, whose `…___DESCRIPTION` keys are
/// left out).
pub fn read_messages(path: &Path) -> Result<BTreeMap<String, String>, Diagnostic> {
    let text = std::fs::read_to_string(path).map_err(|e| Diagnostic::error(path, format!("cannot read: {e}")))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| Diagnostic::error(path, format!("not a translation file: {e}")).at(e.line(), Some(e.column())))?;
    let object = value.as_object().ok_or_else(|| Diagnostic::error(path, "not a translation file: must be a JSON object of messages by id"))?;
    let mut out = BTreeMap::new();
    for (id, m) in object {
        let message = match m {
            serde_json::Value::String(s) if !id.ends_with("___DESCRIPTION") => s.clone(),
            serde_json::Value::String(_) => continue,
            serde_json::Value::Object(o) => match o.get("message").and_then(serde_json::Value::as_str) {
                Some(s) => s.to_string(),
                None => return Err(Diagnostic::error(path, format!("message {id:?} has no `message` text"))),
            },
            _ => return Err(Diagnostic::error(path, format!("message {id:?} must be an object with a `message` text"))),
        };
        out.insert(id.clone(), message);
    }
    Ok(out)
}

/// Replaces `text` by the message `id` of `messages`, when there is one.
pub fn replace(text: &mut String, messages: &BTreeMap<String, String>, id: &str) {
    if let Some(m) = messages.get(id) {
        *text = m.clone();
    }
}

/// The message `id` of `messages`, else `english`, with its `{name}` placeholders filled
/// from `values` (for the words the engine writes into pages, under Docusaurus's ids).
pub fn message(messages: &BTreeMap<String, String>, id: &str, english: &str, values: &[(&str, &str)]) -> String {
    let mut text = messages.get(id).map_or(english, String::as_str).to_string();
    for (name, value) in values {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// The messages of the theme and of the site's code for this locale: the defaults of
/// `@docusaurus/theme-translations` for the locale (its code, then its language alone),
/// when the site has the package, then the site's `code.json` over them.
pub fn theme_messages(site_dir: &Path, l10n: &Localization, html_lang: &str, diags: &mut Vec<Diagnostic>) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    if let Some(locales) = site_dir.ancestors().map(|d| d.join("node_modules/@docusaurus/theme-translations/locales")).find(|d| d.is_dir()) {
        let language = l10n.code.split('-').next().unwrap_or_default().to_string();
        let tried = [l10n.code.clone(), html_lang.to_string(), language];
        if let Some(dir) = tried.iter().map(|c| locales.join(c)).find(|d| d.is_dir()) {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).into_iter().flatten().flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
            files.sort();
            for f in files {
                // The package's files are not the site's to fix: one that does not read is left out.
                if let Ok(m) = read_messages(&f) {
                    out.extend(m);
                }
            }
        }
    }
    out.extend(l10n.messages("code.json", diags));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_files_of_both_shapes_read_and_a_bad_one_names_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.json");
        std::fs::write(&a, r#"{"x": {"message": "X", "description": "d"}, "y": "Y", "y___DESCRIPTION": "d"}"#).unwrap();
        let m = read_messages(&a).unwrap();
        assert_eq!(m.into_iter().collect::<Vec<_>>(), [("x".into(), "X".into()), ("y".into(), "Y".into())]);
        std::fs::write(&a, "{\n  \"x\": {\"message\": \"X\"},\n}").unwrap();
        let d = read_messages(&a).unwrap_err();
        assert_eq!(d.line, Some(3), "{d:?}");
        std::fs::write(&a, r#"{"x": {"description": "d"}}"#).unwrap();
        assert!(read_messages(&a).unwrap_err().message.contains("\"x\" has no `message`"));
    }
}
