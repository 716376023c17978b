//! Choosing the rules a game is replayed with: its variant, square layout and start position.
//! A GameType (or Variant) tag declares them, or `--variant` forces them; else [`infer`]
//! infers the variant from the game and the file's other games, once per file.

use crate::board::{Board, Color, Position};
use crate::lint::codes::replay::{G504, G507, G508, G509, G510, G511, G512, G516};
use crate::lint::{Diagnostic, Severity, clip};
use crate::notation::gametype::{game_name, is_server_private};
use crate::notation::{GameType, Layout, NotationKind, RawFen};
use crate::rules::Variant;
use crate::source::Span;
use crate::syntax::{Element, Game, SquareValue};

use super::{FileContext, ForcedVariant, Guess, ReplayOptions, line};

mod infer;

pub use infer::{EARLY_PLIES, SAMPLE_GAMES, Survey};
pub(super) use infer::{Run, WORD_TAGS};

/// The rules, notation and start of one game.
#[derive(Clone, Debug)]
pub struct Selection {
    /// The rules.
    pub variant: Variant,
    /// The square names.
    pub layout: Layout,
    /// Who moves first from the standard start (the GameType may say otherwise than the
    /// variant).
    pub first_to_move: Color,
    /// The start position (the FEN tag, or the standard start).
    pub start: Position,
    /// A GameType tag declares the notation, so moves in the other notation are reported.
    pub declared_notation: bool,
    /// Every square of the game fits this smaller board than the variant's.
    pub smaller_board: Option<Board>,
}

/// What [`select`] decided.
pub(super) struct Selected {
    /// The variant, layout and start position.
    pub selection: Selection,
    /// The replay the inference already made with it, when the variant was inferred.
    pub replayed: Option<line::LinesOutcome>,
    /// The guess, when the variant was inferred.
    pub guess: Option<Guess>,
}

impl Selected {
    /// A selection a tag declared or the options forced: nothing replayed, nothing guessed.
    fn declared(selection: Selection) -> Self {
        Selected {
            selection,
            replayed: None,
            guess: None,
        }
    }
}

/// What [`infer::infer`] decided for a game it replays.
pub(super) struct Inferred {
    /// The variant, layout and start position.
    pub selection: Selection,
    /// The replay made with it.
    pub replayed: line::LinesOutcome,
    /// The guess behind it.
    pub guess: Guess,
}

/// The evidence key of a run of games the inference decides together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key {
    /// The board the squares fit.
    pub board: Board,
    /// The moves are written in algebraic notation.
    pub algebraic: bool,
    /// The GameType of the game the tag words name, if they name one.
    pub named: Option<u32>,
}

/// What a GameType or Variant tag declares.
#[derive(Clone, Copy)]
struct Declared {
    variant: Variant,
    layout: Layout,
    first: Color,
    /// The layout departs from the variant's standard one (a corner or an invert flag): the
    /// standard layout is taken when it replays the game better.
    nonstandard: bool,
}

/// Decides the selection, reporting what it had to decide or could not. When the decision
/// needed a replay, that replay comes back too. The first result of the file scored on the
/// other scale than its variant's is said (G516).
pub(super) fn select(
    game: &Game,
    options: &ReplayOptions,
    ctx: &mut FileContext,
    diags: &mut Vec<Diagnostic>,
) -> Result<Selected, Option<Guess>> {
    let selected = select_variant(game, options, ctx, diags)?;
    if !ctx.scale_said {
        if let Some(d) = result_scale(game, selected.selection.variant) {
            ctx.scale_said = true;
            diags.push(d);
        }
    }
    Ok(selected)
}

