//! Property-based fuzzing of everything `docsite build` reads from a person: front matter,
//! Markdown with the MDX subset (admonitions, tabs, imports, JSX-like tags), the
//! configuration file, sidebar files, and the URL helpers links go through. The property is
//! always the same: no panic, and every failure is an error a person can act on (it names
//! the file, and a line when it has one).
//!
//! Inputs are built from fragments of the real syntax (valid and broken), so that most cases
//! get past the first parser instead of dying on random bytes. Each property runs a small
//! number of cases by default (the test command stays fast); `DOCSITE_FUZZ_CASES=N` runs N
//! cases each (see `bench/fuzz.sh` for the long run).

use std::path::Path;

use docsite_core::build::check;
use docsite_core::config::SiteConfig;
use docsite_core::diagnostics::BuildError;
use docsite_core::load::{join_route, split_front_matter, strip_number_prefix};
use docsite_core::markdown::{mdx, slug};
use docsite_core::paths::{decode, encode_path, normalize_route, normalize_url_path};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// Cases per property: `DOCSITE_FUZZ_CASES`, else `default`.
fn cases(default: u32) -> Config {
    let n = std::env::var("DOCSITE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    Config { cases: n, failure_persistence: None, ..Config::default() }
}

/// Text made of `fragments`, joined by newlines or nothing, with some arbitrary characters.
fn text_from(fragments: &'static [&'static str], max: usize) -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => proptest::sample::select(fragments).prop_map(str::to_string),
        1 => "[ -~]{0,12}",
        1 => "\\PC{0,6}",
    ];
    proptest::collection::vec((piece, proptest::sample::select(&["\n", "", " ", "\n\n", "\r\n"][..])), 0..max)
        .prop_map(|parts| parts.into_iter().map(|(p, sep)| p + sep).collect())
}

const FRONT_MATTER: &[&str] = &[
    "---", "id: intro", "id: ", "id: [a, b]", "title: Hello", "title: \"unterminated", "title: 'x: y'", "sidebar_label: L",
    "slug: /custom", "slug: ../../escape", "slug: ''", "description: >", "  folded text", "keywords: [a, b]", "keywords: 3",
    "hide_title: true", "hide_title: maybe", "sidebar_position: 2", "sidebar_position: -1.5", "toc_min_heading_level: 9",
    "unknown_key: 1", "- list", "{ flow: map }", "&anchor a", "*anchor", "!!binary x", "\t", ":", "...", "---x", "#",
];

const MARKDOWN: &[&str] = &[
    "# Title", "## Heading", "## Heading {#custom}", "### Deep", "text with **bold** and `code`", "[link](other.md)",
    "[link](other.md#section)", "[broken](missing.md)", "[abs](/docs/next/intro)", "[ext](https://example.org)", "![img](./img.png)",
    ":::note", ":::tip Title", ":::warning[Bracketed]", ":::danger", ":::unknown", ":::", "::::", "```", "```ts", "```ts title=\"a.ts\" {1,3-4}",
    "```json", "```mermaid", "graph TD; A-->B", "```csharp", "const x = 1;", "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';", "import Foo from './Foo';", "import img from './img.png';", "<Tabs>", "<Tabs groupId=\"lang\">",
    "<TabItem value=\"ts\" label=\"TypeScript\">", "<TabItem value=\"x\">", "</TabItem>", "</Tabs>", "<details>", "<summary>Sum</summary>",
    "</details>", "<Foo />", "<Foo bar={1}>", "</Foo>", "{/* comment */}", "{/* unterminated", "<br/>", "<sup>1</sup>", "<div>", "</div>",
    "| a | b |", "|---|:-:|", "| 1 | 2 |", "- item", "1. item", "> quote", "> [!NOTE]", "---", "<!-- html comment -->", "export const x = 1;",
    "\\", "&amp;", "&#0;", "\u{0}", "\u{feff}", "🙂",
];

