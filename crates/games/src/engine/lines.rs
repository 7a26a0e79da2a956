//! Reading an engine's input one line at a time, with bounds: a line longer
//! than [`MAX_LINE`] bytes is read in chunks and thrown away (never held
//! whole in memory), and a line that is not UTF-8 is reported as such, so
//! that every protocol loop can answer with one short error line and go on.

use std::io::BufRead;

/// The longest line an engine reads, in bytes (1 MiB, the newline not
/// counted): room for `position startpos moves …` with tens of thousands of
/// moves; anything longer is refused.
pub const MAX_LINE: usize = 1 << 20;

/// The most characters of an error sentence an engine writes: a sentence
/// that quotes a long input is cut there, with `…`.
pub const MAX_ERROR: usize = 200;

/// `text` cut to [`MAX_ERROR`] characters (with `…` when it was cut).
#[must_use]
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(MAX_ERROR) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text (without its line ending).
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes: its bytes were discarded.
    TooLong,
    /// A line that is not UTF-8 text.
    NotUtf8,
}

impl Line {
    /// The sentence to answer a line that could not be read with, or `None`
    /// for a line of text.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        match self {
            Line::Text(_) => None,
            Line::TooLong => Some(format!("line longer than {MAX_LINE} bytes: ignored")),
            Line::NotUtf8 => Some("line is not UTF-8 text: ignored".to_string()),
        }
    }
}

/// Lines from a reader, with a line put back to be read again.
pub struct Lines<'a> {
    input: &'a mut dyn BufRead,
    pending: Option<Line>,
    max: usize,
}

impl<'a> Lines<'a> {
    /// Lines of `input`, each at most [`MAX_LINE`] bytes.
    pub fn new(input: &'a mut dyn BufRead) -> Lines<'a> {
        Lines::with_limit(input, MAX_LINE)
    }

    /// Lines of `input`, each at most `max` bytes.
    pub fn with_limit(input: &'a mut dyn BufRead, max: usize) -> Lines<'a> {
        Lines {
            input,
            pending: None,
            max,
        }
    }

    /// Put `line` back: the next [`Lines::next_line`] returns it.
    pub fn push_back(&mut self, line: Line) {
        self.pending = Some(line);
    }

    /// The next line, or `None` at the end of the input (or when it cannot
    /// be read). A last line without a newline still counts.
    pub fn next_line(&mut self) -> Option<Line> {
        if let Some(line) = self.pending.take() {
            return Some(line);
        }
        let mut bytes = Vec::new();
        let mut too_long = false;
        let mut seen_any = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if available.is_empty() {
                if !seen_any {
                    return None;
                }
                break;
            }
            seen_any = true;
            let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            if !too_long {
                if bytes.len() + chunk.len() > self.max {
                    too_long = true;
                    bytes = Vec::new();
                } else {
                    bytes.extend_from_slice(chunk);
                }
            }
            self.input.consume(used);
            if done {
                break;
            }
        }
        if too_long {
            return Some(Line::TooLong);
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        Some(match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn all(bytes: &[u8], max: usize) -> Vec<Line> {
        let mut cursor = Cursor::new(bytes.to_vec());
        let mut lines = Lines::with_limit(&mut cursor, max);
        std::iter::from_fn(|| lines.next_line()).collect()
    }

    #[test]
    fn lines_are_split_bounded_and_checked() {
        let text = |s: &str| Line::Text(s.to_string());
        assert_eq!(
            all(b"isready\n\xff\nisready", 10),
            [text("isready"), Line::NotUtf8, text("isready")]
        );
        assert_eq!(
            all(b"0123456789\n0123456789a\r\nok\r\n\n", 10),
            [text("0123456789"), Line::TooLong, text("ok"), text("")]
        );
        assert_eq!(all(b"", 10), []);
    }

    #[test]
    fn long_sentences_are_cut() {
        assert_eq!(shorten("short"), "short");
        let long = "é".repeat(MAX_ERROR + 5);
        let cut = shorten(&long);
        assert_eq!(cut.chars().count(), MAX_ERROR + 1);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn a_long_line_is_read_in_small_reads() {
        // A reader that hands out 3 bytes at a time.
        let data = [b"x".repeat(100), b"\nok\n".to_vec()].concat();
        let mut reader = std::io::BufReader::with_capacity(3, Cursor::new(data));
        let mut lines = Lines::with_limit(&mut reader, 10);
        assert_eq!(lines.next_line(), Some(Line::TooLong));
        assert_eq!(lines.next_line(), Some(Line::Text("ok".into())));
        lines.push_back(Line::NotUtf8);
        assert_eq!(lines.next_line(), Some(Line::NotUtf8));
        assert_eq!(lines.next_line(), None);
    }
}
