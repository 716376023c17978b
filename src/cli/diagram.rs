//! `pdn diagram` and the pictures of `pdn board`: a position as SVG, PNG or animated GIF.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use pdnkit::notation::Layout;
use pdnkit::notation::resolve::write_move;
use pdnkit::replay::{ForcedVariant, PlayedMove, RuleProfile};
use pdnkit::rules::{Move, Position, Variant};
use pdnkit::write::raster::{self, GifWriter};
use pdnkit::write::svg::picture;
use pdnkit::{CheckOptions, Coords, Retain, SvgOptions, check_stream};

use super::input::{InputArgs, Rules};
use super::output::{Output, refuse_input};
use super::{EXIT_FAILURE, EXIT_OK, exit_after_write};

/// The names written on a picture's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CoordsArg {
    /// The number of each playing square, in its corner.
    Numbers,
    /// Files and ranks in the frame.
    Algebraic,
    /// No names.
    None,
}

/// How a picture looks and where it goes: the options `pdn board` and `pdn diagram` share.
#[derive(clap::Args, Debug)]
pub struct LookArgs {
    /// Width and height of the picture in pixels, 16 to 4096 [default: 400].
    #[arg(long, value_parser = clap::value_parser!(u32).range(16..=4096))]
    pub size: Option<u32>,
    /// Turn the board half a turn.
    #[arg(long)]
    pub flip: bool,
    /// The names on the board [default: the notation's: numbers or files and ranks].
    #[arg(long, value_enum)]
    pub coords: Option<CoordsArg>,
    /// Write the picture to FILE (`-`: standard output, the default). Without a format
    /// flag, the format is FILE's extension (`.svg`, `.png`, `.gif`).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl LookArgs {
    /// Whether an option that only pictures take was given.
    pub fn asks_for_a_picture(&self) -> bool {
        self.size.is_some() || self.flip || self.coords.is_some()
    }

    /// The picture's options.
    pub fn options(&self) -> SvgOptions {
        SvgOptions {
            size: self.size.unwrap_or(400),
            flip: self.flip,
            coords: match self.coords {
                None => Coords::Notation,
                Some(CoordsArg::Numbers) => Coords::Numbers,
                Some(CoordsArg::Algebraic) => Coords::Algebraic,
                Some(CoordsArg::None) => Coords::None,
            },
            ..SvgOptions::default()
        }
    }
}

/// A picture's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// SVG text.
    Svg,
    /// A PNG image.
    Png,
    /// An animated GIF.
    Gif,
}

impl Picture {
    /// The format the flags name, else the one the output file's extension names.
    pub fn chosen(flags: [(bool, Picture); 3], output: Option<&Path>) -> Option<Picture> {
        if let Some(&(_, p)) = flags.iter().find(|f| f.0) {
            return Some(p);
        }
        let ext = output?.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(Picture::Svg),
            "png" => Some(Picture::Png),
            "gif" => Some(Picture::Gif),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Picture::Svg => "SVG",
            Picture::Png => "PNG",
            Picture::Gif => "GIF",
        }
    }
}

/// Opens the output of `cmd`: a binary picture is not written to a terminal.
fn open(cmd: &str, format: Picture, output: Option<&Path>) -> Result<Output, i32> {
    let out = Output::open(output).map_err(|e| {
        let name = output.map_or("standard output".into(), |p| p.display().to_string());
        eprintln!("pdn {cmd}: cannot write {name}: {e}");
        EXIT_FAILURE
    })?;
    if format != Picture::Svg && out.is_stdout() && io::IsTerminal::is_terminal(&io::stdout()) {
        eprintln!(
            "pdn {cmd}: a {} image is not written to a terminal: give -o FILE or redirect standard output",
            format.name()
        );
        return Err(EXIT_FAILURE);
    }
    Ok(out)
}

/// Writes the picture of one position as `format` (SVG or PNG).
pub fn write_picture(
    cmd: &str,
    format: Picture,
    pos: &Position,
    layout: &Layout,
    options: &SvgOptions,
    output: Option<&Path>,
) -> i32 {
    let mut out = match open(cmd, format, output) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let bytes = match format {
        Picture::Svg => {
            let mut s = picture(pos, layout, options);
            s.push('\n');
            s.into_bytes()
        }
        Picture::Png | Picture::Gif => {
            let outlined = SvgOptions {
                outlined_names: true,
                ..options.clone()
            };
            match raster::png(&picture(pos, layout, &outlined)) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("pdn {cmd}: {e}");
                    let _ = out.finish(false);
                    return EXIT_FAILURE;
                }
            }
        }
    };
    let written = out.write_all(&bytes).and_then(|()| out.finish(true));
    exit_after_write(written, EXIT_OK)
}

/// Arguments of `pdn diagram`.
#[derive(clap::Args, Debug)]
pub struct DiagramArgs {
    /// The PDN file (`-`: standard input).
    pub file: PathBuf,
    /// The game, counted from 1 in the file.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub game: u64,
    /// The position after this many half-moves of the main line (0: the start) [default: the
    /// last]. With --gif, the last frame.
    #[arg(long)]
    pub ply: Option<u32>,
    /// Write SVG (the default without -o FILE.png or FILE.gif).
    #[arg(long, conflicts_with_all = ["png", "gif"])]
    pub svg: bool,
    /// Write a PNG image.
    #[arg(long, conflicts_with = "gif")]
    pub png: bool,
    /// Write an animated GIF of the main line: the start and the position after each
    /// half-move.
    #[arg(long)]
    pub gif: bool,
    /// How long each frame of a GIF is shown, in milliseconds.
    #[arg(long, default_value_t = 800, value_name = "MS")]
    pub delay: u32,
    /// Replay the game as this variant, whatever its tags say.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// Rule profile for missed captures (huffing follows huffs) [default: modern].
    #[arg(long, value_enum)]
    pub rules: Option<Rules>,
    #[command(flatten)]
    pub look: LookArgs,
}

