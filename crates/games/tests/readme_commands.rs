//! Every `games` command line the README and docs/protocols.md show (the
//! synopsis, and each `cargo games …` or `games …` in the text) names a
//! subcommand that exists and only flags that subcommand takes, as its
//! `--help` lists them.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

const SUBCOMMANDS: [&str; 6] = ["play", "arena", "solve", "moves", "engine", "canicas"];
/// What follows a subcommand: a game, or `apply` after `canicas`. A line
/// with anything else there (`games engine <game>`, a line broken after
/// `games engine`, "the games engine authors") names no command to check.
const TARGETS: [&str; 5] = ["nim", "timbiriche", "backgammon", "canicas", "apply"];

/// `(line number, "sub game --flag …")` for every `games` command line in `doc`.
fn command_lines(doc: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (i, line) in doc.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("games ") {
            let after = &rest[at + "games ".len()..];
            // A word boundary before `games` (not `cargo-games`, `my_games`).
            let boundary = rest[..at]
                .chars()
                .last()
                .is_none_or(|c| c == ' ' || c == '`' || c == '$' || c == '(');
            let mut words = after.split_whitespace();
            let sub = words.next().unwrap_or("");
            let target = words.next().unwrap_or("").trim_end_matches('`');
            if boundary && SUBCOMMANDS.contains(&sub) && TARGETS.contains(&target) {
                let end = after.find('`').unwrap_or(after.len());
                found.push((i + 1, after[..end].to_string()));
                rest = &after[end..];
            } else {
                rest = after;
            }
        }
    }
    found
}

/// The flags a `--help` text lists (`--rows`, `--json`, …).
fn listed_flags(help: &str) -> Vec<String> {
    help.split(|c: char| c.is_whitespace() || c == ',' || c == '`' || c == '[')
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(|w| {
            w.trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
                .to_string()
        })
        .collect()
}

#[test]
fn the_documented_command_lines_use_real_subcommands_and_flags() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut helps: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for doc in ["README.md", "docs/protocols.md"] {
        let text = std::fs::read_to_string(root.join(doc)).expect("the document");
        for (line, command) in command_lines(&text) {
            let words: Vec<&str> = command.split_whitespace().collect();
            let (sub, game) = (words[0], words.get(1).copied().unwrap_or(""));
            let key = format!("{sub} {game}");
            let flags = helps.entry(key.clone()).or_insert_with(|| {
                let out = Command::new(env!("CARGO_BIN_EXE_games"))
                    .args([sub, game, "--help"])
                    .output()
                    .expect("run games");
                if out.status.success() {
                    listed_flags(&String::from_utf8_lossy(&out.stdout))
                } else {
                    Vec::new()
                }
            });
            if flags.is_empty() {
                wrong.push(format!("{doc}:{line}: `games {key}` is no command"));
                continue;
            }
            // Flags in the line (`[--level easy|medium|hard]`, `FILE|--no-records`).
            for word in command.split(|c: char| c.is_whitespace() || "[]|(),".contains(c)) {
                let flag = word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
                if word.starts_with("--") && flag.len() > 2 && flag != "--help" {
                    checked += 1;
                    if !flags.iter().any(|f| f == flag) {
                        wrong.push(format!("{doc}:{line}: `games {key}` takes no `{flag}`"));
                    }
                }
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} flags found: is the parser still right?"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
