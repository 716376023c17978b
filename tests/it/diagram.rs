//! Pictures of positions: the SVG `Position::to_svg` draws (read back with an XML parser),
//! `pdn board --svg/--png` and `pdn diagram` (PNG and GIF decoded back), and a snapshot of
//! each variant's start board.

use std::fs;
use std::path::Path;

use pdnkit::{Color, Coords, NotationKind, Position, Role, SvgOptions, Variant};

use crate::common::TempTree;
use crate::common::report::pdn;

/// A small generator of pseudo-random numbers (xorshift), so that the positions are the same
/// on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The pieces a picture draws: for each `<g class="piece COLOUR ROLE">`, its square's name,
/// colour and role.
fn drawn_pieces(svg: &str) -> Vec<(String, String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    root.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("piece "))
        })
        .map(|n| {
            let class: Vec<&str> = n.attribute("class").unwrap().split(' ').collect();
            assert_eq!(class.len(), 3, "{class:?}");
            (
                n.attribute("data-square")
                    .expect("a piece names its square")
                    .to_string(),
                class[1].to_string(),
                class[2].to_string(),
            )
        })
        .collect()
}

/// Checks that `svg` draws exactly the pieces of `pos`, each once, on its square.
fn assert_draws(pos: &Position, svg: &str) {
    let drawn = drawn_pieces(svg);
    assert_eq!(drawn.len(), pos.pieces().count(), "{}", pos.to_fen());
    let mut seen = std::collections::HashSet::new();
    for (name, color, role) in &drawn {
        let sq = pos
            .square(name)
            .unwrap_or_else(|| panic!("{name} is a square"));
        assert!(seen.insert(sq), "{name} drawn twice");
        let p = pos
            .piece_at(sq)
            .unwrap_or_else(|| panic!("a piece on {name}"));
        let want_color = match p.color {
            Color::White => "white",
            Color::Black => "black",
        };
        let want_role = match p.role {
            Role::Man => "man",
            Role::King => "king",
        };
        assert_eq!(
            (color.as_str(), role.as_str()),
            (want_color, want_role),
            "{name}"
        );
    }
}

#[test]
fn every_variant_draws_one_piece_element_per_piece_in_random_positions() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for v in Variant::ALL {
        for kind in [NotationKind::Numeric, NotationKind::Algebraic] {
            let mut pos = Position::start(v).with_notation(kind);
            let mut last = None;
            for ply in 0..60 {
                let svg = pos.to_svg(&SvgOptions {
                    size: 100 + ply,
                    flip: rng.below(2) == 1,
                    coords: [
                        Coords::Notation,
                        Coords::Numbers,
                        Coords::Algebraic,
                        Coords::None,
                    ][rng.below(4)],
                    last_move: last.take().unwrap_or_default(),
                    ..SvgOptions::default()
                });
                assert!(svg.contains(&format!("width=\"{}\"", 100 + ply)));
                assert_draws(&pos, &svg);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = &moves[rng.below(moves.len())];
                last = Some(mv.path().to_vec());
                pos.play(mv).unwrap();
            }
        }
    }
}

#[test]
fn the_last_move_is_an_arrow_through_its_path() {
    // 28x8 takes 23 and 13: the arrow runs 28, 19, 8.
    let pos = Position::from_fen("W:W28:B23,13", Variant::International).unwrap();
    let mv = pos.legal_moves().remove(0);
    let mut after = pos.clone();
    after.play(&mv).unwrap();
    let svg = after.to_svg(&SvgOptions::default().with_last_move(&mv));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let arrow = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("arrow"))
        .expect("an arrow");
    let line = arrow
        .children()
        .find(|n| n.has_tag_name("polyline"))
        .unwrap();
    // The line's points: the centres of 28 and 19, and the base of the head short of 8.
    let points = line.attribute("points").unwrap().split(' ').count();
    assert_eq!(points, 3, "{svg}");
    assert!(arrow.children().any(|n| n.has_tag_name("polygon")));
    assert_draws(&after, &svg);
}

/// The SVG of `v`'s start board, one element to a line.
fn start_svg(v: Variant) -> String {
    let svg = Position::start(v).to_svg(&SvgOptions {
        size: 240,
        title: format!("{}: the start position", v.title()),
        ..SvgOptions::default()
    });
    svg.replace("><", ">\n<")
}

#[test]
fn each_variants_start_board() {
    for v in Variant::ALL {
        insta::assert_snapshot!(format!("start_{}", v.name()), start_svg(v));
    }
}

