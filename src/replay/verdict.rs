//! What a move that cannot be played is told as: the finding made of a [`ResolveError`], with
//! the squares and moves named as the game writes them. A function of the error, the position
//! and the move token alone, so it is tested apart from the replay.

use super::diagram;
use crate::board::{Position, Role, Square};
use crate::lint::codes::replay::*;
use crate::lint::{Diagnostic, Diagram, MoveContext};
use crate::notation::Layout;
use crate::notation::resolve::{Reach, ResolveError, matching, write_move, write_move_in};
use crate::rules::{Criterion, Move, Variant};
use crate::source::Span;
use crate::syntax::Move as MoveToken;

use super::Selection;

/// How the findings about a game's moves name squares and moves: in the layout the game
/// writes them in, with its variant's capture separator.
pub(super) struct Voice<'a> {
    /// The rules and board the game is replayed with.
    pub(super) sel: &'a Selection,
    /// The layout squares are written in.
    pub(super) written: Layout,
}

impl Voice<'_> {
    pub(super) fn board(&self) -> crate::board::Board {
        self.sel.layout.board
    }

    pub(super) fn name(&self, sq: Square) -> String {
        self.written.name(sq)
    }

    pub(super) fn names(&self, squares: &[Square]) -> String {
        squares
            .iter()
            .map(|&s| self.name(s))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub(super) fn notate(&self, mv: &Move, legal: &[Move]) -> String {
        write_move_in(
            &self.written,
            mv,
            legal,
            self.sel.variant.capture_separator(),
        )
    }

    pub(super) fn full(&self, mv: &Move) -> String {
        write_move(
            &self.written,
            mv,
            self.sel.variant.capture_separator(),
            true,
        )
    }

    /// A rule error's last touches: the note on a first move whose squares all fit a smaller
    /// board, the move's context and the board before it.
    fn finish(&self, d: Diagnostic, ctx: MoveContext, pic: Diagram) -> Diagnostic {
        let mut d = d;
        if let Some(b) = self.sel.smaller_board {
            if ctx.ply == 1 && ctx.variation_depth == 0 {
                d.notes.push(format!(
                    "every square of this game fits on {b}, a smaller board than the {} of {}: is the GameType right?",
                    self.board(),
                    self.sel.variant.title()
                ));
            }
        }
        let mut d = d.with_context(ctx);
        d.diagram = Some(pic);
        d
    }

    /// Why `played`, a capture of `pos`, is not one of the `legal` captures: the rule of the
    /// variant's capture choice it broke.
    fn capture_choice_error(
        &self,
        pos: &Position,
        span: Span,
        text: &str,
        played: &Move,
        legal: &[&Move],
    ) -> Diagnostic {
        let choice = self.sel.variant.rules().capture_choice;
        let mine = pos.capture_traits(played);
        let best = legal
            .iter()
            .map(|m| pos.capture_traits(m))
            .max_by_key(|t| choice.rank(*t))
            .unwrap_or_default();
        let ordinal = |i: Option<u32>| match i.map(|i| i + 1) {
            Some(1) => "first".to_string(),
            Some(2) => "second".to_string(),
            Some(3) => "third".to_string(),
            Some(n) => format!("{n}th"),
            None => "last".to_string(),
        };
        match choice.broken(mine, best) {
            Some(Criterion::WithKing) if self.sel.variant == Variant::Czech => Diagnostic::new(
                &R316,
                span,
                format!(
                    "{text} captures with a man, but a king can capture, and in {} a king \
                     must capture when it can",
                    self.sel.variant.title()
                ),
            ),
            Some(Criterion::WithKing) => Diagnostic::new(
                &R316,
                span,
                format!(
                    "{text} captures with a man, but a king can take as many pieces ({}), and \
                     a capture by a king comes first",
                    best.pieces
                ),
            ),
            Some(Criterion::MostKings) => Diagnostic::new(
                &R316,
                span,
                format!(
                    "{text} takes {} king(s), but a capture of as many pieces takes {}, and the \
                     one that takes the most kings comes first",
                    mine.kings, best.kings
                ),
            ),
            Some(Criterion::KingFirstMet) => Diagnostic::new(
                &R316,
                span,
                format!(
                    "{text} takes its first king as its {} piece, but another capture takes \
                     one as its {} piece, and the capture that meets a king first comes first",
                    ordinal(mine.first_king),
                    ordinal(best.first_king),
                ),
            ),
            Some(Criterion::MostValue) => Diagnostic::new(
                &R316,
                span,
                format!(
                    "{text} takes {} man/men and {} king(s), but another capture takes {} and \
                     {}, which is worth more: in {} a king counts more than one man and less \
                     than two",
                    mine.pieces - mine.kings,
                    mine.kings,
                    best.pieces - best.kings,
                    best.kings,
                    self.sel.variant.title()
                ),
            ),
            Some(Criterion::MostPieces) | None => Diagnostic::new(
                &R306,
                span,
                format!(
                    "{text} takes {} piece(s), but the majority rule requires a capture of {}",
                    mine.pieces, best.pieces
                ),
            ),
        }
    }

    /// Says why a piece cannot go from `from` to `to`, in the squares the move is written in.
    fn why_unreachable(&self, from: Square, to: Square, why: Reach) -> String {
        let (a, b) = (self.name(from), self.name(to));
        match why {
            Reach::NotDiagonal => format!("{b} is not on a diagonal from {a}"),
            Reach::NotStraight => format!("{b} is not on a row or file with {a}"),
            Reach::Backwards => format!("a man cannot move backwards ({a} to {b})"),
            Reach::ManTooFar { rows } => {
                format!("a man moves one square at a time; {a} to {b} is {rows} squares")
            }
            Reach::KingTooFar { rows } => format!(
                "a king of {} moves one square at a time; {a} to {b} is {rows} squares",
                self.sel.variant.title()
            ),
            Reach::Blocked(sq) => format!(
                "the king's way from {a} to {b} is blocked on {}",
                self.name(sq)
            ),
            Reach::King => format!("the king cannot go from {a} to {b}"),
        }
    }
}