const CONFIG: &[&str] = &[
    "title = \"T\"", "title = 3", "url = \"https://example.org\"", "url = \"ftp://x\"", "baseUrl = \"/\"", "baseUrl = \"sub\"",
    "baseUrl = \"/sub/\"", "favicon = \"img/f.svg\"", "unknownKey = 1", "[docs]", "routeBasePath = \"/\"", "onBrokenLinks = \"warn\"",
    "onBrokenLinks = \"explode\"", "[docs.versions.current]", "label = \"Next\"", "banner = \"unreleased\"", "banner = \"nope\"",
    "[navbar]", "hideOnScroll = true", "[[navbar.items]]", "type = \"doc\"", "type = \"docSidebar\"", "type = \"bogus\"", "docId = \"intro\"",
    "docId = \"missing\"", "sidebarId = \"docs\"", "label = \"L\"", "to = \"/x\"", "href = \"https://x\"", "position = \"left\"",
    "position = \"middle\"", "[[navbar.items.items]]", "[footer]", "style = \"dark\"", "[[footer.links]]", "[colorMode]",
    "defaultMode = \"dark\"", "defaultMode = \"blue\"", "[tableOfContents]", "minHeadingLevel = 7", "maxHeadingLevel = 1",
    "[announcementBar]", "id = \"a\"", "content = \"<b>x</b>\"", "[search.algolia]", "appId = \"A\"", "[gtag]", "trackingID = \"G-1\"",
    "scripts = [\"https://x/y.js\"]", "scripts = [1]", "[locale]", "code = \"en\"", "[", "]]", "= 1", "a.b.c = {", "\"quoted\" = 1",
];

/// Sidebar JSON values shaped like Docusaurus sidebars, with wrong turns.
fn sidebar_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::json!("intro")),
        Just(serde_json::json!("missing-doc")),
        Just(serde_json::json!({"type": "doc", "id": "intro"})),
        Just(serde_json::json!({"type": "doc", "id": "missing"})),
        Just(serde_json::json!({"type": "link", "label": "L", "href": "https://example.org"})),
        Just(serde_json::json!({"type": "html", "value": "<b>x</b>"})),
        Just(serde_json::json!({"type": "autogenerated", "dirName": "."})),
        Just(serde_json::json!({"type": "ref", "id": "intro"})),
        Just(serde_json::json!({"type": "bogus"})),
        Just(serde_json::json!(null)),
        Just(serde_json::json!(42)),
        "[a-z]{0,6}".prop_map(serde_json::Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::Array),
            (proptest::sample::select(&["Category", "", "x"][..]), proptest::collection::vec(inner.clone(), 0..4))
                .prop_map(|(label, items)| serde_json::json!({"type": "category", "label": label, "items": items})),
            (inner.clone(), proptest::sample::select(&["link", "items", "collapsed", "label"][..]))
                .prop_map(|(v, k)| serde_json::json!({"type": "category", k: v})),
            proptest::collection::btree_map("[A-Za-z]{1,5}", inner, 0..3).prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A one-version site with the given files (relative path -> content).
fn site(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (rel, content) in files {
        let file = dir.path().join(rel);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, content).unwrap();
    }
    dir
}

const CONFIG_OK: &str = "title = \"Fuzz\"\nurl = \"https://example.org\"\n";
const SIDEBARS_OK: &str = "{\"docs\": [\"intro\", \"fuzz\"]}";
const INTRO: &str = "---\nid: intro\ntitle: Intro\n---\n\n## Section\n\nText.\n";

