//! One module per subcommand.

pub(crate) mod build;
pub(crate) mod check;
pub(crate) mod dev;
pub(crate) mod serve;
pub(crate) mod version;

use docsite_core::diagnostics::BuildError;
use std::process::ExitCode;

/// Prints a build error and returns the exit code: 1 for problems in the site, 2 when the
/// command could not run.
pub(crate) fn report_error(err: &BuildError) -> ExitCode {
    match err {
        BuildError::Invalid(diags) => {
            eprint!("{}", diags.report());
            ExitCode::from(1)
        }
        other => {
            eprintln!("error: {other}");
            ExitCode::from(2)
        }
    }
}
