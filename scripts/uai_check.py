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

Then pondering, which python-ataxx's client cannot ask for (its `go` has no `ponder`): the
commands go through the client's raw `send_line`, and the answer is awaited on the client's
own `bestmove` condition. In `ponder` games, after each best move with a `ponder` reply the
script sends `position ... moves <best> <reply>` and `go ponder` with the clocks; the
opponent then plays the expected reply (half the time, else greedy's move): on a hit the
script sends `ponderhit` and charges the time from it to `bestmove` to ponder's clock; on a
miss it sends `stop` (the answer must come within 50 ms and be legal in the pondered
position), then the real position and a normal `go`. Last, one clock game with
`setoption name Ponder value true` (the engine ponders by itself after its move) and bare
FEN positions.
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


def send_and_wait(engine, line, maxwait):
    """Sends a raw line and waits for the next `bestmove` (python-ataxx's own condition)."""
    engine.bestmove = None
    engine.ponder = None
    with engine.bestmove_received:
        engine.send_line(line)
        engine.bestmove_received.wait(maxwait)
    return engine.bestmove, engine.ponder


def clock_line(clocks, inc_ms):
    return (
        f"btime {clocks[ataxx.BLACK]:.0f} wtime {clocks[ataxx.WHITE]:.0f} "
        f"binc {inc_ms} winc {inc_ms}"
    )


def play_ponder_game(engine, ponder_side, args, rng, stats):
    """Ponder against greedy on the clock with `go ponder`, `ponderhit` and `stop`."""
    board = ataxx.Board()
    start_fen = board.get_fen()
    history = []
    engine.uainewgame()
    clocks = {ataxx.BLACK: args.clock_ms, ataxx.WHITE: args.clock_ms}
    pondering = None  # the reply pondered on, while a `go ponder` runs
    while not game_over(board):
        side = board.turn
        if side != ponder_side:
            time.sleep(0.05)  # the opponent thinks; ponder ponders
            greedy = str(ataxx.players.greedy(board))
            move = pondering if pondering and rng.random() < 0.5 else greedy
            board.makemove(ataxx.Move.from_san(move))
            history.append(move)
            continue
        started = time.monotonic()
        best = None
        if pondering is not None:
            if history[-1] == pondering:
                started = time.monotonic()
                best, reply = send_and_wait(engine, "ponderhit", clocks[side] / 1000 + 5)
                stats["ponderhits"] += 1
            else:
                stopped = time.monotonic()
                missed, _ = send_and_wait(engine, "stop", 5)
                latency = (time.monotonic() - stopped) * 1000
                stats["ponder_stops"] += 1
                stats["max_stop_ms"] = max(stats["max_stop_ms"], latency)
                if missed is None or latency > 50:
                    raise Failure(f"ponder: stop answered {missed} after {latency:.0f} ms")
                # The answer is for the pondered position (start + history with the reply
                # that was not played).
                pondered = ataxx.Board(start_fen)
                for m in history[:-1] + [pondering]:
                    pondered.makemove(ataxx.Move.from_san(m))
                if missed not in legal_strings(pondered):
                    raise Failure(f"ponder: illegal bestmove {missed} after stop")
            pondering = None
        if best is None:
            engine.position(start_fen, " ".join(history) if history else None)
            started = time.monotonic()
            best, reply = send_and_wait(
                engine, "go " + clock_line(clocks, args.inc_ms), clocks[side] / 1000 + 5
            )
        spent_ms = (time.monotonic() - started) * 1000
        if best is None or best not in legal_strings(board):
            raise Failure(f"ponder: bad bestmove {best} in {board.get_fen()}")
        stats["moves"] += 1
        stats["max_ms"]["ponder"] = max(stats["max_ms"].get("ponder", 0), spent_ms)
        clocks[side] -= spent_ms
        if clocks[side] < 0:
            raise Failure(f"ponder: lost on time ({spent_ms:.0f} ms spent)")
        stats["min_clock_ms"] = min(stats["min_clock_ms"], clocks[side])
        clocks[side] += args.inc_ms
        board.makemove(ataxx.Move.from_san(best))
        history.append(best)
        if reply and not game_over(board) and reply in legal_strings(board):
            engine.position(start_fen, " ".join(history + [reply]))
            engine.send_line("go ponder " + clock_line(clocks, args.inc_ms))
            pondering = reply
    if pondering is not None:
        send_and_wait(engine, "stop", 5)
    return board


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
    stats = {
        "moves": 0,
        "max_ms": {},
        "max_over_movetime_ms": -1e9,
        "min_clock_ms": 1e9,
        "ponderhits": 0,
        "ponder_stops": 0,
        "max_stop_ms": 0,
    }
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
        # `go ponder` with `ponderhit` and `stop`.
        for index in range(args.games):
            ponder_side = ataxx.BLACK if index % 2 == 0 else ataxx.WHITE
            board = play_ponder_game(engine, ponder_side, args, rng, stats)
            games += 1
            x, o = board.num_black(), board.num_white()
            mine, theirs = (x, o) if ponder_side == ataxx.BLACK else (o, x)
            ponder_wins += mine > theirs
            print(
                f"ponder   game {index + 1}: ponder as {'x' if ponder_side == ataxx.BLACK else 'o'}"
                f" vs greedy: {result_text(board)}"
            )
        # The engine's own pondering (the `Ponder` option), positions as bare FENs.
        engine.setoption("Ponder", "true")
        engines = {ataxx.BLACK: engine, ataxx.WHITE: None}
        board = play_game(engines, "clock", args, rng, stats, current_fen_style=True)
        engine.setoption("Ponder", "false")
        games += 1
        x, o = board.num_black(), board.num_white()
        ponder_wins += x > o
        print(f"clock    Ponder on, ponder as x vs greedy: {result_text(board)}")
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
        + f"; go ponder: {stats['ponderhits']} ponderhits, {stats['ponder_stops']} stops"
        + f" (slowest stop {stats['max_stop_ms']:.1f} ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
