#!/usr/bin/env python3
"""Play ponder against Aalina (Oware) or CMancala (Kalah), the true game kept in OpenSpiel.

    pip install open_spiel
    python3 scripts/mancala_match.py --game oware \\
        --ponder "target/release/ponder uai --game oware --egdb abapa15.egdb" \\
        --opponent "/work/sparring/aalina-build/aalina service" \\
        --opponent-option OwnBook=true --opponent-option UseLeaves=true \\
        --pairs 50 --movetime 500 --out oware.jsonl
    python3 scripts/mancala_match.py --game kalah \\
        --ponder "target/release/ponder uai --game kalah --egdb k20.bin" \\
        --ponder-option ForwardPruning=false \\
        --opponent "/path/to/CMancala/build/Mancala --api" \\
        --solve "target/release/ponder solve --game kalah --egdb k20.bin" \\
        --exact-cache kalah-exact.json --pairs 50 --movetime 500 --out kalah.jsonl

ponder runs as one persistent `ponder uai` process (`position startpos moves ...` with the
mover's relative pit or house numbers, `go movetime T`). The opponent is Aalina's UCI
`service` mode (Oware: moves `A`-`F` for the first player, South, and `a`-`f` for North,
sent as one word since its `position` command reads the move list letter by letter) or
CMancala's `--api` mode (Kalah: `SOLVE <board code>` answers `OK EVAL e MOVE m NEXT_CODE c
TURN t`; the api mode has no time limit and always solves the position exactly, so CMancala
plays perfectly and its time is recorded, not limited).

The game itself is OpenSpiel's (`mancala` for Kalah(6,4), `oware` for Abapa): every move of
either side is checked there before it is played, an illegal or missing move loses, and a
move slower than `--movetime` plus `--tolerance` milliseconds (timed from writing `go` to
reading `bestmove`) loses on time. CMancala's idea of the board after its move is compared
with OpenSpiel's: a difference stops the match (the rules disagree; no one is blamed).

Openings: random walks of `--opening-plies` plies (2 for Kalah, 4 for Oware by default) from
the seed, distinct until every opening of that length has been dealt, each played twice with
colours swapped. The seed is fixed by the commit measured (`scripts/match_stats.py`): unless
`--seed` is given, the first 8 hex digits of `git rev-parse HEAD` read as a number; it is
printed first. Every game is one JSON line (opening, moves, result, margin, times; on stdout
and in `--out`), then a summary: ponder's W/D/L, score and Elo with a 95% interval, its
losses on time and by illegal moves, the longest moves, and the machine's load.
`--pool A.jsonl B.jsonl ...` plays nothing and prints the same summary over several runs'
`--out` files: the claim of a commit is the pooled result of all its runs.

Kalah: before the first game, the exact value of every opening is computed with
`--solve` (ponder's solver and its endgame database; the driver appends `--position TRACE`)
and kept in `--exact-cache` (JSON, trace to the value for the side to move). The summary
counts the games where ponder's final margin was below the exact value of the opening for
its side (a perfect player never is: its margin is at least that value whatever the
opponent does), and says where ponder gave value away: CMancala's `EVAL` at each of its
moves, corrected for the store bits its board code drops, is the true position's exact
value, so a fall in ponder's value between two known points is charged to the ponder moves
between them (each game's `ponder_losses`: the seeds, the plies and the depths searched).
"""

import argparse
import dataclasses
import json
import os
import queue
import random
import re
import shlex
import subprocess
import sys
import tempfile
import threading
import time

import pyspiel

from match_stats import add_seed_arguments, chosen_seed, machine_load, summary

# ---------------------------------------------------------------------------------------
# The true game
# ---------------------------------------------------------------------------------------


class IllegalMove(Exception):
    """A move the referee refused."""


