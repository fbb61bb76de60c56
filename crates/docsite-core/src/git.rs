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
/// inside it (lexically normalised): the form the loader gives doc sources, whether the
/// site folder was given as an absolute or a relative path (`docsite build site`).
pub fn last_updates(dir: &Path) -> HashMap<PathBuf, FileUpdate> {
    let mut out = HashMap::new();
    // `--relative`: names relative to `dir` (git's working directory here), not to the
    // top of the repository, which a relative `dir` could not be joined with.
    let Ok(log) = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "core.quotepath=off", "log", "--format=%x00%at%x09%an", "--name-only", "--relative", "--no-renames", "--", "."])
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
            out.entry(crate::paths::normalize_path(&dir.join(file))).or_insert_with(|| FileUpdate { author: author.to_string(), timestamp });
        }
    }
    out
}

/// [`last_updates`] of the site folder and of each folder of `content` that lies outside it
/// (a docs folder the configuration puts beside the site, `'../docs'`): one `git log` each.
pub fn last_updates_with(site_dir: &Path, content: &[PathBuf]) -> HashMap<PathBuf, FileUpdate> {
    let mut out = last_updates(site_dir);
    let site = crate::paths::normalize_path(site_dir);
    for dir in content.iter().filter(|d| !crate::paths::normalize_path(d).starts_with(&site)) {
        for (file, update) in last_updates(dir) {
            out.entry(file).or_insert(update);
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

/// Unix time of a date written `YYYY-MM-DD`, optionally followed by `THH:MM[:SS]` and `Z`
/// (UTC), as front matter `last_update.date` gives it.
pub fn parse_date(text: &str) -> Option<i64> {
    let text = text.trim();
    let (date, time) = text.split_once(['T', ' ']).map_or((text, None), |(d, t)| (d, Some(t)));
    let mut parts = date.split('-');
    let y: i64 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let d: u32 = parts.next()?.parse().ok()?;
    if parts.next().is_some() || !(1..=12).contains(&m) || d == 0 || d > days_in_month(y, m) {
        return None;
    }
    let mut secs = 0;
    if let Some(t) = time {
        let t = t.strip_suffix('Z').unwrap_or(t);
        let mut hms = t.split(':');
        let h: i64 = hms.next()?.parse().ok()?;
        let min: i64 = hms.next()?.parse().ok()?;
        let s: i64 = hms.next().map_or(Some(0), |s| s.parse().ok())?;
        if hms.next().is_some() || h > 23 || min > 59 || s > 60 {
            return None;
        }
        secs = h * 3600 + min * 60 + s;
    }
    Some(days_from_civil(y, m, d) * 86_400 + secs)
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A civil date to days since 1970-01-01 (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = m as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
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
    fn dates_parse_to_the_unix_time_they_format_back_to() {
        let t = parse_date("2024-02-29").unwrap();
        assert_eq!(format_iso(t), "2024-02-29T00:00:00Z");
        assert_eq!(format_iso(parse_date("1999-12-31T23:59:58Z").unwrap()), "1999-12-31T23:59:58Z");
        assert_eq!(parse_date("2023-02-29"), None);
        assert_eq!(parse_date("yesterday"), None);
        assert_eq!(parse_date("2024-01-01T25:00"), None);
    }

    /// Runs git in `repo` as a committer named Ada; fails the test when git does.
    fn git_in(repo: &Path, args: &[&str]) {
        let out = Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(["-c", "user.name=Ada", "-c", "user.email=ada@example.com", "-c", "commit.gpgsign=false"])
            .args(args)
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }

    #[test]
    fn files_are_found_when_the_site_folder_is_a_relative_path() {
        // A repository in a folder named relative to the working directory (the crate's
        // folder under `cargo test`), like `docsite build site`.
        let repo = tempfile::Builder::new().prefix(".git-relative-").tempdir_in(".").expect("temp dir");
        let relative = PathBuf::from(repo.path().file_name().expect("a name"));
        let git = |args: &[&str]| git_in(repo.path(), args);
        git(&["init", "-q"]);
        std::fs::create_dir_all(repo.path().join("site/docs")).expect("mkdir");
        std::fs::write(repo.path().join("site/docs/intro.md"), "# Intro\n").expect("write");
        git(&["add", "."]);
        git(&["commit", "-q", "-m", "first"]);
        let site = relative.join("site");
        let updates = last_updates(&site);
        let found = updates.get(&site.join("docs/intro.md")).expect("the doc, keyed like the loader's relative path");
        assert_eq!(found.author, "Ada");
        let absolute = repo.path().join("site");
        assert!(last_updates(&absolute).contains_key(&absolute.join("docs/intro.md")));
    }

    #[test]
    fn docs_beside_the_site_folder_have_their_dates_too() {
        let repo = tempfile::tempdir().expect("temp dir");
        let git = |args: &[&str]| git_in(repo.path(), args);
        git(&["init", "-q"]);
        std::fs::create_dir_all(repo.path().join("website")).expect("mkdir");
        std::fs::create_dir_all(repo.path().join("docs")).expect("mkdir");
        std::fs::write(repo.path().join("website/sidebars.js"), "module.exports = {};\n").expect("write");
        std::fs::write(repo.path().join("docs/intro.md"), "# Intro\n").expect("write");
        git(&["add", "."]);
        git(&["commit", "-q", "-m", "first"]);
        let site = repo.path().join("website");
        let docs = crate::paths::config_path(&site, "../docs").expect("a path");
        assert!(!last_updates(&site).contains_key(&docs.join("intro.md")), "git log of the site folder alone misses it");
        let updates = last_updates_with(&site, &[docs.clone(), site.join("blog")]);
        assert_eq!(updates.get(&docs.join("intro.md")).map(|u| u.author.as_str()), Some("Ada"));
        assert!(updates.contains_key(&site.join("sidebars.js")));
    }

    #[test]
    fn dates_format_like_the_theme_expects() {
        assert_eq!(format_date(0), "Jan 1, 1970");
        assert_eq!(format_date(1_795_219_200), "Nov 21, 2026");
        assert_eq!(format_iso(1_795_219_200 + 3661), "2026-11-21T01:01:01Z");
    }
}
