//! The engine's modules depend on each other one way: this test reads every `crate::<module>`
//! path in the crate's sources (comment lines aside) and fails with the cycle when a module
//! reaches, through others, back to itself.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Top-level module -> the top-level modules its code names, with one place each is named.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap();
            let top = rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                if line.trim_start().starts_with("//") {
                    continue;
                }
                for part in line.split("crate::").skip(1) {
                    let name: String = part.chars().take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_').collect();
                    if !name.is_empty() && name != top {
                        graph.entry(top.clone()).or_default().entry(name).or_insert_with(|| format!("{}:{}", rel.display(), n + 1));
                    }
                }
            }
        }
    }
    graph
}

/// A path from `from` back to itself, if there is one.
fn cycle_through(graph: &BTreeMap<String, BTreeMap<String, String>>, from: &str) -> Option<Vec<String>> {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<Vec<String>> = vec![vec![from.to_string()]];
    while let Some(path) = stack.pop() {
        let last = path.last().unwrap();
        for next in graph.get(last).map(|m| m.keys()).into_iter().flatten() {
            if next == from {
                let mut cycle = path.clone();
                cycle.push(next.clone());
                return Some(cycle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn engine_modules_depend_on_each_other_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = module_graph(&src);
    assert!(graph.contains_key("build"), "the scan found no module of the crate in {}", src.display());
    for module in graph.keys() {
        if let Some(cycle) = cycle_through(&graph, module) {
            let places: Vec<String> = cycle.windows(2).map(|w| format!("{} -> {} ({})", w[0], w[1], graph[&w[0]][&w[1]])).collect();
            panic!("modules import each other in a circle:\n  {}", places.join("\n  "));
        }
    }
}

#[test]
fn the_scan_sees_a_cycle_when_there_is_one() {
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into(), "a.rs:1".into());
    graph.entry("b".into()).or_default().insert("a".into(), "b.rs:1".into());
    assert_eq!(cycle_through(&graph, "a"), Some(vec!["a".to_string(), "b".to_string(), "a".to_string()]));
    graph.get_mut("b").unwrap().clear();
    assert_eq!(cycle_through(&graph, "a"), None);
}
