//! Inferring the variant of a game without GameType, once per file.
//!
//! Evidence comes first, in this order (docs/variants.md, "Inferring the variant"):
//! 1. the board: the highest square of the moves and the FEN (all squares within 1-32 or
//!    a-h/1-8 make an 8x8 game, and only 8x8 variants are tried);
//! 2. the notation, numeric or algebraic (it orders the candidates);
//! 3. who moves first (a candidate whose first mover does not hold the first move's piece is
//!    dropped);
//! 4. words in the Event, Site, Variant, Opening, Annotator and Source tags ([`known`]): a
//!    variant the words name is taken without a replay contest;
//! 5. the replay: the variant that replays the game without error, the file's earlier choice
//!    first.
//!
//! The choice is kept per file for every run of games with the same evidence (board, notation,
//! tag words), and stated once, at the first game of the run. A game no candidate replays
//! without error gets one warning (G513) instead of rule errors under a guess.

use crate::board::{Board, Color, Position};
use crate::lint::codes::replay::{G506, G507, G513, G515};
use crate::lint::{Diagnostic, Severity};
use crate::notation::resolve::token_squares;
use crate::notation::{Layout, NotationKind};
use crate::rules::{Variant, VariantInfo};
use crate::source::Span;
use crate::syntax::{Element, Game};

use super::select::{Evidence, Selection, evidence, start_position};
use super::{FileContext, Guess, ReplayOptions, line};

/// A game the inference knows: the variant that replays it (`None` for a game pdnkit reads
/// but does not replay), its board, first mover, usual notation and the words that name it.
#[derive(Clone, Copy)]
pub(super) struct Known {
    /// The PDN GameType number.
    pub gametype: u32,
    /// The rules, when pdnkit replays this game.
    pub variant: Option<Variant>,
    /// Its name, for messages.
    pub title: &'static str,
    /// Its board.
    pub board: Board,
    /// Who moves first.
    pub first: Color,
    /// Its files usually write algebraic squares.
    pub algebraic: bool,
    /// Words that name it, folded to lower case without accents: one of these counts twice.
    pub strong: &'static [&'static str],
    /// Words that often but not always mean it ("dama", "damas"): one of these counts once.
    pub weak: &'static [&'static str],
    /// A replay alone may choose it (see [`VariantInfo::replay_candidate`]).
    pub replay: bool,
}

impl Known {
    const fn of(e: &VariantInfo) -> Known {
        Known {
            gametype: e.gametype,
            variant: Some(e.variant),
            title: e.title,
            board: e.rules.board,
            first: e.rules.first_to_move,
            algebraic: e.notation.algebraic,
            strong: e.strong_words,
            weak: e.weak_words,
            replay: e.replay_candidate,
        }
    }
}

/// Games whose tag words inference knows but whose rules pdnkit does not (none at present:
/// an entry names a GameType with `variant: None`).
const NOT_REPLAYED: &[Known] = &[];

/// The games inference chooses from, in order of preference when the evidence ties: the
/// variants of [`Variant::TABLE`] in its order, then the games not replayed.
pub(super) fn known() -> impl Iterator<Item = Known> {
    Variant::TABLE
        .iter()
        .map(Known::of)
        .chain(NOT_REPLAYED.iter().copied())
}

/// The tags whose words are read as evidence.
pub(super) const WORD_TAGS: &[&str] =
    &["Event", "Site", "Variant", "Opening", "Annotator", "Source"];

/// Lower case, with the accents of the Latin letters these words use taken off.
fn fold(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'Á' | 'À' | 'Â' | 'Ä' | 'Ã' => 'a',
        'é' | 'è' | 'ê' | 'ë' | 'ě' | 'É' | 'È' | 'Ê' | 'Ë' | 'Ě' => 'e',
        'í' | 'ì' | 'î' | 'ï' | 'Í' | 'Ì' | 'Î' | 'Ï' => 'i',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'Ó' | 'Ò' | 'Ô' | 'Ö' | 'Õ' => 'o',
        'ú' | 'ù' | 'û' | 'ü' | 'ů' | 'Ú' | 'Ù' | 'Û' | 'Ü' | 'Ů' => 'u',
        'ý' | 'Ý' => 'y',
        'č' | 'Č' | 'ç' | 'Ç' => 'c',
        'ř' | 'Ř' => 'r',
        'š' | 'Š' => 's',
        'ž' | 'Ž' => 'z',
        'ň' | 'Ň' | 'ñ' | 'Ñ' => 'n',
        'ť' | 'Ť' => 't',
        'ď' | 'Ď' => 'd',
        c => c.to_lowercase().next().unwrap_or(c),
    }
}

