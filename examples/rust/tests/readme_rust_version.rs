//! The README's "Rust (1.88 or later: the crates build with 1.85, but
//! `cargo test` needs 1.88 ...)" against the lock file: the test version is
//! the highest `rust-version` of any package `cargo test` builds on this
//! host (dev-dependencies included), and the build version is the
//! workspace's own `rust-version`.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `1.88` or `1.85.0` as comparable numbers.
fn version(text: &str) -> Vec<u32> {
    let mut v: Vec<u32> = text
        .split('.')
        .map(|p| p.parse().expect("a number"))
        .collect();
    v.resize(3, 0);
    v
}

/// The version after `marker` in the README (`1.88` in "Rust (1.88").
fn readme_version(readme: &str, marker: &str) -> Vec<u32> {
    let at = readme
        .find(marker)
        .unwrap_or_else(|| panic!("README says `{marker}`"));
    let rest = &readme[at + marker.len()..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    version(rest[..end].trim_end_matches('.'))
}

#[test]
fn the_readme_names_the_rust_versions_the_lock_file_needs() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let host = String::from_utf8(
        Command::new("rustc")
            .arg("-vV")
            .output()
            .expect("rustc")
            .stdout,
    )
    .expect("UTF-8")
    .lines()
    .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
    .expect("rustc names its host");
    let out = Command::new(env!("CARGO"))
        .current_dir(root())
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--filter-platform",
            &host,
        ])
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let built: Vec<&str> = meta["resolve"]["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .filter_map(|n| n["id"].as_str())
        .collect();
    let packages = meta["packages"].as_array().expect("packages");
    let needed = packages
        .iter()
        .filter(|p| p["id"].as_str().is_some_and(|id| built.contains(&id)))
        .filter_map(|p| {
            p["rust_version"]
                .as_str()
                .map(|v| (version(v), p["name"].as_str().unwrap_or("?")))
        })
        .max()
        .expect("packages name their rust-version");
    assert_eq!(
        readme_version(&readme, "with Rust ("),
        needed.0,
        "the README's Rust for `cargo test` is not what {} needs",
        needed.1
    );
    let workspace = packages
        .iter()
        .find(|p| p["name"] == "games-examples")
        .and_then(|p| p["rust_version"].as_str())
        .map(version)
        .expect("the workspace's rust-version");
    assert_eq!(readme_version(&readme, "the crates build with "), workspace);
}