class Referee:
    """One game in OpenSpiel, in the mover's relative move numbers (0 to 5, as ponder writes
    them): Kalah's pit p is OpenSpiel `mancala` action 1 + p (first player) or 8 + p (second);
    Oware's house h is `oware` action h for either player."""

    def __init__(self, game):
        self.game = game
        self.state = pyspiel.load_game(OPENSPIEL_NAME[game]).new_initial_state()
        self.history = []  # (player, relative move) for every ply

    @staticmethod
    def after(game, opening):
        """The player to move after `opening` (0 or 1)."""
        referee = Referee(game)
        for move in opening:
            referee.play(move)
        return referee.mover()

    def mover(self):
        return self.state.current_player()

    def over(self):
        return self.state.is_terminal()

    def legal(self):
        return sorted(self.relative(a) for a in self.state.legal_actions())

    def relative(self, action):
        if self.game == "kalah":
            return action - 1 if action < 7 else action - 8
        return action

    def action(self, move):
        if self.game == "kalah":
            return move + (1 if self.mover() == 0 else 8)
        return move

    def play(self, move):
        """Plays the mover's relative `move`; IllegalMove if it is not legal here."""
        if self.over():
            raise IllegalMove(f"{move!r}: the game is over")
        if not isinstance(move, int) or move not in self.legal():
            raise IllegalMove(f"{move!r} is not legal (legal: {self.legal()})")
        player = self.mover()
        self.state.apply_action(self.action(move))
        self.history.append((player, move))

    def moves(self):
        return [move for _, move in self.history]

    def cells(self):
        """Kalah's board in CMancala's order: the first player's pits 0-5, their store, the
        second player's pits 0-5, their store (OpenSpiel keeps the second store at 0)."""
        obs = [round(x) for x in self.state.observation_tensor(0)]
        return obs[1:8] + obs[8:14] + [obs[0]]

    def margin(self):
        """The first player's final margin in seeds (the game must be over)."""
        if self.game == "kalah":
            # OpenSpiel leaves the seeds of the row still holding some on the board at the
            # end; each player's final count is their store and their row.
            cells = self.cells()
            first = sum(cells[0:7])
            second = sum(cells[7:14])
        else:
            # OpenSpiel's oware banks the seeds left on each row to its owner at the end.
            obs = self.state.observation_tensor(0)
            first = round(obs[12] * 48)
            second = round(obs[13] * 48)
        margin = first - second
        returns = self.state.returns()[0]
        if (margin > 0) != (returns > 0) or (margin < 0) != (returns < 0):
            raise RuntimeError(f"OpenSpiel's returns {returns} disagree with margin {margin}")
        return margin


OPENSPIEL_NAME = {"kalah": "mancala", "oware": "oware"}
DEFAULT_OPENING_PLIES = {"kalah": 2, "oware": 4}


def random_opening(rng, game, plies):
    """A random walk of `plies` legal moves from the start that leaves the game open."""
    while True:
        referee = Referee(game)
        for _ in range(plies):
            if referee.over():
                break
            referee.play(rng.choice(referee.legal()))
        if len(referee.history) == plies and not referee.over():
            return referee.moves()


def deal_openings(rng, game, plies, count):
    """`count` openings, distinct until the walks stop finding new ones (then a new round)."""
    openings, seen = [], set()
    while len(openings) < count:
        for _ in range(1000):
            opening = random_opening(rng, game, plies)
            if tuple(opening) not in seen:
                break
        else:
            seen.clear()  # every opening of this length was dealt: deal them again
        seen.add(tuple(opening))
        openings.append(opening)
    return openings


# ---------------------------------------------------------------------------------------
# Engines
# ---------------------------------------------------------------------------------------


class EngineError(Exception):
    """An engine that could not be started or set up as asked."""


