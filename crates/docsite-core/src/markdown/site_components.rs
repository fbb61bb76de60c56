//! The site's own React components used in a doc (`import Chart from
//! '@site/src/components/Chart'` and `<Chart title="…" rows={rows} />`): where the module
//! is, whether it has the export the doc imports, and each prop's value as JSON.
//!
//! The render stage (`mod.rs`) turns each use into a `SiteComponent` element of the content
//! tree (attributes `module`: the file relative to the site, `export`, `props`: a JSON
//! object); the site build compiles every module used this way (`site_code.rs`, the
//! `virtual:docsite-site-components` table of `theme/site-code.config.ts`) and the theme
//! renders each use in place and hydrates it as an island.
//!
//! Props are values the engine can know when it builds: string literals, numbers,
//! booleans, `null`, literal objects and arrays (JavaScript's literal syntax, read by
//! jsonc-parser's loose mode), and names the doc binds by importing a JSON file. Anything
//! else (a call, an operator, a variable of the page) is an error at the use's line.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use jsonc_parser::{JsonValue, ParseOptions};
use regex::Regex;
use serde_json::Value;

use super::mdx::{PropSource, SiteImport};

/// Extensions tried, in Vite's order, for a module written without one.
const EXTENSIONS: &[&str] = &[".mjs", ".js", ".ts", ".jsx", ".tsx", ".json"];

/// The element name of a site component's use in the content tree.
pub const ELEMENT: &str = "SiteComponent";

/// A module of the site's own code or data: its real path and its path relative to the
/// site (`/`-separated).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Module {
    pub(super) file: PathBuf,
    pub(super) rel: String,
}

/// Finds the file of an import (`@site/…` from the site folder, `./…` from the doc's
/// folder), with Vite's extensions and `index` files. It must exist and its real path
/// (symlinks followed) must be inside the site's or inside one of `content_roots` (the
/// docs and blog folders the config names, which may be beside the site: `path: '../docs'`),
/// as Docusaurus reads them; a symbolic link leading anywhere else is refused. `rel` is then
/// relative to the site, `../docs/x.md` for a file of a content folder beside it.
pub(super) fn resolve(site_dir: &Path, content_roots: &[PathBuf], doc: &Path, spec: &str) -> Result<Module, String> {
    let base = match spec.strip_prefix("@site/") {
        Some(rest) => site_dir.join(rest),
        None => doc.parent().unwrap_or(Path::new("")).join(spec),
    };
    let site = site_dir.canonicalize().map_err(|e| format!("cannot read the site folder: {e}"))?;
    let mut candidates = vec![base.clone()];
    let name = base.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    candidates.extend(EXTENSIONS.iter().map(|ext| base.with_file_name(format!("{name}{ext}"))));
    candidates.extend(EXTENSIONS.iter().map(|ext| base.join(format!("index{ext}"))));
    let Some(found) = candidates.iter().find(|c| c.is_file()) else {
        return Err(format!("`{spec}` is not a file of the site (tried {name}, {name}.js, {name}/index.js and the other extensions)"));
    };
    let real = found.canonicalize().map_err(|e| format!("cannot read `{spec}`: {e}"))?;
    let readable = real.starts_with(&site) || content_roots.iter().filter_map(|root| root.canonicalize().ok()).any(|root| real.starts_with(root));
    if !readable {
        return Err(format!(
            "`{spec}` leads outside the site folder and its content folders (through `..` or a symbolic link); a doc may import only the site's own files"
        ));
    }
    let rel = relative_to(&site, &real).to_string_lossy().replace('\\', "/");
    if rel.split('/').any(|s| s == "node_modules") {
        return Err(format!("`{spec}` is inside node_modules; import the site's own components"));
    }
    Ok(Module { file: real, rel })
}

/// `path` relative to `base` (both absolute and real), with `..` for the folders of `base`
/// it is not in, as Node's `path.relative` writes it (the site build keys files so).
fn relative_to(base: &Path, path: &Path) -> PathBuf {
    let (base, path): (Vec<_>, Vec<_>) = (base.components().collect(), path.components().collect());
    let common = base.iter().zip(&path).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..base.len() {
        out.push("..");
    }
    for c in &path[common..] {
        out.push(c);
    }
    out
}

static EXPORTS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?m)\bexport\s+(?:(default)\b|(?:declare\s+)?(?:async\s+)?(?:function\s*\*?|const|let|var|class|abstract\s+class|enum)\s+([A-Za-z_$][\w$]*)|\{([^}]*)\}|(\*)\s*from)").expect("valid")
});

