//! The progress bar: drawn on a terminal, never on the same line as a diagnostic, and not at
//! all when standard error is not a terminal or with `--quiet`. The terminal is a
//! pseudo-terminal made by util-linux `script`.

use std::process::Command;

/// What a terminal would show on each line: text after the last carriage return or line erase.
fn visible_lines(raw: &str) -> Vec<String> {
    raw.split('\n')
        .map(|line| {
            let mut shown = "";
            for part in line.split(['\r']).flat_map(|p| p.split("\x1b[2K")) {
                if !part.is_empty() {
                    shown = part;
                }
            }
            shown.to_string()
        })
        .collect()
}

fn in_a_terminal(args: &str) -> String {
    let pdn = assert_cmd::cargo::cargo_bin("pdn");
    let out = Command::new("script")
        .args([
            "-q",
            "-e",
            "-c",
            &format!("{} {args}", pdn.display()),
            "/dev/null",
        ])
        .output()
        .expect("util-linux script runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_bar_never_shares_a_line_with_a_diagnostic() {
    let raw = in_a_terminal("check --format short --color never corpus");
    assert!(
        raw.contains("files") && raw.contains("MB/s"),
        "no bar drawn: {raw}"
    );
    let lines = visible_lines(&raw);
    assert!(lines.iter().any(|l| l.contains("error[R301]")), "{raw}");
    for l in &lines {
        let diagnostic = l.contains("error[") || l.contains("warning[");
        assert!(
            !(diagnostic && l.contains("MB/s")),
            "bar and diagnostic on one line: {l:?}"
        );
    }
}

#[test]
fn no_bar_with_quiet_or_when_standard_error_is_not_a_terminal() {
    let raw = in_a_terminal("check --quiet corpus");
    assert!(!raw.contains("MB/s"), "{raw}");
    let raw = in_a_terminal("check --format short corpus 2>/dev/null");
    assert!(!raw.contains("MB/s"), "{raw}");
    assert!(raw.contains("error[R301]"), "{raw}");
}

#[test]
fn on_a_terminal_the_table_cuts_a_long_path_to_fit() {
    let dir = std::env::temp_dir().join(format!("pdnkit-fit-{}", std::process::id()));
    let deep = dir.join("a-directory-with-a-rather-long-name/and-another-one-below-it");
    std::fs::create_dir_all(&deep).unwrap();
    let file = deep.join("a-file-with-a-long-name-too.pdn");
    std::fs::copy("tests/fixtures/cli/clean.pdn", &file).unwrap();
    let raw = in_a_terminal(&format!("check --no-config --quiet {}", file.display()));
    assert!(raw.contains("…"), "{raw}");
    assert!(raw.contains("/a-file-with-a-long-name-too.pdn "), "{raw}");
    assert!(!raw.contains(&file.display().to_string()), "{raw}");
    std::fs::remove_dir_all(&dir).unwrap();
}
