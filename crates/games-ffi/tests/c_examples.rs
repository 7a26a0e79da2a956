//! Builds `examples/c` and `examples/cpp` against this build's static and
//! shared library with `-Wall -Wextra -Wpedantic -Werror` and runs them
//! (they exit non-zero when a check fails). Needs `make`, `cc` and `c++`.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn c_and_cpp_examples_build_clean_and_pass() {
    // Tests run from target/<profile>/deps. `cargo test` leaves the static and
    // shared library of this build there (`cargo build` also copies them one
    // level up); prefer the copy in deps, which is always this build's.
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps directory").to_path_buf();
    let libdir: PathBuf = [
        deps.clone(),
        deps.parent().expect("target directory").to_path_buf(),
    ]
    .into_iter()
    .find(|dir| dir.join("libgames_ffi.a").exists() && dir.join("libgames_ffi.so").exists())
    .unwrap_or_else(|| panic!("libgames_ffi.a/.so not found next to {}", exe.display()));
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let out = Command::new("make")
        .arg("-C")
        .arg(&examples)
        .arg("--always-make")
        .arg("run")
        .arg(format!("LIBDIR={}", libdir.display()))
        .output()
        .expect("run make (is it installed?)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "examples failed:\n{stdout}\n{stderr}");
    assert_eq!(stdout.matches("all checks passed").count(), 9, "{stdout}");
}
