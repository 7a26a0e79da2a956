// Backgammon without the doubling cube.
import CGames

/// One checker moved by one die. Points are numbered from the side of the
/// player who moves: 1 to 24, `BackgammonStep.bar` (25) is the bar and
/// `BackgammonStep.off` (0) is borne off.
public struct BackgammonStep: Sendable, Hashable, Codable {
    /// The bar, as a point number.
    public static let bar = Int(GAMES_BACKGAMMON_BAR)
    /// Borne off, as a point number.
    public static let off = Int(GAMES_BACKGAMMON_OFF)

    /// Where the checker starts.
    public var from: Int
    /// Where it lands.
    public var to: Int
    /// Whether it hits a blot there.
    public var hit: Bool

    /// A step from `from` to `to`.
    public init(from: Int, to: Int, hit: Bool = false) {
        self.from = from
        self.to = to
        self.hit = hit
    }

    init(_ c: games_backgammon_step) { self.init(from: Int(c.from), to: Int(c.to), hit: c.hit) }

    /// The C step, or nil when a point does not fit a `uint8_t` (0 to 255).
    var c: games_backgammon_step? {
        guard let from = UInt8(exactly: from), let to = UInt8(exactly: to) else { return nil }
        return games_backgammon_step(from: from, to: to, hit: hit)
    }

    /// The step as Swift writes it, for a play the notation cannot write:
    /// "BackgammonStep(from: 26, to: 3)" (", hit: true" when it hits).
    var swiftText: String {
        "BackgammonStep(from: \(from), to: \(to)\(hit ? ", hit: true" : ""))"
    }
}

/// A whole play for one roll: its steps in a legal order (none when the roll
/// cannot be used). Its text is the usual notation, e.g. "24/18 13/11"; a
/// play no roll can make (more than four steps, a point off the board) is
/// written as its Swift value with the caller's numbers,
/// "BackgammonPlay(steps: [BackgammonStep(from: 26, to: 3)])". `Codable`
/// as `{"steps": [{"from": 8, "to": 5, "hit": false}]}`.
public struct BackgammonPlay: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The steps, at most four.
    public var steps: [BackgammonStep]

    /// A play of these steps.
    public init(steps: [BackgammonStep]) { self.steps = steps }

    init(_ c: games_backgammon_move) {
        let count = Int(min(c.step_count, UInt32(GAMES_BACKGAMMON_MAX_STEPS)))
        steps = withUnsafeBytes(of: c.steps) { raw in
            Array(raw.bindMemory(to: games_backgammon_step.self).prefix(count)).map(BackgammonStep.init)
        }
    }

    /// The C play, or nil when it has more than four steps or a point that
    /// does not fit a `uint8_t`.
    var c: games_backgammon_move? { try? checkedC() }

    /// The C play, or `.invalidParameter` (what the library answers for a
    /// play of bad points) naming the step count or the point, before any
    /// C call.
    func checkedC() throws(GamesError) -> games_backgammon_move {
        let most = Int(GAMES_BACKGAMMON_MAX_STEPS)
        guard steps.count <= most else {
            throw GamesError(
                code: .invalidParameter,
                message: "a play of \(steps.count) steps is out of range (0 to \(most) steps)")
        }
        var cSteps: [games_backgammon_step] = []
        for (index, step) in steps.enumerated() {
            cSteps.append(
                games_backgammon_step(
                    from: try checkedU8(step.from, "step \(index + 1): from point"),
                    to: try checkedU8(step.to, "step \(index + 1): to point"), hit: step.hit))
        }
        var play = games_backgammon_move()
        play.step_count = UInt32(cSteps.count)
        withUnsafeMutableBytes(of: &play.steps) { raw in
            let slots = raw.bindMemory(to: games_backgammon_step.self)
            for (slot, step) in zip(slots.indices, cSteps) { slots[slot] = step }
        }
        return play
    }

    /// "24/18 13/11", "bar/22*", "6/off", "8/5(2)" ("" for the empty play);
    /// a play the notation cannot write (more than four steps, a point off
    /// the board) is its Swift value with the caller's numbers,
    /// "BackgammonPlay(steps: [BackgammonStep(from: 26, to: 3)])".
    public var description: String {
        if var play = c,
            let text = readWrittenText({ games_backgammon_play_to_string(&play, $0, $1, $2) })
        {
            return text
        }
        return "BackgammonPlay(steps: [\(steps.map(\.swiftText).joined(separator: ", "))])"
    }
}

