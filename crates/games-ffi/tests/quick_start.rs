//! The crate README's C quick start (the page a user of the packaged crate
//! reads) builds against the crate's `include/games.h` with every warning
//! an error, links against this build's static library and runs. Needs `cc`.

use std::path::PathBuf;

#[path = "support/c_blocks.rs"]
mod c_blocks;
use c_blocks::{build_and_run, c_blocks, program};

#[test]
fn the_crate_readme_quick_start_builds_and_runs() {
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
    let flags = ["-Wall", "-Wextra", "-Wpedantic", "-Werror"];
    build_and_run(
        &dir,
        "quick_start",
        &program(&blocks[0].1),
        &crate_dir.join("include"),
        &flags,
    );
    let _ = std::fs::remove_dir_all(&dir);
}
