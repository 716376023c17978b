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
use crate::syntax::{Element, Game, SeparatorKind, Tag};

use super::{Evidence, Inferred, Key, Selection, evidence, start_position};
use crate::replay::{Ask, FileContext, Form, Guess, ReplayOptions, Rewrites, line};

/// A game the inference knows: the variant that replays it (`None` for a game pdnkit reads
/// but does not replay), its board, first mover, usual notation and the words that name it.
#[derive(Clone, Copy)]
pub(in crate::replay) struct Known {
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
pub(in crate::replay) fn known() -> impl Iterator<Item = Known> {
    Variant::TABLE
        .iter()
        .map(Known::of)
        .chain(NOT_REPLAYED.iter().copied())
}

/// The tags whose words are read as evidence.
pub(in crate::replay) const WORD_TAGS: &[&str] =
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
pub(in crate::replay) struct Words {
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

/// The game the tag words name among those that fit `board` (any, for `None`) and that `fits`
/// keeps (most often [`first_fits`]), when one scores higher than every other.
fn tag_words(
    game: &Game,
    board: Option<Board>,
    algebraic: bool,
    fits: impl Fn(&Known) -> bool,
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
        if score[i] == 0 || !fits_board(k.board, board, algebraic) || !fits(k) {
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

/// Whether the side that makes the game's first move, where the game shows it (its squares
/// placed as `known`'s variant numbers them in the game's notation), is the side that moves
/// first in `known`.
fn first_fits(game: &Game, known: &Known, algebraic: bool) -> bool {
    known
        .variant
        .and_then(|v| first_mover(game, v, &layout_for(v, algebraic)))
        .is_none_or(|c| c == known.first)
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
    layout.kind = if algebraic {
        NotationKind::Algebraic
    } else {
        NotationKind::Numeric
    };
    layout
}

/// A game fails early under a candidate when the candidate rejects its start position or its
/// first half-move (the first `EARLY_PLIES`): what a game of another numbering, first mover or
/// start does.
pub const EARLY_PLIES: u32 = 1;

/// At most this many games of one run are weighed: enough to outweigh any one game's error.
pub const SAMPLE_GAMES: usize = 256;

/// What the file decided for a run of games with the same evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::replay) enum Decision {
    /// The run's games are read as this variant; `also` replayed the weighed games as far.
    Variant {
        variant: Variant,
        also: Vec<Variant>,
    },
    /// The candidate that replays furthest still fails early in most of the weighed games:
    /// the variant is not known, and the games are not checked.
    Unknown { closest: Variant },
}

/// The variant chosen for a run of games of a file with the same evidence, once, from the
/// run's games weighed together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::replay) struct Run {
    key: Key,
    decision: Decision,
    /// The evidence, in words: the board, the notation and the replay's verdict.
    evidence: String,
    /// How far each candidate replayed the weighed games, for the statement.
    summary: String,
    /// The decision was stated at the run's first game.
    stated: bool,
    /// The file's other runs as they were decided when this one was: it is weighed again
    /// when they change ([`Survey::finish`]).
    seen: Vec<(Key, Decision)>,
    /// No candidate replays the run's games, and the variant was taken from the file's other
    /// games: it says nothing of them ([`Run::shows`]).
    fallback: bool,
    /// Its games get a GameType so that the file's other runs read as they did
    /// ([`Rewrites`]).
    upholds: Rewrites,
    /// Decided past the file's start, by its first game (a key first met there, or a game
    /// whose GameType cannot be read): not weighed with the others, it leaves them as settled
    /// as they were ([`others_open`]).
    later: bool,
}

impl Run {
    /// A run whose variant its tags decide (a GameType, words naming the game), stated already:
    /// `v` alone, with `evidence` in words.
    fn named(key: Key, v: Variant, evidence: String) -> Run {
        Run {
            key,
            decision: Decision::Variant {
                variant: v,
                also: Vec::new(),
            },
            evidence,
            summary: String::new(),
            stated: true,
            seen: Vec::new(),
            fallback: false,
            upholds: Rewrites::default(),
            later: false,
        }
    }

    /// The keys of the games this run is evidence of, for the file's other runs: its own (but
    /// for a run named by tag words, read apart), and, when it is read as a variant whose own
    /// records are on another board or in the other notation, that variant's, as its games
    /// written with the GameType `convert` gives them show ([`declared_key`]).
    fn shows(&self) -> impl Iterator<Item = Key> {
        let apart = self.key.named.is_some();
        let own = match self.decision {
            Decision::Variant { variant, .. } => Some(own_key(variant)),
            Decision::Unknown { .. } => None,
        };
        let apart = apart || self.fallback;
        let own = own.filter(|&k| k != self.key && !apart);
        (!apart).then_some(self.key).into_iter().chain(own)
    }
}

/// How far one candidate replays a run's weighed games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Reach {
    /// Steps replayed before each game's first failure, summed: the start position (the FEN,
    /// or the standard start) is one step, each half-move of the main line one more.
    steps: u64,
    /// Games that fail early ([`EARLY_PLIES`]).
    early: usize,
}

/// Where the replay of `game` under `v` gets: the steps before its first failure, and whether
/// it failed early. Builds no diagnostic.
fn reach_of(game: &Game, v: Variant, algebraic: bool, options: &ReplayOptions) -> (u64, bool) {
    let layout = layout_for(v, algebraic);
    let first = v.rules().first_to_move;
    let mut fen = Vec::new();
    let Some(start) = start_position(game, v, &layout, first, &mut fen) else {
        return (0, true);
    };
    if fen.iter().any(|d| d.severity == Severity::Error) {
        return (0, true);
    }
    let sel = Selection {
        variant: v,
        layout,
        first_to_move: first,
        start,
        declared_notation: false,
        smaller_board: None,
    };
    let p = line::probe_main_line(game, &sel, options.rules);
    (1 + u64::from(p.plies), p.failed && p.plies < EARLY_PLIES)
}

/// The games of a file weighed for one evidence key.
struct Sample {
    key: Key,
    /// The board and notation in words ("squares within 1-50 fit 10x10, numeric notation").
    why: String,
    games: Vec<Game>,
    /// Where each game comes in the file (its rank among the games weighed or declaring).
    at: Vec<usize>,
    /// Each game is written again with no GameType written for it
    /// ([`crate::replay::takes_no_gametype`]): as the text was, and in canonical form.
    keeps_none: Vec<[bool; 2]>,
    /// Each game numbers its FEN and letters its moves, with no syntax error
    /// ([`crate::replay::AsWritten::syntax_error`]; one with is written as it was): written in
    /// letters, its FEN is renamed and it gets a GameType whatever its run.
    fen_renamed: Vec<bool>,
    /// How far each candidate replays each game, once asked: a run weighed again, or weighed
    /// as the file would be read with other GameTypes, replays nothing twice.
    reaches: std::cell::RefCell<Reaches>,
}

/// How far candidates replay the games of one run ([`reach_of`]), by game and variant.
#[derive(Default)]
pub(in crate::replay) struct Reaches(std::collections::HashMap<(usize, Variant), (u64, bool)>);

impl Reaches {
    fn get(
        &mut self,
        i: usize,
        game: &Game,
        v: Variant,
        algebraic: bool,
        options: &ReplayOptions,
    ) -> (u64, bool) {
        *self
            .0
            .entry((i, v))
            .or_insert_with(|| reach_of(game, v, algebraic, options))
    }
}

/// Decides the variant of each run of untagged games of a file from the games themselves,
/// weighed together (see [`Survey::add`] and [`Survey::finish`]).
pub struct Survey<'o> {
    options: &'o ReplayOptions,
    samples: Vec<Sample>,
    /// The keys the file's games with a GameType show, each with the variant it names
    /// ([`declared_key`]), and where the first game that declares it comes.
    declared: Vec<(Key, Variant)>,
    declared_at: Vec<usize>,
    /// The games handed so far.
    seen: usize,
}

