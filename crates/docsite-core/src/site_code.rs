//! The site's own React code (the React pages of its pages folder and what they import),
//! compiled together with the theme by Vite into one build per site.
//!
//! A site without React pages uses the theme's own build (`theme.rs`). A site with some gets
//! `<site>/.docsite/theme/` (like Docusaurus's `.docusaurus/`): `client/` (template, assets,
//! manifest) and `server/entry-server.js` (the SSR bundle the pre-render workers import),
//! built by `vite build` twice with `DOCSITE_SITE_DIR`, `DOCSITE_SITE_OUT`,
//! `DOCSITE_SITE_PAGES` and `DOCSITE_MDX` set (`theme/site-code.config.ts`). It is rebuilt
//! only when a hash of the theme's sources, the site's `src/`, its pages folder, its
//! `package.json` and lockfile, the list of pages, the site components its docs use and
//! its MDX options changes.
//!
//! A site whose docs use its own components (`import X from '@site/src/components/X'`)
//! gets a site build too, even without React pages: the components are listed in
//! `DOCSITE_SITE_COMPONENTS` (paths relative to the site), each a dynamic import of the
//! `virtual:docsite-site-components` table. The build goes to a fresh folder beside the output and
//! replaces it only once complete, so a failed or killed build leaves the last good one.
//! One process at a time installs and builds: it holds a lock on the `.docsite` folder ([`crate::npm::hold`]).
//!
//! The site's `package.json` dependencies are installed with `npm ci` (its lockfile) when
//! `node_modules` is missing or older than the lockfile; a `node_modules` that is a symlink
//! (or resolves outside the site) is used as is while it is current, never reinstalled (`npm
//! ci` would empty the folder it leads to). A `.docsite` cache that leads outside the site
//! is refused likewise: the build writes nothing outside the site folder. An import Vite cannot resolve in
//! the `@docusaurus/*`/`@theme/*` namespaces is reported as a diagnostic naming the file
//! and line (the `docsite-diagnostic:` lines of the Vite plugin).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use sha2::{Digest, Sha256};

use crate::diagnostics::{BuildError, Diagnostic, Diagnostics, Severity};

/// The site's cache folder, relative to the site.
pub const CACHE_DIR: &str = ".docsite";

/// Where a build's bundles are: `client/` and `server/` under one folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeBuild {
    /// The theme folder (its `prerender-worker.mjs`).
    pub theme: PathBuf,
    /// The folder holding `client/` and `server/`.
    pub dist: PathBuf,
    /// Hash of the build's sources: a new one means new bundles in the same folder.
    pub hash: String,
    /// Warnings about the site's code (an import of a name a module does not export),
    /// kept with the build (`warnings.json`) so every build that uses it reports them.
    pub warnings: Vec<Diagnostic>,
}

impl ThemeBuild {
    /// The theme's own build (its hash unknown).
    pub fn of_theme(theme: &Path) -> ThemeBuild {
        ThemeBuild { theme: theme.to_path_buf(), dist: theme.join("dist"), hash: String::new(), warnings: Vec::new() }
    }

    /// The client bundle (template and `assets/`).
    pub fn client(&self) -> PathBuf {
        self.dist.join("client")
    }

    /// The pre-render worker script.
    pub fn worker(&self) -> PathBuf {
        self.theme.join("prerender-worker.mjs")
    }
}

/// How the site's MDX compiles, from its config: given to the Vite side as `DOCSITE_MDX`
/// (JSON) and part of the build's hash.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MdxOptions {
    /// A heading's trailing `{/* #id */}` gives its id (`RawConfig::comment_heading_ids`).
    pub comment_heading_ids: bool,
    /// The remark and rehype plugins of the site's own, when its content plugins have any.
    pub site_plugins: Option<SitePlugins>,
}

