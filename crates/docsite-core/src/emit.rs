//! Emit stage helpers: content-hashed data chunks, output paths, precompression.
//!
//! Chunks are named by the hash of their bytes, so a CDN or browser can cache them forever
//! (`Cache-Control: immutable`), and an unchanged page keeps its URL across builds.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;
use sha2::{Digest, Sha256};

use crate::diagnostics::BuildError;

/// URL prefix of the engine's own files in the output.
pub const DATA_PREFIX: &str = "_docsite";

/// First 10 hex digits of the SHA-256 of `bytes`.
pub fn short_hash(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    digest.iter().take(5).map(|b| format!("{b:02x}")).collect()
}

/// Writes `json` as `<out>/_docsite/<kind>/<hash>.json` and returns its URL.
pub fn write_chunk(out: &Path, base_url: &str, kind: &str, json: &[u8]) -> Result<String, BuildError> {
    let name = format!("{}.json", short_hash(json));
    let dir = out.join(DATA_PREFIX).join(kind);
    let file = dir.join(&name);
    if !file.exists() {
        std::fs::create_dir_all(&dir).map_err(BuildError::io(&dir))?;
        std::fs::write(&file, json).map_err(BuildError::io(&file))?;
    }
    Ok(format!("{base_url}{DATA_PREFIX}/{kind}/{name}"))
}

/// The HTML file of a route: `/a/b` -> `<out>/a/b/index.html`, `/` -> `<out>/index.html`.
pub fn html_path(out: &Path, base_url: &str, route: &str) -> PathBuf {
    let rel = route.strip_prefix(base_url.trim_end_matches('/')).unwrap_or(route).trim_matches('/');
    if rel.is_empty() {
        out.join("index.html")
    } else {
        out.join(rel).join("index.html")
    }
}

/// Copies a directory tree into `dest` (files only, overwriting).
pub fn copy_tree(src: &Path, dest: &Path) -> Result<(), BuildError> {
    if !src.is_dir() {
        return Ok(());
    }
    for entry in walkdir::WalkDir::new(src) {
        let entry = entry.map_err(|e| BuildError::Io { path: src.to_path_buf(), source: e.into() })?;
        let rel = entry.path().strip_prefix(src).expect("under src");
        let target = dest.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).map_err(BuildError::io(&target))?;
        } else {
            std::fs::copy(entry.path(), &target).map_err(BuildError::io(&target))?;
        }
    }
    Ok(())
}

/// Extensions of the files worth compressing (the theme's `vite.config.ts` compresses the same
/// kinds among its assets).
const COMPRESSIBLE: [&str; 9] = ["html", "js", "css", "json", "svg", "xml", "txt", "map", "mjs"];

/// Smaller files are sent as they are.
const MIN_SIZE: usize = 512;

/// gzip level of the `.gz` siblings: zlib's default. Level 9 costs ~10% more CPU for files
/// ~0.2% smaller, and only clients without brotli get them.
const GZIP_LEVEL: u32 = 6;

/// brotli quality of the `.br` siblings. Quality 9 took half of a build's CPU time: the brotli
/// crate allocates and clears a 32 MB match table for every file (most of it system time,
/// faulting the pages in). Quality 6 compresses the same files ~7 times faster into ~2% more
/// bytes (the generated 612-route tree: 8.04 MB instead of 7.86 MB; the largest pages lose
/// most, the API reference's HTML and data chunk 4-5%).
const BROTLI_QUALITY: i32 = 6;

/// Writes `.br` and `.gz` siblings for every compressible file of at least 512 bytes, in
/// parallel, so the server can send them without compressing per request. A file that
/// already has both is left as it is: the theme's hashed assets come with theirs, compressed
/// once, at the highest settings, when the theme was built.
pub fn precompress(out: &Path) -> Result<(), BuildError> {
    precompress_reusing(out, None)
}