/// A result of `game` (its Result tag, else its terminator) scored on the other scale than
/// `variant`'s ResultType: `2-0` in a game of the one-point scale, `1-0` in one of the two.
fn result_scale(game: &Game, variant: Variant) -> Option<Diagnostic> {
    let two = variant.info().two_point_results;
    let other = |score: &str| {
        let score = score.trim();
        if two {
            matches!(score, "1-0" | "0-1" | "1/2-1/2")
        } else {
            matches!(score, "2-0" | "0-2" | "1-1")
        }
    };
    let (score, span) = game
        .tags
        .iter()
        .find(|t| t.name == "Result" && other(&t.value))
        .map(|t| (t.value.trim().to_string(), t.value_span))
        .or_else(|| {
            game.result
                .as_ref()
                .filter(|r| other(&r.raw))
                .map(|r| (r.raw.trim().to_string(), r.span))
        })?;
    let (written, scale, scores) = if two {
        ("one point", "two points", "`2-0`, `1-1`, `0-2`")
    } else {
        ("two points", "one point", "`1-0`, `1/2-1/2`, `0-1`")
    };
    Some(
        Diagnostic::new(
            &G516,
            span,
            format!(
                "`{score}` is a score on {written}, but PDN 3.0 scores {} on {scale} ({scores})",
                variant.title()
            ),
        )
        .with_note(
            "said once for the file; the scores are read as they are written (an error with --strict)",
        ),
    )
}

