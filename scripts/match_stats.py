"""What the match drivers share: the openings seed fixed by the commit, and the score's Elo.

`scripts/uai_match.py` (Ataxx) and `scripts/mancala_match.py` (Kalah, Oware) import these, so
that every match follows one seed rule and reports one kind of interval:

- The seed of a match's openings is fixed before the run and derived from the commit being
  measured: the first 8 hex digits of its hash read as a number (`commit_seed`). A driver
  takes it from `git rev-parse HEAD` of the checkout it lives in unless `--seed` (or
  `--seed-commit`) says otherwise, and prints it before the first game. Every run on a commit
  then plays the same openings, and a claim is the pooled result of all of them.
- The Elo difference comes with a 95% interval from the normal approximation over the
  games' scores (`summary`).
"""

import math
import os
import subprocess


def commit_seed(commit):
    """The seed a commit fixes: its first 8 hex digits read as a number (0 to 2^32 - 1)."""
    digits = commit.strip()[:8]
    if len(digits) < 8 or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise ValueError(f"{commit!r} is not a commit hash (8 hex digits at least)")
    return int(digits, 16)


def head_commit(directory=None):
    """`git rev-parse HEAD` of the checkout holding `directory` (default: this file's)."""
    directory = directory or os.path.dirname(os.path.abspath(__file__))
    try:
        out = subprocess.run(
            ["git", "-C", directory, "rev-parse", "HEAD"],
            check=True,
            capture_output=True,
            text=True,
        )
    except (OSError, subprocess.CalledProcessError) as error:
        raise RuntimeError(
            f"cannot read the commit of {directory} ({error}); give --seed or --seed-commit"
        ) from error
    return out.stdout.strip()


def add_seed_arguments(parser):
    """`--seed` and `--seed-commit` on an argparse parser (read back with `chosen_seed`)."""
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the openings' seed (default: from the commit, see --seed-commit)",
    )
    parser.add_argument(
        "--seed-commit",
        default=None,
        help="derive the seed from this commit hash (default: `git rev-parse HEAD` here)",
    )


def chosen_seed(args):
    """The seed the arguments choose and where it comes from, as (seed, sentence)."""
    if args.seed is not None:
        return args.seed, f"seed {args.seed} (given with --seed)"
    commit = args.seed_commit or head_commit()
    seed = commit_seed(commit)
    return seed, f"seed {seed} (the first 8 hex digits of commit {commit[:12]})"


def elo(score):
    """The Elo difference a score share (0 to 1) stands for, clamped just inside (0, 1)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def summary(results, name="A"):
    """results: `name`'s score of each game (1, 0.5 or 0). W/D/L, score and Elo with a 95%
    interval from the normal approximation over the games' scores."""
    n = len(results)
    mean = sum(results) / n
    variance = sum((r - mean) ** 2 for r in results) / n
    margin = 1.96 * math.sqrt(variance / n)
    wins = results.count(1)
    draws = results.count(0.5)
    losses = results.count(0)
    return (
        f"{n} games, {name} +{wins} ={draws} -{losses}, {100 * mean:.1f}%, "
        f"Elo {elo(mean):+.0f} ({elo(mean - margin):+.0f} .. {elo(mean + margin):+.0f})"
    )


def machine_load():
    """The 1-minute load average, or None where the OS does not give it."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None
