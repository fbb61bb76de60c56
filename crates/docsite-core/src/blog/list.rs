//! The pages the blog makes from its posts, as Docusaurus's blog plugin makes them: the post
//! list (`/blog`, then `/blog/page/2`, ...; `postsPerPage` each, newest first), a list per
//! tag (`/blog/tags/<tag>`, paged the same way), the tag index (`/blog/tags`) and the
//! archive (`/blog/archive`), and what a post's own page shows around its article (date,
//! authors, tags, the newer and older post). Unlisted posts are in none of the lists.
//!
//! A list page's article is a content tree written here (one `<article>` per post: title
//! link, date, authors, excerpt, "Read more"; then the pager), so it is pre-rendered as
//! static HTML and readable without JavaScript; the theme's blog view lays it out.

use std::collections::BTreeMap;

use super::{Blog, Post};
use crate::contract::{BlogPostMeta, Element, Node, PageData, PageLink, RouteKind};
use crate::load::{join_route, FrontMatterTag};
use crate::paths::encode_path;

/// A page the blog makes.
pub struct BlogPage {
    /// Its route.
    pub route: String,
    /// Its data.
    pub data: PageData,
}

fn el(t: &str, a: &[(&str, String)], c: Vec<Node>) -> Node {
    Node::Element(Element { t: t.into(), a: a.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(), c })
}

fn text(s: impl Into<String>) -> Node {
    Node::Text(s.into())
}

/// `March 4, 2025` (UTC), as the blog shows dates.
pub fn date_text(timestamp: i64) -> String {
    const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    let iso = crate::git::format_iso(timestamp);
    let (y, m, d) = (&iso[0..4], iso[5..7].parse::<usize>().unwrap_or(1), iso[8..10].parse::<u32>().unwrap_or(1));
    format!("{} {d}, {y}", MONTHS[m.clamp(1, 12) - 1])
}

impl Blog {
    /// The posts in the lists (not unlisted), newest first.
    pub fn listed(&self) -> impl Iterator<Item = &Post> {
        self.posts.iter().filter(|p| p.listed())
    }

    /// Whether the blog has its list pages: always when it has a post (listed or not),
    /// and without any post only when `listWithoutPosts` says so (Docusaurus 3.0 to 3.9
    /// write no blog page at all for a blog without posts; 3.10 and later an empty list).
    fn has_list(&self) -> bool {
        !self.posts.is_empty() || self.settings.list_without_posts
    }

    /// Route of a tag's list, or of the tag index when `slug` is empty.
    pub fn tag_route(&self, slug: &str) -> String {
        join_route(&self.route, &format!("tags/{slug}"))
    }

    /// Route of an author's page (`slug`), or of the list of authors when `slug` is empty.
    pub fn authors_route(&self, slug: &str) -> String {
        join_route(&self.route, &format!("authors/{slug}"))
    }

    /// The authors with a page of their own: (key, route, their listed posts).
    fn author_pages(&self) -> Vec<(&str, String, Vec<&Post>)> {
        if !self.settings.authors_pages {
            return Vec::new();
        }
        self.author_pages.iter().map(|(key, slug)| (key.as_str(), self.authors_route(slug), self.listed().filter(|p| p.author_keys.contains(key)).collect())).collect()
    }

    /// Whether the blog has the list of its authors: when `authors.yml` has any.
    fn has_authors_list(&self) -> bool {
        self.settings.authors_pages && !self.authors.is_empty()
    }

    /// A word of the lists in the locale's language (Docusaurus's id, else English).
    fn t(&self, id: &str, english: &str, values: &[(&str, &str)]) -> String {
        crate::i18n::message(&self.messages, id, english, values)
    }

    /// Route of the archive.
    pub fn archive_route(&self) -> String {
        join_route(&self.route, "archive")
    }

    /// Listed posts of each tag, by the tag's route segment: (label, posts).
    fn tags(&self) -> BTreeMap<String, (String, Vec<&Post>)> {
        let mut tags: BTreeMap<String, (String, Vec<&Post>)> = BTreeMap::new();
        for p in self.listed() {
            for t in &p.front.tags {
                tags.entry(t.slug()).or_insert_with(|| (t.label().to_string(), Vec::new())).1.push(p);
            }
        }
        tags
    }

