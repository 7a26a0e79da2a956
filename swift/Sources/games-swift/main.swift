// games-swift: plays each game AI against AI to the end through the Swift
// package and prints the result.
//
//   swift run games-swift                 # all four games, seed 1
//   swift run games-swift backgammon 7    # one game, seed 7
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

let arguments = CommandLine.arguments.dropFirst()
let which = arguments.first ?? "all"
let seed = arguments.dropFirst().first.flatMap { UInt64($0) } ?? 1
let games: [(String, (UInt64) throws(GamesError) -> Void)] = [
    ("nim", playNim), ("timbiriche", playTimbiriche),
    ("backgammon", playBackgammon), ("canicas", playCanicas),
]
guard which == "all" || games.contains(where: { $0.0 == which }) else {
    print("usage: games-swift [all|nim|timbiriche|backgammon|canicas] [SEED]")
    exit(2)
}
print("games \(libraryVersion), library matches header: \(libraryMatchesHeader)")
guard libraryMatchesHeader else {
    print("error: the library linked in was not built for this header (include/games.h)")
    exit(1)
}
do {
    for (game, play) in games where which == "all" || which == game {
        try play(seed)
    }
} catch {
    print("error: \(error)")
    exit(1)
}
