"""The classroom Mancala API, drop-in.

The course (a Python 3 Kalah(6, 4) assignment) gives students a ``Board`` class and players
with ``findMove(trace)`` and ``heuristic(board)``. This module has the same names and
semantics, with ponder's rules (in Rust) underneath:

- :class:`Board`: ``Board(trace)``, ``makeMove``, ``undoMove``, ``isValidMove``,
  ``getAllValidMoves``, ``print``, ``printSpaced`` and the properties ``board``,
  ``p1_pits``, ``p2_pits``, ``p1_pot``, ``p2_pot``, ``turn``, ``game_over``, ``winner``,
  ``trace``, ``state``, ``board_history``.
- :class:`BasePlayer`, :class:`RandomPlayer`, :class:`ManualPlayer`, :class:`RemotePlayer`:
  the course's players.
- :class:`PonderPlayer`: a ``BasePlayer`` whose ``findMove(trace)`` answers from ponder's
  search, with ponder's evaluation or the player's own Python ``heuristic(board)``.

Where this differs from the course: ``makeMove`` of a pit that cannot be sown raises
``ValueError`` (the course does no checking and leaves a corrupt board), and ``turn`` is
read-only.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Iterator, List, Optional

from ponder._ponder import KalahBoard as _Core
from ponder._ponder import search as _search

__all__ = [
    "Board",
    "BasePlayer",
    "ManualPlayer",
    "PonderPlayer",
    "RandomPlayer",
    "RemotePlayer",
]

#: The course's warning for a move of a trace that cannot be played.
INVALID_MOVE_WARNING = "Warning: invalid move skipped."


class Board:
    """A Kalah(6, 4) game with its history, as the course's ``Board``.

    ::

        #   p2_pot
        #   p2_pits [5] [4] [3] [2] [1] [0]
        #           [0] [1] [2] [3] [4] [5] p1_pits
        #                                   p1_pot
    """

    __slots__ = ("_core",)

    def __init__(self, trace: Optional[str] = None) -> None:
        """A new board (4 seeds a pit), then each move of ``trace`` (one digit a move) played;
        a move that cannot be played is skipped with the course's warning."""
        self._core = _Core()
        if trace is None:
            return
        for index, character in enumerate(trace):
            try:
                pit = int(character)
            except ValueError:
                raise ValueError(
                    f"trace {trace!r}, character {index + 1}: {character!r} is not a pit "
                    "number (a trace holds one digit a move)"
                ) from None
            if not self._core.is_valid(pit):
                print(INVALID_MOVE_WARNING)
                continue
            self._core.make_move(pit)

    @classmethod
    def _of(cls, core: _Core) -> "Board":
        """The board around a core (what a heuristic is shown at the search's leaves)."""
        board = cls.__new__(cls)
        board._core = core
        return board

    # The course's methods.

    def isValidMove(self, pit: int) -> bool:
        """Whether the player to move can sow ``pit`` (0-5): the game not over, the pit not
        empty."""
        return self._core.is_valid(pit)

    def makeMove(self, pit: int) -> None:
        """Sows the mover's ``pit`` and records the move; ``ValueError`` (and no change) when
        it cannot be sown."""
        self._core.make_move(pit)

    def undoMove(self) -> None:
        """Takes back the last move; ``IndexError`` when there is none."""
        self._core.undo_move()

    def getAllValidMoves(self, preorder: Optional[Iterable[int]] = None) -> Iterator[int]:
        """The pits the mover can sow, in ``preorder``'s order when given (the pits it
        leaves out are not generated), else 0 to 5. A generator, as the course's."""
        if preorder is None:
            preorder = range(6)
        for pit in preorder:
            if self._core.is_valid(pit):
                yield pit

    def print(self) -> None:
        """Prints the board: the second player's row (right to left) and store above, the
        first player's row and store below."""
        print(self._text(spaced=False))

    def printSpaced(self) -> None:
        """Prints the board spaced out, its pits under the course's ``ManualPlayer``
        options."""
        print(self._text(spaced=True))

    def _text(self, spaced: bool) -> str:
        width = 2 if spaced else 3
        top = "".join(str(seeds).rjust(width) for seeds in reversed(self.p2_pits))
        bottom = "".join(str(seeds).rjust(width) for seeds in self.p1_pits)
        margin = " " * 3
        return "\n".join(
            [
                margin + top,
                str(self.p2_pot).rjust(2) + " " * (len(top) + 2) + str(self.p1_pot),
                margin + bottom,
            ]
        )

    # The course's properties.

    @property
    def board(self) -> List[int]:
        """The 15 numbers of the board: the first player's six pits, their store, the second
        player's six pits, their store, the player to move."""
        return self._core.board

    @property
    def board_history(self) -> List[List[int]]:
        """The board before each move played, oldest first."""
        return self._core.history

    @property
    def p1_pits(self) -> List[int]:
        """The first player's pits, counter-clockwise (``p1_pits[0]`` faces ``p2_pits[5]``)."""
        return self._core.p1_pits

    @property
    def p2_pits(self) -> List[int]:
        """The second player's pits, counter-clockwise."""
        return self._core.p2_pits

    @property
    def p1_pot(self) -> int:
        """The first player's store."""
        return self._core.p1_pot

    @property
    def p2_pot(self) -> int:
        """The second player's store."""
        return self._core.p2_pot

    @property
    def turn(self) -> int:
        """0 when the first player (max) is to move, 1 for the second (min)."""
        return self._core.turn

    @property
    def game_over(self) -> bool:
        """Whether the game is over."""
        return self._core.game_over

    @property
    def winner(self) -> Optional[int]:
        """``None`` while the game goes on; then -1 for a draw, 0 if the first player won, 1
        if the second did."""
        return self._core.winner

    @property
    def trace(self) -> str:
        """The moves that led here, one digit each: ``Board(board.trace)`` is this game."""
        return self._core.trace

    @property
    def state(self) -> int:
        """A hashable integer for the board: equal exactly when the boards (pits, stores,
        player to move) are equal, whatever moves led there."""
        return self._core.state

    def __repr__(self) -> str:
        return f"Board({self.trace!r})"


