//! The committed `include/games.h` (in this crate, so that the packaged
//! crate carries it; the repository's `include/games.h` is a link to it)
//! must be exactly what the pinned cbindgen generates from this crate. Regenerate with
//! `GAMES_BLESS_HEADER=1 cargo test -p games-ffi --test header`.
//!
//! The crate's exports that every game shares (handles, clone, free, save,
//! load, errors...) are written once, by the macros of `src/exports.rs`.
//! cbindgen does not expand macros, so the header is generated from the
//! crate as rustc expands it: `cargo rustc -- -Zunpretty=expanded`, which the
//! pinned stable toolchain runs when `RUSTC_BOOTSTRAP=1` is set for that one
//! child process (what cbindgen's own `parse.expand` option would run on a
//! nightly toolchain). The expansion is only read, never compiled into
//! anything; it is built in its own target directory beside this test's, so
//! it never waits for the lock of the build that runs the test.
#![allow(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The crate's source with every macro expanded, as one file.
fn expanded_source() -> PathBuf {
    let dir = crate_dir();
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("header-expand");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "rustc",
            "--lib",
            "--profile=check",
            "--quiet",
            "--manifest-path",
        ])
        .arg(dir.join("Cargo.toml"))
        .args(["-p", "games-ffi", "--", "-Zunpretty=expanded"])
        .env("CARGO_TARGET_DIR", &target)
        .env("RUSTC_BOOTSTRAP", "1")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo rustc -Zunpretty=expanded");
    assert!(
        output.status.success(),
        "cargo rustc -Zunpretty=expanded failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let path = target.join("games_ffi_expanded.rs");
    std::fs::write(&path, &output.stdout).expect("write the expanded source");
    path
}

fn generate() -> Vec<u8> {
    let dir = crate_dir();
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_src(expanded_source())
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    out
}

#[test]
fn committed_header_matches_a_fresh_generation() {
    let header_path: PathBuf = crate_dir().join("include/games.h");
    let fresh = generate();
    if std::env::var_os("GAMES_BLESS_HEADER").is_some() {
        std::fs::write(&header_path, &fresh).expect("write include/games.h");
        return;
    }
    let committed = std::fs::read(&header_path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is out of date: run `GAMES_BLESS_HEADER=1 cargo test -p games-ffi --test header` and commit it",
        Path::new("crates/games-ffi/include/games.h").display()
    );
}

/// The header's declarations, comments removed, whitespace collapsed, one
/// per line and sorted: what a C compiler sees, in an order that does not
/// matter to the ABI (moving a function between modules of this crate
/// moves it in the header). Documentation may change freely; this may not
/// without a new `GAMES_ABI_VERSION`.
fn declarations(header: &str) -> String {
    let mut code = String::with_capacity(header.len());
    let mut rest = header;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
            code.push(' ');
        } else if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            code.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    let mut found = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    for line in code.lines().map(str::trim) {
        // The C++ guard's `extern "C" {` and its closing brace wrap the
        // functions; they are not declarations.
        if line == "extern \"C\" {" || (line == "}" && depth == 0) {
            continue;
        }
        if line.starts_with('#') {
            found.push(line.split_whitespace().collect::<Vec<_>>().join(" "));
            continue;
        }
        for c in line.chars().chain([' ']) {
            current.push(c);
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                ';' if depth == 0 => {
                    found.push(current.split_whitespace().collect::<Vec<_>>().join(" "));
                    current.clear();
                }
                _ => {}
            }
        }
    }
    found.retain(|d| !d.is_empty());
    found.sort();
    found.join("\n")
}

/// FNV-1a, 64 bits: a stable fingerprint with no dependency.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The `GAMES_ABI_VERSION` the header defines.
fn abi_version(header: &str) -> Option<u32> {
    header
        .lines()
        .find_map(|l| l.strip_prefix("#define GAMES_ABI_VERSION "))
        .and_then(|v| v.trim().parse().ok())
}

