//! [`SiteConfig`], the settings the build uses: the raw configuration after its checks,
//! with what is derived from it (normalised base URL and docs prefix, colour mode,
//! table-of-contents levels, the locale being built, compiled Sass), and the questions
//! later stages ask of it (where a configured path is read from, which folders lie outside
//! the site, every docs instance, which content goes through a site's own Markdown plugins).
//!
//! `read.rs` builds it; `load`, `build`, `site_data`, `blog`, `dev` and the CLI read it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::docs::docs_base;
use super::{find_key_line, DocsInstance, RawConfig, RawDocs, DEFAULT_DOCS};
use crate::contract::ColorMode;
use crate::diagnostics::Diagnostic;
use crate::paths::config_path;

/// Resolved settings used by the build.
#[derive(Debug)]
pub struct SiteConfig {
    /// The site directory.
    pub site_dir: PathBuf,
    /// The configuration file.
    pub file: PathBuf,
    /// The raw configuration (navbar and footer are resolved later, against the docs).
    pub raw: RawConfig,
    /// Base URL, normalised to start and end with `/`.
    pub base_url: String,
    /// Docs route prefix, normalised (`/docs`).
    pub docs_base: String,
    /// Colour mode.
    pub default_mode: ColorMode,
    /// Table-of-contents levels (inclusive).
    pub toc_levels: (u8, u8),
    /// Warnings about the configuration (keys of a Docusaurus config docsite ignores).
    pub warnings: Vec<Diagnostic>,
    /// Errors in values that were replaced by their default (or left out) so the content
    /// could still be checked ([`SiteConfig::read_with`]); empty from [`SiteConfig::load`].
    pub errors: Vec<Diagnostic>,
    /// Whether the configuration came from a Docusaurus config (no `docsite.toml`).
    pub from_docusaurus: bool,
    /// The locale this configuration builds ([`SiteConfig::read_locale`]) and where its
    /// translations are.
    pub i18n: crate::i18n::Localization,
    /// The CSS of each Sass `customCss` file, by its path (compiled by the site's `sass`).
    pub compiled_css: BTreeMap<PathBuf, Vec<u8>>,
    /// The content plugins of a Docusaurus config with remark or rehype plugins of the
    /// site's own: their Markdown takes the MDX path.
    pub markdown_plugins: Vec<crate::docusaurus::MarkdownPlugins>,
}

impl SiteConfig {
    /// The origins content may show in an `<iframe>`: `security.frameSrc`, or any (`None`)
    /// for a site read from a Docusaurus config, which has no such list (its pages' CSP
    /// allows the origins the content embeds: `build::check`).
    pub fn frame_src(&self) -> Option<&[String]> {
        (!self.from_docusaurus).then_some(self.raw.security.frame_src.as_slice())
    }

    /// How much raw HTML the content may use: the allow-lists for a `docsite.toml` site,
    /// what Docusaurus renders (less what acts by itself) for a site read from its
    /// Docusaurus config.
    pub fn html_policy(&self) -> crate::markdown::html_policy::HtmlPolicy {
        if self.from_docusaurus { crate::markdown::html_policy::HtmlPolicy::Docusaurus } else { crate::markdown::html_policy::HtmlPolicy::Listed }
    }

    /// The codes of the site's locales other than the default one, each built beside it.
    pub fn other_locales(&self) -> Vec<String> {
        self.raw.locales.iter().map(|l| l.code.clone()).collect()
    }

    /// Where a path the configuration names for reading (`docs.path`, `docs.sidebarPath`,
    /// `blog.path`, `pagesPath`, a `customCss` file) is read from: relative to the site
    /// folder or absolute, wherever it leads ([`crate::paths::config_path`]; the value was
    /// checked when the configuration was read).
    pub fn read_path(&self, value: &str) -> PathBuf {
        config_path(&self.site_dir, value).unwrap_or_else(|_| self.site_dir.join(value))
    }

    /// The content folders the configuration names (the current docs, the blog, the pages),
    /// each as [`SiteConfig::read_path`] gives it. A symlink inside one may lead anywhere in
    /// it or in the site folder (`load::walk_content`); `docsite dev` watches those outside
    /// the site folder too, and no output folder may be, hold or lie in one (`output.rs`).
    pub fn content_dirs(&self) -> Vec<PathBuf> {
        let mut dirs = vec![self.read_path(&self.raw.docs.path)];
        dirs.extend(self.raw.docs_instances.iter().map(|d| self.read_path(&d.path)));
        dirs.extend(self.raw.blog.as_ref().map(|b| self.read_path(&b.path)));
        let pages = self.raw.pages_path.trim();
        dirs.extend((!pages.is_empty()).then(|| self.read_path(pages)));
        dirs
    }

