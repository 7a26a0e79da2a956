//! Builds `examples/c` and `examples/cpp` against this build's static and
//! shared library with `-Wall -Wextra -Wpedantic -Werror` and runs them
//! (they exit non-zero when a check fails), and `examples/c/threads.c`
//! under ThreadSanitizer; checks how `examples/Makefile` finds (or builds)
//! the library. Needs `make`, `cc` and `c++` (and libtsan for the
//! ThreadSanitizer build).

use std::path::PathBuf;
use std::process::{Command, Output};

/// The directory holding this build's `libgames_ffi.a` and `.so`.
fn this_builds_libdir() -> PathBuf {
    // Tests run from target/<profile>/deps. `cargo test` leaves the static and
    // shared library of this build there (`cargo build` also copies them one
    // level up); prefer the copy in deps, which is always this build's.
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps directory").to_path_buf();
    [
        deps.clone(),
        deps.parent().expect("target directory").to_path_buf(),
    ]
    .into_iter()
    .find(|dir| dir.join("libgames_ffi.a").exists() && dir.join("libgames_ffi.so").exists())
    .unwrap_or_else(|| panic!("libgames_ffi.a/.so not found next to {}", exe.display()))
}

/// The repository root, as the Makefile computes it (no `..` left).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

/// `make -C <root>/examples ARGS`, run from the temporary directory (so
/// nothing depends on the caller's directory), with `CARGO_TARGET_DIR` set
/// to `target_dir` or unset, and `CARGO` unset (cargo sets it for tests; the
/// Makefile would run that cargo), and `LD_LIBRARY_PATH` unset: cargo
/// points it at the target's `debug/` folder, where an older
/// `libgames_ffi.so` from a plain `cargo build` would be loaded before the
/// one the shared examples link with their run path.
fn make(args: &[&str], target_dir: Option<&str>) -> Output {
    let mut command = Command::new("make");
    command
        .current_dir(std::env::temp_dir())
        .env_remove("CARGO")
        .env_remove("LD_LIBRARY_PATH")
        .arg("-C")
        .arg(root().join("examples"))
        .args(args);
    match target_dir {
        Some(dir) => command.env("CARGO_TARGET_DIR", dir),
        None => command.env_remove("CARGO_TARGET_DIR"),
    };
    command.output().expect("run make (is it installed?)")
}

#[test]
fn c_and_cpp_examples_build_clean_and_pass() {
    let libdir = format!("LIBDIR={}", this_builds_libdir().display());
    let out = make(&["--always-make", "run", &libdir], None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "examples failed:\n{stdout}\n{stderr}");
    assert_eq!(stdout.matches("all checks passed").count(), 9, "{stdout}");
}

/// One handle from two threads gets `GAMES_RESULT_BUSY`, not a race, and a
/// cancel token set from another thread stops an AI call; no
/// ThreadSanitizer report (which sees the C side only: the Rust library is
/// not instrumented; tests/concurrent.rs checks the library side).
#[test]
fn the_threads_example_passes_under_thread_sanitizer() {
    let libdir = format!("LIBDIR={}", this_builds_libdir().display());
    let out = make(&["--always-make", "tsan", &libdir], None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "threads_c failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("threads: all checks passed"), "{stdout}");
    assert!(!stderr.contains("ThreadSanitizer"), "{stderr}");
}

/// The README's `make -C examples run LIBDIR=target/release`: a relative
/// LIBDIR is the repository root's, whatever directory make runs in, and a
/// Cargo profile directory is built by Cargo first (so a fresh clone needs
/// no separate `cargo build`). `-n`: the commands are printed, not run.
#[test]
fn a_relative_libdir_is_the_repository_roots_and_cargo_builds_it() {
    let root = root();
    let root = root.display();
    let cases = [
        // (LIBDIR, CARGO_TARGET_DIR, library directory, cargo's arguments)
        (
            None,
            None,
            format!("{root}/target/debug"),
            "-p games-ffi \n",
        ),
        (
            Some("target/release"),
            None,
            format!("{root}/target/release"),
            "-p games-ffi --release\n",
        ),
        (
            Some("target/profiling"),
            Some("/tmp/elsewhere"),
            format!("{root}/target/profiling"),
            "-p games-ffi --profile profiling\n",
        ),
        (
            None,
            Some("/tmp/elsewhere"),
            "/tmp/elsewhere/debug".to_string(),
            "-p games-ffi \n",
        ),
    ];
    for (libdir, target_dir, lib, cargo) in cases {
        let libdir_arg = libdir.map(|l| format!("LIBDIR={l}"));
        let mut args = vec!["-n", "--always-make", "run"];
        args.extend(libdir_arg.as_deref());
        let out = make(&args, target_dir);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let case = format!("LIBDIR {libdir:?}, CARGO_TARGET_DIR {target_dir:?}");
        assert!(out.status.success(), "{case}: {stdout}\n{:?}", out.stderr);
        let target = lib.rsplit_once('/').expect("a profile directory").0;
        let build = format!("cd {root} && CARGO_TARGET_DIR={target} cargo build {cargo}");
        assert!(stdout.contains(&build), "{case}: no `{build}` in\n{stdout}");
        let archive = format!(" {lib}/libgames_ffi.a -lpthread");
        assert!(
            stdout.contains(&archive),
            "{case}: no `{archive}` in\n{stdout}"
        );
    }
}

/// A LIBDIR that is no Cargo profile directory and holds no library: a
/// sentence saying what to do, not "No rule to make target".
#[test]
fn a_missing_library_elsewhere_says_what_to_run() {
    let empty = std::env::temp_dir().join(format!("games-no-lib-{}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("temporary directory");
    let out = make(&["run", &format!("LIBDIR={}", empty.display())], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(!stderr.contains("No rule to make target"), "{stderr}");
    assert!(
        stderr.contains("libgames_ffi.a is missing") && stderr.contains("cargo build -p games-ffi"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&empty).expect("remove the temporary directory");
}
