//! Replay: walk a game's moves over positions, its variations included, and report every move
//! that the variant's rules do not allow.
//!
//! The replay decides the variant (a `--variant` choice, the GameType tag, lidraughts'
//! `Variant` tag, or an inference), sets up the start position (the FEN tag), and then plays
//! each line of the game: the main line from the start, each variation from the position
//! before the move it replaces. A move that can still be applied (a missed capture played as
//! a quiet step, a capture that takes too few pieces or stops early) is reported, applied, and
//! the replay goes on; a move that cannot be applied ends its line only. Under huffing rules
//! the replay also follows huffs (see [`RuleProfile`]).

mod diagram;
mod line;
mod variant;
mod verdict;

use std::str::FromStr;
use std::sync::Arc;

use serde::Serialize;

use crate::board::Color;
use crate::lint::codes::replay::{G503, G514, R310};
use crate::lint::{Diagnostic, Severity, clip};
use crate::notation::Layout;
use crate::notation::gametype::game_name;
use crate::rules::{Position, UnknownVariant, Variant};
use crate::syntax::Game;

pub use diagram::diagram;
pub(crate) use variant::squares_algebraic;
pub use variant::{EARLY_PLIES, SAMPLE_GAMES, Selection, Survey};

/// Whether the replay reads the tag named `name` (the rules, the start position, the result,
/// the words that name a variant): besides the game's first tag (which findings with no move
/// to point at are placed on), the only tags a caller that builds a game only to replay it
/// needs to keep.
pub fn reads_tag(name: &str) -> bool {
    matches!(name, "GameType" | "Variant" | "FEN" | "Result") || variant::WORD_TAGS.contains(&name)
}

use crate::rules::Move;
use crate::source::Span;

/// Which historical rule set decides what a missed capture is.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, RuleProfile, Severity, check_stream};
///
/// // 12-16 ignores the capture 15x22: an error today, a warning under the old huffing rules.
/// let pdn = "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 *\n";
/// let mut options = CheckOptions::default();
/// options.replay.rules = RuleProfile::Huffing;
/// let mut severities = Vec::new();
/// check_stream(pdn.as_bytes(), &options, |game| {
///     severities.extend(game.diagnostics.iter().map(|d| d.severity));
/// })?;
/// assert!(severities.contains(&Severity::Warning));
/// assert!(!severities.contains(&Severity::Error));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleProfile {
    /// Today's rules: a missed, short or unfinished capture is an error.
    #[default]
    Modern,
    /// Huffing (English draughts before its modern rules, Anderson's and Lasker's laws; the
    /// 1875 Canadian rules; the 1902 Polish rules): a missed, short or unfinished capture is a
    /// warning, the piece that failed may be huffed, and huffs are followed.
    Huffing,
    /// The 1902 Polish text: huffing, and each captured piece is removed as it is taken.
    Polish1902,
}

impl RuleProfile {
    /// True for the profiles in which a failed capture may be huffed.
    pub fn huffing(self) -> bool {
        matches!(self, RuleProfile::Huffing | RuleProfile::Polish1902)
    }
}

/// What `--variant` names: a variant to replay every game as, or a game of the PDN GameType
/// table that pdnkit reads but does not replay (Spantsiretti, chess, Othello ...).
///
/// # Examples
///
/// ```
/// use pdnkit::{ForcedVariant, Variant};
///
/// assert_eq!("russian".parse(), Ok(ForcedVariant::Replay(Variant::Russian)));
/// assert_eq!("20".parse(), Ok(ForcedVariant::Replay(Variant::International)));
/// assert_eq!("chess".parse(), Ok(ForcedVariant::NotReplayed(0)));
/// assert!("chess960".parse::<ForcedVariant>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcedVariant {
    /// Replay every game under these rules.
    Replay(Variant),
    /// Read every game and check its syntax, but replay no move: the GameType number.
    NotReplayed(u32),
}

/// The names `--variant` accepts for the games of the GameType table that pdnkit does not
/// replay, with their numbers.
const NOT_REPLAYED_NAMES: &[(&str, u32)] = &[
    ("chess", 0),
    ("chinese-chess", 1),
    ("xiangqi", 1),
    ("spantsiretti", 41),
    ("othello", 50),
];

impl FromStr for ForcedVariant {
    type Err = UnknownVariant;

