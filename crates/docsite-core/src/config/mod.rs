//! Site configuration: `docsite.toml` exactly as written ([`RawConfig`]) and the settings
//! the build uses ([`SiteConfig`]).
//!
//! Every table rejects unknown keys, and every error names the key path
//! (`navbar.items[3].type`) with the line and column in the file. Key names follow
//! Docusaurus's `docusaurus.config.js` (camelCase) so a Docusaurus maintainer finds them
//! where they expect.
//!
//! The raw types also derive a JSON Schema (schemars reads the serde attributes, so the
//! schema accepts what the parser accepts). Their `///` comments are the user-facing
//! documentation of each key: `config_reference` turns the schema into the
//! configuration reference of the maintainers' guide, so write them for a site maintainer
//! (what the key does, its effect when absent, an example) and keep each field's comment
//! to one paragraph.
//!
//! The file as written, one module per part of it:
//! - `raw.rs`: [`RawConfig`] (the top-level keys), the small tables (`[security]`,
//!   `[[redirects]]`, `[blog]`, `[deploy]`, `[[schemas]]`, `[gtag]`, `scripts`) and
//!   [`raw_schema`];
//! - `docs.rs`: `[docs]` and `[[docsInstances]]`, and [`DocsInstance`], one of them as the
//!   load stage reads it;
//! - `theme.rs`: what the theme draws (Docusaurus's `themeConfig`): navbar, footer,
//!   announcement bar, colour mode, table of contents, Prism code colours;
//! - `search.rs`: `[search]`, local or hosted (Algolia);
//! - `locale.rs`: `[locale]` and `[[locales]]`, and the translation of navbar and footer
//!   labels for a locale's build.
//!
//! Reading it into settings:
//! - `read.rs`: the entry points ([`SiteConfig::load`], [`SiteConfig::read_with`],
//!   [`SiteConfig::read_locale`]): parse (or `docusaurus.rs`), override, check, derive;
//! - `docusaurus.rs`: a site without `docsite.toml` read from its Docusaurus config;
//! - `env.rs`: what environment variables override ([`ANALYTICS_ENV`], `DOCSITE_ALGOLIA_*`);
//! - `validate.rs`: the checks of the values, each problem at its key path;
//! - `settings.rs`: [`SiteConfig`] and what later stages ask of it.

mod docs;
mod docusaurus;
mod env;
mod locale;
mod raw;
mod read;
mod search;
mod settings;
mod theme;
mod validate;

pub use docs::{plugin_folder, DocsInstance, OnProblem, RawBanner, RawDocs, RawVersionOptions, DEFAULT_DOCS};
pub use env::ANALYTICS_ENV;
pub use locale::{Direction, RawLocale};
pub use raw::{raw_schema, RawBlog, RawConfig, RawDeploy, RawGtag, RawHeaderRule, RawRedirect, RawSchemaSet, RawScript, RawScriptTable, RawSecurity};
pub use read::find_key_line;
pub use search::{RawAlgolia, RawReplace, RawSearch};
pub use settings::SiteConfig;
pub use theme::{
    FooterStyle, NavbarStyle, RawAnnouncementBar, RawColorMode, RawColorModeName, RawFooter, RawFooterEntry, RawFooterLink, RawLogo, RawNavbar, RawNavbarItem, RawPosition, RawPrism, RawPrismEntry, RawPrismStyle, RawPrismTheme, RawToc,
    NAVBAR_TYPES,
};

pub use crate::markdown::MarkdownFormat;

/// The configuration file name inside a site directory.
pub const CONFIG_FILE: &str = "docsite.toml";
