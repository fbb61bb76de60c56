//! Code colours from Prism themes (`[prism]` of `docsite.toml`, Docusaurus's
//! `themeConfig.prism.theme` and `darkTheme`) as a stylesheet for the classes the
//! highlighter writes (`highlight.rs`: `k`, `s`, `c`, ...).
//!
//! Docusaurus colours each Prism token with its theme's style (prism-react-renderer's
//! `themeToDict`: the entries of `styles` applied in order, an entry with `languages` only
//! to those languages, `plain` for the block and every token without a style). Here every
//! highlighter class gets the style of the Prism token types that name the same thing, or
//! the plain colour when the theme has none, so no colour of docsite's own theme is left in
//! a themed block. The rules are unlayered: they win over the theme's token rules
//! (`theme/src/styles/code.css`, in a cascade layer); the block's colours are the theme's
//! variables set on `.code-block`. The build links the stylesheet after the theme's and
//! before the site's `customCss` (`build/site.rs`).

use crate::config::{RawPrism, RawPrismStyle, RawPrismTheme};

/// The highlighter's token classes and the Prism token types that stand for the same
/// thing, the first the theme styles winning. Classes not listed (rare ones) keep the
/// block's plain colour. Identifiers (`v`) are plain text in Prism.
const CLASSES: &[(&str, &[&str])] = &[
    ("k", &["keyword"]),
    ("s", &["string"]),
    ("c", &["comment"]),
    ("n", &["number"]),
    ("f", &["function"]),
    ("t", &["class-name", "builtin"]),
    ("p", &["punctuation"]),
    ("o", &["operator"]),
    ("v", &[]),
    ("pr", &["property"]),
    ("at", &["attr-name"]),
    ("tg", &["tag"]),
    ("co", &["constant", "boolean"]),
];

/// Prism's language names and the fence languages that Docusaurus highlights with them.
fn fence_languages(prism: &str) -> Vec<&str> {
    match prism {
        "markup" => vec!["markup", "html", "xml", "svg", "mathml"],
        "javascript" => vec!["javascript", "js"],
        "typescript" => vec!["typescript", "ts"],
        other => vec![other],
    }
}

/// The stylesheet for `prism`, or `None` when it sets no theme.
pub fn stylesheet(prism: &RawPrism) -> Option<String> {
    let light = prism.theme.as_ref();
    let dark = prism.dark_theme.as_ref();
    if light.is_none() && dark.is_none() {
        return None;
    }
    let mut css = String::from("/* Code colours: the site's Prism themes (docsite). */\n");
    if let Some(theme) = light {
        theme_rules(theme, ".code-block", &mut css);
    }
    if let Some(theme) = dark {
        // Print stays light, as the rest of the theme's dark colours do.
        css.push_str("@media screen {\n");
        theme_rules(theme, "html[data-theme='dark'] .code-block", &mut css);
        css.push_str("}\n");
    }
    Some(css)
}

/// The rules of one theme, every selector under `block` (the code block's element).
fn theme_rules(theme: &RawPrismTheme, block: &str, css: &mut String) {
    let plain = &theme.plain;
    let mut vars = String::new();
    if let Some(bg) = &plain.background_color {
        vars.push_str(&format!(" --ds-color-code-bg: {bg};"));
    }
    if let Some(color) = &plain.color {
        vars.push_str(&format!(" --ds-color-code-text: {color};"));
    }
    if !vars.is_empty() {
        css.push_str(&format!("{block} {{{vars} }}\n"));
    }
    for (class, types) in CLASSES {
        let style = merged(theme, types, None);
        css.push_str(&format!("{block} .{class} {{ {} }}\n", declarations(&style)));
    }
    // Language-specific entries, after the general rules (their selector is more specific).
    let mut languages: Vec<&str> = theme.styles.iter().flat_map(|e| e.languages.iter().flatten().map(String::as_str)).collect();
    languages.sort_unstable();
    languages.dedup();
    for lang in languages {
        let codes: Vec<String> = fence_languages(lang).iter().map(|l| format!("code.language-{}", css_ident(l))).collect();
        for (class, types) in CLASSES {
            if !theme.styles.iter().any(|e| e.languages.as_ref().is_some_and(|l| l.iter().any(|x| x == lang)) && e.types.iter().any(|t| types.contains(&t.as_str()))) {
                continue;
            }
            let style = merged(theme, types, Some(lang));
            css.push_str(&format!("{block} :is({}) .{class} {{ {} }}\n", codes.join(", "), declarations(&style)));
        }
    }
}

