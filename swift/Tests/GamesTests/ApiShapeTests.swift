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
    }
}
