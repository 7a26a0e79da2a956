import Testing

@testable import Games

extension AllGames {
    @Suite struct BackgammonTests {
        /// The seeded game of `examples/rust/tests/swift_fixtures.rs`.
        @Test func seededGameMatchesRust() throws {
            let expected = try fixture("backgammon")
            let game = try BackgammonGame(seed: 7)
            var moves: [String] = []
            while !game.state.isOver {
                if game.state.dice == nil {
                    let roll = try game.roll()
                    if roll.passed {
                        moves.append("\(roll.die1)\(roll.die2): pass")
                        continue
                    }
                }
                let (d1, d2) = try #require(game.state.dice)
                let level: BackgammonLevel = game.state.toMove == .first ? .hard : .normal
                let play = try game.aiMove(level: level)
                moves.append("\(d1)\(d2): \(play)")
                try game.play(play)
            }
            #expect(moves == expected.moves)
            #expect(name(game.state.winner) == expected.winner)
            #expect(game.state.win.map { "\($0)" } == expected.result)
            let saved = try game.save()
            #expect(text(saved) == expected.save)
            let loaded = try BackgammonGame(saved: saved)
            #expect(try loaded.save() == saved)
            #expect(loaded.state == game.state)
        }

        @Test func illegalPlaysThrowAndChangeNothing() throws {
            let game = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            // The first player opens with 3-1.
            #expect(game.state.dice! == (3, 1))
            let before = game.state
            let error = thrown { try game.play("24/18") }
            #expect(error?.code == .illegalMove)
            #expect(error?.message.isEmpty == false)
            #expect(game.lastRefusal == .illegalPlay)
            #expect(thrown { try game.play("hello") }?.code == .invalidParameter)
            #expect(game.lastRefusal == .badNotation)
            #expect(thrown { try game.play(BackgammonPlay(steps: [BackgammonStep(from: 30, to: 27)])) } != nil)
            #expect(thrown { try game.roll() }?.code == .wrongPhase)
            #expect(game.lastRefusal == .diceAlreadyRolled)
            #expect(game.state == before)
            try game.play("8/5 6/5")
            #expect(game.state.toMove == .second)
        }

        @Test func stepByStepAndUndo() throws {
            let game = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            #expect(game.movableCheckers.contains(8))
            #expect(game.destinations(from: 8) .contains(5))
            let step = try game.step(from: 8, to: 5)
            #expect(step == BackgammonStep(from: 8, to: 5, hit: false))
            #expect(game.state.stepsMade == 1)
            try game.undoStep()
            #expect(game.state.stepsMade == 0)
            try game.step(from: 8, to: 5)
            try game.step(from: 6, to: 5)
            #expect(game.state.turnComplete)
            try game.commitTurn()
            #expect(game.state.toMove == .second)
            #expect(game.board.first[5] == 2)
        }

        @Test func positionsFromIDs() throws {
            let start = try BackgammonGame(positionID: "4HPwATDgc/ABMA", playerOnRoll: .first)
            #expect(start.positionID == "4HPwATDgc/ABMA")
            #expect(start.state.pipsFirst == 167 && start.state.pipsSecond == 167)
            #expect(thrown { try BackgammonGame(positionID: "not an id", playerOnRoll: .first) }?.code == .invalidParameter)
            #expect(thrown { try BackgammonGame(xgid: "XGID=nonsense", playerOnRoll: .first) }?.code == .invalidParameter)
        }

        @Test func badSavesThrow() throws {
            #expect(thrown { try BackgammonGame(saved: Array("{\"version\":1}".utf8)) }?.code == .invalidData)
            let saved = text(try BackgammonGame(seed: 1).save())
            let future = saved.replacingOccurrences(of: "\"version\":", with: "\"version\":9")
            #expect(thrown { try BackgammonGame(saved: Array(future.utf8)) }?.code == .unsupportedVersion)
        }
    }
}
