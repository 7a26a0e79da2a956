// The pieces every game type shares: errors, players, budgets, cancel
// tokens, and the handle box that frees a C handle in `deinit` and lets one
// thread at a time into it.
import CGames
import Foundation

/// The library version, "MAJOR.MINOR.PATCH".
public var libraryVersion: String { String(cString: games_version()) }

/// Whether the library linked in was built for the header this package was
/// compiled against (the runtime check libgit2 and SQLite hosts do). When
/// it is false, every game, copy, load and bare-board hint throws
/// `.unsupportedVersion` without calling the library further.
public var libraryMatchesHeader: Bool { abiMismatch() == nil }

/// The C ABI version of include/games.h as this package was compiled.
let headerABIVersion = UInt32(GAMES_ABI_VERSION)

/// The error for a library of another C ABI version than the header's
/// (`library`, by default the one linked in), or nil when they agree. The
/// structs and constants of such a library may differ from the header's,
/// so a call could read or write past what Swift passed.
func abiMismatch(library: UInt32 = games_abi_version()) -> GamesError? {
    guard library != headerABIVersion else { return nil }
    return GamesError(
        code: .unsupportedVersion,
        message: "the games library linked in has C ABI \(library), but this package was "
            + "compiled against include/games.h of ABI \(headerABIVersion): build them from the same release")
}

/// A call the engine refused: the `games_result` code and the engine's
/// sentence saying why. Nothing changed in the game when one is thrown.
public struct GamesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `games_result` value. The values are fixed forever; codes added by a
    /// newer library still arrive here, with their raw value.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The `games_result` number.
        public let rawValue: UInt32
        /// The code with this number.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A required pointer was NULL (a bug in this wrapper if it happens).
        public static let nullParameter = Code(rawValue: GAMES_RESULT_NULL_PARAMETER.rawValue)
        /// An argument is out of range (bad options, an unknown level, text
        /// that does not parse).
        public static let invalidParameter = Code(rawValue: GAMES_RESULT_INVALID_PARAMETER.rawValue)
        /// The move is not legal here.
        public static let illegalMove = Code(rawValue: GAMES_RESULT_ILLEGAL_MOVE.rawValue)
        /// The game is over: no move or AI move is possible.
        public static let gameOver = Code(rawValue: GAMES_RESULT_GAME_OVER.rawValue)
        /// An output buffer was too small (the wrapper sizes them; never thrown).
        public static let bufferTooSmall = Code(rawValue: GAMES_RESULT_BUFFER_TOO_SMALL.rawValue)
        /// The engine panicked; the game is poisoned.
        public static let panic = Code(rawValue: GAMES_RESULT_PANIC.rawValue)
        /// An earlier call panicked; only dropping the game is left.
        public static let poisoned = Code(rawValue: GAMES_RESULT_POISONED.rawValue)
        /// There is nothing to undo.
        public static let nothingToUndo = Code(rawValue: GAMES_RESULT_NOTHING_TO_UNDO.rawValue)
        /// There is nothing to redo.
        public static let nothingToRedo = Code(rawValue: GAMES_RESULT_NOTHING_TO_REDO.rawValue)
        /// Saved bytes that do not describe a valid game.
        public static let invalidData = Code(rawValue: GAMES_RESULT_INVALID_DATA.rawValue)
        /// Saved bytes of a format version this library does not read.
        public static let unsupportedVersion = Code(rawValue: GAMES_RESULT_UNSUPPORTED_VERSION.rawValue)
        /// The round (Nim) is not over yet.
        public static let roundNotOver = Code(rawValue: GAMES_RESULT_ROUND_NOT_OVER.rawValue)
        /// The match is over.
        public static let matchOver = Code(rawValue: GAMES_RESULT_MATCH_OVER.rawValue)
        /// A call out of order (backgammon: a move before the dice).
        public static let wrongPhase = Code(rawValue: GAMES_RESULT_WRONG_PHASE.rawValue)
        /// Another thread was inside a call on the same handle. The wrapper
        /// lets one call at a time into a game, so it never throws this.
        public static let busy = Code(rawValue: GAMES_RESULT_BUSY.rawValue)

        /// The library's sentence for this code.
        public var description: String {
            readText { games_result_message(rawValue, $0, $1, $2) }
        }
    }

    /// What the engine answered.
    public let code: Code
    /// Why, in words (the engine's last-error text, else the code's sentence).
    public let message: String

    /// An error with this code and sentence.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The sentence and the code's number, "why (games_result 3)".
    public var description: String { "\(message) (games_result \(code.rawValue))" }
}

