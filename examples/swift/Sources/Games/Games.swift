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
        roundNotOver, matchOver, wrongPhase, busy
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

/// A NUL-terminated text output of the library: ask the size, then fill.
func readText(_ call: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>?) -> UInt32) -> String {
    var len = 0
    _ = call(nil, 0, &len)
    var buf = [CChar](repeating: 0, count: max(len, 1))
    let result = buf.withUnsafeMutableBufferPointer { b in call(b.baseAddress, b.count, &len) }
    return result == ResultCode.ok.rawValue ? String(cString: buf) : ""
}

/// A list output of the library written into a caller array of at most `cap` items.
func readList<T>(_ empty: T, cap: Int,
                 _ call: (UnsafeMutablePointer<T>?, Int, UnsafeMutablePointer<Int>?) -> UInt32) -> [T] {
    var len = 0
    var buf = [T](repeating: empty, count: cap)
    let result = buf.withUnsafeMutableBufferPointer { b in call(b.baseAddress, b.count, &len) }
    if result == ResultCode.bufferTooSmall.rawValue {
        buf = [T](repeating: empty, count: len)
        _ = buf.withUnsafeMutableBufferPointer { b in call(b.baseAddress, b.count, &len) }
    }
    return Array(buf.prefix(len))
}

/// AI strength for backgammon.
public enum BackgammonLevel: UInt32 {
    case easy = 0, normal = 1, hard = 2
}

/// How a backgammon game ended (`games_backgammon_state.result_kind`).
public enum BackgammonResult: UInt32 {
    case none = 0, single = 1, gammon = 2, backgammon = 3
}

/// A backgammon game without the doubling cube. Points are numbered from
/// the side of the player concerned: 1 to 24, 25 is the bar, 0 is off;
/// the step-by-step calls use the view of the player on roll. Players are
/// `GAMES_PLAYER_FIRST` (0) and `GAMES_PLAYER_SECOND` (1).
public final class BackgammonGame {
    let handle: OpaquePointer

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// A new game with seeded dice; the opening roll is done from `seed`
    /// unless `opening` gives each player's die (different, 1 to 6).
    public convenience init(seed: UInt64 = 1, opening: (first: UInt32, second: UInt32)? = nil) throws {
        var options = games_backgammon_options()
        try check(games_backgammon_options_default(&options))
        options.seed = seed
        if let o = opening {
            options.opening_first = o.first
            options.opening_second = o.second
        }
        var out: OpaquePointer?
        try check(games_backgammon_new(&options, &out))
        guard let h = out else { throw GamesError(code: 1, message: "no handle") }
        self.init(handle: h)
    }

    /// A game from a GNU Backgammon Position ID, `playerOnRoll` to roll.
    public static func fromPositionID(_ id: String, playerOnRoll: UInt32, seed: UInt64 = 1) throws -> BackgammonGame {
        var out: OpaquePointer?
        try check(games_backgammon_new_from_position_id(id, playerOnRoll, seed, &out))
        guard let h = out else { throw GamesError(code: 1, message: "no handle") }
        return BackgammonGame(handle: h)
    }

    /// A game from an XGID (its dice set when it has a roll), `playerOnRoll` to play.
    public static func fromXGID(_ xgid: String, playerOnRoll: UInt32, seed: UInt64 = 1) throws -> BackgammonGame {
        var out: OpaquePointer?
        try check(games_backgammon_new_from_xgid(xgid, playerOnRoll, seed, &out))
        guard let h = out else { throw GamesError(code: 1, message: "no handle") }
        return BackgammonGame(handle: h)
    }

    /// A game saved by `save()`.
    public static func load(_ bytes: [UInt8]) throws -> BackgammonGame {
        var out: OpaquePointer?
        try check(games_backgammon_load(bytes, bytes.count, &out))
        guard let h = out else { throw GamesError(code: 1, message: "no handle") }
        return BackgammonGame(handle: h)
    }

