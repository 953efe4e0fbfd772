#!/usr/bin/env python3
"""How often ponder proves a Kalah move's exact value within a move's time, by seeds in play.

    pip install open_spiel
    python3 scripts/kalah_proof_rate.py \\
        --ponder "target/release/ponder uai --game kalah --egdb k24.egdb" \\
        --per-bucket 30 --movetime 500 run1.jsonl run3.jsonl

Reads the games `scripts/mancala_match.py` recorded (`--out`), replays them in OpenSpiel, and
takes the positions with `--low` to `--high` seeds in play (not yet in a store), a random
sample of `--per-bucket` from each band of 4 (seeded by `--seed`). Each is given to one
`ponder uai` process (`ForwardPruning=false`, as the `perfect` level) with `go movetime T`;
a search that proved the value reports depth 128. Prints, per band, the positions tried and
the proofs. The lowest band that is not all proofs says how far an exact book
(`ponder book build --exact-lines`, `--exact-until-seeds`) must reach for the engine to play
every later move from a proof.
"""

import argparse
import collections
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mancala_match import PonderUai, Referee  # noqa: E402

# The depth a ponder search reports when it proved the position's value.
PROVED_DEPTH = 128


def seeds_in_play(referee):
    cells = referee.cells()
    return sum(cells) - cells[6] - cells[13]


def positions(paths, low, high):
    """Every position of the recorded games with `low` to `high` seeds in play, as move lists."""
    found = []
    for path in paths:
        with open(path) as records:
            for line in records:
                game = json.loads(line)
                if "moves" not in game:
                    continue
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
