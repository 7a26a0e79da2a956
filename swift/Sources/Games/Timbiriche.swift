// Dots and boxes (timbiriche): draw lines between dots; whoever closes a
// box takes it and draws again.
import CGames

/// A line between two neighbouring dots. A horizontal line at (`row`, `col`)
/// joins dots (row, col) and (row, col + 1); a vertical one joins (row, col)
/// and (row + 1, col). Its text is the dot notation, e.g. "a1-b1"; a line
/// that lies on no board (off the largest, 6×6 boxes; a negative row) is
/// written as its Swift value with the caller's numbers,
/// "TimbiricheLine(.vertical, row: -1, col: 0)". `Codable` as
/// `{"orientation": "vertical", "row": 1, "col": 2}`.
public struct TimbiricheLine: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A line's direction.
    public enum Orientation: String, Sendable, Hashable, Codable {
        /// Left to right.
        case horizontal
        /// Top to bottom.
        case vertical
    }

    /// Its direction.
    public var orientation: Orientation
    /// The row of its first dot, from 0.
    public var row: Int
    /// The column of its first dot, from 0.
    public var col: Int

    /// The line from dot (`row`, `col`) in `orientation`.
    public init(_ orientation: Orientation, row: Int, col: Int) {
        self.orientation = orientation
        self.row = row
        self.col = col
    }

    init(_ c: games_timbiriche_line) {
        self.init(
            c.orientation == UInt32(GAMES_TIMBIRICHE_VERTICAL) ? .vertical : .horizontal,
            row: Int(c.row), col: Int(c.col))
    }

    /// The C line, or nil when the row or column does not fit a `uint32_t`.
    var c: games_timbiriche_line? { try? checkedC() }

    /// The C line, or an error (`.invalidParameter` unless `code` says
    /// otherwise) naming a row or column C cannot hold (below 0 or above
    /// `UInt32.max`), before any C call.
    func checkedC(code: GamesError.Code = .invalidParameter) throws(GamesError) -> games_timbiriche_line {
        games_timbiriche_line(
            orientation: orientation == .vertical
                ? UInt32(GAMES_TIMBIRICHE_VERTICAL) : UInt32(GAMES_TIMBIRICHE_HORIZONTAL),
            row: try checkedU32(row, "row", code: code), col: try checkedU32(col, "column", code: code))
    }

    /// The line in words, for refusals: "the vertical line at row 0, column 2".
    var words: String { "the \(orientation) line at row \(row), column \(col)" }

    /// The dot notation, "a1-b1"; a line on no board (off the largest, 6×6
    /// boxes, or with a negative row or column) is its Swift value with the
    /// caller's numbers, "TimbiricheLine(.horizontal, row: 9, col: 0)".
    public var description: String {
        if let c, let text = readWrittenText({ games_timbiriche_line_to_string(c, $0, $1, $2) }) {
            return text
        }
        return "TimbiricheLine(.\(orientation), row: \(row), col: \(col))"
    }

    /// The line with flat index `index` on a board of `rows`×`cols` boxes:
    /// the horizontal lines first, row by row, then the vertical ones (the
    /// order of `games_timbiriche_line_at`).
    init?(index: Int, rows: Int, cols: Int) {
        let horizontal = (rows + 1) * cols
        if index < 0 || index >= horizontal + rows * (cols + 1) || cols < 1 { return nil }
        if index < horizontal {
            self.init(.horizontal, row: index / cols, col: index % cols)
        } else {
            let v = index - horizontal
            self.init(.vertical, row: v / (cols + 1), col: v % (cols + 1))
        }
    }
}

/// A connected group of open boxes (two open boxes are connected when the
/// line between them is undrawn): a chain, a loop or another group. Once no
/// safe line is left, every group is a chain or a loop, and counting them
/// is the endgame of dots and boxes.
public struct TimbiricheComponent: Sendable, Hashable {
    /// The shape of a group.
    public enum Kind: Sendable, Hashable {
        /// A row of boxes with two ends (1 or 2 boxes short, 3 or more long).
        case chain
        /// A chain closed on itself.
        case loop
        /// Any other group (one with a box of three or four open sides).
        case other
    }