/// A `GamesError` shown as any `Error` is (`localizedDescription`, an
/// alert, `NSError`) reads as the engine's sentence, not as Foundation's
/// "The operation could not be completed. (Games.GamesError error 1.)".
extension GamesError: LocalizedError {
    /// The engine's sentence, `message`.
    public var errorDescription: String? { message }
}

/// A `GamesError` bridged to `NSError` (logs, crash reporters, Objective-C)
/// keeps its `games_result` number as the error code, in the domain
/// "Games.GamesError", rather than Swift's placeholder code 1.
extension GamesError: CustomNSError {
    /// "Games.GamesError".
    public static var errorDomain: String { "Games.GamesError" }
    /// The `games_result` number, `code.rawValue`.
    public var errorCode: Int { Int(code.rawValue) }
    /// The engine's sentence as the localized description (Foundation on
    /// Linux reads it from here once the error is a `CustomNSError`).
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
}

/// A player of a two-player game. `first` moves first (`GAMES_PLAYER_FIRST`).
/// `Codable` as its name, "first" or "second".
public enum Player: String, Sendable, Hashable, CaseIterable, Codable {
    /// The player who moves first (`GAMES_PLAYER_FIRST`).
    case first
    /// The other player (`GAMES_PLAYER_SECOND`).
    case second

    init?(c value: UInt32) {
        switch value {
        case UInt32(GAMES_PLAYER_FIRST): self = .first
        case UInt32(GAMES_PLAYER_SECOND): self = .second
        default: return nil
        }
    }

    var c: UInt32 { self == .first ? UInt32(GAMES_PLAYER_FIRST) : UInt32(GAMES_PLAYER_SECOND) }

    /// The other player.
    public var opponent: Player { self == .first ? .second : .first }
}

/// How much an AI call may search: nodes (the same on every machine) and/or
/// wall-clock milliseconds. `nil` leaves that limit off; `Budget.default` is
/// the level's own budget. A limit of 0 is the smallest search, as 1 is
/// (the C API reads 0 as "no limit", so it is never passed on as 0).
public struct Budget: Sendable, Hashable, Codable {
    /// At most this many search nodes (deterministic across machines); 0
    /// searches as 1 does.
    public var nodes: UInt64?
    /// At most this many milliseconds; 0 searches as 1 does.
    public var milliseconds: UInt64?

    /// A budget of nodes and/or milliseconds.
    public init(nodes: UInt64? = nil, milliseconds: UInt64? = nil) {
        self.nodes = nodes
        self.milliseconds = milliseconds
    }

    /// The level's own budget (what the C API does with a NULL budget).
    public static let `default` = Budget()

    /// Calls `body` with the C budget, or NULL for the level's default. A
    /// field of 0 in C means "no limit of that kind": a limit of 0 here goes
    /// over as 1, and only `nil` as 0.
    func withC<R>(_ body: (UnsafePointer<games_budget>?) -> R) -> R {
        if nodes == nil && milliseconds == nil { return body(nil) }
        var budget = games_budget(
            max_nodes: nodes.map { max($0, 1) } ?? 0,
            max_millis: milliseconds.map { max($0, 1) } ?? 0)
        return body(&budget)
    }
}

/// A flag that stops a running AI call from another thread or task: the
/// search returns its best move so far. The C token is thread-safe, so this
/// type is `Sendable`. It owns its C token and frees it in `deinit` (a
/// search using it keeps it alive).
public final class CancelToken: @unchecked Sendable {
    // SAFETY of @unchecked: the C token is an atomic flag, made to be set
    // from any thread while a search on another reads it.
    // `games_cancel_token_clone` (a second C handle on the same flag) is not
    // wrapped: a Swift reference to this object already shares the flag.
    let handle: OpaquePointer

    /// A token that is not cancelled.
    public init() {
        var out: OpaquePointer?
        // Only a NULL `out` fails, and it is not NULL here.
        _ = games_cancel_token_new(&out)
        handle = out!
        LiveHandles.created()
    }

    deinit {
        games_cancel_token_free(handle)
        LiveHandles.freed()
    }

