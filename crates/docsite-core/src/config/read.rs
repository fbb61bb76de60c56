//! Reading a site's configuration into [`SiteConfig`]: where it comes from (`docsite.toml`,
//! parsed here with every serde error at its key path, line and column; else the site's
//! Docusaurus config, `docusaurus.rs`), what overrides it (`--base-url`, the environment:
//! `env.rs`), the checks of its values (`validate.rs`), the settings derived from it (base
//! URL, docs prefix, locales) and, per locale, its translated labels (`locale.rs`).
//!
//! The entry points are [`SiteConfig::load`], [`SiteConfig::read_with`] (every problem as
//! an error of the result, for `docsite check`) and [`SiteConfig::read_locale`] (one
//! locale's build); the CLI, `build` and `dev` call them. [`find_key_line`] points errors
//! found after parsing (here, in `validate.rs` and in later stages through
//! `SiteConfig::line_of`) at a line of the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::docs::docs_base;
use super::env::analytics_off;
use super::locale::{locale_input, translate_theme};
use super::{RawColorModeName, RawConfig, SiteConfig, CONFIG_FILE};
use crate::contract::ColorMode;
use crate::diagnostics::{line_col, Diagnostic};

/// The raw configuration of a site and where it came from.
pub(super) struct Source {
    pub(super) file: PathBuf,
    pub(super) raw: RawConfig,
    /// The TOML text, to find the line of a key in errors found after parsing.
    pub(super) toml: Option<String>,
    pub(super) warnings: Vec<Diagnostic>,
    /// Problems found while reading a Docusaurus config (a content plugin instance docsite
    /// cannot build), reported with the content's.
    pub(super) errors: Vec<Diagnostic>,
    pub(super) markdown_plugins: Vec<crate::docusaurus::MarkdownPlugins>,
}

/// Reads `docsite.toml`, or else the site's Docusaurus config (evaluated by Node).
fn read_source(site_dir: &Path) -> Result<Source, Vec<Diagnostic>> {
    let file = site_dir.join(CONFIG_FILE);
    if !file.exists() {
        if let Some(dc) = crate::docusaurus::find(site_dir) {
            return super::docusaurus::read(site_dir, dc);
        }
    }
    let text = std::fs::read_to_string(&file).map_err(|e| {
        vec![Diagnostic::error(&file, format!("cannot read the site configuration: {e}"))
            .hint(format!("create {CONFIG_FILE} in the site directory (see CONTRIBUTING.md), or point docsite at a Docusaurus site (docusaurus.config.js)"))]
    })?;
    let raw = parse(&file, &text).map_err(|d| vec![d])?;
    Ok(Source { file, raw, toml: Some(text), warnings: Vec::new(), errors: Vec::new(), markdown_plugins: Vec::new() })
}

impl SiteConfig {
    /// Reads and validates `<site_dir>/docsite.toml`.
    /// Without `docsite.toml`, the site's Docusaurus config is read instead
    /// ([`crate::docusaurus`]); the keys it ignores become [`SiteConfig::warnings`].
    pub fn load(site_dir: &Path) -> Result<SiteConfig, Vec<Diagnostic>> {
        Self::load_with(site_dir, None)
    }

    /// [`SiteConfig::load`], with `baseUrl` replaced by `base_url` when given (`docsite build
    /// --base-url`: a fork or a deploy preview published under another path).
    pub fn load_with(site_dir: &Path, base_url: Option<&str>) -> Result<SiteConfig, Vec<Diagnostic>> {
        let config = Self::read_with(site_dir, base_url)?;
        if config.errors.is_empty() {
            Ok(config)
        } else {
            Err(config.errors)
        }
    }

    /// [`SiteConfig::load_with`] for a run that reports every problem of the site at once:
    /// a value that is wrong but does not stop docsite from finding the content becomes an
    /// entry of [`SiteConfig::errors`] and is replaced by its default (or left out), so the
    /// content is still checked. Only a configuration that cannot be read, or one whose
    /// docs or sidebars path leaves the site folder, is an `Err` (every error found so far).
    pub fn read_with(site_dir: &Path, base_url: Option<&str>) -> Result<SiteConfig, Vec<Diagnostic>> {
        Self::read_locale(site_dir, base_url, None)
    }