/// [`precompress`], taking the `.br` and `.gz` of a file from `previous` (the last build's
/// output, which this build replaces) when the file there has the same bytes and both
/// siblings: a rebuild compresses only what changed. They are hard links where the file
/// system allows (`previous` is deleted once this build is in place), else copies.
pub fn precompress_reusing(out: &Path, previous: Option<&Path>) -> Result<(), BuildError> {
    compressible(out, None).par_iter().try_for_each(|path| compress_file(path, Reuse { out, previous }))
}

/// Runs `work`, which writes into `busy` (a folder under `out`), on a thread of its own and
/// meanwhile [`precompress`]es the rest of `out` on the other cores; the `work` thread helps
/// once it is done, and `busy` is compressed last. Meant for single-threaded work such as the
/// search index: beside a compression that takes every core it would get only part of one,
/// and then finish last, alone.
pub fn precompress_beside<T: Send>(out: &Path, busy: &Path, previous: Option<&Path>, work: impl FnOnce() -> Result<T, BuildError> + Send) -> Result<T, BuildError> {
    let files = compressible(out, Some(busy));
    let reuse = Reuse { out, previous };
    let next = AtomicUsize::new(0);
    // Takes files off the shared list until none are left (or one failed).
    let drain = || -> Result<(), BuildError> {
        while let Some(path) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
            if let Err(e) = compress_file(path, reuse) {
                next.store(files.len(), Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(())
    };
    let helpers = std::thread::available_parallelism().map_or(1, |n| n.get()).saturating_sub(2);
    let (worked, compressed) = std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let result = work();
            if result.is_err() {
                // The build fails: no point compressing the rest.
                next.store(files.len(), Ordering::Relaxed);
            }
            (result, drain())
        });
        let others: Vec<_> = (0..helpers).map(|_| scope.spawn(drain)).collect();
        let mut compressed = drain();
        for h in others {
            compressed = compressed.and(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        let (worked, drained) = worker.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        (worked, compressed.and(drained))
    });
    let value = worked?;
    compressed?;
    precompress_reusing(busy, previous.map(|p| p.join(busy.strip_prefix(out).unwrap_or(busy))).as_deref())?;
    Ok(value)
}

/// The files under `out` whose kind is worth compressing, except those under `skip`.
fn compressible(out: &Path, skip: Option<&Path>) -> Vec<PathBuf> {
    walkdir::WalkDir::new(out)
        .into_iter()
        .filter_entry(|e| skip != Some(e.path()))
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| p.extension().and_then(|e| e.to_str()).is_some_and(|e| COMPRESSIBLE.contains(&e)))
        .collect()
}

/// Where a compression may be taken from instead of done: the same file of the previous
/// build ([`precompress_reusing`]).
#[derive(Clone, Copy)]
struct Reuse<'a> {
    out: &'a Path,
    previous: Option<&'a Path>,
}

impl Reuse<'_> {
    /// Puts the previous build's `.gz` and `.br` of `path` (whose bytes are `data`) beside it,
    /// when that build has the same file with both; whether it did. Only regular files are
    /// read there (a symlink in the old output is never followed).
    fn take(&self, path: &Path, data: &[u8], gz_path: &Path, br_path: &Path) -> bool {
        let Some(old) = self.previous.and_then(|p| Some(p.join(path.strip_prefix(self.out).ok()?))) else { return false };
        let (old_gz, old_br) = (with_suffix(&old, "gz"), with_suffix(&old, "br"));
        let regular = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_file());
        if !(regular(&old) && regular(&old_gz) && regular(&old_br)) || std::fs::read(&old).ok().as_deref() != Some(data) {
            return false;
        }
        let place = |from: &Path, to: &Path| std::fs::hard_link(from, to).or_else(|_| std::fs::copy(from, to).map(drop)).is_ok();
        if place(&old_gz, gz_path) && place(&old_br, br_path) {
            return true;
        }
        let _ = (std::fs::remove_file(gz_path), std::fs::remove_file(br_path));
        false
    }
}

