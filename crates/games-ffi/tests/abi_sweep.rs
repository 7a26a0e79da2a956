//! `tests/c/abi_sweep.c`, a mechanical sweep of every function of
//! `include/games.h` (NULL for each pointer, every buffer too small, out-of-range
//! numbers, the handle unchanged after each refusal), built with
//! `-Wall -Wextra -Wpedantic -Werror` under AddressSanitizer and
//! UndefinedBehaviorSanitizer against this build's static library, and run.
//! Needs `cc` with the sanitizer runtimes.

use std::path::PathBuf;

#[path = "support/c_blocks.rs"]
#[allow(dead_code)] // only `build_and_run` is used here
mod c_blocks;
use c_blocks::build_and_run;

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sweep_source() -> String {
    std::fs::read_to_string(crate_dir().join("tests/c/abi_sweep.c"))
        .expect("read tests/c/abi_sweep.c")
}

/// The functions the header declares, by name.
fn header_functions() -> Vec<String> {
    let header =
        std::fs::read_to_string(crate_dir().join("include/games.h")).expect("read games.h");
    let mut names: Vec<String> = header
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with('#') && !l.starts_with("typedef"))
        .filter_map(|l| {
            let open = l.find('(')?;
            let name = l[..open].rsplit([' ', '*']).next()?;
            name.starts_with("games_").then(|| name.to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn the_sweep_calls_every_function_of_the_header() {
    let functions = header_functions();
    assert!(
        functions.len() > 100,
        "only {} functions found",
        functions.len()
    );
    let source = sweep_source();
    let missing: Vec<&String> = functions
        .iter()
        .filter(|f| !source.contains(&format!("{f}(")))
        .collect();
    assert!(
        missing.is_empty(),
        "tests/c/abi_sweep.c never calls {missing:?}"
    );
}

/// games.h: "when cap is too small the call returns
/// GAMES_RESULT_BUFFER_TOO_SMALL, writes the size it needs to *out_len and
/// nothing else; buf may be NULL with cap 0 to ask the size", "Outputs
/// (out_* pointers) are written only when the call succeeds", and
/// "X_free(NULL) does nothing", for every function.
#[test]
fn the_abi_sweep_passes_under_address_and_undefined_behaviour_sanitizers() {
    let dir = std::env::temp_dir().join(format!("games-abi-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let flags = [
        "-Wall",
        "-Wextra",
        "-Wpedantic",
        "-Werror",
        "-g",
        "-fsanitize=address,undefined",
        "-fno-omit-frame-pointer",
        "-fno-sanitize-recover=all",
    ];
    let run = build_and_run(
        &dir,
        "abi_sweep",
        &sweep_source(),
        &crate_dir().join("include"),
        &flags,
    );
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("abi sweep: all checks passed"), "{stdout}");
}
