"""The examples run to the end (short settings)."""

import os
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "examples")


def run(*args):
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=300, check=True
    ).stdout


@pytest.mark.parametrize("game", ["kalah", "oware"])
def test_the_game_loop_example_plays_a_game(game):
    out = run(os.path.join(EXAMPLES, "pygame_loop.py"), "--auto", "--seed", "1",
              "--game", game, "--movetime", "0.02")
    assert "ponder plays" in out
    assert "wins by" in out or "a draw" in out


def test_the_classroom_example_runs_the_courses_game():
    out = run(os.path.join(EXAMPLES, "classroom.py"), "--depth", "3")
    assert "Player 1 is thinking" in out and "Player 2 is thinking" in out
    assert "Player 1 wins!" in out or "Player 2 wins!" in out or "It is a draw!" in out
