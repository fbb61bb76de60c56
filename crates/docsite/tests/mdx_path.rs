//! Docs that need JavaScript take the MDX path (compiled by MDX in the site's code build,
//! pre-rendered and hydrated with the site's React code) and are written as Docusaurus
//! writes them; plain Markdown gives the same article on either path. Needs Node and the
//! theme's `node_modules`, like every test that builds a site's React code.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A copy of `fixtures/mdx-path` without what a build leaves in it (its installed packages,
/// its build cache and output).
fn copy_of_fixture() -> tempfile::TempDir {
    copy_of("mdx-path")
}

/// A copy of `fixtures/<name>`, as [`copy_of_fixture`].
fn copy_of(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures")).join(name), dir.path());
    dir
}

/// The visible HTML of the main column of a built page (blog posts and pages have no
/// `[data-article]` with a docs pager): from `<main` to `</main>`.
fn main_of(out: &Path, route: &str) -> String {
    let html = std::fs::read_to_string(out.join(route).join("index.html")).unwrap();
    let start = html.find("<main").unwrap();
    let end = start + html[start..].find("</main>").unwrap();
    html[start..end].replace("<!-- -->", "")
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let name = entry.file_name();
        if ["node_modules", ".docsite", "build"].contains(&name.to_str().unwrap_or("")) {
            continue;
        }
        let target = to.join(&name);
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Builds `site` into `out` (with `--timings`), `env` set; the build's stderr.
fn build(site: &Path, out: &Path, env: &[(&str, &str)]) -> String {
    let result = Command::new(env!("CARGO_BIN_EXE_docsite")).args(["build", "--timings", "--out"]).arg(out).arg(site).envs(env.iter().copied()).output().unwrap();
    let err = String::from_utf8_lossy(&result.stderr).into_owned();
    assert_eq!(result.status.code(), Some(0), "{err}");
    err
}

/// The article of a built doc: the content inside `[data-article]`, with React's text
/// separators (`<!-- -->`) and the line breaks MDX keeps next to elements left out (neither
/// shows), the MDX path's island wrapper removed, and the code blocks' island marker of the
/// static HTML left out (the MDX path's code blocks are React's within the doc's island).
fn article(out: &Path, route: &str) -> String {
    let html = std::fs::read_to_string(out.join(route).join("index.html")).unwrap();
    let start = html.find("data-article=").unwrap();
    let start = start + html[start..].find('>').unwrap() + 1;
    let end = start + html[start..].find("<nav aria-label=\"Docs pages\"").unwrap();
    let inner = html[start..end].strip_suffix("</div>").unwrap().replace("<!-- -->", "").replace(">\n", ">").replace("\n<", "<").replace(" data-island=\"CodeBlock\"", "");
    match inner.find("<div data-island=\"SiteComponent\"") {
        Some(at) => {
            let open_end = at + inner[at..].find('>').unwrap() + 1;
            format!("{}{}", &inner[..at], inner[open_end..].strip_suffix("</div>").unwrap())
        }
        None => inner,
    }
}

#[test]
fn docs_that_need_javascript_are_compiled_by_mdx_and_written_as_docusaurus_writes_them() {
    let site = copy_of_fixture();
    let out = site.path().join("build");
    let err = build(site.path(), &out, &[]);
    assert!(err.contains("docs     5 by the Markdown renderer, 4 by MDX"), "{err}");

    // A partial with props, rendered where it is used; not a page of its own.
    let partials = article(&out, "docs/partials");
    assert!(partials.contains("<h2 id=\"from-the-partial\""), "{partials}");
    assert!(partials.contains("Hello, kite flyer! This text lives in <code>_part.mdx</code>."), "{partials}");
    // A link in the partial leads where it leads in the partial's own folder (a doc's route).
    assert!(partials.contains("read <a href=\"/docs/intro\""), "the partial's link to a Markdown file: {partials}");
    assert!(!out.join("docs/_part").exists() && !out.join("docs/part").exists());
    assert!(partials.contains("<span class=\"k\">const</span> <span class=\"v\">greeting</span>"), "the partial's fence is highlighted: {partials}");
    // The partial's heading is in the doc's table of contents where the partial is used, as
    // Docusaurus spreads a partial's `toc`, and an anchor other docs may link to.
    let page = std::fs::read_to_string(out.join("docs/partials/index.html")).unwrap();
    let (from, after) = (page.find("href=\"#from-the-partial\"").unwrap_or_else(|| panic!("{page}")), page.find("href=\"#after-the-partial\"").unwrap());
    assert!(from < after, "in the order of the page");
    assert!(!err.contains("#from-the-partial"), "the link to the partial's heading is not broken: {err}");

    // Expressions, exports, a multi-line style object, a `{#id}` heading in the TOC.
    let expressions = article(&out, "docs/expressions");
    assert!(expressions.starts_with("<h1>Expressions</h1>"), "the leading heading is the title, once: {expressions}");
    assert_eq!(expressions.matches("<h1").count(), 1, "{expressions}");
    assert!(expressions.contains("One plus one is 2. The club was founded in 2024."), "{expressions}");
    assert!(expressions.contains("<div class=\"kites-note\" style=\"padding:1rem;border:1px solid gray\"><p>Colours: red and blue.</p></div>"), "{expressions}");
    assert!(expressions.contains("<h2 id=\"styled\""), "{expressions}");
    assert!(expressions.contains(">fly.js</div>"), "the fence's title: {expressions}");
    assert!(expressions.contains("<span class=\"k\">const</span> <span class=\"v\">kite</span>"), "the fence is highlighted as on the Markdown path: {expressions}");
    let page = std::fs::read_to_string(out.join("docs/expressions/index.html")).unwrap();
    assert!(page.contains("href=\"#styled\""), "the table of contents links the heading");

    // A component from a package of the site, `@theme/CodeBlock` with a computed child, an
    // admonition.
    let packages = article(&out, "docs/packages");
    assert!(packages.contains("<button type=\"button\" class=\"tiny-badge\" aria-pressed=\"false\">certified</button>"), "{packages}");
    assert!(packages.contains("<span class=\"line\">const lines = 42;</span>"), "{packages}");
    // That code is known only when the page runs: shown plain, with a warning naming it.
    let warning = err.lines().find(|l| l.contains("docs/packages.mdx:14")).unwrap_or_else(|| panic!("{err}"));
    assert!(warning.contains("not highlighted"), "{warning}");
    assert!(packages.contains("admonition-tip") && packages.contains("Windy days"), "{packages}");
}

#[test]
fn plain_markdown_gives_the_same_article_on_both_paths() {
    let site = copy_of_fixture();
    let rust = site.path().join("build");
    build(site.path(), &rust, &[]);
    let elsewhere = tempfile::tempdir().unwrap();
    let mdx = elsewhere.path().join("build");
    let err = build(site.path(), &mdx, &[("DOCSITE_MDX_PATH", "all")]);
    assert!(err.contains("docs     0 by the Markdown renderer, 9 by MDX"), "{err}");
    assert!(std::fs::read_to_string(mdx.join("docs/intro/index.html")).unwrap().contains("data-module=\"docs/intro.md\""), "the doc took the MDX path");
    assert_eq!(article(&rust, "docs/intro"), article(&mdx, "docs/intro"));
}

/// The cards of an article (`<section class="… card">` elements): "title -> link: text".
fn cards_of(article: &str) -> Vec<String> {
    let card = regex::Regex::new(r#"<section class="[^"]*\bcard">(.*?)</section>"#).unwrap();
    let part = |re: &str, html: &str| regex::Regex::new(re).unwrap().captures(html).map(|c| c[1].to_string()).unwrap_or_default();
    let tags = regex::Regex::new("<[^>]+>").unwrap();
    card.captures_iter(article)
        .map(|c| {
            let html = &c[1];
            let title = tags.replace_all(&part("<h3[^>]*>(.*?)</h3>", html), "").into_owned();
            format!("{title} -> {}: {}", part(r#"href="([^"]*)""#, html), part("<p>(.*?)</p>", html))
        })
        .collect()
}

#[test]
fn doc_card_lists_on_the_mdx_path_show_the_current_category_pre_rendered() {
    let site = copy_of_fixture();
    let out = site.path().join("build");
    let err = build(site.path(), &out, &[]);
    assert!(!err.contains("error:"), "{err}");
    // `<DocCardList />` on the category's page (an MDX doc: it imports `@theme/DocCard`):
    // the items of its category, an unlisted doc left out, a category without a page of its
    // own leading to its first doc; in the HTML before any script runs.
    let gear = article(&out, "docs/gear");
    let current = [
        "Lines -> /docs/gear/lines: Braided or plain, which line for which wind.",
        "Comparing gear -> /docs/gear/compare: Everything in this category, side by side.",
        "Spools -> /docs/gear/spools/wooden: 1 item",
        "Kite law -> https://example.org/kite-law: ",
    ];
    let shown = cards_of(&gear);
    assert_eq!(shown[..4], current, "{gear}");
    // `<DocCard item>` and `<DocCardList items>`: a category with no link has no card.
    assert_eq!(shown[4..], ["Flying kites -> /docs/intro: Start here.", "Partials -> /docs/partials: ", "Tricks -> /docs/expressions: 1 item"], "{gear}");
    // A doc of the category that is not its page shows the same list, as Docusaurus's
    // `useCurrentSidebarCategory` gives the category around the doc; here on the Markdown path.
    let compare = std::fs::read_to_string(out.join("docs/gear/compare/index.html")).unwrap();
    assert!(!compare.contains("data-module"), "plain Markdown stays on the engine's renderer");
    assert_eq!(cards_of(&compare.replace("<!--$-->", "").replace("<!--/$-->", "")), current);
}

#[test]
fn a_doc_card_list_on_a_doc_in_no_category_is_an_error_at_its_line() {
    let site = copy_of_fixture();
    let doc = site.path().join("docs/packages.mdx");
    // A theme of the site's own might give `<DocCardList>` children (the capacitor site's
    // does); Docusaurus's lists the current category, and this doc is in none.
    let text = std::fs::read_to_string(&doc).unwrap().replace("import CodeBlock from '@theme/CodeBlock';", "import CodeBlock from '@theme/CodeBlock';\nimport DocCardList from '@theme/DocCardList';");
    std::fs::write(&doc, format!("{text}\n<DocCardList>\n  <p>Official plugins</p>\n</DocCardList>\n")).unwrap();
    let out = site.path().join("build");
    let result = Command::new(env!("CARGO_BIN_EXE_docsite")).args(["build", "--out"]).arg(&out).arg(site.path()).output().unwrap();
    let err = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{err}");
    let at = err.find("error: docs/packages.mdx:21:").unwrap_or_else(|| panic!("{err}"));
    let report = &err[at..];
    assert!(report.contains("in no category of its sidebar"), "{report}");
    assert!(report.contains("shows no children"), "{report}");
    assert!(!out.exists(), "nothing written");
}

#[test]
fn literal_urls_of_jsx_links_in_an_mdx_doc_are_checked_at_their_lines() {
    let site = copy_of_fixture();
    let doc = site.path().join("docs/packages.mdx");
    let text = std::fs::read_to_string(&doc).unwrap().replace("import CodeBlock from '@theme/CodeBlock';", "import CodeBlock from '@theme/CodeBlock';\nimport Link from '@docusaurus/Link';");
    // Line 21: a raw `<a>`; line 24: the `to` of a `<Link>` on a line of its own; line 26:
    // a good one.
    std::fs::write(&doc, format!("{text}\n<a href=\"/docs/missing\">gone</a>\n\n<Link\n  to=\"/docs/also-missing\">gone too</Link>\n\n<Link to=\"/docs/intro\">the intro</Link>\n")).unwrap();
    let out = site.path().join("build");
    let result = Command::new(env!("CARGO_BIN_EXE_docsite")).args(["build", "--out"]).arg(&out).arg(site.path()).output().unwrap();
    let err = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{err}");
    assert!(err.lines().any(|l| l.contains("docs/packages.mdx:21") && l.contains("/docs/missing")), "{err}");
    assert!(err.lines().any(|l| l.contains("docs/packages.mdx:24") && l.contains("/docs/also-missing")), "{err}");
    assert!(!err.contains("/docs/intro`"), "{err}");
}

#[test]
fn docs_beside_the_site_blog_posts_and_pages_take_the_mdx_path() {
    let repo = copy_of("mdx-path-beside");
    let site = repo.path().join("website");
    let out = repo.path().join("build");
    let err = build(&site, &out, &[]);
    assert!(!err.contains("error:"), "{err}");
    assert!(err.contains("docs     1 by the Markdown renderer, 1 by MDX"), "{err}");

    // A doc of `docs: { path: '../docs' }` with an export, expressions, a partial beside it
    // and a component of a package installed in the site's node_modules (not beside the doc).
    let meetings = article(&out, "docs/meetings");
    assert!(meetings.contains("We meet on 3 fields, 6 times a month."), "{meetings}");
    assert!(meetings.contains("<h2 id=\"field-rules\"") && meetings.contains("Keep 3 metres between lines."), "the partial: {meetings}");
    assert!(meetings.contains("<button type=\"button\" class=\"kite-card\" aria-expanded=\"false\">Kite 7</button>"), "{meetings}");
    assert!(meetings.contains("<span class=\"k\">const</span> <span class=\"v\">wind</span>"), "the fence is highlighted: {meetings}");

    // A blog post with a template-literal prop (and an HTML comment, which Docusaurus's MDX
    // reads), one with a package's component; a `.mdx` page with an expression.
    let playground = main_of(&out, "blog/2024/05/01/playground");
    assert!(playground.contains("data-module=\"blog/2024-05-01-playground.md\""), "{playground}");
    // (MDX takes the indentation of the literal's lines for the flow's, as in Docusaurus.)
    assert!(playground.contains("<pre class=\"kite-playground\">&lt;Layout config={{useWebDefaults: true}}&gt;\n&lt;Node width={100} /&gt;\n&lt;/Layout&gt;</pre>"), "{playground}");
    assert!(playground.contains("href=\"#after-the-playground\""), "the post's TOC: {playground}");
    let card = main_of(&out, "blog/2024/06/01/card");
    assert!(card.contains("<button type=\"button\" class=\"kite-card\" aria-expanded=\"false\">Kite 42</button>"), "{card}");
    let facts = main_of(&out, "facts");
    assert!(facts.contains("<h1>Kite facts</h1>") && facts.contains("A kite has 4 corners."), "{facts}");
    // The list shows the excerpts, written as Markdown.
    let list = main_of(&out, "blog");
    assert!(list.contains("<p>A card from a package of the site.</p>") && !list.contains("Kite 42"), "{list}");
    // An empty expression renders nothing, on the engine's renderer.
    let braces = main_of(&out, "blog/2024/04/01/braces");
    assert!(!braces.contains("data-module") && braces.contains("<h2 id=\"print--in-a-heading\""), "{braces}");

    // The site build read the partial beside the site: an edit of it rebuilds it.
    let rules = repo.path().join("docs/_rules.mdx");
    std::fs::write(&rules, std::fs::read_to_string(&rules).unwrap().replace("{2 + 1} metres", "{2 + 2} metres")).unwrap();
    let again = repo.path().join("build-again");
    build(&site, &again, &[]);
    assert!(article(&again, "docs/meetings").contains("Keep 4 metres between lines."));
}

#[test]
fn a_package_the_site_has_not_installed_is_an_error_at_its_import() {
    let repo = copy_of("mdx-path-beside");
    let post = repo.path().join("website/blog/2024-06-01-card.mdx");
    std::fs::write(&post, std::fs::read_to_string(&post).unwrap().replace("from 'kite-card'", "from 'kite-kit'")).unwrap();
    let out = repo.path().join("build");
    let result = Command::new(env!("CARGO_BIN_EXE_docsite")).args(["build", "--out"]).arg(&out).arg(repo.path().join("website")).output().unwrap();
    let err = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{err}");
    let line = err.lines().find(|l| l.starts_with("error: blog/2024-06-01-card.mdx:9:")).unwrap_or_else(|| panic!("{err}"));
    assert!(line.contains("`kite-kit`") && line.contains("not installed"), "{line}");
}

#[test]
fn an_excerpt_that_needs_javascript_is_an_error_at_the_truncate_marker() {
    let repo = copy_of("mdx-path-beside");
    let post = repo.path().join("website/blog/2024-05-01-playground.md");
    let text = std::fs::read_to_string(&post).unwrap().replace("<!-- truncate -->\n\n", "").replace("## After the playground", "<!-- truncate -->\n\n## After the playground");
    std::fs::write(&post, text).unwrap();
    let result = Command::new(env!("CARGO_BIN_EXE_docsite")).args(["check"]).arg(repo.path().join("website")).output().unwrap();
    let err = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{err}");
    assert!(err.lines().any(|l| l.starts_with("error: blog/2024-05-01-playground.md:13:") && l.contains("excerpt")), "{err}");
}

#[test]
fn the_remark_and_rehype_plugins_of_a_content_plugin_run_on_its_files_and_nowhere_else() {
    let site = copy_of("docusaurus-remark-plugins");
    let out = site.path().join("build");
    let err = build(site.path(), &out, &[]);
    // The docs instance with plugins takes the MDX path; `community`, without any, does not.
    assert!(err.contains("docs     1 by the Markdown renderer, 2 by MDX"), "{err}");
    assert!(!err.contains("is ignored"), "the plugins are used, not ignored: {err}");
    let moorings = article(&out, "docs/moorings");
    assert!(moorings.contains("press <kbd>Ctrl</kbd> + <kbd>F</kbd> and type"), "the site's remark plugin ran: {moorings}");
    assert!(moorings.contains("<table tabindex=\"0\"><caption>Table 1</caption>"), "its rehype plugin ran, with its options: {moorings}");
    let tides = article(&out, "docs/tides");
    assert!(tides.contains("<kbd>P</kbd>"));
    // A code block a plugin rewrote shows the plugin's text (not highlighted, with a
    // warning); the fence next to it, as written, is highlighted as everywhere else.
    assert!(tides.contains("<code class=\"language-sh\"><span class=\"line\">$ tide --today</span></code>"), "{tides}");
    assert!(tides.contains("<span class=\"f\">tide</span> <span class=\"co\">--next</span> high"), "{tides}");
    assert!(err.contains("docs/tides.md:16: the site's remark or rehype plugins made or changed this code block"), "{err}");
    let meetings = main_of(&out, "community/meetings");
    assert!(meetings.contains("[[Ctrl]]") && !meetings.contains("<kbd>"), "another instance's docs are left alone: {meetings}");
    assert!(main_of(&out, "blog/2026/11/01/winter").contains("press <kbd>Enter</kbd> on"), "the blog's own plugins ran on its post");
    assert!(err.contains("`presets[0].blog`: the blog's remark and rehype plugins run on its posts, but its list pages show each post's excerpt"), "{err}");

    // The site's code build is made again when the config (the plugins' options) changes.
    let config = site.path().join("docusaurus.config.js");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, text.replace("prefix: 'Table'", "prefix: 'Tide table'")).unwrap();
    build(site.path(), &out, &[]);
    assert!(article(&out, "docs/tides").contains("<caption>Tide table 1</caption>"));
    // ... and when a plugin's own file changes, outside `src/` too.
    let plugin = site.path().join("plugins/table-captions.js");
    let text = std::fs::read_to_string(&plugin).unwrap();
    std::fs::write(&plugin, text.replace("`${prefix} ${i + 1}`", "`${prefix} no. ${i + 1}`")).unwrap();
    build(site.path(), &out, &[]);
    assert!(article(&out, "docs/tides").contains("<caption>Tide table no. 1</caption>"));
}