impl<'o> Survey<'o> {
    /// A survey that has weighed no game yet.
    pub fn new(options: &'o ReplayOptions) -> Self {
        Survey {
            options,
            samples: Vec::new(),
            declared: Vec::new(),
            declared_at: Vec::new(),
            seen: 0,
        }
    }

    /// Whether a game with these tags may be weighed: it has no GameType and no `[Variant]`
    /// tag. (Its squares, and so its run, are known only with its moves.)
    pub fn wants(tags: &[Tag]) -> bool {
        !tags
            .iter()
            .any(|t| t.name == "GameType" || t.name == "Variant")
    }

    /// Weighs `game` if it is one inference decides by the replay: no GameType or `[Variant]`
    /// tag, squares that fit a board, and no tag words that name its game. Of a game with a
    /// GameType, notes the key and variant it declares ([`declared_key`]).
    ///
    /// `how`: what decides how the game is written again. Weighing the file as it would be
    /// read with the GameTypes written ([`Rewrites`]), a game for which no GameType can be
    /// written keeps none ([`crate::replay::takes_no_gametype`]).
    pub fn add(&mut self, game: Game, how: crate::replay::AsWritten) {
        let at = self.seen;
        self.seen += 1;
        if !Survey::wants(&game.tags) {
            if let Some(declared) = declared_key(&game) {
                if !self.declared.contains(&declared) {
                    self.declared.push(declared);
                    self.declared_at.push(at);
                }
            }
            return;
        }
        let Some((key, why)) = replay_key(&game) else {
            return;
        };
        let fen_renamed = !how.syntax_error && numbered_fen_lettered_moves(&game);
        match self.samples.iter_mut().find(|s| s.key == key) {
            Some(s) if s.games.len() >= SAMPLE_GAMES => {}
            Some(s) => {
                s.games.push(game);
                s.at.push(at);
                s.keeps_none.push(how.takes_none);
                s.fen_renamed.push(fen_renamed);
            }
            None => self.samples.push(Sample {
                key,
                why,
                games: vec![game],
                at: vec![at],
                keeps_none: vec![how.takes_none],
                fen_renamed: vec![fen_renamed],
                reaches: Default::default(),
            }),
        }
    }

    /// Decides every run the games weighed show, into `ctx`: the runs of larger boards first,
    /// so that a run of the same notation on a smaller board can be read as the file's board.
    /// Then, for each way of writing the file again, which runs get a GameType so that the
    /// others read as they did ([`Rewrites`], [`upheld`]).
    pub fn finish(mut self, ctx: &mut FileContext) {
        ctx.declared.clone_from(&self.declared);
        self.samples
            .sort_by_key(|s| std::cmp::Reverse(s.key.board.size()));
        let samples: Vec<&Sample> = self.samples.iter().collect();
        let before = std::mem::take(&mut ctx.runs);
        let mut runs = settle(self.options, &self.declared, &samples, before.clone());
        let declared: Vec<(usize, (Key, Variant))> = self
            .declared_at
            .iter()
            .copied()
            .zip(self.declared.iter().copied())
            .collect();
        let file = File {
            options: self.options,
            declared: &declared,
            samples: &samples,
            before: &before,
        };
        // Canonical form is weighed apart only where a game of the start takes a GameType in
        // one form and none in the other (after an open game, `replay::WrittenAgain`).
        let canonical_alike = samples
            .iter()
            .all(|s| s.keeps_none.iter().all(|n| n[0] == n[1]));
        let mut asked: Vec<(Form, Vec<(Key, Ask)>)> = Vec::with_capacity(Form::ALL.len());
        for form in Form::ALL {
            // Written all in the notation every run already has, the file is written as each
            // game in its own: weighed alike.
            let renames = form.notation.is_some_and(|n| {
                samples
                    .iter()
                    .any(|s| s.key.algebraic != (n == NotationKind::Algebraic))
            });
            let alike = |f: &Form| {
                (f.notation == form.notation || (f.notation.is_none() && !renames))
                    && (f.canonical == form.canonical || canonical_alike)
            };
            let asks = match asked.iter().find(|(f, _)| alike(f)) {
                Some((_, asks)) => asks.clone(),
                None => upheld(&file, &runs, form),
            };
            for &(key, ask) in &asks {
                if let Some(r) = runs.iter_mut().find(|r| r.key == key) {
                    r.upholds.set(form, ask);
                }
            }
            asked.push((form, asks));
        }
        // A run written as it was in one notation is written as it was in the other too: in
        // its own, written again, its text would change (a move's separator, a FEN's order),
        // and the file read otherwise would weigh it otherwise.
        for r in &mut runs {
            for canonical in [false, true] {
                let both = [NotationKind::Numeric, NotationKind::Algebraic].map(|n| Form {
                    notation: Some(n),
                    canonical,
                });
                if both.iter().any(|&f| r.upholds.keeps(f)) {
                    for f in both {
                        r.upholds.set(f, Ask::Keeps);
                    }
                }
            }
        }
        ctx.runs = runs;
    }
}

/// The file's start as the survey weighed it.
struct File<'a> {
    options: &'a ReplayOptions,
    /// The keys the games with a GameType declare, each with where the first comes.
    declared: &'a [(usize, (Key, Variant))],
    /// The runs of games without one, larger boards first.
    samples: &'a [&'a Sample],
    /// The runs decided before (named by tag words).
    before: &'a [Run],
}

/// Decides every run of `samples` (larger boards first) after `runs`, the file's games with a
/// GameType declaring `declared`.
fn settle(
    options: &ReplayOptions,
    declared: &[(Key, Variant)],
    samples: &[&Sample],
    mut runs: Vec<Run>,
) -> Vec<Run> {
    // A key that only games with a GameType show is decided by their tags (when they name
    // one variant): evidence, for the runs decided after it, of the file's board and of
    // its other games, as a run of games without one read as that variant is. So a
    // GameType written for a run's games as they were read leaves the file's other runs
    // read as they were.
    for &(key, v) in declared {
        if one_declared(declared, key) == Some(v)
            && !samples.iter().any(|s| s.key == key)
            && !runs.iter().any(|r| r.key == key)
        {
            runs.push(Run::named(key, v, String::new()));
        }
    }
    let weigh = |s: &Sample, runs: &[Run]| {
        let presumed = presumption(declared, runs, s.key);
        decide(
            s.key,
            &s.why,
            &s.games,
            options,
            runs,
            presumed,
            &mut s.reaches.borrow_mut(),
        )
    };
    for s in samples {
        if runs.iter().any(|r| r.key == s.key) {
            continue;
        }
        let run = weigh(s, &runs);
        runs.push(run);
    }
    // Each run is weighed again against the file's other runs as they are decided now,
    // until none changes: a run decided before them did not see them, and the same games
    // written with the GameType `convert` gives them would show them from the start
    // (a run no variant of its boards replays takes the file's other games' variant; a
    // run in a variant's own notation is presumed to be the variant another run is read
    // as in the other notation). At most as many passes as the file has runs; a file with
    // one run is weighed once.
    for _ in 0..samples.len() {
        let mut changed = false;
        for s in samples {
            let Some(i) = runs.iter().position(|r| r.key == s.key) else {
                continue;
            };
            if runs[i].seen == seen(&runs, s.key) {
                continue;
            }
            let run = weigh(s, &runs);
            changed |= run.decision != runs[i].decision;
            runs[i] = run;
        }
        if !changed {
            break;
        }
    }
    runs
}

