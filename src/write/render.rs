//! Rendering diagnostics: rustc-style text, one-line `file:line:col` form, and JSON Lines.
//!
//! A [`SourceView`] is the decoded text a diagnostic points into (a game's chunk of a file) with
//! its place in the file, so spans, which are file offsets, become lines and columns. A
//! diagnostic about text released before it was shown (a long game read by the streaming
//! check) brings its own source text ([`Diagnostic::quotes`]), which the view looks in first.

use std::borrow::Cow;
use std::fmt::Write as _;

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};
use serde::Serialize;

use crate::lint::{Diagnostic, LONG_LINE, MAX_EXCERPT_LINES, Quote, Severity, WINDOW_CONTEXT};
use crate::source::{LineCol, LineIndex, Span};

/// A piece of a file's decoded text, with where it sits in the file.
pub struct SourceView<'a> {
    /// The file's name as shown to the user.
    pub path: &'a str,
    /// The text.
    pub text: &'a str,
    /// File offset of `text[0]`.
    pub offset: usize,
    /// Column of `text[0]` in its line (1-based).
    first_column: u32,
    index: LineIndex,
    /// The line of `text[0]` starts in text released before the chunk was handed out.
    cut_before: bool,
    /// The chunk's first lines, kept when its text was released.
    head: Option<(&'a Quote, LineIndex)>,
    /// The file's name as the base64 of its bytes, when they are not UTF-8 (JSON's
    /// `file_bytes`; `path` then shows them with replacement characters).
    path_bytes: Option<&'a str>,
}

/// One piece of source text a diagnostic is located and quoted in.
struct Src<'s> {
    text: &'s str,
    offset: usize,
    first_column: u32,
    index: Cow<'s, LineIndex>,
    /// A window of lines longer than [`LONG_LINE`] in all.
    long: bool,
    /// The line of `text[0]` starts before it, in text not at hand.
    cut_before: bool,
}

impl Src<'_> {
    fn holds(&self, at: usize) -> bool {
        at >= self.offset && at <= self.offset + self.text.len()
    }

    fn locate(&self, at: usize) -> LineCol {
        self.index.line_col(self.text, at)
    }

    fn clamp(&self, at: usize) -> usize {
        let mut rel = at.saturating_sub(self.offset).min(self.text.len());
        while !self.text.is_char_boundary(rel) {
            rel -= 1;
        }
        rel
    }

    fn of_quote(q: &Quote) -> Src<'_> {
        Src {
            text: &q.text,
            offset: q.offset,
            first_column: q.column.max(1),
            index: Cow::Owned(
                LineIndex::new(&q.text, q.offset, q.line).starting_at_column(q.column),
            ),
            long: q.long,
            cut_before: false,
        }
    }
}

/// The sources of one diagnostic: the first that holds a place locates it.
struct Sources<'s>(Vec<Src<'s>>);

impl<'s> Sources<'s> {
    /// The source holding `at`, one with text first; the view's own text when none does.
    fn at(&self, at: usize) -> &Src<'s> {
        self.0
            .iter()
            .find(|s| !s.text.is_empty() && s.holds(at))
            .or_else(|| self.0.iter().find(|s| s.holds(at)))
            .unwrap_or(&self.0[0])
    }

    fn locate(&self, at: usize) -> LineCol {
        self.at(at).locate(at)
    }
}

impl<'a> SourceView<'a> {
    /// A view of `text`, which starts at byte `offset` of the file, on line `first_line`, in
    /// column `first_column`.
    pub fn new(
        path: &'a str,
        text: &'a str,
        offset: usize,
        first_line: u32,
        first_column: u32,
    ) -> Self {
        SourceView {
            path,
            text,
            offset,
            first_column: first_column.max(1),
            index: LineIndex::new(text, offset, first_line).starting_at_column(first_column),
            cut_before: false,
            head: None,
            path_bytes: None,
        }
    }

    /// The view with the file's name given as the base64 of its bytes too, for a name that is
    /// not UTF-8 ([`render_json`] writes it as `file_bytes`).
    pub fn with_path_bytes(mut self, path_bytes: Option<&'a str>) -> Self {
        self.path_bytes = path_bytes;
        self
    }

