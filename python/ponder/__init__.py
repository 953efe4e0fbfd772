"""ponder from Python: a game-tree search engine for Kalah, Oware and Ataxx.

- :class:`Position`: a position of one of the games (``legal_moves()``, ``play()``,
  ``outcome()``, ``key()``).
- :class:`Engine`: the engine on its own threads: ``go()`` then ``poll()`` once a frame, or
  a blocking ``best_move()``; it ponders while the player thinks.
- :func:`search`: one search of a position, as ``ponder bestmove`` does it, with ponder's
  evaluation or a Python heuristic.
- :mod:`ponder.classroom`: the classroom Mancala API (``Board``, ``PonderPlayer``).
- :mod:`ponder.openspiel`: ``PonderBot``, a ``pyspiel.Bot`` for OpenSpiel's ``mancala`` and
  ``oware``.

Bad input (a game name, a position, a move, a limit) raises ``ValueError`` with a message
that says what and where.
"""

from ponder._ponder import (
    GAME_NAMES,
    BestMove,
    Engine,
    Info,
    Outcome,
    Position,
    search,
)

__all__ = ["GAME_NAMES", "BestMove", "Engine", "Info", "Outcome", "Position", "search"]
