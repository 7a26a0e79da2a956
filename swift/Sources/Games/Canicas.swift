// Color Lines (canicas): move a marble along a free path; five (or four) of
// a colour in a row leave the board; otherwise the "next" marbles arrive.
import CGames

/// The rules of a Color Lines game.
public struct CanicasRules: Sendable, Hashable, Codable {
    /// Side of the square board, 2 to 11.
    public var size: Int
    /// Number of colours, 1 to 9.
    public var colours: Int
    /// Shortest line that leaves the board, 2 to `size`.
    public var minLine: Int
    /// Marbles arriving after a move that removes nothing, 1 to 8.
    public var arrivals: Int
    /// Marbles on the board at the start.
    public var start: Int

    /// Rules of your own (checked when a game is made).
    public init(size: Int, colours: Int, minLine: Int, arrivals: Int, start: Int) {
        self.size = size
        self.colours = colours
        self.minLine = minLine
        self.arrivals = arrivals
        self.start = start
    }

    /// Five in a row: 9×9, 7 colours, 3 arrivals, 5 marbles to start.
    public static let five = CanicasRules(variant: UInt32(GAMES_CANICAS_VARIANT_FIVE))
    /// Four in a row, the rest as `five`.
    public static let four = CanicasRules(variant: UInt32(GAMES_CANICAS_VARIANT_FOUR))

    private init(variant: UInt32) {
        var o = games_canicas_options()
        _ = games_canicas_options_default(variant, &o)
        self.init(o)
    }

    init(_ c: games_canicas_options) {
        self.init(
            size: Int(c.size), colours: Int(c.colours), minLine: Int(c.min_line),
            arrivals: Int(c.arrivals), start: Int(c.start))
    }

    /// The C options, or `.invalidParameter` naming a field below 0 or
    /// above `UInt32.max`, before any C call (the library checks the rest).
    func checkedC() throws(GamesError) -> games_canicas_options {
        games_canicas_options(
            size: try checkedU32(size, "size"), colours: try checkedU32(colours, "colours"),
            min_line: try checkedU32(minLine, "minLine"), arrivals: try checkedU32(arrivals, "arrivals"),
            start: try checkedU32(start, "start"))
    }
}

/// A move: the marble on cell `from` to the free cell `to`. Cells are
/// numbered `row * size + col` from the top left. `Codable` as
/// `{"from": 40, "to": 0}`.
public struct CanicasMove: Sendable, Hashable, Codable {
    /// The marble's cell.
    public var from: Int
    /// The free cell it goes to.
    public var to: Int

    /// The move from `from` to `to`.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    init(_ c: games_canicas_move) { self.init(from: Int(c.from), to: Int(c.to)) }

    /// The C move, or nil when a cell does not fit a `uint32_t`.
    var c: games_canicas_move? {
        guard let from = UInt32(exactly: from), let to = UInt32(exactly: to) else { return nil }
        return games_canicas_move(from: from, to: to)
    }
}

/// What a move did.
public struct CanicasOutcome: Sendable, Hashable {
    /// Points it scored (its lines and the arrivals').
    public var points: UInt64
    /// Lines through the moved marble that left the board (0: the "next"
    /// marbles arrived).
    public var lines: Int
    /// Lines formed by arriving marbles.
    public var arrivalLines: Int
    /// Marbles that arrived.
    public var arrivals: Int
    /// Whether the game is over.
    public var gameOver: Bool

    init(_ c: games_canicas_outcome) {
        points = c.points
        lines = Int(c.lines)
        arrivalLines = Int(c.arrival_lines)
        arrivals = Int(c.arrivals)
        gameOver = c.game_over
    }
}

/// A marble that arrived after the last move.
public struct CanicasArrival: Sendable, Hashable {
    /// Where it landed.
    public var cell: Int
    /// Its colour, 1...colours.
    public var colour: Int
}

/// A line of marbles that left the board: `length` cells of one colour
/// from `start` in `direction`.
public struct CanicasLine: Sendable, Hashable {
    /// Which way a line runs from its first cell.
    public enum Direction: Sendable, Hashable {
        /// Left to right along a row.
        case horizontal
        /// Top to bottom along a column.
        case vertical
        /// From the top left to the bottom right.
        case diagonal
        /// From the top right to the bottom left.
        case antiDiagonal
    }

    /// Its first cell (the topmost; the leftmost for a horizontal line).
    public var start: Int
    /// The way it runs from `start`.
    public var direction: Direction
    /// Number of marbles in it.
    public var length: Int
    /// Colour of its marbles, 1...colours.
    public var colour: Int
    /// Points it scored: `n × (n − m + 1) × 2` for `n` marbles and lines of
    /// at least `m`.
    public var points: UInt64
    /// Whether arriving marbles formed it (false: the moved marble did).
    public var byArrival: Bool

