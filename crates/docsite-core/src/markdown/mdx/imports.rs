//! The `import` lines of an MDX doc the subset accepts: Docusaurus's theme components
//! ([`THEME_IMPORTS`]), images (`import logo from './logo.png'`, for `src={logo}`), and the
//! site's own code and JSON data (`@site/…`, default and named bindings), which become
//! [`super::Split::site_imports`]. Any other import is an error that sends the doc to the
//! MDX path. `splitter.rs` hands the top-level `import` lines here.

/// Modules whose default import is allowed (they name theme components).
const THEME_IMPORTS: &[(&str, &str)] = &[("@theme/Tabs", "Tabs"), ("@theme/TabItem", "TabItem"), ("@theme/DocCardList", "DocCardList"), ("@docusaurus/useBaseUrl", "useBaseUrl")];

pub(super) enum Import {
    Theme,
    Image(String, String),
    /// A module of the site's own code or a JSON data file, with the names it binds
    /// (local name, export).
    Site(String, Vec<(String, String)>),
}

fn is_identifier(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$') && s.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// The names an import clause binds: `X`, `{ A, B as C }`, `X, { A }`; `None` for other
/// forms (`* as ns`).
fn import_bindings(clause: &str) -> Option<Vec<(String, String)>> {
    let clause = clause.trim();
    let (default, named) = match clause.find('{') {
        Some(open) => {
            let inner = clause[open + 1..].strip_suffix('}')?;
            (clause[..open].trim().trim_end_matches(',').trim(), Some(inner))
        }
        None => (clause, None),
    };
    let mut out = Vec::new();
    if !default.is_empty() {
        is_identifier(default).then_some(())?;
        out.push((default.to_string(), "default".to_string()));
    }
    for item in named.into_iter().flat_map(|n| n.split(',')).map(str::trim).filter(|i| !i.is_empty()) {
        let (export, local) = match item.split_once(" as ") {
            Some((e, l)) => (e.trim(), l.trim()),
            None => (item, item),
        };
        (is_identifier(export) && is_identifier(local)).then_some(())?;
        out.push((local.to_string(), export.to_string()));
    }
    (!out.is_empty()).then_some(out)
}

pub(super) fn parse_import(rest: &str) -> Result<Import, String> {
    let rest = rest.trim().trim_end_matches(';');
    let Some((name, from)) = rest.split_once(" from ") else {
        return Err(format!("unsupported import `import {rest}`"));
    };
    let name = name.trim();
    let module = from.trim().trim_matches(|c| c == '\'' || c == '"');
    if let Some((_, expected)) = THEME_IMPORTS.iter().find(|(m, _)| *m == module) {
        if name != *expected {
            return Err(format!("import `{module}` as `{expected}`, not `{name}`"));
        }
        return Ok(Import::Theme);
    }
    let lower = module.to_ascii_lowercase();
    let is_image = [".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"].iter().any(|e| lower.ends_with(e));
    if is_image && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$') {
        return Ok(Import::Image(name.to_string(), module.to_string()));
    }
    let relative_json = (module.starts_with("./") || module.starts_with("../")) && lower.ends_with(".json");
    if module.starts_with("@site/") || relative_json {
        return match import_bindings(name) {
            Some(names) if lower.ends_with(".json") && names.iter().any(|(_, e)| e != "default") => Err(format!("import the JSON file `{module}` as a whole (`import rows from '{module}'`)")),
            Some(names) => Ok(Import::Site(module.to_string(), names)),
            None => Err(format!("unsupported import form `import {name} from '{module}'`: write `import X from …` or `import {{ X, Y as Z }} from …`")),
        };
    }
    Err(format!("unsupported import of `{module}`"))
}

#[cfg(test)]
mod tests {
    use super::super::{kinds, split, Block, ContainerKind, PropSource, SiteImport};

    #[test]
    fn site_component_imports_bind_names_and_their_uses_are_containers() {
        let body = "import Chart, { Legend as Key } from '@site/src/components/Chart';\nimport rows from '@site/data/rows.json';\n\n<Chart title=\"Sales\" rows={rows} compact>\n\nSome **text**.\n\n</Chart>\n\n<Key\n  size={2}\n/>\n";
        let s = split(body, true).unwrap();
        assert_eq!(s.site_imports["Chart"], SiteImport { module: "@site/src/components/Chart".into(), export: "default".into(), line: 1 });
        assert_eq!(s.site_imports["Key"].export, "Legend");
        assert!(s.site_imports["rows"].is_data());
        let k = kinds(&s.blocks);
        assert_eq!(k.len(), 2, "{k:?}");
        let Block::Container { kind: ContainerKind::SiteComponent { name, props }, children, line: 4 } = &s.blocks[0] else { panic!("{:?}", s.blocks[0]) };
        assert_eq!(name, "Chart");
        assert_eq!(props, &vec![("title".to_string(), PropSource::Text("Sales".into())), ("rows".to_string(), PropSource::Expression("rows".into())), ("compact".to_string(), PropSource::Flag)]);
        assert_eq!(kinds(children), vec!["md@5"]);
        assert!(matches!(&s.blocks[1], Block::Container { kind: ContainerKind::SiteComponent { name, .. }, line: 10, .. } if name == "Key"), "{:?}", s.blocks[1]);
    }

    #[test]
    fn site_components_need_an_import_and_readable_attributes() {
        // Without the import the tag is unknown; a spread or a JSON file used as a tag is an error.
        let errs = split("import rows from './rows.json';\nimport { X } from './rows.json';\n\n<Chart />\n\n<rows />\n", true).unwrap_err();
        assert_eq!(errs.iter().map(|e| e.line).collect::<Vec<_>>(), vec![2, 4], "{errs:?}");
        let errs = split("import Chart from '@site/src/Chart';\n\n<Chart {...props} />\n", true).unwrap_err();
        assert_eq!(errs[0].line, 3);
        assert!(errs[0].message.contains("spread"), "{}", errs[0].message);
        assert!(split("import * as all from '@site/src/Chart';\n", true).unwrap_err()[0].message.contains("unsupported import form"));
    }
}
