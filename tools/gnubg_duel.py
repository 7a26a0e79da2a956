#!/usr/bin/env python3
"""Play `games engine backgammon` against GNU Backgammon 0-ply.

Mirrored cubeless money games: game pair k is played twice with the same
dice (seeded by --seed and k), once with the engine in each seat, so the
luck of the dice cancels out of the pair. Reports the engine's points per
game with its standard error (over pairs), wins, gammons and backgammons
each way, and the engine's decision times (wall clock around each request,
pipe included).

    python3 tools/gnubg_duel.py --games 400 --level hard [--seed 1] [--bin PATH]

GNU Backgammon (Debian package `gnubg`, GPL) is only the opponent here: the
script runs inside `gnubg -t -q -p` (it starts it itself) and asks it for
its 0-ply best move; nothing of it is copied into the repository. The
engine is driven through its line protocol: `<Position ID> <d1> <d2>` in,
the Position ID after its play out (docs/protocols.md).
"""

import json
import os
import random
import statistics
import subprocess
import sys
import time

ARGS_ENV = "GAMES_GNUBG_DUEL_ARGS"


def parse_args(argv):
    import argparse

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=400, help="games (rounded up to pairs)")
    p.add_argument("--seed", type=int, default=1, help="seed of the dice")
    p.add_argument("--level", default="hard", help="easy, normal or hard")
    p.add_argument(
        "--bin",
        default=None,
        help="the `games` binary (default: target/release/games, "
        "or $CARGO_TARGET_DIR/release/games)",
    )
    p.add_argument("--plies", type=int, default=0, help="gnubg's plies (0 = 0-ply)")
    p.add_argument("--json", default=None, help="also write the figures to this file")
    p.add_argument(
        "--record",
        default=None,
        help="write every engine decision here, one `<Position ID> <d1> <d2>` a line "
        "(positions for tools/gnubg_error_rate.py)",
    )
    p.add_argument(
        "--games-log",
        default=None,
        help="write every game here as a JSON line: the pair, the engine's seat, the "
        "engine's points, and each turn as [who, Position ID before, d1, d2, Position ID "
        "after] (who: \"engine\" or \"gnubg\"; to look for the backgammons)",
    )
    p.add_argument("--gnubg", default="gnubg", help="the gnubg command (or /usr/games/gnubg)")
    return p.parse_args(argv)


def default_bin():
    target = os.environ.get("CARGO_TARGET_DIR")
    # Inside gnubg there is no __file__: the tools' folder comes from the
    # environment relaunch_in_gnubg sets.
    tools = os.environ.get(DIR_ENV) or os.path.dirname(os.path.abspath(__file__))
    here = os.path.dirname(tools)
    if target:
        return os.path.join(target, "release", "games")
    return os.path.join(here, "target", "release", "games")


DIR_ENV = "GAMES_GNUBG_TOOLS_DIR"


def gnubg_command(name):
    """`name`, or Debian's /usr/games/gnubg when `gnubg` is not on the PATH."""
    if name == "gnubg" and not any(
        os.access(os.path.join(d, "gnubg"), os.X_OK)
        for d in os.environ.get("PATH", "").split(os.pathsep)
    ):
        return "/usr/games/gnubg"
    return name


