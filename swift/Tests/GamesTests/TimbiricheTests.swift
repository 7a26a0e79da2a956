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

        /// The `async` hint is the blocking one's, counted on the game: the
        /// same line, sentence and count as a blocking hint on a copy, and
        /// the game has taken it (the next hint is not free).
        @Test func theAsyncHintIsTheBlockingOneCountedOnTheGame() async throws {
            let game = try TimbiricheGame()
            _ = try game.play("a1-b1")
            let copy = try game.copy()
            let expected = try blocking { try copy.hint() }
            let hint = try await game.hint()
            #expect(hint == expected)
            #expect(hint.wasFree && hint.hintsLeft == 2)
            let second = try await game.hint()
            #expect(!second.wasFree)
            #expect(second.hintsLeft == 1)
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

        /// A game of `rows`×`cols` boxes with `lines` drawn.
        func board(rows: Int, cols: Int, _ lines: [TimbiricheLine]) throws -> TimbiricheGame {
            var options = TimbiricheOptions()
            options.rows = rows
            options.cols = cols
            let game = try TimbiricheGame(options)
            for line in lines { try game.play(line) }
            return game
        }

        @Test func chainsAndLoopsOfKnownPositions() throws {
            // The empty board is one group with open boxes of 4 sides.
            #expect(try TimbiricheGame().components == [TimbiricheComponent(kind: .other, length: 9, capturable: false)])
            // 2x2 with its 8 border lines: the four boxes make a loop.
            let ring = try board(rows: 2, cols: 2, [
                .init(.horizontal, row: 0, col: 0), .init(.horizontal, row: 0, col: 1),
                .init(.horizontal, row: 2, col: 0), .init(.horizontal, row: 2, col: 1),
                .init(.vertical, row: 0, col: 0), .init(.vertical, row: 1, col: 0),
                .init(.vertical, row: 0, col: 2), .init(.vertical, row: 1, col: 2),
            ])
            #expect(ring.sides == [2, 2, 2, 2])
            #expect(ring.components == [TimbiricheComponent(kind: .loop, length: 4, capturable: false)])
            // 1x3 with its top and bottom: a long chain of 3 ...
            let corridor = try board(rows: 1, cols: 3, (0..<3).flatMap { col in
                [TimbiricheLine(.horizontal, row: 0, col: col), TimbiricheLine(.horizontal, row: 1, col: col)]
            })
            #expect(corridor.sides == [2, 2, 2])
            let chain = try #require(corridor.components.first)
            #expect(corridor.components.count == 1)
            #expect(chain == TimbiricheComponent(kind: .chain, length: 3, capturable: false))
            #expect(chain.isLongChain)
            // ... that the line at its left end opens: its first box has 3 sides.
            try corridor.play(TimbiricheLine(.vertical, row: 0, col: 0))
            #expect(corridor.sides == [3, 2, 2])
            #expect(corridor.components == [TimbiricheComponent(kind: .chain, length: 3, capturable: true)])
            // Taking the boxes one by one shortens the chain.
            try corridor.play(TimbiricheLine(.vertical, row: 0, col: 1))
            #expect(corridor.sides == [4, 3, 2])
            #expect(corridor.components == [TimbiricheComponent(kind: .chain, length: 2, capturable: true)])
            // 1x3 with every vertical line: three short chains of one box.
            let cells = try board(rows: 1, cols: 3, (0...3).map { TimbiricheLine(.vertical, row: 0, col: $0) })
            #expect(cells.components == Array(repeating: TimbiricheComponent(kind: .chain, length: 1, capturable: false), count: 3))
            #expect(!cells.components[0].isLongChain)
        }

        @Test func lineIndexAndTextOnTheBoard() throws {
            let game = try TimbiricheGame()
            #expect(try game.index(of: TimbiricheLine(.horizontal, row: 0, col: 0)) == 0)
            #expect(try game.index(of: TimbiricheLine(.horizontal, row: 3, col: 2)) == 11)
            #expect(try game.index(of: TimbiricheLine(.vertical, row: 0, col: 0)) == 12)
            #expect(try game.index(of: TimbiricheLine(.vertical, row: 2, col: 3)) == 23)
            // Every legal line has its index in order, and its text reads back.
            for (index, line) in game.legalLines.enumerated() {
                #expect(try game.index(of: line) == index)
                #expect(try game.line(game.text(of: line)) == line)
            }
            #expect(try game.text(of: TimbiricheLine(.vertical, row: 0, col: 2)) == "c1-c2")
            let off = thrown { try game.index(of: TimbiricheLine(.horizontal, row: 4, col: 0)) }
            #expect(off?.code == .invalidParameter)
            #expect(off?.message == "the horizontal line at row 4, column 0 is off this board of 3×3 boxes")
            #expect(thrown { try game.text(of: TimbiricheLine(.vertical, row: 0, col: 4)) }?.code == .invalidParameter)
            let negative = thrown { try game.index(of: TimbiricheLine(.vertical, row: 0, col: -2)) }
            #expect(negative?.code == .invalidParameter)
            #expect(negative?.message.contains("column -2") == true)
        }

        @Test func lessonsComeFromTheEngine() throws {
            let lessons = try TimbiricheLesson.all()
            #expect(lessons.count == 5)
            #expect(lessons.map(\.index) == [0, 1, 2, 3, 4])
            #expect(lessons[0].title == "Draw a line")
            #expect(lessons.allSatisfy { !$0.goal.isEmpty })
            let take = lessons[1]
            #expect(take.title == "Take a box and move again")
            #expect((take.rows, take.cols) == (2, 2))
            #expect((take.pointsFirst, take.pointsSecond) == (0, 0))
            #expect(take.owners == [nil, nil, nil, nil])
            // Its board: "a1-b1,c2-c3,a1-a2,b3-c3,b1-b2", in line index order,
            // as a game with the same lines lists them.
            let same = try board(rows: 2, cols: 2, [])
            for text in ["a1-b1", "c2-c3", "a1-a2", "b3-c3", "b1-b2"] { try same.play(same.line(text)) }
            #expect(take.drawnLines == same.drawnLines)
            #expect(take.drawnLines.map(\.description) == ["a1-b1", "b3-c3", "a1-a2", "b1-b2", "c2-c3"])
            // The 4th side of the top-left box meets the goal; another line does not.
            let met = try take.check(TimbiricheLine(.horizontal, row: 1, col: 0))
            #expect(met.met)
            #expect(met.explanation.contains("move again"))
            let missed = try take.check(TimbiricheLine(.vertical, row: 0, col: 2))
            #expect(!missed.met)
            #expect(missed.explanation.contains("closes no box"))
            #expect(try !take.check(TimbiricheLine(.horizontal, row: 0, col: 0)).met)
            #expect(try !take.check(TimbiricheLine(.horizontal, row: 9, col: 0)).met)
            for bad in [-1, 5] {
                let error = thrown { try TimbiricheLesson(bad) }
                #expect(error?.code == .invalidParameter)
                #expect(error?.message.contains("lesson \(bad)") == true)
            }
            #expect(thrown { try take.check(TimbiricheLine(.horizontal, row: -1, col: 0)) }?.code == .invalidParameter)
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
