import Foundation
import Testing

@testable import Games

/// A game the Rust crates played (`examples/rust/tests/swift_fixtures.rs`).
struct Fixture: Decodable {
    let scenario: String
    let moves: [String]
    let save: String
    let winner: String?
    let score: UInt64?
    let points: [Int]?
    let result: String?
    let turns: Int?
}

func fixture(_ game: String) throws -> Fixture {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/\(game).json")
    return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
}

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

func name(_ player: Player?) -> String {
    switch player {
    case .first: "first"
    case .second: "second"
    case nil: "nobody"
    }
}

/// Runs `body` and returns the `GamesError` it threw (nil if it threw none).
/// Any other error comes back with code 0 and its description, so the
/// test that expected a `GamesError` fails.
func thrown<R>(_ body: () throws -> R) -> GamesError? {
    do {
        _ = try body()
        return nil
    } catch let error as GamesError {
        return error
    } catch {
        return GamesError(code: .init(rawValue: 0), message: "not a GamesError: \(error)")
    }
}

/// Runs `body` as a plain, not `async`, function: inside it a call that has
/// a blocking and an `async` overload (`aiMove`, `hint`) picks the blocking
/// one, which an `async` test function would not.
func blocking<R>(_ body: () throws -> R) rethrows -> R { try body() }

/// Every suite of the package, one test at a time: the leak check
/// (`CommonTests.aThousandGamesLeaveNoHandleBehind`) counts the live C
/// handles of the whole process, so no other suite may make or free a game
/// while it runs. `.serialized` applies to the suites nested here.
@Suite(.serialized) struct AllGames {}


/// The Games library's source files by name, each as its lines with the
/// indentation trimmed, for the tests that read the declarations.
func librarySources() throws -> [(file: String, lines: [String])] {
    let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Games")
        .standardized
    return try FileManager.default.contentsOfDirectory(atPath: sources.path)
        .filter { $0.hasSuffix(".swift") }
        .sorted()
        .map { file in
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return (file, lines)
        }
}
