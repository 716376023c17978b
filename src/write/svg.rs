//! SVG drawings: boards in the game's own notation (the one drawer behind the HTML report's
//! boards, standalone pictures and their PNG and GIF renderings), and the report's bar charts.
//! Everything is drawn in user units scaled by the `viewBox`. A board carries its colours as
//! attributes, so it stands alone; a chart's colours come from classes the report's style
//! sheet defines (`write::report`).

use std::fmt::Write as _;

use crate::board::{Color, Role};
use crate::lint::{Diagram, DiagramSquare};
use crate::notation::{Layout, NotationKind};
use crate::picture::{Coords, SvgOptions};
use crate::replay::diagram;
use crate::rules;
use crate::write::glyphs;

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
const CELL: f64 = 40.0;
/// The frame around the board: wide enough for the coordinates of algebraic diagrams, thin
/// otherwise.
const FRAME_LABELLED: f64 = 20.0;
const FRAME_PLAIN: f64 = 6.0;

/// The colours: the frame, light and dark squares, men and kings of either side, the last
/// move's squares and arrow, and the square names with the halo that keeps them legible on a
/// piece.
const FRAME_FILL: &str = "#6b4f35";
const LIGHT: &str = "#f3e6cc";
const DARK: &str = "#8b6b4a";
const WHITE_FILL: &str = "#fbfaf5";
const WHITE_EDGE: &str = "#333333";
const WHITE_RING: &str = "#b9b2a3";
const WHITE_CROWN: &str = "#b8860b";
const BLACK_FILL: &str = "#2b2b2b";
const BLACK_EDGE: &str = "#000000";
const BLACK_RING: &str = "#5a5a5a";
const BLACK_CROWN: &str = "#f0c040";
const MARK: &str = "#ffdf3b";
const ARROW: &str = "#1f6feb";
const NAME: &str = "#fff4dc";
const HALO: &str = "#4a3525";

/// How a board is drawn by [`board`].
#[derive(Clone, Copy, Debug)]
pub struct BoardStyle<'a> {
    /// Width and height of the picture in pixels (the `width` and `height` attributes; the
    /// drawing scales to them).
    pub size: u32,
    /// Turned half a turn: the top row at the bottom, each row read from the other end.
    pub flip: bool,
    /// The square names: numbers in the corner of each playing square, or ranks and files in
    /// the frame of an algebraic diagram.
    pub labels: bool,
    /// The names drawn as strokes ([`super::glyphs`]) rather than text: a picture that needs
    /// no font, for rendering where none may be installed.
    pub glyphs: bool,
    /// The squares a move passes through, as named in the diagram (`32`, `c3`): the first and
    /// last are tinted and an arrow runs through all of them. Names not on the board are left
    /// out.
    pub arrow: &'a [String],
    /// The picture's title (shown on hover and read by screen readers); empty for none.
    pub title: &'a str,
    /// A document of its own, which names the SVG namespace; inline in an HTML page the
    /// namespace goes without saying.
    pub standalone: bool,
}

/// Whether `a` and `b` name the same square: the same letters in any case, or the same
/// number however padded (`032` and `32`).
fn same_name(a: &str, b: &str) -> bool {
    match (a.parse::<u32>(), b.parse::<u32>()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a.eq_ignore_ascii_case(b),
    }
}

