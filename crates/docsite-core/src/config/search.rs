//! `[search]` as written: the local pagefind index's options and hosted search
//! (`[search.algolia]`, Docusaurus's `themeConfig.algolia` keys).
//!
//! `site_data.rs` reads them into the page data through `RawSearch::hosted` (in `env.rs`:
//! the `DOCSITE_ALGOLIA_*` environment variables win over this table).

use schemars::JsonSchema;
use serde::Deserialize;

use super::raw::yes;

/// The search box, the search page (`/search?q=`) and what readers see when a query finds
/// nothing. Without `[search.algolia]` every build writes a pagefind index of all docs and
/// site pages that readers' browsers query offline.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawSearch {
    /// Where the "Let us know." link points when a query finds nothing (e.g. a new issue in
    /// the repository); `{query}` is replaced by the query. No link when absent.
    pub report_url: Option<String>,
    /// Queries offered under "Try searching for" when a query finds nothing, e.g.
    /// `suggestions = ["raiseIntent", "Instrument"]`.
    #[serde(default)]
    pub suggestions: Vec<String>,
    /// Hosted search (Algolia DocSearch, Docusaurus's `themeConfig.algolia` keys). When set
    /// (or when the `DOCSITE_ALGOLIA_APP_ID`, `_API_KEY` and `_INDEX_NAME` environment
    /// variables are), the search UI queries it and no local index is built.
    pub algolia: Option<RawAlgolia>,
}

/// Algolia DocSearch instead of the built-in index (the keys of Docusaurus's
/// `themeConfig.algolia`). The environment variables `DOCSITE_ALGOLIA_APP_ID`,
/// `DOCSITE_ALGOLIA_API_KEY` and `DOCSITE_ALGOLIA_INDEX_NAME`, when all three are set at build
/// time, replace `appId`, `apiKey` and `indexName` (and turn hosted search on without this
/// table); the other keys still come from here.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawAlgolia {
    /// Algolia application id.
    pub app_id: String,
    /// Search-only API key. It is public (readers' browsers send it); never put an admin key
    /// here.
    pub api_key: String,
    /// Name of the DocSearch index to query.
    pub index_name: String,
    /// Filter results by the site's language (`locale.code`) and the docs version being read,
    /// with Docusaurus's facets (`language:<code>`, `docusaurus_tag:docs-default-<version>`).
    #[serde(default = "yes")]
    pub contextual_search: bool,
    /// Route of the full search page, relative to `baseUrl`.
    #[serde(default = "default_search_page")]
    pub search_page_path: String,
    /// Results whose URL matches this regular expression open as external links, in a new
    /// tab, e.g. `externalUrlRegex = "^https://github\\.com/"`.
    pub external_url_regex: Option<String>,
    /// Rewrites the path of every result before linking to it, e.g. to point an index built
    /// from another deployment at this one.
    pub replace_search_result_pathname: Option<RawReplace>,
}

/// `replaceSearchResultPathname = { from = "/docs/", to = "/" }`: the first match of the
/// regular expression `from` in a result's path is replaced by `to`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RawReplace {
    /// Regular expression (JavaScript syntax) matched against the result's path.
    pub from: String,
    /// Replacement text; `$1`… insert capture groups.
    pub to: String,
}

pub(super) fn default_search_page() -> String {
    "search".into()
}