/// What writing the file's start in `form` (its notation `None`: each game in its own) asks of
/// its runs, as [`Rewrites`] says: each key with `true` where its games get a GameType they would
/// not get otherwise, `false` where a settled run gets none. The runs read as a variant that
/// the evidence left alone (and that leave no other run of their notation open), and in
/// another notation every run renamed into it, get their GameType; the file is weighed again
/// as it would then read, those games declaring their variant and their games written with
/// none (starting where the text before ends) weighed as runs of their own. A run that would
/// read otherwise (as another variant, or settled where it was open) gets its GameType too; a
/// settled run whose games written with none would read otherwise gets none, unless it would
/// then read otherwise itself; until nothing changes (each run is turned at most once each
/// way). A run whose variant is unknown gets no GameType: where it would read otherwise and no
/// run is renamed, the settled runs get none; where runs are renamed, they are written wholly
/// as they were, in their own notation and with no GameType added (`Ask::Keeps`), and the
/// file is weighed again. Last, as the file written so is weighed when it is read again (its
/// settled and renamed runs tagged first), a run withheld its GameType or kept whole gets it
/// back where, with the GameTypes given since, no run reads otherwise with it.
fn upheld(file: &File<'_>, runs: &[Run], form: Form) -> Vec<(Key, Ask)> {
    let plan = form.notation;
    let state = |runs: &[Run], key: Key| {
        runs.iter()
            .find(|r| r.key == key)
            .map(|r| match &r.decision {
                Decision::Variant { variant, also } => {
                    (Some(*variant), also.is_empty() && !others_open(runs, key))
                }
                Decision::Unknown { .. } => (None, false),
            })
    };
    let variant = |key: Key| state(runs, key).and_then(|(v, _)| v);
    // Runs written wholly as they were, renamed into no notation.
    let mut whole: Vec<Key> = Vec::new();
    let renames = |k: Key| plan.is_some_and(|n| (n == NotationKind::Algebraic) != k.algebraic);
    let renamed = |k: Key, whole: &[Key]| renames(k) && !whole.contains(&k);
    let settled: Vec<Key> = file
        .samples
        .iter()
        .map(|s| s.key)
        .filter(|&k| matches!(state(runs, k), Some((Some(_), true))))
        .collect();
    let mut tagged: Vec<Key> = file
        .samples
        .iter()
        .map(|s| s.key)
        .filter(|&k| variant(k).is_some() && (settled.contains(&k) || renames(k)))
        .collect();
    // Runs given a GameType for the others' sake; runs withheld one, now and ever.
    let mut added: Vec<Key> = Vec::new();
    let mut withheld: Vec<Key> = Vec::new();
    let mut ever_withheld: Vec<Key> = Vec::new();
    // The file's start written with the GameTypes of the `tagged` runs (but those written wholly
    // as they were): the runs its games written with none make, larger boards first, and how
    // it then reads; `None` where no game gets a GameType, or every game.
    let read_as_written = |tagged: &[Key], whole: &[Key]| -> Option<(Vec<Key>, Vec<Run>)> {
        // Which games get a GameType: those of the tagged runs but the ones written as they
        // were, and, written in letters, a game whose FEN is numbered before lettered moves
        // (its FEN is written in letters, and renamed squares get their GameType) where it is
        // replayed (a FEN that does not fit the run's variant leaves the game as it was).
        let tags: Vec<Vec<bool>> = file
            .samples
            .iter()
            .map(|s| {
                let v = variant(s.key).filter(|_| !whole.contains(&s.key));
                let run = v.is_some() && tagged.contains(&s.key);
                let letters = plan.map_or(s.key.algebraic, |n| n == NotationKind::Algebraic);
                let replayed = |g: &Game| {
                    v.is_some_and(|v| {
                        let layout = layout_for(v, s.key.algebraic);
                        let first = v.rules().first_to_move;
                        start_position(g, v, &layout, first, &mut Vec::new()).is_some()
                    })
                };
                s.keeps_none
                    .iter()
                    .zip(&s.fen_renamed)
                    .zip(&s.games)
                    .map(|((none, &fen), g)| {
                        !none[usize::from(form.canonical)]
                            && (run || (letters && fen && replayed(g)))
                    })
                    .collect()
            })
            .collect();
        // No game tagged, or every game: no game without a GameType is left to read otherwise.
        if !tags.iter().flatten().any(|&t| t) || tags.iter().flatten().all(|&t| t) {
            return None;
        }
        // The file written so: the tagged games declare their variant, in the order they come.
        let mut declaring: Vec<(usize, (Key, Variant))> = file.declared.to_vec();
        for (s, tags) in file.samples.iter().zip(&tags) {
            let Some(v) = variant(s.key) else { continue };
            let algebraic = plan.map_or(s.key.algebraic, |n| n == NotationKind::Algebraic);
            for ((g, &at), _) in s.games.iter().zip(&s.at).zip(tags).filter(|(_, t)| **t) {
                if let Some(d) = declared_as(g, v, algebraic, &layout_for(v, s.key.algebraic)) {
                    declaring.push((at, d));
                }
            }
        }
        declaring.sort_by_key(|&(at, _)| at);
        let mut declared: Vec<(Key, Variant)> = Vec::new();
        for (_, d) in declaring {
            if !declared.contains(&d) {
                declared.push(d);
            }
        }
        // The games written with none are read as the runs they make: a run none of whose games
        // is tagged as it was, the others' (those of a tagged run written as they were) as a
        // run of their own.
        let parts: Vec<Sample> = file
            .samples
            .iter()
            .zip(&tags)
            .filter(|(_, t)| t.contains(&true) && t.contains(&false))
            .map(|(s, t)| {
                let mut games = Vec::new();
                let mut at = Vec::new();
                let mut keeps_none = Vec::new();
                let mut fen_renamed = Vec::new();
                for ((((g, &a), &none), &fen), _) in s
                    .games
                    .iter()
                    .zip(&s.at)
                    .zip(&s.keeps_none)
                    .zip(&s.fen_renamed)
                    .zip(t)
                    .filter(|(_, t)| !**t)
                {
                    games.push(g.clone());
                    at.push(a);
                    keeps_none.push(none);
                    fen_renamed.push(fen);
                }
                Sample {
                    key: s.key,
                    why: s.why.clone(),
                    keeps_none,
                    fen_renamed,
                    games,
                    at,
                    reaches: Default::default(),
                }
            })
            .collect();
        // In the order the file would be weighed in: larger boards first, then as they come.
        let mut rest: Vec<&Sample> = file
            .samples
            .iter()
            .copied()
            .zip(&tags)
            .filter(|(_, t)| !t.contains(&true))
            .map(|(s, _)| s)
            .chain(&parts)
            .collect();
        rest.sort_by_key(|s| (std::cmp::Reverse(s.key.board.size()), s.at.first().copied()));
        let read = settle(file.options, &declared, &rest, file.before.to_vec());
        Some((rest.iter().map(|s| s.key).collect(), read))
    };
    while let Some((rest, read)) = read_as_written(&tagged, &whole) {
        let changed = |k: Key| state(&read, k) != state(runs, k);
        // A run withheld its GameType that would then read otherwise gets it back, for good.
        let more: Vec<Key> = rest
            .iter()
            .copied()
            .filter(|&k| {
                !tagged.contains(&k)
                    && !added.contains(&k)
                    && !whole.contains(&k)
                    && variant(k).is_some()
                    && changed(k)
            })
            .collect();
        // A run whose variant is unknown cannot be given a GameType: where it would read
        // otherwise and no run is renamed (whose GameTypes are written whatever), the settled
        // runs get none.
        let unknown_changed = rest.iter().any(|&k| variant(k).is_none() && changed(k));
        let unknown_moved = !file.samples.iter().any(|s| renamed(s.key, &whole)) && unknown_changed;
        // A run whose variant is unknown that would read otherwise while runs are renamed
        // (their GameTypes are written whatever): no GameType can mend it, and the renamed
        // runs are written wholly as they were.
        let kept: Vec<Key> = if unknown_changed && !unknown_moved {
            file.samples
                .iter()
                .map(|s| s.key)
                .filter(|&k| renamed(k, &whole))
                .collect()
        } else {
            Vec::new()
        };
        let fewer: Vec<Key> = if unknown_moved {
            tagged.clone()
        } else {
            rest.iter()
                .copied()
                .filter(|&k| tagged.contains(&k) && changed(k))
                .collect()
        }
        .into_iter()
        .filter(|&k| settled.contains(&k) && !renamed(k, &whole) && !ever_withheld.contains(&k))
        .collect();
        if more.is_empty() && fewer.is_empty() && kept.is_empty() {
            break;
        }
        whole.extend(&kept);
        tagged.retain(|k| !fewer.contains(k) && !kept.contains(k));
        added.retain(|k| !kept.contains(k));
        withheld.retain(|k| !more.contains(k));
        withheld.extend(&fewer);
        ever_withheld.extend(&fewer);
        tagged.extend(&more);
        added.extend(more);
    }
    // Read again, the file written so weighs its settled runs (and in another notation its
    // renamed runs) tagged first: a run withheld its GameType, or written wholly as it was, for
    // the sake of runs that, with the GameTypes written since, read with it as they read
    // without it, gets it back, as it would then.
    while !withheld.is_empty() || !whole.is_empty() {
        let now = read_as_written(&tagged, &whole).map(|(_, read)| read);
        let before = |r: Key| match &now {
            Some(read) => state(read, r),
            None => state(runs, r),
        };
        let Some(k) = withheld.iter().chain(&whole).copied().find(|&k| {
            let with: Vec<Key> = tagged.iter().copied().chain([k]).collect();
            let whole: Vec<Key> = whole.iter().copied().filter(|&w| w != k).collect();
            read_as_written(&with, &whole)
                .is_none_or(|(rest, read)| rest.iter().all(|&r| state(&read, r) == before(r)))
        }) else {
            break;
        };
        withheld.retain(|&w| w != k);
        whole.retain(|&w| w != k);
        tagged.push(k);
    }
    withheld.retain(|k| !whole.contains(k));
    added
        .into_iter()
        .filter(|k| !settled.contains(k) && !renamed(*k, &whole))
        .map(|k| (k, Ask::Writes))
        .chain(withheld.into_iter().map(|k| (k, Ask::Withholds)))
        .chain(whole.iter().map(|&k| (k, Ask::Keeps)))
        .collect()
}