    /// A variant name or GameType number that pdnkit replays, or the name or number of any
    /// other game of the PDN GameType table.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Ok(v) = s.parse::<Variant>() {
            return Ok(ForcedVariant::Replay(v));
        }
        let t = s.trim().to_ascii_lowercase();
        let number = match t.parse::<u32>() {
            Ok(n) => game_name(n).map(|_| n),
            Err(_) => NOT_REPLAYED_NAMES
                .iter()
                .find(|(name, _)| *name == t)
                .map(|&(_, n)| n),
        };
        number
            .map(ForcedVariant::NotReplayed)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// How to replay.
///
/// # Examples
///
/// ```
/// use pdnkit::{CheckOptions, ForcedVariant, ReplayOptions, Variant, check_stream};
///
/// // An untagged game replayed as Russian draughts, whatever its moves suggest.
/// let mut options = CheckOptions::default();
/// options.replay = ReplayOptions {
///     variant: Some(ForcedVariant::Replay(Variant::Russian)),
///     ..ReplayOptions::default()
/// };
/// let totals = check_stream("1. c3-d4 f6-e5 *".as_bytes(), &options, |_| {})?;
/// assert_eq!(totals.variants.get(&Variant::Russian), Some(&1));
/// assert_eq!(totals.guessed, 0);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// Replay every game as this variant (or replay none, for a game pdnkit has no rules for),
    /// whatever its tags say.
    pub variant: Option<ForcedVariant>,
    /// The rule profile.
    pub rules: RuleProfile,
    /// Keep every move the replay plays, of every line, in [`GameReport::moves`].
    pub record_moves: bool,
}

/// How a played move stands with the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Legality {
    /// A legal move.
    Legal,
    /// A move the rules do not allow but the record can still follow (a missed capture played
    /// as a quiet step, a capture the capture choice forbids, a capture that stops early): it
    /// is reported and applied as written.
    Applied,
}

/// How a move's text named it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// The text names this move and no other.
    Unique,
    /// The text matches several legal moves that take different pieces (R309); this one was
    /// read, as the one after which the next recorded move is legal where there is one.
    Chosen {
        /// How many legal moves the text matches.
        candidates: u32,
        /// It is the only one after which the next recorded move is legal: the record proves
        /// it was played.
        proven: bool,
    },
}

/// One move the replay resolved and played, handed to the caller as it is played.
#[derive(Clone, Copy, Debug)]
pub struct PlyEvent<'a> {
    /// The line it belongs to: an index into the list [`Game::lines`] returns (0: the main
    /// line).
    pub line: usize,
    /// 0 for the main line, 1 for its variations, and so on.
    pub depth: u32,
    /// Index into [`Game::body`] of its (first) move token.
    pub element: usize,
    /// How many move tokens it took: more than 1 for a capture written one jump per move.
    pub tokens: u32,
    /// The text it was written as: its token's span, or all its tokens' for a capture written
    /// one jump per move.
    pub span: Span,
    /// Half-moves played in the game before it, along its line (the first move of a game is
    /// ply 0).
    pub ply: u32,
    /// Its place in its own line, from 1.
    pub line_ply: u32,
    /// The position it is played from (after a huff the replay inferred for it).
    pub before: &'a Position,
    /// The move.
    pub mv: &'a Move,
    /// Whether the rules allowed it.
    pub legality: Legality,
    /// Whether its text named it alone.
    pub reading: Reading,
}

/// A [`PlyEvent`] kept: what [`GameReport::moves`] holds.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// See [`PlyEvent::line`].
    pub line: usize,
    /// See [`PlyEvent::depth`].
    pub depth: u32,
    /// See [`PlyEvent::element`].
    pub element: usize,
    /// See [`PlyEvent::tokens`].
    pub tokens: u32,
    /// See [`PlyEvent::span`].
    pub span: Span,
    /// See [`PlyEvent::ply`].
    pub ply: u32,
    /// See [`PlyEvent::line_ply`].
    pub line_ply: u32,
    /// The position it is played from.
    pub before: Position,
    /// The move.
    pub mv: Move,
    /// Whether the rules allowed it.
    pub legality: Legality,
    /// Whether its text named it alone.
    pub reading: Reading,
}

