//! Fixture sites under `fixtures/`: valid ones are checked into a model whose interesting
//! parts are snapshotted; invalid ones must fail with the snapshotted error report.

use std::path::PathBuf;

use docsite_core::build::check;
use docsite_core::contract::{Node, RouteKind};
use docsite_core::diagnostics::BuildError;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures")).join(name)
}

fn error_report(name: &str) -> String {
    match check(&fixture(name)) {
        Ok(_) => panic!("fixture {name} should fail"),
        Err(BuildError::Invalid(d)) => d.report(),
        Err(other) => panic!("fixture {name}: unexpected error {other}"),
    }
}

#[test]
fn basic_site_has_every_route_of_every_version() {
    let site = check(&fixture("basic")).expect("basic fixture is valid");
    let routes: Vec<String> = site.routes().into_iter().map(|(r, k, t)| format!("{r} [{k:?}] {t}")).collect();
    insta::assert_yaml_snapshot!(routes);
}

#[test]
fn landing_routes_show_the_main_doc() {
    let site = check(&fixture("basic")).unwrap();
    let latest = site.page("/docs").expect("landing of the latest version");
    assert_eq!(latest.doc_id.as_deref(), Some("intro"));
    assert_eq!(latest.version.as_deref(), Some("1.0"));
    let next = site.page("/docs/next").expect("landing of next");
    assert_eq!(next.title, "Introduction");
    assert_eq!(next.version.as_deref(), Some("current"));
}

#[test]
fn formatting_page_renders_components() {
    let site = check(&fixture("basic")).unwrap();
    let page = site.page("/docs/next/formatting").unwrap();
    let names: Vec<&str> = page
        .content
        .iter()
        .filter_map(|n| match n {
            Node::Element(e) => Some(e.t.as_str()),
            Node::Text(_) => None,
        })
        .collect();
    insta::assert_yaml_snapshot!(names);
    insta::assert_json_snapshot!(page.content[0]);
}

#[test]
fn intro_page_data_is_complete() {
    let site = check(&fixture("basic")).unwrap();
    let mut page = site.page("/docs/next/intro").unwrap().clone();
    page.last_update = None; // depends on git history
    insta::assert_json_snapshot!(page);
}

#[test]
fn sidebars_and_navbar_resolve_against_docs() {
    let site = check(&fixture("basic")).unwrap();
    insta::assert_json_snapshot!("sidebar_next_docs", site.sidebar("current", "docs").unwrap());
    insta::assert_json_snapshot!("navbar", site.site_data().navbar);
    assert_eq!(site.site_data().versions.iter().map(|v| v.path.as_str()).collect::<Vec<_>>(), vec!["/docs/next", "/docs"]);
}

#[test]
fn a_versions_banner_text_reaches_the_theme_trimmed() {
    let site = check(&fixture("basic")).unwrap();
    let text = |name: &str| site.site_data().versions.iter().find(|v| v.name == name).and_then(|v| v.banner_text.clone());
    assert_eq!(text("current").as_deref(), Some("The draft of the next release."));
    assert_eq!(text("1.0"), None);
}

#[test]
fn an_empty_banner_text_or_one_without_a_banner_names_the_key() {
    insta::assert_snapshot!(error_report("bad-banner"));
}

#[test]
fn analytics_and_scripts_reach_the_theme() {
    let site = check(&fixture("basic")).unwrap();
    let analytics = site.site_data().analytics.as_ref().expect("[gtag] is configured");
    assert_eq!(analytics.tracking_id, "G-FIXTURE");
    assert!(analytics.anonymize_ip, "IP anonymisation is on unless turned off");
    let scripts: Vec<(&str, bool)> = site.site_data().scripts.iter().map(|s| (s.src.as_str(), s.defer)).collect();
    assert_eq!(scripts, vec![("https://buttons.example.org/buttons.js", false), ("/js/late.js", true)]);
    // Without `customFields` the site's code still gets a table.
    assert_eq!(site.site_data().custom_fields, serde_json::json!({}));
}

#[test]
fn empty_tracking_id_script_url_and_non_table_custom_fields_name_the_key() {
    insta::assert_snapshot!(error_report("bad-third-party"));
}

#[test]
fn pages_are_full_width_routes() {
    let site = check(&fixture("basic")).unwrap();
    let home = site.page("/").unwrap();
    assert_eq!(home.kind, RouteKind::Page);
    assert_eq!(home.title, "Fixture home");
}

#[test]
fn unknown_config_key_names_the_key_path_and_line() {
    insta::assert_snapshot!(error_report("invalid-config"));
}

#[test]
fn broken_links_and_anchors_are_listed_per_file() {
    insta::assert_snapshot!(error_report("broken-links"));
}

#[test]
fn bad_navbar_items_name_the_item() {
    insta::assert_snapshot!(error_report("bad-navbar"));
}

#[test]
fn unsupported_mdx_and_front_matter_name_file_and_line() {
    insta::assert_snapshot!(error_report("bad-mdx"));
}

#[test]
fn malformed_data_entries_name_the_file_entry_field_and_line() {
    insta::assert_snapshot!(error_report("bad-data"));
}

#[test]
fn showcase_cards_come_from_the_data_file_sorted_by_title() {
    let site = check(&fixture("site-pages")).expect("site-pages fixture is valid");
    let page = site.page("/community").unwrap();
    insta::assert_json_snapshot!("community_content", page.content);
}

#[test]
fn versions_tables_follow_versions_json_and_release_dates() {
    let site = check(&fixture("site-pages")).unwrap();
    insta::assert_json_snapshot!("versions_content", site.page("/versions").unwrap().content);
}

#[test]
fn layout_containers_resolve_card_links_and_filter_users() {
    let site = check(&fixture("site-pages")).unwrap();
    let home = site.page("/").unwrap();
    assert!(home.hide_title);
    insta::assert_json_snapshot!("home_content", home.content);
}

#[test]
fn routes_that_leave_the_output_are_errors_naming_file_line_or_config_key() {
    insta::assert_snapshot!(error_report("unsafe-routes"));
}

#[test]
fn base_url_and_route_base_path_that_leave_the_output_name_the_key() {
    insta::assert_snapshot!(error_report("unsafe-config"));
}

#[test]
fn raw_html_that_acts_without_script_is_refused_with_file_and_line() {
    insta::assert_snapshot!(error_report("unsafe-html"));
}

#[test]
fn html_items_and_the_footer_copyright_follow_the_same_allow_list() {
    insta::assert_snapshot!(error_report("unsafe-html-items"));
}

