//! Converting a game's notation by splicing: the new text of each move token, the GameType tag
//! and the FEN tag is put in the place of the old, and every other character of the game
//! (comments, spacing, line breaks, unknown tags, commands) is kept as it was.
//!
//! The moves come from the replay's move stream ([`GameReport::moves`]): each move is written
//! from the legal move the replay resolved, so a capture is written with the squares the
//! chosen [`CaptureStyle`] asks for. A move the replay did not play (its line stopped before
//! it) keeps the squares it was written with, each renamed in the new notation.

use std::ops::Range;

use crate::Diagnostic;
use crate::board::{Board, Square};
use crate::notation::fen::{SquareRef, write_fen};
use crate::notation::resolve::token_squares;
use crate::notation::{Layout, NotationKind, RawFen};
use crate::replay::{GameReport, Guess, PlayedMove};
use crate::rules::{Move, Variant};
use crate::syntax::{Chunk, Element, Game, Move as MoveToken, ResultKind, SquareValue};
use crate::write::pdn::{
    EscapeAt, Kept, Rewrite, blank, escape_lines, keep_reason, write_escapes_after, write_game_with,
};

/// Which squares a capture is written with.
///
/// # Examples
///
/// ```
/// use pdnkit::{CaptureStyle, CheckOptions, ConvertOptions, FileConversion, check_stream};
///
/// let pdn = "[GameType \"20\"]\n[FEN \"W:W28:B23,13\"]\n1. 28x19x8 *\n";
/// let mut check = CheckOptions::default();
/// check.replay.record_moves = true;
/// let written = |captures| -> std::io::Result<String> {
///     let options = ConvertOptions { captures, ..Default::default() };
///     let mut out = String::new();
///     let mut file = FileConversion::default();
///     check_stream(pdn.as_bytes(), &check, |g| {
///         out += &file.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &options).unwrap();
///     })?;
///     Ok(out)
/// };
/// assert!(written(CaptureStyle::Full)?.contains("1. 28x19x8 *"));
/// assert!(written(CaptureStyle::Short)?.contains("1. 28x8 *"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CaptureStyle {
    /// The squares as the file wrote them, renamed.
    #[default]
    Keep,
    /// Start and end only (`28x10`).
    Short,
    /// Every landing square (`28x19x10`).
    Full,
    /// Start and end, unless another capture has the same ends and takes other pieces: then
    /// the squares where the piece turns (PDN 3.0), or every landing square if those do not
    /// tell the captures apart either.
    Minimal,
}

/// How to convert.
///
/// # Examples
///
/// ```
/// use pdnkit::{CaptureStyle, ConvertOptions, Eol, NotationKind, Results};
///
/// // PDN 3.0 form, numbers, captures with their turning squares where needed, CRLF line ends.
/// let options = ConvertOptions {
///     notation: Some(NotationKind::Numeric),
///     captures: CaptureStyle::Minimal,
///     canonical: true,
///     results: Results::Keep,
///     eol: Some(Eol::Crlf),
/// };
/// assert!(options.canonical);
/// assert!(!ConvertOptions::default().canonical);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ConvertOptions {
    /// The notation to write squares in; `None` keeps each game's own.
    pub notation: Option<NotationKind>,
    /// Which squares captures are written with.
    pub captures: CaptureStyle,
    /// Write each game whole in PDN 3.0 form ([`canonical_text`]) instead of splicing.
    pub canonical: bool,
    /// With `canonical`: what to do with the result tokens of the movetext.
    pub results: Results,
    /// The line ends to write; `None` keeps the file's own (`\n` in canonical form).
    pub eol: Option<Eol>,
}

impl ConvertOptions {
    /// The way these options write a file again, as the weighing of its runs knows it.
    pub fn form(&self) -> crate::replay::Form {
        crate::replay::Form {
            notation: self.notation,
            canonical: self.canonical,
        }
    }
}

/// What canonical form ([`ConvertOptions::canonical`]) does with the result token that ends each
/// game.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, ConvertOptions, FileConversion, Results, check_stream};
///
/// let pdn = "[Result \"1-0\"]\n1. 32-28 1-0\n";
/// let mut check = CheckOptions::default();
/// check.replay.record_moves = true;
/// let options = ConvertOptions { canonical: true, results: Results::Drop, ..Default::default() };
/// let mut out = String::new();
/// let mut file = FileConversion::default();
/// check_stream(pdn.as_bytes(), &check, |g| {
///     out += &file.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &options).unwrap();
/// })?;
/// assert!(out.contains("[Result \"1-0\"]") && out.contains("1. 32-28 *"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Results {
    /// Written in standard form (`1/2-1/2`, `*` for a dash).
    #[default]
    Keep,
    /// Every game ends with `*`; the Result tag keeps what the file said.
    Drop,
}

/// Line ends.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, ConvertOptions, Eol, FileConversion, check_stream};
///
/// let pdn = "[Event \"Club\"]\n1. 32-28 *\n";
/// let mut check = CheckOptions::default();
/// check.replay.record_moves = true;
/// let options = ConvertOptions { eol: Some(Eol::Crlf), ..Default::default() };
/// let mut out = String::new();
/// let mut file = FileConversion::default();
/// check_stream(pdn.as_bytes(), &check, |g| {
///     out += &file.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &options).unwrap();
/// })?;
/// assert!(out.starts_with("[Event \"Club\"]\r\n"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eol {
    /// `\n`.
    Lf,
    /// `\r\n`.
    Crlf,
}