fn select_variant(
    game: &Game,
    options: &ReplayOptions,
    ctx: &mut FileContext,
    diags: &mut Vec<Diagnostic>,
) -> Result<Selected, Option<Guess>> {
    let forced = match options.variant {
        Some(ForcedVariant::Replay(v)) => Some(v),
        Some(ForcedVariant::NotReplayed(n)) => {
            if !ctx.not_replayed_said {
                ctx.not_replayed_said = true;
                diags.push(
                    Diagnostic::new(
                        &G507,
                        infer::anchor(game),
                        format!(
                            "--variant {n}: {} is read and its syntax checked, but pdnkit does not replay its moves",
                            game_name(n).unwrap_or("this game")
                        ),
                    )
                    .with_severity(Severity::Info)
                    .with_note("said once for the file: no game of it is replayed"),
                );
            }
            return Err(None);
        }
        None => None,
    };
    let gt_tag = game.tags.iter().find(|t| t.name == "GameType");
    let mut declared: Option<Declared> = None;
    if let Some(tag) = gt_tag {
        match GameType::parse(&tag.value) {
            Err(e) => diags.push(Diagnostic::new(
                &G508,
                tag.value_span,
                format!("GameType \"{}\" cannot be read: {e}", clip(&tag.value)),
            )),
            Ok(gt) => {
                let r = gt.resolve();
                match (r.variant, r.layout) {
                    (Some(v), Some(l)) => {
                        // lidraughts writes its own games on their board's GameType with a
                        // Variant tag (`[GameType "20"] [Variant "Antidraughts"]`): such a tag
                        // says which game of the board it is.
                        let v = game
                            .tags
                            .iter()
                            .find(|t| t.name == "Variant")
                            .and_then(|t| Variant::from_variant_tag(&t.value))
                            .filter(|w| is_server_private(w.gametype()) && w.board() == v.board())
                            .unwrap_or(v);
                        // Board fields that contradict the number: the variants of the stated
                        // board are tried when the numbered one does not replay the game.
                        let other = if forced.is_none() {
                            stated_board(game, &gt, v, options)
                        } else {
                            None
                        };
                        let (v, r) = match other {
                            Some((w, rw)) => {
                                let size = v.board().size();
                                diags.push(
                                    Diagnostic::new(
                                        &G509,
                                        tag.value_span,
                                        format!(
                                            "GameType {} is {}, played on {size}x{size}, but it says a {} board: {} does not replay the moves, {} (GameType {}) replays them without error and is used",
                                            gt.number,
                                            v.title(),
                                            w.board(),
                                            v.title(),
                                            w.title(),
                                            w.gametype()
                                        ),
                                    )
                                    .with_note(
                                        "the GameType tables before 2014 numbered some games otherwise (a 2009 proposal gave 29 to Frisian and 32 to Czech)",
                                    ),
                                );
                                (w, rw)
                            }
                            None => (v, r),
                        };
                        let l = r.layout.unwrap_or(l);
                        // One tag, one finding: every way it departs from the standard in
                        // one message.
                        if forced.is_none_or(|f| f == v) && !r.notes.is_empty() {
                            diags.push(Diagnostic::new(&G509, tag.value_span, r.notes.join("; ")));
                        }
                        declared = Some(Declared {
                            variant: v,
                            layout: l,
                            first: r.first_to_move.unwrap_or(v.rules().first_to_move),
                            nonstandard: r.nonstandard_layout,
                        });
                    }
                    _ if forced.is_none() => {
                        let why = r.unsupported.unwrap_or_default();
                        diags.push(Diagnostic::new(
                            &G507,
                            tag.value_span,
                            format!("{why}: the moves are not checked"),
                        ));
                        return Err(None);
                    }
                    _ => {}
                }
            }
        }
    }
    let mut from_variant_tag = false;
    if declared.is_none() && gt_tag.is_none() {
        if let Some(tag) = game.tags.iter().find(|t| t.name == "Variant") {
            match Variant::from_variant_tag(&tag.value) {
                Some(v) => {
                    // The tag names the game only; the notation follows the moves.
                    let mut l = Layout::standard(v);
                    l.kind = if evidence(game).algebraic {
                        NotationKind::Algebraic
                    } else {
                        NotationKind::Numeric
                    };
                    declared = Some(Declared {
                        variant: v,
                        layout: l,
                        first: v.rules().first_to_move,
                        nonstandard: false,
                    });
                    from_variant_tag = true;
                }
                _ if forced.is_none() => {
                    diags.push(Diagnostic::new(
                        &G507,
                        tag.value_span,
                        format!(
                            "Variant \"{}\" is a game whose rules pdnkit does not know: the moves are not checked",
                            clip(&tag.value)
                        ),
                    ));
                    return Err(None);
                }
                _ => {}
            }
        }
    }

    if let Some(forced) = forced {
        let (layout, first) = match declared {
            Some(d) if d.variant == forced => (d.layout, d.first),
            _ => (Layout::standard(forced), forced.rules().first_to_move),
        };
        let start = start_position(game, forced, &layout, first, diags).ok_or(None)?;
        let sel = Selection {
            variant: forced,
            layout,
            first_to_move: first,
            start,
            declared_notation: gt_tag.is_some() && !from_variant_tag,
            smaller_board: smaller_board(game, forced),
        };
        return Ok(Selected::declared(sel));
    }

    if let Some(Declared {
        variant: v,
        layout,
        first,
        nonstandard,
    }) = declared
    {
        ctx.establish(v);
        let start = start_position(game, v, &layout, first, diags).ok_or(None)?;
        let mut sel = Selection {
            variant: v,
            layout,
            first_to_move: first,
            start,
            declared_notation: !from_variant_tag,
            smaller_board: smaller_board(game, v),
        };
        if nonstandard {
            // Files that declare an odd corner usually still use the standard numbering: take
            // the standard layout when it replays better.
            let std = Layout::standard(v);
            let mut scratch = Vec::new();
            if let Some(start) = start_position(game, v, &std, first, &mut scratch) {
                let alt = Selection {
                    layout: std,
                    start,
                    ..sel.clone()
                };
                if score(game, &alt).0 < score(game, &sel).0 {
                    let span = gt_tag.map_or(Span::default(), |t| t.value_span);
                    // One cause, one finding: said with the note on the corner, when there is
                    // one.
                    match diags
                        .iter_mut()
                        .rev()
                        .find(|d| d.code == G509.code && d.span == span)
                    {
                        Some(d) => {
                            d.message = format!(
                                "{}; the moves fit the standard numbering, which is used",
                                d.message
                            );
                        }
                        None => diags.push(Diagnostic::new(
                            &G509,
                            span,
                            format!(
                                "the moves fit the standard square numbering of {}, not the one the GameType declares; the standard numbering is used",
                                v.title()
                            ),
                        )),
                    }
                    sel = alt;
                }
            }
        }
        return Ok(Selected::declared(sel));
    }

    infer::infer(game, options, ctx, diags).map(|i| Selected {
        selection: i.selection,
        replayed: Some(i.replayed),
        guess: Some(i.guess),
    })
}

/// GameType numbers that an older table gave to another game than PDN 3.0 does: the 2009
/// proposal numbered Frisian 29 (today Czech's).
const LEGACY_NUMBERS: &[(u32, Variant)] = &[(29, Variant::Frisian)];

