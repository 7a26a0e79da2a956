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

        /// `games_canicas_move_to_string` reads a `const` handle and records
        /// no last error, so `text(of:)` threw the reason of an earlier call
        /// ("there is no marble on that cell" for a cell off the board).
        @Test func textOfAMoveOffTheBoardSaysWhyItself() throws {
            let game = try CanicasGame(deal: 1)
            let empty = try #require(game.state.cells.firstIndex(of: 0))
            let earlier = thrown { try game.play(CanicasMove(from: empty, to: empty)) }
            #expect(earlier?.code == .illegalMove)
            for move in [CanicasMove(from: 0, to: 81), CanicasMove(from: 500, to: 0), CanicasMove(from: -1, to: 0)] {
                let error = thrown { try game.text(of: move) }
                #expect(error?.code == .invalidParameter)
                #expect(error?.message != earlier?.message)
                #expect(error?.message.contains("off the board") == true, "\(String(describing: error))")
            }
            let off = thrown { try game.text(of: CanicasMove(from: 0, to: 81)) }
            #expect(off?.message.contains("81") == true)
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

        /// Spec: "With the option on, the engine reports those cells (where
        /// each marble of the next bar would land if the board stayed as it
        /// is), and a host shows them. [...] Records are kept apart per rule."
        @Test func lines98ShowsTheLandingCellsAndKeepsItsOwnRecords() throws {
            let game = try CanicasGame(deal: 21, lines98: true)
            let plain = try CanicasGame(deal: 21)
            #expect(game.isLines98 && !plain.isLines98)
            #expect(plain.shownLandings.isEmpty)
            let shown = game.shownLandings
            #expect(shown.count == 3)
            #expect(Set(shown).count == 3 && shown.allSatisfy { game.state.cells[$0] == 0 })
            // The same deal: the same board and bar under both rules.
            #expect(game.state.cells == plain.state.cells && game.state.next == plain.state.next)
            // A save keeps the rule.
            let loaded = try CanicasGame(saved: game.save())
            #expect(loaded.isLines98 && loaded.shownLandings == shown)
            let records = try CanicasRecords()
            while !game.state.isOver { try game.play(#require(game.legalMoves.first)) }
            #expect(game.shownLandings.isEmpty)
            _ = try records.finish(game, elapsedMilliseconds: 10)
            #expect(try records.best(.five, lines98: true) == game.state.score)
            #expect(try records.best(.five) == nil)
        }

        /// A host that keeps its own board gets the game's hint from the
        /// cells, the bar and (Lines 98) the landing cells.
        @Test func theBareBoardHintIsTheGamesHint() throws {
            let budget = Budget(nodes: 60)
            for lines98 in [false, true] {
                let game = try CanicasGame(deal: 5, lines98: lines98)
                for _ in 0..<6 {
                    let state = game.state
                    let bare = try CanicasBoard.hint(
                        cells: state.cells, next: state.next,
                        landings: lines98 ? game.shownLandings : nil, budget: budget)
                    let move = try game.hint(budget: budget)
                    #expect(bare == move)
                    try game.play(move)
                }
                let state = game.state
                let taken = try #require(state.cells.firstIndex { $0 != 0 })
                if lines98 {
                    var bad = game.shownLandings
                    bad[0] = taken
                    #expect(thrown {
                        try CanicasBoard.hint(cells: state.cells, next: state.next, landings: bad)
                    }?.code == .invalidParameter)
                    #expect(thrown {
                        try CanicasBoard.hint(
                            cells: state.cells, next: state.next, landings: Array(bad.dropFirst()))
                    }?.code == .invalidParameter)
                }
                #expect(thrown {
                    try CanicasBoard.hint(cells: Array(state.cells.dropLast()), next: state.next)
                }?.code == .invalidParameter)
                #expect(thrown {
                    try CanicasBoard.hint(cells: state.cells.map { $0 == 0 ? -1 : $0 }, next: state.next)
                }?.code == .invalidParameter)
                #expect(thrown {
                    try CanicasBoard.hint(cells: state.cells, next: state.next.map { $0 + 256 })
                }?.code == .invalidParameter)
            }
        }
    }
}
