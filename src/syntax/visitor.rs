//! The streaming reader's interface: a [`Visitor`] hears of each token of a game as it is
//! read, and [`TreeBuilder`] is the visitor that builds the syntax tree.
//!
//! The reader calls the visitor in file order: `begin_game`, the header comments and tags, the
//! movetext (move numbers, moves, strength marks, comments, NAGs, setups, variations), the
//! result, then `end_game`; the findings of the game's text come through `diagnostic` as soon
//! as the token they are about is read. Move tokens are lent, not built: their text and
//! squares are borrowed from the reader, so a visitor that keeps nothing allocates nothing.
//! Every callback returns a [`ControlFlow`]: `Break` means "tell me nothing more of this game"
//! (the reader still reads to its end, reports its findings and calls `end_game`); and
//! `begin_variation` may ask to [`Skip`] the variation (its tokens and its closing
//! `end_variation` are not handed over).

use std::ops::ControlFlow;

use super::ast::*;
use super::parser::commands;
use crate::lint::Diagnostic;
use crate::source::Span;

/// Whether to skip a variation: `Skip(true)` skips it.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use pdnkit::{Diagnostic, GameReader, RawMove, ReadOptions, Skip, Span, TextDecoder, Visitor};
///
/// /// Hears of the main line only.
/// #[derive(Default)]
/// struct MainLine(Vec<String>);
///
/// impl Visitor for MainLine {
///     fn begin_variation(&mut self, _span: Span) -> ControlFlow<(), Skip> {
///         ControlFlow::Continue(Skip(true))
///     }
///     fn mv(&mut self, mv: RawMove<'_>) -> ControlFlow<()> {
///         self.0.push(mv.text.to_string());
///         ControlFlow::Continue(())
///     }
///     fn diagnostic(&mut self, _d: Diagnostic) {}
/// }
///
/// let pdn = "1. 32-28 (1. 33-29 (1. 34-30)) 19-23 *";
/// let mut reader = GameReader::new(TextDecoder::new(pdn.as_bytes()), ReadOptions::default());
/// let mut main = MainLine::default();
/// reader.next_chunk_with(&mut main)?;
/// assert_eq!(main.0, ["32-28", "19-23"]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skip(pub bool);

/// A move token as read: borrowed from the reader for the length of the call.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use pdnkit::{Diagnostic, GameReader, RawMove, ReadOptions, TextDecoder, Visitor};
///
/// struct Captures(usize);
///
/// impl Visitor for Captures {
///     fn mv(&mut self, mv: RawMove<'_>) -> ControlFlow<()> {
///         // Borrowed: nothing is built unless asked for (`mv.to_move()`).
///         if mv.to_move().is_capture() {
///             self.0 += 1;
///         }
///         ControlFlow::Continue(())
///     }
///     fn diagnostic(&mut self, _d: Diagnostic) {}
/// }
///
/// let pdn = "1. 32-28 19-23 2. 28x19 14x23 *";
/// let mut reader = GameReader::new(TextDecoder::new(pdn.as_bytes()), ReadOptions::default());
/// let mut n = Captures(0);
/// reader.next_chunk_with(&mut n)?;
/// assert_eq!(n.0, 2);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RawMove<'a> {
    /// The move's text, strength excluded (`32-28`, `c3:e5`, `3228`).
    pub text: &'a str,
    /// The squares in the order written; from the second on each has the separator before it.
    pub squares: &'a [SquareToken],
    /// A strength mark glued to the move (`32-28!`); one standing apart comes through
    /// [`Visitor::strength`].
    pub strength: Option<&'a Strength>,
    /// The move, strength excluded.
    pub span: Span,
}

impl RawMove<'_> {
    /// The move as a syntax-tree node.
    pub fn to_move(&self) -> Move {
        Move {
            squares: SquareList::from_slice(self.squares),
            strength: self.strength.cloned(),
            span: self.span,
        }
    }
}

/// A comment as read.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use pdnkit::{Diagnostic, GameReader, RawComment, ReadOptions, TextDecoder, Visitor};
///
/// struct Clocks(usize);
///
/// impl Visitor for Clocks {
///     fn comment(&mut self, c: RawComment<'_>) -> ControlFlow<()> {
///         self.0 += c.commands().iter().filter(|cmd| cmd.name == "clock").count();
///         ControlFlow::Continue(())
///     }
///     fn diagnostic(&mut self, _d: Diagnostic) {}
/// }
///
/// let pdn = "1. 32-28 {[%clock w1:00:00]} 19-23 {[%clock b0:59:00]} *";
/// let mut reader = GameReader::new(TextDecoder::new(pdn.as_bytes()), ReadOptions::default());
/// let mut n = Clocks(0);
/// reader.next_chunk_with(&mut n)?;
/// assert_eq!(n.0, 2);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RawComment<'a> {
    /// The text between the braces (or after `;`, or between the parentheses of a note).
    pub text: &'a str,
    /// Written as a `;` rest-of-line comment.
    pub semicolon: bool,
    /// The whole comment, delimiters included.
    pub span: Span,
}