/// Why a game was left as it was.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, ConvertOptions, FileConversion, Kept, Unconverted, check_stream};
///
/// let pdn = "1. 32-28 {never closed\n";
/// let mut check = CheckOptions::default();
/// check.replay.record_moves = true;
/// let options = ConvertOptions { canonical: true, ..Default::default() };
/// let mut why = None;
/// let mut file = FileConversion::default();
/// check_stream(pdn.as_bytes(), &check, |g| {
///     why = file.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &options).err();
/// })?;
/// assert_eq!(why, Some(Unconverted::Kept(Kept::SyntaxError)));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unconverted {
    /// The replay had no rules or no layout for the game.
    #[error("the game was not replayed, so its squares cannot be renamed")]
    NotReplayed,
    /// The game's moves, or its FEN, name squares both by number and by file and rank (or its
    /// FEN names them by file and rank and its moves by number): renamed into one notation and
    /// back, they would not name the squares a direct renaming names. (A numbered FEN before
    /// lettered moves, a dialect of Russian archives, converts.)
    #[error(
        "its moves or FEN name squares both by number and by file and rank (or its FEN by \
         file and rank and its moves by number), which cannot be renamed one way and back alike"
    )]
    MixedNotation,
    /// A square of a move token is not on the board (at this file offset).
    #[error("`{text}` is not a square of the board")]
    OffBoard {
        /// The square as written.
        text: String,
        /// Its file offset.
        at: usize,
    },
    /// The game's GameType tag cannot be read (G508), and its variant was inferred as if it
    /// had none (or not at all): converted, the game would need a GameType written over the
    /// one it has, which would settle (and in another notation could not keep) what the
    /// evidence left open; and how it reads depends on the games around it.
    #[error(
        "its GameType tag cannot be read (G508): its variant was inferred, and no GameType \
         is written over the one it has"
    )]
    UnreadableGameType,
    /// The game has more than one GameType (or FEN) tag: readers take the first, and a
    /// rewritten first tag would leave the others saying something else.
    #[error("the game has {0} {1} tags; give it one")]
    Repeated(usize, &'static str),
    /// The game has no GameType, numbers its FEN and letters its moves (a dialect of Russian
    /// archives), and the reader found a syntax error in it: written in letters, its FEN would
    /// be renamed and the game given the GameType renamed squares need, which how the file's
    /// games without one are weighed takes no game with a syntax error to get; it is kept as
    /// written.
    #[error(
        "it has no GameType, its FEN numbers the squares its moves name by file and rank, and \
         it has a syntax error: its FEN is not renamed"
    )]
    DialectSyntaxError,
    /// The FEN tag cannot be read under the game's layout.
    #[error("the FEN tag cannot be read: {0}")]
    Fen(String),
    /// Converted, the game's text would read as another game (a token or tag the reader
    /// took apart, skipped text, a line left open): it is kept as written.
    #[error("converted, the game would read differently")]
    ReadsDifferently,
    /// The game starts in the middle of a line, where the text before it ends: how that text
    /// reads can depend on what follows it on its line, so the game is kept as written.
    #[error(
        "it starts on the line where the text before it ends, which can read differently if \
         the game is changed"
    )]
    SharesLine,
    /// The game has no GameType, and its run of games with the same evidence is written as it
    /// was, with `--notation` either way: renamed into the other notation than its own, the
    /// file would read otherwise, in a way no GameType can mend (a run whose variant is unknown
    /// would be read as another) ([`Rewrites::keeps`]); and written again in its own, its text
    /// would change where the other keeps it.
    ///
    /// [`Rewrites::keeps`]: crate::replay::Rewrites::keeps
    #[error(
        "it has no GameType, and its run, renamed into the other notation, would make a run of \
         games whose variant is unknown read as another: the run is kept as written in either"
    )]
    RunKept,
    /// Written whole, the game would lose or change something (`--canonical`).
    #[error("{0}")]
    Kept(Kept),
    /// The file holds control characters ([`Chunk::controls`]) and written whole
    /// (`--canonical`), the game would have fewer bytes that are not white space: the output
    /// could hold too large a share of control characters and be taken for a binary file
    /// (F002).
    #[error(
        "the file holds control characters, and written whole the game would be shorter, which \
         could make the output read as a binary file"
    )]
    Shorter,
    /// The game before it ends with neither movetext nor a terminator and was written as it
    /// was: only this game's first tag, repeating one of that game's after a blank line, starts
    /// a new game there (N216), so this game is kept as written too (`--canonical`, which
    /// would write its tags in another order).
    #[error(
        "the game before it, written as it was, has no terminator: this game starts a new game \
         only with its first tag first, so it is kept as written too"
    )]
    AfterOpenGame,
    /// The text before it ends inside a comment that is never closed (S101), which only the tag
    /// line this game starts with ends: written whole (`--canonical`), the game would start
    /// with a comment it holds before its tags, read as more of the open one, so it is kept as
    /// written.
    #[error(
        "the text before it ends in a comment that is never closed (S101), which only this \
         game's first tag line ends: it is kept as written"
    )]
    AfterOpenComment,
    /// The game before it ends with a score that is not a standard result (N208, `24-2`), read
    /// as its terminator because a tag follows it: written whole (`--canonical`), this game
    /// would start with a comment it holds before its tags, and the score would be read as a
    /// move, so it is kept as written.
    #[error(
        "the game before it ends with a score read as its result only because a tag follows \
         it (N208): it is kept as written"
    )]
    AfterScore,
    /// The game is too long to hold as a tree (F009; why, most often more than
    /// [`crate::check::PART_ELEMENTS`] movetext elements): its moves are not held, so they
    /// cannot be rewritten one by one.
    #[error("{0} (F009), too many to hold as a tree")]
    TooLong(crate::check::TooLong),
}

/// Whether a game replayed without a GameType tag gets one written for the variant it was
/// replayed as (by `convert` and by `fix` alike) when the file is written in `form` (in a
/// notation, or each game in its own; in canonical form or not): when the variant was not
/// guessed (`--variant` named it: no `guess`), or the evidence left that variant alone
/// ([`Guess::also`] empty) and so it did for every run of the file's games read with it
/// ([`Guess::others_open`] false), or the file's other runs read as they did only with this
/// game's GameType written too
/// ([`Guess::upholds`]), unless one of its run's games written with none would then read
/// otherwise. Where other variants replay the game alike, a GameType would choose
/// among them, which no rewriting may do unless the file's other GameTypes already do; where
/// they replay another run of the same notation alike, a GameType written here and not there
/// would change how that run is read.
pub fn writes_gametype(guess: Option<&Guess>, form: crate::replay::Form) -> bool {
    guess.is_none_or(|g| {
        (g.also.is_empty() && !g.others_open && !g.upholds.withholds(form))
            || g.upholds.writes(form)
    })
}

/// The GameType value for `variant` with squares named by `layout`, the variant's own side
/// moving first ([`gametype_value_for`]).
pub fn gametype_value(variant: Variant, layout: &Layout) -> String {
    gametype_value_for(variant, layout, variant.rules().first_to_move)
}

/// The GameType value for `variant` with squares named by `layout` and `first` moving first:
/// the game number alone when all the tag says is the variant's standard (the board, the
/// notation and where its square 1 or `a1` lies, the invert flag, the side that moves first),
/// else all six fields, the corner digit seen from `first`. A tag names one corner, that of
/// the notation it gives: where the other notation would number from does not change the
/// squares written, and is not part of the value.
pub fn gametype_value_for(variant: Variant, layout: &Layout, first: crate::board::Color) -> String {
    let standard = Layout::standard(variant);
    let corner = |l: &Layout| match l.kind {
        NotationKind::Numeric => l.numeric_corner,
        NotationKind::Algebraic => l.algebraic_corner,
    };
    if layout.board == standard.board
        && layout.kind == standard.kind
        && corner(layout) == corner(&standard)
        && layout.inverted == standard.inverted
        && first == variant.rules().first_to_move
    {
        return variant.gametype().to_string();
    }
    let size = layout.board.size();
    let letter = match layout.kind {
        NotationKind::Numeric => 'N',
        NotationKind::Algebraic => 'A',
    };
    format!(
        "{},{},{size},{size},{letter}{},{}",
        variant.gametype(),
        if first == crate::board::Color::White {
            'W'
        } else {
            'B'
        },
        corner(layout).digit(first),
        u8::from(layout.inverted)
    )
}

/// The squares a capture is written with in `style` (`Keep` is treated as `Full`).
pub fn capture_squares(
    board: Board,
    mv: &Move,
    before: &crate::rules::Position,
    style: CaptureStyle,
) -> Vec<Square> {
    if mv.captured.is_empty() || style == CaptureStyle::Short {
        return vec![mv.from, mv.to];
    }
    if style != CaptureStyle::Minimal {
        return mv.path.to_vec();
    }
    let others: Vec<Move> = before
        .all_captures()
        .iter()
        .filter(|o| o.from == mv.from && o.to == mv.to && !o.same_move(mv))
        .cloned()
        .collect();
    if others.is_empty() {
        return vec![mv.from, mv.to];
    }
    let turning = turning_squares(board, mv);
    let tells = others
        .iter()
        .all(|o| !crate::notation::resolve::matches(board, &turning, o));
    if tells { turning } else { mv.path.to_vec() }
}

/// The start, each landing square where the piece changes direction, and the end.
fn turning_squares(board: Board, mv: &Move) -> Vec<Square> {
    let dir = |a: Square, b: Square| {
        let (f0, r0) = board.coords(a);
        let (f1, r1) = board.coords(b);
        (
            (f1 as i32 - f0 as i32).signum(),
            (r1 as i32 - r0 as i32).signum(),
        )
    };
    let mut out = vec![mv.from];
    for w in mv.path.windows(3) {
        if dir(w[0], w[1]) != dir(w[1], w[2]) {
            out.push(w[1]);
        }
    }
    out.push(mv.to);
    out
}

/// Appends squares with separators: `-` for a quiet move, `sep` for a capture.
fn join(layout: &Layout, squares: &[Square], sep: char, out: &mut String) {
    for (i, sq) in squares.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        layout.push_name(*sq, out);
    }
}

/// A game's converted pieces: the new text of each move (by body index), of the FEN tag and
/// of the GameType tag.
struct Parts {
    /// Every new move text, one after the other.
    text: String,
    /// Each move's body index and its text's range in `text`, in body order.
    moves: Vec<(usize, Range<usize>)>,
    fen: Option<String>,
    gametype: String,
    /// A game without a GameType tag gets one ([`writes_gametype`]).
    add_gametype: bool,
}

