//! Build-time syntax highlighting of code blocks to CSS classes.
//!
//! arborium (tree-sitter grammars) produces flat token spans; this module maps fence
//! languages to grammars, wraps every line in `<span class="line">` (with `highlighted`
//! for the lines the fence asks for) and turns arborium's short tags into classes
//! (`<a-k>` -> `<span class="k">`), so the theme colours tokens with plain CSS in both
//! colour modes.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use arborium::{Config, Highlighter, HtmlFormat};

thread_local! {
    static HIGHLIGHTER: RefCell<Highlighter> = RefCell::new(Highlighter::with_config(Config {
        max_injection_depth: 1,
        html_format: HtmlFormat::CustomElements,
    }));
}

/// The grammar for a fence language, `Some("")` for plain text, `None` when unknown.
///
/// Covers the languages of Prism's default set as prism-react-renderer ships it (the one
/// Docusaurus uses: markup, jsx, tsx, swift, kotlin, objectivec, rust, graphql, yaml, go,
/// cpp, markdown, python, json, ...) plus the usual additional ones, with Prism's aliases.
pub fn grammar_for(lang: &str) -> Option<&'static str> {
    Some(match lang.to_ascii_lowercase().as_str() {
        "ts" | "typescript" => "typescript",
        "tsx" => "tsx",
        "js" | "javascript" | "jsx" | "mjs" | "cjs" | "js-extras" => "javascript",
        "json" | "jsonc" | "json5" | "webmanifest" => "json",
        "cs" | "csharp" | "c#" | "dotnet" => "c-sharp",
        "go" | "golang" => "go",
        "bash" | "sh" | "shell" | "zsh" | "console" | "shell-session" | "shellsession" => "bash",
        "yaml" | "yml" => "yaml",
        "html" | "markup" | "htm" => "html",
        "xml" | "svg" | "mathml" | "ssml" | "atom" | "rss" => "xml",
        "css" => "css",
        "java" => "java",
        "py" | "python" => "python",
        "diff" | "patch" => "diff",
        "toml" => "toml",
        "rs" | "rust" => "rust",
        "c" | "h" | "clike" => "c",
        "cpp" | "c++" | "cc" | "cxx" | "hpp" => "cpp",
        "kt" | "kts" | "kotlin" => "kotlin",
        "swift" => "swift",
        "sql" => "sql",
        "graphql" | "gql" => "graphql",
        "md" | "markdown" | "mdx" => "markdown",
        "objc" | "objectivec" | "objective-c" => "objc",
        "" | "text" | "txt" | "plain" | "plaintext" | "none" | "http" => "",
        _ => return None,
    })
}

/// The languages [`grammar_for`] knows, for the hint of an unknown one.
pub const KNOWN_LANGUAGES: &str = "ts, tsx, js, jsx, json, csharp, go, bash, yaml, html, xml, css, java, python, diff, toml, rust, c, cpp, kotlin, swift, sql, graphql, markdown, objectivec, or text";

/// What a fence's magic comments ask for: the code without the comment lines and the
/// 1-based lines to highlight.
#[derive(Debug, PartialEq)]
pub struct MagicComments {
    /// The code with the magic comment lines removed.
    pub code: String,
    /// Lines (1-based, in `code`) to highlight.
    pub lines: Vec<usize>,
    /// A `highlight-start` never closed: its 1-based line in the fence.
    pub unclosed: Option<usize>,
}

/// Docusaurus's default magic comments: `highlight-next-line`, `highlight-start` and
/// `highlight-end`, alone on their line in any of the comment forms of the languages it
/// highlights (`// …`, `/* … */`, `# …`, `<!-- … -->`, `-- …`, `{/* … */}`). Docusaurus
/// picks the forms by language; a line that is exactly one of these comments is a marker
/// in every language here, which only differs for code that prints such a line.
pub fn magic_comments(code: &str) -> MagicComments {
    let mut out = String::with_capacity(code.len());
    let mut lines = Vec::new();
    let mut next = false;
    let mut open: Option<usize> = None;
    let mut kept = 0;
    for (i, line) in code.split_inclusive('\n').enumerate() {
        match magic_word(line.trim()) {
            Some("highlight-next-line") => next = true,
            Some("highlight-start") => open = Some(i + 1),
            Some("highlight-end") => open = None,
            _ => {
                kept += 1;
                if next || open.is_some() {
                    lines.push(kept);
                }
                next = false;
                out.push_str(line);
            }
        }
    }
    MagicComments { code: out, lines, unclosed: open }
}