/// What the tag words say: the game they name, and where ("'Italiana' in Event").
pub(super) struct Words {
    pub known: Known,
    pub said: String,
    pub span: Span,
}

/// Whether a game of `kind` may be played on the squares of a game whose evidence is `board`:
/// its own board, and for algebraic squares within a-h/1-8 the full 8x8 board of Turkish
/// draughts too (its men move along rows and files, onto the squares the others leave empty);
/// `None` (a game without squares) fits every board.
fn fits_board(kind: Board, board: Option<Board>, algebraic: bool) -> bool {
    match board {
        None => true,
        Some(b) => kind == b || (algebraic && b == Board::B8 && kind == Board::F8),
    }
}

/// The game the tag words name among those that fit `board` (any, for `None`), when one
/// scores higher than every other; `first` is the side that makes the first move, when the
/// game shows it.
fn tag_words(
    game: &Game,
    board: Option<Board>,
    algebraic: bool,
    first: impl Fn(&Known) -> Option<Color>,
) -> Option<Words> {
    let all: Vec<Known> = known().collect();
    let mut score = vec![0u32; all.len()];
    let mut said: Vec<Option<(String, Span)>> = vec![None; all.len()];
    for tag in game
        .tags
        .iter()
        .filter(|t| WORD_TAGS.contains(&t.name.as_str()))
    {
        let folded: String = tag.value.chars().map(fold).collect();
        let mut raw_words = tag.value.split(|c: char| !c.is_alphanumeric());
        for word in folded.split(|c: char| !c.is_alphanumeric()) {
            let raw = raw_words.next().unwrap_or(word);
            if word.is_empty() {
                continue;
            }
            for (i, k) in all.iter().enumerate() {
                let w = if k.strong.contains(&word) {
                    2
                } else if k.weak.contains(&word) {
                    1
                } else {
                    continue;
                };
                score[i] += w;
                if said[i].is_none() {
                    said[i] = Some((format!("'{raw}' in {}", tag.name), tag.value_span));
                }
            }
        }
    }
    let mut best: Option<(usize, u32)> = None;
    let mut tie = false;
    for (i, k) in all.iter().enumerate() {
        if score[i] == 0
            || !fits_board(k.board, board, algebraic)
            || first(k).is_some_and(|c| c != k.first)
        {
            continue;
        }
        match best {
            Some((_, s)) if s == score[i] => tie = true,
            Some((_, s)) if s > score[i] => {}
            _ => {
                best = Some((i, score[i]));
                tie = false;
            }
        }
    }
    let (i, _) = best.filter(|_| !tie)?;
    let (said, span) = said[i].take()?;
    Some(Words {
        known: all[i],
        said,
        span,
    })
}

/// The colour of the piece the first move of the main line starts from, in the standard start
/// of `variant` with `layout` (no FEN).
fn first_mover(game: &Game, variant: Variant, layout: &Layout) -> Option<Color> {
    if game.tags.iter().any(|t| t.name == "FEN") {
        return None;
    }
    let m = game.body.iter().find_map(|e| match e {
        Element::Move(m) => Some(m),
        _ => None,
    })?;
    let from = *token_squares(m, layout).ok()?.first()?;
    Position::start(variant).piece_at(from).map(|p| p.color)
}

/// The layout inference uses for `variant`: its standard one, in the game's notation.
fn layout_for(variant: Variant, algebraic: bool) -> Layout {
    let mut layout = Layout::standard(variant);
    if algebraic {
        layout.kind = NotationKind::Algebraic;
    }
    layout
}

/// The evidence key of a run of games: board, notation, and the game the tag words name.
pub(super) type Key = (Board, bool, Option<u32>);