/// For a GameType whose width and height name another board than its number's variant
/// (`29,W,10,10,N2,0`: Czech by the number, 10x10 by the fields), the first variant of the
/// stated board (the game an older table gave the number, then inference's order) that replays the game without error, with the
/// GameType read for it; `None` when the numbered variant replays it without error, or none
/// of the stated board does.
fn stated_board(
    game: &Game,
    gt: &GameType,
    numbered: Variant,
    options: &ReplayOptions,
) -> Option<(Variant, crate::notation::gametype::Resolved)> {
    let (w, h) = (gt.width?, gt.height?);
    if w != h || w == numbered.board().size() as u32 {
        return None;
    }
    let boards: Vec<Board> = Board::ALL
        .into_iter()
        .filter(|b| b.size() as u32 == w)
        .collect();
    if boards.is_empty() {
        return None;
    }
    let algebraic = match gt.notation {
        Some('A') => true,
        Some('N') => false,
        _ => evidence(game).algebraic,
    };
    let clean = |v: Variant, r: &crate::notation::gametype::Resolved| {
        let layout = r.layout.unwrap_or_else(|| Layout::standard(v));
        let first = r.first_to_move.unwrap_or(v.rules().first_to_move);
        let mut scratch = Vec::new();
        let Some(start) = start_position(game, v, &layout, first, &mut scratch) else {
            return false;
        };
        let sel = Selection {
            variant: v,
            layout,
            first_to_move: first,
            start,
            declared_notation: true,
            smaller_board: None,
        };
        let out = line::replay_lines(game, &sel, options.rules, None);
        !out.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error && d.code != "G502")
    };
    if clean(numbered, &gt.resolve()) {
        return None;
    }
    // The number as an older table had it first, then the stated board's variants in
    // inference's order.
    let older = LEGACY_NUMBERS
        .iter()
        .filter(|&&(n, v)| n == gt.number && boards.contains(&v.board()))
        .map(|&(_, v)| v);
    let order: Vec<Variant> = older
        .chain(
            boards
                .iter()
                .flat_map(|&b| infer::candidates(b, algebraic).filter(move |v| v.board() == b)),
        )
        .collect();
    order
        .into_iter()
        .filter(|&v| v != numbered)
        .map(|v| {
            let r = GameType {
                number: v.gametype(),
                ..gt.clone()
            }
            .resolve();
            (v, r)
        })
        .find(|(v, r)| clean(*v, r))
}

/// Reads the FEN tag (or takes the standard start).
pub(super) fn start_position(
    game: &Game,
    variant: Variant,
    layout: &Layout,
    first: Color,
    diags: &mut Vec<Diagnostic>,
) -> Option<Position> {
    let Some(tag) = game.tags.iter().find(|t| t.name == "FEN") else {
        let mut p = Position::start(variant);
        p.set_side_to_move(first);
        return Some(p);
    };
    // Spans inside the value: the value span includes the opening quote.
    let base = tag.value_span.start + 1;
    let inner = |r: std::ops::Range<usize>| {
        if tag.value.len() + 2 == tag.value_span.len() {
            Span::new(base + r.start, base + r.end)
        } else {
            tag.value_span
        }
    };
    let raw = match RawFen::parse(&tag.value) {
        Ok(raw) => raw,
        Err(e) => {
            diags.push(
                Diagnostic::new(&G504, inner(e.span.clone()), e.message()).with_note(
                    "the moves of this game are not checked: they have no start position",
                ),
            );
            return None;
        }
    };
    for n in &raw.notes {
        diags.push(Diagnostic::new(
            &G510,
            inner(n.span.clone()),
            n.message.clone(),
        ));
    }
    let fen = match raw.resolve(layout) {
        Ok(f) => f,
        Err(e) => {
            diags.push(
                Diagnostic::new(&G504, inner(e.span.clone()), e.message())
                    .with_note(format!("read as {} ({layout})", variant.title()))
                    .with_note(
                        "the moves of this game are not checked: they have no start position",
                    ),
            );
            return None;
        }
    };
    let turn = match fen.turn {
        Some(t) => t,
        None => {
            diags.push(Diagnostic::new(
                &G511,
                inner(0..1),
                format!(
                    "the FEN does not say who moves; {} is assumed",
                    first.as_str()
                ),
            ));
            first
        }
    };
    let mut p = Position::empty(variant, turn);
    for (sq, piece) in fen.pieces {
        p.set_piece(sq, Some(piece));
    }
    if let Err(e) = p.validate() {
        diags.push(Diagnostic::new(&G512, tag.value_span, e.to_string()));
    }
    Some(p)
}