fn convert_parts(
    game: &Game,
    report: &GameReport,
    options: &ConvertOptions,
) -> Result<Parts, Unconverted> {
    let (Some(variant), Some(source)) = (report.variant, report.layout) else {
        return Err(Unconverted::NotReplayed);
    };
    let mut target = source;
    if let Some(kind) = options.notation {
        target.kind = kind;
    }
    let [move_notation, fen_notation] = notations(game);
    if [move_notation, fen_notation]
        .iter()
        .any(|&(numbers, letters)| numbers && letters)
        || (move_notation == (true, false) && fen_notation == (false, true))
    {
        return Err(Unconverted::MixedNotation);
    }
    for name in ["GameType", "FEN"] {
        let n = game.tags.iter().filter(|t| t.name == name).count();
        if n > 1 {
            return Err(Unconverted::Repeated(n, name));
        }
    }
    let sep = variant.capture_separator();
    let mut moves = Vec::new();
    let mut text = String::with_capacity(game.body.len() * 6);
    // By body index: the move played from that token alone, and the number of tokens of a
    // capture written one jump per move (those tokens are captures whatever they say).
    let mut played: Vec<Option<&PlayedMove>> = vec![None; game.body.len()];
    let mut joined: Vec<u32> = vec![0; game.body.len()];
    for p in &report.moves {
        match (
            p.tokens,
            played.get_mut(p.element),
            joined.get_mut(p.element),
        ) {
            (1, Some(slot), _) => *slot = Some(p),
            (n, _, Some(slot)) if n > 1 => *slot = n,
            _ => {}
        }
    }
    let mut jump_tokens = 0usize;
    // Squares renamed into another notation mean what they say only under the variant they
    // were renamed for: a game given a new notation gets its GameType whatever, and so does
    // one whose FEN names its squares otherwise than its moves (a numbered FEN before lettered
    // moves, a dialect of Russian archives) when the FEN is written in the other notation.
    let fen_renamed = fen_renamed(fen_notation, target.kind);
    let gametype_added = writes_gametype(report.guess.as_ref(), options.form())
        || target.kind != source.kind
        || fen_renamed;
    for (i, e) in game.body.iter().enumerate() {
        let Element::Move(m) = e else { continue };
        if joined[i] > 0 {
            jump_tokens = joined[i] as usize;
        }
        let in_jumps = jump_tokens > 0;
        jump_tokens = jump_tokens.saturating_sub(1);
        // A move written short (`c:e5`) in a guessed game that gets no GameType stays as it
        // is: written out in full it might no longer say what the short form said of the
        // game's variant (that it fits two men under one variant's rules, say).
        if m.is_short() && target.kind == source.kind && !gametype_added {
            continue;
        }
        let start = text.len();
        match played[i] {
            Some(p) if options.captures != CaptureStyle::Keep || m.is_short() => {
                let squares = capture_squares(source.board, &p.mv, &p.before, options.captures);
                let s = if p.mv.captured.is_empty() { '-' } else { sep };
                join(&target, &squares, s, &mut text);
            }
            // The squares as written are the move's ends, or its whole path.
            Some(p) if m.squares.len() == 2 => {
                let s = if p.mv.captured.is_empty() { '-' } else { sep };
                join(&target, &[p.mv.from, p.mv.to], s, &mut text);
            }
            Some(p) if m.squares.len() == p.mv.path.len() && !p.mv.captured.is_empty() => {
                join(&target, &p.mv.path, sep, &mut text);
            }
            p => rename(
                m,
                &source,
                &target,
                sep,
                p.is_some_and(|p| !p.mv.captured.is_empty()) || in_jumps,
                &mut text,
            )?,
        }
        moves.push((i, start..text.len()));
    }
    // The FEN tag, in the new notation.
    let fen = match game.tags.iter().find(|t| t.name == "FEN") {
        Some(tag) => {
            let fen = RawFen::parse(&tag.value)
                .and_then(|raw| raw.resolve(&source))
                .map_err(|e| Unconverted::Fen(e.message()))?;
            Some(write_fen(fen.turn, &fen.pieces, &target))
        }
        None => None,
    };
    Ok(Parts {
        text,
        moves,
        fen,
        add_gametype: gametype_added,
        gametype: gametype_value_for(
            variant,
            &target,
            report
                .first_to_move
                .unwrap_or(variant.rules().first_to_move),
        ),
    })
}

/// The edits that convert one game: each a range of `chunk.text` and its new text, in order.
pub fn convert_edits(
    chunk: &Chunk,
    game: &Game,
    report: &GameReport,
    options: &ConvertOptions,
) -> Result<Vec<(Range<usize>, String)>, Unconverted> {
    let parts = convert_parts(game, report, options)?;
    let (text, edits) = edit_ranges(chunk, game, parts, chunk.after_open_game);
    Ok(edits
        .into_iter()
        .map(|(at, r)| (at, text[r].to_string()))
        .collect())
}

/// An edit as two ranges: what it replaces in the chunk's text, and where its new text is.
type Edit = (Range<usize>, Range<usize>);

/// The edits of one game as ranges: each a range of `chunk.text` and the range of its new
/// text in the string returned, in order. `open_before`: the game before it reads on in the
/// output, with no terminator, up to this game's first tag, which starts a new game only
/// because it repeats one of its tags ([`Chunk::after_open_game`]); a GameType tag is then
/// not written before that one.
fn edit_ranges(chunk: &Chunk, game: &Game, parts: Parts, open_before: bool) -> (String, Vec<Edit>) {
    let Parts {
        mut text,
        moves,
        fen,
        gametype,
        add_gametype,
    } = parts;
    let local = |a: usize, b: usize| (a - chunk.offset)..(b - chunk.offset);
    let mut edits = Vec::with_capacity(moves.len() + 2);
    let mut end_of_last = None;
    for (i, r) in moves {
        if let Some(Element::Move(m)) = game.body.get(i) {
            // Moves written with nothing between them (`e3f4g3f4`, read as two) get a space:
            // renamed, they would run into one token (`23-1924-19`).
            let r = if end_of_last == Some(m.span.start) {
                let new = format!(" {}", &text[r]);
                let start = text.len();
                text.push_str(&new);
                start..text.len()
            } else {
                r
            };
            end_of_last = Some(m.span.end);
            edits.push((local(m.span.start, m.span.end), r));
        }
    }
    let mut add = |text: &mut String, at: Range<usize>, new: &str| {
        let start = text.len();
        text.push_str(new);
        edits.push((at, start..text.len()));
    };
    // The line end of the game's lines, as its text keeps them: a FEN value broken over two
    // lines (N224) is written on one, and its line break is no longer the game's.
    let mut kept = chunk.text.as_str();
    let mut after = "";
    if let (Some(tag), Some(fen)) = (game.tags.iter().find(|t| t.name == "FEN"), fen) {
        let at = local(tag.value_span.start, tag.value_span.end);
        (kept, after) = (&chunk.text[..at.start], &chunk.text[at.end..]);
        add(&mut text, at, &format!("\"{fen}\""));
    }
    let eol = if kept.contains("\r\n") || after.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    // The GameType tag, for the notation written.
    let value = format!("\"{gametype}\"");
    match game.tags.iter().find(|t| t.name == "GameType") {
        Some(tag) => {
            let at = local(tag.value_span.start, tag.value_span.end);
            add(&mut text, at, &value);
        }
        None if !add_gametype => {}
        None => {
            // After the last tag that ends with its `]`: a tag left open reads on into what
            // follows it, which a tag written there would change. A tag written otherwise than
            // `[Name "value"]` on one line must end its line too: whether its `"]` ends it rests
            // on what follows on that line, which a line break written after it would change.
            // With none, before the first tag or, in a game without tags, before its first
            // element.
            let closed = crate::syntax::last_closed_tag(chunk, game);
            match closed {
                Some(last) => {
                    let end = last.span.end - chunk.offset;
                    add(&mut text, end..end, &format!("{eol}[GameType {value}]"));
                }
                // A game that starts only because its first tag repeats one of the game before
                // it (N216): a tag written before that one would be read as the other game's.
                None if open_before && !game.tags.is_empty() => {}
                None => {
                    let start = match game.tags.first() {
                        Some(first) => first.span.start - chunk.offset,
                        None => game.first_element_start().map_or(0, |s| s - chunk.offset),
                    };
                    // A tag is read as one only at the start of a line: after other text on
                    // its line (or where the chunk starts in the middle of a line, as after a
                    // result), the tag gets a line of its own.
                    let line = chunk.text[..start]
                        .rfind(['\n', '\r'])
                        .map(|i| &chunk.text[i + 1..start]);
                    let at_line_start = match line {
                        Some(l) => l.chars().all(blank),
                        None => chunk.first_column == 1 && chunk.text[..start].chars().all(blank),
                    };
                    let before = if at_line_start { "" } else { eol };
                    add(
                        &mut text,
                        start..start,
                        &format!("{before}[GameType {value}]{eol}"),
                    );
                }
            }
        }
    }
    edits.sort_by_key(|(r, _)| (r.start, r.end));
    (text, edits)
}

