import Testing

@testable import Games

extension AllGames {
    /// A Swift `Int` that no C integer argument can hold (below 0, or above
    /// the C type's maximum) is refused before the library is called, with
    /// the caller's number and the allowed range in the message, and the
    /// game unchanged. The wrappers once passed such a value on as
    /// `UInt32.max` (255 for `uint8_t`), so the library's message named the
    /// substitute ("dice 4294967295 and 3", "there is no row 4294967296").
    /// A `description`, which cannot throw, writes the caller's numbers.
    @Suite struct RangeTests {
        /// The number past `UInt32.max`, which a `uint32_t` cannot hold.
        static let pastU32 = Int(UInt32.max) + 1

        /// The message of `error` names `value` after `what`, with the range.
        func expectNames(
            _ error: GamesError?, _ code: GamesError.Code, _ text: String, range: String = "(0 to 4294967295)",
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(error?.code == code, "\(String(describing: error))", sourceLocation: sourceLocation)
            #expect(error?.message.contains(text) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
            #expect(error?.message.contains(range) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
        }

        @Test func nimNamesTheCallersRowAndTake() throws {
            let game = try NimGame()
            #expect(thrown { try game.play(NimMove(row: 9, take: 1)) }?.code == .illegalMove)
            #expect(game.lastRefusal == .noSuchRow)
            let before = game.state
            let saved = try game.save()
            expectNames(thrown { try game.play(NimMove(row: -1, take: 1)) }, .illegalMove, "row -1")
            expectNames(thrown { try game.play(NimMove(row: 0, take: -2)) }, .illegalMove, "take -2")
            expectNames(
                thrown { try game.play(NimMove(row: Self.pastU32, take: 1)) }, .illegalMove, "row 4294967296")
            #expect(game.state == before)
            #expect(try game.save() == saved)
            // Refused before the library: its last refusal is the earlier one.
            #expect(game.lastRefusal == .noSuchRow)
            expectNames(thrown { try NimGame(rows: [3, -4, 5]) }, .invalidParameter, "row 1: circle count -4")
            expectNames(
                thrown { try NimGame(rows: [Self.pastU32]) }, .invalidParameter, "row 0: circle count 4294967296")
            expectNames(thrown { try NimGame(rounds: -1) }, .invalidParameter, "rounds -1")
        }

        @Test func nimMoveDescriptionWritesTheCallersNumbers() {
            #expect(NimMove(row: 2, take: 2).description == "3-2")
            #expect(NimMove(row: -1, take: 1).description == "NimMove(row: -1, take: 1)")
            #expect(NimMove(row: 0, take: Self.pastU32).description == "NimMove(row: 0, take: 4294967296)")
            #expect(NimMove(row: Int.min, take: -1).description == "NimMove(row: \(Int.min), take: -1)")
        }

        @Test func backgammonNamesTheCallersDiceAndPoints() throws {
            let game = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            try game.play(try #require(game.legalPlays.first))
            // The second player is to roll: dice may be set now.
            let before = game.state
            let saved = try game.save()
            let negative = thrown { try game.setDice(-1, 3) }
            expectNames(negative, .invalidParameter, "die -1")
            #expect(negative?.message.contains("4294967295 and") == false)
            expectNames(thrown { try game.setDice(3, Self.pastU32) }, .invalidParameter, "die 4294967296")
            // The library gives the same kind for a die it can read.
            #expect(thrown { try game.setDice(7, 3) }?.code == .invalidParameter)
            #expect(game.state == before)
            #expect(try game.save() == saved)
            try game.setDice(4, 2)
            let rolled = game.state
            expectNames(thrown { try game.step(from: -1, to: 5) }, .illegalMove, "from point -1")
            expectNames(thrown { try game.step(from: 8, to: Self.pastU32) }, .illegalMove, "to point 4294967296")
            expectNames(
                thrown { try game.play(BackgammonPlay(steps: [BackgammonStep(from: 300, to: 5)])) },
                .invalidParameter, "step 1: from point 300", range: "(0 to 255)")
            expectNames(
                thrown {
                    try game.play(BackgammonPlay(steps: [BackgammonStep(from: 13, to: 9), BackgammonStep(from: 6, to: -1)]))
                },
                .invalidParameter, "step 2: to point -1", range: "(0 to 255)")
            let five = BackgammonPlay(steps: Array(repeating: BackgammonStep(from: 13, to: 12), count: 5))
            expectNames(thrown { try game.play(five) }, .invalidParameter, "a play of 5 steps", range: "(0 to 4 steps)")
            for point in [-1, Self.pastU32] {
                expectNames(
                    thrown { try game.destinations(from: point) }, .invalidParameter, "point \(point)",
                    range: "(1 to 24, or 25 for the bar)")
            }
            #expect(game.state == rolled)
            expectNames(
                thrown { try BackgammonGame(opening: (first: -1, second: 3)) }, .invalidParameter,
                "first player's opening die -1")
            expectNames(
                thrown { try BackgammonGame(opening: (first: 3, second: Self.pastU32)) }, .invalidParameter,
                "second player's opening die 4294967296")
        }

        @Test func backgammonPlayDescriptionWritesTheCallersNumbers() throws {
            #expect(BackgammonPlay(steps: []).description == "")
            #expect(BackgammonPlay(steps: [BackgammonStep(from: 24, to: 18)]).description == "24/18")
            #expect(
                BackgammonPlay(steps: [BackgammonStep(from: 26, to: 3)]).description
                    == "BackgammonPlay(steps: [BackgammonStep(from: 26, to: 3)])")
            #expect(
                BackgammonPlay(steps: [BackgammonStep(from: 8, to: 5), BackgammonStep(from: 6, to: -1, hit: true)])
                    .description
                    == "BackgammonPlay(steps: [BackgammonStep(from: 8, to: 5), BackgammonStep(from: 6, to: -1, hit: true)])")
            let five = BackgammonPlay(steps: Array(repeating: BackgammonStep(from: 13, to: 12), count: 5))
            #expect(five.description.hasPrefix("BackgammonPlay(steps: [BackgammonStep(from: 13, to: 12), "))
        }

