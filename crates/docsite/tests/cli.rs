//! The command line as a maintainer meets it: `docsite check` and `docsite version`, their
//! exit codes (0 clean, 1 problems in the site, 2 could not run) and what they print.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures")).join(name)
}

fn docsite(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_docsite")).args(args).output().expect("docsite runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A copy of a fixture site to change.
fn copy_of(name: &str) -> tempfile::TempDir {
    let from = fixture(name);
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&from, dir.path());
    dir
}

/// A copy of a fixture site at `<root>/site`, with room beside it for files outside the
/// site (the root is removed when the returned folder is dropped).
fn copy_in_root(name: &str) -> (tempfile::TempDir, PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let site = root.path().join("site");
    std::fs::create_dir_all(&site).unwrap();
    copy_dir(&fixture(name), &site);
    (root, site)
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn append(file: &Path, text: &str) {
    let mut s = std::fs::read_to_string(file).unwrap();
    s.push_str(text);
    std::fs::write(file, s).unwrap();
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn check_of_a_clean_site_exits_0() {
    let out = docsite(&["check", path(&fixture("basic"))]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("is clean"));
}

#[test]
fn check_lists_broken_links_and_anchors_by_file_line_and_column_and_exits_1() {
    let out = docsite(&["check", path(&fixture("broken-links"))]);
    assert_eq!(out.status.code(), Some(1));
    let report = stderr(&out);
    assert!(report.contains("docs/a.md:3:5: broken link `./nope.md`"), "{report}");
    assert!(report.contains("docs/a.md:3:27: broken anchor `b.md#no-such-heading`"), "{report}");
    assert!(report.contains("6 errors, 0 warnings in 2 files"), "{report}");
    // A typo gets the closest anchor of the target page, route or doc file.
    assert!(report.contains("broken anchor `a.md#real-headng`: /docs/a has no heading or element with id \"real-headng\"\n  help: did you mean `#real-heading`?"), "{report}");
    assert!(report.contains("broken link `/docs/bb`: no page at /docs/bb\n  help: did you mean `/docs/b`?"), "{report}");
    assert!(report.contains("broken link `./aa.md`: no doc at docs/aa.md\n  help: did you mean `docs/a.md`?"), "{report}");
    // Nothing close: no guess.
    assert!(report.contains("id \"no-such-heading\"\n  help: anchors are heading slugs"), "{report}");
}

#[test]
fn broken_links_and_anchors_follow_the_configured_severity() {
    let dir = copy_of("broken-links");
    // A link to a missing .md file is always an error (the file itself is missing);
    // links to routes and anchors follow `onBrokenLinks` and `onBrokenAnchors`.
    std::fs::write(dir.path().join("docs/a.md"), "# A\n\nSee [b](b.md#no-such-heading) and [c](/docs/c).\n").unwrap();
    std::fs::write(dir.path().join("docs/b.md"), "# B\n\nBack to [a](a.md).\n").unwrap();
    append(&dir.path().join("docsite.toml"), "\n[docs]\nonBrokenLinks = \"warn\"\nonBrokenAnchors = \"ignore\"\n");
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = stderr(&out);
    assert!(report.contains("warning: docs/a.md:3:35: broken link `/docs/c`"), "{report}");
    assert!(!report.contains("broken anchor"), "{report}");

    std::fs::write(dir.path().join("docsite.toml"), std::fs::read_to_string(dir.path().join("docsite.toml")).unwrap().replace("\"ignore\"", "\"throw\"")).unwrap();
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("error: docs/a.md:3:5: broken anchor `b.md#no-such-heading`"), "{}", stderr(&out));
}

#[test]
fn duplicate_routes_are_errors_or_warnings_as_configured() {
    let dir = copy_of("basic");
    std::fs::write(dir.path().join("docs/copy.md"), "---\nslug: /formatting\ntitle: Copy\n---\n\nA second page at the same route.\n").unwrap();
    // Docusaurus's default: a warning.
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("warning: docs/formatting.md: route /docs/next/formatting is also used by docs/copy.md"), "{}", stderr(&out));

    append(&dir.path().join("docsite.toml"), "\n[docs]\nonDuplicateRoutes = \"throw\"\n");
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("error: docs/formatting.md: route /docs/next/formatting is also used by docs/copy.md"), "{}", stderr(&out));
}

#[test]
fn check_names_the_config_key_of_a_bad_config_and_exits_1() {
    let out = docsite(&["check", path(&fixture("invalid-config"))]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("docsite.toml:"), "{}", stderr(&out));
}

#[test]
fn without_a_folder_the_commands_work_on_the_site_in_the_current_folder_else_on_site() {
    // In a site folder (as `npx docsite check` runs in a Docusaurus site): that site.
    let dir = copy_of("basic");
    let out = Command::new(env!("CARGO_BIN_EXE_docsite")).arg("check").current_dir(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("docsite: . is clean"), "{}", stderr(&out));
    // Beside a site folder (this repository's layout): `site`.
    let (root, _site) = copy_in_root("basic");
    let out = Command::new(env!("CARGO_BIN_EXE_docsite")).arg("check").current_dir(root.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("docsite: site is clean"), "{}", stderr(&out));
}

