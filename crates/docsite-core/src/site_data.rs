//! Resolves the configuration's navbar, footer and versions into the contract's
//! [`SiteData`], against the loaded docs (a `doc` navbar item becomes its route in every
//! version that has the doc).

use std::collections::BTreeMap;

use crate::config::{RawLogo, RawNavbarItem, SiteConfig, NAVBAR_TYPES};
use crate::contract::*;
use crate::diagnostics::Diagnostic;
use crate::load::{Content, SidebarEntry, Version};
use crate::paths::encode_path;


/// Links written in the configuration, as (config key path, route), checked like page links.
pub type ConfigLinks = Vec<(String, String)>;

/// Builds the site data and the problems found on the way (errors naming the configuration
/// key path); an item with a problem is left out, so the rest of the site is still checked.
pub fn site_data(config: &SiteConfig, content: &Content, main_doc_paths: &BTreeMap<String, String>) -> (SiteData, ConfigLinks, Vec<Diagnostic>) {
    let raw = &config.raw;
    let mut r = Resolver { config, content, errors: Vec::new(), internal_links: Vec::new() };
    let mut items: Vec<NavbarItem> = raw.navbar.items.iter().enumerate().filter_map(|(i, item)| r.navbar_item(item, &format!("navbar.items[{i}]"))).collect();
    // Like Docusaurus, a site whose navbar has no search item gets one on the right.
    if !items.iter().any(|i| matches!(i, NavbarItem::Search { .. })) {
        items.push(NavbarItem::Search { config_path: "search".into(), position: Position::Right });
    }
    let navbar = NavbarData {
        title: raw.navbar.title.clone(),
        logo: raw.navbar.logo.as_ref().map(|l| r.logo(l)),
        hide_on_scroll: raw.navbar.hide_on_scroll,
        style: raw.navbar.style.map(|s| match s {
            crate::config::NavbarStyle::Dark => "dark".to_string(),
            crate::config::NavbarStyle::Primary => "primary".to_string(),
        }),
        items,
    };
    let footer = raw.footer.as_ref().map(|f| {
        let mut columns = Vec::new();
        let mut links = Vec::new();
        for (i, entry) in f.links.iter().enumerate() {
            let key = format!("footer.links[{i}]");
            match (&entry.title, &entry.items) {
                (Some(title), Some(items)) => columns.push(FooterColumn {
                    title: title.clone(),
                    items: items
                        .iter()
                        .enumerate()
                        .filter_map(|(j, l)| r.footer_item(LinkKeys { label: l.label.as_ref(), to: l.to.as_deref(), href: l.href.as_deref(), class_name: l.class_name.as_ref(), aria_label: l.aria_label.as_ref(), ..Default::default() }, l.html.as_ref(), &format!("{key}.items[{j}]")))
                        .collect(),
                }),
                (None, None) => {
                    let link = LinkKeys { label: entry.label.as_ref(), to: entry.to.as_deref(), href: entry.href.as_deref(), class_name: entry.class_name.as_ref(), aria_label: entry.aria_label.as_ref(), ..Default::default() };
                    if let Some(l) = r.footer_item(link, entry.html.as_ref(), &key) {
                        links.push(l)
                    }
                }
                _ => r.error(&key, "a footer column needs both `title` and `items`; a footer link needs `label` and `to` or `href`".into()),
            }
        }
        if !columns.is_empty() && !links.is_empty() {
            r.error("footer.links", "mixes columns (title + items) and plain links; use one form".into());
        }
        FooterData {
            style: match f.style {
                crate::config::FooterStyle::Dark => "dark".into(),
                crate::config::FooterStyle::Light => "light".into(),
            },
            columns,
            links,
            logo: f.logo.as_ref().map(|l| r.logo(l)),
            copyright: f.copyright.clone().inspect(|c| {
                for problem in crate::markdown::html_policy::fragment_problems(c, r.config.html_policy()) {
                    r.error("footer.copyright", problem);
                }
            }),
        }
    });
    let versions = content
        .versions
        .iter()
        .map(|v| VersionData {
            name: v.name.clone(),
            label: v.label.clone(),
            path: v.route_prefix.clone(),
            main_doc_path: main_doc_paths.get(&v.name).cloned().unwrap_or_else(|| v.route_prefix.clone()),
            is_last: v.is_last,
            banner: v.banner,
            banner_text: v.banner_text.clone(),
            plugin_id: (v.plugin != crate::config::DEFAULT_DOCS).then(|| v.plugin.clone()),
        })
        .collect();
    let scripts = raw
        .scripts
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let (src, defer) = match s {
                crate::config::RawScript::Url(src) => (src, false),
                crate::config::RawScript::Table(t) => (&t.src, t.defer),
            };
            if src.trim().is_empty() {
                r.error(&format!("scripts[{i}]"), "a script needs a `src` URL".into());
                return None;
            }
            Some(ScriptData { src: r.asset(src), defer })
        })
        .collect();
    if raw.gtag.as_ref().is_some_and(|g| g.tracking_id.trim().is_empty()) {
        r.error("gtag.trackingID", "must not be empty (remove `[gtag]` to turn analytics off)".into());
    }
    let custom_fields = match &raw.custom_fields {
        None => serde_json::Value::Object(serde_json::Map::new()),
        Some(value @ serde_json::Value::Object(_)) => value.clone(),
        Some(_) => {
            r.error("customFields", "must be a table of values (`[customFields]`)".into());
            serde_json::Value::Null
        }
    };
    let (internal_links, mut errors) = (r.internal_links, r.errors);
    let translations = crate::i18n::theme_messages(&config.site_dir, &config.i18n, &raw.locale.html_lang, &mut errors);
    let locale = LocaleData {
        code: raw.locale.code.clone(),
        label: raw.locale.label.clone(),
        direction: match raw.locale.direction {
            crate::config::Direction::Ltr => "ltr".into(),
            crate::config::Direction::Rtl => "rtl".into(),
        },
        html_lang: raw.locale.html_lang.clone(),
    };
    (
        SiteData {
            title: raw.title.clone(),
            tagline: raw.tagline.clone(),
            url: raw.url.trim_end_matches('/').to_string(),
            base_url: config.base_url.clone(),
            favicon: raw.favicon.clone(),
            custom_fields,
            locale: locale.clone(),
            default_locale: config.i18n.default_code.clone(),
            locales: config.i18n.links.clone(),
            translations,
            navbar,
            footer,
            announcement_bar: raw.announcement_bar.as_ref().map(|a| AnnouncementBarData {
                id: a.id.clone(),
                content: a.content.clone(),
                background_color: a.background_color.clone(),
                text_color: a.text_color.clone(),
                is_closeable: a.is_closeable,
            }),
            color_mode: ColorModeData {
                default_mode: config.default_mode,
                disable_switch: raw.color_mode.disable_switch,
                respect_prefers_color_scheme: raw.color_mode.respect_prefers_color_scheme,
            },
            analytics: raw.gtag.as_ref().map(|g| AnalyticsData { tracking_id: g.tracking_id.clone(), anonymize_ip: g.anonymize_ip }),
            scripts,
            versions,
            last_version: content.last_version.clone(),
            search: search_data(config),
            frame_src: raw.security.frame_src.clone(),
        },
        internal_links,
        errors,
    )
}