    /// Ask every AI call watching this token to stop with its best move so far.
    public func cancel() { _ = games_cancel_token_cancel(handle) }

    /// Clear the token for the next call.
    public func reset() { _ = games_cancel_token_reset(handle) }

    /// Whether `cancel()` was called since the last `reset()`.
    public var isCancelled: Bool {
        var value = false
        _ = games_cancel_token_is_cancelled(handle, &value)
        return value
    }
}

/// Counts the C handles this wrapper holds (games and tokens), so tests can
/// check that every one created is freed.
enum LiveHandles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var count = 0

    static func created() { lock.withLock { count += 1 } }
    static func freed() { lock.withLock { count -= 1 } }
    /// Handles created and not yet freed.
    static var current: Int { lock.withLock { count } }
}

/// One C handle: freed in `deinit`, entered by one thread at a time.
///
/// The C API allows one thread per handle at a time. Every call on the
/// handle goes through `with`, `read` or `get`, which hold a lock for the
/// length of the C call, so two threads that share a game wait for each
/// other instead of racing; that is what makes the game types `Sendable`.
///
/// `with` counts its calls (`changes`): any of them may change the game.
/// `read` and `get` are for calls that only read it (their C functions take
/// a `const` handle, or their header comment says they write only the last
/// error; a test reads the sources and the header to hold this), so they do
/// not count. `detached` runs a long call (an AI search) on a copy, outside
/// the lock, so reads and moves on the game go on meanwhile, and keeps the
/// copy only if nothing counted changed the game.
final class Handle: @unchecked Sendable {
    // SAFETY of @unchecked: `pointer` and `changes` are only used inside
    // `lock`; a copy made by `detached` is used by one thread until it is
    // either freed or, inside `lock`, made `pointer`.
    private var pointer: OpaquePointer
    private var changes: UInt64 = 0
    private let free: (OpaquePointer) -> Void
    private let lock = NSLock()

    /// Takes ownership of a handle that `create` wrote, or throws the error
    /// its result code names, with the words of `reason` (the constructor's
    /// `_reason` companion called on the same inputs: a refused constructor
    /// has no handle to ask `_last_error`), else the code's sentence.
    init(
        create: (UnsafeMutablePointer<OpaquePointer?>) -> UInt32,
        reason: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>?) -> UInt32 = { _, _, _ in
            GAMES_RESULT_OK.rawValue
        },
        free: @escaping (OpaquePointer) -> Void
    ) throws(GamesError) {
        if let mismatch = abiMismatch() { throw mismatch }
        var out: OpaquePointer?
        let result = create(&out)
        guard result == GAMES_RESULT_OK.rawValue, let made = out else {
            let why = readReason(reason)
            throw GamesError(code: .init(rawValue: result), message: why.isEmpty ? resultText(result) : why)
        }
        pointer = made
        self.free = free
        LiveHandles.created()
    }

    deinit {
        free(pointer)
        LiveHandles.freed()
    }

    /// Runs `body` with the handle, alone, counted as a change.
    func with<R>(_ body: (OpaquePointer) throws(GamesError) -> R) throws(GamesError) -> R {
        lock.lock()
        defer { lock.unlock() }
        changes &+= 1
        return try body(pointer)
    }

    /// Runs `body` with the handle, alone; for calls that only read the game
    /// (not counted as a change).
    func read<R>(_ body: (OpaquePointer) throws(GamesError) -> R) throws(GamesError) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(pointer)
    }

    /// As `read`, for calls that cannot fail.
    func get<R>(_ body: (OpaquePointer) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(pointer)
    }

    /// Runs `body` (a search) on a copy of the handle made by `clone`,
    /// without holding the lock while it runs. Then, inside the lock: if no
    /// `with` call ran since the copy was made, the copy becomes the handle
    /// (its generator advanced and its last error set by `body`, as the
    /// blocking call leaves them) and the old one is freed, so the result and
    /// the game after it are those of `with(body)` run at that moment; if
    /// one did, the copy is freed and the search starts again on a new copy
    /// of the game as it is now, so the answer is for its current position.
    /// After `attempts` such starts, or when a copy cannot be made (an engine
    /// panic), `body` runs on the handle itself, holding the lock.
    func detached<R>(
        attempts: Int = 3,
        clone: (OpaquePointer, UnsafeMutablePointer<OpaquePointer?>) -> UInt32,
        _ body: (OpaquePointer) throws(GamesError) -> R
    ) throws(GamesError) -> R {
        for _ in 0..<attempts {
            lock.lock()
            let start = changes
            var made: OpaquePointer?
            let cloned = clone(pointer, &made)
            lock.unlock()
            guard cloned == GAMES_RESULT_OK.rawValue, let copy = made else { break }
            let result: Result<R, GamesError>
            do throws(GamesError) {
                result = .success(try body(copy))
            } catch {
                result = .failure(error)
            }
            lock.lock()
            guard changes == start else {
                lock.unlock()
                free(copy)
                continue
            }
            let old = pointer
            pointer = copy
            changes &+= 1
            lock.unlock()
            free(old)
            return try result.get()
        }
        return try with(body)
    }
}

