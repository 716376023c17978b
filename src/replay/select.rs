//! Choosing the variant, the square layout and the start position of a game.

use crate::board::{Board, Color, Position};
use crate::lint::codes::replay::{G504, G506, G507, G508, G509, G510, G511, G512};
use crate::lint::{Diagnostic, Severity};
use crate::notation::{GameType, Layout, NotationKind, RawFen};
use crate::rules::Variant;
use crate::source::Span;
use crate::syntax::{Element, Game, SquareValue};

use super::{FileContext, ReplayOptions, line};

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
    /// Results are not checked against the board (Antidraughts, Breakthrough).
    pub other_win_condition: bool,
    /// A GameType tag declares the notation, so moves in the other notation are reported.
    pub declared_notation: bool,
    /// Every square of the game fits this smaller board than the variant's.
    pub smaller_board: Option<Board>,
}

/// What a lidraughts or PlayStrategy `[Variant]` tag names.
fn variant_tag(value: &str) -> Option<(Option<Variant>, bool)> {
    let v = value.trim().to_ascii_lowercase();
    Some(match v.as_str() {
        "standard" | "international" | "from position" => (Some(Variant::International), false),
        "american/english" | "english" | "american" | "checkers" | "english draughts" => {
            (Some(Variant::English), false)
        }
        "russian" => (Some(Variant::Russian), false),
        "brazilian" => (Some(Variant::Brazilian), false),
        "canadian" => (Some(Variant::Canadian), false),
        "pool" | "american pool" => (Some(Variant::Pool), false),
        "antidraughts" | "breakthrough" => (Some(Variant::International), true),
        _ => (None, false),
    })
}

/// Decides the selection, reporting what it had to decide or could not. When the decision
/// needed a replay under modern rules, that replay comes back too.
pub(super) fn select(
    game: &Game,
    options: &ReplayOptions,
    ctx: &mut FileContext,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Selection, Option<line::LinesOutcome>)> {
    let gt_tag = game.tags.iter().find(|t| t.name == "GameType");
    let mut declared: Option<(Variant, Layout, Color, bool, bool)> = None;
    if let Some(tag) = gt_tag {
        match GameType::parse(&tag.value) {
            Err(e) => diags.push(Diagnostic::new(
                &G508,
                tag.value_span,
                format!("GameType \"{}\" cannot be read: {e}", tag.value),
            )),
            Ok(gt) => {
                let r = gt.resolve();
                match (r.variant, r.layout) {
                    (Some(v), Some(l)) => {
                        if options.variant.is_none_or(|f| f == v) {
                            for (i, note) in r.notes.iter().enumerate() {
                                let mut d = Diagnostic::new(&G509, tag.value_span, note.clone());
                                // The first note of a game with another winning condition only
                                // says how it is checked.
                                if r.other_win_condition && i == 0 {
                                    d = d.with_severity(Severity::Info);
                                }
                                diags.push(d);
                            }
                        }
                        declared = Some((
                            v,
                            l,
                            r.first_to_move.unwrap_or(v.rules().first_to_move),
                            r.other_win_condition,
                            r.nonstandard_layout,
                        ));
                    }
                    _ if options.variant.is_none() => {
                        let why = r.unsupported.unwrap_or_default();
                        diags.push(Diagnostic::new(
                            &G507,
                            tag.value_span,
                            format!("{why}: the moves are not checked"),
                        ));
                        return None;
                    }
                    _ => {}
                }
            }
        }
    }
    let mut from_variant_tag = false;
    if declared.is_none() && gt_tag.is_none() {
        if let Some(tag) = game.tags.iter().find(|t| t.name == "Variant") {
            match variant_tag(&tag.value) {
                Some((Some(v), other)) => {
                    // The tag names the game only; the notation follows the moves.
                    let mut l = Layout::standard(v);
                    if evidence(game).algebraic {
                        l.kind = NotationKind::Algebraic;
                    }
                    declared = Some((v, l, v.rules().first_to_move, other, false));
                    from_variant_tag = true;
                }
                _ if options.variant.is_none() => {
                    diags.push(Diagnostic::new(
                        &G507,
                        tag.value_span,
                        format!(
                            "Variant \"{}\" is a game whose rules pdnkit does not know: the moves are not checked",
                            tag.value
                        ),
                    ));
                    return None;
                }
                _ => {}
            }
        }
    }

    if let Some(forced) = options.variant {
        let (layout, first, other) = match declared {
            Some((v, l, f, o, _)) if v == forced => (l, f, o),
            _ => (
                Layout::standard(forced),
                forced.rules().first_to_move,
                false,
            ),
        };
        let start = start_position(game, forced, &layout, first, diags)?;
        let sel = Selection {
            variant: forced,
            layout,
            first_to_move: first,
            start,
            other_win_condition: other,
            declared_notation: gt_tag.is_some() && !from_variant_tag,
            smaller_board: smaller_board(game, forced),
        };
        return Some((sel, None));
    }

    if let Some((v, layout, first, other, nonstandard)) = declared {
        let start = start_position(game, v, &layout, first, diags)?;
        let mut sel = Selection {
            variant: v,
            layout,
            first_to_move: first,
            start,
            other_win_condition: other,
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
                    diags.push(Diagnostic::new(
                        &G509,
                        gt_tag.map_or(Span::default(), |t| t.value_span),
                        format!(
                            "the moves fit the standard square numbering of {}, not the one the GameType declares; the standard numbering is used",
                            v.title()
                        ),
                    ));
                    sel = alt;
                }
            }
        }
        return Some((sel, None));
    }

    infer(game, ctx, diags)
}

/// Reads the FEN tag (or takes the standard start).
fn start_position(
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
    let out = line::replay_lines(game, sel, super::RuleProfile::Modern);
    let errors = out
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    ((errors, -(out.plies as i64)), out)
}

