//! Docusaurus configuration: a site with `docusaurus.config.{js,mjs,cjs,ts}` and no
//! `docsite.toml` is configured from it.
//!
//! The config is JavaScript (plugins, `require`, the environment, a function), so Node
//! evaluates it ([`evaluate`], the script `docusaurus-config.mjs`, with a time limit) and
//! prints it as JSON; [`map`] then turns every key docsite knows into the shape of
//! `docsite.toml` and lists every key it ignores as a warning that says why. The mapped value
//! is deserialised into `config::RawConfig` exactly like a `docsite.toml`, and
//! `docsite migrate` writes it out as one ([`to_toml`]).

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use crate::diagnostics::Diagnostic;

/// The Docusaurus config file names, in the order Docusaurus looks for them.
pub const CONFIG_FILES: &[&str] = &["docusaurus.config.js", "docusaurus.config.mjs", "docusaurus.config.cjs", "docusaurus.config.ts", "docusaurus.config.mts", "docusaurus.config.cts"];

/// How long the config may take to evaluate.
const TIME_LIMIT: Duration = Duration::from_secs(30);

/// Most bytes of JSON read from Node (a site's config is a few kilobytes): past it the
/// evaluation is stopped and is an error naming the file.
const OUTPUT_LIMIT: u64 = 32 << 20;
/// Most bytes of Node's error output kept (only its first lines are shown).
const ERROR_LIMIT: u64 = 64 << 10;

pub(crate) const SCRIPT: &str = include_str!("docusaurus-config.mjs");

/// The Docusaurus config file of a site, if it has one.
pub fn find(site_dir: &Path) -> Option<PathBuf> {
    CONFIG_FILES.iter().map(|f| site_dir.join(f)).find(|p| p.is_file())
}

/// The config as Node evaluated it, and the packages it uses that are not installed (their
/// values are `{"$unresolved": "pkg.path"}`).
#[derive(Debug, Clone)]
pub struct Evaluated {
    /// The exported config (a function's result), as JSON.
    pub config: Value,
    /// Packages that could not be resolved.
    pub unresolved: Vec<String>,
}

/// The evaluator script as a file of a fresh private temporary folder (removed when the
/// returned guard is dropped). Node runs a `-e` script as an eval module, under which some
/// configs never finish loading (redux's, through remark-typescript-tools, waits forever);
/// as a file it loads as under Docusaurus's CLI. `None` when no temporary file can be
/// written: `-e` then. Nothing is written in the site.
fn script_file() -> Option<(tempfile::TempDir, PathBuf)> {
    let dir = tempfile::Builder::new().prefix("docsite-node-").tempdir().ok()?;
    let path = dir.path().join("docusaurus-config.mjs");
    std::fs::write(&path, SCRIPT).ok()?;
    Some((dir, path))
}

/// Runs the config file in Node (working directory: the site) and returns its value; inside
/// [`Evaluations::around`], the value kept from an earlier run of the same bytes.
pub fn evaluate(file: &Path) -> Result<Evaluated, Diagnostic> {
    let bytes = std::fs::read(file).ok();
    if let Some(kept) = bytes.as_ref().and_then(|b| KEPT.with_borrow(|k| k.as_ref()?.get(file).filter(|(was, _)| was == b).map(|(_, e)| e.clone()))) {
        return Ok(kept);
    }
    let evaluated = evaluate_value(file)?;
    if !evaluated.config.is_object() {
        return Err(Diagnostic::error(file, "the Docusaurus config does not export an object (or a function returning one)"));
    }
    if let Some(bytes) = bytes {
        KEPT.with_borrow_mut(|k| k.as_mut().map(|k| k.insert(file.to_path_buf(), (bytes, evaluated.clone()))));
    }
    Ok(evaluated)
}

thread_local! {
    /// The evaluations of the [`Evaluations`] being used on this thread, if any.
    static KEPT: std::cell::RefCell<Option<HashMap<PathBuf, (Vec<u8>, Evaluated)>>> = const { std::cell::RefCell::new(None) };
}

/// Evaluated configs kept between the rebuilds of one `docsite dev` session, by file and
/// bytes. Evaluating a config takes Node ~250 ms (the standard's site), most of a rebuild
/// after a sidebar edit or a new doc. As in `docusaurus start`, which reloads the config
/// when the config file changes and not when a doc does, the session [`forget`]s them when a
/// rebuild's changes are not all docs and sidebars (the config may import any other file).
///
/// [`forget`]: Evaluations::forget
#[derive(Debug, Default)]
pub struct Evaluations(HashMap<PathBuf, (Vec<u8>, Evaluated)>);

impl Evaluations {
    /// Runs `work` (on this thread) with these evaluations reused and added to by [`evaluate`].
    pub fn around<T>(&mut self, work: impl FnOnce() -> T) -> T {
        KEPT.with_borrow_mut(|k| *k = Some(std::mem::take(&mut self.0)));
        let result = work();
        self.0 = KEPT.with_borrow_mut(|k| k.take()).unwrap_or_default();
        result
    }

    /// Drops every kept evaluation: the next [`evaluate`] runs Node again.
    pub fn forget(&mut self) {
        self.0.clear();
    }
}

fn evaluate_value(file: &Path) -> Result<Evaluated, Diagnostic> {
    let file = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
    let site_dir = file.parent().unwrap_or(Path::new("."));
    let ts = file.extension().is_some_and(|e| e == "ts" || e == "mts" || e == "cts");
    let mut cmd = Command::new("node");
    // A site with jiti installed has its TypeScript config loaded by it, as Docusaurus does,
    // on any Node version; without it, Node 22.6+ strips the types itself.
    if ts && !has_jiti(site_dir) {
        cmd.arg("--experimental-strip-types").arg("--no-warnings");
    }
    let script = script_file();
    match &script {
        Some((_, path)) => cmd.arg(path),
        None => cmd.arg("--input-type=module").arg("-e").arg(SCRIPT),
    };
    cmd.arg(&file);
    cmd.current_dir(site_dir).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().map_err(|e| {
        Diagnostic::error(&file, format!("cannot run Node to read the Docusaurus config: {e}")).hint("install Node.js (20 or newer), or write a docsite.toml")
    })?;
    let out = child.stdout.take().expect("piped");
    let err = child.stderr.take().expect("piped");
    // Both streams are read up to a bound: a config printing without end must not take
    // the memory with it. Past the bound the reader stops; the loop below stops Node.
    let too_long = Arc::new(AtomicBool::new(false));
    let flag = too_long.clone();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = out.take(OUTPUT_LIMIT + 1).read_to_end(&mut bytes);
        if bytes.len() as u64 > OUTPUT_LIMIT {
            flag.store(true, Ordering::Relaxed);
        }
        bytes
    });
    let err_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let mut err = err;
        let _ = (&mut err).take(ERROR_LIMIT).read_to_end(&mut bytes);
        // The rest is drained so that Node never blocks on a full pipe.
        let _ = std::io::copy(&mut err, &mut std::io::sink());
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let start = Instant::now();
    let status = loop {
        if too_long.load(Ordering::Relaxed) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(output_too_long(&file));
        }
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
    if too_long.load(Ordering::Relaxed) {
        return Err(output_too_long(&file));
    }
    if !status.success() {
        let first = stderr.lines().take(6).collect::<Vec<_>>().join("\n    ");
        let mut d = Diagnostic::error(&file, format!("the Docusaurus config failed in Node:\n    {first}"));
        d = if ts && stderr.contains("strip-types") {
            d.hint("install the site's packages (Docusaurus loads TypeScript configs with jiti, which @docusaurus/core brings), or use Node 22.6 or newer; or write a docsite.toml")
        } else if let Some((cmd, dir)) = crate::site_code::missing_install(site_dir) {
            d.hint(format!("the site's packages are not installed: run `{cmd}` in {} (the config imports from them); or write a docsite.toml (`docsite migrate` writes one)", dir.display()))
        } else {
            d.hint("write a docsite.toml (`docsite migrate` writes one) if the config cannot run here")
        };
        return Err(d);
    }
    let v: Value = serde_json::from_slice(&stdout).map_err(|e| Diagnostic::error(&file, format!("the Docusaurus config did not evaluate to JSON: {e}")))?;
    let unresolved = v.get("unresolved").and_then(Value::as_array).map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default();
    let config = v.get("config").cloned().unwrap_or(Value::Null);
    Ok(Evaluated { config, unresolved })
}

