//! Print one arena game move by move: `trace_game -- 5x5 hard medium SEED`.
use timbiriche_core::{ai_move, notation, BoardSize, CancelFlag, GameRng, Level, Player, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size =
        BoardSize::parse(args.first().map_or("5x5", String::as_str)).unwrap_or(BoardSize::LARGE);
    let a = args
        .get(1)
        .and_then(|s| Level::parse(s))
        .unwrap_or(Level::Hard);
    let b = args
        .get(2)
        .and_then(|s| Level::parse(s))
        .unwrap_or(Level::Medium);
    let g: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut pos = Position::standard(size);
    let mut rng = GameRng::from_seed(g);
    let a_side = if g % 2 == 0 {
        Player::First
    } else {
        Player::Second
    };
    let cancel = CancelFlag::new();
    while !pos.is_over() {
        let level = if pos.to_move() == a_side { a } else { b };
        let m = match ai_move(&pos, level, &mut rng, level.default_budget(), &cancel) {
            Ok(m) => m,
            Err(_) => break,
        };
        println!(
            "{:>2} {:6} {} {:?} proven {:?} score a={} b={}",
            pos.num_undrawn(),
            level.name(),
            notation::line_to_string(m.line),
            m.reason,
            m.proven_value,
            pos.points(a_side),
            pos.points(a_side.other())
        );
        if pos.num_undrawn() <= 32 && pos.num_undrawn() >= 26 {
            print!("{}", pos.diagram());
        }
        let _ = pos.play(m.line);
    }
}