impl From<&PlyEvent<'_>> for PlayedMove {
    fn from(e: &PlyEvent<'_>) -> Self {
        PlayedMove {
            line: e.line,
            depth: e.depth,
            element: e.element,
            tokens: e.tokens,
            span: e.span,
            ply: e.ply,
            line_ply: e.line_ply,
            before: e.before.clone(),
            mv: e.mv.clone(),
            legality: e.legality,
            reading: e.reading,
        }
    }
}

/// What the replay learned from the games of one file so far: the variant inferred for each
/// run of untagged games with the same evidence (so it stays the same across the file unless
/// the evidence differs), and the result convention the file follows. Two contexts are equal
/// when every later game of the file would be replayed alike under either.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileContext {
    /// One entry per evidence seen (board, notation, tag words).
    runs: Vec<variant::Run>,
    /// `--variant` named a game that is not replayed, and that was said.
    not_replayed_said: bool,
    /// A result on the other scale than the variant's was said (G516).
    scale_said: bool,
    /// How the file's results count in the games where Black moves first, once a final
    /// position has shown it.
    convention: Option<ResultConvention>,
    /// The variants the file's games have shown so far (declared, or inferred from their
    /// squares), each once: a game without squares is read as the one variant, if there is one.
    established: Vec<Variant>,
    /// The evidence keys the file's games with a GameType show at its start, each with the
    /// variant it names (taken by the runs decided after the start was weighed).
    declared: Vec<(variant::Key, Variant)>,
    /// The file's start, weighed when the first game whose variant the replay decides is met
    /// (then let go): a file whose games all have a GameType never reads it twice.
    head: Option<HeadRef>,
}

/// The start of a file, whose untagged games inference weighs together ([`Survey`]) when it
/// meets the first game whose variant it must decide.
pub trait FileHead: Send + Sync {
    /// Hands the games of the start to `add`, in order (any game: [`Survey::add`] keeps the
    /// ones it weighs), each with what decides how it is written again ([`AsWritten`]).
    fn games(&self, add: &mut dyn FnMut(Game, AsWritten));
}

/// What decides how a game of a file's start is written again, for the file weighed as it
/// would be written ([`Survey::add`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AsWritten {
    /// No GameType can be written for it ([`takes_no_gametype`]): it starts on the line where
    /// the text before it ends, and one added to it would go on that line, or it starts a new
    /// game only because its first tag repeats one of the game before it, which is written
    /// again without a terminator, and none of its tags ends with its `]`. By form: `[0]`
    /// written as the text was, `[1]` in canonical form, where the game before it gets a
    /// terminator unless it is kept as written (a syntax error, or it starts where the text
    /// before it ends).
    pub takes_none: [bool; 2],
    /// The reader found a syntax error in it: a game of the dialect of numbered FENs before
    /// lettered moves is then written as it was, its FEN not renamed
    /// ([`crate::write::convert::Unconverted::DialectSyntaxError`]).
    pub syntax_error: bool,
}

/// Follows a file's start game after game to say how each is written again ([`AsWritten`]):
/// in canonical form the game before a game gets a terminator unless it is kept as written,
/// which it is when it has a syntax error, starts on the line where the text before it ends,
/// or starts only because its first tag repeats one of a game kept so (N216).
#[derive(Clone, Copy, Debug, Default)]
pub struct WrittenAgain {
    /// Canonical form keeps the last game as written, with no terminator.
    kept_before: bool,
}

impl WrittenAgain {
    /// How `game`, read from `chunk` (with a syntax error or not), is written again. Every
    /// game of the file's start is to be handed, in order, whether it is weighed or not.
    pub fn game(
        &mut self,
        chunk: &crate::syntax::Chunk,
        game: &Game,
        syntax_error: bool,
    ) -> AsWritten {
        let how = AsWritten {
            takes_none: [
                takes_no_gametype(chunk, game, true),
                takes_no_gametype(chunk, game, self.kept_before),
            ],
            syntax_error,
        };
        self.kept_before =
            syntax_error || chunk.first_column > 1 || (chunk.after_open_game && self.kept_before);
        how
    }
}

