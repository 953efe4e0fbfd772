"""``Engine(book=...)``: an opening book the engine plays from and learns from after every game
it finishes (the file written back), or only probes (``book_frozen=True``)."""

import csv
import pathlib
import random

import pytest

from ponder import Engine, Position


def play_out(engine, game, seed):
    """Plays one game to the end: the engine (depth 2) as the first player, random moves as
    the second."""
    chooser = random.Random(seed)
    position = Position(game)
    while not position.is_over():
        if position.side_to_move == 0:
            move = engine.best_move(depth=2).move
        else:
            move = chooser.choice(position.legal_moves())
        engine.send_move(move)
        position = position.play(move)


def test_a_finished_game_is_learnt_into_the_book_file(tmp_path):
    path = tmp_path / "kalah.book"
    engine = Engine("kalah:pits=3,seeds=3", book=path, ponder=False)
    play_out(engine, "kalah:pits=3,seeds=3", seed=1)
    assert engine.best_move(depth=1).move is None
    assert path.exists() and path.stat().st_size > 0
    # The learnt book opens again, for the same game only.
    Engine("kalah:pits=3,seeds=3", book=path, ponder=False)
    with pytest.raises(ValueError, match="kalah.book"):
        Engine("kalah", book=path)


def test_a_frozen_book_is_never_written(tmp_path):
    path = tmp_path / "frozen.book"
    engine = Engine("kalah:pits=3,seeds=3", book=path, book_frozen=True, ponder=False)
    play_out(engine, "kalah:pits=3,seeds=3", seed=2)
    engine.best_move(depth=1)
    assert not path.exists()


def test_a_damaged_book_is_refused_with_its_name(tmp_path):
    path = tmp_path / "damaged.book"
    path.write_bytes(b"not a book")
    with pytest.raises(ValueError, match="damaged.book"):
        Engine("kalah", book=path)


def test_the_own_book_plays_kalahs_opening_with_its_published_value():
    # tests/data/kalah_solved.tsv: classic Kalah(6,4) is +8 for the first player.
    root = pathlib.Path(__file__).resolve().parents[2]
    with open(root / "tests" / "data" / "kalah_solved.tsv", newline="") as table:
        rows = list(csv.DictReader(table, delimiter="\t"))
    published = next(
        int(row["margin"])
        for row in rows
        if (row["rule"], row["pits"], row["seeds"]) == ("classic", "6", "4")
    )
    engine = Engine("kalah", own_book=True, ponder=False)
    answer = engine.best_move(depth=20)
    # Answered from the book at once (no search), with the exact value it holds.
    assert (answer.depth, answer.nodes, answer.exact) == (0, 0, published)
    with pytest.raises(ValueError, match="no book of its own"):
        Engine("oware", own_book=True)
