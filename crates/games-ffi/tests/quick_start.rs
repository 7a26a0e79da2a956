//! The crate README's C quick start (the page a user of the packaged crate
//! reads) builds against the crate's `include/games.h` with every warning
//! an error, links against this build's static library and runs. Needs `cc`.

use std::path::PathBuf;
use std::process::Command;

#[path = "support/c_blocks.rs"]
mod c_blocks;
use c_blocks::{c_blocks, program};

#[test]
fn the_crate_readme_quick_start_builds_and_runs() {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps directory");
    let archive = [deps, deps.parent().expect("target directory")]
        .iter()
        .map(|dir| dir.join("libgames_ffi.a"))
        .find(|a| a.exists())
        .unwrap_or_else(|| panic!("libgames_ffi.a not found next to {}", exe.display()));
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(crate_dir.join("README.md")).expect("read README.md");
    let blocks = c_blocks(&readme);
    assert_eq!(
        blocks.len(),
        1,
        "one quick start in crates/games-ffi/README.md"
    );
    let dir = std::env::temp_dir().join(format!("games-crate-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let source = dir.join("quick_start.c");
    let binary = dir.join("quick_start");
    std::fs::write(&source, program(&blocks[0].1)).expect("write the C source");
    let built = Command::new("cc")
        .args([
            "-std=c11",
            "-Wall",
            "-Wextra",
            "-Wpedantic",
            "-Werror",
            "-I",
        ])
        .arg(crate_dir.join("include"))
        .arg(&source)
        .arg(&archive)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&binary)
        .output()
        .expect("run cc (is it installed?)");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let run = Command::new(&binary).output().expect("run the quick start");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(run.status.success(), "the quick start failed: {run:?}");
}
