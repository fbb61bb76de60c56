//! Which raw HTML content may contain: an allow-list of elements and attributes, and of URL
//! schemes for the attributes that hold URLs. Anything else is an error with file and line,
//! never silently dropped, so an author sees what was refused.
//!
//! Markdown raw HTML ([`super`]'s `raw_html`), sidebar `html` items (`load`),
//! navbar `html` items and the footer copyright (`site_data`) all go through here; so does
//! every URL the renderer writes ([`refused_scheme`]: Markdown links and images too).
//! The lists follow `ammonia`'s defaults (the sanitiser of the Rust ecosystem, itself derived
//! from the WHATWG and OWASP lists): its tags minus the obsolete ones, its per-tag
//! attributes, plus what Docusaurus content uses (`class`/`className`, `id`, `open`,
//! `target`, `aria-*`). They are written out here instead of taking the crate because we
//! need an error naming the element and line for each refusal, on the tokens our renderer
//! already has, where ammonia rewrites a string. What acts without script is not on them:
//! `<meta>` (refresh), `<base>`, `<form>`/`<button formaction>`, `<link>`, `<style>`,
//! `<object>`, `<embed>`, `<iframe>` (except in Markdown from the origins of
//! `security.frameSrc`, [`frame_problem`]), `<svg>`, event handlers, `javascript:` URLs, and
//! `style` beyond sizes, spacing, alignment, borders and colours ([`style_problem`]: no
//! `position`, no `url()`, so no overlay over the page and no request).

/// Elements content may use.
const ELEMENTS: &[&str] = &[
    "a", "abbr", "article", "aside", "b", "bdi", "bdo", "blockquote", "br", "caption", "center", "cite", "code", "col", "colgroup", "data", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "i", "img", "ins", "kbd", "li", "mark", "nav", "ol", "p", "picture", "pre", "q", "rp", "rt", "ruby", "s", "samp", "section", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "u", "ul", "var", "wbr",
];

/// Attributes allowed on every allowed element (besides `aria-*`).
const GENERIC: &[&str] = &["class", "classname", "id", "title", "lang", "dir", "role", "style"];

/// CSS properties a `style` attribute may set: the layout of an element in the flow
/// (Docusaurus content writes `style={{width: 200}}`), nothing that takes it out of the
/// flow (`position`, `transform`, `z-index`) or fetches (`background-image`, `content`).
const STYLE_PROPERTIES: &[&str] = &[
    "width", "height", "min-width", "max-width", "min-height", "max-height", "margin", "margin-top", "margin-right", "margin-bottom", "margin-left", "margin-inline", "margin-block", "margin-inline-start", "margin-inline-end", "margin-block-start", "margin-block-end", "padding", "padding-top", "padding-right", "padding-bottom", "padding-left", "padding-inline", "padding-block", "text-align", "vertical-align", "float", "clear", "display", "border", "border-radius", "border-width", "border-style", "border-color", "color", "background-color", "font-weight", "font-style", "font-size", "text-decoration", "line-height", "white-space", "object-fit", "aspect-ratio", "gap", "flex-wrap", "flex-direction", "justify-content", "align-items", "list-style-type", "opacity",
];

/// Why a `style` attribute's declarations cannot be used, or `None`. Under
/// [`HtmlPolicy::Listed`] the properties are [`STYLE_PROPERTIES`] and no value fetches
/// (`url()`); under [`HtmlPolicy::Docusaurus`] any property renders, as in Docusaurus
/// (`position`, `cursor`, `background`), and a value is refused only where it would run
/// code or escape the declaration (`expression(`, `javascript:`, `<`, `\`, `@`, `/*`).
pub(crate) fn style_problem(style: &str, policy: HtmlPolicy) -> Option<String> {
    for declaration in style.split(';').map(str::trim).filter(|d| !d.is_empty()) {
        let Some((name, value)) = declaration.split_once(':') else {
            return Some(format!("`style` declaration `{declaration}` is not `property: value`"));
        };
        let name = name.trim().to_ascii_lowercase();
        let known = match policy {
            HtmlPolicy::Listed => STYLE_PROPERTIES.contains(&name.as_str()),
            HtmlPolicy::Docusaurus => !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
        };
        if !known {
            return Some(format!("CSS property `{name}` is not allowed in `style`"));
        }
        let value = value.to_ascii_lowercase();
        let fetches: &[&str] = match policy {
            HtmlPolicy::Listed => &["url(", "image-set("],
            HtmlPolicy::Docusaurus => &[],
        };
        if ["expression(", "javascript:", "\\", "@", "<", "/*"].iter().chain(fetches).any(|bad| value.contains(bad)) {
            return Some(format!("`style` value `{}` is not allowed", value.trim()));
        }
    }
    None
}