/// The board the game's squares need, when it is smaller than `variant`'s.
fn smaller_board(game: &Game, variant: Variant) -> Option<Board> {
    evidence(game)
        .board
        .filter(|b| b.size() < variant.board().size())
}

/// What a game's squares say: the board they need, whether they are algebraic, a sentence
/// for the guess, and whether the game names any square at all.
struct Evidence {
    board: Option<Board>,
    algebraic: bool,
    why: String,
    any: bool,
}

/// Which board the squares of a game need, and whether it is written algebraically.
fn evidence(game: &Game) -> Evidence {
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
        if raw.is_numeric() {
            num += raw.items.len();
        } else {
            alg += raw.items.len();
        }
    }
    let board = Board::ALL
        .into_iter()
        .find(|b| max_num as usize <= b.squares() && (max_coord as u32) < b.size() as u32);
    let algebraic = alg > num;
    let mut why = Vec::new();
    if let Some(b) = board {
        if max_num > 0 {
            why.push(format!(
                "squares up to {max_num}{} fit {b}",
                if from_fen { " (in the FEN)" } else { "" }
            ));
        } else if alg > 0 {
            why.push(format!("algebraic squares fit {b}"));
        } else {
            why.push(format!("no squares: {b} assumed"));
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

/// A candidate variant under inference: its selection, its score, what reading its FEN said,
/// and its replay.
type Candidate = (Selection, (usize, i64), Vec<Diagnostic>, line::LinesOutcome);

fn infer(
    game: &Game,
    ctx: &mut FileContext,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Selection, Option<line::LinesOutcome>)> {
    let Evidence {
        board,
        algebraic,
        why,
        any,
    } = evidence(game);
    let span = game
        .body
        .iter()
        .find_map(|e| match e {
            Element::Move(m) => Some(m.span),
            _ => None,
        })
        .or_else(|| game.tags.first().map(|t| t.span))
        .unwrap_or(game.span);
    let Some(board) = board else {
        diags.push(Diagnostic::new(
            &G507,
            span,
            "the squares of this game fit no board pdnkit knows (over 72 squares): the moves are not checked",
        ));
        return None;
    };
    // Candidates: the variants of the smallest board that fits first, then larger boards
    // (squares up to 32 fit 10x10 too); within a board, the likelier notation first.
    let eight = if algebraic {
        [
            Variant::Russian,
            Variant::Brazilian,
            Variant::Pool,
            Variant::English,
        ]
    } else {
        [
            Variant::English,
            Variant::Pool,
            Variant::Russian,
            Variant::Brazilian,
        ]
    };
    let mut candidates: Vec<Variant> = Vec::new();
    for b in Board::ALL {
        if b.size() < board.size() {
            continue;
        }
        match b {
            Board::B8 => candidates.extend(eight),
            Board::B10 => candidates.push(Variant::International),
            Board::B12 => candidates.push(Variant::Canadian),
        }
    }
    // The file's earlier guess comes first, so that ties keep it, when that game's squares
    // said the same about board and notation.
    let here = (board, algebraic);
    if let Some((g, seen)) = ctx.guess {
        if seen == here {
            if let Some(i) = candidates.iter().position(|&v| v == g) {
                candidates.remove(i);
                candidates.insert(0, g);
            }
        }
    }
    let mut best: Option<Candidate> = None;
    let mut tried = Vec::new();
    for v in candidates.iter().copied() {
        let mut layout = Layout::standard(v);
        if algebraic {
            layout.kind = NotationKind::Algebraic;
        }
        let first = v.rules().first_to_move;
        let mut fen_diags = Vec::new();
        let Some(start) = start_position(game, v, &layout, first, &mut fen_diags) else {
            tried.push(format!("{} (its FEN does not fit)", v.name()));
            continue;
        };
        let sel = Selection {
            variant: v,
            layout,
            first_to_move: first,
            start,
            other_win_condition: false,
            declared_notation: false,
            smaller_board: None,
        };
        let (s, out) = score(game, &sel);
        tried.push(format!("{} {} error(s)", v.name(), s.0));
        let clean = s.0 == 0;
        if best.as_ref().is_none_or(|b| s < b.1) {
            best = Some((sel, s, fen_diags, out));
        }
        // The first clean candidate wins: later ones cannot do better.
        if clean && best.as_ref().is_some_and(|b| b.0.variant == v) {
            break;
        }
    }
    let Some((sel, best_score, fen_diags, out)) = best else {
        // No candidate takes the FEN: report it as read for the first candidate.
        let v = candidates[0];
        start_position(
            game,
            v,
            &Layout::standard(v),
            v.rules().first_to_move,
            diags,
        );
        return None;
    };
    diags.extend(fen_diags);
    let changed = ctx.guess.is_some_and(|(g, _)| g != sel.variant);
    // A game without squares says nothing about the file's variant.
    if any {
        ctx.guess = Some((sel.variant, here));
    }
    let mut d = Diagnostic::new(
        &G506,
        span,
        format!(
            "no GameType tag: replayed as {} ({why})",
            sel.variant.title()
        ),
    );
    if tried.len() > 1 {
        d = d.with_note(format!("candidates tried: {}", tried.join("; ")));
    }
    if best_score.0 > 0 {
        d = d.with_note(
            "no variant pdnkit knows replays this game without errors: it may be of another \
             variant (Frisian, Italian, ...) or hold real errors",
        );
    }
    if changed {
        d = d.with_note("this differs from the variant guessed for the earlier games of the file");
    }
    d = d.with_note(format!(
        "add [GameType \"{}\"] or pass --variant {} to make it certain",
        sel.variant.gametype(),
        sel.variant.name()
    ));
    diags.push(d);
    Some((sel, Some(out)))
}
