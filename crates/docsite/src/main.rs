//! `docsite`: build, check and serve a Docusaurus-format documentation site.

mod cmd;
mod embedded_theme;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// mimalloc hands freed memory back to the system as a build moves from stage to stage
/// (glibc's allocator kept the content trees' pages after they were dropped, so the search
/// index's peak came on top of theirs: `bench/scale.sh 10000`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Command line.
#[derive(Parser)]
#[command(name = "docsite", version, about = "A fast documentation site engine for Docusaurus-format content")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the site into static files (builds the theme first when needed).
    Build(cmd::build::Args),
    /// Serve a built site.
    Serve(cmd::serve::Args),
    /// Build, serve and watch the site: every save rebuilds what changed and reloads the
    /// open pages it touched.
    Dev(cmd::dev::Args),
    /// Run every check of `build` without writing anything.
    Check(cmd::check::Args),
    /// Cut a release: snapshot the current docs and sidebars as version NAME (the new latest).
    Version(cmd::version::Args),
    /// Write docsite.toml from the site's Docusaurus config (docusaurus.config.js).
    Migrate(cmd::migrate::Args),
}

fn main() -> ExitCode {
    // Before any thread starts: the environment is read by pagefind when an index is built.
    docsite_core::search::configure_pagefind();
    let cli = Cli::parse();
    match cli.command {
        Command::Build(args) => cmd::build::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Dev(args) => cmd::dev::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Version(args) => cmd::version::run(args),
        Command::Migrate(args) => cmd::migrate::run(args),
    }
}
