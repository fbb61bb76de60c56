//! What the environment overrides in the configuration at build time: `[gtag]` turned off
//! by [`ANALYTICS_ENV`] (a preview deployment; `docsite dev` sets it), and hosted search
//! from the `DOCSITE_ALGOLIA_*` variables ([`RawSearch::hosted`]).
//!
//! `read.rs` applies the analytics switch while reading; `site_data.rs` asks for the hosted
//! search settings; the CLI's `dev` command sets [`ANALYTICS_ENV`].

use super::search::default_search_page;
use super::{RawAlgolia, RawSearch};

/// Environment variable that turns `[gtag]` off (`off`, `0`, `false` or `no`): a preview
/// or mirror deployment of a site that configures analytics. `docsite dev` sets it for
/// itself, so local previews never send page views.
pub const ANALYTICS_ENV: &str = "DOCSITE_ANALYTICS";

pub(super) fn analytics_off() -> bool {
    std::env::var(ANALYTICS_ENV).is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "off" | "0" | "false" | "no"))
}

impl RawSearch {
    /// The hosted configuration: the environment's, else the file's.
    pub fn hosted(&self) -> Option<RawAlgolia> {
        let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        match (env("DOCSITE_ALGOLIA_APP_ID"), env("DOCSITE_ALGOLIA_API_KEY"), env("DOCSITE_ALGOLIA_INDEX_NAME")) {
            (Some(app_id), Some(api_key), Some(index_name)) => Some(RawAlgolia {
                app_id,
                api_key,
                index_name,
                ..self.algolia.clone().unwrap_or(RawAlgolia {
                    app_id: String::new(),
                    api_key: String::new(),
                    index_name: String::new(),
                    contextual_search: true,
                    search_page_path: default_search_page(),
                    external_url_regex: None,
                    replace_search_result_pathname: None,
                })
            }),
            _ => self.algolia.clone(),
        }
    }
}
