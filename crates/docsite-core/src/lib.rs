//! The docsite engine: builds a Docusaurus-format documentation tree into a static,
//! pre-rendered, versioned site for the React theme.
//!
//! The pipeline reads as named stages (see `ARCHITECTURE.md`):
//! [`config`] and [`load`] -> [`markdown`] (render) -> [`build::check`] (links, anchors,
//! routes) -> [`emit`] (hashed chunks) -> [`prerender`] (Node workers) -> output.
//! [`contract`] is the typed data the theme reads; [`diagnostics`] the errors a person
//! can act on; [`headers`] the HTTP header policy the server and the host files share;
//! [`config_reference`] the guide's configuration reference, generated from
//! [`config`]'s types. Nothing here depends on the CLI or the server.

pub mod blog;
pub mod build;
pub mod config;
pub mod config_reference;
pub mod contract;
pub mod copied;
mod csp_manifest;
pub mod data_files;
pub mod dev;
pub mod dev_vite;
pub mod diagnostics;
pub mod doc_cards;
pub mod docusaurus;
pub mod emit;
pub mod git;
pub mod headers;
pub mod highlight;
pub mod i18n;
pub mod json_spans;
pub mod load;
pub mod markdown;
pub mod npm;
pub mod output;
pub mod paths;
pub mod prerender;
pub mod prism;
pub mod route;
pub mod sass;
pub mod schemas;
pub mod search;
pub mod site_code;
pub mod site_data;
pub mod theme;
pub mod version;