#[test]
fn bad_deploy_paths_and_header_rules_name_the_key() {
    insta::assert_snapshot!(error_report("bad-deploy"));
}

#[test]
fn a_base_url_given_at_build_time_replaces_the_configured_one() {
    let site = docsite_core::build::check_at(&fixture("basic"), None, Some("/FDC3/")).expect("valid");
    assert!(site.routes().iter().all(|(r, _, _)| r == "/FDC3" || r.starts_with("/FDC3/")), "{:?}", site.routes());
    assert_eq!(site.site_data().base_url, "/FDC3/");
    assert!(site.page("/FDC3/docs/next/intro").is_some());
    for bad in ["FDC3/", "/a b/", "/../x/"] {
        match docsite_core::build::check_at(&fixture("basic"), None, Some(bad)) {
            Err(BuildError::Invalid(d)) => assert!(d.report().contains("--base-url must be a URL path"), "{bad}: {}", d.report()),
            other => panic!("{bad}: expected an error, got {:?}", other.map(|s| s.routes().len())),
        }
    }
}

#[test]
fn a_docusaurus_site_is_read_from_its_config_with_a_warning_per_ignored_key() {
    // Needs Node, like every build (the config is JavaScript).
    let site = check(&fixture("docusaurus")).expect("the Docusaurus fixture is valid");
    let routes: Vec<String> = site.routes().into_iter().map(|(r, k, t)| format!("{r} [{k:?}] {t}")).collect();
    let footer = site.site_data().footer.as_ref().expect("footer");
    let docsite_core::contract::MenuItem::Link(forum) = &footer.columns[0].items[0] else { panic!("a link first") };
    assert_eq!((forum.to.as_deref(), forum.href.as_deref()), (None, Some("https://forum.example.org/")), "a full URL in `to` is an external link");
    assert!(
        matches!(&footer.columns[0].items[1], docsite_core::contract::MenuItem::Html { html } if html.contains("badge")),
        "the html item is shown"
    );
    // customFields and favicon reach the site's own React code (`siteConfig`).
    assert_eq!(site.site_data().custom_fields, serde_json::json!({ "repoUrl": "https://example.org/widgets" }));
    // A client redirect from a page that exists is left out (with a warning), as Docusaurus does.
    assert!(site.page("/docs/guides/install").is_some(), "the page stays");
    assert!(site.diagnostics.report().contains("`redirects[1].from`: /docs/guides/install is a page of the site; the redirect is left out"), "{}", site.diagnostics.report());
    // Its target (`/docs/gone`, no page) is not checked: the redirect is not there.
    assert!(!site.diagnostics.report().contains("/docs/gone"), "{}", site.diagnostics.report());
    insta::assert_yaml_snapshot!((routes, site.diagnostics.report()));
}

#[test]
fn docs_beside_the_site_folder_are_read_at_their_routes_with_their_edit_urls() {
    // A monorepo (`website/` + `../docs`), the sidebars named by `require.resolve`. Needs Node.
    let site = check(&fixture("docs-beside/website")).expect("the docs-beside fixture is valid");
    let routes: Vec<String> = site.routes().into_iter().map(|(r, k, t)| format!("{r} [{k:?}] {t}")).collect();
    let edit_urls: Vec<Option<String>> = ["/docs/intro", "/docs/guides/setup"].iter().map(|r| site.page(r).expect(r).edit_url.clone()).collect();
    insta::assert_yaml_snapshot!((routes, edit_urls, site.sidebar("current", "docs").expect("the docs sidebar"), site.diagnostics.report()));
}

#[test]
fn docusaurus_markdown_constructs_render_as_components() {
    // pathname:/// links, JSX attributes, admonitions in list items, code block options,
    // tabs with `values`: what the standard's own Docusaurus docs write.
    let site = check(&fixture("compat")).expect("the compat fixture is valid");
    assert_eq!(site.diagnostics.report(), "", "no warnings either");
    for (name, route) in [("compat_links", "/docs/links"), ("compat_jsx", "/docs/guide/jsx"), ("compat_admonitions", "/docs/guide/admonitions"), ("compat_code", "/docs/guide/code")] {
        let page = site.page(route).unwrap_or_else(|| panic!("{route}: {:?}", site.routes()));
        // A copied image's name carries a hash of its absolute path, which differs per checkout.
        let json = serde_json::to_string(&page.content).unwrap();
        let json = match json.find("/assets/images/") {
            Some(i) => format!("{}/assets/images/HASH{}", &json[..i], &json[i + "/assets/images/".len() + 10..]),
            None => json,
        };
        insta::assert_json_snapshot!(name, serde_json::from_str::<serde_json::Value>(&json).unwrap());
    }
}

#[test]
fn unsupported_jsx_and_missing_static_files_are_errors_with_lines() {
    insta::assert_snapshot!(error_report("bad-compat"));
}

#[test]
fn docs_without_sidebars_file_get_one_autogenerated_sidebar_at_every_depth() {
    let site = check(&fixture("compat-docs")).expect("the compat-docs fixture is valid");
    // intro.md links to a tag page, the tag list and a generated index: pages like any other.
    assert!(!site.diagnostics.report().contains("broken link"), "{}", site.diagnostics.report());
    // Number prefixes leave ids and routes; `_category_` files, `index.md` category pages,
    // positions and generated-index pages shape the sidebar; the unlisted doc is in it,
    // flagged (the theme shows it on its own page only).
    insta::assert_json_snapshot!(site.sidebar("current", "defaultSidebar").unwrap());
    let routes: Vec<String> = site.routes().into_iter().map(|(r, k, t)| format!("{r} [{k:?}] {t}")).collect();
    insta::assert_yaml_snapshot!(routes);
    assert!(site.page("/docs/reference/draft").is_none(), "drafts are not built");
}

#[test]
fn doc_card_list_on_a_category_page_shows_a_card_per_item_of_the_category() {
    let site = check(&fixture("compat-docs")).unwrap();
    let page = site.page("/docs/guides/").expect("the Guides folder's index.md is its category page");
    let grid = page.content.iter().find_map(|n| match n {
        Node::Element(e) if e.t == "CardGrid" => Some(e),
        _ => None,
    });
    // A doc: its label and first paragraph; a category: its label, "N items" and its page.
    insta::assert_json_snapshot!(grid.expect("a CardGrid where <DocCardList /> was"));
}

