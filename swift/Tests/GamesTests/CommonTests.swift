import Foundation
import Testing

@testable import Games

extension AllGames {
    /// The leak check counts every live handle of the process: `AllGames`
    /// (Support.swift) runs all the suites one test at a time.
    @Suite struct CommonTests {
        @Test func libraryMatchesTheHeader() {
            #expect(libraryMatchesHeader)
            #expect(libraryVersion.split(separator: ".").count == 3)
        }

        /// The runtime ABI check: a library of another ABI version than the
        /// header's is refused, with both versions in the message, before any
        /// game is made on it (the wrapper only reported it in
        /// `libraryMatchesHeader`; a game made on such a library was played).
        @Test func aLibraryOfAnotherABIIsRefused() {
            #expect(abiMismatch() == nil)
            #expect(abiMismatch(library: headerABIVersion) == nil)
            for other in [0, headerABIVersion - 1, headerABIVersion + 1, .max] {
                let error = abiMismatch(library: other)
                #expect(error?.code == .unsupportedVersion)
                #expect(error?.message.contains("ABI \(other)") == true)
                #expect(error?.message.contains("ABI \(headerABIVersion)") == true)
            }
        }

        /// "Docs on every public item": every `public` declaration of the
        /// Games module, and every case of its enums, has a `///` comment of
        /// its own right above it (attributes may come between). The game
        /// classes had none: their comments had slid onto the refusal enums
        /// declared above them.
        @Test func everyPublicItemHasItsOwnDocComment() throws {
            let sources = try librarySources()
            #expect(sources.count == 5)
            var missing: [String] = []
            for (file, lines) in sources {
                for (index, line) in lines.enumerated() {
                    let declaration = line.hasPrefix("public ") || line.contains(" public ")
                        && line.hasPrefix("@")
                    let enumCase = line.hasPrefix("case ") && !line.contains(":")
                    guard declaration || enumCase else { continue }
                    var above = index - 1
                    while above >= 0 && lines[above].hasPrefix("@") { above -= 1 }
                    if above < 0 || !lines[above].hasPrefix("///") {
                        missing.append("\(file):\(index + 1): \(line)")
                    }
                }
            }
            #expect(missing.isEmpty, "undocumented: \(missing)")
        }

        @Test func errorCodesCarryTheLibrarySentence() {
            #expect(GamesError.Code.illegalMove.rawValue == 3)
            #expect(GamesError.Code.illegalMove.description == "that move is not legal here")
            #expect(GamesError.Code(rawValue: 9999).description.isEmpty == false)
        }

        /// C reads text up to its first NUL, so a Swift string with one
        /// ("3-2\0junk") reached the library as the move before it and was
        /// played. Every text input of the four games refuses it instead,
        /// and the game is unchanged.
        @Test func textWithANULCharacterIsRefused() throws {
            let nim = try NimGame()
            let nimBefore = nim.state
            let nimError = thrown { try nim.play("3-2\0junk") }
            #expect(nimError?.code == .invalidParameter)
            #expect(nimError?.message.contains("NUL") == true)
            #expect(nim.state == nimBefore)

            let dots = try TimbiricheGame()
            #expect(thrown { try dots.play("a1-b1\0junk") }?.code == .invalidParameter)
            #expect(thrown { try dots.line("a1-b1\0") }?.code == .invalidParameter)
            #expect(dots.state.linesDrawn == 0)

            let gammon = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            let gammonBefore = gammon.state
            #expect(thrown { try gammon.play("8/5 6/5\0junk") }?.code == .invalidParameter)
            #expect(gammon.state == gammonBefore)
            let id = gammon.positionID, xgid = gammon.xgid
            #expect(
                thrown { try BackgammonGame(positionID: id + "\0zz", playerOnRoll: .first) }?.code
                    == .invalidParameter)
            #expect(thrown { try BackgammonGame(xgid: xgid + "\0", playerOnRoll: .first) }?.code == .invalidParameter)
            _ = try BackgammonGame(positionID: id, playerOnRoll: .first)
            _ = try BackgammonGame(xgid: xgid, playerOnRoll: .first)

