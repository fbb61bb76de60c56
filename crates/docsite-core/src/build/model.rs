//! The model stage: page data for every doc (breadcrumbs, previous/next, last update, the
//! same doc's route in every version), the sidebars, each version's landing route, the
//! stand-alone pages, the search page and the not-found page, from what the earlier stages
//! loaded and rendered.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use super::check::{Loaded, Renders};
use super::PageOut;
use crate::contract::*;
use crate::git;
use crate::load::{self, SidebarEntry, Version};
use crate::markdown::{self, encode_path, normalize_route, Asset};

/// The model stage's output.
pub(super) struct Model {
    pub(super) pages: Vec<PageOut>,
    pub(super) sidebars: BTreeMap<(String, String), SidebarData>,
    /// Files pages refer to (images), to copy into the output.
    pub(super) assets: Vec<Asset>,
    pub(super) not_found: PageData,
}

/// Builds the page data of every route.
pub(super) fn assemble(loaded: &Loaded, renders: Renders, updates: &HashMap<PathBuf, git::FileUpdate>) -> Model {
    let Loaded { config, content, main_docs, site_data, .. } = loaded;
    let mut sidebars = BTreeMap::new();
    let mut pages = Vec::new();
    let mut assets = Vec::new();
    let show_author = config.raw.docs.show_last_update_author;
    let show_time = config.raw.docs.show_last_update_time;
    for v in &content.versions {
        for (id, items) in &v.sidebars {
            sidebars.insert((v.name.clone(), id.clone()), SidebarData { id: id.clone(), version: v.name.clone(), items: sidebar_items(v, items) });
        }
    }
    let membership: HashMap<&str, HashMap<String, String>> = content.versions.iter().map(|v| (v.name.as_str(), load::sidebar_of_docs(v))).collect();
    for ((v, d), r) in loaded.doc_jobs().into_iter().zip(renders.docs) {
        let sidebar_id = membership[v.name.as_str()].get(&d.id).cloned();
        let (breadcrumbs, previous, next) = match &sidebar_id {
            Some(sid) => navigation(v, sid, &d.id),
            None => (Vec::new(), None, None),
        };
        let last_update = updates.get(&markdown::normalize_path(&d.source)).map(|u| LastUpdate {
            author: show_author.then(|| u.author.clone()),
            date_time: show_time.then(|| git::format_iso(u.timestamp)),
            date_text: show_time.then(|| git::format_date(u.timestamp)),
        });
        let mut title = d.title();
        if d.front.title.is_none() {
            if let Some(h1) = &r.h1 {
                title = h1.clone();
            }
        }
        let version_routes = content
            .versions
            .iter()
            .map(|other| {
                let route = other.doc(&d.id).map(|od| od.route.clone()).or_else(|| main_docs.get(&other.name).cloned()).unwrap_or_else(|| other.route_prefix.clone());
                (other.name.clone(), encode_path(&route))
            })
            .collect();
        assets.extend(r.assets);
        let data = PageData {
            kind: RouteKind::Doc,
            path: encode_path(&d.route),
            title,
            hide_title: d.front.hide_title,
            description: d.front.description.clone().or_else(|| describe(&r.text)),
            keywords: d.front.keywords.clone(),
            content: r.content,
            toc: r.toc,
            hide_toc: d.front.hide_table_of_contents,
            breadcrumbs,
            previous,
            next,
            last_update,
            version: Some(v.name.clone()),
            sidebar_id: sidebar_id.clone(),
            doc_id: Some(d.id.clone()),
            version_routes,
        };
        let updated = updates.get(&markdown::normalize_path(&d.source)).map(|u| u.timestamp);
        pages.push(PageOut { route: d.route.clone(), data, sidebar_key: sidebar_id.map(|s| (v.name.clone(), s)), landing: false, source: Some(d.source.clone()), image: d.front.image.clone(), updated });
    }
    // Version landing routes show the main doc.
    for v in &content.versions {
        let landing = normalize_route(&v.route_prefix);
        if pages.iter().any(|p| normalize_route(&p.route) == landing) {
            continue;
        }
        let Some(main) = main_docs.get(&v.name) else { continue };
        if let Some(i) = pages.iter().position(|p| p.route == *main) {
            let page = PageOut { route: landing.clone(), data: pages[i].data.clone(), sidebar_key: pages[i].sidebar_key.clone(), landing: true, source: pages[i].source.clone(), image: pages[i].image.clone(), updated: pages[i].updated };
            pages.push(page);
        }
    }
    for (p, r) in loaded.pages.iter().zip(renders.pages) {
        assets.extend(r.assets);
        let title = p.front.title.clone().or(r.h1.clone()).unwrap_or_else(|| config.raw.title.clone());
        let mut data = PageData::standalone(RouteKind::Page, encode_path(&p.route), title, p.front.description.clone().or_else(|| describe(&r.text)), r.content);
        data.hide_title = p.front.hide_title;
        data.keywords = p.front.keywords.clone();
        data.toc = r.toc;
        let updated = updates.get(&markdown::normalize_path(&p.source)).map(|u| u.timestamp);
        pages.push(PageOut { route: p.route.clone(), data, sidebar_key: None, landing: false, source: Some(p.source.clone()), image: p.front.image.clone(), updated });
    }
    // The search page.
    let search_route = site_data.search.page_path.clone();
    if !pages.iter().any(|p| normalize_route(&p.route) == normalize_route(&search_route)) {
        // Its content is the search UI, a component the theme loads on demand.
        let search_ui = vec![Node::Element(Element { t: "SearchPage".into(), a: BTreeMap::new(), c: Vec::new() })];
        let data = PageData::standalone(RouteKind::Search, encode_path(&search_route), "Search the documentation".into(), Some(format!("Search every page of the {} documentation.", config.raw.title)), search_ui);
        pages.push(PageOut { route: search_route.clone(), data, sidebar_key: None, landing: false, source: None, image: None, updated: None });
    }
    let not_found = PageData::standalone(
        RouteKind::NotFound,
        format!("{}404.html", config.base_url),
        "Page Not Found".into(),
        None,
        vec![Node::Element(Element {
            t: "p".into(),
            a: BTreeMap::new(),
            c: vec![Node::Text("We could not find what you were looking for. The page may have moved, or the link may be mistyped; the navigation above and the search lead to every page of the site.".into())],
        })],
    );
    Model { pages, sidebars, assets, not_found }
}

