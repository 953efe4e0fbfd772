#!/usr/bin/env python3
"""Generates Oware reference data from OpenSpiel (pip install open-spiel==2.0.2).

Everything written here comes from pyspiel's `oware` game: the legal moves, the board and
scores before every ply, the final (banked) scores and returns, and perft counts. ponder's code
is not involved.

OpenSpiel banks the seeds left on the board at every game end, so the board just after the
last move (which says *why* the game ended) is not observable. A small independent sowing
routine below (`Sim`) replays each game next to OpenSpiel and is asserted equal to OpenSpiel's
board after every non-final ply and to its banked totals after the final one; it is only used
to label the end kind (majority / repetition / no_moves) and to count rule events (grand
slams, must-feed turns).

Usage (from the repository root):
    pip install open-spiel==2.0.2
    python3 scripts/gen_oware_reference.py games > tests/data/oware_openspiel_games.jsonl
    python3 scripts/gen_oware_reference.py perft > tests/data/oware_openspiel_perft.tsv
"""

import json
import random
import sys

import pyspiel

SOURCE = "open_spiel==2.0.2 pyspiel.load_game('oware', {num_houses_per_player, num_seeds_per_house})"


def load(houses, seeds):
    return pyspiel.load_game(
        "oware", {"num_houses_per_player": houses, "num_seeds_per_house": seeds}
    )


def observe(state, houses):
    """OpenSpiel's observation string: 'player | s0 s1 | seeds...' (absolute house order)."""
    player, scores, seeds = state.observation_string(0).split("|")
    seeds = [int(x) for x in seeds.split()]
    return {
        "player": int(player),
        "scores": [int(x) for x in scores.split()],
        "houses": [seeds[:houses], seeds[houses:]],
    }


class Sim:
    """Independent sowing used only to label end kinds and events (checked against OpenSpiel)."""

    def __init__(self, houses, seeds):
        self.h = houses
        self.total = 2 * houses * seeds
        self.seeds = [seeds] * (2 * houses)
        self.scores = [0, 0]
        self.player = 0
        self.seen = {self.snapshot()}

    def snapshot(self):
        return (self.player, tuple(self.scores), tuple(self.seeds))

    def row(self, p):
        return self.seeds[p * self.h : (p + 1) * self.h]

    def must_feed(self):
        """The opponent is empty and at least one non-empty house of the mover does not feed."""
        if sum(self.row(1 - self.player)) != 0:
            return False
        own = self.row(self.player)
        return any(0 < own[i] < self.h - i for i in range(self.h))

    def play(self, move):
        """Returns (grand_slam, captured)."""
        n = 2 * self.h
        origin = self.player * self.h + move
        hand = self.seeds[origin]
        self.seeds[origin] = 0
        i = origin
        while hand:
            i = (i + 1) % n
            if i != origin:
                self.seeds[i] += 1
                hand -= 1
        opp = 1 - self.player
        captured = 0
        grand_slam = False
        if i // self.h == opp:
            lo = opp * self.h
            j = i
            take = 0
            while j >= lo and self.seeds[j] in (2, 3):
                take += self.seeds[j]
                j -= 1
            if take and take == sum(self.row(opp)):
                grand_slam = True
            elif take:
                j = i
                while j >= lo and self.seeds[j] in (2, 3):
                    self.seeds[j] = 0
                    j -= 1
                captured = take
                self.scores[self.player] += take
        self.player = opp
        if captured:
            self.seen = set()
        snap = self.snapshot()
        repeated = snap in self.seen
        self.seen.add(snap)
        return grand_slam, captured, repeated

    def end_kind(self, repeated):
        half = self.total // 2
        s0, s1 = self.scores
        if s0 > half or s1 > half or (s0 == half and s1 == half):
            return "majority"
        if repeated:
            return "repetition"
        return "no_moves"