    /// The routes of the pages [`Blog::pages`] makes (posts aside), so links to them are
    /// checked before those pages are made.
    pub fn routes(&self) -> Vec<String> {
        let listed = self.listed().count();
        let mut routes = if self.has_list() { paged_routes(&self.route, listed, self.settings.posts_per_page) } else { Vec::new() };
        if listed > 0 {
            routes.push(self.archive_route());
        }
        let tags = self.tags();
        if !tags.is_empty() {
            routes.push(self.tag_route(""));
        }
        for (slug, (_, posts)) in &tags {
            routes.extend(paged_routes(&self.tag_route(slug), posts.len(), self.settings.posts_per_page));
        }
        if self.has_authors_list() {
            routes.push(self.authors_route(""));
        }
        for (_, route, posts) in self.author_pages() {
            routes.extend(paged_routes(&route, posts.len(), self.settings.posts_per_page));
        }
        routes
    }

    /// What the page of post `i` shows besides its article: date, authors, its tags'
    /// links, and the newer and older listed post (none for an unlisted post).
    pub fn post_page(&self, i: usize, titles: &[String]) -> (BlogPostMeta, Vec<PageLink>, Option<PageLink>, Option<PageLink>) {
        let post = &self.posts[i];
        let meta = BlogPostMeta {
            date_time: crate::git::format_iso(post.timestamp),
            date_text: date_text(post.timestamp),
            authors: post.authors.clone(),
            blog: PageLink { label: self.settings.blog_title.clone(), href: encode_path(&self.route) },
        };
        let tags = post.front.tags.iter().map(|t| self.tag_link(t)).collect();
        let (mut newer, mut older) = (None, None);
        if post.listed() {
            let listed: Vec<&Post> = self.listed().collect();
            let at = listed.iter().position(|p| p.route == post.route).unwrap_or(0);
            let link = |p: &Post| PageLink { label: self.posts.iter().position(|q| q.route == p.route).map_or_else(|| title_of(p, None), |j| titles[j].clone()), href: encode_path(&p.route) };
            newer = at.checked_sub(1).map(|j| link(listed[j]));
            older = listed.get(at + 1).map(|p| link(p));
        }
        (meta, tags, newer, older)
    }

    fn tag_link(&self, t: &FrontMatterTag) -> PageLink {
        PageLink { label: t.label().to_string(), href: encode_path(&self.tag_route(&t.slug())) }
    }

    /// The list pages, the tag pages and the archive. `excerpts[i]` is post `i`'s excerpt
    /// (or whole article) rendered; `titles[i]` its title.
    pub fn pages(&self, excerpts: &[Vec<Node>], titles: &[String]) -> Vec<BlogPage> {
        let index: BTreeMap<&str, usize> = self.posts.iter().enumerate().map(|(i, p)| (p.route.as_str(), i)).collect();
        let summary = |p: &Post| {
            let i = index[p.route.as_str()];
            self.summary(p, &titles[i], &excerpts[i])
        };
        let mut out = Vec::new();
        let listed: Vec<&Post> = self.listed().collect();
        let s = &self.settings;
        let empty = vec![el("p", &[("class", "blog-empty".into())], vec![text("There are no posts in this blog yet.")])];
        let after: &[Node] = if listed.is_empty() { &empty } else { &[] };
        if self.has_list() {
            self.paged(&self.route, &listed, &mut out, |_| s.blog_title.clone(), Some(s.blog_description.clone()), &summary, after);
        }
        if !listed.is_empty() {
            out.push(self.archive(&listed, titles, &index));
        }
        let tags = self.tags();
        if !tags.is_empty() {
            let items = tags
                .iter()
                .map(|(slug, (label, posts))| el("li", &[], vec![el("a", &[("href", encode_path(&self.tag_route(slug)))], vec![text(format!("{label} ({})", posts.len()))])]))
                .collect();
            let content = vec![el("ul", &[("class", "tag-list".into())], items)];
            let data = PageData::standalone(RouteKind::Page, encode_path(&self.tag_route("")), self.t("theme.tags.tagsPageTitle", "Tags", &[]), None, content);
            out.push(BlogPage { route: self.tag_route(""), data });
        }
        for (slug, (label, posts)) in &tags {
            let title = if posts.len() == 1 { format!("One post tagged with \"{label}\"") } else { format!("{} posts tagged with \"{label}\"", posts.len()) };
            let all = vec![el("p", &[], vec![el("a", &[("href", encode_path(&self.tag_route("")))], vec![text("View all tags")])])];
            self.paged(&self.tag_route(slug), posts, &mut out, |_| title.clone(), None, &summary, &all);
        }
        let author_pages = self.author_pages();
        if self.has_authors_list() {
            // Every author of the map, with the number of their listed posts; the name links
            // to the author's page when there is one.
            let items = self
                .authors
                .iter()
                .map(|(key, a)| {
                    let page = author_pages.iter().find(|(k, _, _)| k == key);
                    let count = page.map_or_else(|| self.listed().filter(|p| p.author_keys.contains(key)).count(), |(_, _, posts)| posts.len());
                    let name = match page {
                        Some((_, route, _)) => el("a", &[("href", encode_path(route))], vec![text(a.name.clone())]),
                        None => text(a.name.clone()),
                    };
                    let mut c = vec![name];
                    if let Some(title) = &a.title {
                        c.push(text(format!(" · {title}")));
                    }
                    c.push(text(if count == 1 { " (1 post)".to_string() } else { format!(" ({count} posts)") }));
                    el("li", &[], c)
                })
                .collect();
            let content = vec![el("ul", &[("class", "blog-authors".into())], items)];
            let data = PageData::standalone(RouteKind::Page, encode_path(&self.authors_route("")), "Authors".into(), None, content);
            out.push(BlogPage { route: self.authors_route(""), data });
        }
        for (key, route, posts) in &author_pages {
            let name = self.authors.iter().find(|(k, _)| k == key).map_or_else(|| key.to_string(), |(_, a)| a.name.clone());
            let all = vec![el("p", &[], vec![el("a", &[("href", encode_path(&self.authors_route("")))], vec![text("View all authors")])])];
            self.paged(route, posts, &mut out, |_| name.clone(), None, &summary, &all);
        }
        out
    }

