//! Docusaurus configuration: a site with `docusaurus.config.{js,mjs,cjs,ts}` and no
//! `docsite.toml` is configured from it.
//!
//! The config is JavaScript (plugins, `require`, the environment, a function), so Node
//! evaluates it ([`evaluate`], the script `docusaurus-config.mjs`, with a time limit) and
//! prints it as JSON; [`map`] then turns every key docsite knows into the shape of
//! `docsite.toml` and lists every key it ignores as a warning that says why. The mapped value
//! is deserialised into `config::RawConfig` exactly like a `docsite.toml`, and
//! `docsite migrate` writes it out as one ([`to_toml`]).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use crate::diagnostics::Diagnostic;

/// The Docusaurus config file names, in the order Docusaurus looks for them.
pub const CONFIG_FILES: &[&str] = &["docusaurus.config.js", "docusaurus.config.mjs", "docusaurus.config.cjs", "docusaurus.config.ts", "docusaurus.config.mts"];

/// How long the config may take to evaluate.
const TIME_LIMIT: Duration = Duration::from_secs(30);

const SCRIPT: &str = include_str!("docusaurus-config.mjs");

/// The Docusaurus config file of a site, if it has one.
pub fn find(site_dir: &Path) -> Option<PathBuf> {
    CONFIG_FILES.iter().map(|f| site_dir.join(f)).find(|p| p.is_file())
}

/// The config as Node evaluated it, and the packages it uses that are not installed (their
/// values are `{"$unresolved": "pkg.path"}`).
#[derive(Debug)]
pub struct Evaluated {
    /// The exported config (a function's result), as JSON.
    pub config: Value,
    /// Packages that could not be resolved.
    pub unresolved: Vec<String>,
}

/// Runs the config file in Node (working directory: the site) and returns its value.
pub fn evaluate(file: &Path) -> Result<Evaluated, Diagnostic> {
    let evaluated = evaluate_value(file)?;
    if !evaluated.config.is_object() {
        return Err(Diagnostic::error(file, "the Docusaurus config does not export an object (or a function returning one)"));
    }
    Ok(evaluated)
}

fn evaluate_value(file: &Path) -> Result<Evaluated, Diagnostic> {
    let file = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
    let site_dir = file.parent().unwrap_or(Path::new("."));
    let ts = file.extension().is_some_and(|e| e == "ts" || e == "mts");
    let mut cmd = Command::new("node");
    if ts {
        cmd.arg("--experimental-strip-types").arg("--no-warnings");
    }
    cmd.arg("--input-type=module").arg("-e").arg(SCRIPT).arg(&file);
    cmd.current_dir(site_dir).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().map_err(|e| {
        Diagnostic::error(&file, format!("cannot run Node to read the Docusaurus config: {e}")).hint("install Node.js (20 or newer), or write a docsite.toml")
    })?;
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > TIME_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Diagnostic::error(&file, format!("evaluating the Docusaurus config took more than {} s; stopped", TIME_LIMIT.as_secs()))
                    .hint("the config must not wait on the network or a server; or write a docsite.toml"));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(Diagnostic::error(&file, format!("waiting for Node: {e}"))),
        }
    };
    let stdout = reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    if !status.success() {
        let first = stderr.lines().take(6).collect::<Vec<_>>().join("\n    ");
        let mut d = Diagnostic::error(&file, format!("the Docusaurus config failed in Node:\n    {first}"));
        d = if ts && stderr.contains("strip-types") {
            d.hint("reading docusaurus.config.ts needs Node 22.6 or newer; or write a docsite.toml")
        } else {
            d.hint("run `npm ci` in the site folder if the config imports named values from packages; or write a docsite.toml (`docsite migrate` writes one)")
        };
        return Err(d);
    }
    let v: Value = serde_json::from_str(&stdout).map_err(|e| Diagnostic::error(&file, format!("the Docusaurus config did not evaluate to JSON: {e}")))?;
    let unresolved = v.get("unresolved").and_then(Value::as_array).map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default();
    let config = v.get("config").cloned().unwrap_or(Value::Null);
    Ok(Evaluated { config, unresolved })
}