    /// Its shape.
    public var kind: Kind
    /// Boxes in it.
    public var length: Int
    /// Whether a box of it has three sides drawn (can be taken now).
    public var capturable: Bool

    /// A group of `length` boxes of `kind`.
    public init(kind: Kind, length: Int, capturable: Bool) {
        self.kind = kind
        self.length = length
        self.capturable = capturable
    }

    init(_ c: games_timbiriche_component) {
        let kind: Kind
        switch c.kind {
        case UInt32(GAMES_TIMBIRICHE_CHAIN): kind = .chain
        case UInt32(GAMES_TIMBIRICHE_LOOP): kind = .loop
        default: kind = .other
        }
        self.init(kind: kind, length: Int(c.length), capturable: c.capturable)
    }

    /// A long chain: a chain of 3 boxes or more (loops do not count).
    public var isLongChain: Bool { kind == .chain && length >= 3 }
}

/// The verdict on a learner's line in a lesson.
public struct TimbiricheLessonCheck: Sendable, Hashable {
    /// Whether the line met the lesson's goal.
    public var met: Bool
    /// Why, in one or two sentences.
    public var explanation: String
}

/// One of the five "Learn" lessons (draw a line; take a box and move
/// again; one line closing two boxes; avoid the 3rd side; the
/// double-cross): a small position with the learner to move, its title and
/// goal, and the check of the learner's line. Read from the engine, so
/// every host teaches the same thing.
public struct TimbiricheLesson: Sendable, Hashable {
    /// How many lessons there are, numbered from 0 in teaching order.
    public static let count = Int(GAMES_TIMBIRICHE_LESSONS)

    /// Every lesson, in teaching order. Throws only for a library of
    /// another C ABI (`.unsupportedVersion`).
    public static func all() throws(GamesError) -> [TimbiricheLesson] {
        var lessons: [TimbiricheLesson] = []
        for index in 0..<count { lessons.append(try TimbiricheLesson(index)) }
        return lessons
    }

    /// Its number, from 0.
    public let index: Int
    /// Its short title.
    public let title: String
    /// Its goal, in words.
    public let goal: String
    /// Rows and columns of boxes of its board.
    public let rows: Int, cols: Int
    /// The learner (the player to move).
    public let toMove: Player
    /// Points of each player on its board.
    public let pointsFirst: Int, pointsSecond: Int
    /// The lines drawn on its board, in line index order.
    public let drawnLines: [TimbiricheLine]
    /// Each box's owner, row by row (nil: not taken yet).
    public let owners: [Player?]

    /// Lesson number `index` (0 to `count` - 1); another number throws
    /// `.invalidParameter` naming it, a library of another C ABI
    /// `.unsupportedVersion`.
    public init(_ index: Int) throws(GamesError) {
        if let mismatch = abiMismatch() { throw mismatch }
        guard (0..<Self.count).contains(index) else {
            throw GamesError(
                code: .invalidParameter,
                message: "lesson \(index) is not one of the lessons 0 to \(Self.count - 1)")
        }
        let i = UInt32(index)
        var info = games_timbiriche_lesson_info()
        try lessonCheck(games_timbiriche_lesson_get_info(i, &info))
        let title = try readTextChecked({ "" }) {
            games_timbiriche_lesson_text(i, UInt32(GAMES_TIMBIRICHE_LESSON_TITLE), $0, $1, $2)
        }
        let goal = try readTextChecked({ "" }) {
            games_timbiriche_lesson_text(i, UInt32(GAMES_TIMBIRICHE_LESSON_GOAL), $0, $1, $2)
        }
        let drawn = try readListChecked(UInt8(0), { "" }) {
            games_timbiriche_lesson_drawn(i, $0, $1, $2)
        }
        let owners = try readListChecked(UInt32(0), { "" }) {
            games_timbiriche_lesson_owners(i, $0, $1, $2)
        }
        let rows = Int(info.rows), cols = Int(info.cols)
        self.index = index
        self.title = title
        self.goal = goal
        self.rows = rows
        self.cols = cols
        self.toMove = Player(c: info.to_move) ?? .first
        self.pointsFirst = Int(info.points_first)
        self.pointsSecond = Int(info.points_second)
        self.drawnLines = drawn.indices.filter { drawn[$0] != 0 }.compactMap {
            TimbiricheLine(index: $0, rows: rows, cols: cols)
        }
        self.owners = owners.map { Player(c: $0) }
    }

