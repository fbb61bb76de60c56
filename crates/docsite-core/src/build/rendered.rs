//! What pre-rendering tells about a site's React pages (`src/pages/*.js`…): the engine
//! cannot read their content before the theme's SSR bundle has run their code, so their
//! HTML is read back (html5gum's tokenizer): every element `id` of the document (the anchors
//! a link may point to), the links of the page's own region (the theme's `<main>`, not the
//! navbar or footer, whose links are the configuration's and checked as such), and that
//! region as a content tree (headings with their ids and a table of contents) for the search
//! index. `build/react_links.rs` checks the links; the search index reads the tree as it reads
//! a Markdown page's.

use std::collections::{BTreeMap, HashSet};

use html5gum::{DefaultEmitter, Token, Tokenizer};

use crate::contract::{Attrs, Element, Node, TocItem};

/// The id of the theme's main region (`MAIN_ID` in `theme/src/components/Layout`): a React
/// page renders inside it.
pub(crate) const MAIN_ID: &str = "__docsite_main";

/// The attribute `@docusaurus/Link` writes for `data-noBrokenLinkCheck`
/// (`theme/src/docusaurus/core/Link.tsx`): such a link is not checked.
const NO_LINK_CHECK_ATTRIBUTE: &str = "data-no-link-check";

/// One `<a href>` of a React page's own region.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PageLink {
    /// The `href` as the HTML has it (entities decoded).
    pub(crate) href: String,
}

/// What a React page's pre-rendered HTML holds.
#[derive(Debug, Default)]
pub(crate) struct RenderedPage {
    /// Every element id of the document.
    pub(crate) ids: HashSet<String>,
    /// The links of the page's own region, in document order.
    pub(crate) links: Vec<PageLink>,
    /// The page's own region as a content tree (headings as `Heading` elements with `level`
    /// and `id`, other elements by their tag name with their `id`), without scripts, styles,
    /// images, SVG, forms' controls and hidden elements.
    pub(crate) content: Vec<Node>,
    /// The headings h2-h6 with an id, in order.
    pub(crate) toc: Vec<TocItem>,
}

/// Elements without an end tag.
const VOID: [&str; 13] = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"];

/// Elements whose content is not page text.
const SKIPPED: [&str; 10] = ["script", "style", "svg", "noscript", "template", "button", "select", "textarea", "iframe", "canvas"];

/// The part of a pre-rendered page that is read as its content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Region {
    /// The theme's main region (a React page).
    Main,
    /// The doc's article (`data-article`): a doc on the MDX path, whose text exists only once
    /// its module has run.
    Article,
}

/// Reads a pre-rendered React page (the body the theme's SSR bundle returned).
pub(crate) fn read(html: &str) -> RenderedPage {
    read_region(html, Region::Main)
}