/// Runs any JavaScript or TypeScript module of the site (a `sidebars.js`) in Node, the way
/// [`evaluate`] runs the config, and returns its exported value; errors call it `what`.
pub fn evaluate_module(file: &Path, what: &str) -> Result<Value, Diagnostic> {
    match evaluate_value(file) {
        Ok(v) => Ok(v.config),
        Err(mut d) => {
            d.message = d.message.replace("the Docusaurus config", &format!("the {what}")).replace("Docusaurus config", what);
            Err(d)
        }
    }
}

/// A Docusaurus config in the shape of `docsite.toml`, with a warning per ignored key.
#[derive(Debug)]
pub struct Mapped {
    /// The `docsite.toml` keys, as JSON.
    pub config: Value,
    /// One warning per key docsite does not use (or uses differently), with the reason.
    pub warnings: Vec<Diagnostic>,
}

/// Maps a Docusaurus config onto `docsite.toml` keys. `file` is named by the warnings.
pub fn map(file: &Path, dc: &Value) -> Mapped {
    let mut m = Mapper { file, warnings: Vec::new() };
    let config = m.root(dc);
    Mapped { config, warnings: m.warnings }
}

/// Writes the mapped config as `docsite.toml` text.
pub fn to_toml(mapped: &Value) -> Result<String, String> {
    let value = toml::Value::try_from(mapped).map_err(|e| e.to_string())?;
    toml::to_string_pretty(&value).map_err(|e| e.to_string())
}

struct Mapper<'a> {
    file: &'a Path,
    warnings: Vec<Diagnostic>,
}

/// Keys used only by `docusaurus deploy` or by Docusaurus's own tooling.
const DEPLOY_KEYS: &[&str] = &["organizationName", "projectName", "deploymentBranch", "githubHost", "githubPort", "noIndex", "titleDelimiter", "baseUrlIssueBanner", "future", "headTags", "clientModules", "ssrTemplate", "webpack", "trailingSlash", "onDuplicateRoutes"];