/// Whether `game` is of the dialect of Russian archives that numbers its FEN and letters its
/// moves: written in letters, its FEN is renamed, and it gets a GameType however its run
/// is read (as `write::convert` writes it).
fn numbered_fen_lettered_moves(game: &Game) -> bool {
    let Some(fen) = game
        .tags
        .iter()
        .find(|t| t.name == "FEN")
        .and_then(|t| crate::notation::fen::RawFen::parse(&t.value).ok())
    else {
        return false;
    };
    let numbered = |sq: &crate::notation::fen::SquareRef| {
        matches!(sq, crate::notation::fen::SquareRef::Numeric(_))
    };
    let squares: Vec<bool> = fen
        .items
        .iter()
        .flat_map(|i| std::iter::once(&i.first).chain(&i.last))
        .map(numbered)
        .collect();
    if squares.is_empty() || squares.contains(&false) {
        return false;
    }
    let mut moves = game.body.iter().filter_map(|e| match e {
        Element::Move(m) => Some(m),
        _ => None,
    });
    let mut any = false;
    moves.all(|m| {
        m.squares.iter().all(|sq| {
            any = true;
            !matches!(sq.value, crate::syntax::SquareValue::Numeric(_))
        })
    }) && any
}

/// The evidence key of a game the replay decides (no tag words name its game), with its
/// board and notation in words; `None` for any other game.
fn replay_key(game: &Game) -> Option<(Key, String)> {
    let Evidence {
        board,
        algebraic,
        why,
        any,
    } = evidence(game);
    let board = board?;
    if !any {
        return None;
    }
    let words = tag_words(game, Some(board), algebraic, |k| {
        first_fits(game, k, algebraic)
    });
    if words.is_some() {
        return None;
    }
    let mut why = vec![why];
    if !algebraic {
        why.push("numeric notation".into());
    }
    Some((
        Key {
            board,
            algebraic,
            named: None,
        },
        why.join(", "),
    ))
}

/// The variant a run is presumed to be before its moves are weighed, and whence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Presumption {
    variant: Variant,
    /// The file's games with a GameType declare it ([`declared_key`]); else the file's
    /// games without one on another board or in the other notation are read as it.
    tagged: bool,
}

impl Presumption {
    fn tagged(variant: Variant) -> Self {
        Presumption {
            variant,
            tagged: true,
        }
    }
}

/// The key of a variant's own records: its board, in its own notation.
fn own_key(v: Variant) -> Key {
    let standard = Layout::standard(v);
    Key {
        board: standard.board,
        algebraic: standard.kind == NotationKind::Algebraic,
        named: None,
    }
}