/// A Swift integer as a C unsigned integer argument of type `T`, or a
/// `GamesError` naming `what`, the caller's value and the range `T` holds
/// ("row -1 is out of range (0 to 4294967295)"), thrown before any C call
/// when it does not fit (negative or above `T.max`). The error is
/// `.invalidParameter` unless `code` names the one the library gives for
/// the same mistake (`.illegalMove` for a move off the board). Nothing is
/// ever clamped or substituted: -1 never reaches C as 0 or as `T.max`.
func checkedInteger<T: FixedWidthInteger & UnsignedInteger>(
    _ value: Int, _ what: String, as type: T.Type = T.self, code: GamesError.Code = .invalidParameter
) throws(GamesError) -> T {
    guard let converted = T(exactly: value) else {
        throw GamesError(code: code, message: "\(what) \(value) is out of range (0 to \(T.max))")
    }
    return converted
}

/// A Swift integer as a C `uint32_t` argument, or an error (`.invalidParameter`
/// unless `code` says otherwise) naming `what` and the value when it does not
/// fit (negative or above `UInt32.max`), thrown before any C call.
func checkedU32(
    _ value: Int, _ what: String, code: GamesError.Code = .invalidParameter
) throws(GamesError) -> UInt32 {
    try checkedInteger(value, what, as: UInt32.self, code: code)
}

/// As `checkedU32`, for `uint8_t` arguments (0 to 255).
func checkedU8(
    _ value: Int, _ what: String, code: GamesError.Code = .invalidParameter
) throws(GamesError) -> UInt8 {
    try checkedInteger(value, what, as: UInt8.self, code: code)
}

/// Refuses text that C would read short: a C string ends at its first NUL
/// character, so "3-2\0junk" would reach the library as "3-2" and be
/// played. Text with a NUL throws `.invalidParameter` before any C call
/// (the game's `lastRefusal` is then not changed).
func refuseNUL(_ text: String, _ what: String) throws(GamesError) {
    guard let at = text.utf8.firstIndex(of: 0) else { return }
    let offset = text.utf8.distance(from: text.utf8.startIndex, to: at)
    throw GamesError(
        code: .invalidParameter,
        message: "\(what) has a NUL character at byte \(offset), where C text ends")
}

/// The library's sentence for a result code.
func resultText(_ result: UInt32) -> String {
    readText { games_result_message(result, $0, $1, $2) }
}

/// Throws a `GamesError` for a result other than OK, with `message()` (the
/// handle's last error) as its sentence, or the code's own when that is empty.
@inline(__always)
func check(_ result: UInt32, _ message: () -> String = { "" }) throws(GamesError) {
    guard result != GAMES_RESULT_OK.rawValue else { return }
    let text = message()
    throw GamesError(code: .init(rawValue: result), message: text.isEmpty ? resultText(result) : text)
}

/// A game's reason for its last refusal: the code `read` writes (the
/// game's `_last_error_code` call), or `other` for a code this wrapper does
/// not know (one a newer library added).
func refusal<R: RawRepresentable>(or other: R, _ read: (UnsafeMutablePointer<UInt32>) -> UInt32) -> R
where R.RawValue == UInt32 {
    var code: UInt32 = 0
    _ = read(&code)
    return R(rawValue: code) ?? other
}

