"""Bad input raises a Python exception with a clear message, never a crash."""

import pytest

import ponder
from ponder import Engine, Position


def test_an_unknown_game():
    with pytest.raises(ValueError, match="chess"):
        Position("chess")
    with pytest.raises(ValueError, match="chess"):
        Engine("chess")


def test_a_bad_game_parameter():
    with pytest.raises(ValueError, match="pits"):
        Position("kalah:pits=99")


def test_a_bad_trace():
    with pytest.raises(ValueError, match="trace character 3: illegal move 0: pit 0 is empty"):
        Position("kalah", "0004")
    with pytest.raises(ValueError, match="trace character 2"):
        Position("kalah", "0x")


def test_a_bad_position():
    with pytest.raises(ValueError, match="invalid position"):
        Position("oware", "1,2,3 nonsense")
    with pytest.raises(ValueError, match="invalid position"):
        Position("ataxx", "not a fen")


@pytest.mark.parametrize("game, move", [("kalah", 7), ("kalah", "x"), ("oware", 9), ("ataxx", "z9")])
def test_a_bad_move(game, move):
    with pytest.raises(ValueError, match="move"):
        Position(game).play(move)


def test_a_bad_move_sent_to_the_engine_changes_nothing():
    engine = Engine("kalah")
    with pytest.raises(ValueError, match="illegal move 9"):
        engine.send_move(9)
    assert engine.position.moves == []
    engine.send_move(0)
    engine.send_move(0)  # the second player's pit 0
    with pytest.raises(ValueError, match="illegal move 0"):
        engine.send_move(0)  # the first player's pit 0 is empty now


def test_bad_engine_options():
    with pytest.raises(ValueError, match="unknown option .colour.*as keywords: hash, tree, ponder, ponder_mode"):
        Engine("kalah", colour="blue")
    with pytest.raises(ValueError, match="threads"):
        Engine("kalah", threads=0)
    with pytest.raises(ValueError, match="nonsense"):
        Engine("kalah", eval="nonsense")


def test_bad_limits():
    engine = Engine("kalah", ponder=False)
    with pytest.raises(ValueError, match="depth must be at least 1"):
        engine.best_move(depth=0)
    with pytest.raises(ValueError, match="movetime -1"):
        engine.best_move(movetime=-1)
    with pytest.raises(ValueError, match="needs a limit"):
        engine.best_move()
    with pytest.raises(ValueError, match="needs a limit"):
        ponder.search(Position("kalah"))
    with pytest.raises(ValueError, match="tie_break"):
        ponder.search(Position("kalah"), depth=2, tie_break="coin")
    with pytest.raises(ValueError, match="unknown evaluator|nonsense"):
        ponder.search(Position("kalah"), depth=2, eval="nonsense")


def test_a_classroom_heuristic_outside_kalah():
    with pytest.raises(ValueError, match="the classroom plays kalah, not oware"):
        ponder.search(Position("oware"), depth=2, classroom_heuristic=lambda b: 0)


def test_a_python_heuristic_on_any_game():
    # Positions valued for the side to move: the seeds captured.
    def captured(position):
        mine, theirs = position.scores()
        return (mine - theirs) if position.side_to_move == 0 else (theirs - mine)

    answer = ponder.search(Position("oware"), depth=3, heuristic=captured)
    assert answer.move in Position("oware").legal_moves()
