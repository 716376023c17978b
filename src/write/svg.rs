//! Inline SVG for the HTML report: boards drawn in the game's own notation, and bar charts.
//! Everything is drawn in user units scaled by the `viewBox`; colours come from classes the
//! page's style sheet defines (`write::report`), so a drawing costs only its shapes.

use std::fmt::Write as _;

use crate::board::{Color, Role};
use crate::lint::Diagram;

/// Escapes text for HTML and SVG content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Side of a square, in user units.
const CELL: usize = 20;
/// Room for rank labels at the left and file letters below, in algebraic diagrams.
const MARGIN: usize = 12;

/// Draws `d` as SVG: dark playing squares with their names (numbers or coordinates) in the
/// corner, men as discs, kings as discs with a ring, and the squares named in `marked` (the
/// move's squares) outlined. `title` is read by screen readers and shown on hover.
pub fn board(d: &Diagram, marked: &[String], title: &str) -> String {
    let n = d.rows.len();
    let (left, bottom) = if d.algebraic {
        (MARGIN, MARGIN)
    } else {
        (0, 0)
    };
    let side = n * CELL;
    let (w, h) = (left + side, side + bottom);
    let mut s = String::with_capacity(64 * n * n);
    let _ = write!(
        s,
        "<svg class=\"board\" viewBox=\"0 0 {w} {h}\" width=\"{}\" height=\"{}\" role=\"img\"><title>{}</title><rect class=\"lt\" x=\"{left}\" y=\"0\" width=\"{side}\" height=\"{side}\"/>",
        w * 3 / 2,
        h * 3 / 2,
        escape(title)
    );
    let mut names = String::new();
    let mut pieces = String::new();
    let mut marks = String::new();
    s.push_str("<g class=\"dk\">");
    for (y, row) in d.rows.iter().enumerate() {
        for (x, cell) in row.iter().enumerate() {
            let Some(sq) = cell else { continue };
            let (px, py) = (left + x * CELL, y * CELL);
            let _ = write!(
                s,
                "<rect x=\"{px}\" y=\"{py}\" width=\"{CELL}\" height=\"{CELL}\"/>"
            );
            let _ = write!(
                names,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                px + 1,
                py + 5,
                escape(&sq.name)
            );
            if let Some(p) = sq.piece {
                let class = match p.color {
                    Color::White => "pw",
                    Color::Black => "pb",
                };
                let (cx, cy) = (px + CELL / 2 + 1, py + CELL / 2 + 2);
                let _ = write!(
                    pieces,
                    "<circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"6.5\"/>"
                );
                if p.role == Role::King {
                    let _ = write!(
                        pieces,
                        "<circle class=\"{class} k\" cx=\"{cx}\" cy=\"{cy}\" r=\"3.5\"/>"
                    );
                }
            }
            if marked.iter().any(|m| m.eq_ignore_ascii_case(&sq.name)) {
                let _ = write!(
                    marks,
                    "<rect class=\"mk\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                    px + 1,
                    py + 1,
                    CELL - 2,
                    CELL - 2
                );
            }
        }
    }
    s.push_str("</g>");
    s.push_str(&marks);
    s.push_str(&pieces);
    let _ = write!(s, "<g class=\"sq\">{names}</g>");
    if d.algebraic {
        s.push_str("<g class=\"co\">");
        for y in 0..n {
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                MARGIN / 2,
                y * CELL + CELL / 2 + 3,
                n - y
            );
        }
        for x in 0..n {
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                left + x * CELL + CELL / 2,
                side + MARGIN - 3,
                char::from(b'a' + x as u8)
            );
        }
        s.push_str("</g>");
    }
    s.push_str("</svg>");
    s
}

