"""Checks of scripts/mancala_match.py's protocol pieces against values from outside ponder.

    pip install open_spiel pytest
    python3 -m pytest scripts/test_mancala_match.py

The board codes are CMancala's own answers (`ROOT 4` and `MOVES` of its api mode at
LifesLight/CMancala 1c8dbda), the moves' effects are OpenSpiel's, and the seed is the rule's
arithmetic on a known hash.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mancala_match import CMancala, Referee, deal_openings  # noqa: E402
from match_stats import commit_seed  # noqa: E402

# CMancala's `ROOT 4`, and its `MOVES` answer for the start: the board after pit 5 and pit 0.
START_CODE = "008080808080800080808080809"
AFTER_PIT_5 = "00808080a0a0a02000808080808"
AFTER_PIT_0 = "008080808080800080a0a0a0a00"


def test_the_start_is_encoded_as_cmancala_writes_it():
    referee = Referee("kalah")
    assert CMancala.encode(referee.cells(), referee.mover() == 0) == START_CODE
    assert CMancala.decode(START_CODE) == ([4] * 6 + [0] + [4] * 6 + [0], True)


def test_cmancala_boards_after_a_move_match_openspiel():
    for pit, code in [(5, AFTER_PIT_5), (0, AFTER_PIT_0)]:
        referee = Referee("kalah")
        referee.play(pit)
        cells, first_to_move = CMancala.decode(code)
        assert cells == referee.cells()
        assert first_to_move == (referee.mover() == 0)


def test_kalah_moves_are_relative_pits_with_the_extra_turn():
    referee = Referee("kalah")
    referee.play(2)  # four seeds from pit 2: the last one lands in the store
    assert referee.mover() == 0
    referee.play(0)
    assert referee.mover() == 1
    assert referee.legal() == [0, 1, 2, 3, 4, 5]
    referee.play(5)  # the second player's pit 5 sows into its store and the first's row
    assert referee.cells()[13] == 1


def test_an_illegal_move_is_refused():
    referee = Referee("oware")
    for bad in (6, -1, "0", None):
        try:
            referee.play(bad)
        except Exception as error:
            assert "not legal" in str(error)
        else:
            raise AssertionError(f"{bad!r} was played")


def test_openings_are_distinct_until_none_is_left():
    import random

    openings = deal_openings(random.Random(5), "kalah", 1, 8)
    assert sorted(map(tuple, openings[:6])) == [(p,) for p in range(6)]
    assert all(len(o) == 1 for o in openings)


def test_the_seed_is_the_first_eight_hex_digits():
    assert commit_seed("ec73c7184ea7deadbeef") == 0xEC73C718
    for bad in ("ec73", "zz73c7184ea7"):
        try:
            commit_seed(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)