/// Writes the `.gz` and `.br` siblings of one file, unless it is small or already has both
/// (or takes them from the previous build, [`Reuse`]).
fn compress_file(path: &Path, reuse: Reuse<'_>) -> Result<(), BuildError> {
    let (gz_path, br_path) = (with_suffix(path, "gz"), with_suffix(path, "br"));
    if gz_path.is_file() && br_path.is_file() {
        return Ok(());
    }
    let data = std::fs::read(path).map_err(BuildError::io(path))?;
    if data.len() < MIN_SIZE || reuse.take(path, &data, &gz_path, &br_path) {
        return Ok(());
    }
    std::fs::write(&gz_path, gzip(&data).map_err(BuildError::io(path))?).map_err(BuildError::io(&gz_path))?;
    std::fs::write(&br_path, brotli(&data).map_err(BuildError::io(path))?).map_err(BuildError::io(&br_path))?;
    Ok(())
}

fn gzip(data: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut gz = flate2::write::GzEncoder::new(Vec::with_capacity(data.len() / 4), flate2::Compression::new(GZIP_LEVEL));
    gz.write_all(data)?;
    gz.finish()
}

fn brotli(data: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut br = Vec::with_capacity(data.len() / 4);
    let params = brotli::enc::BrotliEncoderParams { quality: BROTLI_QUALITY, lgwin: brotli_window(data.len()), ..Default::default() };
    brotli::BrotliCompress(&mut &data[..], &mut br, &params)?;
    Ok(br)
}

/// The smallest brotli window (log2 of its size) that holds a whole file of `len` bytes, so
/// that a small file does not pay for a large ring buffer; the result is the same as with a
/// larger window. At least 18: from 16 down the brotli crate switches to a hasher with a far
/// larger table. At most 24, brotli's limit.
fn brotli_window(len: usize) -> i32 {
    // A window of 2^n bytes holds 2^n - 16 bytes of history.
    let bits = usize::BITS - (len + 15).leading_zeros();
    bits.clamp(18, 24) as i32
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".");
    s.push(suffix);
    PathBuf::from(s)
}