    /// A view of one chunk of a file as the reader hands it out.
    pub fn of_chunk(path: &'a str, chunk: &'a crate::syntax::Chunk) -> Self {
        let mut view = Self::new(
            path,
            &chunk.text,
            chunk.offset,
            chunk.first_line,
            chunk.first_column,
        );
        view.cut_before = chunk.released > 0 && chunk.first_column > 1;
        view.head = chunk.head.as_ref().map(|q| {
            (
                q,
                LineIndex::new(&q.text, q.offset, q.line).starting_at_column(q.column),
            )
        });
        view
    }

    /// The sources `d` is located in: the view's text, the text `d` keeps, the chunk's head.
    fn sources<'s>(&'s self, d: Option<&'s Diagnostic>) -> Sources<'s> {
        let mut all = vec![Src {
            text: self.text,
            offset: self.offset,
            first_column: self.first_column,
            index: Cow::Borrowed(&self.index),
            long: false,
            cut_before: self.cut_before,
        }];
        if let Some(d) = d {
            all.extend(d.quotes.iter().map(Src::of_quote));
        }
        if let Some((q, index)) = &self.head {
            all.push(Src {
                text: &q.text,
                offset: q.offset,
                first_column: q.column.max(1),
                index: Cow::Borrowed(index),
                long: false,
                cut_before: false,
            });
        }
        Sources(all)
    }

    /// Line and column of the start and end of `span`.
    pub fn locate(&self, span: Span) -> (LineCol, LineCol) {
        let s = self.sources(None);
        (s.locate(span.start), s.locate(span.end))
    }

    /// Line and column of the start and end of `d`'s span, from the source text `d` keeps
    /// when the view's text no longer holds it.
    pub fn locate_diagnostic(&self, d: &Diagnostic) -> (LineCol, LineCol) {
        let s = self.sources(Some(d));
        (s.locate(d.span.start), s.locate(d.span.end))
    }

    fn clamp(&self, at: usize) -> usize {
        let mut rel = at.saturating_sub(self.offset).min(self.text.len());
        while !self.text.is_char_boundary(rel) {
            rel -= 1;
        }
        rel
    }
}

/// The line a span starts on, cut around the span: the text before it, the span itself (to the
/// end of the line at most) and the text after it, each part at most [`WINDOW_CONTEXT`] bytes
/// (the span [`LONG_LINE`] bytes) and cut at character boundaries.
#[derive(Debug, PartialEq, Eq)]
pub struct Excerpt<'a> {
    /// Line and column of the span's start.
    pub at: LineCol,
    /// The line's text before the span.
    pub before: &'a str,
    /// The span's text on this line.
    pub marked: &'a str,
    /// The line's text after the span.
    pub after: &'a str,
    /// Text was left out before `before`.
    pub cut_before: bool,
    /// Text was left out after `after` (or at the end of `marked`).
    pub cut_after: bool,
}

impl<'a> SourceView<'a> {
    /// The line `span` starts on, cut around it.
    pub fn excerpt(&self, span: Span) -> Excerpt<'a> {
        let text = self.text;
        let start = self.clamp(span.start);
        let end = self.clamp(span.end).max(start);
        cut_excerpt(text, start, end, self.locate(span).0)
    }

    /// The line `d`'s span starts on, cut around it, from the source text `d` keeps when the
    /// view's text no longer holds it (a long game's released text): as [`SourceView::excerpt`]
    /// whenever the view holds the span, or no text at hand does.
    pub fn excerpt_of<'s>(&'s self, d: &'s Diagnostic) -> Excerpt<'s> {
        let sources = self.sources(Some(d));
        let src = sources.at(d.span.start);
        if src.text.is_empty() || !src.holds(d.span.start) {
            return self.excerpt(d.span);
        }
        let start = src.clamp(d.span.start);
        let end = src.clamp(d.span.end).max(start);
        cut_excerpt(src.text, start, end, src.locate(d.span.start))
    }
}

/// The line of `text` holding byte `start`, cut around `start..end`.
fn cut_excerpt(text: &str, start: usize, end: usize, at: LineCol) -> Excerpt<'_> {
    let line_start = text[..start].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line_end = text[start..]
        .find(['\n', '\r'])
        .map_or(text.len(), |i| start + i);
    let end = end.min(line_end);
    let floor = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let from = floor(start.saturating_sub(WINDOW_CONTEXT).max(line_start));
    let mark_end = floor(end.min(start + LONG_LINE));
    let to = floor(line_end.min(mark_end + WINDOW_CONTEXT));
    Excerpt {
        at,
        before: &text[from..start],
        marked: &text[start..mark_end],
        after: &text[mark_end..to],
        cut_before: from > line_start,
        cut_after: to < line_end,
    }
}