/// Whether Node would find `jiti` for the site: through `@docusaurus/utils` (which
/// depends on it) or directly, in the site's `node_modules` or a folder above.
fn has_jiti(site_dir: &Path) -> bool {
    site_dir.ancestors().any(|dir| ["@docusaurus/utils/package.json", "jiti/package.json"].iter().any(|p| dir.join("node_modules").join(p).is_file()))
}

fn output_too_long(file: &Path) -> Diagnostic {
    Diagnostic::error(file, format!("evaluating the Docusaurus config printed more than {} MB; stopped", OUTPUT_LIMIT >> 20))
        .hint("a config is a few kilobytes of settings: one that builds large values (or prints to stdout) cannot be read; or write a docsite.toml")
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
    /// What docsite cannot build as Docusaurus would: a plugin instance that routes pages
    /// the engine cannot make (a second docs instance). A build with these fails.
    pub errors: Vec<Diagnostic>,
    /// The content plugins with remark or rehype plugins of the site's own.
    pub markdown_plugins: Vec<MarkdownPlugins>,
}

/// A content plugin (docs instance, blog or pages) whose options give remark or rehype
/// plugins (`remarkPlugins`, `rehypePlugins`, `beforeDefaultRemarkPlugins`,
/// `beforeDefaultRehypePlugins`). Those are functions the config imports: only the MDX
/// compiler can run them, so every Markdown file of that plugin takes the MDX path, where the
/// site code build evaluates the config again and finds them at [`MarkdownPlugins::at`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkdownPlugins {
    /// Whose Markdown they apply to.
    pub content: PluginContent,
    /// Where the plugin's options object is in the evaluated config (keys and indexes,
    /// after wrapper presets are expanded as the evaluator expands them):
    /// `["presets", 0, 1, "docs"]`, `["plugins", 2, 1]`.
    pub at: Vec<Value>,
    /// The config key shown to readers (`presets[0].docs`, `plugins[2]`).
    pub key: String,
}

/// The content plugin a [`MarkdownPlugins`] belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PluginContent {
    /// The docs instance with this id (`default` for `[docs]`).
    Docs(String),
    /// The blog (its posts).
    Blog,
    /// The pages plugin (its Markdown pages).
    Pages,
}

/// The options of a content plugin that hold remark and rehype plugins.
const MARKDOWN_PLUGIN_KEYS: &[&str] = &["remarkPlugins", "rehypePlugins", "beforeDefaultRemarkPlugins", "beforeDefaultRehypePlugins"];

/// Maps a Docusaurus config onto `docsite.toml` keys. `file` is named by the warnings.
///
/// `schema` is the JSON Schema of `docsite.toml` (`RawConfig`'s, given by the config stage,
/// which owns the type): a key it does not declare is pruned with a warning.
pub fn map(file: &Path, dc: &Value, schema: &Value) -> Mapped {
    let mut m = Mapper { file, warnings: Vec::new(), errors: Vec::new(), instances: Vec::new(), markdown_plugins: Vec::new() };
    let mut config = m.root(dc);
    // What changed between Docusaurus 3 releases follows the site's installed Docusaurus.
    let version = installed_version(m.site_dir(), "@docusaurus/core");
    // Heading ids from a trailing `{/* #id */}` came with 3.10.
    if let Some(root) = config.as_object_mut().filter(|_| version.is_some_and(|v| v < (3, 10))) {
        root.insert("commentHeadingIds".into(), json!(false));
    }
    // Docusaurus 3.0 to 3.9 write no blog page at all for a blog without posts (3.10 and
    // later an empty list). Author pages came with 3.5.
    if let Some(blog) = config.get_mut("blog").and_then(Value::as_object_mut) {
        if version.is_some_and(|v| v < (3, 10)) {
            blog.insert("listWithoutPosts".into(), json!(false));
        }
        if version.is_some_and(|v| v < (3, 5)) {
            blog.insert("authorsPages".into(), json!(false));
        }
    }
    // A Docusaurus config is read the way Docusaurus reads it: a key docsite's own format
    // does not have (the navbar's own `className`, an item's `docsPluginId`, ...) is a warning, never a stop.
    let mut unknown = Vec::new();
    prune_unknown(&mut config, schema, schema, String::new(), &mut unknown);
    for key in unknown {
        let top = key.split(['.', '[']).next().unwrap_or_default();
        let shown = if THEME_CONFIG_KEYS.contains(&top) { format!("themeConfig.{key}") } else { key };
        m.warn(&shown, "not a key docsite knows");
    }
    Mapped { config, warnings: m.warnings, errors: m.errors, markdown_plugins: m.markdown_plugins }
}