    /// A line of `length` marbles of `colour` from `start`.
    public init(
        start: Int, direction: Direction, length: Int, colour: Int, points: UInt64, byArrival: Bool
    ) {
        self.start = start
        self.direction = direction
        self.length = length
        self.colour = colour
        self.points = points
        self.byArrival = byArrival
    }

    init(_ c: games_canicas_line) {
        let direction: Direction
        switch c.direction {
        case UInt32(GAMES_CANICAS_DIRECTION_VERTICAL): direction = .vertical
        case UInt32(GAMES_CANICAS_DIRECTION_DIAGONAL): direction = .diagonal
        case UInt32(GAMES_CANICAS_DIRECTION_ANTI_DIAGONAL): direction = .antiDiagonal
        default: direction = .horizontal
        }
        self.init(
            start: Int(c.start), direction: direction, length: Int(c.length),
            colour: Int(c.colour), points: UInt64(c.points), byArrival: c.by_arrival)
    }

    /// Its cells on a board of side `size`, from `start`.
    public func cells(size: Int) -> [Int] {
        let step: Int
        switch direction {
        case .horizontal: step = 1
        case .vertical: step = size
        case .diagonal: step = size + 1
        case .antiDiagonal: step = size - 1
        }
        return (0..<max(length, 0)).map { start + $0 * step }
    }
}

/// The state of a Color Lines game, read at once. `Codable` as a snapshot to
/// show again; a game to play on is brought back from its `save()`.
public struct CanicasState: Sendable, Hashable, Codable {
    /// The rules played.
    public var rules: CanicasRules
    /// The deal.
    public var deal: UInt64
    /// Points so far.
    public var score: UInt64
    /// Moves played so far.
    public var moves: Int
    /// Marbles on the board, and free cells.
    public var marbles: Int, freeCells: Int
    /// Whether the game is over.
    public var isOver: Bool
    /// Whether `undo()` would take a move back.
    public var canUndo: Bool
    /// Whether this game replays a deal ("Retry").
    public var isReplay: Bool
    /// One colour per cell (0: free), row by row.
    public var cells: [Int]
    /// The colours of the "next" bar, in order of arrival.
    public var next: [Int]
}

/// Why the last move was refused (`GAMES_CANICAS_ERROR_*`).
public enum CanicasRefusal: UInt32, Sendable, Hashable {
    /// Nothing was refused.
    case none = 0
    /// The game is over.
    case gameOver
    /// A cell off the board.
    case offBoard
    /// No marble on the source cell.
    case emptySource
    /// The target cell is taken.
    case targetTaken
    /// No free path from the source to the target.
    case unreachable
    /// The text is not a move.
    case badNotation
    /// Nothing to undo.
    case nothingToUndo
    /// Only one move can be taken back.
    case alreadyUndone
    /// Any other reason.
    case other
}

/// A Color Lines game of one deal, with one-move undo. It owns its C handle
/// and frees it in `deinit`. Calls from several threads are safe: they take
/// turns.
public final class CanicasGame: Sendable {
    let handle: Handle

    /// A new game of `deal` under `rules`; bad rules throw `.invalidParameter`.
    public convenience init(rules: CanicasRules = .five, deal: UInt64) throws(GamesError) {
        try self.init(rules: rules, deal: deal, lines98: false)
    }

    /// A new game of `deal` under `rules` and the Lines 98 rule when
    /// `lines98` is true: the player is shown where the marbles of the
    /// "next" bar land (`shownLandings`); the game is otherwise the same,
    /// and its records are kept apart. Bad rules throw `.invalidParameter`
    /// whose message names the field ("board size 1 is outside 2..=11"; a
    /// field below 0 or above `UInt32.max` before the library is called).
    public init(rules: CanicasRules = .five, deal: UInt64, lines98: Bool) throws(GamesError) {
        let options = try rules.checkedC()
        handle = try Handle(create: { out in
            var o = options
            return lines98 ? games_canicas_new_lines98(&o, deal, out) : games_canicas_new(&o, deal, out)
        }, reason: { text, cap, len in
            var o = options
            return games_canicas_new_reason(&o, deal, text, cap, len)
        }, free: { games_canicas_free($0) })
    }

    /// The game saved by `save()`; its moves are replayed and checked, so bad
    /// bytes throw `.invalidData` (or `.unsupportedVersion`), the message
    /// saying why.
    public init(saved: [UInt8]) throws(GamesError) {
        handle = try Handle(create: { out in
            saved.withUnsafeBufferPointer { games_canicas_load($0.baseAddress, $0.count, out) }
        }, reason: { text, cap, len in
            saved.withUnsafeBufferPointer { games_canicas_load_reason($0.baseAddress, $0.count, text, cap, len) }
        }, free: { games_canicas_free($0) })
    }

