//! [`Position`]: one variant's position as a program uses it. Its legal moves carry their
//! text in the variant's own notation, and a move can be played from its text.
//!
//! A thin layer over the board, the move generator, the FEN reader and writer and the move
//! resolver the replay uses: the same rules, the same square names, the same reading of a
//! written move.

use std::fmt;

use crate::board::{Color, Piece, Role, Square};
use crate::notation::fen::{self, FenError};
use crate::notation::resolve::{self, ResolveError};
use crate::notation::{Layout, NotationKind};
use crate::rules::{self, Variant};
use crate::syntax::{self, Element, Move as MoveToken, ReadOptions};
use crate::write::convert::{CaptureStyle, capture_squares};

/// A position of one variant: the pieces, the side to move, and the names of the squares.
///
/// The squares are named as the variant's standard GameType names them (`32`, `c3`); a
/// [`Square`] is the board's own index of a square, which [`Position::square`] and
/// [`Position::square_name`] turn from and into a name. Rules that depend on the game's
/// history rather than on the position (Frisian's limit on moves of one king, draws by
/// repetition) are the replay's business, not the position's.
///
/// # Examples
///
/// ```
/// use pdnkit::{Color, Position, Variant};
///
/// let mut pos = Position::start(Variant::International);
/// assert_eq!(pos.turn(), Color::White);
/// assert_eq!(pos.legal_moves().len(), 9);
/// pos.play_text("32-28")?;
/// pos.play_text("19-23")?;
/// pos.play_text("28x19")?;
/// assert_eq!(pos.to_fen(), "B:W19,31,33-50:B1-18,20");
/// # Ok::<(), pdnkit::PlayError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    inner: rules::Position,
    layout: Layout,
}

/// A legal move of a [`Position`], with its text in the position's notation.
///
/// The text is the one PDN 3.0 asks for: start and end square (`32-28`, `26x37`, `c3-d4`,
/// `c3:e5`, with the variant's own capture separator), and more squares only when another
/// legal capture has the same ends: the squares where the piece turns, or its whole path.
///
/// # Examples
///
/// ```
/// use pdnkit::{Position, Variant};
///
/// let pos = Position::from_fen("W:W28:B23,13", Variant::International)?;
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 1);
/// let mv = &moves[0];
/// assert_eq!(mv.notation(), "28x8");
/// assert!(mv.is_capture());
/// let path: Vec<String> = mv.path().iter().map(|&s| pos.square_name(s)).collect();
/// assert_eq!(path, ["28", "19", "8"]);
/// let taken: Vec<String> = mv.captured().iter().map(|&s| pos.square_name(s)).collect();
/// assert_eq!(taken, ["23", "13"]);
/// # Ok::<(), pdnkit::FenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    inner: rules::Move,
    text: String,
}

/// Why a move cannot be played.
///
/// # Examples
///
/// ```
/// use pdnkit::{PlayError, Position, Variant};
///
/// let mut pos = Position::start(Variant::English);
/// assert!(matches!(pos.play_text("hello"), Err(PlayError::NotAMove(_))));
/// let e = pos.play_text("22-18").unwrap_err();
/// assert_eq!(e.to_string(), "22-18: the man on 22 is white's, but it is black's move");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The text does not read as one move (`32-28`, `26x37`, `c3-d4`, `cd4`, `3228`).
    #[error("`{0}` is not a move")]
    NotAMove(String),
    /// The move is not legal in the position (or the game is over).
    #[error("{text}: {reason}")]
    Illegal {
        /// The move as written.
        text: String,
        /// Why it cannot be played, one clause.
        reason: String,
    },
    /// The text matches several legal moves that take different pieces.
    #[error("{text} matches {} legal moves: {}", candidates.len(), candidates.join(", "))]
    Ambiguous {
        /// The move as written.
        text: String,
        /// The moves it may mean, each written out in full.
        candidates: Vec<String>,
    },
}

impl Position {
    /// The start position of `variant`, its first player to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Color, Position, Variant};
    ///
    /// let pos = Position::start(Variant::English);
    /// assert_eq!(pos.turn(), Color::Black);
    /// assert_eq!(pos.to_fen(), "B:W21-32:B1-12");
    /// ```
    pub fn start(variant: Variant) -> Position {
        Position::from_board(rules::Position::start(variant))
    }