    /// Checks the learner's `line` against the goal: whether it met it, and
    /// why. A line off the lesson's board, or one already drawn, is not an
    /// error: the explanation says so. A row or column C cannot hold
    /// (below 0 or above `UInt32.max`) throws `.invalidParameter` naming it.
    public func check(_ line: TimbiricheLine) throws(GamesError) -> TimbiricheLessonCheck {
        if let mismatch = abiMismatch() { throw mismatch }
        let c = try line.checkedC()
        var met = false
        let explanation = try readTextChecked({ "" }) {
            games_timbiriche_lesson_check(UInt32(index), c, &met, $0, $1, $2)
        }
        return TimbiricheLessonCheck(met: met, explanation: explanation)
    }
}

/// Throws the code's own sentence for a lesson call that failed (lesson
/// calls have no handle, so no last error).
private func lessonCheck(_ result: UInt32) throws(GamesError) {
    guard result != GAMES_RESULT_OK.rawValue else { return }
    throw GamesError(code: .init(rawValue: result), message: resultText(result))
}

/// The AI levels of dots and boxes.
public enum TimbiricheLevel: String, Sendable, Hashable, CaseIterable, Codable {
    /// Almost always takes an available box, but now and then (seeded)
    /// gives a box its third side.
    case easy
    /// Never gives a third side while a safe line exists; gives the fewest
    /// boxes when it must.
    case medium
    /// Counts chains, knows the double-cross, and plays the endgame exactly.
    case hard

    var c: UInt32 {
        switch self {
        case .easy: UInt32(GAMES_TIMBIRICHE_LEVEL_EASY)
        case .medium: UInt32(GAMES_TIMBIRICHE_LEVEL_MEDIUM)
        case .hard: UInt32(GAMES_TIMBIRICHE_LEVEL_HARD)
        }
    }
}

/// How a game (or match) of dots and boxes ended, or is decided.
public enum TimbiricheResult: String, Sendable, Hashable, Codable {
    /// Not over (or not decided) yet.
    case none
    /// The first player wins.
    case firstWins
    /// The second player wins.
    case secondWins
    /// Equal points.
    case draw

    init(_ value: UInt32) {
        switch value {
        case UInt32(GAMES_TIMBIRICHE_RESULT_FIRST_WINS): self = .firstWins
        case UInt32(GAMES_TIMBIRICHE_RESULT_SECOND_WINS): self = .secondWins
        case UInt32(GAMES_TIMBIRICHE_RESULT_DRAW): self = .draw
        default: self = .none
        }
    }
}

/// Options of a new game of dots and boxes.
public struct TimbiricheOptions: Sendable, Hashable, Codable {
    /// What each box is worth. `Codable` as `{"kind": "standard"}`,
    /// `{"kind": "explicit", "values": [1, 2, 3, ...]}` or
    /// `{"kind": "seeded", "seed": 7}`.
    public enum Values: Sendable, Hashable, Codable {
        /// One point each.
        case standard
        /// One value (1 to 3) per box, row by row.
        case explicit([UInt8])
        /// Values from 1 to 3 laid out from a seed.
        case seeded(UInt64)

        private enum CodingKeys: String, CodingKey {
            /// The JSON field names.
            case kind, values, seed
        }

        /// Reads the JSON `encode(to:)` writes; another `kind` throws
        /// `DecodingError`.
        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            switch try fields.decode(String.self, forKey: .kind) {
            case "standard": self = .standard
            case "explicit": self = .explicit(try fields.decode([UInt8].self, forKey: .values))
            case "seeded": self = .seeded(try fields.decode(UInt64.self, forKey: .seed))
            case let other:
                throw DecodingError.dataCorruptedError(
                    forKey: .kind, in: fields,
                    debugDescription: "\"\(other)\" is not standard, explicit or seeded")
            }
        }

