"""``ponder.openspiel``: the move mapping checked against OpenSpiel itself, and short games
of ``PonderBot`` against OpenSpiel's MCTS and random bots with every move legal."""

import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install open_spiel): skipping its tests"
)

from ponder.openspiel import PonderBot, ponder_position, to_action, to_move  # noqa: E402


def mancala_board(state):
    """The 14 cells of OpenSpiel's mancala, read from its text: the top row is cells 13 to
    8 (left to right), then the stores 0 (left) and 7 (right), then cells 1 to 6."""
    top, middle, bottom = str(state).splitlines()[:3]
    top = [int(n) for n in top.strip("-").split("-")]
    stores = [int(n) for n in middle.split("-") if n]
    bottom = [int(n) for n in bottom.strip("-").split("-")]
    cells = [0] * 14
    cells[0], cells[7] = stores
    cells[1:7] = bottom
    cells[8:14] = list(reversed(top))
    return cells


def ponder_mancala_cells(position):
    # ponder's Kalah position text is the classroom board array: pits, store, pits,
    # store, turn.
    array = [int(n) for n in position.text().split(",")]
    return [array[13]] + array[0:7] + array[7:13]


def oware_board(state):
    """OpenSpiel's oware observation string: player, the two scores, then the houses."""
    words = state.observation_string(0).replace("|", " ").split()
    numbers = [int(w) for w in words]
    return numbers[0], numbers[1:3], numbers[3:]


def ponder_oware_board(position):
    rows, scores, side = position.text().split()
    first, second = rows.split("/")
    houses = [int(n) for n in first.split(",")] + [int(n) for n in second.split(",")]
    return int(side), [int(n) for n in scores.split(",")], houses


@pytest.mark.parametrize("name", ["mancala", "oware"])
def test_the_mapping_agrees_with_openspiel_move_for_move(name):
    game = pyspiel.load_game(name)
    rng = random.Random(2024)
    for _ in range(200):
        state = game.new_initial_state()
        position = ponder_position(state)
        while not state.is_terminal():
            player = state.current_player()
            legal = sorted(state.legal_actions())
            assert sorted(to_action(game, player, m) for m in position.legal_moves()) == legal
            action = rng.choice(legal)
            assert to_action(game, player, to_move(game, player, action)) == action
            state.apply_action(action)
            position = position.play(to_move(game, player, action))
            if state.is_terminal():
                break
            assert position.side_to_move == state.current_player()
            if name == "mancala":
                assert ponder_mancala_cells(position) == mancala_board(state)
            else:
                assert ponder_oware_board(position) == oware_board(state)
        assert position.is_over()
        assert ponder_position(state).key() == position.key()
        returns = state.returns()
        outcome = position.outcome()
        expected = None if returns[0] == returns[1] else (0 if returns[0] > returns[1] else 1)
        assert outcome.winner == expected


def play(game, bots):
    """One game; every action checked legal in OpenSpiel. Returns the returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions(), (state.history(), action)
        state.apply_action(action)
    return state.returns()


# OpenSpiel's MCTSBot does not keep its evaluator alive: the tests do.
EVALUATORS = []


def mcts(game, seconds, seed):
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    EVALUATORS.append(evaluator)
    return pyspiel.MCTSBot(game, evaluator, 2.0, 10**9, 1000, True, seed, False,
                           pyspiel.ChildSelectionPolicy.UCT, seconds)


@pytest.mark.parametrize("name", ["mancala", "oware"])
def test_ponder_bot_plays_legal_moves_against_mcts_and_random(name):
    game = pyspiel.load_game(name)
    bot = PonderBot(game, movetime=0.01, seed=1)
    for seat in (0, 1):
        # OpenSpiel's random bot must be made for the seat it plays (another crashes).
        for opponent in [mcts(game, 0.01, 3 + seat), pyspiel.make_uniform_random_bot(1 - seat, 4)]:
            bots = [bot, opponent] if seat == 0 else [opponent, bot]
            assert len(play(game, bots)) == 2
    assert bot.answers and all(answer.move is not None for answer in bot.answers)


def test_ponder_bot_with_openspiels_evaluate_bots():
    game = pyspiel.load_game("oware")
    bots = [PonderBot(game, movetime=0.01), pyspiel.make_uniform_random_bot(1, 42)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 42)
    assert len(returns) == 2


def test_ponder_bot_refuses_other_games():
    with pytest.raises(ValueError, match="not 'tic_tac_toe'"):
        PonderBot(pyspiel.load_game("tic_tac_toe"))


def test_a_smaller_oware_board():
    game = pyspiel.load_game("oware(num_houses_per_player=4,num_seeds_per_house=3)")
    bot = PonderBot(game, movetime=0.01)
    play(game, [bot, pyspiel.make_uniform_random_bot(1, 5)])


def test_a_pondering_bot_plays_legal_moves():
    game = pyspiel.load_game("mancala")
    bot = PonderBot(game, movetime=0.01, ponder=True)
    for seat in (0, 1):
        opponent = pyspiel.make_uniform_random_bot(1 - seat, 6)
        bots = [bot, opponent] if seat == 0 else [opponent, bot]
        assert len(play(game, bots)) == 2


def test_ponder_bot_movetime_can_follow_the_opponent():
    game = pyspiel.load_game("mancala")
    bot = PonderBot(game, movetime=0.05)
    bot.movetime = 0.002
    assert bot.movetime == 0.002
    state = game.new_initial_state()
    assert bot.step(state) in state.legal_actions()
    for bad in (0, -1.0, float("nan")):
        with pytest.raises(ValueError, match="movetime"):
            bot.movetime = bad
    assert bot.movetime == 0.002