class Process:
    """A child process spoken to by lines; each line read is kept with the time it arrived."""

    def __init__(self, command, name):
        self.name = name
        self.command = command
        try:
            self.child = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            raise EngineError(f"{name}: cannot start {command!r}: {error}") from error
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self):
        for line in self.child.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def _read_stderr(self):
        for line in self.child.stderr:
            print(f"[{self.name} stderr] {line.rstrip()}", file=sys.stderr, flush=True)

    def send(self, line):
        """Writes one line; returns the time it was written. EngineError if the pipe closed."""
        try:
            self.child.stdin.write(line + "\n")
            self.child.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise EngineError(f"{self.name} went away ({error})") from error
        return time.monotonic()

    def read_until(self, accept, deadline):
        """Lines up to and including the first that `accept`s, as (arrival, line) pairs; the
        last pair is (None, None) if the deadline passed first, (t, None) at end of output."""
        seen = []
        while True:
            wait = deadline - time.monotonic()
            if wait <= 0:
                seen.append((None, None))
                return seen
            try:
                arrived, line = self.lines.get(timeout=wait)
            except queue.Empty:
                continue
            seen.append((arrived, line))
            if line is None or accept(line):
                return seen

    def drain(self):
        while not self.lines.empty():
            self.lines.get_nowait()

    def close(self, quit_line):
        try:
            self.send(quit_line)
        except EngineError:
            pass
        try:
            self.child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait()


def parse_options(pairs):
    options = []
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise EngineError(f"option {pair!r}: expected NAME=VALUE")
        options.append((name, value))
    return options


def bestmove_word(line):
    """The move of a `bestmove` line, or None for another line."""
    words = line.split()
    if len(words) >= 2 and words[0] == "bestmove":
        return words[1]
    return None


class UciEngine:
    """Shared by ponder's UAI and Aalina's UCI: the hand-shake, options, `go movetime`."""

    hello, hello_ok, new_game_line = "uci", "uciok", "ucinewgame"

    def __init__(self, command, name, options):
        self.name = name
        self.process = Process(command, name)
        seen = self.process.read_until(lambda l: l == self.hello_ok, self._send(self.hello) + 60)
        if seen[-1][1] != self.hello_ok:
            raise EngineError(f"{name}: no {self.hello_ok} within 60 s after {self.hello}")
        lines = [line for _, line in seen]
        self.id = next((l[len("id name "):] for l in lines if l.startswith("id name ")), "?")
        offered = {}
        for line in lines:
            match = re.match(r"option name (.+?) type ", line)
            if match:
                offered[match.group(1).lower()] = match.group(1)
        for option, value in parse_options(options):
            if option.lower() not in offered:
                raise EngineError(
                    f"{name} offers no option {option!r} (it offers: "
                    f"{', '.join(sorted(offered.values())) or 'none'})"
                )
            self.process.send(f"setoption name {offered[option.lower()]} value {value}")
        self.ready()

    def _send(self, line):
        return self.process.send(line)

    def ready(self, timeout=60):
        if self.process.read_until(lambda l: l == "readyok", self._send("isready") + timeout)[-1][1] != "readyok":
            raise EngineError(f"{self.name}: no readyok within {timeout} s")

    def new_game(self, side):
        self._send(self.new_game_line)
        self.ready()

    def position_line(self, referee):
        raise NotImplementedError

    def parse_move(self, word, referee):
        raise NotImplementedError

    def think(self, referee, movetime, tolerance):
        """Asks for a move; returns a Thought."""
        self.process.drain()
        self._send(self.position_line(referee))
        sent = self._send(f"go movetime {movetime}")
        limit = sent + (movetime + tolerance) / 1000
        seen = self.process.read_until(lambda l: bestmove_word(l) is not None, limit)
        late = seen[-1] == (None, None)
        if late:
            # Past the limit: the move is lost on time; ask for the answer to keep the
            # engine in step, and note how late it was.
            self._send("stop")
            seen += self.process.read_until(lambda l: bestmove_word(l) is not None, limit + 10)
        arrived, line = seen[-1]
        thought = Thought(self.notes([l for _, l in seen if l]))
        if line is None:
            thought.missing = "no bestmove" if arrived is None else "the engine exited"
            thought.ms = None
            return thought
        thought.ms = round((arrived - sent) * 1000)
        thought.late = late
        thought.word = bestmove_word(line)
        if thought.word == "0000" and not referee.over():
            raise RuntimeError(
                f"{self.name} answered 0000 (the game is over for it) after {referee.moves()}, "
                "where OpenSpiel's goes on: the rules disagree"
            )
        thought.move = self.parse_move(thought.word, referee)
        return thought

    def notes(self, lines):
        return {}

    def close(self):
        self.process.close("quit")