struct Resolver<'a> {
    config: &'a SiteConfig,
    content: &'a Content,
    errors: Vec<Diagnostic>,
    /// (config key, route) of every internal `to`, checked with the content links.
    internal_links: Vec<(String, String)>,
}

impl Resolver<'_> {
    /// A problem of the config key `key`, at its line when the config file has one.
    fn problem(&self, key: &str, msg: String) -> Diagnostic {
        let d = Diagnostic::error(&self.config.file, format!("`{key}`: {msg}"));
        match self.config.line_of(key) {
            Some(line) => d.at(line, None),
            None => d,
        }
    }

    fn error(&mut self, key: &str, msg: String) {
        let d = self.problem(key, msg);
        self.errors.push(d);
    }

    fn warn(&mut self, key: &str, msg: String) {
        let d = self.problem(key, msg).with_severity(crate::diagnostics::Severity::Warning);
        self.errors.push(d);
    }

    fn logo(&mut self, l: &RawLogo) -> LogoData {
        let src = self.asset(&l.src);
        LogoData {
            alt: l.alt.clone(),
            src_dark: l.src_dark.as_deref().map(|s| self.asset(s)).unwrap_or_else(|| src.clone()),
            src,
            href: l.href.clone().unwrap_or_else(|| self.config.base_url.clone()),
            width: l.width,
            height: l.height,
        }
    }

    fn asset(&self, src: &str) -> String {
        if src.contains("://") || src.starts_with('/') {
            src.to_string()
        } else {
            format!("{}{}", self.config.base_url, src)
        }
    }

    /// A footer item: `html` (checked against the raw-HTML allow-list), or a link.
    fn footer_item(&mut self, link: LinkKeys, html: Option<&String>, key: &str) -> Option<MenuItem> {
        let Some(html) = html else {
            return self.link(link, key).map(MenuItem::Link);
        };
        if link.label.is_some() || link.to.is_some() || link.href.is_some() {
            self.error(key, "an item has either `html` or a link (`label` with `to` or `href`), not both".into());
            return None;
        }
        self.html(html, &format!("{key}.html")).map(|html| MenuItem::Html { html })
    }

    /// Configured HTML, if the raw-HTML allow-list accepts it (else errors at `key`).
    fn html(&mut self, html: &str, key: &str) -> Option<String> {
        let problems = crate::markdown::html_policy::fragment_problems(html, self.config.html_policy());
        let ok = problems.is_empty();
        for problem in problems {
            self.error(key, problem);
        }
        ok.then(|| html.to_string())
    }

    fn link(&mut self, link: LinkKeys, key: &str) -> Option<LinkData> {
        let LinkKeys { label, to, href, active_base_path: abp, active_base_regex: abr, class_name, aria_label } = link;
        // As in Docusaurus, a link may have no text: an icon link, drawn by the site's CSS
        // from its `className`, named for screen readers by its `aria-label`. Docusaurus
        // builds one without either (screen readers then read its URL): a warning there.
        if label.is_none() && aria_label.is_none() {
            let message = "a link needs a `label`, or an `aria-label` naming an icon link (one drawn by its `className`)".to_string();
            if !self.config.from_docusaurus {
                self.error(key, message);
                return None;
            }
            self.warn(key, format!("{message}: without either, screen readers read out its URL"));
        }
        // A `to` that is a full URL is an external link, as in Docusaurus.
        let (to, href) = match to {
            Some(t) if t.contains("://") || t.starts_with("mailto:") => (None, href.or(Some(t))),
            _ => (to, href),
        };
        if to.is_none() && href.is_none() {
            self.error(key, "a link needs `to` (an internal route) or `href` (an external URL)".into());
            return None;
        }
        if let Some(re) = abr {
            if let Err(e) = regex::Regex::new(re) {
                self.error(&format!("{key}.activeBaseRegex"), format!("invalid regular expression: {e}"));
            }
        }
        if let Some(problem) = href.and_then(|h| crate::markdown::html_policy::attribute_problem("a", "href", h, self.config.html_policy())) {
            self.error(&format!("{key}.href"), problem);
        }
        let to = to.map(|t| {
            // Routes are relative to the base URL (as in Docusaurus): `/community` is
            // `<baseUrl>community`, so `--base-url` needs no config edit.
            let base = self.config.base_url.as_str();
            let t = if base != "/" && !t.starts_with(base) { format!("{base}{}", t.trim_start_matches('/')) } else if t.starts_with('/') { t.to_string() } else { format!("/{t}") };
            self.internal_links.push((key.to_string(), t.clone()));
            encode_path(&t)
        });
        Some(LinkData {
            label: label.cloned().unwrap_or_default(),
            to,
            href: href.map(str::to_string),
            active_base_path: abp.cloned(),
            active_base_regex: abr.cloned(),
            class_name: class_name.cloned(),
            aria_label: aria_label.cloned(),
        })
    }

    /// The links of a dropdown's item list (`dropdownItemsBefore`, ...), each read by
    /// [`Self::dropdown_link`].
    fn simple_links(&mut self, items: Option<&Vec<RawNavbarItem>>, key: &str) -> Vec<LinkData> {
        items.into_iter().flatten().enumerate().filter_map(|(i, it)| self.dropdown_link(it, &format!("{key}[{i}]"))).collect()
    }

    /// A link inside a dropdown: `label` with `to` or `href`, or a `docId`.
    fn dropdown_link(&mut self, it: &RawNavbarItem, k: &str) -> Option<LinkData> {
        let Some(doc_id) = &it.doc_id else { return self.link(LinkKeys::of(it), k) };
        // A doc inside a dropdown links to the latest version's page.
        let plugin = self.plugin_of(it, k)?;
        let last = self.last_of(&plugin).map(|v| v.name.clone()).unwrap_or_default();
        match self.doc_routes(&plugin, doc_id).get(&last).cloned() {
            Some(r) => self.link(LinkKeys { label: it.label.as_ref().or(Some(doc_id)), to: Some(&r), href: None, ..LinkKeys::of(it) }, k),
            None => {
                self.error(k, format!("doc {doc_id:?} does not exist in the latest version"));
                None
            }
        }
    }

    /// The entries of a `dropdown`: links (as [`Self::simple_links`] reads them) and, as in
    /// Docusaurus, `html` items.
    fn dropdown_items(&mut self, items: &[RawNavbarItem], key: &str) -> Vec<MenuItem> {
        let mut out = Vec::new();
        for (i, it) in items.iter().enumerate() {
            let k = format!("{key}[{i}]");
            if it.kind.as_deref() != Some("html") {
                out.extend(self.dropdown_link(it, &k).map(MenuItem::Link));
                continue;
            }
            match &it.value {
                Some(value) => out.extend(self.html(value, &format!("{k}.value")).map(|html| MenuItem::Html { html })),
                None => self.error(&k, "an `html` item needs a `value`".into()),
            }
        }
        out
    }

    /// The docs instance an item names (`docsPluginId`, default `default`); an id no
    /// instance has is an error naming the key.
    fn plugin_of(&mut self, item: &RawNavbarItem, key: &str) -> Option<String> {
        let id = item.docs_plugin_id.clone().unwrap_or_else(|| crate::config::DEFAULT_DOCS.to_string());
        if self.content.versions.iter().any(|v| v.plugin == id) {
            return Some(id);
        }
        let mut known: Vec<&str> = self.content.versions.iter().map(|v| v.plugin.as_str()).collect();
        known.dedup();
        self.error(&format!("{key}.docsPluginId"), format!("no docs instance has the id {id:?} (the site's: {})", known.join(", ")));
        None
    }

    /// The versions of one docs instance, newest first.
    fn versions_of<'v>(&'v self, plugin: &'v str) -> impl Iterator<Item = &'v Version> + 'v {
        self.content.versions.iter().filter(move |v| v.plugin == plugin)
    }

    /// The latest release of a docs instance (its first version when none is marked).
    fn last_of<'v>(&'v self, plugin: &'v str) -> Option<&'v Version> {
        self.versions_of(plugin).find(|v| v.is_last).or_else(|| self.versions_of(plugin).next())
    }

    fn doc_routes(&self, plugin: &str, doc_id: &str) -> BTreeMap<String, String> {
        self.versions_of(plugin)
            .filter_map(|v| v.doc(doc_id).map(|d| (v.name.clone(), encode_path(&d.route))))
            .collect()
    }

    fn navbar_item(&mut self, item: &RawNavbarItem, key: &str) -> Option<NavbarItem> {
        if item.class_name.is_some() && (item.items.is_some() || item.kind.as_deref() == Some("html")) {
            // Docusaurus puts it on the dropdown's toggle or the html item's element; the
            // theme does not carry it there yet: said, not silently dropped.
            let d = Diagnostic::error(&self.config.file, format!("`{key}.className` is ignored: docsite does not put a class on a dropdown or an html item yet"));
            self.errors.push(d.with_severity(crate::diagnostics::Severity::Warning));
        }
        // An item with `items` is a dropdown when its type is not set or `default`, as in
        // Docusaurus (the classic theme's NavbarItem picks the dropdown for it).
        let kind = match item.kind.as_deref() {
            None | Some("default") if item.items.is_some() => "dropdown",
            kind => kind.unwrap_or("default"),
        };
        let position = item.position.map(Position::from).unwrap_or(Position::Left);
        let config_path = key.to_string();
        match kind {
            "default" => {
                let link = self.link(LinkKeys::of(item), key)?;
                Some(NavbarItem::Link { config_path, position, link })
            }
            "dropdown" => {
                let Some(label) = item.label.clone() else {
                    self.error(key, "a dropdown needs a `label`".into());
                    return None;
                };
                let items = self.dropdown_items(item.items.as_deref().unwrap_or_default(), &format!("{key}.items"));
                Some(NavbarItem::Dropdown { config_path, position, label, to: item.to.clone(), items })
            }
            "html" => match &item.value {
                Some(value) => {
                    // The item is kept when the allow-list refuses it: the error stops the build.
                    self.html(value, &format!("{key}.value"));
                    Some(NavbarItem::Html { config_path, position, value: value.clone() })
                }
                None => {
                    self.error(key, "an `html` item needs a `value`".into());
                    None
                }
            },
            "search" => Some(NavbarItem::Search { config_path, position }),
            "localeDropdown" => {
                let items_after = self.simple_links(item.dropdown_items_after.as_ref(), &format!("{key}.dropdownItemsAfter"));
                Some(NavbarItem::LocaleDropdown { config_path, position, items_after })
            }
            "doc" => {
                let Some(doc_id) = &item.doc_id else {
                    self.error(key, "a `doc` item needs a `docId`".into());
                    return None;
                };
                let plugin = self.plugin_of(item, key)?;
                let to_by_version = self.doc_routes(&plugin, doc_id);
                if to_by_version.is_empty() {
                    let of = if plugin == crate::config::DEFAULT_DOCS { String::new() } else { format!(" of the docs instance {plugin:?}") };
                    self.error(key, format!("docId {doc_id:?} is not a doc of any version{of}"));
                    return None;
                }
                let active_sidebar = self.sidebar_containing(&plugin, doc_id);
                let label = item.label.clone().or_else(|| self.title_of(&plugin, doc_id)).unwrap_or_else(|| doc_id.clone());
                Some(NavbarItem::DocLink { config_path, position, label, to_by_version, active_sidebar, active_base_regex: item.active_base_regex.clone(), class_name: item.class_name.clone(), aria_label: item.aria_label.clone() })
            }
            "docSidebar" => {
                let Some(sidebar_id) = &item.sidebar_id else {
                    self.error(key, "a `docSidebar` item needs a `sidebarId`".into());
                    return None;
                };
                let plugin = self.plugin_of(item, key)?;
                let to_by_version: BTreeMap<String, String> = self
                    .versions_of(&plugin)
                    .filter_map(|v| first_doc_of_sidebar(v, sidebar_id).map(|r| (v.name.clone(), encode_path(&r))))
                    .collect();
                if to_by_version.is_empty() {
                    self.error(key, format!("sidebar {sidebar_id:?} has no doc to link to in any version"));
                    return None;
                }
                let label = item.label.clone().unwrap_or_else(|| sidebar_id.clone());
                Some(NavbarItem::DocLink { config_path, position, label, to_by_version, active_sidebar: Some(sidebar_id.clone()), active_base_regex: item.active_base_regex.clone(), class_name: item.class_name.clone(), aria_label: item.aria_label.clone() })
            }
            "docsVersion" => {
                let plugin = self.plugin_of(item, key)?;
                let to_by_version = self.versions_of(&plugin).filter_map(|v| main_doc(v).map(|d| (v.name.clone(), encode_path(&d)))).collect();
                let label = item.label.clone().unwrap_or_else(|| "Docs".into());
                Some(NavbarItem::DocLink { config_path, position, label, to_by_version, active_sidebar: None, active_base_regex: item.active_base_regex.clone(), class_name: item.class_name.clone(), aria_label: item.aria_label.clone() })
            }
            "docsVersionDropdown" => {
                let items_before = self.simple_links(item.dropdown_items_before.as_ref(), &format!("{key}.dropdownItemsBefore"));
                let items_after = self.simple_links(item.dropdown_items_after.as_ref(), &format!("{key}.dropdownItemsAfter"));
                let plugin = self.plugin_of(item, key)?;
                let plugin_id = (plugin != crate::config::DEFAULT_DOCS).then_some(plugin);
                Some(NavbarItem::DocsVersionDropdown { config_path, position, items_before, items_after, plugin_id })
            }
            other => {
                self.error(&format!("{key}.type"), format!("unknown navbar item type {other:?}; expected one of {}", NAVBAR_TYPES.join(", ")));
                None
            }
        }
    }

    fn sidebar_containing(&self, plugin: &str, doc_id: &str) -> Option<String> {
        let last = self.last_of(plugin)?;
        crate::load::sidebar_of_docs(last).get(doc_id).cloned()
    }

    fn title_of(&self, plugin: &str, doc_id: &str) -> Option<String> {
        let last = self.versions_of(plugin).find(|v| v.is_last)?;
        last.doc(doc_id).map(|d| d.sidebar_label())
    }
}