/// Backgammon's AI levels.
public enum BackgammonLevel: String, Sendable, Hashable, CaseIterable, Codable {
    /// A seeded choice among the plays a simple evaluation does not rate as
    /// clearly bad.
    case easy
    /// The best play for the roll (1-ply).
    case normal
    /// Also averages over the 21 opponent rolls and the best reply to each (2-ply).
    case hard

    var c: UInt32 {
        switch self {
        case .easy: UInt32(GAMES_BACKGAMMON_LEVEL_EASY)
        case .normal: UInt32(GAMES_BACKGAMMON_LEVEL_NORMAL)
        case .hard: UInt32(GAMES_BACKGAMMON_LEVEL_HARD)
        }
    }
}

/// How a finished game was won.
public enum BackgammonWin: Int, Sendable, Hashable, Codable {
    /// One point.
    case single = 1
    /// Two points: the loser had borne off no checker.
    case gammon = 2
    /// Three points: a gammon with a loser's checker on the bar or in the
    /// winner's home board.
    case backgammon = 3
}

/// The state of a backgammon game, read at once. `Codable` as a snapshot to
/// show again; a game to play on is brought back from its `save()`.
public struct BackgammonState: Sendable, Hashable, Codable {
    /// The player on roll (nil once the game is over).
    public var toMove: Player?
    /// The dice of this turn, once rolled.
    public var dice: (Int, Int)? { die1 == 0 ? nil : (die1, die2) }
    var die1: Int, die2: Int
    /// Numbers of the roll not yet used by the steps of the turn in progress.
    public var diceLeft: [Int]
    /// Steps made in the turn in progress.
    public var stepsMade: Int
    /// Whether those steps form a complete legal play (`commitTurn()`).
    public var turnComplete: Bool
    /// Number of legal plays for the roll (0 without dice).
    public var legalPlayCount: Int
    /// Pip counts.
    public var pipsFirst: Int, pipsSecond: Int
    /// Checkers on the bar.
    public var barFirst: Int, barSecond: Int
    /// Checkers borne off.
    public var offFirst: Int, offSecond: Int
    /// The winner once the game is over.
    public var winner: Player?
    /// How the game was won, once over.
    public var win: BackgammonWin?
    /// Turns played (automatic passes included).
    public var turnsPlayed: Int
    /// Whether the game is over.
    public var isOver: Bool { winner != nil }
}

/// One turn of a backgammon game's history: who rolled what, and the play.
public struct BackgammonTurn: Sendable, Hashable, Codable {
    /// Who played.
    public var player: Player
    /// The first die.
    public var die1: Int
    /// The second die.
    public var die2: Int
    /// Whether the roll could not be used (the turn passed).
    public var passed: Bool
    /// The play in the notation, e.g. "24/18 13/11" ("" for a pass).
    public var play: String

    /// A turn of `player` with dice `die1`-`die2` and `play` ("" for a pass).
    public init(player: Player, die1: Int, die2: Int, passed: Bool, play: String) {
        self.player = player
        self.die1 = die1
        self.die2 = die2
        self.passed = passed
        self.play = play
    }
}

/// Why the last call on a backgammon game was refused
/// (`games_backgammon_last_error_code`).
public enum BackgammonRefusal: UInt32, Sendable, Hashable {
    /// Nothing was refused.
    case none = 0
    /// The game is over.
    case gameOver
    /// The play or step is not legal with these dice.
    case illegalPlay
    /// The text is not a play in the notation.
    case badNotation
    /// No dice are rolled yet.
    case noDice
    /// The dice are already rolled.
    case diceAlreadyRolled
    /// The turn's steps do not make a complete play yet.
    case incompleteTurn
    /// Dice out of 1 to 6, or a tied opening.
    case badDice
    /// No step to take back.
    case nothingToUndo
    /// A refusal that is not about a move.
    case other
}

/// A backgammon game with seeded dice (or dice from outside). It owns its
/// C handle and frees it in `deinit`. Calls from several threads are safe:
/// they take turns.
public final class BackgammonGame: Sendable {
    let handle: Handle

