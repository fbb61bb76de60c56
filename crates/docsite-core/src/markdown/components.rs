//! The site pages' components: layout containers (`<Hero>`, `<CardGrid>`, `<Card>`) and
//! data components (`<Showcase />`, `<UserGrid />`, `<ConformanceTable />`,
//! `<VersionsTable />`), turned into content-tree elements.
//!
//! Data components are filled from the validated data files (`data_files/sets.rs`). Tables are
//! plain HTML tables (the theme's Markdown styles apply, scrolling sideways when narrow); `Showcase` and `UserGrid` are
//! theme components whose children the engine builds in a fixed shape:
//!
//! ```text
//! Showcase {data, filterable, default}
//!   ShowcaseCategory {id, label, count}          one per category, in filter order
//!   ShowcaseCard {id, category, categoryLabel, infoLink?, docsLink?}
//!     CardTitle [text]  CardPublisher [text]  CardBadge {description} [text]*
//!     CardDescription [Markdown nodes]
//!     CardConformance {version, date, dateText, link?} [product]*
//!   ShowcaseBadge {text} [description]*          what the badges mean
//!   ShowcaseContribute {url, prompt?} [label]    "Add your details"
//! UserGrid {data}
//!   UserTile {href, member?} [name]*             when the file declares no categories
//!   UserGroup {id, label}                        else one per category with users, in order
//!     UserTile {href, member?} [name]*
//!   ShowcaseContribute {url, prompt?} [label]
//! ```
//!
//! Every text a reader sees is a text node, so the search index and the page's plain text
//! include it. Links inside descriptions are recorded against the data file's line.

use std::collections::BTreeMap;

use super::{element, slug, TreeBuilder};
use crate::contract::{CardIcon, Element, Node};
use crate::data_files::{CardSet, Contribute, DataSet, Origin, Releases, UserSet};
use crate::diagnostics::Diagnostic;

fn text_el(t: &str, text: &str) -> Element {
    let mut el = element(t);
    el.c.push(Node::Text(text.to_string()));
    el
}

fn attr(el: &mut Element, k: &str, v: impl Into<String>) {
    el.a.insert(k.into(), v.into());
}

/// `<a href>` with text.
fn link_el(href: &str, text: &str) -> Node {
    let mut a = text_el("a", text);
    attr(&mut a, "href", href);
    Node::Element(a)
}

fn table(head: &[&str], rows: Vec<Vec<Vec<Node>>>) -> Element {
    let mut thead_row = element("tr");
    for h in head {
        thead_row.c.push(Node::Element(text_el("th", h)));
    }
    let mut thead = element("thead");
    thead.c.push(Node::Element(thead_row));
    let mut tbody = element("tbody");
    for row in rows {
        let mut tr = element("tr");
        for cell in row {
            let mut td = element("td");
            td.c = cell;
            tr.c.push(Node::Element(td));
        }
        tbody.c.push(Node::Element(tr));
    }
    let mut t = element("table");
    t.c = vec![Node::Element(thead), Node::Element(tbody)];
    t
}

fn text(s: impl Into<String>) -> Vec<Node> {
    vec![Node::Text(s.into())]
}

