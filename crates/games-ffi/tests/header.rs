//! The committed `include/games.h` must be exactly what the pinned cbindgen
//! generates from this crate. Regenerate with
//! `GAMES_BLESS_HEADER=1 cargo test -p games-ffi --test header`.

use std::path::{Path, PathBuf};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn generate() -> Vec<u8> {
    let dir = crate_dir();
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_crate(&dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    out
}

#[test]
fn committed_header_matches_a_fresh_generation() {
    let header_path: PathBuf = crate_dir().join("../../include/games.h");
    let fresh = generate();
    if std::env::var_os("GAMES_BLESS_HEADER").is_some() {
        std::fs::write(&header_path, &fresh).expect("write include/games.h");
        return;
    }
    let committed = std::fs::read(&header_path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is out of date: run `GAMES_BLESS_HEADER=1 cargo test -p games-ffi --test header` and commit it",
        Path::new("include/games.h").display()
    );
}
