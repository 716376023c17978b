//! `pdn report`: the page's counts are `pdn check --format json`'s on the same input (read
//! back from the HTML, no browser needed), everything from the input is escaped, and the page
//! is self-contained.

use crate::common;

use common::TempTree;
use common::report::{check_counts, page_counts, pdn};
use std::fs;
use std::path::Path;

fn report(paths: &[&Path], out: &Path) -> String {
    let run = pdn()
        .args(["report", "--no-config", "-o"])
        .arg(out)
        .args(paths)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    fs::read_to_string(out).unwrap()
}

#[test]
fn the_corpus_report_counts_what_check_json_counts() {
    let tree = TempTree::new("report-corpus");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let out = tree.0.join("report.html");
    let html = report(&[&corpus], &out);
    let (check_files, mut check_listed) = check_counts(&[&corpus]);
    // Infos are counted in the table, not listed on the page.
    check_listed.remove("info");
    let (page_files, page_listed) = page_counts(&html);
    assert_eq!(page_files.len(), 47, "a row per file read");
    assert_eq!(page_files, check_files);
    assert_eq!(page_listed, check_listed);
    // The corpus's 52 errors include rule errors: each gets a board.
    assert!(html.matches("<svg class=\"board\"").count() > 10);
    // Totals in the header.
    let games: u64 = check_files.values().map(|c| c.0).sum();
    let errors: u64 = check_files.values().map(|c| c.1).sum();
    assert!(html.contains(&format!(
        "<b>{games}</b> game(s): <b class=\"e\">{errors}</b> error(s)"
    )));
    // English games outnumber every other variant's more than twenty times over, and games of
    // a position only every other length: those charts are drawn on a log scale.
    let charts = html
        .split("<section id=\"charts\">")
        .nth(1)
        .and_then(|c| c.split("</section>").next())
        .expect("the charts");
    let results = charts
        .split("</figure>")
        .next()
        .expect("results per variant");
    assert!(results.contains("log scale"), "{results}");
    let lengths = charts.split("</figure>").nth(1).expect("game lengths");
    assert!(lengths.contains("log scale"), "{lengths}");
}

#[test]
fn the_page_fetches_nothing() {
    let tree = TempTree::new("report-offline");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/shashkispark");
    let html = report(&[&corpus], &tree.0.join("r.html"));
    for needle in ["http://", "https://", "src=", "<link", "@import", "url("] {
        assert!(!html.contains(needle), "{needle} in the page");
    }
    assert_eq!(html.matches("<script>").count(), 1);
}

#[test]
fn text_from_the_input_is_escaped_in_tags_comments_and_file_names() {
    let tree = TempTree::new("report-escape");
    let file = tree.file(
        "<script>name</script>.pdn",
        "[GameType \"20\"] [Event \"<script>alert(1)</script>\"] 1. 32-28 {<script>alert(2)</script>} 28-23 *\n",
    );
    let html = report(&[&file], &tree.0.join("r.html"));
    // The only script element is the page's own.
    assert_eq!(html.matches("<script").count(), 1, "{html}");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("&lt;script&gt;alert(2)&lt;/script&gt;"));
    assert!(html.contains("&lt;script&gt;name&lt;/script&gt;.pdn"));
    let (files, listed) = page_counts(&html);
    assert_eq!((files, listed), check_counts(&[&file]));
}

#[test]
fn a_rule_error_shows_its_line_with_the_move_marked_and_the_board_in_the_game_notation() {
    let tree = TempTree::new("report-board");
    let numeric = tree.file("n.pdn", "[GameType \"21\"]\n1. 11-15 23-19 2. 15-19 *\n");
    let algebraic = tree.file("a.pdn", "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4-c5 *\n");
    let html = report(&[&numeric, &algebraic], &tree.0.join("r.html"));
    assert!(html.contains("15-<mark class=\"s\">19</mark>"), "{html}");
    assert!(html.contains("<mark class=\"s\">d4-c5</mark>"), "{html}");
    // Numeric squares on one board, coordinates on the other; the move's squares tinted and
    // an arrow through them.
    assert!(html.contains(">32</text>"));
    assert!(html.contains(">h</text>") && html.contains(">8</text>"));
    assert!(html.matches("class=\"mk\"").count() >= 2, "{html}");
    assert!(html.matches("class=\"arrow\"").count() >= 2, "{html}");
}

#[test]
fn a_file_that_cannot_be_read_is_a_row_and_a_finding() {
    let tree = TempTree::new("report-missing");
    let good = tree.file("a.pdn", "[GameType \"20\"]\n1. 32-28 *\n");
    let missing = tree.0.join("missing.pdn");
    let out = tree.0.join("r.html");
    let run = pdn()
        .args(["report", "--no-config", "-o"])
        .arg(&out)
        .arg(&good)
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let html = fs::read_to_string(&out).unwrap();
    assert!(html.contains("unreadable"));
    assert!(html.contains("F001"));
    assert_eq!(page_counts(&html), check_counts(&[&good, &missing]));
}