/// Reads a pre-rendered page, its content from `region`. A heading's direct link (`a.hash-link`)
/// is not part of its text.
pub(crate) fn read_region(html: &str, region: Region) -> RenderedPage {
    let mut emitter = DefaultEmitter::default();
    // Script and style contents are text to skip, not markup.
    emitter.naively_switch_states(true);
    let mut page = RenderedPage::default();
    // Open elements of the main region: (tag, element). The bottom is a root holder.
    let mut stack: Vec<(String, Element)> = Vec::new();
    // The region is the element with the theme's main id: `<main>`, or a `<div>` around a
    // React page (which may render its own `<main>`). Depth of elements of its tag inside it.
    let mut region_tag = String::new();
    let mut main_depth = 0usize;
    let mut in_main = false;
    // Tag and depth of an element being skipped (its children too).
    let mut skipping: Option<(String, usize)> = None;
    let mut root = Element { t: String::new(), a: Attrs::new(), c: Vec::new() };
    for token in Tokenizer::new_with_emitter(html, emitter).flatten() {
        match token {
            Token::StartTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
                let attr = |key: &str| tag.attributes.get(key.as_bytes()).map(|v| String::from_utf8_lossy(v).into_owned());
                let id = attr("id").filter(|id| !id.is_empty());
                if let Some(id) = &id {
                    page.ids.insert(id.clone());
                }
                if !in_main {
                    let starts = match region {
                        Region::Main => id.as_deref() == Some(MAIN_ID),
                        Region::Article => attr("data-article").is_some(),
                    };
                    if starts && !VOID.contains(&name.as_str()) && !tag.self_closing {
                        in_main = true;
                        main_depth = 0;
                        region_tag = name;
                    }
                    continue;
                }
                if name == region_tag {
                    main_depth += 1;
                }
                // A link is checked wherever it is (also in SVG or a hidden element).
                if name == "a" && attr(NO_LINK_CHECK_ATTRIBUTE).is_none() {
                    if let Some(href) = attr("href") {
                        page.links.push(PageLink { href });
                    }
                }
                if let Some((skip, depth)) = &mut skipping {
                    if *skip == name && !tag.self_closing {
                        *depth += 1;
                    }
                    continue;
                }
                // A doc's code blocks are left out of its text, as the search index leaves out a
                // Markdown doc's (`search.rs`).
                let left_out = |class: &str| class == "hash-link" || (region == Region::Article && class == "code-block");
                let hidden = attr("hidden").is_some() || attr("aria-hidden").as_deref() == Some("true") || attr("class").is_some_and(|c| c.split_whitespace().any(left_out));
                if SKIPPED.contains(&name.as_str()) || (hidden && !VOID.contains(&name.as_str())) {
                    if !tag.self_closing && !VOID.contains(&name.as_str()) {
                        skipping = Some((name, 1));
                    }
                    continue;
                }
                if VOID.contains(&name.as_str()) || tag.self_closing {
                    if name == "br" {
                        push(&mut stack, &mut root, Node::Text(" ".into()));
                    }
                    continue;
                }
                let mut a = BTreeMap::new();
                let t = match heading_level(&name) {
                    Some(level) => {
                        a.insert("level".to_string(), level.to_string());
                        "Heading".to_string()
                    }
                    None => name.clone(),
                };
                if let Some(id) = id {
                    a.insert("id".to_string(), id);
                }
                if let Some(href) = attr("href").filter(|_| name == "a") {
                    a.insert("href".to_string(), href);
                }
                stack.push((name, Element { t, a: a.into(), c: Vec::new() }));
            }
            Token::EndTag(tag) => {
                if !in_main {
                    continue;
                }
                let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
                if let Some((skip, depth)) = &mut skipping {
                    if *skip == name {
                        *depth -= 1;
                        if *depth == 0 {
                            skipping = None;
                        }
                    }
                    if name == region_tag {
                        main_depth = main_depth.saturating_sub(1);
                    }
                    continue;
                }
                if name == region_tag {
                    if main_depth == 0 {
                        // The end of the theme's main region: close what is open.
                        while let Some((_, e)) = stack.pop() {
                            push(&mut stack, &mut root, Node::Element(e));
                        }
                        in_main = false;
                        continue;
                    }
                    main_depth -= 1;
                }
                // Close up to the matching open element (an end tag without one is ignored).
                if let Some(at) = stack.iter().rposition(|(open, _)| *open == name) {
                    while stack.len() > at {
                        let (_, e) = stack.pop().expect("non-empty");
                        push(&mut stack, &mut root, Node::Element(e));
                    }
                }
            }
            Token::String(text) if in_main && skipping.is_none() => {
                let text = String::from_utf8_lossy(&text).into_owned();
                push(&mut stack, &mut root, Node::Text(text));
            }
            _ => {}
        }
    }
    while let Some((_, e)) = stack.pop() {
        push(&mut stack, &mut root, Node::Element(e));
    }
    page.content = root.c;
    collect_toc(&page.content, &mut page.toc);
    page
}

