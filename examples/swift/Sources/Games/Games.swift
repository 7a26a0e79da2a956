// A thin Swift wrapper over the games C ABI: classes own their handles and
// free them in `deinit`, result codes become thrown errors.
//
// Result codes are compared as plain numbers: cbindgen's C enums reach
// Swift as integer constants, and the values are fixed forever.
import CGames

/// A failed call into the games library.
public struct GamesError: Error, CustomStringConvertible {
    /// The `games_result` number (see `ResultCode`).
    public let code: UInt32
    /// Why, in words.
    public let message: String

    public var description: String { "games error \(code): \(message)" }
}

/// The `games_result` values the wrapper tells apart. Never renumbered.
public enum ResultCode: UInt32 {
    case ok = 0, nullParameter, invalidParameter, illegalMove, gameOver, bufferTooSmall,
        panic, poisoned, nothingToUndo, nothingToRedo, invalidData, unsupportedVersion,
        roundNotOver, matchOver
}

func resultMessage(_ code: UInt32) -> String {
    var len = 0
    _ = games_result_message(code, nil, 0, &len)
    var buf = [CChar](repeating: 0, count: max(len, 1))
    _ = games_result_message(code, &buf, buf.count, &len)
    return String(cString: buf)
}

@inline(__always)
func check(_ result: UInt32) throws {
    if result != ResultCode.ok.rawValue {
        throw GamesError(code: result, message: resultMessage(result))
    }
}

/// Whether this library was built for the header the app compiled against.
public func libraryMatchesHeader() -> Bool {
    games_abi_version() == UInt32(GAMES_ABI_VERSION)
}

/// The library version, "MAJOR.MINOR.PATCH".
public var libraryVersion: String { String(cString: games_version()) }

/// A token that stops a running AI call from another thread.
public final class CancelToken {
    let handle: OpaquePointer

    public init() throws {
        var out: OpaquePointer?
        try check(games_cancel_token_new(&out))
        guard let h = out else { throw GamesError(code: 1, message: "no token") }
        handle = h
    }

    deinit { games_cancel_token_free(handle) }

    /// Ask every AI call watching this token to stop with its best move so far.
    public func cancel() { _ = games_cancel_token_cancel(handle) }

    /// Clear the token for the next call.
    public func reset() { _ = games_cancel_token_reset(handle) }
}

/// AI strength for Nim.
public enum NimLevel: UInt32 {
    case easy = 0, medium = 1, hard = 2
}

/// A Nim match (one round is a single game). Rows are counted from 0.
public final class NimGame {
    let handle: OpaquePointer

    /// A new game; `rows` empty means the classic 3, 4, 5.
    public init(rows: [UInt32] = [], misere: Bool = false, rounds: UInt32 = 1,
                firstPlayer: UInt32 = 0, seed: UInt64 = 1) throws {
        var out: OpaquePointer?
        let rule = misere ? UInt32(GAMES_NIM_RULE_MISERE) : UInt32(GAMES_NIM_RULE_NORMAL)
        let result = rows.withUnsafeBufferPointer { buf in
            games_nim_new(buf.baseAddress, buf.count, rule, rounds, firstPlayer, seed, &out)
        }
        try check(result)
        guard let h = out else { throw GamesError(code: 1, message: "no handle") }
        handle = h
    }

    /// Load bytes written by `save()`.
    public init(saved: [UInt8]) throws {
        var out: OpaquePointer?
        let result = saved.withUnsafeBufferPointer { buf in
            games_nim_load(buf.baseAddress, buf.count, &out)
        }
        try check(result)
        guard let h = out else { throw GamesError(code: 10, message: "no handle") }
        handle = h
    }

    deinit { games_nim_free(handle) }

    /// Turn, rule, scores and result.
    public var state: games_nim_state {
        var s = games_nim_state()
        _ = games_nim_get_state(handle, &s)
        return s
    }

    /// Circles left in each row, zeros included.
    public var rows: [UInt32] {
        var len = 0
        _ = games_nim_get_rows(handle, nil, 0, &len)
        var out = [UInt32](repeating: 0, count: len)
        _ = games_nim_get_rows(handle, &out, out.count, &len)
        return out
    }

    /// Every legal move.
    public var legalMoves: [games_nim_move] {
        var len = 0
        _ = games_nim_legal_moves(handle, nil, 0, &len)
        var out = [games_nim_move](repeating: games_nim_move(), count: len)
        _ = games_nim_legal_moves(handle, &out, out.count, &len)
        return Array(out.prefix(len))
    }