/// The names of squares in a move as written (`32-28`, `c3:e5`, `9x18x27`): its runs of
/// digits in numeric notation, or letter-digit pairs in algebraic notation.
pub fn squares_of_move(text: &str, algebraic: bool) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if algebraic && c.is_ascii_alphabetic() {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if j > i + 1 {
                out.push(chars[i..j].iter().collect());
            }
            i = j;
        } else if !algebraic && c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            out.push(chars[i..j].iter().collect());
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// One bar of a chart: its label, and its segments (value and style class), stacked.
pub struct Bar {
    /// Shown beside or under the bar.
    pub label: String,
    /// Values and classes, stacked in order.
    pub segments: Vec<(u64, &'static str)>,
    /// Shown on hover.
    pub title: String,
}

impl Bar {
    fn total(&self) -> u64 {
        self.segments.iter().map(|s| s.0).sum()
    }
}

/// Width of a chart in user units.
const CHART_W: usize = 480;

/// A chart is drawn on a logarithmic scale when its largest total is more than this many times
/// its smallest total above zero: on a linear scale the small groups would be slivers.
pub const LOG_RATIO: u64 = 20;

/// True when `bars` are drawn on a logarithmic scale ([`LOG_RATIO`]).
pub fn log_scale(bars: &[Bar]) -> bool {
    let totals = bars.iter().map(Bar::total).filter(|&t| t > 0);
    match (totals.clone().min(), totals.max()) {
        (Some(min), Some(max)) => max > min.saturating_mul(LOG_RATIO),
        _ => false,
    }
}

/// How counts map to lengths: in proportion to the largest total, or, on a logarithmic scale,
/// to the logarithm of one more than the count (zero stays zero).
#[derive(Clone, Copy)]
struct Scale {
    max: u64,
    log: bool,
}

impl Scale {
    fn of(bars: &[Bar]) -> Self {
        Scale {
            max: bars.iter().map(Bar::total).max().unwrap_or(0).max(1),
            log: log_scale(bars),
        }
    }

    /// The length of `v` on a span of `span` units.
    fn len(self, v: u64, span: f64) -> f64 {
        if self.log {
            span * (v as f64).ln_1p() / (self.max as f64).ln_1p()
        } else {
            v as f64 * span / self.max as f64
        }
    }
}

/// A horizontal bar chart: one row per bar, its label at the left and its total at the right.
/// Drawn on a logarithmic scale when one bar dwarfs another ([`log_scale`]), which a note
/// under the bars says.
pub fn hbars(bars: &[Bar], label_width: usize) -> String {
    let row = 16;
    let scale = Scale::of(bars);
    let note = if scale.log { row } else { 0 };
    let h = bars.len().max(1) * row + 4 + note;
    let span = (CHART_W - label_width - 50) as f64;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg class=\"chart\" viewBox=\"0 0 {CHART_W} {h}\" role=\"img\">"
    );
    for (i, b) in bars.iter().enumerate() {
        let y = i * row + 2;
        let _ = write!(
            s,
            "<g><title>{}</title><text class=\"lb\" x=\"{}\" y=\"{}\">{}</text>",
            escape(&b.title),
            label_width - 4,
            y + 11,
            escape(&b.label)
        );
        let mut x = label_width as f64;
        let length = scale.len(b.total(), span);
        for &(v, class) in &b.segments {
            // The bar's length is its total's on the scale; its segments share it in
            // proportion to their counts.
            let w = length * v as f64 / b.total().max(1) as f64;
            if v > 0 {
                let _ = write!(
                    s,
                    "<rect class=\"{class}\" x=\"{x:.1}\" y=\"{y}\" width=\"{:.1}\" height=\"{}\"/>",
                    w.max(1.0),
                    row - 4
                );
            }
            x += w;
        }
        let _ = write!(
            s,
            "<text class=\"n\" x=\"{:.1}\" y=\"{}\">{}</text></g>",
            x + 4.0,
            y + 11,
            b.total()
        );
    }
    if scale.log {
        let _ = write!(
            s,
            "<text class=\"n\" x=\"{label_width}\" y=\"{}\">log scale: the largest total is more than {LOG_RATIO} times the smallest</text>",
            h - 5
        );
    }
    s.push_str("</svg>");
    s
}