            let lines = try CanicasGame(deal: 1)
            let move = try #require(lines.legalMoves.first)
            let moveText = try lines.text(of: move)
            #expect(thrown { try lines.play(moveText + "\0junk") }?.code == .invalidParameter)
            #expect(thrown { try lines.move(moveText + "\0") }?.code == .invalidParameter)
            #expect(lines.state.moves == 0)
            // The same texts without the NUL are moves.
            try nim.play("3-2")
            try dots.play("a1-b1")
            try gammon.play("8/5 6/5")
            try lines.play(moveText)
        }

        /// "a thousand games created and dropped leave no handle behind": every
        /// handle the wrapper makes (games, copies, loads, tokens) is freed in
        /// `deinit`, counted on the Swift side around each C `_new` and `_free`.
        @Test func aThousandGamesLeaveNoHandleBehind() throws {
            let before = LiveHandles.current
            for round in 0..<250 {
                let nim = try NimGame(seed: UInt64(round))
                try nim.play(nim.aiMove(level: .hard))
                _ = try NimGame(saved: nim.save())
                let dots = try TimbiricheGame()
                try dots.play(dots.aiMove(level: .medium))
                _ = try dots.copy()
                let gammon = try BackgammonGame(seed: UInt64(round))
                try gammon.play(gammon.aiMove(level: .normal))
                let lines = try CanicasGame(deal: UInt64(round))
                _ = try lines.copy()
                _ = CancelToken()
                // Failed creations make no handle.
                _ = try? NimGame(saved: [1, 2, 3])
            }
            #expect(LiveHandles.current == before)
        }

        /// A game shared by several tasks: the wrapper lets one call in at a
        /// time, so concurrent calls wait for each other and never race (the C
        /// library would answer a second thread inside a handle with an error).
        @Test func aSharedGameIsUsedOneCallAtATime() async throws {
            let game = try TimbiricheGame()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    while !game.state.isOver {
                        let line = try game.aiMove(level: .hard)
                        // Another task may have drawn it in the meantime.
                        _ = try? game.play(line)
                    }
                }
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<200 {
                            let state = game.state
                            #expect(state.linesDrawn <= state.linesTotal)
                            _ = game.legalLines
                            _ = try game.save()
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(game.state.isOver)
            #expect(game.state.pointsFirst + game.state.pointsSecond == 9)
        }

        /// An `async` search that runs until `token` stops it (the empty 5×5
        /// board at Hard with no node or time limit would search for hours),
        /// started 300 ms before this returns.
        private func longSearch(
            _ token: CancelToken
        ) async throws -> (TimbiricheGame, Task<TimbiricheLine, any Error>) {
            var options = TimbiricheOptions()
            options.rows = 5
            options.cols = 5
            let game = try TimbiricheGame(options)
            let search = Task { try await game.aiMove(level: .hard, budget: Budget(nodes: .max), cancel: token) }
            try await Task.sleep(for: .milliseconds(300))
            return (game, search)
        }

        /// A long AI search stops when its task is cancelled: the empty 5×5
        /// board at Hard with no node or time limit would search for hours.
        @Test func cancellingTheTaskStopsALongSearch() async throws {
            let token = CancelToken()
            let (game, search) = try await longSearch(token)
            search.cancel()
            let line = try await search.value
            #expect(token.isCancelled)
            #expect(game.legalLines.contains(line))
        }