    /// Play a move; an illegal one throws with the engine's reason in words.
    public func play(row: UInt32, take: UInt32) throws {
        let result = games_nim_play(handle, games_nim_move(row: row, take: take))
        if result != ResultCode.ok.rawValue {
            throw GamesError(code: result, message: lastError())
        }
    }

    /// The AI's move at `level` (not played).
    public func aiMove(level: NimLevel, cancel: CancelToken? = nil) throws -> games_nim_move {
        var mv = games_nim_move()
        try check(games_nim_ai_move(handle, level.rawValue, nil, cancel?.handle, &mv))
        return mv
    }

    /// Whether the player to move wins with perfect play, and every winning move.
    public func analyze() throws -> (moverWins: Bool, winningMoves: [games_nim_move]) {
        var wins = false
        var len = 0
        _ = games_nim_analyze(handle, &wins, nil, 0, &len)
        var out = [games_nim_move](repeating: games_nim_move(), count: len)
        try check(games_nim_analyze(handle, &wins, &out, out.count, &len))
        return (wins, Array(out.prefix(len)))
    }

    public func undo() throws { try check(games_nim_undo(handle)) }
    public func redo() throws { try check(games_nim_redo(handle)) }
    public func nextRound() throws { try check(games_nim_next_round(handle)) }

    /// The whole match as bytes.
    public func save() throws -> [UInt8] {
        var len = 0
        _ = games_nim_save(handle, nil, 0, &len)
        var out = [UInt8](repeating: 0, count: len)
        try check(games_nim_save(handle, &out, out.count, &len))
        return out
    }

    func lastError() -> String {
        var len = 0
        _ = games_nim_last_error(handle, nil, 0, &len)
        var buf = [CChar](repeating: 0, count: max(len, 1))
        _ = games_nim_last_error(handle, &buf, buf.count, &len)
        return String(cString: buf)
    }
}

/// AI strength for dots and boxes.
public enum TimbiricheLevel: UInt32 {
    case easy = 0, medium = 1, hard = 2
}

/// A dots-and-boxes game (or a match of 3 or 5 games).
public final class TimbiricheGame {
    let handle: OpaquePointer

    /// A new game of `rows` × `cols` boxes (1 to 6 each).
    public init(rows: UInt32 = 3, cols: UInt32 = 3, misere: Bool = false, games: UInt32 = 1,
                seed: UInt64 = 1) throws {
        var options = games_timbiriche_options()
        try check(games_timbiriche_options_default(&options))
        options.rows = rows
        options.cols = cols
        options.misere = misere
        options.games = games
        options.seed = seed
        var out: OpaquePointer?
        try check(games_timbiriche_new(&options, &out))
        guard let h = out else { throw GamesError(code: 1, message: "no handle") }
        handle = h
    }

    deinit { games_timbiriche_free(handle) }

    /// Turn, points, result, hints left.
    public var state: games_timbiriche_state {
        var s = games_timbiriche_state()
        _ = games_timbiriche_get_state(handle, &s)
        return s
    }

    /// Read a line in dot notation, e.g. "a1-b1".
    public func line(_ text: String) throws -> games_timbiriche_line {
        var line = games_timbiriche_line()
        let result = games_timbiriche_parse_line(handle, text, &line)
        if result != ResultCode.ok.rawValue {
            throw GamesError(code: result, message: lastError())
        }
        return line
    }

    /// Draw a line; returns the boxes it took (then the same player moves again).
    @discardableResult
    public func play(_ line: games_timbiriche_line) throws -> UInt32 {
        var completed: UInt32 = 0
        let result = games_timbiriche_play(handle, line, &completed)
        if result != ResultCode.ok.rawValue {
            throw GamesError(code: result, message: lastError())
        }
        return completed
    }

    /// The AI's line at `level` (not drawn), with the level's default budget.
    public func aiMove(level: TimbiricheLevel, cancel: CancelToken? = nil) throws -> games_timbiriche_line {
        var line = games_timbiriche_line()
        try check(games_timbiriche_ai_move(handle, level.rawValue, nil, cancel?.handle, &line))
        return line
    }

    /// "What would a master play?" with the reason in words.
    public func hint() throws -> (line: games_timbiriche_line, sentence: String) {
        var h = games_timbiriche_hint()
        try check(games_timbiriche_take_hint(handle, nil, nil, &h))
        var len = 0
        _ = games_timbiriche_hint_sentence(handle, nil, 0, &len)
        var buf = [CChar](repeating: 0, count: max(len, 1))
        _ = games_timbiriche_hint_sentence(handle, &buf, buf.count, &len)
        return (h.line, String(cString: buf))
    }

    public func undo() throws { try check(games_timbiriche_undo(handle)) }
    public func redo() throws { try check(games_timbiriche_redo(handle)) }

