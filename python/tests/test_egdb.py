"""``Engine(egdb=...)``: an endgame database file handed to the engine as a value. The file is
built by the ``ponder`` binary (``ponder solve --egdb N --egdb-only --save FILE``); the
expected margins are the independent ones in ``tests/data/kalah_solved.tsv``."""

import csv
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from ponder import Engine

ROOT = Path(__file__).resolve().parents[2]


def ponder_binary():
    """The command-line binary: ``$PONDER_BIN``, else one the repository's builds left."""
    given = os.environ.get("PONDER_BIN")
    if given:
        return given
    for profile in ("ci", "release", "debug"):
        candidate = ROOT / "target" / profile / "ponder"
        if candidate.exists():
            return str(candidate)
    return shutil.which("ponder")


def solved_margin(rule, pits, seeds):
    """The first player's margin under perfect play, from the reference table."""
    with open(ROOT / "tests" / "data" / "kalah_solved.tsv", newline="") as table:
        for row in csv.DictReader(table, delimiter="\t"):
            if (row["rule"], int(row["pits"]), int(row["seeds"])) == (rule, pits, seeds):
                return int(row["margin"])
    raise LookupError(f"no reference margin for {rule} Kalah({pits},{seeds})")


@pytest.fixture(scope="module")
def whole_game_database(tmp_path_factory):
    """A database of every Kalah(3,3) board (18 seeds): the start position is in it."""
    binary = ponder_binary()
    if binary is None:
        pytest.skip("no ponder binary (build it with `cargo build --release`)")
    path = tmp_path_factory.mktemp("egdb") / "kalah-3-3.egdb"
    subprocess.run(
        [binary, "solve", "--game", "kalah:pits=3,seeds=3", "--egdb", "18", "--egdb-only",
         "--save", str(path)],
        check=True, capture_output=True, timeout=120,
    )
    return path


def test_the_database_gives_the_start_its_exact_margin(whole_game_database):
    engine = Engine("kalah:pits=3,seeds=3", egdb=whole_game_database, ponder=False)
    answer = engine.best_move(depth=1)
    assert answer.exact == solved_margin("classic", 3, 3)


def test_without_a_database_a_shallow_search_knows_no_exact_margin():
    engine = Engine("kalah:pits=3,seeds=3", ponder=False)
    assert engine.best_move(depth=1).exact is None


def test_a_database_of_another_board_is_refused_with_its_name(whole_game_database):
    with pytest.raises(ValueError, match="kalah-3-3.egdb"):
        Engine("kalah", egdb=whole_game_database)


def test_a_missing_or_corrupt_file_is_refused_with_its_name(tmp_path):
    with pytest.raises(ValueError, match="missing.egdb"):
        Engine("kalah", egdb=tmp_path / "missing.egdb")
    corrupt = tmp_path / "corrupt.egdb"
    corrupt.write_bytes(b"not a database at all")
    with pytest.raises(ValueError, match="corrupt.egdb"):
        Engine("kalah", egdb=corrupt)


def test_a_game_without_databases_refuses_the_option(whole_game_database):
    with pytest.raises(ValueError, match="no endgame database"):
        Engine("ataxx", egdb=whole_game_database)
