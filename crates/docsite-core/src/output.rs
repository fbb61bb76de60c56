//! The output folder, kept safe: which folder `build` may write ([`check_out_dir`]), the one
//! way to turn a route or relative path into a file under it ([`under`]), and the swap that
//! puts a finished build in place of the previous one without ever showing a partial tree
//! ([`Staging`]).
//!
//! `build` writes everything into `.<name>.tmp-<pid>` beside the output, then exchanges it
//! with the output in one `renameat2(RENAME_EXCHANGE)` (where the file system does not
//! support it: the old output is renamed aside to `.<name>.old-<pid>`, the new one renamed in,
//! then the old one deleted). A build killed at any moment leaves the output either complete
//! old or complete new; the next build removes what the killed one left (folders of either
//! name whose process is gone), after putting an aside old output back if the output itself
//! is missing. `bench/kill.sh` interrupts builds at random moments to show it.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

use crate::diagnostics::BuildError;

/// Writes a file, creating its folder (the caller has placed `path` with [`under`]).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), BuildError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(BuildError::io(dir))?;
    }
    std::fs::write(path, bytes).map_err(BuildError::io(path))
}

/// Joins `rel` (a path relative to the output, or a route with its leading `/`) to `root`,
/// refusing anything that could land outside `root`: a `..` component, a root or drive
/// prefix after the leading slashes, a NUL or a backslash. Every writer of the output goes
/// through here (pages, chunks, static files, assets, schemas, `docsite dev`).
pub fn under(root: &Path, rel: impl AsRef<Path>) -> Result<PathBuf, BuildError> {
    let rel = rel.as_ref();
    let text = rel.to_string_lossy();
    let refuse = |why: &str| BuildError::Refused(format!("refusing to write {text:?} under {}: {why}", root.display()));
    if text.contains('\0') || text.contains('\\') {
        return Err(refuse("it contains a NUL or a backslash"));
    }
    let mut path = root.to_path_buf();
    for c in Path::new(text.trim_start_matches('/')).components() {
        match c {
            Component::Normal(part) => path.push(part),
            Component::CurDir => {}
            Component::ParentDir => return Err(refuse("it has a `..` component")),
            Component::RootDir | Component::Prefix(_) => return Err(refuse("it is an absolute path")),
        }
    }
    Ok(path)
}

/// Refuses an output folder whose replacement would destroy something that is not a
/// previous build. The rule is an allow-list: the folder does not exist, is empty, or holds
/// the [`BUILD_MARKER`] a previous build wrote; anything else is refused before anything is
/// written. On top of it, and whatever the marker says: the site folder, a folder inside it other than the default `<site>/build`
/// (`static/`, `docs/`, ... are sources), any folder that contains the site, the theme, the
/// current folder or the home folder, and `/`. Paths are compared after resolving symlinks
/// and `..` (an output that does not exist yet is resolved through its nearest existing
/// parent). Returns the resolved output folder, which the build then uses.
pub fn check_out_dir(site_dir: &Path, theme_dir: &Path, out_dir: &Path) -> Result<PathBuf, BuildError> {
    let out = resolve(out_dir).map_err(BuildError::io(out_dir))?;
    let site = resolve(site_dir).map_err(BuildError::io(site_dir))?;
    let refuse = |what: String| {
        BuildError::Refused(format!(
            "refusing to use {} as the output folder: {what}, and a build replaces its output folder as a whole; give a folder of its own, such as {}",
            out_dir.display(),
            site_dir.join("build").display()
        ))
    };
    if out.parent().is_none() {
        return Err(refuse("it is the root folder".into()));
    }
    if site.starts_with(&out) {
        return Err(refuse(format!("it is or contains the site folder {}", site.display())));
    }
    if out.starts_with(&site) && out != site.join("build") {
        return Err(refuse(format!("it lies inside the site folder {} (only `build/` there is not a source)", site.display())));
    }
    if let Ok(theme) = resolve(theme_dir) {
        if theme.starts_with(&out) {
            return Err(refuse(format!("it contains the theme folder {}", theme.display())));
        }
    }
    if let Ok(cwd) = std::env::current_dir().and_then(|d| resolve(&d)) {
        if cwd.starts_with(&out) {
            return Err(refuse("it is or contains the current folder".into()));
        }
    }
    if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()).and_then(|h| resolve(Path::new(&h)).ok()) {
        if home.starts_with(&out) {
            return Err(refuse(format!("it is or contains the home folder {}", home.display())));
        }
    }
    // The allow-list: nothing, an empty folder, or a folder a docsite build wrote.
    match std::fs::symlink_metadata(&out) {
        Err(_) => {}
        Ok(meta) if !meta.is_dir() => return Err(refuse("it is a file, not a folder".into())),
        Ok(_) => {
            let mut entries = std::fs::read_dir(&out).map_err(BuildError::io(&out))?;
            let marked = std::fs::symlink_metadata(out.join(BUILD_MARKER)).is_ok_and(|m| m.is_file());
            if entries.next().is_some() && !marked {
                return Err(BuildError::Refused(format!(
                    "refusing to use {} as the output folder: it holds files that no docsite build wrote (it has no {BUILD_MARKER} marker), and a build replaces its output folder as a whole\n  help: if it is an old build you no longer need (a Docusaurus build, say), delete it first (`rm -r {}`); otherwise give an empty or new folder, such as {}",
                    out_dir.display(),
                    out_dir.display(),
                    site_dir.join("build").display()
                )));
            }
        }
    }
    Ok(out)
}