/// Attributes allowed on one element.
const PER_ELEMENT: &[(&str, &[&str])] = &[
    ("a", &["href", "name", "hreflang", "target", "rel"]),
    ("img", &["src", "alt", "width", "height", "loading", "align"]),
    ("blockquote", &["cite"]),
    ("q", &["cite"]),
    ("del", &["cite", "datetime"]),
    ("ins", &["cite", "datetime"]),
    ("time", &["datetime"]),
    ("data", &["value"]),
    ("details", &["open"]),
    ("ol", &["start", "reversed", "type"]),
    ("li", &["value"]),
    ("col", &["span", "align", "width"]),
    ("colgroup", &["span", "align", "width"]),
    ("table", &["align", "summary", "width"]),
    ("td", &["colspan", "rowspan", "headers", "align", "valign"]),
    ("th", &["colspan", "rowspan", "headers", "scope", "align", "valign"]),
    ("tr", &["align", "valign"]),
    ("bdo", &["dir"]),
    // Only reached for the iframes Markdown may show ([`frame_problem`]): never `srcdoc`.
    // `sandbox` only takes rights away; `frameborder`, `scrolling` and the margins are
    // presentation Docusaurus content copies from embed codes.
    ("iframe", &["src", "width", "height", "allow", "allowfullscreen", "loading", "referrerpolicy", "sandbox", "frameborder", "scrolling", "marginwidth", "marginheight", "name"]),
];

/// `data-*` attributes the theme reads on the article's elements (islands, links, tabs):
/// content may set any other, as Docusaurus content does (`<div data-kind="x">`).
const RESERVED_DATA: &[&str] = &[
    "data-island", "data-props", "data-module", "data-export", "data-ssr", "data-site-children", "data-article", "data-article-whole", "data-laid-out", "data-theme", "data-docsite-head", "data-unknown-component", "data-no-link-check", "data-signature", "data-showcase", "data-category", "data-query", "data-group-id", "data-value",
];

/// Attributes whose value is a URL.
const URL_ATTRIBUTES: &[&str] = &["href", "src", "cite"];

/// URL schemes allowed in [`URL_ATTRIBUTES`] (relative URLs have none and are allowed).
const SCHEMES: &[&str] = &["http", "https", "mailto", "tel"];

/// How much raw HTML content may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HtmlPolicy {
    /// The allow-lists above (a `docsite.toml` site: its content is checked like input).
    #[default]
    Listed,
    /// What Docusaurus renders from MDX (a site read from a Docusaurus config, whose content
    /// is code in Docusaurus anyway), less what acts by itself: any element but
    /// [`ACTIVE_ELEMENTS`] (`<font>`, `<svg>` drawings, custom elements such as `<ion-icon>`
    /// all render), any attribute but event handlers and [`ACTIVE_ATTRIBUTES`]; URLs by
    /// [`refused_scheme`] and `style` by [`style_problem`] as in the lists.
    Docusaurus,
}

/// Elements refused under [`HtmlPolicy::Docusaurus`]: they run, load or submit something
/// without the reader (or, in SVG, rewrite an attribute to a `javascript:` URL).
const ACTIVE_ELEMENTS: &[&str] = &[
    "script", "style", "object", "embed", "applet", "form", "meta", "base", "link", "frame", "frameset", "portal", "template", "noscript", "set", "animate", "animatemotion", "animatetransform", "handler", "listener", "foreignobject",
];

/// Attributes refused under [`HtmlPolicy::Docusaurus`] besides event handlers.
const ACTIVE_ATTRIBUTES: &[&str] = &["srcdoc", "formaction", "action", "http-equiv", "is", "ping"];

/// Attributes holding a URL under [`HtmlPolicy::Docusaurus`] (checked by [`refused_scheme`]).
const ANY_URL_ATTRIBUTES: &[&str] = &["href", "src", "cite", "xlink:href", "poster", "background", "data", "longdesc", "usemap", "manifest"];

