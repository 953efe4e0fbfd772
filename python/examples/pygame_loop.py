"""A game loop with the engine thinking while the player thinks (a terminal stand-in for a
pygame loop: no dependency beyond ponder).

The engine's turn: ``engine.go(movetime=...)``, then ``engine.poll()`` once a frame (it never
blocks), drawing the depth reached meanwhile. The player's turn: the engine ponders on its
own threads (pondering is on by default) while ``input()`` waits; its next search starts from
what it pondered.

    python examples/pygame_loop.py                 # you play Kalah against ponder
    python examples/pygame_loop.py --game oware
    python examples/pygame_loop.py --auto          # a random player instead of you
"""

import argparse
import random
import sys
import time

from ponder import Engine

FRAME = 1 / 60


def engine_turn(engine: Engine, movetime: float) -> str:
    engine.go(movetime=movetime)
    spinner = "|/-\\"
    frame = 0
    while True:
        answer = engine.poll()  # never blocks: one call a frame
        if answer is not None:
            print(f"\rponder plays {answer.move} (depth {answer.depth}, score {answer.score})   ")
            return answer.move
        info = engine.info
        depth = info.depth if info else 0
        print(f"\rponder is thinking {spinner[frame % 4]} depth {depth}", end="", flush=True)
        frame += 1
        time.sleep(FRAME)  # the rest of the frame: drawing, events


def player_turn(engine: Engine, auto: random.Random) -> str:
    moves = engine.position.legal_moves()
    if auto:
        time.sleep(0.2)  # the player thinks; the engine ponders meanwhile
        return auto.choice(moves)
    while True:
        text = input(f"your move {moves}: ").strip()
        if text in moves:
            return text
        print(f"{text!r} is not one of {moves}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kalah", choices=["kalah", "oware", "ataxx"])
    parser.add_argument("--movetime", type=float, default=1.0, help="seconds a move")
    parser.add_argument("--auto", action="store_true", help="a random player instead of you")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    auto = random.Random(args.seed) if args.auto else None
    engine = Engine(args.game)  # pondering on by default
    human = 1
    while not engine.position.is_over():
        print(engine.position)
        if engine.position.side_to_move == human:
            move = player_turn(engine, auto)
        else:
            move = engine_turn(engine, args.movetime)
        engine.send_move(move)  # after the engine's own move, it ponders the replies
    print(engine.position)
    outcome = engine.position.outcome()
    print("a draw" if outcome.winner is None else f"seat {outcome.winner} wins by {abs(outcome.margin)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