/// Refuses an output folder (`out`, as [`check_out_dir`] resolved it; `out_dir` as given)
/// that is, holds or lies inside one of `content`, the content folders the configuration
/// names (docs, blog, pages: `SiteConfig::content_dirs`). Those may lie beside the site
/// folder (`'../docs'`), where [`check_out_dir`]'s rule for the site folder does not reach:
/// a build there would replace sources or be read back as content by the next one. Checked
/// once the configuration is read, before anything is written.
pub fn check_out_beside(out: &Path, out_dir: &Path, content: &[PathBuf]) -> Result<(), BuildError> {
    for dir in content {
        let Ok(dir) = resolve(dir) else { continue };
        if dir.starts_with(out) || out.starts_with(&dir) {
            return Err(BuildError::Refused(format!(
                "refusing to use {} as the output folder: it is, holds or lies inside the content folder {} that the configuration names; give a folder of its own outside it, such as the site's build/",
                out_dir.display(),
                dir.display()
            )));
        }
    }
    Ok(())
}

/// The file every build writes at the top of its output: a folder that holds it may be
/// replaced by the next build ([`check_out_dir`]); a non-empty folder without it never is.
pub const BUILD_MARKER: &str = ".docsite-build";

/// What [`BUILD_MARKER`] says to whoever opens it.
const BUILD_MARKER_TEXT: &str = "This folder was written by `docsite build`. The next build replaces it as a whole;\ndocsite refuses to replace a non-empty folder without this file.\n";

/// `path` made absolute, with symlinks and `..` resolved through its nearest existing
/// ancestor (the rest is appended as written, `..` popping a component).
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let abs = if path.is_absolute() { path.to_path_buf() } else { std::env::current_dir()?.join(path) };
    let mut existing = abs.as_path();
    let mut rest = Vec::new();
    let base = loop {
        match existing.canonicalize() {
            Ok(p) => break p,
            Err(e) => match (existing.parent(), existing.file_name()) {
                (Some(parent), Some(name)) => {
                    rest.push(name.to_owned());
                    existing = parent;
                }
                // `..` as the last component or nothing left: resolve lexically below.
                (Some(parent), None) => {
                    rest.push(OsString::from(".."));
                    existing = parent;
                }
                (None, _) => return Err(e),
            },
        }
    };
    let mut out = base;
    for part in rest.into_iter().rev() {
        if part == ".." {
            out.pop();
        } else {
            out.push(part);
        }
    }
    Ok(out)
}

/// A build being written beside its output folder, swapped in by [`Staging::commit`].
pub struct Staging {
    out: PathBuf,
    tmp: PathBuf,
}

impl Staging {
    /// Cleans up after interrupted builds into `out` and creates this build's empty folder.
    pub fn begin(out: &Path) -> Result<Staging, BuildError> {
        let parent = out.parent().ok_or_else(|| BuildError::Refused(format!("{} has no parent folder", out.display())))?;
        std::fs::create_dir_all(parent).map_err(BuildError::io(parent))?;
        clean_leftovers(out)?;
        let tmp = sibling(out, "tmp", std::process::id());
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir(&tmp).map_err(BuildError::io(&tmp))?;
        let marker = tmp.join(BUILD_MARKER);
        std::fs::write(&marker, BUILD_MARKER_TEXT).map_err(BuildError::io(&marker))?;
        Ok(Staging { out: out.to_path_buf(), tmp })
    }

