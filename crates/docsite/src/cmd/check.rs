//! `docsite check [SITE_DIR]`: every validation of `build`, nothing written but the site's
//! build cache (a site with React pages has its React code compiled into `.docsite/`, since a
//! page whose code does not compile is an error of the site).

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The site directory.
    #[arg(default_value = "site")]
    site_dir: PathBuf,
    /// The theme directory (default: $DOCSITE_THEME or the repository's theme/); used only
    /// when the site has React pages or components in its docs.
    #[arg(long)]
    theme: Option<PathBuf>,
    /// Report React pages whose code does not build as one warning instead of an error (as
    /// `build --allow-missing-pages` leaves them out).
    #[arg(long)]
    allow_missing_pages: bool,
}

pub(crate) fn run(args: Args) -> ExitCode {
    let site_dir = match super::require_site(&args.site_dir) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    let checked = docsite_core::build::check(&site_dir).and_then(|mut site| {
        if site.needs_site_build() {
            let theme = site.site_build(&super::theme_dir(args.theme), args.allow_missing_pages)?;
            site.diagnostics.extend(theme.warnings.iter().cloned());
        }
        Ok(site)
    });
    match checked {
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