    private init(handle: Handle) { self.handle = handle }

    /// An independent copy. Throws only if the library cannot make it
    /// (`.poisoned` after an engine panic).
    public func copy() throws(GamesError) -> CanicasGame {
        let made = try handle.read { (h) throws(GamesError) in
            try Handle(create: { games_canicas_clone(h, $0) }, free: { games_canicas_free($0) })
        }
        return CanicasGame(handle: made)
    }

    /// The state, board and "next" bar, read at once.
    public var state: CanicasState {
        handle.get { h in
            var s = games_canicas_state()
            _ = games_canicas_get_state(h, &s)
            let cells = readList(UInt8(0)) { games_canicas_cells(h, $0, $1, $2) }
            let next = readList(UInt8(0)) { games_canicas_next_colours(h, $0, $1, $2) }
            return CanicasState(
                rules: CanicasRules(s.options), deal: s.deal, score: s.score,
                moves: Int(s.moves), marbles: Int(s.marbles), freeCells: Int(s.free_cells),
                isOver: s.game_over, canUndo: s.can_undo, isReplay: s.replay,
                cells: cells.map { Int($0) }, next: next.map { Int($0) })
        }
    }

    /// Whether the game plays the Lines 98 rule (the landing cells shown).
    public var isLines98: Bool {
        handle.get { h in
            var on = false
            _ = games_canicas_lines98(h, &on)
            return on
        }
    }

    /// The cells where the marbles of the "next" bar land if the board stays
    /// as it is, in order of arrival: one per marble (fewer only when fewer
    /// cells are free), none once the game is over and none under the 1992
    /// rule.
    public var shownLandings: [Int] {
        handle.get { h in
            readList(UInt32(0)) { games_canicas_shown_landings(h, $0, $1, $2) }
        }.map { Int($0) }
    }

    /// The board as text: `.` free, a digit per colour, a row per line.
    public var boardText: String {
        handle.get { h in readText { games_canicas_board_text(h, $0, $1, $2) } }
    }

    /// Every legal move, by source then target cell (none once over).
    public var legalMoves: [CanicasMove] {
        handle.get { h in
            readList(games_canicas_move()) { games_canicas_legal_moves(h, $0, $1, $2) }
        }.map(CanicasMove.init)
    }

    /// Every free cell the marble on `from` can reach. A cell off the board
    /// throws `.invalidParameter` (one below 0 or above `UInt32.max` before
    /// the library is called, naming it and the board's cells).
    public func reachable(from: Int) throws(GamesError) -> [Int] {
        try handle.read { (h) throws(GamesError) in
            guard let cell = UInt32(exactly: from) else {
                throw GamesError(code: .invalidParameter, message: offBoard(h, cell: from))
            }
            return try readListChecked(UInt32(0), { lastError(h) }) {
                games_canicas_reachable(h, cell, $0, $1, $2)
            }.map { Int($0) }
        }
    }

    /// A shortest path for `move`, both ends included (for the animation).
    /// An illegal move throws `.illegalMove`; so does a cell below 0 or
    /// above `UInt32.max`, naming it, before the library is called.
    public func path(_ move: CanicasMove) throws(GamesError) -> [Int] {
        try handle.read { (h) throws(GamesError) in
            guard let mv = move.c else {
                throw GamesError(code: .illegalMove, message: offBoard(h, move))
            }
            return try readListChecked(UInt32(0), { lastError(h) }) {
                games_canicas_path(h, mv, $0, $1, $2)
            }.map { Int($0) }
        }
    }

    /// The move's text on this board, e.g. "e5-a1"; a cell off the board
    /// throws `.invalidParameter` naming it.
    public func text(of move: CanicasMove) throws(GamesError) -> String {
        try handle.read { (h) throws(GamesError) in
            guard let mv = move.c else {
                throw GamesError(code: .invalidParameter, message: offBoard(h, move))
            }
            // The C call reads a `const` handle and records no last error:
            // the handle's is an earlier call's, so the reason is said here.
            return try readTextChecked({ offBoard(h, move) }) {
                games_canicas_move_to_string(h, mv, $0, $1, $2)
            }
        }
    }

    /// Reads a move's text ("e5-a1") for this board; text that is not a
    /// move (or has a NUL character) throws `.invalidParameter`.
    public func move(_ text: String) throws(GamesError) -> CanicasMove {
        try refuseNUL(text, "the move")
        return try handle.read { (h) throws(GamesError) in
            var mv = games_canicas_move()
            try check(games_canicas_parse_move(h, text, &mv)) { lastError(h) }
            return CanicasMove(mv)
        }
    }