/// The presumption for the run of `key`: the one variant that the file's games with a GameType
/// declare for it, or that its runs read in another board or notation than that variant's own
/// are read as (their games, written with the GameType `convert` gives them, would declare it
/// so), when all of them name one.
fn presumption(declared: &[(Key, Variant)], runs: &[Run], key: Key) -> Option<Presumption> {
    let read = runs
        .iter()
        .filter(|r| r.key != key && r.shows().any(|k| k == key))
        .filter_map(|r| match r.decision {
            Decision::Variant { variant, .. } => Some(variant),
            Decision::Unknown { .. } => None,
        });
    let mut all = declared
        .iter()
        .filter(|(k, _)| *k == key)
        .map(|&(_, v)| Presumption::tagged(v))
        .chain(read.map(|variant| Presumption {
            variant,
            tagged: false,
        }));
    let first = all.next()?;
    let mut tagged = first.tagged;
    for p in all {
        if p.variant != first.variant {
            return None;
        }
        tagged |= p.tagged;
    }
    Some(Presumption {
        variant: first.variant,
        tagged,
    })
}

/// The one variant the file's games with a GameType declare for `key`, if they declare one.
fn one_declared(declared: &[(Key, Variant)], key: Key) -> Option<Variant> {
    let mut of_key = declared.iter().filter(|(k, _)| *k == key).map(|&(_, v)| v);
    let first = of_key.next()?;
    of_key.all(|v| v == first).then_some(first)
}

/// The evidence key a game with a GameType declares, and the variant it names: when the tag
/// (the game's only one, with no `[Variant]` tag) names a variant pdnkit replays, and the tag
/// words do not name that variant (whose first mover fits the first move, the squares placed
/// as the GameType places them), as they would name the game without its GameType, the board
/// and notation of that variant's own
/// records, whatever the tag's other fields and the game's squares say. `convert` writes a
/// game's GameType anew (in the notation it writes, with the fields it reads), always naming
/// the variant the game was read as: so a game read as a variant declares it the same whether
/// the file gave it a GameType or its run was read so ([`presumption`]).
fn declared_key(game: &Game) -> Option<(Key, Variant)> {
    let mut gametypes = game.tags.iter().filter(|t| t.name == "GameType");
    let (Some(tag), None) = (gametypes.next(), gametypes.next()) else {
        return None;
    };
    if game.tags.iter().any(|t| t.name == "Variant") {
        return None;
    }
    let resolved = crate::notation::GameType::parse(&tag.value).ok()?.resolve();
    let variant = resolved.variant?;
    let algebraic = evidence(game).algebraic;
    let layout = resolved
        .layout
        .unwrap_or_else(|| layout_for(variant, algebraic));
    declared_as(game, variant, algebraic, &layout)
}

/// The evidence key `game`, with a GameType naming `variant`, its squares in algebraic notation
/// or not and placed by `layout`, declares ([`declared_key`]). Only the words that name
/// `variant` count: whether words naming another game would have outweighed them rests on
/// where that game's numbering places the squares, which a game written in another notation
/// no longer shows (so a game read as named by its words, written with its GameType in another
/// notation, still declares nothing).
fn declared_as(
    game: &Game,
    variant: Variant,
    algebraic: bool,
    layout: &Layout,
) -> Option<(Key, Variant)> {
    let own = own_key(variant);
    let words = tag_words(game, Some(own.board), algebraic, |k| {
        k.variant == Some(variant)
            && first_mover(game, variant, layout).is_none_or(|c| c == k.first)
    });
    words.is_none().then_some((own, variant))
}

/// How many of the weighed games a candidate must replay further than the presumption to take
/// its place: at least this share of them (a quarter, and at least two games), so that a few
/// games' illegal moves never decide a file.
pub const CHALLENGE_SHARE: usize = 4;

/// How far one candidate replays each weighed game.
#[derive(Clone, Debug)]
struct Weighed {
    variant: Variant,
    /// Steps per game (see [`Reach`]).
    steps: Vec<u64>,
    reach: Reach,
}