/// Where the MDX compiler finds the site's own remark and rehype plugins: they are functions
/// the Docusaurus config imports, so the site code build evaluates the config again (with
/// the engine's evaluator, `docusaurus-config.mjs`, written into the site's cache as
/// [`CONFIG_LOADER`]) and takes each content plugin's lists from its options.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SitePlugins {
    /// The Docusaurus config file.
    pub config: PathBuf,
    /// The evaluator's text (`crate::docusaurus::SCRIPT`), written as [`CONFIG_LOADER`]; part
    /// of the build's hash, not of `DOCSITE_MDX`.
    #[serde(skip)]
    pub loader: &'static str,
    /// One entry per content plugin with plugins of its own.
    pub sets: Vec<PluginSet>,
}

/// The remark and rehype plugins of one content plugin and the folders whose Markdown they
/// apply to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PluginSet {
    /// Where the plugin's options are in the evaluated config (`crate::docusaurus::MarkdownPlugins::at`).
    pub at: Vec<serde_json::Value>,
    /// The config key readers know it by (`presets[0].docs`).
    pub key: String,
    /// Its folders: every version's docs (or the blog, or the pages) and their translations.
    pub dirs: Vec<PathBuf>,
}

/// The config evaluator's file in the site's cache folder, for the site code build.
pub const CONFIG_LOADER: &str = "docusaurus-config.mjs";

impl Default for MdxOptions {
    fn default() -> Self {
        MdxOptions { comment_heading_ids: true, site_plugins: None }
    }
}

impl MdxOptions {
    pub(crate) fn json(&self) -> String {
        serde_json::to_string(self).expect("serialisable")
    }
}

/// Creates the site's build cache folder `cache`, refused when a link makes it lead outside
/// the site (docsite writes only inside the folders it was given).
fn create_cache(site_dir: &Path, cache: &Path) -> Result<(), BuildError> {
    if let Some(target) = leads_outside(site_dir, cache) {
        return Err(BuildError::Refused(format!(
            "{} leads to {}, outside the site: docsite writes the site's build cache only inside the site folder; remove the link",
            cache.display(),
            target.display()
        )));
    }
    std::fs::create_dir_all(cache).map_err(BuildError::io(cache))
}

/// Writes the config evaluator into the site's cache folder ([`CONFIG_LOADER`]) when the
/// site's MDX needs its own plugins, and returns its path (given to the Vite side as
/// `DOCSITE_CONFIG_LOADER`); `None` when it does not.
pub(crate) fn config_loader(site_dir: &Path, mdx: &MdxOptions) -> Result<Option<PathBuf>, BuildError> {
    let Some(plugins) = &mdx.site_plugins else { return Ok(None) };
    let cache = crate::paths::absolute(&site_dir.join(CACHE_DIR));
    create_cache(site_dir, &cache)?;
    let file = cache.join(CONFIG_LOADER);
    if std::fs::read_to_string(&file).ok().as_deref() != Some(plugins.loader) {
        std::fs::write(&file, plugins.loader).map_err(BuildError::io(&file))?;
    }
    Ok(Some(file))
}

