#!/usr/bin/env python3
"""Generates extra Ataxx reference data with python-ataxx 2.2.0 (kz04px, PyPI `ataxx==2.2.0`).

    python3 -m venv /tmp/axenv && /tmp/axenv/bin/pip install ataxx==2.2.0
    /tmp/axenv/bin/python scripts/gen_ataxx_reference.py tests/data

Writes into the given directory:
- ataxx_extra_games.jsonl: random games (same record format as ataxx_games.jsonl) from wall
  layouts, crowded positions where passes happen, and positions whose halfmove clock runs
  into the 50-move rule;
- ataxx_results.tsv: edge positions with python-ataxx's result(), gameover() and sorted legal
  moves;
- ataxx_walls_perft.tsv: perft of wall-layout start positions.

Every expected value comes from python-ataxx. The wall FENs are built here from the mask
definition in the seed design (bit i = square i of the top-left 4x4 quadrant, row by row from
a7, mirrored into the four quadrants), independently of ponder's Rust code.
"""
import json
import os
import random
import sys

import ataxx

SOURCE = "python-ataxx 2.2.0 (PyPI ataxx==2.2.0)"


def walls_fen(mask):
    """The start FEN of a 16-bit wall mask."""
    grid = [["." for _ in range(7)] for _ in range(7)]  # grid[row][col], row 0 = rank 7
    for cell in range(16):
        if mask >> cell & 1:
            r, c = divmod(cell, 4)
            for rr in (r, 6 - r):
                for cc in (c, 6 - c):
                    grid[rr][cc] = "-"
    grid[0][0] = "x"
    grid[0][6] = "o"
    grid[6][0] = "o"
    grid[6][6] = "x"
    ranks = []
    for row in grid:
        out, run = "", 0
        for ch in row:
            if ch == ".":
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += ch
        if run:
            out += str(run)
        ranks.append(out)
    return "/".join(ranks) + " x 0 1"


def play_game(start_fen, seed, choose=None, max_plies=2000):
    random.seed(seed)
    board = checked_board(start_fen)
    plies = []
    while not board.gameover() and len(plies) < max_plies:
        legal = board.legal_moves()
        names = sorted(str(m) for m in legal)
        move = choose(board, legal) if choose else random.choice(legal)
        plies.append({"legal": names, "move": str(move)})
        board.makemove(move)
    assert board.gameover(), "game did not finish"
    return {
        "game": "ataxx",
        "source": SOURCE,
        "seed": seed,
        "start_fen": start_fen,
        "plies": plies,
        "result": board.result(),
        "final_fen": board.get_fen(),
    }


def prefer_doubles(board, legal):
    """Mostly double moves, so that the halfmove clock climbs to the 50-move rule."""
    doubles = [m for m in legal if m.is_double()]
    if doubles and random.random() < 0.97:
        return random.choice(doubles)
    return random.choice(legal)


def games():
    out = []
    seed = 1000
    # The seed design's three examples and libataxx's standard layouts (4 corners, 4 sides).
    for mask in [0x7888, 0x01A2, 0x8124, 0x0400, 0x4800]:
        for _ in range(2):
            seed += 1
            game = play_game(walls_fen(mask), seed)
            game["walls"] = "0x%04x" % mask
            out.append(game)
    # Random wall layouts.
    rng = random.Random(7)
    for _ in range(6):
        mask = rng.randrange(0, 1 << 16) & ~1
        seed += 1
        game = play_game(walls_fen(mask), seed)
        game["walls"] = "0x%04x" % mask
        out.append(game)
    # Crowded positions where passes are forced.
    for fen in [
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
        "xoo4/ooo4/ooo4/7/7/7/7 x 0 1",
        "7/7/7/7/-------/-------/x5o x 0 1",
        "x1o-3/1--4/o6/7/7/7/7 x 0 1",
    ]:
        for _ in range(2):
            seed += 1
            out.append(play_game(fen, seed))
    # The 50-move rule: mostly double moves.
    for fen in [
        "x5o/7/7/7/7/7/o5x x 0 1",
        "x5o/7/7/7/7/7/o5x x 80 40",
        "x5o/7/2-1-2/7/2-1-2/7/o5x o 90 12",
    ]:
        for _ in range(3):
            seed += 1
            out.append(play_game(fen, seed, choose=prefer_doubles))
    return out