/// Adds `node` to the innermost open element (or the root).
fn push(stack: &mut [(String, Element)], root: &mut Element, node: Node) {
    let parent = match stack.last_mut() {
        Some((_, e)) => e,
        None => root,
    };
    // Adjacent text (React writes `<!-- -->` between parts of one text) is one node.
    if let (Node::Text(t), Some(Node::Text(last))) = (&node, parent.c.last_mut()) {
        last.push_str(t);
        return;
    }
    parent.c.push(node);
}

fn heading_level(name: &str) -> Option<u8> {
    match name.as_bytes() {
        [b'h', d @ b'1'..=b'6'] => Some(d - b'0'),
        _ => None,
    }
}

/// The headings h2-h6 with an id, in document order.
fn collect_toc(nodes: &[Node], toc: &mut Vec<TocItem>) {
    for node in nodes {
        if let Node::Element(e) = node {
            if e.t == "Heading" {
                let level = e.a.get("level").and_then(|l| l.parse::<u8>().ok()).unwrap_or(2);
                if let (Some(id), true) = (e.a.get("id"), level >= 2) {
                    let text = crate::markdown::text_of(&e.c).split_whitespace().collect::<Vec<_>>().join(" ");
                    toc.push(TocItem { id: id.clone(), text, level });
                }
            }
            collect_toc(&e.c, toc);
        }
    }
}

