//! `docsite migrate [SITE_DIR]`: writes `docsite.toml` from the site's Docusaurus config.

use std::path::PathBuf;
use std::process::ExitCode;

use docsite_core::config::CONFIG_FILE;
use docsite_core::docusaurus;

/// Arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The Docusaurus site directory (with docusaurus.config.js).
    #[arg(default_value = ".")]
    site_dir: PathBuf,
    /// Replace an existing docsite.toml.
    #[arg(long)]
    force: bool,
}

pub(crate) fn run(args: Args) -> ExitCode {
    let site_dir = match super::require_site_dir(&args.site_dir) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    let target = site_dir.join(CONFIG_FILE);
    if target.exists() && !args.force {
        eprintln!("error: {} exists; pass --force to replace it", target.display());
        return ExitCode::from(2);
    }
    let Some(file) = docusaurus::find(&site_dir) else {
        eprintln!("error: no docusaurus.config.js (.mjs, .cjs, .ts) in {}", args.site_dir.display());
        return ExitCode::from(2);
    };
    let evaluated = match docusaurus::evaluate(&file) {
        Ok(e) => e,
        Err(d) => {
            let mut diags = docsite_core::diagnostics::Diagnostics::default();
            diags.push(d);
            eprint!("{}", diags.report());
            return ExitCode::from(1);
        }
    };
    let mapped = docusaurus::map(&file, &evaluated.config, &docsite_core::config::raw_schema());
    let text = match docusaurus::to_toml(&mapped.config) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot write the configuration as TOML: {e}");
            return ExitCode::from(1);
        }
    };
    let mut diags = docsite_core::diagnostics::Diagnostics::default();
    diags.extend(mapped.warnings);
    // What the written config cannot say (a second blog instance): pages the migrated site
    // will not have, named here once.
    diags.extend(mapped.errors.into_iter().map(|d| d.with_severity(docsite_core::diagnostics::Severity::Warning)));
    diags.normalize(&site_dir);
    eprint!("{}", diags.report());
    let header = format!("# Written by `docsite migrate` from {}.\n\n", file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
    if let Err(e) = std::fs::write(&target, header + &text) {
        eprintln!("error: cannot write {}: {e}", target.display());
        return ExitCode::from(2);
    }
    eprintln!("docsite: wrote {}", target.display());
    ExitCode::SUCCESS
}