/// Draws `d` as a self-contained SVG (colours as attributes, nothing taken from a style
/// sheet): the board in a frame, light and dark squares (a board whose every square is played
/// on is chequered), men as discs with a ring, kings as discs with a crown, each piece one
/// `<g class="piece COLOUR ROLE" data-square="NAME">` element; then the square names, and the
/// arrow of [`BoardStyle::arrow`].
pub fn board(d: &Diagram, style: &BoardStyle<'_>) -> String {
    let n = d.rows.len();
    let algebraic = d.algebraic;
    let frame = if style.labels && algebraic {
        FRAME_LABELLED
    } else {
        FRAME_PLAIN
    };
    let total = n as f64 * CELL + 2.0 * frame;
    // The cell drawn at display column x, row y.
    let cell_at = |x: usize, y: usize| {
        let (ox, oy) = if style.flip {
            (n - 1 - x, n - 1 - y)
        } else {
            (x, y)
        };
        d.rows
            .get(oy)
            .and_then(|r| r.get(ox))
            .and_then(Option::as_ref)
    };
    let corner = |x: usize, y: usize| (frame + x as f64 * CELL, frame + y as f64 * CELL);
    let every_square_played = d.rows.iter().flatten().all(Option::is_some);
    let mut s = String::with_capacity(200 * n * n);
    let _ = write!(
        s,
        "<svg{} class=\"board\" viewBox=\"0 0 {total} {total}\" width=\"{1}\" height=\"{1}\" role=\"img\">",
        if style.standalone {
            " xmlns=\"http://www.w3.org/2000/svg\""
        } else {
            ""
        },
        style.size
    );
    if !style.title.is_empty() {
        let _ = write!(s, "<title>{}</title>", escape(style.title));
    }
    let _ = write!(
        s,
        "<rect width=\"{total}\" height=\"{total}\" fill=\"{FRAME_FILL}\"/><rect x=\"{frame}\" y=\"{frame}\" width=\"{0}\" height=\"{0}\" fill=\"{LIGHT}\"/><g class=\"dark\" fill=\"{DARK}\">",
        n as f64 * CELL
    );
    for y in 0..n {
        for x in 0..n {
            let Some(_) = cell_at(x, y) else { continue };
            if every_square_played && (x + y) % 2 == 0 {
                continue;
            }
            let (px, py) = corner(x, y);
            let _ = write!(
                s,
                "<rect x=\"{px}\" y=\"{py}\" width=\"{CELL}\" height=\"{CELL}\"/>"
            );
        }
    }
    s.push_str("</g>");

    // The arrow's squares, where they are drawn.
    let mut path: Vec<(usize, usize)> = Vec::new();
    for name in style.arrow {
        let found = (0..n)
            .flat_map(|y| (0..n).map(move |x| (x, y)))
            .find(|&(x, y)| cell_at(x, y).is_some_and(|c| same_name(&c.name, name)));
        if let Some(at) = found {
            path.push(at);
        }
    }
    if let (Some(&first), Some(&last)) = (path.first(), path.last()) {
        let _ = write!(s, "<g class=\"mk\" fill=\"{MARK}\" fill-opacity=\"0.55\">");
        for (i, &(x, y)) in [first, last].iter().enumerate() {
            if i == 1 && last == first {
                break;
            }
            let (px, py) = corner(x, y);
            let _ = write!(
                s,
                "<rect x=\"{px}\" y=\"{py}\" width=\"{CELL}\" height=\"{CELL}\"/>"
            );
        }
        s.push_str("</g>");
    }

    for y in 0..n {
        for x in 0..n {
            let Some(sq) = cell_at(x, y) else { continue };
            let Some(p) = sq.piece else { continue };
            let (px, py) = corner(x, y);
            piece(&mut s, p, &sq.name, px + CELL / 2.0, py + CELL / 2.0);
        }
    }

    if style.labels {
        if algebraic {
            coordinates(&mut s, d, style, frame);
        } else {
            square_numbers(&mut s, n, style, &cell_at, &corner);
        }
    }

    if path.len() >= 2 {
        arrow(&mut s, &path, &corner);
    }
    s.push_str("</svg>");
    s
}

/// One piece, centred on (`cx`, `cy`).
fn piece(s: &mut String, p: crate::board::Piece, name: &str, cx: f64, cy: f64) {
    let (color, fill, edge, ring, crown) = match p.color {
        Color::White => ("white", WHITE_FILL, WHITE_EDGE, WHITE_RING, WHITE_CROWN),
        Color::Black => ("black", BLACK_FILL, BLACK_EDGE, BLACK_RING, BLACK_CROWN),
    };
    let role = match p.role {
        Role::Man => "man",
        Role::King => "king",
    };
    let r = CELL * 0.4;
    let _ = write!(
        s,
        "<g class=\"piece {color} {role}\" data-square=\"{}\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{edge}\" stroke-width=\"1.6\"/>",
        escape(name)
    );
    match p.role {
        Role::Man => {
            let _ = write!(
                s,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{ring}\" stroke-width=\"1.4\"/>",
                r * 0.62
            );
        }
        Role::King => {
            // A crown of three points on a band, 18 units wide and 13 high.
            let _ = write!(
                s,
                "<path transform=\"translate({cx} {cy})\" d=\"M-9 6L-9.5 -5L-4.5 0L0 -7L4.5 0L9.5 -5L9 6Z\" fill=\"{crown}\"/>"
            );
        }
    }
    s.push_str("</g>");
}

/// The name of each playing square, small in its top left corner.
fn square_numbers<'d>(
    s: &mut String,
    n: usize,
    style: &BoardStyle<'_>,
    cell_at: &dyn Fn(usize, usize) -> Option<&'d DiagramSquare>,
    corner: &dyn Fn(usize, usize) -> (f64, f64),
) {
    // Glyph boxes 9 units high, text of about the same height.
    let scale = 1.5;
    let mut names = String::new();
    for y in 0..n {
        for x in 0..n {
            let Some(sq) = cell_at(x, y) else { continue };
            let (px, py) = corner(x, y);
            if style.glyphs {
                names.push_str(&glyphs::path(&sq.name, px + 3.0, py + 3.0, scale));
            } else {
                let _ = write!(
                    names,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    px + 2.5,
                    py + 11.5,
                    escape(&sq.name)
                );
            }
        }
    }
    labels(s, "names", &names, style.glyphs, 11.5, scale, NAME, true);
}