/// The variant chosen for a run of games of a file with the same evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Run {
    key: Key,
    /// The variant the run's games are read as.
    variant: Variant,
    /// The variants that replayed every game of the run so far without error.
    fits: Vec<Variant>,
}

/// One candidate's replay of a game.
struct Tried {
    sel: Selection,
    errors: usize,
    plies: u32,
    out: line::LinesOutcome,
    fen_diags: Vec<Diagnostic>,
}

impl Tried {
    fn clean(&self) -> bool {
        self.errors == 0
    }
}

/// Rule errors of a replay: the errors that depend on the variant (a Result tag that
/// disagrees with the terminator does not).
fn rule_errors(out: &line::LinesOutcome) -> usize {
    out.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && d.code != "G502")
        .count()
}

fn try_variant(game: &Game, v: Variant, algebraic: bool, options: &ReplayOptions) -> Option<Tried> {
    let layout = layout_for(v, algebraic);
    let first = v.rules().first_to_move;
    let mut fen_diags = Vec::new();
    let start = start_position(game, v, &layout, first, &mut fen_diags)?;
    let sel = Selection {
        variant: v,
        layout,
        first_to_move: first,
        start,
        declared_notation: false,
        smaller_board: None,
    };
    let out = line::replay_lines(game, &sel, options.rules, None);
    Some(Tried {
        errors: rule_errors(&out),
        plies: out.plies,
        sel,
        out,
        fen_diags,
    })
}

/// Where a game's guess is stated: its first move, else its first tag.
pub(super) fn anchor(game: &Game) -> Span {
    game.body
        .iter()
        .find_map(|e| match e {
            Element::Move(m) => Some(m.span),
            _ => None,
        })
        .or_else(|| game.tags.first().map(|t| t.span))
        .unwrap_or(game.span)
}

