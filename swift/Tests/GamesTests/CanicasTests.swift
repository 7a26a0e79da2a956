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

        /// Every line the last move removed: its marbles were of its colour
        /// before the move and are gone after it, and it scored
        /// `n × (n − m + 1) × 2`.
        @Test func lastLinesReportTheRemovedLines() throws {
            let game = try CanicasGame(rules: .five, deal: 7)
            #expect(game.lastLines.isEmpty)
            var removals = 0
            for _ in 0..<300 where removals < 3 && !game.state.isOver {
                let move = try game.hint(budget: Budget(nodes: 100))
                var before = game.state.cells
                let outcome = try game.play(move)
                let lines = game.lastLines
                #expect(lines.count == outcome.lines + outcome.arrivalLines)
                #expect(lines.reduce(0) { $0 + $1.points } == outcome.points)
                guard outcome.lines > 0 else { continue }
                removals += 1
                // The bare board gives the same lines and board.
                let bare = try CanicasBoard.apply(move, to: before)
                #expect(bare.legal && bare.refusal == CanicasRefusal.none)
                #expect(bare.lines == Array(lines.prefix(outcome.lines)))
                #expect(bare.cells == game.state.cells)
                #expect(!bare.arrivalsNeeded)
                before[move.to] = before[move.from]
                before[move.from] = 0
                for line in lines.prefix(outcome.lines) {
                    #expect(!line.byArrival)
                    #expect(line.length >= 5)
                    #expect(line.points == UInt64(line.length * (line.length - 5 + 1) * 2))
                    let cells = line.cells(size: 9)
                    #expect(cells.contains(move.to))
                    #expect(cells.allSatisfy { before[$0] == line.colour })
                    #expect(cells.allSatisfy { game.state.cells[$0] == 0 })
                }
            }
            #expect(removals == 3)
            try game.undo()
            #expect(game.lastLines.isEmpty)
        }

        /// A 9×9 board with four marbles of colour 1 on a1-d1 (cells 0-3), one
        /// more on e3 (cell 22) and one of colour 2 in the last cell.
        func fourInARow() -> [Int] {
            var cells = Array(repeating: 0, count: 81)
            for cell in [0, 1, 2, 3, 22] { cells[cell] = 1 }
            cells[80] = 2
            return cells
        }

        @Test func applyPlaysOneMoveOnABareBoard() throws {
            let cells = fourInARow()
            // e3 to e1 completes five in a row along the top: 5 × 1 × 2 points.
            let five = try CanicasBoard.apply(CanicasMove(from: 22, to: 4), to: cells)
            #expect(five.legal && five.refusal == CanicasRefusal.none)
            #expect(five.lines == [CanicasLine(start: 0, direction: .horizontal, length: 5, colour: 1, points: 10, byArrival: false)])
            #expect(five.points == 10)
            #expect(!five.arrivalsNeeded)
            var left = Array(repeating: 0, count: 81)
            left[80] = 2
            #expect(five.cells == left)
            // Removing the last marbles empties the board: marbles arrive.
            var alone = cells
            alone[80] = 0
            #expect(try CanicasBoard.apply(CanicasMove(from: 22, to: 4), to: alone).arrivalsNeeded)
            // A move that removes nothing: the marbles would arrive.
            let quiet = try CanicasBoard.apply(CanicasMove(from: 80, to: 79), to: cells)
            #expect(quiet.legal && quiet.lines.isEmpty && quiet.points == 0 && quiet.arrivalsNeeded)
            #expect(quiet.cells[79] == 2 && quiet.cells[80] == 0)
            // Illegal moves say why and leave the board as it was.
            var walled = cells
            walled[7] = 3
            walled[17] = 3
            for (move, why) in [
                (CanicasMove(from: 50, to: 51), CanicasRefusal.emptySource),
                (CanicasMove(from: 80, to: 0), .targetTaken),
                (CanicasMove(from: 80, to: 81), .offBoard),
                (CanicasMove(from: 80, to: 8), .unreachable),
            ] {
                let outcome = try CanicasBoard.apply(move, to: walled)
                #expect(!outcome.legal, "\(move)")
                #expect(outcome.refusal == why, "\(move)")
                #expect(outcome.cells == walled && outcome.lines.isEmpty)
            }
            // Boards no game rests on, and values C cannot hold, throw.
            #expect(thrown { try CanicasBoard.apply(CanicasMove(from: 80, to: 79), to: five.cells.map { _ in 1 }) }?.code == .invalidParameter)
            #expect(thrown { try CanicasBoard.apply(CanicasMove(from: 80, to: 79), to: Array(cells.dropLast())) }?.code == .invalidParameter)
            var bad = cells
            bad[5] = 300
            let colour = thrown { try CanicasBoard.apply(CanicasMove(from: 80, to: 79), to: bad) }
            #expect(colour?.code == .invalidParameter)
            #expect(colour?.message.contains("cell 5 has colour 300") == true)
            let negative = thrown { try CanicasBoard.apply(CanicasMove(from: -1, to: 79), to: cells) }
            #expect(negative?.code == .invalidParameter)
            #expect(negative?.message.contains("cell -1") == true)
        }

        @Test func boardsReadFromText() throws {
            let game = try CanicasGame(deal: 3)
            let read = try CanicasBoard.cells(fromText: game.boardText)
            #expect(read == CanicasCells(size: 9, cells: game.state.cells))
            #expect(try CanicasBoard.cells(fromText: "1.\n.2") == CanicasCells(size: 2, cells: [1, 0, 0, 2]))
            for bad in ["", "hello", "1.2", "1.\n.2\u{0}"] {
                #expect(thrown { try CanicasBoard.cells(fromText: bad) }?.code == .invalidParameter, "\(bad)")
            }
        }

        /// The arena plays the hint over deals: the same games as playing
        /// each deal here with the same budget, on any number of threads.
        @Test func arenaPlaysTheHintOverDeals() throws {
            let budget = Budget(nodes: 10)
            let report = try CanicasArena.run(firstDeal: 1, deals: 2, maxMoves: 15, threads: 1, budget: budget)
            var moves: UInt64 = 0, points: UInt64 = 0, deaths: UInt64 = 0
            for deal in UInt64(1)...2 {
                let game = try CanicasGame(deal: deal)
                while game.state.moves < 15 && !game.state.isOver {
                    try game.play(game.hint(budget: budget))
                }
                moves += UInt64(game.state.moves)
                points += game.state.score
                if game.state.isOver { deaths += 1 }
            }
            #expect(report.games == 2)
            #expect(!report.cancelled)
            #expect((report.moves, report.points, report.deaths) == (moves, points, deaths))
            #expect(report.meanMoves == Double(moves) / 2)
            #expect(try CanicasArena.run(firstDeal: 1, deals: 2, maxMoves: 15, threads: 2, budget: budget) == report)
            let token = CancelToken()
            token.cancel()
            let stopped = try CanicasArena.run(firstDeal: 1, deals: 2, maxMoves: 15, threads: 1, budget: budget, cancel: token)
            #expect(stopped.cancelled && stopped.games == 0)
            let threads = thrown { try CanicasArena.run(firstDeal: 1, deals: 1, maxMoves: 1, threads: -1) }
            #expect(threads?.code == .invalidParameter)
            #expect(threads?.message.contains("threads -1") == true)
            #expect(thrown { try CanicasArena.run(firstDeal: .max, deals: 2, maxMoves: 1, threads: 1) }?.code == .invalidParameter)
            var rules = CanicasRules.five
            rules.size = 1
            #expect(thrown { try CanicasArena.run(rules: rules, firstDeal: 1, deals: 1, maxMoves: 1, threads: 1) }?.code == .invalidParameter)
        }

        /// The arena's means and medians over full games alone, as the spec
        /// asks ("mean and median score and moves survived over full games
        /// where they fit"): a game the move cap stops is counted apart, its
        /// moves being the cap, not moves survived.
        @Test func arenaGivesMeansAndMediansOverFullGamesOnly() throws {
            let budget = Budget(nodes: 10)
            var rules = CanicasRules.five
            rules.size = 6  // games end within a dozen moves
            let cap = 12
            let report = try CanicasArena.run(
                rules: rules, firstDeal: 1, deals: 8, maxMoves: UInt64(cap), threads: 1, budget: budget)
            var points: [Double] = [], moves: [Double] = []
            for deal in UInt64(1)...8 {
                let game = try CanicasGame(rules: rules, deal: deal)
                while game.state.moves < cap && !game.state.isOver {
                    try game.play(game.hint(budget: budget))
                }
                if game.state.isOver {
                    points.append(Double(game.state.score))
                    moves.append(Double(game.state.moves))
                }
            }
            func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(v.count) }
            func median(_ v: [Double]) -> Double {
                let s = v.sorted(), n = s.count
                return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
            }
            #expect(!moves.isEmpty && moves.count < 8, "some games full, some capped")
            #expect((report.fullGames, report.cappedGames) == (UInt64(moves.count), UInt64(8 - moves.count)))
            #expect(report.fullGames == report.deaths)
            #expect((report.fullMeanPoints, report.fullMedianPoints) == (mean(points), median(points)))
            #expect((report.fullMeanMoves, report.fullMedianMoves) == (mean(moves), median(moves)))
            #expect(report.fullMeanMoves != report.meanMoves)
            let none = try CanicasArena.run(
                rules: rules, firstDeal: 1, deals: 2, maxMoves: 3, threads: 1, budget: budget)
            #expect((none.games, none.fullGames, none.cappedGames) == (2, 0, 2))
            #expect(
                (none.fullMeanPoints, none.fullMedianPoints, none.fullMeanMoves, none.fullMedianMoves)
                    == (0, 0, 0, 0))
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
            // A copy holds the same records and is independent of them.
            let copied = try records.copy()
            #expect(try copied.save() == records.save())
            let second = try CanicasGame(deal: 3)
            while !second.state.isOver { try second.play(second.hint(budget: Budget(nodes: 20))) }
            _ = try copied.finish(second, elapsedMilliseconds: 1)
            #expect(try copied.record(.five).games == 2)
            #expect(try records.record(.five).games == 1)
            #expect(try again.best(.four) == nil)
            let record = try again.record(.five)
            #expect(record.games == 1 && record.replays == 0)
            #expect(record.bestPoints == game.state.score && record.totalPoints == game.state.score)
            #expect(record.totalMoves == UInt64(game.state.moves))
            #expect(try again.record(.four) == CanicasRecord(
                bestPoints: 0, games: 0, totalPoints: 0, totalMoves: 0, replays: 0, replayBestPoints: 0))
            #expect(try again.record(.five, lines98: true).games == 0)
            var rules = CanicasRules.five
            rules.size = 1
            #expect(thrown { try again.record(rules) }?.code == .invalidParameter)
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
        /// The `async` bare-board hint is the blocking one, and the game's
        /// `async` hint too (node budgets: the same move every time).
        @Test func theAsyncHintsAreTheBlockingOnes() async throws {
            let budget = Budget(nodes: 60)
            let game = try CanicasGame(deal: 9)
            let state = game.state
            let expected = try blocking {
                try CanicasBoard.hint(cells: state.cells, next: state.next, budget: budget)
            }
            let bare = try await CanicasBoard.hint(cells: state.cells, next: state.next, budget: budget)
            let fromGame = try await game.hint(budget: budget)
            #expect(bare == expected)
            #expect(fromGame == expected)
            #expect(game.state == state)
        }

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