def random_game(houses, seeds, seed, policy):
    game = load(houses, seeds)
    state = game.new_initial_state()
    sim = Sim(houses, seeds)
    rng = random.Random(seed)
    plies = []
    events = {"grand_slams": 0, "must_feed_turns": 0, "captures": 0}
    repeated = False
    while not state.is_terminal():
        board = observe(state, houses)
        assert board["houses"] == [sim.row(0), sim.row(1)], (board, sim.seeds)
        assert board["scores"] == sim.scores and board["player"] == sim.player
        legal = sorted(state.legal_actions())
        if sim.must_feed():
            events["must_feed_turns"] += 1
        if policy == "random":
            move = rng.choice(legal)
        else:  # "capture": prefer the move capturing most, random among ties
            best, moves = -1, []
            for a in legal:
                child = state.clone()
                child.apply_action(a)
                gain = observe(child, houses)["scores"][board["player"]] - board["scores"][board["player"]]
                if child.is_terminal():
                    gain = -1  # banked totals are not a capture; treat as neutral-low
                if gain > best:
                    best, moves = gain, [a]
                elif gain == best:
                    moves.append(a)
            move = rng.choice(moves)
        plies.append({"player": board["player"], "legal": legal, "move": move, "obs": state.observation_string(0)})
        state.apply_action(move)
        grand_slam, captured, repeated = sim.play(move)
        events["grand_slams"] += int(grand_slam)
        events["captures"] += int(captured > 0)
    final = observe(state, houses)
    end = sim.end_kind(repeated)
    # OpenSpiel banked each row to its owner: check the independent replay agrees.
    banked = [sim.scores[0] + sum(sim.row(0)), sim.scores[1] + sum(sim.row(1))]
    assert final["scores"] == banked, (final, banked, sim.seeds, sim.scores)
    assert final["houses"] == [[0] * houses, [0] * houses]
    if end == "no_moves":
        assert not state.legal_actions()
    returns = [int(r) for r in state.returns()]
    return {
        "game": "oware",
        "houses": houses,
        "seeds": seeds,
        "source": SOURCE,
        "seed": seed,
        "policy": policy,
        "plies": plies,
        "final": {"houses": final["houses"], "end": end},
        "result": {"scores": final["scores"], "returns": returns},
        "events": events,
    }


GAME_SETS = [
    # (houses, seeds, policy, first seed, count)
    (6, 4, "random", 101, 100),
    (6, 4, "capture", 201, 40),
    (6, 2, "random", 301, 20),
    (6, 1, "random", 351, 10),
    (3, 3, "random", 401, 20),
    (3, 2, "capture", 451, 10),
    (4, 2, "random", 501, 20),
    (4, 3, "capture", 551, 10),
    (2, 2, "random", 601, 10),
    (2, 3, "random", 631, 10),
    (5, 5, "random", 701, 10),
    (7, 3, "random", 801, 10),
    (1, 3, "random", 851, 5),
    (8, 3, "random", 901, 10),
    (9, 1, "random", 951, 10),
    (10, 1, "random", 981, 10),
]


def games():
    for houses, seeds, policy, first, count in GAME_SETS:
        for seed in range(first, first + count):
            try:
                record = random_game(houses, seeds, seed, policy)
            except pyspiel.SpielError as error:  # OpenSpiel's 1000-move cap
                print(f"skipped {houses},{seeds},{seed}: {error}", file=sys.stderr)
                continue
            print(json.dumps(record, separators=(",", ":")))


def perft(state, depth):
    if state.is_terminal() or depth == 0:
        return 1
    if depth == 1:
        return len(state.legal_actions())
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


PERFT_SETS = [
    # (houses, seeds, moves played from the start (relative indices), max depth)
    (3, 3, [], 14),
    (4, 2, [], 12),
    (2, 2, [], 16),
    (2, 3, [], 16),
    (5, 5, [], 8),
    (6, 1, [], 14),
    (6, 2, [], 10),
    (7, 3, [], 7),
    (1, 3, [], 10),
    (8, 2, [], 7),
    (9, 1, [], 9),
    (10, 1, [], 9),
]


def random_prefix(houses, seeds, seed, plies):
    """The first moves of a random game, stopped `plies` plies in or 4 plies before its end."""
    game = load(houses, seeds)
    state = game.new_initial_state()
    rng = random.Random(seed)
    moves = []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        moves.append(a)
        state.apply_action(a)
    return moves[: max(0, min(plies, len(moves) - 4))]


def perfts():
    sets = list(PERFT_SETS)
    # Midgame 6/4 positions reached by play (the repetition history comes with them).
    for seed, plies in [(11, 20), (12, 40), (13, 60), (14, 30), (15, 200)]:
        sets.append((6, 4, random_prefix(6, 4, seed, plies), 7))
    # Small boards deep into games, where repetitions and must-feed turns are frequent.
    for seed, plies in [(21, 15), (22, 25), (23, 35), (24, 100)]:
        sets.append((3, 2, random_prefix(3, 2, seed, plies), 14))
    for seed, plies in [(31, 10), (32, 20), (33, 100)]:
        sets.append((2, 3, random_prefix(2, 3, seed, plies), 16))
    for seed, plies in [(41, 30), (42, 100)]:
        sets.append((4, 2, random_prefix(4, 2, seed, plies), 12))
    for seed, plies in [(51, 100)]:
        sets.append((6, 2, random_prefix(6, 2, seed, plies), 9))
    print("houses\tseeds\tmoves\tdepth\tnodes")
    for houses, seeds, moves, max_depth in sets:
        state = load(houses, seeds).new_initial_state()
        for a in moves:
            state.apply_action(a)
        text = " ".join(str(m) for m in moves) or "-"
        for depth in range(1, max_depth + 1):
            nodes = perft(state, depth)
            print(f"{houses}\t{seeds}\t{text}\t{depth}\t{nodes}", flush=True)
            if nodes > 1_500_000:
                break


if __name__ == "__main__":
    {"games": games, "perft": perfts}[sys.argv[1]]()
