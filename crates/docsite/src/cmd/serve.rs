//! `docsite serve [OUT_DIR] [--port 3000]`.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use docsite_server::{raise_open_file_limit, serve, Limits, ServeOptions};

/// Arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The built site (default: `build` when the current folder holds a site, else
    /// `site/build`).
    root: Option<PathBuf>,
    /// Port.
    #[arg(long, default_value_t = 3000)]
    port: u16,
    /// Address to bind.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
}

pub(crate) fn run(args: Args) -> ExitCode {
    let root = args.root.unwrap_or_else(|| super::default_site_dir().join("build"));
    let addr = SocketAddr::new(args.host, args.port);
    let rt = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    eprintln!("docsite: serving {} on http://{addr}/", root.display());
    // The soft open-file limit up to the hard one first: the connection limit follows it.
    raise_open_file_limit();
    match rt.block_on(serve(ServeOptions { root, addr, limits: Limits::default() })) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