fn magic_word(line: &str) -> Option<&str> {
    let inner = [("{/*", "*/}"), ("/*", "*/"), ("<!--", "-->")]
        .iter()
        .find_map(|(a, b)| line.strip_prefix(a).and_then(|r| r.strip_suffix(b)))
        .or_else(|| ["//", "#", "--", ";;", "%"].iter().find_map(|p| line.strip_prefix(p)))?;
    let word = inner.trim();
    matches!(word, "highlight-next-line" | "highlight-start" | "highlight-end").then_some(word)
}

static REMEMBER: AtomicBool = AtomicBool::new(false);
static MEMO: OnceLock<Mutex<HashMap<(String, String), String>>> = OnceLock::new();

/// Keeps every highlighted block for the life of the process, so that rendering a page
/// again only highlights the blocks that changed (`docsite dev`, where a save re-renders a
/// page whose code mostly did not change; a build highlights each block once anyway).
pub fn remember_blocks() {
    REMEMBER.store(true, Ordering::Relaxed);
}

/// Highlights `code` in `grammar` (from [`grammar_for`]) and returns the HTML of its lines.
/// `highlighted` holds 1-based line numbers to mark.
pub fn highlight(grammar: &str, code: &str, highlighted: &[usize]) -> String {
    let code = code.strip_suffix('\n').unwrap_or(code);
    if grammar.is_empty() || !REMEMBER.load(Ordering::Relaxed) {
        return into_lines(&tokens(grammar, code), highlighted);
    }
    let memo = MEMO.get_or_init(Default::default);
    let key = (grammar.to_string(), code.to_string());
    let known = memo.lock().expect("not poisoned").get(&key).cloned();
    let flat = known.unwrap_or_else(|| {
        let flat = tokens(grammar, code);
        memo.lock().expect("not poisoned").insert(key, flat.clone());
        flat
    });
    into_lines(&flat, highlighted)
}

/// The code as escaped HTML with arborium's token elements.
fn tokens(grammar: &str, code: &str) -> String {
    if grammar.is_empty() {
        return escape(code);
    }
    let flat = HIGHLIGHTER.with(|h| h.borrow_mut().highlight(grammar, code)).unwrap_or_else(|_| escape(code));
    if grammar == "json" { json_keys_and_punctuation(&flat) } else { flat }
}