/// The build a site is rendered with: the theme's own one when the site has no React pages
/// and its docs use none of its components, else its site build (built or rebuilt here
/// when stale). `modules` are the React pages' paths relative to the site, in route order;
/// `components` the modules of the site components docs use, relative to the site.
pub fn ensure(theme: &Path, site_dir: &Path, pages_dir: Option<&Path>, (modules, components): (&[String], &[String]), mdx: &MdxOptions) -> Result<ThemeBuild, BuildError> {
    let theme_hash = crate::theme::ensure_built(theme)?;
    // Vite runs in the theme folder: the site's paths it is given (through `site_dir`: the
    // page list, the output) must not be relative to ours (`docsite build` in the site).
    let site_dir = &std::path::absolute(site_dir).map_err(BuildError::io(site_dir))?;
    let pages_dir = pages_dir.map(std::path::absolute).transpose().map_err(BuildError::io(site_dir))?;
    let pages_dir = pages_dir.as_deref();
    if modules.is_empty() && components.is_empty() {
        return Ok(ThemeBuild { hash: theme_hash, ..ThemeBuild::of_theme(theme) });
    }
    let cache = site_dir.join(CACHE_DIR);
    let out = cache.join("theme");
    // A build whose stamp matches what it read (its `inputs.json`), with its warnings.
    let built = || {
        let hash = source_hash(theme, site_dir, pages_dir, (modules, components), mdx, &inputs_of(&out));
        let fresh = std::fs::read_to_string(out.join("hash")).is_ok_and(|s| s.trim() == hash)
            && out.join("client/index.html").is_file()
            && out.join("server/entry-server.js").is_file()
            && out.join("package.json").is_file();
        fresh.then(|| {
            let warnings = std::fs::read_to_string(warnings_file(&out)).ok().and_then(|t| serde_json::from_str::<Vec<serde_json::Value>>(&t).ok()).unwrap_or_default();
            ThemeBuild { theme: theme.to_path_buf(), dist: out.clone(), hash, warnings: warnings_of(site_dir, &warnings) }
        })
    };
    if let Some(build) = built() {
        return Ok(build);
    }
    create_cache(site_dir, &cache)?;
    // One process installs and builds at a time; one that waited finds the build done. The
    // lock is on the cache folder itself (checked above to stay inside the site): no lock
    // file that a link could send elsewhere.
    let _lock = crate::npm::hold(&cache, "building this site's React code")?;
    if let Some(build) = built() {
        return Ok(build);
    }
    install_dependencies(site_dir)?;
    let pid = std::process::id();
    let fresh_dir = cache.join(format!("theme.tmp-{pid}"));
    let _ = std::fs::remove_dir_all(&fresh_dir);
    std::fs::create_dir_all(&fresh_dir).map_err(BuildError::io(&fresh_dir))?;
    let pages_file = fresh_dir.join("pages.json");
    std::fs::write(&pages_file, serde_json::to_string(modules).expect("serialisable")).map_err(BuildError::io(&pages_file))?;
    let components_file = fresh_dir.join("components.json");
    std::fs::write(&components_file, serde_json::to_string(components).expect("serialisable")).map_err(BuildError::io(&components_file))?;
    eprintln!("docsite: building the site's React code with the theme (vite build)…");
    // The client build reports the site's warnings; the server build, which compiles the
    // same code, would repeat them.
    let files = (pages_file.as_path(), components_file.as_path());
    let result = vite(theme, site_dir, &fresh_dir, files, mdx, &[]).and_then(|warnings| vite(theme, site_dir, &fresh_dir, files, mdx, &["--ssr", "src/entry-server.tsx"]).map(|_| warnings));
    let warnings = match result {
        Ok(warnings) => warnings,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&fresh_dir);
            return Err(e);
        }
    };
    // The bundles are ES modules inside the site folder, whose `package.json` (a Docusaurus
    // site's has no `"type"`) would have Node guess their type and warn, in every
    // pre-render worker, that the *site's* package.json should say `"type": "module"`
    // (advice that would break the site's CommonJS config). This file says it for the
    // build alone.
    let marker = fresh_dir.join("package.json");
    std::fs::write(&marker, "{ \"type\": \"module\", \"private\": true }\n").map_err(BuildError::io(&marker))?;
    let list = serde_json::to_string(&warnings).expect("serialisable");
    std::fs::write(warnings_file(&fresh_dir), list).map_err(BuildError::io(&fresh_dir))?;
    // The stamp covers what this build read (its `inputs.json`), also outside `src/`.
    let hash = source_hash(theme, site_dir, pages_dir, (modules, components), mdx, &inputs_of(&fresh_dir));
    std::fs::write(fresh_dir.join("hash"), &hash).map_err(BuildError::io(&fresh_dir))?;
    // Swap: the old build aside, the new one in, the old one removed.
    let old = cache.join(format!("theme.old-{pid}"));
    if out.exists() {
        std::fs::rename(&out, &old).map_err(BuildError::io(&out))?;
    }
    std::fs::rename(&fresh_dir, &out).map_err(BuildError::io(&out))?;
    let _ = std::fs::remove_dir_all(&old);
    Ok(ThemeBuild { theme: theme.to_path_buf(), dist: out, hash, warnings: warnings_of(site_dir, &warnings) })
}

