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
use crate::markdown::Asset;
use crate::paths::{encode_path, normalize_route};

/// The model stage's output.
pub(super) struct Model {
    pub(super) pages: Vec<PageOut>,
    pub(super) sidebars: BTreeMap<(String, String), SidebarData>,
    /// Files pages refer to (images), to copy into the output.
    pub(super) assets: Vec<Asset>,
    pub(super) not_found: PageData,
}

/// A doc's content and whether its title is hidden, as Docusaurus shows them: a doc whose
/// body starts with a `# ` heading shows that heading, as written, in place of the title
/// (with `hide_title: true` too, and whatever title the front matter gives the browser tab);
/// the title is drawn only for a doc without one, unless hidden. A heading after other
/// content (`at` > 0, a Docusaurus site's) goes back where it stood, in a `<header>` as
/// Docusaurus wraps its content title (Infima's title size is a `.markdown h1:first-child`'s).
fn with_body_heading(mut content: Vec<Node>, heading: Option<Node>, at: usize, hide_title: bool) -> (Vec<Node>, bool) {
    match heading {
        Some(heading) if at > 0 && at <= content.len() => {
            content.insert(at, Node::Element(Element { t: "header".into(), a: Default::default(), c: vec![heading] }));
            (content, true)
        }
        Some(heading) => {
            content.insert(0, heading);
            (content, true)
        }
        None => (content, hide_title),
    }
}

