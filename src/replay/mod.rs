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

mod line;
mod select;

use serde::Serialize;

use crate::board::Position;
use crate::lint::Diagnostic;
use crate::notation::Layout;
use crate::rules::Variant;
use crate::syntax::Game;

pub use select::Selection;

/// Which historical rule set decides what a missed capture is.
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

/// How to replay.
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// Replay every game as this variant, whatever its tags say.
    pub variant: Option<Variant>,
    /// The rule profile.
    pub rules: RuleProfile,
}

/// What the replay learned from the games of one file so far, so that the variant inferred for
/// untagged games stays the same across the file unless the evidence differs.
#[derive(Clone, Debug, Default)]
pub struct FileContext {
    /// The variant guessed last, with the board and notation its game's squares showed.
    guess: Option<(Variant, (crate::board::Board, bool))>,
}

/// The outcome of replaying one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The variant the game was replayed as; `None` when it could not be replayed.
    pub variant: Option<Variant>,
    /// How squares were named.
    pub layout: Option<Layout>,
    /// Everything the replay found.
    pub diagnostics: Vec<Diagnostic>,
    /// Half-moves of the main line that were replayed.
    pub plies: u32,
    /// The main line was replayed to its end.
    pub complete: bool,
    /// The position at the end of the main line (or where it stopped).
    pub final_position: Option<Position>,
}

/// Replays one game.
pub fn replay_game(game: &Game, options: &ReplayOptions, ctx: &mut FileContext) -> GameReport {
    let mut diagnostics = Vec::new();
    let Some((sel, done)) = select::select(game, options, ctx, &mut diagnostics) else {
        return GameReport {
            variant: None,
            layout: None,
            diagnostics,
            plies: 0,
            complete: false,
            final_position: None,
        };
    };
    let out = match done {
        Some(out) if options.rules == RuleProfile::Modern => out,
        _ => line::replay_lines(game, &sel, options.rules),
    };
    diagnostics.extend(out.diagnostics);
    GameReport {
        variant: Some(sel.variant),
        layout: Some(sel.layout),
        diagnostics,
        plies: out.plies,
        complete: out.complete,
        final_position: out.final_position,
    }
}