/// Whether no GameType can be written for `game`, read from `chunk`, when the file is
/// written again: it starts on the line where the text before it ends and the tag would go on
/// that line ([`shares_line`]: the game is kept as it was), or it starts a new game only
/// because its first tag repeats one of the game before it, which has no terminator (N216,
/// [`crate::syntax::Chunk::after_open_game`]) and is written again without one (`open_before`:
/// always, but in canonical form, where only a game kept as written keeps none), and none of
/// its tags ends with its `]`: a tag written before its first would be read as the other
/// game's, and one written after a tag left open would read on into it.
pub fn takes_no_gametype(chunk: &crate::syntax::Chunk, game: &Game, open_before: bool) -> bool {
    shares_line(chunk, game)
        || (open_before
            && chunk.after_open_game
            && !game.tags.is_empty()
            && crate::syntax::last_closed_tag(chunk, game).is_none())
}

/// Whether `game`, read from `chunk`, starts on the line where the text before it ends and a
/// GameType tag added to it would go on that line (after its last tag that ends with its `]`
/// there, or with none, before its first tag or element there,
/// [`crate::syntax::last_closed_tag`]): written again, it is kept as it was, with no GameType
/// ([`FileHead::games`], whose readers call it).
pub fn shares_line(chunk: &crate::syntax::Chunk, game: &Game) -> bool {
    if chunk.first_column <= 1 {
        return false;
    }
    let point = match crate::syntax::last_closed_tag(chunk, game) {
        Some(t) => t.span.end,
        None => game
            .tags
            .first()
            .map(|t| t.span.start)
            .or_else(|| game.first_element_start())
            .unwrap_or(game.span.end),
    };
    let end = point.saturating_sub(chunk.offset).min(chunk.text.len());
    !chunk
        .text
        .as_bytes()
        .get(..end)
        .unwrap_or_default()
        .iter()
        .any(|&b| b == b'\n' || b == b'\r')
}

/// A [`FileHead`] in a [`FileContext`]: one file's start, so any two are alike.
#[derive(Clone)]
struct HeadRef(Arc<dyn FileHead>);

impl std::fmt::Debug for HeadRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FileHead")
    }
}

impl PartialEq for HeadRef {
    fn eq(&self, _: &HeadRef) -> bool {
        true
    }
}

impl Eq for HeadRef {}

/// Which side's score a result gives first in a game where Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ResultConvention {
    /// PDN's: the first mover's (`1-0`: Black won).
    FirstMover,
    /// White's (`1-0`: White won), as many programs write it.
    White,
}

/// How the variant of a game without GameType was inferred.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Guess {
    /// The variant inferred.
    pub variant: Variant,
    /// The evidence, one phrase per item ("squares within 1-32 fit 8x8, White first, 'Italiana'
    /// in Event").
    pub evidence: String,
    /// The other variants that replay the file's games with the same evidence as far (empty
    /// when the evidence left only this one).
    #[serde(skip)]
    pub also: Vec<Variant>,
    /// Another run of the file's games without GameType, in the same notation and read from
    /// the replay too, was left open ([`Guess::also`] not empty for it). The file's runs of a
    /// notation are weighed together (the variant of one can be the presumption of another), so
    /// a GameType written for this game and not for those would change how those are read the
    /// next time the file is read: none is written ([`crate::write::convert::writes_gametype`]).
    #[serde(skip)]
    pub others_open: bool,
    /// What the GameTypes written for the file's other games ask of this one, for each way of
    /// writing the file again: its GameType too, where without it the file's other runs would
    /// be read otherwise; none, where its run is settled but a game of it written with none
    /// would then be read otherwise ([`Rewrites`]).
    #[serde(skip)]
    pub upholds: Rewrites,
}

/// A way of writing a file again: in which notation (`None`: each game in its own), and
/// whether in canonical form (every game converted written whole, [`crate::ConvertOptions`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Form {
    /// The notation every game is written in; `None`: each game in its own.
    pub notation: Option<crate::notation::NotationKind>,
    /// Every game converted is written whole, in canonical form.
    pub canonical: bool,
}

impl Form {
    /// The file written in `notation` (`None`: each game in its own), as its text was.
    pub const fn new(notation: Option<crate::notation::NotationKind>) -> Self {
        Form {
            notation,
            canonical: false,
        }
    }