@dataclasses.dataclass
class Thought:
    """An engine's answer: its move (relative, or None), the word it sent, the time taken,
    whether it was late, why it is missing, notes (depth, book, exact value), and CMancala's
    board after the move."""

    notes: dict
    move: int = None
    word: str = None
    ms: int = None
    late: bool = False
    missing: str = None
    next_code: str = None


class PonderUai(UciEngine):
    """`ponder uai --game kalah|oware`: moves are the mover's relative numbers."""

    hello, hello_ok, new_game_line = "uai", "uaiok", "uainewgame"

    def position_line(self, referee):
        moves = " ".join(str(m) for m in referee.moves())
        return "position startpos" + (f" moves {moves}" if moves else "")

    def parse_move(self, word, referee):
        return int(word) if word.isdigit() else None

    def notes(self, lines):
        infos = [l for l in lines if l.startswith("info depth")]
        if not infos:
            return {}
        last = infos[-1].split()
        notes = {"depth": int(last[2])}
        exact = re.search(r"string exact (.+)$", infos[-1])
        if exact:
            notes["exact"] = exact.group(1)
        return notes


class Aalina(UciEngine):
    """Aalina's UCI `service` (Oware): houses `A`-`F` are the first player's (South), `a`-`f`
    the second's (North); the move list goes as one word (its `position` reads it letter by
    letter). `debug on` makes it say when it plays a book move."""

    def __init__(self, command, name, options):
        super().__init__(command, name, options)
        self._send("debug on")
        self.ready()

    def new_game(self, side):
        self._send(self.new_game_line)
        # The side it plays sets the sign of its draw contempt.
        self._send(f"setoption name EngineTurn value {'south' if side == 0 else 'north'}")
        self.ready()

    def ready(self, timeout=60):
        # Aalina answers `isready` only when it is not searching; ask again until it does.
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._send("isready")
            seen = self.process.read_until(lambda l: l == "readyok", time.monotonic() + 2)
            if seen[-1][1] == "readyok":
                return
        raise EngineError(f"{self.name}: no readyok within {timeout} s")

    def position_line(self, referee):
        letters = "".join(
            ("ABCDEF" if player == 0 else "abcdef")[move] for player, move in referee.history
        )
        return "position startpos" + (f" moves {letters}" if letters else "")

    def parse_move(self, word, referee):
        row = "ABCDEF" if referee.mover() == 0 else "abcdef"
        return row.index(word) if len(word) == 1 and word in row else None

    def notes(self, lines):
        notes = {}
        depths = [int(l.split()[2]) for l in lines if l.startswith("info depth")]
        if depths:
            notes["depth"] = depths[-1]
        if any("A book move was chosen" in l for l in lines):
            notes["book"] = True
        return notes


