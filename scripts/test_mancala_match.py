"""Checks of scripts/mancala_match.py's protocol pieces against values from outside ponder.

    pip install open_spiel pytest
    python3 -m pytest scripts/test_mancala_match.py

The board codes are CMancala's own answers (`ROOT 4` and `MOVES` of its api mode at
LifesLight/CMancala 1c8dbda), the moves' effects are OpenSpiel's, the values are CMancala's
`EVAL`s from a recorded game (`docs/matches.md` row 170, its game 6) checked against
OpenSpiel's final margin, and the seed is the rule's arithmetic on a known hash.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mancala_match import CMancala, Referee, deal_openings, value_losses  # noqa: E402
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


# Game 6 of docs/matches.md row 170: opening 3 5, CMancala first (it moves at every position
# where the first player is to move after the opening), its `EVAL`s as it sent them; the
# game ended +8 for the first player, and no move of either side changed the value.
GAME_6_MOVES = [3, 5, 1, 4, 1, 5, 2, 2, 5, 3, 3, 4, 0, 5, 4, 4, 5, 0, 3, 5, 1, 5, 5, 4, 5]
GAME_6_MOVES += [0, 4, 5, 0, 2, 2, 5, 4, 5, 4, 3, 5, 4, 5, 3, 5, 4, 5, 1, 1, 3, 2, 4, 3, 5]
GAME_6_EVALS = [8] * 6 + [16] * 15 + [24] * 5


def test_cmancala_values_allow_for_the_store_its_code_drops():
    referee = Referee("kalah")
    evals = iter(GAME_6_EVALS)
    values = []
    for ply, move in enumerate(GAME_6_MOVES):
        if ply >= 2 and referee.mover() == 0:
            values.append(CMancala.true_value(next(evals), referee.cells(), 0))
        referee.play(move)
    assert next(evals, None) is None
    assert referee.over() and referee.margin() == 8
    assert values == [8] * len(GAME_6_EVALS)


def test_value_lost_is_charged_to_the_ponder_moves_before_it():
    line = {
        "exact": 4,
        "margin": 0,
        "ponder_notes": [{"ply": 2, "depth": 20}, {"ply": 4, "depth": 21}, {"ply": 6}],
        "opponent_notes": [{"ply": 3, "value": -2}, {"ply": 5, "value": -2}],
    }
    assert value_losses(line) == [
        {"seeds": 2, "plies": [2], "depths": [20]},
        {"seeds": 2, "plies": [6], "depths": [None]},
    ]
    # A forfeit has no margin: only the falls seen before it count.
    line["margin"] = None
    assert len(value_losses(line)) == 1