    /// A new game. The opening roll comes from `seed` unless `opening` gives
    /// each player's die (different, 1 to 6); other dice throw
    /// `.invalidParameter` naming them ("opening dice 3 and 3: ..."; a die
    /// below 0 or above `UInt32.max` before the library is called).
    public init(seed: UInt64 = 1, opening: (first: Int, second: Int)? = nil) throws(GamesError) {
        var options = games_backgammon_options()
        _ = games_backgammon_options_default(&options)
        options.seed = seed
        if let opening {
            options.opening_first = try checkedU32(opening.first, "first player's opening die")
            options.opening_second = try checkedU32(opening.second, "second player's opening die")
        }
        let o = options
        handle = try Handle(create: { out in
            var o = o
            return games_backgammon_new(&o, out)
        }, reason: { text, cap, len in
            var o = o
            return games_backgammon_new_reason(&o, text, cap, len)
        }, free: { games_backgammon_free($0) })
    }

    /// A game from a GNU Backgammon Position ID, `playerOnRoll` to roll; a
    /// bad ID (or one with a NUL character) throws `.invalidParameter`, the
    /// message naming the ID and what is wrong with it.
    public init(positionID: String, playerOnRoll: Player, seed: UInt64 = 1) throws(GamesError) {
        try refuseNUL(positionID, "the Position ID")
        handle = try Handle(create: {
            games_backgammon_new_from_position_id(positionID, playerOnRoll.c, seed, $0)
        }, reason: {
            games_backgammon_new_from_position_id_reason(positionID, playerOnRoll.c, $0, $1, $2)
        }, free: { games_backgammon_free($0) })
    }

    /// A game from an XGID (with its dice when it has a roll); a bad XGID
    /// (or one with a NUL character) throws `.invalidParameter`, the message
    /// naming the XGID and what is wrong with it.
    public init(xgid: String, playerOnRoll: Player, seed: UInt64 = 1) throws(GamesError) {
        try refuseNUL(xgid, "the XGID")
        handle = try Handle(create: {
            games_backgammon_new_from_xgid(xgid, playerOnRoll.c, seed, $0)
        }, reason: {
            games_backgammon_new_from_xgid_reason(xgid, playerOnRoll.c, $0, $1, $2)
        }, free: { games_backgammon_free($0) })
    }

    /// The game saved by `save()`; it is replayed and checked, so bad bytes
    /// throw `.invalidData` (or `.unsupportedVersion`), the message saying
    /// why.
    public init(saved: [UInt8]) throws(GamesError) {
        handle = try Handle(create: { out in
            saved.withUnsafeBufferPointer { games_backgammon_load($0.baseAddress, $0.count, out) }
        }, reason: { text, cap, len in
            saved.withUnsafeBufferPointer { games_backgammon_load_reason($0.baseAddress, $0.count, text, cap, len) }
        }, free: { games_backgammon_free($0) })
    }

    private init(handle: Handle) { self.handle = handle }

    /// An independent copy. Throws only if the library cannot make it
    /// (`.poisoned` after an engine panic).
    public func copy() throws(GamesError) -> BackgammonGame {
        let made = try handle.read { (h) throws(GamesError) in
            try Handle(create: { games_backgammon_clone(h, $0) }, free: { games_backgammon_free($0) })
        }
        return BackgammonGame(handle: made)
    }

    /// The state, read at once.
    public var state: BackgammonState {
        handle.get { h in
            var s = games_backgammon_state()
            _ = games_backgammon_get_state(h, &s)
            let left = withUnsafeBytes(of: s.dice_left) { raw in
                Array(raw.bindMemory(to: UInt32.self).prefix(Int(min(s.dice_left_count, 4))))
            }
            return BackgammonState(
                toMove: Player(c: s.to_move), die1: Int(s.die1), die2: Int(s.die2),
                diceLeft: left.map(Int.init), stepsMade: Int(s.steps_made),
                turnComplete: s.turn_complete, legalPlayCount: Int(s.legal_plays),
                pipsFirst: Int(s.pips_first), pipsSecond: Int(s.pips_second),
                barFirst: Int(s.bar_first), barSecond: Int(s.bar_second),
                offFirst: Int(s.off_first), offSecond: Int(s.off_second),
                winner: s.game_over ? Player(c: s.winner) : nil,
                win: s.game_over ? BackgammonWin(rawValue: Int(s.result_kind)) : nil,
                turnsPlayed: Int(s.turns_played))
        }
    }