    /// The position a FEN describes (`W:W31-50:B1-20`, `W:Wa1,c1,Kh8:Bb8`), squares named as
    /// `variant` names them; `?` for the side to move gives the variant's first player.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Color, Position, Role, Variant};
    ///
    /// let pos = Position::from_fen("B:WK4,30:B27,22", Variant::English)?;
    /// assert_eq!(pos.turn(), Color::Black);
    /// let king = pos.square("4").and_then(|s| pos.piece_at(s)).unwrap();
    /// assert_eq!((king.color, king.role), (Color::White, Role::King));
    /// assert!(Position::from_fen("W:W51:B1", Variant::International).is_err());
    /// # Ok::<(), pdnkit::FenError>(())
    /// ```
    pub fn from_fen(fen: &str, variant: Variant) -> Result<Position, FenError> {
        let layout = Layout::standard(variant);
        let inner = fen::position(fen, variant, &layout)?;
        Ok(Position { inner, layout })
    }

    /// The board position under the facade.
    pub(crate) fn board_position(&self) -> &rules::Position {
        &self.inner
    }

    /// How the position names its squares: the board, the notation and where numbering
    /// starts. Two positions with equal layouts give every square the same name, so a
    /// caller can make each name once per layout.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{NotationKind, Position, Square, Variant};
    ///
    /// let pos = Position::start(Variant::Russian);
    /// let layout = pos.layout();
    /// assert_eq!(layout.kind, NotationKind::Algebraic);
    /// assert_eq!(layout.board.squares(), 32);
    /// assert_eq!(layout.name(Square(0)), pos.square_name(Square(0)));
    /// assert_ne!(layout, Position::start(Variant::English).layout());
    /// ```
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    fn from_board(inner: rules::Position) -> Position {
        let layout = Layout::standard(inner.variant());
        Position { inner, layout }
    }

    /// A position the replay reached, its squares named as `layout` names them.
    pub(crate) fn from_replay(inner: rules::Position, layout: Layout) -> Position {
        Position { inner, layout }
    }

    /// The position after `mv`, a move the replay played from this position (legal or not).
    pub(crate) fn after(&self, mv: &rules::Move) -> Position {
        let mut next = self.clone();
        next.inner.play(mv);
        next
    }

    /// `mv`, a move the replay played from this position, with its text.
    pub(crate) fn notated(&self, mv: &rules::Move) -> Move {
        Move {
            text: self.notate(mv, &self.legal()),
            inner: mv.clone(),
        }
    }

    /// The position as a PDN 3.0 FEN, in the position's notation: White's pieces first, kings
    /// marked `K`, runs of three or more numbered squares as ranges.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// assert_eq!(Position::start(Variant::International).to_fen(), "W:W31-50:B1-20");
    /// let fen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
    /// assert_eq!(Position::from_fen(fen, Variant::English)?.to_fen(), "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29");
    /// # Ok::<(), pdnkit::FenError>(())
    /// ```
    pub fn to_fen(&self) -> String {
        let pieces: Vec<(Square, Piece)> = self.inner.pieces().collect();
        fen::write_fen(Some(self.turn()), &pieces, &self.layout)
    }

    /// The variant whose rules apply.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// assert_eq!(Position::start(Variant::Frisian).variant(), Variant::Frisian);
    /// ```
    pub fn variant(&self) -> Variant {
        self.inner.variant()
    }

    /// The side to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Color, Position, Variant};
    ///
    /// let mut pos = Position::start(Variant::Russian);
    /// assert_eq!(pos.turn(), Color::White);
    /// pos.play_text("c3-d4")?;
    /// assert_eq!(pos.turn(), Color::Black);
    /// # Ok::<(), pdnkit::PlayError>(())
    /// ```
    pub fn turn(&self) -> Color {
        self.inner.side_to_move()
    }

    /// Whether squares are written as numbers or as file and rank.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{NotationKind, Position, Variant};
    ///
    /// assert_eq!(Position::start(Variant::English).notation(), NotationKind::Numeric);
    /// assert_eq!(Position::start(Variant::Russian).notation(), NotationKind::Algebraic);
    /// ```
    pub fn notation(&self) -> NotationKind {
        self.layout.kind
    }