/// arborium's JSON grammar gives keys and string values the same tag and leaves the
/// punctuation bare, so a context example reads as one colour. A string token followed by
/// `:` becomes a property (`pr`), and bare `{}[],:` become punctuation (`p`), the classes
/// the TypeScript blocks use for the same things.
fn json_keys_and_punctuation(flat: &str) -> String {
    let mut out = String::with_capacity(flat.len() + flat.len() / 2);
    let mut depth = 0usize;
    let mut rest = flat;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("</a-") {
            let end = after.find('>').map_or(after.len(), |i| i + 1);
            out.push_str(&rest[..4 + end]);
            depth = depth.saturating_sub(1);
            rest = &after[end..];
        } else if let Some(after) = rest.strip_prefix("<a-s>").filter(|_| depth == 0) {
            // A whole string token: a key when the next thing after it is a colon.
            let Some(close) = after.find("</a-s>") else {
                out.push_str(rest);
                break;
            };
            let tail = &after[close + 6..];
            let tag = if tail.trim_start_matches([' ', '\t']).starts_with(':') { "pr" } else { "s" };
            out.push_str(&format!("<a-{tag}>{}</a-{tag}>", &after[..close]));
            rest = tail;
        } else if let Some(after) = rest.strip_prefix("<a-") {
            let end = after.find('>').map_or(after.len(), |i| i + 1);
            out.push_str(&rest[..3 + end]);
            depth += 1;
            rest = &after[end..];
        } else if depth == 0 && matches!(c, '{' | '}' | '[' | ']' | ',' | ':') {
            out.push_str("<a-p>");
            out.push(c);
            out.push_str("</a-p>");
            rest = &rest[1..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Minimal HTML escaping for text content.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// Converts `<a-x>…</a-x>` tokens to spans and splits into line spans, closing and
/// reopening a token that crosses a line break.
fn into_lines(flat: &str, highlighted: &[usize]) -> String {
    let mut out = String::with_capacity(flat.len() * 2);
    let mut line = 1;
    let open_line = |out: &mut String, line: usize| {
        if highlighted.contains(&line) {
            out.push_str("<span class=\"line highlighted\">");
        } else {
            out.push_str("<span class=\"line\">");
        }
    };
    open_line(&mut out, line);
    let mut current: Option<String> = None;
    let mut rest = flat;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("<a-") {
            let end = after.find('>').unwrap_or(after.len());
            let class = &after[..end];
            out.push_str("<span class=\"");
            out.push_str(class);
            out.push_str("\">");
            current = Some(class.to_string());
            rest = &after[(end + 1).min(after.len())..];
        } else if let Some(after) = rest.strip_prefix("</a-") {
            let end = after.find('>').unwrap_or(after.len());
            out.push_str("</span>");
            current = None;
            rest = &after[(end + 1).min(after.len())..];
        } else if let Some(after) = rest.strip_prefix('\n') {
            if current.is_some() {
                out.push_str("</span>");
            }
            out.push_str("</span>\n");
            line += 1;
            open_line(&mut out, line);
            if let Some(c) = &current {
                out.push_str("<span class=\"");
                out.push_str(c);
                out.push_str("\">");
            }
            rest = after;
        } else {
            let next = rest.find(['<', '\n']).unwrap_or(rest.len());
            let next = if next == 0 { 1 } else { next };
            out.push_str(&rest[..next]);
            rest = &rest[next..];
        }
    }
    out.push_str("</span>");
    out
}

/// Parses a line-highlight spec such as `{1,3-4}`.
pub fn parse_line_ranges(spec: &str) -> Option<Vec<usize>> {
    let inner = spec.strip_prefix('{')?.strip_suffix('}')?;
    let mut out = Vec::new();
    for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if let Some((a, b)) = part.split_once('-') {
            let (a, b): (usize, usize) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
            if a > b || b - a > 10_000 {
                return None;
            }
            out.extend(a..=b);
        } else {
            out.push(part.parse().ok()?);
        }
    }
    Some(out)
}

/// Whether a code block is a signature: one to three declarations of a member, each on one
/// line, `name(params): Type;` (TypeScript) or `Type Name(params) ...;` (C#, Java). The
/// theme wraps such a block at its parameters by default (a reader must see the return
/// type) where a longer example scrolls and offers a wrap toggle.
pub fn is_signature(lang: &str, code: &str) -> bool {
    if !matches!(grammar_for(lang), Some("typescript" | "tsx" | "javascript" | "c-sharp" | "java")) {
        return false;
    }
    let lines: Vec<&str> = code.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("//")).collect();
    !lines.is_empty() && lines.len() <= 3 && lines.iter().all(|line| is_declaration(line))
}

/// One line declaring a member: a name (after modifiers and a return type, in C#) with no
/// `.` or `=` before its parameter list, and a return type after it (TypeScript) or two
/// words before it (C#, Java). A call (`fdc3.open(app);`, `init();`) is not one.
fn is_declaration(line: &str) -> bool {
    let Some(open) = line.find('(') else { return false };
    let head = line[..open].trim();
    let Some(close) = matching_paren(line, open) else { return false };
    let tail = line[close + 1..].trim();
    let keyword = head.split_whitespace().next().is_some_and(|w| matches!(w, "return" | "await" | "new" | "if" | "for" | "while" | "switch" | "catch" | "const" | "let" | "var"));
    !head.is_empty() && !keyword && !head.contains(['.', '=', '"', '\'', '(', ')']) && (tail.starts_with(':') || head.split_whitespace().count() >= 2)
}

