// Nim: rows of circles; a move crosses out one or more circles of one row.
import CGames

/// A Nim move: take `take` circles from row `row` (rows counted from 0).
/// Its text (`description`) is `ROW-COUNT` with rows from 1: `NimMove(row: 2,
/// take: 2)` is "3-2"; a move whose row or count no C move can hold (below
/// 0 or above `UInt32.max`) is written as its Swift value,
/// "NimMove(row: -1, take: 1)". `Codable` as `{"row": 2, "take": 2}`
/// (rows from 0).
public struct NimMove: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The row, from 0.
    public var row: Int
    /// How many circles to cross out (at least 1).
    public var take: Int

    /// The move that takes `take` circles from row `row` (from 0).
    public init(row: Int, take: Int) {
        self.row = row
        self.take = take
    }

    init(_ c: games_nim_move) { self.init(row: Int(c.row), take: Int(c.take)) }

    /// The C move, or nil when the row or count does not fit a `uint32_t`.
    var c: games_nim_move? {
        guard let row = UInt32(exactly: row), let take = UInt32(exactly: take) else { return nil }
        return games_nim_move(row: row, take: take)
    }

    /// The C move, or an error (`.invalidParameter` unless `code` says
    /// otherwise) naming the row or count that does not fit, before any C call.
    func checkedC(code: GamesError.Code = .invalidParameter) throws(GamesError) -> games_nim_move {
        games_nim_move(
            row: try checkedU32(row, "row", code: code), take: try checkedU32(take, "take", code: code))
    }

    /// "3-2": the row from 1, then the count; "NimMove(row: -1, take: 1)"
    /// (the caller's numbers as they are) for a row or count no C move can
    /// hold.
    public var description: String {
        if let c, let text = readWrittenText({ games_nim_move_to_string(c, $0, $1, $2) }) {
            return text
        }
        return "NimMove(row: \(row), take: \(take))"
    }
}

/// Nim's two rules.
public enum NimRule: String, Sendable, Hashable, Codable {
    /// Whoever crosses out the last circle wins.
    case normal
    /// Whoever crosses out the last circle loses.
    case misere

    var c: UInt32 { self == .normal ? UInt32(GAMES_NIM_RULE_NORMAL) : UInt32(GAMES_NIM_RULE_MISERE) }
}

/// Nim's AI levels.
public enum NimLevel: String, Sendable, Hashable, CaseIterable, Codable {
    /// A random legal move.
    case easy
    /// The perfect move two times in three, a random one otherwise.
    case medium
    /// Perfect play.
    case hard

    var c: UInt32 {
        switch self {
        case .easy: UInt32(GAMES_NIM_LEVEL_EASY)
        case .medium: UInt32(GAMES_NIM_LEVEL_MEDIUM)
        case .hard: UInt32(GAMES_NIM_LEVEL_HARD)
        }
    }
}

/// How a match stands.
public enum MatchResult: String, Sendable, Hashable, Codable {
    /// Rounds are still to be played.
    case playing
    /// The first player won more rounds.
    case firstWins
    /// The second player won more rounds.
    case secondWins
    /// Equal points: the match is shared.
    case shared
}

/// Everything a Nim screen shows, read in one call. `Codable` as a snapshot to
/// show again; a game to play on is brought back from its `save()`.
public struct NimState: Sendable, Hashable, Codable {
    /// Circles left in each row (zeros included).
    public var rows: [Int]
    /// Whose turn it is.
    public var toMove: Player
    /// The rule of the match.
    public var rule: NimRule
    /// Whether the current round is over.
    public var isRoundOver: Bool
    /// The winner of the current round once it is over.
    public var roundWinner: Player?
    /// Moves played in the current round.
    public var movesPlayed: Int
    /// Whether `undo()` would take a move back.
    public var canUndo: Bool
    /// Whether `redo()` would replay a move.
    public var canRedo: Bool
    /// The round being played, from 0.
    public var round: Int
    /// Rounds in the match (1 for a single game).
    public var rounds: Int
    /// Rounds won by each player.
    public var points: (first: Int, second: Int) { (pointsFirst, pointsSecond) }
    var pointsFirst: Int
    var pointsSecond: Int
    /// How the match stands.
    public var matchResult: MatchResult
}

/// Why the last call on a Nim game was refused (`games_nim_last_error_code`).
public enum NimRefusal: UInt32, Sendable, Hashable {
    /// Nothing was refused.
    case none = 0
    /// The round is over.
    case gameOver
    /// There is no such row.
    case noSuchRow
    /// The row is empty.
    case emptyRow
    /// A move must cross out at least one circle.
    case takeZero
    /// More circles than the row has.
    case takeTooMany
    /// The text is not `ROW-COUNT`.
    case badNotation
    /// A refusal that is not about a move.
    case other
}

/// A Nim match of one or more rounds (one round is a plain game); the first
/// turn alternates between rounds. It owns its C handle and frees it in
/// `deinit`. Calls from several threads are safe: they take turns.
public final class NimGame: Sendable {
    let handle: Handle