    func lastError() -> String {
        var len = 0
        _ = games_timbiriche_last_error(handle, nil, 0, &len)
        var buf = [CChar](repeating: 0, count: max(len, 1))
        _ = games_timbiriche_last_error(handle, &buf, buf.count, &len)
        return String(cString: buf)
    }
}

/// The two Color Lines variants, each with its own record.
public enum CanicasVariant: UInt32 {
    case five = 0, four = 1
}

/// A Color Lines (canicas) game of one deal. Cells are numbered
/// `row * size + col` from the top-left; colours are 1...colours, 0 is free.
public final class CanicasGame {
    let handle: OpaquePointer

    /// A new game of `deal` under the rules of `variant` (9×9, 7 colours,
    /// 3 arrivals, 5 to start, lines of 5 or 4).
    public convenience init(variant: CanicasVariant = .five, deal: UInt64) throws {
        var options = games_canicas_options()
        try check(games_canicas_options_default(variant.rawValue, &options))
        try self.init(options: options, deal: deal)
    }

    /// A new game under other rules (board size, colours, minimum line,
    /// arrivals per move, starting marbles).
    public init(options: games_canicas_options, deal: UInt64) throws {
        var options = options
        var out: OpaquePointer?
        try check(games_canicas_new(&options, deal, &out))
        guard let h = out else { throw GamesError(code: 1, message: "no handle") }
        handle = h
    }

    /// Load bytes written by `save()`.
    public init(saved: [UInt8]) throws {
        var out: OpaquePointer?
        let result = saved.withUnsafeBufferPointer { buf in
            games_canicas_load(buf.baseAddress, buf.count, &out)
        }
        try check(result)
        guard let h = out else { throw GamesError(code: 10, message: "no handle") }
        handle = h
    }

    deinit { games_canicas_free(handle) }

    /// Rules, deal, score, moves, flags.
    public var state: games_canicas_state {
        var s = games_canicas_state()
        _ = games_canicas_get_state(handle, &s)
        return s
    }

    /// One colour per cell (0: free).
    public var cells: [UInt8] {
        var len = 0
        _ = games_canicas_cells(handle, nil, 0, &len)
        var out = [UInt8](repeating: 0, count: len)
        _ = games_canicas_cells(handle, &out, out.count, &len)
        return Array(out.prefix(len))
    }

    /// The colours of the "next" bar, in order of arrival.
    public var nextColours: [UInt8] {
        var len = 0
        _ = games_canicas_next_colours(handle, nil, 0, &len)
        var out = [UInt8](repeating: 0, count: len)
        _ = games_canicas_next_colours(handle, &out, out.count, &len)
        return Array(out.prefix(len))
    }

    /// The board as text: `.` free, a digit per colour, row by row.
    public var boardText: String {
        var len = 0
        _ = games_canicas_board_text(handle, nil, 0, &len)
        var buf = [CChar](repeating: 0, count: max(len, 1))
        _ = games_canicas_board_text(handle, &buf, buf.count, &len)
        return String(cString: buf)
    }

    /// Every free cell the marble on `from` can reach.
    public func reachable(from: UInt32) throws -> [UInt32] {
        var out = [UInt32](repeating: 0, count: Int(GAMES_CANICAS_MAX_CELLS))
        var len = 0
        let result = games_canicas_reachable(handle, from, &out, out.count, &len)
        if result != ResultCode.ok.rawValue { throw failure(result) }
        return Array(out.prefix(len))
    }

    /// A shortest path (both ends included) for the animation; an
    /// unreachable target throws with `lastErrorCode == GAMES_CANICAS_ERROR_UNREACHABLE`.
    public func path(from: UInt32, to: UInt32) throws -> [UInt32] {
        var out = [UInt32](repeating: 0, count: Int(GAMES_CANICAS_MAX_CELLS))
        var len = 0
        let result = games_canicas_path(handle, games_canicas_move(from: from, to: to), &out, out.count, &len)
        if result != ResultCode.ok.rawValue { throw failure(result) }
        return Array(out.prefix(len))
    }

    /// Play a move; an illegal one throws and changes nothing (see `lastErrorCode`).
    @discardableResult
    public func play(from: UInt32, to: UInt32) throws -> games_canicas_outcome {
        var out = games_canicas_outcome()
        let result = games_canicas_play(handle, games_canicas_move(from: from, to: to), &out)
        if result != ResultCode.ok.rawValue { throw failure(result) }
        return out
    }

    /// Play a move in text, e.g. "e5-a1".
    @discardableResult
    public func play(_ text: String) throws -> games_canicas_outcome {
        var out = games_canicas_outcome()
        let result = games_canicas_play_notation(handle, text, &out)
        if result != ResultCode.ok.rawValue { throw failure(result) }
        return out
    }