    /// Plays `move`; a refused one throws (see `lastRefusal`) and changes
    /// nothing. A cell below 0 or above `UInt32.max` throws `.illegalMove`
    /// naming it and the board's cells before the library is called
    /// (`lastRefusal` is then not changed).
    @discardableResult
    public func play(_ move: CanicasMove) throws(GamesError) -> CanicasOutcome {
        try handle.with { (h) throws(GamesError) in
            guard let mv = move.c else {
                throw GamesError(code: .illegalMove, message: offBoard(h, move))
            }
            var out = games_canicas_outcome()
            try check(games_canicas_play(h, mv, &out)) { lastError(h) }
            return CanicasOutcome(out)
        }
    }

    /// Plays a move written as text, e.g. "e5-a1". Text with a NUL character
    /// throws `.invalidParameter` before it reaches the library.
    @discardableResult
    public func play(_ text: String) throws(GamesError) -> CanicasOutcome {
        try refuseNUL(text, "the move")
        return try handle.with { (h) throws(GamesError) in
            var out = games_canicas_outcome()
            try check(games_canicas_play_notation(h, text, &out)) { lastError(h) }
            return CanicasOutcome(out)
        }
    }

    /// Why the last call was refused.
    public var lastRefusal: CanicasRefusal {
        handle.get { h in refusal(or: CanicasRefusal.other) { games_canicas_last_error_code(h, $0) } }
    }

    /// The marbles that arrived after the last move.
    public var lastArrivals: [CanicasArrival] {
        handle.get { h in
            readList(games_canicas_arrival()) { games_canicas_last_arrivals(h, $0, $1, $2) }
        }.map { CanicasArrival(cell: Int($0.cell), colour: Int($0.colour)) }
    }

    /// The lines the last move removed: first those through the moved
    /// marble, then those the arriving marbles formed (`byArrival`). Empty
    /// before any move and after an undo, retry, new deal or load.
    public var lastLines: [CanicasLine] {
        handle.get { h in
            readList(games_canicas_line()) { games_canicas_last_lines(h, $0, $1, $2) }
        }.map(CanicasLine.init)
    }

    /// The moves played so far.
    public var movesPlayed: [CanicasMove] {
        handle.get { h in
            readList(games_canicas_move()) { games_canicas_moves_played(h, $0, $1, $2) }
        }.map(CanicasMove.init)
    }

    /// Takes back the last move, one at a time: throws `.nothingToUndo`
    /// before any move and for a second undo in a row (`lastRefusal` says
    /// which).
    public func undo() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in try check(games_canicas_undo(h)) { lastError(h) } }
    }

    /// "Retry": the same deal from the start, marked as a replay. Throws
    /// only after an engine panic (`.poisoned`).
    public func retry() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in try check(games_canicas_retry(h)) { lastError(h) } }
    }

    /// "New": a fresh game of the same rules with `deal`. Throws only
    /// after an engine panic (`.poisoned`).
    public func newDeal(_ deal: UInt64) throws(GamesError) {
        try handle.with { (h) throws(GamesError) in
            try check(games_canicas_new_deal(h, deal)) { lastError(h) }
        }
    }

    /// The AI's move (not played); it sees only the board and the "next"
    /// bar. `cancel` stops it early from another thread. Throws `.gameOver`
    /// once the game is over.
    public func hint(budget: Budget = .default, cancel: CancelToken? = nil) throws(GamesError)
        -> CanicasMove
    {
        try handle.with { (h) throws(GamesError) in try Self.hint(h, budget: budget, cancel: cancel) }
    }

    /// The search behind both `hint`s, on handle `h`.
    private static func hint(
        _ h: OpaquePointer, budget: Budget, cancel: CancelToken?
    ) throws(GamesError) -> CanicasMove {
        var mv = games_canicas_move()
        let result = budget.withC { games_canicas_ai_move(h, $0, cancel?.handle, &mv) }
        try check(result) { lastError(h) }
        return CanicasMove(mv)
    }

    /// The AI's move, searched on a background thread; cancelling the task
    /// stops the search with its best move so far. Throws as the blocking
    /// `hint` does.
    /// The search runs on a copy, so other calls on the game (`state`,
    /// moves, saves) go on while it runs. If none of them changed the game,
    /// the game then takes the copy's last error, as after the blocking
    /// call; if one did (a move, an undo, a new deal, another hint), the
    /// search starts again on a copy of the game as it is then and answers
    /// for that position (after three such starts it runs on the game
    /// itself, holding it).
    public func hint(budget: Budget = .default, cancel: CancelToken? = nil) async throws(GamesError)
        -> CanicasMove
    {
        try await searchInBackground(cancel: cancel) { (token) throws(GamesError) in
            try self.handle.detached(clone: { games_canicas_clone($0, $1) }) { (h) throws(GamesError) in
                try Self.hint(h, budget: budget, cancel: token)
            }
        }
    }

    /// The game as bytes, for `init(saved:)`. Throws only after an engine
    /// panic (`.poisoned`).
    public func save() throws(GamesError) -> [UInt8] {
        try handle.read { (h) throws(GamesError) in
            try readBytes({ lastError(h) }) { games_canicas_save(h, $0, $1, $2) }
        }
    }
}