/// Renders `d` rustc-style: the message, the source line(s) with a caret under the span, labels,
/// notes, and the board diagram of rule errors. `color` adds ANSI styling.
pub fn render_human(view: &SourceView<'_>, d: &Diagnostic, color: bool) -> String {
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Info => Level::INFO,
    };
    let sources = view.sources(Some(d));
    // The text the excerpt is cut from: the view's, or the text `d` keeps.
    let src = sources.at(d.span.start);
    let start = src.locate(d.span.start);
    // The excerpt: whole lines from the first to the last annotated line.
    let mut lo = src.clamp(d.span.start);
    let mut hi = src.clamp(d.span.end.max(d.span.start));
    let mut far_labels = Vec::new();
    let mut near_labels = Vec::new();
    for l in &d.labels {
        let ls = sources.locate(l.span.start);
        if src.holds(l.span.start) && ls.line.abs_diff(start.line) <= MAX_EXCERPT_LINES {
            lo = lo.min(src.clamp(l.span.start));
            hi = hi.max(src.clamp(l.span.end));
            near_labels.push(l);
        } else {
            far_labels.push((ls, l));
        }
    }
    let text = src.text;
    let line_lo = text[..lo].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line_hi = text[hi..].find(['\n', '\r']).map_or(text.len(), |i| hi + i);
    // A line far longer than a terminal is shown as a window around the annotated text, so
    // that each excerpt costs the same whatever the line's length (the whole line would be
    // copied and measured again for every diagnostic on it); its place is then given apart.
    let long = src.long || (line_lo == 0 && src.cut_before) || line_hi - line_lo > LONG_LINE;
    // The annotated text itself is shown up to LONG_LINE bytes, as a quote keeps it.
    let (line_lo, line_hi) = if long {
        let mut a = line_lo.max(lo.saturating_sub(WINDOW_CONTEXT));
        while !text.is_char_boundary(a) {
            a -= 1;
        }
        let mark_end = hi.min(lo.saturating_add(LONG_LINE));
        let mut z = line_hi.min(mark_end.saturating_add(WINDOW_CONTEXT));
        while !text.is_char_boundary(z) {
            z += 1;
        }
        (a, z)
    } else {
        (line_lo, line_hi)
    };
    // A chunk that starts in mid-line: pad its first line so columns come out right.
    let pad = if line_lo == 0 && !long {
        src.first_column as usize - 1
    } else {
        0
    };
    let excerpt = format!("{}{}", " ".repeat(pad), &text[line_lo..line_hi]);
    let first_line = src.locate(src.offset + line_lo).line;
    let rel = |s: Span| {
        let a = src.clamp(s.start).saturating_sub(line_lo) + pad;
        let b = (src.clamp(s.end).saturating_sub(line_lo) + pad).max(a);
        a.min(excerpt.len())..b.min(excerpt.len())
    };
    let mut snippet = Snippet::source(excerpt.as_str())
        .line_start(first_line as usize)
        .path((!long).then_some(view.path))
        .fold(true)
        .annotation(AnnotationKind::Primary.span(rel(d.span)));
    for l in near_labels {
        snippet = snippet.annotation(
            AnnotationKind::Context
                .span(rel(l.span))
                .label(l.message.as_str()),
        );
    }
    let title = level.clone().primary_title(d.message.as_str()).id(d.code);
    let mut group = if long {
        title
            .element(
                Origin::path(view.path)
                    .line(start.line as usize)
                    .char_column(start.column as usize),
            )
            .element(snippet)
    } else {
        title.element(snippet)
    };
    let mut extra: Vec<String> = far_labels
        .iter()
        .map(|(lc, l)| format!("{} (line {}, column {})", l.message, lc.line, lc.column))
        .collect();
    extra.extend(d.notes.iter().cloned());
    if let Some(ctx) = &d.context {
        if !ctx.expected.is_empty() {
            extra.push(format!("legal here: {}", ctx.expected.join(", ")));
        }
    }
    for n in &extra {
        group = group.element(Level::NOTE.message(n.as_str()));
    }
    let report: Vec<Group<'_>> = vec![group];
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = renderer.render(&report).to_string();
    if let Some(diagram) = &d.diagram {
        out.push('\n');
        for line in diagram.to_string().lines() {
            let _ = writeln!(out, "    {line}");
        }
        out.pop();
    }
    out
}