/// The site's files a build read (its `inputs.json`, written by the Vite side), relative to
/// the site; only relative paths are kept (no root), `..` only leading (a file of a content
/// folder beside the site, `../docs/_partial.md`). They are only hashed.
fn inputs_of(build: &Path) -> Vec<String> {
    let list = std::fs::read_to_string(build.join("inputs.json")).ok().and_then(|t| serde_json::from_str::<Vec<String>>(&t).ok()).unwrap_or_default();
    list.into_iter().filter(|f| plain_relative(Path::new(f))).collect()
}

/// A relative path of `..`s then names: nothing absolute, no `.`, no `..` after a name.
fn plain_relative(path: &Path) -> bool {
    use std::path::Component::{Normal, ParentDir};
    let mut names = false;
    path.components().all(|c| match c {
        ParentDir => !names,
        Normal(_) => {
            names = true;
            true
        }
        _ => false,
    }) && names
}

/// Hash of everything that goes into a site build: the theme, the site's `src/`, pages
/// folder, package files and page list, the site components docs use (`components`), and
/// the site files a previous build read (`inputs`; both relative to the site), and how its
/// MDX compiles (`mdx`).
pub fn source_hash(theme: &Path, site_dir: &Path, pages_dir: Option<&Path>, (modules, components): (&[String], &[String]), mdx: &MdxOptions, inputs: &[String]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(mdx.json().as_bytes());
    hasher.update(mdx.site_plugins.as_ref().map_or("", |p| p.loader).as_bytes());
    hasher.update(crate::theme::source_hash(theme).as_bytes());
    hasher.update(theme.join("site-code.config.ts").to_string_lossy().as_bytes());
    hasher.update(std::fs::read(theme.join("site-code.config.ts")).unwrap_or_default());
    hasher.update(site_dir.to_string_lossy().as_bytes());
    for m in modules {
        hasher.update(m.as_bytes());
        hasher.update([0]);
    }
    hasher.update([1]);
    for c in components {
        hasher.update(c.as_bytes());
        hasher.update([0]);
        hasher.update(std::fs::read(site_dir.join(c)).unwrap_or_default());
    }
    for f in ["package.json", "package-lock.json"] {
        hasher.update(f.as_bytes());
        hasher.update(std::fs::read(site_dir.join(f)).unwrap_or_default());
    }
    for f in inputs {
        hasher.update(f.as_bytes());
        hasher.update([0]);
        hasher.update(std::fs::read(site_dir.join(f)).unwrap_or_default());
    }
    let mut roots = vec![site_dir.join("src")];
    roots.extend(pages_dir.map(Path::to_path_buf));
    for root in roots {
        let files = walkdir::WalkDir::new(&root).sort_by_file_name().into_iter().filter_entry(|e| e.file_name() != "node_modules").filter_map(Result::ok).filter(|e| e.file_type().is_file());
        for e in files {
            hasher.update(e.path().strip_prefix(site_dir).unwrap_or(e.path()).to_string_lossy().as_bytes());
            hasher.update(std::fs::read(e.path()).unwrap_or_default());
        }
    }
    hasher.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// The lockfiles of the package managers, and the command that installs from each.
const LOCKFILES: &[(&str, &str)] = &[
    ("package-lock.json", "npm ci"),
    ("npm-shrinkwrap.json", "npm ci"),
    ("yarn.lock", "yarn install --frozen-lockfile"),
    ("pnpm-lock.yaml", "pnpm install --frozen-lockfile"),
    ("bun.lock", "bun install --frozen-lockfile"),
    ("bun.lockb", "bun install --frozen-lockfile"),
];

/// How the site's packages get installed.
#[derive(Debug, PartialEq, Eq)]
enum Install {
    /// The site's own `package-lock.json`: docsite runs `npm ci` when `node_modules` is
    /// missing or older than it.
    NpmCi,
    /// Installed by the site's own package manager (yarn, pnpm, bun, or npm at a workspace
    /// root above the site): the `node_modules` found is used as it is, never reinstalled.
    Found,
    /// Nothing installed: the command the lockfile implies, and the folder to run it in.
    Missing(String, PathBuf),
}

/// What [`install_dependencies`] does for a site with a `package.json`: the nearest
/// lockfile (the site's, or a workspace root's above it) decides the package manager;
/// packages count as installed when a `node_modules` folder is in the site or in a folder
/// between it and that lockfile's, where Node looks.
fn install_plan(site_dir: &Path) -> Install {
    let lock = site_dir.ancestors().find_map(|dir| LOCKFILES.iter().find(|(f, _)| dir.join(f).is_file()).map(|(f, cmd)| (dir.to_path_buf(), *f, *cmd)));
    if let Some((dir, "package-lock.json", _)) = &lock {
        if dir == site_dir {
            return Install::NpmCi;
        }
    }
    let top = lock.as_ref().map_or(site_dir, |(dir, _, _)| dir.as_path());
    let searched = site_dir.ancestors().take_while(|d| d.starts_with(top));
    if searched.into_iter().any(|d| d.join("node_modules").is_dir()) {
        return Install::Found;
    }
    match lock {
        Some((dir, _, cmd)) => Install::Missing(cmd.to_string(), dir),
        None => Install::Missing("npm install".to_string(), site_dir.to_path_buf()),
    }
}

/// When the site's packages are not installed where Node would find them: the command its
/// lockfile implies (`npm ci`, `yarn install --frozen-lockfile`, `pnpm install
/// --frozen-lockfile`, …) and the folder to run it in. `None` when they are installed or the
/// site has no `package.json`.
pub(crate) fn missing_install(site_dir: &Path) -> Option<(String, PathBuf)> {
    if !site_dir.join("package.json").is_file() {
        return None;
    }
    match install_plan(site_dir) {
        Install::NpmCi if !has_node_modules(site_dir) => Some(("npm ci".to_string(), site_dir.to_path_buf())),
        Install::Missing(cmd, dir) => Some((cmd, dir)),
        Install::NpmCi | Install::Found => None,
    }
}

/// Whether the site has a `node_modules` of its own: a folder or a link (even one leading
/// nowhere: it is the site's install, never replaced by docsite).
fn has_node_modules(site_dir: &Path) -> bool {
    std::fs::symlink_metadata(site_dir.join("node_modules")).is_ok()
}

/// `npm ci` in the site when it has its own `package-lock.json` and no `node_modules`. A
/// `node_modules` that exists (a folder or a link, complete or not) is the site's own
/// install and used as it is: docsite never runs npm over it (`npm ci` would empty it first),
/// and says so when it is older than the lockfile (npm's own record,
/// `node_modules/.package-lock.json`, is written last). A site installed with yarn, pnpm or
/// bun, or in a workspace, is likewise used as its install left it.
fn install_dependencies(site_dir: &Path) -> Result<(), BuildError> {
    let lock = site_dir.join("package-lock.json");
    if !site_dir.join("package.json").is_file() {
        return Ok(());
    }
    match install_plan(site_dir) {
        Install::NpmCi => {}
        Install::Found => return Ok(()),
        Install::Missing(command, dir) => {
            return Err(BuildError::Refused(format!(
                "the site's packages are not installed (no node_modules in {} or the folders above it): run `{command}` in {} first; docsite uses what the site's own install leaves",
                site_dir.display(),
                dir.display()
            )))
        }
    }
    let modules = site_dir.join("node_modules");
    if has_node_modules(site_dir) {
        let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
        let installed = modified(&modules.join(".package-lock.json"));
        if installed.is_none() || installed < modified(&lock) {
            let state = if installed.is_some() { "is older than package-lock.json" } else { "holds no complete npm install (no node_modules/.package-lock.json)" };
            let place = outside_link(site_dir, &modules).map(|target| format!(" (a link to {})", target.display())).unwrap_or_default();
            eprintln!("docsite: note: {}{place} {state}; it is used as it is (run `npm ci` in {} to update it)", modules.display(), site_dir.display());
        }
        return Ok(());
    }
    eprintln!("docsite: installing the site's dependencies (npm ci)…");
    crate::npm::run(site_dir, &["ci", "--no-audit", "--no-fund", "--ignore-scripts"])
}

/// The folder `name` of the site's cache (`.docsite/<name>`), made when missing; `None` when
/// it cannot be made or when it, or `.docsite` itself, leads outside the site folder (a
/// link): the caller then caches nothing, and nothing is written through the link.
pub(crate) fn cache_subdir(site_dir: &Path, name: &str) -> Option<PathBuf> {
    let cache = site_dir.join(CACHE_DIR);
    let dir = cache.join(name);
    let stays = || leads_outside(site_dir, &cache).is_none() && leads_outside(site_dir, &dir).is_none();
    if !stays() {
        return None;
    }
    std::fs::create_dir_all(&dir).ok()?;
    stays().then_some(dir)
}

/// Where `path` leads when it is a symlink, or when it resolves outside the site folder (a
/// link higher up); `None` for a plain folder of the site or a missing path.
fn outside_link(site_dir: &Path, path: &Path) -> Option<PathBuf> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    let real = real_path(path);
    (meta.file_type().is_symlink() || !inside(site_dir, &real)).then_some(real)
}

