//! The maintainers' guide (`guide/docs/*.md`) against the binary: every command, command-line
//! option and `docsite.toml` key a page names must exist. A page that documents a renamed or
//! removed command, flag or key fails here, naming the page and what it names.
//!
//! What counts as naming one:
//! - a command: `docsite <word>` (or `cargo run … -p docsite -- <word>`) in inline code or a
//!   code block, and the `--options` after it on the same line;
//! - a config key: every key of a ```` ```toml ```` block, a table header written as inline
//!   code (`` `[docs]` ``, `` `[[redirects]]` ``, `` `[security] frameSrc` ``), and a dotted
//!   path in inline code whose first part is a table of `docsite.toml` (`` `docs.versionRoots` ``).
//!
//! Keys are checked against `guide/static/docsite.schema.json`, the JSON Schema generated from
//! the config types (kept current by the `config_reference` test of docsite-core).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use comrak::nodes::NodeValue;
use serde_json::Value;

fn repo() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_docsite")).args(args).arg("--help").output().expect("docsite runs");
    assert!(out.status.success(), "docsite {args:?} --help failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The subcommands `docsite --help` lists, with the options each one's `--help` lists.
fn commands() -> HashMap<String, BTreeSet<String>> {
    let top = help(&[]);
    let listed = top.split("Commands:").nth(1).expect("a command list").split("Options:").next().unwrap_or("");
    let re = regex::Regex::new(r"--[a-z][a-z0-9-]*").unwrap();
    listed
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(|c| (c.to_string(), re.find_iter(&help(&[c])).map(|m| m.as_str().to_string()).collect()))
        .collect()
}

/// Whether `path` (keys, a `*` for "any key") is a key path of the schema.
fn has_path(schema: &Value, node: &Value, path: &[&str]) -> bool {
    let node = resolve(schema, node);
    let Some((first, rest)) = path.split_first() else { return true };
    // Unions: the key may be in any branch.
    for k in ["anyOf", "oneOf", "allOf"] {
        if let Some(branches) = node.get(k).and_then(Value::as_array) {
            if branches.iter().any(|b| has_path(schema, b, path)) {
                return true;
            }
        }
    }
    // A list of tables (`[[redirects]]`): the keys of its items.
    if let Some(items) = node.get("items") {
        if has_path(schema, items, path) {
            return true;
        }
    }
    if let Some(child) = node.get("properties").and_then(|p| p.get(*first)) {
        return has_path(schema, child, rest);
    }
    // A map with free keys (`[docs.versions.<name>]`, `customFields`).
    match node.get("additionalProperties") {
        Some(Value::Bool(true)) => true,
        Some(extra @ Value::Object(_)) => has_path(schema, extra, rest),
        _ => false,
    }
}

/// Whether a schema node is a table (has keys of its own), through references and unions.
fn is_table(schema: &Value, node: &Value) -> bool {
    let node = resolve(schema, node);
    node.get("properties").is_some() || ["allOf", "anyOf", "oneOf"].iter().any(|k| node.get(*k).and_then(Value::as_array).is_some_and(|b| b.iter().any(|b| is_table(schema, b))))
}

fn resolve<'a>(schema: &'a Value, node: &'a Value) -> &'a Value {
    match node.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/definitions/")) {
        Some(name) => resolve(schema, &schema["definitions"][name]),
        None => node,
    }
}

/// Every key path of a TOML value (tables and arrays of tables walked).
fn toml_paths(value: &toml::Value, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match value {
        toml::Value::Table(t) => {
            for (k, v) in t {
                prefix.push(k.clone());
                out.push(prefix.clone());
                toml_paths(v, prefix, out);
                prefix.pop();
            }
        }
        toml::Value::Array(a) => {
            for v in a.iter().filter(|v| v.is_table()) {
                toml_paths(v, prefix, out);
            }
        }
        _ => {}
    }
}

/// The inline code spans and code blocks (info, text) of a Markdown page.
fn code_of(markdown: &str) -> (Vec<String>, Vec<(String, String)>) {
    let arena = comrak::Arena::new();
    let root = comrak::parse_document(&arena, markdown, &comrak::Options::default());
    let (mut spans, mut blocks) = (Vec::new(), Vec::new());
    for node in root.descendants() {
        match &node.data.borrow().value {
            NodeValue::Code(c) => spans.push(c.literal.clone()),
            NodeValue::CodeBlock(b) => blocks.push((b.info.clone(), b.literal.clone())),
            _ => {}
        }
    }
    (spans, blocks)
}

