import Testing

@testable import Games

extension AllGames {
    @Suite struct CanicasTests {
        /// The seeded game of `examples/rust/tests/swift_fixtures.rs`.
        @Test func seededGameMatchesRust() throws {
            let expected = try fixture("canicas")
            let game = try CanicasGame(rules: .five, deal: 7)
            var moves: [String] = []
            while !game.state.isOver {
                let move = try game.hint(budget: Budget(nodes: 100))
                moves.append(try game.text(of: move))
                try game.play(move)
            }
            #expect(moves == expected.moves)
            #expect(game.state.score == expected.score)
            let saved = try game.save()
            #expect(text(saved) == expected.save)
            let loaded = try CanicasGame(saved: saved)
            #expect(try loaded.save() == saved)
            #expect(loaded.state == game.state)
        }

        @Test func refusedMovesThrowAndSayWhy() throws {
            let game = try CanicasGame(deal: 3)
            let before = game.state
            let free = before.cells.firstIndex(of: 0)!
            let marble = before.cells.firstIndex { $0 != 0 }!
            #expect(thrown { try game.play(CanicasMove(from: free, to: marble)) }?.code == .illegalMove)
            #expect(game.lastRefusal == .emptySource)
            let other = before.cells.indices.last { $0 != marble && before.cells[$0] != 0 }!
            #expect(thrown { try game.play(CanicasMove(from: marble, to: other)) }?.code == .illegalMove)
            #expect(game.lastRefusal == .targetTaken)
            #expect(thrown { try game.play(CanicasMove(from: 500, to: 0)) } != nil)
            #expect(game.lastRefusal == .offBoard)
            #expect(thrown { try game.play("z9-a1") } != nil)
            #expect(thrown { try game.play("e5") } != nil)
            #expect(game.lastRefusal == .badNotation)
            #expect(game.state == before)
            #expect(thrown { try game.undo() } != nil)
            #expect(game.lastRefusal == .nothingToUndo)
        }

        @Test func moveUndoAndText() throws {
            let game = try CanicasGame(deal: 3)
            let move = try #require(game.legalMoves.first)
            #expect(try game.move(game.text(of: move)) == move)
            #expect(try game.reachable(from: move.from).contains(move.to))
            let path = try game.path(move)
            #expect(path.first == move.from && path.last == move.to)
            let before = game.state
            let outcome = try game.play(move)
            #expect(game.state.moves == 1)
            #expect(outcome.lines > 0 || outcome.arrivals > 0)
            try game.undo()
            #expect(game.state.cells == before.cells)
            #expect(game.state.next == before.next)
        }

        @Test func badRulesAndSavesThrow() throws {
            var rules = CanicasRules.five
            rules.size = 1
            #expect(thrown { try CanicasGame(rules: rules, deal: 1) }?.code == .invalidParameter)
            #expect(thrown { try CanicasGame(saved: Array("{}".utf8)) }?.code == .invalidData)
            let game = try CanicasGame(deal: 1)
            let saved = text(try game.save())
            let future = saved.replacingOccurrences(of: "\"version\":", with: "\"version\":9")
            #expect(thrown { try CanicasGame(saved: Array(future.utf8)) }?.code == .unsupportedVersion)
        }

        @Test func recordsKeepTheBestScore() throws {
            let records = try CanicasRecords()
            let game = try CanicasGame(deal: 2)
            #expect(thrown { try records.finish(game, elapsedMilliseconds: 1) }?.code == .wrongPhase)
            while !game.state.isOver { try game.play(game.hint(budget: Budget(nodes: 20))) }
            let summary = try records.finish(game, elapsedMilliseconds: 1000)
            #expect(summary.points == game.state.score)
            #expect(summary.previousRecord == nil)
            #expect(try records.best(.five) == game.state.score)
            let again = try CanicasRecords(saved: records.save())
            #expect(try again.best(.five) == game.state.score)
            #expect(try again.best(.four) == nil)
        }
    }
}
