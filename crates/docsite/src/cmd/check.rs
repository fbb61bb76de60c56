//! `docsite check [SITE_DIR]`: every validation of `build`, nothing written.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The site directory.
    #[arg(default_value = "site")]
    site_dir: PathBuf,
}

pub(crate) fn run(args: Args) -> ExitCode {
    if let Err(code) = super::require_site(&args.site_dir) {
        return code;
    }
    match docsite_core::build::check(&args.site_dir) {
        Ok(site) => {
            if site.diagnostics.items().is_empty() {
                eprintln!("docsite: {} is clean", args.site_dir.display());
            } else {
                // The report ends with the counts ("0 errors, 3 warnings in 2 files").
                eprint!("{}", site.diagnostics.report());
            }
            ExitCode::SUCCESS
        }
        Err(e) => super::report_error(&e),
    }
}