class CMancala:
    """CMancala's `--api` mode (Kalah): `SOLVE <code>` solves the position exactly (no time
    limit in this mode) and answers `OK EVAL e MOVE m NEXT_CODE c TURN t`, m the absolute
    cell (0-5 the first player's pits, 7-12 the second's). Board codes: 14 cells of 8 bits
    from bit 1 up, bit 0 set when the first player moves, as 32 hex digits less the first 5
    (which drops the second player's store above 7 seeds: it reads that store modulo 8)."""

    def __init__(self, command, name, options, timeout):
        if options:
            raise EngineError("CMancala's api mode takes no options (give its flags in --opponent)")
        self.name = name
        self.timeout = timeout
        self.process = Process(command, name)
        self.id = f"CMancala api ({command})"

    @staticmethod
    def encode(cells, first_to_move):
        value = 1 if first_to_move else 0
        for index, seeds in enumerate(cells):
            value |= (seeds & 0xFF) << (1 + 8 * index)
        return f"{value:032x}"[5:]

    @staticmethod
    def decode(code):
        value = int(code, 16)
        return [(value >> (1 + 8 * i)) & 0xFF for i in range(14)], bool(value & 1)

    @staticmethod
    def true_value(evaluation, cells, mover):
        """CMancala's `EVAL` is the exact final margin for the side to move of the board its
        code holds, whose second store is the true one modulo 8: the true position's value is
        it less (first player to move) or plus (second) the seeds the code dropped."""
        dropped = cells[13] - cells[13] % 8
        return evaluation - dropped if mover == 0 else evaluation + dropped

    def new_game(self, side):
        pass

    def think(self, referee, movetime, tolerance):
        self.process.drain()
        code = self.encode(referee.cells(), referee.mover() == 0)
        sent = self.process.send(f"SOLVE {code}")
        seen = self.process.read_until(
            lambda l: l.startswith("OK") or l.startswith("ERROR"), sent + self.timeout
        )
        arrived, line = seen[-1]
        thought = Thought({})
        if line is None or not line.startswith("OK"):
            thought.missing = line or f"no answer within {self.timeout} s"
            return thought
        thought.ms = round((arrived - sent) * 1000)
        fields = line.split()
        answer = dict(zip(fields[1::2], fields[2::2]))
        thought.word = answer.get("MOVE")
        if "EVAL" in answer:
            value = self.true_value(int(answer["EVAL"]), referee.cells(), referee.mover())
            thought.notes = {"eval": int(answer["EVAL"]), "value": value}
        cell = int(thought.word) if thought.word and thought.word.lstrip("-").isdigit() else -1
        offset = 0 if referee.mover() == 0 else 7
        thought.move = cell - offset if offset <= cell < offset + 6 else None
        thought.next_code = answer.get("NEXT_CODE")
        return thought

    def check_next(self, thought, referee):
        """CMancala's board after its move against OpenSpiel's (both swept when over)."""
        if thought.next_code is None:
            raise RuntimeError(f"{self.name} sent no NEXT_CODE")
        theirs, _ = self.decode(thought.next_code)
        ours = referee.cells()
        if referee.over():
            ours = [0] * 6 + [sum(ours[0:7])] + [0] * 6 + [sum(ours[7:14])]
        # The code drops the second store's bits above the third (it is cut to 27 hex
        # digits): compare that store modulo 8. The store takes no part in the moves, so
        # CMancala's choices are those of the true position.
        ours[13] %= 8
        if theirs != ours:
            raise RuntimeError(
                f"the rules disagree after {referee.moves()}: OpenSpiel {ours}, "
                f"{self.name} {theirs}"
            )

    def close(self):
        self.process.close("QUIT")


# ---------------------------------------------------------------------------------------
# Exact values (Kalah)
# ---------------------------------------------------------------------------------------


class ExactValues:
    """The exact value of Kalah openings for the side to move, by `ponder solve`, cached in a
    JSON file (trace to value) written atomically."""

    def __init__(self, solve_command, cache_path):
        self.solve_command = solve_command
        self.cache_path = cache_path
        self.values = {}
        if cache_path and os.path.exists(cache_path):
            with open(cache_path) as f:
                self.values = json.load(f)

    def value(self, opening):
        trace = "".join(str(m) for m in opening)
        if trace not in self.values:
            if not self.solve_command:
                raise EngineError(f"no exact value for {trace} in the cache and no --solve")
            command = shlex.split(self.solve_command) + ["--position", trace]
            started = time.monotonic()
            out = subprocess.run(command, capture_output=True, text=True)
            match = re.search(r"^value ([+-]?\d+)", out.stdout, re.MULTILINE)
            if out.returncode != 0 or not match:
                raise EngineError(
                    f"{' '.join(command)} failed ({out.returncode}): {out.stderr.strip()[-300:]}"
                )
            self.values[trace] = int(match.group(1))
            print(
                f"exact value of {trace}: {self.values[trace]:+d} for the side to move "
                f"({time.monotonic() - started:.1f} s)",
                flush=True,
            )
            self.save()
        return self.values[trace]

    def save(self):
        if not self.cache_path:
            return
        directory = os.path.dirname(os.path.abspath(self.cache_path))
        with tempfile.NamedTemporaryFile("w", dir=directory, delete=False) as f:
            json.dump(self.values, f, indent=0, sort_keys=True)
            temporary = f.name
        os.replace(temporary, self.cache_path)