    deinit { games_backgammon_free(handle) }

    /// A copy with its own handle.
    public func copy() throws -> BackgammonGame {
        var out: OpaquePointer?
        try check(games_backgammon_clone(handle, &out))
        guard let h = out else { throw GamesError(code: 1, message: "no handle") }
        return BackgammonGame(handle: h)
    }

    /// Turn, dice, pips, bar, off, result.
    public var state: games_backgammon_state {
        var s = games_backgammon_state()
        _ = games_backgammon_get_state(handle, &s)
        return s
    }

    /// Both players' checkers from their own view: index 0 off, 1...24 points, 25 bar.
    public var board: (first: [UInt8], second: [UInt8]) {
        var b = games_backgammon_board()
        _ = games_backgammon_get_board(handle, &b)
        let first = withUnsafeBytes(of: b.first) { Array($0) }
        let second = withUnsafeBytes(of: b.second) { Array($0) }
        return (first, second)
    }

    /// Roll the dice for the player on roll; `passed` when the roll could not be used.
    @discardableResult
    public func roll() throws -> (die1: UInt32, die2: UInt32, passed: Bool) {
        var d1: UInt32 = 0, d2: UInt32 = 0
        var passed = false
        try call(games_backgammon_roll(handle, &d1, &d2, &passed))
        return (d1, d2, passed)
    }

    /// Dice from outside (physical dice, a replay); returns whether the turn passed.
    @discardableResult
    public func setDice(_ die1: UInt32, _ die2: UInt32) throws -> Bool {
        var passed = false
        try call(games_backgammon_set_dice(handle, die1, die2, &passed))
        return passed
    }

    /// Every legal play for the dice rolled (distinct resulting positions).
    public var legalPlays: [games_backgammon_play] {
        readList(games_backgammon_play(), cap: 64) { games_backgammon_legal_plays(handle, $0, $1, $2) }
    }

    /// The notation of legal play `index`, e.g. "24/18 13/11".
    public func legalPlayNotation(_ index: UInt32) -> String {
        readText { games_backgammon_legal_play_notation(handle, index, $0, $1, $2) }
    }

    /// The Position ID after legal play `index`, the opponent on roll.
    public func legalPlayPositionID(_ index: UInt32) -> String {
        readText { games_backgammon_legal_play_position_id(handle, index, $0, $1, $2) }
    }

    /// The steps of a play, in a legal order.
    public static func steps(of play: games_backgammon_play) -> [games_backgammon_step] {
        let count = Int(min(play.step_count, 4))
        return withUnsafeBytes(of: play.steps) { raw in
            Array(raw.bindMemory(to: games_backgammon_step.self).prefix(count))
        }
    }

    /// A play written in the notation.
    public static func notation(of play: games_backgammon_play) -> String {
        var p = play
        return readText { games_backgammon_play_to_string(&p, $0, $1, $2) }
    }

    /// Play a whole move in the notation: "24/18 13/11", "bar/22*", "6/off", "8/5(2)".
    public func play(_ notation: String) throws {
        try call(games_backgammon_play_notation(handle, notation))
    }

    /// Play a whole move given as steps (from `legalPlays` or `aiMove`).
    public func play(_ play: games_backgammon_play) throws {
        var p = play
        try call(games_backgammon_play_move(handle, &p))
    }

    /// Points of the checkers that may move now (25 is the bar).
    public var movableCheckers: [UInt8] {
        readList(UInt8(0), cap: 26) { games_backgammon_movable_checkers(handle, $0, $1, $2) }
    }

    /// Where the checker on `from` may land now (0 is off).
    public func destinations(from: UInt32) -> [UInt8] {
        readList(UInt8(0), cap: 8) { games_backgammon_destinations(handle, from, $0, $1, $2) }
    }

