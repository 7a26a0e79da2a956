//! The README's C examples compile against `include/games.h` with
//! `-Wall -Wextra -Wpedantic -Werror`, so the front door cannot drift from
//! the header. Each ```` ```c ```` block becomes the body of a `main`
//! (its `#include` lines go above it); only the compiler's front end runs
//! (`-fsyntax-only`): the header check already ties the header to the
//! library, and the full programs in `examples/c` are linked and run.
//! Each game's block shows how a host sees the end of the game and the
//! winner, and the blocks that play a game to its end are also linked
//! against this build's library and run (the Color Lines one, whose arena
//! plays 100 deals, is not). Needs `cc`.

use std::path::PathBuf;
use std::process::Command;

#[path = "support/c_blocks.rs"]
mod c_blocks;
use c_blocks::{build_and_run, c_blocks, program};

#[test]
fn the_blocks_are_found() {
    let blocks = c_blocks(
        "text\n```c\nint a;\n```\n```rust\nlet b = 1;\n```\n```c\n#include <x.h>\nf();\n```\n",
    );
    assert_eq!(
        blocks,
        vec![
            (2, "int a;\n".to_string()),
            (8, "#include <x.h>\nf();\n".to_string())
        ]
    );
    assert_eq!(
        program(&blocks[1].1),
        "#include \"games.h\"\n#include <x.h>\nint main(void) {\nf();\nreturn 0;\n}\n"
    );
}

#[test]
fn readme_c_examples_compile_against_the_header() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("read README.md");
    let blocks = c_blocks(&readme);
    // Nim, Timbiriche, backgammon and Color Lines each show one.
    assert!(
        blocks.len() >= 4,
        "only {} ```c blocks in README.md",
        blocks.len()
    );
    let dir = std::env::temp_dir().join(format!("games-readme-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let mut failures = Vec::new();
    for (line, block) in &blocks {
        let source = dir.join(format!("readme_line_{line}.c"));
        std::fs::write(&source, program(block)).expect("write the C source");
        let out = Command::new("cc")
            .args([
                "-std=c11",
                "-Wall",
                "-Wextra",
                "-Wpedantic",
                "-Werror",
                "-fsyntax-only",
            ])
            .arg("-I")
            .arg(root.join("include"))
            .arg(&source)
            .output()
            .expect("run cc (is it installed?)");
        if !out.status.success() {
            failures.push(format!(
                "README.md line {line}:\n{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The block that calls `call`.
fn block_calling<'a>(blocks: &'a [(usize, String)], call: &str) -> &'a str {
    blocks
        .iter()
        .find(|(_, b)| b.contains(call))
        .map(|(_, b)| b.as_str())
        .unwrap_or_else(|| panic!("no ```c block calls {call}"))
}

fn readme_blocks() -> Vec<(usize, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    c_blocks(&std::fs::read_to_string(root.join("README.md")).expect("read README.md"))
}

/// A new user's question: how do I know the game is over, and who won?
#[test]
fn each_games_block_shows_the_end_and_the_result() {
    let blocks = readme_blocks();
    for (new, end, result) in [
        ("games_nim_new(", ".round_over", ".round_winner"),
        ("games_timbiriche_new(", ".game_over", ".result"),
        ("games_backgammon_new(", ".game_over", ".winner"),
        ("games_canicas_new(", ".game_over", ".score"),
    ] {
        let block = block_calling(&blocks, new);
        let get_state = new.replace("_new(", "_get_state(");
        for needle in [get_state.as_str(), end, result] {
            assert!(
                block.contains(needle),
                "the {new} block never reads {needle}"
            );
        }
    }
}

/// The blocks that play a game to its end do end, run for real.
#[test]
fn the_blocks_that_play_to_the_end_run() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = std::env::temp_dir().join(format!("games-readme-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let blocks = readme_blocks();
    let mut ran = 0;
    for new in [
        "games_nim_new(",
        "games_timbiriche_new(",
        "games_backgammon_new(",
    ] {
        let block = block_calling(&blocks, new);
        let name = new.trim_end_matches('(');
        build_and_run(&dir, name, &program(block), &root.join("include"), &[]);
        ran += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(ran, 3);
}
