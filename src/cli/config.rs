//! `pdn.toml`: defaults for `pdn check`, found from the current directory upwards (or named
//! with `--config FILE`). The command line overrides it: a flag given there wins over the
//! file's setting, and the file's `allow`/`warn`/`deny` come before the command line's, so that
//! a flag of the same reach overrides them.
//!
//! ```toml
//! variant = "english"         # --variant
//! rules = "huffing"           # --rules
//! encoding = "cp1252"         # --encoding
//! strict = false              # --strict
//! max-diagnostics = 100       # --max-diagnostics
//! allow = ["R310"]            # --allow, one entry per code, kind, or "warnings"
//! warn = ["non-standard"]     # --warn
//! deny = ["warnings"]         # --deny
//! ```

use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

/// The name looked for.
pub const FILE_NAME: &str = "pdn.toml";

/// The settings of a `pdn.toml`; every one is optional. The settings that name things keep
/// where they stand in the file, for messages.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// Default variant (a name or GameType number).
    pub variant: Option<Spanned<String>>,
    /// Default rule profile: `modern`, `huffing`, `polish-1902`.
    pub rules: Option<Spanned<String>>,
    /// Default encoding label.
    pub encoding: Option<Spanned<String>>,
    /// Strict mode.
    pub strict: Option<bool>,
    /// Diagnostics shown per file.
    pub max_diagnostics: Option<usize>,
    /// Codes, kinds or `warnings` to allow.
    #[serde(default)]
    pub allow: Vec<Spanned<String>>,
    /// Codes or kinds to make warnings.
    #[serde(default)]
    pub warn: Vec<Spanned<String>>,
    /// Codes, kinds or `warnings` to make errors.
    #[serde(default)]
    pub deny: Vec<Spanned<String>>,
    /// The file read, and its text.
    #[serde(skip)]
    source: Option<(PathBuf, String)>,
}

impl Config {
    /// Where a setting stands, for a message about it: `path:line:column`.
    pub fn at(&self, span: Range<usize>) -> String {
        let Some((path, text)) = &self.source else {
            return FILE_NAME.to_string();
        };
        let before = text.get(..span.start).unwrap_or(text);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        format!("{}:{line}:{column}", path.display())
    }
}

/// The nearest `pdn.toml` in `dir` or a directory above it.
pub fn find(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .map(|d| d.join(FILE_NAME))
        .find(|p| p.is_file())
}

/// Reads and parses a config file; the error names the file.
pub fn load(path: &Path) -> Result<Config, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut config: Config =
        toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    config.source = Some((path.to_path_buf(), text));
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_is_read_and_unknown_ones_are_refused() {
        let c: Config = toml::from_str(
            "variant = \"english\"\nrules = \"huffing\"\nmax-diagnostics = 5\nallow = [\"R310\"]\n",
        )
        .unwrap();
        assert_eq!(
            c.variant.as_ref().map(|v| v.get_ref().as_str()),
            Some("english")
        );
        assert_eq!(
            c.rules.as_ref().map(|v| v.get_ref().as_str()),
            Some("huffing")
        );
        assert_eq!(c.max_diagnostics, Some(5));
        assert_eq!(c.allow.len(), 1);
        assert_eq!(c.allow[0].get_ref(), "R310");
        assert!(toml::from_str::<Config>("colour = \"never\"\n").is_err());
    }
}
