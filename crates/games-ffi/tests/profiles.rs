//! The build profiles the library ships with (workspace `Cargo.toml`):
//! `release` keeps no debug information (it made `libgames_ffi.a` 43 MB
//! and a static C program 14 MB), `host` adds whole-program LTO for apps,
//! `profiling` keeps line tables for callgrind and perf, and no profile
//! aborts on panic: the C boundary catches panics and returns
//! `GAMES_RESULT_PANIC`, which needs unwinding.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// The `[profile.NAME]` tables of a Cargo.toml: name → key → value text.
fn profiles(manifest: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut all: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            current = line
                .strip_prefix("[profile.")
                .and_then(|rest| rest.strip_suffix(']'))
                .map(str::to_string);
            if let Some(name) = &current {
                all.entry(name.clone()).or_default();
            }
        } else if let (Some(name), Some((key, value))) = (&current, line.split_once('=')) {
            if !line.starts_with('#') {
                all.entry(name.clone())
                    .or_default()
                    .insert(key.trim().to_string(), value.trim().to_string());
            }
        }
    }
    all
}

fn workspace_profiles() -> BTreeMap<String, BTreeMap<String, String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
    profiles(&std::fs::read_to_string(path).expect("read the workspace Cargo.toml"))
}

#[test]
fn the_tables_are_read() {
    let p = profiles("[a]\nx = 1\n[profile.release]\ndebug = false # none\n# c = 2\n[b]\ny = 2\n");
    assert_eq!(p.len(), 1);
    assert_eq!(p["release"]["debug"], "false # none");
    assert!(!p["release"].contains_key("# c"));
}

#[test]
fn release_keeps_no_debug_information_and_host_adds_lto() {
    let p = workspace_profiles();
    let release = &p["release"];
    assert_eq!(release.get("debug").map(String::as_str), Some("false"));
    assert_eq!(
        release.get("strip").map(String::as_str),
        Some("\"debuginfo\"")
    );
    let host = &p["host"];
    assert_eq!(host["inherits"], "\"release\"");
    assert_eq!(host["lto"], "\"fat\"");
    assert_eq!(host["codegen-units"], "1");
    let profiling = &p["profiling"];
    assert_eq!(profiling["inherits"], "\"release\"");
    assert_eq!(profiling["debug"], "1");
    assert_eq!(profiling["strip"], "\"none\"");
    // Benches inherit release: they keep their symbols for profilers.
    assert_eq!(p["bench"]["strip"], "\"none\"");
}

#[test]
fn no_profile_aborts_on_panic() {
    for (name, keys) in workspace_profiles() {
        assert_ne!(
            keys.get("panic").map(String::as_str),
            Some("\"abort\""),
            "[profile.{name}]: the C boundary needs unwinding to catch a panic"
        );
    }
}