#[test]
fn declarations_fingerprint_strips_comments_only() {
    let a = "/* doc */\nint f(int x); // note\ntypedef struct {\n  int a;\n} s;\n";
    let b = "typedef struct { int a; } s;\n/**\n * other doc\n */\nint   f(int x);\n";
    assert_eq!(declarations(a), declarations(b));
    assert_eq!(
        declarations(a),
        "int f(int x);\ntypedef struct { int a; } s;"
    );
    assert_ne!(declarations(a), declarations("int f(long x);"));
    let guarded = "#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(int x);\n#ifdef __cplusplus\n}\n#endif\n";
    assert_eq!(
        declarations(guarded),
        "#endif\n#endif\n#ifdef __cplusplus\n#ifdef __cplusplus\nint f(int x);"
    );
    assert_eq!(abi_version("#define GAMES_ABI_VERSION 12\n"), Some(12));
}

/// "Bump `GAMES_ABI_VERSION`; a test fails when the header changes without
/// a bump." `include/games.abi` records the ABI version and the fingerprint
/// of the header's declarations. A change of declarations under the same
/// version fails here; a new version is recorded by
/// `GAMES_BLESS_HEADER=1 cargo test -p games-ffi --test header`, which
/// refuses to record new declarations under an old version.
#[test]
fn the_header_changes_only_with_a_new_abi_version() {
    let dir = crate_dir().join("include");
    // Under GAMES_BLESS_HEADER the other test rewrites the header, maybe
    // after this one reads it: take the fresh generation it will write.
    let header = if std::env::var_os("GAMES_BLESS_HEADER").is_some() {
        String::from_utf8(generate()).expect("the header is UTF-8")
    } else {
        std::fs::read_to_string(dir.join("games.h")).expect("read include/games.h")
    };
    let version = abi_version(&header).expect("the header defines GAMES_ABI_VERSION");
    let fingerprint = format!("{:016x}", fnv1a64(declarations(&header).as_bytes()));
    let record_path = dir.join("games.abi");
    let record = std::fs::read_to_string(&record_path).unwrap_or_default();
    let mut fields = record.split_whitespace();
    let recorded_version: Option<u32> = fields.next().and_then(|v| v.parse().ok());
    let recorded_fingerprint = fields.next().unwrap_or("");
    let new_record = format!("{version} {fingerprint}\n");
    match recorded_version {
        Some(v) if v == version => assert_eq!(
            recorded_fingerprint, fingerprint,
            "include/games.h's declarations changed but GAMES_ABI_VERSION is still {v}: \
             bump it in src/version.rs (with a line of history), regenerate the header and \
             record it with GAMES_BLESS_HEADER=1"
        ),
        Some(v) if v > version => {
            panic!("GAMES_ABI_VERSION went back from {v} to {version}: versions are never reused")
        }
        _ if std::env::var_os("GAMES_BLESS_HEADER").is_some() => {
            std::fs::write(&record_path, new_record).expect("write include/games.abi");
        }
        _ => panic!(
            "include/games.abi records {record:?}, the header is ABI {version}: record the \
             new version with GAMES_BLESS_HEADER=1 cargo test -p games-ffi --test header"
        ),
    }
}

/// The functions of the header, by name.
fn functions(header: &str) -> Vec<String> {
    declarations(header)
        .lines()
        .filter(|d| d.contains('(') && !d.starts_with('#') && !d.starts_with("typedef"))
        .filter_map(|d| {
            let name = d.split('(').next()?.split_whitespace().last()?;
            Some(name.trim_start_matches('*').to_string())
        })
        .collect()
}