/// Where `path` leads when it exists and resolves outside the site folder.
fn leads_outside(site_dir: &Path, path: &Path) -> Option<PathBuf> {
    std::fs::symlink_metadata(path).ok()?;
    let real = real_path(path);
    (!inside(site_dir, &real)).then_some(real)
}

/// `path` with symlinks resolved; a dangling link's target as written.
fn real_path(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| std::fs::read_link(path).unwrap_or_else(|_| path.to_path_buf()))
}

fn inside(site_dir: &Path, real: &Path) -> bool {
    std::fs::canonicalize(site_dir).is_ok_and(|site| real.starts_with(site))
}

/// One `vite build` of the theme with the site's code; `docsite-diagnostic:` lines on its
/// error output become the error's diagnostics, or, when they are warnings, its result
/// (the records as written).
fn vite(theme: &Path, site_dir: &Path, out: &Path, (pages_file, components_file): (&Path, &Path), mdx: &MdxOptions, args: &[&str]) -> Result<Vec<serde_json::Value>, BuildError> {
    // Vite runs in the theme folder: every path it is given is absolute.
    let abs = crate::paths::absolute;
    let theme = abs(theme);
    // Vite and the plugins of `site-code.config.ts` are the theme's dependencies: its own
    // `node_modules` in a checkout, the site's when docsite came as an npm package.
    let vite = crate::theme::node_module(&theme, "vite/bin/vite.js").ok_or_else(|| {
        BuildError::Theme(format!(
            "building the site's React code needs vite, found in no node_modules folder from {} upwards: install docsite with `npm install --save-dev docsite` in the site (it brings vite), or run `npm ci` in the theme",
            theme.display()
        ))
    })?;
    let mut child = Command::new("node")
        .arg(&vite)
        .arg("build")
        .args(args)
        .current_dir(&theme)
        .env("DOCSITE_SITE_DIR", abs(site_dir))
        .env("DOCSITE_SITE_OUT", abs(out))
        .env("DOCSITE_SITE_PAGES", abs(pages_file))
        .env("DOCSITE_SITE_COMPONENTS", abs(components_file))
        .env("DOCSITE_MDX", mdx.json())
        .env("DOCSITE_CONFIG_LOADER", config_loader(site_dir, mdx)?.unwrap_or_default())
        // Vite's report is quoted in a diagnostic: plain text, no terminal colours.
        .env("NO_COLOR", "1")
        .env("FORCE_COLOR", "0")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| BuildError::Theme(format!("cannot run node: {e} (install Node.js 20+)")))?;
    let mut diags = Diagnostics::default();
    let mut warnings = Vec::new();
    let mut log = Vec::new();
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            match line.strip_prefix("docsite-diagnostic: ").and_then(|json| serde_json::from_str::<serde_json::Value>(json).ok()) {
                Some(v) if v["severity"] == "warning" => warnings.push(v),
                Some(v) => diags.push(diagnostic(&v)),
                None => log.push(strip_ansi(&line)),
            }
        }
    }
    let status = child.wait().map_err(|e| BuildError::Theme(format!("vite build: {e}")))?;
    if diags.has_errors() {
        diags.normalize(site_dir);
        return Err(BuildError::Invalid(diags));
    }
    if status.success() {
        return Ok(warnings);
    }
    // Vite's own report (a syntax error, an unresolved npm import): its last lines.
    let tail = log.iter().rev().take(30).rev().cloned().collect::<Vec<_>>().join("\n");
    let command = ["vite", "build"].iter().chain(args).copied().collect::<Vec<_>>().join(" ");
    Err(BuildError::Theme(format!("building the site's React code failed ({command}):\n{tail}")))
}