/// A replay's badness: errors first, then how early it stopped. The replay (under modern
/// rules) comes back too, so the winner need not be replayed again.
fn score(game: &Game, sel: &Selection) -> ((usize, i64), line::LinesOutcome) {
    let out = line::replay_lines(game, sel, super::RuleProfile::Modern, None);
    let errors = out
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    ((errors, -(out.plies as i64)), out)
}

/// The board the game's squares need, when it is smaller than `variant`'s.
fn smaller_board(game: &Game, variant: Variant) -> Option<Board> {
    extent(game)
        .board()
        .filter(|b| b.size() < variant.board().size())
}

/// How far a game's squares reach, and how many of them are written each way.
struct Extent {
    max_num: u32,
    max_coord: u8,
    num: usize,
    alg: usize,
    /// The FEN reaches further than the moves.
    from_fen: bool,
}

impl Extent {
    /// The smallest board the squares fit.
    fn board(&self) -> Option<Board> {
        Board::ALL.into_iter().find(|b| {
            self.max_num as usize <= b.squares() && (self.max_coord as u32) < b.size() as u32
        })
    }
}

/// The reach of a game's squares, in its moves and its FEN.
fn extent(game: &Game) -> Extent {
    let mut max_num = 0u32;
    let mut max_coord = 0u8;
    let (mut alg, mut num) = (0usize, 0usize);
    for e in &game.body {
        if let Element::Move(m) = e {
            for s in m.squares.iter() {
                match s.value {
                    SquareValue::Numeric(n) => {
                        num += 1;
                        max_num = max_num.max(n as u32);
                    }
                    SquareValue::Algebraic { file, rank } => {
                        alg += 1;
                        max_coord = max_coord.max(file).max(rank.saturating_sub(1));
                    }
                    SquareValue::File { file } => {
                        alg += 1;
                        max_coord = max_coord.max(file);
                    }
                }
            }
        }
    }
    let mut from_fen = false;
    if let Some(raw) = game
        .tags
        .iter()
        .find(|t| t.name == "FEN")
        .and_then(|t| RawFen::parse(&t.value).ok())
    {
        let (n, f, r) = raw.extent();
        from_fen = n > max_num || f.max(r) > max_coord;
        max_num = max_num.max(n);
        max_coord = max_coord.max(f).max(r);
        // The moves say how the game is written; the FEN speaks only for a game without them.
        if num + alg == 0 {
            if raw.is_numeric() {
                num += raw.items.len();
            } else {
                alg += raw.items.len();
            }
        }
    }
    Extent {
        max_num,
        max_coord,
        num,
        alg,
        from_fen,
    }
}

/// What a game's squares say: the board they need, whether they are algebraic, a sentence
/// for the guess, and whether the game names any square at all.
pub(super) struct Evidence {
    pub board: Option<Board>,
    pub algebraic: bool,
    pub why: String,
    pub any: bool,
}

/// Whether the squares of a game are read as algebraic when its variant is inferred (its moves
/// by the kind most of their squares are, else its FEN, numbered only if every square is);
/// `None` when it names none.
pub(crate) fn squares_algebraic(game: &Game) -> Option<bool> {
    let e = evidence(game);
    e.any.then_some(e.algebraic)
}

/// Which board the squares of a game need, and whether it is written algebraically.
pub(super) fn evidence(game: &Game) -> Evidence {
    let ext = extent(game);
    let board = ext.board();
    let Extent {
        max_num,
        num,
        alg,
        from_fen,
        ..
    } = ext;
    let algebraic = alg > num;
    let mut why = Vec::new();
    if let Some(b) = board {
        if max_num > 0 {
            // The board's range, not the game's highest square: games of one collection give
            // the same words, and so one guess for the file.
            why.push(format!(
                "squares within 1-{}{} fit {b}",
                b.squares(),
                if from_fen { " (in the FEN)" } else { "" }
            ));
        } else if alg > 0 {
            why.push(format!("algebraic squares fit {b}"));
        } else {
            why.push("no squares".to_string());
        }
    }
    if algebraic {
        why.push("algebraic notation".into());
    }
    Evidence {
        board,
        algebraic,
        why: why.join(", "),
        any: num + alg > 0,
    }
}
