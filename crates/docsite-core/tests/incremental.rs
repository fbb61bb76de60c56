//! `docsite dev`'s incremental path: a rebuild with a [`RenderCache`] renders only the docs
//! whose text changed, and [`Site::update_doc`] updates one page in place, re-checking every
//! link and anchor of the site, or declines when the edit reaches beyond the page.

use std::path::{Path, PathBuf};

use docsite_core::build::{check_with, DocUpdate, RenderCache, Site};
use docsite_core::contract::Node;
use docsite_core::diagnostics::BuildError;

/// A copy of the `basic` fixture site to edit.
fn site_copy() -> tempfile::TempDir {
    copy_of("basic")
}

/// A copy of the fixture site `name` to edit.
fn copy_of(name: &str) -> tempfile::TempDir {
    let from = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures")).join(name);
    let dir = tempfile::tempdir().unwrap();
    for entry in walkdir::WalkDir::new(&from) {
        let entry = entry.unwrap();
        let target = dir.path().join(entry.path().strip_prefix(&from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
    dir
}

fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} does not contain {from:?}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

fn text_of(nodes: &[Node]) -> String {
    nodes
        .iter()
        .map(|n| match n {
            Node::Text(t) => t.clone(),
            Node::Element(e) => text_of(&e.c),
        })
        .collect()
}

fn page_text(site: &Site, route: &str) -> String {
    text_of(&site.page(route).unwrap_or_else(|| panic!("no page {route}")).content)
}

fn errors(result: Result<impl Sized, BuildError>) -> String {
    match result {
        Err(BuildError::Invalid(d)) => d.report(),
        Err(other) => panic!("unexpected error {other}"),
        Ok(_) => panic!("expected errors"),
    }
}

#[test]
fn a_second_check_renders_only_changed_docs() {
    let dir = site_copy();
    let mut cache = RenderCache::default();
    check_with(dir.path(), Some(&mut cache)).unwrap();
    assert!(cache.rendered_last > 3, "the first check renders everything");
    check_with(dir.path(), Some(&mut cache)).unwrap();
    assert_eq!(cache.rendered_last, 0);
    edit(&dir.path().join("docs/intro.md"), "Text with", "Edited text with");
    let site = check_with(dir.path(), Some(&mut cache)).unwrap();
    assert_eq!(cache.rendered_last, 1);
    assert!(page_text(&site, "/docs/next/intro").contains("Edited text with"));
}

#[test]
fn a_changed_route_renders_that_doc_and_the_docs_linking_to_its_file() {
    let dir = site_copy();
    let mut cache = RenderCache::default();
    check_with(dir.path(), Some(&mut cache)).unwrap();
    // intro.md links to guides/01-first.md by its file: the link's route changes with it.
    edit(&dir.path().join("docs/guides/01-first.md"), "---\n", "---\nslug: /getting-started\n");
    let site = check_with(dir.path(), Some(&mut cache)).unwrap();
    assert_eq!(cache.rendered_last, 2, "the edited doc and the one doc linking to it");
    let intro = format!("{:?}", site.page("/docs/next/intro").unwrap().content);
    assert!(intro.contains("/docs/next/getting-started"), "{intro}");
}

#[test]
fn a_new_doc_renders_only_itself_and_the_docs_whose_links_it_mends() {
    let dir = site_copy();
    let mut cache = RenderCache::default();
    check_with(dir.path(), Some(&mut cache)).unwrap();
    std::fs::write(dir.path().join("docs/extra.md"), "---\ntitle: Extra\n---\n\nMore text.\n").unwrap();
    check_with(dir.path(), Some(&mut cache)).unwrap();
    assert_eq!(cache.rendered_last, 1, "the new doc only");
    // A link to a missing doc is an error until the doc exists: then only that page renders again.
    let formatting = dir.path().join("docs/formatting.md");
    let text = std::fs::read_to_string(&formatting).unwrap();
    std::fs::write(&formatting, format!("{text}\nSee [later](./later.md).\n")).unwrap();
    errors(check_with(dir.path(), Some(&mut cache)));
    std::fs::write(dir.path().join("docs/later.md"), "---\ntitle: Later\n---\n\nLater text.\n").unwrap();
    check_with(dir.path(), Some(&mut cache)).unwrap();
    assert_eq!(cache.rendered_last, 2, "the new doc and the doc whose link it mends");
}

#[test]
fn a_sidebar_edit_renders_no_doc_again() {
    let dir = site_copy();
    let mut cache = RenderCache::default();
    check_with(dir.path(), Some(&mut cache)).unwrap();
    edit(&dir.path().join("sidebars.json"), "\"label\": \"Formatting\"", "\"label\": \"Formatting rules\"");
    let site = check_with(dir.path(), Some(&mut cache)).unwrap();
    assert_eq!(cache.rendered_last, 0);
    let sidebar = format!("{:?}", site.sidebar("current", "docs").unwrap());
    assert!(sidebar.contains("Formatting rules"), "{sidebar}");
}

#[test]
fn a_card_s_new_label_renders_the_category_page_listing_it_again() {
    let dir = copy_of("compat");
    let mut cache = RenderCache::default();
    check_with(dir.path(), Some(&mut cache)).unwrap();
    edit(&dir.path().join("docs/guide/code.md"), "title: ", "title: Renamed ");
    let site = check_with(dir.path(), Some(&mut cache)).unwrap();
    let cards = format!("{:?}", site.page("/docs/guide").or_else(|| site.page("/docs/guide/")).expect("the category page").content);
    assert!(cards.contains("Renamed "), "{cards}");
    // The doc's own body is as it was: only the page listing its card renders again.
    assert_eq!(cache.rendered_last, 1, "the category page whose <DocCardList /> shows the doc");
}

#[test]
fn a_body_edit_updates_the_page_and_its_landing_route_in_place() {
    let dir = site_copy();
    let mut cache = RenderCache::default();
    let mut site = check_with(dir.path(), Some(&mut cache)).unwrap();
    let intro = dir.path().join("docs/intro.md");
    edit(&intro, "Text with", "Edited text with");
    let update = site.update_doc(&intro, false).unwrap().expect("a body edit is updated in place");
    assert!(matches!(update, DocUpdate::Rendered(_)), "{update:?}");
    assert_eq!(update.pages().len(), 2, "the doc and its version's landing route");
    assert!(page_text(&site, "/docs/next/intro").contains("Edited text with"));
    assert!(page_text(&site, "/docs/next").contains("Edited text with"));
}

#[test]
fn edits_beyond_the_body_need_a_full_check() {
    let dir = site_copy();
    let mut site = check_with(dir.path(), Some(&mut RenderCache::default())).unwrap();
    let intro = dir.path().join("docs/intro.md");
    edit(&intro, "title: Introduction", "title: A new title");
    assert!(site.update_doc(&intro, false).unwrap().is_none(), "front matter changes the sidebar and pager");
    assert!(site.update_doc(&dir.path().join("docs/new.md"), false).unwrap().is_none(), "an unknown file");
    // A site checked without a cache keeps nothing to update.
    let mut plain = docsite_core::build::check(dir.path()).unwrap();
    assert!(plain.update_doc(&intro, false).unwrap().is_none());
}

#[test]
fn an_update_checks_its_own_links_and_the_anchors_others_link_to() {
    let dir = site_copy();
    let mut site = check_with(dir.path(), Some(&mut RenderCache::default())).unwrap();
    let intro = dir.path().join("docs/intro.md");
    edit(&intro, "Text with", "A [broken link](./missing.md). Text with");
    let report = errors(site.update_doc(&intro, false));
    assert!(report.contains("docs/intro.md:12:3: broken link `./missing.md`"), "{report}");

    edit(&intro, "A [broken link](./missing.md). ", "");
    site.update_doc(&intro, false).unwrap().expect("fixed");

    // intro links to formatting.md#code-blocks: renaming that heading breaks intro.
    let formatting = dir.path().join("docs/formatting.md");
    edit(&formatting, "## Code blocks", "## Code samples");
    let report = errors(site.update_doc(&formatting, false));
    assert!(report.contains("docs/intro.md:") && report.contains("broken anchor `formatting.md#code-blocks`"), "{report}");
}

#[test]
fn a_doc_starting_to_use_a_component_no_page_used_needs_a_full_check() {
    // The site's code build has the components the docs use: one no doc used yet is built
    // by the full path (`DevSession::rebuild`), not added to the page in place.
    let dir = copy_of("react-pages");
    let mut site = check_with(dir.path(), Some(&mut RenderCache::default())).unwrap();
    let care = dir.path().join("docs/care.md");
    // WickCounter's module is built already (docs/lighting.mdx uses it).
    edit(&care, "Trim the wick", "import { Flame } from '@site/src/components/WickCounter';\n\n<Flame size={2} />\n\nTrim the wick");
    site.update_doc(&care, false).unwrap().expect("a component already built is updated in place");
    std::fs::write(dir.path().join("src/components/Glass.js"), "export default function Glass() {\n  return <p>Glass</p>;\n}\n").unwrap();
    edit(&care, "<Flame size={2} />", "<Flame size={2} />\n\n<Glass />");
    edit(&care, "import { Flame }", "import Glass from '@site/src/components/Glass';\nimport { Flame }");
    assert!(site.update_doc(&care, false).unwrap().is_none(), "a component not in the site's code build");
    // The full check then has it, as the code build does.
    let site = check_with(dir.path(), Some(&mut RenderCache::default())).unwrap();
    assert!(site.site_components().contains(&"src/components/Glass.js".to_string()), "{:?}", site.site_components());
}

#[test]
fn a_doc_on_the_mdx_path_is_updated_in_place_only_while_vite_serves_its_module() {
    // `docsite dev` with Vite's dev server: the edited module reaches the open page from
    // Vite, and the engine checks the doc's links at once; the pages wait for the next
    // build of the site's code. Without it, the site's code is built again first.
    let dir = copy_of("mdx-path");
    let mut site = check_with(dir.path(), Some(&mut RenderCache::default())).unwrap();
    let doc = dir.path().join("docs/expressions.mdx");
    edit(&doc, "One plus one is", "One and one make");
    assert!(site.update_doc(&doc, false).unwrap().is_none(), "not served: the full path builds the code");
    let update = site.update_doc(&doc, true).unwrap().expect("served: updated in place");
    assert!(matches!(update, DocUpdate::Compiled(ref pages) if pages.len() == 1), "{update:?}");

    edit(&doc, "One and one make", "See [the missing page](./missing.md). One and one make");
    let report = errors(site.update_doc(&doc, true));
    assert!(report.contains("docs/expressions.mdx:") && report.contains("broken link `./missing.md`"), "{report}");

    // A Markdown doc that starts to need JavaScript is a module the code build lacks.
    let intro = dir.path().join("docs/intro.md");
    edit(&doc, "See [the missing page](./missing.md). ", "");
    site.update_doc(&doc, true).unwrap().expect("fixed");
    let text = std::fs::read_to_string(&intro).unwrap();
    std::fs::write(&intro, format!("{text}\nTwo plus two is {{2 + 2}}.\n")).unwrap();
    assert!(site.update_doc(&intro, true).unwrap().is_none(), "a doc new to the MDX path needs the full path");
}

#[test]
fn an_edit_of_a_partial_renders_the_docs_that_import_it_again() {
    // A doc on the MDX path reads the partials it imports (their headings join its table of
    // contents, their code blocks are highlighted): its rendering holds while they read the same.
    let dir = copy_of("mdx-path");
    let mut cache = RenderCache::default();
    check_with(dir.path(), Some(&mut cache)).unwrap();
    edit(&dir.path().join("docs/_part.mdx"), "## From the partial", "## Out of the partial");
    let site = check_with(dir.path(), Some(&mut cache)).unwrap();
    let toc = format!("{:?}", site.page("/docs/partials").expect("the partials page").toc);
    assert!(toc.contains("Out of the partial") && !toc.contains("From the partial"), "{toc}");
    assert_eq!(cache.rendered_last, 1, "only the doc importing the partial");
}
