#!/usr/bin/env python3
"""Drive `ponder uai` with python-ataxx's UAI client through whole Ataxx games.

    pip install ataxx==2.2.0
    cargo build --release
    python3 scripts/uai_check.py [--ponder target/release/ponder] [--games 4]

For each mode -- `go movetime`, `go btime/wtime/binc/winc` (a real clock with increments,
kept here: the time a `go` takes from sending it to reading `bestmove` is charged to the
mover), and `go depth` -- ponder plays whole games against python-ataxx's own greedy player
(colours alternate; a few random opening plies vary the games), plus one clock game of ponder
against itself (two engine processes). Every `bestmove` is checked with python-ataxx's board
(an independent implementation of the rules); a move that is not legal there, a missing
answer, or a clock below zero fails the run (exit code 1). Positions are sent both ways GUIs
send them: `position fen <start> moves ...` (python-ataxx) and `position fen <current>`
(cuteataxx).
"""

import argparse
import random
import sys
import time

import ataxx
import ataxx.players
import ataxx.uai


class Failure(Exception):
    pass


def legal_strings(board):
    return {str(m) for m in board.legal_moves()}


def game_over(board):
    return not board.legal_moves()


def new_engine(path, name):
    engine = ataxx.uai.Engine([path, "uai"])
    engine.uai()
    if not engine.name or "ponder" not in engine.name:
        raise Failure(f"{name}: `uai` did not identify ponder (id name {engine.name!r})")
    engine.isready(to=5)
    return engine


def play_game(engines, mode, args, rng, stats, current_fen_style):
    """engines: {side: Engine or None (None = python greedy)}. Returns the final board."""
    board = ataxx.Board()
    start_fen = board.get_fen()
    history = []
    for engine in set(e for e in engines.values() if e):
        engine.uainewgame()
    # A few random plies so that games differ.
    for _ in range(rng.randint(0, 3)):
        moves = board.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        board.makemove(move)
        history.append(str(move))
    clocks = {ataxx.BLACK: args.clock_ms, ataxx.WHITE: args.clock_ms}
    while not game_over(board):
        side = board.turn
        engine = engines[side]
        if engine is None:
            move = ataxx.players.greedy(board)
            board.makemove(move)
            history.append(str(move))
            continue
        if current_fen_style:
            engine.position(board.get_fen())
        else:
            engine.position(start_fen, " ".join(history) if history else None)
        engine.isready(to=5)
        started = time.monotonic()
        if mode == "movetime":
            budget_ms = args.movetime
            best, _ = engine.go(movetime=args.movetime, maxwait=args.movetime / 1000 + 5)
        elif mode == "clock":
            # python-ataxx's client: times = (btime, wtime, binc, winc); b is x, who moves first.
            budget_ms = clocks[side]
            best, _ = engine.go(
                times=(clocks[ataxx.BLACK], clocks[ataxx.WHITE], args.inc_ms, args.inc_ms),
                maxwait=clocks[side] / 1000 + 5,
            )
        else:
            budget_ms = None
            best, _ = engine.go(depth=args.depth, maxwait=60)
        spent_ms = (time.monotonic() - started) * 1000
        if best is None:
            raise Failure(f"{mode}: no bestmove (position {board.get_fen()})")
        if best not in legal_strings(board):
            raise Failure(
                f"{mode}: illegal bestmove {best} in {board.get_fen()} "
                f"(legal: {sorted(legal_strings(board))})"
            )
        stats["moves"] += 1
        stats["max_ms"][mode] = max(stats["max_ms"].get(mode, 0), spent_ms)
        if mode == "movetime":
            stats["max_over_movetime_ms"] = max(stats["max_over_movetime_ms"], spent_ms - budget_ms)
        if mode == "clock":
            clocks[side] -= spent_ms
            if clocks[side] < 0:
                raise Failure(
                    f"clock: {'x' if side == ataxx.BLACK else 'o'} lost on time "
                    f"({spent_ms:.0f} ms spent with {budget_ms:.0f} ms left)"
                )
            stats["min_clock_ms"] = min(stats["min_clock_ms"], clocks[side])
            clocks[side] += args.inc_ms
        board.makemove(ataxx.Move.from_san(best))
        history.append(best)
    return board


def result_text(board):
    x, o = board.num_black(), board.num_white()
    return f"x {x} - o {o}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ponder", default="target/release/ponder")
    parser.add_argument("--games", type=int, default=4, help="games per mode against greedy")
    parser.add_argument("--movetime", type=int, default=50)
    parser.add_argument("--clock-ms", type=int, default=3000)
    parser.add_argument("--inc-ms", type=int, default=50)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    stats = {"moves": 0, "max_ms": {}, "max_over_movetime_ms": -1e9, "min_clock_ms": 1e9}
    engine = new_engine(args.ponder, "ponder")
    ponder_wins = games = 0
    try:
        for mode in ("movetime", "clock", "depth"):
            for index in range(args.games):
                ponder_side = ataxx.BLACK if index % 2 == 0 else ataxx.WHITE
                other = ataxx.WHITE if ponder_side == ataxx.BLACK else ataxx.BLACK
                engines = {ponder_side: engine, other: None}
                board = play_game(engines, mode, args, rng, stats, current_fen_style=index % 2 == 1)
                games += 1
                x, o = board.num_black(), board.num_white()
                mine, theirs = (x, o) if ponder_side == ataxx.BLACK else (o, x)
                ponder_wins += mine > theirs
                print(
                    f"{mode:8} game {index + 1}: ponder as {'x' if ponder_side == ataxx.BLACK else 'o'}"
                    f" vs greedy: {result_text(board)}"
                )
        # Ponder against itself on the clock.
        second = new_engine(args.ponder, "ponder #2")
        try:
            board = play_game(
                {ataxx.BLACK: engine, ataxx.WHITE: second}, "clock", args, rng, stats, False
            )
            games += 1
            print(f"clock    ponder vs ponder: {result_text(board)}")
        finally:
            second.quit()
    except Failure as failure:
        print(f"FAILED: {failure}")
        engine.quit()
        return 1
    engine.quit()
    print(
        f"OK: {games} games, {stats['moves']} engine moves, all legal, no loss on time; "
        f"ponder won {ponder_wins} of {games - 1} against greedy; "
        f"longest go: " + ", ".join(f"{k} {v:.0f} ms" for k, v in stats["max_ms"].items())
        + f"; most over movetime {args.movetime} ms: {stats['max_over_movetime_ms']:.1f} ms"
        + f"; lowest clock left {stats['min_clock_ms']:.0f} ms"
        + f" (start {args.clock_ms} ms + {args.inc_ms} ms a move)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