/// Renders `d` on one line: `file:line:col: severity[code]: message`.
pub fn render_short(view: &SourceView<'_>, d: &Diagnostic) -> String {
    render_short_styled(view, d, false)
}

/// [`render_short`], with `color`: `severity[code]` in the colour [`render_human`] gives it
/// (errors red, warnings yellow, infos blue, bold), the message in bold.
pub fn render_short_styled(view: &SourceView<'_>, d: &Diagnostic, color: bool) -> String {
    let (start, _) = view.locate_diagnostic(d);
    let bold = if color {
        annotate_snippets::renderer::Style::new().bold()
    } else {
        annotate_snippets::renderer::Style::new()
    };
    format!(
        "{}:{}:{}: {}{bold}: {}{bold:#}",
        view.path,
        start.line,
        start.column,
        styled_level(d.severity, d.code, color),
        d.message
    )
}

/// `severity[code]`, in the colour [`render_human`] gives its title when `color`.
pub fn styled_level(severity: Severity, code: &str, color: bool) -> String {
    use annotate_snippets::renderer::{
        DEFAULT_ERROR_STYLE, DEFAULT_INFO_STYLE, DEFAULT_WARNING_STYLE,
    };
    if !color {
        return format!("{severity}[{code}]");
    }
    let style = match severity {
        Severity::Error => DEFAULT_ERROR_STYLE,
        Severity::Warning => DEFAULT_WARNING_STYLE,
        Severity::Info => DEFAULT_INFO_STYLE,
    };
    format!("{style}{severity}[{code}]{style:#}")
}

/// One line of the JSON Lines output for a diagnostic. The schema is in `docs/json.md`.
#[derive(Serialize)]
pub struct JsonDiagnostic<'a> {
    /// Always `"diagnostic"`.
    #[serde(rename = "type")]
    pub ty: &'static str,
    /// The file's name.
    pub file: &'a str,
    /// The file's name as the base64 of its bytes, when they are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_bytes: Option<&'a str>,
    /// 1-based game index in the file, absent for findings outside any game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// 1-based line of the start.
    pub line: u32,
    /// 1-based column (characters) of the start.
    pub column: u32,
    /// 1-based line of the end.
    pub end_line: u32,
    /// 1-based column of the end (exclusive).
    pub end_column: u32,
    /// `error`, `warning` or `info`.
    pub severity: crate::lint::Severity,
    /// The stable code.
    pub code: &'static str,
    /// The kind.
    pub kind: crate::lint::Kind,
    /// The message.
    pub message: &'a str,
    /// Secondary places.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<JsonLabel<'a>>,
    /// Notes.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub notes: &'a [String],
    /// The replay context of rule diagnostics, flattened into the object.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub context: Option<&'a crate::lint::MoveContext>,
}

/// A secondary place in JSON.
#[derive(Serialize)]
pub struct JsonLabel<'a> {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What about it.
    pub message: &'a str,
}

