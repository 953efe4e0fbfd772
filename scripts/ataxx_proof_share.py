#!/usr/bin/env python3
"""The share of random late-game Ataxx positions that `ponder solve --game ataxx` proves
within a time budget, for each number k of empty squares (docs/BENCHMARKS.md).

Positions: uniformly random games from the start (python-ataxx 2.2.0, `pip install ataxx`),
stopped at the first position with exactly k empty squares, the clock as the game left it.

Usage: scripts/ataxx_proof_share.py --ponder target/ci/ponder --per-k 25 --movetime 1000
"""

import argparse
import random
import subprocess

from gen_ataxx_solved import random_position


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ponder", default="target/ci/ponder")
    parser.add_argument("--per-k", type=int, default=25)
    parser.add_argument("--movetime", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-k", type=int, default=8)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("k\tproven\tpositions\tshare")
    for k in range(1, args.max_k + 1):
        proven = tried = 0
        while tried < args.per_k:
            fen = random_position(rng, k)
            if fen is None:
                continue
            tried += 1
            answer = subprocess.run(
                [args.ponder, "solve", "--game", "ataxx", "--position", fen,
                 "--movetime", str(args.movetime)],
                capture_output=True, text=True, check=True,
            ).stdout
            proven += answer.startswith("value ")
        print(f"{k}\t{proven}\t{tried}\t{proven / tried:.2f}", flush=True)


if __name__ == "__main__":
    main()
