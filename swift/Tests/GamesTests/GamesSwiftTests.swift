import Foundation
import Testing

extension AllGames {
    /// The `games-swift` player, run as a user runs it (it is built beside
    /// the tests by `swift build --build-tests`).
    @Suite struct GamesSwiftTests {
        /// Runs `games-swift` with `arguments`: its exit status, output and
        /// error output.
        func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
            // The products directory: the test executable's on Linux, the
            // .xctest bundle's on macOS (where a helper runs the tests).
            var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            #if os(macOS)
                directories += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
                    .map { $0.bundleURL.deletingLastPathComponent() }
            #endif
            let candidates = directories.map { $0.appendingPathComponent("games-swift") }
            let binary = try #require(
                candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                "no games-swift among \(candidates.map(\.path))")
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            let errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationStatus, String(decoding: outData, as: UTF8.self),
                String(decoding: errData, as: UTF8.self)
            )
        }

        /// A seed that is not a number was dropped for seed 1 without a
        /// word: `games-swift nim seven` played (and printed) the game of
        /// seed 1. It is refused with the usage, on the error output, and
        /// status 2, as an unknown game is.
        @Test func aSeedThatIsNotANumberIsRefused() throws {
            for bad in [["nim", "seven"], ["backgammon", "-3"], ["canicas", ""], ["nim", "1", "extra"]] {
                let result = try run(bad)
                #expect(result.status == 2, "\(bad): \(result)")
                #expect(result.out.isEmpty, "\(bad): \(result)")
                #expect(result.err.contains("usage: games-swift"), "\(bad): \(result)")
            }
            let unknown = try run(["chess"])
            #expect(unknown.status == 2 && unknown.err.contains("usage: games-swift") && unknown.out.isEmpty)
            let played = try run(["nim", "7"])
            #expect(played.status == 0, "\(played)")
            #expect(played.out.contains("seed 7"))
            #expect(played.err.isEmpty)
        }
    }
}
