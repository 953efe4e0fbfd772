#!/usr/bin/env python3
"""Reference data for Ataxx with 2 to 4 seats, from a second implementation written from the
words of issue 14 alone (squares as sets of (file, rank), no bitboards, nothing shared with
ponder's Rust code):

    python3 scripts/gen_ataxx_seats_reference.py tests/data
    python3 scripts/gen_ataxx_seats_reference.py --check-walls tests/data

Writes ataxx_seats_perft.tsv (start-position perft, depths 1-5 for 3 and 4 seats, 1-4 for 2,
with and without walls) and ataxx_seats_games.jsonl (random games to the end: the sorted legal
moves before each ply and the final stones of seats 1..N).

Rules as the issue states them: seats move in order; seat 1 on a7, 2 on g7, 3 on g1, 4 on a1
(two seats: the usual start); a single move clones next to a stone and resets the clock, a
double move jumps two steps and adds one, a pass (the only move of a seat with stones and no
move) adds one; every other seat's stone next to the target changes hands; a seat without
stones is skipped; over when at most one seat has stones, no empty square is within two steps
of any stone, or the clock reaches 100. Perft counts a forced pass as one move and a finished
position as one leaf. Wall masks: bit i = square i of the top-left 4x4 quadrant, row by row from
a7, mirrored into the four quadrants.
"""
import json
import os
import random
import sys

FILES = "abcdefg"
ALL = [(f, r) for r in range(7) for f in range(7)]


def dist(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def name(square):
    return f"{FILES[square[0]]}{square[1] + 1}"


def wall_blockers(mask):
    blockers = set()
    for bit in range(16):
        if mask >> bit & 1:
            f, r = bit % 4, 6 - bit // 4
            blockers |= {(f, r), (6 - f, r), (f, 6 - r), (6 - f, 6 - r)}
    return blockers


def start(players):
    a7, g7, g1, a1 = (0, 6), (6, 6), (6, 0), (0, 0)
    stones = {2: [{a7, g1}, {g7, a1}], 3: [{a7}, {g7}, {g1}], 4: [{a7}, {g7}, {g1}, {a1}]}
    return ([frozenset(s) for s in stones[players]], 0, 0)


def empties(stones, blockers):
    taken = set().union(*stones) | blockers
    return [s for s in ALL if s not in taken]


def over(position, blockers):
    stones, _, clock = position
    if sum(1 for s in stones if s) <= 1:
        return True
    occupied = set().union(*stones)
    if not any(dist(a, e) <= 2 for a in occupied for e in empties(stones, blockers)):
        return True
    return clock >= 100


def moves(position, blockers):
    if over(position, blockers):
        return []
    stones, turn, _ = position
    found = []
    for e in empties(stones, blockers):
        if any(dist(s, e) == 1 for s in stones[turn]):
            found.append(name(e))
        found += [name(s) + name(e) for s in stones[turn] if dist(s, e) == 2]
    return found or ["0000"]


def square(text):
    return (FILES.index(text[0]), int(text[1]) - 1)


def play(position, move):
    stones, turn, clock = position
    stones = [set(s) for s in stones]
    if move == "0000":
        clock += 1
    else:
        to = square(move[-2:])
        if len(move) == 4:
            stones[turn].discard(square(move[:2]))
            clock += 1
        else:
            clock = 0
        stones[turn].add(to)
        for other in range(len(stones)):
            if other != turn:
                taken = {s for s in stones[other] if dist(s, to) == 1}
                stones[other] -= taken
                stones[turn] |= taken
    seats = len(stones)
    following = [(turn + i) % seats for i in range(1, seats)]
    nxt = next((s for s in following if stones[s]), (turn + 1) % seats)
    return ([frozenset(s) for s in stones], nxt, clock)


def perft(position, depth, blockers):
    if depth == 0:
        return 1
    found = moves(position, blockers)
    if not found:
        return 1
    return sum(perft(play(position, m), depth - 1, blockers) for m in found)


def spec(players, mask):
    return f"ataxx:players={players}" + (f",walls={mask:#06x}" if mask else "")


def main(out):
    with open(os.path.join(out, "ataxx_seats_perft.tsv"), "w") as f:
        f.write("spec\tdepth\tnodes\n")
        for players, mask, depth in [(2, 0, 4), (3, 0, 5), (4, 0, 5), (3, 0x7888, 5),
                                     (4, 0x7888, 5), (4, 0x0400, 5), (3, 0x0400, 5)]:
            blockers = wall_blockers(mask)
            for d in range(1, depth + 1):
                f.write(f"{spec(players, mask)}\t{d}\t{perft(start(players), d, blockers)}\n")
    with open(os.path.join(out, "ataxx_seats_games.jsonl"), "w") as f:
        for seed in range(1, 37):
            rng = random.Random(seed)
            players, mask = [2, 3, 4][seed % 3], [0, 0x7888, 0x0400][seed // 3 % 3]
            blockers = wall_blockers(mask)
            position, plies = start(players), []
            while True:
                found = moves(position, blockers)
                if not found:
                    break
                # Seeds above 24 prefer jumps, so their clock runs towards the limit.
                jumps = [m for m in found if len(m) == 4]
                move = rng.choice(jumps if seed > 24 and jumps and rng.random() < 0.99 else found)
                plies.append({"legal": sorted(found), "move": move})
                position = play(position, move)
            scores = [len(s) for s in position[0]]
            f.write(json.dumps({"spec": spec(players, mask), "seed": seed, "plies": plies,
                                "scores": scores, "clock": position[2]}) + "\n")


def check_walls(data):
    """Compares the two-seat perft of every wall layout in ataxx_walls_perft.tsv (python-ataxx's
    counts, depths 1-3) with this implementation's; prints the rows that differ."""
    with open(os.path.join(data, "ataxx_walls_perft.tsv")) as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    differ = 0
    for walls, _, depth, nodes in rows:
        if int(depth) <= 3:
            ours = perft(start(2), int(depth), wall_blockers(int(walls, 16)))
            if ours != int(nodes):
                differ += 1
                print(f"{walls} depth {depth}: python-ataxx {nodes}, here {ours}")
    print(f"{differ} rows differ")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--check-walls"]:
        check_walls(sys.argv[2] if len(sys.argv) > 2 else "tests/data")
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else "tests/data")