/// The seven tags of PDN's roster, in the order it writes them.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A Result tag's value in standard form: spaces removed from a standard result
/// (`" 1/2-1/2"`), a result written with a colon in PDN's form (`1:0` as `1-0`), a dash (no
/// result) as `*`; any other value is kept, trimmed.
pub fn normal_result_tag(value: &str) -> String {
    if let Some(text) = ResultKind::read(value).and_then(ResultKind::as_str) {
        return text.to_string();
    }
    let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    match compact.as_str() {
        "-" | "\u{2013}" | "\u{2014}" => "*".to_string(),
        _ => value.trim().to_string(),
    }
}

/// A game written whole in PDN 3.0 form: the roster's seven tags first in their order, then
/// the others as they came (the GameType and FEN tags rewritten for the notation, the FEN
/// normalised; a GameType tag added when the game was replayed without one, as [`writes_gametype`]
/// allows), moves without
/// leading zeros or spaces, lines at most 80 wide, the result in standard form (or `*` with
/// [`Results::Drop`]). Without `report` (the game was not replayed) the squares are written
/// as the file wrote them, which is an error only if a new notation was asked for. A game
/// the tree cannot stand for faithfully (a syntax error among `diagnostics`, nothing read, a
/// square 0) is an error: its text is to be kept. The escape lines of the game's text
/// (`chunk`'s, lines starting with `%`, which the tree does not hold) are kept: among the
/// moves where they stood, each on a line of its own, and before the game those that stood
/// before it or among its tags ([`escape_lines`]).
pub fn canonical_text(
    chunk: &Chunk,
    game: &Game,
    report: Option<&GameReport>,
    diagnostics: &[Diagnostic],
    options: &ConvertOptions,
) -> Result<String, Unconverted> {
    if let Some(why) = keep_reason(game, diagnostics) {
        return Err(Unconverted::Kept(why));
    }
    let (after, escapes): (Vec<_>, Vec<_>) = escape_lines(&chunk.text, chunk.offset, game)
        .ok_or(Unconverted::Kept(Kept::Unheld))?
        .into_iter()
        .partition(|(at, _)| *at == EscapeAt::After);
    let parts = match report.map(|r| convert_parts(game, r, options)) {
        Some(Ok(p)) => Some(p),
        Some(Err(Unconverted::NotReplayed)) | None if options.notation.is_none() => None,
        Some(Err(e)) => return Err(e),
        None => return Err(Unconverted::NotReplayed),
    };
    let mut tags: Vec<(String, String)> = Vec::with_capacity(game.tags.len() + 1);
    for name in ROSTER {
        for t in game.tags.iter().filter(|t| t.name == name) {
            let value = if name == "Result" {
                normal_result_tag(&t.value)
            } else {
                t.value.clone()
            };
            tags.push((t.name.clone(), value));
        }
    }
    for t in game
        .tags
        .iter()
        .filter(|t| !ROSTER.contains(&t.name.as_str()))
    {
        let value = match (t.name.as_str(), &parts) {
            ("GameType", Some(p)) => p.gametype.clone(),
            ("FEN", Some(Parts { fen: Some(f), .. })) => f.clone(),
            _ => t.value.clone(),
        };
        tags.push((t.name.clone(), value));
    }
    // A game that names no square gets no GameType, as when its notation is changed: the tag
    // would only restate how its variant was guessed.
    if let Some(p) = parts
        .as_ref()
        .filter(|p| p.add_gametype && names_squares(game))
    {
        if !game.tags.iter().any(|t| t.name == "GameType") {
            tags.push(("GameType".to_string(), p.gametype.clone()));
        }
    } else if parts.is_none() {
        // Not replayed, its FEN not fitting the variant its run was read as: it gets the tag
        // its run's games get, as a game kept as written does.
        if let Some(value) = kept_gametype(chunk, report, &Unconverted::NotReplayed, options) {
            tags.push(("GameType".to_string(), value));
        }
    }
    let result = match (options.results, &game.result) {
        (Results::Drop, _) | (Results::Keep, None) => "*".to_string(),
        (Results::Keep, Some(r)) => r
            .kind
            .as_str()
            .map_or_else(|| r.raw.clone(), str::to_string),
    };
    let rewrite = Rewrite {
        moves: parts.map(|p| (p.text, p.moves)).unwrap_or_default(),
        tags: Some(tags),
        result: Some(result),
        escapes,
    };
    let mut out = String::new();
    write_game_with(game, &rewrite, &mut out);
    if reader_spoke(diagnostics) && !writes_back_alike(&out) {
        return Err(Unconverted::ReadsDifferently);
    }
    // Read again, escape lines after the game are text after it: not the game's to compare.
    write_escapes_after(after.iter().map(|(_, text)| text.as_str()), &mut out);
    Ok(out)
}

/// Whether `text`, a game in canonical form, reads alone as one game without syntax errors
/// that is written back as the same text: if not, the tree was written as something else.
fn writes_back_alike(text: &str) -> bool {
    let chunks = crate::syntax::parse_text(text, &crate::ReadOptions::default());
    let mut games = chunks.iter().filter(|c| c.game.is_some());
    let (Some(chunk), None) = (games.next(), games.next()) else {
        return false;
    };
    let Some(game) = &chunk.game else {
        return false;
    };
    if keep_reason(game, &chunk.diagnostics).is_some() {
        return false;
    }
    let Some(escapes) = escape_lines(&chunk.text, chunk.offset, game) else {
        return false;
    };
    let mut again = String::with_capacity(text.len());
    let rewrite = Rewrite {
        escapes,
        ..Rewrite::default()
    };
    write_game_with(game, &rewrite, &mut again);
    // Written from the tree alone, captures take `x`; canonical form writes the variant's own
    // separator (`:` in Russian draughts), which is the same move.
    again == text || again.replace(':', "x") == text.replace(':', "x")
}

/// `text` with every line end (`\r\n`, `\r`, `\n`) written as `eol`.
pub fn with_eol(text: &str, eol: Eol) -> String {
    let end = match eol {
        Eol::Lf => "\n",
        Eol::Crlf => "\r\n",
    };
    let mut out = String::with_capacity(text.len() + text.len() / 32);
    let mut rest = text;
    while let Some(i) = rest.find(['\r', '\n']) {
        out.push_str(&rest[..i]);
        out.push_str(end);
        let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
        rest = &rest[i + skip..];
    }
    out.push_str(rest);
    out
}