    /// Each player's checkers from their own side: index 0 borne off, 1...24
    /// the points, 25 the bar.
    public var board: (first: [Int], second: [Int]) {
        handle.get { h in
            var b = games_backgammon_board()
            _ = games_backgammon_get_board(h, &b)
            let first = withUnsafeBytes(of: b.first) { $0.map { Int($0) } }
            let second = withUnsafeBytes(of: b.second) { $0.map { Int($0) } }
            return (first, second)
        }
    }

    /// Rolls the seeded dice for the player on roll; `passed` when no checker
    /// can move (the turn then passes by itself). Throws `.wrongPhase` when
    /// the dice are already rolled, `.gameOver` once the game is over.
    @discardableResult
    public func roll() throws(GamesError) -> (die1: Int, die2: Int, passed: Bool) {
        try handle.with { (h) throws(GamesError) in
            var d1: UInt32 = 0, d2: UInt32 = 0
            var passed = false
            try check(games_backgammon_roll(h, &d1, &d2, &passed)) { lastError(h) }
            return (Int(d1), Int(d2), passed)
        }
    }

    /// Dice from outside (physical dice, a replay); returns whether the turn
    /// passed. Dice out of 1 to 6 throw `.invalidParameter` naming them (a
    /// die below 0 or above `UInt32.max` before the library is called, so
    /// `lastRefusal` is then not changed); nothing changes.
    @discardableResult
    public func setDice(_ die1: Int, _ die2: Int) throws(GamesError) -> Bool {
        let d1 = try checkedU32(die1, "die")
        let d2 = try checkedU32(die2, "die")
        return try handle.with { (h) throws(GamesError) in
            var passed = false
            let result = games_backgammon_set_dice(h, d1, d2, &passed)
            try check(result) { lastError(h) }
            return passed
        }
    }

    /// Every legal play for the dice rolled (one per distinct resulting position).
    public var legalPlays: [BackgammonPlay] {
        handle.get { h in
            readList(games_backgammon_move()) { games_backgammon_legal_moves(h, $0, $1, $2) }
        }.map(BackgammonPlay.init)
    }

    /// The number of legal plays for the dice rolled (distinct resulting
    /// positions): 0 without dice or once the game is over. Plays are
    /// numbered from 0 in the order of `legalPlays`.
    public var legalPlayCount: Int {
        handle.get { h in
            var count: UInt32 = 0
            _ = games_backgammon_legal_play_count(h, &count)
            return Int(count)
        }
    }

    /// Legal play number `index` (0 to `legalPlayCount` - 1, the order of
    /// `legalPlays`); another index throws `.invalidParameter` naming it.
    public func legalPlay(at index: Int) throws(GamesError) -> BackgammonPlay {
        let i = try checkedU32(index, "legal play")
        return try handle.read { (h) throws(GamesError) in
            var play = games_backgammon_move()
            // A const call: it records no last error, so the reason is said here.
            try check(games_backgammon_legal_play_get(h, i, &play)) { noSuchPlay(h, index) }
            return BackgammonPlay(play)
        }
    }

    /// The notation of legal play number `index`, e.g. "24/18 13/11" (""
    /// when the roll cannot be used); an index past the plays throws
    /// `.invalidParameter` naming it.
    public func legalPlayNotation(at index: Int) throws(GamesError) -> String {
        let i = try checkedU32(index, "legal play")
        return try handle.read { (h) throws(GamesError) in
            try readTextChecked({ noSuchPlay(h, index) }) {
                games_backgammon_legal_play_notation(h, i, $0, $1, $2)
            }
        }
    }

    /// The GNU Backgammon Position ID after legal play number `index`, with
    /// the opponent on roll (what `positionID` gives once it is played); an
    /// index past the plays throws `.invalidParameter` naming it.
    public func legalPlayPositionID(at index: Int) throws(GamesError) -> String {
        let i = try checkedU32(index, "legal play")
        return try handle.read { (h) throws(GamesError) in
            try readTextChecked({ noSuchPlay(h, index) }) {
                games_backgammon_legal_play_position_id(h, i, $0, $1, $2)
            }
        }
    }

