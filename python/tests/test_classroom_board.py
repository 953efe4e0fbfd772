"""``ponder.classroom.Board`` against a pure-Python transcription of the course's board
(``course_board.py``): the same boards, moves, warnings and results on random games."""

import random

import pytest

from course_board import CourseBoard
from ponder.classroom import INVALID_MOVE_WARNING, Board


def same(board: Board, course: CourseBoard, where: str) -> None:
    assert board.board == course.board, where
    assert board.p1_pits == course.p1_pits, where
    assert board.p2_pits == course.p2_pits, where
    assert board.p1_pot == course.p1_pot, where
    assert board.p2_pot == course.p2_pot, where
    assert board.turn == course.turn, where
    assert board.game_over == course.game_over, where
    assert board.winner == course.winner, where
    assert board.trace == course.trace, where
    assert board.board_history == course.board_history, where
    for pit in range(-1, 8):
        assert board.isValidMove(pit) == course.isValidMove(pit), (where, pit)
    assert list(board.getAllValidMoves()) == list(course.getAllValidMoves()), where


def test_a_thousand_random_games_match_the_course_board():
    rng = random.Random(47)
    states = {}
    finished = 0
    for game in range(1000):
        board, course = Board(), CourseBoard()
        same(board, course, "start")
        while not course.game_over:
            moves = list(course.getAllValidMoves())
            pit = rng.choice(moves)
            board.makeMove(pit)
            course.makeMove(pit)
            where = f"game {game}, trace {course.trace}"
            same(board, course, where)
            # The state is equal exactly for equal boards.
            key = tuple(course.board)
            assert states.setdefault(board.state, key) == key, where
            preorder = rng.sample(range(-1, 8), rng.randrange(0, 9))
            assert list(board.getAllValidMoves(preorder)) == list(
                course.getAllValidMoves(preorder)
            ), (where, preorder)
            if rng.random() < 0.1:
                board.undoMove()
                course.undoMove()
                same(board, course, where + " undone")
        finished += 1
        # Rebuilt from its trace, the game is the same game.
        rebuilt = Board(course.trace)
        assert rebuilt.board == course.board and rebuilt.trace == course.trace
    assert finished == 1000
    assert len(states) > 10000
    assert len(set(states.values())) == len(states)


def test_a_trace_with_invalid_moves_is_played_as_the_course_plays_it(capsys):
    rng = random.Random(7)
    for _ in range(300):
        trace = "".join(rng.choice("0123456789") for _ in range(rng.randrange(1, 60)))
        course = CourseBoard(trace)
        expected = capsys.readouterr().out
        board = Board(trace)
        assert capsys.readouterr().out == expected, trace
        assert board.board == course.board, trace
        assert board.trace == course.trace, trace
        assert board.game_over == course.game_over, trace


def test_the_warning_is_the_courses():
    assert INVALID_MOVE_WARNING == "Warning: invalid move skipped."


def test_a_trace_that_is_not_digits_raises_a_clear_value_error():
    with pytest.raises(ValueError, match=r"character 3: 'x' is not a pit number"):
        Board("12x4")


def test_an_unplayable_move_raises_and_changes_nothing():
    board = Board("0")
    before = board.board
    with pytest.raises(ValueError, match="illegal move 6"):
        board.makeMove(6)
    with pytest.raises(ValueError, match="illegal move -1"):
        board.makeMove(-1)
    board = Board("2")  # an extra turn: the first player moves again, pit 2 empty
    assert board.turn == 0
    with pytest.raises(ValueError, match="illegal move 2"):
        board.makeMove(2)
    assert board.trace == "2"
    assert Board("0").board == before


def test_undo_at_the_start_raises_index_error():
    with pytest.raises(IndexError, match="nothing to undo"):
        Board().undoMove()


def test_state_is_hashable_and_shared_by_transpositions():
    a, b = Board("05"), Board("05")
    assert hash(a.state) == hash(b.state) and a.state == b.state
    assert Board().state != Board("0").state
    assert isinstance(Board().state, int)


def test_a_finished_game_has_the_courses_winner():
    rng = random.Random(3)
    seen = set()
    for _ in range(5000):
        if len(seen) == 3:
            break
        course = CourseBoard()
        while not course.game_over:
            course.makeMove(rng.choice(list(course.getAllValidMoves())))
        board = Board(course.trace)
        assert board.game_over and board.winner == course.winner
        assert list(board.getAllValidMoves()) == []
        seen.add(course.winner)
    assert seen == {-1, 0, 1}