/// Decides a run from its weighed games. Every candidate the evidence leaves open replays
/// them; a candidate that fails early in most of them is not a candidate of this run. The
/// first that remains, in the order of the evidence (the variant of the file's games of the
/// same notation on a larger board, then the board's own variants in the order of the
/// table), is the presumption; another takes its place as [`choose`] says (it replays them
/// further in total, and, unless the squares show it is set up otherwise, further in at least
/// a [`CHALLENGE_SHARE`]th of them, two at least).
/// When no candidate of the board remains, the variants of the larger boards the squares fit
/// are weighed the same way, then those of the file's other runs; then, where the file's
/// games of the same notation are on a larger board, theirs is taken whatever the moves do;
/// else the variant is unknown. `presumed`, the variant the file's games with a GameType name
/// for this key ([`declared_key`]) or its other runs show for it ([`presumption`]), comes
/// first of all, and is the presumption whatever the moves do ([`choose`]).
fn decide(
    key: Key,
    why: &str,
    games: &[Game],
    options: &ReplayOptions,
    runs: &[Run],
    presumed: Option<Presumption>,
    reaches: &mut Reaches,
) -> Run {
    let declared = presumed.map(|p| p.variant);
    let Key {
        board, algebraic, ..
    } = key;
    let n = games.len();
    let decided = |r: &Run| match r.decision {
        Decision::Variant { variant, .. } => Some(variant),
        Decision::Unknown { .. } => None,
    };
    // The variant the file's games with a GameType declare on this board in this notation,
    // then the file's own board, where its other games of the same notation show a larger one
    // (or are read as a variant whose own records are such games).
    // (Not this run as weighed before: a run read so would hold itself up.)
    let files_board: Vec<Variant> = runs
        .iter()
        .filter(|r| {
            r.key != key
                && r.shows()
                    .any(|k| k.algebraic == algebraic && k.board.size() > board.size())
        })
        .filter_map(decided)
        .filter(|&v| Some(v) != declared)
        .collect();
    let mut order: Vec<Variant> = declared.into_iter().chain(files_board.clone()).collect();
    // Captures written with `:` in most of the games' capture tokens are the notation of
    // Russian draughts (PDN 3.0 gives its GameType `:`, every other game `x`): evidence that
    // needs no replay, so the variants that write captures so come first among the board's.
    let colon_first = colon_captures(games);
    let (colon, rest): (Vec<Variant>, Vec<Variant>) =
        candidates(board, algebraic).partition(|v| colon_first && v.capture_separator() == ':');
    order.extend(colon);
    order.extend(rest);
    let standard_start = games
        .iter()
        .all(|g| !g.tags.iter().any(|t| t.name == "FEN"));
    let mut tried: Vec<Weighed> = Vec::new();
    let mut weigh = |order: &[Variant], tried: &mut Vec<Weighed>| -> Option<usize> {
        let from = tried.len();
        for &v in order {
            if tried.iter().any(|w| w.variant == v) {
                continue;
            }
            let mut w = Weighed {
                variant: v,
                steps: Vec::with_capacity(n),
                reach: Reach::default(),
            };
            for (j, g) in games.iter().enumerate() {
                let (steps, early) = reaches.get(j, g, v, algebraic, options);
                w.steps.push(steps);
                w.reach.steps += steps;
                w.reach.early += usize::from(early);
            }
            tried.push(w);
        }
        choose(&tried[from..], algebraic, standard_start, declared).map(|i| from + i)
    };
    let mut reasons = vec![why.to_string()];
    let mut chosen = weigh(&order, &mut tried);
    let mut fallback = false;
    if chosen.is_none() {
        let bigger = Board::ALL
            .into_iter()
            .filter(|b| b.size() > board.size() && b.is_full() == board.is_full());
        for b in bigger {
            chosen = weigh(&candidates(b, algebraic).collect::<Vec<_>>(), &mut tried);
            if chosen.is_some() {
                reasons.push(format!(
                    "no {board} variant replays most of these games past their first moves, and the squares fit {b} too"
                ));
                break;
            }
        }
    }
    if chosen.is_none() {
        // The file's other games of the same notation: a square past their board in a game
        // of theirs is a slip of the record, which their variant reports.
        let others: Vec<Variant> = runs
            .iter()
            .filter(|r| r.key != key && r.shows().any(|k| k.algebraic == algebraic))
            .filter_map(decided)
            .collect();
        chosen = weigh(&others, &mut tried);
        if let Some(i) = chosen {
            reasons.push(format!(
                "no variant of the boards the squares fit replays most of these games past their first moves, and the file's other games are {}",
                tried[i].variant.title()
            ));
            fallback = true;
        }
    }
    if chosen.is_none() {
        // The file's games of the same notation on a larger board that these squares fit: the
        // file's board is evidence of its own, whatever the moves do.
        if let Some(&v) = files_board.first() {
            if let Some(i) = tried.iter().position(|w| w.variant == v) {
                reasons.push(format!(
                    "no candidate replays most of these games past their first moves, and the file's games on {} are {}",
                    v.board(),
                    v.title()
                ));
                chosen = Some(i);
                fallback = true;
            }
        }
    }
    let summary = summary(&tried, n);
    let Some(i) = chosen else {
        let closest = tried
            .iter()
            .fold(None, |b: Option<&Weighed>, w| match b {
                Some(bw) if bw.reach.steps >= w.reach.steps => b,
                _ => Some(w),
            })
            .map_or(Variant::ALL[0], |w| w.variant);
        return Run {
            key,
            decision: Decision::Unknown { closest },
            evidence: reasons.join(", "),
            summary,
            stated: false,
            seen: seen(runs, key),
            fallback: false,
            upholds: Rewrites::default(),
            later: false,
        };
    };
    let v = tried[i].variant;
    if colon_first && v.capture_separator() == ':' {
        reasons.push("captures written with `:`".to_string());
    }
    match presumed {
        Some(p) if p.variant == v && p.tagged => reasons.push(format!(
            "the file's games with a GameType are {}",
            v.title()
        )),
        Some(p) if p.variant == v => reasons.push(format!(
            "the file's other games without a GameType are read as {}",
            v.title()
        )),
        _ => {}
    }
    if files_board.contains(&v) && !fallback {
        reasons.push(format!(
            "the file's games on {} are {}",
            v.board(),
            v.title()
        ));
    }
    let mut also: Vec<Variant> = tried
        .iter()
        .filter(|w| w.variant != v && w.steps == tried[i].steps)
        .map(|w| w.variant)
        .collect();
    // Read as the file's games on a larger board are, or taken from the file's other games
    // when no candidate replays these, it is as open as they are (so that a GameType written
    // for those games does not make these look settled the next time the file is read). Not
    // as open as this run was when weighed before: that would keep what the other runs no
    // longer say.
    if files_board.contains(&v) || fallback {
        for r in runs
            .iter()
            .filter(|r| r.key != key && r.key.algebraic == algebraic && r.key.named.is_none())
        {
            if let Decision::Variant {
                variant,
                also: more,
            } = &r.decision
            {
                if *variant == v {
                    also.extend(
                        more.iter()
                            .filter(|m| !also.contains(m))
                            .copied()
                            .collect::<Vec<_>>(),
                    );
                }
            }
        }
    }
    // Games every candidate of their board replays alike (a FEN without squares) say nothing
    // of their own: read as the presumption, they are settled by it, as by the GameType that
    // `convert` writes for the games it comes from (a presumption from untagged games comes
    // from games outside their variant's own board or notation, which always get one). (Only
    // the board's candidates count: whether one of a larger board was tried depends on the
    // other runs.)
    let told_nothing = tried
        .iter()
        .filter(|w| candidates(board, algebraic).any(|c| c == w.variant))
        .all(|w| w.steps == tried[i].steps && w.reach.early == tried[i].reach.early);
    if presumed.is_some_and(|p| p.variant == v) && told_nothing {
        also.clear();
    }
    let layout = layout_for(v, algebraic);
    if games
        .iter()
        .any(|g| first_mover(g, v, &layout) == Some(v.rules().first_to_move))
    {
        reasons.push(format!("{} first", capitalised(v.rules().first_to_move)));
    }
    let of = if n == 1 {
        "this game".to_string()
    } else {
        format!("the file's {n} games with this evidence")
    };
    let viable = tried.iter().filter(|w| viable(w.reach, n)).count();
    reasons.push(
        if fallback || (told_nothing && presumed.is_some_and(|p| p.variant == v)) {
            String::new()
        } else if viable == 1 {
            format!("the only candidate that replays {of} past their first moves")
        } else if also.is_empty() {
            format!("of the candidates, it replays {of} furthest")
        } else {
            format!(
                "it replays {of} as far as {} and comes first of them",
                also.iter()
                    .map(|c| c.title())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        },
    );
    reasons.retain(|r| !r.is_empty());
    Run {
        key,
        decision: Decision::Variant { variant: v, also },
        evidence: reasons.join(", "),
        summary,
        stated: false,
        seen: seen(runs, key),
        fallback,
        upholds: Rewrites::default(),
        later: false,
    }
}

/// The file's runs other than `key`'s, as decided now.
fn seen(runs: &[Run], key: Key) -> Vec<(Key, Decision)> {
    runs.iter()
        .filter(|r| r.key != key)
        .map(|r| (r.key, r.decision.clone()))
        .collect()
}

/// Whether most of the capture tokens of the games' main lines separate their squares with
/// `:`, and one at least does.
fn colon_captures(games: &[Game]) -> bool {
    let (mut colon, mut other) = (0usize, 0usize);
    for g in games {
        for e in &g.body {
            let Element::Move(m) = e else { continue };
            for sep in m.squares.iter().filter_map(|s| s.separator) {
                match sep.kind {
                    SeparatorKind::Colon => colon += 1,
                    k if k.is_capture() => other += 1,
                    _ => {}
                }
            }
        }
    }
    colon > other
}

/// Whether a candidate remains one: it does not fail early in most of the `n` games.
fn viable(r: Reach, n: usize) -> bool {
    2 * r.early <= n
}

/// Whether two variants set up a game alike: the same board, the squares named alike (each
/// name neighbours the same names along the lines pieces move on), and at the start the first
/// mover's pieces and the other side's on the same square names (whatever the sides are
/// called). They differ by their rules only, which only the legality of the moves tells
/// apart; a game from the standard start replayed under a variant set up otherwise usually
/// fails at once. (Numbered from the same corner, Italian draughts' mirrored board puts its
/// men on the same numbers as Russian draughts, but its squares neighbour other numbers.)
fn same_setup(a: Variant, b: Variant, algebraic: bool) -> bool {
    let setup = |v: Variant| {
        let layout = layout_for(v, algebraic);
        let board = v.board();
        let first = v.rules().first_to_move;
        let mut names: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for (sq, piece) in Position::start(v).pieces() {
            names[usize::from(piece.color != first)].push(layout.name(sq));
        }
        for n in &mut names {
            n.sort();
        }
        let steps: &[(i32, i32)] = if board.is_full() {
            &[(0, 1), (0, -1), (1, 0), (-1, 0)]
        } else {
            &[(1, 1), (1, -1), (-1, 1), (-1, -1)]
        };
        let mut lines: Vec<(String, Vec<String>)> = board
            .all_squares()
            .map(|sq| {
                let (f, r) = board.coords(sq);
                let mut next: Vec<String> = steps
                    .iter()
                    .filter_map(|&(df, dr)| board.square_at(i32::from(f) + df, i32::from(r) + dr))
                    .map(|n| layout.name(n))
                    .collect();
                next.sort();
                (layout.name(sq), next)
            })
            .collect();
        lines.sort();
        (names, lines)
    };
    a.board() == b.board() && setup(a) == setup(b)
}

/// The candidate chosen among `tried` (in the order of the evidence): `declared` (the variant
/// the file's games with a GameType name for this board and notation) if it was tried, else
/// the first that remains one, is the presumption. Another takes its place when it replays the
/// games further in total and, unless it is set up otherwise and every game starts from the
/// standard start (so that the squares of the moves are evidence of the numbering and the
/// first mover) and the presumption is not declared, further game by game in at least a
/// [`CHALLENGE_SHARE`]th of them (two at least): of those, the one that replays furthest.
/// `None` when none remains.
fn choose(
    tried: &[Weighed],
    algebraic: bool,
    standard_start: bool,
    declared: Option<Variant>,
) -> Option<usize> {
    let n = tried.first()?.steps.len();
    // The variant the file's games with a GameType declare is the presumption whatever the
    // moves do: that evidence does not rest on them, and a game's illegal move is its error
    // under that variant. Another takes its place by the weight of games only, set up
    // otherwise or not.
    let declared = declared.and_then(|d| tried.iter().position(|w| w.variant == d));
    let p = match declared {
        Some(p) => p,
        None => tried.iter().position(|w| viable(w.reach, n))?,
    };
    let presumption = &tried[p];
    let declared = declared.is_some();
    let needed = n.div_ceil(CHALLENGE_SHARE).max(2);
    let mut chosen = p;
    for (i, w) in tried.iter().enumerate() {
        if !viable(w.reach, n) || w.reach.steps <= tried[chosen].reach.steps {
            continue;
        }
        let further = w
            .steps
            .iter()
            .zip(&presumption.steps)
            .filter(|(a, b)| a > b)
            .count();
        let otherwise =
            standard_start && !declared && !same_setup(w.variant, presumption.variant, algebraic);
        if otherwise || further >= needed {
            chosen = i;
        }
    }
    Some(chosen)
}

/// How far each candidate replayed the weighed games, furthest first.
fn summary(tried: &[Weighed], games: usize) -> String {
    let mut t: Vec<&Weighed> = tried.iter().collect();
    t.sort_by_key(|w| std::cmp::Reverse(w.reach.steps));
    let parts: Vec<String> = t
        .iter()
        .map(|w| {
            let early = match w.reach.early {
                0 => String::new(),
                e => format!(", {e} of {games} failing at the start"),
            };
            format!("{} {} step(s){early}", w.variant.title(), w.reach.steps)
        })
        .collect();
    parts.join("; ")
}

/// Where a game's guess is stated: its first move, else its first tag.
pub(in crate::replay) fn anchor(game: &Game) -> Span {
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
pub(in crate::replay) fn candidates(
    board: Board,
    algebraic: bool,
) -> impl Iterator<Item = Variant> {
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

/// One candidate's replay of a game, with its diagnostics.
struct Tried {
    sel: Selection,
    out: line::LinesOutcome,
    fen_diags: Vec<Diagnostic>,
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
        sel,
        out,
        fen_diags,
    })
}

/// [`try_variant`] for the variant a game is read as: a FEN that does not fit its board is
/// reported as read for it, and the game is not replayed.
fn replay_as(
    game: &Game,
    v: Variant,
    algebraic: bool,
    options: &ReplayOptions,
    diags: &mut Vec<Diagnostic>,
) -> Option<Tried> {
    let t = try_variant(game, v, algebraic, options);
    if t.is_none() {
        let layout = layout_for(v, algebraic);
        start_position(game, v, &layout, v.rules().first_to_move, diags);
    }
    t
}

/// Infers the variant of a game without GameType (see the module documentation). A game that
/// is not replayed is an error holding the guess when there is one: the variant its run (or
/// its tag words) was read as, whose board its FEN does not fit.
pub(in crate::replay) fn infer(
    game: &Game,
    options: &ReplayOptions,
    ctx: &mut FileContext,
    diags: &mut Vec<Diagnostic>,
) -> Result<Inferred, Option<Guess>> {
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
        return Err(None);
    };
    let mut reasons = vec![why];
    if !algebraic && any {
        reasons.push("numeric notation".into());
    }

    // Tag words, among the games of this board whose first mover fits the first move (of any
    // board, for a game without squares).
    let words = tag_words(game, any.then_some(board), algebraic, |k| {
        first_fits(game, k, algebraic)
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
            return Err(None);
        };
        let key = Key {
            board,
            algebraic,
            named: Some(w.known.gametype),
        };
        // The FEN may not fit the board the words name: it is reported as read for it.
        let t = replay_as(game, v, algebraic, options, diags).map(|mut t| {
            diags.append(&mut t.fen_diags);
            t
        });
        if first_mover(game, v, &layout_for(v, algebraic)).is_some() {
            reasons.push(format!("{} first", capitalised(v.rules().first_to_move)));
        }
        reasons.push(w.said.clone());
        let evidence = reasons.join(", ");
        // A run named by its words is read apart from the file's other runs.
        let guess = Guess {
            variant: v,
            evidence: evidence.clone(),
            also: Vec::new(),
            others_open: false,
            upholds: Rewrites::default(),
        };
        // The words name the game, as a GameType does: the file's games without squares
        // after it are read so, as after a game whose GameType names it (a GameType written
        // for it changes nothing). A game without squares opens no run: its board is not
        // known.
        ctx.establish(v);
        if any && !ctx.runs.iter().any(|r| r.key == key) {
            ctx.runs.push(Run::named(key, v, evidence.clone()));
            diags.push(statement(span, v, &evidence, ""));
        }
        let Some(t) = t else {
            return Err(Some(guess));
        };
        return Ok(Inferred {
            selection: t.sel,
            replayed: t.out,
            guess,
        });
    }

    // A game without squares (no moves, no FEN: a forfeit, a game not played) replays under
    // every variant alike: only the file's other games say what it is. (A FEN without squares
    // is read as before: the FEN is checked, and an empty one is reported.)
    if !any && !game.tags.iter().any(|t| t.name == "FEN") {
        return without_squares(game, options, ctx, diags, span).ok_or(None);
    }

    // The run's variant, decided once for the file from its games weighed together; a run
    // first met past the games weighed at the start is decided by its first game.
    ctx.survey(options);
    let key = Key {
        board,
        algebraic,
        named: None,
    };
    let i = match ctx.runs.iter().position(|r| r.key == key) {
        Some(i) => i,
        None => {
            let why = reasons.join(", ");
            let declared = presumption(&ctx.declared, &ctx.runs, key);
            let run = decide(
                key,
                &why,
                std::slice::from_ref(game),
                options,
                &ctx.runs,
                declared,
                &mut Reaches::default(),
            );
            ctx.runs.push(Run { later: true, ..run });
            ctx.runs.len() - 1
        }
    };
    let first_game = !std::mem::replace(&mut ctx.runs[i].stated, true);
    let others_open = others_open(&ctx.runs, key);
    let run = &ctx.runs[i];
    let upholds = run.upholds;
    match run.decision.clone() {
        Decision::Variant { variant: v, also } => {
            let evidence = run.evidence.clone();
            // The FEN may not fit the run's board: it is reported as read for it, after the
            // statement of the run's variant.
            if first_game {
                diags.push(statement(span, v, &evidence, &run.summary));
            }
            // The game is read as the run's variant whether or not its FEN fits it, as a game
            // whose GameType names a variant is (and `convert` gives it the run's tag).
            ctx.establish(v);
            let Some(t) = replay_as(game, v, algebraic, options, diags) else {
                return Err(Some(Guess {
                    variant: v,
                    evidence,
                    also,
                    others_open,
                    upholds,
                }));
            };
            diags.extend(t.fen_diags);
            Ok(Inferred {
                selection: t.sel,
                replayed: t.out,
                guess: Guess {
                    variant: v,
                    evidence,
                    also,
                    others_open,
                    upholds,
                },
            })
        }
        Decision::Unknown { closest } => {
            unknown(game, options, diags, span, closest, run, algebraic);
            Err(None)
        }
    }
}