    /// The same position with its squares written as numbers or as file and rank: in moves,
    /// in its FEN, and in the names [`Position::square_name`] gives. Both forms are read
    /// whatever the notation.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{NotationKind, Position, Variant};
    ///
    /// let pos = Position::start(Variant::International).with_notation(NotationKind::Algebraic);
    /// assert_eq!(pos.legal_moves()[0].notation(), "b4-a5");
    /// let numeric = Position::start(Variant::Russian).with_notation(NotationKind::Numeric);
    /// assert_eq!(numeric.to_fen(), "W:W21-32:B1-12");
    /// ```
    pub fn with_notation(mut self, kind: NotationKind) -> Position {
        self.layout.kind = kind;
        self
    }

    /// The piece on `square`, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Color, Piece, Position, Role, Variant};
    ///
    /// let pos = Position::start(Variant::International);
    /// let sq = pos.square("31").unwrap();
    /// assert_eq!(pos.piece_at(sq), Some(Piece { color: Color::White, role: Role::Man }));
    /// assert_eq!(pos.piece_at(pos.square("25").unwrap()), None);
    /// ```
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.inner.piece_at(square)
    }

    /// Every piece on the board with its square, in the board's order of squares.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Color, Position, Role, Variant};
    ///
    /// let pos = Position::from_fen("W:WK10,45:B5", Variant::International)?;
    /// let kings: Vec<String> = pos
    ///     .pieces()
    ///     .filter(|(_, p)| p.role == Role::King)
    ///     .map(|(s, _)| pos.square_name(s))
    ///     .collect();
    /// assert_eq!(kings, ["10"]);
    /// assert_eq!(pos.pieces().filter(|(_, p)| p.color == Color::White).count(), 2);
    /// # Ok::<(), pdnkit::FenError>(())
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.inner.pieces()
    }

    /// How many pieces of `color` and `role` stand on the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Color, Position, Role, Variant};
    ///
    /// let pos = Position::start(Variant::Canadian);
    /// assert_eq!(pos.count(Color::Black, Role::Man), 30);
    /// assert_eq!(pos.count(Color::Black, Role::King), 0);
    /// ```
    pub fn count(&self, color: Color, role: Role) -> u32 {
        self.inner.count(color, role)
    }

    /// The square a name (`32`, `032`, `c3`, `C3`) stands for on this board, in either
    /// notation; `None` for a name that is not a playing square.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::start(Variant::Russian);
    /// let c3 = pos.square("c3").unwrap();
    /// assert_eq!(pos.square_name(c3), "c3");
    /// assert_eq!(pos.square("22"), Some(c3));
    /// assert_eq!(pos.square("a2"), None);
    /// ```
    pub fn square(&self, name: &str) -> Option<Square> {
        self.layout.parse(name)
    }

    /// The name of `square` in the position's notation.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::start(Variant::International);
    /// let names: Vec<String> = pos.pieces().take(3).map(|(s, _)| pos.square_name(s)).collect();
    /// assert_eq!(names, ["1", "2", "3"]);
    /// ```
    pub fn square_name(&self, square: Square) -> String {
        self.layout.name(square)
    }

    /// The legal moves, each with its text: the captures when one is compulsory (under the
    /// variant's choice of capture: the most pieces, the most valuable, or any), else the
    /// quiet moves; in the board's order of their start squares, then of their end squares.
    /// None when the game is over ([`Position::is_game_over`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::start(Variant::English);
    /// let moves = pos.legal_moves();
    /// let texts: Vec<&str> = moves.iter().map(|m| m.notation()).collect();
    /// assert_eq!(texts, ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]);
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let legal = self.legal();
        let mut moves: Vec<Move> = legal
            .iter()
            .map(|m| Move {
                text: self.notate(m, &legal),
                inner: m.clone(),
            })
            .collect();
        moves.sort_by(|a, b| {
            (a.inner.from, a.inner.to, &a.inner.path[..]).cmp(&(
                b.inner.from,
                b.inner.to,
                &b.inner.path[..],
            ))
        });
        moves
    }

    /// The legal moves as the move generator gives them; none once a side has made a king in a
    /// variant the first king wins.
    fn legal(&self) -> Vec<rules::Move> {
        if self.inner.first_king().is_some() {
            return Vec::new();
        }
        self.inner.legal_moves().into_vec()
    }

    /// The text of `mv`, one of the moves of `legal` (the legal moves of this position).
    fn notate(&self, mv: &rules::Move, legal: &[rules::Move]) -> String {
        let shared = legal
            .iter()
            .any(|o| o.from == mv.from && o.to == mv.to && !o.same_move(mv));
        let squares = if shared {
            capture_squares(self.inner.board(), mv, &self.inner, CaptureStyle::Minimal)
        } else {
            vec![mv.from, mv.to]
        };
        let sep = if mv.is_capture() {
            self.variant().capture_separator()
        } else {
            '-'
        };
        let mut text = String::with_capacity(squares.len() * 3);
        for (i, &sq) in squares.iter().enumerate() {
            if i > 0 {
                text.push(sep);
            }
            self.layout.push_name(sq, &mut text);
        }
        text
    }

    /// The text of `mv` with every landing square.
    fn full_path(&self, mv: &rules::Move) -> String {
        let sep = if mv.is_capture() {
            self.variant().capture_separator()
        } else {
            '-'
        };
        resolve::write_move(&self.layout, mv, sep, true)
    }

    /// Plays `mv`, a legal move of this position.
    ///
    /// # Errors
    ///
    /// [`PlayError::Illegal`] when `mv` is not one of [`Position::legal_moves`] (a move of
    /// another position), and the position is left as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let mut pos = Position::start(Variant::Czech);
    /// let first = pos.legal_moves().remove(0);
    /// pos.play(&first)?;
    /// assert!(pos.play(&first).is_err());
    /// # Ok::<(), pdnkit::PlayError>(())
    /// ```
    pub fn play(&mut self, mv: &Move) -> Result<(), PlayError> {
        let legal = self.legal();
        match legal
            .iter()
            .find(|m| m.same_move(&mv.inner) && m.path == mv.inner.path)
        {
            Some(m) => {
                self.inner.play(m);
                Ok(())
            }
            None => Err(PlayError::Illegal {
                text: mv.text.clone(),
                reason: "it is not a legal move of this position".to_string(),
            }),
        }
    }

    /// The legal move a text names, read as a move of a game is read: any notation, any
    /// separator, a capture's squares given in full or in part, Russian short notation
    /// (`cd4`), numbers without a separator (`3228`).
    ///
    /// # Errors
    ///
    /// [`PlayError::NotAMove`] when the text is not one move, [`PlayError::Ambiguous`] when
    /// it names several legal moves, and [`PlayError::Illegal`], saying why, when it names
    /// none.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::start(Variant::Russian);
    /// assert_eq!(pos.parse_move("cd4")?.notation(), "c3-d4");
    /// assert_eq!(pos.parse_move("22-17")?.notation(), "c3-b4");
    /// assert!(pos.parse_move("c3-c4").is_err());
    /// # Ok::<(), pdnkit::PlayError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        let not_a_move = || PlayError::NotAMove(text.to_string());
        let chunks = syntax::parse_text(text.trim(), &ReadOptions::default());
        let mut games = chunks.iter().filter_map(|c| c.game.as_ref());
        let (Some(game), None) = (games.next(), games.next()) else {
            return Err(not_a_move());
        };
        match (&game.body[..], &game.result, game.tags.is_empty()) {
            ([Element::Move(token)], None, true) => self.token_move_as(token, text.trim()),
            _ => Err(not_a_move()),
        }
    }

    /// The legal move a move token of a game names (see [`Position::parse_move`]).
    ///
    /// # Errors
    ///
    /// As [`Position::parse_move`], but for a token, which is always a move.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Element, Position, Variant};
    ///
    /// let chunks = pdnkit::parse_str("1. 11-15 22-18 2. 15x22 *", &Default::default());
    /// let game = chunks[0].game.as_ref().unwrap();
    /// let mut pos = Position::start(Variant::English);
    /// for token in game.main_line_moves() {
    ///     let mv = pos.token_move(token)?;
    ///     pos.play(&mv)?;
    /// }
    /// assert_eq!(pos.to_fen(), "W:W21,23-32:B1-10,12,22");
    /// # Ok::<(), pdnkit::PlayError>(())
    /// ```
    pub fn token_move(&self, token: &MoveToken) -> Result<Move, PlayError> {
        let mut text = String::new();
        crate::write::pdn::move_text(token, &mut text);
        self.token_move_as(token, &text)
    }

    fn token_move_as(&self, token: &MoveToken, text: &str) -> Result<Move, PlayError> {
        match resolve::resolve(token, &self.inner, &self.layout) {
            Ok(r) => {
                let legal = self.legal();
                Ok(Move {
                    text: self.notate(&r.mv, &legal),
                    inner: r.mv,
                })
            }
            Err(e) => Err(self.play_error(e, text)),
        }
    }

    /// Plays the move a text names ([`Position::parse_move`]) and gives it back.
    ///
    /// # Errors
    ///
    /// As [`Position::parse_move`]; the position is then left as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let mut pos = Position::start(Variant::International);
    /// for text in ["32-28", "19-23", "28x19", "14x23"] {
    ///     pos.play_text(text)?;
    /// }
    /// assert_eq!(pos.play_text("33-28")?.notation(), "33-28");
    /// # Ok::<(), pdnkit::PlayError>(())
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = self.parse_move(text)?;
        self.inner.play(&mv.inner);
        Ok(mv)
    }

    /// Whether the game is over: the side to move has no legal move (no piece left, or all
    /// blocked), or, in Breakthrough, a side has made a king.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Color, Position, Variant};
    ///
    /// let pos = Position::from_fen("B:W6:B1", Variant::English)?;
    /// assert!(!pos.is_game_over());
    /// let blocked = Position::from_fen("B:W9,14:B5", Variant::English)?;
    /// assert!(blocked.is_game_over());
    /// assert_eq!(blocked.winner(), Some(Color::White));
    /// # Ok::<(), pdnkit::FenError>(())
    /// ```
    pub fn is_game_over(&self) -> bool {
        self.inner.ended().is_some()
    }

    /// The side that has won, when the game is over ([`Position::is_game_over`]): in most
    /// variants the side that cannot move loses; in Antidraughts it wins.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Color, Position, Variant};
    ///
    /// let over = "W:W:B1";
    /// let pos = Position::from_fen(over, Variant::International)?;
    /// assert_eq!(pos.winner(), Some(Color::Black));
    /// let anti = Position::from_fen(over, Variant::Antidraughts)?;
    /// assert_eq!(anti.winner(), Some(Color::White));
    /// assert_eq!(Position::start(Variant::International).winner(), None);
    /// # Ok::<(), pdnkit::FenError>(())
    /// ```
    pub fn winner(&self) -> Option<Color> {
        self.inner.ended().map(|e| e.loser.opponent())
    }

    /// The number of legal move sequences `depth` half-moves long (1 for depth 0), to compare
    /// the move generator with published counts.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::start(Variant::International);
    /// assert_eq!(pos.perft(3), 658);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        rules::perft(&self.inner, depth)
    }

    /// A [`PlayError`] for `e`, the resolver's word on the move written `text`.
    fn play_error(&self, e: ResolveError, text: &str) -> PlayError {
        let side = self.turn().as_str();
        let legal = self.legal();
        let list = |moves: &[rules::Move]| {
            moves
                .iter()
                .map(|m| self.notate(m, &legal))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let must_capture =
            |captures: &[rules::Move]| format!("{side} must capture: {}", list(captures));
        let name = |sq: Square| self.square_name(sq);
        let reason = match e {
            ResolveError::Ambiguous { candidates } => {
                return PlayError::Ambiguous {
                    text: text.to_string(),
                    candidates: candidates.iter().map(|c| self.full_path(c)).collect(),
                };
            }
            ResolveError::ShortAmbiguous { pieces, rest, .. } => {
                let to = rest.last().copied();
                let candidates = legal
                    .iter()
                    .filter(|m| pieces.contains(&m.from) && Some(m.to) == to)
                    .map(|m| self.notate(m, &legal))
                    .collect();
                return PlayError::Ambiguous {
                    text: text.to_string(),
                    candidates,
                };
            }
            ResolveError::OffBoard(off) => format!(
                "{} is not a playing square of the {} board",
                off.text,
                self.inner.board()
            ),
            ResolveError::SearchLimit => format!(
                "the position has more capture sequences than are searched ({} steps)",
                rules::CAPTURE_SEARCH_LIMIT
            ),
            ResolveError::ShortNoPiece { file } => format!(
                "no {side} piece on the {} file can make this move",
                (b'a' + file) as char
            ),
            ResolveError::GameOver { no_pieces: true } => {
                format!("the game is over, {side} has no pieces left")
            }
            ResolveError::GameOver { no_pieces: false } => {
                format!("the game is over, {side} has no legal move")
            }
            ResolveError::KingWon { winner } => format!(
                "the game is over, {} has a king, which wins {}",
                winner.as_str(),
                self.variant().title()
            ),
            ResolveError::NoPiece { from } => format!("there is no piece on {}", name(from)),
            ResolveError::WrongSide { from, piece } => format!(
                "the {} on {} is {}'s, but it is {side}'s move",
                role_name(piece.role),
                name(from),
                piece.color.as_str()
            ),
            ResolveError::MissedCapture { captures, .. } => must_capture(&captures),
            ResolveError::CaptureChoice { captures, .. } => format!(
                "the rules of {} call for another capture: {}",
                self.variant().title(),
                list(&captures)
            ),
            ResolveError::StoppedEarly { captures, .. } => {
                format!("the piece must go on capturing: {}", list(&captures))
            }
            ResolveError::NotACapture { captures, .. } if captures.is_empty() => {
                format!("{side} has no capture here")
            }
            ResolveError::NotACapture { captures, .. } => {
                format!(
                    "it is none of the captures {side} can make: {}",
                    list(&captures)
                )
            }
            ResolveError::Occupied { captures, .. }
            | ResolveError::Unreachable { captures, .. }
                if !captures.is_empty() =>
            {
                must_capture(&captures)
            }
            ResolveError::Occupied { to, .. } => format!("{} is occupied", name(to)),
            ResolveError::Unreachable { from, to, .. } => {
                let role = self.piece_at(from).map_or("piece", |p| role_name(p.role));
                format!("the {role} on {} cannot move to {}", name(from), name(to))
            }
        };
        PlayError::Illegal {
            text: text.to_string(),
            reason,
        }
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Man => "man",
        Role::King => "king",
    }
}

