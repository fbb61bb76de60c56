//! Running npm in a folder, one docsite process at a time.
//!
//! Two docsite processes that share a folder (two builds of one site, or any builds on one
//! machine sharing the theme) would otherwise run `npm ci` or a build there at once: each
//! `npm ci` empties the `node_modules` the other is filling (npm fails with `ENOTEMPTY`), and
//! two theme builds write the same `dist/`. Whoever installs or builds holds an exclusive
//! advisory lock ([`hold`]) on a file of that folder (or the folder) first; the others wait for it, then see
//! the finished work and skip it.

use std::fs::{File, TryLockError};
use std::path::Path;
use std::process::Command;

use crate::diagnostics::BuildError;

/// Locks `file` (a file or a folder, which must exist; it is only opened to read) for this process, waiting while another
/// process holds it and saying so with `what` (what the holder is doing). Unlocked when the
/// returned handle is dropped, or when the process ends however it ends.
pub fn hold(file: &Path, what: &str) -> Result<File, BuildError> {
    let handle = File::open(file).map_err(BuildError::io(file))?;
    match handle.try_lock() {
        Ok(()) => return Ok(handle),
        Err(TryLockError::WouldBlock) => {
            eprintln!("docsite: waiting for another docsite process {what} (it holds a lock on {})…", file.display());
        }
        Err(TryLockError::Error(e)) => return Err(BuildError::io(file)(e)),
    }
    handle.lock().map_err(BuildError::io(file))?;
    Ok(handle)
}

/// Runs `npm <args>` in `dir`, streaming its output.
pub fn run(dir: &Path, args: &[&str]) -> Result<(), BuildError> {
    let status = Command::new("npm")
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::inherit())
        .stderr(std::process::Stdio::inherit())
        .status()
        .map_err(|e| BuildError::Theme(format!("cannot run npm: {e} (install Node.js 20+)")))?;
    if status.success() {
        Ok(())
    } else {
        Err(BuildError::Theme(format!("`npm {}` failed in {}", args.join(" "), dir.display())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    #[test]
    fn a_second_holder_waits_until_the_first_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("package.json");
        std::fs::write(&file, "{}").unwrap();
        let first = hold(&file, "in a test").unwrap();
        let acquired = Arc::new(AtomicBool::new(false));
        let waiter = {
            let (file, acquired) = (file.clone(), Arc::clone(&acquired));
            std::thread::spawn(move || {
                let _second = hold(&file, "in a test").unwrap();
                acquired.store(true, Ordering::SeqCst);
            })
        };
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert!(!acquired.load(Ordering::SeqCst), "the second holder got the lock while the first held it");
        drop(first);
        waiter.join().unwrap();
        assert!(acquired.load(Ordering::SeqCst));
    }

    #[test]
    fn a_folder_can_be_held() {
        let dir = tempfile::tempdir().unwrap();
        let first = hold(dir.path(), "in a test").unwrap();
        assert!(matches!(File::open(dir.path()).unwrap().try_lock(), Err(TryLockError::WouldBlock)));
        drop(first);
        assert!(File::open(dir.path()).unwrap().try_lock().is_ok());
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let err = hold(&dir.path().join("package.json"), "in a test").unwrap_err().to_string();
        assert!(err.contains("package.json"), "{err}");
    }
}