/// The summary of a finished game, as recorded.
public struct CanicasSummary: Sendable, Hashable {
    /// Points scored and moves played.
    public var points: UInt64, moves: UInt64
    /// Whether it set a new record for its rules, and the one before.
    public var newRecord: Bool, previousRecord: UInt64?
}

/// The Color Lines records of every rule set, to keep with `save()`. It
/// owns its C handle and frees it in `deinit`. Calls from several threads
/// are safe: they take turns.
public final class CanicasRecords: Sendable {
    let handle: Handle

    /// No records yet. Throws only for a library of another C ABI
    /// (`.unsupportedVersion`).
    public init() throws(GamesError) {
        handle = try Handle(create: { games_canicas_records_new($0) }, free: { games_canicas_records_free($0) })
    }

    /// Records saved by `save()`; bad bytes throw `.invalidData` (or
    /// `.unsupportedVersion`), the message saying why.
    public init(saved: [UInt8]) throws(GamesError) {
        handle = try Handle(create: { out in
            saved.withUnsafeBufferPointer { games_canicas_records_load($0.baseAddress, $0.count, out) }
        }, reason: { text, cap, len in
            saved.withUnsafeBufferPointer { games_canicas_records_load_reason($0.baseAddress, $0.count, text, cap, len) }
        }, free: { games_canicas_records_free($0) })
    }

    private init(handle: Handle) { self.handle = handle }

    /// An independent copy: games recorded in either do not reach the other.
    /// Throws only if the library cannot make it (`.poisoned` after an
    /// engine panic).
    public func copy() throws(GamesError) -> CanicasRecords {
        let made = try handle.with { (h) throws(GamesError) in
            try Handle(create: { games_canicas_records_clone(h, $0) }, free: { games_canicas_records_free($0) })
        }
        return CanicasRecords(handle: made)
    }

    /// Records a finished game; one not over throws `.wrongPhase` ("the
    /// game is not over: only a finished game is recorded") and records
    /// nothing.
    public func finish(_ game: CanicasGame, elapsedMilliseconds: UInt64) throws(GamesError)
        -> CanicasSummary
    {
        try handle.with { (records) throws(GamesError) in
            try game.handle.with { (g) throws(GamesError) in
                var s = games_canicas_summary()
                let result = games_canicas_records_finish(records, g, elapsedMilliseconds, &s)
                // The records keep no last error: the one reason is said here.
                try check(result) {
                    result == GAMES_RESULT_WRONG_PHASE.rawValue
                        ? "the game is not over: only a finished game is recorded" : ""
                }
                return CanicasSummary(
                    points: s.points, moves: s.moves, newRecord: s.new_record,
                    previousRecord: s.had_record ? s.previous_record : nil)
            }
        }
    }

    /// The best score recorded under `rules`, under the Lines 98 rule when
    /// `lines98` is true (nil: no game recorded yet). Rules that cannot be
    /// played throw `.invalidParameter` (a field below 0 or above
    /// `UInt32.max` naming it).
    public func best(_ rules: CanicasRules, lines98: Bool = false) throws(GamesError) -> UInt64? {
        try handle.with { (h) throws(GamesError) in
            var options = try rules.checkedC()
            var record = games_canicas_record()
            try check(games_canicas_records_get_lines98(h, &options, lines98, &record))
            return record.games == 0 ? nil : record.best_points
        }
    }

    /// The record and statistics of the games recorded under `rules`, under
    /// the Lines 98 rule when `lines98` is true (all zeros when none was
    /// recorded). Rules that cannot be played throw `.invalidParameter`.
    public func record(_ rules: CanicasRules, lines98: Bool = false) throws(GamesError) -> CanicasRecord {
        try handle.with { (h) throws(GamesError) in
            var options = try rules.checkedC()
            var record = games_canicas_record()
            try check(
                lines98
                    ? games_canicas_records_get_lines98(h, &options, true, &record)
                    : games_canicas_records_get(h, &options, &record))
            return CanicasRecord(
                bestPoints: record.best_points, games: record.games,
                totalPoints: record.total_points, totalMoves: record.total_moves,
                replays: record.replays, replayBestPoints: record.replay_best_points)
        }
    }