# ---------------------------------------------------------------------------------------
# The match
# ---------------------------------------------------------------------------------------


def play_game(game, seats, opening, movetime, tolerance):
    """seats: {0: engine, 1: engine} (0 moves first). Returns the game's record, from the
    first player's side: winner (0, 1 or None), why, margin (None after a forfeit), moves,
    each side's times and notes."""
    referee = Referee(game)
    for move in opening:
        referee.play(move)
    for side, engine in seats.items():
        engine.new_game(side)
    times = {0: [], 1: []}
    notes = {0: [], 1: []}
    while not referee.over():
        side = referee.mover()
        engine = seats[side]
        thought = engine.think(referee, movetime, tolerance)
        thought.notes["ply"] = len(referee.moves())
        notes[side].append(thought.notes)
        if thought.missing:
            why = f"{engine.name} gave no move ({thought.missing})"
            return record(referee, 1 - side, why, times, notes)
        times[side].append(thought.ms)
        if thought.late:
            why = f"{engine.name} lost on time ({thought.ms} ms for a {movetime} ms move)"
            return record(referee, 1 - side, why, times, notes)
        if thought.move is None or thought.move not in referee.legal():
            why = (
                f"{engine.name} played {thought.word!r}, not legal after {referee.moves()} "
                f"(legal: {referee.legal()})"
            )
            return record(referee, 1 - side, why, times, notes)
        referee.play(thought.move)
        if isinstance(engine, CMancala):
            engine.check_next(thought, referee)
    margin = referee.margin()
    winner = 0 if margin > 0 else 1 if margin < 0 else None
    return record(referee, winner, f"final margin {margin:+d} for the first player", times, notes, margin)


def record(referee, winner, why, times, notes, margin=None):
    return {
        "winner": winner,
        "why": why,
        "margin_first": margin,
        "moves": referee.moves(),
        "times_ms": times,
        "notes": notes,
    }


def value_losses(line):
    """Where ponder gave value away in a Kalah game against CMancala: ponder's value starts at
    the opening's exact value, is known again at each CMancala move (minus CMancala's exact
    value, from its `EVAL`) and at the end (the margin); every fall is charged to the ponder
    moves since the last known value (a perfect player's value never falls). Returns one
    `{"seeds", "plies", "depths"}` per fall."""
    known = line["exact"]
    since = []
    falls = []
    events = [(n["ply"], "ponder", n) for n in line["ponder_notes"] if "ply" in n]
    events += [(n["ply"], "opponent", n) for n in line["opponent_notes"] if "ply" in n]
    ends = [] if line["margin"] is None else [(None, "end", {"value": line["margin"]})]
    for _, who, note in sorted(events, key=lambda e: e[0]) + ends:
        if who == "ponder":
            since.append(note)
            continue
        if "value" not in note:
            continue
        now = note["value"] if who == "end" else -note["value"]
        if now < known:
            falls.append(
                {
                    "seeds": known - now,
                    "plies": [n["ply"] for n in since],
                    "depths": [n.get("depth") for n in since],
                }
            )
        known, since = now, []
    return falls