class BasePlayer:
    """The course's base player: ``findMove(trace)`` and ``heuristic(board)``.

    The win scores bound every heuristic value: ``P2_WIN_SCORE < heuristic(b) <
    P1_WIN_SCORE`` (48 seeds are in play).
    """

    P1_WIN_SCORE = 100
    TIE_SCORE = 0
    P2_WIN_SCORE = -100

    def __init__(self, max_depth: Optional[int]) -> None:
        self.max_depth = max_depth

    def heuristic(self, board: Board) -> float:
        """How good ``board`` is: high for the first player, low for the second."""
        raise NotImplementedError

    def findMove(self, trace: str) -> int:
        """The pit to sow after ``trace``."""
        raise NotImplementedError


#: The base heuristic, to tell a heuristic of the player's own from none.
_NO_HEURISTIC = BasePlayer.heuristic


class PonderPlayer(BasePlayer):
    """A player whose ``findMove(trace)`` answers from ponder's search.

    - ``max_depth``: search exactly this many plies (an extra turn is a ply, as in the
      course's minimax), exact alpha-beta values, the first of equal-best moves in pit
      order: the move the course's ``PlayerAB`` finds with the same heuristic.
    - ``movetime``: seconds a move; alone, the strongest search ponder has (its forward
      pruning on). Neither given: one second a move.
    - The evaluation: the player's own ``heuristic(board)`` when it has one (a subclass's,
      one assigned to ``BasePlayer.heuristic`` as the course's tests do, or the
      ``heuristic=`` argument), a Python callback at each leaf (slower, exact); else
      ponder's evaluator ``eval`` (``default``; ``store-diff`` is ``p1_pot - p2_pot`` from the
      mover's side).

    A heuristic's values are the first player's (high is good for player 1), multiplied by
    ``scale`` and rounded to integers: a heuristic with fractions wants ``scale=100`` or so.
    Finished games are scored by ponder above every heuristic value, as the course's win
    scores are.
    """

    def __init__(
        self,
        max_depth: Optional[int] = None,
        movetime: Optional[float] = None,
        *,
        eval: str = "default",
        heuristic: Optional[Callable[[Board], float]] = None,
        scale: float = 1.0,
        threads: int = 1,
        hash_mib: int = 16,
    ) -> None:
        super().__init__(max_depth)
        self.movetime = 1.0 if max_depth is None and movetime is None else movetime
        self.eval = eval
        self.scale = scale
        self.threads = threads
        self.hash_mib = hash_mib
        self._heuristic = heuristic
        #: The last search's answer (``ponder.BestMove``: score, depth, nodes, time).
        self.last_search = None

    def _leaf_heuristic(self) -> Optional[Callable[[Board], float]]:
        if self._heuristic is not None:
            return self._heuristic
        if type(self).heuristic is _NO_HEURISTIC:
            return None
        return self.heuristic

    def findMove(self, trace: str) -> int:
        """The pit ponder's search chooses after ``trace`` (invalid moves of the trace are
        skipped with the course's warning); ``ValueError`` when the game is over."""
        position = Board(trace)._core.position()
        heuristic = self._leaf_heuristic()
        classroom_heuristic = None
        if heuristic is not None:
            of = Board._of

            def classroom_heuristic(core: _Core) -> float:
                return heuristic(of(core))

        answer = _search(
            position,
            depth=self.max_depth,
            movetime=self.movetime,
            eval=self.eval,
            classroom_heuristic=classroom_heuristic,
            scale=self.scale,
            forward_pruning=self.max_depth is None,
            tie_break="first",
            threads=self.threads,
            hash_mib=self.hash_mib,
        )
        self.last_search = answer
        if answer.move is None:
            raise ValueError(f"trace {trace!r}: the game is over, there is no move to find")
        return int(answer.move)


