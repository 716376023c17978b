//! The report in a real browser: headless Chromium loads the page of the bundled corpus, its
//! screenshot must show content (many colours, most of it not background), and the DOM after
//! the page's script ran must hold the rows `pdn check --format json` counts. Without Chromium
//! the test says how to get it and passes; `scripts/browser-test.sh` installs it and runs this.

use crate::common;

use common::TempTree;
use common::report::{check_counts, page_counts, pdn};
use std::collections::HashSet;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Chromium: `$CHROMIUM`, else `chromium` or `chromium-browser` on the PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|d| [d.join("chromium"), d.join("chromium-browser")])
        .find(|p| p.is_file())
}

/// Runs Chromium headless on `page` with `extra` arguments, in a fresh profile, with the
/// background services that would reach for the network turned off; killed after two minutes.
/// Returns its standard output and error (kept in files, so a large DOM never blocks it).
fn run_chromium(bin: &Path, profile: &Path, page: &Path, extra: &[&str]) -> (String, String) {
    let (out_path, err_path) = (profile.with_extension("out"), profile.with_extension("err"));
    let mut child = Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .stdout(File::create(&out_path).unwrap())
        .stderr(File::create(&err_path).unwrap())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium did not finish within two minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    (
        std::fs::read_to_string(&out_path).unwrap(),
        std::fs::read_to_string(&err_path).unwrap_or_default(),
    )
}

#[test]
fn chromium_shows_the_corpus_report_with_the_counts_of_check() {
    let Some(bin) = chromium() else {
        println!(
            "skipped: chromium not found (Debian: apt-get install chromium, or run \
             scripts/browser-test.sh, which installs it; or set CHROMIUM to its path)"
        );
        return;
    };
    let tree = TempTree::new("browser");
    // Tests run in the package's folder: the page names the files as `corpus/...`.
    let corpus = Path::new("corpus");
    let page = tree.0.join("report.html");
    let made = pdn()
        .args(["report", "--no-config", "-o"])
        .arg(&page)
        .arg(corpus)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );

    // The screenshot: a page of text, tables and charts, not a blank or an error page.
    let shot = std::env::var_os("PDN_REPORT_SCREENSHOT")
        .map_or_else(|| tree.0.join("report.png"), PathBuf::from);
    let out = run_chromium(
        &bin,
        &tree.0.join("profile-shot"),
        &page,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1280,2400",
        ],
    );
    assert!(shot.is_file(), "no screenshot: {}", out.1);
    let decoder = png::Decoder::new(File::open(&shot).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buf).unwrap();
    assert_eq!((frame.width, frame.height), (1280, 2400));
    let channels = frame.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..frame.buffer_size()]
        .chunks(channels)
        .map(|p| &p[..3])
        .collect();
    let colours: HashSet<&[u8]> = pixels.iter().copied().collect();
    let background = [0xf6u8, 0xf8, 0xfa];
    let painted = pixels.iter().filter(|p| **p != background).count();
    assert!(colours.len() > 50, "{} colours", colours.len());
    assert!(
        painted * 4 > pixels.len(),
        "{painted} of {} pixels painted",
        pixels.len()
    );

    // The DOM after the script ran: the rows of the table and of the findings.
    let out = run_chromium(&bin, &tree.0.join("profile-dom"), &page, &["--dump-dom"]);
    let dom = out.0;
    assert!(
        dom.contains("<html lang=\"en\" class=\"js\">"),
        "the script did not run"
    );
    let (files, mut listed) = check_counts(&[corpus]);
    listed.remove("info");
    assert_eq!(page_counts(&dom), (files, listed));
}

#[test]
fn chromium_shows_the_opening_tree_with_the_counts_of_its_json() {
    let Some(bin) = chromium() else {
        println!("skipped: chromium not found (scripts/browser-test.sh installs it)");
        return;
    };
    let tree = TempTree::new("browser-tree");
    let corpus = Path::new("corpus");
    let page = tree.0.join("tree.html");
    let args = ["tree", "--no-config", "--depth", "2", "--min-games", "3"];
    let made = pdn()
        .args(args)
        .args(["--format", "html", "-o"])
        .arg(&page)
        .arg(corpus)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let json = pdn()
        .args(args)
        .args(["--format", "json"])
        .arg(corpus)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();

    let shot = std::env::var_os("PDN_TREE_SCREENSHOT")
        .map_or_else(|| tree.0.join("tree.png"), PathBuf::from);
    let out = run_chromium(
        &bin,
        &tree.0.join("profile-shot"),
        &page,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1200,1500",
        ],
    );
    assert!(shot.is_file(), "no screenshot: {}", out.1);
    let decoder = png::Decoder::new(File::open(&shot).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buf).unwrap();
    let channels = frame.color_type.samples();
    let colours: HashSet<&[u8]> = buf[..frame.buffer_size()]
        .chunks(channels)
        .map(|p| &p[..3])
        .collect();
    assert!(
        colours.len() > 20,
        "{} colours: a blank page?",
        colours.len()
    );

    // Every move of the JSON is a row of the page with its games.
    let dom = run_chromium(&bin, &tree.0.join("profile-dom"), &page, &["--dump-dom"]).0;
    let mut rows = 0;
    for v in json.as_array().unwrap() {
        let mut stack: Vec<&serde_json::Value> = v["moves"].as_array().unwrap().iter().collect();
        while let Some(m) = stack.pop() {
            let cell = format!(
                "{}</td><td>{}</td>",
                m["move"].as_str().unwrap(),
                m["games"]
            );
            let tp = format!("{}\">=</span></td><td>{}</td>", "", m["games"]);
            assert!(dom.contains(&cell) || dom.contains(&tp), "{cell}");
            rows += 1;
            stack.extend(m["moves"].as_array().into_iter().flatten());
        }
    }
    assert_eq!(dom.matches("<tr class=\"d").count(), rows);
}
