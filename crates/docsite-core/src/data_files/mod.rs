//! Data files under `<site>/data/`: the structured lists behind the site pages (community
//! showcase, training, users, releases) and the measured sizes of the site's diagrams.
//!
//! Each `*.json` file says which schema it follows in its `kind` field (`cards`, `users`,
//! `releases` or `diagram-sizes`). The raw types are the files exactly as written (`deny_unknown_fields`
//! everywhere); [`load`] deserialises and validates every file at the start of a build and
//! reports each problem with the file, the line and column, the entry (index and title) and
//! the field, so a contributor who adds a malformed entry learns exactly what to fix. The
//! render stage (`markdown::components`) turns the validated sets into content-tree elements
//! when a page places a data component such as `<Showcase data="community" />`.
//!
//! The module, in the order a file goes through it:
//! - `read.rs`: [`load`], the data folder and each file: its `kind`, its raw type, serde's
//!   errors as diagnostics;
//! - `raw.rs`: the raw types of each kind, as written;
//! - `kinds.rs`: the checks of each kind, raw file to validated set ([`check_url`] for links);
//! - `sets.rs`: the validated sets the render stage uses, and [`DataFiles`];
//! - `spans.rs`: paths into a JSON document and their line and column, for messages.

mod kinds;
mod raw;
mod read;
mod sets;
mod spans;

pub use kinds::{check_url, MAX_DESCRIPTION_WORDS, MAX_TITLE_CHARS};
pub use raw::{diagram_key, BadgeDef, CardOrder, Category, Contribute, DiagramSize, RawCard, RawCardSet, RawConformance, RawDiagramSizes, RawNext, RawRelease, RawReleases, RawUser, RawUserSet};
pub use read::load;
pub use sets::{Card, CardSet, Conformance, DataFiles, DataSet, Date, Origin, Releases, UserSet};

/// Folder of the data files, relative to the site directory.
pub const DATA_DIR: &str = "data";