/// Whether another run of the file than `key`'s, of the same notation and read from the
/// replay (no tag words name its game) and weighed with the file's start, was left open:
/// other variants replay its games as far as the one chosen ([`Guess::others_open`]). A run
/// decided later does not count: the runs weighed before it keep what they were.
fn others_open(runs: &[Run], key: Key) -> bool {
    runs.iter().any(|r| {
        r.key != key
            && !r.later
            && r.key.algebraic == key.algebraic
            && r.key.named.is_none()
            && matches!(&r.decision, Decision::Variant { also, .. } if !also.is_empty())
    })
}

/// A game of a run whose variant is unknown: one warning (G513) with the closest candidate
/// and where it fails in this game, and no rule errors under a guess.
fn unknown(
    game: &Game,
    options: &ReplayOptions,
    diags: &mut Vec<Diagnostic>,
    span: Span,
    closest: Variant,
    run: &Run,
    algebraic: bool,
) {
    let tried = try_variant(game, closest, algebraic, options);
    let first = tried.as_ref().and_then(|t| {
        t.fen_diags
            .iter()
            .chain(t.out.diagnostics.iter())
            .filter(|d| d.severity == Severity::Error && d.code != "G502")
            .min_by_key(|d| {
                (
                    d.context.as_ref().map_or(0, |c| c.variation_depth),
                    d.span.start,
                )
            })
            .cloned()
    });
    let (at, failure) = match &first {
        Some(d) => {
            let at = match &d.context {
                Some(c) if c.variation_depth == 0 => format!(", failing here at ply {}", c.ply),
                Some(_) => ", failing here in a variation".to_string(),
                None => ", failing here".to_string(),
            };
            (d.span, format!("{at}: {} [{}]", d.message, d.code))
        }
        None if tried.is_none() => (span, ": the FEN does not fit its board".to_string()),
        None => (span, String::new()),
    };
    let mut d = Diagnostic::new(
        &G513,
        at,
        format!(
            "no GameType, and no variant pdnkit knows replays most of the file's games with this evidence past their first moves; closest: {}{failure}",
            closest.title()
        ),
    )
    .with_note(format!("evidence: {}", run.evidence))
    .with_note(format!("candidates weighed: {}", run.summary))
    .with_note(format!(
        "the moves are not checked under a guess: add a GameType tag, or pass --variant {} (or another variant) to check them under its rules",
        closest.name()
    ));
    if at != span {
        d = d.with_label(span, "the game's first move");
    }
    diags.push(d);
    // A Result tag that disagrees with the terminator does so in every variant.
    if let Some(t) = tried {
        diags.extend(
            t.out
                .diagnostics
                .into_iter()
                .filter(|d| d.code == "G502")
                .take(1),
        );
    }
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
) -> Option<Inferred> {
    if let [v] = ctx.established[..] {
        if let Some(t) = try_variant(game, v, v.info().notation.algebraic, options) {
            diags.extend(t.fen_diags);
            // The variants the file's runs of this variant have not ruled out: all of them,
            // weighed now if no game before this one needed them (the games before it may
            // all have a GameType, as `convert` writes them).
            ctx.survey(options);
            let mut also: Vec<Variant> = Vec::new();
            for r in &ctx.runs {
                if let Decision::Variant {
                    variant,
                    also: fits,
                } = &r.decision
                {
                    for &f in fits.iter().filter(|_| *variant == v) {
                        if f != v && !also.contains(&f) {
                            also.push(f);
                        }
                    }
                }
            }
            return Some(Inferred {
                selection: t.sel,
                replayed: t.out,
                guess: Guess {
                    variant: v,
                    evidence: format!("no squares, and the file's games so far are {}", v.title()),
                    also,
                    // Not one of a run: no other game is read with it.
                    others_open: false,
                    upholds: Rewrites::default(),
                },
            });
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
fn statement(span: Span, v: Variant, evidence: &str, summary: &str) -> Diagnostic {
    let mut d = Diagnostic::new(
        &G506,
        span,
        format!("no GameType: read as {} (from: {evidence})", v.title()),
    )
    .with_note(
        "said once: the later games of this file with the same evidence are read the same way, and their errors are errors",
    );
    if summary.contains(';') {
        d = d.with_note(format!("candidates weighed: {summary}"));
    }
    d.with_note(format!(
        "add [GameType \"{}\"] or pass --variant {} to make it certain",
        v.gametype(),
        v.name()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_whose_rules_alone_differ_are_set_up_alike() {
        assert!(same_setup(Variant::English, Variant::Pool, false));
        assert!(same_setup(Variant::International, Variant::Frisian, false));
        assert!(same_setup(Variant::Russian, Variant::Czech, true));
        assert!(same_setup(Variant::Russian, Variant::Brazilian, true));
        assert!(!same_setup(Variant::English, Variant::Italian, false));
        assert!(!same_setup(Variant::International, Variant::Frysk, false));
        // In numeric notation both number White's men 21-32 from the same corner, but on
        // Italian draughts' mirrored board the numbers neighbour others.
        assert!(same_setup(Variant::Russian, Variant::Brazilian, false));
        assert!(!same_setup(Variant::Russian, Variant::Italian, false));
        assert!(!same_setup(Variant::Russian, Variant::Italian, true));
    }
}