/// "every game exports the same core set of functions under the same names
/// (new, clone, free, state, legal moves, play by struct and by text, move
/// to text, undo, redo where the game has it, AI move with budget and cancel
/// token, save, load, last error text and last error code)": checked on the
/// committed header, so a game that loses one fails here.
#[test]
fn every_game_exports_the_common_set() {
    let header = std::fs::read_to_string(crate_dir().join("include/games.h")).expect("read");
    let names = functions(&header);
    assert!(names.contains(&"games_nim_new".to_string()), "{names:?}");
    let common = [
        "new",
        "clone",
        "free",
        "get_state",
        "legal_moves",
        "play",
        "play_notation",
        "move_to_string",
        "undo",
        "ai_move",
        "save",
        "load",
        "last_error",
        "last_error_code",
    ];
    // Redo where the game has it: Nim and dots and boxes keep a redo list;
    // a backgammon play is followed by dice, a Color Lines move by arrivals.
    let games: [(&str, &[&str]); 4] = [
        ("nim", &["redo"]),
        ("timbiriche", &["redo"]),
        ("backgammon", &[]),
        ("canicas", &[]),
    ];
    let mut missing = Vec::new();
    for (game, extra) in games {
        for op in common.iter().chain(extra.iter()) {
            let name = format!("games_{game}_{op}");
            if !names.contains(&name) {
                missing.push(name);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "missing from include/games.h: {missing:?}"
    );
}

#[test]
fn functions_are_read_from_declarations() {
    let header = "/* games_x_gone(void); */\ngames_result games_x_new(const int *a);\nvoid games_x_free(games_x *g);\ntypedef struct { int (*f)(void); } t;\n#define GAMES_X 1\n";
    assert_eq!(functions(header), vec!["games_x_new", "games_x_free"]);
}

/// The names the header gives its macros and enum constants.
fn macro_and_constant_names(header: &str) -> Vec<String> {
    let mut names = Vec::new();
    for d in declarations(header).lines() {
        if let Some(rest) = d.strip_prefix("#define ") {
            let name = rest.split_whitespace().next().unwrap_or("");
            names.push(name.split('(').next().unwrap_or("").to_string());
        } else if d.split_whitespace().any(|w| w == "enum") {
            let Some((_, body)) = d.split_once('{') else {
                continue;
            };
            let body = body.split('}').next().unwrap_or("");
            names.extend(
                body.split(',')
                    .filter_map(|c| c.split('=').next())
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(str::to_string),
            );
        }
    }
    names
}

#[test]
fn macro_and_constant_names_are_read_from_declarations() {
    let header = "#ifndef X_H\n#define X_H\n/* #define HIDDEN 1 */\n#define GAMES_A 1\n#define B(x) x\nenum e {\n  GAMES_E_ONE = 0,\n  TWO,\n};\ntypedef enum e e;\nint f(void);\n#endif\n";
    let mut names = macro_and_constant_names(header);
    names.sort();
    assert_eq!(names, vec!["B", "GAMES_A", "GAMES_E_ONE", "TWO", "X_H"]);
}

/// ffi.md: "`games_` on every function and type, `GAMES_` on macros and
/// enum constants". Checked on the committed header: an internal constant
/// that cbindgen exports (`UNCODED`, an associated const such as
/// `games_result_ALL`) fails here. The include guard is `GAMES_H`.
#[test]
fn every_macro_and_enum_constant_is_games_prefixed() {
    let header = std::fs::read_to_string(crate_dir().join("include/games.h")).expect("read");
    let names = macro_and_constant_names(&header);
    assert!(names.iter().any(|n| n == "GAMES_H"), "the include guard");
    assert!(
        names.iter().any(|n| n == "GAMES_RESULT_OK"),
        "an enum constant"
    );
    assert!(names.len() > 100, "{} names", names.len());
    let strays: Vec<&String> = names.iter().filter(|n| !n.starts_with("GAMES_")).collect();
    assert!(
        strays.is_empty(),
        "not GAMES_ in include/games.h: {strays:?}"
    );
    let functions = functions(&header);
    let strays: Vec<&String> = functions
        .iter()
        .filter(|f| !f.starts_with("games_"))
        .collect();
    assert!(
        strays.is_empty(),
        "not games_ in include/games.h: {strays:?}"
    );
}

/// The first parameter of function `name` in the header, as declared
/// (`const games_x_game *game`).
fn first_parameter(header: &str, name: &str) -> Option<String> {
    let declarations = declarations(header);
    let d = declarations
        .lines()
        .find(|d| d.contains(&format!(" {name}(")))?;
    let params = d.split_once('(')?.1;
    Some(params.split([',', ')']).next()?.trim().to_string())
}

#[test]
fn first_parameters_are_read_from_declarations() {
    let header = "/** f(int x) */\ngames_result games_x_f(const games_x *game,\n    int a);\nvoid games_x_g(games_x *game);\n";
    assert_eq!(
        first_parameter(header, "games_x_f").as_deref(),
        Some("const games_x *game")
    );
    assert_eq!(
        first_parameter(header, "games_x_g").as_deref(),
        Some("games_x *game")
    );
    assert_eq!(first_parameter(header, "games_x_h"), None);
}

/// ffi.md: "A `const *` handle is read-only." A call that records a last
/// error writes its handle, so it takes a non-const one (as in SQLite):
/// each query below is seen to change its handle's last error code (a
/// refusal sets it, a success clears it), and its handle parameter is not
/// `const` in the committed header.
#[test]
fn queries_that_write_the_last_error_take_non_const_handles() {
    use games_ffi::canicas::*;
    use games_ffi::games_budget;
    use games_ffi::games_result::{self, *};
    use games_ffi::timbiriche::*;
    use std::ptr;

    let canicas_code = |g: *mut games_canicas_game| {
        let mut code = 99;
        // SAFETY: `g` is live (below) and `code` a local.
        assert_eq!(
            unsafe { games_canicas_last_error_code(g, &mut code) },
            GAMES_RESULT_OK
        );
        code
    };
    let budget = games_budget {
        max_nodes: 200,
        max_millis: 0,
    };
    let (mut g, mut t) = (ptr::null_mut(), ptr::null_mut());
    let (mut len, mut mv) = (0, games_canicas_move::default());
    let (len, mv): (*mut usize, *mut games_canicas_move) = (&mut len, &mut mv);
    let mut line = games_timbiriche_line::default();
    let off_board = games_canicas_move { from: 500, to: 0 };
    // SAFETY: local out-pointers and NUL-terminated literals; the handles
    // are live until freed at the end.
    unsafe {
        assert_eq!(games_canicas_new(ptr::null(), 7, &mut g), GAMES_RESULT_OK);
        // Each step: (name, result, the result it must give).
        let steps: [(&str, &dyn Fn() -> games_result, games_result); 6] = [
            (
                "games_canicas_reachable",
                &|| games_canicas_reachable(g, 500, ptr::null_mut(), 0, len),
                GAMES_RESULT_INVALID_PARAMETER,
            ),
            (
                "games_canicas_hint",
                &|| games_canicas_hint(g, &budget, ptr::null(), mv),
                GAMES_RESULT_OK,
            ),
            (
                "games_canicas_path",
                &|| games_canicas_path(g, off_board, ptr::null_mut(), 0, len),
                GAMES_RESULT_ILLEGAL_MOVE,
            ),
            (
                "games_canicas_parse_move",
                &|| games_canicas_parse_move(g, c"e5-a1".as_ptr(), mv),
                GAMES_RESULT_OK,
            ),
            (
                "games_canicas_parse_move",
                &|| games_canicas_parse_move(g, c"e5".as_ptr(), mv),
                GAMES_RESULT_INVALID_PARAMETER,
            ),
            (
                "games_canicas_ai_move",
                &|| games_canicas_ai_move(g, &budget, ptr::null(), mv),
                GAMES_RESULT_OK,
            ),
        ];
        let mut writers = Vec::new();
        for (name, call, expected) in steps {
            let before = canicas_code(g);
            assert_eq!(call(), expected, "{name}");
            let after = canicas_code(g);
            assert_ne!(before, after, "{name} left the last error as it was");
            writers.push(name);
        }
        games_canicas_free(g);

        let mut options = std::mem::MaybeUninit::<games_timbiriche_options>::uninit();
        games_timbiriche_options_default(options.as_mut_ptr());
        assert_eq!(
            games_timbiriche_new(&options.assume_init(), &mut t),
            GAMES_RESULT_OK
        );
        let (mut before, mut after) = (99, 99);
        games_timbiriche_last_error_code(t, &mut before);
        assert_eq!(
            games_timbiriche_parse_line(t, c"a1-b2".as_ptr(), &mut line),
            GAMES_RESULT_INVALID_PARAMETER
        );
        games_timbiriche_last_error_code(t, &mut after);
        assert_eq!(
            (before, after),
            (
                GAMES_TIMBIRICHE_ERROR_NONE,
                GAMES_TIMBIRICHE_ERROR_BAD_NOTATION
            )
        );
        writers.push("games_timbiriche_parse_line");
        games_timbiriche_free(t);

        let header = std::fs::read_to_string(crate_dir().join("include/games.h")).expect("read");
        for name in writers {
            let first = first_parameter(&header, name).unwrap_or_default();
            assert!(
                first.starts_with("games_") && first.ends_with("_game *game"),
                "{name} writes its handle's last error but takes `{first}`"
            );
        }
    }
}