        /// Writes `{"kind": ...}` with the values or the seed; throws only
        /// what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var fields = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .standard: try fields.encode("standard", forKey: .kind)
            case .explicit(let values):
                try fields.encode("explicit", forKey: .kind)
                try fields.encode(values, forKey: .values)
            case .seeded(let seed):
                try fields.encode("seeded", forKey: .kind)
                try fields.encode(seed, forKey: .seed)
            }
        }
    }

    /// Who draws first.
    public enum Start: String, Sendable, Hashable, Codable {
        /// The first player, every game.
        case first
        /// The second player, every game.
        case second
        /// Alternating from game to game of a match.
        case alternating
    }

    /// Rows of boxes, 1 to 6.
    public var rows: Int = 3
    /// Columns of boxes, 1 to 6.
    public var cols: Int = 3
    /// Misère: whoever has more points loses.
    public var misere = false
    /// The boxes' values.
    public var values: Values = .standard
    /// 1 for a single game, 3 or 5 for a match (points summed).
    public var games = 1
    /// Who draws first.
    public var start: Start = .first
    /// The seed of the AI's random choices.
    public var seed: UInt64 = 1

    /// The defaults: 3×3 boxes, standard values, one game, the first player
    /// starts, seed 1.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        /// The JSON field names: the properties' names.
        case rows, cols, misere, values, games, start, seed
    }

    /// Options stored as JSON: a field that is missing (settings stored
    /// before it existed, or written by hand, `{"rows": 5, "cols": 5}`)
    /// keeps its default. A field of the wrong type throws
    /// `DecodingError`; the values themselves are checked when a game is
    /// made.
    public init(from decoder: any Decoder) throws {
        self.init()
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        rows = try fields.decodeIfPresent(Int.self, forKey: .rows) ?? rows
        cols = try fields.decodeIfPresent(Int.self, forKey: .cols) ?? cols
        misere = try fields.decodeIfPresent(Bool.self, forKey: .misere) ?? misere
        values = try fields.decodeIfPresent(Values.self, forKey: .values) ?? values
        games = try fields.decodeIfPresent(Int.self, forKey: .games) ?? games
        start = try fields.decodeIfPresent(Start.self, forKey: .start) ?? start
        seed = try fields.decodeIfPresent(UInt64.self, forKey: .seed) ?? seed
    }
}

/// Everything a dots-and-boxes screen shows besides the board, read at
/// once. `Codable` as a snapshot to show again; a game to play on is
/// brought back from its `save()`.
public struct TimbiricheState: Sendable, Hashable, Codable {
    /// Rows and columns of boxes.
    public var rows: Int, cols: Int
    /// Whether the variant is misère.
    public var misere: Bool
    /// Whose turn it is.
    public var toMove: Player
    /// Points in this game.
    public var pointsFirst: Int, pointsSecond: Int
    /// Lines drawn, and lines on the board.
    public var linesDrawn: Int, linesTotal: Int
    /// Boxes the last line completed (then the same player drew again).
    public var lastMoveCompleted: Int
    /// Whether every line is drawn.
    public var isOver: Bool
    /// The result of this game once over.
    public var result: TimbiricheResult
    /// The result as soon as it is decided (before the last lines).
    public var decided: TimbiricheResult
    /// Hints left in this game (3 per game, the first free).
    public var hintsLeft: Int
    /// Whether the next hint is the free one.
    public var nextHintFree: Bool
    /// Whether undo was used in this game.
    public var undoUsed: Bool
    /// Whether `undo()` / `redo()` would do something.
    public var canUndo: Bool, canRedo: Bool
    /// Games in the match, and the one being played (from 0).
    public var games: Int, gameIndex: Int
    /// Points over the match.
    public var totalFirst: Int, totalSecond: Int
    /// The result of the whole match.
    public var matchResult: TimbiricheResult
}

/// "What would a master play?": a line and why.
public struct TimbiricheHint: Sendable, Hashable {
    /// The line a master would draw.
    public var line: TimbiricheLine
    /// Whether `margin` is proven by the exact solver.
    public var proven: Bool
    /// With `proven`: the final margin for the player to move.
    public var margin: Int
    /// Whether this hint was the free one.
    public var wasFree: Bool
    /// Hints left after this one.
    public var hintsLeft: Int
    /// The reason, in words.
    public var sentence: String
}

