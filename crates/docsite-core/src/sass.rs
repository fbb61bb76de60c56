//! A Sass `customCss` file (`docusaurus-plugin-sass`'s), compiled to CSS by the `sass`
//! package the site installed for that plugin, as the plugin's loader compiles it.

use std::path::Path;

/// What Node runs: the site's `sass` (resolved from the site folder, as the plugin's loader
/// finds it) compiles the file; exit 3 when the site has no `sass`.
const COMPILE: &str = r#"
const [dir, file] = process.argv.slice(-2);
const { createRequire } = require('node:module');
let sass;
try { sass = createRequire(require('node:path').join(dir, 'package.json'))('sass'); } catch { process.exit(3); }
try {
  process.stdout.write(sass.compile(file, { loadPaths: [dir, require('node:path').join(dir, 'node_modules')] }).css);
} catch (e) {
  process.stderr.write(String((e && e.message) || e));
  process.exit(1);
}
"#;

/// The CSS of the Sass file `file` of the site in `site_dir`, or why it cannot be had.
pub fn compile(site_dir: &Path, file: &Path) -> Result<Vec<u8>, String> {
    let out = std::process::Command::new("node")
        .arg("-e")
        .arg(COMPILE)
        .arg("--")
        .arg(site_dir)
        .arg(file)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("Node cannot be run to compile it: {e}"))?;
    match out.status.code() {
        Some(0) => Ok(out.stdout),
        Some(3) => Err("the site has no `sass` package to compile it with (docusaurus-plugin-sass needs it: install the site's packages)".into()),
        _ => Err(format!("Sass cannot compile it: {}", String::from_utf8_lossy(&out.stderr).trim())),
    }
}
