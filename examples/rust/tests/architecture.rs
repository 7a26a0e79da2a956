//! ARCHITECTURE.md names every module: each source file of a crate's
//! `src/` (but `lib.rs`, `main.rs` and `mod.rs`, whose directory is named)
//! and each of its `examples/` appears in that crate's section.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.rs` files under `dir`, their names only.
fn rust_files(dir: &Path, names: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.map_while(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, names);
        } else if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
            if name.ends_with(".rs") && !["lib.rs", "main.rs", "mod.rs"].contains(&name) {
                names.push(name.to_string());
            }
        }
    }
}

/// The text of the section whose `## ` heading starts with `crate_name`
/// followed by a space or the end of the line.
fn section<'a>(doc: &'a str, crate_name: &str) -> &'a str {
    let starts = doc.match_indices("\n## ").map(|(i, _)| i + 1);
    for start in starts {
        let heading = doc[start + 3..].lines().next().unwrap_or("");
        if heading == crate_name || heading.starts_with(&format!("{crate_name} ")) {
            let end = doc[start + 1..]
                .find("\n## ")
                .map_or(doc.len(), |e| start + 1 + e);
            return &doc[start..end];
        }
    }
    panic!("ARCHITECTURE.md has no `## {crate_name}` section");
}

#[test]
fn architecture_names_every_module_of_every_crate() {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        let dir = entry.expect("an entry").path();
        let name = dir.file_name().and_then(|n| n.to_str()).expect("a name");
        let text = section(&doc, name);
        let mut files = Vec::new();
        rust_files(&dir.join("src"), &mut files);
        rust_files(&dir.join("examples"), &mut files);
        for file in files {
            let stem = file.trim_end_matches(".rs");
            if !text.contains(&file) && !text.contains(&format!("`{stem}`")) {
                missing.push(format!("{name}: {file}"));
            }
        }
    }
    assert!(missing.is_empty(), "not in ARCHITECTURE.md: {missing:?}");
}

/// The games-ffi section names each of the crate's test files by its path
/// (`tests/saves.rs`, `tests/support/c_blocks.rs`): it describes them one
/// by one, so a test file added without a word there is missing.
#[test]
fn architecture_names_every_test_file_of_games_ffi() {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let text = section(&doc, "games-ffi");
    let tests = root().join("crates/games-ffi/tests");
    let mut missing = Vec::new();
    for sub in ["", "support"] {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(tests.join(sub)).expect("the tests directory") {
            let path = entry.expect("an entry").path();
            if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
                if path.is_file() && name.ends_with(".rs") {
                    files.push(name.to_string());
                }
            }
        }
        assert!(!files.is_empty(), "no test files in tests/{sub}");
        for file in files {
            let path = if sub.is_empty() {
                format!("tests/{file}")
            } else {
                format!("tests/{sub}/{file}")
            };
            if !text.contains(&path) {
                missing.push(path);
            }
        }
    }
    assert!(missing.is_empty(), "not in ARCHITECTURE.md: {missing:?}");
}