/// Why the last call on a dots-and-boxes game was refused
/// (`games_timbiriche_last_error_code`).
public enum TimbiricheRefusal: UInt32, Sendable, Hashable {
    /// Nothing was refused.
    case none = 0
    /// Every line is drawn.
    case gameOver
    /// The line is not on this board.
    case offBoard
    /// The line is already drawn.
    case alreadyDrawn
    /// The text is not a line in dot notation.
    case badNotation
    /// A refusal that is not about a line.
    case other
}

/// A game (or a match of 3 or 5 games) of dots and boxes with its history.
/// It owns its C handle and frees it in `deinit`. Calls from several
/// threads are safe: they take turns.
public final class TimbiricheGame: Sendable {
    let handle: Handle

    /// A new game with `options`; bad options throw `.invalidParameter` whose
    /// message names them ("a match is 3 or 5 games, not 4"; rows, columns
    /// or games below 0 or above `UInt32.max` before the library is called).
    public init(_ options: TimbiricheOptions = TimbiricheOptions()) throws(GamesError) {
        var c = games_timbiriche_options()
        _ = games_timbiriche_options_default(&c)
        c.rows = try checkedU32(options.rows, "rows")
        c.cols = try checkedU32(options.cols, "columns")
        c.misere = options.misere
        c.games = try checkedU32(options.games, "games")
        c.seed = options.seed
        switch options.start {
        case .first: c.start = UInt32(GAMES_TIMBIRICHE_START_FIRST)
        case .second: c.start = UInt32(GAMES_TIMBIRICHE_START_SECOND)
        case .alternating: c.start = UInt32(GAMES_TIMBIRICHE_START_ALTERNATING)
        }
        var explicit: [UInt8] = []
        switch options.values {
        case .standard: c.values_kind = UInt32(GAMES_TIMBIRICHE_VALUES_STANDARD)
        case .explicit(let values):
            c.values_kind = UInt32(GAMES_TIMBIRICHE_VALUES_EXPLICIT)
            explicit = values
        case .seeded(let seed):
            c.values_kind = UInt32(GAMES_TIMBIRICHE_VALUES_SEEDED)
            c.values_seed = seed
        }
        let options = c
        let values = explicit
        /// `call` with the C options, their values pointing into `values`.
        func withOptions(_ call: (UnsafePointer<games_timbiriche_options>) -> UInt32) -> UInt32 {
            values.withUnsafeBufferPointer { buf in
                var o = options
                o.values = buf.baseAddress
                o.values_len = buf.count
                return call(&o)
            }
        }
        handle = try Handle(create: { out in
            withOptions { games_timbiriche_new($0, out) }
        }, reason: { text, cap, len in
            withOptions { games_timbiriche_new_reason($0, text, cap, len) }
        }, free: { games_timbiriche_free($0) })
    }

    /// The game saved by `save()`; bad bytes throw `.invalidData` (or
    /// `.unsupportedVersion`), the message saying why.
    public init(saved: [UInt8]) throws(GamesError) {
        handle = try Handle(create: { out in
            saved.withUnsafeBufferPointer { games_timbiriche_load($0.baseAddress, $0.count, out) }
        }, reason: { text, cap, len in
            saved.withUnsafeBufferPointer { games_timbiriche_load_reason($0.baseAddress, $0.count, text, cap, len) }
        }, free: { games_timbiriche_free($0) })
    }

    private init(handle: Handle) { self.handle = handle }

    /// An independent copy (its table limit too). Throws only if the
    /// library cannot make it (`.poisoned` after an engine panic).
    public func copy() throws(GamesError) -> TimbiricheGame {
        let made = try handle.read { (h) throws(GamesError) in
            try Handle(create: { games_timbiriche_clone(h, $0) }, free: { games_timbiriche_free($0) })
        }
        return TimbiricheGame(handle: made)
    }

