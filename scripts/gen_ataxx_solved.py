#!/usr/bin/env python3
"""Exact values of late-game Ataxx positions, solved by an independent solver over
python-ataxx (kz04px, `pip install ataxx`, version 2.2.0), for tests/data/ataxx_solved.tsv.

The solver is a plain negamax alpha-beta to the end of the game with a table of bounds,
keyed on python-ataxx's Zobrist hash and the halfmove clock (the 50-move clock is part of
the state: the same stones with another clock can have another value). The rules, the
moves and the end of the game are python-ataxx's own: `legal_moves()`, `makemove()`,
`undo()` and `result()` (`num_empty()` is not used: python-ataxx does not update it after
moves). A finished game is worth `x stones - o stones` for x, 0 when `result()` says draw
(equal stones, or the 50-move rule while moves remain), negated for o.

Positions come from uniformly random games from the start, stopped at the first position
with exactly k empty squares (k drawn from --min-empty..--max-empty); with --min-clock C
its halfmove clock is then set to a random value from C to 99 (a game near the 50-move
draw, so that the solver can finish more of them). A position whose
solve takes more than --nodes nodes is skipped (it is not in the output).

Usage: scripts/gen_ataxx_solved.py --count 240 --seed 1 > tests/data/ataxx_solved.tsv
Output: TSV `fen  empty  value  nodes` (value: the final margin for the side to move).
"""

import argparse
import random
import sys

import ataxx

WIN = 1000


class Budget(Exception):
    """The node budget ran out."""


class Solver:
    def __init__(self, board, max_nodes):
        self.board = board
        self.nodes = 0
        self.max_nodes = max_nodes
        self.table = {}

    def final_margin(self):
        """The final margin for the side to move, or None while the game goes on."""
        result = self.board.result()
        if result == "*":
            return None
        if result == "1/2-1/2":
            return 0
        x = o = 0
        for sx in range(7):
            for sy in range(7):
                piece = self.board.get(sx, sy)
                if piece == ataxx.BLACK:
                    x += 1
                elif piece == ataxx.WHITE:
                    o += 1
        margin = x - o
        return margin if self.board.turn == ataxx.BLACK else -margin

    def negamax(self, alpha, beta):
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise Budget()
        final = self.final_margin()
        if final is not None:
            return final
        key = (self.board.hash, self.board.halfmove_clock, self.board.turn)
        lower, upper = self.table.get(key, (-WIN, WIN))
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower == upper:
            return lower
        alpha0, beta0 = alpha, beta
        alpha, beta = max(alpha, lower), min(beta, upper)
        best = -WIN
        for move in self.board.legal_moves():
            self.board.makemove(move)
            try:
                value = -self.negamax(-beta, -alpha)
            finally:
                self.board.undo()
            if value > best:
                best = value
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        if best <= alpha0:
            self.table[key] = (lower, min(upper, best))
        elif best >= beta0:
            self.table[key] = (max(lower, best), upper)
        else:
            self.table[key] = (best, best)
        return best


def empty_squares(board):
    return sum(
        1 for x in range(7) for y in range(7) if board.get(x, y) == ataxx.EMPTY
    )


def random_position(rng, empty):
    """A random game from the start, stopped at the first position with `empty` empty
    squares (None if the game ends first)."""
    board = ataxx.Board()
    while board.result() == "*":
        if empty_squares(board) == empty:
            return board.get_fen()
        board.makemove(rng.choice(board.legal_moves()))
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=240)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=200_000)
    parser.add_argument("--min-empty", type=int, default=1)
    parser.add_argument("--max-empty", type=int, default=5)
    parser.add_argument(
        "--min-clock",
        type=int,
        default=None,
        help="replace each position's halfmove clock by a random one from this to 99",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("fen\tempty\tvalue\tnodes")
    found = tried = 0
    while found < args.count:
        empty = rng.randint(args.min_empty, args.max_empty)
        fen = random_position(rng, empty)
        if fen is None:
            continue
        if args.min_clock is not None:
            fields = fen.split()
            fields[2] = str(rng.randint(args.min_clock, 99))
            fen = " ".join(fields)
        tried += 1
        solver = Solver(ataxx.Board(fen), args.nodes)
        try:
            value = solver.negamax(-WIN, WIN)
        except Budget:
            continue
        found += 1
        print(f"{fen}\t{empty}\t{value}\t{solver.nodes}", flush=True)
    print(f"solved {found} of {tried} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