/// The names a module exports (`default` for a default export), read from its text: the
/// forms a component file uses (`export default`, `export function X`, `export const X`,
/// `export { a, b as c }`). `None` when it re-exports a whole module (`export * from`), so
/// any name may be there. A regular expression rather than a JavaScript parser: the build
/// of the site's code parses the module properly; this only lets a misspelt import fail
/// at the doc's line.
pub(super) fn exports(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for cap in EXPORTS.captures_iter(text) {
        if cap.get(4).is_some() {
            return None;
        }
        if cap.get(1).is_some() {
            out.push("default".to_string());
        } else if let Some(name) = cap.get(2) {
            out.push(name.as_str().to_string());
        } else if let Some(list) = cap.get(3) {
            for item in list.as_str().split(',').map(str::trim).filter(|i| !i.is_empty()) {
                let item = item.strip_prefix("type ").unwrap_or(item);
                let name = item.rsplit_once(" as ").map_or(item, |(_, alias)| alias).trim();
                out.push(name.to_string());
            }
        }
    }
    out.sort();
    out.dedup();
    Some(out)
}

/// Props that React or the engine give a component themselves.
const RESERVED: &[&str] = &["children", "key", "ref", "dangerouslySetInnerHTML"];

/// The props of one use as a JSON object. `data` answers a name the doc imports from a
/// JSON file (`None` when the name is not such an import).
pub(super) fn props(props: &[(String, PropSource)], data: &mut dyn FnMut(&str) -> Option<Result<Value, String>>) -> Result<serde_json::Map<String, Value>, String> {
    let mut out = serde_json::Map::new();
    for (name, source) in props {
        if RESERVED.contains(&name.as_str()) {
            return Err(format!("the prop `{name}` cannot be given in a doc (children are the Markdown between the tags)"));
        }
        let value = match source {
            PropSource::Text(text) => Value::String(text.clone()),
            PropSource::Flag => Value::Bool(true),
            PropSource::Expression(expr) => expression(expr, data).map_err(|why| format!("the prop `{name}={{{}}}` {why}", shorten(expr)))?,
        };
        out.insert(name.clone(), value);
    }
    Ok(out)
}

fn shorten(expr: &str) -> String {
    if expr.chars().count() > 40 {
        format!("{}…", expr.chars().take(40).collect::<String>())
    } else {
        expr.to_string()
    }
}

/// A `{…}` prop's value: a name the doc imports from a JSON file, or a literal.
fn expression(expr: &str, data: &mut dyn FnMut(&str) -> Option<Result<Value, String>>) -> Result<Value, String> {
    let expr = expr.trim();
    let is_name = expr.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$') && expr.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$');
    if is_name && !matches!(expr, "true" | "false" | "null") {
        return match data(expr) {
            Some(value) => value,
            None => Err(format!("names `{expr}`, which is not a JSON file the doc imports (only literals and imported JSON data can be props)")),
        };
    }
    let options = ParseOptions { allow_comments: false, allow_missing_commas: false, allow_hexadecimal_numbers: false, allow_non_finite_numbers: false, ..ParseOptions::default() };
    match jsonc_parser::parse_to_value(expr, &options) {
        Ok(Some(value)) => to_json(value),
        Ok(None) => Err("is empty".into()),
        Err(_) => Err("is not a literal value: props are strings, numbers, booleans, null, literal objects and arrays, or names the doc imports from a JSON file".into()),
    }
}

fn to_json(value: JsonValue<'_>) -> Result<Value, String> {
    Ok(match value {
        JsonValue::String(s) => Value::String(s.into_owned()),
        JsonValue::Number(n) => {
            if let Ok(integer) = n.parse::<i64>() {
                return Ok(Value::from(integer));
            }
            let number: f64 = n.parse().map_err(|_| format!("has a number `{n}` that is not a plain decimal number"))?;
            serde_json::Number::from_f64(number).map(Value::Number).ok_or_else(|| format!("has a number `{n}` JSON cannot hold"))?
        }
        JsonValue::Boolean(b) => Value::Bool(b),
        JsonValue::Null => Value::Null,
        JsonValue::Array(items) => Value::Array(items.take_inner().into_iter().map(to_json).collect::<Result<_, _>>()?),
        JsonValue::Object(map) => Value::Object(map.into_iter().map(|(k, v)| Ok((k.into_owned(), to_json(v)?))).collect::<Result<_, String>>()?),
    })
}