/// Builds the page data of every route.
pub(super) fn assemble(loaded: &Loaded, renders: Renders, generated: Vec<PageOut>, updates: &HashMap<PathBuf, git::FileUpdate>) -> Model {
    let Loaded { config, content, main_docs, site_data, .. } = loaded;
    let mut sidebars = BTreeMap::new();
    let mut pages = Vec::new();
    let mut assets = Vec::new();
    for v in &content.versions {
        for (id, items) in &v.sidebars {
            sidebars.insert((v.name.clone(), id.clone()), SidebarData { id: id.clone(), version: v.name.clone(), items: sidebar_items(v, items, config.from_docusaurus.then_some(1)) });
        }
    }
    let membership: HashMap<&str, HashMap<String, String>> = content.versions.iter().map(|v| (v.name.as_str(), load::sidebar_of_docs(v))).collect();
    let navigations: HashMap<(&str, &str), Navigation> =
        content.versions.iter().flat_map(|v| v.sidebars.iter().map(move |(id, items)| ((v.name.as_str(), id.as_str()), Navigation::new(v, items)))).collect();
    for ((v, d), r) in loaded.doc_jobs().into_iter().zip(renders.docs) {
        let member_of = membership[v.name.as_str()].get(&d.id).cloned();
        let docs_options = config.docs_of(&v.plugin);
        let (show_author, show_time) = (docs_options.show_last_update_author, docs_options.show_last_update_time);
        let (breadcrumbs, mut previous, mut next) = match member_of.as_deref().and_then(|sid| navigations.get(&(v.name.as_str(), sid))) {
            Some(nav) => nav.of(v, &d.id),
            None => (Vec::new(), None, None),
        };
        // Front matter overrides (ids checked by the load stage; `null` means none).
        if let Some(id) = &d.front.pagination_prev {
            previous = id.as_deref().and_then(|id| page_link(v, id));
        }
        if let Some(id) = &d.front.pagination_next {
            next = id.as_deref().and_then(|id| page_link(v, id));
        }
        let sidebar_id = match &d.front.displayed_sidebar {
            Some(shown) => shown.clone(),
            None => member_of,
        };
        let git_update = updates.get(&crate::paths::normalize_path(&d.source));
        let front_update = d.front.last_update.as_ref();
        let author = front_update.and_then(|u| u.author.clone()).or_else(|| git_update.map(|u| u.author.clone()));
        let timestamp = front_update.and_then(|u| u.date.as_deref()).and_then(git::parse_date).or(git_update.map(|u| u.timestamp));
        let last_update = (author.is_some() || timestamp.is_some()).then(|| LastUpdate {
            author: author.filter(|_| show_author),
            date_time: timestamp.filter(|_| show_time).map(git::format_iso),
            date_text: timestamp.filter(|_| show_time).map(git::format_date),
        });
        let mut title = d.title();
        if d.front.title.is_none() {
            if let Some(h1) = &r.h1 {
                title = h1.clone();
            }
        }
        let (article, hide_title) = with_body_heading(r.content, r.h1_element, r.h1_at, d.front.hide_title);
        let version_routes = content
            .versions
            .iter()
            // A doc's other versions are those of its own docs instance.
            .filter(|other| other.plugin == v.plugin)
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
            hide_title,
            description: d.front.description.clone().or_else(|| describe(&r.text)),
            keywords: d.front.keywords.clone(),
            content: article,
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
            edit_url: match &d.front.custom_edit_url {
                Some(url) => url.clone(),
                None => edit_url(config, &v.plugin, d.untranslated.as_ref().unwrap_or(&d.source)),
            },
            tags: d.front.tags.iter().map(|t| PageLink { label: t.label().to_string(), href: encode_path(&tag_route(v, &t.slug())) }).collect(),
            unlisted: d.front.unlisted,
            module: None,
            blog_post: None,
        };
        let updated = timestamp;
        pages.push(PageOut { route: d.route.clone(), data, sidebar_key: sidebar_id.map(|s| (v.name.clone(), s)), landing: false, source: Some(d.source.clone()), image: d.front.image.clone(), updated });
    }
    pages.extend(generated);
    // Version landing routes show the main doc (unless `docs.versionRoots` is off).
    for v in content.versions.iter().filter(|_| config.raw.docs.version_roots) {
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
    // The blog's posts are among the pages (check.rs): their titles and excerpts, for the
    // blog's lists, and their place in the blog.
    let post_of: HashMap<&PathBuf, usize> = loaded.blog.iter().flat_map(|b| b.posts.iter().enumerate()).map(|(i, p)| (&p.source, i)).collect();
    let mut post_titles = vec![String::new(); post_of.len()];
    let mut excerpts = vec![Vec::new(); post_of.len()];
    for (p, r) in loaded.pages.iter().zip(&renders.pages) {
        if let (Some(&i), Some(blog)) = (post_of.get(&p.source), &loaded.blog) {
            let post = &blog.posts[i];
            post_titles[i] = crate::blog::list::title_of(post, r.h1.as_deref());
            excerpts[i] = match &post.excerpt {
                // Links and problems of the excerpt are the post's own, reported once.
                Some(md) => crate::markdown::render(&post.source, md, post.body_line, &post.route, config.toc_levels, &loaded.render_context()).content,
                None => r.content.clone(),
            };
        }
    }
    for (p, r) in loaded.pages.iter().zip(renders.pages) {
        assets.extend(r.assets);
        if let (Some(&i), Some(blog)) = (post_of.get(&p.source), &loaded.blog) {
            let (meta, tags, newer, older) = blog.post_page(i, &post_titles);
            let mut data = PageData::standalone(RouteKind::BlogPost, encode_path(&p.route), post_titles[i].clone(), p.front.description.clone().or_else(|| describe(&r.text)), r.content);
            data.keywords = p.front.keywords.clone();
            data.toc = r.toc;
            data.hide_toc = p.front.hide_table_of_contents;
            data.tags = tags;
            data.previous = newer;
            data.next = older;
            data.unlisted = p.front.unlisted;
            data.blog_post = Some(meta);
            let updated = Some(blog.posts[i].timestamp);
            pages.push(PageOut { route: p.route.clone(), data, sidebar_key: None, landing: false, source: Some(p.source.clone()), image: p.front.image.clone(), updated });
            continue;
        }
        let title = p.front.title.clone().or(r.h1.clone()).unwrap_or_else(|| config.raw.title.clone());
        let mut data = PageData::standalone(RouteKind::Page, encode_path(&p.route), title, p.front.description.clone().or_else(|| describe(&r.text)), r.content);
        data.hide_title = p.front.hide_title;
        data.keywords = p.front.keywords.clone();
        data.toc = r.toc;
        let updated = updates.get(&crate::paths::normalize_path(&p.source)).map(|u| u.timestamp);
        pages.push(PageOut { route: p.route.clone(), data, sidebar_key: None, landing: false, source: Some(p.source.clone()), image: p.front.image.clone(), updated });
    }
    if let Some(blog) = &loaded.blog {
        for page in blog.pages(&excerpts, &post_titles) {
            pages.push(PageOut { route: page.route, data: page.data, sidebar_key: None, landing: false, source: None, image: None, updated: None });
        }
    }
    for p in &loaded.react_pages {
        let title = p.title.clone().unwrap_or_else(|| config.raw.title.clone());
        let description = p.description.clone().or_else(|| (!config.raw.tagline.is_empty()).then(|| config.raw.tagline.clone()));
        let mut data = PageData::standalone(RouteKind::ReactPage, encode_path(&p.route), title, description, Vec::new());
        data.module = Some(p.module.clone());
        let updated = updates.get(&crate::paths::normalize_path(&p.source)).map(|u| u.timestamp);
        pages.push(PageOut { route: p.route.clone(), data, sidebar_key: None, landing: false, source: Some(p.source.clone()), image: None, updated });
    }
    // The search page.
    let search_route = site_data.search.page_path.clone();
    if !pages.iter().any(|p| normalize_route(&p.route) == normalize_route(&search_route)) {
        // Its content is the search UI, a component the theme loads on demand.
        let search_ui = vec![Node::Element(Element { t: "SearchPage".into(), a: Attrs::new(), c: Vec::new() })];
        let data = PageData::standalone(RouteKind::Search, encode_path(&search_route), "Search the documentation".into(), Some(format!("Search every page of the {} documentation.", config.raw.title)), search_ui);
        pages.push(PageOut { route: search_route.clone(), data, sidebar_key: None, landing: false, source: None, image: None, updated: None });
    }
    let not_found = PageData::standalone(
        RouteKind::NotFound,
        format!("{}404.html", config.base_url),
        crate::i18n::message(&site_data.translations, "theme.NotFound.title", "Page Not Found", &[]),
        None,
        vec![Node::Element(Element {
            t: "p".into(),
            a: Attrs::new(),
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

/// `docs.editUrl` followed by the source's path from the site folder, as Docusaurus joins
/// them: a doc beside the site (`'../docs'`) gives `<editUrl>/../docs/a.md`, written here
/// with the `..` resolved as a browser resolves it (`https://github.com/o/r/edit/main/website/`
/// + `../docs/a.md` is `…/edit/main/docs/a.md`).
fn edit_url(config: &crate::config::SiteConfig, plugin: &str, source: &std::path::Path) -> Option<String> {
    let base = config.docs_of(plugin).edit_url.as_deref()?;
    let rel = crate::paths::relative_to(&config.site_dir, source).unwrap_or_else(|| source.to_path_buf());
    let rel: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    Some(resolve_dot_segments(&format!("{}/{}", base.trim_end_matches('/'), rel.join("/"))))
}

/// `..` and `.` segments of a URL's path resolved (never above its origin), as the URL
/// parser of a browser resolves them.
fn resolve_dot_segments(url: &str) -> String {
    let path_start = url.find("://").map_or(0, |i| url[i + 3..].find('/').map_or(url.len(), |j| i + 3 + j));
    let (origin, path) = url.split_at(path_start);
    if !path.split('/').any(|s| s == ".." || s == ".") {
        return url.to_string();
    }
    let mut out: Vec<&str> = Vec::new();
    for seg in path.split('/').skip(1) {
        match seg {
            ".." => {
                out.pop();
            }
            "." => {}
            s => out.push(s),
        }
    }
    format!("{origin}/{}", out.join("/"))
}

/// The pages made from docs rather than from files (tag pages, generated indexes), built
/// once by the load stage: the link stage knows their routes (links to them are links to
/// pages) and [`assemble`] adds them to the model.
pub(super) fn generated_pages(content: &load::Content, messages: &BTreeMap<String, String>) -> Vec<PageOut> {
    tag_pages(content, messages).into_iter().chain(generated_indexes(content)).collect()
}

/// Route of a tag page of version `v` (`/docs/tags/<slug>`), or of the tag list when
/// `slug` is empty.
pub(super) fn tag_route(v: &Version, slug: &str) -> String {
    load::join_route(&v.route_prefix, &format!("tags/{slug}"))
}

/// The tag list page and one page per tag of every version that has tagged docs, as
/// Docusaurus makes them: links to the docs, with their descriptions.
fn tag_pages(content: &load::Content, messages: &BTreeMap<String, String>) -> Vec<PageOut> {
    let mut out = Vec::new();
    for v in &content.versions {
        let mut tags: BTreeMap<String, (String, Vec<&load::Doc>)> = BTreeMap::new();
        for d in &v.docs {
            for t in &d.front.tags {
                tags.entry(t.slug()).or_insert_with(|| (t.label().to_string(), Vec::new())).1.push(d);
            }
        }
        if tags.is_empty() {
            continue;
        }
        let el = |t: &str, a: &[(&str, String)], c: Vec<Node>| Node::Element(Element { t: t.into(), a: a.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(), c });
        let list = tags
            .iter()
            .map(|(slug, (label, docs))| el("li", &[], vec![el("a", &[("href", encode_path(&tag_route(v, slug)))], vec![Node::Text(format!("{label} ({})", docs.len()))])]))
            .collect();
        let mut page = |route: String, title: String, content: Vec<Node>| {
            let mut data = PageData::standalone(RouteKind::Page, encode_path(&route), title, None, content);
            data.version = Some(v.name.clone());
            out.push(PageOut { route, data, sidebar_key: None, landing: false, source: None, image: None, updated: None });
        };
        page(tag_route(v, ""), crate::i18n::message(messages, "theme.tags.tagsPageTitle", "Tags", &[]), vec![el("ul", &[("class", "tag-list".into())], list)]);
        for (slug, (label, docs)) in &tags {
            let count = if docs.len() == 1 { "One doc".to_string() } else { format!("{} docs", docs.len()) };
            let items = docs
                .iter()
                .map(|d| {
                    let mut c = vec![el("a", &[("href", encode_path(&d.route))], vec![Node::Text(d.title())])];
                    if let Some(desc) = &d.front.description {
                        c.push(el("p", &[], vec![Node::Text(desc.clone())]));
                    }
                    el("li", &[], c)
                })
                .collect();
            let content = vec![
                el("ul", &[], items),
                el("p", &[], vec![el("a", &[("href", encode_path(&tag_route(v, "")))], vec![Node::Text("View all tags".into())])]),
            ];
            page(tag_route(v, slug), format!("{count} tagged with \"{label}\""), content);
        }
    }
    out
}

/// The generated index page of every category with `link: {type: 'generated-index'}`: its
/// description, then a link to each item, in the sidebar beside it.
fn generated_indexes(content: &load::Content) -> Vec<PageOut> {
    fn walk(v: &Version, sidebar: &str, items: &[SidebarEntry], out: &mut Vec<PageOut>) {
        for item in items {
            let SidebarEntry::Category { label, items, index, .. } = item else { continue };
            walk(v, sidebar, items, out);
            let Some(index) = index else { continue };
            let el = |t: &str, a: Vec<(String, String)>, c: Vec<Node>| Node::Element(Element { t: t.into(), a: a.into_iter().collect(), c });
            let mut content = Vec::new();
            if let Some(d) = &index.description {
                content.push(el("p", vec![], vec![Node::Text(d.clone())]));
            }
            let links = sidebar_items(v, items, None)
                .into_iter()
                .filter_map(|i| match i {
                    // Unlisted docs are left out, as Docusaurus's card list does.
                    SidebarItem::Doc { unlisted: true, .. } | SidebarItem::Category { link_unlisted: true, .. } => None,
                    SidebarItem::Doc { label, href, .. } | SidebarItem::Link { label, href } => Some((label, href)),
                    SidebarItem::Category { label, href: Some(href), .. } => Some((label, href)),
                    _ => None,
                })
                .map(|(label, href)| el("li", vec![], vec![el("a", vec![("href".into(), href)], vec![Node::Text(label)])]))
                .collect();
            content.push(el("ul", vec![("class".into(), "generated-index".into())], links));
            let title = index.title.clone().unwrap_or_else(|| label.clone());
            let mut data = PageData::standalone(RouteKind::Doc, encode_path(&index.route), title, index.description.clone(), content);
            data.version = Some(v.name.clone());
            data.sidebar_id = Some(sidebar.to_string());
            data.hide_toc = true;
            out.push(PageOut { route: index.route.clone(), data, sidebar_key: Some((v.name.clone(), sidebar.to_string())), landing: false, source: None, image: None, updated: None });
        }
    }
    let mut out = Vec::new();
    for v in &content.versions {
        for (id, items) in &v.sidebars {
            walk(v, id, items, &mut out);
        }
    }
    out
}

/// The previous/next link to a doc; none to an unlisted doc (as Docusaurus).
fn page_link(v: &Version, id: &str) -> Option<PageLink> {
    v.doc(id).filter(|d| !d.front.unlisted).map(|d| PageLink { label: d.front.pagination_label.clone().unwrap_or_else(|| d.sidebar_label()), href: encode_path(&d.route) })
}

fn sidebar_items(v: &Version, items: &[SidebarEntry], level: Option<usize>) -> Vec<SidebarItem> {
    // A Docusaurus site's items carry the classic theme's level classes
    // (`theme-doc-sidebar-item-category-level-1`, `theme-doc-sidebar-item-link
    // theme-doc-sidebar-item-link-level-2`, …), which its CSS targets: in the sidebar's data
    // rather than in the theme's code (which has `theme-doc-sidebar-item-category` itself), so
    // that a docsite.toml site's pages carry nothing of them.
    let leveled = |kind: &str, class_name: Option<String>| match level {
        Some(n) => {
            let base = if kind == "link" { "theme-doc-sidebar-item-link " } else { "" };
            Some(match class_name {
                Some(c) => format!("{base}theme-doc-sidebar-item-{kind}-level-{n} {c}"),
                None => format!("{base}theme-doc-sidebar-item-{kind}-level-{n}"),
            })
        }
        None => class_name,
    };
    items
        .iter()
        .filter_map(|i| match i {
            SidebarEntry::Doc { id, label, class_name } => v.doc(id).map(|d| SidebarItem::Doc {
                label: label.clone().unwrap_or_else(|| d.sidebar_label()),
                href: encode_path(&d.route),
                doc_id: id.clone(),
                class_name: leveled("link", class_name.clone().or_else(|| d.front.sidebar_class_name.clone())),
                unlisted: d.front.unlisted,
            }),
            SidebarEntry::Link { label, href } => Some(SidebarItem::Link { label: label.clone(), href: href.clone() }),
            SidebarEntry::Html(value) => Some(SidebarItem::Html { value: value.clone() }),
            SidebarEntry::Category { label, items, .. } if label.is_empty() => {
                // Autogenerated groups are spliced into their parent (at its level).
                Some(SidebarItem::Category { label: String::new(), href: None, link_unlisted: false, collapsed: false, collapsible: false, items: sidebar_items(v, items, level), class_name: None })
            }
            SidebarEntry::Category { label, items, collapsed, collapsible, link, index, class_name } => Some(SidebarItem::Category {
                label: label.clone(),
                href: link.as_ref().and_then(|id| v.doc(id)).map(|d| encode_path(&d.route)).or_else(|| index.as_ref().map(|i| encode_path(&i.route))),
                link_unlisted: link.as_ref().and_then(|id| v.doc(id)).is_some_and(|d| d.front.unlisted),
                collapsed: *collapsed,
                collapsible: *collapsible,
                items: sidebar_items(v, items, level.map(|n| n + 1)),
                class_name: leveled("category", class_name.clone()),
            }),
        })
        .collect()
}

/// The reading order and breadcrumbs of one sidebar, walked once for all its docs: looking
/// each doc up by walking the sidebar again made the model stage quadratic in the docs.
struct Navigation<'a> {
    /// Listed docs in reading order (category pages included).
    order: Vec<&'a str>,
    /// Each doc's first place in `order`.
    position: HashMap<&'a str, usize>,
    /// The labelled categories above each doc's first place in the sidebar.
    crumbs: HashMap<&'a str, Vec<Crumb>>,
}

impl<'a> Navigation<'a> {
    fn new(v: &Version, items: &'a [SidebarEntry]) -> Self {
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
        let mut order: Vec<&str> = Vec::new();
        flatten(items, &mut order);
        order.dedup();
        // Unlisted docs are out of the sequence: they are no one's previous or next, and have
        // none themselves (as Docusaurus).
        order.retain(|id| v.doc(id).is_none_or(|d| !d.front.unlisted));
        let mut position = HashMap::with_capacity(order.len());
        for (i, id) in order.iter().enumerate() {
            position.entry(*id).or_insert(i);
        }
        fn crumbs<'a>(items: &'a [SidebarEntry], v: &Version, path: &mut Vec<Crumb>, out: &mut HashMap<&'a str, Vec<Crumb>>) {
            for i in items {
                match i {
                    SidebarEntry::Doc { id, .. } => {
                        out.entry(id.as_str()).or_insert_with(|| path.clone());
                    }
                    SidebarEntry::Category { label, items, link, .. } => {
                        if let Some(l) = link {
                            out.entry(l.as_str()).or_insert_with(|| path.clone());
                        }
                        if !label.is_empty() {
                            path.push(Crumb { label: label.clone(), href: link.as_ref().and_then(|l| v.doc(l)).filter(|d| !d.front.unlisted).map(|d| encode_path(&d.route)) });
                        }
                        crumbs(items, v, path, out);
                        if !label.is_empty() {
                            path.pop();
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut by_doc = HashMap::new();
        crumbs(items, v, &mut Vec::new(), &mut by_doc);
        Navigation { order, position, crumbs: by_doc }
    }

    /// Breadcrumbs, previous and next of a doc.
    fn of(&self, v: &Version, doc_id: &str) -> (Vec<Crumb>, Option<PageLink>, Option<PageLink>) {
        let pos = self.position.get(doc_id).copied();
        let previous = pos.and_then(|p| p.checked_sub(1)).and_then(|p| page_link(v, self.order[p]));
        let next = pos.and_then(|p| self.order.get(p + 1)).and_then(|id| page_link(v, id));
        let mut breadcrumbs = self.crumbs.get(doc_id).cloned().unwrap_or_default();
        if let Some(d) = v.doc(doc_id) {
            breadcrumbs.push(Crumb { label: d.sidebar_label(), href: None });
        }
        (breadcrumbs, previous, next)
    }
}

/// A warning for each sidebar with a list longer than a page's HTML holds
/// ([`SIDEBAR_HTML_LIST`]): what Docusaurus writes into the HTML of every page of an open
/// category (all its items) comes there from the browser, once the page has hydrated.
pub(super) fn long_sidebar_lists(sidebars: &BTreeMap<(String, String), SidebarData>) -> Vec<crate::diagnostics::Diagnostic> {
    /// `(label, shown items)` of every list of `items` (`label` of the top level: `None`)
    /// longer than the limit.
    fn walk<'a>(label: Option<&'a str>, items: &'a [SidebarItem], long: &mut Vec<(Option<&'a str>, usize)>) {
        let shown = items.iter().filter(|i| !matches!(i, SidebarItem::Doc { unlisted: true, .. })).count();
        if shown > SIDEBAR_HTML_LIST.limit {
            long.push((label, shown));
        }
        for item in items {
            if let SidebarItem::Category { label, items, .. } = item {
                walk(Some(label), items, long);
            }
        }
    }
    let SidebarHtmlList { limit, head, around } = SIDEBAR_HTML_LIST;
    sidebars
        .iter()
        .filter_map(|((version, id), sidebar)| {
            let mut long = Vec::new();
            walk(None, &sidebar.items, &mut long);
            let (label, most) = long.iter().max_by_key(|(_, n)| *n)?;
            let largest = label.map_or_else(|| "its top level".to_string(), |l| format!("category `{l}`"));
            Some(crate::diagnostics::Diagnostic::general(format!(
                "sidebar `{id}` (version {version}): {} of its lists have more than {limit} items (the largest, {largest}, {most}); a page's HTML holds the first {head} and the {around} either side of the page's own, and the browser shows the rest once the page's script has run (Docusaurus's HTML holds every item of an open category)",
                long.len()
            )).with_severity(crate::diagnostics::Severity::Warning))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::resolve_dot_segments;

    #[test]
    fn an_edit_url_of_a_doc_beside_the_site_climbs_out_of_the_site_folder() {
        assert_eq!(resolve_dot_segments("https://github.com/o/r/edit/main/website/../docs/a.md"), "https://github.com/o/r/edit/main/docs/a.md");
        assert_eq!(resolve_dot_segments("https://github.com/o/r/edit/main/website/docs/a.md"), "https://github.com/o/r/edit/main/website/docs/a.md");
        assert_eq!(resolve_dot_segments("https://host/../../a.md"), "https://host/a.md", "never above the origin");
    }
}