impl fmt::Display for Position {
    /// The position's FEN ([`Position::to_fen`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({}, {})", self.variant(), self.to_fen())
    }
}

impl Move {
    /// The move's text in its position's notation (`32-28`, `26x37`, `c3-d4`).
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::start(Variant::Russian);
    /// assert_eq!(pos.legal_moves()[0].notation(), "a3-b4");
    /// let pos = Position::from_fen("W:Wc3:Bd4", Variant::Russian)?;
    /// assert_eq!(pos.legal_moves()[0].notation(), "c3:e5");
    /// # Ok::<(), pdnkit::FenError>(())
    /// ```
    pub fn notation(&self) -> &str {
        &self.text
    }

    /// The square the piece starts on.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::start(Variant::International);
    /// let mv = pos.parse_move("32-28")?;
    /// assert_eq!(pos.square_name(mv.from()), "32");
    /// # Ok::<(), pdnkit::PlayError>(())
    /// ```
    pub fn from(&self) -> Square {
        self.inner.from
    }

    /// The square the piece ends on (the start square again after a capture that comes back
    /// round).
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::start(Variant::International);
    /// let mv = pos.parse_move("32-28")?;
    /// assert_eq!(pos.square_name(mv.to()), "28");
    /// # Ok::<(), pdnkit::PlayError>(())
    /// ```
    pub fn to(&self) -> Square {
        self.inner.to
    }

