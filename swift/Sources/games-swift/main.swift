// games-swift: plays each game AI against AI to the end through the Swift
// package and prints the result.
//
//   swift run games-swift                 # all four games, seed 1
//   swift run games-swift backgammon 7    # one game, seed 7
//
// Anything else (an unknown game, a seed that is not a number from 0 to
// 2^64 - 1, more arguments) prints the usage on the error output and
// exits 2; a refused call exits 1.
import Foundation
import Games

func name(_ player: Player?) -> String {
    switch player {
    case .first: "first"
    case .second: "second"
    case nil: "nobody"
    }
}

func playNim(seed: UInt64) throws(GamesError) {
    let game = try NimGame(rows: [3, 4, 5], seed: seed)
    var moves: [String] = []
    while !game.state.isRoundOver {
        let level: NimLevel = game.state.toMove == .first ? .hard : .medium
        let move = try game.aiMove(level: level)
        try game.play(move)
        moves.append(move.description)
    }
    print("nim 3,4,5 (hard first, medium second), seed \(seed): \(moves.joined(separator: " "))")
    print("  winner: \(name(game.state.roundWinner))")
}

func playTimbiriche(seed: UInt64) throws(GamesError) {
    var options = TimbiricheOptions()
    options.seed = seed
    let game = try TimbiricheGame(options)
    while !game.state.isOver {
        let level: TimbiricheLevel = game.state.toMove == .first ? .hard : .medium
        try game.play(game.aiMove(level: level))
    }
    let s = game.state
    print("dots and boxes 3x3 (hard first, medium second), seed \(seed): \(s.linesDrawn) lines")
    print("  points \(s.pointsFirst)-\(s.pointsSecond): \(s.result)")
}

func playBackgammon(seed: UInt64) throws(GamesError) {
    let game = try BackgammonGame(seed: seed)
    while !game.state.isOver {
        if game.state.dice == nil, try game.roll().passed { continue }
        let level: BackgammonLevel = game.state.toMove == .first ? .hard : .normal
        try game.play(game.aiMove(level: level))
    }
    let s = game.state
    print("backgammon (hard first, normal second), seed \(seed): \(s.turnsPlayed) turns")
    print("  winner: \(name(s.winner)), \(s.win.map { "\($0)" } ?? "-") (\(s.win?.rawValue ?? 0) points)")
}

func playCanicas(seed: UInt64) throws(GamesError) {
    let game = try CanicasGame(rules: .five, deal: seed)
    while !game.state.isOver {
        try game.play(game.hint(budget: Budget(nodes: 100)))
    }
    let s = game.state
    print("color lines five in a row, deal \(seed) (hint at 100 nodes): game over")
    print("  \(s.score) points in \(s.moves) moves")
}

/// Writes `message` to the error output and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let which = arguments.first ?? "all"
let games: [(String, (UInt64) throws(GamesError) -> Void)] = [
    ("nim", playNim), ("timbiriche", playTimbiriche),
    ("backgammon", playBackgammon), ("canicas", playCanicas),
]
let usage = "usage: games-swift [all|nim|timbiriche|backgammon|canicas] [SEED]"
// A seed that is not a number is refused, not replaced by 1.
let seed: UInt64? = arguments.count < 2 ? 1 : UInt64(arguments[1])
guard which == "all" || games.contains(where: { $0.0 == which }), arguments.count <= 2, let seed else {
    fail(usage, status: 2)
}
print("games \(libraryVersion), library matches header: \(libraryMatchesHeader)")
guard libraryMatchesHeader else {
    fail("error: the library linked in was not built for this header (include/games.h)", status: 1)
}
do {
    for (game, play) in games where which == "all" || which == game {
        try play(seed)
    }
} catch {
    fail("error: \(error)", status: 1)
}