/// Why element `name` (lower case) cannot be used, or `None` when it can.
pub(crate) fn element_problem(name: &str, policy: HtmlPolicy) -> Option<String> {
    let allowed = match policy {
        HtmlPolicy::Listed => ELEMENTS.contains(&name),
        HtmlPolicy::Docusaurus => !ACTIVE_ELEMENTS.contains(&name) && name.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
    };
    (!allowed).then(|| format!("<{name}> is not allowed in content"))
}

/// Why attribute `attr` (lower case) with `value` cannot be used on `element`, or `None`.
pub(crate) fn attribute_problem(element: &str, attr: &str, value: &str, policy: HtmlPolicy) -> Option<String> {
    if attr.starts_with("on") {
        return Some(format!("event handler attribute `{attr}` is not allowed"));
    }
    if RESERVED_DATA.contains(&attr) {
        return Some(format!("attribute `{attr}` is reserved for the theme"));
    }
    let allowed = match policy {
        HtmlPolicy::Listed => {
            let data = attr.strip_prefix("data-").is_some_and(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')));
            data || GENERIC.contains(&attr) || attr.starts_with("aria-") || PER_ELEMENT.iter().any(|(e, attrs)| *e == element && attrs.contains(&attr))
        }
        HtmlPolicy::Docusaurus => {
            !ACTIVE_ATTRIBUTES.contains(&attr) && attr.starts_with(|c: char| c.is_ascii_lowercase() || c == '_') && attr.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
        }
    };
    if !allowed {
        return Some(format!("attribute `{attr}` is not allowed on <{element}>"));
    }
    if attr == "style" {
        return style_problem(value, policy);
    }
    let url = match policy {
        HtmlPolicy::Listed => URL_ATTRIBUTES.contains(&attr),
        HtmlPolicy::Docusaurus => ANY_URL_ATTRIBUTES.contains(&attr),
    };
    if url {
        if let Some(scheme) = refused_scheme(element, attr, value, policy) {
            return Some(format!("`{scheme}:` URLs are not allowed in `{attr}`"));
        }
    }
    if attr == "srcset" {
        for candidate in value.split(',').filter_map(|c| c.split_whitespace().next()) {
            if let Some(scheme) = refused_scheme(element, "src", candidate, policy) {
                return Some(format!("`{scheme}:` URLs are not allowed in `{attr}`"));
            }
        }
    }
    None
}

/// The URL policy, one for every URL the renderer writes into a page: Markdown links and
/// images (inline, reference definitions, autolinks), the URL attributes of raw HTML
/// ([`attribute_problem`], so also navbar, sidebar and footer HTML), the `href` of a card
/// and the links of data files. Returns the scheme of `url` when it may not be written as
/// attribute `attr` of `element`, `None` when it may. Allowed: relative URLs (no scheme),
/// `pathname:` in a link (Docusaurus's link to a static file, rewritten by the renderer),
/// `data:image/…` in an image, and [`SCHEMES`] under [`HtmlPolicy::Listed`] or any scheme
/// but [`ACTIVE_SCHEMES`] under [`HtmlPolicy::Docusaurus`] (`vscode:`, `slack:` links
/// render there); so never `javascript:`, `vbscript:` or `data:text/html`. The scheme is
/// read as a browser reads it ([`scheme_of`]).
pub(crate) fn refused_scheme(element: &str, attr: &str, url: &str, policy: HtmlPolicy) -> Option<String> {
    let (scheme, rest) = scheme_of(url)?;
    let data_image = element == "img" && attr == "src" && scheme == "data" && rest.to_ascii_lowercase().starts_with("image/");
    let pathname = element == "a" && attr == "href" && scheme == "pathname";
    let allowed = match policy {
        HtmlPolicy::Listed => SCHEMES.contains(&scheme.as_str()),
        HtmlPolicy::Docusaurus => !ACTIVE_SCHEMES.contains(&scheme.as_str()) && (scheme != "pathname" || pathname),
    };
    (!allowed && !data_image && !pathname).then_some(scheme)
}

/// Schemes refused under [`HtmlPolicy::Docusaurus`]: they run code in the page or show a
/// document of the author's making under the site's name (`data:` outside an image).
const ACTIVE_SCHEMES: &[&str] = &["javascript", "vbscript", "data", "blob", "filesystem"];

/// The origin an `<iframe>` in Markdown shows, or why it cannot be shown (with a hint): its
/// `src` must be an http(s) URL of another site, and of an origin listed in
/// `security.frameSrc` when the site lists them (`Some(frame_src)`: the pages' CSP
/// `frame-src` allows those); a site read from a Docusaurus config lists none (`None`), and
/// its pages' CSP allows the origins its content embeds. Its other attributes go through
/// [`attribute_problem`] like any element's.
pub(crate) fn frame_problem(src: Option<&str>, frame_src: Option<&[String]>) -> Result<String, (String, String)> {
    let example = "[security]\nframeSrc = [\"https://www.youtube-nocookie.com\"]";
    let Some(src) = src else {
        return Err(("<iframe> without `src`".into(), "give the URL of the page to show".into()));
    };
    match crate::headers::origin_of(src.trim()).filter(|_| !src.trim().starts_with("//")) {
        Some(origin) if frame_src.is_none_or(|listed| listed.contains(&origin)) => Ok(origin),
        Some(origin) => Err((
            format!("<iframe> from {origin}, which `security.frameSrc` does not list"),
            format!("add {origin:?} to `frameSrc` under `[security]` in the site config (pages then allow it as CSP `frame-src`), e.g.\n{example}"),
        )),
        None => Err((format!("<iframe> `src` must be an http(s) URL of another site, found {src:?}"), "use the full URL of the embedded page".into())),
    }
}

/// The scheme of a URL (lower case) and what follows its `:`, as a browser reads it:
/// character references decoded (`&#106;avascript:`, `javascript&colon;`), then ASCII
/// whitespace and control characters ignored (`java\tscript:` is `javascript:`). Raw HTML
/// attributes and Markdown link destinations come here decoded once already (by html5gum and
/// comrak); decoding again can only find a scheme where a browser would see a relative URL,
/// which refuses more, never less.
fn scheme_of(url: &str) -> Option<(String, String)> {
    let cleaned: String = decode_references(url).chars().filter(|c| !c.is_ascii_whitespace() && !c.is_control()).collect();
    let (head, rest) = cleaned.split_once(':')?;
    let valid = head.starts_with(|c: char| c.is_ascii_alphabetic()) && head.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid.then(|| (head.to_ascii_lowercase(), rest.to_string()))
}

/// `text` with its character references decoded by html5gum, the HTML tokenizer, as text
/// (where a browser also decodes `&#106` without its `;`).
fn decode_references(text: &str) -> String {
    use html5gum::{Token, Tokenizer};
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for token in Tokenizer::new(&text.replace('<', "&lt;")).flatten() {
        if let Token::String(s) = token {
            out.push_str(&String::from_utf8_lossy(&s));
        }
    }
    out
}

/// Every problem of an HTML fragment written outside Markdown (a navbar or sidebar `html`
/// item, the footer copyright): what [`element_problem`] and [`attribute_problem`] refuse
/// under `policy` (the site's, as for its Markdown).
pub fn fragment_problems(html: &str, policy: HtmlPolicy) -> Vec<String> {
    use html5gum::{Token, Tokenizer};
    let mut problems = Vec::new();
    for token in Tokenizer::new(html).flatten() {
        if let Token::StartTag(tag) = token {
            let name = String::from_utf8_lossy(&tag.name).to_ascii_lowercase();
            if let Some(p) = element_problem(&name, policy) {
                problems.push(p);
                continue;
            }
            for (k, v) in &tag.attributes {
                if let Some(p) = attribute_problem(&name, &String::from_utf8_lossy(k).to_ascii_lowercase(), &String::from_utf8_lossy(v), policy) {
                    problems.push(p);
                }
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_docusaurus_site_s_html_renders_as_in_docusaurus_but_what_acts_by_itself() {
        let policy = HtmlPolicy::Docusaurus;
        for name in ["font", "svg", "path", "ion-icon", "docgen-api", "x-search", "center", "button"] {
            assert_eq!(element_problem(name, policy), None, "{name}");
        }
        for name in ["script", "style", "object", "embed", "form", "meta", "base", "link", "set", "animate", "foreignobject", "template"] {
            assert!(element_problem(name, policy).is_some(), "{name}");
        }
        for (element, attr, value) in [("a", "tabindex", "0"), ("a", "download", ""), ("p", "align", "center"), ("a", "_target", "blank"), ("summary", "markdown", "span"), ("path", "stroke-width", "2"), ("svg", "viewbox", "0 0 1 1"), ("img", "srcset", "/a.png 1x, https://x.example/b.png 2x")] {
            assert_eq!(attribute_problem(element, attr, value, policy), None, "{element} {attr}");
        }
        for (element, attr, value) in [("a", "onclick", "x()"), ("iframe", "srcdoc", "<b>"), ("button", "formaction", "/x"), ("a", "href", "javascript:alert(1)"), ("use", "xlink:href", "javascript:x"), ("img", "srcset", "javascript:x 1x"), ("div", "data-island", "x"), ("div", "style", "color: expression(alert(1))"), ("div", "style", "background: javascript:x"), ("a", "ping", "https://x.example"), ("a", "href", "data:text/html,x"), ("a", "href", "vbscript:x")] {
            assert!(attribute_problem(element, attr, value, policy).is_some(), "{element} {attr}={value}");
        }
        // Styles and links as Docusaurus content writes them (corpus: playwright.dev's
        // `<font style={{position: "relative"}}>`, capacitor's `vscode:` links).
        for (element, attr, value) in [("font", "style", "position: relative; top: -20px"), ("div", "style", "cursor: pointer; background: #eee url(/img/x.png)"), ("span", "style", "text-transform: uppercase"), ("a", "href", "vscode:extension/ionic.ionic"), ("a", "href", "slack://open"), ("img", "src", "data:image/png;base64,iVBORw0KGgo=")] {
            assert_eq!(attribute_problem(element, attr, value, policy), None, "{element} {attr}={value}");
        }
        assert!(refused_scheme("img", "src", "pathname:///x.png", policy).is_some());
        assert!(fragment_problems("<svg viewBox=\"0 0 8 8\"><path d=\"M0 0h8\"/></svg>", policy).is_empty());
        // The lists stay as they were for a docsite.toml site.
        assert!(attribute_problem("font", "style", "position: relative", HtmlPolicy::Listed).is_some());
        assert!(refused_scheme("a", "href", "vscode:extension/x", HtmlPolicy::Listed).is_some());
        assert!(element_problem("font", HtmlPolicy::Listed).is_some() && attribute_problem("a", "tabindex", "0", HtmlPolicy::Listed).is_some());
    }

    #[test]
    fn html_that_acts_without_script_is_refused() {
        for html in [
            "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">",
            "<base href=\"https://evil.example/\">",
            "<form action=\"https://evil.example\"><input name=q></form>",
            "<button formaction=\"https://evil.example\">Go</button>",
            "<link rel=\"stylesheet\" href=\"https://evil.example/x.css\">",
            "<object data=\"x.swf\"></object>",
            "<embed src=\"x.swf\">",
            "<script>alert(1)</script>",
            "<a href=\"javascript:alert(1)\">x</a>",
            "<a href=\" JaVa\tScRiPt:alert(1)\">x</a>",
            "<img src=\"x.png\" onerror=\"alert(1)\">",
            "<div style=\"position:fixed;inset:0\">x</div>",
            "<div style=\"width: 10px; background-image: url(https://evil.example/x)\">x</div>",
            "<div style=\"color: red; z-index: 9\">x</div>",
            "<svg><a href=\"#\">x</a></svg>",
        ] {
            assert!(!fragment_problems(html, HtmlPolicy::Listed).is_empty(), "{html}");
        }
    }

    #[test]
    fn one_url_policy_reads_the_scheme_as_a_browser_does() {
        for (element, attr, url) in [
            ("a", "href", "javascript:alert(1)"),
            ("a", "href", " JaVa\tScRiPt:alert(1)"),
            ("a", "href", "\u{1}javascript:alert(1)"),
            ("a", "href", "&#106;avascript:alert(1)"),
            ("a", "href", "&#x6A;avascript:alert(1)"),
            ("a", "href", "&#106avascript:alert(1)"),
            ("a", "href", "javascript&colon;alert(1)"),
            ("a", "href", "java&#9;script:alert(1)"),
            ("a", "href", "vbscript:msgbox(1)"),
            ("a", "href", "data:text/html;base64,PHNjcmlwdD4="),
            ("a", "href", "data:image/png;base64,iVBORw0KGgo="),
            ("img", "src", "data:text/html;base64,PHNjcmlwdD4="),
            ("img", "src", "javascript:alert(1)"),
            ("img", "src", "pathname:///x.png"),
        ] {
            assert!(refused_scheme(element, attr, url, HtmlPolicy::Listed).is_some(), "{element} {attr}={url:?}");
        }
        for (element, attr, url) in [
            ("a", "href", "https://example.org/?a=1&amp;b=2"),
            ("a", "href", "/docs/intro"),
            ("a", "href", "../intro.md#a:b"),
            ("a", "href", "#x:y"),
            ("a", "href", "mailto:help@finos.org"),
            ("a", "href", "tel:+441234"),
            ("a", "href", "pathname:///schemas/x.json"),
            ("img", "src", " DATA:image/png;base64,iVBORw0KGgo="),
            ("img", "src", "./logo.png"),
        ] {
            assert_eq!(refused_scheme(element, attr, url, HtmlPolicy::Listed), None, "{element} {attr}={url:?}");
        }
        // Raw HTML goes through the same function.
        assert!(!fragment_problems("<a href=\"&#106;avascript:alert(1)\">x</a>", HtmlPolicy::Listed).is_empty());
        assert!(!fragment_problems("<img src=\"data:text/html,x\">", HtmlPolicy::Listed).is_empty());
    }

    #[test]
    fn an_iframe_needs_a_listed_origin_and_plain_attributes() {
        let listed = vec!["https://www.youtube-nocookie.com".to_string()];
        assert_eq!(frame_problem(Some("https://www.youtube-nocookie.com/embed/x"), Some(&listed)), Ok("https://www.youtube-nocookie.com".to_string()));
        let (problem, hint) = frame_problem(Some("https://www.youtube-nocookie.com/embed/x"), Some(&[])).unwrap_err();
        assert!(problem.contains("does not list") && hint.contains("frameSrc"), "{problem} / {hint}");
        for src in [Some("https://evil.example/x"), Some("javascript:alert(1)"), Some("/local"), Some("//www.youtube-nocookie.com/x"), None] {
            assert!(frame_problem(src, Some(&listed)).is_err(), "{src:?}");
        }
        // A site that lists no origins (a Docusaurus config) shows any http(s) page, and
        // nothing else.
        assert_eq!(frame_problem(Some("https://player.vimeo.com/video/1"), None), Ok("https://player.vimeo.com".to_string()));
        for src in [Some("javascript:alert(1)"), Some("/local"), Some("//www.youtube-nocookie.com/x"), Some("data:text/html,x"), None] {
            assert!(frame_problem(src, None).is_err(), "{src:?}");
        }
        let policy = HtmlPolicy::Listed;
        assert!(attribute_problem("div", "data-kind", "note", policy).is_none() && attribute_problem("div", "data-island", "x", policy).is_some());
        assert!(attribute_problem("iframe", "sandbox", "allow-scripts", policy).is_none() && attribute_problem("iframe", "frameborder", "0", policy).is_none());
        assert!(element_problem("center", policy).is_none());
        assert!(attribute_problem("iframe", "srcdoc", "<script>alert(1)</script>", HtmlPolicy::Listed).is_some());
        assert!(attribute_problem("iframe", "src", "javascript:alert(1)", HtmlPolicy::Listed).is_some());
        assert!(attribute_problem("iframe", "onload", "x()", HtmlPolicy::Listed).is_some());
        assert_eq!(attribute_problem("iframe", "allowfullscreen", "", HtmlPolicy::Listed), None);
        // Outside Markdown (navbar, sidebar and footer HTML) an iframe stays refused.
        assert!(!fragment_problems("<iframe src=\"https://www.youtube-nocookie.com/embed/x\"></iframe>", HtmlPolicy::Listed).is_empty());
    }

    #[test]
    fn ordinary_content_html_passes() {
        for html in [
            "<details open><summary>More</summary><p>Text<br/>more</p></details>",
            "<img src=\"/img/logo.png\" alt=\"Logo\" width=\"40\">",
            "<a href=\"https://finos.org\" target=\"_blank\" rel=\"noopener\">FINOS</a>",
            "<a href=\"mailto:help@finos.org\">mail</a> <a href=\"../intro\">intro</a>",
            "<table><tr><td colspan=\"2\" class=\"x\">1</td></tr></table>",
            "H<sub>2</sub>O x<sup>2</sup> <kbd>Ctrl</kbd> <span aria-hidden=\"true\">*</span>",
            "Copyright © 2025 FINOS",
            "<img src=\"/img/badge.png\" alt=\"Badge\" style=\"width: 200px; max-width: 100%\">",
        ] {
            assert_eq!(fragment_problems(html, HtmlPolicy::Listed), Vec::<String>::new(), "{html}");
        }
    }
}
