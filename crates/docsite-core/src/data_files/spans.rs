//! Positions in a data file: a path into the JSON document ([`Seg`]s), its text for
//! messages (`entries[3].type`), the value at it, and its byte offset in the file's text
//! (a small scanner, since serde_json keeps no positions for values that parsed).
//!
//! Used by `read.rs` and `kinds.rs` to put each problem at the line and column of the
//! value it is about.

/// One segment of a path into a JSON document.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Seg {
    Key(String),
    Index(usize),
}

pub(super) fn path_text(path: &[Seg]) -> String {
    let mut s = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

pub(super) fn lookup<'v>(value: &'v serde_json::Value, path: &[Seg]) -> Option<&'v serde_json::Value> {
    let mut v = value;
    for seg in path {
        v = match seg {
            Seg::Key(k) => v.get(k)?,
            Seg::Index(i) => v.get(*i)?,
        };
    }
    Some(v)
}

/// Byte offset of the value at `path` in a JSON text (for error lines): a small scanner,
/// since serde_json keeps no positions for values that parsed.
pub(super) fn locate(text: &str, path: &[Seg]) -> Option<usize> {
    let mut s = Scanner { b: text.as_bytes(), i: 0 };
    s.find(path)
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// A string's raw contents (escapes kept); the cursor ends after the closing quote.
    fn string(&mut self) -> Option<&[u8]> {
        if self.peek()? != b'"' {
            return None;
        }
        self.i += 1;
        let start = self.i;
        while self.i < self.b.len() {
            match self.b[self.i] {
                b'\\' => self.i += 2,
                b'"' => {
                    self.i += 1;
                    return Some(&self.b[start..self.i - 1]);
                }
                _ => self.i += 1,
            }
        }
        None
    }

    fn skip_value(&mut self) -> Option<()> {
        self.ws();
        match self.peek()? {
            b'"' => self.string().map(|_| ()),
            open @ (b'{' | b'[') => {
                let close = if open == b'{' { b'}' } else { b']' };
                self.i += 1;
                loop {
                    self.ws();
                    if self.peek()? == close {
                        self.i += 1;
                        return Some(());
                    }
                    if open == b'{' {
                        self.string()?;
                        self.ws();
                        if self.peek()? != b':' {
                            return None;
                        }
                        self.i += 1;
                    }
                    self.skip_value()?;
                    self.ws();
                    if self.peek()? == b',' {
                        self.i += 1;
                    }
                }
            }
            _ => {
                while self.i < self.b.len() && !matches!(self.b[self.i], b',' | b'}' | b']') && !self.b[self.i].is_ascii_whitespace() {
                    self.i += 1;
                }
                Some(())
            }
        }
    }

    fn find(&mut self, path: &[Seg]) -> Option<usize> {
        self.ws();
        let Some((first, rest)) = path.split_first() else {
            return Some(self.i);
        };
        match (self.peek()?, first) {
            (b'{', Seg::Key(k)) => {
                self.i += 1;
                loop {
                    self.ws();
                    if self.peek()? == b'}' {
                        return None;
                    }
                    let key = self.string()?.to_vec();
                    self.ws();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.i += 1;
                    if key == k.as_bytes() {
                        return self.find(rest);
                    }
                    self.skip_value()?;
                    self.ws();
                    if self.peek()? == b',' {
                        self.i += 1;
                    }
                }
            }
            (b'[', Seg::Index(n)) => {
                self.i += 1;
                for idx in 0.. {
                    self.ws();
                    if self.peek()? == b']' {
                        return None;
                    }
                    if idx == *n {
                        return self.find(rest);
                    }
                    self.skip_value()?;
                    self.ws();
                    if self.peek()? == b',' {
                        self.i += 1;
                    }
                }
                None
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::line_col;

    #[test]
    fn the_locator_finds_nested_values() {
        let text = "{\n  \"a\": [1, {\"b\": \"x\\\"y\"}, {\n    \"c\": {\"d\": true}\n  }]\n}";
        let at = |p: &[Seg]| locate(text, p).map(|o| line_col(text, o));
        assert_eq!(at(&[Seg::Key("a".into()), Seg::Index(2), Seg::Key("c".into()), Seg::Key("d".into())]), Some((3, 16)));
        assert_eq!(at(&[Seg::Key("a".into()), Seg::Index(1), Seg::Key("b".into())]), Some((2, 18)));
        assert_eq!(at(&[Seg::Key("zz".into())]), None);
    }
}