    /// The records as bytes (versioned JSON), for `init(saved:)`. Throws
    /// only after an engine panic (`.poisoned`).
    public func save() throws(GamesError) -> [UInt8] {
        try handle.with { (h) throws(GamesError) in
            try readBytes({ "" }) { games_canicas_records_save(h, $0, $1, $2) }
        }
    }
}

/// The record and statistics of one rule set.
public struct CanicasRecord: Sendable, Hashable {
    /// Best points of a finished fresh game (the record; 0 with no games).
    public var bestPoints: UInt64
    /// Fresh games recorded.
    public var games: UInt64
    /// Points of all fresh games.
    public var totalPoints: UInt64
    /// Moves of all fresh games.
    public var totalMoves: UInt64
    /// Replayed games ("Retry") recorded.
    public var replays: UInt64
    /// Best points of a replayed game.
    public var replayBestPoints: UInt64
}

/// A board read from text: its side and one colour per cell (0 free).
public struct CanicasCells: Sendable, Hashable, Codable {
    /// Side of the square board.
    public var size: Int
    /// One colour per cell, row by row (0: free).
    public var cells: [Int]
}

/// What one move did on a bare board (`CanicasBoard.apply`).
public struct CanicasBoardOutcome: Sendable, Hashable {
    /// Whether the move is legal; when it is not, `cells` are the board as
    /// it was.
    public var legal: Bool
    /// Why it is not (`.none` when legal): `.offBoard`, `.emptySource`,
    /// `.targetTaken` or `.unreachable`.
    public var refusal: CanicasRefusal
    /// Points scored by the lines the move formed.
    public var points: UInt64
    /// The lines that left the board.
    public var lines: [CanicasLine]
    /// Whether new marbles would arrive now: the move removed nothing, or
    /// its removal emptied the board.
    public var arrivalsNeeded: Bool
    /// The board after the move and its lines' removal (before any arrival).
    public var cells: [Int]
}

/// What an autoplayer run (`CanicasArena.run`) gave.
public struct CanicasArenaReport: Sendable, Hashable {
    /// Games played (fewer than asked when cancelled).
    public var games: UInt64
    /// Moves played in all.
    public var moves: UInt64
    /// Points scored in all.
    public var points: UInt64
    /// Games that ended with a full board (rather than at the move cap).
    public var deaths: UInt64
    /// Deaths per 100,000 moves.
    public var deathsPer100kMoves: Double
    /// Points per move.
    public var pointsPerMove: Double
    /// Mean points per game, over every game played: those the move cap
    /// stopped too (`fullMeanPoints`: over full games only).
    public var meanPoints: Double
    /// Median points per game, over every game played (`fullMedianPoints`:
    /// over full games only).
    public var medianPoints: Double
    /// Mean moves per game, over every game played: a game the move cap
    /// stopped counts the cap (`fullMeanMoves`: over full games only).
    public var meanMoves: Double
    /// Median moves per game, over every game played (`fullMedianMoves`:
    /// over full games only).
    public var medianMoves: Double
    /// Whether the cancel token stopped the run early.
    public var cancelled: Bool
    /// Full games: those that ended with a full board, the same count as
    /// `deaths`. The `full` figures are over these games alone, as `games
    /// arena canicas` prints them ("mean and median score and moves
    /// survived over full games where they fit").
    public var fullGames: UInt64
    /// Games the move cap stopped (`games - fullGames`).
    public var cappedGames: UInt64
    /// Mean points of the full games; 0 when no game is full (raise the
    /// move cap).
    public var fullMeanPoints: Double
    /// Median points of the full games; 0 when no game is full.
    public var fullMedianPoints: Double
    /// Mean moves survived by the full games; 0 when no game is full.
    public var fullMeanMoves: Double
    /// Median moves survived by the full games; 0 when no game is full.
    public var fullMedianMoves: Double

    init(_ c: games_canicas_arena_report) {
        games = c.games
        moves = c.moves
        points = c.points
        deaths = c.deaths
        deathsPer100kMoves = c.deaths_per_100k_moves
        pointsPerMove = c.points_per_move
        meanPoints = c.mean_points
        medianPoints = c.median_points
        meanMoves = c.mean_moves
        medianMoves = c.median_moves
        cancelled = c.cancelled
        fullGames = c.full_games
        cappedGames = c.capped_games
        fullMeanPoints = c.full_mean_points
        fullMedianPoints = c.full_median_points
        fullMeanMoves = c.full_mean_moves
        fullMedianMoves = c.full_median_moves
    }
}