#[test]
fn front_matter_keys_reach_the_page_data() {
    let site = check(&fixture("compat-docs")).unwrap();
    let intro = site.page("/docs/intro").unwrap();
    assert_eq!(intro.tags.iter().map(|t| (t.label.as_str(), t.href.as_str())).collect::<Vec<_>>(), vec![("getting started", "/docs/tags/getting-started"), ("API", "/docs/tags/api")]);
    assert_eq!(intro.keywords, vec!["interop", "desktop"]);
    assert_eq!(intro.next.as_ref().map(|n| n.href.as_str()), Some("/docs/reference/glossary"), "pagination_next");
    let update = intro.last_update.as_ref().expect("last_update from front matter");
    assert_eq!((update.author.as_deref(), update.date_time.as_deref()), (Some("Release bot"), Some("2024-03-01T00:00:00Z")));
    assert_eq!(intro.edit_url.as_deref(), Some("https://github.com/example/site/edit/main/docs/intro.md"), "docs.editUrl + the source path");
    assert_eq!(site.page("/docs/guides/install").unwrap().edit_url, None, "custom_edit_url: null");
    assert_eq!(site.page("/docs/reference/glossary").unwrap().edit_url.as_deref(), Some("https://example.org/edit/glossary"));
    assert!(site.page("/docs/guides/advanced/tuning").unwrap().previous.is_none(), "pagination_prev: null");
    let secret = site.page("/docs/guides/advanced/secret").expect("unlisted docs are built");
    assert!(secret.unlisted);
    let tag = site.page("/docs/tags/setup").expect("a tag page at its permalink");
    assert_eq!(tag.title, "One doc tagged with \"Set-up\"");
    let api = site.page("/docs/tags/api").unwrap();
    assert_eq!(api.title, "2 docs tagged with \"API\"");
    assert!(site.page("/docs/tags").is_some(), "the tag list");
}

#[test]
fn a_sidebars_module_is_evaluated_and_every_entry_validated_in_one_report() {
    // Needs Node (sidebars.js is code). A sidebar naming a doc whose front matter failed
    // points at that failure; front matter naming missing docs or sidebars is an error.
    insta::assert_snapshot!(error_report("bad-sidebars"));
}

#[test]
fn one_run_reports_config_data_front_matter_sidebar_and_link_errors_together() {
    insta::assert_snapshot!(error_report("bad-all-kinds"));
}

#[test]
fn each_sidebar_error_points_at_its_own_item_even_when_its_text_appears_earlier() {
    let report = error_report("bad-sidebars-json");
    // The second `"missing"` and the second `"lable"` are on their own lines, not the first's.
    for expected in ["sidebars.json:4:65:", "sidebars.json:6:39:", "sidebars.json:7:37:", "sidebars.json:10:74:"] {
        assert!(report.contains(expected), "{expected} missing in\n{report}");
    }
    insta::assert_snapshot!(report);
}

#[test]
fn react_pages_of_src_pages_are_routes_by_docusaurus_rules() {
    let site = check(&fixture("react-pages")).expect("the React pages fixture is valid");
    let mut pages: Vec<String> = site
        .routes()
        .into_iter()
        .filter(|(_, k, _)| matches!(k, RouteKind::ReactPage | RouteKind::Page))
        .map(|(r, k, t)| format!("{r} [{k:?}] {t} {}", site.page(&r).and_then(|p| p.module.clone()).unwrap_or_default()))
        .collect();
    pages.sort();
    // `_draft.js`, `_parts/`, `index.test.js` and `__tests__/` are not pages; `index` files
    // are their folder's route; the Markdown page sits beside the React ones.
    assert_eq!(
        pages,
        [
            "/ [ReactPage] Home src/pages/index.js",
            "/catalogue [ReactPage] Catalogue src/pages/catalogue.jsx",
            "/lamplighters [ReactPage] Lamplighters src/pages/lamplighters.js",
            "/nested [ReactPage] Workshop src/pages/nested/index.tsx",
            "/nested/notes [Page] Workshop notes ",
        ]
    );
    let home = site.page("/").unwrap();
    assert_eq!(home.description.as_deref(), Some("Everything about lanterns"));
}

#[test]
fn site_components_in_docs_are_elements_with_module_export_and_props() {
    let site = check(&fixture("react-pages")).expect("the React pages fixture is valid");
    let page = site.page("/docs/lighting").expect("the lighting doc");
    // Props as JSON (the data file's rows in place), the Markdown between the tags as
    // children, the named export beside the default one.
    insta::assert_json_snapshot!("site_component_content", page.content);
    assert_eq!(site.site_components(), ["src/components/WickCounter/index.js"]);
}

#[test]
fn bad_site_component_imports_and_props_name_file_and_line() {
    let report = error_report("bad-site-components");
    insta::assert_snapshot!(report);
}

#[test]
fn two_pages_with_one_route_are_an_error_naming_both() {
    let report = error_report("bad-react-pages");
    assert!(report.contains("error: src/pages/tools.js: route /tools is also the route of src/pages/tools/index.js"), "{report}");
    assert!(report.contains("route /about is also the route of src/pages/about.md"), "{report}");
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

#[test]
fn without_version_roots_no_page_and_no_theme_link_is_at_a_version_root() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("basic"), dir.path());
    let config = dir.path().join("docsite.toml");
    let text = std::fs::read_to_string(&config).unwrap().replace("[docs.versions.current]", "[docs]\nversionRoots = false\n\n[docs.versions.current]");
    std::fs::write(&config, text).unwrap();
    let site = check(dir.path()).expect("the basic fixture without version roots is valid");
    let routes: std::collections::HashSet<String> = site.routes().into_iter().map(|(r, _, _)| r).collect();
    for root in ["/docs", "/docs/next"] {
        assert!(!routes.contains(root), "{root} is written: {routes:?}");
    }
    // Where the theme links a version (dropdown, navbar docs items, 404 page, a doc's other
    // versions): each version's main doc, a route of the site.
    let data = serde_json::to_value(site.site_data()).unwrap();
    let mut targets = Vec::new();
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    match (k.as_str(), v) {
                        ("mainDocPath", serde_json::Value::String(s)) => out.push(s.clone()),
                        ("toByVersion", serde_json::Value::Object(m)) => out.extend(m.values().filter_map(|s| s.as_str().map(String::from))),
                        _ => walk(v, out),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    walk(&data, &mut targets);
    for (route, _, _) in site.routes() {
        targets.extend(site.page(&route).unwrap().version_routes.values().cloned());
    }
    assert!(targets.len() > 6, "{targets:?}");
    for t in &targets {
        let t = docsite_core::paths::decode(t);
        assert!(routes.contains(t.trim_end_matches('/')) || routes.contains(&t), "{t} is no route");
    }
    // A link to a version root is a broken link, as in Docusaurus.
    let doc = dir.path().join("docs/intro.md");
    std::fs::write(&doc, format!("{}\nThe [next docs](/docs/next).\n", std::fs::read_to_string(&doc).unwrap())).unwrap();
    let Err(BuildError::Invalid(d)) = check(dir.path()) else { panic!("a link to /docs/next is broken") };
    assert!(d.report().contains("broken link `/docs/next`: no page at /docs/next"), "{}", d.report());
}

