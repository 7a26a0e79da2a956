//! Small helpers for line-based terminal play.

use std::io::{BufRead, Write};

/// Print `prompt`, read one line; `None` at the end of input.
pub fn ask(input: &mut dyn BufRead, output: &mut dyn Write, prompt: &str) -> Option<String> {
    let _ = write!(output, "{prompt}");
    let _ = output.flush();
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_string()),
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
}
