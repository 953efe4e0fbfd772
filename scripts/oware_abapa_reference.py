#!/usr/bin/env python3
"""Reference values for the Abapa endgame database from OpenSpiel's `oware` (pip open-spiel).

Plays seeded random games in OpenSpiel; at positions directly after a capture (so no earlier
position can repeat) with at most --max-seeds seeds on the board and the game not over, solves
the rest of the game by exhaustive minimax over OpenSpiel's own states (its rules: grand slam,
feeding, majority end, banking, and its repetition rule), maximising the final score margin.
Positions whose search passes --node-cap nodes are skipped. Writes CSV rows:

  row0 (first player's houses A..F), row1 (second player's a..f, in its sowing order),
  score0, score1, to_move, margin (the mover's final score minus the opponent's)

  python3 scripts/oware_abapa_reference.py --games 400 --max-seeds 6 > tests/data/oware_abapa_openspiel.csv
"""
import argparse
import random
import re
import sys
import threading

import pyspiel


def parse(state):
    lines = str(state).splitlines()
    text = "\n".join(lines)
    score1 = int(re.search(r"Player 1 score = (\d+)", text).group(1))
    score0 = int(re.search(r"Player 0 score = (\d+)", text).group(1))
    rows = [l.split() for l in lines if re.fullmatch(r"\s*(\d+\s+){5}\d+\s*", l)]
    north, south = rows[0], rows[1]
    row1 = [int(x) for x in reversed(north)]  # displayed f..a
    row0 = [int(x) for x in south]  # displayed A..F
    return row0, row1, score0, score1


class Cap(Exception):
    pass


def solve(state, root, budget):
    """The root player's final margin under perfect play (both maximise their margin)."""
    budget[0] -= 1
    if budget[0] < 0:
        raise Cap()
    if state.is_terminal():
        _, _, s0, s1 = parse(state)
        return (s0 - s1) if root == 0 else (s1 - s0)
    values = [solve(state.child(a), root, budget) for a in state.legal_actions()]
    return max(values) if state.current_player() == root else min(values)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--max-seeds", type=int, default=6)
    ap.add_argument("--node-cap", type=int, default=200000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = pyspiel.load_game("oware")
    rng = random.Random(args.seed)
    seen = set()
    print("row0,row1,score0,score1,to_move,margin")
    for _ in range(args.games):
        state = game.new_initial_state()
        while not state.is_terminal():
            before = parse(state)[2:]
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                break
            row0, row1, s0, s1 = parse(state)
            if (s0, s1) == before or sum(row0) + sum(row1) > args.max_seeds:
                continue
            key = (tuple(row0), tuple(row1), s0, s1, state.current_player())
            if key in seen:
                continue
            seen.add(key)
            try:
                margin = solve(state.clone(), state.current_player(), [args.node_cap])
            except Cap:
                continue
            print(f"{' '.join(map(str, row0))},{' '.join(map(str, row1))},{s0},{s1},"
                  f"{state.current_player()},{margin}", flush=True)


if __name__ == "__main__":
    # Play without captures can run long before it repeats: a deep recursion.
    sys.setrecursionlimit(1_000_000)
    threading.stack_size(1 << 29)
    worker = threading.Thread(target=main)
    worker.start()
    worker.join()
