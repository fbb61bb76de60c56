//! `docsite check [SITE_DIR]`: every validation of `build`, nothing written but the site's
//! build cache (a site with React pages has its React code compiled into `.docsite/`, since a
//! page whose code does not compile is an error of the site).

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The site directory (default: the current folder when it holds a site, else `site`).
    site_dir: Option<PathBuf>,
    /// The theme directory (default: found as `build` finds it); used only when the site has
    /// React pages or components in its docs.
    #[arg(long)]
    theme: Option<PathBuf>,
    /// Report pages the site declares that cannot be built (React pages whose code does not
    /// build) as warnings instead of errors (as
    /// `build --allow-missing-pages` leaves them out).
    #[arg(long)]
    allow_missing_pages: bool,
}

pub(crate) fn run(args: Args) -> ExitCode {
    let given = args.site_dir.clone().unwrap_or_else(super::default_site_dir);
    let site_dir = match super::require_site(&given) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    let mut site = match docsite_core::build::check(&site_dir) {
        Ok(site) => site,
        Err(e) => return super::report_error(&e),
    };
    // Every locale is checked, as `build` builds every one (see `docsite_core::i18n`); a
    // problem the locales share is reported once.
    for code in site.config().other_locales() {
        match docsite_core::build::check_locale(&site_dir, None, None, Some(&code)) {
            Ok(local) => site.diagnostics.merge_new(&local.diagnostics),
            Err(e) => return super::report_error(&e),
        }
    }
    if site.needs_site_build() {
        let theme_dir = match super::theme_dir(args.theme) {
            Ok(dir) => dir,
            Err(code) => return code,
        };
        match site.site_build(&theme_dir, args.allow_missing_pages) {
            Ok(theme) => site.diagnostics.extend(theme.warnings.iter().cloned()),
            Err(e) => return super::report_error(&e),
        }
    }
    if site.diagnostics.items().is_empty() {
        eprintln!("docsite: {} is clean", given.display());
    } else {
        // The report ends with the counts ("0 errors, 3 warnings in 2 files").
        eprint!("{}", site.diagnostics.report());
    }
    ExitCode::SUCCESS
}
