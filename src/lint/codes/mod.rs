//! The registry of diagnostic codes: one [`Code`] per code, with its long explanation.
//!
//! Codes are grouped by the stage that reports them, one file per group:
//! - `F0xx` ([`file`]): reading and decoding a file.
//! - `S1xx` ([`syntax`]): PDN syntax errors.
//! - `N2xx` ([`syntax`]): non-standard constructs a lenient reader accepts.
//! - `R3xx`, `H4xx`, `G5xx` ([`replay`]): moves, huffs and game-level findings of the replay.
//!
//! A code never changes meaning once published. `docs/lints.md` is generated from this registry
//! (`pdn explain --markdown`) and a test keeps it in step.

use super::diagnostic::{Kind, Severity};

pub mod file;
pub mod replay;
pub mod syntax;

/// One diagnostic code and everything the docs say about it.
#[derive(Debug, PartialEq, Eq)]
pub struct Code {
    /// The stable code, e.g. `"S101"`.
    pub code: &'static str,
    /// A short kebab-case name, e.g. `"unterminated-comment"`.
    pub name: &'static str,
    /// What it is about.
    pub kind: Kind,
    /// Its severity unless a mode changes it.
    pub severity: Severity,
    /// One line: what the code means.
    pub summary: &'static str,
    /// The long explanation: why it matters and what to do.
    pub explanation: &'static str,
    /// A minimal PDN fragment that produces it (empty where no PDN text can, e.g. I/O errors).
    pub example: &'static str,
}

/// Every registered code, in code order.
pub fn all() -> Vec<&'static Code> {
    let mut v: Vec<&'static Code> = file::ALL
        .iter()
        .chain(syntax::ALL)
        .chain(replay::ALL)
        .copied()
        .collect();
    v.sort_by_key(|c| c.code);
    v
}

/// The code named `code` (case-insensitive) or by its kebab-case name.
pub fn lookup(code: &str) -> Option<&'static Code> {
    all()
        .into_iter()
        .find(|c| c.code.eq_ignore_ascii_case(code) || c.name.eq_ignore_ascii_case(code))
}

/// Renders the whole registry as the Markdown of `docs/lints.md`.
pub fn markdown() -> String {
    use std::fmt::Write;
    let mut s = String::new();
    s.push_str("# Diagnostics\n\n");
    s.push_str(
        "Every diagnostic pdnkit reports has a stable code, a severity, a `kind` and an exact \
         place. This page is generated from the registry in `src/lint/codes/` by \
         `pdn explain --markdown`; `pdn explain CODE` prints one entry.\n\n",
    );
    s.push_str("| code | name | kind | severity | meaning |\n|---|---|---|---|---|\n");
    for c in all() {
        let _ = writeln!(
            s,
            "| [{}](#{}) | {} | {} | {} | {} |",
            c.code,
            c.code.to_ascii_lowercase(),
            c.name,
            c.kind,
            c.severity,
            c.summary
        );
    }
    for c in all() {
        let _ = write!(
            s,
            "\n## {}\n\n`{}` · kind `{}` · {}\n\n{}\n\n{}\n",
            c.code, c.name, c.kind, c.severity, c.summary, c.explanation
        );
        if !c.example.is_empty() {
            let _ = write!(s, "\nExample:\n\n```pdn\n{}\n```\n", c.example.trim_end());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_and_names_are_unique_and_well_formed() {
        let mut codes = HashSet::new();
        let mut names = HashSet::new();
        for c in all() {
            assert!(codes.insert(c.code), "duplicate code {}", c.code);
            assert!(names.insert(c.name), "duplicate name {}", c.name);
            assert_eq!(c.code.len(), 4, "{}", c.code);
            assert!(c.code.as_bytes()[0].is_ascii_uppercase());
            assert!(c.code[1..].bytes().all(|b| b.is_ascii_digit()));
            assert!(
                !c.summary.is_empty() && !c.explanation.is_empty(),
                "{}",
                c.code
            );
            assert!(
                c.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{}",
                c.name
            );
        }
    }

    #[test]
    fn lookup_finds_by_code_and_name() {
        let first = all()[0];
        assert_eq!(lookup(&first.code.to_lowercase()), Some(first));
        assert_eq!(lookup(first.name), Some(first));
        assert_eq!(lookup("Z999"), None);
    }

    #[test]
    fn docs_lints_md_is_generated_from_the_registry() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/lints.md");
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        if on_disk != markdown() {
            if std::env::var_os("PDNKIT_BLESS").is_some() {
                std::fs::write(path, markdown()).expect("write docs/lints.md");
            } else {
                panic!(
                    "docs/lints.md is out of date; run `PDNKIT_BLESS=1 cargo test \
                     docs_lints_md` (or `pdn explain --markdown > docs/lints.md`)"
                );
            }
        }
    }
}