RESULT_FENS = [
    # libataxx tests/result.cpp positions (kz04px/libataxx), re-evaluated here by python-ataxx.
    "x5o/7/7/7/7/7/o5x x 0 1",
    "7/7/7/7/7/7/7 x 0 1",
    "7/7/7/7/7/7/7 o 0 1",
    "x6/7/7/7/7/7/7 x 0 1",
    "x6/7/7/7/7/7/7 o 0 1",
    "o6/7/7/7/7/7/7 x 0 1",
    "o6/7/7/7/7/7/7 o 0 1",
    "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1",
    "ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/ooooooo o 0 1",
    "ooooooo/ooooooo/ooooooo/oooxxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1",
    "ooooooo/ooooooo/ooooooo/ooooxxx/xxxxxxx/xxxxxxx/xxxxxxx o 0 1",
    "ooooooo/ooooooo/ooooooo/ooo-xxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1",
    "x5o/7/7/7/7/7/o5x x 99 1",
    "x5o/7/7/7/7/7/o5x x 100 1",
    "x5o/7/7/7/7/7/o5x o 150 80",
    "xxo4/7/7/7/7/7/7 x 100 1",
    "xxo4/7/7/7/7/7/7 o 100 1",
    "oox4/7/7/7/7/7/7 x 100 1",
    "7/7/7/7/-------/-------/xxxxooo x 100 1",
    "7/7/7/7/-------/-------/xxxoooo o 100 1",
    "7/7/7/7/-------/-------/xxxxooo x 0 1",
    "7/7/7/7/-------/-------/xxx-ooo o 0 1",
    # More edges: forced passes, a side without stones at the 50-move limit, a locked board
    # with empty squares left, a pass at halfmove 99.
    "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
    "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 99 1",
    "xoo4/ooo4/ooo4/7/7/7/7 x 0 1",
    "xoo4/ooo4/ooo4/7/7/7/7 o 0 1",
    "x6/7/7/7/7/7/7 x 100 1",
    "7/7/7/7/7/7/6o o 100 1",
    "x--4/---4/---4/7/7/7/6o x 0 1",
    "x--4/---4/---4/7/4---/4---/4--o x 0 1",
    "xo--3/oo--3/----3/----3/7/7/7 x 0 1",
    "7/7/7/7/2o4/7/x6 x 99 1",
    "7/7/7/7/2-----/2-----/2--x1o x 0 1",
    "x5o/7/7/7/7/7/o5x x 98 1",
]

# Positions reached by one move from a result position: the move and what python-ataxx says
# afterwards (a double move at halfmove 99 capturing the last stones wins rather than draws).
AFTER_MOVE = [
    ("7/7/7/7/2o4/7/x6 x 99 1", "a1b3"),
    ("7/7/7/7/2o4/7/x6 x 99 1", "a1c2"),
    ("7/7/7/7/2o4/7/x6 x 99 1", "b1"),
    ("7/7/7/7/7/2o4/x6 x 99 7", "a1c1"),
    ("x5o/7/7/7/7/7/o5x x 99 1", "a7c7"),
    ("x5o/7/7/7/7/7/o5x x 99 1", "b7"),
    ("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 99 1", "0000"),
    ("x5o/7/7/7/7/7/o5x o 99 9", "g7e7"),
]


def checked_board(fen):
    board = ataxx.Board()
    assert board.set_fen(fen), fen
    return board


def results():
    rows = []
    for fen in RESULT_FENS:
        board = checked_board(fen)
        rows.append((fen, "", board.get_fen(), board.result(), board.gameover(),
                     sorted(str(m) for m in board.legal_moves())))
    for fen, move in AFTER_MOVE:
        board = checked_board(fen)
        legal = board.legal_moves()
        mv = ataxx.Move.from_san(move)
        assert mv in legal, (fen, move)
        board.makemove(mv)
        rows.append((fen, move, board.get_fen(), board.result(), board.gameover(),
                     sorted(str(m) for m in board.legal_moves())))
    return rows


def walls_perft():
    rows = []
    masks = [(0x7888, 4), (0x01A2, 4), (0x8124, 4), (0x0400, 4), (0x4800, 4)]
    rng = random.Random(11)
    for _ in range(8):
        masks.append((rng.randrange(0, 1 << 16) & ~1, 3))
    masks.append((0x0776, 2))  # walls in the corners: no moves for anyone
    masks.append((0x0774, 3))  # one gap left next to each corner
    masks.append((0xFFFE, 2))  # every wall
    for mask, depth in masks:
        fen = walls_fen(mask)
        for d in range(1, depth + 1):
            board = checked_board(fen)
            rows.append(("0x%04x" % mask, fen, d, board.perft(d)))
    return rows


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    with open(os.path.join(out_dir, "ataxx_extra_games.jsonl"), "w") as f:
        for game in games():
            f.write(json.dumps(game, separators=(",", ":")) + "\n")
    with open(os.path.join(out_dir, "ataxx_results.tsv"), "w") as f:
        f.write("fen\tmove\tfen_after\tresult\tgameover\tlegal\n")
        for fen, move, after, result, over, legal in results():
            f.write("%s\t%s\t%s\t%s\t%s\t%s\n" % (fen, move, after, result, str(over).lower(), " ".join(legal)))
    with open(os.path.join(out_dir, "ataxx_walls_perft.tsv"), "w") as f:
        f.write("walls\tfen\tdepth\tnodes\n")
        for mask, fen, depth, nodes in walls_perft():
            f.write("%s\t%s\t%d\t%d\n" % (mask, fen, depth, nodes))


if __name__ == "__main__":
    main()