    /// [`SiteConfig::read_with`] before the locale's translations are applied.
    fn read_untranslated(site_dir: &Path, base_url: Option<&str>) -> Result<SiteConfig, Vec<Diagnostic>> {
        let Source { file, mut raw, toml: text, mut warnings, errors: source_errors, markdown_plugins } = read_source(site_dir)?;
        let from_docusaurus = text.is_none();
        let text = text.unwrap_or_default();
        if analytics_off() {
            raw.gtag = None;
        }
        if let Some(base) = base_url {
            if !base.starts_with('/') || base.contains(['?', '#', '\\', '"', '<', '>', ' ']) || base.split('/').any(|s| s == "..") {
                return Err(vec![Diagnostic::error(&file, format!("--base-url must be a URL path starting with `/` (like `/FDC3/`), found {base:?}"))]);
            }
            raw.base_url = base.to_string();
        }
        let mut errors = source_errors;
        let Some(compiled_css) = super::validate::check(site_dir, &file, &text, from_docusaurus, &mut raw, &mut errors, &mut warnings) else {
            return Err(errors);
        };
        let mut base_url = raw.base_url.clone();
        if !base_url.ends_with('/') {
            base_url.push('/');
        }
        let docs_base = docs_base(&base_url, &raw.docs.route_base_path);
        let i18n = match localization(&raw, &file, site_dir, &base_url, None) {
            Ok(l) => l,
            Err(e) => {
                errors.extend(e);
                raw.locales.clear();
                localization(&raw, &file, site_dir, &base_url, None).map_err(|e| errors.iter().cloned().chain(e).collect::<Vec<_>>())?
            }
        };
        Ok(SiteConfig {
            i18n,
            compiled_css,
            markdown_plugins,
            site_dir: site_dir.to_path_buf(),
            file,
            default_mode: match raw.color_mode.default_mode {
                RawColorModeName::Light => ColorMode::Light,
                RawColorModeName::Dark => ColorMode::Dark,
            },
            toc_levels: (raw.table_of_contents.min_heading_level, raw.table_of_contents.max_heading_level),
            base_url,
            docs_base,
            raw,
            warnings,
            errors,
            from_docusaurus,
        })
    }

    /// [`SiteConfig::read_with`] for the build of the locale `code` (`None`: the default
    /// one): served under the locale's base URL, its navbar and footer translated.
    pub fn read_locale(site_dir: &Path, base_url: Option<&str>, code: Option<&str>) -> Result<SiteConfig, Vec<Diagnostic>> {
        let mut config = Self::read_untranslated(site_dir, base_url)?;
        if let Some(code) = code {
            let site_base = config.base_url.clone();
            let i18n = localization(&config.raw, &config.file, site_dir, &site_base, Some(code))?;
            let link = i18n.links.iter().find(|l| l.code == code).expect("the locale has a link");
            config.base_url = link.base_url.clone();
            config.raw.base_url = link.base_url.clone();
            config.docs_base = docs_base(&config.base_url, &config.raw.docs.route_base_path);
            if let Some(l) = config.raw.locales.iter().find(|l| l.code == code) {
                config.raw.locale = l.clone();
            }
            config.i18n = i18n;
        }
        let mut errors = Vec::new();
        translate_theme(&config.i18n, &mut config.raw, &mut errors);
        config.errors.extend(errors);
        Ok(config)
    }
}

/// The site's locales from its config ([`crate::i18n::localization`]), for the locale `code`
/// (`None`: the default one) served under `site_base`.
fn localization(raw: &RawConfig, file: &Path, site_dir: &Path, site_base: &str, code: Option<&str>) -> Result<crate::i18n::Localization, Vec<Diagnostic>> {
    let others: Vec<_> = raw.locales.iter().map(locale_input).collect();
    crate::i18n::localization(file, site_dir, (&locale_input(&raw.locale), &others, &raw.i18n_path), site_base, code)
}

/// Parses the TOML text, turning serde errors into a diagnostic with the key path.
fn parse(file: &Path, text: &str) -> Result<RawConfig, Diagnostic> {
    let de = toml::Deserializer::new(text);
    serde_path_to_error::deserialize(de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.inner();
        let mut d = Diagnostic::error(
            file,
            if path == "." || path.is_empty() {
                inner.message().to_string()
            } else {
                format!("`{path}`: {}", inner.message())
            },
        );
        if let Some(span) = inner.span() {
            let (line, col) = line_col(text, span.start);
            d = d.at(line, Some(col));
        }
        d.hint("see the configuration reference (guide/docs/configuration.md) for the accepted keys")
    })
}

/// Best-effort line of a dotted key path such as `navbar.items[3]` in a TOML text: finds the
/// table header, then the n-th array-of-tables entry. Good enough to point a person at the
/// right place; the key path itself is always in the message.
pub fn find_key_line(text: &str, key: &str) -> Option<usize> {
    let mut table = String::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let wanted = key;
    // `navbar.items[3].label` -> look for the 4th `[[navbar.items]]`.
    let idx = wanted.find('[').map(|i| {
        let end = wanted[i..].find(']').map(|e| i + e).unwrap_or(wanted.len());
        let n: usize = wanted[i + 1..end].parse().unwrap_or(0);
        let prefix = wanted[..i].to_string();
        (prefix, n)
    });
    for (no, line) in text.lines().enumerate() {
        let t = line.trim();
        if let Some(name) = t.strip_prefix("[[").and_then(|s| s.strip_suffix("]]")) {
            let c = counts.entry(name.trim().to_string()).or_insert(0);
            if let Some((prefix, n)) = &idx {
                if name.trim() == prefix && *c == *n {
                    return Some(no + 1);
                }
            }
            *c += 1;
            table = name.trim().to_string();
        } else if let Some(name) = t.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
            table = name.trim().to_string();
            if table == wanted {
                return Some(no + 1);
            }
        } else if let Some((k, _)) = t.split_once('=') {
            let full = if table.is_empty() { k.trim().to_string() } else { format!("{table}.{}", k.trim()) };
            if full == wanted || k.trim() == wanted {
                return Some(no + 1);
            }
        }
    }
    None
}