def annotate_kalah_record(line):
    """Adds to a Kalah game's notes what earlier versions of this driver did not record: the
    ply of each move and CMancala's true value (`value`), by replaying the game in OpenSpiel."""
    referee = Referee("kalah")
    ponder_first = line["ponder_side"] == "first"
    notes = {True: iter(line["ponder_notes"]), False: iter(line["opponent_notes"])}
    for ply, move in enumerate(line["moves"]):
        if ply >= len(line["opening"]):
            mover = referee.mover()
            note = next(notes[(mover == 0) == ponder_first], None)
            if note is not None:
                note.setdefault("ply", ply)
                if "eval" in note and "value" not in note:
                    note["value"] = CMancala.true_value(note["eval"], referee.cells(), mover)
        referee.play(move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["kalah", "oware"])
    parser.add_argument("--ponder", help="ponder's command line (`... uai --game G`)")
    parser.add_argument("--ponder-option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument(
        "--opponent",
        help="Aalina's `... service` (oware) or CMancala's `... --api` (kalah) command line",
    )
    parser.add_argument("--opponent-option", action="append", default=[], help="NAME=VALUE (Aalina)")
    parser.add_argument("--pairs", type=int, default=50, help="openings, each played twice")
    parser.add_argument("--movetime", type=int, default=500, help="ms a move")
    parser.add_argument(
        "--tolerance",
        type=int,
        default=100,
        help="ms a move may take beyond --movetime before it loses on time (pipes, GC pauses)",
    )
    parser.add_argument("--opening-plies", type=int, default=None)
    parser.add_argument(
        "--opponent-timeout",
        type=float,
        default=3600,
        help="s CMancala may take to solve a position before its move counts as missing",
    )
    parser.add_argument("--solve", default=None, help="Kalah: `ponder solve --game kalah --egdb FILE`")
    parser.add_argument("--exact-cache", default=None, help="Kalah: JSON file of exact values")
    parser.add_argument("--out", default=None, help="also write the JSON lines of the games here")
    parser.add_argument(
        "--pool",
        nargs="+",
        metavar="JSONL",
        help="play nothing: the pooled summary of these runs' --out files",
    )
    add_seed_arguments(parser)
    args = parser.parse_args()
    if args.pool:
        return pool(args.pool)
    if not (args.game and args.ponder and args.opponent):
        parser.error("--game, --ponder and --opponent are needed to play a match")
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    plies = args.opening_plies if args.opening_plies is not None else DEFAULT_OPENING_PLIES[args.game]

    seed, origin = chosen_seed(args)
    print(f"# {origin}", flush=True)
    rng = random.Random(seed)
    openings = deal_openings(rng, args.game, plies, args.pairs)
    exact = None
    if args.game == "kalah":
        if not args.solve and not args.exact_cache:
            parser.error("kalah needs --solve (and preferably --exact-cache) for the exact values")
        values = ExactValues(args.solve, args.exact_cache)
        # Solved before the first game: the solver must not share the cores with the games.
        exact = [values.value(opening) for opening in openings]

    try:
        ponder = PonderUai(args.ponder, "ponder", args.ponder_option)
        if args.game == "kalah":
            opponent = CMancala(args.opponent, "CMancala", args.opponent_option, args.opponent_timeout)
        else:
            opponent = Aalina(args.opponent, "Aalina", args.opponent_option)
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"# ponder: {ponder.id} ({args.ponder}; options {args.ponder_option})", flush=True)
    print(f"# opponent: {opponent.id} ({args.opponent}; options {args.opponent_option})", flush=True)
    print(
        f"# {args.game}, {args.pairs} pairs of random {plies}-ply openings, {args.movetime} ms a "
        f"move (+{args.tolerance} ms tolerance); load at the start {machine_load()}",
        flush=True,
    )

    out = open(args.out, "w") if args.out else None
    scores, games = [], []
    status = 0
    try:
        for pair, opening in enumerate(openings):
            for ponder_side in (0, 1):
                seats = {ponder_side: ponder, 1 - ponder_side: opponent}
                game = play_game(args.game, seats, opening, args.movetime, args.tolerance)
                score = 0.5 if game["winner"] is None else float(game["winner"] == ponder_side)
                sign = 1 if ponder_side == 0 else -1
                line = {
                    "game": len(games) + 1,
                    "rules": args.game,
                    "pair": pair + 1,
                    "opening": opening,
                    "ponder_side": "first" if ponder_side == 0 else "second",
                    "ponder_score": score,
                    "margin": None if game["margin_first"] is None else sign * game["margin_first"],
                }
                if exact is not None:
                    # The trace's value is for the side to move after the opening.
                    mover = Referee.after(args.game, opening)
                    value = exact[pair] if mover == ponder_side else -exact[pair]
                    line["exact"] = value
                    line["below_exact"] = line["margin"] is None or line["margin"] < value
                    first = game["notes"][1 - ponder_side][:1]
                    if mover != ponder_side and first and "value" in first[0]:
                        # CMancala solved the opening itself: an independent exact value.
                        line["opponent_agrees"] = first[0]["value"] == -value
                line.update(
                    why=game["why"],
                    moves=game["moves"],
                    ponder_ms=game["times_ms"][ponder_side],
                    opponent_ms=game["times_ms"][1 - ponder_side],
                    ponder_notes=game["notes"][ponder_side],
                    opponent_notes=game["notes"][1 - ponder_side],
                )
                if exact is not None:
                    line["ponder_losses"] = value_losses(line)
                scores.append(score)
                games.append(line)
                text = json.dumps(line)
                print(text, flush=True)
                if out:
                    out.write(text + "\n")
                    out.flush()
    except (EngineError, RuntimeError) as error:
        print(f"error: the match stopped after {len(games)} games: {error}", file=sys.stderr)
        print(f"# stopped after {len(games)} games: {error}")
        status = 3
    finally:
        ponder.close()
        opponent.close()
        if out:
            out.close()
    if games:
        print_summary(scores, games)
        print(f"# {origin}; load at the end {machine_load()}")
    return status


