//! `docsite version <NAME> [SITE_DIR]`: cut a release of the current docs (like Docusaurus's
//! `docs:version`): snapshot docs and sidebars, prepend the name to versions.json.

use std::path::PathBuf;
use std::process::ExitCode;

use docsite_core::diagnostics::{BuildError, Diagnostics};

/// Arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The new version's name (e.g. 2.3); it becomes the latest release.
    name: String,
    /// The site directory (default: the current folder when it holds a site, else `site`).
    site_dir: Option<PathBuf>,
}

pub(crate) fn run(args: Args) -> ExitCode {
    let site_dir = match super::require_site_dir(&args.site_dir.clone().unwrap_or_else(super::default_site_dir)) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    match docsite_core::version::cut(&site_dir, &args.name) {
        Ok(cut) => {
            eprintln!(
                "docsite: version {} created from {} files; versions are now {}",
                args.name,
                cut.files,
                cut.versions.join(", ")
            );
            for file in &cut.release_files {
                let shown = file.strip_prefix(&site_dir).unwrap_or(file);
                eprintln!("docsite: {} lists version {} as released today; correct its `date` if the release is on another day", shown.display(), args.name);
            }
            ExitCode::SUCCESS
        }
        Err(errors) => {
            let mut diags = Diagnostics::default();
            diags.extend(errors);
            diags.normalize(&site_dir);
            super::report_error(&BuildError::Invalid(diags))
        }
    }
}
