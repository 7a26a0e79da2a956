//! Turning the ```` ```c ```` blocks of a Markdown page into C programs
//! (shared by the README tests), and building and running one against this
//! build's static library.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The ```` ```c ```` blocks of a Markdown text, with the line each starts on.
pub fn c_blocks(markdown: &str) -> Vec<(usize, String)> {
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
pub fn program(block: &str) -> String {
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

/// This build's `libgames_ffi.a`: tests run from `target/<profile>/deps`,
/// where `cargo test` leaves it (`cargo build` copies it one level up).
pub fn this_builds_archive() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps directory");
    [deps, deps.parent().expect("target directory")]
        .iter()
        .map(|dir| dir.join("libgames_ffi.a"))
        .find(|a| a.exists())
        .unwrap_or_else(|| panic!("libgames_ffi.a not found next to {}", exe.display()))
}

/// Compile `program` (C11, with `flags`) against the header in `include`,
/// link it with this build's static library into `dir/name` and run it;
/// fails the test when it does not build or exits non-zero.
pub fn build_and_run(
    dir: &Path,
    name: &str,
    program: &str,
    include: &Path,
    flags: &[&str],
) -> Output {
    let source = dir.join(format!("{name}.c"));
    let binary = dir.join(name);
    std::fs::write(&source, program).expect("write the C source");
    let built = Command::new("cc")
        .arg("-std=c11")
        .args(flags)
        .arg("-I")
        .arg(include)
        .arg(&source)
        .arg(this_builds_archive())
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&binary)
        .output()
        .expect("run cc (is it installed?)");
    assert!(
        built.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&built.stderr)
    );
    let run = Command::new(&binary).output().expect("run the program");
    assert!(run.status.success(), "{name} failed: {run:?}");
    run
}
