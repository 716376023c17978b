//! Commands embedded in a comment (`[%clock w0:00:10]`).

use nom::{
    IResult, Parser,
    character::complete::{char, digit1, one_of},
    combinator::opt,
};

use crate::source::Span;
use crate::syntax::ast::{ClockTime, Command};

/// Embedded commands `[%name args]` in a comment's text, which starts at file offset `base`.
pub(crate) fn commands(text: &str, base: usize) -> Vec<Command> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find("[%") {
        let open = from + k;
        let Some(close_rel) = text[open..].find(']') else {
            break;
        };
        let close = open + close_rel;
        let inner = &text[open + 2..close];
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let name = &inner[..name_len];
        let args = inner[name_len..].trim();
        let clocks = if matches!(name, "clock" | "clk" | "mct" | "egt" | "emt") {
            clock_args(args).unwrap_or_default()
        } else {
            Vec::new()
        };
        out.push(Command {
            name: name.to_string(),
            args: args.to_string(),
            clocks,
            span: Span::new(base + open, base + close + 1),
        });
        from = close + 1;
    }
    out
}

fn clock_time(i: &str) -> IResult<&str, ClockTime> {
    let (i, side) = opt(one_of("wWbB")).parse(i)?;
    let (i, (h, _, m, _, s)) = (digit1, char(':'), digit1, char(':'), digit1).parse(i)?;
    let bad = h.len() > 2 || m.len() != 2 || s.len() != 2;
    let n = |t: &str| t.parse::<u32>().unwrap_or(0);
    if bad {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Verify,
        )));
    }
    Ok((
        i,
        ClockTime {
            side: side.map(|c| c.to_ascii_lowercase()),
            running: side.is_some_and(|c| c.is_ascii_uppercase()),
            seconds: n(h) * 3600 + n(m) * 60 + n(s),
        },
    ))
}

/// One or two clock times, as the standard's clock command has them.
fn clock_args(args: &str) -> Option<Vec<ClockTime>> {
    let (rest, first) = clock_time(args).ok()?;
    let rest = rest.trim_start();
    if rest.is_empty() {
        return Some(vec![first]);
    }
    let (rest, second) = clock_time(rest).ok()?;
    rest.trim().is_empty().then(|| vec![first, second])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_command_fits_the_standard_form() {
        let cmds = commands("[%clock w0:00:10 B0:00:03] x", 100);
        assert_eq!(cmds.len(), 1);
        assert_eq!(cmds[0].name, "clock");
        assert_eq!(cmds[0].clocks.len(), 2);
        assert_eq!(cmds[0].clocks[0].seconds, 10);
        assert!(cmds[0].clocks[1].running);
        assert_eq!(cmds[0].span, Span::new(100, 126));
        let cmds = commands("[%clk 1:55:21]", 0);
        assert_eq!(cmds[0].clocks[0].seconds, 6921);
        let cmds = commands("[%csl R12,G23]", 0);
        assert_eq!(cmds[0].args, "R12,G23");
        assert!(cmds[0].clocks.is_empty());
    }
}
