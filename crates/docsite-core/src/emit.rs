//! Emit stage helpers: content-hashed data chunks, output paths, precompression.
//!
//! Chunks are named by the hash of their bytes, so a CDN or browser can cache them forever
//! (`Cache-Control: immutable`), and an unchanged page keeps its URL across builds.

use std::io::Write;
use std::path::{Path, PathBuf};

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

/// Writes `.br` and `.gz` siblings for every compressible file over 512 bytes, in
/// parallel, so the server can send them without compressing per request.
pub fn precompress(out: &Path) -> Result<(), BuildError> {
    let files: Vec<PathBuf> = walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| {
            matches!(p.extension().and_then(|e| e.to_str()), Some("html" | "js" | "css" | "json" | "svg" | "xml" | "txt" | "map" | "mjs"))
        })
        .collect();
    files.par_iter().try_for_each(|path| -> Result<(), BuildError> {
        let data = std::fs::read(path).map_err(BuildError::io(path))?;
        if data.len() < 512 {
            return Ok(());
        }
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&data).map_err(BuildError::io(path))?;
        let gz = gz.finish().map_err(BuildError::io(path))?;
        let gz_path = with_suffix(path, "gz");
        std::fs::write(&gz_path, gz).map_err(BuildError::io(&gz_path))?;
        let mut br = Vec::new();
        let params = brotli::enc::BrotliEncoderParams { quality: 9, lgwin: 22, ..Default::default() };
        brotli::BrotliCompress(&mut &data[..], &mut br, &params).map_err(BuildError::io(path))?;
        let br_path = with_suffix(path, "br");
        std::fs::write(&br_path, br).map_err(BuildError::io(&br_path))?;
        Ok(())
    })
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
