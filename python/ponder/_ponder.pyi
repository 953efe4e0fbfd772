"""Type stubs of ponder's extension module (``ponder._ponder``)."""

import os
from typing import Callable, List, Optional, Tuple, Union

GAME_NAMES: List[str]

Move = Union[str, int]

class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> Optional[int]:
        """The winning seat (0 or 1), ``None`` for a draw."""
    @property
    def margin(self) -> int:
        """The first seat's final score minus the second's."""

class Position:
    """A position of one of ponder's games, with the moves that led to it. Immutable."""

    def __init__(self, game: str = "kalah", position: Optional[str] = None) -> None:
        """``game``: a game spec (``kalah``, ``oware``, ``ataxx``, ``kalah:pits=4`` ...);
        ``position``: the game's notation (a Kalah trace or board array, an Oware position,
        an Ataxx FEN), ``None`` for the start. ``ValueError`` for either when bad."""
    @property
    def game(self) -> str: ...
    @property
    def side_to_move(self) -> int: ...
    @property
    def moves(self) -> List[str]:
        """The moves from the start to here."""
    def legal_moves(self) -> List[str]:
        """The legal moves in the game's notation (empty once the game is over)."""
    def play(self, move: Move) -> "Position":
        """The position after ``move``; ``ValueError`` when it is illegal."""
    def outcome(self) -> Optional[Outcome]: ...
    def is_over(self) -> bool: ...
    def key(self) -> int:
        """The exact key: equal exactly for equal positions of one configuration."""
    def scores(self) -> Tuple[int, int]: ...
    def text(self) -> str:
        """The position in the game's notation (``Position(game, text)`` reads it back)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class BestMove:
    """A search's answer."""

    @property
    def move(self) -> Optional[str]: ...
    @property
    def ponder(self) -> Optional[str]: ...
    @property
    def score(self) -> int: ...
    @property
    def exact(self) -> Optional[int]:
        """The exact final margin for the side to move, when the search knows it."""
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def equal_best(self) -> List[str]: ...
    @property
    def id(self) -> Optional[int]: ...

class Info:
    """One completed depth of an engine's search."""

    @property
    def depth(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def pv(self) -> List[str]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def nps(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def id(self) -> int: ...

class Engine:
    """The engine on its own threads; it ponders while the player thinks (``ponder=True``).

    ``egdb``: the path of an endgame database file of the game (``ponder solve --save``, or
    the one ``ponder solve`` keeps in the user's cache), opened memory-mapped; ``ValueError``
    when the file is not a database of this game and board. ``book``: an opening book file
    (``ponder book build``; made there when missing) that the engine plays from and learns
    from after every game it finishes (``book_frozen=True``: probed, never written).
    ``own_book=True`` (without ``book``): the game's own book, embedded in ponder and frozen
    (Kalah(6,4) with the classic capture: the ``perfect`` level's exact book); ``ValueError``
    for a game without one.

    Options: ``hash`` (MiB), ``tree`` (MiB), ``ponder``, ``ponder_mode``, ``reuse_tree``,
    ``tie_break`` (``random``, ``first``, ``random:<seed>``), ``seed``, ``eval``,
    ``forward_pruning``, ``tree_min_depth``, ``threads``.
    """

    def __init__(
        self,
        game: str = "kalah",
        position: Union[None, str, Position] = None,
        pin_thread: bool = False,
        egdb: Union[None, str, "os.PathLike[str]"] = None,
        book: Union[None, str, "os.PathLike[str]"] = None,
        book_frozen: bool = False,
        own_book: bool = False,
        **options: object,
    ) -> None: ...
    def go(
        self,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> int:
        """Starts a search (no limit: until ``stop``); returns its number."""
    def poll(self) -> Optional[BestMove]:
        """The running search's answer if it has come; never blocks."""
    def best_move(
        self,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> BestMove:
        """Searches and answers, blocking with the GIL released."""
    def wait(self) -> BestMove:
        """Waits for the running search's answer."""
    def send_move(self, move: Move) -> None:
        """A move by either side; ``ValueError`` when illegal."""
    def set_position(self, position: Position) -> None: ...
    def stop(self) -> None: ...
    def set_ponder(self, on: bool) -> None: ...
    @property
    def position(self) -> Position: ...
    @property
    def info(self) -> Optional[Info]: ...
    @property
    def thinking(self) -> bool: ...
    def __enter__(self) -> "Engine": ...
    def __exit__(self, *exc: object) -> None: ...

class KalahBoard:
    """The classroom board's core (``ponder.classroom.Board`` wraps it)."""

    def __init__(self, trace: str = "") -> None: ...
    def is_valid(self, pit: int) -> bool: ...
    def make_move(self, pit: int) -> None: ...
    def undo_move(self) -> int: ...
    def valid_moves(self) -> List[int]: ...
    def position(self) -> Position: ...
    @property
    def board(self) -> List[int]: ...
    @property
    def history(self) -> List[List[int]]: ...
    @property
    def p1_pits(self) -> List[int]: ...
    @property
    def p2_pits(self) -> List[int]: ...
    @property
    def p1_pot(self) -> int: ...
    @property
    def p2_pot(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def game_over(self) -> bool: ...
    @property
    def winner(self) -> Optional[int]: ...
    @property
    def trace(self) -> str: ...
    @property
    def state(self) -> int: ...

def search(
    position: Position,
    *,
    depth: Optional[int] = None,
    movetime: Optional[float] = None,
    nodes: Optional[int] = None,
    eval: str = "default",
    heuristic: Optional[Callable[[Position], float]] = None,
    classroom_heuristic: Optional[Callable[[KalahBoard], float]] = None,
    scale: float = 1.0,
    forward_pruning: bool = False,
    tie_break: str = "first",
    seed: Optional[int] = None,
    threads: int = 1,
    hash_mib: int = 16,
) -> BestMove:
    """One search of ``position``, as ``ponder bestmove`` does it (at least one limit).
    ``heuristic(position)``: a Python evaluation for the side to move, replacing ``eval``."""
