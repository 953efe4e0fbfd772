"""PonderBot against OpenSpiel's MCTSBot at equal wall time per move: a measurement (not a
test). OpenSpiel's MCTS with the defaults of ``open_spiel/python/examples/mcts.py``: UCT
constant 2, one random rollout a leaf, solving on, 1,000 simulations a move. Its budget is
one of two, and PonderBot's wall time a move equals it:

- ``--simulations N`` (default 1,000, the example's default): MCTS searches N simulations a
  move; PonderBot's time is held to MCTS's as a clock would: before each of its moves, its
  ``movetime`` is what brings its total wall time to MCTS's total so far plus MCTS's mean
  wall time a move (at least 1 ms), so that time it overspent is taken back later and its
  total ends within about one move's time of MCTS's (before MCTS's first move, the mean is
  the time of one MCTS step on the start position, timed before the game). Both bots' mean
  times a move are printed.
- ``--movetime S``: both search S seconds a move (MCTS's simulations unbounded: a stronger
  MCTS than the example's).

Colours alternate; every action is checked legal in OpenSpiel.

    python examples/vs_mcts.py --games 40
    python examples/vs_mcts.py --games 40 --movetime 0.5

``--book FILE`` gives PonderBot an opening book, frozen (every game starts from the same
book). In ``mancala`` it has by default the exact book of Kalah(6,4) in ``data/`` (``ponder
book build --game kalah --exact-plies 3``: every move keeps the position's value);
``--no-book`` plays without.

``--record FILE`` writes each game as a JSON line: ponder's seat, the result, and the moves in
ponder's notation (for Kalah, a trace ``ponder solve --game kalah --position TRACE`` reads, to
check each move against the exact value).
"""

import argparse
import json
import sys
import time

import pyspiel
from pathlib import Path

from ponder.openspiel import PonderBot, to_move


# The books PonderBot plays from by default (`--book` replaces, `--no-book` removes).
DEFAULT_BOOKS = {"mancala": Path(__file__).parent / "data" / "kalah-exact3.book"}

# OpenSpiel's MCTSBot does not keep its evaluator alive (a segmentation fault once the
# evaluator is collected): the evaluators are kept here.
EVALUATORS = []


def mcts_bot(game, budget, seed):
    """OpenSpiel's MCTS with the example's settings; ``budget`` is ``("simulations", N)`` or
    ``("seconds", S)``."""
    seed %= 2**31  # OpenSpiel's seeds are 32-bit signed; a commit's seed may be larger
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    EVALUATORS.append(evaluator)
    kind, amount = budget
    simulations, seconds = (amount, -1.0) if kind == "simulations" else (10**9, amount)
    return pyspiel.MCTSBot(
        game, evaluator, 2.0, simulations, 1000, True, seed, False,
        pyspiel.ChildSelectionPolicy.UCT, seconds,
    )


def play(game, bots, ponder_seat, budget):
    """Plays one game: its returns, each bot's mean seconds a move, and the moves in ponder's
    notation with their movers. With a simulation budget, PonderBot's total time follows MCTS's
    mean time a move (timed on the start position before MCTS has moved)."""
    state = game.new_initial_state()
    spent = [0.0, 0.0]
    moves = [0, 0]
    line = []
    mcts_seat = 1 - ponder_seat
    if budget[0] == "simulations":
        started = time.monotonic()
        bots[mcts_seat].step(game.new_initial_state())
        calibration = time.monotonic() - started
        bots[mcts_seat].restart_at(game.new_initial_state())
    while not state.is_terminal():
        player = state.current_player()
        if player == ponder_seat and budget[0] == "simulations":
            mean = spent[mcts_seat] / moves[mcts_seat] if moves[mcts_seat] else calibration
            owed = spent[mcts_seat] + mean - spent[player]
            bots[player].movetime = max(owed, 0.001)
        started = time.monotonic()
        action = bots[player].step(state)
        spent[player] += time.monotonic() - started
        moves[player] += 1
        if action not in state.legal_actions():
            raise SystemExit(f"illegal action {action} by player {player} in {state.history()}")
        line.append((player, to_move(game, player, action)))
        state.apply_action(action)
    return state.returns(), [s / max(m, 1) for s, m in zip(spent, moves)], line


def match(name, games, budget, seed, seats=(0, 1), options=None, record=None, book=None):
    game = pyspiel.load_game(name)
    wins = draws = losses = 0
    ponder_time = mcts_time = 0.0
    movetime = budget[1] if budget[0] == "seconds" else 0.01
    for index in range(games):
        knowledge = {"book": book, "book_frozen": True} if book else {}
        ponder = PonderBot(
            game, movetime=movetime, seed=seed + index, **knowledge, **(options or {})
        )
        mcts = mcts_bot(game, budget, seed + index)
        seat = seats[index % len(seats)]
        bots = [ponder, mcts] if seat == 0 else [mcts, ponder]
        returns, per_move, line = play(game, bots, seat, budget)
        ponder_time += per_move[seat]
        mcts_time += per_move[1 - seat]
        result = returns[seat]
        wins += result > 0
        draws += result == 0
        losses += result < 0
        print(f"{name} game {index + 1}: ponder as seat {seat}: {result:+.0f}", flush=True)
        if record is not None:
            record.write(json.dumps({
                "game": name, "seed": seed + index, "budget": list(budget), "ponder_seat": seat,
                "result": result, "movers": [player for player, _ in line],
                "moves": [move for _, move in line],
            }) + "\n")
            record.flush()
    score = (wins + draws / 2) / games
    print(
        f"{name}: {games} games, ponder +{wins} ={draws} -{losses}: {100 * score:.1f}% "
        f"(seconds a move: ponder {ponder_time / games:.4f}, mcts {mcts_time / games:.4f})"
    )
    return score


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--simulations", type=int, default=1000,
                        help="MCTS's simulations a move; ponder gets MCTS's mean time (default)")
    budget.add_argument("--movetime", type=float,
                        help="seconds a move for both (MCTS's simulations unbounded)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=["mancala", "oware"])
    parser.add_argument("--seat", type=int, choices=[0, 1], help="ponder's seat (default: both, in turns)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an engine option of PonderBot (e.g. forward_pruning=false)")
    books = parser.add_mutually_exclusive_group()
    books.add_argument("--book", metavar="FILE",
                       help="an opening book for PonderBot, read only (one --game at a time; "
                            "default: mancala's exact book in data/)")
    books.add_argument("--no-book", action="store_true", help="PonderBot without a book")
    parser.add_argument("--record", type=argparse.FileType("w"), metavar="FILE",
                        help="write every game as a JSON line (seat, result, moves)")
    args = parser.parse_args()
    seats = (0, 1) if args.seat is None else (args.seat,)
    options = dict(option.split("=", 1) for option in args.option)
    budget = ("seconds", args.movetime) if args.movetime else ("simulations", args.simulations)
    print(f"budget: {budget[1]} {budget[0]} a move, seed {args.seed}", flush=True)
    names = args.game or ["mancala", "oware"]
    if args.book and len(names) != 1:
        parser.error("--book is one game's book: give one --game")
    def book_of(name):
        if args.no_book:
            return None
        return args.book or DEFAULT_BOOKS.get(name)

    scores = [match(name, args.games, budget, args.seed, seats, options, args.record,
                    book_of(name))
              for name in names]
    return 0 if all(score >= 0.95 for score in scores) else 1


if __name__ == "__main__":
    sys.exit(main())
