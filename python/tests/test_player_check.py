"""The course's ``player_check`` with ``PonderPlayer``, and ponder's alpha-beta with a Python
heuristic against a transcription of the course's alpha-beta."""

import math
import random

import pytest

from course_board import CourseBoard
from ponder.classroom import BasePlayer, Board, PonderPlayer, RemotePlayer


def player_check(trace, depth, expected, make_player):
    """The course's player_test.py ``player_check``, for one player."""
    player = make_player(depth)
    answer = player.findMove(trace)
    if answer == expected:
        print("Passed")
        return 1
    print("Failed")
    print(f"Expect: {expected}, Return: {answer}")
    return 0


# player_test.py: "Consider the board with trace 123551234220105241 at a depth of 2 ... We
# expect that P2 will pick move 0, under the usual ordering."
TRACE = "123551234220105241"
DEPTH = 2
EXPECTED = 0


def test_player_check_with_a_python_heuristic(monkeypatch):
    # player_test.py: "BasePlayer.heuristic = lambda self, board: board.p1_pot - board.p2_pot".
    monkeypatch.setattr(
        BasePlayer, "heuristic", lambda self, board: board.p1_pot - board.p2_pot
    )
    calls = []
    original = BasePlayer.heuristic

    def counting(self, board):
        calls.append(board.trace)
        return original(self, board)

    monkeypatch.setattr(BasePlayer, "heuristic", counting)
    assert player_check(TRACE, DEPTH, EXPECTED, PonderPlayer) == 1
    assert calls, "the Python heuristic was never called"


def test_player_check_with_a_subclass_heuristic():
    class Mine(PonderPlayer):
        def heuristic(self, board):
            return board.p1_pot - board.p2_pot

    assert player_check(TRACE, DEPTH, EXPECTED, Mine) == 1


def test_player_check_with_ponders_own_evaluation():
    # ponder's `store-diff` is the course's p1_pot - p2_pot, from the mover's side.
    assert player_check(
        TRACE, DEPTH, EXPECTED, lambda depth: PonderPlayer(depth, eval="store-diff")
    ) == 1


def test_player_check_with_ponders_default_evaluation():
    # The course's check as it stands, with ponder's default evaluator in place of the
    # course's heuristic: its expected move is still the course's.
    assert player_check(TRACE, DEPTH, EXPECTED, PonderPlayer) == 1


def test_remote_player_speaks_the_courses_protocol():
    # A move server answering `GET /getmove/<depth>,<trace>` with a pit, as the course's
    # instructor server and `ponder serve` do; here one made of PonderPlayer.
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    asked = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            depth, trace = self.path.rsplit("/", 1)[1].split(",")
            asked.append((depth, trace))
            move = PonderPlayer(int(depth), eval="store-diff").findMove(trace)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(str(move).encode())

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        remote = RemotePlayer(DEPTH, url=f"http://127.0.0.1:{server.server_port}")
        assert remote.findMove(TRACE) == EXPECTED
        assert asked == [(str(DEPTH), TRACE)]
    finally:
        server.shutdown()


def test_the_worked_example_scores():
    # player_test.py: "we assign 123551234220105241 a score of -6" (P2 to move, so -6 from
    # P1's side is +6 for the mover).
    player = PonderPlayer(DEPTH, heuristic=lambda board: board.p1_pot - board.p2_pot)
    assert player.findMove(TRACE) == 0
    assert player.last_search.score == 6
    assert sorted(player.last_search.equal_best) == ["0", "3"]


# The course's alpha-beta (section 3.2.3 and the grading criteria 5.4): game over returns the
# win or tie constant, depth 0 the heuristic; max for turn 0, min for turn 1; the first
# encountered best move; alpha and beta updated and cut-offs taken.
P1_WIN, TIE, P2_WIN = 1000, 0, -1000


def course_alpha_beta(board, depth, alpha, beta, heuristic):
    if board.game_over:
        return None, {0: P1_WIN, 1: P2_WIN, -1: TIE}[board.winner]
    if depth == 0:
        return None, heuristic(board)
    best_move = None
    maximizing = board.turn == 0
    best = -math.inf if maximizing else math.inf
    for pit in board.getAllValidMoves():
        board.makeMove(pit)
        _, score = course_alpha_beta(board, depth - 1, alpha, beta, heuristic)
        board.undoMove()
        if maximizing and score > best or not maximizing and score < best:
            best, best_move = score, pit
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best_move, best


def weighted(board):
    """A heuristic with fractions, from player 1's side."""
    return board.p1_pot - board.p2_pot + 0.25 * (sum(board.p1_pits) - sum(board.p2_pits))


def test_ponder_alpha_beta_finds_the_courses_move_with_a_python_heuristic():
    rng = random.Random(11)
    checked = 0
    while checked < 60:
        course = CourseBoard()
        for _ in range(rng.randrange(0, 25)):
            if course.game_over:
                break
            course.makeMove(rng.choice(list(course.getAllValidMoves())))
        if course.game_over:
            continue
        depth = rng.randrange(1, 5)
        move, score = course_alpha_beta(course, depth, -math.inf, math.inf, weighted)
        if abs(score) >= P1_WIN:
            continue  # ponder prefers the larger and quicker win; the course any win
        player = PonderPlayer(depth, heuristic=weighted, scale=4)
        assert player.findMove(course.trace) == move, (course.trace, depth)
        side = 1 if course.turn == 0 else -1
        assert player.last_search.score == side * score * 4, (course.trace, depth)
        checked += 1


def test_a_heuristic_that_raises_surfaces_after_the_search():
    def broken(board):
        raise RuntimeError("my heuristic is broken")

    with pytest.raises(RuntimeError, match="my heuristic is broken"):
        PonderPlayer(3, heuristic=broken).findMove("")


def test_a_heuristic_that_returns_junk_raises_a_clear_error():
    with pytest.raises(ValueError, match="outside ponder's heuristic range"):
        PonderPlayer(2, heuristic=lambda board: math.inf).findMove("")
    with pytest.raises(TypeError):
        PonderPlayer(2, heuristic=lambda board: "high").findMove("")


def test_leaf_boards_have_the_course_api():
    seen = []

    def looking(board):
        seen.append((board.turn, board.state, board.game_over, list(board.getAllValidMoves())))
        return board.p1_pot - board.p2_pot

    PonderPlayer(2, heuristic=looking).findMove("")
    assert seen and all(isinstance(state, int) for _, state, _, _ in seen)


def test_a_finished_game_has_no_move():
    course = CourseBoard()
    rng = random.Random(5)
    while not course.game_over:
        course.makeMove(rng.choice(list(course.getAllValidMoves())))
    with pytest.raises(ValueError, match="the game is over"):
        PonderPlayer(2).findMove(course.trace)


def test_movetime_player_plays_valid_moves():
    player = PonderPlayer(movetime=0.05)
    board = Board()
    for _ in range(6):
        if board.game_over:
            break
        pit = player.findMove(board.trace)
        assert board.isValidMove(pit)
        board.makeMove(pit)