/// The autoplayer over many deals, to measure the AI (what `games canicas
/// arena` does).
public enum CanicasArena {
    /// Plays the hint with `budget` (`.default`: the default node count
    /// without its time cap, so a run is the same on every machine) over
    /// `deals` deals from `firstDeal` on, at most `maxMoves` moves each,
    /// under `rules`, on `threads` threads (0: one per core; 1: the calling
    /// thread). The report is the same for any number of threads. `cancel`
    /// stops the run soon after it is set (`cancelled`). Bad rules, or a
    /// range past the last deal, throw `.invalidParameter` whose message
    /// says which; so does a thread count below 0 or above `UInt32.max`,
    /// naming it.
    public static func run(
        rules: CanicasRules = .five, firstDeal: UInt64, deals: UInt64, maxMoves: UInt64,
        threads: Int = 0, budget: Budget = .default, cancel: CancelToken? = nil
    ) throws(GamesError) -> CanicasArenaReport {
        if let mismatch = abiMismatch() { throw mismatch }
        let cThreads = try checkedU32(threads, "threads")
        var options = try rules.checkedC()
        var report = games_canicas_arena_report()
        let result = budget.withC { b in
            games_canicas_arena(
                &options, firstDeal, deals, maxMoves, cThreads, b, cancel?.handle, &report)
        }
        try check(result) {
            readReason { games_canicas_arena_reason(&options, firstDeal, deals, $0, $1, $2) }
        }
        return CanicasArenaReport(report)
    }

    /// The run, on a background thread; cancelling the task stops it (the
    /// report then says `cancelled`). Throws as the blocking `run` does.
    public static func run(
        rules: CanicasRules = .five, firstDeal: UInt64, deals: UInt64, maxMoves: UInt64,
        threads: Int = 0, budget: Budget = .default, cancel: CancelToken? = nil
    ) async throws(GamesError) -> CanicasArenaReport {
        try await searchInBackground(cancel: cancel) { (token) throws(GamesError) in
            try run(
                rules: rules, firstDeal: firstDeal, deals: deals, maxMoves: maxMoves,
                threads: threads, budget: budget, cancel: token)
        }
    }
}

/// The AI on a bare position, without a game: a board a host keeps itself,
/// typed in or drawn.
public enum CanicasBoard {
    /// Reads a text board, as `CanicasGame.boardText` writes it (`.` free,
    /// a digit per colour; whitespace is ignored; the side is the square
    /// root of the number of cells, 2 to 11). Text that is not a board
    /// throws `.invalidParameter` (text with a NUL character too, before it
    /// reaches the library).
    public static func cells(fromText text: String) throws(GamesError) -> CanicasCells {
        if let mismatch = abiMismatch() { throw mismatch }
        try refuseNUL(text, "the board")
        var size: UInt32 = 0
        let cells = try readListChecked(UInt8(0), { "the text is not a board of 2×2 to 11×11 cells" }) {
            games_canicas_board_from_text(text, $0, $1, $2, &size)
        }
        return CanicasCells(size: Int(size), cells: cells.map { Int($0) })
    }

    /// Plays `move` on `cells` (one colour per cell, 0 free, `size`² of
    /// them) under `rules`, without "next" marbles (a board typed in, a
    /// puzzle): the board after the move and its lines' removal, or why the
    /// move is not legal (`legal` false, not an error). Bad rules, cells or
    /// colours, or a board with a line still on it, throw
    /// `.invalidParameter` whose message says which ("a line stays on the
    /// board ..."); so do a colour or cell number C cannot hold, naming it.
    public static func apply(
        _ move: CanicasMove, to cells: [Int], rules: CanicasRules = .five
    ) throws(GamesError) -> CanicasBoardOutcome {
        if let mismatch = abiMismatch() { throw mismatch }
        var bytes = try colourBytes(cells)
        let mv = games_canicas_move(
            from: try checkedU32(move.from, "cell"), to: try checkedU32(move.to, "cell"))
        var options = try rules.checkedC()
        var out = games_canicas_board_outcome()
        let result = bytes.withUnsafeMutableBufferPointer { b in
            games_canicas_board_apply(&options, b.baseAddress, b.count, mv, &out)
        }
        // A refusal changed nothing: the companion reads the same cells.
        try check(result) {
            readReason { text, cap, len in
                bytes.withUnsafeBufferPointer { b in
                    games_canicas_board_apply_reason(&options, b.baseAddress, b.count, text, cap, len)
                }
            }
        }
        let count = Int(min(out.n_lines, UInt32(GAMES_CANICAS_MAX_MOVE_LINES)))
        let lines = withUnsafeBytes(of: out.lines) { raw in
            Array(raw.bindMemory(to: games_canicas_line.self).prefix(count)).map(CanicasLine.init)
        }
        return CanicasBoardOutcome(
            legal: out.legal, refusal: CanicasRefusal(rawValue: out.error) ?? .other,
            points: out.points, lines: lines, arrivalsNeeded: out.arrivals_needed,
            cells: bytes.map { Int($0) })
    }

