#!/usr/bin/env python3
"""The error rate of `games engine backgammon` judged by GNU Backgammon 2-ply.

For each position (a file of `<Position ID> <d1> <d2>` lines, such as
`tools/gnubg_duel.py --record` writes from real games), the engine chooses
its play; GNU Backgammon finds its own best play at --plies (2 by default)
and evaluates both resulting positions at the same depth, cubeless money.
The error of a decision is the equity lost by the engine's play (0 when it
is gnubg's play, or when gnubg rates it at least as good); forced decisions
(one legal play) are skipped. Reported in millipoints per non-forced
decision, with its standard error.

    python3 tools/gnubg_error_rate.py --positions FILE --sample 600 --level hard [--seed 1]

GNU Backgammon (Debian package `gnubg`, GPL) is only the judge: the script
runs inside `gnubg -t -q -p` (it starts it itself); nothing of it is copied
into the repository.
"""

import json
import os
import random
import statistics
import sys
import time

ARGS_ENV = "GAMES_GNUBG_ERROR_ARGS"


def parse_args(argv):
    import argparse

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", required=True, help="`<Position ID> <d1> <d2>` lines")
    p.add_argument("--sample", type=int, default=600, help="positions drawn from the file")
    p.add_argument("--seed", type=int, default=1, help="seed of the draw")
    p.add_argument("--level", default="hard", help="easy, normal or hard")
    p.add_argument("--bin", default=None, help="the `games` binary (as tools/gnubg_duel.py)")
    p.add_argument("--plies", type=int, default=2, help="the judge's plies")
    p.add_argument("--json", default=None, help="also write the figures to this file")
    p.add_argument("--worst", type=int, default=0, help="list this many of the largest errors")
    p.add_argument("--gnubg", default="gnubg", help="the gnubg command (or /usr/games/gnubg)")
    return p.parse_args(argv)


def equity(probs):
    w, wg, wbg, lg, lbg = probs[:5]
    return 2 * w - 1 + wg - lg + wbg - lbg


def main_in_gnubg(argv):
    import gnubg  # noqa: the module gnubg provides to its scripts


    args = parse_args(argv)
    path = args.bin or duel.default_bin()
    with open(args.positions) as f:
        lines = [ln.split() for ln in f if len(ln.split()) == 3]
    rng = random.Random(args.seed)
    picked = rng.sample(lines, min(args.sample, len(lines)))
    gnubg.command("set jacoby off")
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("new game")
    ec0 = gnubg.evalcontext(0, 0, 0, 1, 0.0)
    ec = gnubg.evalcontext(0, args.plies, 0, 1, 0.0)
    engine = duel.Engine(path, args.level)
    errors = []
    worst = []
    forced = 0
    t_start = time.time()

    def value_after(board_after):
        # The opponent is on roll after the play: its equity, negated.
        turned = tuple(map(tuple, duel.swap(board_after)))
        if sum(board_after[1]) == 0:
            return float(duel.result_points(board_after))
        return -equity(gnubg.evaluate(turned, cinfo(), ec))

    def cinfo():
        return gnubg.cubeinfo(1, -1, gnubg.posinfo()["turn"], 0)

    for pid, d1, d2 in picked:
        d1, d2 = int(d1), int(d2)
        b = gnubg.positionfromid(pid)
        board = (list(b[0]), list(b[1]))
        gnubg.command("set board %s" % pid)
        gnubg.command("set dice %d %d" % (d1, d2))
        hint = gnubg.hint(2)  # 0-ply here: only to count the legal plays
        if len(hint.get("hint", [])) < 2:
            forced += 1
            continue
        mine, answer = engine.play(gnubg, board, d1, d2)
        move = gnubg.findbestmove(tuple(map(tuple, board)), cinfo(), ec)
        pairs = [(move[i], move[i + 1]) for i in range(0, len(move), 2) if move[i] > 0]
        best = duel.apply_pairs(board, pairs)
        if gnubg.positionid(tuple(map(tuple, best))) == answer:
            errors.append(0.0)
        else:
            errors.append(max(0.0, value_after(best) - value_after(mine)))
            worst.append((errors[-1], pid, d1, d2, answer, gnubg.positionid(tuple(map(tuple, best)))))
        if len(errors) % 100 == 0:
            print(
                "error progress: %d decisions, %.1f millipoints"
                % (len(errors), 1000 * statistics.mean(errors)),
                flush=True,
            )
    engine.close()
    n = len(errors)
    mean = statistics.mean(errors) if errors else 0.0
    se = statistics.stdev(errors) / n**0.5 if n > 1 else 0.0
    fig = {
        "level": args.level,
        "judge_plies": args.plies,
        "positions": len(picked),
        "forced_skipped": forced,
        "decisions": n,
        "millipoints": round(1000 * mean, 2),
        "se_millipoints": round(1000 * se, 2),
        "same_as_gnubg": sum(1 for e in errors if e == 0.0),
        "blunders_over_0.1": sum(1 for e in errors if e > 0.1),
        "seconds": round(time.time() - t_start, 1),
    }
    print(
        "error: %s judged by gnubg %d-ply: %.1f ± %.1f millipoints per non-forced decision "
        "(%d decisions, %d forced skipped; gnubg's play %d times; errors over 0.1: %d)"
        % (
            args.level,
            args.plies,
            fig["millipoints"],
            fig["se_millipoints"],
            n,
            forced,
            fig["same_as_gnubg"],
            fig["blunders_over_0.1"],
        )
    )
    for e, pid, d1, d2, answer, best in sorted(worst, reverse=True)[: args.worst]:
        print(
            "error worst: %.3f  %s %d%d  engine -> %s  gnubg -> %s (Position IDs after the play)"
            % (e, pid, d1, d2, answer, best)
        )
    print("error json: " + json.dumps(fig))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(fig, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    # Inside gnubg the script's folder comes from the environment.
    sys.path.insert(0, os.environ.get("GAMES_GNUBG_TOOLS_DIR") or os.path.dirname(os.path.abspath(__file__)))
    import gnubg_duel as duel

    duel.entry(ARGS_ENV, "error", parse_args, main_in_gnubg)
