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
    }
}