/// A NUL-terminated text output: ask its size, then fill.
func readText(_ call: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>?) -> UInt32) -> String {
    var len = 0
    _ = call(nil, 0, &len)
    var buf = [CChar](repeating: 0, count: max(len, 1))
    let result = buf.withUnsafeMutableBufferPointer { b in call(b.baseAddress, b.count, &len) }
    guard result == GAMES_RESULT_OK.rawValue else { return "" }
    return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The text of a `_reason` companion: ask its size, then fill. Its result
/// is the constructor's for the same inputs (not OK for a refusal), so any
/// answer to the filling call but "too small" has written the text.
func readReason(_ call: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>?) -> UInt32) -> String {
    var len = 0
    guard call(nil, 0, &len) == GAMES_RESULT_BUFFER_TOO_SMALL.rawValue else { return "" }
    var buf = [CChar](repeating: 0, count: max(len, 1))
    let result = buf.withUnsafeMutableBufferPointer { b in call(b.baseAddress, b.count, &len) }
    guard result != GAMES_RESULT_BUFFER_TOO_SMALL.rawValue else { return "" }
    return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// As `readText`, but nil when the call fails (a value the library cannot
/// write), so a `description` can tell "" written from nothing written.
func readWrittenText(
    _ call: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>?) -> UInt32
) -> String? {
    var len = 0
    let sized = call(nil, 0, &len)
    guard sized == GAMES_RESULT_OK.rawValue || sized == GAMES_RESULT_BUFFER_TOO_SMALL.rawValue else {
        return nil
    }
    var buf = [CChar](repeating: 0, count: max(len, 1))
    let result = buf.withUnsafeMutableBufferPointer { b in call(b.baseAddress, b.count, &len) }
    guard result == GAMES_RESULT_OK.rawValue else { return nil }
    return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A text output that can fail: ask its size, then fill, throwing on error.
func readTextChecked(
    _ message: () -> String,
    _ call: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>?) -> UInt32
) throws(GamesError) -> String {
    var len = 0
    let sized = call(nil, 0, &len)
    if sized != GAMES_RESULT_OK.rawValue && sized != GAMES_RESULT_BUFFER_TOO_SMALL.rawValue {
        try check(sized, message)
    }
    var buf = [CChar](repeating: 0, count: max(len, 1))
    let result = buf.withUnsafeMutableBufferPointer { b in call(b.baseAddress, b.count, &len) }
    try check(result, message)
    return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A list output: ask its length, then fill (`empty` pads the buffer).
func readList<T>(
    _ empty: T,
    _ call: (UnsafeMutablePointer<T>?, Int, UnsafeMutablePointer<Int>?) -> UInt32
) -> [T] {
    var len = 0
    _ = call(nil, 0, &len)
    var buf = [T](repeating: empty, count: len)
    let result = buf.withUnsafeMutableBufferPointer { b in call(b.baseAddress, b.count, &len) }
    guard result == GAMES_RESULT_OK.rawValue else { return [] }
    return Array(buf.prefix(len))
}

/// A list output that can fail.
func readListChecked<T>(
    _ empty: T,
    _ message: () -> String,
    _ call: (UnsafeMutablePointer<T>?, Int, UnsafeMutablePointer<Int>?) -> UInt32
) throws(GamesError) -> [T] {
    var len = 0
    let sized = call(nil, 0, &len)
    if sized != GAMES_RESULT_OK.rawValue && sized != GAMES_RESULT_BUFFER_TOO_SMALL.rawValue {
        try check(sized, message)
    }
    var buf = [T](repeating: empty, count: len)
    let result = buf.withUnsafeMutableBufferPointer { b in call(b.baseAddress, b.count, &len) }
    try check(result, message)
    return Array(buf.prefix(len))
}

/// Saved bytes: ask their size, then fill.
func readBytes(
    _ message: () -> String,
    _ call: (UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?) -> UInt32
) throws(GamesError) -> [UInt8] {
    try readListChecked(UInt8(0), message, call)
}

/// Runs a blocking AI call on a background thread, so an `async` caller does
/// not hold up its executor; cancelling the calling task sets the token.
func searchInBackground<R: Sendable>(
    cancel token: CancelToken?,
    _ body: @escaping @Sendable (CancelToken) throws(GamesError) -> R
) async throws(GamesError) -> R {
    let token = token ?? CancelToken()
    let result: Result<R, GamesError> = await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                do throws(GamesError) {
                    continuation.resume(returning: .success(try body(token)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.stackSize = 16 << 20
            thread.start()
        }
    } onCancel: {
        token.cancel()
    }
    return try result.get()
}
