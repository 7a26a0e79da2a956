//! Small helpers for line-based terminal play.

use std::io::{BufRead, Write};

use crate::engine::lines::{Line, Lines};

/// The longest line a terminal game reads, in bytes; a longer one is read
/// in chunks and thrown away.
pub const MAX_TERMINAL_LINE: usize = 64 * 1024;

/// Print `prompt`, read one line; `None` at the end of input. A line that
/// is not UTF-8 or longer than [`MAX_TERMINAL_LINE`] comes back as `�` (the
/// replacement character), which every game answers as input it does not
/// understand, and the game goes on.
pub fn ask(input: &mut dyn BufRead, output: &mut dyn Write, prompt: &str) -> Option<String> {
    let _ = write!(output, "{prompt}");
    let _ = output.flush();
    match Lines::with_limit(input, MAX_TERMINAL_LINE).next_line()? {
        Line::Text(text) => Some(text.trim().to_string()),
        Line::TooLong | Line::NotUtf8 => Some(char::REPLACEMENT_CHARACTER.to_string()),
    }
}

/// Ask for one command of a play loop: the line, trimmed and lowercased;
/// `None` (after saying goodbye) at the end of input or on `quit`, `q`, `exit`.
pub fn ask_command(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    prompt: &str,
) -> Option<String> {
    let Some(line) = ask(input, output, prompt) else {
        say(output, "\nEnd of input: goodbye.");
        return None;
    };
    let line = line.to_ascii_lowercase();
    if matches!(line.as_str(), "quit" | "q" | "exit") {
        say(output, "Goodbye.");
        return None;
    }
    Some(line)
}

/// Write a line, ignoring a closed terminal.
pub fn say(output: &mut dyn Write, text: &str) {
    let _ = writeln!(output, "{text}");
}

/// Whether to draw in ANSI colours: never when `NO_COLOR` is set (and not
/// empty), always when `CLICOLOR_FORCE` is set (and neither empty nor
/// `0`), otherwise only when standard output is a terminal.
#[must_use]
pub fn colour_wanted() -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if set("NO_COLOR") {
        return false;
    }
    if set("CLICOLOR_FORCE") && std::env::var_os("CLICOLOR_FORCE").is_some_and(|v| v != "0") {
        return true;
    }
    std::io::IsTerminal::is_terminal(&std::io::stdout())
}

/// Parse "3,4,5" (commas or spaces) into numbers.
pub fn parse_list(text: &str) -> Result<Vec<u32>, String> {
    text.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u32>()
                .map_err(|_| format!("`{s}` is not a whole number (write rows like 3,4,5)"))
        })
        .collect()
}

/// Parse a `--seconds` value: a positive number of seconds that a
/// [`std::time::Duration`] can hold (2e19 and `inf` are refused, not a panic).
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let bad = || {
        format!(
            "`{text}` is not a number of seconds: write a positive number up to {} \
             (leave the option out for no time limit)",
            u64::MAX
        )
    };
    let seconds: f64 = text.trim().parse().map_err(|_| bad())?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(bad());
    }
    std::time::Duration::try_from_secs_f64(seconds).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_and_refuse_junk() {
        assert_eq!(parse_list("3,4,5"), Ok(vec![3, 4, 5]));
        assert_eq!(parse_list("3 4"), Ok(vec![3, 4]));
        assert!(parse_list("3,x").is_err());
        assert!(parse_list("-1").is_err());
    }

    #[test]
    fn seconds_are_positive_and_bounded() {
        assert_eq!(
            parse_seconds("1.5"),
            Ok(std::time::Duration::from_millis(1500))
        );
        for bad in ["0", "-1", "2e19", "1e308", "inf", "NaN", "x", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