    /// The lines the last move removed (the moved marble's, then the arrivals').
    public var lastLines: [games_canicas_line] {
        var len = 0
        _ = games_canicas_last_lines(handle, nil, 0, &len)
        var out = [games_canicas_line](repeating: games_canicas_line(), count: len)
        _ = games_canicas_last_lines(handle, &out, out.count, &len)
        return Array(out.prefix(len))
    }

    /// The marbles that arrived after the last move.
    public var lastArrivals: [games_canicas_arrival] {
        var len = 0
        _ = games_canicas_last_arrivals(handle, nil, 0, &len)
        var out = [games_canicas_arrival](repeating: games_canicas_arrival(), count: len)
        _ = games_canicas_last_arrivals(handle, &out, out.count, &len)
        return Array(out.prefix(len))
    }

    /// Take back the last move (one at a time).
    public func undo() throws {
        let result = games_canicas_undo(handle)
        if result != ResultCode.ok.rawValue { throw failure(result) }
    }

    /// "Retry": the same deal from the start, marked as a replay.
    public func retry() throws { try check(games_canicas_retry(handle)) }

    /// "New": a fresh game of the same rules with `deal`.
    public func newDeal(_ deal: UInt64) throws { try check(games_canicas_new_deal(handle, deal)) }

    /// The AI's move (not played) within `nodes` (0: the default budget).
    public func hint(nodes: UInt64 = 0, cancel: CancelToken? = nil) throws -> games_canicas_move {
        var mv = games_canicas_move()
        var budget = games_budget(max_nodes: nodes, max_millis: 0)
        let result = nodes > 0
            ? games_canicas_hint(handle, &budget, cancel?.handle, &mv)
            : games_canicas_hint(handle, nil, cancel?.handle, &mv)
        if result != ResultCode.ok.rawValue { throw failure(result) }
        return mv
    }

    /// The game in progress as bytes.
    public func save() throws -> [UInt8] {
        var len = 0
        _ = games_canicas_save(handle, nil, 0, &len)
        var out = [UInt8](repeating: 0, count: len)
        try check(games_canicas_save(handle, &out, out.count, &len))
        return out
    }

    /// `GAMES_CANICAS_ERROR_*` of the last failed call (0 after a success).
    public var lastErrorCode: UInt32 {
        var code: UInt32 = 0
        _ = games_canicas_last_error_code(handle, &code)
        return code
    }

    func lastError() -> String {
        var len = 0
        _ = games_canicas_last_error(handle, nil, 0, &len)
        var buf = [CChar](repeating: 0, count: max(len, 1))
        _ = games_canicas_last_error(handle, &buf, buf.count, &len)
        return String(cString: buf)
    }

    func failure(_ result: UInt32) -> GamesError {
        GamesError(code: result, message: lastError())
    }
}

/// The Color Lines records of every variant, to persist with `save()`.
public final class CanicasRecords {
    let handle: OpaquePointer

    /// No records yet.
    public init() throws {
        var out: OpaquePointer?
        try check(games_canicas_records_new(&out))
        guard let h = out else { throw GamesError(code: 1, message: "no handle") }
        handle = h
    }

    /// Load bytes written by `save()`.
    public init(saved: [UInt8]) throws {
        var out: OpaquePointer?
        let result = saved.withUnsafeBufferPointer { buf in
            games_canicas_records_load(buf.baseAddress, buf.count, &out)
        }
        try check(result)
        guard let h = out else { throw GamesError(code: 10, message: "no handle") }
        handle = h
    }

    deinit { games_canicas_records_free(handle) }

    /// Record a finished game; `elapsedMillis` is the time the host measured.
    public func finish(_ game: CanicasGame, elapsedMillis: UInt64) throws -> games_canicas_summary {
        var summary = games_canicas_summary()
        try check(games_canicas_records_finish(handle, game.handle, elapsedMillis, &summary))
        return summary
    }

    /// The record of a variant.
    public func record(_ variant: CanicasVariant) throws -> games_canicas_record {
        var options = games_canicas_options()
        try check(games_canicas_options_default(variant.rawValue, &options))
        var out = games_canicas_record()
        try check(games_canicas_records_get(handle, &options, &out))
        return out
    }

    /// The records as bytes.
    public func save() throws -> [UInt8] {
        var len = 0
        _ = games_canicas_records_save(handle, nil, 0, &len)
        var out = [UInt8](repeating: 0, count: len)
        try check(games_canicas_records_save(handle, &out, out.count, &len))
        return out
    }
}