/// Appends a move token with each square renamed from `source` to `target`.
fn rename(
    m: &MoveToken,
    source: &Layout,
    target: &Layout,
    sep: char,
    capture: bool,
    s: &mut String,
) -> Result<(), Unconverted> {
    let squares = token_squares(m, source).map_err(|off| Unconverted::OffBoard {
        text: off.text,
        at: m
            .squares
            .get(off.index)
            .map_or(m.span.start, |s| s.span.start),
    })?;
    let capture = capture || m.is_capture();
    for (i, (sq, tok)) in squares.iter().zip(m.squares.iter()).enumerate() {
        if i > 0 {
            s.push(if capture { sep } else { '-' });
        }
        debug_assert!(!matches!(tok.value, SquareValue::File { .. }));
        target.push_name(*sq, s);
    }
    Ok(())
}

/// Applies sorted, non-overlapping edits to `text`.
pub fn splice(text: &str, edits: &[(Range<usize>, String)]) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut at = 0;
    for (r, new) in edits {
        if r.start < at || r.end > text.len() {
            continue;
        }
        out.push_str(&text[at..r.start]);
        out.push_str(new);
        at = r.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The text of one chunk converted; a chunk with no game comes back as it was.
pub fn convert_chunk(
    chunk: &Chunk,
    report: Option<&GameReport>,
    options: &ConvertOptions,
) -> Result<String, Unconverted> {
    convert_checked(chunk, report, &chunk.diagnostics, options)
}

/// [`convert_chunk`] for a chunk whose reader diagnostics have been moved to `diagnostics`
/// (as [`crate::check::check_stream`] hands games over).
pub fn convert_checked(
    chunk: &Chunk,
    report: Option<&GameReport>,
    diagnostics: &[Diagnostic],
    options: &ConvertOptions,
) -> Result<String, Unconverted> {
    let text = match (&chunk.game, report) {
        // Text between games is kept, between blank lines of canonical form's own (and the
        // line end of a line it shares with the text before it).
        (None, _) if options.canonical => canonical_chunk_block(chunk),
        (None, _) => chunk.text.clone(),
        (Some(_), _) if starts_mid_line(chunk) => return Err(Unconverted::SharesLine),
        (Some(_), Some(report))
            if report
                .guess
                .as_ref()
                .is_some_and(|g| g.upholds.keeps(options.form())) =>
        {
            return Err(Unconverted::RunKept);
        }
        (Some(game), _) if unreadable_gametype(game) => {
            return Err(Unconverted::UnreadableGameType);
        }
        (Some(game), report) if options.canonical => on_its_line(
            chunk,
            canonical_text(chunk, game, report, diagnostics, options)?,
        ),
        (Some(_), None) => return Err(Unconverted::NotReplayed),
        // A game that names no square (a forfeit, a record whose moves were never entered) has
        // nothing to rename: it is kept as written, with no GameType added, which would only
        // restate how its variant was guessed.
        (Some(game), Some(_)) if !names_squares(game) => chunk.text.clone(),
        (Some(game), Some(report)) => {
            if options.notation == Some(NotationKind::Algebraic)
                && report.guess.is_some()
                && diagnostics.iter().any(|d| d.code.starts_with('S'))
                && notations(game) == [(false, true), (true, false)]
            {
                return Err(Unconverted::DialectSyntaxError);
            }
            let out = spliced(chunk, game, report, options)?;
            // Written in the other notation too, so that a game converts to one notation only
            // if it converts to both (there and back agree): where the reader had something to
            // say of it, each text is read back; where the replay left move tokens unplayed,
            // they are renamed as written, which in one notation may fail (a short move, `ge1`,
            // has no number) and in the other not.
            let spoke = reader_spoke(diagnostics);
            let played: usize = report.moves.iter().map(|p| p.tokens as usize).sum();
            let tokens = game
                .body
                .iter()
                .filter(|e| matches!(e, Element::Move(_)))
                .count();
            if spoke || played != tokens {
                let kind = options
                    .notation
                    .or(report.layout.map(|l| l.kind))
                    .ok_or(Unconverted::NotReplayed)?;
                if spoke {
                    reads_alike(game, report, diagnostics, &out, kind, options.form())?;
                }
                let other = match kind {
                    NotationKind::Numeric => NotationKind::Algebraic,
                    NotationKind::Algebraic => NotationKind::Numeric,
                };
                let there = ConvertOptions {
                    notation: Some(other),
                    eol: None,
                    ..*options
                };
                let text = spliced(chunk, game, report, &there)?;
                if spoke {
                    reads_alike(game, report, diagnostics, &text, other, there.form())?;
                }
            }
            out
        }
    };
    // Text kept as it was keeps its share of control characters; a game written whole must not
    // raise it. (Spliced, a game changes only its squares and its GameType and FEN tags, as a
    // change of notation asks: a conversion one way is the other way's converse.)
    if options.canonical
        && chunk.controls
        && chunk.game.is_some()
        && printed(&text) < printed(&chunk.text)
    {
        return Err(Unconverted::Shorter);
    }
    Ok(match options.eol {
        Some(eol) => with_eol(&text, eol),
        None => text,
    })
}

/// Converts the chunks of one file in order, each with [`convert_checked`], knowing how the
/// chunk before it was written: in canonical form, a game that starts a new game only because
/// its first tag repeats one of the game before it ([`Chunk::after_open_game`]) is kept as
/// written when that game was ([`Unconverted::AfterOpenGame`]): written whole, with its tags
/// in the roster's order, it would read as more tags of that game.
///
/// The moves are written from the moves the replay played: check the games with
/// [`ReplayOptions::record_moves`](crate::replay::ReplayOptions::record_moves) on.
///
/// # Examples
///
/// ```
/// use pdnkit::{
///     CheckOptions, ConvertOptions, FileConversion, NotationKind, check_stream, unconverted_chunk_text,
/// };
///
/// // Russian draughts, written with file and rank, rewritten in numbers.
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";
/// let mut check = CheckOptions::default();
/// check.replay.record_moves = true; // conversion writes each move from the move played
/// let options = ConvertOptions { notation: Some(NotationKind::Numeric), ..Default::default() };
/// let mut file = FileConversion::default();
/// let mut out = String::new();
/// check_stream(pdn.as_bytes(), &check, |g| {
///     match file.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &options) {
///         Ok(text) => out.push_str(&text),
///         Err(_why) => out.push_str(&unconverted_chunk_text(&g.chunk, &options)),
///     }
/// })?;
/// assert_eq!(out, "[GameType \"25,W,8,8,N2,0\"]\n1. 22-18 11-15 2. 18:11 8:15 *\n");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FileConversion {
    /// The last chunk was written as it was.
    kept: bool,
    /// How the last chunk ends needs the next to start with a tag: inside a comment that is
    /// never closed, or with a score read as a result before a tag.
    tag_first: Option<TagFirst>,
}

impl FileConversion {
    /// The text of `chunk` converted, as [`convert_checked`]; an error means the chunk is to be
    /// written as it was ([`unconverted_chunk_text`]).
    pub fn convert(
        &mut self,
        chunk: &Chunk,
        report: Option<&GameReport>,
        diagnostics: &[Diagnostic],
        options: &ConvertOptions,
    ) -> Result<String, Unconverted> {
        let out = if options.canonical && self.kept && chunk.after_open_game {
            Err(Unconverted::AfterOpenGame)
        } else {
            match (
                convert_checked(chunk, report, diagnostics, options),
                &self.tag_first,
            ) {
                (Ok(text), Some(why))
                    if options.canonical && chunk.game.is_some() && !starts_with_tag(&text) =>
                {
                    Err(match why {
                        TagFirst::OpenComment => Unconverted::AfterOpenComment,
                        TagFirst::Score => Unconverted::AfterScore,
                    })
                }
                (out, _) => out,
            }
        };
        self.kept = out.is_err();
        self.tag_first = tag_first(chunk, diagnostics);
        out
    }

    /// Notes that the last chunk, with these diagnostics, was written as it was for a reason
    /// of the caller's (a game too long to hold as a tree).
    pub fn kept(&mut self, chunk: &Chunk, diagnostics: &[Diagnostic]) {
        self.kept = true;
        self.tag_first = tag_first(chunk, diagnostics);
    }