impl RawComment<'_> {
    /// The commands `[%name args]` in the comment (none in a `;` comment).
    pub fn commands(&self) -> Vec<Command> {
        if self.semicolon || !self.text.contains("[%") {
            Vec::new()
        } else {
            commands(self.text, self.span.start + 1)
        }
    }

    /// The comment as a syntax-tree node.
    pub fn to_comment(&self) -> Comment {
        Comment {
            text: self.text.to_string(),
            commands: self.commands(),
            semicolon: self.semicolon,
            span: self.span,
        }
    }
}

/// A setup command `/.../` as read.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use pdnkit::{Diagnostic, GameReader, RawSetup, ReadOptions, TextDecoder, Visitor};
///
/// struct Fens(Vec<String>);
///
/// impl Visitor for Fens {
///     fn setup(&mut self, s: RawSetup<'_>) -> ControlFlow<()> {
///         self.0.extend(s.fen.map(str::to_string));
///         ControlFlow::Continue(())
///     }
///     fn diagnostic(&mut self, _d: Diagnostic) {}
/// }
///
/// let pdn = "/FEN \"W:W31-50:B1-20\"/ 1. 32-28 *";
/// let mut reader = GameReader::new(TextDecoder::new(pdn.as_bytes()), ReadOptions::default());
/// let mut fens = Fens(Vec::new());
/// reader.next_chunk_with(&mut fens)?;
/// assert_eq!(fens.0, ["W:W31-50:B1-20"]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RawSetup<'a> {
    /// The text between the slashes.
    pub raw: &'a str,
    /// The FEN string, when the text is `FEN "..."`.
    pub fen: Option<&'a str>,
    /// Where the command is, slashes included.
    pub span: Span,
}

/// The game terminator as read.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use pdnkit::{Diagnostic, GameReader, RawResult, ReadOptions, ResultKind, TextDecoder, Visitor};
///
/// struct Results(Vec<ResultKind>);
///
/// impl Visitor for Results {
///     fn result(&mut self, r: RawResult<'_>) -> ControlFlow<()> {
///         self.0.push(r.kind);
///         ControlFlow::Continue(())
///     }
///     fn diagnostic(&mut self, _d: Diagnostic) {}
/// }
///
/// let pdn = "1. 32-28 2-0\n\n1. 33-29 *\n";
/// let mut reader = GameReader::new(TextDecoder::new(pdn.as_bytes()), ReadOptions::default());
/// let mut results = Results(Vec::new());
/// while reader.next_chunk_with(&mut results)?.is_some() {}
/// assert_eq!(results.0, [ResultKind::Win2, ResultKind::Unknown]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RawResult<'a> {
    /// Which terminator.
    pub kind: ResultKind,
    /// The text as written.
    pub raw: &'a str,
    /// Where it is.
    pub span: Span,
}