def relaunch_in_gnubg(script, argv, gnubg, args_env, prefix):
    """Run the tool `script` inside `gnubg -t -q -p` with `argv` in `args_env`; pass on
    its lines that start with `prefix` (gnubg echoes its banner and every
    board it is given), and a Python error whole."""
    env = dict(os.environ)
    env[args_env] = json.dumps(argv)
    env[DIR_ENV] = os.path.dirname(os.path.abspath(__file__))
    cmd = [gnubg_command(gnubg), "-t", "-q", "-p", os.path.abspath(script)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    failing = False
    for line in proc.stdout:
        failing = failing or line.startswith("Traceback")
        if failing or line.startswith(prefix):
            print(line, end="", flush=True)
    return proc.wait()


def entry(args_env, prefix, parse, main):
    """A tool's start: inside gnubg run `main` on the arguments passed in
    `args_env`; outside, start gnubg on the script being run (sys.argv[0]:
    gnubg's Python has no __file__), the tools' shared shape."""
    try:
        import gnubg  # noqa: F401

        inside = True
    except ImportError:
        inside = False
    if inside:
        main(json.loads(os.environ.get(args_env, "[]")))
    else:
        argv = sys.argv[1:]
        sys.exit(relaunch_in_gnubg(sys.argv[0], argv, parse(argv).gnubg, args_env, prefix))


# --- boards: (opponent, on roll), each 25 counts from its own side:
# index i = point i + 1, index 24 = the bar (GNU Backgammon's layout).


def swap(board):
    return (list(board[1]), list(board[0]))


def apply_pairs(board, pairs):
    """The board after the side on roll plays from/to pairs (25 bar, 0 off)."""
    opp, me = list(board[0]), list(board[1])
    for f, t in pairs:
        me[f - 1] -= 1
        if me[f - 1] < 0:
            raise ValueError("no checker on %d" % f)
        if t > 0:
            me[t - 1] += 1
            o = 24 - t  # the opponent's index of our point t
            if opp[o] == 1:
                opp[o] = 0
                opp[24] += 1
            elif opp[o] > 1:
                raise ValueError("landing on a made point %d" % t)
    return (opp, me)


def result_points(board):
    """Points the side on roll won (it has just borne off its last checker)."""
    loser = board[0]
    if sum(loser) < 15:
        return 1
    if loser[24] > 0 or any(loser[i] for i in range(18, 24)):
        return 3
    return 2


class Engine:
    def __init__(self, path, level):
        self.proc = subprocess.Popen(
            [path, "engine", "backgammon", "--protocol", "line", "--level", level, "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.times = []
        self.record = None

    def play(self, gnubg, board, d1, d2):
        pid = gnubg.positionid(tuple(map(tuple, board)))
        if self.record is not None:
            self.record.write("%s %d %d\n" % (pid, d1, d2))
        t0 = time.perf_counter()
        self.proc.stdin.write("%s %d %d\n" % (pid, d1, d2))
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        self.times.append(time.perf_counter() - t0)
        if not answer or answer.startswith("error"):
            raise RuntimeError("engine answered %r to %s %d %d" % (answer, pid, d1, d2))
        after = gnubg.positionfromid(answer)
        return ([list(after[0]), list(after[1])], answer)

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        except OSError:
            pass
        self.proc.wait(timeout=10)


def gnubg_play(gnubg, board, d1, d2, ci, ec):
    gnubg.command("set board %s" % gnubg.positionid(tuple(map(tuple, board))))
    gnubg.command("set dice %d %d" % (d1, d2))
    # findbestmove reads the dice of the current game; the board is ours.
    cinfo = gnubg.cubeinfo(1, -1, gnubg.posinfo()["turn"], 0)
    move = gnubg.findbestmove(tuple(map(tuple, board)), cinfo, ec)
    pairs = [(move[i], move[i + 1]) for i in range(0, len(move), 2) if move[i] > 0]
    return apply_pairs(board, pairs)


def play_game(gnubg, engine, engine_seat, rng, ci, ec, turns=None):
    """One game; returns points for the engine (negative when it lost).
    Appends each turn to `turns` when it is a list."""
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            break
    # Seat 0 rolled a, seat 1 rolled b; the higher starts with both.
    seat = 0 if a > b else 1
    d1, d2 = a, b
    start = [0] * 25
    for point, n in ((24, 2), (13, 5), (8, 3), (6, 5)):
        start[point - 1] = n
    board = (list(start), list(start))
    for _ in range(2000):
        before = board
        if seat == engine_seat:
            board, _ = engine.play(gnubg, board, d1, d2)
        else:
            board = gnubg_play(gnubg, board, d1, d2, ci, ec)
        if turns is not None:
            turns.append(
                [
                    "engine" if seat == engine_seat else "gnubg",
                    gnubg.positionid(tuple(map(tuple, before))),
                    d1,
                    d2,
                    gnubg.positionid(tuple(map(tuple, board))),
                ]
            )
        if sum(board[1]) == 0:
            pts = result_points(board)
            return pts if seat == engine_seat else -pts
        board = swap(board)
        seat = 1 - seat
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    raise RuntimeError("game did not end")


def main_in_gnubg(argv):
    import gnubg  # noqa: the module gnubg provides to its scripts

    args = parse_args(argv)
    path = args.bin or default_bin()
    gnubg.command("set jacoby off")
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("new game")
    ec = gnubg.evalcontext(0, args.plies, 0, 1, 0.0)
    engine = Engine(path, args.level)
    if args.record:
        engine.record = open(args.record, "w")
    log = open(args.games_log, "w") if args.games_log else None
    pairs = (args.games + 1) // 2
    results = []
    pair_means = []
    t_start = time.time()
    for k in range(pairs):
        pair = []
        for engine_seat in (0, 1):
            rng = random.Random(args.seed * 1_000_003 + k)
            turns = [] if log else None
            pair.append(play_game(gnubg, engine, engine_seat, rng, None, ec, turns))
            if log:
                entry = {"pair": k, "engine_seat": engine_seat, "points": pair[-1], "turns": turns}
                log.write(json.dumps(entry) + "\n")
        results.extend(pair)
        pair_means.append(sum(pair) / 2)
        if (k + 1) % 50 == 0:
            ppg = statistics.mean(results)
            print("duel progress: %d games, %+.3f ppg" % (len(results), ppg), flush=True)
    engine.close()
    if engine.record is not None:
        engine.record.close()
    if log:
        log.close()
    n = len(results)
    ppg = statistics.mean(results)
    se = statistics.stdev(pair_means) / (len(pair_means) ** 0.5) if len(pair_means) > 1 else 0.0
    times = sorted(engine.times)
    fig = {
        "games": n,
        "level": args.level,
        "seed": args.seed,
        "gnubg_plies": args.plies,
        "ppg": round(ppg, 4),
        "se": round(se, 4),
        "engine_wins": sum(1 for r in results if r > 0),
        "engine_gammons": sum(1 for r in results if r == 2),
        "engine_backgammons": sum(1 for r in results if r == 3),
        "gnubg_wins": sum(1 for r in results if r < 0),
        "gnubg_gammons": sum(1 for r in results if r == -2),
        "gnubg_backgammons": sum(1 for r in results if r == -3),
        "decisions": len(times),
        "median_ms": round(1000 * times[len(times) // 2], 2) if times else 0.0,
        "max_ms": round(1000 * times[-1], 2) if times else 0.0,
        "seconds": round(time.time() - t_start, 1),
    }
    print(
        "duel: %s vs gnubg %d-ply, %d mirrored games: %+.3f ± %.3f ppg (one standard error)"
        % (args.level, args.plies, n, ppg, se)
    )
    print(
        "duel: engine wins %d (gammons %d, backgammons %d); gnubg wins %d (gammons %d, backgammons %d)"
        % (
            fig["engine_wins"],
            fig["engine_gammons"],
            fig["engine_backgammons"],
            fig["gnubg_wins"],
            fig["gnubg_gammons"],
            fig["gnubg_backgammons"],
        )
    )
    print(
        "duel: engine decisions %d, median %.2f ms, max %.2f ms (wall clock, pipe included); %.0f s"
        % (fig["decisions"], fig["median_ms"], fig["max_ms"], fig["seconds"])
    )
    print("duel json: " + json.dumps(fig))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(fig, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    entry(ARGS_ENV, "duel", parse_args, main_in_gnubg)