/// Ranks in the frame at the left, files below, as the (possibly turned) board shows them.
fn coordinates(s: &mut String, d: &Diagram, style: &BoardStyle<'_>, frame: f64) {
    let n = d.rows.len();
    let scale = 1.6;
    let mut text = String::new();
    let side = n as f64 * CELL;
    let mut put = |label: &str, cx: f64, cy: f64| {
        if style.glyphs {
            let w = glyphs::width(label) * scale;
            text.push_str(&glyphs::path(
                label,
                cx - w / 2.0,
                cy - glyphs::HEIGHT * scale / 2.0,
                scale,
            ));
        } else {
            let _ = write!(
                text,
                "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\">{label}</text>",
                cy + 4.5
            );
        }
    };
    for i in 0..n {
        let o = if style.flip { n - 1 - i } else { i };
        let mid = frame + i as f64 * CELL + CELL / 2.0;
        put(&(n - o).to_string(), frame / 2.0, mid);
        let file = char::from(b'a' + o as u8).to_string();
        put(&file, mid, frame + side + frame / 2.0);
    }
    labels(s, "coords", &text, style.glyphs, 13.0, scale, LIGHT, false);
}

/// A group of labels: text in a sans-serif face, or glyph strokes; with a dark halo when they
/// stand on squares and pieces.
#[allow(clippy::too_many_arguments)]
fn labels(
    s: &mut String,
    class: &str,
    body: &str,
    glyphs_drawn: bool,
    font_size: f64,
    scale: f64,
    color: &str,
    halo: bool,
) {
    if body.is_empty() {
        return;
    }
    if glyphs_drawn {
        let common = "fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\"";
        if halo {
            let _ = write!(
                s,
                "<g class=\"{class}-halo\" {common} stroke=\"{HALO}\" stroke-width=\"{:.2}\">{body}</g>",
                glyphs::STROKE + 2.2 / scale
            );
        }
        let _ = write!(
            s,
            "<g class=\"{class}\" {common} stroke=\"{color}\" stroke-width=\"{}\">{body}</g>",
            glyphs::STROKE
        );
    } else {
        let halo = if halo {
            format!(
                " stroke=\"{HALO}\" stroke-width=\"2.2\" stroke-linejoin=\"round\" paint-order=\"stroke\""
            )
        } else {
            String::new()
        };
        let _ = write!(
            s,
            "<g class=\"{class}\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\" font-size=\"{font_size}\" fill=\"{color}\"{halo}>{body}</g>"
        );
    }
}

