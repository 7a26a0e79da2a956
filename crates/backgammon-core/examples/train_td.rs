//! Train the TD network: `cargo run --release -p backgammon-core --example train_td -- GAMES SEED HIDDEN ALPHA OUT`
//! e.g. `-- 100000 1 40 0.1 crates/backgammon-core/data/td_net.bin`. Deterministic for its arguments.
use backgammon_core::nn::{train, TrainConfig};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let cfg = TrainConfig {
        games: get(0, "10000").parse().unwrap_or(10_000),
        seed: get(1, "1").parse().unwrap_or(1),
        hidden: get(2, "40").parse().unwrap_or(40),
        alpha: get(3, "0.1").parse().unwrap_or(0.1),
    };
    let out = get(4, "td_net.bin");
    let t = std::time::Instant::now();
    let out2 = out.clone();
    let net = train(cfg, None, |g, net| {
        if g % 5000 == 0 {
            eprintln!("{g} games, {:.0}s", t.elapsed().as_secs_f64());
            let _ = std::fs::write(&out2, net.to_bytes());
        }
    });
    if let Err(e) = std::fs::write(&out, net.to_bytes()) {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
    eprintln!(
        "done: {cfg:?} in {:.0}s -> {out}",
        t.elapsed().as_secs_f64()
    );
}