    /// The folder to write into.
    pub fn dir(&self) -> &Path {
        &self.tmp
    }

    /// Puts the finished build in place of the output and deletes the previous one. At no
    /// moment is the output a mix of the two.
    pub fn commit(self) -> Result<(), BuildError> {
        let out = &self.out;
        if std::fs::symlink_metadata(out).is_err() {
            return std::fs::rename(&self.tmp, out).map_err(BuildError::io(out));
        }
        if exchange(&self.tmp, out).is_ok() {
            // `tmp` now holds the previous output.
            let _ = std::fs::remove_dir_all(&self.tmp);
            return Ok(());
        }
        let aside = sibling(out, "old", std::process::id());
        let _ = std::fs::remove_dir_all(&aside);
        std::fs::rename(out, &aside).map_err(BuildError::io(out))?;
        if let Err(e) = std::fs::rename(&self.tmp, out) {
            // Put the previous output back rather than leave none.
            let _ = std::fs::rename(&aside, out);
            return Err(BuildError::io(out)(e));
        }
        let _ = std::fs::remove_dir_all(&aside);
        Ok(())
    }

    /// Deletes the unfinished build (after an error).
    pub fn abandon(self) {
        let _ = std::fs::remove_dir_all(&self.tmp);
    }
}

/// `.<name>.<kind>-<pid>` beside `out`.
fn sibling(out: &Path, kind: &str, pid: u32) -> PathBuf {
    out.with_file_name(format!(".{}.{kind}-{pid}", name_of(out)))
}

fn name_of(out: &Path) -> String {
    out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "build".into())
}

/// Removes the staging and aside folders of builds into `out` whose process is gone; when
/// `out` itself is missing and an aside previous output is there, it is put back first (the
/// build was killed between moving it aside and moving the new one in).
fn clean_leftovers(out: &Path) -> Result<(), BuildError> {
    let Some(parent) = out.parent() else { return Ok(()) };
    let Ok(entries) = std::fs::read_dir(parent) else { return Ok(()) };
    let prefix = format!(".{}.", name_of(out));
    let mut stale = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(&prefix) else { continue };
        let Some((kind, pid)) = rest.split_once('-') else { continue };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        if (kind == "tmp" || kind == "old") && (pid == std::process::id() || !alive(pid)) {
            stale.push((kind == "old", entry.path()));
        }
    }
    if std::fs::symlink_metadata(out).is_err() {
        if let Some((_, aside)) = stale.iter().find(|(old, _)| *old) {
            std::fs::rename(aside, out).map_err(BuildError::io(out))?;
        }
    }
    for (_, path) in stale {
        if path.exists() {
            std::fs::remove_dir_all(&path).map_err(BuildError::io(&path))?;
        }
    }
    Ok(())
}

/// Whether process `pid` exists.
#[cfg(unix)]
fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
    // SAFETY: kill with signal 0 only checks that the process exists.
    unsafe { libc::kill(pid, 0) == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM) }
}

#[cfg(not(unix))]
fn alive(_pid: u32) -> bool {
    false
}