    /// Every way of writing a file again, in the order [`Rewrites`] holds them.
    pub(crate) const ALL: [Form; 6] = {
        use crate::notation::NotationKind::{Algebraic, Numeric};
        [
            Form::new(None),
            Form::new(Some(Numeric)),
            Form::new(Some(Algebraic)),
            Form::new(None).in_canonical_form(),
            Form::new(Some(Numeric)).in_canonical_form(),
            Form::new(Some(Algebraic)).in_canonical_form(),
        ]
    };

    /// The same notation, in canonical form.
    pub const fn in_canonical_form(self) -> Self {
        Form {
            notation: self.notation,
            canonical: true,
        }
    }

    fn index(self) -> usize {
        let notation = match self.notation {
            None => 0,
            Some(crate::notation::NotationKind::Numeric) => 1,
            Some(crate::notation::NotationKind::Algebraic) => 2,
        };
        notation + 3 * usize::from(self.canonical)
    }
}

/// For each way of writing a file again ([`Form`]: each game in its own notation, all
/// numbered, all lettered; as written or in canonical form), what the GameTypes written for the
/// file's other runs ask of a run's games so that every run reads as it did. Written with the
/// GameTypes the settled runs get (and, in another notation, every run renamed into it), a run
/// without them would be weighed against other games with a GameType, and could read
/// otherwise: it gets the GameType of the variant it was read as ([`Rewrites::writes`]). A
/// settled run holding a game that is written again with none (it starts, tags and all, on the
/// line where the text before it ends) would leave that game to be read alone, and otherwise:
/// it gets none ([`Rewrites::withholds`]), unless then the run itself would read otherwise.
/// Where a run whose variant is unknown would read otherwise, which no GameType can mend, the
/// runs renamed into another notation (whose GameTypes are written whatever) are written wholly
/// as they were ([`Rewrites::keeps`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rewrites {
    writes: [bool; 6],
    withholds: [bool; 6],
    keeps: [bool; 6],
}

impl Rewrites {
    /// Whether the games get a GameType when the file is written in `form`, so that the file's
    /// other runs read as they did.
    pub fn writes(&self, form: Form) -> bool {
        self.writes[form.index()]
    }

    /// Whether the games get no GameType when the file is written in `form` although the
    /// evidence settled their variant: one of them would be written with none, and read alone,
    /// otherwise.
    pub fn withholds(&self, form: Form) -> bool {
        self.withholds[form.index()]
    }

    /// Whether the games are written as they were when the file is written in `form`:
    /// renamed into its notation, with the GameType renamed squares get, the run would make a
    /// run of the file whose variant is unknown read as a variant, or as another. A run kept so
    /// in one notation is kept in the other too, where it is in its own (written again, its
    /// text would change).
    pub fn keeps(&self, form: Form) -> bool {
        self.keeps[form.index()]
    }

    fn set(&mut self, form: Form, ask: Ask) {
        let i = form.index();
        self.writes[i] = ask == Ask::Writes;
        self.withholds[i] = ask == Ask::Withholds;
        self.keeps[i] = ask == Ask::Keeps;
    }
}

/// What one way of writing a file again asks of a run ([`Rewrites`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    /// Its games get a GameType.
    Writes,
    /// Its games get none, though the evidence settled their variant.
    Withholds,
    /// Its games are written as they were.
    Keeps,
}

/// The outcome of replaying one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The variant the game was replayed as; `None` when it could not be replayed.
    pub variant: Option<Variant>,
    /// How squares were named.
    pub layout: Option<Layout>,
    /// The side that moved first in the game (the GameType's, or the variant's own); `None`
    /// when the game could not be replayed.
    pub first_to_move: Option<Color>,
    /// Everything the replay found.
    pub diagnostics: Vec<Diagnostic>,
    /// Half-moves of the main line that were replayed.
    pub plies: u32,
    /// The main line was replayed to its end.
    pub complete: bool,
    /// The position at the end of the main line (or where it stopped).
    pub final_position: Option<Position>,
    /// How the variant was inferred, for a game without GameType; for a game not replayed
    /// (`variant` is `None`) because its FEN does not fit the variant its run was read as, that
    /// variant.
    pub guess: Option<Guess>,
    /// Every move played, of every line, in the order the replay played them (each line after
    /// its parent); kept only when [`ReplayOptions::record_moves`] asks.
    pub moves: Vec<PlayedMove>,
}

