//! Per-code control: allow, warn or deny a code, a kind, or every warning, as rustc's
//! `-A`/`-W`/`-D` do.
//!
//! A setting names a code (`R310` or its name `capture-separator-on-quiet-move`), a kind
//! (`separator`), or `warnings`. A code's setting beats its kind's, which beats `warnings`;
//! among settings of the same reach the last one given wins.

use std::fmt;

use super::codes;
use super::{Diagnostic, Kind, Severity};

/// What to do with the diagnostics a setting reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Drop them: neither shown nor counted.
    Allow,
    /// Make them warnings.
    Warn,
    /// Make them errors (the run fails).
    Deny,
}

impl Level {
    /// `allow`, `warn` or `deny`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Deny => "deny",
        }
    }
}

/// What a setting reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// One code.
    Code(&'static str),
    /// Every code of a kind.
    Kind(Kind),
    /// Every diagnostic that is a warning by default or after `--strict`.
    Warnings,
}

impl Target {
    /// Reads `warnings`, a kind, a code, or a code's name.
    pub fn parse(s: &str) -> Result<Target, UnknownTarget> {
        if s.eq_ignore_ascii_case("warnings") {
            return Ok(Target::Warnings);
        }
        // A kind first: some codes share their kind's name (`majority-rule`), and the code is
        // still reached by its number.
        if let Some(k) = Kind::ALL
            .iter()
            .find(|k| k.as_str().eq_ignore_ascii_case(s))
        {
            return Ok(Target::Kind(*k));
        }
        codes::lookup(s)
            .map(|c| Target::Code(c.code))
            .ok_or_else(|| UnknownTarget(s.to_string()))
    }

    fn reach(self) -> u8 {
        match self {
            Target::Code(_) => 2,
            Target::Kind(_) => 1,
            Target::Warnings => 0,
        }
    }
}

/// A setting that names no code, kind or `warnings`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTarget(pub String);

impl fmt::Display for UnknownTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is neither a diagnostic code, a code's name, a kind, nor `warnings` (`pdn explain` lists the codes)",
            self.0
        )
    }
}

impl std::error::Error for UnknownTarget {}

/// The settings in the order given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LintLevels {
    settings: Vec<(Target, Level)>,
}

impl LintLevels {
    /// Adds a setting; it overrides earlier ones of the same reach.
    pub fn push(&mut self, target: Target, level: Level) {
        self.settings.push((target, level));
    }

    /// True when there is no setting.
    pub fn is_empty(&self) -> bool {
        self.settings.is_empty()
    }

    /// The level that applies to `d`, if any setting reaches it.
    pub fn level_of(&self, d: &Diagnostic) -> Option<Level> {
        let reaches = |t: &Target| match t {
            Target::Code(c) => *c == d.code,
            Target::Kind(k) => *k == d.kind,
            Target::Warnings => d.severity == Severity::Warning,
        };
        let narrowest = self
            .settings
            .iter()
            .filter(|(t, _)| reaches(t))
            .map(|(t, _)| t.reach())
            .max()?;
        self.settings
            .iter()
            .rev()
            .find(|(t, _)| t.reach() == narrowest && reaches(t))
            .map(|(_, l)| *l)
    }

    /// Applies the settings: allowed diagnostics are removed, the others get their level's
    /// severity. Infos stay infos unless a code or kind setting names them.
    pub fn apply(&self, diagnostics: &mut Vec<Diagnostic>) {
        if self.settings.is_empty() {
            return;
        }
        diagnostics.retain_mut(|d| match self.level_of(d) {
            None => true,
            Some(Level::Allow) => false,
            Some(Level::Warn) => {
                d.severity = Severity::Warning;
                true
            }
            Some(Level::Deny) => {
                d.severity = Severity::Error;
                true
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::codes::replay::{R305, R310};
    use crate::source::Span;

    fn levels(settings: &[(&str, Level)]) -> LintLevels {
        let mut l = LintLevels::default();
        for (t, level) in settings {
            l.push(Target::parse(t).unwrap(), *level);
        }
        l
    }

    #[test]
    fn a_code_setting_beats_a_kind_setting_beats_warnings() {
        let sep = Diagnostic::new(&R310, Span::default(), "10x14 takes nothing");
        let l = levels(&[("R310", Level::Allow), ("warnings", Level::Deny)]);
        assert_eq!(l.level_of(&sep), Some(Level::Allow));
        let l = levels(&[("separator", Level::Warn), ("warnings", Level::Deny)]);
        assert_eq!(l.level_of(&sep), Some(Level::Warn));
        let l = levels(&[("warnings", Level::Deny)]);
        assert_eq!(l.level_of(&sep), Some(Level::Deny));
    }

    #[test]
    fn the_last_setting_of_the_same_reach_wins() {
        let miss = Diagnostic::new(&R305, Span::default(), "12-16 takes nothing");
        let l = levels(&[("R305", Level::Allow), ("R305", Level::Warn)]);
        assert_eq!(l.level_of(&miss), Some(Level::Warn));
        let mut ds = vec![miss.clone()];
        l.apply(&mut ds);
        assert_eq!(ds[0].severity, Severity::Warning);
        let mut ds = vec![miss];
        levels(&[("missed-capture", Level::Allow)]).apply(&mut ds);
        assert!(ds.is_empty());
    }

    #[test]
    fn names_of_codes_and_kinds_are_understood_and_others_refused() {
        assert_eq!(Target::parse("r310"), Ok(Target::Code("R310")));
        assert_eq!(
            Target::parse("majority-rule"),
            Ok(Target::Kind(Kind::MajorityRule))
        );
        assert!(Target::parse("R999").is_err());
    }
}