/// The value of a JSON data import.
pub(super) fn data_value(site_dir: &Path, content_roots: &[PathBuf], doc: &Path, import: &SiteImport) -> Result<Value, String> {
    let module = resolve(site_dir, content_roots, doc, &import.module)?;
    let text = std::fs::read_to_string(&module.file).map_err(|e| format!("cannot read `{}`: {e}", import.module))?;
    serde_json::from_str(&text).map_err(|e| format!("`{}` is not valid JSON: {e}", module.rel))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_data(_: &str) -> Option<Result<Value, String>> {
        None
    }

    #[test]
    fn exports_are_read_from_the_common_forms() {
        let text = "export default function Chart() {}\nexport const Legend = () => null;\nexport function Axis() {}\nconst a = 1, b = 2;\nexport { a, b as Bar };\n";
        assert_eq!(exports(text), Some(vec!["Axis".into(), "Bar".into(), "Legend".into(), "a".into(), "default".into()]));
        assert_eq!(exports("export * from './x';"), None);
        assert_eq!(exports("const X = 1;\nexport { X as default };"), Some(vec!["default".into()]));
    }

    #[test]
    fn literal_props_become_json_and_others_are_refused() {
        let props_src = vec![
            ("title".to_string(), PropSource::Text("Hi".into())),
            ("open".to_string(), PropSource::Flag),
            ("count".to_string(), PropSource::Expression("3".into())),
            ("items".to_string(), PropSource::Expression("[{label: 'a', 'on': true,}, null]".into())),
        ];
        let json = props(&props_src, &mut no_data).unwrap();
        assert_eq!(Value::Object(json), serde_json::json!({"title": "Hi", "open": true, "count": 3, "items": [{"label": "a", "on": true}, null]}));
        for bad in ["1 + 2", "compute()", "`x${y}`", "rows", "() => 1"] {
            let err = props(&[("x".to_string(), PropSource::Expression(bad.into()))], &mut no_data).unwrap_err();
            assert!(err.starts_with("the prop `x={"), "{bad}: {err}");
        }
        let err = props(&[("children".to_string(), PropSource::Text("x".into()))], &mut no_data).unwrap_err();
        assert!(err.contains("children"), "{err}");
    }

    #[test]
    fn imported_data_names_are_values() {
        let mut data = |name: &str| (name == "rows").then(|| Ok(serde_json::json!([1, 2])));
        let json = props(&[("rows".to_string(), PropSource::Expression("rows".into()))], &mut data).unwrap();
        assert_eq!(json["rows"], serde_json::json!([1, 2]));
    }

    #[test]
    fn modules_resolve_inside_the_site_and_its_content_folders_only() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        std::fs::create_dir_all(site.join("src/components/Chart")).unwrap();
        std::fs::create_dir_all(site.join("docs")).unwrap();
        std::fs::create_dir_all(dir.path().join("docs")).unwrap();
        std::fs::write(site.join("src/components/Chart/index.jsx"), "export default 1").unwrap();
        std::fs::write(dir.path().join("outside.js"), "export default 1").unwrap();
        std::fs::write(dir.path().join("docs/beside.md"), "# Beside").unwrap();
        std::fs::write(dir.path().join("docs/_part.mdx"), "Part").unwrap();
        let doc = site.join("docs/a.md");
        let none: &[PathBuf] = &[];
        assert_eq!(resolve(&site, none, &doc, "@site/src/components/Chart").unwrap().rel, "src/components/Chart/index.jsx");
        assert!(resolve(&site, none, &doc, "@site/../outside").unwrap_err().contains("outside the site"));
        assert!(resolve(&site, none, &doc, "@site/src/nope").unwrap_err().contains("not a file"));
        // A docs folder beside the site (`path: '../docs'`): its docs and their partials.
        let roots = [site.join("../docs")];
        let beside = dir.path().join("docs/beside.md");
        assert!(resolve(&site, none, &beside, "./beside.md").unwrap_err().contains("outside the site"));
        assert_eq!(resolve(&site, &roots, &beside, "./beside.md").unwrap().rel, "../docs/beside.md");
        assert_eq!(resolve(&site, &roots, &beside, "./_part.mdx").unwrap().rel, "../docs/_part.mdx");
        assert!(resolve(&site, &roots, &beside, "../outside").unwrap_err().contains("outside the site"));
        #[cfg(unix)]
        {
            // A symbolic link inside content leading elsewhere stays refused.
            std::os::unix::fs::symlink(dir.path().join("outside.js"), site.join("src/link.js")).unwrap();
            assert!(resolve(&site, &roots, &doc, "@site/src/link").unwrap_err().contains("outside the site"));
            std::os::unix::fs::symlink(dir.path().join("outside.js"), dir.path().join("docs/link.js")).unwrap();
            assert!(resolve(&site, &roots, &beside, "./link").unwrap_err().contains("outside the site"));
        }
    }
}