/// The style prism-react-renderer gives the first of `types` the theme styles (entries
/// applied in order, later keys winning; entries for other languages skipped); empty when
/// it styles none of them.
fn merged(theme: &RawPrismTheme, types: &[&str], lang: Option<&str>) -> RawPrismStyle {
    for ty in types {
        let mut out = RawPrismStyle::default();
        let mut found = false;
        for entry in &theme.styles {
            let applies = match &entry.languages {
                None => true,
                Some(ls) => lang.is_some_and(|l| ls.iter().any(|x| x == l)),
            };
            if applies && entry.types.iter().any(|t| t == ty) {
                found = true;
                let s = &entry.style;
                out.color = s.color.clone().or(out.color);
                out.background_color = s.background_color.clone().or(out.background_color);
                out.font_style = s.font_style.clone().or(out.font_style);
                out.font_weight = s.font_weight.clone().or(out.font_weight);
                out.text_decoration_line = s.text_decoration_line.clone().or(out.text_decoration_line);
                out.opacity = s.opacity.or(out.opacity);
            }
        }
        if found {
            return out;
        }
    }
    RawPrismStyle::default()
}

/// A token's declarations: every property a Prism style may set, the plain look for what
/// this one does not (the theme's own token rules set colour and italics, and a light
/// theme's bold keyword must not stay bold under a dark theme that does not say so).
fn declarations(style: &RawPrismStyle) -> String {
    let opacity = style.opacity.map(|o| o.to_string());
    [
        ("color", style.color.as_deref(), "inherit"),
        ("font-style", style.font_style.as_deref(), "normal"),
        ("font-weight", style.font_weight.as_deref(), "inherit"),
        ("text-decoration-line", style.text_decoration_line.as_deref(), "none"),
        ("background-color", style.background_color.as_deref(), "transparent"),
        ("opacity", opacity.as_deref(), "1"),
    ]
    .iter()
    .map(|(property, value, plain)| format!("{property}: {};", value.unwrap_or(plain)))
    .collect::<Vec<_>>()
    .join(" ")
}

/// A language name as a class name in a selector: characters other than letters, digits,
/// `-` and `_` escaped.
fn css_ident(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c.to_string() } else { format!("\\{:x} ", c as u32) }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn theme(json: serde_json::Value) -> RawPrismTheme {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn no_theme_no_stylesheet() {
        assert_eq!(stylesheet(&RawPrism::default()), None);
    }

    #[test]
    fn a_theme_colours_the_block_and_every_token_class() {
        let t = theme(serde_json::json!({
            "plain": { "color": "#9CDCFE", "backgroundColor": "#1E1E1E" },
            "styles": [
                { "types": ["comment"], "style": { "color": "rgb(106, 153, 85)" } },
                { "types": ["builtin", "keyword"], "style": { "color": "rgb(86, 156, 214)" } },
                { "types": ["keyword"], "style": { "fontStyle": "italic" } },
                { "types": ["tag"], "languages": ["markup"], "style": { "color": "rgb(86, 156, 214)" } },
                { "types": ["tag"], "style": { "color": "rgb(78, 201, 176)" } }
            ]
        }));
        let css = stylesheet(&RawPrism { theme: Some(t), dark_theme: None }).unwrap();
        assert!(css.contains(".code-block { --ds-color-code-bg: #1E1E1E; --ds-color-code-text: #9CDCFE; }"), "{css}");
        assert!(css.contains(".code-block .k { color: rgb(86, 156, 214); font-style: italic; font-weight: inherit;"), "{css}");
        assert!(css.contains(".code-block .c { color: rgb(106, 153, 85); font-style: normal;"), "{css}");
        // A type the theme does not style is plain, and identifiers are plain.
        const PLAIN: &str = "{ color: inherit; font-style: normal; font-weight: inherit; text-decoration-line: none; background-color: transparent; opacity: 1; }";
        assert!(css.contains(&format!(".code-block .n {PLAIN}")), "{css}");
        assert!(css.contains(&format!(".code-block .v {PLAIN}")), "{css}");
        // `builtin` stands in for types when the theme has no `class-name`.
        assert!(css.contains(".code-block .t { color: rgb(86, 156, 214);"), "{css}");
        assert!(css.contains(".code-block .tg { color: rgb(78, 201, 176);"), "{css}");
        assert!(css.contains(".code-block :is(code.language-markup, code.language-html, code.language-xml, code.language-svg, code.language-mathml) .tg { color: rgb(78, 201, 176);"), "a later general entry wins in markup too: {css}");
        assert!(!css.contains("data-theme"), "{css}");
    }

    #[test]
    fn a_dark_theme_applies_in_dark_mode_on_screens() {
        let dark = theme(serde_json::json!({ "plain": { "backgroundColor": "#000" }, "styles": [{ "types": ["keyword"], "style": { "color": "red" } }] }));
        let css = stylesheet(&RawPrism { theme: None, dark_theme: Some(dark) }).unwrap();
        assert!(css.contains("@media screen {\nhtml[data-theme='dark'] .code-block { --ds-color-code-bg: #000; }"), "{css}");
        assert!(css.contains("html[data-theme='dark'] .code-block .k { color: red; font-style: normal;"), "{css}");
    }
}
