//! `docsite build [SITE_DIR] [--out DIR] [--base-url PATH]`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use docsite_core::build::{build, BuildOptions};

/// Arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The site directory (default: the current folder when it holds a site, else `site`).
    site_dir: Option<PathBuf>,
    /// Output directory (default: SITE_DIR/build).
    #[arg(long)]
    out: Option<PathBuf>,
    /// The theme directory (default: $DOCSITE_THEME, the theme beside the executable, or
    /// the one embedded in it).
    #[arg(long)]
    theme: Option<PathBuf>,
    /// Publish under this path instead of the configuration's `baseUrl` (e.g. `/FDC3/` for a
    /// fork on GitHub Pages, `/deploy-preview-12/`): every link, asset, chunk, search index
    /// and schema `$id` follows it.
    #[arg(long, value_name = "PATH")]
    base_url: Option<String>,
    /// Print the time of each stage.
    #[arg(long)]
    timings: bool,
    /// Build the rest of the site when some pages it declares cannot be built (React pages
    /// whose code does not build), leaving them out with a
    /// warning that names them (without it such a build fails: it would lack those pages).
    #[arg(long)]
    allow_missing_pages: bool,
}

/// One line per stage, with the time since the build started, so a long build is never
/// silent (plain lines: they read the same on a terminal and in a CI log).
fn progress(stage: &str) {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let start = START.get_or_init(Instant::now);
    eprintln!("docsite: [{:>5.1}s] {stage}…", start.elapsed().as_secs_f64());
}

pub(crate) fn run(args: Args) -> ExitCode {
    let site_dir = match super::require_site(&args.site_dir.clone().unwrap_or_else(super::default_site_dir)) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    let start = Instant::now();
    let theme_dir = match super::theme_dir(args.theme) {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    let opts = BuildOptions {
        out_dir: args.out.unwrap_or_else(|| site_dir.join("build")),
        site_dir,
        theme_dir,
        workers: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2),
        base_url: args.base_url,
        progress: Some(progress),
        allow_missing_pages: args.allow_missing_pages,
    };
    match build(&opts) {
        Ok(report) => {
            eprint!("{}", report.diagnostics.report());
            if args.timings {
                for (stage, secs) in &report.timings {
                    eprintln!("  {stage:<8} {:>7.1} ms", secs * 1000.0);
                }
                let paths = report.doc_paths;
                eprintln!("  docs     {} by the Markdown renderer, {} by MDX", paths.markdown, paths.mdx);
            }
            if !report.frame_src.is_empty() {
                eprintln!("docsite: pages may show iframes from {} (their CSP frame-src)", report.frame_src.join(", "));
            }
            eprintln!("docsite: built {} routes into {} in {:.2}s", report.routes, opts.out_dir.display(), start.elapsed().as_secs_f64());
            ExitCode::SUCCESS
        }
        Err(e) => super::report_error(&e),
    }
}