        /// An `async` search runs on a copy of the game, so the game stays
        /// free while it runs: the empty 5×5 board at Hard with no node limit
        /// searches until it is cancelled, and `state`, `save()`, a copy and
        /// the legal lines are read meanwhile. The search used to hold the
        /// game, so each read waited for it to end; here a watchdog would
        /// then cancel the search after a minute, and the token would say so.
        @Test func anAsyncSearchLeavesTheGameFreeWhileItRuns() async throws {
            let token = CancelToken()
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread { [weak token] in
                if done.wait(timeout: .now() + 60) == .timedOut { token?.cancel() }
            }
            let (game, search) = try await longSearch(token)
            let before = try game.save()
            #expect(game.state.linesDrawn == 0)
            #expect(game.legalLines.count == 60)
            #expect(try game.copy().save() == before)
            #expect(!token.isCancelled, "a read waited for the search")
            search.cancel()
            let line = try await search.value
            done.signal()
            #expect(game.legalLines.contains(line))
            #expect(game.state.linesDrawn == 0)
        }

        /// A move played while an `async` search runs is kept: the search's
        /// copy is then out of date, so it is dropped and the search starts
        /// again on a copy of the game as it is, and answers a line legal there.
        /// (Keeping the copy would have undone the move.)
        @Test func aMovePlayedDuringAnAsyncSearchIsKept() async throws {
            let token = CancelToken()
            let (game, search) = try await longSearch(token)
            let played = try #require(game.legalLines.first)
            _ = try game.play(played)
            token.cancel()
            let line = try await search.value
            #expect(game.state.linesDrawn == 1)
            #expect(!game.legalLines.contains(played))
            #expect(game.legalLines.contains(line))
        }

        /// The `async` AI and the blocking one play the same game: the game
        /// takes the generator of the copy the search ran on, so Easy's
        /// seeded choices (backgammon) and the rolls that follow are the
        /// same. Searching on a copy without taking it back would repeat the
        /// first choice's random draws at every turn.
        @Test func asyncAndBlockingAIPlayTheSameGame() async throws {
            let waited = try BackgammonGame(seed: 11)
            let background = try BackgammonGame(seed: 11)
            var plays: [String] = []
            var turns = 0
            while !waited.state.isOver && turns < 60 {
                turns += 1
                if waited.state.dice == nil {
                    let rolled = try waited.roll()
                    let again = try background.roll()
                    #expect(rolled == again)
                    if rolled.passed { continue }
                }
                let play = try blocking { try waited.aiMove(level: .easy) }
                let other = try await background.aiMove(level: .easy)
                #expect(play == other, "turn \(turns)")
                try waited.play(play)
                try background.play(other)
                plays.append(play.description)
            }
            #expect(plays.count > 20)
            #expect(try waited.save() == background.save())
        }

        /// A budget of 0 nodes or 0 milliseconds is the smallest search. The
        /// C API reads a 0 field as "no limit", and the wrapper passed it on:
        /// the empty 5×5 board at Hard then searched until the token stopped
        /// it (it would have run for hours).
        @Test func aZeroBudgetIsTheSmallestSearch() throws {
            var options = TimbiricheOptions()
            options.rows = 5
            options.cols = 5
            let game = try TimbiricheGame(options)
            let budgets = [
                Budget(nodes: 0), Budget(milliseconds: 0), Budget(nodes: 0, milliseconds: 0),
                Budget(nodes: 0, milliseconds: 60_000), Budget(nodes: 1_000_000_000_000, milliseconds: 0),
            ]
            for budget in budgets {
                let token = CancelToken()
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: 5)
                    token.cancel()
                }
                let line = try game.aiMove(level: .hard, budget: budget, cancel: token)
                #expect(!token.isCancelled, "\(budget) searched until it was cancelled")
                #expect(game.legalLines.contains(line))
            }
        }

        /// The same from another thread, through the token alone.
        @Test func aTokenSetFromAnotherThreadStopsASearch() throws {
            var options = TimbiricheOptions()
            options.rows = 5
            options.cols = 5
            let game = try TimbiricheGame(options)
            let token = CancelToken()
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.3)
                token.cancel()
            }
            let line = try game.aiMove(level: .hard, budget: Budget(nodes: .max), cancel: token)
            #expect(token.isCancelled)
            #expect(game.legalLines.contains(line))
            token.reset()
            #expect(!token.isCancelled)
        }
    }
}
