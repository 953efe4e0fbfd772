#!/usr/bin/env python3
"""Play a clocked Ataxx match between two UAI engines through python-ataxx's UAI client.

    pip install ataxx==2.2.0
    cargo build --release
    python3 scripts/uai_match.py --a "target/release/ponder uai" --b "/path/to/zataxx" \
        --games 100 --time 8000 --inc 80 --out match.jsonl

The match behind the Tiktaxx and Zataxx rows of docs/matches.md. Games come in pairs: each
pair starts from a random opening of `--opening-plies` plies (drawn from the seed, the same for
any two engines) and is played twice, each engine taking x once. The seed is fixed by the
commit measured: unless `--seed` is given, the first 8 hex digits of `git rev-parse HEAD` of
this checkout (or of `--seed-commit`) read as a number (`scripts/match_stats.py`), printed
before the first game with the machine's load. A move is timed from sending
`go` to reading `bestmove` and charged to the mover's clock, which then gains the increment;
a clock below zero loses the game, as does an illegal or missing move (checked with
python-ataxx's board, an independent implementation of the rules). Every game is written to
`--out` as one JSON line (opening, moves, result, the time each engine spent); the summary
gives A's wins, draws and losses, its score and Elo with a 95% interval (the normal
approximation over the games' scores), and the losses on time and by illegal moves.
"""

import argparse
import json
import random
import shlex
import sys
import time

import ataxx
import ataxx.uai

from match_stats import add_seed_arguments, chosen_seed, machine_load, summary
from uai_check import game_over, legal_strings


def start_engine(command, options):
    engine = ataxx.uai.Engine(shlex.split(command))
    engine.uai()
    for option in options:
        name, _, value = option.partition("=")
        engine.setoption(name, value)
    engine.isready(to=10)
    return engine


def random_opening(rng, plies):
    """A random sequence of `plies` legal moves from the start that leaves the game open."""
    while True:
        board = ataxx.Board()
        moves = []
        for _ in range(plies):
            choices = board.legal_moves()
            if not choices:
                break
            move = rng.choice(choices)
            board.makemove(move)
            moves.append(str(move))
        if len(moves) == plies and not game_over(board):
            return moves


def play_game(engines, opening, time_ms, inc_ms):
    """engines: {ataxx.BLACK: (name, Engine), ataxx.WHITE: (name, Engine)}.

    Returns the game's record: the winner's side ("x", "o" or None), why, moves, times."""
    board = ataxx.Board()
    start_fen = board.get_fen()
    moves = list(opening)
    for move in opening:
        board.makemove(ataxx.Move.from_san(move))
    for _, engine in engines.values():
        engine.uainewgame()
        engine.isready(to=10)
    clocks = {ataxx.BLACK: float(time_ms), ataxx.WHITE: float(time_ms)}
    spent = {ataxx.BLACK: 0.0, ataxx.WHITE: 0.0}
    letter = {ataxx.BLACK: "x", ataxx.WHITE: "o"}
    while not game_over(board):
        side = board.turn
        other = ataxx.WHITE if side == ataxx.BLACK else ataxx.BLACK
        name, engine = engines[side]
        engine.position(start_fen, " ".join(moves) if moves else None)
        engine.isready(to=10)
        started = time.monotonic()
        best, _ = engine.go(
            times=(round(clocks[ataxx.BLACK]), round(clocks[ataxx.WHITE]), inc_ms, inc_ms),
            maxwait=clocks[side] / 1000 + 2,
        )
        took = (time.monotonic() - started) * 1000
        spent[side] += took
        clocks[side] -= took
        if clocks[side] < 0:
            return record(letter[other], f"{name} lost on time", moves, spent, letter, board)
        if best is None or best not in legal_strings(board):
            why = f"{name} played {best!r}, not legal in {board.get_fen()}"
            return record(letter[other], why, moves, spent, letter, board)
        clocks[side] += inc_ms
        board.makemove(ataxx.Move.from_san(best))
        moves.append(best)
    # python-ataxx's own verdict: stones decide, but the fifty-move rule draws a game
    # that both sides could still play.
    winner = {"1-0": "x", "0-1": "o"}.get(board.result())
    x, o = board.num_black(), board.num_white()
    why = f"{board.result()}, stones x {x} o {o}"
    if board.result() == "1/2-1/2" and board.fifty_move_draw():
        why += ", fifty-move rule"
    return record(winner, why, moves, spent, letter, board)


def record(winner, why, moves, spent, letter, board):
    return {
        "winner": winner,
        "why": why,
        "moves": moves,
        "final_fen": board.get_fen(),
        "spent_ms": {letter[side]: round(ms) for side, ms in spent.items()},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True, help="engine A's command line")
    parser.add_argument("--b", required=True, help="engine B's command line")
    parser.add_argument("--a-name", default="A")
    parser.add_argument("--b-name", default="B")
    parser.add_argument("--a-option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--b-option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--games", type=int, default=100, help="an even number")
    parser.add_argument("--time", type=int, default=8000, help="each side's clock, ms")
    parser.add_argument("--inc", type=int, default=80, help="increment a move, ms")
    parser.add_argument("--opening-plies", type=int, default=4)
    add_seed_arguments(parser)
    parser.add_argument("--out", default=None, help="a JSON line a game")
    args = parser.parse_args()
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even and at least 2 (games come in pairs)")

    seed, origin = chosen_seed(args)
    print(origin, flush=True)
    print(f"load at the start {machine_load()}", flush=True)
    rng = random.Random(seed)
    a = (args.a_name, start_engine(args.a, args.a_option))
    b = (args.b_name, start_engine(args.b, args.b_option))
    out = open(args.out, "w") if args.out else None
    results = []
    by_reason = {"time": 0, "illegal": 0}
    try:
        for pair in range(args.games // 2):
            opening = random_opening(rng, args.opening_plies)
            for a_side in (ataxx.BLACK, ataxx.WHITE):
                b_side = ataxx.WHITE if a_side == ataxx.BLACK else ataxx.BLACK
                game = play_game({a_side: a, b_side: b}, opening, args.time, args.inc)
                a_letter = "x" if a_side == ataxx.BLACK else "o"
                score = 0.5 if game["winner"] is None else float(game["winner"] == a_letter)
                results.append(score)
                if "on time" in game["why"]:
                    by_reason["time"] += 1
                elif "not legal" in game["why"]:
                    by_reason["illegal"] += 1
                game.update(game=len(results), opening=opening, a_plays=a_letter, a_score=score)
                if out:
                    out.write(json.dumps(game) + "\n")
                    out.flush()
                print(f"game {len(results)}: A {score} ({game['why']}); {summary(results)}",
                      flush=True)
    finally:
        for _, engine in (a, b):
            engine.quit()
        if out:
            out.close()
    print(summary(results))
    print(f"{origin}; load at the end {machine_load()}")
    print(f"losses on time {by_reason['time']}, by illegal moves {by_reason['illegal']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
