#!/usr/bin/env python3
"""Where a Kalah game's result was decided: the exact value of every position of each game
(``ponder solve --game kalah --position TRACE``, with the endgame database of the user's cache),
and the seeds of value each side gave away with each move.

    python python/examples/vs_mcts.py --game mancala --games 20 --movetime 0.1 --record games.jsonl
    python scripts/kalah_value_losses.py --ponder target/release/ponder games.jsonl

Reads the JSON lines ``vs_mcts.py --record`` writes (``moves`` in ponder's notation, ``movers``
the seat of each, ``ponder_seat``). For each game prints the exact value of the start for
ponder's seat, the seeds each side gave away (a move that keeps the value gives away 0) and
the final margin; a game where ponder gave nothing away and still lost was lost by the rules
(the side's value under perfect play), not by ponder's play.
"""

import argparse
import json
import subprocess
import sys


def exact_value(binary, spec, trace, cache):
    """The exact margin for the side to move after ``trace`` (a string of pit digits)."""
    if trace not in cache:
        out = subprocess.run(
            [binary, "solve", "--game", spec, "--position", trace or "", "--threads", "1"],
            check=True, capture_output=True, text=True,
        ).stdout
        values = [line.split()[1] for line in out.splitlines() if line.startswith("value ")]
        if not values:
            raise SystemExit(f"no value for {trace!r}: {out}")
        cache[trace] = int(values[-1])
    return cache[trace]


def losses(binary, spec, game, first_ply, cache):
    """Seeds given away by each seat, and the value for ponder's seat at ``first_ply``."""
    moves, movers, seat = game["moves"], game["movers"], game["ponder_seat"]
    given = [0, 0]
    for ply in range(first_ply, len(moves)):
        before = exact_value(binary, spec, "".join(moves[:ply]), cache)
        after = exact_value(binary, spec, "".join(moves[:ply + 1]), cache)
        next_mover = movers[ply + 1] if ply + 1 < len(movers) else None
        kept = after if next_mover == movers[ply] else -after
        if next_mover is None:
            kept = before  # the last move ends the game: its value is the final margin
        given[movers[ply]] += before - kept
    start = exact_value(binary, spec, "".join(moves[:first_ply]), cache)
    start_for_ponder = start if movers[first_ply] == seat else -start
    return given, start_for_ponder


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", type=argparse.FileType("r"))
    parser.add_argument("--ponder", required=True, help="the ponder binary")
    parser.add_argument("--game", default="kalah", help="ponder's game spec of the games")
    parser.add_argument("--from-ply", type=int, default=4,
                        help="the first position valued (earlier ones take long to solve)")
    args = parser.parse_args()
    cache = {}
    print("game seat result value-at-start given-by-ponder given-by-opponent")
    for number, line in enumerate(args.record, 1):
        game = json.loads(line)
        if len(game["moves"]) <= args.from_ply:
            continue
        given, start = losses(args.ponder, args.game, game, args.from_ply, cache)
        seat = game["ponder_seat"]
        print(f"{number} {seat} {game['result']:+.0f} {start:+d} {given[seat]} "
              f"{given[1 - seat]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
