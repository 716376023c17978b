//! `pdn perft`, `pdn moves`, `pdn board`: the rules engine on the command line (the pictures
//! `pdn board` draws are `diagram`'s).

use std::io::{self, Write};
use std::time::Instant;

use clap::ValueEnum;
use pdnkit::board::{Position, Square};
use pdnkit::notation::resolve::write_move_in;
use pdnkit::notation::{Layout, NotationKind, position};
use pdnkit::rules::{Move, Variant, perft, perft_divide};
use pdnkit::write::diagram::diagram;
use serde_json::{Value, json};

use super::diagram::{LookArgs, Picture, write_picture};
use super::{EXIT_FAILURE, EXIT_OK, exit_after_write};

/// Text or JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people.
    Text,
    /// One JSON object.
    Json,
}

/// The position options every rules command takes.
#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    /// The variant: a name (international, english, italian, pool, russian, brazilian, canadian,
    /// czech, spanish, portuguese, antidraughts, breakthrough, thai, frisian, frysk, turkish) or
    /// a GameType number. No short form: `-v` means `--verbose` wherever it is taken.
    #[arg(long)]
    pub variant: Variant,
    /// The position as a FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
}

impl PositionArgs {
    fn load(&self) -> Result<(Position, Layout), String> {
        let layout = Layout::standard(self.variant);
        let pos = match &self.fen {
            None => Position::start(self.variant),
            Some(f) => position(f, self.variant, &layout).map_err(|e| {
                format!("invalid FEN for {}: {}", self.variant.title(), e.message())
            })?,
        };
        pos.validate()
            .map_err(|e| format!("impossible position: {e}"))?;
        Ok((pos, layout))
    }
}

/// Arguments of `pdn perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// How many half-moves deep to count.
    #[arg(long, short)]
    depth: u32,
    /// Also give the count under each first move.
    #[arg(long)]
    divide: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Arguments of `pdn moves`.
#[derive(clap::Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Arguments of `pdn board`.
#[derive(clap::Args, Debug)]
pub struct BoardArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Draw the position as SVG instead of text (the default with -o FILE.svg).
    #[arg(long, conflicts_with = "png")]
    svg: bool,
    /// Draw the position as a PNG image (the default with -o FILE.png).
    #[arg(long)]
    png: bool,
    #[command(flatten)]
    look: LookArgs,
}

fn square_json(layout: &Layout, sq: Square) -> Value {
    match layout.kind {
        NotationKind::Numeric => json!(layout.to_numeric(sq)),
        NotationKind::Algebraic => json!(layout.to_algebraic(sq)),
    }
}

fn notation(variant: Variant, layout: &Layout, mv: &Move, legal: &[Move]) -> String {
    write_move_in(layout, mv, legal, variant.capture_separator())
}

/// Runs `pdn perft`.
pub fn run_perft(args: &PerftArgs) -> i32 {
    let (pos, layout) = match args.position.load() {
        Ok(x) => x,
        Err(e) => {
            eprintln!("pdn perft: {e}");
            return EXIT_FAILURE;
        }
    };
    let variant = args.position.variant;
    let t = Instant::now();
    let (nodes, divide) = if args.divide {
        let d = perft_divide(&pos, args.depth);
        (d.iter().map(|(_, n)| n).sum::<u64>(), d)
    } else {
        (perft(&pos, args.depth), Vec::new())
    };
    let seconds = t.elapsed().as_secs_f64();
    let legal = pos.legal_moves().to_vec();
    let mut out = io::stdout().lock();
    let written = (|| -> io::Result<()> {
        match args.format {
            Format::Json => {
                let mut j = json!({
                    "variant": variant.name(),
                    "depth": args.depth,
                    "nodes": nodes,
                    "seconds": seconds,
                });
                if args.divide {
                    j["divide"] = divide
                        .iter()
                        .map(|(m, n)| {
                            json!({"move": notation(variant, &layout, m, &legal), "nodes": n})
                        })
                        .collect();
                }
                writeln!(out, "{j}")?;
            }
            Format::Text => {
                for (m, n) in &divide {
                    writeln!(out, "{}: {n}", notation(variant, &layout, m, &legal))?;
                }
                let rate = if seconds > 0.0 {
                    nodes as f64 / seconds
                } else {
                    0.0
                };
                writeln!(
                    out,
                    "perft({}) = {nodes}  ({:.3} s, {:.1} M leaves/s)",
                    args.depth,
                    seconds,
                    rate / 1e6
                )?;
            }
        }
        out.flush()
    })();
    exit_after_write(written, EXIT_OK)
}

/// Runs `pdn moves`.
pub fn run_moves(args: &MovesArgs) -> i32 {
    let (pos, layout) = match args.position.load() {
        Ok(x) => x,
        Err(e) => {
            eprintln!("pdn moves: {e}");
            return EXIT_FAILURE;
        }
    };
    let variant = args.position.variant;
    let legal = pos.legal_moves().to_vec();
    let mut out = io::stdout().lock();
    let written = (|| -> io::Result<()> {
        match args.format {
            Format::Json => {
                let moves: Vec<Value> = legal
                    .iter()
                    .map(|m| {
                        json!({
                            "from": square_json(&layout, m.from),
                            "to": square_json(&layout, m.to),
                            "path": m.path.iter().map(|&s| square_json(&layout, s)).collect::<Vec<_>>(),
                            "captured": m.captured.iter().map(|&s| square_json(&layout, s)).collect::<Vec<_>>(),
                            "notation": notation(variant, &layout, m, &legal),
                        })
                    })
                    .collect();
                writeln!(out, "{}", json!({ "moves": moves }))?;
            }
            Format::Text => {
                for m in &legal {
                    writeln!(out, "{}", notation(variant, &layout, m, &legal))?;
                }
                if let Some(end) = pos.ended() {
                    // The variant's end rule says who lost (Antidraughts: the side without a
                    // move wins; Breakthrough: the first king wins).
                    writeln!(
                        out,
                        "no legal move: {}: {} has lost",
                        end.why,
                        end.loser.as_str()
                    )?;
                }
            }
        }
        out.flush()
    })();
    exit_after_write(written, EXIT_OK)
}

/// Runs `pdn board`.
pub fn run_board(args: &BoardArgs) -> i32 {
    let output = args.look.output.as_deref();
    let format = Picture::chosen(
        [
            (args.svg, Picture::Svg),
            (args.png, Picture::Png),
            (false, Picture::Gif),
        ],
        output,
    );
    if format.is_none() && (args.look.asks_for_a_picture() || output.is_some()) {
        eprintln!(
            "pdn board: --size, --flip, --coords and -o draw a picture: add --svg or --png (or name a .svg or .png file)"
        );
        return EXIT_FAILURE;
    }
    if format == Some(Picture::Gif) {
        eprintln!("pdn board: a GIF shows a game: use pdn diagram FILE --gif");
        return EXIT_FAILURE;
    }
    match args.position.load() {
        Ok((pos, layout)) if format.is_some() => write_picture(
            "board",
            format.unwrap_or(Picture::Svg),
            &pos,
            &layout,
            &args.look.options(),
            output,
        ),
        Ok((pos, layout)) => {
            let mut out = io::stdout().lock();
            let written = writeln!(out, "{}", diagram(&pos, &layout)).and_then(|()| out.flush());
            exit_after_write(written, EXIT_OK)
        }
        Err(e) => {
            eprintln!("pdn board: {e}");
            EXIT_FAILURE
        }
    }
}
