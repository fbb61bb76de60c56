//! What may become part of a route: the check every route-making value goes through where it
//! is read (front matter `slug` and `id` in `load` and the site pages, `baseUrl` and
//! `docs.routeBasePath` in `config`, `docs.versions.<v>.path` in `load`).
//!
//! A route becomes a path under the output folder (`/a/b` -> `a/b/index.html`), so a value
//! with a `..` or `.` segment, a NUL or another control character, a backslash or a URL
//! scheme (`http:`, `C:`) could name a file outside it. These are refused with the file and
//! line or the config key; [`crate::output::under`] refuses them again where files are
//! written, whatever made the path.

/// Why `value` cannot be (part of) a route, or `None` when it can. Leading and trailing
/// slashes are allowed (`/x` in a slug is relative to the version's route prefix); the value
/// is checked both as written and percent-decoded, since routes are decoded into paths.
pub fn problem(value: &str) -> Option<String> {
    let decoded = crate::paths::decode(value);
    for v in [value, decoded.as_str()] {
        if v.chars().any(char::is_control) {
            return Some("contains a control character (NUL, newline, ...)".into());
        }
        if v.contains('\\') {
            return Some("contains a backslash; routes use `/`".into());
        }
        if v.split('/').any(|s| s == ".." || s == ".") {
            return Some("has a `.` or `..` segment; routes cannot leave their folder".into());
        }
        if has_scheme(v.trim_start_matches('/')) {
            return Some("starts with a scheme or drive (`name:`); a route is a path such as `/guide/intro`".into());
        }
    }
    None
}

/// `name:` at the start, with a URL scheme's characters (`http:`, `javascript:`, `C:`).
fn has_scheme(v: &str) -> bool {
    let Some((head, _)) = v.split_once(':') else { return false };
    !head.contains('/') && head.starts_with(|c: char| c.is_ascii_alphabetic()) && head.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn ordinary_routes_pass() {
        for ok in ["", "/", "/docs/intro", "guide/", "api/ref-2.0", "/a%20b", "x.y", "...", "/a/b:c"] {
            assert_eq!(problem(ok), None, "{ok}");
        }
    }

    #[test]
    fn escaping_routes_are_refused() {
        for bad in ["/../../../../x", "..", "../..", "a/./b", "a/%2e%2e/b", "a\\b", "a\0b", "a%00b", "http://evil", "//evil.com:x", "C:/x", "javascript:alert(1)"] {
            assert!(problem(bad).is_some(), "{bad:?}");
        }
    }
}