impl TreeBuilder<'_, '_> {
    /// Checks a component's attributes: every required one present, nothing unknown.
    fn check_attributes(&mut self, name: &str, attrs: &BTreeMap<String, String>, allowed: &[&str], required: &[&str], line: usize) -> bool {
        let mut ok = true;
        for k in attrs.keys() {
            if !allowed.contains(&k.as_str()) {
                let hint = if allowed.is_empty() { format!("`<{name}>` takes no attributes") } else { format!("`<{name}>` takes {}", allowed.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ")) };
                self.error(line, None, format!("unknown attribute `{k}` on `<{name}>`"), &hint);
                ok = false;
            }
        }
        for r in required {
            if attrs.get(*r).is_none_or(|v| v.trim().is_empty()) {
                self.error(line, None, format!("`<{name}>` needs a `{r}` attribute"), &format!("write `<{name} {r}=\"…\">`"));
                ok = false;
            }
        }
        ok
    }

    /// The attributes of a layout container, validated (links resolved and recorded).
    pub(super) fn layout_attributes(&mut self, name: &str, attrs: &BTreeMap<String, String>, line: usize) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        match name {
            "Hero" => {
                self.check_attributes(name, attrs, &["title", "tagline"], &["title"], line);
            }
            "CardGrid" => {
                // As many columns as the width allows: nothing to set.
                self.check_attributes(name, attrs, &[], &[], line);
            }
            "Card" => {
                self.check_attributes(name, attrs, &["title", "href", "icon", "badge"], &["title"], line);
                if let Some(icon) = attrs.get("icon") {
                    if CardIcon::from_name(icon).is_none() {
                        let names: Vec<String> = CardIcon::ALL.iter().map(|i| i.name()).collect();
                        self.error(line, None, format!("unknown card icon `{icon}`"), &format!("use one of {}", names.join(", ")));
                    }
                }
            }
            _ => {}
        }
        for (k, v) in attrs {
            if k == "href" {
                if let Some(resolved) = self.link(v, line, 1) {
                    out.insert(k.clone(), resolved);
                }
            } else {
                out.insert(k.clone(), v.clone());
            }
        }
        out
    }

    /// `<DocCardList />` at `line`: the cards of the sidebar category the doc is in
    /// (`doc_cards`), as a `CardGrid` of `Card`s. Anything else is an error: the
    /// `items` attribute (an expression docsite cannot evaluate) and a doc in no category
    /// (an empty list must not pass for one; Docusaurus throws).
    pub(super) fn doc_card_list(&mut self, name: &str, attrs: &BTreeMap<String, String>, line: usize) {
        // `items` (or any other prop) needs the page's JavaScript: a Docusaurus site's doc
        // takes the MDX path, where `@theme/DocCardList` shows them.
        if let Some(k) = attrs.keys().next() {
            self.js_error(line, None, format!("`<{name}>` with `{k}` is not supported: docsite lists the items of the doc's own sidebar category"), &format!("write `<{name} />` on the category's page, or list the pages as Markdown links"));
            return;
        }
        self.out.deps.cards = Some(self.ctx.doc_cards.get(self.source).cloned());
        let Some(cards) = self.ctx.doc_cards.get(self.source) else {
            let (message, hint) = super::no_category(name);
            self.error(line, None, message, &hint);
            return;
        };
        let mut grid = element("CardGrid");
        for card in cards {
            let mut el = element("Card");
            attr(&mut el, "title", card.title.clone());
            attr(&mut el, "href", card.href.clone());
            // The classic theme's name for a doc card (site stylesheets select it).
            attr(&mut el, "class", "card".to_string());
            if let Some(d) = &card.description {
                el.c.push(Node::Element(text_el("p", d)));
            }
            grid.c.push(Node::Element(el));
        }
        self.leaf(grid);
    }

    /// Places a data component at `line` (a line of the page's file).
    pub(super) fn data_component(&mut self, name: &str, attrs: &BTreeMap<String, String>, line: usize) {
        let (allowed, required): (&[&str], &[&str]) = match name {
            "Showcase" => (&["data", "filterable"], &["data"]),
            "UserGrid" => (&["data", "only"], &["data"]),
            "ConformanceTable" => (&["data"], &["data"]),
            "VersionsTable" => (&["show", "data"], &["show"]),
            _ => (&[], &[]),
        };
        if !self.check_attributes(name, attrs, allowed, required, line) {
            return;
        }
        let expected = match name {
            "Showcase" | "ConformanceTable" => Some("cards"),
            "UserGrid" => Some("users"),
            _ => attrs.get("data").map(|_| "releases"),
        };
        let set = match (attrs.get("data"), expected) {
            (Some(data), Some(kind)) => match self.ctx.data.sets.get(data) {
                Some(set) if set.kind() == kind => Some(set),
                Some(set) => {
                    self.error(line, None, format!("`<{name}>` shows a `{kind}` data file, but data/{data}.json is `{}`", set.kind()), &format!("point `data` at a file with \"kind\": \"{kind}\""));
                    return;
                }
                // A file with errors is reported by the data stage already.
                None if self.ctx.data.files.contains_key(data) => return,
                None => {
                    let names = self.ctx.data.names().join(", ");
                    self.error(line, None, format!("no data file data/{data}.json for `<{name}>`"), &if names.is_empty() { "create it under the site's data/ folder".to_string() } else { format!("use one of {names}") });
                    return;
                }
            },
            _ => None,
        };
        let el = match (name, set) {
            ("Showcase", Some(DataSet::Cards(cards))) => self.showcase(attrs, cards, line),
            ("ConformanceTable", Some(DataSet::Cards(cards))) => Some(conformance_table(cards)),
            ("UserGrid", Some(DataSet::Users(users))) => self.user_grid(attrs, users, line),
            ("VersionsTable", set) => {
                let releases = match set {
                    Some(DataSet::Releases(r)) => Some(r),
                    _ => None,
                };
                self.versions_table(attrs.get("show").map(String::as_str).unwrap_or(""), releases, line).map(|mut t| {
                    // The page's tables (current, next, past) share their column widths.
                    attr(&mut t, "data-even", "");
                    t
                })
            }
            _ => None,
        };
        if let Some(el) = el {
            self.leaf(el);
        }
    }

    /// Renders Markdown from a data file into `parent`'s children.
    fn data_markdown(&mut self, text: &str, origin: &Origin) -> Vec<Node> {
        let depth = self.open(element("CardDescription"));
        let saved = self.data_origin.replace(origin.clone());
        self.markdown(text, 1);
        self.data_origin = saved;
        let el = self.stack.pop().expect("description");
        self.close_to(depth);
        el.c
    }

    fn route_link(&mut self, url: &str, origin: &Origin) -> Option<String> {
        let saved = self.data_origin.replace(origin.clone());
        let href = self.link(url, origin.line, 1);
        self.data_origin = saved;
        href
    }

    fn contribute(&mut self, c: &Contribute, origin: &Origin) -> Element {
        let mut el = text_el("ShowcaseContribute", &c.label);
        if let Some(url) = self.route_link(&c.url, origin) {
            attr(&mut el, "url", url);
        }
        if let Some(p) = &c.prompt {
            attr(&mut el, "prompt", p.clone());
        }
        el
    }

    fn showcase(&mut self, attrs: &BTreeMap<String, String>, set: &CardSet, line: usize) -> Option<Element> {
        let data = attrs.get("data").cloned().unwrap_or_default();
        let file = self.ctx.data.files.get(&data).cloned().unwrap_or_default();
        let filterable = match attrs.get("filterable").map(String::as_str) {
            None => set.categories.len() > 1,
            Some("true") => true,
            Some("false") => false,
            Some(other) => {
                self.error(line, None, format!("`filterable` must be true or false, not `{other}`"), "write filterable={false}");
                false
            }
        };
        let mut el = element("Showcase");
        attr(&mut el, "data", data);
        attr(&mut el, "filterable", filterable.to_string());
        attr(&mut el, "default", set.default_category.clone());
        let labels: BTreeMap<&str, &str> = set.categories.iter().map(|c| (c.id.as_str(), c.label.as_str())).collect();
        if filterable {
            for c in &set.categories {
                let mut cat = element("ShowcaseCategory");
                attr(&mut cat, "id", c.id.clone());
                attr(&mut cat, "label", c.label.clone());
                attr(&mut cat, "count", set.entries.iter().filter(|e| e.category == c.id).count().to_string());
                // The buttons carry the category ids, so `/community#demos` is a link.
                self.out.anchors.insert(c.id.clone());
                el.c.push(Node::Element(cat));
            }
        }
        let descriptions: BTreeMap<&str, &str> = set.badges.iter().map(|b| (b.text.as_str(), b.description.as_str())).collect();
        for card in &set.entries {
            let mut c = element("ShowcaseCard");
            let id = self.unique_slug(&slug(&card.title));
            self.out.anchors.insert(id.clone());
            attr(&mut c, "id", id);
            attr(&mut c, "category", card.category.clone());
            attr(&mut c, "categoryLabel", labels.get(card.category.as_str()).copied().unwrap_or(&card.category));
            for (k, l) in [("infoLink", &card.info_link), ("docsLink", &card.docs_link)] {
                if let Some(l) = l {
                    if let Some(href) = self.route_link(l, &card.origin) {
                        attr(&mut c, k, href);
                    }
                }
            }
            c.c.push(Node::Element(text_el("CardTitle", &card.title)));
            c.c.push(Node::Element(text_el("CardPublisher", &card.publisher)));
            for b in &card.badges {
                let mut badge = text_el("CardBadge", b);
                attr(&mut badge, "description", descriptions.get(b.as_str()).copied().unwrap_or(""));
                c.c.push(Node::Element(badge));
            }
            let mut desc = element("CardDescription");
            desc.c = self.data_markdown(&card.description, &card.description_origin);
            c.c.push(Node::Element(desc));
            for k in &card.conformance {
                let mut conf = text_el("CardConformance", &k.product);
                attr(&mut conf, "version", k.version.clone());
                attr(&mut conf, "date", k.date.iso());
                attr(&mut conf, "dateText", k.date.text());
                if let Some(l) = &k.link {
                    if let Some(href) = self.route_link(l, &card.origin) {
                        attr(&mut conf, "link", href);
                    }
                }
                c.c.push(Node::Element(conf));
            }
            el.c.push(Node::Element(c));
        }
        for b in &set.badges {
            let mut badge = text_el("ShowcaseBadge", &b.description);
            attr(&mut badge, "text", b.text.clone());
            el.c.push(Node::Element(badge));
        }
        if let Some(contribute) = &set.contribute {
            let c = self.contribute(contribute, &Origin { file, line: 1 });
            el.c.push(Node::Element(c));
        }
        Some(el)
    }

    fn user_grid(&mut self, attrs: &BTreeMap<String, String>, set: &UserSet, line: usize) -> Option<Element> {
        let data = attrs.get("data").cloned().unwrap_or_default();
        let file = self.ctx.data.files.get(&data).cloned().unwrap_or_default();
        let only = attrs.get("only").map(String::as_str);
        let keep = |u: &crate::data_files::RawUser| match only {
            None => true,
            Some("pinned") => u.pinned,
            Some("members") => u.member,
            Some("others") => !u.member,
            Some(_) => false,
        };
        if let Some(o) = only {
            if !matches!(o, "pinned" | "members" | "others") {
                self.error(line, None, format!("`only` must be pinned, members or others, not `{o}`"), "leave it out to list everyone");
                return None;
            }
        }
        let mut el = element("UserGrid");
        attr(&mut el, "data", data);
        let mut tile = |u: &crate::data_files::RawUser| {
            let mut tile = text_el("UserTile", &u.name);
            if let Some(href) = self.route_link(&u.url, &Origin { file: file.clone(), line: 1 }) {
                attr(&mut tile, "href", href);
            }
            if u.member {
                attr(&mut tile, "member", "true");
            }
            Node::Element(tile)
        };
        if set.categories.is_empty() {
            el.c.extend(set.users.iter().filter(|u| keep(u)).map(&mut tile));
        } else {
            for category in &set.categories {
                let tiles: Vec<Node> = set.users.iter().filter(|u| keep(u) && u.category.as_deref() == Some(category.id.as_str())).map(&mut tile).collect();
                if tiles.is_empty() {
                    continue;
                }
                let mut group = element("UserGroup");
                attr(&mut group, "id", category.id.clone());
                attr(&mut group, "label", category.label.clone());
                group.c = tiles;
                el.c.push(Node::Element(group));
            }
        }
        if only.is_none() {
            if let Some(contribute) = &set.contribute {
                let c = self.contribute(contribute, &Origin { file, line: 1 });
                el.c.push(Node::Element(c));
            }
        }
        Some(el)
    }

    fn versions_table(&mut self, show: &str, releases: Option<&Releases>, line: usize) -> Option<Element> {
        let versions = self.ctx.versions;
        let docs = |path: &str| vec![link_el(&crate::paths::encode_path(path), "Documentation")];
        let released_row = |v: &crate::contract::VersionData| -> Vec<Vec<Node>> {
            let mut row = vec![text(v.label.clone())];
            if let Some(r) = releases {
                row.push(text(r.dates.get(&v.name).map(|d| d.text()).unwrap_or_default()));
            }
            row.push(docs(&v.main_doc_path));
            if let Some(r) = releases {
                row.push(vec![link_el(&r.notes(&v.name), "Release notes")]);
            }
            row
        };
        let released_head: &[&str] = if releases.is_some() { &["Version", "Released", "Documentation", "Release notes"] } else { &["Version", "Documentation"] };
        match show {
            "current" => {
                let rows = versions.iter().filter(|v| v.is_last).map(released_row).collect();
                Some(table(released_head, rows))
            }
            "past" => {
                let rows = versions.iter().filter(|v| !v.is_last && v.name != crate::contract::CURRENT).map(released_row).collect();
                Some(table(released_head, rows))
            }
            "next" => {
                let rows: Vec<Vec<Vec<Node>>> = versions
                    .iter()
                    .filter(|v| v.name == crate::contract::CURRENT)
                    .map(|v| {
                        let mut row = vec![text(v.label.clone()), text("Unreleased"), docs(&v.main_doc_path)];
                        if let Some(r) = releases {
                            let mut cell = vec![link_el(&r.next.source, "Source code")];
                            if let Some(c) = &r.next.changes {
                                cell.push(Node::Text(" · ".into()));
                                cell.push(link_el(c, "Unreleased changes"));
                            }
                            row.push(cell);
                        }
                        row
                    })
                    .collect();
                let head: &[&str] = if releases.is_some() { &["Version", "Status", "Documentation", "Source"] } else { &["Version", "Status", "Documentation"] };
                Some(table(head, rows))
            }
            other => {
                self.out.diagnostics.push(Diagnostic::error(self.source, format!("`show` must be current, next or past, not `{other}`")).at(line, None).hint("write <VersionsTable show=\"past\" data=\"releases\" />"));
                None
            }
        }
    }
}

/// Every certification of a card set: product, publisher, version, date, announcement;
/// by version, then date, then product.
fn conformance_table(set: &CardSet) -> Element {
    let mut rows: Vec<(&str, crate::data_files::Date, &str, &str, Option<&str>)> = Vec::new();
    for card in &set.entries {
        for k in &card.conformance {
            rows.push((&k.version, k.date, &k.product, &card.publisher, k.link.as_deref()));
        }
    }
    rows.sort_by(|a, b| version_key(a.0).cmp(&version_key(b.0)).then(a.1.cmp(&b.1)).then(a.2.cmp(b.2)));
    let body = rows
        .into_iter()
        .map(|(version, date, product, publisher, link)| {
            let mut time = text_el("time", &date.text());
            attr(&mut time, "datetime", date.iso());
            // Dates read badly broken over lines in a narrow (scrolling) table.
            attr(&mut time, "style", "white-space: nowrap");
            vec![
                text(product),
                text(publisher),
                text(version),
                vec![Node::Element(time)],
                link.map(|l| vec![link_el(l, "Announcement")]).unwrap_or_default(),
            ]
        })
        .collect();
    table(&["Product", "Publisher", "FDC3", "Certified", "Details"], body)
}

/// `2.0` < `10.1`: numeric parts compare as numbers.
fn version_key(v: &str) -> Vec<u64> {
    v.split('.').map(|p| p.parse().unwrap_or(0)).collect()
}