/// An arrow from the centre of the first square through the others to the last.
fn arrow(s: &mut String, path: &[(usize, usize)], corner: &dyn Fn(usize, usize) -> (f64, f64)) {
    let centre = |&(x, y): &(usize, usize)| {
        let (px, py) = corner(x, y);
        (px + CELL / 2.0, py + CELL / 2.0)
    };
    let points: Vec<(f64, f64)> = path.iter().map(centre).collect();
    let (tip, before) = (points[points.len() - 1], points[points.len() - 2]);
    let (dx, dy) = (tip.0 - before.0, tip.1 - before.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let head = 15.0_f64.min(len);
    let half = 8.5;
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let mut line = String::new();
    for p in &points[..points.len() - 1] {
        let _ = write!(line, "{:.1},{:.1} ", p.0, p.1);
    }
    let _ = write!(line, "{:.1},{:.1}", base.0 + ux, base.1 + uy);
    let _ = write!(
        s,
        "<g class=\"arrow\" opacity=\"0.8\"><polyline points=\"{line}\" fill=\"none\" stroke=\"{ARROW}\" stroke-width=\"6\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/><polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"{ARROW}\"/></g>",
        tip.0,
        tip.1,
        base.0 - uy * half,
        base.1 + ux * half,
        base.0 + uy * half,
        base.1 - ux * half,
    );
}

/// Draws `pos`, its squares named by `layout`, as `options` say: what
/// [`crate::Position::to_svg`] draws, for any layout.
pub fn picture(pos: &rules::Position, layout: &Layout, options: &SvgOptions) -> String {
    let layout = match options.coords {
        Coords::Numbers => Layout {
            kind: NotationKind::Numeric,
            ..*layout
        },
        Coords::Algebraic => Layout {
            kind: NotationKind::Algebraic,
            ..*layout
        },
        Coords::Notation | Coords::None => *layout,
    };
    let squares = pos.board();
    let arrow: Vec<String> = options
        .last_move
        .iter()
        .filter(|&&sq| squares.contains(sq))
        .map(|&sq| layout.name(sq))
        .collect();
    let d = diagram(pos, &layout);
    board(
        &d,
        &BoardStyle {
            size: options.size,
            flip: options.flip,
            labels: options.coords != Coords::None,
            glyphs: options.outlined_names,
            arrow: &arrow,
            title: &options.title,
            standalone: true,
        },
    )
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

    fn style<'a>(arrow: &'a [String], glyphs: bool) -> BoardStyle<'a> {
        BoardStyle {
            size: 300,
            flip: false,
            labels: true,
            glyphs,
            arrow,
            title: "start",
            standalone: false,
        }
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
                let svg = board(&d, &style(&[], false));
                let squares = v.board().all_squares().count();
                // One dark rect per playing square, plus the frame and the light board.
                assert_eq!(svg.matches("<rect ").count(), squares + 2, "{v} {kind:?}");
                let pieces = d
                    .rows
                    .iter()
                    .flatten()
                    .flatten()
                    .filter(|s| s.piece.is_some());
                assert_eq!(svg.matches("class=\"piece ").count(), pieces.count(), "{v}");
                let n = usize::from(v.board().size());
                if kind == NotationKind::Numeric {
                    for sq in v.board().all_squares() {
                        let name = layout.name(sq);
                        assert!(svg.contains(&format!(">{name}</text>")), "{v} {name}");
                    }
                } else {
                    for i in 0..n {
                        let file = char::from(b'a' + i as u8);
                        assert!(svg.contains(&format!(">{file}</text>")), "{v} {file}");
                        assert!(svg.contains(&format!(">{}</text>", i + 1)), "{v} {i}");
                    }
                }
                // Drawn without text, the same picture has no text element and a stroke
                // path for every name.
                let outlined = board(&d, &style(&[], true));
                assert!(!outlined.contains("<text"), "{v} {kind:?}");
                let names = if kind == NotationKind::Numeric {
                    squares
                } else {
                    2 * n
                };
                // Numbers have a halo: each drawn twice.
                let paths = outlined.matches("<path transform=\"translate(").count();
                let twice = if kind == NotationKind::Numeric { 2 } else { 1 };
                assert_eq!(paths, names * twice, "{v} {kind:?}");
            }
        }
    }

    #[test]
    fn the_move_squares_are_tinted_and_an_arrow_runs_through_them() {
        let v = Variant::International;
        let d = diagram(&Position::start(v), &Layout::standard(v));
        let svg = board(&d, &style(&squares_of_move("32-28", false), false));
        let tinted = svg.split("<g class=\"mk\"").nth(1).unwrap();
        let tinted = &tinted[..tinted.find("</g>").unwrap()];
        assert_eq!(tinted.matches("<rect").count(), 2, "{svg}");
        assert!(svg.contains("class=\"arrow\""));
        // A name that is not on the board is left out: no arrow from one square.
        let svg = board(&d, &style(&["32".into(), "99".into()], false));
        assert!(!svg.contains("class=\"arrow\""));
        assert_eq!(svg.matches("class=\"mk\"").count(), 1);
    }

    #[test]
    fn a_flipped_board_turns_the_squares_and_the_coordinates() {
        let v = Variant::Russian;
        let d = diagram(&Position::start(v), &Layout::standard(v));
        let plain = board(&d, &style(&[], false));
        let flipped = board(
            &d,
            &BoardStyle {
                flip: true,
                ..style(&[], false)
            },
        );
        // a1 holds a white man: at the bottom left, or the top right when flipped.
        let at = |svg: &str| {
            let i = svg.find("data-square=\"a1\"").unwrap();
            let rest = &svg[i..];
            let attr = |name: &str| -> f64 {
                let after = rest.split(&format!("{name}=\"")).nth(1).unwrap();
                after.split('"').next().unwrap().parse().unwrap()
            };
            (attr("cx"), attr("cy"))
        };
        let (x, y) = at(&plain);
        let (fx, fy) = at(&flipped);
        assert!(x < 100.0 && y > 300.0, "{x} {y}");
        assert!(fx > 300.0 && fy < 100.0, "{fx} {fy}");
        // The file letters run from h to a.
        let files = |svg: &str| {
            svg.split("<g class=\"coords\"")
                .nth(1)
                .unwrap()
                .matches("text-anchor")
                .count()
        };
        assert_eq!(files(&plain), 16);
        let h = flipped.find(">h</text>").unwrap();
        let a = flipped.find(">a</text>").unwrap();
        assert!(h < a, "h drawn first, at the left");
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