    /// What the configuration has the engine read outside the site folder: the content
    /// folders ([`SiteConfig::content_dirs`]), the sidebars file and the `customCss` files
    /// that lie beside it (`'../docs'`), none inside another. `docsite dev` watches them, and
    /// its error page shows code frames from them.
    pub fn read_outside(&self) -> Vec<PathBuf> {
        let site = crate::paths::normalize_path(&self.site_dir);
        let mut paths = self.content_dirs();
        paths.push(self.read_path(&self.raw.docs.sidebar_path));
        paths.extend(self.raw.docs_instances.iter().filter(|d| !d.sidebar_path.is_empty()).map(|d| self.read_path(&d.sidebar_path)));
        paths.extend(self.raw.custom_css.iter().map(|css| self.read_path(css)));
        paths.retain(|p| !p.starts_with(&site) && p.exists());
        paths.sort();
        paths.dedup();
        let all = paths.clone();
        paths.retain(|p| !all.iter().any(|q| q != p && p.starts_with(q)));
        paths
    }

    /// Every docs instance of the site: `[docs]` (id `default`) first, then
    /// `[[docsInstances]]` in their order.
    pub fn docs_instances(&self) -> Vec<DocsInstance<'_>> {
        let first = DocsInstance { id: DEFAULT_DOCS, raw: &self.raw.docs, key: "docs".into(), base: self.docs_base.clone() };
        let rest = self.raw.docs_instances.iter().enumerate().map(|(i, raw)| DocsInstance {
            id: raw.id.as_deref().unwrap_or_default(),
            raw,
            key: format!("docsInstances[{i}]"),
            base: docs_base(&self.base_url, &raw.route_base_path),
        });
        std::iter::once(first).chain(rest).collect()
    }

    /// The content plugins whose Markdown goes through the site's own remark and rehype
    /// plugins ([`SiteConfig::markdown_plugins`]), each with its folders: a docs instance's
    /// current docs, its versions' folder (`versioned_docs`, `<id>_versioned_docs`) and its
    /// translations in this locale; the blog's or the pages' folder and translations.
    pub fn markdown_plugin_sets(&self) -> Vec<crate::site_code::PluginSet> {
        use crate::docusaurus::PluginContent;
        let translated = |plugin: &str| self.i18n.dir.as_ref().map(|dir| dir.join(plugin));
        self.markdown_plugins
            .iter()
            .map(|m| {
                let dirs: Vec<PathBuf> = match &m.content {
                    PluginContent::Docs(id) => match self.docs_instances().into_iter().find(|d| d.id == id) {
                        Some(inst) => [Some(self.read_path(&inst.raw.path)), Some(self.site_dir.join(inst.file_name("versioned_docs"))), translated(&inst.translation_folder())].into_iter().flatten().collect(),
                        None => Vec::new(),
                    },
                    PluginContent::Blog => [self.raw.blog.as_ref().map(|b| self.read_path(&b.path)), translated(crate::i18n::BLOG_PLUGIN)].into_iter().flatten().collect(),
                    PluginContent::Pages => [Some(self.read_path(&self.raw.pages_path)).filter(|_| !self.raw.pages_path.trim().is_empty()), translated(crate::i18n::PAGES_PLUGIN)].into_iter().flatten().collect(),
                };
                crate::site_code::PluginSet { at: m.at.clone(), key: m.key.clone(), dirs: dirs.iter().map(|d| crate::paths::normalize_path(&crate::paths::absolute(d))).collect() }
            })
            .filter(|set| !set.dirs.is_empty())
            .collect()
    }

    /// The options of the docs instance `id` (`default`: `[docs]`).
    pub fn docs_of(&self, id: &str) -> &RawDocs {
        self.raw.docs_instances.iter().find(|d| d.id.as_deref() == Some(id)).unwrap_or(&self.raw.docs)
    }

    /// Line of a key path in the configuration text, for errors found after parsing.
    pub fn line_of(&self, key: &str) -> Option<usize> {
        std::fs::read_to_string(&self.file).ok().and_then(|t| find_key_line(&t, key))
    }
}
