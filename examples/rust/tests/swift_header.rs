//! Every C function the Swift package calls exists in `include/games.h`
//! with the same number of arguments, so a header change that would break
//! the Swift build fails `cargo test` on any machine, with or without Swift.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `name -> number of parameters` of every function the header declares.
fn header_functions(header: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    let text = strip_c_comments(header);
    let mut rest = text.as_str();
    while let Some(at) = rest.find("games_") {
        let tail = &rest[at..];
        let name: String = tail
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let after = &tail[name.len()..];
        // A declaration: the name is followed by `(` and the list ends in `);`.
        if let Some(args) = after.strip_prefix('(') {
            if let Some(end) = matching_paren(args) {
                if args[end + 1..].trim_start().starts_with(';') {
                    let params = &args[..end];
                    let count = if params.trim() == "void" || params.trim().is_empty() {
                        0
                    } else {
                        split_top_level(params).len()
                    };
                    out.insert(name.clone(), count);
                }
            }
        }
        rest = &tail[name.len()..];
    }
    out
}

fn strip_c_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start + 2..].split_once("*/").map_or("", |(_, r)| r);
    }
    out.push_str(rest);
    out.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The index of the `)` closing an already opened `(`.
fn matching_paren(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => in_string = !in_string,
            _ if in_string => {}
            '(' | '[' | '{' => depth += 1,
            ')' if depth == 0 => return Some(i),
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Arguments separated by top-level commas.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start, mut in_string) = (0usize, 0, false);
    for (i, c) in text.char_indices() {
        match c {
            '"' => in_string = !in_string,
            _ if in_string => {}
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !text[start..].trim().is_empty() {
        parts.push(&text[start..]);
    }
    parts
}

/// The struct types the header defines (`} games_nim_move;`).
fn header_types(header: &str) -> Vec<String> {
    header
        .lines()
        .filter_map(|l| l.strip_prefix("} ")?.strip_suffix(';'))
        .filter(|name| name.starts_with("games_"))
        .map(str::to_string)
        .collect()
}

/// `(file, name, arguments)` of every `games_*(...)` call in Swift sources,
/// leaving out `types` (struct initialisers).
fn swift_calls(dir: &Path, types: &[String]) -> Vec<(String, String, usize)> {
    let mut calls = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the Swift sources")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "swift"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a Swift file");
        let code: String = text
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let mut rest = code.as_str();
        while let Some(at) = rest.find("games_") {
            let before = code.len() - rest.len() + at;
            let tail = &rest[at..];
            let name: String = tail
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let prev = code[..before].chars().next_back();
            let is_ident_start = !prev.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            let is_type = types.contains(&name);
            if let (true, false, Some(args)) = (
                is_ident_start,
                is_type,
                tail[name.len()..].strip_prefix('('),
            ) {
                // A call of a C function (building a C struct, as
                // `games_nim_move(row: 1, take: 2)`, is not one).
                let end = matching_paren(args).expect("a closed call");
                let file = file
                    .file_name()
                    .expect("a name")
                    .to_string_lossy()
                    .into_owned();
                calls.push((file, name.clone(), split_top_level(&args[..end]).len()));
            }
            rest = &tail[name.len()..];
        }
    }
    calls
}

