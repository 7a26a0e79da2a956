// The Swift examples of README.md, each the body of a test, so `swift test`
// compiles and runs them. `examples/rust/tests/swift_header.rs` checks that
// every ```swift block of the README is one of the regions below (between
// `// README: name` and `// END`, indentation removed), and the reverse.
import Foundation
import Testing

import Games

extension AllGames {
    @Suite struct ReadmeSnippets {
        @Test func nim() throws {
            // README: nim
            let game = try NimGame(rows: [3, 4, 5], seed: 42)
            try game.play("3-2")  // two circles from the third row
            do {
                try game.play(NimMove(row: 0, take: 9))
            } catch {
                // A GamesError: code .illegalMove, the reason in words; nothing changed.
                print(error.code == .illegalMove, error.message)
            }
            while !game.state.isRoundOver {
                try game.play(game.aiMove(level: .hard))
            }
            print("winner:", game.state.roundWinner!)
            let saved = try game.save()  // the bytes nim-core's Match::save writes
            let again = try NimGame(saved: saved)
            assert(again.state == game.state)
            // END
        }

        @Test func timbiriche() throws {
            // README: timbiriche
            var options = TimbiricheOptions()  // 3×3 boxes, one game
            options.seed = 7
            let game = try TimbiricheGame(options)
            try game.play("a1-b1")
            let hint = try game.hint()  // "What would a master play?" (the first is free)
            print(hint.line, hint.sentence)
            while !game.state.isOver {
                let level: TimbiricheLevel = game.state.toMove == .first ? .hard : .medium
                try game.play(game.aiMove(level: level))  // took a box: the same player again
            }
            print(game.state.pointsFirst, "to", game.state.pointsSecond, game.state.result)
            // END
        }

        @Test func backgammon() throws {
            // README: backgammon
            let game = try BackgammonGame(seed: 7)  // the opening roll is made
            while !game.state.isOver {
                if game.state.dice == nil, try game.roll().passed { continue }
                let play = try game.aiMove(level: .hard)
                print(game.state.toMove!, play)  // e.g. "first 24/18 13/11"
                try game.play(play)  // or game.play("24/18 13/11"), or step(from:to:)
            }
            print(game.state.winner!, game.state.win!)  // e.g. "second gammon"
            // END
        }

        @Test func canicas() throws {
            // README: canicas
            let game = try CanicasGame(rules: .five, deal: 1)
            let move = try game.hint()  // the AI's move, not played
            print(try game.text(of: move), try game.path(move))  // "e5-a1", cells to animate
            let outcome = try game.play(move)
            print(outcome.points, game.lastArrivals, game.state.next)
            try game.undo()  // one move can be taken back
            let shown = try CanicasGame(deal: 1, lines98: true)  // the Lines 98 rule
            print(shown.shownLandings)  // the cells where the "next" marbles land
            let nodes = Budget(nodes: 100)  // node budgets: the same move on every machine
            let same = try CanicasBoard.hint(  // a board the host keeps itself
                cells: shown.state.cells, next: shown.state.next, landings: shown.shownLandings,
                budget: nodes)
            let fromGame = try shown.hint(budget: nodes)
            assert(same == fromGame)
            // END
        }

        @Test @MainActor func screen() async throws {
            // README: screen
            // A screen's model on the main actor: it redraws from `state` while
            // the AI thinks (the async search runs on a copy of the game).
            @MainActor final class NimScreen {
                let game: NimGame
                var shown: NimState
                var redraws = 0
                init(_ game: NimGame) {
                    self.game = game
                    shown = game.state
                }
                func redraw() {
                    shown = game.state
                    redraws += 1
                }
                func aiTurn() async throws {
                    let thinking = Task { try await game.aiMove(level: .hard) }
                    redraw()  // does not wait for the search
                    try game.play(try await thinking.value)
                    redraw()
                }
            }
            let screen = NimScreen(try NimGame(rows: [3, 4, 5], seed: 1))
            try await screen.aiTurn()
            print(screen.shown.rows, screen.redraws)  // the AI's move is on the board
            // END
            #expect(screen.shown.movesPlayed == 1)
            #expect(screen.redraws == 2)
        }

        @Test func cancel() async throws {
            var options = TimbiricheOptions()
            options.rows = 5
            options.cols = 5
            let game = try TimbiricheGame(options)
            // README: cancel
            // The search runs on its own thread; cancelling the task stops it,
            // and it answers with its best line so far.
            let thinking = Task { try await game.aiMove(level: .hard, budget: Budget(milliseconds: 5_000)) }
            try await Task.sleep(for: .milliseconds(100))
            thinking.cancel()
            let line = try await thinking.value
            try game.play(line)
            // END
        }
    }
}