#[test]
fn a_docusaurus_site_writes_no_version_root() {
    // No doc of the Docusaurus fixture has `/docs` as its route: Docusaurus writes nothing there.
    let site = check(&fixture("docusaurus")).expect("the Docusaurus fixture is valid");
    assert!(site.page("/docs").is_none(), "{:?}", site.routes());
    let kept = check(&fixture("compat")).expect("the compat fixture is valid");
    assert!(kept.page("/docs").is_some(), "a docsite.toml site keeps its version root: {:?}", kept.routes());
}

#[test]
fn a_blog_has_its_posts_lists_tags_and_archive() {
    let site = check(&fixture("blog")).expect("the blog fixture is valid");
    assert_eq!(site.diagnostics.report(), "", "no warnings either");
    let routes: Vec<String> = site.routes().into_iter().map(|(r, k, t)| format!("{r} [{k:?}] {t}")).collect();
    // The draft is not built.
    assert!(!routes.iter().any(|r| r.contains("unfinished")), "{routes:?}");
    insta::assert_yaml_snapshot!(routes);
    // A post: date from the folder's name, title from its heading, two kinds of author,
    // the newer and older post.
    let post = site.page("/blog/2025/02/10/lantern-season").expect("the lantern post");
    assert_eq!(post.kind, RouteKind::BlogPost);
    let meta = post.blog_post.as_ref().expect("post meta");
    assert_eq!((meta.date_text.as_str(), meta.date_time.as_str()), ("February 10, 2025", "2025-02-10T00:00:00Z"));
    let authors: Vec<(&str, Option<&str>)> = meta.authors.iter().map(|a| (a.name.as_str(), a.title.as_deref())).collect();
    assert_eq!(authors, [("Marisol Quay", Some("Harbour master")), ("Tobias Wren", Some("Lamplighter"))]);
    assert_eq!(meta.authors[0].image_url.as_deref(), Some("/img/marisol.svg"));
    assert_eq!(post.previous.as_ref().map(|l| l.href.as_str()), Some("/blog/ferry/summer"), "newer: the front matter date");
    assert_eq!(post.next.as_ref().map(|l| l.label.as_str()), Some("New tide tables for the winter"));
    // The first list page: the two newest posts, then the pager; the second: the oldest.
    let list = site.page("/blog").expect("list");
    assert_eq!((list.kind, list.title.as_str(), list.description.as_deref()), (RouteKind::BlogList, "Harbour log", Some("News from the harbour office")));
    insta::assert_json_snapshot!("blog_list_page", list.content);
    let second = site.page("/blog/page/2").expect("second list page");
    let json = serde_json::to_string(&second.content).unwrap();
    assert!(json.contains("New tide tables for the winter") && json.contains("Read more") && !json.contains("Spring tides"), "the excerpt ends at the marker: {json}");
    assert!(site.page("/blog/tags/schedules").is_some_and(|p| p.title == "2 posts tagged with \"schedules\""));
    // The authors of authors.yml, and the pages of those with `page`: Marisol's two posts
    // (`page: true`, the key's route), the office's none (its `permalink`).
    insta::assert_json_snapshot!("blog_authors_page", site.page("/blog/authors").expect("the authors page").content);
    let marisol = site.page("/blog/authors/marisol").expect("Marisol's page");
    let json = serde_json::to_string(&marisol.content).unwrap();
    assert!(marisol.title == "Marisol Quay" && json.contains("Lantern season opens") && json.contains("New tide tables") && !json.contains("summer ferry"), "{json}");
    assert!(site.page("/blog/authors/office").is_some_and(|p| p.title == "The harbour office"));
}

#[test]
fn a_blog_without_posts_has_one_list_page_saying_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("docs")).unwrap();
    std::fs::write(dir.path().join("docs/intro.md"), "# Start\n\nA page.\n").unwrap();
    std::fs::write(dir.path().join("docsite.toml"), "title = \"Empty\"\nurl = \"https://example.org\"\n\n[blog]\n").unwrap();
    let site = check(dir.path()).expect("valid");
    let blog: Vec<_> = site.routes().into_iter().filter(|(r, _, _)| r.starts_with("/blog")).collect();
    assert_eq!(blog, [("/blog".to_string(), RouteKind::BlogList, "Blog".to_string())]);
    let json = serde_json::to_string(&site.page("/blog").unwrap().content).unwrap();
    assert!(json.contains("There are no posts in this blog yet."), "{json}");
}

#[test]
fn a_docusaurus_blog_without_posts_has_the_pages_of_the_installed_docusaurus() {
    // The Docusaurus fixture's classic preset has a blog and no blog folder. Without an
    // installed Docusaurus, as Docusaurus 3.10 and later build it: one empty list page.
    let site = check(&fixture("docusaurus")).expect("the Docusaurus fixture is valid");
    assert!(site.page("/blog").is_some(), "{:?}", site.routes());
    // With an authors map and still no post: Docusaurus 3.0 to 3.9 (the site's installed
    // @docusaurus/core, found as Node finds it: here in the folder above the site's) write
    // no list page; 3.5 and later write the list of authors.
    for (version, expected) in [("3.4.0", &[][..]), ("3.6.3", &["/blog/authors"][..]), ("3.9.2", &["/blog/authors"][..]), ("3.10.0", &["/blog", "/blog/authors"][..]), ("4.0.0-alpha.1", &["/blog", "/blog/authors"][..])] {
        let dir = tempfile::tempdir().unwrap();
        let website = dir.path().join("website");
        copy_dir(&fixture("docusaurus"), &website);
        std::fs::create_dir_all(website.join("blog")).unwrap();
        std::fs::write(website.join("blog/authors.yml"), "ada:\n  name: Ada Quill\n").unwrap();
        let core = dir.path().join("node_modules/@docusaurus/core");
        std::fs::create_dir_all(&core).unwrap();
        std::fs::write(core.join("package.json"), format!("{{\"name\": \"@docusaurus/core\", \"version\": \"{version}\"}}")).unwrap();
        let site = check(&website).expect("valid");
        let blog: Vec<String> = site.routes().into_iter().map(|(r, _, _)| r).filter(|r| r.starts_with("/blog")).collect();
        assert_eq!(blog, expected, "Docusaurus {version}");
    }
}