    /// The text to write for a chunk [`FileConversion::convert`] left as it was (`why`): its
    /// own text ([`unconverted_chunk_text`]), with one change where its run needs it. A game
    /// with no GameType tag is read as the file's run of games with the same evidence is read
    /// (`docs/variants.md`); where the games of the run that convert get a GameType tag (the
    /// output is in another notation, or the evidence left that variant alone:
    /// [`writes_gametype`]), the ones left as they were get the tag of the variant they were
    /// read as, in the notation they are written in, so that the output's run holds the same
    /// games and reads alike. Only a game whose text is kept for what it says (or because,
    /// written whole, it would be shorter in a file holding control characters:
    /// [`Unconverted::Shorter`]) gets the tag, never one kept because of the text after which
    /// it comes ([`Unconverted::AfterOpenComment`], [`Unconverted::AfterScore`]), but for one
    /// kept because the open game before it was ([`Unconverted::AfterOpenGame`]), which gets
    /// it after its last tag that ends with its `]`, or none. A game that starts on
    /// the line where that text ends ([`Unconverted::SharesLine`]) gets it only where it goes
    /// on a line of its own further on (after a tag that ends its line): the shared line stays
    /// as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{CheckOptions, ConvertOptions, FileConversion, NotationKind, check_stream};
    ///
    /// // Two games without GameType, read as Russian draughts; in the second, the reader takes
    /// // `h4f6x` apart, and converted it would read as another game.
    /// let pdn = "1. c3-d4 f6-g5 *\n\n1. g3-h4 f6-g5 2. h4f6x g7xe5 *\n";
    /// let mut check = CheckOptions::default();
    /// check.replay.record_moves = true;
    /// let options = ConvertOptions { notation: Some(NotationKind::Numeric), ..Default::default() };
    /// let mut file = FileConversion::default();
    /// let mut out = String::new();
    /// check_stream(pdn.as_bytes(), &check, |g| {
    ///     match file.convert(&g.chunk, g.report.as_ref(), &g.diagnostics, &options) {
    ///         Ok(text) => out.push_str(&text),
    ///         Err(why) => {
    ///             let kept = file.write_kept(&g.chunk, g.report.as_ref(), &why, &options);
    ///             out.push_str(&kept.text);
    ///         }
    ///     }
    /// })?;
    /// assert_eq!(
    ///     out,
    ///     "[GameType \"25,W,8,8,N2,0\"]\n1. 22-18 11-16 *\n\n\
    ///      [GameType \"25\"]\n1. g3-h4 f6-g5 2. h4f6x g7xe5 *\n"
    /// );
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_kept(
        &self,
        chunk: &Chunk,
        report: Option<&GameReport>,
        why: &Unconverted,
        options: &ConvertOptions,
    ) -> KeptGame {
        let (Some(game), Some(gametype)) = (
            chunk.game.as_ref(),
            kept_gametype(chunk, report, why, options),
        ) else {
            return KeptGame {
                text: unconverted_chunk_text(chunk, options),
                gametype: None,
            };
        };
        let parts = Parts {
            text: String::new(),
            moves: Vec::new(),
            fen: None,
            gametype: gametype.clone(),
            add_gametype: true,
        };
        // A game that starts a new game only because its first tag repeats one of the game
        // before it gets its tag after its last tag that ends with its `]`, or none: before its
        // first, the tag would read as the other game's. In canonical form the game before it
        // was written whole, with a terminator, unless it was kept as written, and then so is
        // this one ([`Unconverted::AfterOpenGame`]).
        let open_before = chunk.after_open_game
            && (!options.canonical || matches!(why, Unconverted::AfterOpenGame));
        let (new, edits) = edit_ranges(chunk, game, parts, open_before);
        let edits: Vec<(Range<usize>, String)> = edits
            .into_iter()
            .map(|(at, r)| (at, new[r].to_string()))
            .collect();
        // A game that starts on the line where the text before it ends gets its tag only on a
        // line of its own further on: that shared line stays as it was.
        if starts_mid_line(chunk) {
            let first_line = chunk
                .text
                .find(['\n', '\r'])
                .map_or(chunk.text.len(), |i| i + 1);
            if edits.is_empty() || edits.iter().any(|(at, _)| at.start < first_line) {
                return KeptGame {
                    text: unconverted_chunk_text(chunk, options),
                    gametype: None,
                };
            }
            let text = canonical_or_not(&splice(&chunk.text, &edits), true, true, options);
            return KeptGame {
                text,
                gametype: Some(gametype),
            };
        }
        KeptGame {
            text: unconverted_text(&splice(&chunk.text, &edits), options),
            // No place to write it: the game stays as it was.
            gametype: (!edits.is_empty()).then_some(gametype),
        }
    }
}

/// How a chunk ends that the chunk after it must start with a tag to read as it did
/// ([`FileConversion`]).
#[derive(Clone, Copy, Debug)]
enum TagFirst {
    /// Inside a comment never closed ([`Unconverted::AfterOpenComment`]).
    OpenComment,
    /// With a score read as a result ([`Unconverted::AfterScore`]).
    Score,
}

/// Why the chunk after this one, with these diagnostics, must start with a tag to read as it
/// did: the chunk ends inside a comment that is never closed (S101), which the reader ends at
/// the next line that starts a tag, or its game ends with a score that is not a standard
/// result (N208), which may be read so only because a tag follows it.
fn tag_first(chunk: &Chunk, diagnostics: &[Diagnostic]) -> Option<TagFirst> {
    if diagnostics.iter().any(|d| d.code == "S101") {
        Some(TagFirst::OpenComment)
    } else if chunk.game.as_ref().is_some_and(|g| {
        g.result
            .as_ref()
            .is_some_and(|r| r.kind == ResultKind::Other)
    }) {
        Some(TagFirst::Score)
    } else {
        None
    }
}

/// Whether text written for a game starts with a tag, as the reader sees one after a game's
/// last token or in a comment never closed: `[` and a letter after white space.
fn starts_with_tag(text: &str) -> bool {
    let mut rest = text.trim_start().bytes();
    rest.next() == Some(b'[') && rest.next().is_some_and(|b| b.is_ascii_alphabetic())
}

/// A game written as it was ([`FileConversion::write_kept`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptGame {
    /// The text to write.
    pub text: String,
    /// The value of the GameType tag added to it, if one was.
    pub gametype: Option<String>,
}

/// The GameType value a game left as it was gets ([`FileConversion::write_kept`]): that of the
/// variant it was read as, in its own notation, when it was read without one as its run was
/// and the run's converted games get one.
fn kept_gametype(
    chunk: &Chunk,
    report: Option<&GameReport>,
    why: &Unconverted,
    options: &ConvertOptions,
) -> Option<String> {
    let kept_for_itself = matches!(
        why,
        Unconverted::ReadsDifferently
            | Unconverted::OffBoard { .. }
            | Unconverted::Fen(_)
            | Unconverted::Kept(_)
            | Unconverted::MixedNotation
            | Unconverted::DialectSyntaxError
            | Unconverted::NotReplayed
            | Unconverted::SharesLine
            | Unconverted::Shorter
            | Unconverted::AfterOpenGame
            | Unconverted::Repeated(..)
    );
    let game = chunk.game.as_ref()?;
    let report = report?;
    // A game whose variant was guessed: one read as declared needs no tag to be read so.
    let guess = report.guess.as_ref()?;
    // A game not replayed, its FEN not fitting the variant its run was read as, is read as
    // that variant in the notation of its squares.
    let (variant, source) = match report.variant.zip(report.layout) {
        Some(read) => read,
        None => {
            let mut layout = Layout::standard(guess.variant);
            // The notation its squares were read in when its run was weighed (a FEN naming
            // squares both ways is read as lettered), so that read again it joins the same run.
            layout.kind = match crate::replay::squares_algebraic(game)? {
                false => NotationKind::Numeric,
                true => NotationKind::Algebraic,
            };
            (guess.variant, layout)
        }
    };
    // A game whose run is written as it was gets none either ([`Unconverted::RunKept`]).
    if !kept_for_itself
        || game.tags.iter().any(|t| t.name == "GameType")
        || !names_squares(game)
        || guess.upholds.keeps(options.form())
    {
        return None;
    }
    let target = options.notation.unwrap_or(source.kind);
    (writes_gametype(Some(guess), options.form()) || target != source.kind).then(|| {
        gametype_value_for(
            variant,
            &source,
            report
                .first_to_move
                .unwrap_or(variant.rules().first_to_move),
        )
    })
}

