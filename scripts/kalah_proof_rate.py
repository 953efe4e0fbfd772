#!/usr/bin/env python3
"""Where ponder lost value in recorded Kalah games, and how often it proves a move's exact value
within a move's time, both by seeds in play.

    pip install open_spiel
    python3 scripts/kalah_proof_rate.py \\
        --ponder "target/release/ponder uai --game kalah --egdb k24.egdb" \\
        --per-bucket 30 --movetime 500 run1.jsonl run3.jsonl

Reads the games `scripts/mancala_match.py` recorded (`--out`) and replays them in OpenSpiel.
First it counts the falls of ponder's value (`value_losses`: the moves between two known values
that lost some) by the most seeds in play at those moves, in bands of 4. Then it takes the
positions with `--low` to `--high` seeds in play (not yet in a store), a random
sample of `--per-bucket` from each band of 4 (seeded by `--seed`). Each is given to one
`ponder uai` process (`ForwardPruning=false`, as the `perfect` level) with `go movetime T`;
a search that proved the value reports depth 128. Prints, per band, the positions tried and
the proofs. The lowest band that is not all proofs says how far an exact book
(`ponder book build --exact-lines`, `--exact-until-seeds`) must reach for the engine to play
every later move from a proof. `--per-bucket 0` prints the falls only.
"""

import argparse
import collections
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mancala_match import PonderUai, Referee, annotate_kalah_record, value_losses  # noqa: E402

# The depth a ponder search reports when it proved the position's value.
PROVED_DEPTH = 128


def seeds_in_play(referee):
    cells = referee.cells()
    return sum(cells) - cells[6] - cells[13]


def records(paths):
    """Every recorded game of the files."""
    for path in paths:
        with open(path) as lines:
            for line in lines:
                game = json.loads(line)
                if "moves" in game:
                    yield game


def falls_by_seeds(paths):
    """The falls of ponder's value in the recorded games, counted by the band of 4 of the most
    seeds in play at the ponder moves charged with each (records of earlier drivers are
    annotated first)."""
    bands = collections.Counter()
    for game in records(paths):
        if "ponder_losses" not in game:
            annotate_kalah_record(game)
            game["ponder_losses"] = value_losses(game)
        referee = Referee("kalah")
        seeds = []
        for move in game["moves"]:
            seeds.append(seeds_in_play(referee))
            referee.play(move)
        for fall in game["ponder_losses"]:
            most = max(seeds[ply] for ply in fall["plies"])
            bands[most // 4 * 4] += 1
    return bands


def positions(paths, low, high):
    """Every position of the recorded games with `low` to `high` seeds in play, as move lists."""
    found = []
    for game in records(paths):
        referee = Referee("kalah")
        for move in game["moves"]:
            if not referee.over() and low <= seeds_in_play(referee) <= high:
                found.append((seeds_in_play(referee), referee.moves()))
            referee.play(move)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", help="mancala_match.py --out files (Kalah)")
    parser.add_argument("--ponder", required=True, help="ponder's command line (`... uai --game kalah`)")
    parser.add_argument("--option", action="append", default=["Hash=256", "Threads=2"])
    parser.add_argument("--movetime", type=int, default=500)
    parser.add_argument("--low", type=int, default=28)
    parser.add_argument("--high", type=int, default=39)
    parser.add_argument("--per-bucket", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    falls = falls_by_seeds(args.records)
    print("most seeds in play\tfalls of ponder's value")
    for band in sorted(falls):
        print(f"{band}-{band + 3}\t{falls[band]}")
    if args.per_bucket == 0:
        return
    found = positions(args.records, args.low, args.high)
    random.Random(args.seed).shuffle(found)
    bands = collections.defaultdict(list)
    for seeds, moves in found:
        band = bands[seeds // 4 * 4]
        if len(band) < args.per_bucket:
            band.append(moves)
    engine = PonderUai(args.ponder, "ponder", ["ForwardPruning=false"] + args.option)
    print("seeds in play\tpositions\tproved")
    for band in sorted(bands):
        proved = 0
        for moves in bands[band]:
            referee = Referee("kalah")
            for move in moves:
                referee.play(move)
            engine.new_game(None)
            thought = engine.think(referee, args.movetime, 1000)
            proved += thought.notes.get("depth") == PROVED_DEPTH
        print(f"{band}-{band + 3}\t{len(bands[band])}\t{proved}", flush=True)
    engine.close()


if __name__ == "__main__":
    main()