    /// The state, read at once.
    public var state: TimbiricheState {
        handle.get { h in
            var s = games_timbiriche_state()
            _ = games_timbiriche_get_state(h, &s)
            return TimbiricheState(
                rows: Int(s.rows), cols: Int(s.cols), misere: s.misere,
                toMove: Player(c: s.to_move) ?? .first,
                pointsFirst: Int(s.points_first), pointsSecond: Int(s.points_second),
                linesDrawn: Int(s.lines_drawn), linesTotal: Int(s.lines_total),
                lastMoveCompleted: Int(s.last_move_completed),
                isOver: s.game_over, result: TimbiricheResult(s.result),
                decided: TimbiricheResult(s.decided),
                hintsLeft: Int(s.hints_left), nextHintFree: s.next_hint_free,
                undoUsed: s.undo_used, canUndo: s.can_undo, canRedo: s.can_redo,
                games: Int(s.games), gameIndex: Int(s.game_index),
                totalFirst: Int(s.total_first), totalSecond: Int(s.total_second),
                matchResult: TimbiricheResult(s.match_result))
        }
    }

    /// The lines that may be drawn now, in line index order.
    public var legalLines: [TimbiricheLine] { lines(UInt32(GAMES_TIMBIRICHE_LINES_LEGAL)) }

    /// The legal lines that give no box away.
    public var safeLines: [TimbiricheLine] { lines(UInt32(GAMES_TIMBIRICHE_LINES_SAFE)) }

    /// The lines drawn so far, in line index order.
    public var drawnLines: [TimbiricheLine] {
        handle.get { h in
            let drawn = readList(UInt8(0)) { games_timbiriche_drawn(h, $0, $1, $2) }
            return drawn.indices.filter { drawn[$0] != 0 }.compactMap { index in
                var line = games_timbiriche_line()
                let result = games_timbiriche_line_at(h, UInt32(index), &line)
                return result == GAMES_RESULT_OK.rawValue ? TimbiricheLine(line) : nil
            }
        }
    }

    /// Each box's owner, row by row (nil: not taken yet).
    public var owners: [Player?] {
        handle.get { h in readList(UInt32(0)) { games_timbiriche_owners(h, $0, $1, $2) } }
            .map { Player(c: $0) }
    }

    /// Each box's value, row by row.
    public var boxValues: [Int] {
        handle.get { h in readList(UInt8(0)) { games_timbiriche_box_values(h, $0, $1, $2) } }
            .map(Int.init)
    }

    /// Sides drawn around each box (0 to 4), row by row.
    public var sides: [Int] {
        handle.get { h in readList(UInt8(0)) { games_timbiriche_sides(h, $0, $1, $2) } }
            .map(Int.init)
    }

    /// The chains, loops and other groups of the open boxes, in order of
    /// their first box (row by row); none once every box is taken.
    public var components: [TimbiricheComponent] {
        handle.get { h in
            readList(games_timbiriche_component()) { games_timbiriche_components(h, $0, $1, $2) }
        }.map(TimbiricheComponent.init)
    }

    /// The flat index of `line` on this board (0 to `state.linesTotal` - 1):
    /// the horizontal lines first, row by row, then the vertical ones. A line
    /// off the board throws `.invalidParameter` naming it.
    public func index(of line: TimbiricheLine) throws(GamesError) -> Int {
        let c = try line.checkedC()
        return try handle.read { (h) throws(GamesError) in
            var index: UInt32 = 0
            // A const call: it records no last error, so the reason is said here.
            try check(games_timbiriche_line_index(h, c, &index)) { offBoard(h, line) }
            return Int(index)
        }
    }

    /// The dot notation of `line` on this board ("a1-b1"), the text
    /// `play(_:)` reads; a line off the board throws `.invalidParameter`
    /// naming it.
    public func text(of line: TimbiricheLine) throws(GamesError) -> String {
        let c = try line.checkedC()
        return try handle.read { (h) throws(GamesError) in
            // A const call: it records no last error, so the reason is said here.
            try readTextChecked({ offBoard(h, line) }) {
                games_timbiriche_move_to_string(h, c, $0, $1, $2)
            }
        }
    }

    private func lines(_ kind: UInt32) -> [TimbiricheLine] {
        handle.get { h in
            readList(games_timbiriche_line()) { games_timbiriche_lines(h, kind, $0, $1, $2) }
        }.map(TimbiricheLine.init)
    }

