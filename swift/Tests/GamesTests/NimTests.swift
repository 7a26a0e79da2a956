import Testing

@testable import Games

extension AllGames {
    @Suite struct NimTests {
        /// The seeded game of `examples/rust/tests/swift_fixtures.rs`, played
        /// through Swift and C: the same moves, winner and saved bytes.
        @Test func seededGameMatchesRust() throws {
            let expected = try fixture("nim")
            let game = try NimGame(rows: [3, 4, 5], rule: .normal, rounds: 1, firstPlayer: .first, seed: 7)
            var moves: [String] = []
            while !game.state.isRoundOver {
                let level: NimLevel = game.state.toMove == .first ? .hard : .medium
                let move = try game.aiMove(level: level)
                try game.play(move)
                moves.append(move.description)
            }
            #expect(moves == expected.moves)
            #expect(name(game.state.roundWinner) == expected.winner)
            let saved = try game.save()
            #expect(text(saved) == expected.save)
            // Load and save again: the same bytes, the same state.
            let loaded = try NimGame(saved: saved)
            #expect(try loaded.save() == saved)
            #expect(loaded.state == game.state)
        }

        @Test func illegalMoveThrowsAndChangesNothing() throws {
            let game = try NimGame()
            let before = game.state
            let error = thrown { try game.play(NimMove(row: 0, take: 4)) }
            #expect(error?.code == .illegalMove)
            #expect(error?.message.isEmpty == false)
            #expect(game.lastRefusal == .takeTooMany)
            #expect(thrown { try game.play(NimMove(row: 9, take: 1)) }?.code == .illegalMove)
            #expect(game.lastRefusal == .noSuchRow)
            #expect(thrown { try game.play(NimMove(row: 0, take: 0)) }?.code == .illegalMove)
            #expect(game.lastRefusal == .takeZero)
            #expect(thrown { try game.play(NimMove(row: -1, take: 1)) }?.code == .illegalMove)
            #expect(game.state == before)
            #expect(thrown { try game.undo() }?.code == .nothingToUndo)
            #expect(thrown { try game.redo() }?.code == .nothingToRedo)
            #expect(thrown { try game.nextRound() }?.code == .roundNotOver)
        }

        @Test func checkMoveGivesTheReasonWithoutPlaying() throws {
            let game = try NimGame(rows: [3, 0, 5])
            let before = game.state
            #expect(try game.checkMove(NimMove(row: 2, take: 5)) == NimRefusal.none)
            #expect(try game.checkMove(NimMove(row: 0, take: 4)) == .takeTooMany)
            #expect(try game.checkMove(NimMove(row: 1, take: 1)) == .emptyRow)
            #expect(try game.checkMove(NimMove(row: 3, take: 1)) == .noSuchRow)
            #expect(try game.checkMove(NimMove(row: 0, take: 0)) == .takeZero)
            // Checking plays nothing and leaves the last refusal alone.
            #expect(game.state == before)
            #expect(game.lastRefusal == NimRefusal.none)
            // The reason is the one `play` gives for the same move.
            #expect(thrown { try game.play(NimMove(row: 0, take: 4)) }?.code == .illegalMove)
            #expect(game.lastRefusal == .takeTooMany)
            // Values C cannot hold are refused in Swift, naming them.
            let negative = thrown { try game.checkMove(NimMove(row: -1, take: 1)) }
            #expect(negative?.code == .invalidParameter)
            #expect(negative?.message.contains("row -1") == true)
            let huge = thrown { try game.checkMove(NimMove(row: 0, take: Int(UInt32.max) + 1)) }
            #expect(huge?.code == .invalidParameter)
            #expect(huge?.message.contains("take 4294967296") == true)
            // Once the round is over every move is refused as game over.
            try game.play("1-3")
            try game.play("3-5")
            #expect(game.state.isRoundOver)
            #expect(try game.checkMove(NimMove(row: 0, take: 1)) == .gameOver)
        }

        @Test func notationPlaysAndBadNotationThrows() throws {
            let game = try NimGame()
            try game.play("3-2")
            #expect(game.state.rows == [3, 4, 3])
            #expect(game.history == [NimMove(row: 2, take: 2)])
            #expect(NimMove(row: 2, take: 2).description == "3-2")
            let before = game.state
            for bad in ["", "3", "x-2", "0-1", "3-", "3-2-1"] {
                #expect(thrown { try game.play(bad) }?.code == .invalidParameter, "\(bad)")
            }
            #expect(thrown { try game.play("3-9") }?.code == .illegalMove)
            #expect(game.state == before)
        }

        @Test func badOptionsAndSavesThrow() throws {
            #expect(thrown { try NimGame(rows: []) }?.code == .invalidParameter)
            #expect(thrown { try NimGame(rounds: 0) }?.code == .invalidParameter)
            #expect(thrown { try NimGame(saved: Array("not a save".utf8)) }?.code == .invalidData)
            #expect(thrown { try NimGame(saved: []) }?.code == .invalidData)
            let game = try NimGame()
            try game.play("1-1")
            let saved = text(try game.save())
            let future = saved.replacingOccurrences(of: "\"version\":", with: "\"version\":9")
            #expect(thrown { try NimGame(saved: Array(future.utf8)) }?.code == .unsupportedVersion)
        }

        @Test func analysisUndoRedoAndMatch() throws {
            let game = try NimGame(rounds: 3)
            let (wins, winning) = try game.analyze()
            #expect(wins)
            #expect(winning == [NimMove(row: 0, take: 2)])
            try game.play(winning[0])
            try game.undo()
            #expect(game.state.rows == [3, 4, 5])
            try game.redo()
            #expect(game.state.rows == [1, 4, 5])
            while !game.state.isRoundOver { try game.play(game.aiMove(level: .hard)) }
            #expect(game.state.roundWinner == .first)
            #expect(game.state.points == (first: 1, second: 0))
            try game.nextRound()
            #expect(game.state.round == 1)
            #expect(game.state.toMove == .second)
            #expect(game.state.matchResult == .playing)
        }
    }
}