/// The first `h1` of the page's region, its text (the page's title when its `Layout` has
/// none).
pub(crate) fn first_h1(nodes: &[Node]) -> Option<String> {
    for node in nodes {
        if let Node::Element(e) = node {
            if e.t == "Heading" && e.a.get("level").map(String::as_str) == Some("1") {
                let text = crate::markdown::text_of(&e.c).split_whitespace().collect::<Vec<_>>().join(" ");
                return (!text.is_empty()).then_some(text);
            }
            if let Some(t) = first_h1(&e.c) {
                return Some(t);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_mdx_docs_article_is_read_as_rendered_without_direct_links_and_code_blocks() {
        let html = r##"<main id="__docsite_main"><nav>Home</nav><div class="x" data-article=""><h1>Expressions</h1><div data-island="SiteComponent"><p>Founded in <!-- -->2024<!-- -->.</p>
<h2 id="styled">Styled<a class="hash-link _Afuz" href="#styled" aria-label="Direct link">#</a></h2><div class="code-block _jDLd"><pre><code>let x;</code></pre></div></div></div><nav aria-label="Docs pages">Next</nav></main>"##;
        let page = read_region(html, Region::Article);
        assert_eq!(crate::markdown::text_of(&page.content).split_whitespace().collect::<Vec<_>>().join(" "), "Expressions Founded in 2024. Styled");
        let toc: Vec<(&str, &str, u8)> = page.toc.iter().map(|t| (t.id.as_str(), t.text.as_str(), t.level)).collect();
        assert_eq!(toc, [("styled", "Styled", 2)]);
    }

    const PAGE: &str = r##"<div><a href="#__docsite_main">Skip</a><nav id="top-nav"><a href="/docs/intro">Docs</a></nav>
<main id="__docsite_main" tabindex="-1"><div class="main-wrapper"><main class="home">
<h1>Lanterns <!-- -->for every night</h1><script>var x = "<a href='/nope'>";</script>
<p>Paper &amp; tin<br>lanterns, <a href="/docs/care#wicks">care</a>, <a data-no-link-check="" href="/unchecked">maps</a>.</p>
<h2 id="members">Members</h2><ul><li id="ada">Ada</li><li>Bo<img src="x.png" alt="logo"></li></ul>
<button type="button">Unlit</button><svg><a href="/in-svg"></a></svg>
<h3 id="more" class="anchor">More <a href="#more" aria-hidden="true">#</a></h3>
<div hidden><p>Secret</p></div></main></div></main>
<footer><a href="/community">Community</a></footer></div>"##;

    #[test]
    fn ids_links_and_the_main_region_are_read_from_the_html() {
        let page = read(PAGE);
        for id in ["top-nav", "__docsite_main", "members", "ada", "more"] {
            assert!(page.ids.contains(id), "{id}: {:?}", page.ids);
        }
        // Only the main region's links; a script's text is no link; a link in SVG counts
        // (it is a link), a hidden one too (it is still in the page); a Link with
        // `data-noBrokenLinkCheck` does not.
        let hrefs: Vec<&str> = page.links.iter().map(|l| l.href.as_str()).collect();
        assert_eq!(hrefs, ["/docs/care#wicks", "/in-svg", "#more"]);
        assert_eq!(first_h1(&page.content).as_deref(), Some("Lanterns for every night"));
        let toc: Vec<(&str, u8, &str)> = page.toc.iter().map(|t| (t.id.as_str(), t.level, t.text.as_str())).collect();
        assert_eq!(toc, [("members", 2, "Members"), ("more", 3, "More")]);
        let text = crate::markdown::text_of(&page.content);
        assert!(text.contains("Paper & tin lanterns, care, maps."), "{text}");
        for absent in ["Skip", "Docs", "Community", "Unlit", "Secret", "var x", "#"] {
            assert!(!text.contains(absent), "{absent:?} in {text:?}");
        }
    }

    #[test]
    fn the_region_of_a_react_page_is_a_div_that_may_hold_its_own_main_and_divs() {
        // The theme gives a React page a `<div>` region (the page may bring its own `<main>`).
        let page = read(&PAGE.replace("<main id=\"__docsite_main\" tabindex=\"-1\">", "<div id=\"__docsite_main\" tabindex=\"-1\">").replace("</main></div></main>", "</main></div></div>"));
        let hrefs: Vec<&str> = page.links.iter().map(|l| l.href.as_str()).collect();
        assert_eq!(hrefs, ["/docs/care#wicks", "/in-svg", "#more"]);
        let text = crate::markdown::text_of(&page.content);
        assert!(text.contains("Paper & tin lanterns") && !text.contains("Community"), "{text}");
    }

    #[test]
    fn a_react_page_read_from_its_html_is_indexed_like_a_markdown_page() {
        use crate::contract::{PageData, RouteKind};
        let mut data = PageData::standalone(RouteKind::ReactPage, "/lanterns".into(), "Lanterns".into(), None, Vec::new());
        assert!(!crate::search::is_searchable(&data), "nothing to index before its HTML is read");
        let page = read(PAGE);
        data.content = page.content;
        data.toc = page.toc;
        assert!(crate::search::is_searchable(&data));
        let entries = crate::search::entries(std::iter::once(("/lanterns", &data, false)));
        assert_eq!(entries.len(), 1);
        let records = crate::search::records(&entries[0], "en", None);
        let html: String = records.iter().map(|r| r.html.as_str()).collect();
        assert_eq!(records[0].url, "/lanterns");
        assert!(html.contains("Paper &amp; tin lanterns"), "{html}");
        // Site pages' filter, headings as sections with their anchors, the title as h1.
        assert!(html.contains("<meta data-pagefind-filter=\"version[content]\" content=\"pages\">"), "{html}");
        assert!(html.contains("<h2 id=\"members\""), "{html}");
        assert!(html.contains("content=\"members=Members|more=Members › More\""), "{html}");
        assert!(html.contains("<h1 data-pagefind-weight=\"10\">Lanterns</h1>"), "{html}");
        assert!(!html.contains("Unlit") && !html.contains("Community"), "{html}");
    }

    #[test]
    fn a_page_without_the_main_region_has_ids_but_no_content() {
        let page = read("<div id=\"x\"><a href=\"/y\">y</a></div>");
        assert!(page.ids.contains("x"));
        assert!(page.links.is_empty() && page.content.is_empty() && page.toc.is_empty());
    }

    #[test]
    fn unclosed_and_stray_tags_do_not_lose_text() {
        let page = read("<main id=\"__docsite_main\"><div><p>one<span>two</div></p>three</main>");
        assert_eq!(crate::markdown::text_of(&page.content), "onetwo three");
    }
}