    /// One list cut into pages of `postsPerPage`: `base`, then `base/page/2`, ...; `after`
    /// follows the posts (the "no posts" sentence of an empty list, a tag page's link to
    /// every tag).
    #[allow(clippy::too_many_arguments)]
    fn paged(&self, base: &str, posts: &[&Post], out: &mut Vec<BlogPage>, title: impl Fn(usize) -> String, description: Option<String>, summary: &dyn Fn(&Post) -> Node, after: &[Node]) {
        let routes = paged_routes(base, posts.len(), self.settings.posts_per_page);
        let per = if self.settings.posts_per_page == 0 { posts.len().max(1) } else { self.settings.posts_per_page };
        for (n, route) in routes.iter().enumerate() {
            let mut content: Vec<Node> = posts.iter().skip(n * per).take(per).map(|p| summary(p)).collect();
            content.extend(after.iter().cloned());
            let newer = n.checked_sub(1).map(|j| &routes[j]);
            let older = routes.get(n + 1);
            if newer.is_some() || older.is_some() {
                let mut links = Vec::new();
                if let Some(r) = newer {
                    links.push(el("a", &[("href", encode_path(r)), ("class", "blog-pager-newer".into())], vec![text(format!("« {}", self.t("theme.blog.paginator.newerEntries", "Newer entries", &[])))]));
                }
                if let Some(r) = older {
                    links.push(el("a", &[("href", encode_path(r)), ("class", "blog-pager-older".into())], vec![text(format!("{} »", self.t("theme.blog.paginator.olderEntries", "Older entries", &[])))]));
                }
                content.push(el("nav", &[("class", "blog-pager".into()), ("aria-label", "Blog list page navigation".into())], links));
            }
            let mut data = PageData::standalone(RouteKind::BlogList, encode_path(route), title(n), description.clone(), content);
            // A later page says which it is (`<title>` and heading stay the list's).
            if n > 0 {
                data.description = Some(format!("Page {} of {}", n + 1, routes.len()));
            }
            out.push(BlogPage { route: route.clone(), data });
        }
    }