    /// Every square the piece stands on: the start, each landing square, the end.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::from_fen("B:W18,27:B14", Variant::English)?;
    /// let mv = pos.parse_move("14x32")?;
    /// let path: Vec<String> = mv.path().iter().map(|&s| pos.square_name(s)).collect();
    /// assert_eq!(path, ["14", "23", "32"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(&self) -> &[Square] {
        &self.inner.path
    }

    /// The squares of the pieces taken, in the order they are taken (none for a quiet move).
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::from_fen("B:W18,27:B14", Variant::English)?;
    /// let mv = pos.parse_move("14x32")?;
    /// let taken: Vec<String> = mv.captured().iter().map(|&s| pos.square_name(s)).collect();
    /// assert_eq!(taken, ["18", "27"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured(&self) -> &[Square] {
        &self.inner.captured
    }

    /// Whether the move takes pieces.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::start(Variant::International);
    /// assert!(pos.legal_moves().iter().all(|m| !m.is_capture()));
    /// ```
    pub fn is_capture(&self) -> bool {
        self.inner.is_capture()
    }

    /// Whether the move makes the man a king.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, Variant};
    ///
    /// let pos = Position::from_fen("W:W6:B32", Variant::International)?;
    /// let moves = pos.legal_moves();
    /// let crowning: Vec<&str> = moves
    ///     .iter()
    ///     .filter(|m| m.promotes())
    ///     .map(|m| m.notation())
    ///     .collect();
    /// assert_eq!(crowning, ["6-1"]);
    /// # Ok::<(), pdnkit::FenError>(())
    /// ```
    pub fn promotes(&self) -> bool {
        self.inner.promotes
    }
}

