//! Last-update author and time of every file, from one `git log` pass.
//!
//! One `git log --name-only` over the whole history takes tens of milliseconds for the
//! site, where one `git log` per file took seconds (DESIGN §7). Files with no commit yet
//! (or no git at all) simply have no last-update line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Author and time of a file's newest commit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileUpdate {
    /// Author name.
    pub author: String,
    /// Unix time in seconds.
    pub timestamp: i64,
}

/// Newest commit of every file under `dir`, keyed by `dir` joined with the file's path
/// below it (so the keys match the source paths the loader builds from the same `dir`,
/// relative or absolute).
pub fn last_updates(dir: &Path) -> HashMap<PathBuf, FileUpdate> {
    let mut out = HashMap::new();
    let Ok(prefix) = Command::new("git").arg("-C").arg(dir).args(["rev-parse", "--show-prefix"]).output() else {
        return out;
    };
    if !prefix.status.success() {
        return out;
    }
    // `git log` names files from the top of the work tree; `prefix` is `dir` below it.
    let prefix = String::from_utf8_lossy(&prefix.stdout).trim().to_string();
    let Ok(log) = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "core.quotepath=off", "log", "--format=%x00%at%x09%an", "--name-only", "--no-renames", "--", "."])
        .output()
    else {
        return out;
    };
    let text = String::from_utf8_lossy(&log.stdout);
    for record in text.split('\0').filter(|r| !r.trim().is_empty()) {
        let mut lines = record.lines();
        let Some((ts, author)) = lines.next().and_then(|h| h.split_once('\t')) else { continue };
        let Ok(timestamp) = ts.parse::<i64>() else { continue };
        for file in lines.filter(|l| !l.is_empty()) {
            // Newest first: keep the first commit seen for each file.
            let Some(below) = file.strip_prefix(prefix.as_str()) else { continue };
            out.entry(crate::markdown::normalize_path(&dir.join(below))).or_insert_with(|| FileUpdate { author: author.to_string(), timestamp });
        }
    }
    out
}

/// Formats a Unix time as `Nov 21, 2026` (UTC), the same text on server and client.
pub fn format_date(timestamp: i64) -> String {
    let (y, m, d) = civil_from_days(timestamp.div_euclid(86_400));
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    format!("{} {d}, {y}", MONTHS[(m - 1) as usize])
}

/// ISO 8601 date-time (UTC).
pub fn format_iso(timestamp: i64) -> String {
    let days = timestamp.div_euclid(86_400);
    let secs = timestamp.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", secs / 3600, secs % 3600 / 60, secs % 60)
}

/// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_format_like_the_theme_expects() {
        assert_eq!(format_date(0), "Jan 1, 1970");
        assert_eq!(format_date(1_795_219_200), "Nov 21, 2026");
        assert_eq!(format_iso(1_795_219_200 + 3661), "2026-11-21T01:01:01Z");
    }
}