impl Mapper<'_> {
    fn warn(&mut self, key: &str, reason: &str) {
        self.warnings.push(Diagnostic::error(self.file, format!("`{key}` is ignored: {reason}")).with_severity(crate::diagnostics::Severity::Warning));
    }

    fn root(&mut self, dc: &Value) -> Value {
        let mut out = Map::new();
        // Docusaurus's pages plugin reads `src/pages` unless the preset says otherwise.
        out.insert("pagesPath".into(), json!("src/pages"));
        let mut docs = Map::new();
        let mut search = Map::new();
        let empty = Map::new();
        let obj = dc.as_object().unwrap_or(&empty);
        for (key, v) in obj {
            match key.as_str() {
                "title" | "tagline" | "url" | "baseUrl" | "favicon" | "customFields" => {
                    out.insert(key.clone(), v.clone());
                }
                "staticDirectories" => {
                    if v.as_array().is_some_and(|a| a.iter().all(|d| d.as_str().is_some())) {
                        out.insert(key.clone(), v.clone());
                    } else {
                        self.warn(key, "must be a list of folder names");
                    }
                }
                "scripts" => {
                    let scripts = self.scripts(v);
                    out.insert("scripts".into(), Value::Array(scripts));
                }
                "onBrokenLinks" | "onBrokenAnchors" => {
                    if let Some(p) = self.problem(key, v) {
                        merge_lenient(&mut docs, key, p);
                    }
                }
                "markdown" => self.markdown(v, &mut docs),
                "presets" => self.presets(v, &mut out, &mut docs),
                "themes" => self.themes(v),
                "plugins" => self.plugins(v, &mut out),
                "themeConfig" => self.theme_config(v, &mut out, &mut search),
                "i18n" => {
                    let locales = v.get("locales").and_then(Value::as_array).map(Vec::len).unwrap_or(1);
                    if locales > 1 {
                        self.warn("i18n.locales", "docsite builds one language; only `defaultLocale` is built");
                    }
                }
                "stylesheets" => self.warn(key, "extra stylesheets are not supported; use `customCss` of the classic preset's theme options"),
                k if DEPLOY_KEYS.contains(&k) => self.warn(key, "used by `docusaurus deploy` or Docusaurus's own bundler, not by a docsite build"),
                _ => self.warn(key, "not a key docsite knows"),
            }
        }
        // Docusaurus writes no page at a version's root unless a doc is there.
        docs.insert("versionRoots".into(), json!(false));
        // Docusaurus 3's defaults, not docsite.toml's (which throws on a broken anchor): a
        // Docusaurus site builds the way it does under `docusaurus start`. Written out so
        // that `docsite migrate` keeps them.
        docs.entry("onBrokenLinks").or_insert(json!("throw"));
        docs.entry("onBrokenAnchors").or_insert(json!("warn"));
        out.insert("docs".into(), Value::Object(docs));
        if !search.is_empty() {
            out.insert("search".into(), Value::Object(search));
        }
        Value::Object(out)
    }

    fn problem(&mut self, key: &str, v: &Value) -> Option<Value> {
        match v.as_str() {
            Some("throw" | "warn" | "ignore") => Some(v.clone()),
            // docsite has no "info" level: `log` reports the problem without failing.
            Some("log") => Some(json!("warn")),
            _ => {
                self.warn(key, "must be one of throw, warn, log, ignore");
                None
            }
        }
    }

    fn scripts(&mut self, v: &Value) -> Vec<Value> {
        let mut out = Vec::new();
        for (i, s) in v.as_array().into_iter().flatten().enumerate() {
            match s {
                Value::String(_) => out.push(s.clone()),
                Value::Object(o) if o.get("src").is_some_and(Value::is_string) => {
                    let mut t = Map::new();
                    t.insert("src".into(), o["src"].clone());
                    if o.get("defer").and_then(Value::as_bool) == Some(true) {
                        t.insert("defer".into(), json!(true));
                    }
                    for k in o.keys().filter(|k| !["src", "defer", "async"].contains(&k.as_str())) {
                        self.warn(&format!("scripts[{i}].{k}"), "only `src` and `defer` are used");
                    }
                    out.push(Value::Object(t));
                }
                _ => self.warn(&format!("scripts[{i}]"), "a script is a URL or an object with `src`"),
            }
        }
        out
    }

    fn markdown(&mut self, v: &Value, docs: &mut Map<String, Value>) {
        for (k, v) in v.as_object().into_iter().flatten() {
            match k.as_str() {
                "mermaid" => {
                    if v.as_bool() == Some(false) {
                        self.warn("markdown.mermaid", "docsite always renders `mermaid` code blocks as diagrams");
                    }
                }
                "hooks" => {
                    for (h, hv) in v.as_object().into_iter().flatten() {
                        if h == "onBrokenMarkdownLinks" {
                            // docsite checks links to routes and to Markdown files with one
                            // setting: the more lenient of the two wins.
                            if let Some(p) = self.problem("markdown.hooks.onBrokenMarkdownLinks", hv) {
                                merge_lenient(docs, "onBrokenLinks", p);
                            }
                        } else {
                            self.warn(&format!("markdown.hooks.{h}"), "not a hook docsite knows");
                        }
                    }
                }
                "format" if v.as_str() != Some("mdx") && v.as_str() != Some("detect") => {
                    self.warn("markdown.format", "docsite reads every file as Markdown with the MDX subset of the guide")
                }
                "format" => {}
                _ => self.warn(&format!("markdown.{k}"), "not a Markdown option docsite knows"),
            }
        }
    }

    fn presets(&mut self, v: &Value, out: &mut Map<String, Value>, docs: &mut Map<String, Value>) {
        for (i, p) in v.as_array().into_iter().flatten().enumerate() {
            let (name, opts) = plugin_parts(p);
            if !name.contains("preset-classic") {
                self.warn(&format!("presets[{i}]"), &format!("the preset `{name}` is not supported; docsite reads the classic preset's options"));
                continue;
            }
            // The classic preset's blog plugin is on unless its options say `blog: false`.
            out.insert("blog".into(), json!({}));
            for (k, o) in opts.as_object().into_iter().flatten() {
                match k.as_str() {
                    "docs" => self.docs(o, docs),
                    "theme" => {
                        for (tk, tv) in o.as_object().into_iter().flatten() {
                            if tk == "customCss" {
                                let list: Vec<Value> = match tv {
                                    Value::Array(a) => a.clone(),
                                    Value::String(_) => vec![tv.clone()],
                                    _ => Vec::new(),
                                };
                                let list: Vec<Value> = list.into_iter().filter(Value::is_string).map(|s| json!(s.as_str().unwrap_or_default().trim_start_matches("./"))).collect();
                                out.insert("customCss".into(), Value::Array(list));
                            } else {
                                self.warn(&format!("presets[{i}].theme.{tk}"), "not a theme option docsite knows");
                            }
                        }
                    }
                    "gtag" => {
                        if let Some(o) = o.as_object() {
                            let mut g = Map::new();
                            if let Some(id) = o.get("trackingID") {
                                let id = match id {
                                    Value::Array(a) => a.first().cloned().unwrap_or(Value::Null),
                                    other => other.clone(),
                                };
                                g.insert("trackingID".into(), id);
                            }
                            if let Some(a) = o.get("anonymizeIP") {
                                g.insert("anonymizeIP".into(), a.clone());
                            }
                            out.insert("gtag".into(), Value::Object(g));
                        }
                    }
                    "blog" if o.as_bool() == Some(false) => {
                        out.remove("blog");
                    }
                    "blog" => self.blog(i, o, out),
                    "pages" if o.as_bool() == Some(false) => {
                        out.insert("pagesPath".into(), json!(""));
                    }
                    "pages" => {
                        for (pk, pv) in o.as_object().into_iter().flatten() {
                            match (pk.as_str(), pv.as_str()) {
                                ("path", Some(path)) => {
                                    out.insert("pagesPath".into(), json!(path.trim_start_matches("./")));
                                }
                                _ => self.warn(&format!("presets[{i}].pages.{pk}"), "docsite reads only the pages plugin's `path`"),
                            }
                        }
                    }
                    "sitemap" => {}
                    _ => self.warn(&format!("presets[{i}].{k}"), "not a classic preset option docsite knows"),
                }
            }
        }
    }

    /// The classic preset's `blog` options onto `[blog]`.
    fn blog(&mut self, i: usize, o: &Value, out: &mut Map<String, Value>) {
        let mut blog = Map::new();
        for (k, v) in o.as_object().into_iter().flatten() {
            let key = format!("presets[{i}].blog.{k}");
            match (k.as_str(), v) {
                ("path" | "routeBasePath", Value::String(s)) => {
                    blog.insert(k.clone(), json!(s.trim_start_matches("./")));
                }
                ("blogTitle" | "blogDescription", Value::String(_)) => {
                    blog.insert(k.clone(), v.clone());
                }
                ("postsPerPage", Value::Number(n)) if n.as_u64().is_some_and(|n| n > 0) => {
                    blog.insert(k.clone(), v.clone());
                }
                // `'ALL'`: every post on one page.
                ("postsPerPage", Value::String(s)) if s == "ALL" => {
                    blog.insert(k.clone(), json!(0));
                }
                ("path" | "routeBasePath" | "blogTitle" | "blogDescription", _) => self.warn(&key, "must be a string"),
                ("postsPerPage", _) => self.warn(&key, "must be a positive number or 'ALL'"),
                _ => self.warn(&key, "not a blog option docsite knows (it reads path, routeBasePath, postsPerPage, blogTitle and blogDescription)"),
            }
        }
        out.insert("blog".into(), Value::Object(blog));
    }

    fn docs(&mut self, o: &Value, docs: &mut Map<String, Value>) {
        for (k, v) in o.as_object().into_iter().flatten() {
            match k.as_str() {
                "path" | "sidebarPath" | "routeBasePath" => {
                    if let Some(s) = v.as_str() {
                        docs.insert(k.clone(), json!(s.trim_start_matches("./")));
                    } else if v.as_bool() == Some(false) && k == "sidebarPath" {
                        self.warn("docs.sidebarPath", "`false` (no sidebars) is not supported; the docs get an autogenerated sidebar");
                    } else {
                        self.warn(&format!("docs.{k}"), "must be a string");
                    }
                }
                "lastVersion" | "showLastUpdateAuthor" | "showLastUpdateTime" => {
                    docs.insert(k.clone(), v.clone());
                }
                "versions" => {
                    let mut vs = Map::new();
                    for (name, opts) in v.as_object().into_iter().flatten() {
                        let mut t = Map::new();
                        for (ok, ov) in opts.as_object().into_iter().flatten() {
                            match ok.as_str() {
                                "label" | "path" | "banner" => {
                                    t.insert(ok.clone(), ov.clone());
                                }
                                _ => self.warn(&format!("docs.versions.{name}.{ok}"), "not a version option docsite knows"),
                            }
                        }
                        vs.insert(name.clone(), Value::Object(t));
                    }
                    docs.insert("versions".into(), Value::Object(vs));
                }
                "editUrl" => match v {
                    Value::String(_) => {
                        docs.insert("editUrl".into(), v.clone());
                    }
                    _ => self.warn("docs.editUrl", "only a string is supported (a function cannot be called at build time); write the URL prefix"),
                },
                "include" | "exclude" | "remarkPlugins" | "rehypePlugins" | "beforeDefaultRemarkPlugins" | "beforeDefaultRehypePlugins" => {
                    self.warn(&format!("docs.{k}"), "docsite reads every .md/.mdx file of the docs folder and renders Markdown with its own pipeline")
                }
                _ => self.warn(&format!("docs.{k}"), "not a docs option docsite knows"),
            }
        }
    }

    fn themes(&mut self, v: &Value) {
        for (i, t) in v.as_array().into_iter().flatten().enumerate() {
            let (name, _) = plugin_parts(t);
            if name != "@docusaurus/theme-mermaid" {
                self.warn(&format!("themes[{i}]"), &format!("the theme `{name}` is not supported; docsite uses its own theme"));
            }
        }
    }

    fn plugins(&mut self, v: &Value, out: &mut Map<String, Value>) {
        for (i, p) in v.as_array().into_iter().flatten().enumerate() {
            let (name, opts) = plugin_parts(p);
            if name == "@docusaurus/plugin-client-redirects" {
                let mut redirects = Vec::new();
                for (j, r) in opts.get("redirects").and_then(Value::as_array).into_iter().flatten().enumerate() {
                    let to = r.get("to").and_then(Value::as_str);
                    let froms: Vec<&str> = match r.get("from") {
                        Some(Value::String(s)) => vec![s.as_str()],
                        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
                        _ => Vec::new(),
                    };
                    match to {
                        Some(to) if !froms.is_empty() => redirects.extend(froms.into_iter().map(|f| json!({"from": f, "to": to}))),
                        _ => self.warn(&format!("plugins[{i}].redirects[{j}]"), "a redirect needs `from` and `to`"),
                    }
                }
                for k in opts.as_object().into_iter().flatten().map(|(k, _)| k).filter(|k| *k != "redirects") {
                    self.warn(&format!("plugins[{i}].{k}"), "only `redirects` of the client-redirects plugin is supported");
                }
                out.insert("redirects".into(), Value::Array(redirects));
            } else {
                self.warn(&format!("plugins[{i}]"), &format!("the plugin `{name}` is not supported"));
            }
        }
    }

    fn theme_config(&mut self, v: &Value, out: &mut Map<String, Value>, search: &mut Map<String, Value>) {
        for (k, tv) in v.as_object().into_iter().flatten() {
            let key = format!("themeConfig.{k}");
            match k.as_str() {
                "navbar" => {
                    let mut nav = tv.clone();
                    if let Some(o) = nav.as_object_mut() {
                        for extra in ["style"] {
                            if o.remove(extra).is_some() {
                                self.warn(&format!("{key}.{extra}"), "the navbar follows the colour mode");
                            }
                        }
                    }
                    out.insert("navbar".into(), nav);
                }
                "footer" => {
                    let footer = tv.clone();
                    out.insert("footer".into(), footer);
                }
                "announcementBar" | "colorMode" | "tableOfContents" | "image" => {
                    out.insert(k.clone(), tv.clone());
                }
                "algolia" => {
                    let mut a = tv.clone();
                    if let Some(o) = a.as_object_mut() {
                        for extra in ["searchParameters", "insights"] {
                            match o.remove(extra) {
                                Some(Value::Object(p)) if p.is_empty() => {}
                                Some(Value::Bool(false)) | None => {}
                                Some(_) => self.warn(&format!("{key}.{extra}"), "extra DocSearch parameters are not passed on"),
                            }
                        }
                    }
                    search.insert("algolia".into(), a);
                }
                "prism" => {
                    for (pk, pv) in tv.as_object().into_iter().flatten() {
                        match pk.as_str() {
                            "additionalLanguages" => {
                                for lang in pv.as_array().into_iter().flatten().filter_map(Value::as_str) {
                                    if crate::highlight::grammar_for(lang).is_none() {
                                        self.warn(&format!("{key}.additionalLanguages"), &format!("docsite has no highlighting for `{lang}`; its code blocks are shown as plain text"));
                                    }
                                }
                            }
                            "theme" | "darkTheme" => self.warn(&format!("{key}.{pk}"), "code colours come from docsite's theme (light and dark)"),
                            _ => self.warn(&format!("{key}.{pk}"), "not a prism option docsite knows"),
                        }
                    }
                }
                "mermaid" => self.warn(&key, "diagrams use docsite's mermaid settings"),
                "metadata" => self.warn(&key, "extra meta tags are not supported"),
                "docs" => self.warn(&key, "sidebar behaviour options are not supported"),
                _ => self.warn(&key, "not a theme option docsite knows"),
            }
        }
    }
}

