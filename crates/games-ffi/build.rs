//! Writes the C constants of each game, listed in `constants/<game>.txt`,
//! as documented `pub const NAME: u32 = VALUE;` items into
//! `$OUT_DIR/<game>_constants.rs`, which `src/<game>.rs` includes.
//!
//! The format of a list: `NAME = VALUE` on a line of its own, followed by
//! its documentation indented by four spaces; `#` starts a comment line; a
//! blank line separates groups. A line that is none of these stops the
//! build with its file and line number.

use std::fmt::Write as _;
use std::path::Path;

const GAMES: [&str; 4] = ["nim", "timbiriche", "backgammon", "canicas"];

fn main() {
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    println!("cargo:rerun-if-changed=constants");
    for game in GAMES {
        let path = Path::new("constants").join(format!("{game}.txt"));
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
        let code = constants(&text).unwrap_or_else(|(line, why)| {
            panic!("{}:{line}: {why}", path.display());
        });
        let target = Path::new(&out_dir).join(format!("{game}_constants.rs"));
        std::fs::write(&target, code).unwrap_or_else(|e| panic!("write {}: {e}", target.display()));
    }
}

/// The Rust items of one list, or the line number and reason of its first
/// malformed line.
fn constants(text: &str) -> Result<String, (usize, String)> {
    let mut out = String::new();
    let mut doc: Vec<&str> = Vec::new();
    let mut item: Option<(&str, &str)> = None;
    let flush = |out: &mut String, item: Option<(&str, &str)>, doc: &mut Vec<&str>| {
        if let Some((name, value)) = item {
            for line in doc.drain(..) {
                let _ = writeln!(out, "///{}{line}", if line.is_empty() { "" } else { " " });
            }
            let _ = writeln!(out, "pub const {name}: u32 = {value};");
        }
    };
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("    ") {
            if item.is_none() {
                return Err((number, "documentation before any `NAME = VALUE`".into()));
            }
            doc.push(rest.trim_end());
            continue;
        }
        flush(&mut out, item.take(), &mut doc);
        if line.trim().is_empty() {
            continue;
        }
        let Some((name, value)) = line.split_once(" = ") else {
            return Err((number, format!("expected `NAME = VALUE`, found {line:?}")));
        };
        let name_ok = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        let value_ok = !value.is_empty() && value.chars().all(|c| c.is_ascii_digit() || c == '_');
        if !name_ok || !value_ok {
            return Err((
                number,
                format!("not a constant name and a number: {line:?}"),
            ));
        }
        item = Some((name, value));
    }
    flush(&mut out, item.take(), &mut doc);
    Ok(out)
}
