//! One module per subcommand.

pub(crate) mod build;
pub(crate) mod check;
pub(crate) mod dev;
pub(crate) mod migrate;
pub(crate) mod serve;
pub(crate) mod version;

use docsite_core::diagnostics::BuildError;
use std::process::ExitCode;

/// The site folder as an absolute path with symlinks resolved, or exit code 2 with a message
/// when it is not a folder (the command cannot run). Every command works on this path: the
/// engine hands paths under the site to other processes (Vite, the pre-render workers, npm)
/// that run in other folders, where a relative path would name another file.
pub(crate) fn require_site_dir(site_dir: &std::path::Path) -> Result<std::path::PathBuf, ExitCode> {
    if !site_dir.is_dir() {
        eprintln!("error: {} is not a folder; give the site directory (the one with docsite.toml)", site_dir.display());
        return Err(ExitCode::from(2));
    }
    std::fs::canonicalize(site_dir).map_err(|e| {
        eprintln!("error: cannot open the site directory {}: {e}", site_dir.display());
        ExitCode::from(2)
    })
}

/// [`require_site_dir`], and exit code 2 when the folder has neither `docsite.toml` nor a
/// Docusaurus config (there is no site to work on).
pub(crate) fn require_site(site_dir: &std::path::Path) -> Result<std::path::PathBuf, ExitCode> {
    let root = require_site_dir(site_dir)?;
    if root.join(docsite_core::config::CONFIG_FILE).exists() || docsite_core::docusaurus::find(&root).is_some() {
        return Ok(root);
    }
    eprintln!(
        "error: {} has no {} and no docusaurus.config.js; create {} (see the maintainers' guide) or run docsite in a Docusaurus site",
        site_dir.display(),
        docsite_core::config::CONFIG_FILE,
        docsite_core::config::CONFIG_FILE
    );
    Err(ExitCode::from(2))
}

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

/// The theme folder to build with (`--theme`, else `$DOCSITE_THEME`, else the `theme/` of
/// the checkout this binary was compiled in), announced on one line: a binary copied to
/// another checkout still builds the theme it was compiled next to, and this line shows it.
pub(crate) fn theme_dir(arg: Option<std::path::PathBuf>) -> std::path::PathBuf {
    let (dir, from) = match arg {
        Some(dir) => (dir, "--theme"),
        None if std::env::var_os("DOCSITE_THEME").is_some() => (docsite_core::theme::theme_dir(), "$DOCSITE_THEME"),
        None => (docsite_core::theme::theme_dir(), "the checkout this binary was built in"),
    };
    // Absolute, as the site folder: Vite and the workers run in other folders.
    let dir = std::fs::canonicalize(&dir).or_else(|_| std::path::absolute(&dir)).unwrap_or(dir);
    eprintln!("docsite: theme {} (from {from})", dir.display());
    dir
}