/// `"name"` or `["name", options]` of a preset, theme or plugin.
fn plugin_parts(p: &Value) -> (String, Value) {
    match p {
        Value::String(s) => (s.clone(), Value::Null),
        Value::Array(a) => (a.first().and_then(Value::as_str).unwrap_or("?").to_string(), a.get(1).cloned().unwrap_or(Value::Null)),
        Value::Object(o) if o.contains_key("$function") => (format!("function {}", o["$function"].as_str().unwrap_or("")), Value::Null),
        _ => ("?".into(), Value::Null),
    }
}

/// Sets `docs.<key>` to `p` unless it already holds a more lenient setting.
fn merge_lenient(docs: &mut Map<String, Value>, key: &str, p: Value) {
    let rank = |v: &Value| match v.as_str() {
        Some("ignore") => 0,
        Some("warn") => 1,
        _ => 2,
    };
    match docs.get(key) {
        Some(old) if rank(old) <= rank(&p) => {}
        _ => {
            docs.insert(key.into(), p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mapped(preset_options: Value) -> Mapped {
        let dc = json!({ "title": "T", "url": "https://example.org", "presets": [["@docusaurus/preset-classic", preset_options]] });
        map(Path::new("docusaurus.config.js"), &dc)
    }

    #[test]
    fn the_classic_preset_has_a_blog_unless_it_says_false() {
        assert_eq!(mapped(json!({})).config["blog"], json!({}));
        assert!(mapped(json!({ "blog": false })).config.get("blog").is_none());
    }

    #[test]
    fn broken_links_and_anchors_default_to_docusaurus_3s_settings() {
        let m = mapped(json!({}));
        assert_eq!(m.config["docs"]["onBrokenLinks"], json!("throw"));
        assert_eq!(m.config["docs"]["onBrokenAnchors"], json!("warn"));
        let dc = json!({ "title": "T", "url": "https://example.org", "onBrokenAnchors": "throw", "onBrokenLinks": "ignore" });
        let m = map(Path::new("docusaurus.config.js"), &dc);
        assert_eq!(m.config["docs"]["onBrokenLinks"], json!("ignore"));
        assert_eq!(m.config["docs"]["onBrokenAnchors"], json!("throw"));
    }

    #[test]
    fn blog_options_map_onto_the_blog_table_with_a_warning_per_unknown_key() {
        let m = mapped(json!({ "blog": { "path": "./news", "routeBasePath": "news", "postsPerPage": "ALL", "blogTitle": "News", "showReadingTime": true } }));
        assert_eq!(m.config["blog"], json!({ "path": "news", "routeBasePath": "news", "postsPerPage": 0, "blogTitle": "News" }));
        let warnings: Vec<String> = m.warnings.iter().map(|w| w.message.clone()).collect();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("presets[0].blog.showReadingTime"), "{warnings:?}");
    }
}