    /// Plays a whole move in the notation, e.g. "24/18 13/11"; bad text
    /// throws `.invalidParameter` (text with a NUL character too, before it
    /// reaches the library), an illegal play `.illegalMove`.
    public func play(_ notation: String) throws(GamesError) {
        try refuseNUL(notation, "the play")
        try handle.with { (h) throws(GamesError) in
            try check(games_backgammon_play_notation(h, notation)) { lastError(h) }
        }
    }

    /// Plays a whole move given as steps (from `legalPlays` or `aiMove`). A
    /// play of more than four steps, or with a point below 0 or above 255,
    /// throws `.invalidParameter` naming it before the library is called.
    public func play(_ play: BackgammonPlay) throws(GamesError) {
        let checked = try play.checkedC()
        try handle.with { (h) throws(GamesError) in
            var p = checked
            try check(games_backgammon_play(h, &p)) { lastError(h) }
        }
    }

    /// Points of the checkers that may move now (25 is the bar).
    public var movableCheckers: [Int] {
        handle.get { h in readList(UInt8(0)) { games_backgammon_movable_checkers(h, $0, $1, $2) } }
            .map(Int.init)
    }

    /// Where the checker on `from` (1 to 24, or `BackgammonStep.bar`) may
    /// land now (0 is off); none when no checker there may move. A point
    /// that does not exist (below 0 or above 25) throws `.invalidParameter`
    /// naming it, before the library is called.
    public func destinations(from: Int) throws(GamesError) -> [Int] {
        guard (BackgammonStep.off...BackgammonStep.bar).contains(from) else {
            throw GamesError(
                code: .invalidParameter,
                message: "point \(from) is not a point a checker moves from (1 to 24, or 25 for the bar)")
        }
        let point = UInt32(from)
        return try handle.read { (h) throws(GamesError) in
            // A const call: it records no last error, so the code's own
            // sentence is used.
            try readListChecked(UInt8(0), { "" }) {
                games_backgammon_destinations(h, point, $0, $1, $2)
            }
        }.map(Int.init)
    }

    /// The single checker that can reach the tapped `point` (1 to 24, or
    /// `BackgammonStep.off`) now, by its point (25 is the bar); nil when no
    /// checker or several can. A point above 24 or below 0 throws
    /// `.invalidParameter` naming it.
    public func checker(reaching point: Int) throws(GamesError) -> Int? {
        guard (BackgammonStep.off...24).contains(point) else {
            throw GamesError(
                code: .invalidParameter,
                message: "point \(point) is not a landing point (1 to 24, or 0 for off)")
        }
        return try handle.read { (h) throws(GamesError) in
            var from: UInt32 = 0
            try check(games_backgammon_checker_for_point(h, UInt32(point), &from))
            return from == UInt32(GAMES_BACKGAMMON_NO_POINT) ? nil : Int(from)
        }
    }

    /// Moves one checker by one die (the step-by-step interface); returns
    /// the step with its hit. A step that is not legal now throws
    /// `.illegalMove`; so does a point below 0 or above `UInt32.max`,
    /// naming it, before the library is called.
    @discardableResult
    public func step(from: Int, to: Int) throws(GamesError) -> BackgammonStep {
        let cFrom = try checkedU32(from, "from point", code: .illegalMove)
        let cTo = try checkedU32(to, "to point", code: .illegalMove)
        return try handle.with { (h) throws(GamesError) in
            var s = games_backgammon_step()
            let result = games_backgammon_step_play(h, cFrom, cTo, &s)
            try check(result) { lastError(h) }
            return BackgammonStep(s)
        }
    }

    /// Why the last call was refused (`.none` after a success).
    public var lastRefusal: BackgammonRefusal {
        handle.get { h in refusal(or: BackgammonRefusal.other) { games_backgammon_last_error_code(h, $0) } }
    }