impl fmt::Display for Move {
    /// The move's text ([`Move::notation`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `plies` moves from `pos` chosen by a fixed sequence of numbers, each position
    /// on the way handed to `f` (the game stops where no move is left).
    fn walk(mut pos: Position, plies: usize, seed: u64, mut f: impl FnMut(&Position)) {
        let mut x = seed;
        for _ in 0..plies {
            f(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = &moves[(x >> 33) as usize % moves.len()];
            pos.play(mv).unwrap();
        }
    }

    #[test]
    fn legal_move_counts_and_perft_agree_with_the_published_numbers() {
        // The start positions' counts of tests/it/perft.rs (scripts/perft_reference.md names
        // their sources).
        let expected: [(Variant, &[u64]); 6] = [
            (Variant::International, &[9, 81, 658, 4265]),
            (Variant::English, &[7, 49, 302, 1469]),
            (Variant::Russian, &[7, 49, 302, 1469, 7482]),
            (Variant::Thai, &[7, 49, 392, 3136]),
            (Variant::Frisian, &[9, 81, 658, 3874]),
            (Variant::Turkish, &[8, 64, 708]),
        ];
        for (variant, counts) in expected {
            let pos = Position::start(variant);
            assert_eq!(pos.legal_moves().len() as u64, counts[0], "{variant}");
            for (depth, &n) in counts.iter().enumerate() {
                assert_eq!(
                    pos.perft(depth as u32 + 1),
                    n,
                    "{variant} perft({})",
                    depth + 1
                );
            }
            assert_eq!(pos.perft(0), 1);
        }
        for variant in Variant::ALL {
            let pos = Position::start(variant);
            assert_eq!(pos.legal_moves().len() as u64, pos.perft(1), "{variant}");
        }
    }

    #[test]
    fn fen_round_trips_in_every_variant_and_both_notations() {
        for (i, variant) in Variant::ALL.into_iter().enumerate() {
            for kind in [NotationKind::Numeric, NotationKind::Algebraic] {
                let start = Position::start(variant).with_notation(kind);
                walk(start, 80, i as u64 + 7, |pos| {
                    let fen = pos.to_fen();
                    let again = Position::from_fen(&fen, variant)
                        .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
                        .with_notation(kind);
                    assert_eq!(&again, pos, "{variant} {fen}");
                    assert_eq!(again.to_fen(), fen);
                });
            }
        }
    }

    #[test]
    fn every_legal_move_reads_back_from_its_text() {
        let mut captures = 0;
        for (i, variant) in Variant::ALL.into_iter().enumerate() {
            for (kind, seed) in [NotationKind::Numeric, NotationKind::Algebraic]
                .into_iter()
                .flat_map(|k| (0..8).map(move |s| (k, s)))
            {
                let start = Position::start(variant).with_notation(kind);
                walk(start, 200, 31 * i as u64 + seed, |pos| {
                    let moves = pos.legal_moves();
                    for mv in &moves {
                        let read = pos
                            .parse_move(mv.notation())
                            .unwrap_or_else(|e| panic!("{variant} {pos:?}: {e}"));
                        assert!(read.inner.same_move(&mv.inner), "{variant} {pos:?} {mv}");
                        assert_eq!(read.notation(), mv.notation());
                        captures += usize::from(mv.is_capture());
                    }
                });
            }
        }
        // The games are not all quiet moves (captures with the same ends are read back in
        // `two_captures_with_the_same_ends_are_told_apart`).
        assert!(captures > 1000, "{captures}");
    }

    #[test]
    fn two_captures_with_the_same_ends_are_told_apart() {
        // A black man on 2 takes two white men to 18 going round either side.
        let pos = Position::from_fen("B:W6,7,14,15:B2", Variant::English).unwrap();
        let moves = pos.legal_moves();
        let texts: Vec<&str> = moves.iter().map(Move::notation).collect();
        assert_eq!(texts, ["2x9x18", "2x11x18"]);
        match pos.parse_move("2x18") {
            Err(PlayError::Ambiguous { text, candidates }) => {
                assert_eq!(text, "2x18");
                assert_eq!(candidates.len(), 2);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(pos.parse_move("2x11x18").unwrap(), moves[1]);
    }

    #[test]
    fn a_text_that_is_not_one_move_is_not_a_move() {
        let pos = Position::start(Variant::International);
        for text in [
            "",
            "  ",
            "hello",
            "32-28 19-23",
            "1. 32-28",
            "32-28 *",
            "[Event \"x\"] 32-28",
            "{c}",
        ] {
            assert_eq!(
                pos.parse_move(text),
                Err(PlayError::NotAMove(text.to_string())),
                "{text:?}"
            );
        }
        assert_eq!(pos.parse_move(" 3228 ").unwrap().notation(), "32-28");
        assert_eq!(pos.parse_move("32-28!").unwrap().notation(), "32-28");
    }

    #[test]
    fn illegal_moves_say_why() {
        let reason = |pos: &Position, text: &str| match pos.parse_move(text) {
            Err(PlayError::Illegal { text: t, reason }) => {
                assert_eq!(t, text);
                reason
            }
            other => panic!("{text}: {other:?}"),
        };
        let pos = Position::start(Variant::International);
        assert_eq!(reason(&pos, "28-23"), "there is no piece on 28");
        assert_eq!(
            reason(&pos, "19-23"),
            "the man on 19 is black's, but it is white's move"
        );
        assert_eq!(reason(&pos, "32-23"), "the man on 32 cannot move to 23");
        assert_eq!(reason(&pos, "31-36"), "36 is occupied");
        assert_eq!(reason(&pos, "32x23"), "white has no capture here");
        assert_eq!(
            reason(&pos, "32-51"),
            "51 is not a playing square of the 10x10 board"
        );
        let mut pos = Position::start(Variant::English);
        pos.play_text("11-15").unwrap();
        pos.play_text("22-18").unwrap();
        assert_eq!(reason(&pos, "12-16"), "black must capture: 15x22");
        let over = Position::from_fen("B:W9,14:B5", Variant::English).unwrap();
        assert_eq!(
            reason(&over, "5-9"),
            "the game is over, black has no legal move"
        );
        let e = pos.parse_move("12-16").unwrap_err();
        assert_eq!(e.to_string(), "12-16: black must capture: 15x22");
    }

    #[test]
    fn a_failed_play_leaves_the_position_as_it_was() {
        let mut pos = Position::start(Variant::International);
        let other = Position::start(Variant::International);
        let before = pos.clone();
        assert!(pos.play_text("33-27").is_err());
        assert_eq!(pos, before);
        let mv = other.parse_move("32-28").unwrap();
        pos.play(&mv).unwrap();
        assert!(pos.play(&mv).is_err(), "the same move twice");
        assert_eq!(pos.turn(), Color::Black);
    }

    #[test]
    fn game_over_and_winner() {
        let start = Position::start(Variant::Breakthrough);
        assert!(!start.is_game_over());
        assert_eq!(start.winner(), None);
        let king = Position::from_fen("B:WK3,40:B10", Variant::Breakthrough).unwrap();
        assert!(king.is_game_over());
        assert_eq!(king.winner(), Some(Color::White));
        let none = Position::from_fen("W:W:B1", Variant::International).unwrap();
        assert_eq!(none.winner(), Some(Color::Black));
        assert!(matches!(
            none.parse_move("1-6"),
            Err(PlayError::Illegal { .. })
        ));
    }
}
