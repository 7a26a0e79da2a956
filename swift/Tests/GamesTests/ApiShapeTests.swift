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
            // Bridged to NSError (logs, crash reporters), the code is the
            // games_result number, not Swift's placeholder 1.
            #expect((asError as NSError).code == 3)
            #expect((asError as NSError).domain == "Games.GamesError")
            let overError = try #require(thrown { try NimGame(rows: [1]).undo() })
            #expect((overError as NSError).code == Int(GamesError.Code.nothingToUndo.rawValue))
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
            #expect(
                try roundTrip(options)
                    == #"{"cols":3,"games":3,"misere":false,"rows":3,"seed":1,"start":"alternating","#
                    + #""values":{"kind":"explicit","values":[1,2,3,1,2,3,1,2,3]}}"#)
            #expect(try roundTrip(TimbiricheOptions.Values.standard) == #"{"kind":"standard"}"#)
            #expect(try roundTrip(TimbiricheOptions.Values.seeded(7)) == #"{"kind":"seeded","seed":7}"#)
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(TimbiricheOptions.Values.self, from: Data(#"{"kind":"random"}"#.utf8))
            }
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
            // Settings stored by hand or before a field existed: the missing
            // fields keep their defaults.
            let partial = try JSONDecoder().decode(TimbiricheOptions.self, from: Data(#"{"rows":5,"cols":4}"#.utf8))
            var expected = TimbiricheOptions()
            expected.rows = 5
            expected.cols = 4
            #expect(partial == expected)
            #expect(try JSONDecoder().decode(TimbiricheOptions.self, from: Data("{}".utf8)) == TimbiricheOptions())
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(TimbiricheOptions.self, from: Data(#"{"rows":"five"}"#.utf8))
            }
        }

        /// Spec: "save/load through serde with a format version" and "the
        /// same seed and the same inputs give the same game and the same AI
        /// moves". From Swift, for each game, a save taken in the middle (a
        /// later round, a hint taken, dice rolled, an undo) loads to the same
        /// state, and the two games then play on alike: the same AI moves,
        /// dice and arrivals, and the same bytes at the end.
        @Test func aGameSavedMidwayPlaysOnAsTheOriginal() throws {
            // Nim: the second round of three, two moves in, one undone.
            let nim = try NimGame(rows: [2, 3, 4], rounds: 3, seed: 11)
            while !nim.state.isRoundOver { try nim.play(nim.aiMove(level: .medium)) }
            try nim.nextRound()
            try nim.play(nim.aiMove(level: .easy))
            try nim.play(nim.aiMove(level: .easy))
            try nim.undo()
            let nimAgain = try NimGame(saved: nim.save())
            #expect(nimAgain.state.rows == nim.state.rows && nimAgain.state.round == 1)
            #expect(nimAgain.state.points == nim.state.points)
            for game in [nim, nimAgain] {
                while game.state.matchResult == .playing {
                    if game.state.isRoundOver { try game.nextRound() }
                    try game.play(game.aiMove(level: .medium))
                }
            }
            #expect(try nimAgain.save() == nim.save())
            #expect(nimAgain.history == nim.history)

            // Dots and boxes: the second game of a match, a hint taken.
            var options = TimbiricheOptions()
            options.games = 3
            options.start = .alternating
            options.seed = 5
            let dots = try TimbiricheGame(options)
            while !dots.state.isOver { try dots.play(dots.aiMove(level: .medium)) }
            try dots.nextGame()
            try dots.play(dots.aiMove(level: .easy))
            _ = try dots.hint(budget: Budget(nodes: 1_000))
            let dotsAgain = try TimbiricheGame(saved: dots.save())
            #expect(dotsAgain.state == dots.state)
            #expect(dotsAgain.drawnLines == dots.drawnLines)
            for game in [dots, dotsAgain] {
                while !game.state.isOver { try game.play(game.aiMove(level: .easy)) }
            }
            #expect(try dotsAgain.save() == dots.save())
            #expect(dotsAgain.state == dots.state)

            // Backgammon: a few turns, then the dice of the next one rolled.
            let gammon = try BackgammonGame(seed: 9)
            for _ in 0..<6 {
                if gammon.state.dice == nil, try gammon.roll().passed { continue }
                try gammon.play(gammon.aiMove(level: .easy))
            }
            if gammon.state.dice == nil { try gammon.roll() }
            let gammonAgain = try BackgammonGame(saved: gammon.save())
            #expect(gammonAgain.state == gammon.state)
            #expect(gammonAgain.positionID == gammon.positionID && gammonAgain.xgid == gammon.xgid)
            for game in [gammon, gammonAgain] {
                for _ in 0..<20 where !game.state.isOver {
                    if game.state.dice == nil, try game.roll().passed { continue }
                    try game.play(game.aiMove(level: .easy))
                }
            }
            #expect(gammonAgain.history == gammon.history)
            #expect(try gammonAgain.save() == gammon.save())

            // Color Lines: some moves, the last one taken back.
            let lines = try CanicasGame(deal: 4)
            for _ in 0..<5 { try lines.play(lines.hint(budget: Budget(nodes: 50))) }
            try lines.undo()
            let linesAgain = try CanicasGame(saved: lines.save())
            #expect(linesAgain.state == lines.state)
            for game in [lines, linesAgain] {
                for _ in 0..<10 where !game.state.isOver {
                    try game.play(game.hint(budget: Budget(nodes: 50)))
                }
            }
            #expect(linesAgain.state == lines.state)
            #expect(linesAgain.movesPlayed == lines.movesPlayed)
            #expect(try linesAgain.save() == lines.save())
        }

        /// include/games.h: "A game that is not over (`game_over` not set)
        /// gives `GAMES_RESULT_WRONG_PHASE` and records nothing." The records
        /// handle keeps no last error, and the wrapper threw the code's
        /// sentence alone, "that call does not fit this point of the game",
        /// which does not say what is wrong.
        @Test func recordingAGameNotOverSaysWhy() throws {
            let records = try CanicasRecords()
            let game = try CanicasGame(deal: 1)
            let error = thrown { try records.finish(game, elapsedMilliseconds: 5) }
            #expect(error?.code == .wrongPhase)
            #expect(error?.message == "the game is not over: only a finished game is recorded")
            #expect(try records.best(.five) == nil)
        }

        /// Every public call that throws says in its doc comment what it
        /// throws (a host reads the comment to know which `GamesError`
        /// codes to handle): the comment of each `public` function or
        /// initialiser declared `throws` has "throw" in it. `copy()`,
        /// `undo()`, `commitTurn()`, the AI moves, `save()` and others said
        /// nothing.
        @Test func everyThrowingCallSaysWhatItThrows() throws {
            var silent: [String] = []
            for (file, lines) in try librarySources() {
                for (index, line) in lines.enumerated() {
                    let isCall = line.hasPrefix("public ")
                        && (line.contains(" func ") || line.contains(" init(") || line.hasPrefix("public init"))
                    guard isCall else { continue }
                    // The signature runs to its opening brace.
                    var end = index
                    while end < lines.count - 1 && !lines[end].contains("{") { end += 1 }
                    let signature = lines[index...end].joined(separator: " ")
                    guard let brace = signature.firstIndex(of: "{"),
                        signature[..<brace].contains("throws")
                    else { continue }
                    var above = index - 1
                    while above >= 0 && lines[above].hasPrefix("@") { above -= 1 }
                    var comment: [String] = []
                    while above >= 0 && lines[above].hasPrefix("///") {
                        comment.append(lines[above])
                        above -= 1
                    }
                    if !comment.joined(separator: " ").lowercased().contains("throw") {
                        silent.append("\(file):\(index + 1): \(line)")
                    }
                }
            }
            #expect(silent.isEmpty, "says nothing of what it throws: \(silent)")
        }

        /// The calls that do not count as changes of the game only read it:
        /// every C function called inside a `handle.read { }` or
        /// `handle.get { }` closure of the library that takes a game handle
        /// takes it `const` in include/games.h, or its comment there says the
        /// game is not changed and only the last error is written. An `async`
        /// AI search keeps its copy of the game only if no counted call
        /// (`handle.with`) ran meanwhile, so a change made through `read` or
        /// `get` would be lost.
        @Test func readsAndGetsCallOnlyConstFunctions() throws {
            let header = try String(
                contentsOf: URL(fileURLWithPath: #filePath)
                    .deletingLastPathComponent()
                    .appendingPathComponent("../../../include/games.h")
                    .standardized,
                encoding: .utf8)
            var checked = 0
            var changing: [String] = []
            for (file, lines) in try librarySources() {
                let text = Array(lines.joined(separator: "\n"))
                let openers = ["handle.read {", "handle.get {"].map(Array.init)
                var index = 0
                while index < text.count {
                    guard let opener = openers.first(where: { text[index...].starts(with: $0) }) else {
                        index += 1
                        continue
                    }
                    // The closure runs to its matching brace.
                    var end = index + opener.count
                    var depth = 1
                    while depth > 0 && end < text.count {
                        if text[end] == "{" { depth += 1 }
                        if text[end] == "}" { depth -= 1 }
                        end += 1
                    }
                    let body = String(text[index..<end])
                    for match in body.matches(of: /\b(games_[a-z0-9_]+)\(/) {
                        let name = String(match.1)
                        // A C struct's initialiser, not a function.
                        if header.contains("} \(name);") { continue }
                        // `copy()` hands `_free` to the new handle it makes
                        // from a `_clone`; it is not called on this one.
                        if name.hasSuffix("_free") { continue }
                        let declaration = try #require(
                            header.firstRange(of: "\(name)(").map { header[$0.upperBound...] },
                            "\(name) is not in the header")
                        let first = declaration.prefix { $0 != "," && $0 != ")" }
                        let takesGame = first.contains("_game *") || first.contains("_records *")
                        guard takesGame else { continue }
                        checked += 1
                        if !first.hasPrefix("const ") && !onlyWritesTheLastError(name, header) {
                            changing.append("\(file): \(name)")
                        }
                    }
                    index = end
                }
            }
            #expect(checked > 40)
            #expect(changing.isEmpty, "read or get calls a function that changes the game: \(changing)")
        }

        /// Whether the header comment of `name` says the call changes no
        /// more than the handle's last error (such a call, put before an AI
        /// search that then replaces the last error, is not a change).
        private func onlyWritesTheLastError(_ name: String, _ header: String) -> Bool {
            guard let at = header.range(of: "\(name)(") else { return false }
            let before = header[..<at.lowerBound]
            guard let open = before.range(of: "/**", options: .backwards) else { return false }
            let comment = before[open.upperBound...]
                .replacingOccurrences(of: "\n *", with: "")
                .replacingOccurrences(of: "\n", with: " ")
            let unchanged = comment.contains("game is not changed") || comment.contains("game is unchanged")
            return unchanged && comment.contains("last error is written")
        }

        /// The codes those comments name are the ones thrown: each refusal
        /// of undo, redo, the next round or game, the AI moves and hints,
        /// the dice and the turn, played once.
        @Test func theDocumentedCodesAreThrown() throws {
            let nim = try NimGame(rows: [1])
            #expect(thrown { try nim.undo() }?.code == .nothingToUndo)
            #expect(thrown { try nim.redo() }?.code == .nothingToRedo)
            #expect(thrown { try nim.nextRound() }?.code == .roundNotOver)
            try nim.play("1-1")
            #expect(thrown { try nim.aiMove(level: .hard) }?.code == .gameOver)
            #expect(try nim.analyze().winningMoves.isEmpty)
            #expect(thrown { try nim.nextRound() }?.code == .matchOver)

            let dots = try TimbiricheGame()
            #expect(thrown { try dots.undo() }?.code == .nothingToUndo)
            #expect(thrown { try dots.redo() }?.code == .nothingToRedo)
            #expect(thrown { try dots.nextGame() }?.code == .matchOver)
            for _ in 0..<3 {
                _ = try dots.hint(budget: Budget(nodes: 10))
                try dots.play(dots.aiMove(level: .easy))
            }
            let noHint = thrown { try dots.hint(budget: Budget(nodes: 10)) }
            #expect(noHint?.code == .invalidParameter)
            #expect(noHint?.message == "no hints left in this game")
            while !dots.state.isOver { try dots.play(dots.aiMove(level: .easy)) }
            #expect(thrown { try dots.aiMove(level: .easy) }?.code == .gameOver)
            var options = TimbiricheOptions()
            options.games = 3
            #expect(thrown { try TimbiricheGame(options).nextGame() }?.code == .roundNotOver)

            let gammon = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            #expect(thrown { try gammon.undoStep() }?.code == .nothingToUndo)
            #expect(thrown { try gammon.commitTurn() }?.code == .wrongPhase)
            #expect(thrown { try gammon.roll() }?.code == .wrongPhase)
            try gammon.play("8/5 6/5")
            #expect(thrown { try gammon.aiMove(level: .easy) }?.code == .wrongPhase)
            #expect(thrown { try gammon.commitTurn() }?.code == .wrongPhase)

            let lines = try CanicasGame(deal: 1)
            #expect(thrown { try lines.undo() }?.code == .nothingToUndo)
            try lines.play(lines.hint(budget: Budget(nodes: 10)))
            try lines.undo()
            #expect(thrown { try lines.undo() }?.code == .nothingToUndo)
            #expect(lines.lastRefusal == .alreadyUndone)
            while !lines.state.isOver { try lines.play(#require(lines.legalMoves.first)) }
            #expect(thrown { try lines.hint() }?.code == .gameOver)
            try lines.retry()
            #expect(lines.state.isReplay)
        }

        /// Spec: "the state is a plain value (Clone, Eq, Hash, serde)". The
        /// Swift states, what a screen shows of a position, are `Codable` as
        /// well as `Hashable`: a host keeps one (an undo list of its own, a
        /// position to show again) and reads back the same value.
        @Test func statesAreCodable() throws {
            func same<T: Codable & Equatable>(_ value: T) throws -> Bool {
                try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value)) == value
            }
            let nim = try NimGame(rows: [2, 3], rule: .misere, rounds: 3)
            try nim.play("2-1")
            #expect(try same(nim.state))
            let dots = try TimbiricheGame()
            try dots.play("a1-b1")
            #expect(try same(dots.state))
            let gammon = try BackgammonGame(seed: 3, opening: (first: 3, second: 1))
            #expect(try same(gammon.state))
            try gammon.play("8/5 6/5")
            #expect(try same(gammon.state))
            let lines = try CanicasGame(rules: .four, deal: 2)
            #expect(try same(lines.state))
            #expect(try same(MatchResult.shared) && same(TimbiricheResult.draw) && same(BackgammonWin.gammon))
        }
    }
}