/// First sentence-ish of the text, for the meta description.
pub(super) fn describe(text: &str) -> Option<String> {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.is_empty() {
        return None;
    }
    let mut out: String = t.chars().take(160).collect();
    if t.chars().count() > 160 {
        if let Some(i) = out.rfind(' ') {
            out.truncate(i);
        }
        out.push('…');
    }
    Some(out)
}

fn sidebar_items(v: &Version, items: &[SidebarEntry]) -> Vec<SidebarItem> {
    items
        .iter()
        .filter_map(|i| match i {
            SidebarEntry::Doc { id, label } => v.doc(id).map(|d| SidebarItem::Doc { label: label.clone().unwrap_or_else(|| d.sidebar_label()), href: encode_path(&d.route), doc_id: id.clone() }),
            SidebarEntry::Link { label, href } => Some(SidebarItem::Link { label: label.clone(), href: href.clone() }),
            SidebarEntry::Html(value) => Some(SidebarItem::Html { value: value.clone() }),
            SidebarEntry::Category { label, items, .. } if label.is_empty() => {
                // Autogenerated groups are spliced into their parent.
                Some(SidebarItem::Category { label: String::new(), href: None, collapsed: false, collapsible: false, items: sidebar_items(v, items) })
            }
            SidebarEntry::Category { label, items, collapsed, collapsible, link } => Some(SidebarItem::Category {
                label: label.clone(),
                href: link.as_ref().and_then(|id| v.doc(id)).map(|d| encode_path(&d.route)),
                collapsed: *collapsed,
                collapsible: *collapsible,
                items: sidebar_items(v, items),
            }),
        })
        .collect()
}

/// Breadcrumbs, previous and next of a doc in a sidebar.
fn navigation(v: &Version, sidebar_id: &str, doc_id: &str) -> (Vec<Crumb>, Option<PageLink>, Option<PageLink>) {
    let Some((_, items)) = v.sidebars.iter().find(|(id, _)| id == sidebar_id) else {
        return (Vec::new(), None, None);
    };
    let mut order: Vec<&str> = Vec::new();
    fn flatten<'a>(items: &'a [SidebarEntry], out: &mut Vec<&'a str>) {
        for i in items {
            match i {
                SidebarEntry::Doc { id, .. } => out.push(id),
                SidebarEntry::Category { items, link, .. } => {
                    if let Some(l) = link {
                        out.push(l);
                    }
                    flatten(items, out);
                }
                _ => {}
            }
        }
    }
    flatten(items, &mut order);
    order.dedup();
    let link_to = |id: &str| {
        v.doc(id).map(|d| PageLink { label: d.front.pagination_label.clone().unwrap_or_else(|| d.sidebar_label()), href: encode_path(&d.route) })
    };
    let pos = order.iter().position(|id| *id == doc_id);
    let previous = pos.and_then(|p| p.checked_sub(1)).and_then(|p| link_to(order[p]));
    let next = pos.and_then(|p| order.get(p + 1)).and_then(|id| link_to(id));
    fn crumbs(items: &[SidebarEntry], v: &Version, doc_id: &str, path: &mut Vec<Crumb>) -> bool {
        for i in items {
            match i {
                SidebarEntry::Doc { id, .. } if id == doc_id => return true,
                SidebarEntry::Category { label, items, link, .. } => {
                    if link.as_deref() == Some(doc_id) {
                        return true;
                    }
                    if !label.is_empty() {
                        path.push(Crumb { label: label.clone(), href: link.as_ref().and_then(|l| v.doc(l)).map(|d| encode_path(&d.route)) });
                    }
                    if crumbs(items, v, doc_id, path) {
                        return true;
                    }
                    if !label.is_empty() {
                        path.pop();
                    }
                }
                _ => {}
            }
        }
        false
    }
    let mut breadcrumbs = Vec::new();
    crumbs(items, v, doc_id, &mut breadcrumbs);
    if let Some(d) = v.doc(doc_id) {
        breadcrumbs.push(Crumb { label: d.sidebar_label(), href: None });
    }
    (breadcrumbs, previous, next)
}
