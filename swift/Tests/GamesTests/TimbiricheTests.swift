import Testing

@testable import Games

extension AllGames {
    @Suite struct TimbiricheTests {
        /// The seeded game of `examples/rust/tests/swift_fixtures.rs`.
        @Test func seededGameMatchesRust() throws {
            let expected = try fixture("timbiriche")
            var options = TimbiricheOptions()
            options.seed = 7
            let game = try TimbiricheGame(options)
            var moves: [String] = []
            while !game.state.isOver {
                let level: TimbiricheLevel = game.state.toMove == .first ? .hard : .medium
                let line = try game.aiMove(level: level)
                moves.append(line.description)
                try game.play(line)
            }
            #expect(moves == expected.moves)
            #expect([game.state.pointsFirst, game.state.pointsSecond] == expected.points)
            let saved = try game.save()
            #expect(text(saved) == expected.save)
            let loaded = try TimbiricheGame(saved: saved)
            #expect(try loaded.save() == saved)
            #expect(loaded.state == game.state)
        }

        @Test func illegalLinesThrowAndChangeNothing() throws {
            let game = try TimbiricheGame()
            try game.play("a1-b1")
            let before = game.state
            let error = thrown { try game.play("a1-b1") }
            #expect(error?.code == .illegalMove)
            #expect(game.lastRefusal == .alreadyDrawn)
            #expect(error?.message.isEmpty == false)
            #expect(thrown { try game.play(TimbiricheLine(.horizontal, row: 9, col: 0)) }?.code == .illegalMove)
            #expect(game.lastRefusal == .offBoard)
            #expect(thrown { try game.play(TimbiricheLine(.vertical, row: -1, col: 0)) }?.code == .illegalMove)
            for bad in ["", "a1", "a1-c1", "a1-b2"] {
                #expect(thrown { try game.play(bad) }?.code == .invalidParameter, "\(bad)")
                #expect(game.lastRefusal == .badNotation, "\(bad)")
            }
            // A line off the board is refused as text as it is as a line.
            for offBoard in ["z9-z8", "d1-e1"] {
                #expect(thrown { try game.play(offBoard) }?.code == .illegalMove, "\(offBoard)")
                #expect(game.lastRefusal == .offBoard, "\(offBoard)")
            }
            #expect(game.state == before)
            try game.play("a2-b2")
            #expect(game.lastRefusal == TimbiricheRefusal.none)
            try game.undo()
            #expect(game.drawnLines == [TimbiricheLine(.horizontal, row: 0, col: 0)])
        }

        @Test func linesHaveTheirDotNotation() throws {
            let game = try TimbiricheGame()
            for line in game.legalLines {
                #expect(try game.line(line.description) == line)
            }
            #expect(game.legalLines.count == 24)
            #expect(TimbiricheLine(.horizontal, row: 0, col: 0).description == "a1-b1")
        }

        @Test func boxesScoreAndTheSamePlayerDrawsAgain() throws {
            var options = TimbiricheOptions()
            options.rows = 1
            options.cols = 1
            let game = try TimbiricheGame(options)
            #expect(try game.play("a1-b1") == 0)
            #expect(try game.play("a1-a2") == 0)
            #expect(try game.play("b1-b2") == 0)
            let mover = game.state.toMove
            #expect(try game.play("a2-b2") == 1)
            #expect(game.state.isOver)
            #expect(game.owners == [mover])
            #expect(game.state.result == (mover == .first ? .firstWins : .secondWins))
            #expect(thrown { try game.aiMove(level: .hard) }?.code == .gameOver)
            try game.undo()
            #expect(!game.state.isOver)
            #expect(game.state.undoUsed)
            try game.redo()
            #expect(game.state.isOver)
        }

        @Test func hintsAreCountedTheFirstFree() throws {
            let game = try TimbiricheGame()
            let first = try game.hint()
            #expect(first.wasFree)
            #expect(first.hintsLeft == 2)
            #expect(!first.sentence.isEmpty)
            #expect(game.legalLines.contains(first.line))
        }

        @Test func theTableLimitBelongsToTheObject() throws {
            let game = try TimbiricheGame()
            #expect(game.tableLimit == 32 << 20)
            try game.setTableLimit(1 << 20)
            #expect(game.tableLimit == 1 << 20)
            #expect(try game.copy().tableLimit == 1 << 20)
            #expect(try TimbiricheGame(saved: game.save()).tableLimit == 32 << 20)
            #expect(thrown { try game.setTableLimit(1000) }?.code == .invalidParameter)
            #expect(thrown { try game.setTableLimit(-1) }?.code == .invalidParameter)
            #expect(game.tableLimit == 1 << 20)
            // Hard still proves the empty 3x3 with the small table.
            let line = try game.aiMove(level: .hard, budget: Budget(nodes: 2_000_000))
            #expect(game.legalLines.contains(line))
        }

        @Test func badOptionsAndSavesThrow() throws {
            var options = TimbiricheOptions()
            options.rows = 7
            #expect(thrown { try TimbiricheGame(options) }?.code == .invalidParameter)
            options = TimbiricheOptions()
            options.values = .explicit([1, 2])
            #expect(thrown { try TimbiricheGame(options) }?.code == .invalidParameter)
            options.values = .explicit(Array(repeating: 2, count: 9))
            let valued = try TimbiricheGame(options)
            #expect(valued.boxValues == Array(repeating: 2, count: 9))
            #expect(thrown { try TimbiricheGame(saved: Array("[]".utf8)) }?.code == .invalidData)
            let saved = text(try TimbiricheGame().save())
            let future = saved.replacingOccurrences(of: "\"version\":", with: "\"version\":9")
            #expect(thrown { try TimbiricheGame(saved: Array(future.utf8)) }?.code == .unsupportedVersion)
        }
    }
}