#[test]
fn every_c_function_swift_calls_is_in_the_header_with_its_arity() {
    let header = std::fs::read_to_string(root().join("include/games.h")).expect("the header");
    let functions = header_functions(&header);
    assert!(
        functions.len() > 100,
        "the header parser found {}",
        functions.len()
    );
    assert_eq!(functions.get("games_nim_play"), Some(&2));
    assert_eq!(functions.get("games_abi_version"), Some(&0));
    let types = header_types(&header);
    assert!(types.contains(&"games_nim_move".to_string()));
    let calls = swift_calls(&root().join("swift/Sources/Games"), &types);
    assert!(calls.len() > 80, "only {} calls found", calls.len());
    let mut problems = Vec::new();
    for (file, name, args) in &calls {
        match functions.get(name) {
            None => problems.push(format!("{file}: {name} is not in include/games.h")),
            Some(n) if n != args => problems.push(format!(
                "{file}: {name} is called with {args} arguments, the header has {n}"
            )),
            Some(_) => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checker_sees_a_wrong_arity() {
    let functions = header_functions("games_result games_x_play(games_x *g, uint32_t mv);\n");
    assert_eq!(functions.get("games_x_play"), Some(&2));
    let dir = std::env::temp_dir().join(format!("swift-header-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    std::fs::write(
        dir.join("A.swift"),
        "let r = games_x_play(h, mv, extra) // games_x_play(\nlet m = games_x_move(row: 1, take: 2)\n",
    )
    .expect("a file");
    let calls = swift_calls(&dir, &["games_x_move".to_string()]);
    std::fs::remove_dir_all(&dir).expect("removed");
    assert_eq!(
        calls,
        vec![("A.swift".to_string(), "games_x_play".to_string(), 3)]
    );
}

/// Off macOS the XCFramework script stops at once with a sentence saying
/// what it needs, instead of building half a framework.
#[cfg(not(target_os = "macos"))]
#[test]
fn the_xcframework_script_refuses_to_half_work_off_macos() {
    let out = std::process::Command::new("bash")
        .arg(root().join("scripts/build-xcframework.sh"))
        .output()
        .expect("bash runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs macOS with Xcode"), "{err}");
}

/// The regions `// README: name` ... `// END` of the Swift snippet tests,
/// indentation removed.
fn snippet_regions(source: &str) -> Vec<String> {
    let mut regions = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for line in source.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("// README: ") {
            current = Some((line.len() - trimmed.len(), String::new()));
        } else if trimmed == "// END" {
            if let Some((_, text)) = current.take() {
                regions.push(text);
            }
        } else if let Some((indent, text)) = current.as_mut() {
            text.push_str(line.get(*indent..).unwrap_or(""));
            text.push('\n');
        }
    }
    regions
}

/// The bodies of the README's ```swift blocks.
fn readme_swift_blocks(readme: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in readme.lines() {
        match current.as_mut() {
            None if line == "```swift" => current = Some(String::new()),
            None => {}
            Some(_) if line == "```" => blocks.extend(current.take()),
            Some(text) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    blocks
}

/// Every Swift example of the README is compiled and run by `swift test`:
/// each ```swift block is a region of `ReadmeSnippets.swift`, and each
/// region is in the README.
#[test]
fn the_readme_swift_examples_are_the_tested_snippets() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("the README");
    let source =
        std::fs::read_to_string(root().join("swift/Tests/GamesTests/ReadmeSnippets.swift"))
            .expect("the snippets");
    let blocks = readme_swift_blocks(&readme);
    let regions = snippet_regions(&source);
    assert!(
        blocks.len() >= 5,
        "only {} swift blocks in the README",
        blocks.len()
    );
    for block in &blocks {
        assert!(
            regions.contains(block),
            "this README swift block is not a region of ReadmeSnippets.swift:\n{block}"
        );
    }
    for region in &regions {
        assert!(
            blocks.contains(region),
            "this snippet is not in the README:\n{region}"
        );
    }
}

/// The README's "two products, `Games` and `games-swift`, over the C module
/// target `CGames`" is what Package.swift declares.
#[test]
fn the_readme_names_the_swift_packages_products() {
    let manifest = std::fs::read_to_string(root().join("Package.swift")).expect("Package.swift");
    let mut products: Vec<&str> = manifest
        .split(".library(name: \"")
        .chain(manifest.split(".executable(name: \""))
        .filter(|part| !part.starts_with("// swift-tools-version"))
        .filter_map(|part| part.split('"').next())
        .collect();
    products.sort_unstable();
    products.dedup();
    assert_eq!(products, ["Games", "games-swift"], "{products:?}");
    assert!(manifest.contains(".systemLibrary(name: \"CGames\""));
    assert!(manifest.contains(".binaryTarget(name: \"CGames\""));
    let readme = std::fs::read_to_string(root().join("README.md")).expect("the README");
    assert!(readme.contains(
        "with two products, `Games` and `games-swift`, over the C\nmodule target `CGames`:"
    ));
}