/// `check` on a site either succeeds or fails with errors that each name a file.
fn assert_actionable(dir: &Path, what: &str) {
    match check(dir) {
        Ok(_) => {}
        Err(BuildError::Invalid(diagnostics)) => {
            let report = diagnostics.report();
            assert!(!report.trim().is_empty(), "{what}: empty error report");
            for d in diagnostics.items() {
                assert!(!d.message.trim().is_empty(), "{what}: an error without a message");
                assert!(d.file.is_some(), "{what}: error without a file: {}", d.message);
            }
        }
        Err(other) => {
            assert!(!other.to_string().trim().is_empty(), "{what}: empty error");
        }
    }
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn front_matter_never_panics_and_errors_name_the_file(text in text_from(FRONT_MATTER, 14), body in text_from(MARKDOWN, 4)) {
        let doc = format!("{text}\n{body}");
        if let Err(d) = split_front_matter(Path::new("docs/fuzz.md"), &doc) {
            prop_assert!(!d.message.trim().is_empty());
            prop_assert_eq!(d.file.as_deref(), Some(Path::new("docs/fuzz.md")));
        }
        let framed = format!("---\n{text}\n---\n{body}");
        if let Err(d) = split_front_matter(Path::new("docs/fuzz.md"), &framed) {
            prop_assert!(!d.message.trim().is_empty());
        }
    }

    #[test]
    fn mdx_split_never_panics_and_errors_have_lines(body in text_from(MARKDOWN, 24), mdx_syntax in proptest::bool::ANY) {
        if let Err(errors) = mdx::split(&body, mdx_syntax) {
            prop_assert!(!errors.is_empty());
            let lines = body.lines().count().max(1);
            for e in errors {
                prop_assert!(!e.message.trim().is_empty());
                prop_assert!(e.line <= lines + 1, "line {} of {} lines", e.line, lines);
            }
        }
    }

    #[test]
    fn url_paths_normalise_to_clean_absolute_paths(path in "(/|\\.\\./|\\./|[a-z]{1,3}|%2e|%20| |\\.|//){0,12}") {
        let n = normalize_url_path(&path);
        prop_assert!(n.starts_with('/'));
        prop_assert!(!n.contains("//"), "{n}");
        prop_assert!(!n.split('/').any(|s| s == "." || s == ".."), "{n}");
        prop_assert_eq!(normalize_url_path(&n), n.clone());
        let r = normalize_route(&n);
        prop_assert!(r == "/" || !r.ends_with('/'));
        prop_assert_eq!(normalize_route(&r), r.clone());
    }

    #[test]
    fn routes_join_and_encode_reversibly(base in "(/[a-z0-9 %?#]{0,4}){0,3}/?", rel in "/?([a-z0-9 _.-]{1,4}/?){0,3}", text in "\\PC{0,16}") {
        let joined = join_route(&base, &rel);
        prop_assert!(joined.starts_with('/'));
        prop_assert_eq!(decode(&encode_path(&text)), text.clone());
        prop_assert!(!encode_path(&text).contains(' '));
        let stripped = strip_number_prefix(&text);
        prop_assert!(text.ends_with(stripped));
        let s = slug(&text);
        prop_assert!(!s.contains(' '));
        prop_assert_eq!(slug(&s), s.clone());
    }
}

proptest! {
    #![proptest_config(cases(24))]

    #[test]
    fn a_doc_with_any_front_matter_and_markdown_builds_or_fails_with_actionable_errors(
        front in text_from(FRONT_MATTER, 8),
        body in text_from(MARKDOWN, 30),
    ) {
        let doc = format!("---\nid: fuzz\n{front}\n---\n{body}\n");
        let dir = site(&[("docsite.toml", CONFIG_OK), ("sidebars.json", SIDEBARS_OK), ("docs/intro.md", INTRO), ("docs/fuzz.md", &doc)]);
        assert_actionable(dir.path(), &doc);
    }

    #[test]
    fn any_configuration_loads_or_fails_naming_the_config_file(config in text_from(CONFIG, 20)) {
        let text = format!("{CONFIG_OK}{config}\n");
        let dir = site(&[("docsite.toml", &text), ("sidebars.json", SIDEBARS_OK), ("docs/intro.md", INTRO), ("docs/fuzz.md", INTRO.replace("intro", "fuzz").as_str())]);
        if let Err(errors) = SiteConfig::load(dir.path()) {
            prop_assert!(!errors.is_empty());
            for e in &errors {
                prop_assert!(e.file.as_deref().is_some_and(|f| f.ends_with("docsite.toml")), "{}: {:?}", e.message, e.file);
            }
        }
        assert_actionable(dir.path(), &text);
    }

    #[test]
    fn any_sidebar_file_loads_or_fails_with_actionable_errors(value in sidebar_value(), raw in text_from(&["{", "}", "[", "]", "\"docs\":", ",", "\"intro\"", "null"], 10)) {
        let json = serde_json::json!({ "docs": value }).to_string();
        let dir = site(&[("docsite.toml", CONFIG_OK), ("sidebars.json", &json), ("docs/intro.md", INTRO)]);
        assert_actionable(dir.path(), &json);
        let dir = site(&[("docsite.toml", CONFIG_OK), ("sidebars.json", &raw), ("docs/intro.md", INTRO)]);
        assert_actionable(dir.path(), &raw);
    }
}

/// Found by the fuzzer: raw HTML with a multi-byte character right after a tag was sliced
/// inside the character.
#[test]
fn raw_html_followed_by_multi_byte_characters_renders() {
    let doc = "---\nid: fuzz\n---\n``` ```\n\n<details>\n\u{fffc}\n";
    let dir = site(&[("docsite.toml", CONFIG_OK), ("sidebars.json", SIDEBARS_OK), ("docs/intro.md", INTRO), ("docs/fuzz.md", doc)]);
    assert_actionable(dir.path(), doc);
}

