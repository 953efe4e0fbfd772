"""The Python engine's depth against ``ponder bestmove`` in the same time: does calling
ponder from Python cost depth? Runs ``ponder bestmove --movetime`` (the binary given) and
``ponder.search`` (the same search: exact minimax at each depth, forward pruning off) and
``Engine.best_move`` (the engine, its pondering and forward pruning off), each ``--runs`` times
from the start position, and prints the depths.

    cargo build --release --bin ponder
    python examples/depth_vs_cli.py --ponder target/release/ponder --game kalah --movetime 2
"""

import argparse
import statistics
import subprocess
import sys

import ponder


def cli_depth(binary, game, movetime):
    out = subprocess.run(
        [binary, "bestmove", "--game", game, "--movetime", str(int(movetime * 1000)),
         "--forward-pruning", "off"],
        check=True, capture_output=True, text=True,
    ).stdout
    depths = [int(line.split()[2]) for line in out.splitlines() if line.startswith("info depth")]
    return max(depths)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ponder", required=True, help="the ponder binary")
    parser.add_argument("--game", default="kalah")
    parser.add_argument("--movetime", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cli, search, engine = [], [], []
    for _ in range(args.runs):
        cli.append(cli_depth(args.ponder, args.game, args.movetime))
        search.append(ponder.search(ponder.Position(args.game), movetime=args.movetime).depth)
        fresh = ponder.Engine(args.game, ponder=False, forward_pruning=False, tie_break="first",
                              hash=16)
        engine.append(fresh.best_move(movetime=args.movetime).depth)
    for name, depths in [("ponder bestmove", cli), ("ponder.search", search),
                         ("Engine.best_move", engine)]:
        print(f"{name:18} depths {depths} mean {statistics.mean(depths):.2f}")
    ratio = statistics.mean(search) / statistics.mean(cli)
    print(f"ponder.search / ponder bestmove: {ratio:.3f}")
    return 0 if abs(ratio - 1) <= 0.05 else 1


if __name__ == "__main__":
    sys.exit(main())