def pool(paths):
    """The pooled summary of several runs' JSON lines (a claim is all the runs on a commit)."""
    games = []
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    game = json.loads(line)
                    game["game"] = f"{path}:{game['game']}"
                    if "exact" in game and "ponder_losses" not in game:
                        annotate_kalah_record(game)
                        game["ponder_losses"] = value_losses(game)
                    games.append(game)
    if not games:
        print("error: no games in " + ", ".join(paths), file=sys.stderr)
        return 2
    print(f"# pooled: {len(paths)} runs ({', '.join(paths)})")
    print_summary([g["ponder_score"] for g in games], games)
    return 0


def print_summary(scores, games):
    print(f"# {summary(scores, 'ponder')}")
    for who in ("ponder", "opponent"):
        moves = [ms for g in games for ms in g[f"{who}_ms"]]
        if moves:
            moves.sort()
            print(
                f"# {who}: {len(moves)} moves, median {moves[len(moves) // 2]} ms, "
                f"longest {moves[-1]} ms"
            )
    on_time = sum("lost on time" in g["why"] for g in games)
    illegal = sum("not legal" in g["why"] or "gave no move" in g["why"] for g in games)
    print(f"# games lost on time {on_time}, by illegal or missing moves {illegal}")
    book = sum(n.get("book", False) for g in games for n in g["opponent_notes"])
    if any(g.get("rules") == "oware" for g in games):
        print(f"# Aalina's book moves {book}")
    margins = [g["margin"] for g in games if g["margin"] is not None]
    if margins:
        print(f"# ponder's mean margin {sum(margins) / len(margins):+.2f} seeds")
    if games and "exact" in games[0]:
        below = [g["game"] for g in games if g["below_exact"]]
        print(
            f"# games where ponder's margin was below the exact value of the opening: "
            f"{len(below)} of {len(games)}" + (f" (games {below})" if below else "")
        )
        falls = [f for g in games for f in g.get("ponder_losses", [])]
        if falls:
            plies = sorted(p for f in falls for p in f["plies"])
            depths = sorted(d for f in falls for d in f["depths"] if d is not None)
            print(
                f"# ponder gave value away {len(falls)} times ({sum(f['seeds'] for f in falls)} "
                f"seeds), at its moves of plies {plies[0]} to {plies[-1]}"
                + (f", searched to depths {depths[0]} to {depths[-1]}" if depths else "")
            )
        checked = [g["opponent_agrees"] for g in games if "opponent_agrees" in g]
        print(
            f"# CMancala's own value of the opening (its first EVAL) equals the exact value in "
            f"{sum(checked)} of the {len(checked)} games where it moved first after the opening"
        )


if __name__ == "__main__":
    sys.exit(main())