/// A doc whose body nests `depth` levels of one construct.
fn nested(kind: usize, depth: usize) -> String {
    match kind {
        0 => format!("{}deep\n", "> ".repeat(depth)),
        1 => format!("{}deep\n", "- ".repeat(depth)),
        2 => format!("{}deep{}\n", "<div>".repeat(depth), "</div>".repeat(depth)),
        3 => format!("{}deep\n", "1. ".repeat(depth)),
        4 => format!("{}deep{}\n", "*_".repeat(depth), "_*".repeat(depth)),
        5 => format!("{}deep\n{}", ":::note\n".repeat(depth), ":::\n".repeat(depth)),
        _ => format!("{}x{}\n", "[".repeat(depth), "](y)".repeat(depth)),
    }
}

/// Content nested deeper than pages ever are is an error naming the file and line (or a
/// page, where the construct does not nest), never a stack overflow: the test process would
/// abort. 10 000 levels of each kind, and random depths in the property below.
#[test]
fn content_nested_ten_thousand_deep_is_an_error_not_an_abort() {
    for kind in 0..7 {
        let doc = format!("# Deep\n\n{}", nested(kind, 10_000));
        let dir = site(&[("docsite.toml", CONFIG_OK), ("sidebars.json", SIDEBARS_OK), ("docs/intro.md", INTRO), ("docs/fuzz.md", &doc)]);
        assert_actionable(dir.path(), &format!("kind {kind}"));
        if kind < 3 {
            match check(dir.path()) {
                Err(BuildError::Invalid(d)) => assert!(d.report().contains("docs/fuzz.md:3: content is nested more than"), "kind {kind}: {}", d.report()),
                _ => panic!("kind {kind}: 10 000 levels must be refused"),
            }
        }
    }
}

/// Front matter over the size or nesting limits is refused at once with its line, whatever
/// its size (a 1 MB nested flow sequence made the YAML parser run for minutes).
#[test]
fn huge_or_deeply_nested_front_matter_is_refused_with_a_line() {
    for (yaml, expected) in [
        (format!("x: {}{}", "[".repeat(30_000), "]".repeat(30_000)), "docs/fuzz.md:2: front matter nests lists or maps more than 32 levels deep"),
        (format!("x: {}{}", "{a: ".repeat(40), "}".repeat(40)), "docs/fuzz.md:2: front matter nests lists or maps more than 32 levels deep"),
        (format!("title: T\ndescription: \"{}\"", "a".repeat(1 << 20)), "docs/fuzz.md:2: front matter is 1024 KB; the limit is 64 KB"),
    ] {
        let doc = format!("---\n{yaml}\n---\n# Body\n");
        let d = split_front_matter(Path::new("docs/fuzz.md"), &doc).expect_err("refused");
        assert_eq!(format!("{}:{}: {}", d.file.unwrap().display(), d.line.unwrap(), d.message), expected);
    }
    // Brackets inside quoted scalars do not count.
    let doc = format!("---\ntitle: \"{}\"\n---\n", "[".repeat(100));
    assert!(split_front_matter(Path::new("docs/fuzz.md"), &doc).is_ok());
}

proptest! {
    #![proptest_config(cases(24))]

    #[test]
    fn content_of_any_nesting_depth_builds_or_fails_with_actionable_errors(kind in 0usize..7, depth in prop_oneof![1usize..80, 80usize..3000]) {
        let doc = format!("# Deep\n\n{}", nested(kind, depth));
        let dir = site(&[("docsite.toml", CONFIG_OK), ("sidebars.json", SIDEBARS_OK), ("docs/intro.md", INTRO), ("docs/fuzz.md", &doc)]);
        assert_actionable(dir.path(), &format!("kind {kind}, depth {depth}"));
    }

    #[test]
    fn front_matter_of_any_size_and_nesting_parses_or_fails_with_a_line(depth in 0usize..5000, filler in 0usize..200_000) {
        let doc = format!("---\ntitle: T\nkeywords: {}a{}\ndescription: {}\n---\n# Body\n", "[".repeat(depth), "]".repeat(depth), "x".repeat(filler));
        match split_front_matter(Path::new("docs/fuzz.md"), &doc) {
            Ok(_) => prop_assert!(depth <= 32 && filler < 64 * 1024),
            Err(d) => {
                prop_assert!(d.line.is_some());
                prop_assert!(!d.message.trim().is_empty());
            }
        }
    }
}