/// Byte index of the `)` closing the `(` at `open`, on the same line.
fn matching_paren(line: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in line[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Puts each parameter of a signature's top-level parameter lists (the highlighted lines
/// of [`highlight`], each a whole declaration) in a `<span class="pa">`: the theme keeps a
/// parameter on one line, so a wrapped signature breaks only between parameters. Tokens are
/// flat inside a line span, so a parameter starts and ends between tokens.
pub fn wrap_parameters(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 4);
    let mut spans = 0usize; // open spans (the line's is the first)
    let mut parens = 0usize; // open parentheses in the text so far
    let mut param_open = false; // a `pa` span is open, directly in the line span
    let mut want_param = false; // a parameter starts at the next token or text
    let mut literal = false; // in a string or comment token, whose parentheses do not count
    let mut rest = html;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("</span>") {
            if param_open && spans == 2 {
                // The line ends inside a parameter (an unbalanced line): close it first.
                out.push_str("</span>");
                param_open = false;
                spans -= 1;
            }
            spans = spans.saturating_sub(1);
            literal = false;
            out.push_str("</span>");
            rest = &rest[7..];
            continue;
        }
        if rest.starts_with("<span") {
            let end = rest.find('>').map_or(rest.len(), |i| i + 1);
            if spans == 0 {
                // A new line.
                parens = 0;
                want_param = false;
            } else {
                literal = matches!(&rest[..end], "<span class=\"s\">" | "<span class=\"c\">");
            }
            if spans >= 1 && parens == 1 {
                // The token's first character decides, as for text below.
                let first = rest[end..].chars().next().unwrap_or(' ');
                step(&mut out, first, &mut param_open, &mut want_param, &mut spans);
            }
            spans += 1;
            out.push_str(&rest[..end]);
            rest = &rest[end..];
            continue;
        }
        if (spans == 1 || (spans == 2 && param_open)) && parens == 1 {
            step(&mut out, c, &mut param_open, &mut want_param, &mut spans);
        }
        match c {
            _ if literal => {}
            '(' => {
                parens += 1;
                if parens == 1 {
                    want_param = true;
                }
            }
            ')' => parens = parens.saturating_sub(1),
            ',' if parens == 1 => want_param = true,
            _ => {}
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Opens or closes the `pa` span before `next`, the next character of the line at
/// parenthesis depth 1 (in the line's text or first in a token).
fn step(out: &mut String, next: char, param_open: &mut bool, want_param: &mut bool, spans: &mut usize) {
    if *param_open && matches!(next, ',' | ')') && *spans == 2 {
        out.push_str("</span>");
        *param_open = false;
        *spans -= 1;
    } else if *want_param && !*param_open && *spans == 1 && !matches!(next, ' ' | ')' | '(' | '\n') {
        out.push_str("<span class=\"pa\">");
        *param_open = true;
        *want_param = false;
        *spans += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typescript_is_highlighted_into_lines() {
        let html = highlight("typescript", "const a = 1;\n// done\n", &[2]);
        assert!(html.starts_with("<span class=\"line\">"), "{html}");
        assert!(html.contains("<span class=\"line highlighted\">"), "{html}");
        assert!(html.contains("class=\"k\""), "a keyword class: {html}");
        assert_eq!(html.matches("class=\"line").count(), 2);
    }

    #[test]
    fn member_declarations_are_signatures_and_examples_are_not() {
        for (lang, code) in [
            ("ts", "addContextListener(contextType: ContextType | null, handler: ContextHandler): Promise<Listener>;"),
            ("typescript", "function getAgent(params?: GetAgentParams): Promise<DesktopAgent>;\n"),
            ("csharp", "Task<IListener> AddContextListener<T>(string? contextType, ContextHandler<T> handler) where T : IContext;"),
            ("ts", "// deprecated\nbroadcast(context: Context): Promise<void>;\nbroadcast(context: Context, metadata?: Metadata): Promise<void>;"),
        ] {
            assert!(is_signature(lang, code), "{lang}: {code}");
        }
        for (lang, code) in [
            ("ts", "await fdc3.broadcast(instrument);"),
            ("ts", "const listener = await fdc3.addContextListener(null, handler);"),
            ("ts", "init();"),
            ("ts", "if (ready) {\n  go();\n}"),
            ("json", "{ \"a\": f(1, 2) }"),
            ("ts", "a(x: T): void;\nb(x: T): void;\nc(x: T): void;\nd(x: T): void;"),
            ("ts", "interface Channel {\n  id: string;\n}"),
        ] {
            assert!(!is_signature(lang, code), "{lang}: {code}");
        }
    }

    #[test]
    fn a_signature_has_one_span_per_parameter() {
        let code = "raiseIntent(intent: Intent, context: Context, app?: AppIdentifier | null): Promise<IntentResolution>; // (a, b)";
        let html = wrap_parameters(&highlight("typescript", code, &[]));
        let text = |s: &str| {
            let mut out = String::new();
            let mut tag = false;
            for c in s.chars() {
                match c {
                    '<' => tag = true,
                    '>' => tag = false,
                    _ if !tag => out.push(c),
                    _ => {}
                }
            }
            out
        };
        let params: Vec<String> = html.split("<span class=\"pa\">").skip(1).map(|rest| {
            // The parameter's own span ends at the first `</span>` at its depth.
            let mut depth = 1;
            let mut end = 0;
            while depth > 0 {
                let next_close = rest[end..].find("</span>").map(|i| end + i).unwrap();
                let next_open = rest[end..].find("<span").map(|i| end + i);
                match next_open {
                    Some(o) if o < next_close => {
                        depth += 1;
                        end = o + 5;
                    }
                    _ => {
                        depth -= 1;
                        end = next_close + 7;
                    }
                }
            }
            text(&rest[..end])
        }).collect();
        assert_eq!(params, vec!["intent: Intent", "context: Context", "app?: AppIdentifier | null"], "{html}");
        // The text is unchanged, and the spans balance.
        assert_eq!(text(&html), escape(code));
        assert_eq!(html.matches("<span").count(), html.matches("</span>").count());
    }

    #[test]
    fn json_keys_values_and_punctuation_have_distinct_classes() {
        let html = highlight("json", "{\n  \"type\": \"fdc3.instrument\",\n  \"n\" : 1.5, \"ok\": [true, null]\n}", &[]);
        assert!(html.contains("<span class=\"pr\">&quot;type&quot;</span>"), "{html}");
        assert!(html.contains("<span class=\"s\">&quot;fdc3.instrument&quot;</span>"), "{html}");
        assert!(html.contains("<span class=\"pr\">&quot;n&quot;</span>"), "{html}");
        assert!(html.contains("<span class=\"p\">{</span>"), "{html}");
        assert!(html.contains("<span class=\"p\">:</span>"), "{html}");
        assert!(html.contains("<span class=\"p\">,</span>"), "{html}");
        assert!(!html.contains("<span class=\"s\">&quot;type"), "{html}");
        for literal in ["1.5", "true", "null"] {
            assert!(html.contains(&format!(">{literal}</span>")), "{literal} has a class: {html}");
        }
    }

    #[test]
    fn plain_text_is_escaped() {
        assert_eq!(highlight("", "<a>", &[]), "<span class=\"line\">&lt;a&gt;</span>");
    }

    #[test]
    fn line_ranges() {
        assert_eq!(parse_line_ranges("{1,3-4}"), Some(vec![1, 3, 4]));
        assert_eq!(parse_line_ranges("{x}"), None);
    }

    #[test]
    fn languages_map_to_grammars() {
        assert_eq!(grammar_for("csharp"), Some("c-sharp"));
        assert_eq!(grammar_for("ts"), Some("typescript"));
        assert_eq!(grammar_for("text"), Some(""));
        assert_eq!(grammar_for("cobolx"), None);
        for lang in ["rust", "c", "cpp", "kotlin", "swift", "sql", "graphql", "markdown", "objectivec", "jsx", "markup"] {
            let grammar = grammar_for(lang).unwrap_or_else(|| panic!("{lang} is known"));
            let html = highlight(grammar, "x = 1 // a", &[]);
            assert!(html.contains("<span class=\"line\">"), "{lang}: {html}");
        }
    }

    #[test]
    fn magic_comments_mark_lines_and_disappear() {
        let m = magic_comments("a\n// highlight-next-line\nb\nc\n# highlight-start\nd\ne\n<!-- highlight-end -->\nf\n");
        assert_eq!(m.code, "a\nb\nc\nd\ne\nf\n");
        assert_eq!(m.lines, vec![2, 4, 5]);
        assert_eq!(m.unclosed, None);
        let m = magic_comments("/* highlight-start */\nx\n");
        assert_eq!((m.lines, m.unclosed), (vec![1], Some(1)));
        assert_eq!(magic_comments("// highlight-next-line please\n").lines, Vec::<usize>::new());
    }
}