    /// Reads a line in dot notation ("a1-b1") for this board; bad text throws
    /// `.invalidParameter` with the reason (so does text with a NUL
    /// character, before it reaches the library).
    public func line(_ text: String) throws(GamesError) -> TimbiricheLine {
        try refuseNUL(text, "the line")
        return try handle.read { (h) throws(GamesError) in
            var line = games_timbiriche_line()
            try check(games_timbiriche_parse_line(h, text, &line)) { lastError(h) }
            return TimbiricheLine(line)
        }
    }

    /// Draws `line` and returns the boxes it took (0, 1 or 2; then the same
    /// player draws again). An illegal line throws `.illegalMove` (`.gameOver`)
    /// and changes nothing; a row or column below 0 or above `UInt32.max`
    /// throws `.illegalMove` naming it before the library is called
    /// (`lastRefusal` is then not changed).
    @discardableResult
    public func play(_ line: TimbiricheLine) throws(GamesError) -> Int {
        let c = try line.checkedC(code: .illegalMove)
        return try handle.with { (h) throws(GamesError) in
            var completed: UInt32 = 0
            try check(games_timbiriche_play(h, c, &completed)) { lastError(h) }
            return Int(completed)
        }
    }

    /// Draws a line written in dot notation, e.g. "a1-b1". Text with a NUL
    /// character throws `.invalidParameter` before it reaches the library.
    @discardableResult
    public func play(_ text: String) throws(GamesError) -> Int {
        try refuseNUL(text, "the line")
        return try handle.with { (h) throws(GamesError) in
            var completed: UInt32 = 0
            try check(games_timbiriche_play_notation(h, text, &completed)) { lastError(h) }
            return Int(completed)
        }
    }

    /// Why the last call was refused (`.none` after a success).
    public var lastRefusal: TimbiricheRefusal {
        handle.get { h in refusal(or: TimbiricheRefusal.other) { games_timbiriche_last_error_code(h, $0) } }
    }

    /// The AI's line at `level` (not drawn). `cancel` stops it early from
    /// another thread. Throws `.gameOver` once every line is drawn.
    public func aiMove(
        level: TimbiricheLevel, budget: Budget = .default, cancel: CancelToken? = nil
    ) throws(GamesError) -> TimbiricheLine {
        try handle.with { (h) throws(GamesError) in
            try Self.aiMove(h, level: level, budget: budget, cancel: cancel)
        }
    }

    /// The search behind both `aiMove`s, on handle `h`.
    private static func aiMove(
        _ h: OpaquePointer, level: TimbiricheLevel, budget: Budget, cancel: CancelToken?
    ) throws(GamesError) -> TimbiricheLine {
        var line = games_timbiriche_line()
        let result = budget.withC {
            games_timbiriche_ai_move(h, level.c, $0, cancel?.handle, &line)
        }
        try check(result) { lastError(h) }
        return TimbiricheLine(line)
    }

    /// The AI's line, searched on a background thread; cancelling the task
    /// stops the search with its best line so far. Throws as the blocking
    /// `aiMove` does.
    /// The search runs on a copy, so other calls on the game (`state`,
    /// moves, saves) go on while it runs. If none of them changed the game,
    /// the game then takes the copy's generator and last error, so the move
    /// and every later one are those of the blocking call; if one did (a
    /// move, an undo, another AI call), the search starts again on a copy
    /// of the game as it is then and answers for that position (after three
    /// such starts it runs on the game itself, holding it).
    public func aiMove(
        level: TimbiricheLevel, budget: Budget = .default, cancel: CancelToken? = nil
    ) async throws(GamesError) -> TimbiricheLine {
        try await searchInBackground(cancel: cancel) { (token) throws(GamesError) in
            try self.handle.detached(clone: { games_timbiriche_clone($0, $1) }) { (h) throws(GamesError) in
                try Self.aiMove(h, level: level, budget: budget, cancel: token)
            }
        }
    }

    /// The most memory, in bytes, the table of each of Hard's proofs may use
    /// (`aiMove` at Hard and `hint`; default 32 MiB). The table is allocated
    /// for each proof and never bigger than the budget can fill, so a larger
    /// limit only matters with a budget above about 2 million nodes; a
    /// smaller one saves memory on small devices. It belongs to this object:
    /// a `copy()` keeps it, a save does not hold it.
    public var tableLimit: Int {
        handle.get { h in
            var bytes = 0
            _ = games_timbiriche_table_limit(h, &bytes)
            return bytes
        }
    }