/// A column chart: one column per bar, labels below (every `label_every`-th shown), the
/// largest value at the top left, and there too "log scale" when one column dwarfs another
/// ([`log_scale`]).
pub fn columns(bars: &[Bar], label_every: usize) -> String {
    let h = 150;
    let base = h - 18;
    let top = 14;
    let n = bars.len().max(1);
    let step = (CHART_W - 10) as f64 / n as f64;
    let scale = Scale::of(bars);
    let max = scale.max;
    let log = if scale.log {
        format!(", log scale (more than {LOG_RATIO} times the smallest)")
    } else {
        String::new()
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg class=\"chart\" viewBox=\"0 0 {CHART_W} {h}\" role=\"img\"><text class=\"n\" x=\"5\" y=\"10\">max {max}{log}</text><line class=\"ax\" x1=\"5\" y1=\"{base}\" x2=\"{}\" y2=\"{base}\"/>",
        CHART_W - 5
    );
    for (i, b) in bars.iter().enumerate() {
        let x = 5.0 + i as f64 * step;
        let _ = write!(s, "<g><title>{}</title>", escape(&b.title));
        let mut y = base as f64;
        let length = scale.len(b.total(), (base - top) as f64);
        for &(v, class) in &b.segments {
            let hh = length * v as f64 / b.total().max(1) as f64;
            if v > 0 {
                let _ = write!(
                    s,
                    "<rect class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"/>",
                    x + step * 0.1,
                    y - hh.max(1.0),
                    (step * 0.8).max(1.0),
                    hh.max(1.0)
                );
            }
            y -= hh;
        }
        if label_every > 0 && i % label_every == 0 {
            let _ = write!(
                s,
                "<text class=\"cl\" x=\"{:.1}\" y=\"{}\">{}</text>",
                x + step / 2.0,
                h - 5,
                escape(&b.label)
            );
        }
        s.push_str("</g>");
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Layout, NotationKind};
    use crate::replay::diagram;
    use crate::rules::Position;
    use crate::rules::Variant;

    #[test]
    fn text_is_escaped_for_html() {
        assert_eq!(
            escape("<script>\"a\" & 'b'</script>"),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
    }

    #[test]
    fn move_squares_are_read_in_either_notation() {
        assert_eq!(squares_of_move("32-28", false), ["32", "28"]);
        assert_eq!(squares_of_move("9x18x27", false), ["9", "18", "27"]);
        assert_eq!(squares_of_move("c3:e5", true), ["c3", "e5"]);
        assert_eq!(squares_of_move("a3b4", true), ["a3", "b4"]);
    }

    #[test]
    fn a_board_names_every_playing_square_and_draws_every_piece() {
        for v in [Variant::International, Variant::English, Variant::Canadian] {
            for kind in [NotationKind::Numeric, NotationKind::Algebraic] {
                let layout = Layout {
                    kind,
                    ..Layout::standard(v)
                };
                let pos = Position::start(v);
                let d = diagram(&pos, &layout);
                let svg = board(&d, &[], "start");
                let squares = v.board().all_squares().count();
                // One dark rect per playing square, plus the light background.
                assert_eq!(svg.matches("<rect ").count(), squares + 1, "{v} {kind:?}");
                let pieces = d
                    .rows
                    .iter()
                    .flatten()
                    .flatten()
                    .filter(|s| s.piece.is_some());
                assert_eq!(svg.matches("<circle ").count(), pieces.count(), "{v}");
                for sq in v.board().all_squares() {
                    let name = layout.name(sq);
                    assert!(svg.contains(&format!(">{name}</text>")), "{v} {name}");
                }
            }
        }
    }

    #[test]
    fn the_move_squares_are_outlined() {
        let v = Variant::International;
        let d = diagram(&Position::start(v), &Layout::standard(v));
        let svg = board(&d, &squares_of_move("32-28", false), "");
        assert_eq!(svg.matches("class=\"mk\"").count(), 2);
    }

    #[test]
    fn the_longest_bar_spans_the_chart() {
        let bars = vec![
            Bar {
                label: "a".into(),
                segments: vec![(10, "x")],
                title: "a".into(),
            },
            Bar {
                label: "b".into(),
                segments: vec![(5, "x"), (15, "y")],
                title: "b".into(),
            },
        ];
        let svg = hbars(&bars, 60);
        // b: 5 of 20 then 15 of 20 over the 370 units left of labels and totals.
        assert!(svg.contains("width=\"92.5\""), "{svg}");
        assert!(svg.contains("width=\"277.5\""), "{svg}");
        assert!(svg.contains(">20</text>"));
        assert!(!svg.contains("log scale"), "{svg}");
    }

    fn bar(v: u64) -> Bar {
        Bar {
            label: v.to_string(),
            segments: vec![(v, "x")],
            title: String::new(),
        }
    }

    #[test]
    fn a_bar_more_than_twenty_times_the_smallest_puts_the_chart_on_a_log_scale() {
        // 21 times the smallest: log scale; the smallest bar is ln 11 / ln 211 of the span,
        // not a twenty-first of it.
        let bars = vec![bar(210), bar(10), bar(0)];
        assert!(log_scale(&bars));
        let svg = hbars(&bars, 60);
        assert!(svg.contains("log scale"), "{svg}");
        let span = 370.0f64;
        let small = span * 11f64.ln() / 211f64.ln();
        assert!(svg.contains(&format!("width=\"{small:.1}\"")), "{svg}");
        assert!(svg.contains("width=\"370.0\""), "{svg}");
        assert!(columns(&bars, 1).contains("max 210, log scale"));
        // Twenty times: linear.
        let bars = vec![bar(200), bar(10)];
        assert!(!log_scale(&bars));
        let svg = hbars(&bars, 60);
        assert!(svg.contains("width=\"18.5\""), "{svg}");
        assert!(!columns(&bars, 1).contains("log scale"));
    }
}