#[test]
fn a_headings_closing_comment_names_its_id_from_docusaurus_3_10_on() {
    // `## Before you start {/* #prerequisites */}`, linked to as `#prerequisites`.
    let ids = |site: &docsite_core::build::Site| site.page("/docs/guides/install").unwrap().toc.iter().map(|t| t.id.clone()).collect::<Vec<_>>();
    let site = check(&fixture("docusaurus")).expect("the Docusaurus fixture is valid");
    assert_eq!(ids(&site), ["prerequisites", "upgrading"]);
    // Docusaurus 3.9 (installed beside the site): the comment is only a comment, the heading
    // slugged from its text, and the link to `#prerequisites` broken as it is there (the
    // fixture's `onBrokenLinks: 'log'`: a warning).
    let dir = tempfile::tempdir().unwrap();
    let website = dir.path().join("website");
    copy_dir(&fixture("docusaurus"), &website);
    let core = dir.path().join("node_modules/@docusaurus/core");
    std::fs::create_dir_all(&core).unwrap();
    std::fs::write(core.join("package.json"), "{\"name\": \"@docusaurus/core\", \"version\": \"3.9.2\"}").unwrap();
    let site = check(&website).expect("valid");
    assert_eq!(ids(&site), ["before-you-start", "upgrading"]);
    assert!(site.diagnostics.report().contains("#prerequisites"), "{}", site.diagnostics.report());
}

#[test]
fn bad_post_dates_tags_and_unknown_authors_are_errors_with_lines() {
    insta::assert_snapshot!(error_report("bad-blog"));
}

#[test]
fn a_config_written_like_docusaurus_s_template_reads_as_docusaurus_reads_it() {
    let site = check(&fixture("docusaurus-template")).expect("the template-shaped config reads without errors");
    // `classic` is the classic preset: its docs options apply (route base, sidebars).
    let routes: Vec<String> = site.routes().into_iter().map(|(r, _, _)| r).collect();
    assert!(routes.contains(&"/handbook/intro".to_string()) && routes.contains(&"/handbook/basics/wicks".to_string()), "{routes:?}");
    let data = site.site_data();
    assert!(data.announcement_bar.as_ref().is_some_and(|bar| bar.id == "announcement-bar"), "Docusaurus's default id");
    // Theme keys docsite's own format lacks are one warning each, naming the key.
    let warnings: Vec<&str> = site.diagnostics.items().iter().map(|d| d.message.as_str()).collect();
    assert!(warnings.iter().any(|w| w.contains("`themeConfig.navbar.className` is ignored")), "{warnings:?}");
    // An item's `docsPluginId` names its docs instance: read, no warning.
    assert!(!warnings.iter().any(|w| w.contains("docsPluginId")), "{warnings:?}");
    // Items' `className` and `aria-label` are read, as Docusaurus reads them: no warning.
    assert!(!warnings.iter().any(|w| w.contains("className`") && !w.contains("navbar.className") || w.contains("aria-label")), "{warnings:?}");
    assert!(!site.diagnostics.has_errors(), "{}", site.diagnostics.report());
}

#[test]
fn an_icon_link_and_a_dropdown_s_html_item_reach_the_theme_as_docusaurus_renders_them() {
    use docsite_core::contract::{MenuItem, NavbarItem};
    let site = check(&fixture("docusaurus-template")).expect("the template-shaped config reads without errors");
    let data = site.site_data();
    // The icon link: no label, its class and accessible name carried to the `<a>`.
    let icon = data.navbar.items.iter().find_map(|item| match item {
        NavbarItem::Link { link, .. } if link.href.as_deref() == Some("https://example.org/lanterns") => Some(link),
        _ => None,
    });
    let icon = icon.expect("the label-less link is kept");
    assert_eq!((icon.label.as_str(), icon.class_name.as_deref(), icon.aria_label.as_deref()), ("", Some("header-source-link"), Some("Source repository")));
    // A dropdown's `html` item, beside its link.
    let Some(NavbarItem::Dropdown { items, .. }) = data.navbar.items.iter().find(|i| matches!(i, NavbarItem::Dropdown { .. })) else { panic!("the dropdown") };
    assert!(matches!(&items[0], MenuItem::Link(l) if l.label == "Wicks"), "{items:?}");
    assert!(matches!(&items[1], MenuItem::Html { html } if html == r#"<hr class="dropdown-separator">"#), "{items:?}");
    // A footer link's class.
    let footer = data.footer.as_ref().expect("the footer");
    assert!(matches!(&footer.columns[0].items[0], MenuItem::Link(l) if l.class_name.as_deref() == Some("footer-forum-link")), "{footer:?}");
}

#[test]
fn a_link_without_label_or_aria_label_and_a_dropdown_s_unsafe_html_are_errors_naming_the_key() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("docs")).unwrap();
    std::fs::write(dir.path().join("docs/intro.md"), "# Start\n").unwrap();
    let config = r#"title = "T"
url = "https://example.org"

[[navbar.items]]
href = "https://github.com/x"
className = "header-github-link"

[[navbar.items]]
label = "More"
items = [{ type = "html", value = "<script>alert(1)</script>" }, { type = "html" }]

[[footer.links]]
title = "Elsewhere"
items = [{ href = "https://example.org/forum", className = "forum" }]
"#;
    std::fs::write(dir.path().join("docsite.toml"), config).unwrap();
    let report = match check(dir.path()) {
        Err(BuildError::Invalid(d)) => d.report(),
        other => panic!("the config should fail: {:?}", other.map(|_| ())),
    };
    for (key, says) in [
        ("navbar.items[0]", "a link needs a `label`, or an `aria-label`"),
        ("navbar.items[1].items[0].value", "script"),
        ("navbar.items[1].items[1]", "an `html` item needs a `value`"),
        ("footer.links[0].items[0]", "a link needs a `label`, or an `aria-label`"),
    ] {
        assert!(report.lines().any(|l| l.contains(key) && l.contains(says)), "{key}: {says}\n{report}");
    }
}