/// The size and RGBA pixels of a PNG file.
fn decode_png(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

#[test]
fn a_png_decodes_to_the_size_asked_and_shows_the_square_numbers() {
    let tree = TempTree::new("diagram-png");
    let with = tree.0.join("with.png");
    let without = tree.0.join("without.png");
    for (path, coords) in [(&with, "numbers"), (&without, "none")] {
        let run = pdn()
            .args([
                "board",
                "--variant",
                "english",
                "--size",
                "333",
                "--coords",
                coords,
                "-o",
            ])
            .arg(path)
            .output()
            .unwrap();
        assert_eq!(
            run.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let (w, h, a) = decode_png(&with);
    assert_eq!((w, h), (333, 333));
    let (_, _, b) = decode_png(&without);
    // The board is 8 squares of 40 units in a frame of 6: square 1 is the second cell of the
    // top row, its number in its top left corner, about 3 to 16 units from the corner.
    let scale = 333.0 / 332.0;
    let px = |ux: f64, uy: f64| ((uy * scale) as usize * w as usize + (ux * scale) as usize) * 4;
    let mut label_differs = 0;
    let mut elsewhere_differs = 0;
    for uy in 0..332i32 {
        for ux in 0..332i32 {
            let i = px(f64::from(ux), f64::from(uy));
            if a[i..i + 4] != b[i..i + 4] {
                // Inside the corner of some square (where names are drawn), or not.
                let (cx, cy) = ((ux - 6).rem_euclid(40), (uy - 6).rem_euclid(40));
                if cx < 22 && cy < 18 {
                    label_differs += 1;
                } else {
                    elsewhere_differs += 1;
                }
            }
        }
    }
    assert!(label_differs > 300, "{label_differs}");
    assert_eq!(elsewhere_differs, 0);
    // Square 1's corner in particular: (46..62, 9..19) in units.
    let on_one = (9..19)
        .flat_map(|y| (48..60).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let i = px(f64::from(x), f64::from(y));
            a[i..i + 4] != b[i..i + 4]
        })
        .count();
    assert!(on_one > 10, "{on_one}");
}

#[test]
fn board_writes_svg_to_standard_output_and_refuses_picture_options_for_text() {
    let run = pdn()
        .args([
            "board",
            "--variant",
            "russian",
            "--fen",
            "W:Wc3,Kd4:Bf6",
            "--svg",
            "--flip",
        ])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let svg = String::from_utf8(run.stdout).unwrap();
    let pieces = drawn_pieces(&svg);
    assert_eq!(pieces.len(), 3);
    assert!(pieces.contains(&("d4".into(), "white".into(), "king".into())));
    assert!(svg.contains(">h</text>"), "algebraic coordinates");

    let run = pdn()
        .args(["board", "--variant", "russian", "--flip"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("add --svg or --png"));

    let run = pdn()
        .args(["board", "--variant", "russian", "--png", "--size", "9"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "too small");
}

const GAME: &str = "[White \"A\"]\n[Black \"B\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33-28 *\n\n[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n";

#[test]
fn diagram_draws_the_position_after_a_ply_with_its_move() {
    let tree = TempTree::new("diagram-ply");
    let file = tree.file("g.pdn", GAME);
    let run = pdn()
        .args(["diagram", "--ply", "3"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let svg = String::from_utf8(run.stdout).unwrap();
    let mut pos = Position::start(Variant::International);
    for m in ["32-28", "19-23", "28x19"] {
        pos.play_text(m).unwrap();
    }
    assert_draws(&pos, &svg);
    assert!(
        svg.contains("<title>A - B: after half-move 3, 28x19</title>"),
        "{svg}"
    );
    assert!(svg.contains("class=\"arrow\""));

    // The second game, in coordinates, by default at its end.
    let run = pdn()
        .args(["diagram", "--game", "2"])
        .arg(&file)
        .output()
        .unwrap();
    let svg = String::from_utf8(run.stdout).unwrap();
    let mut pos = Position::start(Variant::Russian);
    for m in ["c3-d4", "f6-e5", "d4xf6", "g7xe5"] {
        pos.play_text(m).unwrap();
    }
    assert_draws(&pos, &svg);

    for (args, message) in [
        (vec!["--game", "3"], "holds 2 games, not 3"),
        (vec!["--ply", "6"], "has 5 half-moves replayed, not 6"),
    ] {
        let run = pdn()
            .arg("diagram")
            .args(&args)
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2));
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(err.contains(message), "{err}");
    }
}

#[test]
fn diagram_writes_an_animated_gif_of_one_frame_per_position() {
    let tree = TempTree::new("diagram-gif");
    let file = tree.file("g.pdn", GAME);
    let out = tree.0.join("game.gif");
    let run = pdn()
        .args(["diagram", "--size", "120", "--delay", "300", "-o"])
        .arg(&out)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(fs::File::open(&out).unwrap()).unwrap();
    assert_eq!((decoder.width(), decoder.height()), (120, 120));
    // Each frame is painted over the ones before (a frame after the first holds only what
    // changed); the picture shown then is the PNG of that position, but for the GIF's
    // palette of 256 colours.
    let mut canvas = vec![0u8; 120 * 120 * 4];
    let mut frames = 0;
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        assert_eq!(frame.delay, 30);
        let (left, top, w) = (
            usize::from(frame.left),
            usize::from(frame.top),
            usize::from(frame.width),
        );
        for (y, row) in frame.buffer.chunks(w * 4).enumerate() {
            let at = ((top + y) * 120 + left) * 4;
            canvas[at..at + w * 4].copy_from_slice(row);
        }
        let png = tree.0.join(format!("{frames}.png"));
        let run = pdn()
            .args([
                "diagram",
                "--size",
                "120",
                "--ply",
                &frames.to_string(),
                "-o",
            ])
            .arg(&png)
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(0));
        let (_, _, want) = decode_png(&png);
        // Pixels whose colour is clearly not the one wanted (a palette's nearest colour is
        // close): at most a few dozen, on the edges of shapes. The picture of the next or the
        // previous position has some 200 to 400 such pixels at this size.
        let wrong = canvas
            .chunks(4)
            .zip(want.chunks(4))
            .filter(|(a, b)| a.iter().zip(*b).any(|(&x, &y)| x.abs_diff(y) > 48))
            .count();
        assert!(wrong < 80, "frame {frames}: {wrong} pixels off");
        frames += 1;
    }
    // The start and the position after each of the 5 half-moves.
    assert_eq!(frames, 6);
}

#[test]
fn a_diagram_after_a_huff_shows_the_piece_removed() {
    // 2. 12-16 ignores the capture 15x22; under huffing rules White huffs the man on 15.
    let tree = TempTree::new("diagram-huff");
    let file = tree.file(
        "h.pdn",
        "[GameType \"21\"]\n1. 11-15 22-18 2. 12-16 {[%huff 15]} 18-14 *\n",
    );
    let pieces_after = |rules: &str, ply: &str| {
        let run = pdn()
            .args(["diagram", "--rules", rules, "--ply", ply])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(
            run.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        drawn_pieces(&String::from_utf8(run.stdout).unwrap())
    };
    let on = |pieces: &[(String, String, String)], sq: &str| pieces.iter().any(|p| p.0 == sq);
    for ply in ["3", "4"] {
        let huffed = pieces_after("huffing", ply);
        assert!(!on(&huffed, "15"), "ply {ply}: the man on 15 is huffed");
        assert_eq!(huffed.len(), 23, "ply {ply}");
    }
    // Before the huff the man stands, and under today's rules, which have no huffs, after.
    assert!(on(&pieces_after("huffing", "2"), "15"));
    assert!(on(&pieces_after("modern", "3"), "15"));
}

#[test]
fn a_binary_picture_goes_to_a_file_named_by_its_extension() {
    let tree = TempTree::new("diagram-ext");
    let file = tree.file("g.pdn", GAME);
    let png = tree.0.join("after.png");
    let run = pdn()
        .args(["diagram", "--ply", "0", "--size", "64", "-o"])
        .arg(&png)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    assert_eq!(decode_png(&png).0, 64);
    // An output that is the input is refused, and the input kept.
    let run = pdn()
        .args(["diagram", "--svg", "-o"])
        .arg(&file)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&file).unwrap(), GAME);
}

#[test]
fn a_binary_picture_is_not_written_to_a_terminal() {
    // Standard output a pseudo-terminal made by util-linux `script`.
    let pdn = assert_cmd::cargo::cargo_bin("pdn");
    let out = std::process::Command::new("script")
        .args([
            "-q",
            "-e",
            "-c",
            &format!("{} board --variant english --png", pdn.display()),
            "/dev/null",
        ])
        .output()
        .expect("util-linux script runs");
    assert_eq!(out.status.code(), Some(2));
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("not written to a terminal"), "{shown}");
    assert!(!shown.contains("PNG\r\n\u{1a}"), "no image bytes: {shown}");
}

#[test]
fn a_game_without_rules_is_not_drawn() {
    let tree = TempTree::new("diagram-chess");
    let file = tree.file("c.pdn", "[GameType \"0\"]\n1. e4 e5 *\n");
    let run = pdn().args(["diagram"]).arg(&file).output().unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("game 1 is not replayed"));
    assert!(run.stdout.is_empty());
}
