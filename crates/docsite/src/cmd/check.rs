//! `docsite check [SITE_DIR]`: every validation of `build`, nothing written.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The site directory (default: the current folder when it holds a site, else `site`).
    site_dir: Option<PathBuf>,
}

pub(crate) fn run(args: Args) -> ExitCode {
    let site_dir = args.site_dir.unwrap_or_else(super::default_site_dir);
    if let Err(code) = super::require_site(&site_dir) {
        return code;
    }
    match docsite_core::build::check(&site_dir) {
        Ok(site) => {
            if site.diagnostics.items().is_empty() {
                eprintln!("docsite: {} is clean", site_dir.display());
            } else {
                // The report ends with the counts ("0 errors, 3 warnings in 2 files").
                eprint!("{}", site.diagnostics.report());
            }
            ExitCode::SUCCESS
        }
        Err(e) => super::report_error(&e),
    }
}