/// Whether the game's GameType tag (the first, which readers take) cannot be read (G508):
/// the game is read as if it had none, whatever its run is read as.
fn unreadable_gametype(game: &Game) -> bool {
    game.tags
        .iter()
        .find(|t| t.name == "GameType")
        .is_some_and(|t| crate::notation::GameType::parse(&t.value).is_err())
}

/// Whether a game's moves name squares by number, and whether by file and rank; then the same
/// of its FEN. Each is read in one notation (a numeric FEN before algebraic moves is a dialect
/// of Russian archives, and converts).
fn notations(game: &Game) -> [(bool, bool); 2] {
    let (mut numbers, mut letters) = (false, false);
    for e in &game.body {
        if let Element::Move(m) = e {
            for sq in m.squares.iter() {
                match sq.value {
                    SquareValue::Numeric(_) => numbers = true,
                    _ => letters = true,
                }
            }
        }
    }
    let (mut fen_numbers, mut fen_letters) = (false, false);
    if let Some(raw) = game
        .tags
        .iter()
        .find(|t| t.name == "FEN")
        .and_then(|t| RawFen::parse(&t.value).ok())
    {
        for sq in raw
            .items
            .iter()
            .flat_map(|i| std::iter::once(&i.first).chain(&i.last))
        {
            match sq {
                SquareRef::Numeric(_) => fen_numbers = true,
                SquareRef::Algebraic { .. } => fen_letters = true,
            }
        }
    }
    [(numbers, letters), (fen_numbers, fen_letters)]
}

/// Whether a FEN whose squares are named so (by number, by file and rank: [`notations`]) is
/// renamed when written in `target`.
fn fen_renamed((numbers, letters): (bool, bool), target: NotationKind) -> bool {
    match target {
        NotationKind::Numeric => letters,
        NotationKind::Algebraic => numbers,
    }
}

/// Whether a game names a square anywhere: a move, a setup command holding a FEN, a FEN tag.
pub(crate) fn names_squares(game: &Game) -> bool {
    game.tags.iter().any(|t| t.name == "FEN")
        || game.body.iter().any(|e| match e {
            Element::Move(_) => true,
            Element::Setup(s) => s.fen.is_some(),
            _ => false,
        })
}

/// The bytes of `text` that are not white space, as the binary check counts them
/// (`source::binary_byte`; a byte order mark is white space, N225).
fn printed(text: &str) -> usize {
    let marks = text.matches('\u{feff}').count();
    text.bytes().filter(|&b| !blank(b as char)).count() - 3 * marks
}

/// The text written for a game left as it was: its own text (with the line ends asked for);
/// in canonical form without the blank lines around it, and followed by one blank line like
/// every game written whole, so writing the output again gives the same bytes.
pub fn unconverted_text(text: &str, options: &ConvertOptions) -> String {
    let text = if options.canonical {
        canonical_block(text, true)
    } else {
        text.to_string()
    };
    match options.eol {
        Some(eol) => with_eol(&text, eol),
        None => text,
    }
}

/// The text written for a chunk left as it was: [`unconverted_text`], but a chunk that starts
/// on the line where the one before it ends keeps, in canonical form, the line end that ends
/// that line: the text before it was written up to there as it was, and what it ended with
/// would otherwise run on into this chunk's first line.
///
/// # Examples
///
/// ```
/// use pdnkit::{ConvertOptions, Eol, ReadOptions, parse_str, unconverted_chunk_text};
///
/// let chunks = parse_str("1. 32-28 {never closed\n", &ReadOptions::default());
/// let options = ConvertOptions { eol: Some(Eol::Crlf), ..Default::default() };
/// assert_eq!(unconverted_chunk_text(&chunks[0], &options), "1. 32-28 {never closed\r\n");
/// ```
pub fn unconverted_chunk_text(chunk: &Chunk, options: &ConvertOptions) -> String {
    canonical_or_not(
        &chunk.text,
        starts_mid_line(chunk),
        chunk.game.is_some(),
        options,
    )
}

/// [`unconverted_chunk_text`] of a chunk's text, `mid_line` when it starts on the line where
/// the text before it ends, `game` when it holds a game.
fn canonical_or_not(text: &str, mid_line: bool, game: bool, options: &ConvertOptions) -> String {
    if options.canonical {
        let out = canonical_text_block(text, mid_line, game);
        return match options.eol {
            Some(eol) => with_eol(&out, eol),
            None => out,
        };
    }
    unconverted_text(text, options)
}

/// A chunk's text as canonical form keeps text ([`canonical_block`]), but a chunk that starts
/// on the line where the one before it ends keeps the line end that ends that line (with
/// what stands before it on that line).
fn canonical_chunk_block(chunk: &Chunk) -> String {
    canonical_text_block(&chunk.text, starts_mid_line(chunk), chunk.game.is_some())
}

/// [`canonical_chunk_block`] of a chunk's text, `game` when it holds a game.
fn canonical_text_block(text: &str, mid_line: bool, game: bool) -> String {
    if mid_line {
        let first = text.find(|c: char| !blank(c)).unwrap_or(text.len());
        if let Some(end) = text[..first].find(['\n', '\r']) {
            // The line end, as written (`\r\n` whole).
            let end = end
                + text[end..]
                    .find('\n')
                    .filter(|&n| n <= 1)
                    .map_or(1, |n| n + 1);
            let head = &text[..end];
            let rest = canonical_block(&text[end..], game);
            return format!("{head}{rest}");
        }
    }
    canonical_block(text, game)
}

/// A game's text with its converted pieces spliced in.
fn spliced(
    chunk: &Chunk,
    game: &Game,
    report: &GameReport,
    options: &ConvertOptions,
) -> Result<String, Unconverted> {
    let parts = convert_parts(game, report, options)?;
    let (text, edits) = edit_ranges(chunk, game, parts, chunk.after_open_game);
    let mut out = String::with_capacity(chunk.text.len() + chunk.text.len() / 8);
    let mut at = 0;
    for (r, new) in edits {
        if r.start < at || r.end > chunk.text.len() {
            continue;
        }
        out.push_str(&chunk.text[at..r.start]);
        out.push_str(&text[new]);
        at = r.end;
    }
    out.push_str(&chunk.text[at..]);
    Ok(out)
}

/// A game written whole in canonical form, followed by the blank line of canonical form, or,
/// when its chunk ends in the middle of a line ([`ends_mid_line`]), by the spaces its chunk
/// ends with: the text after it goes on on that line, as it did. Where those spaces open a
/// line of their own (at the end of the input) and the game's last line runs to its end (a
/// `%` line), the game keeps its blank line before them.
fn on_its_line(chunk: &Chunk, mut text: String) -> String {
    if ends_mid_line(&chunk.text) {
        let spaces = chunk.text.trim_end_matches([' ', '\t']).len();
        let end = text.trim_end_matches(['\n', '\r']).len();
        let last_line = text[..end].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        if !(chunk.text[..spaces].ends_with(['\n', '\r']) && text[last_line..].starts_with('%')) {
            text.truncate(end);
        }
        text.push_str(&chunk.text[spaces..]);
    }
    text
}

/// Whether a chunk starts in the middle of a line, where the chunk before it ends
/// ([`ends_mid_line`]).
fn starts_mid_line(chunk: &Chunk) -> bool {
    chunk.first_column > 1
}

