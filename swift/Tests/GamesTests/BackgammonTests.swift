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
            #expect(try game.destinations(from: 8).contains(5))
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

        @Test func legalPlaysOfTheOpeningThreeOneByIndex() throws {
            let game = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            // 3-1 from the start has 16 plays with distinct results.
            #expect(game.legalPlayCount == 16)
            let plays = game.legalPlays
            #expect(plays.count == 16)
            var notations: [String] = []
            var ids: [String] = []
            for index in 0..<16 {
                let play = try game.legalPlay(at: index)
                #expect(play == plays[index])
                #expect(play.steps.count == 2)
                let notation = try game.legalPlayNotation(at: index)
                #expect(notation == play.description)
                notations.append(notation)
                // The Position ID after the play is the one the game shows
                // once it is played (the opponent on roll).
                let id = try game.legalPlayPositionID(at: index)
                #expect(id.count == 14)
                let copy = try game.copy()
                try copy.play(play)
                #expect(copy.positionID == id)
                ids.append(id)
            }
            #expect(Set(notations).count == 16)
            #expect(Set(ids).count == 16)
            #expect(notations.contains("8/5 6/5"))
            #expect(notations.contains("24/21 24/23") || notations.contains("24/23 24/21"))
            // Indexes past the plays are refused, naming the index.
            let past = thrown { try game.legalPlay(at: 16) }
            #expect(past?.code == .invalidParameter)
            #expect(past?.message == "legal play 16 does not exist: the plays are numbered 0 to 15")
            #expect(thrown { try game.legalPlayNotation(at: 99) }?.code == .invalidParameter)
            #expect(thrown { try game.legalPlayPositionID(at: 16) }?.code == .invalidParameter)
            let negative = thrown { try game.legalPlay(at: -1) }
            #expect(negative?.code == .invalidParameter)
            #expect(negative?.message.contains("legal play -1") == true)
            // Without dice there is no play.
            try game.play("8/5 6/5")
            #expect(game.legalPlayCount == 0)
            #expect(thrown { try game.legalPlay(at: 0) }?.message == "legal play 0 does not exist: there are no legal plays now")
        }

        @Test func theCheckerReachingATappedPoint() throws {
            let game = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            // With 3-1 from the start: 21 and 23 only from 24, 10 only from
            // 13, 7 only from 8; 5 from 8 or 6 (several), 1 from none.
            #expect(try game.checker(reaching: 21) == 24)
            #expect(try game.checker(reaching: 23) == 24)
            #expect(try game.checker(reaching: 10) == 13)
            #expect(try game.checker(reaching: 7) == 8)
            #expect(try game.checker(reaching: 5) == nil)
            #expect(try game.checker(reaching: 1) == nil)
            #expect(try game.checker(reaching: BackgammonStep.off) == nil)
            for bad in [25, -1] {
                let error = thrown { try game.checker(reaching: bad) }
                #expect(error?.code == .invalidParameter)
                #expect(error?.message.contains("point \(bad)") == true)
            }
            // After 8/5 only the 1 is left: 5 is now reachable from 6 alone.
            try game.step(from: 8, to: 5)
            #expect(try game.checker(reaching: 5) == 6)
            #expect(try game.checker(reaching: 21) == nil)
        }

        @Test func historyListsEveryCommittedTurn() throws {
            let game = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            #expect(game.history.isEmpty)
            try game.play("8/5 6/5")
            #expect(game.history == [BackgammonTurn(player: .first, die1: 3, die2: 1, passed: false, play: "8/5 6/5")])
            var expected = game.history
            for _ in 0..<6 {
                let player = try #require(game.state.toMove)
                let roll = try game.roll()
                if roll.passed {
                    expected.append(BackgammonTurn(player: player, die1: roll.die1, die2: roll.die2, passed: true, play: ""))
                    continue
                }
                let play = try game.aiMove(level: .normal)
                try game.play(play)
                expected.append(BackgammonTurn(player: player, die1: roll.die1, die2: roll.die2, passed: false, play: play.description))
            }
            #expect(game.history == expected)
            #expect(game.history.count == game.state.turnsPlayed)
            #expect(game.history.map(\.player) == [.first, .second, .first, .second, .first, .second, .first])
            // Steps of the turn in progress are not history yet.
            let roll = try game.roll()
            if !roll.passed, let from = game.movableCheckers.first, let to = try game.destinations(from: from).first {
                try game.step(from: from, to: to)
            }
            #expect(game.history == expected)
            // A loaded game has the same history.
            #expect(try BackgammonGame(saved: game.save()).history == expected)
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
