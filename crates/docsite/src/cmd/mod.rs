//! One module per subcommand.

pub(crate) mod build;
pub(crate) mod check;
pub(crate) mod dev;
pub(crate) mod migrate;
pub(crate) mod serve;
pub(crate) mod version;

use docsite_core::diagnostics::BuildError;
use std::process::ExitCode;

/// The site folder when none is given: the current folder when it holds a site
/// (`docsite.toml` or a Docusaurus config: `npx docsite build` in a site, as `docusaurus
/// build` works), else `site` (this repository's layout).
pub(crate) fn default_site_dir() -> std::path::PathBuf {
    let here = std::path::Path::new(".");
    if here.join(docsite_core::config::CONFIG_FILE).is_file() || docsite_core::docusaurus::find(here).is_some() {
        here.to_path_buf()
    } else {
        "site".into()
    }
}

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

/// The theme folder to build with, announced on one line with where it was found:
/// `--theme`, else `$DOCSITE_THEME`, else a theme beside the executable (the npm package's
/// `theme/`), else, for a binary run from its own checkout (`<repo>/target/<profile>/`),
/// the checkout's `theme/`, else the theme embedded in the binary, unpacked into the user's
/// cache folder (`cargo install`). Never a path compiled into the binary: a binary copied
/// elsewhere finds the theme from where it is. Exit code 2 when none can be had.
pub(crate) fn theme_dir(arg: Option<std::path::PathBuf>) -> Result<std::path::PathBuf, ExitCode> {
    let exe = std::env::current_exe().ok();
    let found = match arg {
        Some(dir) => Some((dir, "--theme")),
        None => match std::env::var_os("DOCSITE_THEME").filter(|v| !v.is_empty()) {
            Some(dir) => Some((dir.into(), "$DOCSITE_THEME")),
            None => exe
                .as_deref()
                .and_then(|exe| {
                    docsite_core::theme::beside_executable(exe)
                        .map(|t| (t, "beside the executable"))
                        .or_else(|| docsite_core::theme::of_checkout(exe).map(|t| (t, "the checkout this binary runs from")))
                }),
        },
    };
    let (dir, from) = match found {
        Some(found) => found,
        None => match crate::embedded_theme::unpack() {
            Ok(Some(dir)) => (dir, "the copy embedded in the binary"),
            Ok(None) => {
                eprintln!("error: no theme: this binary carries none and has no theme/ beside it; give --theme DIR or set DOCSITE_THEME");
                return Err(ExitCode::from(2));
            }
            Err(e) => {
                eprintln!("error: {e}");
                return Err(ExitCode::from(2));
            }
        },
    };
    // Absolute, as the site folder: Vite and the workers run in other folders.
    let dir = std::fs::canonicalize(&dir).or_else(|_| std::path::absolute(&dir)).unwrap_or(dir);
    eprintln!("docsite: theme {} (from {from})", dir.display());
    Ok(dir)
}
