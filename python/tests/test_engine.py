"""``ponder.Engine`` and ``ponder.Position``: the engine's game loop (``go`` and ``poll``), the
blocking ``best_move``, moves sent, pondering."""

import time

import pytest

import ponder
from ponder import Engine, Position


@pytest.mark.parametrize("game", ["kalah", "oware", "ataxx"])
def test_positions_play_and_end(game):
    position = Position(game)
    assert position.game == game
    assert position.side_to_move == 0
    assert not position.is_over() and position.outcome() is None
    moves = position.legal_moves()
    assert moves
    after = position.play(moves[0])
    assert after.moves == [moves[0]]
    assert after != position and after.key() != position.key()
    assert Position(game, after.text()).key() == after.key()
    assert position.play(moves[0]) == after and hash(position.play(moves[0])) == hash(after)


def test_a_kalah_game_to_the_end():
    position = Position("kalah")
    while not position.is_over():
        position = position.play(position.legal_moves()[-1])
    outcome = position.outcome()
    first, second = position.scores()
    assert outcome.margin == first - second
    assert outcome.winner == (None if first == second else (0 if first > second else 1))
    assert position.legal_moves() == []
    with pytest.raises(ValueError, match="the game is over"):
        position.play(0)


def test_moves_as_numbers():
    assert Position("kalah").play(2).side_to_move == 0  # the last seed in the store
    assert Position("oware").play(0).side_to_move == 1


def test_search_like_ponder_bestmove():
    answer = ponder.search(Position("kalah"), depth=8)
    assert answer.depth == 8 and answer.move in Position("kalah").legal_moves()
    assert answer.move in answer.equal_best


def test_go_and_poll_in_a_game_loop():
    with Engine("kalah", ponder=False) as engine:
        engine.go(depth=6)
        assert engine.thinking
        answer = None
        deadline = time.monotonic() + 30
        while answer is None and time.monotonic() < deadline:
            answer = engine.poll()  # never blocks: a frame of the game loop
            time.sleep(0.001)
        assert answer is not None and answer.depth == 6
        assert not engine.thinking
        assert answer.move in engine.position.legal_moves()
        assert engine.info is not None and engine.info.depth == 6


def test_best_move_blocks_and_answers_within_its_time():
    engine = Engine("oware")
    started = time.monotonic()
    answer = engine.best_move(movetime=0.2)
    elapsed = time.monotonic() - started
    assert answer.move in engine.position.legal_moves()
    assert answer.depth >= 1
    assert 0.1 < elapsed < 1.0


def test_the_engine_plays_a_game_against_a_python_loop():
    engine = Engine("kalah", tie_break="first")
    position = engine.position
    while not position.is_over():
        if position.side_to_move == 0:
            move = engine.best_move(movetime=0.02).move
        else:
            move = position.legal_moves()[0]
        engine.send_move(move)
        position = position.play(move)
        assert engine.position == position
    assert engine.position.is_over()


def think_then_let_the_player_think(engine):
    """The engine moves, then the player is to move: returns what pondering did meanwhile."""
    while True:
        answer = engine.best_move(depth=4)
        engine.send_move(answer.move)
        if engine.position.side_to_move == 1:
            break
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        time.sleep(0.05)
        assert engine.poll() is None  # no search is running: only reports come in
        if engine.ponder_info is not None and engine.ponder_info.depth >= 2:
            break
    return engine.ponder_info, engine.position


def test_pondering_is_on_by_default_and_thinks_on_the_players_time():
    pondered, position = think_then_let_the_player_think(Engine("kalah", tie_break="first"))
    assert pondered is not None and pondered.depth >= 2
    assert pondered.nodes > 0
    assert pondered.pv and pondered.pv[0] in position.legal_moves()


def test_no_pondering_when_it_is_off():
    engine = Engine("kalah", ponder=False)
    answer = engine.best_move(depth=4)
    engine.send_move(answer.move)
    time.sleep(0.3)
    engine.poll()
    assert engine.ponder_info is None


def test_set_position_and_mismatched_games():
    engine = Engine("kalah")
    engine.set_position(Position("kalah", "0123"))
    assert engine.position.moves == ["0", "1", "2", "3"]
    with pytest.raises(ValueError, match="not a kalah position"):
        engine.set_position(Position("oware"))


def test_engine_from_a_position_text():
    engine = Engine("kalah", position="05")
    assert engine.position.moves == ["0", "5"]
    answer = engine.best_move(depth=3)
    assert answer.move in engine.position.legal_moves()