/// Text kept as it was in canonical form: from the start of its first line that holds
/// anything (byte order marks that would open it left out) to its last character that is not
/// white space, or for a `game`, to the end of that character's line, then a blank line;
/// nothing for white space alone. A game keeps the white space that ends its last line: inside
/// a tag value never closed, it is part of the value (`[FEN "B` then the DOS end-of-file
/// mark). Text that ends in the middle of a line ([`ends_mid_line`]) is written to its end
/// with nothing after it: what follows it in the input goes on on that line, as it did.
fn canonical_block(text: &str, game: bool) -> String {
    let Some(first) = text.find(|c: char| !blank(c)) else {
        return String::new();
    };
    let start = text[..first].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    // Byte order marks that would open the block are left out: at the start of the output, a
    // reader takes one for the file's own and does not read it (inside, it is white space).
    let start = start + (text[start..].len() - text[start..].trim_start_matches('\u{feff}').len());
    if ends_mid_line(text) {
        return text[start..].to_string();
    }
    let last = start + text[start..].trim_end_matches(blank).len();
    let end = if game {
        text[last..]
            .find(['\n', '\r'])
            .map_or(text.len(), |i| last + i)
    } else if text[..last].ends_with('[') && text[last..].starts_with('\u{feff}') {
        // A byte order mark is white space to the reader, but not right after a `[` (with it,
        // the `[` opens a tag; alone, it does not): such a mark stays.
        last + '\u{feff}'.len_utf8()
    } else {
        last
    };
    format!("{}\n\n", &text[start..end])
}

/// Whether a chunk's text ends in the middle of a line: the reader ended it after a result
/// with more text on its line, or before a tag in the middle of a line, and the next chunk
/// starts on that line (a tag with only blanks before it on its line starts the next chunk
/// with that line). How the text reads can depend on what follows it there (a `(` is a
/// variation or a note depending on the words up to its `)`), so the next chunk is kept as
/// written and nothing is put between them. At the end of the input, it is text without a
/// line end after it.
pub(crate) fn ends_mid_line(text: &str) -> bool {
    !text.ends_with(['\n', '\r'])
}

/// Whether the reader said anything of the game (a syntax error or a note): only then can
/// its converted text read as something else, so only then is it read back.
fn reader_spoke(diagnostics: &[Diagnostic]) -> bool {
    diagnostics
        .iter()
        .any(|d| !d.code.starts_with('R') && !d.code.starts_with('G'))
}

/// The syntax codes among `diagnostics`, sorted.
fn syntax_codes(diagnostics: &[Diagnostic]) -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = diagnostics
        .iter()
        .filter(|d| d.code.starts_with('S'))
        .map(|d| d.code)
        .collect();
    codes.sort_unstable();
    codes
}

/// Checks that `text`, the game converted to `target`, read alone, is one game that means what
/// `game` (replayed as `report`) means: the same tags (the GameType tag the one written), the
/// same comments, results and syntax errors, and each move the same, played as the same move
/// or, where the replay did not play it, naming the same squares. `form` is the way the file
/// is written, as [`writes_gametype`] takes it.
fn reads_alike(
    game: &Game,
    report: &GameReport,
    diagnostics: &[Diagnostic],
    text: &str,
    target: NotationKind,
    form: crate::replay::Form,
) -> Result<(), Unconverted> {
    let differs = Err(Unconverted::ReadsDifferently);
    let (Some(variant), Some(source)) = (report.variant, report.layout) else {
        return Err(Unconverted::NotReplayed);
    };
    let mut layout = source;
    layout.kind = target;
    let chunks = crate::syntax::parse_text(text, &crate::ReadOptions::default());
    let mut games = chunks
        .iter()
        .filter_map(|c| c.game.as_ref().map(|g| (c, g)));
    let (Some((chunk, again)), None) = (games.next(), games.next()) else {
        return differs;
    };
    if syntax_codes(&chunk.diagnostics) != syntax_codes(diagnostics) {
        return differs;
    }
    let others = |g: &Game| -> Vec<(String, String)> {
        g.tags
            .iter()
            .filter(|t| t.name != "GameType" && t.name != "FEN")
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect()
    };
    let gametypes: Vec<&str> = again
        .tags
        .iter()
        .filter(|t| t.name == "GameType")
        .map(|t| t.value.as_str())
        .collect();
    let written = gametype_value_for(
        variant,
        &layout,
        report
            .first_to_move
            .unwrap_or(variant.rules().first_to_move),
    );
    // The GameType the writer gives it (`convert_parts`): a FEN written in the other notation
    // than its own gets one too.
    let fen_renamed = fen_renamed(notations(game)[1], target);
    let expected: &[&str] = if game.tags.iter().any(|t| t.name == "GameType")
        || writes_gametype(report.guess.as_ref(), form)
        || target != source.kind
        || fen_renamed
    {
        &[written.as_str()]
    } else {
        &[]
    };
    if others(game) != others(again)
        || gametypes != expected
        || game.header_comments.len() != again.header_comments.len()
        || game
            .header_comments
            .iter()
            .zip(&again.header_comments)
            .any(|(a, b)| a.text != b.text)
        || game.result.as_ref().map(|r| (r.kind, &r.raw))
            != again.result.as_ref().map(|r| (r.kind, &r.raw))
        || game.body.len() != again.body.len()
    {
        return differs;
    }
    let fen = |g: &Game, l: &Layout| {
        g.tags.iter().find(|t| t.name == "FEN").map(|t| {
            RawFen::parse(&t.value)
                .and_then(|raw| raw.resolve(l))
                .map(|mut f| {
                    // The order of the pieces is not part of the position.
                    f.pieces.sort_by_key(|&(sq, _)| sq);
                    (f.turn, f.pieces)
                })
                .map_err(|e| e.message())
        })
    };
    if fen(game, &source) != fen(again, &layout) {
        return differs;
    }
    // A game written with no GameType is read, in the file, as its run of games without one
    // was (the conversion keeps every game of the run in it: `FileConversion::write_kept`),
    // not as it would be read alone: it is read back as that variant.
    let options = crate::replay::ReplayOptions {
        record_moves: true,
        variant: expected
            .is_empty()
            .then_some(crate::replay::ForcedVariant::Replay(variant)),
        ..Default::default()
    };
    let replayed =
        crate::replay::replay_game(again, &options, &mut crate::replay::FileContext::default());
    if replayed.variant != Some(variant) || replayed.moves.len() != report.moves.len() {
        return differs;
    }
    let same_play = report
        .moves
        .iter()
        .zip(&replayed.moves)
        .all(|(a, b)| a.element == b.element && a.tokens == b.tokens && a.mv.same_move(&b.mv));
    if !same_play {
        return differs;
    }
    let played: std::collections::HashSet<usize> = report.moves.iter().map(|p| p.element).collect();
    for (i, (a, b)) in game.body.iter().zip(&again.body).enumerate() {
        let same = match (a, b) {
            (Element::MoveNumber(x), Element::MoveNumber(y)) => {
                x.number == y.number && x.second_player == y.second_player
            }
            (Element::Move(x), Element::Move(y)) => {
                x.strength.as_ref().map(|s| s.marks.as_str())
                    == y.strength.as_ref().map(|s| s.marks.as_str())
                    && (played.contains(&i)
                        || matches!(
                            (token_squares(x, &source), token_squares(y, &layout)),
                            (Ok(p), Ok(q)) if p == q
                        ))
            }
            (Element::Ellipsis { .. }, Element::Ellipsis { .. })
            | (Element::VariationStart { .. }, Element::VariationStart { .. })
            | (Element::VariationEnd { .. }, Element::VariationEnd { .. }) => true,
            (Element::Comment(x), Element::Comment(y)) => x.text == y.text,
            (Element::Nag { value: x, .. }, Element::Nag { value: y, .. }) => x == y,
            (Element::Setup(x), Element::Setup(y)) => x.raw == y.raw,
            _ => false,
        };
        if !same {
            return differs;
        }
    }
    Ok(())
}