fn capitalised(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The variants the replay tries for a game on `board`: those whose files usually write
/// squares as the game does first, then the others, in the order of the table (Turkish, on
/// the full board, last of the algebraic 8x8 ones).
pub(super) fn candidates(board: Board, algebraic: bool) -> impl Iterator<Item = Variant> {
    [true, false].into_iter().flat_map(move |usual| {
        known().filter_map(move |k| {
            k.variant.filter(|_| {
                k.replay
                    && fits_board(k.board, Some(board), algebraic)
                    && (k.algebraic == algebraic) == usual
            })
        })
    })
}

/// What inference decided for a game it replays: the selection, the replay already made with
/// it, and the guess behind it. `None` when the game is not replayed (the diagnostics say why).
pub(super) type Inferred = Option<(Selection, line::LinesOutcome, Guess)>;

/// Infers the variant of a game without GameType (see the module documentation).
pub(super) fn infer(
    game: &Game,
    options: &ReplayOptions,
    ctx: &mut FileContext,
    diags: &mut Vec<Diagnostic>,
) -> Inferred {
    let Evidence {
        board,
        algebraic,
        why,
        any,
    } = evidence(game);
    let span = anchor(game);
    let Some(board) = board else {
        diags.push(Diagnostic::new(
            &G507,
            span,
            "the squares of this game fit no board pdnkit knows (over 72 squares): the moves are not checked",
        ));
        return None;
    };
    let mut reasons = vec![why];
    if !algebraic && any {
        reasons.push("numeric notation".into());
    }

    // Tag words, among the games of this board whose first mover fits the first move (of any
    // board, for a game without squares).
    let words = tag_words(game, any.then_some(board), algebraic, |k| {
        k.variant
            .and_then(|v| first_mover(game, v, &layout_for(v, algebraic)))
    });
    if let Some(w) = &words {
        let Some(v) = w.known.variant else {
            diags.push(
                Diagnostic::new(
                    &G507,
                    w.span,
                    format!(
                        "no GameType, and {} names {}, whose rules pdnkit does not know: the moves are not checked",
                        w.said, w.known.title
                    ),
                )
                .with_note(format!(
                    "add [GameType \"{}\"] to say so, or pass --variant to replay the games under another variant's rules",
                    w.known.gametype
                )),
            );
            return None;
        };
        let key = (board, algebraic, Some(w.known.gametype));
        let Some(t) = try_variant(game, v, algebraic, options) else {
            // The FEN does not fit the board the words name: report it as read for it.
            start_position(
                game,
                v,
                &layout_for(v, algebraic),
                v.rules().first_to_move,
                diags,
            );
            return None;
        };
        diags.extend(t.fen_diags);
        if first_mover(game, v, &t.sel.layout).is_some() {
            reasons.push(format!("{} first", capitalised(v.rules().first_to_move)));
        }
        reasons.push(w.said.clone());
        let evidence = reasons.join(", ");
        // A game without squares says nothing about the file's variant.
        if any {
            ctx.establish(v);
            if !ctx.runs.iter().any(|r| r.key == key) {
                ctx.runs.push(Run {
                    key,
                    variant: v,
                    fits: vec![v],
                });
                diags.push(statement(span, v, &evidence, &[]));
            }
        }
        return Some((
            t.sel,
            t.out,
            Guess {
                variant: v,
                evidence,
                firm: true,
                also: Vec::new(),
            },
        ));
    }

    // A game without squares (no moves, no FEN: a forfeit, a game not played) replays under
    // every variant alike: only the file's other games say what it is. (A FEN without squares
    // is read as before: the FEN is checked, and an empty one is reported.)
    if !any && !game.tags.iter().any(|t| t.name == "FEN") {
        return without_squares(game, options, ctx, diags, span);
    }

    // The replay decides among the variants of this board.
    let key: Key = (board, algebraic, None);
    let run = ctx.runs.iter().position(|r| r.key == key);
    let mut order: Vec<Variant> = Vec::new();
    if let Some(r) = run.map(|i| &ctx.runs[i]) {
        order.push(r.variant);
        order.extend(r.fits.iter().copied());
    }
    order.extend(candidates(board, algebraic));
    let mut seen = Vec::new();
    order.retain(|v| {
        let new = !seen.contains(v);
        seen.push(*v);
        new
    });
    // With a run under way, its variant and the others that fit it so far come first; when one
    // of them replays the game, the rest need not be tried.
    // A game without moves (a FEN and a result) tells the candidates apart by its FEN only:
    // the run's variant is tried alone, and the run learns nothing from it.
    let has_moves = game.body.iter().any(|e| matches!(e, Element::Move(_)));
    let first_pass = run.map_or(0, |i| {
        let r = &ctx.runs[i];
        if has_moves {
            1 + r.fits.iter().filter(|&&v| v != r.variant).count()
        } else {
            1
        }
    });
    let mut tried: Vec<Tried> = Vec::new();
    let mut unfit_fen = Vec::new();
    for (n, v) in order.into_iter().enumerate() {
        if n == first_pass && run.is_some() && tried.iter().any(Tried::clean) {
            break;
        }
        match try_variant(game, v, algebraic, options) {
            Some(t) => tried.push(t),
            None => unfit_fen.push(v),
        }
    }
    // Squares that fit a small board fit the larger ones too (a short International game may
    // never leave squares 1-32): when no variant of the small board replays the game, those of
    // the next larger board that one does are tried.
    let mut larger: Option<Board> = None;
    if any && !tried.iter().any(Tried::clean) {
        let bigger = Board::ALL
            .into_iter()
            .filter(|b| b.size() > board.size() && b.is_full() == board.is_full());
        for b in bigger {
            let more: Vec<Tried> = candidates(b, algebraic)
                .filter_map(|v| try_variant(game, v, algebraic, options))
                .collect();
            if more.iter().any(Tried::clean) {
                larger = Some(b);
                tried.extend(more);
                break;
            }
        }
    }
    if let Some(b) = larger {
        reasons.push(format!(
            "no {board} variant replays it, and the squares fit {b} too"
        ));
    }
    if tried.is_empty() {
        // No candidate takes the FEN: report it as read for the first.
        if let Some(&v) = unfit_fen.first() {
            start_position(
                game,
                v,
                &layout_for(v, algebraic),
                v.rules().first_to_move,
                diags,
            );
        }
        return None;
    }
    let summary: Vec<String> = tried
        .iter()
        .map(|t| {
            format!(
                "{} {}",
                t.sel.variant.title(),
                match t.errors {
                    0 => "replays without error".to_string(),
                    1 => "1 error".to_string(),
                    n => format!("{n} errors"),
                }
            )
        })
        .chain(
            unfit_fen
                .iter()
                .map(|v| format!("{} (the FEN does not fit)", v.title())),
        )
        .collect();
    let clean: Vec<Variant> = tried
        .iter()
        .filter(|t| t.clean())
        .map(|t| t.sel.variant)
        .collect();

    // The variant to read this game as, and what to say about it.
    let mut said: Option<Diagnostic> = None;
    let chosen = match run {
        Some(i) => {
            let r = &mut ctx.runs[i];
            let before = r.variant;
            if has_moves {
                r.fits.retain(|v| clean.contains(v));
            }
            if clean.contains(&before) {
                Some(before)
            } else if let Some(&next) = r.fits.iter().find(|v| clean.contains(v)) {
                r.variant = next;
                said = Some(
                    Diagnostic::new(
                        &G506,
                        span,
                        format!(
                            "no GameType: from this game on, the file's games with this evidence are read as {}",
                            next.title()
                        ),
                    )
                    .with_note(format!(
                        "{} does not replay this game without error; {} replays it and every earlier game of the run",
                        before.title(),
                        next.title()
                    )),
                );
                Some(next)
            } else if let Some(&v) = clean.first() {
                said = Some(
                    Diagnostic::new(
                        &G506,
                        span,
                        format!(
                            "no GameType: this game is read as {}, unlike the file's other games with the same evidence ({})",
                            v.title(),
                            before.title()
                        ),
                    )
                    .with_note(format!(
                        "{} does not replay this game without error; {} does",
                        before.title(),
                        v.title()
                    )),
                );
                Some(v)
            } else {
                None
            }
        }
        None => {
            let v = clean.first().copied();
            if let Some(v) = v {
                // A game without squares says nothing about the file's variant, and one read
                // on a larger board than its squares need says little about the others.
                if any && larger.is_none() {
                    ctx.runs.push(Run {
                        key,
                        variant: v,
                        fits: clean.clone(),
                    });
                }
            }
            v
        }
    };

    let Some(v) = chosen else {
        // Nothing replays the game without error: one warning, no rule errors under a guess.
        let prefer = run.map(|i| ctx.runs[i].variant);
        // Turkish draughts, tried on squares that fit the dark squares of 8x8 too, is the
        // closest only when it replays at least one move: it fails at once on diagonal moves.
        let closest = tried.iter().min_by_key(|t| {
            (
                t.sel.variant.board() != board && t.plies == 0,
                t.errors,
                std::cmp::Reverse(t.plies),
                Some(t.sel.variant) != prefer,
            )
        })?;
        let first = closest
            .out
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error && d.code != "G502")
            .min_by_key(|d| {
                (
                    d.context.as_ref().map_or(0, |c| c.variation_depth),
                    d.span.start,
                )
            });
        let (at, failure) = match first {
            Some(d) => {
                let at = match &d.context {
                    Some(c) if c.variation_depth == 0 => {
                        format!(", first failure at ply {}", c.ply)
                    }
                    Some(_) => ", first failure in a variation".to_string(),
                    None => ", first failure".to_string(),
                };
                (d.span, format!("{at}: {} [{}]", d.message, d.code))
            }
            None => (span, String::new()),
        };
        let mut d = Diagnostic::new(
            &G513,
            at,
            format!(
                "no GameType, and no variant pdnkit knows replays this game without error; closest: {}{failure}",
                closest.sel.variant.title()
            ),
        )
        .with_note(format!("evidence: {}", reasons.join(", ")))
        .with_note(format!("candidates tried: {}", summary.join("; ")))
        .with_note(format!(
            "the moves are not checked under a guess: add a GameType tag, or pass --variant {} (or another variant) to check them under its rules",
            closest.sel.variant.name()
        ));
        if at != span {
            d = d.with_label(span, "the game's first move");
        }
        diags.push(d);
        // A Result tag that disagrees with the terminator does so in every variant.
        diags.extend(
            tried
                .into_iter()
                .flat_map(|t| t.out.diagnostics)
                .filter(|d| d.code == "G502")
                .take(1),
        );
        return None;
    };
    let i = tried.iter().position(|t| t.sel.variant == v)?;
    let t = tried.swap_remove(i);
    diags.extend(t.fen_diags);
    if first_mover(game, v, &t.sel.layout).is_some() {
        reasons.push(format!("{} first", capitalised(v.rules().first_to_move)));
    }
    let others: Vec<&str> = clean
        .iter()
        .filter(|&&c| c != v)
        .map(|c| c.title())
        .collect();
    // The variants the evidence has not ruled out: those that replay this game, and those that
    // replayed every game of its run (a game without moves is tried under the run's variant
    // alone, and tells the others apart from it no better).
    let mut also: Vec<Variant> = clean.iter().copied().filter(|&c| c != v).collect();
    if let Some(r) = ctx.runs.iter().find(|r| r.key == key) {
        for &f in &r.fits {
            if f != v && !also.contains(&f) {
                also.push(f);
            }
        }
    }
    reasons.push(if others.is_empty() {
        "the only variant that replays it without error".to_string()
    } else {
        format!(
            "it comes first of the variants that replay it without error (also: {})",
            others.join(", ")
        )
    });
    let evidence = reasons.join(", ");
    ctx.establish(v);
    match said {
        Some(d) => diags.push(d.with_note(format!("evidence: {evidence}"))),
        None if run.is_none() && any => diags.push(statement(span, v, &evidence, &summary)),
        None => {}
    }
    Some((
        t.sel,
        t.out,
        Guess {
            variant: v,
            evidence,
            firm: false,
            also,
        },
    ))
}