/// The problems of one page: what it names that the binary does not have.
fn problems_of(page: &Path, text: &str, commands: &HashMap<String, BTreeSet<String>>, schema: &Value) -> Vec<String> {
    let name = page.file_name().unwrap().to_string_lossy().into_owned();
    let mut problems = Vec::new();
    let (spans, blocks) = code_of(text);
    let tables: BTreeSet<&str> = schema["properties"].as_object().unwrap().iter().filter(|(_, v)| is_table(schema, v)).map(|(k, _)| k.as_str()).collect();

    // Commands and their options, wherever code names them.
    let command = regex::Regex::new(r"(?:^|[\s(`])(?:\./target/release/)?docsite(?: --)? ([a-z][a-z-]*)([^\n|;&]*)|-p docsite -- ([a-z][a-z-]*)([^\n|;&]*)").unwrap();
    let option = regex::Regex::new(r"(?:^|\s)(--[a-z][a-z0-9-]*)").unwrap();
    let lines = spans.iter().cloned().chain(blocks.iter().filter(|(info, _)| !info.starts_with("toml")).flat_map(|(_, t)| t.lines().map(str::to_string).collect::<Vec<_>>()));
    for line in lines {
        for c in command.captures_iter(&line) {
            let (sub, rest) = match (c.get(1), c.get(3)) {
                (Some(s), _) => (s.as_str(), c.get(2).map_or("", |m| m.as_str())),
                (None, Some(s)) => (s.as_str(), c.get(4).map_or("", |m| m.as_str())),
                _ => continue,
            };
            match commands.get(sub) {
                None => problems.push(format!("{name}: `docsite {sub}` is no command of the binary (in `{}`)", line.trim())),
                Some(options) => {
                    for o in option.captures_iter(rest) {
                        if !options.contains(&o[1]) {
                            problems.push(format!("{name}: `docsite {sub}` has no option {} (in `{}`)", &o[1], line.trim()));
                        }
                    }
                }
            }
        }
    }

    // Keys of TOML examples.
    for (info, body) in blocks.iter().filter(|(info, _)| info.split_whitespace().next() == Some("toml")) {
        match body.parse::<toml::Table>() {
            Ok(table) => {
                let mut paths = Vec::new();
                toml_paths(&toml::Value::Table(table), &mut Vec::new(), &mut paths);
                for p in paths {
                    let parts: Vec<&str> = p.iter().map(String::as_str).collect();
                    if !has_path(schema, schema, &parts) {
                        problems.push(format!("{name}: the ```{info} example sets `{}`, which docsite.toml does not have", parts.join(".")));
                    }
                }
            }
            Err(e) => problems.push(format!("{name}: a ```{info} example is not valid TOML: {e}")),
        }
    }

    // Table headers and dotted key paths written as inline code.
    let header = regex::Regex::new(r"^\[\[?([A-Za-z][A-Za-z0-9.]*)\]\]?(?: ([A-Za-z][A-Za-z0-9]*))?$").unwrap();
    let dotted = regex::Regex::new(r"^([a-z][A-Za-z0-9]*)\.([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*)$").unwrap();
    for span in &spans {
        let path: Option<Vec<&str>> = if let Some(c) = header.captures(span) {
            let mut p: Vec<&str> = c.get(1).unwrap().as_str().split('.').collect();
            p.extend(c.get(2).map(|m| m.as_str()));
            Some(p)
        } else if let Some(c) = dotted.captures(span) {
            let first = c.get(1).unwrap().as_str();
            tables.contains(first).then(|| std::iter::once(first).chain(c.get(2).unwrap().as_str().split('.')).collect())
        } else {
            None
        };
        if let Some(p) = path {
            if !has_path(schema, schema, &p) {
                problems.push(format!("{name}: `{span}` is no key of docsite.toml"));
            }
        }
    }
    problems
}

fn schema() -> Value {
    serde_json::from_str(&std::fs::read_to_string(repo().join("guide/static/docsite.schema.json")).unwrap()).unwrap()
}

#[test]
fn the_guide_names_only_commands_options_and_config_keys_the_binary_has() {
    let commands = commands();
    assert!(commands.contains_key("build") && commands["build"].contains("--out"), "{commands:?}");
    let schema = schema();
    let mut pages: Vec<PathBuf> = std::fs::read_dir(repo().join("guide/docs")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "md")).collect();
    pages.sort();
    assert!(pages.len() >= 5, "{pages:?}");
    let problems: Vec<String> = pages.iter().flat_map(|p| problems_of(p, &std::fs::read_to_string(p).unwrap(), &commands, &schema)).collect();
    assert!(problems.is_empty(), "the guide names what the binary does not have:\n{}", problems.join("\n"));
}

#[test]
fn a_page_naming_a_missing_command_option_or_key_is_caught() {
    let commands = commands();
    let schema = schema();
    let page = "# P\n\nRun `docsite publish site`, or `docsite build site --minify`.\n\n\
                ```toml\n[docs]\nonBrokenLinks = \"warn\"\nonBrokenLinkz = \"warn\"\n\n[[redirects]]\nfrom = \"/a\"\nto = \"/b\"\n```\n\n\
                Set `[security] frameSrc`, `[security] scriptSrc` and `docs.versionRoots`, not `docs.versionRootz`; \
                `themeConfig.navbar` is Docusaurus's.\n";
    let problems = problems_of(Path::new("p.md"), page, &commands, &schema);
    assert_eq!(
        problems,
        [
            "p.md: `docsite publish` is no command of the binary (in `docsite publish site`)",
            "p.md: `docsite build` has no option --minify (in `docsite build site --minify`)",
            "p.md: the ```toml example sets `docs.onBrokenLinkz`, which docsite.toml does not have",
            "p.md: `[security] scriptSrc` is no key of docsite.toml",
            "p.md: `docs.versionRootz` is no key of docsite.toml",
        ]
    );
}
