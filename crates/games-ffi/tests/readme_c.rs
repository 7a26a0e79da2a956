//! The README's C examples compile against `include/games.h` with
//! `-Wall -Wextra -Wpedantic -Werror`, so the front door cannot drift from
//! the header. Each ```` ```c ```` block becomes the body of a `main`
//! (its `#include` lines go above it); only the compiler's front end runs
//! (`-fsyntax-only`): the header check already ties the header to the
//! library, and the full programs in `examples/c` are linked and run.
//! Needs `cc`.

use std::path::PathBuf;
use std::process::Command;

/// The ```` ```c ```` blocks of a Markdown text, with the line each starts on.
fn c_blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (index, line) in markdown.lines().enumerate() {
        match current.as_mut() {
            None if line.trim_end() == "```c" => current = Some((index + 1, String::new())),
            None => {}
            Some(_) if line.starts_with("```") => blocks.extend(current.take()),
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    assert!(current.is_none(), "a ```c block is never closed");
    blocks
}

/// A translation unit that holds `block` in `main`.
fn program(block: &str) -> String {
    let (includes, body): (Vec<&str>, Vec<&str>) =
        block.lines().partition(|line| line.starts_with("#include"));
    let mut text = String::from("#include \"games.h\"\n");
    for include in includes.iter().filter(|l| !l.contains("\"games.h\"")) {
        text.push_str(include);
        text.push('\n');
    }
    text.push_str("int main(void) {\n");
    for line in body {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str("return 0;\n}\n");
    text
}

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