    /// The AI's move on `cells` (one colour per cell, 0 free, `size`² of
    /// them) with the colours `next` of the "next" bar (one per arrival of
    /// `rules`), under `rules`; with `landings` (the cells where those
    /// marbles land, as `shownLandings` gives them) under the Lines 98 rule,
    /// as that game's hint. Bad rules, cells, colours or landing cells, a
    /// bar of another length, or a board with a line still on it, throw
    /// `.invalidParameter`; a board where no marble can move throws
    /// `.gameOver`; a library of another C ABI throws `.unsupportedVersion`.
    public static func hint(
        rules: CanicasRules = .five, cells: [Int], next: [Int], landings: [Int]? = nil,
        budget: Budget = .default, cancel: CancelToken? = nil
    ) throws(GamesError) -> CanicasMove {
        if let mismatch = abiMismatch() { throw mismatch }
        // Values C cannot hold are refused here, naming them: none is
        // substituted.
        let cellBytes = try colourBytes(cells)
        var nextBytes: [UInt8] = []
        for (index, colour) in next.enumerated() {
            nextBytes.append(try checkedU8(colour, "next marble \(index): colour"))
        }
        var shown: [UInt32]?
        if let landings {
            var cLandings: [UInt32] = []
            for (index, cell) in landings.enumerated() {
                cLandings.append(try checkedU32(cell, "landing \(index): cell"))
            }
            shown = cLandings
        }
        var options = try rules.checkedC()
        var mv = games_canicas_move()
        let result: UInt32 = budget.withC { b in
            cellBytes.withUnsafeBufferPointer { c in
                nextBytes.withUnsafeBufferPointer { n in
                    guard let shown else {
                        return games_canicas_board_hint(
                            &options, c.baseAddress, c.count, n.baseAddress, n.count, b,
                            cancel?.handle, &mv
                        )
                    }
                    return shown.withUnsafeBufferPointer { l in
                        games_canicas_board_hint_lines98(
                            &options, c.baseAddress, c.count, n.baseAddress, n.count,
                            l.baseAddress, l.count, b, cancel?.handle, &mv
                        )
                    }
                }
            }
        }
        try check(result)
        return CanicasMove(mv)
    }

    /// The same move, searched on a background thread; cancelling the task
    /// stops the search with its best move so far. Throws as the blocking
    /// `hint` does.
    public static func hint(
        rules: CanicasRules = .five, cells: [Int], next: [Int], landings: [Int]? = nil,
        budget: Budget = .default, cancel: CancelToken? = nil
    ) async throws(GamesError) -> CanicasMove {
        try await searchInBackground(cancel: cancel) { (token) throws(GamesError) in
            try hint(
                rules: rules, cells: cells, next: next, landings: landings, budget: budget,
                cancel: token)
        }
    }
}

private func lastError(_ h: OpaquePointer) -> String {
    readText { games_canicas_last_error(h, $0, $1, $2) }
}

/// One `uint8_t` colour per cell, or `.invalidParameter` naming the first
/// cell whose colour C cannot hold ("cell 5 has colour 300, out of range
/// (0 to 255)"), before any C call.
private func colourBytes(_ cells: [Int]) throws(GamesError) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(cells.count)
    for (cell, colour) in cells.enumerated() {
        guard let byte = UInt8(exactly: colour) else {
            throw GamesError(
                code: .invalidParameter,
                message: "cell \(cell) has colour \(colour), out of range (0 to 255)")
        }
        bytes.append(byte)
    }
    return bytes
}

/// Why `move` has no text on the board of game `h`: the first of its cells
/// off the board.
private func offBoard(_ h: OpaquePointer, _ move: CanicasMove) -> String {
    var s = games_canicas_state()
    _ = games_canicas_get_state(h, &s)
    let cells = Int(s.options.size) * Int(s.options.size)
    return offBoard(h, cell: (0..<cells).contains(move.from) ? move.to : move.from)
}

/// Why `cell` is not a cell of the board of game `h`, with the board's range.
private func offBoard(_ h: OpaquePointer, cell: Int) -> String {
    var s = games_canicas_state()
    _ = games_canicas_get_state(h, &s)
    let cells = Int(s.options.size) * Int(s.options.size)
    return "cell \(cell) is off the board (cells 0 to \(cells - 1), row by row)"
}
