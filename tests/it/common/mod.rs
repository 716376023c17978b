//! What several test files share: a temporary directory tree, the corpus's files, and long
//! games.

#[allow(dead_code)]
pub mod report;
pub mod there_and_back;
pub mod tree_check;

use std::fs;
use std::path::PathBuf;

/// A fresh directory under the system's temporary directory, removed when dropped.
pub struct TempTree(pub PathBuf);

impl TempTree {
    /// An empty directory named after `name` and this test process.
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("pdnkit-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        TempTree(dir)
    }

    /// Writes `text` to `rel` inside the tree (creating its folders) and returns its path.
    #[allow(dead_code)]
    pub fn file(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.0.join(rel);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for TempTree {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// `pdn ARGS PATH`: its exit status, standard output and standard error.
#[allow(dead_code)]
pub fn pdn_run(args: &[&str], path: &std::path::Path) -> (i32, String, String) {
    let out = assert_cmd::Command::cargo_bin("pdn")
        .expect("the pdn binary is built for tests")
        .args(args)
        .arg(path)
        .output()
        .expect("pdn runs");
    (
        out.status.code().expect("pdn exits"),
        String::from_utf8(out.stdout).expect("output is UTF-8"),
        String::from_utf8(out.stderr).expect("errors are UTF-8"),
    )
}

/// The files of corpus/ whose extension is one of `exts` (in any case), in path order.
#[allow(dead_code)]
pub fn corpus_files(exts: &[&str]) -> Vec<PathBuf> {
    files_under(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus"), exts)
}

/// The files of tests/fixtures/ whose extension is one of `exts` (in any case), in path order.
#[allow(dead_code)]
pub fn fixture_files(exts: &[&str]) -> Vec<PathBuf> {
    files_under(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"), exts)
}

fn files_under(root: &str, exts: &[&str]) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_type().is_file()
                && e.path()
                    .extension()
                    .and_then(|x| x.to_str())
                    .is_some_and(|x| exts.iter().any(|e| x.eq_ignore_ascii_case(e)))
        })
        .map(|e| e.into_path())
        .collect();
    files.sort();
    files
}

/// Move pairs `from` to `from + pairs - 1` of two kings shuttling on an open International
/// board (`[FEN "W:WK46:BK1"]`, White to move), ten pairs a line, each line ended by `eol`:
/// three movetext elements a pair, for games longer than the reader holds at once.
#[allow(dead_code)]
pub fn shuttle(from: usize, pairs: usize, eol: &str) -> String {
    let mut s = String::new();
    for n in from..from + pairs {
        let (w, b) = if n % 2 == 1 {
            ("46-41", "1-6")
        } else {
            ("41-46", "6-1")
        };
        s.push_str(&format!("{n}. {w} {b}"));
        s.push_str(if (n - from) % 10 == 9 { eol } else { " " });
    }
    s
}
