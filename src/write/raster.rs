//! SVG pictures rendered to pixels: PNG images and animated GIFs (the `raster` feature).
//!
//! The SVG is rendered by resvg with no font loaded: pictures to be rendered draw their
//! names as strokes ([`super::glyphs`]), so they look the same on every machine.

use std::io::Write;

/// The smallest picture drawn, in pixels a side.
pub const MIN_SIZE: u32 = 16;
/// The largest picture drawn, in pixels a side (a frame of 4096 pixels a side takes 64 MiB).
pub const MAX_SIZE: u32 = 4096;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RasterError {
    /// The size asked for is outside [`MIN_SIZE`]..=[`MAX_SIZE`].
    #[error("a picture is {MIN_SIZE} to {MAX_SIZE} pixels a side, not {0}")]
    Size(u32),
    /// The SVG could not be read (not one this library drew).
    #[error("the SVG cannot be read: {0}")]
    Svg(String),
    /// The image could not be encoded.
    #[error("cannot encode the image: {0}")]
    Encode(String),
    /// The output failed.
    #[error("cannot write the image: {0}")]
    Io(#[from] std::io::Error),
}

impl From<gif::EncodingError> for RasterError {
    fn from(e: gif::EncodingError) -> Self {
        match e {
            gif::EncodingError::Io(e) => RasterError::Io(e),
            e => RasterError::Encode(e.to_string()),
        }
    }
}

fn check_size(size: u32) -> Result<(), RasterError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(RasterError::Size(size))
    }
}

/// Renders `svg` at the size its `width` and `height` give: premultiplied RGBA pixels, with
/// the width and height.
fn render(svg: &str) -> Result<resvg::tiny_skia::Pixmap, RasterError> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .map_err(|e| RasterError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    check_size(w)?;
    check_size(h)?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or(RasterError::Size(w))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// `svg` as a PNG image.
pub fn png(svg: &str) -> Result<Vec<u8>, RasterError> {
    render(svg)?
        .encode_png()
        .map_err(|e| RasterError::Encode(e.to_string()))
}

/// An animated GIF written a frame at a time: the frame before is held (to write only the
/// part of each frame that changed), whatever the number of frames.
pub struct GifWriter<W: Write> {
    encoder: gif::Encoder<W>,
    size: u32,
    delay: u16,
    previous: Option<Vec<u8>>,
}

/// The smallest rectangle (left, top, right, bottom, right and bottom excluded) that holds
/// every pixel where the RGBA images `a` and `b`, `side` pixels a side, differ; `None` when
/// they are the same.
fn changed(a: &[u8], b: &[u8], side: usize) -> Option<(usize, usize, usize, usize)> {
    let mut found: Option<(usize, usize, usize, usize)> = None;
    for (y, (ra, rb)) in a.chunks(side * 4).zip(b.chunks(side * 4)).enumerate() {
        if ra == rb {
            continue;
        }
        let differs = |x: &usize| ra[x * 4..x * 4 + 4] != rb[x * 4..x * 4 + 4];
        let first = (0..side).find(differs).unwrap_or(0);
        let last = (0..side).rev().find(differs).unwrap_or(side - 1);
        found = Some(match found {
            None => (first, y, last + 1, y + 1),
            Some((l, t, r, _)) => (l.min(first), t, r.max(last + 1), y + 1),
        });
    }
    found
}

impl<W: Write> GifWriter<W> {
    /// Frames `size` pixels a side, each shown `delay_ms` milliseconds, written to `out`.
    pub fn new(out: W, size: u32, delay_ms: u32) -> Result<Self, RasterError> {
        check_size(size)?;
        let side = u16::try_from(size).map_err(|_| RasterError::Size(size))?;
        let encoder = gif::Encoder::new(out, side, side, &[])?;
        let delay = u16::try_from(delay_ms.div_ceil(10)).unwrap_or(u16::MAX);
        Ok(GifWriter {
            encoder,
            size,
            delay,
            previous: None,
        })
    }

    /// The side of every frame, in pixels.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// Renders `svg` (drawn at [`GifWriter::size`]) as the next frame.
    pub fn push(&mut self, svg: &str) -> Result<(), RasterError> {
        let pixmap = render(svg)?;
        if pixmap.width() != self.size || pixmap.height() != self.size {
            return Err(RasterError::Size(pixmap.width()));
        }
        // The pictures are opaque: premultiplied and straight colours are the same.
        let rgba = pixmap.take();
        let side = self.size as usize;
        // After the first frame, only the rectangle that changed is written, over the frame
        // before (kept, as GIF frames are by default); a frame the same as the one before is
        // one pixel, so that it still takes its time.
        let (left, top, right, bottom) = match &self.previous {
            None => (0, 0, side, side),
            Some(before) => changed(before, &rgba, side).unwrap_or((0, 0, 1, 1)),
        };
        let mut patch = Vec::with_capacity((right - left) * (bottom - top) * 4);
        for y in top..bottom {
            patch.extend_from_slice(&rgba[(y * side + left) * 4..(y * side + right) * 4]);
        }
        // Sides and places fit in 16 bits: the size is at most MAX_SIZE.
        let mut frame = gif::Frame::from_rgba_speed(
            (right - left) as u16,
            (bottom - top) as u16,
            &mut patch,
            10,
        );
        frame.left = left as u16;
        frame.top = top as u16;
        frame.delay = self.delay;
        self.encoder.write_frame(&frame)?;
        self.previous = Some(rgba);
        Ok(())
    }

    /// Ends the GIF and hands back the output.
    pub fn finish(self) -> Result<W, RasterError> {
        Ok(self.encoder.into_inner()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_rectangle_holds_every_differing_pixel_and_no_more() {
        let side = 5;
        let a = vec![0u8; side * side * 4];
        let mut b = a.clone();
        assert_eq!(changed(&a, &b, side), None);
        // Pixels (1, 3) and (3, 1) differ: the rectangle from x 1 to 3 and y 1 to 3.
        b[(3 * side + 1) * 4] = 9;
        b[(side + 3) * 4 + 2] = 9;
        assert_eq!(changed(&a, &b, side), Some((1, 1, 4, 4)));
    }
}