/// A game without squares and without tag words that name its game: read as the variant the
/// file's games established so far, when they established one; else not replayed (G515),
/// since every variant replays it alike and a choice would be a guess on no evidence (and
/// would decide who won: `1-0` credits Black where Black moves first).
fn without_squares(
    game: &Game,
    options: &ReplayOptions,
    ctx: &mut FileContext,
    diags: &mut Vec<Diagnostic>,
    span: Span,
) -> Inferred {
    if let [v] = ctx.established[..] {
        if let Some(t) = try_variant(game, v, v.info().notation.algebraic, options) {
            diags.extend(t.fen_diags);
            // The variants the file's runs of this variant have not ruled out.
            let mut also: Vec<Variant> = Vec::new();
            for r in ctx.runs.iter().filter(|r| r.variant == v) {
                for &f in &r.fits {
                    if f != v && !also.contains(&f) {
                        also.push(f);
                    }
                }
            }
            return Some((
                t.sel,
                t.out,
                Guess {
                    variant: v,
                    evidence: format!("no squares, and the file's games so far are {}", v.title()),
                    firm: false,
                    also,
                },
            ));
        }
    }
    let mut d = Diagnostic::new(
        &G515,
        span,
        "no GameType, and no moves or FEN: nothing shows which game this is, and it is not replayed",
    );
    d = match &ctx.established[..] {
        [] => d.with_note(
            "no earlier game of the file shows a variant either; its result is not read under any variant's scoring",
        ),
        several => d.with_note(format!(
            "the file's earlier games are of several variants ({})",
            several
                .iter()
                .map(|v| v.title())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    };
    diags.push(d.with_note("add a GameType tag, or pass --variant, to read it as one"));
    // A Result tag that disagrees with the terminator does so in every variant.
    if let Some(t) = try_variant(game, Variant::ALL[0], false, options) {
        diags.extend(t.out.diagnostics.into_iter().filter(|d| d.code == "G502"));
    }
    None
}

/// The one statement of a run's guess, at its first game.
fn statement(span: Span, v: Variant, evidence: &str, summary: &[String]) -> Diagnostic {
    let mut d = Diagnostic::new(
        &G506,
        span,
        format!("no GameType: read as {} (from: {evidence})", v.title()),
    )
    .with_note(
        "said once: the later games of this file with the same evidence are read the same way",
    );
    if summary.len() > 1 {
        d = d.with_note(format!("candidates tried: {}", summary.join("; ")));
    }
    d.with_note(format!(
        "add [GameType \"{}\"] or pass --variant {} to make it certain",
        v.gametype(),
        v.name()
    ))
}
