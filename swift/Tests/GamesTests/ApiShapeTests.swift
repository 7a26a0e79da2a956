import Foundation
import Testing

@testable import Games

extension AllGames {
    /// What a studio shipping the Swift layer relies on beyond each call
    /// working: errors that read well wherever an `Error` is shown, values
    /// it can store, and saves that bring a game back mid-way.
    @Suite struct ApiShapeTests {
        /// A host shows errors with `localizedDescription` (alerts, logs,
        /// `Text(error.localizedDescription)`). For a plain `Error` struct
        /// Foundation writes "The operation could not be completed.
        /// (Games.GamesError error 1.)" and the engine's reason is lost.
        @Test func aGamesErrorDescribesItselfAsAnError() throws {
            let game = try NimGame()
            let error = try #require(thrown { try game.play(NimMove(row: 0, take: 9)) })
            let asError: any Error = error
            #expect(asError.localizedDescription == error.message)
            #expect((asError as? any LocalizedError)?.errorDescription == error.message)
            #expect((asError as NSError).localizedDescription == error.message)
            #expect(error.message.isEmpty == false)
        }

        /// include/games.h on the destinations call: "a `from` above 25 gives
        /// `GAMES_RESULT_INVALID_PARAMETER`". The wrapper answered such a
        /// point (and a negative one) with no destinations, the answer for a
        /// checker that may not move, so a host could not tell a bug in its
        /// point numbers from a blocked checker.
        @Test func destinationsOfAPointThatDoesNotExistThrow() throws {
            let game = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            #expect(try game.destinations(from: 8).contains(5))
            #expect(try game.destinations(from: BackgammonStep.bar).isEmpty)
            #expect(try game.destinations(from: 1).isEmpty)
            #expect(try game.destinations(from: BackgammonStep.off).isEmpty)
            for bad in [26, 255, -1, Int(UInt32.max) + 1] {
                let error = thrown { try game.destinations(from: bad) }
                #expect(error?.code == .invalidParameter)
                #expect(error?.message.contains("\(bad)") == true, "\(String(describing: error))")
            }
        }

        /// Moves, players and settings are values a host stores (a replay
        /// list, the last settings, a puzzle board): they are `Codable`, and
        /// the enums encode as their names.
        @Test func movesPlayersAndSettingsAreCodable() throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            func roundTrip<T: Codable & Equatable>(_ value: T) throws -> String {
                let data = try encoder.encode(value)
                #expect(try JSONDecoder().decode(T.self, from: data) == value)
                return String(decoding: data, as: UTF8.self)
            }

            #expect(try roundTrip(Player.second) == "\"second\"")
            #expect(try roundTrip(NimMove(row: 2, take: 2)) == #"{"row":2,"take":2}"#)
            #expect(try roundTrip(NimRule.misere) == "\"misere\"")
            #expect(try roundTrip(NimLevel.hard) == "\"hard\"")
            let line = TimbiricheLine(.vertical, row: 1, col: 2)
            #expect(try roundTrip(line) == #"{"col":2,"orientation":"vertical","row":1}"#)
            var options = TimbiricheOptions()
            options.values = .explicit([1, 2, 3, 1, 2, 3, 1, 2, 3])
            options.start = .alternating
            options.games = 3
            _ = try roundTrip(options)
            #expect(try roundTrip(TimbiricheLevel.medium) == "\"medium\"")
            let play = BackgammonPlay(steps: [BackgammonStep(from: 8, to: 5), BackgammonStep(from: 6, to: 5)])
            #expect(
                try roundTrip(play)
                    == #"{"steps":[{"from":8,"hit":false,"to":5},{"from":6,"hit":false,"to":5}]}"#)
            #expect(try roundTrip(BackgammonLevel.easy) == "\"easy\"")
            _ = try roundTrip(BackgammonTurn(player: .first, die1: 3, die2: 1, passed: false, play: "8/5 6/5"))
            #expect(try roundTrip(CanicasMove(from: 40, to: 0)) == #"{"from":40,"to":0}"#)
            _ = try roundTrip(CanicasRules.four)
            _ = try roundTrip(Budget(nodes: 100))
            _ = try roundTrip(CanicasCells(size: 2, cells: [0, 1, 2, 0]))

            // What was stored plays: a decoded move is the move.
            let game = try NimGame()
            let stored = try encoder.encode([NimMove(row: 2, take: 2)])
            for move in try JSONDecoder().decode([NimMove].self, from: stored) { try game.play(move) }
            #expect(game.state.rows == [3, 4, 3])
            let dots = try TimbiricheGame(JSONDecoder().decode(TimbiricheOptions.self, from: encoder.encode(options)))
            #expect(dots.boxValues == [1, 2, 3, 1, 2, 3, 1, 2, 3])
            #expect(dots.state.games == 3)
        }
    }
}
