import Testing

@testable import Games

extension AllGames {
    /// A refused constructor or load has no handle to ask `_last_error`: its
    /// `GamesError` takes its words from the C `_reason` companion called on
    /// the same inputs, so the message names the field or value, where it
    /// said only "a parameter is out of range".
    @Suite struct ReasonTests {
        /// `error` has `code` and a message that contains `needle`.
        func expectReason(
            _ error: GamesError?, _ code: GamesError.Code, _ needle: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(error?.code == code, sourceLocation: sourceLocation)
            let message = error?.message ?? "(nothing thrown)"
            #expect(message.contains(needle), "\(message)", sourceLocation: sourceLocation)
        }

        /// Saved bytes whose `"version":2` says 99.
        func futureVersion(of saved: [UInt8]) -> [UInt8] {
            let text = String(decoding: saved, as: UTF8.self)
            #expect(text.contains("\"version\":2"))
            var replaced = text
            if let range = text.range(of: "\"version\":2") {
                replaced.replaceSubrange(range, with: "\"version\":99")
            }
            return Array(replaced.utf8)
        }

        @Test func nimSaysWhyItRefuses() throws {
            expectReason(thrown { try NimGame(rounds: 0) }, .invalidParameter, "at least 1 round, not 0")
            expectReason(thrown { try NimGame(rows: [3, 70_000]) }, .invalidParameter, "70000 circles")
            expectReason(
                thrown { try NimGame(rows: Array(repeating: 1, count: 33)) }, .invalidParameter, "not 33")
            let saved = try NimGame().save()
            expectReason(
                thrown { try NimGame(saved: futureVersion(of: saved)) }, .unsupportedVersion, "version 99")
            expectReason(
                thrown { try NimGame(saved: Array("not a save".utf8)) }, .invalidData, "not a saved Nim game")
        }

        @Test func timbiricheSaysWhyItRefuses() throws {
            var options = TimbiricheOptions()
            options.rows = 9
            expectReason(thrown { try TimbiricheGame(options) }, .invalidParameter, "not 9x3")
            options = TimbiricheOptions()
            options.games = 4
            expectReason(thrown { try TimbiricheGame(options) }, .invalidParameter, "not 4")
            options = TimbiricheOptions()
            options.values = .explicit([1, 2])
            expectReason(thrown { try TimbiricheGame(options) }, .invalidParameter, "got 2")
            let saved = try TimbiricheGame().save()
            expectReason(
                thrown { try TimbiricheGame(saved: futureVersion(of: saved)) }, .unsupportedVersion,
                "version 99")
            expectReason(
                thrown { try TimbiricheGame(saved: [0x7B, 0xFF, 0x7D]) }, .invalidData, "not UTF-8")
        }

        @Test func backgammonSaysWhyItRefuses() throws {
            expectReason(
                thrown { try BackgammonGame(opening: (3, 3)) }, .invalidParameter, "opening dice 3 and 3")
            expectReason(
                thrown { try BackgammonGame(opening: (7, 1)) }, .invalidParameter, "opening dice 7 and 1")
            expectReason(
                thrown { try BackgammonGame(positionID: "not an id", playerOnRoll: .first) },
                .invalidParameter, "`not an id`")
            expectReason(
                thrown { try BackgammonGame(xgid: "XGID=nonsense", playerOnRoll: .first) },
                .invalidParameter, "`XGID=nonsense`")
            let saved = try BackgammonGame().save()
            expectReason(
                thrown { try BackgammonGame(saved: futureVersion(of: saved)) }, .unsupportedVersion,
                "version 99")
            expectReason(
                thrown { try BackgammonGame(saved: Array("not a save".utf8)) }, .invalidData,
                "not a saved backgammon game")
        }

        @Test func canicasSaysWhyItRefuses() throws {
            var rules = CanicasRules.five
            rules.size = 1
            for lines98 in [false, true] {
                expectReason(
                    thrown { try CanicasGame(rules: rules, deal: 1, lines98: lines98) }, .invalidParameter,
                    "board size 1")
            }
            rules = .five
            rules.colours = 300
            expectReason(thrown { try CanicasGame(rules: rules, deal: 1) }, .invalidParameter, "colours 300")
            let saved = try CanicasGame(deal: 3).save()
            expectReason(
                thrown { try CanicasGame(saved: futureVersion(of: saved)) }, .unsupportedVersion, "version 99")
            let records = try CanicasRecords().save()
            expectReason(
                thrown { try CanicasRecords(saved: futureVersion(of: records)) }, .unsupportedVersion,
                "version 99")
            expectReason(thrown { try CanicasRecords(saved: Array("{".utf8)) }, .invalidData, "not a save")
        }

        /// The bare-board move has no handle either: its message comes from
        /// `games_canicas_board_apply_reason`.
        @Test func theBareBoardMoveSaysWhyItRefuses() throws {
            var cells = Array(repeating: 0, count: 81)
            expectReason(
                thrown { try CanicasBoard.apply(CanicasMove(from: 0, to: 1), to: Array(cells.dropLast())) },
                .invalidParameter, "80 cells given")
            cells[3] = 8
            expectReason(
                thrown { try CanicasBoard.apply(CanicasMove(from: 3, to: 4), to: cells) },
                .invalidParameter, "cell 3 holds colour 8")
            cells.replaceSubrange(0..<5, with: [1, 1, 1, 1, 1])
            expectReason(
                thrown { try CanicasBoard.apply(CanicasMove(from: 0, to: 9), to: cells) },
                .invalidParameter, "a line stays on the board")
        }

        /// The arena has no handle either: `games_canicas_arena_reason`.
        @Test func theArenaSaysWhyItRefuses() throws {
            expectReason(
                thrown { try CanicasArena.run(firstDeal: .max, deals: 2, maxMoves: 1, threads: 1) },
                .invalidParameter, "run past the last deal")
            var rules = CanicasRules.five
            rules.arrivals = 9
            expectReason(
                thrown { try CanicasArena.run(rules: rules, firstDeal: 1, deals: 1, maxMoves: 1, threads: 1) },
                .invalidParameter, "9 arrivals")
        }

        /// Inputs the companions accept still make games (the companion is
        /// asked only after a refusal).
        @Test func acceptedInputsStillMakeGames() throws {
            #expect(try NimGame(rounds: 3).state.rounds == 3)
            #expect(try BackgammonGame(opening: (3, 1)).state.isOver == false)
        }
    }
}