/// What is kept of the game drawn.
struct Found {
    layout: Layout,
    variant: Variant,
    /// The main line's moves, in order.
    moves: Vec<PlayedMove>,
    last: Position,
    players: Option<(String, String)>,
}

impl Found {
    /// The position after `ply` half-moves, and the move that led to it.
    fn after(&self, ply: usize) -> (&Position, Option<&Move>) {
        let pos = self.moves.get(ply).map_or(&self.last, |m| &m.before);
        let mv = ply
            .checked_sub(1)
            .and_then(|p| self.moves.get(p))
            .map(|m| &m.mv);
        (pos, mv)
    }

    fn title(&self, ply: usize) -> String {
        let mut t = match &self.players {
            Some((w, b)) => format!("{w} - {b}: "),
            None => String::new(),
        };
        match self.after(ply).1 {
            None => t.push_str("the start position"),
            Some(mv) => {
                let text = write_move(&self.layout, mv, self.variant.capture_separator(), false);
                t.push_str(&format!("after half-move {ply}, {text}"));
            }
        }
        t
    }

    fn options(&self, ply: usize, base: &SvgOptions) -> SvgOptions {
        SvgOptions {
            last_move: self
                .after(ply)
                .1
                .map(|m| m.path.to_vec())
                .unwrap_or_default(),
            title: self.title(ply),
            ..base.clone()
        }
    }
}

/// Reads `args.file` to its game `args.game` and replays it.
fn find(args: &DiagramArgs) -> Result<Found, String> {
    let input: Box<dyn Read> = if args.file.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(
            File::open(&args.file)
                .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?,
        )
    };
    let mut options = CheckOptions {
        retain: Retain::Trees,
        ..CheckOptions::default()
    };
    options.replay.variant = args.variant.map(ForcedVariant::Replay);
    options.replay.rules = match args.rules.unwrap_or(Rules::Modern) {
        Rules::Modern => RuleProfile::Modern,
        Rules::Huffing => RuleProfile::Huffing,
        Rules::Polish1902 => RuleProfile::Polish1902,
    };
    options.replay.record_moves = true;
    let mut games = 0u64;
    let mut found: Option<Result<Found, String>> = None;
    check_stream(input, &options, |g| {
        let tree = g.chunk.game.as_ref().or(g.header.as_ref());
        if tree.is_none() && !g.parted {
            return;
        }
        games += 1;
        if games != args.game {
            return;
        }
        let players = tree.and_then(|t| Some((t.tag("White")?.into(), t.tag("Black")?.into())));
        found = Some(match g.report {
            Some(r) => match (r.variant, r.layout, r.final_position) {
                (Some(variant), Some(layout), Some(last)) => Ok(Found {
                    layout,
                    variant,
                    moves: r.moves.into_iter().filter(|m| m.line == 0).collect(),
                    last,
                    players,
                }),
                _ => Err(format!(
                    "game {} is not replayed: pdnkit has no rules for its game",
                    args.game
                )),
            },
            None => Err(format!(
                "game {} is not replayed: pdnkit has no rules for its game",
                args.game
            )),
        });
    })
    .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    found.unwrap_or_else(|| {
        Err(format!(
            "{} holds {games} game{}, not {}",
            args.file.display(),
            if games == 1 { "" } else { "s" },
            args.game
        ))
    })
}

/// Runs `pdn diagram`.
pub fn run(args: &DiagramArgs) -> i32 {
    let output = args.look.output.as_deref();
    let input = InputArgs {
        paths: vec![args.file.clone()],
        ..InputArgs::default()
    };
    if let Err(e) = refuse_input(output, &input, false) {
        eprintln!("pdn diagram: {e}");
        return EXIT_FAILURE;
    }
    let format = Picture::chosen(
        [
            (args.svg, Picture::Svg),
            (args.png, Picture::Png),
            (args.gif, Picture::Gif),
        ],
        output,
    )
    .unwrap_or(Picture::Svg);
    let found = match find(args) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("pdn diagram: {e}");
            return EXIT_FAILURE;
        }
    };
    let plies = found.moves.len();
    let ply = match args.ply {
        None => plies,
        Some(p) if p as usize <= plies => p as usize,
        Some(p) => {
            eprintln!(
                "pdn diagram: game {} has {plies} half-move{} replayed, not {p}",
                args.game,
                if plies == 1 { "" } else { "s" }
            );
            return EXIT_FAILURE;
        }
    };
    let base = args.look.options();
    if format != Picture::Gif {
        let (pos, _) = found.after(ply);
        return write_picture(
            "diagram",
            format,
            pos,
            &found.layout,
            &found.options(ply, &base),
            output,
        );
    }
    let mut out = match open("diagram", format, output) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let made = (|| -> Result<(), raster::RasterError> {
        let mut gif = GifWriter::new(&mut out, base.size, args.delay)?;
        for p in 0..=ply {
            let options = SvgOptions {
                outlined_names: true,
                ..found.options(p, &base)
            };
            gif.push(&picture(found.after(p).0, &found.layout, &options))?;
        }
        gif.finish()?;
        Ok(())
    })();
    match made {
        Ok(()) => exit_after_write(out.finish(true), EXIT_OK),
        Err(raster::RasterError::Io(e)) => {
            let _ = out.finish(false);
            exit_after_write(Err(e), EXIT_OK)
        }
        Err(e) => {
            eprintln!("pdn diagram: {e}");
            let _ = out.finish(false);
            EXIT_FAILURE
        }
    }
}