    /// Sets `tableLimit`. Less than 64 KiB throws `.invalidParameter` and
    /// changes nothing (the library refuses it; a negative count would reach
    /// C as a huge `size_t`, so it is refused here).
    public func setTableLimit(_ bytes: Int) throws(GamesError) {
        guard bytes >= 0 else {
            throw GamesError(
                code: .invalidParameter, message: "a table limit of \(bytes) bytes is below 65536")
        }
        try handle.with { (h) throws(GamesError) in
            try check(games_timbiriche_set_table_limit(h, bytes)) { lastError(h) }
        }
    }

    /// Takes a hint (3 per game, the first free). Throws
    /// `.invalidParameter` when none is left ("no hints left in this
    /// game"), `.gameOver` once every line is drawn.
    public func hint(budget: Budget = .default, cancel: CancelToken? = nil) throws(GamesError)
        -> TimbiricheHint
    {
        try handle.with { (h) throws(GamesError) in try Self.hint(h, budget: budget, cancel: cancel) }
    }

    /// The search behind both `hint`s, on handle `h`.
    private static func hint(
        _ h: OpaquePointer, budget: Budget, cancel: CancelToken?
    ) throws(GamesError) -> TimbiricheHint {
        var hint = games_timbiriche_hint()
        let result = budget.withC { games_timbiriche_take_hint(h, $0, cancel?.handle, &hint) }
        try check(result) { lastError(h) }
        let sentence = readText { games_timbiriche_hint_sentence(h, $0, $1, $2) }
        return TimbiricheHint(
            line: TimbiricheLine(hint.line), proven: hint.proven, margin: Int(hint.margin),
            wasFree: hint.free, hintsLeft: Int(hint.left), sentence: sentence)
    }

    /// The hint, searched on a background thread and on a copy of the game,
    /// as the `async` `aiMove` is; cancelling the task stops the search with
    /// its best line so far. Throws as the blocking `hint` does. The game
    /// counts the hint when it takes the copy back (after a call that
    /// changed the game meanwhile, the search starts again, as `aiMove`'s
    /// does, and only the hint it keeps is counted).
    public func hint(budget: Budget = .default, cancel: CancelToken? = nil) async throws(GamesError)
        -> TimbiricheHint
    {
        try await searchInBackground(cancel: cancel) { (token) throws(GamesError) in
            try self.handle.detached(clone: { games_timbiriche_clone($0, $1) }) { (h) throws(GamesError) in
                try Self.hint(h, budget: budget, cancel: token)
            }
        }
    }

    /// Takes back the last line (any number of times); throws
    /// `.nothingToUndo` when there is none.
    public func undo() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in
            try check(games_timbiriche_undo(h)) { lastError(h) }
        }
    }

    /// Draws the last undone line again; throws `.nothingToRedo` when
    /// there is none.
    public func redo() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in
            try check(games_timbiriche_redo(h)) { lastError(h) }
        }
    }

    /// Starts the next game of a match once this one is over; throws
    /// `.roundNotOver` while it is not, `.matchOver` after the last game
    /// (and for a single game).
    public func nextGame() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in
            try check(games_timbiriche_next_game(h)) { lastError(h) }
        }
    }

    /// The game as bytes, for `init(saved:)`. Throws only after an engine
    /// panic (`.poisoned`).
    public func save() throws(GamesError) -> [UInt8] {
        try handle.read { (h) throws(GamesError) in
            try readBytes({ lastError(h) }) { games_timbiriche_save(h, $0, $1, $2) }
        }
    }
}

private func lastError(_ h: OpaquePointer) -> String {
    readText { games_timbiriche_last_error(h, $0, $1, $2) }
}

/// Why `line` has no index on the board of game `h`.
private func offBoard(_ h: OpaquePointer, _ line: TimbiricheLine) -> String {
    var s = games_timbiriche_state()
    _ = games_timbiriche_get_state(h, &s)
    return "\(line.words) is off this board of \(s.rows)×\(s.cols) boxes"
}