        @Test func timbiricheNamesTheCallersLineAndOptions() throws {
            let game = try TimbiricheGame()
            try game.play("a1-b1")
            let before = game.state
            let drawn = game.drawnLines
            expectNames(
                thrown { try game.play(TimbiricheLine(.vertical, row: -1, col: 0)) }, .illegalMove, "row -1")
            expectNames(
                thrown { try game.play(TimbiricheLine(.horizontal, row: 0, col: Self.pastU32)) }, .illegalMove,
                "column 4294967296")
            #expect(game.state == before)
            #expect(game.drawnLines == drawn)
            expectNames(
                thrown { try game.index(of: TimbiricheLine(.horizontal, row: 0, col: -3)) }, .invalidParameter,
                "column -3")
            var options = TimbiricheOptions()
            options.rows = -1
            expectNames(thrown { try TimbiricheGame(options) }, .invalidParameter, "rows -1")
            options = TimbiricheOptions()
            options.cols = Self.pastU32
            expectNames(thrown { try TimbiricheGame(options) }, .invalidParameter, "columns 4294967296")
            options = TimbiricheOptions()
            options.games = -3
            expectNames(thrown { try TimbiricheGame(options) }, .invalidParameter, "games -3")
            // The table limit is a size_t: a negative count is refused, named.
            #expect(thrown { try game.setTableLimit(-1) }?.message.contains("-1") == true)
        }

        @Test func timbiricheLineDescriptionWritesTheCallersNumbers() {
            #expect(TimbiricheLine(.horizontal, row: 0, col: 0).description == "a1-b1")
            #expect(
                TimbiricheLine(.vertical, row: -1, col: 0).description == "TimbiricheLine(.vertical, row: -1, col: 0)")
            // On no board (past the largest, 6×6 boxes): it was "".
            #expect(
                TimbiricheLine(.horizontal, row: 9, col: 0).description == "TimbiricheLine(.horizontal, row: 9, col: 0)")
            #expect(
                TimbiricheLine(.horizontal, row: 0, col: Self.pastU32).description
                    == "TimbiricheLine(.horizontal, row: 0, col: 4294967296)")
        }

        @Test func canicasNamesTheCallersCells() throws {
            let game = try CanicasGame(deal: 1)
            let empty = try #require(game.state.cells.firstIndex(of: 0))
            #expect(thrown { try game.play(CanicasMove(from: empty, to: empty)) }?.code == .illegalMove)
            let refusal = game.lastRefusal
            let before = game.state
            let cells = "(cells 0 to 80, row by row)"
            let negative = thrown { try game.play(CanicasMove(from: -1, to: 0)) }
            expectNames(negative, .illegalMove, "cell -1", range: cells)
            #expect(negative?.message.contains("4294967295") == false)
            expectNames(
                thrown { try game.play(CanicasMove(from: 0, to: Self.pastU32)) }, .illegalMove, "cell 4294967296",
                range: cells)
            expectNames(thrown { try game.path(CanicasMove(from: -2, to: 0)) }, .illegalMove, "cell -2", range: cells)
            expectNames(thrown { try game.reachable(from: -5) }, .invalidParameter, "cell -5", range: cells)
            expectNames(thrown { try game.text(of: CanicasMove(from: 0, to: -7)) }, .invalidParameter, "cell -7", range: cells)
            #expect(game.state == before)
            #expect(game.lastRefusal == refusal)
        }

        @Test func canicasNamesTheCallersRulesAndBoards() throws {
            let bad = CanicasRules(size: -9, colours: 7, minLine: 5, arrivals: 3, start: 5)
            expectNames(thrown { try CanicasGame(rules: bad, deal: 1) }, .invalidParameter, "size -9")
            let colours = CanicasRules(size: 9, colours: -1, minLine: 5, arrivals: 3, start: 5)
            let records = try CanicasRecords()
            expectNames(thrown { try records.best(colours) }, .invalidParameter, "colours -1")
            expectNames(thrown { try records.record(colours, lines98: true) }, .invalidParameter, "colours -1")
            let arrivals = CanicasRules(size: 9, colours: 7, minLine: 5, arrivals: Self.pastU32, start: 5)
            expectNames(
                thrown { try CanicasArena.run(rules: arrivals, firstDeal: 1, deals: 1, maxMoves: 1) },
                .invalidParameter, "arrivals 4294967296")
            let state = try CanicasGame(deal: 1).state
            let free = try #require(state.cells.firstIndex(of: 0))
            var cells = state.cells
            cells[free] = -1
            expectNames(
                thrown { try CanicasBoard.hint(cells: cells, next: state.next) }, .invalidParameter,
                "cell \(free) has colour -1", range: "(0 to 255)")
            expectNames(
                thrown { try CanicasBoard.hint(cells: state.cells, next: [state.next[0], 256] + state.next.dropFirst(2)) },
                .invalidParameter, "next marble 1: colour 256", range: "(0 to 255)")
            expectNames(
                thrown { try CanicasBoard.hint(cells: state.cells, next: state.next, landings: [free, -1, free]) },
                .invalidParameter, "landing 1: cell -1")
            expectNames(
                thrown { try CanicasBoard.apply(CanicasMove(from: 0, to: 1), to: state.cells, rules: bad) },
                .invalidParameter, "size -9")
        }
    }
}