/// Replays one game.
pub fn replay_game(game: &Game, options: &ReplayOptions, ctx: &mut FileContext) -> GameReport {
    if options.record_moves {
        let mut moves = Vec::new();
        let mut report = replay(
            game,
            options,
            ctx,
            Some(&mut |e: &PlyEvent<'_>| moves.push(PlayedMove::from(e))),
        );
        report.moves = moves;
        report
    } else {
        replay(game, options, ctx, None)
    }
}

/// Replays one game and hands each move to `listener` as it is played: every line's, the
/// main line first, each variation after the line it branches from. A move the replay cannot
/// apply is not handed over (its diagnostic says why).
pub fn replay_game_with(
    game: &Game,
    options: &ReplayOptions,
    ctx: &mut FileContext,
    listener: &mut dyn FnMut(&PlyEvent<'_>),
) -> GameReport {
    replay(game, options, ctx, Some(listener))
}

fn replay(
    game: &Game,
    options: &ReplayOptions,
    ctx: &mut FileContext,
    listener: Option<&mut dyn FnMut(&PlyEvent<'_>)>,
) -> GameReport {
    let mut diagnostics = Vec::new();
    let variant::Selected {
        selection: sel,
        replayed: done,
        guess,
    } = match variant::select(game, options, ctx, &mut diagnostics) {
        Ok(selected) => selected,
        Err(guess) => {
            return GameReport {
                variant: None,
                layout: None,
                first_to_move: None,
                diagnostics,
                plies: 0,
                complete: false,
                final_position: None,
                guess,
                moves: Vec::new(),
            };
        }
    };
    let mut out = match (done, listener) {
        (Some(out), None) => out,
        (Some(out), Some(l)) => {
            // The choice of variant replayed the game already, with no one listening: play it
            // again for the listener, keeping what the choice found.
            line::replay_lines(game, &sel, options.rules, Some(l));
            out
        }
        (None, l) => line::replay_lines(game, &sel, options.rules, l),
    };
    if let Some(decided) = out.decided.take() {
        judge_result(decided, &sel, ctx, &mut out.diagnostics);
    }
    if let Some(g) = &guess {
        note_guess(g, &mut out.diagnostics);
    }
    diagnostics.extend(out.diagnostics);
    GameReport {
        variant: Some(sel.variant),
        layout: Some(sel.layout),
        first_to_move: Some(sel.first_to_move),
        diagnostics,
        plies: out.plies,
        complete: out.complete,
        final_position: out.final_position,
        guess,
        moves: Vec::new(),
    }
}

impl FileContext {
    /// The context of a file not read yet, whose start is `head`.
    pub fn with_head(head: Arc<dyn FileHead>) -> Self {
        FileContext {
            head: Some(HeadRef(head)),
            ..FileContext::default()
        }
    }

    /// Weighs the file's start, the first time a game's variant must be decided.
    pub(super) fn survey(&mut self, options: &ReplayOptions) {
        if let Some(HeadRef(head)) = self.head.take() {
            let mut survey = Survey::new(options);
            head.games(&mut |g, how| survey.add(g, how));
            survey.finish(self);
        }
    }

    /// Notes that a game of the file showed `variant`.
    pub(super) fn establish(&mut self, variant: Variant) {
        if !self.established.contains(&variant) {
            self.established.push(variant);
        }
    }

    /// Whether the file's results give White's score first in the games where Black moves
    /// first, as far as its final positions have shown (false until one has).
    pub fn white_score_first(&self) -> bool {
        self.convention == Some(ResultConvention::White)
    }
}

/// Judges a result against a final position in which the side to move has lost. Where Black
/// moves first, the file's convention decides what `1-0` means: the first game that shows it
/// fixes it, with one G514 when it is White's score first; a game that fits neither reading
/// (a draw, or the other convention than the file's) is a G503.
fn judge_result(
    d: line::Decided,
    sel: &variant::Selection,
    ctx: &mut FileContext,
    diags: &mut Vec<Diagnostic>,
) {
    use line::Outcome;
    let loser = d.loser;
    // Whether the result credits the winner, if `1-0` means that `first` won.
    let fits = |first: Color| match d.outcome {
        Outcome::FirstWins => loser != first,
        Outcome::SecondWins => loser == first,
        Outcome::Draw => false,
        Outcome::BothLose | Outcome::Unknown => true,
    };
    let first = sel.first_to_move;
    let mut note = None;
    if first == Color::Black && d.outcome != Outcome::Draw {
        let standard = fits(first);
        let white = fits(Color::White);
        match ctx.convention {
            None if standard => {
                ctx.convention = Some(ResultConvention::FirstMover);
                return;
            }
            None => {
                ctx.convention = Some(ResultConvention::White);
                diags.push(
                    Diagnostic::new(
                        &G514,
                        d.span,
                        {
                            let winner = loser.opponent();
                            // The winner's result the PDN way, in the file's own scale.
                            let two = d.raw.contains('2');
                            let pdn = match (winner == first, two) {
                                (true, false) => "1-0",
                                (false, false) => "0-1",
                                (true, true) => "2-0",
                                (false, true) => "0-2",
                            };
                            format!(
                                "this file gives White's score first: at the end {}, so {} won, and the file writes {}; PDN gives the first mover's score first, and in {} Black moves first, so {}'s win is {pdn}",
                                d.why,
                                winner.as_str(),
                                clip(&d.raw),
                                sel.variant.title(),
                                winner.as_str(),
                            )
                        },
                    )
                    .with_note(
                        "said once: the file's other results are read the same way, and only one that fits neither reading is reported",
                    ),
                );
                return;
            }
            Some(ResultConvention::FirstMover) if standard => return,
            Some(ResultConvention::White) if white => return,
            Some(ResultConvention::FirstMover) => {
                note = Some(
                    "the file's earlier results follow PDN's convention (first mover's score first)",
                );
            }
            Some(ResultConvention::White) => {
                note = Some(
                    "the file's earlier results give White's score first, and this result is read so",
                );
            }
        }
    } else if fits(first) {
        return;
    }
    let credited = if d.outcome == Outcome::Draw {
        "a draw"
    } else {
        "a win"
    };
    let mut diag = Diagnostic::new(
        &G503,
        d.span,
        format!(
            "at the end {}, so {} lost, but the result {} credits {} with {credited}",
            d.why,
            loser.as_str(),
            clip(&d.raw),
            loser.as_str()
        ),
    )
    .with_note(match note {
        Some(n) => n.to_string(),
        None => format!(
            "results count from the side that moves first in {} ({})",
            sel.variant.title(),
            first.as_str()
        ),
    });
    diag.diagram = Some(diagram(&d.position, &d.written));
    diags.push(diag);
}

/// A game replayed part by part as its movetext is read, so that a game of millions of moves
/// is never held whole: each part is a [`Game`] with the game's tags and a stretch of its
/// movetext (the last part with the terminator), cut before a move number of the main line,
/// outside variations. A game read in one part is replayed exactly as [`replay_game`] does.
///
/// Two findings wait for the end of the game, since later parts add to them: the one that
/// stops the main line (its note counts the moves left unchecked) and the game's one R310
/// (its note counts the other quiet moves written with `x`).
#[derive(Default)]
pub struct PartReplay {
    started: bool,
    /// The game is not replayed (its reason was reported with the first part).
    not_replayed: bool,
    sel: Option<Selection>,
    guess: Option<Guess>,
    carry: Option<line::Carry>,
    /// The main line stopped in a part before the last: later parts are not replayed.
    stopped: bool,
    /// The finding that stopped it, and the main-line moves left after it.
    stop: Option<(Diagnostic, usize)>,
    /// The game's R310, from a part before the last.
    quiet_x: Option<Diagnostic>,
    quiet_x_seen: usize,
    plies: u32,
    complete: bool,
    final_position: Option<Position>,
    report: Option<GameReport>,
}

impl PartReplay {
    /// A replay that has seen no part yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Replays the game's next part (`last`: the game ends with it); the findings go to `out`.
    pub fn part(
        &mut self,
        game: &Game,
        options: &ReplayOptions,
        ctx: &mut FileContext,
        last: bool,
        out: &mut Vec<Diagnostic>,
    ) {
        if !self.started {
            self.started = true;
            if last {
                let mut r = replay_game(game, options, ctx);
                out.append(&mut r.diagnostics);
                self.report = Some(r);
                return;
            }
            match variant::select(game, options, ctx, out) {
                Ok(chosen) => {
                    self.sel = Some(chosen.selection);
                    self.guess = chosen.guess;
                }
                Err(guess) => {
                    self.guess = guess;
                    self.not_replayed = true;
                    return;
                }
            }
        } else if self.report.is_some() || self.not_replayed {
            return;
        }
        let Some(sel) = &self.sel else { return };
        if self.stopped {
            // The main line stopped in an earlier part: count what is left unchecked.
            if let Some((_, rest)) = &mut self.stop {
                *rest += game.main_line_moves().count();
            }
        } else {
            let from = self.carry.take();
            let mut o = line::replay_part(game, sel, options.rules, None, from, last);
            self.plies = o.plies;
            self.complete = o.complete;
            self.final_position = o.final_position.take();
            self.quiet_x_seen = o.quiet_x_seen;
            if let Some(decided) = o.decided.take() {
                judge_result(decided, sel, ctx, &mut o.diagnostics);
            }
            if let Some(g) = &self.guess {
                note_guess(g, &mut o.diagnostics);
            }
            let mut held = [None, None];
            if !last {
                if let Some((i, rest)) = o.main_stop {
                    held[0] = Some((i, rest));
                }
                if self.quiet_x.is_none() {
                    if let Some(i) = o.diagnostics.iter().position(|d| d.code == R310.code) {
                        held[1] = Some((i, 0));
                    }
                }
            }
            // Take the held findings out, the later index first.
            let mut idx: Vec<(usize, usize, bool)> = held
                .iter()
                .enumerate()
                .filter_map(|(k, h)| h.map(|(i, rest)| (i, rest, k == 0)))
                .collect();
            idx.sort_by_key(|h| std::cmp::Reverse(h.0));
            idx.dedup_by_key(|h| h.0);
            for (i, rest, is_stop) in idx {
                let mut d = o.diagnostics.remove(i);
                if is_stop {
                    // Its note is written again at the end, with the moves of later parts.
                    d.notes.pop();
                    self.stop = Some((d, rest));
                } else {
                    self.quiet_x = Some(d);
                }
            }
            out.append(&mut o.diagnostics);
            self.carry = o.carry;
            self.stopped = !last && self.carry.is_none();
        }
        if last {
            self.finish_held(out);
        }
    }

    /// The findings held back until the game's last part (the one that stopped the main
    /// line, the game's R310), for a caller that keeps their source text while it is at hand.
    pub fn held_mut(&mut self) -> impl Iterator<Item = &mut Diagnostic> {
        self.stop
            .iter_mut()
            .map(|(d, _)| d)
            .chain(self.quiet_x.iter_mut())
    }

    fn finish_held(&mut self, out: &mut Vec<Diagnostic>) {
        if let Some(mut d) = self.quiet_x.take() {
            if self.quiet_x_seen > 1 {
                d.notes.push(line::quiet_x_note(self.quiet_x_seen - 1));
            }
            out.push(d);
        }
        if let Some((mut d, rest)) = self.stop.take() {
            d.notes.push(line::stop_note_text(rest));
            out.push(d);
        }
    }

    /// The report of the game once its last part is replayed (its findings went to `out` of
    /// each part).
    pub fn finish(mut self) -> GameReport {
        if let Some(r) = self.report.take() {
            return r;
        }
        let Some(sel) = self.sel.take().filter(|_| !self.not_replayed) else {
            return GameReport {
                variant: None,
                layout: None,
                first_to_move: None,
                diagnostics: Vec::new(),
                plies: 0,
                complete: false,
                final_position: None,
                guess: self.guess,
                moves: Vec::new(),
            };
        };
        GameReport {
            variant: Some(sel.variant),
            layout: Some(sel.layout),
            first_to_move: Some(sel.first_to_move),
            diagnostics: Vec::new(),
            plies: self.plies,
            complete: self.complete,
            final_position: self.final_position,
            guess: self.guess,
            moves: Vec::new(),
        }
    }
}

/// Notes the guess behind every error of a game whose variant was inferred.
fn note_guess(g: &Guess, diagnostics: &mut [Diagnostic]) {
    let note = format!(
        "variant guessed: {}, from: {}",
        g.variant.title(),
        g.evidence
    );
    for d in diagnostics
        .iter_mut()
        .filter(|d| d.severity == Severity::Error)
    {
        d.notes.push(note.clone());
    }
}
