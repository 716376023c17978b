//! What several test files share: a temporary directory tree, and the corpus's files.

#[allow(dead_code)]
pub mod report;

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

/// The files of corpus/ whose extension is one of `exts` (in any case), in path order.
#[allow(dead_code)]
pub fn corpus_files(exts: &[&str]) -> Vec<PathBuf> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
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
