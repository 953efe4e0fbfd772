"""The course's ``Game.runGame`` (a4.py) with ``PonderPlayer``: ponder against the course's
random player, or against you (``--manual``).

    python examples/classroom.py [trace] [--depth 5] [--manual]
"""

import argparse

from ponder.classroom import Board, ManualPlayer, PonderPlayer, RandomPlayer


class Game:
    """a4.py's Game, as the course gives it."""

    def __init__(self, trace, player1, player2):
        self.trace = trace
        self.player1 = player1
        self.player2 = player2

    def runGame(self):
        board = Board(self.trace)
        while not board.game_over:
            # finds the move to make
            if board.turn == 0:
                if not isinstance(self.player1, ManualPlayer):
                    print("Player 1 is thinking")
                move = self.player1.findMove(board.trace)
            else:
                if not isinstance(self.player2, ManualPlayer):
                    print("Player 2 is thinking")
                move = self.player2.findMove(board.trace)
            # makes the move
            board.makeMove(move)
            board.print()
        # determines if the game is over or not
        if board.winner == -1:
            print("It is a draw!")
        elif board.winner == 0:
            print("Player 1 wins!")
        elif board.winner == 1:
            print("Player 2 wins!")
        return board


class StoreDiffPlayer(PonderPlayer):
    """A student's heuristic plugged into ponder's alpha-beta: the stores, and the seeds on
    each side counted a quarter."""

    def heuristic(self, board):
        return (
            board.p1_pot
            - board.p2_pot
            + 0.25 * (sum(board.p1_pits) - sum(board.p2_pits))
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace", nargs="?", default="")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--manual", action="store_true", help="you play the second player")
    args = parser.parse_args()
    p1 = StoreDiffPlayer(args.depth, scale=4)
    p2 = ManualPlayer() if args.manual else RandomPlayer(7)
    board = Game(args.trace, p1, p2).runGame()
    print(f"trace {board.trace}: {board.p1_pot} to {board.p2_pot}")


if __name__ == "__main__":
    main()
