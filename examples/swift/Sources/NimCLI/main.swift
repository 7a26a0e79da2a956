// nim-cli: play Nim against the Hard AI on standard input ("ROW COUNT",
// rows from 1), or watch the AI play itself with --ai-vs-ai.
import Games
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

guard libraryMatchesHeader() else {
    print("libgames_ffi \(libraryVersion) does not match the header this program was built with")
    exit(1)
}

func show(_ game: NimGame) {
    for (i, left) in game.rows.enumerated() {
        print("  Row \(i + 1): " + String(repeating: "o ", count: Int(left)) + "[\(left) left]")
    }
}

let aiVsAi = CommandLine.arguments.contains("--ai-vs-ai")
do {
    let game = try NimGame(seed: 7)
    while !game.state.round_over {
        show(game)
        if aiVsAi || game.state.to_move == 1 {
            let mv = try game.aiMove(level: .hard)
            try game.play(row: mv.row, take: mv.take)
            print("AI takes \(mv.take) from row \(mv.row + 1)")
            continue
        }
        print("Your move (ROW COUNT)> ", terminator: "")
        guard let line = readLine() else { break }
        let parts = line.split(separator: " ").compactMap { UInt32($0) }
        guard parts.count == 2, parts[0] >= 1 else {
            print("Type two numbers, e.g. `3 2`.")
            continue
        }
        do {
            try game.play(row: parts[0] - 1, take: parts[1])
        } catch let error as GamesError {
            print("Illegal move: \(error.message)")
        }
    }
    if game.state.round_over {
        print(game.state.round_winner == 0 ? "Player 1 wins." : "Player 2 wins.")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