    /// Takes back the last step of the turn in progress; throws
    /// `.nothingToUndo` when there is none.
    public func undoStep() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in
            try check(games_backgammon_step_undo(h)) { lastError(h) }
        }
    }

    /// Commits the turn once its steps form a complete legal play. Throws
    /// `.wrongPhase` for an incomplete turn or before the dice, `.gameOver`
    /// once the game is over; nothing changes then.
    public func commitTurn() throws(GamesError) {
        try handle.with { (h) throws(GamesError) in
            try check(games_backgammon_turn_commit(h)) { lastError(h) }
        }
    }

    /// The AI's play at `level` for the dice rolled (not played). `cancel`
    /// stops it early from another thread. Throws `.wrongPhase` before the
    /// dice are rolled, `.gameOver` once the game is over.
    public func aiMove(
        level: BackgammonLevel, budget: Budget = .default, cancel: CancelToken? = nil
    ) throws(GamesError) -> BackgammonPlay {
        try handle.with { (h) throws(GamesError) in
            try Self.aiMove(h, level: level, budget: budget, cancel: cancel)
        }
    }

    /// The search behind both `aiMove`s, on handle `h`.
    private static func aiMove(
        _ h: OpaquePointer, level: BackgammonLevel, budget: Budget, cancel: CancelToken?
    ) throws(GamesError) -> BackgammonPlay {
        var play = games_backgammon_move()
        let result = budget.withC {
            games_backgammon_ai_move(h, level.c, $0, cancel?.handle, &play)
        }
        try check(result) { lastError(h) }
        return BackgammonPlay(play)
    }

    /// The AI's play, searched on a background thread; cancelling the task
    /// stops the search with its best play so far. Throws as the blocking
    /// `aiMove` does.
    /// The search runs on a copy, so other calls on the game (`state`,
    /// moves, saves) go on while it runs. If none of them changed the game,
    /// the game then takes the copy's generator and last error, so the move
    /// and every later one are those of the blocking call; if one did (a
    /// move, an undo, another AI call), the search starts again on a copy
    /// of the game as it is then and answers for that position (after three
    /// such starts it runs on the game itself, holding it).
    public func aiMove(
        level: BackgammonLevel, budget: Budget = .default, cancel: CancelToken? = nil
    ) async throws(GamesError) -> BackgammonPlay {
        try await searchInBackground(cancel: cancel) { (token) throws(GamesError) in
            try self.handle.detached(clone: { games_backgammon_clone($0, $1) }) { (h) throws(GamesError) in
                try Self.aiMove(h, level: level, budget: budget, cancel: token)
            }
        }
    }

    /// The GNU Backgammon Position ID at the start of the turn.
    public var positionID: String {
        handle.get { h in readText { games_backgammon_position_id(h, $0, $1, $2) } }
    }

    /// The XGID at the start of the turn, with the dice when rolled.
    public var xgid: String {
        handle.get { h in readText { games_backgammon_xgid(h, $0, $1, $2) } }
    }

    /// Every committed turn so far, the first first (automatic passes
    /// included): the player, the dice and the play in the notation.
    public var history: [BackgammonTurn] {
        handle.get { h in
            var s = games_backgammon_state()
            _ = games_backgammon_get_state(h, &s)
            return (0..<s.turns_played).compactMap { index in
                var record = games_backgammon_turn_record()
                let play = readText { games_backgammon_history_get(h, index, &record, $0, $1, $2) }
                guard let player = Player(c: record.player) else { return nil }
                return BackgammonTurn(
                    player: player, die1: Int(record.die1), die2: Int(record.die2),
                    passed: record.passed, play: play)
            }
        }
    }

    /// The game as bytes, for `init(saved:)`: every committed turn and the
    /// dice of the turn in progress. Steps of that turn not yet committed
    /// (`step(from:to:)`) are not saved: the loaded game starts the turn
    /// again with the same dice. Throws only after an engine panic
    /// (`.poisoned`).
    public func save() throws(GamesError) -> [UInt8] {
        try handle.read { (h) throws(GamesError) in
            try readBytes({ lastError(h) }) { games_backgammon_save(h, $0, $1, $2) }
        }
    }
}

private func lastError(_ h: OpaquePointer) -> String {
    readText { games_backgammon_last_error(h, $0, $1, $2) }
}

/// Why legal play `index` of game `h` does not exist.
private func noSuchPlay(_ h: OpaquePointer, _ index: Int) -> String {
    var count: UInt32 = 0
    _ = games_backgammon_legal_play_count(h, &count)
    return count == 0
        ? "legal play \(index) does not exist: there are no legal plays now"
        : "legal play \(index) does not exist: the plays are numbered 0 to \(count - 1)"
}