/// The route of a sidebar's first doc.
pub fn first_doc_of_sidebar(v: &Version, sidebar_id: &str) -> Option<String> {
    fn first(items: &[SidebarEntry]) -> Option<&str> {
        items.iter().find_map(|i| match i {
            SidebarEntry::Doc { id, .. } => Some(id.as_str()),
            SidebarEntry::Category { items, link, .. } => link.as_deref().or_else(|| first(items)),
            _ => None,
        })
    }
    let (_, items) = v.sidebars.iter().find(|(id, _)| id == sidebar_id)?;
    let id = first(items)?;
    v.doc(id).map(|d| d.route.clone())
}

/// The route of a version's main doc: the doc at the version root, else the first doc of
/// the first sidebar, else the first doc (Docusaurus's rule).
pub fn main_doc(v: &Version) -> Option<String> {
    if let Some(d) = v.docs.iter().find(|d| crate::paths::normalize_route(&d.route) == crate::paths::normalize_route(&v.route_prefix)) {
        return Some(d.route.clone());
    }
    if let Some((id, _)) = v.sidebars.first() {
        if let Some(r) = first_doc_of_sidebar(v, id) {
            return Some(r);
        }
    }
    v.docs.first().map(|d| d.route.clone())
}

/// The search settings: hosted when configured, else the built-in index.
pub fn search_data(config: &SiteConfig) -> SearchData {
    let hosted = config.raw.search.hosted();
    let page = hosted.as_ref().map(|h| h.search_page_path.trim_matches('/').to_string()).unwrap_or_else(|| "search".into());
    SearchData {
        page_path: format!("{}{page}", config.base_url),
        local_bundle: hosted.is_none().then(|| format!("{}{}/", config.base_url, crate::search::BUNDLE_DIR)),
        // Set once the pages are known (`search::part_urls`).
        local_parts: None,
        hosted: hosted.map(|h| HostedSearchData {
            app_id: h.app_id,
            api_key: h.api_key,
            index_name: h.index_name,
            contextual_search: h.contextual_search,
            external_url_regex: h.external_url_regex,
            replace_from: h.replace_search_result_pathname.as_ref().map(|r| r.from.clone()),
            replace_to: h.replace_search_result_pathname.map(|r| r.to),
        }),
        report_url: config.raw.search.report_url.clone(),
        suggestions: config.raw.search.suggestions.clone(),
    }
}

/// The keys of a configured link, as [`Resolver::link`] reads them.
#[derive(Default)]
struct LinkKeys<'a> {
    label: Option<&'a String>,
    to: Option<&'a str>,
    href: Option<&'a str>,
    active_base_path: Option<&'a String>,
    active_base_regex: Option<&'a String>,
    class_name: Option<&'a String>,
    aria_label: Option<&'a String>,
}

impl<'a> LinkKeys<'a> {
    /// A navbar item's link keys.
    fn of(item: &'a RawNavbarItem) -> Self {
        LinkKeys {
            label: item.label.as_ref(),
            to: item.to.as_deref(),
            href: item.href.as_deref(),
            active_base_path: item.active_base_path.as_ref(),
            active_base_regex: item.active_base_regex.as_ref(),
            class_name: item.class_name.as_ref(),
            aria_label: item.aria_label.as_ref(),
        }
    }
}
