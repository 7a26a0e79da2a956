//! The README's "The two commands": the test command it shows is the one
//! `.ci/run` runs, and what it says that command runs is true of the
//! manifests.

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The README's section `## The two commands`, up to the next `## `.
fn front_door(readme: &str) -> &str {
    let start = readme.find("## The two commands").expect("the section");
    let rest = &readme[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    &rest[..end]
}

#[test]
fn ci_runs_the_readme_test_command() {
    let readme = read("README.md");
    let section = front_door(&readme);
    assert!(section.contains("cargo test --workspace        # run every test"));
    assert!(section.contains("cargo games play nim          # play Nim"));
    let ci = read(".ci/run");
    assert!(
        ci.lines().any(|l| l.trim() == "cargo test --workspace"),
        ".ci/run does not run the README's test command"
    );
}

/// "`cargo test --workspace` runs ... the Nim criterion bench and the
/// game-trait bench (`playable`, all four games) once": every bench that
/// `cargo test` runs (`test = true` in benches/Cargo.toml) is named there.
#[test]
fn the_benches_cargo_test_runs_are_the_ones_the_readme_names() {
    let readme = read("README.md");
    let section = front_door(&readme);
    let manifest = read("benches/Cargo.toml");
    let mut tested = Vec::new();
    for bench in manifest.split("[[bench]]").skip(1) {
        let table = bench.split("\n[").next().unwrap_or(bench);
        let name = table
            .lines()
            .find_map(|l| l.trim().strip_prefix("name = \""))
            .and_then(|n| n.strip_suffix('"'))
            .expect("a bench name");
        if table.lines().any(|l| l.trim() == "test = true") {
            tested.push(name.to_string());
        }
    }
    assert!(tested.contains(&"nim".to_string()), "{tested:?}");
    for name in &tested {
        let named = match name.as_str() {
            "nim" => section.contains("the Nim criterion bench"),
            other => section.contains(&format!("(`{other}`")),
        };
        assert!(
            named,
            "cargo test runs the `{name}` bench; the README does not say so"
        );
    }
}

/// libFuzzer stops at once ("The required directory \"corpus/nim_load\" does
/// not exist") when the first directory it is given is missing, and
/// `fuzz/corpus` is not in the repository: the README's fuzz command makes
/// it first, as `.ci/run` does.
#[test]
fn the_readme_fuzz_command_makes_its_corpus_directory() {
    let readme = read("README.md");
    let at = readme
        .find("cargo +nightly fuzz run ")
        .expect("a fuzz command");
    let line_start = readme[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &readme[line_start..at];
    let run = &readme[at..];
    let run = &run[..run.find('`').unwrap_or(run.len())];
    let corpus = run.split_whitespace().nth(5).expect("a corpus directory");
    assert!(
        line.contains(&format!("mkdir -p {corpus} && ")),
        "the README runs `{run}` without making {corpus}"
    );
    assert!(read(".ci/run").contains("mkdir -p \"corpus/$target\""));
    assert!(read(".gitignore").lines().any(|l| l == "/fuzz/corpus"));
}