/// Exchanges two paths atomically (Linux `renameat2(RENAME_EXCHANGE)`).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let a = CString::new(a.as_os_str().as_bytes())?;
    let b = CString::new(b.as_os_str().as_bytes())?;
    // SAFETY: two valid NUL-terminated paths, relative to the current folder; the kernel
    // either exchanges them or changes nothing.
    let rc = unsafe { libc::syscall(libc::SYS_renameat2, libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), libc::RENAME_EXCHANGE) };
    if rc == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> std::io::Result<()> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_under_the_root_are_joined_and_escapes_refused() {
        let root = Path::new("/out");
        assert_eq!(under(root, "/docs/a/index.html").unwrap(), Path::new("/out/docs/a/index.html"));
        assert_eq!(under(root, "./x.json").unwrap(), Path::new("/out/x.json"));
        for bad in ["../x", "/../../x/index.html", "a/../../b", "a\\b", "a\0b"] {
            assert!(matches!(under(root, bad), Err(BuildError::Refused(_))), "{bad:?}");
        }
    }

    #[test]
    fn the_output_may_not_be_or_hold_the_sources() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        let theme = dir.path().join("theme");
        std::fs::create_dir_all(site.join("static")).unwrap();
        std::fs::create_dir_all(&theme).unwrap();
        for bad in [site.clone(), site.join("static"), site.join("static/out"), site.join("build/x"), dir.path().to_path_buf(), site.join("build/../.."), PathBuf::from("/")] {
            assert!(matches!(check_out_dir(&site, &theme, &bad), Err(BuildError::Refused(_))), "{}", bad.display());
        }
        assert_eq!(check_out_dir(&site, &theme, &site.join("build")).unwrap(), site.canonicalize().unwrap().join("build"));
        assert!(check_out_dir(&site, &theme, &dir.path().join("out/www")).is_ok());
    }

    #[test]
    fn the_output_may_not_be_in_or_hold_a_content_folder_beside_the_site() {
        let dir = tempfile::tempdir().unwrap();
        let docs = dir.path().join("docs");
        std::fs::create_dir_all(&docs).unwrap();
        let content = [docs.clone(), dir.path().join("website/blog")];
        for bad in [docs.clone(), docs.join("build"), dir.path().to_path_buf()] {
            let out = resolve(&bad).unwrap();
            assert!(matches!(check_out_beside(&out, &bad, &content), Err(BuildError::Refused(_))), "{}", bad.display());
        }
        let fine = dir.path().join("website/build");
        assert!(check_out_beside(&resolve(&fine).unwrap(), &fine, &content).is_ok());
    }

    #[test]
    fn only_a_missing_or_empty_folder_or_a_previous_build_may_be_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        let theme = dir.path().join("theme");
        std::fs::create_dir_all(&site).unwrap();
        std::fs::create_dir_all(&theme).unwrap();
        let out = dir.path().join("www");
        assert!(check_out_dir(&site, &theme, &out).is_ok(), "a missing folder");
        std::fs::create_dir_all(&out).unwrap();
        assert!(check_out_dir(&site, &theme, &out).is_ok(), "an empty folder");
        std::fs::write(out.join("notes.txt"), "mine").unwrap();
        let Err(BuildError::Refused(why)) = check_out_dir(&site, &theme, &out) else { panic!("a folder of someone else's files") };
        assert!(why.contains(BUILD_MARKER) && why.contains("rm -r"), "{why}");
        // A marker that is a link (or a folder) is not a build's.
        std::os::unix::fs::symlink(out.join("notes.txt"), out.join(BUILD_MARKER)).unwrap();
        assert!(check_out_dir(&site, &theme, &out).is_err(), "a linked marker");
        std::fs::remove_file(out.join(BUILD_MARKER)).unwrap();
        // What a build commits carries the marker, so the next build may replace it.
        let staging = Staging::begin(&out).unwrap();
        std::fs::write(staging.dir().join("index.html"), "new").unwrap();
        staging.commit().unwrap();
        assert!(out.join(BUILD_MARKER).is_file());
        assert!(check_out_dir(&site, &theme, &out).is_ok(), "a previous build");
        let file = dir.path().join("file");
        std::fs::write(&file, "x").unwrap();
        assert!(check_out_dir(&site, &theme, &file).is_err(), "a file");
    }

    #[test]
    fn a_commit_replaces_the_output_and_leftovers_of_dead_builds_go() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("www");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("old.html"), "old").unwrap();
        // A build that died after moving the output aside, and one that died while writing.
        let dead = u32::MAX - 7;
        std::fs::rename(&out, sibling(&out, "old", dead)).unwrap();
        std::fs::create_dir_all(sibling(&out, "tmp", dead)).unwrap();
        let staging = Staging::begin(&out).unwrap();
        assert!(out.join("old.html").exists(), "the aside output is put back");
        assert!(!sibling(&out, "old", dead).exists() && !sibling(&out, "tmp", dead).exists());
        std::fs::write(staging.dir().join("new.html"), "new").unwrap();
        staging.commit().unwrap();
        assert!(out.join("new.html").exists() && !out.join("old.html").exists());
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![OsString::from("www")]);
    }
}