    /// The single checker that can reach the tapped point `to`, or nil.
    public func checker(reaching to: UInt32) -> UInt32? {
        var from: UInt32 = 0
        guard games_backgammon_checker_for_point(handle, to, &from) == ResultCode.ok.rawValue,
              from != UInt32(GAMES_BACKGAMMON_NO_POINT) else { return nil }
        return from
    }

    /// Move one checker by one die; returns the step with its hit.
    @discardableResult
    public func step(from: UInt32, to: UInt32) throws -> games_backgammon_step {
        var s = games_backgammon_step()
        try call(games_backgammon_step_play(handle, from, to, &s))
        return s
    }

    /// Take back the last step of the turn in progress.
    public func undoStep() throws { try call(games_backgammon_step_undo(handle)) }

    /// Commit the turn once its steps form a complete legal play.
    public func commitTurn() throws { try call(games_backgammon_turn_commit(handle)) }

    /// The AI's play at `level` (not played); `maxNodes` 0 means no limit.
    public func aiMove(level: BackgammonLevel, maxNodes: UInt64 = 0,
                       cancel: CancelToken? = nil) throws -> games_backgammon_play {
        var budget = games_budget(max_nodes: maxNodes, max_millis: 0)
        var play = games_backgammon_play()
        try call(games_backgammon_ai_move(handle, level.rawValue, &budget, cancel?.handle, &play))
        return play
    }

    /// The GNU Backgammon Position ID at the start of the turn.
    public var positionID: String { readText { games_backgammon_position_id(handle, $0, $1, $2) } }

    /// The XGID at the start of the turn, with the dice when rolled.
    public var xgid: String { readText { games_backgammon_xgid(handle, $0, $1, $2) } }

    /// The game as bytes (seed or dice, every turn, the AI's generator).
    public func save() throws -> [UInt8] {
        var len = 0
        _ = games_backgammon_save(handle, nil, 0, &len)
        var bytes = [UInt8](repeating: 0, count: len)
        try check(games_backgammon_save(handle, &bytes, bytes.count, &len))
        return bytes
    }

    func call(_ result: UInt32) throws {
        if result != ResultCode.ok.rawValue {
            throw GamesError(code: result, message: lastError())
        }
    }

    func lastError() -> String {
        readText { games_backgammon_last_error(handle, $0, $1, $2) }
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

    /// Every legal move, by source then target cell (empty once the game is over).
    public var legalMoves: [games_canicas_move] {
        var out = [games_canicas_move](repeating: games_canicas_move(), count: Int(GAMES_CANICAS_MAX_LEGAL_MOVES))
        var len = 0
        _ = games_canicas_legal_moves(handle, &out, out.count, &len)
        return Array(out.prefix(len))
    }

    /// Every free cell the marble on `from` can reach (throws once the game is over).
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

/// Color Lines without a game: one move on a bare board, and the arena.
public enum CanicasTools {
    /// One move on a bare five-in-a-row board (`cells`: 81 colours, 0 free),
    /// whose next marbles are not known. A legal move rewrites `cells`;
    /// `legal` and `error` of the outcome say whether it was legal and why not.
    public static func apply(cells: inout [UInt8], from: UInt32, to: UInt32) throws
        -> games_canicas_board_outcome
    {
        var out = games_canicas_board_outcome()
        let count = cells.count
        let result = cells.withUnsafeMutableBufferPointer { buf in
            games_canicas_board_apply(nil, buf.baseAddress, count, games_canicas_move(from: from, to: to), &out)
        }
        try check(result)
        return out
    }

    /// The autoplayer over `deals` deals from `firstDeal` (five in a row,
    /// the default node budget, one thread per core).
    public static func arena(firstDeal: UInt64, deals: UInt64, maxMoves: UInt64 = 20000,
                             cancel: CancelToken? = nil) throws -> games_canicas_arena_report {
        var report = games_canicas_arena_report()
        try check(games_canicas_arena(nil, firstDeal, deals, maxMoves, 0, nil, cancel?.handle, &report))
        return report
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
    /// A game that is not over throws (`wrongPhase`) and records nothing.
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