/// `line` without terminal escape sequences (`ESC [ … letter`): Vite's and oxc's reports
/// colour their text even when asked not to, and the report is quoted in a diagnostic.
fn strip_ansi(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        if chars.next() == Some('[') {
            for end in chars.by_ref() {
                if ('@'..='~').contains(&end) {
                    break;
                }
            }
        }
    }
    out
}

/// A `docsite-diagnostic:` record as a diagnostic (an error unless `"severity": "warning"`).
fn diagnostic(v: &serde_json::Value) -> Diagnostic {
    let file = v["file"].as_str().unwrap_or_default();
    let mut d = Diagnostic::error(Path::new(file), v["message"].as_str().unwrap_or("unknown problem").to_string());
    if v["severity"] == "warning" {
        d = d.with_severity(Severity::Warning);
    }
    match v["line"].as_u64() {
        Some(line) => d.at(line as usize, v["column"].as_u64().map(|c| c as usize)),
        None => d,
    }
}

/// Where a build keeps the warnings its client build reported.
fn warnings_file(build: &Path) -> PathBuf {
    build.join("warnings.json")
}

/// The warning records of a site build as diagnostics, their files relative to the site.
fn warnings_of(site_dir: &Path, records: &[serde_json::Value]) -> Vec<Diagnostic> {
    let mut diags = Diagnostics::default();
    diags.extend(records.iter().map(diagnostic));
    diags.normalize(site_dir);
    diags.items().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_may_lead_to_content_beside_the_site_but_not_elsewhere() {
        for ok in ["src/a.js", "../docs/_part.md", "../../docs/x/_p.mdx"] {
            assert!(plain_relative(Path::new(ok)), "{ok}");
        }
        for refused in ["/etc/passwd", "src/../../x", "./a", "..", ""] {
            assert!(!plain_relative(Path::new(refused)), "{refused}");
        }
    }

    #[test]
    fn terminal_colours_are_taken_out_of_a_quoted_report() {
        assert_eq!(super::strip_ansi("\u{1b}[31m[PARSE_ERROR] \u{1b}[0mUnexpected token"), "[PARSE_ERROR] Unexpected token");
        assert_eq!(super::strip_ansi("plain ✓ text"), "plain ✓ text");
    }

    #[test]
    fn a_diagnostic_line_names_file_and_line() {
        let v = serde_json::json!({"file": "/s/src/pages/index.js", "line": 3, "message": "imports `@theme/Nope`"});
        let d = diagnostic(&v);
        assert_eq!(d.file, Some(PathBuf::from("/s/src/pages/index.js")));
        assert_eq!(d.line, Some(3));
    }

    #[test]
    fn the_hash_follows_the_site_sources() {
        let dir = tempfile::tempdir().unwrap();
        let theme = dir.path().join("theme");
        let site = dir.path().join("site");
        std::fs::create_dir_all(theme.join("src")).unwrap();
        std::fs::create_dir_all(site.join("src/pages")).unwrap();
        std::fs::write(site.join("src/pages/index.js"), "export default () => null;").unwrap();
        let modules = vec!["src/pages/index.js".to_string()];
        let inputs = vec!["data/intro.mdx".to_string()];
        std::fs::create_dir_all(site.join("data")).unwrap();
        std::fs::write(site.join("data/intro.mdx"), "# Hello").unwrap();
        let hash = || source_hash(&theme, &site, Some(&site.join("src/pages")), (&modules, &[]), &MdxOptions::default(), &inputs);
        let a = hash();
        assert_eq!(a, hash());
        std::fs::write(site.join("src/pages/index.js"), "export default () => 1;").unwrap();
        let b = hash();
        assert_ne!(a, b);
        // A file outside src/ that the last build read.
        std::fs::write(site.join("data/intro.mdx"), "# Hello again").unwrap();
        assert_ne!(b, hash());
        // A doc starting to use a component changes the build.
        assert_ne!(hash(), source_hash(&theme, &site, Some(&site.join("src/pages")), (&modules, &["src/pages/index.js".to_string()]), &MdxOptions::default(), &inputs));
        // So does a config that compiles its MDX otherwise.
        assert_ne!(hash(), source_hash(&theme, &site, Some(&site.join("src/pages")), (&modules, &[]), &MdxOptions { comment_heading_ids: false, site_plugins: None }, &inputs));
    }

    #[test]
    fn the_nearest_lockfile_decides_who_installs_and_npm_never_runs_over_another_manager() {
        use super::{install_plan, Install};
        let root = tempfile::tempdir().unwrap();
        let site = root.path().join("website");
        std::fs::create_dir_all(&site).unwrap();
        std::fs::write(site.join("package.json"), "{}").unwrap();
        // No lockfile, nothing installed.
        assert_eq!(install_plan(&site), Install::Missing("npm install".into(), site.clone()));
        // A yarn workspace root above the site, not installed, then installed (hoisted).
        std::fs::write(root.path().join("yarn.lock"), "").unwrap();
        assert_eq!(install_plan(&site), Install::Missing("yarn install --frozen-lockfile".into(), root.path().to_path_buf()));
        std::fs::create_dir_all(root.path().join("node_modules")).unwrap();
        assert_eq!(install_plan(&site), Install::Found);
        // pnpm in the site itself.
        std::fs::write(site.join("pnpm-lock.yaml"), "").unwrap();
        assert_eq!(install_plan(&site), Install::Missing("pnpm install --frozen-lockfile".into(), site.clone()));
        std::fs::create_dir_all(site.join("node_modules")).unwrap();
        assert_eq!(install_plan(&site), Install::Found);
        // The site's own package-lock.json: docsite runs `npm ci` when it is stale.
        std::fs::remove_file(site.join("pnpm-lock.yaml")).unwrap();
        std::fs::write(site.join("package-lock.json"), "{}").unwrap();
        assert_eq!(install_plan(&site), Install::NpmCi);
    }
}