    /// A new match. `rows` (1 to 32 rows of up to 65,536 circles) defaults to
    /// the classic 3, 4, 5; `seed` drives the AI's random choices. Bad rows
    /// or rounds throw `.invalidParameter` whose message says why ("a match
    /// has at least 1 round, not 0"); a count below 0 or above
    /// `UInt32.max` is refused before the library is called, naming it.
    public init(
        rows: [Int] = [3, 4, 5], rule: NimRule = .normal, rounds: Int = 1,
        firstPlayer: Player = .first, seed: UInt64 = 1
    ) throws(GamesError) {
        // The C call reads no rows as the classic 3, 4, 5; here that is the
        // default argument, and an empty list is a mistake.
        guard !rows.isEmpty else {
            throw GamesError(code: .invalidParameter, message: "a game of Nim needs at least one row")
        }
        var cRows: [UInt32] = []
        cRows.reserveCapacity(rows.count)
        for (index, circles) in rows.enumerated() {
            cRows.append(try checkedU32(circles, "row \(index): circle count"))
        }
        let cRounds = try checkedU32(rounds, "rounds")
        handle = try Handle(create: { out in
            cRows.withUnsafeBufferPointer { buf in
                games_nim_new(buf.baseAddress, buf.count, rule.c, cRounds, firstPlayer.c, seed, out)
            }
        }, reason: { text, cap, len in
            cRows.withUnsafeBufferPointer { buf in
                games_nim_new_reason(buf.baseAddress, buf.count, rule.c, cRounds, firstPlayer.c, text, cap, len)
            }
        }, free: { games_nim_free($0) })
    }

    /// The match saved by `save()`; every move is replayed and checked, so
    /// bad bytes throw `.invalidData` (or `.unsupportedVersion`), the
    /// message saying why.
    public init(saved: [UInt8]) throws(GamesError) {
        handle = try Handle(create: { out in
            saved.withUnsafeBufferPointer { games_nim_load($0.baseAddress, $0.count, out) }
        }, reason: { text, cap, len in
            saved.withUnsafeBufferPointer { games_nim_load_reason($0.baseAddress, $0.count, text, cap, len) }
        }, free: { games_nim_free($0) })
    }

    private init(handle: Handle) { self.handle = handle }

    /// An independent copy (its own history and random generator). Throws
    /// only if the library cannot make it (`.poisoned` after an engine panic).
    public func copy() throws(GamesError) -> NimGame {
        let made = try handle.read { (h) throws(GamesError) in
            try Handle(create: { games_nim_clone(h, $0) }, free: { games_nim_free($0) })
        }
        return NimGame(handle: made)
    }

    /// The whole state, read at once.
    public var state: NimState {
        handle.get { h in
            var s = games_nim_state()
            _ = games_nim_get_state(h, &s)
            let rows = readList(UInt32(0)) { games_nim_get_rows(h, $0, $1, $2) }
            return NimState(
                rows: rows.map(Int.init),
                toMove: Player(c: s.to_move) ?? .first,
                rule: s.rule == UInt32(GAMES_NIM_RULE_MISERE) ? .misere : .normal,
                isRoundOver: s.round_over,
                roundWinner: Player(c: s.round_winner),
                movesPlayed: Int(s.moves_played),
                canUndo: s.can_undo,
                canRedo: s.can_redo,
                round: Int(s.round),
                rounds: Int(s.rounds),
                pointsFirst: Int(s.points_first),
                pointsSecond: Int(s.points_second),
                matchResult: MatchResult(nim: s.match_result)
            )
        }
    }

    /// Every legal move of the current round, row by row.
    public var legalMoves: [NimMove] {
        handle.get { h in readList(games_nim_move()) { games_nim_legal_moves(h, $0, $1, $2) } }
            .map(NimMove.init)
    }

    /// The moves of the current round so far.
    public var history: [NimMove] {
        handle.get { h in readList(games_nim_move()) { games_nim_history(h, $0, $1, $2) } }
            .map(NimMove.init)
    }

    /// Plays `move`; an illegal one throws `.illegalMove` (`.gameOver` once
    /// the round is over) with the reason, and changes nothing. A row or
    /// count below 0 or above `UInt32.max` throws `.illegalMove` naming it
    /// before the library is called (`lastRefusal` is then not changed).
    public func play(_ move: NimMove) throws(GamesError) {
        let mv = try move.checkedC(code: .illegalMove)
        try handle.with { (h) throws(GamesError) in
            try check(games_nim_play(h, mv)) { lastError(h) }
        }
    }

    /// Plays a move written `ROW-COUNT` (rows from 1), e.g. "3-2"; text that
    /// is not a move throws `.invalidParameter` (text with a NUL character
    /// too, before it reaches the library).
    public func play(_ text: String) throws(GamesError) {
        try refuseNUL(text, "the move")
        try handle.with { (h) throws(GamesError) in
            try check(games_nim_play_notation(h, text)) { lastError(h) }
        }
    }