#[test]
fn a_doc_s_body_heading_and_its_links_to_markdown_files_are_read_as_docusaurus_reads_them() {
    let site = check(&fixture("docusaurus-template")).unwrap();
    let heading = |route: &str| {
        let page = site.page(route).unwrap();
        let first = match page.content.first() {
            Some(Node::Element(el)) if el.t == "h1" => serde_json::to_string(&el.c).unwrap(),
            other => panic!("{route}: the content starts with {other:?}"),
        };
        (page.title.clone(), page.hide_title, first)
    };
    // `hide_title: true` hides the front matter's title, not the body's heading, which keeps its code.
    let (title, hidden, first) = heading("/handbook/basics/fuel");
    assert_eq!((title.as_str(), hidden), ("Fuel", true), "the browser tab's title; no second heading");
    assert!(first.contains("Choosing a ") && first.contains("\"code\"") && first.contains("fuel"), "{first}");
    // Links to Markdown files are looked for as Docusaurus does: in the docs folder, then the
    // site folder (`/docs/…`), then beside the page.
    let links = serde_json::to_string(&site.page("/handbook/basics/fuel").unwrap().content).unwrap();
    assert!(links.contains("\"href\":\"/handbook/basics/wicks\"") && links.contains("\"href\":\"/handbook/intro\""), "{links}");
    // Without front matter the body's heading is the title and is shown once.
    let (title, hidden, first) = heading("/handbook/basics/wicks");
    assert_eq!((title.as_str(), hidden), ("Wicks", true));
    assert!(first.contains("Wicks"), "{first}");
}

#[test]
fn two_docs_instances_with_one_id_are_an_error_naming_where_the_pages_would_be() {
    insta::assert_snapshot!(error_report("bad-docs-instances"));
}

#[test]
fn several_docs_instances_build_each_with_its_routes_sidebars_versions_and_navbar_items() {
    // Needs Node (the config is JavaScript).
    let site = check(&fixture("docusaurus-docs-instances")).expect("the docs-instances fixture is valid");
    let routes: Vec<String> = site.routes().into_iter().map(|(r, k, t)| format!("{r} [{k:?}] {t}")).collect();
    let data = site.site_data();
    let versions: Vec<String> = data.versions.iter().map(|v| format!("{} {:?} {} last={} {:?}", v.name, v.plugin_id, v.path, v.is_last, v.banner)).collect();
    let navbar = serde_json::to_value(&data.navbar.items).unwrap();
    // Each page knows its routes in the other versions of its own instance only.
    let meetups = site.page("/community/meetups").expect("the community instance's latest version");
    assert_eq!(meetups.version.as_deref(), Some("community/1.0"));
    let next = site.page("/community/next/contributing").expect("the community instance's current docs");
    assert_eq!(next.edit_url.as_deref(), Some("https://example.org/kites/edit/main/community/contributing.md"));
    let intro = site.page("/docs/intro").expect("the default docs");
    assert_eq!(intro.edit_url, None, "the default instance has no editUrl");
    let api = site.page("/api/overview").expect("the api instance");
    // Links across instances, by file and by route, resolve.
    let links = |p: &docsite_core::contract::PageData| -> Vec<String> {
        let mut out = Vec::new();
        fn walk(nodes: &[Node], out: &mut Vec<String>) {
            for n in nodes {
                if let Node::Element(e) = n {
                    if e.t == "a" {
                        out.extend(e.a.get("href").cloned());
                    }
                    walk(&e.c, out);
                }
            }
        }
        walk(&p.content, &mut out);
        out
    };
    let page_views: Vec<(String, Option<String>, Vec<String>, serde_json::Value)> = [intro, next, meetups, api]
        .into_iter()
        .map(|p| (p.path.clone(), p.sidebar_id.clone(), links(p), serde_json::to_value(&p.version_routes).unwrap()))
        .collect();
    insta::assert_yaml_snapshot!((routes, versions, navbar, page_views, site.diagnostics.report()));
}

#[test]
fn values_a_docusaurus_config_gets_wrong_are_errors_beside_the_content_s_problems() {
    insta::assert_snapshot!(error_report("bad-docusaurus-values"));
}

#[test]
fn an_invalid_authors_map_is_one_error_and_the_posts_using_it_report_nothing_more() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("docs")).unwrap();
    std::fs::create_dir_all(dir.path().join("blog")).unwrap();
    std::fs::write(dir.path().join("docs/intro.md"), "# Start\n").unwrap();
    std::fs::write(dir.path().join("docsite.toml"), "title = \"T\"\nurl = \"https://example.org\"\n\n[blog]\n").unwrap();
    std::fs::write(dir.path().join("blog/authors.yml"), "ines:\n  name: [unclosed\n").unwrap();
    for day in ["01", "02", "03"] {
        std::fs::write(dir.path().join(format!("blog/2025-03-{day}-post.md")), "---\ntitle: Post\nauthors: [ines]\n---\n\nText.\n").unwrap();
    }
    let report = match check(dir.path()) {
        Err(BuildError::Invalid(d)) => d.report(),
        Err(other) => panic!("unexpected error {other}"),
        Ok(_) => panic!("an invalid authors.yml must fail the check"),
    };
    assert!(report.contains("blog/authors.yml:") && report.contains("invalid authors map"), "{report}");
    assert!(!report.contains("has no authors.yml"), "{report}");
    assert!(report.contains("1 error,"), "{report}");
}

#[test]
fn a_wrapper_preset_is_expanded_into_its_plugins_as_docusaurus_does() {
    let site = check(&fixture("docusaurus-wrapper-preset")).expect("the preset's plugins are read");
    let routes: Vec<String> = site.routes().into_iter().map(|(r, _, _)| r).collect();
    assert!(routes.contains(&"/manual/lighting".to_string()), "the preset's docs plugin: {routes:?}");
    let warnings: Vec<&str> = site.diagnostics.items().iter().map(|d| d.message.as_str()).collect();
    assert!(!warnings.iter().any(|w| w.contains("presets[0]")), "the preset is not ignored: {warnings:?}");
}