/// The major and minor version of `package` as Node resolves it from the site folder (the
/// nearest `node_modules` holding it, in the folder or above it), or None when it is not
/// installed or its `package.json` has no readable version.
fn installed_version(site_dir: &Path, package: &str) -> Option<(u64, u64)> {
    let site_dir = if site_dir.as_os_str().is_empty() { Path::new(".") } else { site_dir };
    let site_dir = site_dir.canonicalize().ok()?;
    let manifest = site_dir.ancestors().map(|d| d.join("node_modules").join(package).join("package.json")).find(|p| p.is_file())?;
    let value: Value = serde_json::from_str(&std::fs::read_to_string(manifest).ok()?).ok()?;
    let mut parts = value.get("version")?.as_str()?.split(['.', '-']);
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

/// Writes the mapped config as `docsite.toml` text.
pub fn to_toml(mapped: &Value) -> Result<String, String> {
    let value = toml::Value::try_from(mapped).map_err(|e| e.to_string())?;
    toml::to_string_pretty(&value).map_err(|e| e.to_string())
}

/// What [`Mapper::instance`] made of a content plugin instance.
enum Instance {
    /// The site's docs (id `default`), blog or pages.
    Main,
    /// A docs instance with this id: an entry of `docsInstances`.
    Other(String),
    /// Not mapped (an error says why).
    Refused,
}

struct Mapper<'a> {
    file: &'a Path,
    warnings: Vec<Diagnostic>,
    errors: Vec<Diagnostic>,
    /// The content plugin instances mapped so far: (package, id, config key).
    instances: Vec<(&'static str, String, String)>,
    markdown_plugins: Vec<MarkdownPlugins>,
}

/// Keys used only by `docusaurus deploy` or by Docusaurus's own tooling.
const DEPLOY_KEYS: &[&str] = &["organizationName", "projectName", "deploymentBranch", "githubHost", "githubPort", "noIndex", "titleDelimiter", "baseUrlIssueBanner", "future", "headTags", "clientModules", "ssrTemplate", "webpack", "trailingSlash", "onDuplicateRoutes"];

impl Mapper<'_> {
    fn warn(&mut self, key: &str, reason: &str) {
        self.warnings.push(Diagnostic::error(self.file, format!("`{key}` is ignored: {reason}")).with_severity(crate::diagnostics::Severity::Warning));
    }

    fn site_dir(&self) -> &Path {
        self.file.parent().unwrap_or(Path::new("."))
    }

    /// Records a content plugin instance (`docs`, `blog` or `pages`), and whether docsite
    /// maps it: the first blog and pages instance (and the docs instance with id
    /// `default`) become the site's blog, pages and `[docs]`; a docs instance with another
    /// id becomes an entry of `docsInstances`. A second blog or pages instance routes pages
    /// docsite cannot make yet, and two instances with one id are what Docusaurus refuses:
    /// both are errors naming where the pages would have been (a build never drops pages
    /// without a word).
    fn instance(&mut self, package: &'static str, (key, at): (&str, Vec<Value>), opts: &Value) -> Instance {
        let id = opts.get("id").and_then(Value::as_str).unwrap_or("default").to_string();
        let docs = package == "@docusaurus/plugin-content-docs";
        let taken = self.instances.iter().find(|(p, other, _)| *p == package && (!docs || *other == id));
        if let Some((_, _, first)) = taken {
            let what = package.trim_start_matches("@docusaurus/plugin-content-");
            let folder = opts.get("path").and_then(Value::as_str).unwrap_or(match what {
                "docs" => "docs",
                "blog" => "blog",
                _ => "src/pages",
            });
            let routes = opts.get("routeBasePath").and_then(Value::as_str).map(|r| format!(", routes under /{}", r.trim_matches('/'))).unwrap_or_default();
            let d = if docs {
                Diagnostic::error(self.file, format!("`{key}`: a second docs instance with the id `{id}` (the first is `{first}`): the pages of its folder `{folder}`{routes} would be missing from the build"))
                    .hint("give each docs instance its own `id`, as Docusaurus requires")
            } else {
                Diagnostic::error(self.file, format!("`{key}`: a second {what} instance (id `{id}`; the first is `{first}`) is not supported yet: the pages of its folder `{folder}`{routes} would be missing from the build"))
                    .hint("docsite builds several docs instances but one blog and one pages instance; build this site with Docusaurus until several are supported")
            };
            self.errors.push(d);
            return Instance::Refused;
        }
        self.instances.push((package, id.clone(), key.to_string()));
        let has_plugins = MARKDOWN_PLUGIN_KEYS.iter().any(|k| opts.get(*k).and_then(Value::as_array).is_some_and(|list| !list.is_empty()));
        if has_plugins {
            let content = match package {
                "@docusaurus/plugin-content-docs" => PluginContent::Docs(id.clone()),
                "@docusaurus/plugin-content-blog" => PluginContent::Blog,
                _ => PluginContent::Pages,
            };
            self.markdown_plugins.push(MarkdownPlugins { content, at, key: key.to_string() });
        }
        if docs && id != "default" {
            Instance::Other(id)
        } else {
            Instance::Main
        }
    }

    /// A docs instance other than `default` onto an entry of `docsInstances`: its options
    /// read as `[docs]`'s are (warnings naming `key`), and without a `sidebarPath` the
    /// autogenerated sidebar Docusaurus gives it (`sidebarPath = ""`).
    fn docs_instance(&mut self, key: &str, id: String, opts: &Value, out: &mut Map<String, Value>) {
        let mut inst = Map::new();
        inst.insert("id".into(), json!(id));
        self.docs(key, opts, &mut inst);
        inst.entry("sidebarPath").or_insert(json!(""));
        let list = out.entry("docsInstances").or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut() {
            list.push(Value::Object(inst));
        }
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
                // Docusaurus 3's top-level spelling of `markdown.hooks.onBrokenMarkdownLinks`
                // (deprecated in 3.9, still read): the same merge.
                "onBrokenMarkdownLinks" => {
                    if let Some(p) = self.problem(key, v) {
                        merge_lenient(&mut docs, "onBrokenLinks", p);
                    }
                }
                "markdown" => self.markdown(v, &mut out, &mut docs),
                "presets" => self.presets(v, &mut out, &mut docs),
                "themes" => self.themes(v, &mut out),
                "plugins" => self.plugins(v, &mut out, &mut docs),
                "themeConfig" => self.theme_config(v, &mut out, &mut search),
                "i18n" => self.i18n(v, &mut out),
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

    /// `i18n`: the default locale becomes `locale`, the others `locales`, each with what
    /// Docusaurus fills in (`localeConfigs`, completed by the evaluator: label, direction,
    /// htmlLang, path) and the keys docsite builds them with (`baseUrl`, `translate`).
    fn i18n(&mut self, v: &Value, out: &mut Map<String, Value>) {
        let default = v.get("defaultLocale").and_then(Value::as_str).unwrap_or("en");
        let configs = v.get("localeConfigs");
        let locale = |code: &str| {
            let c = configs.and_then(|c| c.get(code));
            let text = |key: &str| c.and_then(|c| c.get(key)).and_then(Value::as_str);
            let mut l = Map::new();
            l.insert("code".into(), json!(code));
            l.insert("label".into(), json!(text("label").unwrap_or(code)));
            l.insert("direction".into(), json!(if text("direction") == Some("rtl") { "rtl" } else { "ltr" }));
            l.insert("htmlLang".into(), json!(text("htmlLang").unwrap_or(code)));
            for key in ["path", "baseUrl"] {
                if let Some(t) = text(key) {
                    l.insert(key.into(), json!(t));
                }
            }
            if let Some(t) = c.and_then(|c| c.get("translate")).and_then(Value::as_bool) {
                l.insert("translate".into(), json!(t));
            }
            Value::Object(l)
        };
        out.insert("locale".into(), locale(default));
        let others: Vec<Value> = v.get("locales").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).filter(|l| *l != default).map(locale).collect();
        if !others.is_empty() {
            out.insert("locales".into(), Value::Array(others));
        }
        if let Some(p) = v.get("path").and_then(Value::as_str) {
            out.insert("i18nPath".into(), json!(p));
        }
        for (k, _) in v.as_object().into_iter().flatten() {
            if !["defaultLocale", "locales", "localeConfigs", "path"].contains(&k.as_str()) {
                self.warn(&format!("i18n.{k}"), "not an i18n option docsite knows");
            }
        }
        for (code, c) in configs.and_then(Value::as_object).into_iter().flatten() {
            for (k, _) in c.as_object().into_iter().flatten() {
                if !["label", "direction", "htmlLang", "path", "baseUrl", "translate", "calendar"].contains(&k.as_str()) {
                    self.warn(&format!("i18n.localeConfigs.{code}.{k}"), "not a locale option docsite knows");
                } else if k == "calendar" && c[k].as_str().is_some_and(|cal| cal != "gregory") {
                    self.warn(&format!("i18n.localeConfigs.{code}.calendar"), "dates are shown in the Gregorian calendar");
                }
            }
        }
    }

    fn markdown(&mut self, v: &Value, out: &mut Map<String, Value>, docs: &mut Map<String, Value>) {
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
                "format" => match v.as_str() {
                    Some(format @ ("mdx" | "md" | "detect")) => drop(out.insert("markdownFormat".into(), json!(format))),
                    _ => self.errors.push(Diagnostic::error(self.file, format!("`markdown.format` must be \"mdx\", \"md\" or \"detect\", found {v}"))),
                },
                _ => self.warn(&format!("markdown.{k}"), "not a Markdown option docsite knows"),
            }
        }
    }

    fn presets(&mut self, v: &Value, out: &mut Map<String, Value>, docs: &mut Map<String, Value>) {
        for (i, p) in v.as_array().into_iter().flatten().enumerate() {
            let (name, opts) = plugin_parts(p);
            if package_name(&name, ModuleKind::Preset, self.site_dir()) != "@docusaurus/preset-classic" {
                self.warn(&format!("presets[{i}]"), &format!("the preset `{name}` is not supported (an installed preset is expanded into its plugins, as Docusaurus does; this one could not be found from the site); docsite reads the classic preset's options"));
                continue;
            }
            let key = format!("presets[{i}]");
            // The classic preset's docs, blog and pages plugins are on unless its options
            // say `false`.
            for (part, package) in [("docs", "@docusaurus/plugin-content-docs"), ("blog", "@docusaurus/plugin-content-blog"), ("pages", "@docusaurus/plugin-content-pages")] {
                let o = opts.get(part).cloned().unwrap_or(Value::Null);
                if o.as_bool() != Some(false) {
                    match self.instance(package, (&format!("{key}.{part}"), vec![json!("presets"), json!(i), json!(1), json!(part)]), &o) {
                        Instance::Main if part == "docs" => self.docs("docs", &o, docs),
                        Instance::Other(id) => self.docs_instance(&format!("{key}.{part}"), id, &o, out),
                        _ => {}
                    }
                }
            }
            out.insert("blog".into(), json!({}));
            for (k, o) in opts.as_object().into_iter().flatten() {
                match k.as_str() {
                    "docs" => {}
                    "theme" => self.theme_classic(&format!("{key}.theme"), o, out),
                    "gtag" => self.gtag(o, out),
                    "blog" if o.as_bool() == Some(false) => {
                        out.remove("blog");
                    }
                    "blog" => self.blog(&format!("{key}.blog"), o, out),
                    "pages" if o.as_bool() == Some(false) => {
                        out.insert("pagesPath".into(), json!(""));
                    }
                    "pages" => self.pages(&format!("{key}.pages"), o, out),
                    "sitemap" => {}
                    _ => self.warn(&format!("{key}.{k}"), "not a classic preset option docsite knows"),
                }
            }
        }
    }

    /// The classic theme's options (`customCss`), from the preset's `theme` or the
    /// `@docusaurus/theme-classic` theme.
    fn theme_classic(&mut self, key: &str, o: &Value, out: &mut Map<String, Value>) {
        for (tk, tv) in o.as_object().into_iter().flatten() {
            if tk == "customCss" {
                let list: Vec<Value> = match tv {
                    Value::Array(a) => a.clone(),
                    Value::String(_) => vec![tv.clone()],
                    _ => Vec::new(),
                };
                let site = self.site_dir().to_path_buf();
                let list: Vec<Value> = list.iter().filter_map(Value::as_str).map(|s| json!(site_path(&site, s))).collect();
                out.insert("customCss".into(), Value::Array(list));
            } else {
                self.warn(&format!("{key}.{tk}"), "not a theme option docsite knows");
            }
        }
    }

    /// The gtag plugin's options onto `[gtag]`.
    fn gtag(&mut self, o: &Value, out: &mut Map<String, Value>) {
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

    /// The pages plugin's options (its `path`).
    fn pages(&mut self, key: &str, o: &Value, out: &mut Map<String, Value>) {
        for (pk, pv) in o.as_object().into_iter().flatten() {
            match (pk.as_str(), pv.as_str()) {
                ("path", Some(path)) => {
                    out.insert("pagesPath".into(), json!(site_path(self.site_dir(), path)));
                }
                ("id", Some("default")) => {}
                // Recorded by `instance`: the MDX compiler runs them.
                (k, _) if MARKDOWN_PLUGIN_KEYS.contains(&k) => {}
                _ => self.warn(&format!("{key}.{pk}"), "docsite reads only the pages plugin's `path` and its remark and rehype plugins"),
            }
        }
    }

    /// The classic preset's `blog` options onto `[blog]`.
    fn blog(&mut self, prefix: &str, o: &Value, out: &mut Map<String, Value>) {
        let mut blog = Map::new();
        for (k, v) in o.as_object().into_iter().flatten() {
            let key = format!("{prefix}.{k}");
            match (k.as_str(), v) {
                ("path", Value::String(s)) => {
                    blog.insert(k.clone(), json!(site_path(self.site_dir(), s)));
                }
                ("routeBasePath", Value::String(s)) => {
                    blog.insert(k.clone(), json!(s.trim_start_matches("./")));
                }
                ("id", Value::String(s)) if s == "default" => {}
                // Recorded by `instance`: the MDX compiler runs them.
                (k, _) if MARKDOWN_PLUGIN_KEYS.contains(&k) => {}
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

    /// A docs plugin's options onto `[docs]` or an entry of `docsInstances`; warnings name
    /// the keys under `prefix` (`docs`, or the instance's `plugins[1]`).
    fn docs(&mut self, prefix: &str, o: &Value, docs: &mut Map<String, Value>) {
        for (k, v) in o.as_object().into_iter().flatten() {
            match k.as_str() {
                // Read by `instance`.
                "id" => {}
                "path" | "sidebarPath" | "routeBasePath" => {
                    if let Some(s) = v.as_str() {
                        let value = if k == "routeBasePath" { s.trim_start_matches("./").to_string() } else { site_path(self.site_dir(), s) };
                        docs.insert(k.clone(), json!(value));
                    } else if v.as_bool() == Some(false) && k == "sidebarPath" {
                        self.warn(&format!("{prefix}.sidebarPath"), "`false` (no sidebars) is not supported; the docs get an autogenerated sidebar");
                    } else {
                        self.warn(&format!("{prefix}.{k}"), "must be a string");
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
                                _ => self.warn(&format!("{prefix}.versions.{name}.{ok}"), "not a version option docsite knows"),
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
                    _ => self.warn(&format!("{prefix}.editUrl"), "only a string is supported (a function cannot be called at build time); write the URL prefix"),
                },
                // Checked as the docsite.toml keys are (an array of glob patterns).
                "include" | "exclude" => {
                    docs.insert(k.clone(), v.clone());
                }
                // Recorded by `instance`: the MDX compiler runs them.
                k if MARKDOWN_PLUGIN_KEYS.contains(&k) => {}
                _ => self.warn(&format!("{prefix}.{k}"), "not a docs option docsite knows"),
            }
        }
    }

    fn themes(&mut self, v: &Value, out: &mut Map<String, Value>) {
        for (i, t) in v.as_array().into_iter().flatten().enumerate() {
            let (name, opts) = plugin_parts(t);
            match package_name(&name, ModuleKind::Theme, self.site_dir()).as_str() {
                "@docusaurus/theme-mermaid" | "@docusaurus/theme-search-algolia" => {}
                "@docusaurus/theme-classic" => self.theme_classic(&format!("themes[{i}]"), &opts, out),
                _ => self.warn(&format!("themes[{i}]"), &format!("the theme `{name}` is not supported; docsite uses its own theme")),
            }
        }
    }

    fn plugins(&mut self, v: &Value, out: &mut Map<String, Value>, docs: &mut Map<String, Value>) {
        for (i, p) in v.as_array().into_iter().flatten().enumerate() {
            let (name, opts) = plugin_parts(p);
            let key = format!("plugins[{i}]");
            let at = vec![json!("plugins"), json!(i), json!(1)];
            match package_name(&name, ModuleKind::Plugin, self.site_dir()).as_str() {
                "@docusaurus/plugin-client-redirects" => self.redirects(i, &opts, out),
                "@docusaurus/plugin-content-docs" => {
                    match self.instance("@docusaurus/plugin-content-docs", (&key, at), &opts) {
                        Instance::Main => self.docs("docs", &opts, docs),
                        Instance::Other(id) => self.docs_instance(&key, id, &opts, out),
                        Instance::Refused => {}
                    }
                }
                "@docusaurus/plugin-content-blog" => {
                    if matches!(self.instance("@docusaurus/plugin-content-blog", (&key, at), &opts), Instance::Main) {
                        self.blog(&key, &opts, out);
                    }
                }
                "@docusaurus/plugin-content-pages" => {
                    if matches!(self.instance("@docusaurus/plugin-content-pages", (&key, at), &opts), Instance::Main) {
                        self.pages(&key, &opts, out);
                    }
                }
                "@docusaurus/plugin-google-gtag" => self.gtag(&opts, out),
                // docsite writes sitemap.xml itself.
                "@docusaurus/plugin-sitemap" => {}
                _ => self.warn(&key, &format!("the plugin `{name}` is not supported")),
            }
        }
    }

    fn redirects(&mut self, i: usize, opts: &Value, out: &mut Map<String, Value>) {
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
    }

    fn theme_config(&mut self, v: &Value, out: &mut Map<String, Value>, search: &mut Map<String, Value>) {
        for (k, tv) in v.as_object().into_iter().flatten() {
            let key = format!("themeConfig.{k}");
            match k.as_str() {
                "navbar" => {
                    let mut nav = tv.clone();
                    if let Some(o) = nav.as_object_mut() {
                        if o.get("style").and_then(Value::as_str).is_some_and(|s| s != "dark" && s != "primary") {
                            o.remove("style");
                            self.warn(&format!("{key}.style"), "must be `dark` or `primary`");
                        }
                    }
                    out.insert("navbar".into(), nav);
                }
                "footer" => {
                    let mut footer = tv.clone();
                    // Docusaurus's footer is light unless `style: 'dark'` (docsite.toml's default
                    // is dark).
                    if let Some(o) = footer.as_object_mut() {
                        o.entry("style").or_insert_with(|| json!("light"));
                    }
                    out.insert("footer".into(), footer);
                }
                "announcementBar" => {
                    // Docusaurus's default id (the key of a dismissed bar in local storage).
                    let mut bar = tv.clone();
                    if let Some(o) = bar.as_object_mut() {
                        o.entry("id").or_insert_with(|| json!("announcement-bar"));
                    }
                    out.insert(k.clone(), bar);
                }
                "colorMode" | "tableOfContents" | "image" => {
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
                            "theme" | "darkTheme" => match pv {
                                Value::Object(o) if o.contains_key("$unresolved") => {
                                    self.warn(&format!("{key}.{pk}"), "its package is not installed (run `npm install` in the site); code colours come from docsite's theme")
                                }
                                Value::Object(_) => {
                                    let prism = out.entry("prism").or_insert_with(|| json!({}));
                                    prism[pk.as_str()] = pv.clone();
                                }
                                _ => self.warn(&format!("{key}.{pk}"), "must be a Prism theme object (`plain` and `styles`, e.g. `themes.vsDark` of prism-react-renderer)"),
                            },
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

/// What a config entry names: Docusaurus resolves each kind's shorthands differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ModuleKind {
    Preset,
    Theme,
    Plugin,
}

impl ModuleKind {
    fn word(self) -> &'static str {
        match self {
            ModuleKind::Preset => "preset",
            ModuleKind::Theme => "theme",
            ModuleKind::Plugin => "plugin",
        }
    }
}

/// The packages of Docusaurus itself that docsite maps, by full name.
const KNOWN_PACKAGES: &[&str] = &[
    "@docusaurus/preset-classic",
    "@docusaurus/plugin-content-docs",
    "@docusaurus/plugin-content-blog",
    "@docusaurus/plugin-content-pages",
    "@docusaurus/plugin-client-redirects",
    "@docusaurus/plugin-sitemap",
    "@docusaurus/plugin-google-gtag",
    "@docusaurus/theme-classic",
    "@docusaurus/theme-mermaid",
    "@docusaurus/theme-search-algolia",
];

/// The package names Docusaurus tries for a preset, theme or plugin name, in its order
/// (`server/plugins/moduleShorthand.ts`): `classic` is `classic`, then
/// `@docusaurus/preset-classic`, then `docusaurus-preset-classic`; `@scope` is
/// `@scope/docusaurus-preset`; `@scope/x` is `@scope/x`, then `@scope/docusaurus-preset-x`.
fn name_patterns(name: &str, kind: ModuleKind) -> Vec<String> {
    let word = kind.word();
    match name.strip_prefix('@') {
        Some(scoped) => match scoped.split_once('/') {
            None => vec![format!("{name}/docusaurus-{word}")],
            Some((scope, package)) => vec![name.to_string(), format!("@{scope}/docusaurus-{word}-{package}")],
        },
        None => vec![name.to_string(), format!("@docusaurus/{word}-{name}"), format!("docusaurus-{word}-{name}")],
    }
}

/// The package a config entry stands for, resolved as Docusaurus resolves it: a path into a
/// `node_modules` folder (`require.resolve('@docusaurus/preset-classic')`) is that package;
/// a name is the first of its [`name_patterns`] installed where Node would look from the
/// site (its `node_modules` and those of the folders above), or, with nothing installed, the
/// first that is a Docusaurus package docsite knows. Anything else is returned as written.
fn package_name(name: &str, kind: ModuleKind, site_dir: &Path) -> String {
    if let Some((_, after)) = name.rsplit_once("node_modules/") {
        let mut parts = after.split('/');
        return match (parts.next(), parts.next()) {
            (Some(scope), Some(package)) if scope.starts_with('@') => format!("{scope}/{package}"),
            (Some(package), _) => package.to_string(),
            _ => name.to_string(),
        };
    }
    if name.starts_with('.') || name.starts_with('/') {
        return name.to_string();
    }
    let patterns = name_patterns(name, kind);
    let installed = |package: &str| site_dir.ancestors().any(|dir| dir.join("node_modules").join(package).join("package.json").is_file());
    patterns
        .iter()
        .find(|p| installed(p))
        .or_else(|| patterns.iter().find(|p| KNOWN_PACKAGES.contains(&p.as_str())))
        .cloned()
        .unwrap_or_else(|| name.to_string())
}

/// A path from the config as the engine reads it: relative to the site folder. Docusaurus
/// resolves a relative path against the site folder, and configs often write absolute ones
/// (`require.resolve('./sidebars.js')`, `path.join(__dirname, 'docs')`): one under the site
/// becomes relative to it, one beside it too (`path.join(__dirname, '../docs')` is
/// `../docs`, as `docsite migrate` then writes it); one that shares no folder with the site
/// is kept as written. Each is read wherever it leads (`paths::config_path`).
fn site_path(site_dir: &Path, path: &str) -> String {
    let p = Path::new(path);
    if p.is_absolute() {
        let site = std::fs::canonicalize(site_dir).unwrap_or_else(|_| site_dir.to_path_buf());
        let real = std::fs::canonicalize(p).unwrap_or_else(|_| crate::paths::normalize_path(p));
        if let Ok(rel) = real.strip_prefix(&site).or_else(|_| p.strip_prefix(site_dir)) {
            return rel.to_string_lossy().into_owned();
        }
        return crate::paths::relative_to(site_dir, p).map_or_else(|| path.to_string(), |rel| rel.to_string_lossy().into_owned());
    }
    path.trim_start_matches("./").to_string()
}

/// The keys of `docsite.toml` that come from a Docusaurus config's `themeConfig`.
const THEME_CONFIG_KEYS: &[&str] = &["navbar", "footer", "announcementBar", "colorMode", "tableOfContents", "image", "prism"];

/// Removes from `value` every object key that the JSON Schema `schema` (a part of `root`)
/// does not declare where it declares `additionalProperties: false` (the tables of
/// `docsite.toml`, all `deny_unknown_fields`), recording each key path in `removed`.
fn prune_unknown(value: &mut Value, schema: &Value, root: &Value, path: String, removed: &mut Vec<String>) {
    let schema = resolve_schema(schema, root, value);
    match value {
        Value::Object(map) => {
            let Some(props) = schema.get("properties").and_then(Value::as_object) else { return };
            let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
            let keys: Vec<String> = map.keys().cloned().collect();
            for k in keys {
                let at = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                match props.get(&k) {
                    Some(sub) => prune_unknown(map.get_mut(&k).expect("listed"), sub, root, at, removed),
                    None if closed => {
                        map.remove(&k);
                        removed.push(at);
                    }
                    None => {}
                }
            }
        }
        Value::Array(items) => {
            if let Some(sub) = schema.get("items") {
                for (i, item) in items.iter_mut().enumerate() {
                    prune_unknown(item, sub, root, format!("{path}[{i}]"), removed);
                }
            }
        }
        _ => {}
    }
}

/// The schema that applies to `value`: `$ref`s followed (`#/definitions/X`), and of an
/// `anyOf`/`oneOf` (an `Option`, an enum of tables) the first branch of the value's type.
fn resolve_schema<'a>(schema: &'a Value, root: &'a Value, value: &Value) -> &'a Value {
    let mut schema = schema;
    for _ in 0..16 {
        if let Some(target) = schema.get("$ref").and_then(Value::as_str) {
            match target.strip_prefix('#').and_then(|p| root.pointer(p)) {
                Some(found) => {
                    schema = found;
                    continue;
                }
                None => return schema,
            }
        }
        // A documented field's `$ref` is wrapped in a one-branch `allOf`.
        if let Some([only]) = schema.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
            schema = only;
            continue;
        }
        let branches = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array);
        if let Some(branches) = branches {
            let fits = |b: &&Value| {
                let b = resolve_shallow(b, root);
                match value {
                    Value::Object(_) => b.get("properties").is_some() || b.get("type") == Some(&json!("object")),
                    Value::Array(_) => b.get("items").is_some() || b.get("type") == Some(&json!("array")),
                    _ => false,
                }
            };
            match branches.iter().find(fits) {
                Some(b) => {
                    schema = b;
                    continue;
                }
                None => return schema,
            }
        }
        return schema;
    }
    schema
}

fn resolve_shallow<'a>(schema: &'a Value, root: &'a Value) -> &'a Value {
    schema.get("$ref").and_then(Value::as_str).and_then(|t| t.strip_prefix('#')).and_then(|p| root.pointer(p)).unwrap_or(schema)
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
        map(Path::new("docusaurus.config.js"), &dc, &Value::Null)
    }

    #[test]
    fn a_config_printing_more_than_the_bound_is_stopped_with_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("docusaurus.config.js");
        // 40 MB of JSON: read whole, it would be parsed into a config.
        std::fs::write(&file, "module.exports = { title: 'x'.repeat(40 * 1024 * 1024), url: 'https://example.org', baseUrl: '/' };\n").unwrap();
        let err = evaluate(&file).unwrap_err().to_string();
        assert!(err.contains("docusaurus.config.js") && err.contains("printed more than 32 MB"), "{err}");
        // Output without end (a config writing to stdout in a loop) is stopped at the bound
        // too, not after the time limit.
        std::fs::write(&file, "const chunk = 'x'.repeat(1 << 20);\nconst more = () => process.stdout.write(chunk, more);\nmore();\nmodule.exports = {};\n").unwrap();
        let start = Instant::now();
        let err = evaluate(&file).unwrap_err().to_string();
        // Stopped at the bound, or ended with the config read (its output then is no JSON).
        assert!(err.contains("docusaurus.config.js") && (err.contains("printed more than 32 MB") || err.contains("did not evaluate to JSON")), "{err}");
        assert!(start.elapsed() < TIME_LIMIT / 2, "{:?}", start.elapsed());
    }

    #[test]
    fn every_config_is_loaded_with_the_sites_jiti_as_docusaurus_loads_it() {
        // An ES-module config using `__dirname` (which jiti, Docusaurus's loader, provides;
        // Node alone fails on it). The site's `jiti` here is a double of jiti 1's interface
        // that evaluates the file with `__dirname` defined and says it was used.
        let dir = tempfile::tempdir().unwrap();
        let jiti = dir.path().join("node_modules/jiti");
        std::fs::create_dir_all(&jiti).unwrap();
        std::fs::write(jiti.join("package.json"), r#"{ "name": "jiti", "main": "index.js" }"#).unwrap();
        std::fs::write(
            jiti.join("index.js"),
            "const fs = require('fs'), path = require('path');\n\
             module.exports = (from, options) => (file) => {\n\
               const body = fs.readFileSync(file, 'utf8').replace('export default', 'return');\n\
               const config = new Function('__dirname', body)(path.dirname(file));\n\
               return { ...config, tagline: `jiti ${options.interopDefault}` };\n\
             };\n",
        )
        .unwrap();
        let file = dir.path().join("docusaurus.config.mjs");
        std::fs::write(&file, "export default { title: 'T', url: 'https://example.org', customFields: { dir: __dirname } };\n").unwrap();
        let config = evaluate(&file).unwrap().config;
        assert_eq!(config["tagline"], json!("jiti true"));
        assert_eq!(config["customFields"]["dir"], json!(dir.path().to_str().unwrap()));
        // Without the site's jiti, Node's own loading names the problem.
        std::fs::remove_dir_all(dir.path().join("node_modules")).unwrap();
        let err = evaluate(&file).unwrap_err().to_string();
        assert!(err.contains("__dirname is not defined"), "{err}");
    }

    #[test]
    fn a_config_that_needs_the_sites_packages_names_the_install_its_lockfile_implies() {
        // A yarn site without its install: the named import cannot be stood in for, and the
        // hint names yarn's command, never `npm ci` over a yarn site.
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("website");
        std::fs::create_dir(&site).unwrap();
        std::fs::write(dir.path().join("yarn.lock"), "# yarn lockfile v1\n").unwrap();
        std::fs::write(dir.path().join("package.json"), "{ \"private\": true, \"workspaces\": [\"website\"] }\n").unwrap();
        std::fs::write(site.join("package.json"), "{ \"name\": \"w\" }\n").unwrap();
        let file = site.join("docusaurus.config.mjs");
        std::fs::write(&file, "import { themes } from 'prism-react-renderer';\nexport default { title: 'T', url: 'https://example.org', themeConfig: { prism: { theme: themes.github } } };\n").unwrap();
        let err = evaluate(&file).unwrap_err();
        let hint = err.hint.clone().unwrap_or_default();
        assert!(hint.contains("`yarn install --frozen-lockfile`") && hint.contains(&dir.path().display().to_string()), "{hint}");
        assert!(!hint.contains("npm ci"), "{hint}");
        // Installed (a node_modules where Node looks): no install is suggested.
        std::fs::create_dir(dir.path().join("node_modules")).unwrap();
        let hint = evaluate(&file).unwrap_err().hint.unwrap_or_default();
        assert!(!hint.contains("install"), "{hint}");
    }

    #[test]
    fn kept_evaluations_run_node_once_per_config_text_until_forgotten() {
        // The config counts its evaluations in a file beside it.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("docusaurus.config.js");
        let config = |title: &str| format!("require('fs').appendFileSync(__dirname + '/runs', 'x');\nmodule.exports = {{ title: '{title}', url: 'https://example.org' }};\n");
        let runs = || std::fs::read_to_string(dir.path().join("runs")).unwrap_or_default().len();
        std::fs::write(&file, config("One")).unwrap();
        let mut kept = Evaluations::default();
        let title = |kept: &mut Evaluations| kept.around(|| evaluate(&file).unwrap().config["title"].clone());
        assert_eq!((title(&mut kept), title(&mut kept), runs()), (json!("One"), json!("One"), 1));
        // New text is evaluated again.
        std::fs::write(&file, config("Two")).unwrap();
        assert_eq!((title(&mut kept), title(&mut kept), runs()), (json!("Two"), json!("Two"), 2));
        // Forgotten (a file the config may import changed), and outside `around`: Node each time.
        kept.forget();
        assert_eq!((title(&mut kept), runs()), (json!("Two"), 3));
        evaluate(&file).unwrap();
        evaluate(&file).unwrap();
        assert_eq!(runs(), 5);
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
        let m = map(Path::new("docusaurus.config.js"), &dc, &Value::Null);
        assert_eq!(m.config["docs"]["onBrokenLinks"], json!("ignore"));
        assert_eq!(m.config["docs"]["onBrokenAnchors"], json!("throw"));
        // The top-level `onBrokenMarkdownLinks` (Docusaurus 3's older spelling) is read like
        // `markdown.hooks.onBrokenMarkdownLinks`: the more lenient setting wins, no warning.
        let dc = json!({ "title": "T", "url": "https://example.org", "onBrokenLinks": "throw", "onBrokenMarkdownLinks": "warn" });
        let m = map(Path::new("docusaurus.config.js"), &dc, &Value::Null);
        assert_eq!(m.config["docs"]["onBrokenLinks"], json!("warn"));
        assert!(m.warnings.is_empty(), "{:?}", m.warnings);
    }

    #[test]
    fn markdown_format_and_locales_are_read_as_docusaurus_declares_them() {
        let dc = json!({ "title": "T", "url": "https://example.org", "baseUrl": "/kiln/", "markdown": { "format": "detect" }, "i18n": { "defaultLocale": "en", "locales": ["en", "fr"] } });
        let m = map(Path::new("docusaurus.config.js"), &dc, &Value::Null);
        assert_eq!(m.config["markdownFormat"], json!("detect"));
        assert!(m.warnings.is_empty() && m.errors.is_empty(), "{:?} {:?}", m.warnings, m.errors);
        // The default locale is the site's; the others are built beside it, with what
        // Docusaurus fills in (the evaluator completes `localeConfigs`).
        assert_eq!(m.config["locale"], json!({ "code": "en", "label": "en", "direction": "ltr", "htmlLang": "en" }));
        assert_eq!(m.config["locales"], json!([{ "code": "fr", "label": "fr", "direction": "ltr", "htmlLang": "fr" }]));
        let dc = json!({ "title": "T", "url": "https://example.org", "i18n": { "defaultLocale": "fr", "locales": ["en", "fr", "ar"], "path": "translations",
            "localeConfigs": { "ar": { "label": "العربية", "direction": "rtl", "htmlLang": "ar-EG", "path": "arabic", "baseUrl": "/عربي/", "translate": false, "calendar": "islamic" } } } });
        let m = map(Path::new("docusaurus.config.js"), &dc, &Value::Null);
        assert_eq!(m.config["locale"]["code"], json!("fr"));
        assert_eq!(m.config["i18nPath"], json!("translations"));
        assert_eq!(m.config["locales"][1], json!({ "code": "ar", "label": "العربية", "direction": "rtl", "htmlLang": "ar-EG", "path": "arabic", "baseUrl": "/عربي/", "translate": false }));
        assert_eq!(m.config["locales"][0]["code"], json!("en"));
        assert!(m.warnings.iter().any(|w| w.message.contains("i18n.localeConfigs.ar.calendar")), "{:?}", m.warnings);
        let dc = json!({ "title": "T", "url": "https://example.org", "markdown": { "format": "html" } });
        let m = map(Path::new("docusaurus.config.js"), &dc, &Value::Null);
        assert!(m.errors.iter().any(|e| e.message.contains("`markdown.format` must be")), "{:?}", m.errors);
    }

    #[test]
    fn blog_options_map_onto_the_blog_table_with_a_warning_per_unknown_key() {
        let m = mapped(json!({ "blog": { "path": "./news", "routeBasePath": "news", "postsPerPage": "ALL", "blogTitle": "News", "showReadingTime": true } }));
        assert_eq!(m.config["blog"], json!({ "path": "news", "routeBasePath": "news", "postsPerPage": 0, "blogTitle": "News" }));
        let warnings: Vec<String> = m.warnings.iter().map(|w| w.message.clone()).collect();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("presets[0].blog.showReadingTime"), "{warnings:?}");
    }
    #[test]
    fn names_resolve_as_docusaurus_resolves_its_shorthands() {
        let nowhere = Path::new("/nonexistent-site");
        assert_eq!(package_name("classic", ModuleKind::Preset, nowhere), "@docusaurus/preset-classic");
        assert_eq!(package_name("classic", ModuleKind::Theme, nowhere), "@docusaurus/theme-classic");
        assert_eq!(package_name("content-docs", ModuleKind::Plugin, nowhere), "@docusaurus/plugin-content-docs");
        assert_eq!(name_patterns("@acme", ModuleKind::Plugin), vec!["@acme/docusaurus-plugin"]);
        assert_eq!(name_patterns("@acme/search", ModuleKind::Plugin), vec!["@acme/search", "@acme/docusaurus-plugin-search"]);
        assert_eq!(name_patterns("ideal-image", ModuleKind::Plugin), vec!["ideal-image", "@docusaurus/plugin-ideal-image", "docusaurus-plugin-ideal-image"]);
        // `require.resolve(…)` gives the package's file in node_modules.
        assert_eq!(package_name("/w/site/node_modules/@docusaurus/preset-classic/lib/index.js", ModuleKind::Preset, nowhere), "@docusaurus/preset-classic");
        assert_eq!(package_name("/w/node_modules/docusaurus-plugin-sass/index.js", ModuleKind::Plugin, nowhere), "docusaurus-plugin-sass");
        // An installed package named like the shorthand wins, as in Node's resolution.
        let site = tempfile::tempdir().unwrap();
        let installed = site.path().join("node_modules/docusaurus-plugin-classic");
        std::fs::create_dir_all(&installed).unwrap();
        std::fs::write(installed.join("package.json"), "{}").unwrap();
        assert_eq!(package_name("classic", ModuleKind::Plugin, site.path()), "docusaurus-plugin-classic");
    }

    #[test]
    fn content_plugins_with_remark_or_rehype_plugins_are_recorded_where_their_options_are() {
        let f = |name: &str| json!({ "$function": name });
        let dc = json!({
            "title": "T", "url": "https://example.org",
            "presets": [["classic", { "docs": { "remarkPlugins": [f("keys")] }, "blog": { "rehypePlugins": [[f("captions"), { "prefix": "Table" }]] }, "pages": { "remarkPlugins": [] } }]],
            "plugins": [
                "@docusaurus/plugin-sitemap",
                ["content-docs", { "id": "community", "path": "community", "beforeDefaultRemarkPlugins": [f("first")] }],
                ["content-docs", { "id": "api", "path": "api" }]
            ]
        });
        let m = map(Path::new("docusaurus.config.js"), &dc, &Value::Null);
        let found: Vec<(PluginContent, Vec<Value>, &str)> = m.markdown_plugins.iter().map(|p| (p.content.clone(), p.at.clone(), p.key.as_str())).collect();
        assert_eq!(
            found,
            vec![
                (PluginContent::Docs("default".into()), vec![json!("presets"), json!(0), json!(1), json!("docs")], "presets[0].docs"),
                (PluginContent::Blog, vec![json!("presets"), json!(0), json!(1), json!("blog")], "presets[0].blog"),
                (PluginContent::Docs("community".into()), vec![json!("plugins"), json!(1), json!(1)], "plugins[1]"),
            ],
            "an empty list is none; a docs instance without plugins is not recorded"
        );
        assert!(m.warnings.is_empty(), "the plugins are used, not ignored: {:?}", m.warnings);
    }

    #[test]
    fn standalone_content_plugins_and_the_classic_theme_map_like_the_preset() {
        let site = tempfile::tempdir().unwrap();
        let file = site.path().join("docusaurus.config.js");
        let sidebars = site.path().join("sidebars.js");
        let dc = json!({
            "title": "T", "url": "https://example.org",
            "plugins": [
                ["content-docs", { "path": site.path().join("handbook").to_str().unwrap(), "routeBasePath": "/", "sidebarPath": sidebars.to_str().unwrap() }],
                ["@docusaurus/plugin-content-blog", { "path": "./news", "routeBasePath": "news" }],
                ["content-pages", { "path": "src/site-pages" }],
                "@docusaurus/plugin-sitemap"
            ],
            "themes": [["classic", { "customCss": [site.path().join("src/css/custom.css").to_str().unwrap()] }]]
        });
        let m = map(&file, &dc, &Value::Null);
        assert_eq!(m.config["docs"]["path"], json!("handbook"), "absolute paths under the site become relative to it");
        assert_eq!(m.config["docs"]["sidebarPath"], json!("sidebars.js"));
        assert_eq!(m.config["docs"]["routeBasePath"], json!("/"));
        assert_eq!(m.config["blog"], json!({ "path": "news", "routeBasePath": "news" }));
        assert_eq!(m.config["pagesPath"], json!("src/site-pages"));
        assert_eq!(m.config["customCss"], json!(["src/css/custom.css"]));
        assert!(m.errors.is_empty() && m.warnings.is_empty(), "{:?} {:?}", m.errors, m.warnings);
    }

    #[test]
    fn docs_beside_the_site_keep_their_path_from_it() {
        let repo = tempfile::tempdir().unwrap();
        let site = repo.path().join("website");
        std::fs::create_dir_all(&site).unwrap();
        let file = site.join("docusaurus.config.js");
        let beside = repo.path().join("docs");
        let dc = json!({
            "title": "T", "url": "https://example.org",
            "presets": [["classic", { "docs": { "path": beside.to_str().unwrap(), "sidebarPath": site.join("sidebars.js").to_str().unwrap() }, "blog": { "path": "../news" } }]]
        });
        let m = map(&file, &dc, &Value::Null);
        assert_eq!(m.config["docs"]["path"], json!("../docs"), "path.join(__dirname, '../docs')");
        assert_eq!(m.config["blog"]["path"], json!("../news"));
        assert_eq!(site_path(&site, "/elsewhere/docs"), "/elsewhere/docs", "nothing in common with the site but the root");
    }
}