/// Escapes JSON for embedding inside a `<script>` element.
pub fn script_safe_json(json: &str) -> String {
    json.replace("</", "<\\/").replace("<!--", "<\\!--")
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    #[test]
    fn a_rebuild_takes_the_compression_of_unchanged_files_from_the_previous_build() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = (dir.path().join("old"), dir.path().join("new"));
        let same = "<p>the same page</p>".repeat(100);
        for d in [&old, &new] {
            std::fs::create_dir_all(d.join("a")).unwrap();
            std::fs::write(d.join("a/same.html"), &same).unwrap();
        }
        std::fs::write(old.join("a/changed.html"), "<p>before</p>".repeat(100)).unwrap();
        std::fs::write(new.join("a/changed.html"), "<p>after</p>".repeat(100)).unwrap();
        precompress(&old).unwrap();
        // The previous build's compression of the unchanged file is marked: taken, not redone.
        std::fs::write(old.join("a/same.html.br"), b"taken").unwrap();
        // A symlink in the old output is never followed.
        std::fs::write(new.join("a/linked.html"), &same).unwrap();
        std::os::unix::fs::symlink(old.join("a/same.html"), old.join("a/linked.html")).unwrap();
        std::os::unix::fs::symlink(old.join("a/same.html.gz"), old.join("a/linked.html.gz")).unwrap();
        std::os::unix::fs::symlink(old.join("a/same.html.br"), old.join("a/linked.html.br")).unwrap();
        precompress_reusing(&new, Some(&old)).unwrap();
        assert_eq!(std::fs::read(new.join("a/same.html.br")).unwrap(), b"taken");
        let unbrotli = |p: &Path| {
            let mut out = Vec::new();
            brotli::BrotliDecompress(&mut &std::fs::read(p).unwrap()[..], &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(unbrotli(&new.join("a/changed.html.br")), "<p>after</p>".repeat(100));
        assert_eq!(unbrotli(&new.join("a/linked.html.br")), same);
    }

    #[test]
    fn brotli_windows_hold_the_whole_file_within_brotli_limits() {
        assert_eq!(brotli_window(0), 18);
        assert_eq!(brotli_window(200_000), 18);
        assert_eq!(brotli_window((1 << 18) - 16), 18);
        assert_eq!(brotli_window((1 << 18) - 15), 19);
        assert_eq!(brotli_window(3 << 20), 22);
        assert_eq!(brotli_window(1 << 30), 24);
    }

    #[test]
    fn compressible_files_get_siblings_that_decode_to_them() {
        let out = tempfile::tempdir().unwrap();
        let page: String = (0..400).map(|i| format!("<p>paragraph {i} of a page</p>\n")).collect();
        std::fs::create_dir_all(out.path().join("docs/a")).unwrap();
        std::fs::write(out.path().join("docs/a/index.html"), &page).unwrap();
        std::fs::write(out.path().join("small.json"), "{}").unwrap();
        std::fs::write(out.path().join("logo.png"), vec![7u8; 4096]).unwrap();
        precompress(out.path()).unwrap();

        let html = out.path().join("docs/a/index.html");
        let mut decoded = String::new();
        flate2::read::GzDecoder::new(&std::fs::read(with_suffix(&html, "gz")).unwrap()[..]).read_to_string(&mut decoded).unwrap();
        assert_eq!(decoded, page);
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &std::fs::read(with_suffix(&html, "br")).unwrap()[..], &mut decoded).unwrap();
        assert_eq!(decoded, page.as_bytes());
        assert!(std::fs::metadata(with_suffix(&html, "br")).unwrap().len() < 2000);
        for skipped in ["small.json", "logo.png"] {
            let path = out.path().join(skipped);
            assert!(!with_suffix(&path, "gz").exists() && !with_suffix(&path, "br").exists(), "{skipped}");
        }
    }

    #[test]
    fn files_that_come_with_both_siblings_keep_them() {
        let out = tempfile::tempdir().unwrap();
        let js = out.path().join("app-1a2b3c.js");
        std::fs::write(&js, "export const x = 1;\n".repeat(100)).unwrap();
        std::fs::write(with_suffix(&js, "gz"), "theme gzip").unwrap();
        std::fs::write(with_suffix(&js, "br"), "theme brotli").unwrap();
        let lone = out.path().join("lone.js");
        std::fs::write(&lone, "export const y = 2;\n".repeat(100)).unwrap();
        std::fs::write(with_suffix(&lone, "gz"), "stale").unwrap();
        precompress(out.path()).unwrap();
        assert_eq!(std::fs::read_to_string(with_suffix(&js, "gz")).unwrap(), "theme gzip");
        assert_eq!(std::fs::read_to_string(with_suffix(&js, "br")).unwrap(), "theme brotli");
        // With only one of them, both are written again.
        assert_ne!(std::fs::read(with_suffix(&lone, "gz")).unwrap(), b"stale");
        assert!(with_suffix(&lone, "br").is_file());
    }

    #[test]
    fn precompress_beside_compresses_the_busy_folder_after_the_work() {
        let out = tempfile::tempdir().unwrap();
        let text = "searchable words ".repeat(100);
        for i in 0..20 {
            std::fs::write(out.path().join(format!("page{i}.html")), &text).unwrap();
        }
        let bundle = out.path().join("pagefind");
        let written = precompress_beside(out.path(), &bundle, None, || {
            // The work writes into its folder while the rest is being compressed.
            std::fs::create_dir_all(&bundle).unwrap();
            std::fs::write(bundle.join("pagefind.js"), &text).unwrap();
            Ok(1)
        })
        .unwrap();
        assert_eq!(written, 1);
        for i in 0..20 {
            assert!(out.path().join(format!("page{i}.html.br")).is_file(), "page{i}");
        }
        assert!(bundle.join("pagefind.js.br").is_file() && bundle.join("pagefind.js.gz").is_file());
    }

    #[test]
    fn precompress_beside_reports_the_work_failing() {
        let out = tempfile::tempdir().unwrap();
        let result: Result<(), _> = precompress_beside(out.path(), &out.path().join("pagefind"), None, || Err(BuildError::Theme("index failed".into())));
        assert!(matches!(result, Err(BuildError::Theme(m)) if m == "index failed"));
    }
}