#[test]
fn raw_html_reads_as_docusaurus_reads_it_and_md_files_are_commonmark_under_format_detect() {
    let site = check(&fixture("docusaurus-raw-html")).expect("the raw HTML Docusaurus accepts builds");
    assert!(!site.diagnostics.has_errors() && site.diagnostics.items().is_empty(), "{}", site.diagnostics.report());
    let json = |route: &str| serde_json::to_string(&site.page(route).unwrap().content).unwrap();
    let mdx = json("/docs/firing");
    // Elements and attributes of embed codes and old HTML.
    assert!(mdx.contains(r#"{"t":"center","c":["Cone 6, oxidation"]}"#), "{mdx}");
    assert!(mdx.contains(r#""data-cone":"04","data-stage":"bisque""#), "{mdx}");
    assert!(mdx.contains(r#""align":"right""#), "an image's `align` stays an attribute: {mdx}");
    for attr in [r#""frameborder":"0""#, r#""scrolling":"no""#, r#""sandbox":"allow-scripts allow-same-origin""#] {
        assert!(mdx.contains(attr), "{attr}: {mdx}");
    }
    // Markdown between HTML tags on one line is phrasing, as in MDX.
    assert!(mdx.contains(r#"{"t":"summary","c":["Why ",{"t":"em","c":["slowly"]}," at ",{"t":"strong","c":["first"]},"?"]}"#), "{mdx}");
    // An admonition between `<details>` and `</details>` (closed by an indented `:::`) stays inside.
    let details = mdx.find(r#"{"t":"Details""#).expect("details");
    let admonition = mdx.find(r#""kind":"warning""#).expect("admonition");
    let iframe = mdx.find(r#""t":"iframe""#).expect("iframe");
    assert!(details < admonition && admonition < iframe, "{mdx}");
    let details_json = &mdx[details..iframe];
    assert!(details_json.contains("Steam that cannot escape"), "{details_json}");
    // What Docusaurus renders from MDX renders here: old elements, custom elements, SVG
    // drawings, any attribute but event handlers (`HtmlPolicy::Docusaurus`).
    for part in [r##"{"t":"font","a":{"color":"#b0522d"}"##, r#"{"t":"kiln-gauge","a":{"cone":"6"}}"#, r#""t":"circle""#, r#""stroke-width":"2""#, r#""download":"""#, r#""tabindex":"0""#, r#"{"t":"p","a":{"align":"center"}"#] {
        assert!(mdx.contains(part), "{part}: {mdx}");
    }
    // A Docusaurus config lists no iframe origins: the pages' CSP allows those the content embeds.
    assert_eq!(site.site_data().frame_src, vec!["https://www.youtube-nocookie.com".to_string()]);
    // `.md` under `format: 'detect'` is CommonMark: braces, import lines and the text of HTML blocks as written.
    let md = json("/docs/glazes");
    assert!(md.contains("a {placeholder} in braces") && md.contains("import Chart from './chart';"), "{md}");
    assert!(md.contains(r#"{"t":"summary","c":["Keep _underscores_ as written"]}"#), "{md}");
    assert!(md.contains(r#""kind":"tip""#), "admonitions still work: {md}");
    // A Markdown link to a file beside the page that is no doc is published with it, as
    // Docusaurus's loader publishes linked files.
    let glazes = site.page("/docs/glazes").unwrap();
    let script = serde_json::to_string(&glazes.content).unwrap();
    assert!(script.contains(r#""href":"/assets/files/"#) && script.contains("-fire.sh"), "{script}");
}

#[test]
fn an_es_module_config_imports_json_without_an_attribute_as_jiti_does() {
    // Docusaurus loads its config with jiti, which reads `import x from './x.json'` in an ES
    // module; Node alone wants `with { type: 'json' }` (issue 34: a real site's versions list).
    let site = check(&fixture("docusaurus-json-import")).expect("the config and its JSON import are read");
    let routes: Vec<String> = site.routes().into_iter().map(|(r, _, _)| r).collect();
    assert!(routes.contains(&"/guide/wicks".to_string()), "routeBasePath from the JSON file: {routes:?}");
}

#[test]
fn a_navbar_item_with_items_and_no_type_is_a_dropdown_as_in_docusaurus() {
    let site = check(&fixture("docusaurus-navbar-shapes")).expect("the navbar reads without errors");
    let navbar = serde_json::to_value(&site.site_data().navbar).unwrap();
    let items = navbar["items"].as_array().expect("navbar items");
    let dropdowns: Vec<(&str, usize)> = items
        .iter()
        .filter(|it| it["type"] == "dropdown")
        .map(|it| (it["label"].as_str().unwrap_or(""), it["items"].as_array().map_or(0, Vec::len)))
        .collect();
    assert_eq!(dropdowns, [("Firing", 2), ("Clays", 1)], "{navbar:#}");
    // A dropdown's `className` is not carried to the theme yet: a warning says so.
    let warnings: Vec<&str> = site.diagnostics.items().iter().map(|d| d.message.as_str()).collect();
    assert!(warnings.iter().any(|w| w.contains("`navbar.items[1].className` is ignored")), "{warnings:?}");
}

#[test]
fn what_docusaurus_builds_builds_with_a_warning_where_the_page_may_differ_from_the_intent() {
    // Issue 34's corpus: markup and options real sites use, built as Docusaurus builds them.
    let site = check(&fixture("docusaurus-lenient")).expect("every page Docusaurus builds is built");
    assert!(!site.diagnostics.has_errors(), "{}", site.diagnostics.report());
    let report = site.diagnostics.report();
    for (file, says) in [
        ("docusaurus.config.js", "`url`: \"https:/loom.example.org\" is not an absolute URL"),
        ("docusaurus.config.js", "`navbar.items[1]`: a link needs a `label`, or an `aria-label`"),
        ("docs/weft.md:8", "`highlight-start` is never closed by `highlight-end`: none of its lines is highlighted"),
        ("docs/weft.md:12", "`:::` closes no open admonition: it shows as text"),
        ("docs/warp.mdx:19", ":::tip is never closed: it runs to the end of the file"),
        ("docs/warp.mdx:17", "image `/img/shuttle.png` not found"),
    ] {
        assert!(report.lines().any(|l| l.contains(file) && l.contains(says)), "{file}: {says}\n{report}");
    }
    assert_eq!(site.diagnostics.items().len(), 6, "{report}");
    // `exclude` replaces the default list: the docs folder's README is no page.
    let routes: Vec<String> = site.routes().into_iter().map(|(r, _, _)| r).collect();
    assert!(routes.contains(&"/docs/warp".to_string()) && !routes.iter().any(|r| r.contains("README") || r == "/docs/"), "{routes:?}");
    let warp = serde_json::to_string(&site.page("/docs/warp").unwrap().content).unwrap();
    // Styles and link schemes as Docusaurus renders them; an empty `{}` renders nothing.
    for part in ["position:relative", "cursor:pointer", "text-transform:uppercase", r#""href":"vscode:extension/example.loom""#, r#""id":"threading-the-warp""#] {
        assert!(warp.replace("; ", ";").replace(": ", ":").contains(part), "{part}: {warp}");
    }
    // `@site/` in a Markdown image is the site folder, as in Docusaurus's image transform.
    assert!(warp.contains("/assets/images/") && warp.contains("-loom.svg"), "{warp}");
    // The admonition left open holds the rest of the file.
    let tip = warp.find(r#""kind":"tip""#).expect("tip");
    assert!(warp[tip..].contains("This paragraph is inside it too."), "{warp}");
    // The stray `:::` is text.
    let weft = serde_json::to_string(&site.page("/docs/weft").unwrap().content).unwrap();
    assert!(weft.contains(r#"":::""#) || weft.contains(":::"), "{weft}");
    // SVG in the footer's HTML, as in Docusaurus.
    let footer = serde_json::to_string(&site.site_data().footer).unwrap();
    assert!(footer.contains("<svg"), "{footer}");
}

/// Needs Node and the theme's `node_modules` (its `sass`, standing in for the one
/// docusaurus-plugin-sass installs in a site).
#[test]
fn a_sass_custom_css_is_compiled_by_the_sites_sass_and_without_one_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("docs")).unwrap();
    std::fs::write(dir.path().join("docs/intro.md"), "# Start\n").unwrap();
    std::fs::write(dir.path().join("custom.scss"), "$brand: #0b5;\n.navbar { a { color: $brand; } }\n").unwrap();
    std::fs::write(dir.path().join("docsite.toml"), "title = \"T\"\nurl = \"https://example.org\"\ncustomCss = [\"custom.scss\"]\n").unwrap();
    // No `sass` to compile it with: an error naming the key (linked as it is, the browser
    // would ignore it and the styles would be missing).
    let report = match check(dir.path()) {
        Err(BuildError::Invalid(d)) => d.report(),
        other => panic!("the config should fail: {:?}", other.map(|_| ())),
    };
    assert!(report.contains("customCss[0]") && report.contains("is Sass: the site has no `sass` package"), "{report}");
    // With the site's `sass`, its CSS is what pages link.
    let theme_sass = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../theme/node_modules/sass"));
    std::fs::create_dir_all(dir.path().join("node_modules")).unwrap();
    std::os::unix::fs::symlink(&theme_sass, dir.path().join("node_modules/sass")).unwrap();
    let site = check(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let css = String::from_utf8(site.config().compiled_css.values().next().expect("compiled").clone()).unwrap();
    assert!(css.contains(".navbar a") && css.contains("color: #0b5"), "{css}");
}

#[test]
fn each_locale_is_built_from_its_translations_with_the_untranslated_files_beside_them() {
    // Issue 35 item 7: `i18n/<locale>/…` as `docusaurus write-translations` lays it out.
    let dir = fixture("docusaurus-i18n");
    let en = check(&dir).expect("the default locale builds");
    assert!(!en.diagnostics.has_errors(), "{}", en.diagnostics.report());
    let links: Vec<(String, String, String)> = en.site_data().locales.iter().map(|l| (l.code.clone(), l.base_url.clone(), l.direction.clone())).collect();
    let expect = |c: &str, b: &str, d: &str| (c.to_string(), b.to_string(), d.to_string());
    assert_eq!(links, [expect("en", "/", "ltr"), expect("fr", "/fr/", "ltr"), expect("ar", "/ar/", "rtl")]);
    assert_eq!(en.site_data().locales[1].label, "Français");
    assert!(en.page("/docs/intro").is_some() && en.site_data().translations.is_empty());

    let fr = docsite_core::build::check_locale(&dir, None, None, Some("fr")).expect("the French locale builds");
    assert!(!fr.diagnostics.has_errors(), "{}", fr.diagnostics.report());
    assert_eq!((fr.site_data().locale.code.as_str(), fr.site_data().default_locale.as_str(), fr.site_data().base_url.as_str()), ("fr", "en", "/fr/"));
    // A translated doc replaces its file; one without a translation is read as it is.
    let intro = fr.page("/fr/docs/intro").expect("the translated doc");
    assert_eq!(intro.title, "Premiers pas");
    let text = serde_json::to_string(&intro.content).unwrap();
    assert!(text.contains("Choisissez d'abord") && text.contains(r#""href":"/fr/docs/nibs""#), "{text}");
    assert!(serde_json::to_string(&fr.page("/fr/docs/nibs").unwrap().content).unwrap().contains("A nib sets the width"));
    // The Markdown page and the blog's options are translated too.
    assert_eq!(fr.page("/fr/about").unwrap().title, "À propos de Quill");
    assert!(serde_json::to_string(fr.page("/fr/blog").unwrap()).unwrap().contains("Nouvelles de Quill"));
    // Sidebar, navbar and footer labels from the JSON files, the theme's strings from code.json.
    let sidebar = serde_json::to_string(fr.sidebar("current", "guide").unwrap()).unwrap();
    assert!(sidebar.contains("Les bases") && sidebar.contains("Fournisseurs d'encre") && !sidebar.contains("Basics"), "{sidebar}");
    let chrome = serde_json::to_string(&(&fr.site_data().navbar, &fr.site_data().footer)).unwrap();
    for says in ["Guide de l'utilisateur", "Actualités", "Lire", "Premiers pas", "Les auteurs de Quill"] {
        assert!(chrome.contains(says), "{says}: {chrome}");
    }
    assert_eq!(fr.site_data().translations.get("theme.docs.paginator.next").map(String::as_str), Some("Suivant"));
    // What the engine writes itself is English still, and said so once per locale.
    assert!(fr.diagnostics.report().contains("locale fr: some words the engine itself writes into pages are in English"), "{}", fr.diagnostics.report());
    assert!(!en.diagnostics.report().contains("words the engine itself writes"));
    // The blog's and tags' words the engine writes are the locale's.
    assert_eq!(fr.page("/fr/blog/archive").unwrap().title, "Archives");
    assert!(serde_json::to_string(&fr.page("/fr/blog").unwrap().content).unwrap().contains("Lire la suite"));

    // A locale without translations is the default locale's content under its own path, right to left.
    let ar = docsite_core::build::check_locale(&dir, None, None, Some("ar")).expect("the Arabic locale builds");
    assert_eq!((ar.site_data().locale.direction.as_str(), ar.site_data().locale.html_lang.as_str()), ("rtl", "ar"));
    assert_eq!(ar.page("/ar/docs/intro").unwrap().title, "Getting started");
    assert!(ar.site_data().translations.is_empty());
}