class RandomPlayer(BasePlayer):
    """The course's random player: a uniformly random valid move, seeded by ``max_depth``."""

    def __init__(self, max_depth: Optional[int] = None) -> None:
        super().__init__(max_depth)
        self.random = random.Random(max_depth)

    def findMove(self, trace: str) -> int:
        board = Board(trace)
        options = list(board.getAllValidMoves())
        return self.random.choice(options)


class ManualPlayer(BasePlayer):
    """The course's manual player: asks for a pit (1-6) on the terminal."""

    def __init__(self, max_depth: Optional[int] = None) -> None:
        super().__init__(max_depth)

    def findMove(self, trace: str) -> int:
        board = Board(trace)
        opts = "  "
        for c in range(6):
            opts += " " + (str(c + 1) if board.isValidMove(c) else " ")
        while True:
            if board.turn == 0:
                print("")
                board.printSpaced()
                print(opts)
                pit = input("Pick a pit (P1 side): ")
            else:
                print("")
                print(" " + opts[::-1])
                board.printSpaced()
                pit = input("Pick a pit (P2 side): ")
            try:
                pit = int(pit) - 1
            except ValueError:
                continue
            if board.isValidMove(pit):
                return pit


class RemotePlayer(BasePlayer):
    """The course's remote player: asks a move server ``GET <url>/getmove/<depth>,<trace>``
    and plays its answer: by default ``ponder serve``'s (``cargo run --release -- serve``),
    or the instructor's (``url="http://silo.cs.indiana.edu:30005"``)."""

    def __init__(self, max_depth: Optional[int] = None, url: str = "http://127.0.0.1:8000"):
        super().__init__(max_depth)
        self.instructor_url = url
        if self.max_depth is not None and self.max_depth > 8:
            print("It refused to go that hard. Sorry.")
            self.max_depth = 8

    def findMove(self, trace: str) -> int:
        from urllib.request import urlopen

        with urlopen(f"{self.instructor_url}/getmove/{self.max_depth},{trace}") as reply:
            return int(reply.read().decode())