#[test]
fn commands_on_a_missing_folder_exit_2_and_name_it() {
    for command in ["check", "build"] {
        let out = docsite(&[command, "/nonexistent/site"]);
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
        assert!(stderr(&out).contains("/nonexistent/site"), "{command}: {}", stderr(&out));
    }
    let out = docsite(&["version", "3.0", "/nonexistent/site"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn a_folder_without_config_names_the_file_to_create_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["check", "build"] {
        let out = docsite(&[command, path(dir.path())]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("has no docsite.toml and no docusaurus.config.js"), "{}", stderr(&out));
    }
}

#[test]
fn version_cuts_a_release_and_exits_0() {
    let dir = copy_of("basic");
    let out = docsite(&["version", "9.9", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let versions = std::fs::read_to_string(dir.path().join("versions.json")).unwrap();
    assert!(versions.trim_start().starts_with("[\n  \"9.9\"") || versions.contains("[\"9.9\""), "{versions}");
    assert!(dir.path().join("versioned_docs/version-9.9/intro.md").is_file());
    assert!(dir.path().join("versioned_sidebars/version-9.9-sidebars.json").is_file());
    // The new version builds.
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn version_adds_the_release_to_the_releases_data_file_so_the_site_still_checks() {
    let dir = copy_of("site-pages");
    let out = docsite(&["version", "9.9", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("lists version 9.9 as released today"), "{}", stderr(&out));
    let releases = std::fs::read_to_string(dir.path().join("data/releases.json")).unwrap();
    let first = releases.split("\"releases\":").nth(1).and_then(|r| r.find("\"version\"").map(|i| r[i..].to_string())).unwrap_or_default();
    assert!(first.starts_with("\"version\": \"9.9\""), "{releases}");
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn version_writes_the_sidebars_of_a_sidebars_module_as_json() {
    let dir = copy_of("basic");
    std::fs::remove_file(dir.path().join("sidebars.json")).unwrap();
    // Code, as Docusaurus sites write it: the versioned copy must be its value, not its text.
    std::fs::write(
        dir.path().join("sidebars.js"),
        "const start = ['intro', {type: 'doc', id: 'formatting', label: 'Formatting'}];\nmodule.exports = {\n  docs: {Start: start, More: [{type: 'category', label: 'Nested', collapsed: false, items: ['guides/readme']}]},\n  guides: ['guides/' + 'first'],\n};\n",
    )
    .unwrap();
    let out = docsite(&["version", "9.9", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(dir.path().join("versioned_sidebars/version-9.9-sidebars.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&written).unwrap_or_else(|e| panic!("not JSON ({e}):\n{written}"));
    assert_eq!(value["guides"], serde_json::json!(["guides/first"]));
    assert_eq!(value["docs"]["Start"][1]["label"], "Formatting");
    assert!(!dir.path().join("versioned_sidebars/version-9.9-sidebars.js").exists());
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn version_refuses_an_existing_or_malformed_name_and_writes_nothing() {
    let dir = copy_of("basic");
    let before = std::fs::read_to_string(dir.path().join("versions.json")).unwrap();
    let existing = before.split('"').nth(1).unwrap().to_string();
    for name in [existing.as_str(), "../escape", "bad:name", "current", ""] {
        let out = docsite(&["version", name, path(dir.path())]);
        assert_eq!(out.status.code(), Some(1), "{name:?}: {}", stderr(&out));
        assert!(!stderr(&out).is_empty());
        assert_eq!(std::fs::read_to_string(dir.path().join("versions.json")).unwrap(), before, "{name:?}");
    }
    assert!(!dir.path().join("versioned_docs/version-bad:name").exists());
}

#[test]
fn a_sidebar_naming_a_missing_doc_is_reported_at_its_line() {
    let dir = copy_of("basic");
    let sidebars = dir.path().join("sidebars.json");
    let text = std::fs::read_to_string(&sidebars).unwrap();
    std::fs::write(&sidebars, text.replacen("[\"intro\",", "[\"intro\", \"no-such-doc\",", 1)).unwrap();
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("sidebars.json:") && stderr(&out).contains("references a missing doc \"no-such-doc\""), "{}", stderr(&out));
}

/// Every file under `dir`, relative, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walk(dir).into_iter().map(|p| p.strip_prefix(dir).unwrap().to_path_buf()).collect();
    files.sort();
    files
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            out.extend(walk(&entry.path()));
        } else {
            out.push(entry.path());
        }
    }
    out
}

#[test]
fn build_refuses_an_output_folder_that_holds_the_sources_and_writes_nothing() {
    let (root, site) = copy_in_root("basic");
    std::fs::create_dir_all(site.join("static")).unwrap();
    std::fs::write(site.join("static/robots.txt"), "User-agent: *\n").unwrap();
    let home = root.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::write(home.join(".profile"), "# mine\n").unwrap();
    let before = files_under(root.path());
    // (output as given, what the error says); the command runs in `root`.
    let cases = [
        ("site", "is or contains the site folder"),
        (".", "is or contains the site folder"),
        ("site/static", "lies inside the site folder"),
        ("site/docs/out", "lies inside the site folder"),
        ("site/build/../..", "is or contains the site folder"),
        ("home", "is or contains the home folder"),
    ];
    for (out_dir, why) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_docsite"))
            .args(["build", "site", "--out", out_dir])
            .current_dir(root.path())
            .env("HOME", &home)
            .output()
            .expect("docsite runs");
        assert_eq!(out.status.code(), Some(2), "--out {out_dir}: {}", stderr(&out));
        assert!(stderr(&out).contains("refusing to use") && stderr(&out).contains(why), "--out {out_dir}: {}", stderr(&out));
        assert_eq!(files_under(root.path()), before, "--out {out_dir} changed files");
    }
}

#[test]
fn symlinks_under_static_that_leave_the_site_are_errors_naming_the_link() {
    let (root, site) = copy_in_root("basic");
    std::fs::create_dir_all(site.join("static/inner")).unwrap();
    std::fs::write(root.path().join("secret.txt"), "TOKEN=hunter2\n").unwrap();
    std::fs::create_dir_all(root.path().join("private")).unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", site.join("static/env.txt")).unwrap();
    std::os::unix::fs::symlink("../../../secret.txt", site.join("static/inner/secret.txt")).unwrap();
    std::os::unix::fs::symlink(root.path().join("private"), site.join("static/private")).unwrap();
    // Links that stay inside the site are fine.
    std::os::unix::fs::symlink("../docs", site.join("static/docs-copy")).unwrap();
    let out = docsite(&["check", path(&site)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    for link in ["static/env.txt:", "static/inner/secret.txt:", "static/private:"] {
        assert!(err.contains(&format!("error: {link} symlink to")), "{link} missing from:\n{err}");
    }
    assert!(!err.contains("docs-copy"), "{err}");
    assert!(err.contains("3 errors"), "{err}");
}

#[test]
fn symlinks_under_docs_that_leave_the_site_are_errors_naming_the_link_and_never_read() {
    let (root, site) = copy_in_root("basic");
    // Outside the site: a Markdown file and a folder of them, whose text must not appear.
    std::fs::write(root.path().join("secret.md"), "# Secret\n\nTOKEN=hunter2\n").unwrap();
    std::fs::create_dir_all(root.path().join("private")).unwrap();
    std::fs::write(root.path().join("private/notes.md"), "# Notes\n\nTOKEN=hunter2\n").unwrap();
    std::fs::write(root.path().join("private/_category_.json"), "{\"label\": \"TOKEN=hunter2\"}").unwrap();
    std::os::unix::fs::symlink("../../secret.md", site.join("docs/secret.md")).unwrap();
    std::os::unix::fs::symlink(root.path().join("private"), site.join("docs/private")).unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", site.join("docs/guides/env.md")).unwrap();
    std::os::unix::fs::symlink("nowhere.md", site.join("docs/dangling.md")).unwrap();
    let out = docsite(&["check", path(&site)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    for link in ["docs/secret.md:", "docs/private:", "docs/guides/env.md:", "docs/dangling.md:"] {
        assert!(err.contains(&format!("{link} symlink to")) && err.contains("outside the site folder"), "{link} missing from:\n{err}");
    }
    assert!(err.contains("4 errors"), "{err}");
    assert!(!err.contains("hunter2"), "{err}");

    // Links that stay inside the site are followed, as Docusaurus does: a linked Markdown
    // file is a doc of its own.
    for link in ["docs/secret.md", "docs/private", "docs/guides/env.md", "docs/dangling.md"] {
        std::fs::remove_file(site.join(link)).unwrap();
    }
    std::fs::create_dir_all(site.join("shared")).unwrap();
    std::fs::write(site.join("shared/common.md"), "# Common\n\nShared text.\n").unwrap();
    std::os::unix::fs::symlink("../shared/common.md", site.join("docs/common.md")).unwrap();
    let out_dir = root.path().join("out");
    let out = docsite(&["build", path(&site), "--out", path(&out_dir)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(out_dir.join("docs/next/common/index.html")).unwrap();
    assert!(html.contains("Shared text."), "{html}");
}

#[test]
fn symlinks_under_the_blog_that_leave_the_site_are_errors_naming_the_link_and_never_read() {
    let (root, site) = copy_in_root("blog");
    std::fs::write(root.path().join("secret.md"), "---\ntitle: Secret\n---\n\nTOKEN=hunter2\n").unwrap();
    std::fs::write(root.path().join("people.yml"), "mole:\n  name: TOKEN=hunter2\n").unwrap();
    std::os::unix::fs::symlink("../../secret.md", site.join("blog/2025-03-01-secret.md")).unwrap();
    std::fs::remove_file(site.join("blog/authors.yml")).ok();
    std::os::unix::fs::symlink(root.path().join("people.yml"), site.join("blog/authors.yml")).unwrap();
    let out_dir = root.path().join("out");
    let out = docsite(&["build", path(&site), "--out", path(&out_dir)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    for link in ["blog/2025-03-01-secret.md:", "blog/authors.yml:"] {
        assert!(err.contains(&format!("{link} symlink to")) && err.contains("outside the site folder"), "{link} missing from:\n{err}");
    }
    assert!(!err.contains("hunter2"), "{err}");
    assert!(!out_dir.exists() || !walk_contains(&out_dir, "hunter2"), "the output holds the secret");
}

#[test]
fn version_refuses_a_doc_linked_from_outside_the_site_and_copies_nothing() {
    let (root, site) = copy_in_root("basic");
    std::fs::write(root.path().join("secret.md"), "# Secret\n\nTOKEN=hunter2\n").unwrap();
    std::os::unix::fs::symlink("../../secret.md", site.join("docs/leak.md")).unwrap();
    let out = docsite(&["version", "9.9", path(&site)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("docs/leak.md: symlink to ../../secret.md, which is outside the site folder"), "{err}");
    assert!(!site.join("versioned_docs/version-9.9").exists());
    let versions = std::fs::read_to_string(site.join("versions.json")).unwrap_or_default();
    assert!(!versions.contains("9.9"), "{versions}");
}

#[test]
fn migrate_writes_a_docsite_toml_that_checks_like_the_docusaurus_config() {
    let dir = copy_of("docusaurus");
    let out = docsite(&["migrate", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("`organizationName` is ignored"), "{}", stderr(&out));
    let toml = std::fs::read_to_string(dir.path().join("docsite.toml")).unwrap();
    for line in ["title = \"Widgets\"", "onBrokenLinks = \"warn\"", "onBrokenAnchors = \"warn\"", "from = \"/docs/old-start\"", "customCss = [\"src/css/custom.css\"]"] {
        assert!(toml.contains(line), "{line} missing from:\n{toml}");
    }
    // The written file is now the configuration, and the site checks with it (its `data/`
    // belongs to the Docusaurus site's React code: docsite's data files have another format).
    std::fs::remove_dir_all(dir.path().join("data")).unwrap();
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("0 errors, 3 warnings in 3 files"), "{}", stderr(&out));
    assert!(stderr(&out).contains("`redirects[1].from`: /docs/guides/install is a page of the site; the redirect is left out"), "{}", stderr(&out));
    // A second run does not overwrite it.
    let out = docsite(&["migrate", path(dir.path())]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn a_docusaurus_config_gets_docusaurus_defaults_a_broken_anchor_warns() {
    // Docusaurus 3 warns on a broken anchor (`onBrokenAnchors: 'warn'`) and throws on a
    // broken link; a site read from its config behaves the same when the config says nothing.
    let dir = copy_of("docusaurus");
    let config = dir.path().join("docusaurus.config.js");
    let text = std::fs::read_to_string(&config).unwrap().replace("    onBrokenLinks: 'log',\n", "");
    std::fs::write(&config, text).unwrap();
    std::fs::remove_dir_all(dir.path().join("data")).unwrap();
    // (`/users` is a route of the site's React code, which `check` does not build.)
    let start = dir.path().join("docs/start.md");
    std::fs::write(&start, std::fs::read_to_string(&start).unwrap().replace("[users](/users)", "users")).unwrap();
    append(&start, "\nSee [the steps](guides/install.md#no-such-step).\n");
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("warning: docs/start.md:10:5: broken anchor `guides/install.md#no-such-step`"), "{}", stderr(&out));
    // A broken link still fails, as under Docusaurus.
    append(&dir.path().join("docs/start.md"), "\nAnd [gone](guides/gone.md).\n");
    let out = docsite(&["check", path(dir.path())]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

/// A copy of `basic` at `<root>/site`, its config's first line replaced by `top` (keys of
/// the top level) and `[docs]` added with `docs`.
fn site_with_config(root: &Path, top: &str, docs: &str) -> PathBuf {
    let site = root.join("site");
    std::fs::create_dir_all(&site).unwrap();
    copy_dir(&fixture("basic"), &site);
    let file = site.join("docsite.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("{top}\n{text}\n[docs]\n{docs}\n")).unwrap();
    site
}

#[test]
fn folders_and_files_the_config_names_are_read_wherever_they_are() {
    // As Docusaurus reads them (`path.resolve(siteDir, value)`): what the site's own config
    // names is read, beside the site folder too. Writing stays confined, and so does where a
    // symlink inside a content folder may lead (the tests above and `docs_beside_*`).
    let root = tempfile::tempdir().unwrap();
    let outside = root.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    copy_dir(&fixture("basic").join("docs"), &outside);
    std::fs::write(root.path().join("theme.css"), "body{}").unwrap();
    std::fs::copy(fixture("basic").join("sidebars.json"), root.path().join("sidebars.json")).unwrap();
    std::fs::copy(fixture("basic").join("sidebars.json"), outside.join("sidebars.json")).unwrap();
    let cases: [(&str, &str); 5] = [
        ("", "path = \"../../outside\""),
        ("", "sidebarPath = \"../../sidebars.json\""),
        ("", "sidebarPath = \"linked/sidebars.json\""),
        ("customCss = [\"../../theme.css\"]", ""),
        ("", "path = \"linked\""),
    ];
    for (i, (top, docs)) in cases.iter().enumerate() {
        // At `<root>/case<i>/site`: `../../outside` is `<root>/outside`.
        let case = root.path().join(format!("case{i}"));
        let site = site_with_config(&case, top, docs);
        // A symlink inside the site that leads out of it: the config names it, so it is read.
        std::os::unix::fs::symlink(&outside, site.join("linked")).unwrap();
        let out = docsite(&["check", path(&site)]);
        assert_eq!(out.status.code(), Some(0), "{top} {docs}: {}", stderr(&out));
    }
    // A symlinked docs folder that stays inside the site is fine too.
    let case = root.path().join("inside");
    let site = site_with_config(&case, "", "path = \"docs-link\"");
    std::os::unix::fs::symlink("docs", site.join("docs-link")).unwrap();
    let out = docsite(&["check", path(&site)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_version_name_cannot_lead_the_reads_out_of_the_site() {
    let root = tempfile::tempdir().unwrap();
    let site = site_with_config(root.path(), "", "");
    std::fs::create_dir_all(root.path().join("x")).unwrap();
    std::fs::write(site.join("versions.json"), r#"["../../x", "1.0"]"#).unwrap();
    let out = docsite(&["check", path(&site)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("versions.json") && err.contains("\"../../x\" is not a folder name"), "{err}");
}

#[test]
fn build_says_which_theme_folder_it_uses_and_where_that_came_from() {
    let (root, _site) = copy_in_root("basic");
    let theme = root.path().join("my-theme");
    std::fs::create_dir_all(&theme).unwrap();
    // `--out site` is refused before anything is built: enough to see the first line.
    let run = |args: &[&str], env: Option<&Path>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_docsite"));
        cmd.args(args).current_dir(root.path()).env_remove("DOCSITE_THEME");
        if let Some(dir) = env {
            cmd.env("DOCSITE_THEME", dir);
        }
        stderr(&cmd.output().expect("docsite runs"))
    };
    let real = std::fs::canonicalize(&theme).unwrap();
    let err = run(&["build", "site", "--out", "site", "--theme", path(&theme)], None);
    assert!(err.lines().next().unwrap_or("").starts_with(&format!("docsite: theme {} (from --theme)", real.display())), "{err}");
    let err = run(&["build", "site", "--out", "site"], Some(&theme));
    assert!(err.contains(&format!("docsite: theme {} (from $DOCSITE_THEME)", real.display())), "{err}");
    let err = run(&["build", "site", "--out", "site"], None);
    let checkout = std::fs::canonicalize(concat!(env!("CARGO_MANIFEST_DIR"), "/../../theme")).unwrap();
    assert!(err.contains(&format!("docsite: theme {} (from the checkout this binary runs from)", checkout.display())), "{err}");
}

#[test]
fn a_binary_outside_the_checkout_finds_the_theme_beside_it_or_unpacks_its_own() {
    let (root, _site) = copy_in_root("basic");
    let checkout = std::fs::canonicalize(concat!(env!("CARGO_MANIFEST_DIR"), "/../../theme")).unwrap();
    // The npm package's layout: native/docsite with theme/ beside native/.
    let pkg = root.path().join("pkg");
    std::fs::create_dir_all(pkg.join("native")).unwrap();
    let exe = pkg.join("native/docsite");
    std::fs::copy(env!("CARGO_BIN_EXE_docsite"), &exe).unwrap();
    let cache = root.path().join("cache");
    // `--out site` is refused before anything is built: enough to see which theme it took.
    let run = |exe: &Path| {
        let out = Command::new(exe)
            .args(["build", "site", "--out", "site"])
            .current_dir(root.path())
            .env_remove("DOCSITE_THEME")
            .env("XDG_CACHE_HOME", &cache)
            .output()
            .expect("docsite runs");
        stderr(&out)
    };
    // Nothing beside it: the theme carried in the binary, unpacked into the cache folder,
    // never the checkout it was compiled in.
    let err = run(&exe);
    let first = err.lines().next().unwrap_or("");
    assert!(first.starts_with("docsite: theme ") && first.ends_with("(from the copy embedded in the binary)"), "{err}");
    assert!(!err.contains(&checkout.display().to_string()), "{err}");
    let unpacked = std::fs::read_dir(cache.join("docsite")).unwrap().map(|e| e.unwrap().path()).find(|p| p.file_name().unwrap().to_string_lossy().starts_with("theme-")).expect("unpacked theme");
    assert!(first.contains(&std::fs::canonicalize(&unpacked).unwrap().display().to_string()), "{err}");
    for file in ["package.json", "package-lock.json", "prerender-worker.mjs", "site-code.config.ts", "src/entry-server.tsx"] {
        assert_eq!(std::fs::read(unpacked.join(file)).unwrap(), std::fs::read(checkout.join(file)).unwrap(), "{file}");
    }
    assert!(!unpacked.join("node_modules").exists() && !unpacked.join("dist").exists());
    // A theme beside it wins.
    let theme = pkg.join("theme");
    std::fs::create_dir_all(&theme).unwrap();
    std::fs::write(theme.join("package.json"), "{}").unwrap();
    std::fs::write(theme.join("prerender-worker.mjs"), "").unwrap();
    let err = run(&exe);
    assert!(err.contains(&format!("docsite: theme {} (from beside the executable)", std::fs::canonicalize(&theme).unwrap().display())), "{err}");
}

#[test]
fn builds_that_share_a_theme_install_and_build_it_one_at_a_time() {
    // A theme folder whose `npm` (first on PATH) logs each run and fails if another overlaps it;
    // `npm ci` makes `node_modules`, `npm run build` the files of a built theme.
    let root = tempfile::tempdir().unwrap();
    let theme = root.path().join("theme");
    let bin = root.path().join("bin");
    std::fs::create_dir_all(&theme).unwrap();
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::write(theme.join("package.json"), r#"{ "name": "a-theme", "private": true }"#).unwrap();
    let npm = bin.join("npm");
    let script = r#"#!/bin/sh
mkdir running 2>/dev/null || { echo overlapping >> runs.log; exit 1; }
echo "$*" >> runs.log
sleep 0.3
case "$1" in
  ci) mkdir -p node_modules ;;
  run) mkdir -p dist/client dist/server && echo '<!doctype html>' > dist/client/index.html && : > dist/server/entry-server.js ;;
esac
rmdir running
"#;
    std::fs::write(&npm, script).unwrap();
    std::fs::set_permissions(&npm, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let search_path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let sites: Vec<tempfile::TempDir> = (0..3).map(|_| copy_of("basic")).collect();
    let builds: Vec<_> = sites
        .iter()
        .map(|site| {
            Command::new(env!("CARGO_BIN_EXE_docsite"))
                .args(["build", path(site.path()), "--out", path(&site.path().join("build")), "--theme", path(&theme)])
                .env("PATH", &search_path)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    // The builds themselves fail later (this theme renders nothing); only its npm runs matter.
    let errors: Vec<String> = builds.into_iter().map(|b| String::from_utf8_lossy(&b.wait_with_output().unwrap().stderr).into_owned()).collect();
    let runs = std::fs::read_to_string(theme.join("runs.log")).unwrap_or_default();
    assert_eq!(runs, "ci --no-audit --no-fund\nrun build\n", "{errors:#?}");
}

/// `docsite dev` on `site` with its stderr collected as it comes; killed when dropped.
struct Dev {
    child: std::process::Child,
    err: std::sync::Arc<std::sync::Mutex<String>>,
    port: u16,
}

impl Dev {
    fn start(site: &Path) -> Dev {
        use std::io::Read;
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port().to_string();
        let mut child = Command::new(env!("CARGO_BIN_EXE_docsite")).args(["dev", path(site), "--port", &port]).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped()).spawn().unwrap();
        let err = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let (mut pipe, sink) = (child.stderr.take().unwrap(), err.clone());
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let dev = Dev { child, err, port: port.parse().unwrap() };
        dev.wait_for("serving", 0);
        dev
    }

    /// The output from byte `from` on, once it holds `what` (at most two minutes).
    fn wait_for(&self, what: &str, from: usize) -> String {
        let start = std::time::Instant::now();
        loop {
            let err = self.err.lock().unwrap()[from..].to_string();
            if err.contains(what) {
                return err;
            }
            assert!(start.elapsed() < std::time::Duration::from_secs(120), "no {what:?} in:\n{err}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    fn len(&self) -> usize {
        self.err.lock().unwrap().len()
    }

    /// The body the dev server answers for `route` (a plain HTTP/1.1 GET).
    fn get(&self, route: &str) -> String {
        use std::io::{Read, Write};
        let mut conn = std::net::TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(conn, "GET {route} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n", self.port).unwrap();
        let mut reply = String::new();
        conn.read_to_string(&mut reply).unwrap();
        reply
    }
}

impl Drop for Dev {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `docsite dev` (Node and the theme's `node_modules` needed).
#[test]
fn dev_prints_the_report_once_then_a_line_per_save_and_what_appeared_or_went_away() {
    let dir = copy_of("broken-links");
    std::fs::write(dir.path().join("docs/a.md"), "# A\n\nSee [b](b.md#no-such-heading) and [c](/docs/c).\n").unwrap();
    std::fs::write(dir.path().join("docs/b.md"), "# B\n\n## Real part\n\nBack to [a](a.md).\n").unwrap();
    append(&dir.path().join("docsite.toml"), "\n[docs]\nonBrokenLinks = \"warn\"\nonBrokenAnchors = \"warn\"\n");
    let dev = Dev::start(dir.path());
    let start = dev.wait_for("built", 0);
    assert!(start.contains("warning: docs/a.md:3:5: broken anchor") && start.contains("2 warnings in 1 file"), "{start}");

    // An edit that leaves the problems as they were: one line.
    let at = dev.len();
    std::fs::write(dir.path().join("docs/a.md"), "# A\n\nLook at [b](b.md#no-such-heading) and [c](/docs/c).\n").unwrap();
    let out = dev.wait_for(" pages written)\n", at);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("docsite: docs/a.md rebuilt in "), "{out}");

    // One problem fixed, one new: both named, once.
    let at = dev.len();
    std::fs::write(dir.path().join("docs/a.md"), "# A\n\nLook at [b](b.md#real-part) and [c](/docs/cc).\n").unwrap();
    let out = dev.wait_for("fixed\n", at);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].starts_with("warning: docs/a.md:3:33: broken link `/docs/cc`"), "{out}");
    assert!(lines[2].starts_with("fixed: warning: docs/a.md:3:9: broken anchor `b.md#no-such-heading`"), "{out}");
    assert!(lines[3].starts_with("fixed: warning: docs/a.md:3:"), "{out}");
    assert!(lines[4].starts_with("docsite: docs/a.md rebuilt in ") && lines[4].ends_with("; 1 new problem, 2 fixed"), "{out}");
}

#[test]
fn dev_reports_a_busy_port_before_building_and_exits_2() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_docsite"))
        .args(["dev", path(&fixture("basic")), "--port", &port])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > std::time::Duration::from_secs(30) {
            let _ = child.kill();
            panic!("docsite dev kept running with its port taken");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains(&format!("cannot listen on 127.0.0.1:{port}")), "{err}");
    assert!(!err.contains("building"), "the port is checked before the build: {err}");
    drop(busy);
}

/// `docsite serve` started at a soft open-file limit of 256 (1024 is the common default) runs
/// at its hard limit: /proc shows the limit of the running server.
#[cfg(target_os = "linux")]
#[test]
fn serve_raises_its_soft_open_file_limit_to_the_hard_limit_at_start_up() {
    let root = tempfile::tempdir().unwrap();
    std::fs::write(root.path().join("index.html"), "<h1>Home</h1>").unwrap();
    std::fs::write(root.path().join("404.html"), "<h1>Not found</h1>").unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port().to_string();
    let script = "ulimit -Sn 256 && exec \"$0\" serve \"$1\" --port \"$2\"";
    let mut child = Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_docsite"), path(root.path()), &port])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port.parse::<u16>().unwrap())).is_err() {
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "docsite serve did not start");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let limits = std::fs::read_to_string(format!("/proc/{}/limits", child.id())).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let line = limits.lines().find(|l| l.starts_with("Max open files")).unwrap();
    let fields: Vec<&str> = line.split_whitespace().collect();
    let (soft, hard) = (fields[3], fields[4]);
    if hard == "unlimited" {
        // Not a soft limit Linux accepts: 2^20 is tried instead.
        assert!(soft.parse::<u64>().unwrap() > 256, "{line}");
    } else {
        assert!(hard.parse::<u64>().unwrap() > 256, "{line}");
        assert_eq!(soft, hard, "{line}");
    }
}

/// Builds the site's React code with the theme (Node and the theme's `node_modules` needed).
#[test]
fn build_in_a_site_folder_without_arguments_builds_its_react_pages() {
    // `npx docsite build` in the site: the site folder is `.`, a relative path, while Vite
    // runs in the theme folder.
    let site = copy_of("react-pages");
    let out = Command::new(env!("CARGO_BIN_EXE_docsite")).arg("build").current_dir(site.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let home = std::fs::read_to_string(site.path().join("build/index.html")).unwrap();
    assert!(home.contains("Lanterns for every night"), "{home}");
}

/// Builds the site's React code with the theme (Node and the theme's `node_modules` needed).
#[test]
fn a_site_whose_react_pages_do_not_build_fails_and_keeps_its_previous_output() {
    let site = copy_of("docusaurus-react-unbuilt");
    let out_dir = site.path().join("build");
    // A previous good build's output, which a failed build must leave as it was.
    std::fs::create_dir_all(&out_dir).unwrap();
    std::fs::write(out_dir.join(".docsite-build"), "").unwrap();
    std::fs::write(out_dir.join("index.html"), "the previous home page").unwrap();
    for command in ["build", "check"] {
        let out = docsite(&[command, path(site.path())]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{command}: {err}");
        let error = err.lines().find(|l| l.contains("React pages (/) cannot be built")).unwrap_or_else(|| panic!("{command}: no error in\n{err}"));
        assert!(error.starts_with("error: docusaurus.config.js"), "{error}");
        assert!(err.contains("--allow-missing-pages"), "the help line names the option: {err}");
        let quoted = &err[err.find("cannot be built").unwrap()..];
        assert!(!quoted.contains('\u{1b}'), "no terminal colours in the quoted Vite report:\n{quoted}");
    }
    assert_eq!(std::fs::read_to_string(out_dir.join("index.html")).unwrap(), "the previous home page");

    // Only when asked, the rest of the site is built and the pages left out with a warning.
    let out = docsite(&["build", path(site.path()), "--allow-missing-pages"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let warning = err.lines().find(|l| l.contains("React pages (/) are left out")).unwrap_or_else(|| panic!("no warning in\n{err}"));
    assert!(warning.starts_with("warning: docusaurus.config.js") && warning.contains("--allow-missing-pages"), "{warning}");
    assert!(out_dir.join("docs/intro/index.html").is_file(), "the docs are built");
    assert!(!out_dir.join("index.html").exists(), "the React home page is left out");
}

/// The files of a built site, relative to it, sorted.
fn built_files(out: &Path) -> Vec<String> {
    files_under(out).iter().map(|f| f.to_string_lossy().into_owned()).collect()
}

/// Builds the site's React code with the theme (Node and the theme's `node_modules` needed).
#[test]
fn a_site_given_by_a_relative_path_builds_the_same_routes_as_by_its_absolute_path() {
    // Every fixture with React pages: the engine hands paths to Vite, the pre-render workers
    // and npm, which run in other folders.
    let with_react: Vec<String> = std::fs::read_dir(fixture(""))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("src/pages").is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(with_react.iter().any(|f| f == "react-pages"), "{with_react:?}");
    for name in with_react {
        let (root, site) = copy_in_root(&name);
        // Relative first, from the folder above (the site build's cache is cold), then `.`
        // from the site itself, then absolute.
        let relative = Command::new(env!("CARGO_BIN_EXE_docsite")).args(["build", "site", "--out", "rel"]).current_dir(root.path()).output().unwrap();
        let dot = Command::new(env!("CARGO_BIN_EXE_docsite")).args(["build", ".", "--out", "../dot"]).current_dir(&site).output().unwrap();
        let absolute = docsite(&["build", path(&site), "--out", path(&root.path().join("abs"))]);
        for (form, out) in [("relative", &relative), ("`.`", &dot)] {
            assert_eq!(out.status.code(), absolute.status.code(), "{name}, {form}: {}\nabsolute: {}", stderr(out), stderr(&absolute));
        }
        if absolute.status.success() {
            let files = built_files(&root.path().join("abs"));
            assert!(files.iter().any(|f| f.ends_with("index.html")), "{name}: {files:?}");
            assert_eq!(built_files(&root.path().join("rel")), files, "{name}: relative");
            assert_eq!(built_files(&root.path().join("dot")), files, "{name}: `.`");
        }
    }
}

#[test]
fn build_replaces_only_an_empty_folder_or_a_previous_build() {
    let (root, _site) = copy_in_root("basic");
    // A repository root beside the site: its `.git`, sources and an unrelated folder.
    for (dir, file) in [(".git", "HEAD"), ("src", "main.rs"), ("notes", "todo.txt")] {
        std::fs::create_dir_all(root.path().join(dir)).unwrap();
        std::fs::write(root.path().join(dir).join(file), "mine").unwrap();
    }
    let before = files_under(root.path());
    let build = |out_dir: &str| Command::new(env!("CARGO_BIN_EXE_docsite")).args(["build", "site", "--out", out_dir]).current_dir(root.path()).output().unwrap();
    for out_dir in [".git", "src", "notes", "notes/todo.txt"] {
        let out = build(out_dir);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "--out {out_dir}: {err}");
        let why = if out_dir.ends_with(".txt") { "it is a file" } else { "no docsite build wrote" };
        assert!(err.contains("refusing to use") && err.contains(why), "--out {out_dir}: {err}");
        assert_eq!(files_under(root.path()), before, "--out {out_dir} changed files");
    }
    // A new folder, then the same folder again (it carries the first build's marker).
    for _ in 0..2 {
        let out = build("www");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert!(root.path().join("www/.docsite-build").is_file());
}

#[test]
fn a_react_page_importing_an_unknown_theme_module_is_an_error_at_its_line() {
    let site = copy_of("bad-react-import");
    let out_dir = site.path().join("build");
    let out = docsite(&["build", path(site.path()), "--out", path(&out_dir)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("src/pages/index.js:3"), "{err}");
    assert!(err.contains("`@theme/Nope`") && err.contains("does not provide"), "{err}");
    assert!(!out_dir.exists(), "nothing is written");
    // The failed build leaves no half-written cache behind.
    let leftovers: Vec<_> = std::fs::read_dir(site.path().join(".docsite")).map(|d| d.filter_map(Result::ok).map(|e| e.file_name()).collect()).unwrap_or_default();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// A site folder with React pages, a lockfile and `node_modules` as a link to a folder
/// outside it that holds a file of the user's.
fn react_site_with_linked_modules() -> (tempfile::TempDir, tempfile::TempDir) {
    let site = copy_of("react-pages");
    std::fs::write(site.path().join("package.json"), r#"{ "name": "lanterns", "private": true }"#).unwrap();
    std::fs::write(site.path().join("package-lock.json"), r#"{ "name": "lanterns", "lockfileVersion": 3, "requires": true, "packages": { "": { "name": "lanterns" } } }"#).unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(elsewhere.path().join("marker.txt"), "the user's file").unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), site.path().join("node_modules")).unwrap();
    (site, elsewhere)
}

#[test]
fn a_stale_node_modules_is_used_as_it_is_never_reinstalled_and_the_build_says_so() {
    // The site's own install (here a link to a folder of the user's, holding no npm record)
    // is never emptied by an `npm ci` of docsite's: the build uses it and says it is stale.
    let (site, elsewhere) = react_site_with_linked_modules();
    let out_dir = site.path().join("build");
    let out = docsite(&["build", path(site.path()), "--out", path(&out_dir)]);
    let err = stderr(&out);
    assert!(err.contains("node_modules (a link to") && err.contains("holds no complete npm install") && err.contains("used as it is"), "{err}");
    assert!(!err.contains("installing the site's dependencies"), "{err}");
    assert_eq!(std::fs::read_to_string(elsewhere.path().join("marker.txt")).unwrap(), "the user's file");
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 1, "nothing is added to the user's folder");
}

#[test]
fn a_build_cache_that_leads_outside_the_site_is_refused() {
    let site = copy_of("react-pages");
    let elsewhere = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), site.path().join(".docsite")).unwrap();
    let out = docsite(&["build", path(site.path()), "--out", path(&site.path().join("build"))]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(".docsite leads to") && err.contains("outside the site"), "{err}");
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0, "nothing is written through the link");
}

#[test]
fn a_cache_folder_that_leads_outside_the_site_is_never_written_through() {
    // A site without React code writes to its cache only the pre-render cache and the
    // Docusaurus config's evaluator: neither goes through a link out of the site.
    let site = copy_of("docusaurus-lenient");
    let elsewhere = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), site.path().join(".docsite")).unwrap();
    let out = docsite(&["build", path(site.path()), "--out", path(&site.path().join("build"))]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(site.path().join("build/docs/warp/index.html").is_file(), "{err}");
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0, "nothing is written through the link");
}

/// Builds the site's React code with the theme (Node and the theme's `node_modules` needed).
#[test]
fn the_site_builds_own_modules_never_make_node_advise_a_type_in_the_sites_package_json() {
    // A Docusaurus site's package.json has no `"type"`: the pre-render workers import the
    // site build's ES modules from inside the site, and Node would warn about that file.
    let site = copy_of("react-pages");
    std::fs::write(site.path().join("package.json"), r#"{ "name": "lanterns", "private": true }"#).unwrap();
    std::fs::write(site.path().join("package-lock.json"), r#"{ "name": "lanterns", "lockfileVersion": 3, "requires": true, "packages": { "": { "name": "lanterns" } } }"#).unwrap();
    let out_dir = site.path().join("build");
    let out = docsite(&["build", path(site.path()), "--out", path(&out_dir)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("MODULE_TYPELESS_PACKAGE_JSON") && !err.contains("\"type\": \"module\""), "{err}");
    assert!(out_dir.join("catalogue/index.html").is_file() || out_dir.join("catalogue.html").is_file(), "the React page is written");
}

/// Builds the site's React code with the theme (Node and the theme's `node_modules` needed).
#[test]
fn links_in_and_into_react_pages_are_checked_after_pre_rendering() {
    let site = copy_of("bad-react-links");
    let out_dir = site.path().join("build");
    // `check` renders no React page: it cannot see these links, and finds the site clean.
    let checked = docsite(&["check", path(site.path())]);
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    let out = docsite(&["build", path(site.path()), "--out", path(&out_dir)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!out_dir.exists(), "nothing is written");
    let report: Vec<&str> = err.lines().filter(|l| l.starts_with("error: ") || l.starts_with("warning: ")).collect();
    insta::assert_snapshot!(report.join("\n"));
    // The link to an anchor the React page has is not reported; the one to its missing anchor is.
    assert!(!err.contains("`/hours#evening`"), "{err}");
    assert!(err.contains("docs/intro.md:5:72: broken anchor `/hours#shop`"), "{err}");

    // With `onBrokenLinks` and `onBrokenAnchors` at `warn`, the same problems are warnings
    // and the site is written.
    append(&site.path().join("docsite.toml"), "\n[docs]\nonBrokenLinks = \"warn\"\nonBrokenAnchors = \"warn\"\n");
    let out = docsite(&["build", path(site.path()), "--out", path(&out_dir)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("warning: src/pages/hours.js:11:") && err.contains("broken link `/docs/lighting`"), "{err}");
    assert!(out_dir.join("hours/index.html").is_file() || out_dir.join("hours.html").is_file(), "the site is written");
}

/// Whether any file under `dir` contains `needle`.
fn walk_contains(dir: &std::path::Path, needle: &str) -> bool {
    std::fs::read_dir(dir).unwrap().flatten().any(|e| {
        let p = e.path();
        if p.is_dir() {
            walk_contains(&p, needle)
        } else {
            std::fs::read(&p).is_ok_and(|b| b.windows(needle.len()).any(|w| w == needle.as_bytes()))
        }
    })
}

/// A copy of `fixtures/docs-beside` (a monorepo: `website/` and the docs beside it in
/// `docs/`) at `<root>/repo`.
fn docs_beside() -> (tempfile::TempDir, PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let repo = root.path().join("repo");
    std::fs::create_dir_all(&repo).unwrap();
    copy_dir(&fixture("docs-beside"), &repo);
    (root, repo)
}

fn docsite_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_docsite")).args(args).current_dir(dir).output().expect("docsite runs")
}

/// Builds with the theme (Node and the theme's `node_modules` needed).
#[test]
fn docs_beside_the_site_folder_build_at_their_routes_from_a_relative_path() {
    let (root, repo) = docs_beside();
    let docs_before = files_under(&repo.join("docs"));
    // Run from the folder above the repository: the site folder, the docs path from the
    // config (`../docs`) and the output are each relative to something else.
    let out = docsite_in(root.path(), &["build", "repo/website", "--out", "out"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let site = root.path().join("out");
    let intro = std::fs::read_to_string(site.join("docs/intro/index.html")).unwrap();
    assert!(intro.contains("The docs of this site live beside its folder"), "{intro}");
    let setup = std::fs::read_to_string(site.join("docs/guides/setup/index.html")).unwrap();
    assert!(setup.contains("href=\"/docs/intro\""), "the link to ../intro.md: {setup}");
    // The image beside the doc is published; the edit link goes to the file in the repository.
    let images: Vec<PathBuf> = files_under(&site.join("assets/images"));
    assert!(images.iter().any(|p| p.to_string_lossy().ends_with("-flow.svg")), "{images:?}");
    assert!(walk_contains(&site.join("_docsite"), "https://github.com/example/beside/edit/main/docs/intro.md"), "the edit URL of intro.md");
    assert!(!walk_contains(&site.join("_docsite"), "website/../docs"), "the edit URL is resolved");
    // Nothing was written beside the site.
    assert_eq!(files_under(&repo.join("docs")), docs_before);

    // A problem in a doc beside the site names it from the site folder, as the config does.
    append(&repo.join("docs/guides/setup.md"), "\nSee [nothing](./nothing.md).\n");
    let out = docsite_in(root.path(), &["check", "repo/website"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("error: ../docs/guides/setup.md:5:5: broken link `./nothing.md`"), "{}", stderr(&out));
}

#[test]
fn a_symlink_in_docs_beside_the_site_folder_may_not_lead_out_of_them() {
    let (root, repo) = docs_beside();
    std::fs::write(root.path().join("secret.md"), "# Secret\n\nTOKEN=hunter2\n").unwrap();
    std::fs::write(repo.join("NOTES.md"), "# Notes\n\nTOKEN=hunter2\n").unwrap();
    // Out of the repository, to a file of the repository that is neither the site nor the
    // docs folder, and to a system file.
    std::os::unix::fs::symlink("../../secret.md", repo.join("docs/leak.md")).unwrap();
    std::os::unix::fs::symlink("../../NOTES.md", repo.join("docs/guides/notes.md")).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", repo.join("docs/passwd.md")).unwrap();
    let out = docsite_in(&repo.join("website"), &["check", "."]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    for link in ["../docs/leak.md", "../docs/guides/notes.md", "../docs/passwd.md"] {
        assert!(err.contains(&format!("error: {link}: symlink to")) && err.contains("outside the site folder and the content folder it is in"), "{link} missing from:\n{err}");
    }
    assert!(err.contains("3 errors"), "{err}");
    assert!(!err.contains("hunter2") && !err.contains("root:"), "{err}");

    // A link between files of the docs folder stays inside it: followed.
    for link in ["docs/leak.md", "docs/guides/notes.md", "docs/passwd.md"] {
        std::fs::remove_file(repo.join(link)).unwrap();
    }
    std::os::unix::fs::symlink("intro.md", repo.join("docs/intro-again.md")).unwrap();
    let out = docsite_in(&repo.join("website"), &["check", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn an_output_in_or_over_the_docs_beside_the_site_folder_is_refused() {
    let (root, repo) = docs_beside();
    let before = files_under(root.path());
    // (`repo/docs` holds files no build wrote: the allow-list refuses it before the content rule.)
    for (out_dir, why) in [("repo/docs/build", "lies inside the content folder"), ("repo/docs", "no docsite build wrote"), ("repo", "is or contains the site folder")] {
        let out = docsite_in(root.path(), &["build", "repo/website", "--out", out_dir]);
        assert_eq!(out.status.code(), Some(2), "--out {out_dir}: {}", stderr(&out));
        assert!(stderr(&out).contains("refusing to use") && stderr(&out).contains(why), "--out {out_dir}: {}", stderr(&out));
        assert_eq!(files_under(root.path()), before, "--out {out_dir} changed files");
    }
    assert!(!repo.join("docs/build").exists());
}

/// Starts `docsite dev` (Node and the theme's `node_modules` needed).
#[test]
fn dev_watches_the_docs_beside_the_site_folder() {
    let (_root, repo) = docs_beside();
    let dev = Dev::start(&repo.join("website"));
    dev.wait_for("built", 0);
    assert!(dev.get("/docs/intro").contains("live beside its folder"));
    let at = dev.len();
    let intro = repo.join("docs/intro.md");
    std::fs::write(&intro, std::fs::read_to_string(&intro).unwrap().replace("live beside its folder", "were edited in place")).unwrap();
    let out = dev.wait_for(" pages written)", at);
    assert!(out.starts_with("docsite: ../docs/intro.md rebuilt in "), "{out}");
    let page = dev.get("/docs/intro");
    assert!(page.contains("were edited in place"), "{page}");
}

/// `check` checks every locale, as `build` builds every one: a broken link in a translation
/// is an error of the site, named at the translated file.
#[test]
fn check_finds_the_problems_of_every_locale() {
    let site = copy_of("docusaurus-i18n");
    let translated = site.path().join("i18n/fr/docusaurus-plugin-content-docs/current/intro.md");
    append(&translated, "\nVoir aussi [la palette](./palette.md).\n");
    let out = docsite(&["check", path(site.path())]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("error: i18n/fr/docusaurus-plugin-content-docs/current/intro.md:") && err.contains("palette.md"), "{err}");
}

/// A rebuild takes unchanged pages from `.docsite/prerender/` and unchanged compressions
/// from the build it replaces: its output is the output of a build from nothing, byte for
/// byte, and a page whose doc changed is rendered again.
#[test]
fn a_rebuild_reuses_what_did_not_change_and_writes_what_a_fresh_build_writes() {
    let site = copy_of("basic");
    let out = site.path().join("build");
    let read_all = |dir: &Path| -> Vec<(PathBuf, Vec<u8>)> { files_under(dir).into_iter().filter(|f| !f.ends_with(".docsite-build")).map(|f| (f.clone(), std::fs::read(dir.join(&f)).unwrap())).collect() };
    let build = || {
        let o = docsite(&["build", path(site.path())]);
        assert!(o.status.success(), "{}", stderr(&o));
        read_all(&out)
    };
    let first = build();
    let cache = site.path().join(".docsite/prerender");
    assert!(std::fs::read_dir(&cache).unwrap().count() > 0, "the pages are cached");
    assert!(build() == first, "an unchanged site rebuilds to the same bytes");
    // A doc changes: its page is rendered again, and the output is what a build without the
    // cache writes.
    let doc = site.path().join("docs/intro.md");
    let text = std::fs::read_to_string(&doc).unwrap();
    std::fs::write(&doc, format!("{text}\nA sentence added after the first build.\n")).unwrap();
    let cached = build();
    let page = cached.iter().find(|(f, _)| f.ends_with("docs/next/intro/index.html")).expect("the intro page");
    assert!(String::from_utf8_lossy(&page.1).contains("A sentence added after the first build."));
    let entries = std::fs::read_dir(&cache).unwrap().count();
    std::fs::remove_dir_all(&cache).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
    let fresh = build();
    let differing: Vec<&PathBuf> = cached.iter().zip(&fresh).filter(|(a, b)| a != b).map(|(a, _)| &a.0).collect();
    assert_eq!(cached.len(), fresh.len());
    assert!(differing.is_empty(), "files differing from a build without the cache: {differing:?}");
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), entries, "the cache holds one build's pages");
}

/// Builds the site's React code with the theme (Node and the theme's `node_modules` needed).
#[test]
fn docs_mdx_cannot_compile_are_errors_at_their_file_line_and_column_all_in_one_report() {
    let site = copy_of("bad-mdx-compile");
    let out_dir = site.path().join("build");
    let out = docsite(&["build", path(site.path()), "--out", path(&out_dir)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!out_dir.exists(), "nothing is written");
    // Each file's problem, from MDX itself, not Vite's report of the first one.
    assert!(!err.contains("building the site's React code failed"), "{err}");
    let report: Vec<&str> = err.lines().filter(|l| l.starts_with("error: ") || l.starts_with("warning: ")).collect();
    insta::assert_snapshot!(report.join("\n"));
}

/// Builds the site's React code with the theme (Node and the theme's `node_modules` needed).
#[test]
fn translate_interpolate_icons_and_toc_inline_render_as_in_docusaurus_default_locale() {
    let site = copy_of("docusaurus-modules");
    let out_dir = site.path().join("build");
    let out = docsite(&["build", path(site.path()), "--out", path(&out_dir)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let home = std::fs::read_to_string(out_dir.join("index.html")).unwrap();
    // `translate()` with values, `<Translate>` children, values that are elements, a
    // placeholder without a value kept, an id without a message.
    assert!(home.contains("<title>Kites for everyone | Kites</title>"), "{home}");
    assert!(home.contains("<h1>Kites on a windy day</h1>"), "{home}");
    assert!(home.contains(r#"<p class="kites-count">3<!-- --> kites in <b>the shop</b>, <!-- -->{missing}<!-- --> stays</p>"#), "{home}");
    assert!(home.contains(r#"<p class="kites-only-id">home.onlyId</p>"#), "{home}");
    assert!(home.contains(r#"<p class="kites-interpolated">Wind at 12 knots</p>"#), "{home}");
    assert!(home.contains("/docs/intro=true https://example.org=false //cdn.example.org=false mailto:a@example.org=false"), "{home}");
    let icons = &home[home.find("kites-icons").unwrap()..];
    assert!(icons.starts_with(r#"kites-icons"><svg width="20" height="20""#), "{icons}");
    assert!(icons.contains(r#"class="kites-ok""#), "{icons}");
    // `<TOCInline toc={toc} />` in a doc on the MDX path: levels 2 and 3, nested, `{#id}` and
    // inline code kept, in place (before the first heading).
    let doc = std::fs::read_to_string(out_dir.join("docs/contents/index.html")).unwrap();
    let toc = r##"<ul class="table-of-contents"><li><a href="#frame">The <code>spar</code> and sail</a><ul><li><a href="#cross-spar">Cross spar</a></li></ul></li><li><a href="#tails">Tails</a></li></ul>"##;
    let at = doc.find(toc).unwrap_or_else(|| panic!("{doc}"));
    assert!(at < doc.find(r#"<h2 id="frame""#).unwrap(), "{doc}");
    // `!!raw-loader!` (webpack's inline loader) gives a file's text.
    assert!(doc.contains("bowline.txt") && doc.contains("Pass the end up through the loop,"), "{doc}");
    // `<head>` after a doc's front matter: its title and meta tags are the page's.
    let launch = std::fs::read_to_string(out_dir.join("docs/launch/index.html")).unwrap();
    let head = &launch[..launch.find("</head>").unwrap()];
    assert!(head.contains("<title>Launch a kite: the complete guide</title>") && !head.contains("<title>Launching"), "{head}");
    assert!(head.contains(r#"<meta name="description" content="How to launch a kite in light wind""#), "{head}");
    assert!(head.contains(r#"<meta property="og:image" content="https://kites.example.org/img/launch.png""#), "{head}");
    assert!(launch.contains("Run into the wind."), "{launch}");
}

/// Builds the site's React code with the theme (Node and the theme's `node_modules` needed).
#[test]
fn a_doc_head_holding_more_than_title_and_meta_is_an_error_naming_the_tag_and_line() {
    let site = copy_of("docusaurus-modules");
    let doc = site.path().join("docs/launch.md");
    let text = std::fs::read_to_string(&doc).unwrap().replace("</head>", "  <link rel=\"canonical\" href=\"https://kites.example.org/launch\" />\n</head>");
    std::fs::write(&doc, text).unwrap();
    let out = docsite(&["build", path(site.path()), "--out", path(&site.path().join("build"))]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("docs/launch.md:9:3") && err.contains("`<link>` in `<head>` is not supported"), "{err}");
}

#[test]
fn every_locale_is_written_in_its_folder_and_the_host_files_at_the_root_cover_them_all() {
    let site = copy_of("docusaurus-i18n");
    let out_dir = site.path().join("build");
    let out = docsite(&["build", path(site.path()), "--out", path(&out_dir)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("built 24 routes"), "8 routes for each of 3 locales: {err}");
    let page = |rel: &str| std::fs::read_to_string(out_dir.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}\n{err}"));
    assert!(page("docs/intro/index.html").contains(r#"<html lang="en" dir="ltr""#));
    assert!(page("fr/docs/intro/index.html").contains(r#"<html lang="fr" dir="ltr""#) && page("fr/docs/intro/index.html").contains("Premiers pas"));
    assert!(page("ar/docs/intro/index.html").contains(r#"<html lang="ar" dir="rtl""#));
    // Each locale has its own search index and sitemap; the host files and the server's
    // script manifest are the root's alone, and name every locale's pages.
    for rel in ["fr/pagefind/pagefind-entry.json", "ar/sitemap.xml"] {
        assert!(out_dir.join(rel).is_file(), "{rel}");
    }
    assert!(!out_dir.join("fr/_headers").exists() && !out_dir.join("fr/_redirects").exists() && !out_dir.join("fr/robots.txt").exists());
    assert!(page("_redirects").contains("/fr/docs/intro/index.html /fr/docs/intro 301!"));
    assert!(page("_headers").contains("/ar/assets/*"));
    assert!(page("_docsite/csp.json").contains("\"fr/docs/intro/index.html\""));
    assert!(page("ar/sitemap.xml").contains("https://quill.example.org/ar/docs/nibs"));
}