    /// Checks `move` without playing it: `.none` when it is legal now,
    /// else the reason `play(_:)` would refuse it (`.noSuchRow`,
    /// `.emptyRow`, `.takeZero`, `.takeTooMany`, `.gameOver` once the round
    /// is over). The game and its `lastRefusal` do not change. A row or
    /// count below 0 or above `UInt32.max` throws `.invalidParameter`
    /// naming it.
    public func checkMove(_ move: NimMove) throws(GamesError) -> NimRefusal {
        let mv = try move.checkedC()
        return try handle.read { (h) throws(GamesError) in
            var reason: UInt32 = 0
            // A const call: it records no last error, so the handle's is an
            // earlier call's and the code's own sentence is used.
            try check(games_nim_check_move(h, mv, &reason))
            return NimRefusal(rawValue: reason) ?? .other
        }
    }

    /// Why the last call was refused (`.none` after a success).
    public var lastRefusal: NimRefusal {
        handle.get { h in refusal(or: NimRefusal.other) { games_nim_last_error_code(h, $0) } }
    }

    /// The AI's move at `level` (not played). `cancel` stops it early from
    /// another thread. Throws `.gameOver` once the round is over.
    public func aiMove(
        level: NimLevel, budget: Budget = .default, cancel: CancelToken? = nil
    ) throws(GamesError) -> NimMove {
        try handle.with { (h) throws(GamesError) in
            try Self.aiMove(h, level: level, budget: budget, cancel: cancel)
        }
    }

    /// The search behind both `aiMove`s, on handle `h`.
    private static func aiMove(
        _ h: OpaquePointer, level: NimLevel, budget: Budget, cancel: CancelToken?
    ) throws(GamesError) -> NimMove {
        var mv = games_nim_move()
        let result = budget.withC { games_nim_ai_move(h, level.c, $0, cancel?.handle, &mv) }
        try check(result) { lastError(h) }
        return NimMove(mv)
    }

    /// The AI's move, searched on a background thread; cancelling the task
    /// stops the search with its best move so far. Throws as the blocking
    /// `aiMove` does.
    /// The search runs on a copy, so other calls on the game (`state`,
    /// moves, saves) go on while it runs. If none of them changed the game,
    /// the game then takes the copy's generator and last error, so the move
    /// and every later one are those of the blocking call; if one did (a
    /// move, an undo, another AI call), the search starts again on a copy
    /// of the game as it is then and answers for that position (after three
    /// such starts it runs on the game itself, holding it).
    public func aiMove(
        level: NimLevel, budget: Budget = .default, cancel: CancelToken? = nil
    ) async throws(GamesError) -> NimMove {
        try await searchInBackground(cancel: cancel) { (token) throws(GamesError) in
            try self.handle.detached(clone: { games_nim_clone($0, $1) }) { (h) throws(GamesError) in
                try Self.aiMove(h, level: level, budget: budget, cancel: token)
            }
        }
    }

    /// Whether the player to move wins with perfect play, and every winning
    /// move (none once the round is over). Throws only after an engine
    /// panic (`.poisoned`).
    public func analyze() throws(GamesError) -> (moverWins: Bool, winningMoves: [NimMove]) {
        try handle.read { (h) throws(GamesError) in
            var wins = false
            let moves = try readListChecked(games_nim_move(), { lastError(h) }) {
                games_nim_analyze(h, &wins, $0, $1, $2)
            }
            return (wins, moves.map(NimMove.init))
        }
    }

    /// Takes back the last move of the round; throws `.nothingToUndo` at
    /// its start.
    public func undo() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in try check(games_nim_undo(h)) { lastError(h) } }
    }

    /// Replays the last undone move; throws `.nothingToRedo` when there is
    /// none.
    public func redo() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in try check(games_nim_redo(h)) { lastError(h) } }
    }

    /// Starts the next round once this one is over; throws `.roundNotOver`
    /// while it is not, `.matchOver` after the last round.
    public func nextRound() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in
            try check(games_nim_next_round(h)) { lastError(h) }
        }
    }

    /// The match as bytes (versioned JSON), for `init(saved:)`. Throws only
    /// after an engine panic (`.poisoned`).
    public func save() throws(GamesError) -> [UInt8] {
        try handle.read { (h) throws(GamesError) in
            try readBytes({ lastError(h) }) { games_nim_save(h, $0, $1, $2) }
        }
    }
}

private func lastError(_ h: OpaquePointer) -> String {
    readText { games_nim_last_error(h, $0, $1, $2) }
}

extension MatchResult {
    init(nim value: UInt32) {
        switch value {
        case UInt32(GAMES_NIM_MATCH_FIRST_WINS): self = .firstWins
        case UInt32(GAMES_NIM_MATCH_SECOND_WINS): self = .secondWins
        case UInt32(GAMES_NIM_MATCH_SHARED): self = .shared
        default: self = .playing
        }
    }
}