    /// One post in a list: its title linking to it, date and authors, excerpt, tags and
    /// "Read more" when the excerpt is not the whole post.
    fn summary(&self, p: &Post, title: &str, excerpt: &[Node]) -> Node {
        let href = encode_path(&p.route);
        let mut meta = vec![el("time", &[("datetime", crate::git::format_iso(p.timestamp))], vec![text(date_text(p.timestamp))])];
        if !p.authors.is_empty() {
            let mut names = Vec::new();
            for (k, a) in p.authors.iter().enumerate() {
                if k > 0 {
                    names.push(text(", "));
                }
                names.push(match &a.url {
                    Some(url) => el("a", &[("href", url.clone())], vec![text(a.name.clone())]),
                    None => text(a.name.clone()),
                });
            }
            meta.push(text(" · "));
            meta.push(el("span", &[("class", "blog-post-authors".into())], names));
        }
        let header = el("header", &[], vec![el("h2", &[("class", "blog-post-title".into())], vec![el("a", &[("href", href.clone())], vec![text(title)])]), el("p", &[("class", "blog-post-meta".into())], meta)]);
        let mut footer = Vec::new();
        if !p.front.tags.is_empty() {
            let tags = p.front.tags.iter().map(|t| self.tag_link(t)).map(|l| el("li", &[], vec![el("a", &[("href", l.href)], vec![text(l.label)])])).collect();
            footer.push(el("ul", &[("class", "blog-post-tags".into()), ("aria-label", "Tags".into())], tags));
        }
        if p.excerpt.is_some() {
            footer.push(el("a", &[("href", href), ("class", "blog-read-more".into()), ("aria-label", self.t("theme.blog.post.readMoreLabel", "Read more about {title}", &[("title", title)]))], vec![text(self.t("theme.blog.post.readMore", "Read more", &[]))]));
        }
        let mut c = vec![header, el("div", &[("class", "markdown blog-post-excerpt".into())], excerpt.to_vec())];
        if !footer.is_empty() {
            c.push(el("footer", &[], footer));
        }
        el("article", &[("class", "blog-post-summary".into())], c)
    }

    /// The archive: every listed post's title and date, by year, newest first.
    fn archive(&self, listed: &[&Post], titles: &[String], index: &BTreeMap<&str, usize>) -> BlogPage {
        let mut content = Vec::new();
        let mut year = String::new();
        let mut items = Vec::new();
        let flush = |year: &str, items: &mut Vec<Node>, content: &mut Vec<Node>| {
            if !items.is_empty() {
                content.push(el("h2", &[("id", format!("archive-{year}"))], vec![text(year.to_string())]));
                content.push(el("ul", &[("class", "blog-archive".into())], std::mem::take(items)));
            }
        };
        for p in listed {
            let iso = crate::git::format_iso(p.timestamp);
            if iso[..4] != year {
                flush(&year, &mut items, &mut content);
                year = iso[..4].to_string();
            }
            let title = &titles[index[p.route.as_str()]];
            items.push(el("li", &[], vec![el("time", &[("datetime", iso.clone())], vec![text(date_text(p.timestamp))]), text(" – "), el("a", &[("href", encode_path(&p.route))], vec![text(title.clone())])]));
        }
        flush(&year, &mut items, &mut content);
        let data = PageData::standalone(RouteKind::Page, encode_path(&self.archive_route()), self.t("theme.blog.archive.title", "Archive", &[]), Some(self.t("theme.blog.archive.description", "Archive", &[])), content);
        BlogPage { route: self.archive_route(), data }
    }
}

/// The title of a post: front matter `title`, else its first heading, else the text of its
/// file name.
pub fn title_of(p: &Post, h1: Option<&str>) -> String {
    p.front.title.clone().filter(|t| !t.is_empty()).or_else(|| h1.map(str::to_string)).unwrap_or_else(|| p.name_text.clone())
}

/// `base`, then `base/page/2`, ... for `count` posts (one page when there are none, or
/// when `per_page` is 0).
fn paged_routes(base: &str, count: usize, per_page: usize) -> Vec<String> {
    let pages = if per_page == 0 { 1 } else { count.div_ceil(per_page).max(1) };
    (0..pages).map(|n| if n == 0 { base.to_string() } else { join_route(base, &format!("page/{}", n + 1)) }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_paged_like_docusaurus() {
        assert_eq!(paged_routes("/blog", 0, 10), ["/blog"]);
        assert_eq!(paged_routes("/blog", 10, 10), ["/blog"]);
        assert_eq!(paged_routes("/blog", 11, 10), ["/blog", "/blog/page/2"]);
        assert_eq!(paged_routes("/blog", 25, 0), ["/blog"]);
    }

    #[test]
    fn dates_are_written_out() {
        assert_eq!(date_text(crate::git::parse_date("2025-03-04").unwrap()), "March 4, 2025");
    }
}
