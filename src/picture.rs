//! Pictures of positions: [`SvgOptions`] for [`Position::to_svg`], and with the `raster`
//! feature PNG ([`Position::to_png`]) and animated GIF ([`Animation`]).

use crate::board::Square;
use crate::position::{Move, Position};
use crate::write::svg::picture as draw;

/// Which names a picture writes on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Coords {
    /// As the position writes its squares ([`Position::notation`]).
    #[default]
    Notation,
    /// The number of each playing square, in its corner.
    Numbers,
    /// Files and ranks in the frame, `a1` at the bottom left.
    Algebraic,
    /// No names.
    None,
}

/// How [`Position::to_svg`] draws a position.
///
/// The board is laid out as its notation is read: in numbers, square 1 at the top left (at
/// the bottom right where the variant numbers from White's side, as Spanish and Portuguese
/// do); in coordinates, `a1` at the bottom left. `flip` turns it half a turn.
///
/// # Examples
///
/// ```
/// use pdnkit::{Coords, Position, SvgOptions, Variant};
///
/// let mut pos = Position::start(Variant::Russian);
/// let mv = pos.play_text("c3-d4")?;
/// let options = SvgOptions {
///     size: 320,
///     flip: true,
///     coords: Coords::Algebraic,
///     ..SvgOptions::default()
/// }
/// .with_last_move(&mv);
/// let svg = pos.to_svg(&options);
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains("width=\"320\""));
/// assert!(svg.contains("class=\"arrow\""));
/// assert_eq!(svg.matches("class=\"piece ").count(), 24);
/// # Ok::<(), pdnkit::PlayError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SvgOptions {
    /// Width and height of the picture in pixels (default 400). Rasterising takes sizes from
    /// 16 to 4096 pixels (`MIN_SIZE` to `MAX_SIZE`).
    pub size: u32,
    /// Turn the board half a turn.
    pub flip: bool,
    /// The names written on the board.
    pub coords: Coords,
    /// The squares the last move passed through, its start first (a move's [`Move::path`]):
    /// its first and last squares are tinted and an arrow runs through them all. Squares not
    /// on the board are left out. Empty: no arrow.
    pub last_move: Vec<Square>,
    /// The title (shown on hover, read by screen readers); empty for none.
    pub title: String,
    /// Draw the names as strokes instead of text, so that the picture needs no font (PNG and
    /// GIF are always drawn so).
    pub outlined_names: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            size: 400,
            flip: false,
            coords: Coords::Notation,
            last_move: Vec::new(),
            title: String::new(),
            outlined_names: false,
        }
    }
}

impl SvgOptions {
    /// The same options with the arrow of `mv`: every square of its path.
    pub fn with_last_move(mut self, mv: &Move) -> Self {
        self.last_move = mv.path().to_vec();
        self
    }
}

impl Position {
    /// The position drawn as a standalone SVG document: the board in a frame, the pieces
    /// (each one `<g class="piece COLOUR ROLE">` element), the square names, and the last
    /// move's arrow. The picture carries its own colours and needs no style sheet; the names
    /// are text (a sans-serif face) unless [`SvgOptions::outlined_names`] asks for strokes.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Position, SvgOptions, Variant};
    ///
    /// let pos = Position::start(Variant::English);
    /// let svg = pos.to_svg(&SvgOptions::default());
    /// assert_eq!(svg.matches("class=\"piece black man\"").count(), 12);
    /// assert!(svg.contains(">32</text>"));
    /// ```
    pub fn to_svg(&self, options: &SvgOptions) -> String {
        draw(self.board_position(), self.layout(), options)
    }
}

#[cfg(feature = "raster")]
pub use raster::*;

#[cfg(feature = "raster")]
mod raster {
    use std::io::Write;

    use super::{SvgOptions, draw};

    use crate::position::Position;
    use crate::write::raster;
    pub use crate::write::raster::{MAX_SIZE, MIN_SIZE, RasterError};

    impl Position {
        /// The position drawn as a PNG image of [`SvgOptions::size`] pixels a side: the
        /// picture [`Position::to_svg`] draws, its names drawn as strokes so that no font is
        /// needed. Needs the `raster` feature.
        ///
        /// # Errors
        ///
        /// A size outside [`MIN_SIZE`]..=[`MAX_SIZE`].
        ///
        /// # Examples
        ///
        /// ```
        /// use pdnkit::{Position, SvgOptions, Variant};
        ///
        /// let options = SvgOptions { size: 200, ..SvgOptions::default() };
        /// let png = Position::start(Variant::International).to_png(&options)?;
        /// assert_eq!(&png[1..4], b"PNG");
        /// # Ok::<(), pdnkit::RasterError>(())
        /// ```
        pub fn to_png(&self, options: &SvgOptions) -> Result<Vec<u8>, RasterError> {
            raster::png(&draw(
                self.board_position(),
                self.layout(),
                &outlined(options),
            ))
        }
    }

    fn outlined(options: &SvgOptions) -> SvgOptions {
        SvgOptions {
            outlined_names: true,
            ..options.clone()
        }
    }

    /// An animated GIF written frame by frame: each position as [`Position::to_png`] draws it,
    /// shown for the same time, the animation played once. Needs the `raster` feature.
    ///
    /// # Examples
    ///
    /// ```
    /// use pdnkit::{Animation, Position, SvgOptions, Variant};
    ///
    /// let options = SvgOptions { size: 120, ..SvgOptions::default() };
    /// let mut gif = Vec::new();
    /// let mut animation = Animation::new(&mut gif, options.size, 500)?;
    /// let mut pos = Position::start(Variant::English);
    /// animation.push(&pos, &options)?;
    /// let mv = pos.play_text("11-15").unwrap();
    /// animation.push(&pos, &options.clone().with_last_move(&mv))?;
    /// animation.finish()?;
    /// assert!(gif.starts_with(b"GIF89a"));
    /// # Ok::<(), pdnkit::RasterError>(())
    /// ```
    pub struct Animation<W: Write> {
        inner: raster::GifWriter<W>,
    }

    impl<W: Write> Animation<W> {
        /// An animation of pictures `size` pixels a side, each shown `delay_ms` milliseconds
        /// (rounded to hundredths of a second), written to `out`.
        ///
        /// # Errors
        ///
        /// A size outside [`MIN_SIZE`]..=[`MAX_SIZE`], or `out` failing.
        pub fn new(out: W, size: u32, delay_ms: u32) -> Result<Self, RasterError> {
            Ok(Animation {
                inner: raster::GifWriter::new(out, size, delay_ms)?,
            })
        }

        /// Adds `pos` as the next frame, drawn with `options` at the animation's size.
        ///
        /// # Errors
        ///
        /// The output failing.
        pub fn push(&mut self, pos: &Position, options: &SvgOptions) -> Result<(), RasterError> {
            let options = SvgOptions {
                size: self.inner.size(),
                ..outlined(options)
            };
            self.inner
                .push(&draw(pos.board_position(), pos.layout(), &options))
        }

        /// Ends the animation and hands back the output.
        ///
        /// # Errors
        ///
        /// The output failing.
        pub fn finish(self) -> Result<W, RasterError> {
            self.inner.finish()
        }
    }
}