/// Hears of each token of a game as the reader reads it. Every method but `diagnostic` has a
/// default that does nothing.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use pdnkit::{Diagnostic, GameReader, RawMove, ReadOptions, Tag, TextDecoder, Visitor};
///
/// /// Counts moves and collects the events, keeping nothing else.
/// #[derive(Default)]
/// struct Survey { moves: usize, events: Vec<String>, findings: usize }
///
/// impl Visitor for Survey {
///     fn tag(&mut self, tag: &Tag) -> ControlFlow<()> {
///         if tag.name == "Event" {
///             self.events.push(tag.value.clone());
///         }
///         ControlFlow::Continue(())
///     }
///     fn mv(&mut self, _mv: RawMove<'_>) -> ControlFlow<()> {
///         self.moves += 1;
///         ControlFlow::Continue(())
///     }
///     fn diagnostic(&mut self, _d: Diagnostic) {
///         self.findings += 1;
///     }
/// }
///
/// let pdn = "[Event \"A\"]\n1. 32-28 19-23 *\n\n[Event \"B\"]\n1. 33-29 *\n";
/// let mut reader = GameReader::new(TextDecoder::new(pdn.as_bytes()), ReadOptions::default());
/// let mut survey = Survey::default();
/// while let Some(_chunk) = reader.next_chunk_with(&mut survey)? {}
/// assert_eq!((survey.moves, survey.events.len(), survey.findings), (3, 2, 0));
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait Visitor {
    /// A game begins (called before its first token is handed over).
    fn begin_game(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A comment before or between the tags.
    fn header_comment(&mut self, _comment: RawComment<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// Whether the visitor is to hear of `comment`, read before the game's first movetext
    /// element (it may turn out to be a header comment or a movetext comment). A comment it
    /// does not want is only counted ([`Visitor::comments_left_out`]), and the reader may
    /// release its text; by default every comment is wanted.
    fn wants_comment(&mut self, _comment: &RawComment<'_>) -> bool {
        true
    }
    /// Whether the answers of [`Visitor::wants_comment`] may have changed since the comments
    /// read before the first movetext element were asked about (they are asked about again
    /// then). Asked when a comment is not wanted while others are held.
    fn wants_changed(&mut self) -> bool {
        false
    }
    /// `n` comments not wanted ([`Visitor::wants_comment`]) turned out to be movetext
    /// comments: they come before the movetext element handed over next.
    fn comments_left_out(&mut self, _n: usize) {}
    /// A tag pair.
    fn tag(&mut self, _tag: &Tag) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A move number.
    fn move_number(&mut self, _number: &MoveNumber) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A move token.
    fn mv(&mut self, _mv: RawMove<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A strength mark standing apart from the move before it, which it belongs to (a mark
    /// that follows no move is reported, not handed over).
    fn strength(&mut self, _strength: &Strength) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// The `...` placeholder move.
    fn ellipsis(&mut self, _span: Span) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A comment in the movetext.
    fn comment(&mut self, _comment: RawComment<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A NAG `$n`.
    fn nag(&mut self, _value: u32, _span: Span) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A setup command.
    fn setup(&mut self, _setup: RawSetup<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// `(`: a variation begins; its first move replaces the move before it. `Skip(true)`
    /// skips it: nothing inside it, nor its `end_variation`, is handed over.
    fn begin_variation(&mut self, _span: Span) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(false))
    }
    /// `)`: the innermost open variation ends (for a variation never closed, a point at the
    /// end of the game's last token).
    fn end_variation(&mut self, _span: Span) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// `(` at `span` opens a variation nested deeper than the reader reads: it is skipped,
    /// with what is in it, up to its `)` (S109); nothing of it is handed over.
    fn deep_skip(&mut self, _span: Span) {}
    /// The token starting at `span` is longer than the reader reads
    /// ([`LONG_TOKEN`](crate::syntax::LONG_TOKEN) bytes): it is skipped to its end (S113),
    /// nothing of it is handed over, and its text is released as it is skipped, which the
    /// visitor may prepare for (by finishing with what it holds of the text before it).
    fn long_skip(&mut self, _span: Span) {}
    /// The game's terminator.
    fn result(&mut self, _result: RawResult<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A finding about the text being read (syntax errors and non-standard writing).
    fn diagnostic(&mut self, diagnostic: Diagnostic);
    /// The game ends; `span` runs from its first tag or movetext token to the end of its
    /// terminator (or last token).
    fn end_game(&mut self, _span: Span) {}
    /// The file offset from which the visitor may still report on the game's text or need
    /// it quoted: the reader may release the text of a long game before it (handing it to
    /// [`Visitor::release`] first). `None`, the default: the game's whole text is kept
    /// until the game is handed out. The reader asks when the game's text it holds has
    /// grown past its window; `reading_at` is the file offset it has read the game to.
    fn keep_from(&mut self, _reading_at: usize) -> Option<usize> {
        None
    }
    /// The reader is about to drop `piece` of the game's text (see [`Visitor::keep_from`]):
    /// what the visitor will show from it must be kept now ([`Diagnostic::quote`]).
    fn release(
        &mut self,
        _piece: &crate::lint::SourcePiece<'_>,
        _index: &crate::source::LineIndex,
    ) {
    }
}

/// The visitor that builds the syntax tree: [`Game`] and the findings, as
/// [`crate::syntax::GameReader::next_chunk`] hands them out.
///
/// # Examples
///
/// ```
/// use pdnkit::{GameReader, ReadOptions, TextDecoder, TreeBuilder};
///
/// let pdn = "1. 32-28 *\n\n1. 33-29 *\n";
/// let mut reader = GameReader::new(TextDecoder::new(pdn.as_bytes()), ReadOptions::default());
/// let mut builder = TreeBuilder::new();
/// let mut moves = 0;
/// while reader.next_chunk_with(&mut builder)?.is_some() {
///     if let Some(game) = builder.take_game() {
///         moves += game.main_line_moves().count();
///         builder.recycle(game); // the next game reuses its lists
///     }
/// }
/// assert_eq!(moves, 2);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct TreeBuilder {
    game: Option<Game>,
    diagnostics: Vec<Diagnostic>,
    /// A game handed back, whose lists the next game reuses.
    spare: Option<Game>,
}

impl TreeBuilder {
    /// A builder with nothing built yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The game built since the last call (`None` when the text read held none).
    pub fn take_game(&mut self) -> Option<Game> {
        self.game.take()
    }

    /// The game being built, while the reader is in it (and the last one built, until it is
    /// taken).
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The game being built, while the reader is in it (and the last one built, until it is
    /// taken): a caller that handles the movetext part by part may empty its body.
    pub fn game_mut(&mut self) -> Option<&mut Game> {
        self.game.as_mut()
    }

    /// Hands back a game that is no longer needed: the next game is built in its lists, so a
    /// caller that reads game after game this way does not allocate them again.
    pub fn recycle(&mut self, mut game: Game) {
        game.tags.clear();
        game.header_comments.clear();
        game.body.clear();
        game.result = None;
        self.spare = Some(game);
    }

    /// The findings handed over since the last call.
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }

    fn body(&mut self, e: Element) -> ControlFlow<()> {
        if let Some(g) = &mut self.game {
            g.body.push(e);
        }
        ControlFlow::Continue(())
    }
}

impl Visitor for TreeBuilder {
    fn begin_game(&mut self) -> ControlFlow<()> {
        self.game = Some(self.spare.take().unwrap_or_else(|| Game {
            tags: Vec::new(),
            header_comments: Vec::new(),
            body: Vec::new(),
            result: None,
            span: Span::point(0),
        }));
        ControlFlow::Continue(())
    }

    fn header_comment(&mut self, comment: RawComment<'_>) -> ControlFlow<()> {
        if let Some(g) = &mut self.game {
            g.header_comments.push(comment.to_comment());
        }
        ControlFlow::Continue(())
    }

    fn tag(&mut self, tag: &Tag) -> ControlFlow<()> {
        if let Some(g) = &mut self.game {
            g.tags.push(tag.clone());
        }
        ControlFlow::Continue(())
    }

    fn move_number(&mut self, number: &MoveNumber) -> ControlFlow<()> {
        self.body(Element::MoveNumber(number.clone()))
    }

    fn mv(&mut self, mv: RawMove<'_>) -> ControlFlow<()> {
        self.body(Element::Move(mv.to_move()))
    }

    fn strength(&mut self, strength: &Strength) -> ControlFlow<()> {
        if let Some(Element::Move(m)) = self.game.as_mut().and_then(|g| g.body.last_mut()) {
            m.strength = Some(strength.clone());
        }
        ControlFlow::Continue(())
    }

    fn ellipsis(&mut self, span: Span) -> ControlFlow<()> {
        self.body(Element::Ellipsis { span })
    }

    fn comment(&mut self, comment: RawComment<'_>) -> ControlFlow<()> {
        self.body(Element::Comment(comment.to_comment()))
    }

    fn nag(&mut self, value: u32, span: Span) -> ControlFlow<()> {
        self.body(Element::Nag { value, span })
    }

    fn setup(&mut self, setup: RawSetup<'_>) -> ControlFlow<()> {
        self.body(Element::Setup(Setup {
            raw: setup.raw.to_string(),
            fen: setup.fen.map(str::to_string),
            span: setup.span,
        }))
    }

    fn begin_variation(&mut self, span: Span) -> ControlFlow<(), Skip> {
        if let Some(g) = &mut self.game {
            g.body.push(Element::VariationStart { span });
        }
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, span: Span) -> ControlFlow<()> {
        self.body(Element::VariationEnd { span })
    }

    fn result(&mut self, result: RawResult<'_>) -> ControlFlow<()> {
        if let Some(g) = &mut self.game {
            g.result = Some(GameResult {
                kind: result.kind,
                raw: result.raw.to_string(),
                span: result.span,
            });
        }
        ControlFlow::Continue(())
    }

    fn diagnostic(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    fn end_game(&mut self, span: Span) {
        if let Some(g) = &mut self.game {
            g.span = span;
        }
    }
}
