"""OpenSpiel bots: :class:`PonderBot`, a ``pyspiel.Bot`` that plays OpenSpiel's ``mancala``
(Kalah(6, 4)) and ``oware`` (Abapa rules, any board size) with ponder's engine.

Needs OpenSpiel (``pip install open_spiel``)::

    import pyspiel
    from ponder.openspiel import PonderBot

    game = pyspiel.load_game("oware")
    bots = [PonderBot(game, movetime=0.1), pyspiel.make_uniform_random_bot(1, 42)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 42)

How OpenSpiel numbers the moves (checked against OpenSpiel's own states in the tests):

- ``mancala``: the board is 14 cells, 0 the second player's store, 1-6 the first player's
  pits, 7 the first player's store, 8-13 the second player's pits, all counter-clockwise;
  an action is the cell sown. ponder's move is the mover's pit, 0-5 in sowing order.
- ``oware``: an action is the mover's house, 0 to houses - 1 in sowing order, for either
  player: ponder's move itself.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Optional

import pyspiel

from ponder._ponder import Engine, Position

__all__ = ["PonderBot", "ponder_position", "to_action", "to_move"]


class _Mapping:
    """How one OpenSpiel game maps onto a ponder game."""

    def __init__(
        self,
        spec: Callable[[Dict[str, int]], str],
        to_move: Callable[[int, int], str],
        to_action: Callable[[int, str], int],
    ) -> None:
        self.spec = spec
        self.to_move = to_move
        self.to_action = to_action


def _kalah_spec(parameters: Dict[str, int]) -> str:
    if parameters:
        raise ValueError(f"OpenSpiel's mancala takes no parameters, got {parameters}")
    return "kalah"


def _oware_spec(parameters: Dict[str, int]) -> str:
    houses = parameters.get("num_houses_per_player", 6)
    seeds = parameters.get("num_seeds_per_house", 4)
    return f"oware:rules=abapa,houses={houses},seeds={seeds}"


_MANCALA_PITS = 6

_MAPPINGS = {
    # mancala: the first player sows cells 1-6, the second 8-13.
    "mancala": _Mapping(
        _kalah_spec,
        lambda player, action: str(action - 1 - (_MANCALA_PITS + 1) * player),
        lambda player, move: int(move) + 1 + (_MANCALA_PITS + 1) * player,
    ),
    # oware: the action is the mover's house.
    "oware": _Mapping(
        _oware_spec,
        lambda player, action: str(action),
        lambda player, move: int(move),
    ),
}


def _mapping(game: "pyspiel.Game") -> _Mapping:
    name = game.get_type().short_name
    try:
        return _MAPPINGS[name]
    except KeyError:
        raise ValueError(
            f"PonderBot plays OpenSpiel's {sorted(_MAPPINGS)}, not {name!r}"
        ) from None


def to_move(game: "pyspiel.Game", player: int, action: int) -> str:
    """ponder's move for OpenSpiel's ``action`` by ``player``."""
    return _mapping(game).to_move(player, action)


def to_action(game: "pyspiel.Game", player: int, move: str) -> int:
    """OpenSpiel's action for ponder's ``move`` by ``player``."""
    return _mapping(game).to_action(player, move)


def ponder_position(state: "pyspiel.State") -> Position:
    """ponder's position for an OpenSpiel state: its moves replayed from the start (so that
    Oware's repetition rule sees them)."""
    game = state.get_game()
    mapping = _mapping(game)
    position = Position(mapping.spec(game.get_parameters()))
    replay = game.new_initial_state()
    for action in state.history():
        player = replay.current_player()
        position = position.play(mapping.to_move(player, action))
        replay.apply_action(action)
    return position


class PonderBot(pyspiel.Bot):
    """A ``pyspiel.Bot`` that answers from ponder's engine: ``movetime`` seconds a move (or
    ``depth`` plies). ``ponder=False`` by default: an OpenSpiel match runs both bots in one
    process, and thinking on the opponent's time would take its core. Other keywords are
    the engine's options (``threads``, ``hash``, ``eval``, ``seed``, ``egdb`` ...)."""

    def __init__(
        self,
        game: "pyspiel.Game",
        movetime: Optional[float] = 1.0,
        depth: Optional[int] = None,
        ponder: bool = False,
        **options,
    ) -> None:
        pyspiel.Bot.__init__(self)
        self._game = game
        self._mapping = _mapping(game)
        self._movetime = movetime
        self._depth = depth
        self._ponder = ponder
        self._engine = Engine(
            game=self._mapping.spec(game.get_parameters()), ponder=ponder, **options
        )
        # The engine's first search allocates its table: done here, not on the game's clock.
        self._engine.best_move(depth=1)
        #: Every answer so far (``ponder.BestMove``: move, score, depth, nodes, time).
        self.answers: List[object] = []

    @property
    def movetime(self) -> Optional[float]:
        """Seconds a move (``None``: the depth alone limits the search)."""
        return self._movetime

    @movetime.setter
    def movetime(self, seconds: Optional[float]) -> None:
        if seconds is not None and not seconds > 0:
            raise ValueError(f"movetime must be a positive number of seconds, not {seconds!r}")
        self._movetime = seconds

    def step(self, state: "pyspiel.State") -> int:
        """The action to play in ``state``."""
        self._engine.set_position(ponder_position(state))
        answer = self._engine.best_move(depth=self._depth, movetime=self._movetime)
        self.answers.append(answer)
        if answer.move is None:
            raise ValueError("PonderBot asked to move in a finished game")
        action = self._mapping.to_action(state.current_player(), answer.move)
        if action not in state.legal_actions():
            raise RuntimeError(
                f"ponder's move {answer.move} (action {action}) is not legal in OpenSpiel's "
                f"state {state.history()}: the mapping of {self._game} is wrong"
            )
        if self._ponder:
            # The engine's own move: with pondering on, it thinks on the opponent's time
            # from here, and the next `step` finds the opponent's reply in its tree.
            self._engine.send_move(answer.move)
        return action

    def restart_at(self, state: "pyspiel.State") -> None:
        """A new game or position: the next ``step`` reads it from the state."""

    def inform_action(self, state: "pyspiel.State", player_id: int, action: int) -> None:
        """Moves are read from the state at each ``step``."""

    def provides_policy(self) -> bool:
        return False

    def provides_force_action(self) -> bool:
        return False

    def is_clonable(self) -> bool:
        return False