/// The one place a [`ResolveError`] becomes a diagnostic: its code, place and message, the
/// moves there were, the board, and the notes it needs. `pos` is the position the move was
/// read in.
pub(super) fn resolve_diagnostic(
    voice: &Voice<'_>,
    e: &ResolveError,
    pos: &Position,
    m: &MoveToken,
    mut ctx: MoveContext,
) -> Diagnostic {
    let side = pos.side_to_move();
    let text = ctx.text.clone();
    let fspan = m.squares.first().map_or(m.span, |s| s.span);
    let tspan = m.squares.last().map_or(m.span, |s| s.span);
    // Squares are named as the move writes them.
    let from_text = m
        .squares
        .first()
        .map_or(String::new(), |s| s.raw.to_string());
    let to_text = m
        .squares
        .last()
        .map_or(String::new(), |s| s.raw.to_string());
    let legal = || pos.legal_moves();
    let notate_all = |moves: &[Move], legal: &[Move]| -> Vec<String> {
        moves.iter().map(|mv| voice.notate(mv, legal)).collect()
    };
    let pic = || diagram(pos, &voice.written);
    let applied = "the move is applied as recorded and the replay goes on";
    match e {
        ResolveError::SearchLimit => Diagnostic::new(
            &crate::lint::codes::file::F008,
            m.span,
            format!(
                "{}: the position has more capture sequences than pdnkit searches ({} steps), so the move cannot be judged",
                ctx.text,
                crate::rules::CAPTURE_SEARCH_LIMIT
            ),
        )
        .with_note("the rest of this line is not checked")
        .with_context(ctx),
        ResolveError::OffBoard(off) => {
            let span = m.squares.get(off.index).map_or(m.span, |s| s.span);
            Diagnostic::new(
                &R312,
                span,
                format!(
                    "{} is not a playing square of the {} board of {}",
                    off.text,
                    voice.board(),
                    voice.sel.variant.title()
                ),
            )
            .with_context(ctx)
        }
        ResolveError::ShortNoPiece { file } => {
            let legal = legal();
            ctx.expected = notate_all(&legal, &legal);
            let letter = (b'a' + file) as char;
            let d = Diagnostic::new(
                &R318,
                m.span,
                format!(
                    "{}: no {} piece on the {letter} file can move to {to_text}",
                    ctx.text,
                    side.as_str()
                ),
            );
            voice.finish(d, ctx, pic())
        }
        ResolveError::ShortAmbiguous { pieces, rest, .. } => {
            let with = |from: Square| {
                let mut w = Vec::with_capacity(rest.len() + 1);
                w.push(from);
                w.extend_from_slice(rest);
                w
            };
            // Each reading as the move it stands for (`b2-c3`, `b4-c3`).
            let all: Vec<Move> = pos
                .quiet_moves()
                .iter()
                .chain(pos.all_captures().iter())
                .cloned()
                .collect();
            ctx.expected = pieces
                .iter()
                .map(|&f| match matching(pos.board(), &with(f), &all).first() {
                    Some(mv) => voice.notate(mv, &all),
                    None => voice.names(&with(f)),
                })
                .collect();
            let roles: Vec<&str> = pieces.iter().map(|&f| piece_role(pos, f)).collect();
            let names: Vec<String> = pieces.iter().map(|&f| voice.name(f)).collect();
            // `the white men on c7 and c3`, or `the white man on c3 and king on b4`.
            let who = if roles.windows(2).all(|w| w[0] == w[1]) {
                format!("{}s on {}", roles[0], names.join(" and "))
            } else {
                roles
                    .iter()
                    .zip(&names)
                    .map(|(r, n)| format!("{r} on {n}"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            };
            let each = if pieces.len() == 2 { "both" } else { "each" };
            Diagnostic::new(
                &R317,
                m.span,
                format!(
                    "{}: the {} {who} can {each} make this move; short notation does not \
                     say which",
                    ctx.text,
                    side.as_str(),
                ),
            )
            .with_context(ctx)
        }
        ResolveError::GameOver { no_pieces } => {
            let why = if *no_pieces {
                "has no pieces left"
            } else {
                "has no legal move"
            };
            Diagnostic::new(
                &G501,
                m.span,
                format!(
                    "{}: the game was already over, {} {why}",
                    ctx.text,
                    side.as_str()
                ),
            )
            .with_context(ctx)
        }
        ResolveError::KingWon { winner } => Diagnostic::new(
            &G501,
            m.span,
            format!(
                "{}: the game was already over, {} has a king, which wins {}",
                ctx.text,
                winner.as_str(),
                pos.variant().title()
            ),
        )
        .with_context(ctx),
        ResolveError::NoPiece { .. } => {
            let legal = legal();
            ctx.expected = notate_all(&legal, &legal);
            let d = Diagnostic::new(
                &R301,
                fspan,
                format!("{text}: there is no piece on {from_text}"),
            );
            voice.finish(d, ctx, pic())
        }
        ResolveError::WrongSide { piece, .. } => {
            let legal = legal();
            ctx.expected = notate_all(&legal, &legal);
            let d = Diagnostic::new(
                &R302,
                fspan,
                format!(
                    "{text}: the {} on {from_text} is {}'s, but it is {}'s move",
                    role_name(piece.role),
                    piece.color.as_str(),
                    side.as_str()
                ),
            );
            voice.finish(d, ctx, pic())
        }
        ResolveError::MissedCapture { captures, .. } => {
            let capture_list = notate_all(captures, &legal());
            let d = Diagnostic::new(
                &R305,
                m.span,
                format!(
                    "{text} takes nothing, but {} had to capture ({})",
                    side.as_str(),
                    capture_list.join(", ")
                ),
            )
            .with_note(applied);
            ctx.expected = capture_list;
            voice.finish(d, ctx, pic())
        }
        ResolveError::CaptureChoice { played, captures } => {
            ctx.expected = notate_all(captures, &legal());
            let allowed: Vec<&Move> = captures.iter().collect();
            let d = voice
                .capture_choice_error(pos, m.span, &text, played, &allowed)
                .with_note(applied);
            voice.finish(d, ctx, pic())
        }
        ResolveError::StoppedEarly {
            partial, captures, ..
        } => {
            ctx.expected = notate_all(captures, &legal());
            let d = Diagnostic::new(
                &R307,
                tspan,
                format!(
                    "{text} stops on {} after taking {}, but the piece could go on capturing",
                    voice.name(partial.to),
                    partial.captured.len()
                ),
            )
            .with_note(applied);
            voice.finish(d, ctx, pic())
        }
        ResolveError::Ambiguous { candidates } => {
            ctx.expected = candidates.iter().map(|c| voice.full(c)).collect();
            Diagnostic::new(
                &R309,
                m.span,
                format!(
                    "{} matches {} legal captures that take different pieces",
                    ctx.text,
                    candidates.len()
                ),
            )
            .with_context(ctx)
        }
        ResolveError::NotACapture {
            captures,
            man_over_king,
        } => {
            let legal = legal();
            ctx.expected = if captures.is_empty() {
                notate_all(&legal, &legal)
            } else {
                notate_all(captures, &legal)
            };
            let msg = if captures.is_empty() {
                format!(
                    "{text} is written as a capture, but {} has no capture here",
                    side.as_str()
                )
            } else {
                format!(
                    "{text} matches none of the captures {} can make",
                    side.as_str()
                )
            };
            let mut d = Diagnostic::new(&R308, m.span, msg);
            if let Some(king) = man_over_king {
                d = d.with_note(format!(
                    "the piece on {} is a king, and in {} a man may not take a king",
                    voice.name(*king),
                    voice.sel.variant.title()
                ));
            }
            voice.finish(d, ctx, pic())
        }
        ResolveError::Occupied { captures, .. }
        | ResolveError::Unreachable { captures, .. } => {
            let legal = legal();
            let capture_list = notate_all(captures, &legal);
            ctx.expected = if captures.is_empty() {
                notate_all(&legal, &legal)
            } else {
                capture_list.clone()
            };
            let mut d = match e {
                ResolveError::Unreachable { from, to, why, .. } => Diagnostic::new(
                    &R304,
                    m.span,
                    format!("{text}: {}", voice.why_unreachable(*from, *to, *why)),
                ),
                _ => Diagnostic::new(&R303, tspan, format!("{text}: {to_text} is occupied")),
            };
            if !captures.is_empty() {
                d = d.with_note(format!(
                    "a capture was compulsory: {}",
                    capture_list.join(", ")
                ));
            }
            voice.finish(d, ctx, pic())
        }
    }
}

/// `man` or `king`: the piece on `sq` (a square the side to move holds).
pub(super) fn piece_role(pos: &Position, sq: Square) -> &'static str {
    pos.piece_at(sq).map_or("piece", |p| role_name(p.role))
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Man => "man",
        Role::King => "king",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::syntax::{Element, ReadOptions, parse_str};

    /// The selection of a standard International game, told in its numeric squares.
    fn international() -> Selection {
        Selection {
            variant: Variant::International,
            layout: Layout::standard(Variant::International),
            first_to_move: Color::White,
            start: Position::start(Variant::International),
            declared_notation: true,
            smaller_board: None,
        }
    }

    /// The first move token of `movetext`.
    fn token(movetext: &str) -> MoveToken {
        let chunks = parse_str(movetext, &ReadOptions::default());
        let game = chunks[0].game.as_ref().expect("a game");
        game.body
            .iter()
            .find_map(|e| match e {
                Element::Move(m) => Some(m.clone()),
                _ => None,
            })
            .expect("a move")
    }

    fn context(text: &str) -> MoveContext {
        MoveContext {
            ply: 1,
            move_number: 1,
            side: Color::White,
            text: text.to_string(),
            variation_depth: 0,
            expected: Vec::new(),
        }
    }

    #[test]
    fn a_move_from_an_empty_square_names_the_square_as_written() {
        let sel = international();
        let voice = Voice {
            sel: &sel,
            written: sel.layout,
        };
        let m = token("1. 28-23 *");
        let from = Square::from_number(28).expect("a square");
        let d = resolve_diagnostic(
            &voice,
            &ResolveError::NoPiece { from },
            &sel.start,
            &m,
            context("28-23"),
        );
        assert_eq!(d.code, "R301");
        assert_eq!(d.message, "28-23: there is no piece on 28");
        assert_eq!(d.span, m.squares[0].span);
        let ctx = d.context.as_ref().expect("a move context");
        // The moves legal here are listed: White's nine opening moves.
        assert_eq!(ctx.expected.len(), 9);
        assert!(
            ctx.expected.contains(&"32-28".to_string()),
            "{:?}",
            ctx.expected
        );
        assert!(d.diagram.is_some());
    }

    #[test]
    fn a_move_of_the_side_not_to_move_says_whose_piece_it_is() {
        let sel = international();
        let voice = Voice {
            sel: &sel,
            written: sel.layout,
        };
        let m = token("1. 19-23 *");
        let from = Square::from_number(19).expect("a square");
        let piece = sel.start.piece_at(from).expect("a black man");
        let d = resolve_diagnostic(
            &voice,
            &ResolveError::WrongSide { from, piece },
            &sel.start,
            &m,
            context("19-23"),
        );
        assert_eq!(d.code, "R302");
        assert!(
            d.message.starts_with("19-23: the man on 19 is black's"),
            "{}",
            d.message
        );
    }
}