/// Renders `d` as one JSON object (no trailing newline).
pub fn render_json(view: &SourceView<'_>, game: Option<usize>, d: &Diagnostic) -> String {
    let sources = view.sources(Some(d));
    let (start, end) = (sources.locate(d.span.start), sources.locate(d.span.end));
    let labels = d
        .labels
        .iter()
        .map(|l| {
            let s = sources.locate(l.span.start);
            JsonLabel {
                line: s.line,
                column: s.column,
                message: &l.message,
            }
        })
        .collect();
    let j = JsonDiagnostic {
        ty: "diagnostic",
        file: view.path,
        file_bytes: view.path_bytes,
        game,
        line: start.line,
        column: start.column,
        end_line: end.line,
        end_column: end.column,
        severity: d.severity,
        code: d.code,
        kind: d.kind,
        message: &d.message,
        labels,
        notes: &d.notes,
        context: d.context.as_ref(),
    };
    serde_json::to_string(&j).unwrap_or_else(|e| {
        format!(
            r#"{{"type":"diagnostic","code":"{}","message":"unprintable: {e}"}}"#,
            d.code
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::lint::MoveContext;
    use crate::lint::codes::file::F005;

    fn diag(span: Span) -> Diagnostic {
        Diagnostic::new(&F005, span, "something is off here")
    }

    #[test]
    fn short_form_is_file_line_col() {
        let text = "[Event \"x\"]\n1. 32-28 18-23 *\n";
        let v = SourceView::new("a.pdn", text, 0, 1, 1);
        let d = diag(Span::new(18, 23));
        assert_eq!(
            render_short(&v, &d),
            "a.pdn:2:7: warning[F005]: something is off here"
        );
    }

    #[test]
    fn short_form_in_colour_styles_the_severity_and_code_as_the_human_form_does() {
        let text = "[Event \"x\"]\n1. 32-28 18-23 *\n";
        let v = SourceView::new("a.pdn", text, 0, 1, 1);
        let d = diag(Span::new(18, 23));
        let plain = render_short(&v, &d);
        let styled = render_short_styled(&v, &d, true);
        assert_ne!(plain, styled);
        assert!(styled.starts_with("a.pdn:2:7: \x1b["), "{styled:?}");
        // The human form's title starts with the same escape for the same severity.
        let human = render_human(&v, &d, true);
        let title = &styled["a.pdn:2:7: ".len()..];
        assert!(
            human.starts_with(&title[..title.find('w').unwrap()]),
            "{human:?}"
        );
        let stripped: String = {
            let mut out = String::new();
            let mut esc = false;
            for c in styled.chars() {
                match (esc, c) {
                    (false, '\x1b') => esc = true,
                    (true, 'm') => esc = false,
                    (false, c) => out.push(c),
                    _ => {}
                }
            }
            out
        };
        assert_eq!(stripped, plain);
    }

    #[test]
    fn human_form_shows_the_line_and_a_caret() {
        let text = "[Event \"x\"]\n1. 32-28 18-23 *\n";
        let v = SourceView::new("a.pdn", text, 0, 1, 1);
        let d = diag(Span::new(21, 26)).with_note("a note");
        let out = render_human(&v, &d, false);
        assert!(
            out.contains("warning[F005]: something is off here"),
            "{out}"
        );
        assert!(out.contains("a.pdn:2:10"), "{out}");
        assert!(out.contains("1. 32-28 18-23 *"), "{out}");
        assert!(out.contains("^^^^^"), "{out}");
        assert!(out.contains("a note"), "{out}");
    }

    #[test]
    fn views_of_later_chunks_count_from_their_own_line() {
        let text = "1. 32-28 *\n";
        let v = SourceView::new("a.pdn", text, 1000, 41, 1);
        let d = diag(Span::new(1003, 1008));
        assert_eq!(
            render_short(&v, &d),
            "a.pdn:41:4: warning[F005]: something is off here"
        );
        assert!(render_human(&v, &d, false).contains("41 |"));
    }

    #[test]
    fn a_chunk_starting_in_mid_line_keeps_its_columns() {
        // `1. 32-28 * 1. 33-29 *` with the second game's chunk starting at column 12.
        let text = "1. 33-29 *\n";
        let v = SourceView::new("a.pdn", text, 11, 1, 12);
        let d = diag(Span::new(14, 19));
        assert_eq!(
            render_short(&v, &d),
            "a.pdn:1:15: warning[F005]: something is off here"
        );
        let out = render_human(&v, &d, false);
        assert!(out.contains("a.pdn:1:15"), "{out}");
    }

    #[test]
    fn json_line_carries_the_schema_fields() {
        let text = "1. 32-28 *\n";
        let v = SourceView::new("a.pdn", text, 0, 1, 1);
        let d = diag(Span::new(3, 8)).with_context(MoveContext {
            ply: 1,
            move_number: 1,
            side: Color::White,
            text: "32-28".into(),
            variation_depth: 0,
            expected: vec!["31-27".into()],
        });
        let j: serde_json::Value = serde_json::from_str(&render_json(&v, Some(3), &d)).unwrap();
        assert_eq!(j["type"], "diagnostic");
        assert_eq!(j["file"], "a.pdn");
        assert_eq!(j["game"], 3);
        assert_eq!(j["line"], 1);
        assert_eq!(j["column"], 4);
        assert_eq!(j["severity"], "warning");
        assert_eq!(j["code"], "F005");
        assert_eq!(j["kind"], "syntax");
        assert_eq!(j["ply"], 1);
        assert_eq!(j["side"], "white");
        assert_eq!(j["move"], "32-28");
        assert_eq!(j["variation_depth"], 0);
        assert_eq!(j["expected"][0], "31-27");
    }
}
