#!/usr/bin/env python3
"""Check `ponder serve` the way the classroom's RemotePlayer uses it, then flood it.

    pip install requests
    cargo build --release
    python3 scripts/serve_check.py [--ponder target/release/ponder] [--games 10]

1. Starts `ponder serve --port 0` on 127.0.0.1 and reads its port.
2. Plays whole Kalah(6,4) games: a RemotePlayer exactly as the classroom's (it sends
   `requests.get(f'{url}/getmove/{depth},{trace}')` and plays `int(r.text)`) against a random
   player, both sides, depths 1 to 8. Every answer is checked legal with the Board below, a
   small Kalah written here from the classroom rules (independently of ponder).
3. Sends 1,000 requests at once (200 client threads), good ones and bad ones (bad depths,
   illegal traces, unknown paths, bad JSON, garbage bytes), and checks that every one is
   answered with a status (200, 400, 404, 405 or 503 when the queue is full), never a dropped
   connection, and that the server still answers afterwards.

Exit code 0 when everything holds, 1 otherwise.
"""

import argparse
import concurrent.futures
import random
import socket
import subprocess
import sys
import time

import requests


class Board:
    """Kalah(6,4), the classroom's rules: a capture needs seeds in the opposite pit."""

    def __init__(self, trace=""):
        self.pits = [[4] * 6, [4] * 6]
        self.stores = [0, 0]
        self.turn = 0
        self.trace = ""
        for ch in trace:
            self.make_move(int(ch))

    def valid_moves(self):
        if self.game_over():
            return []
        return [p for p in range(6) if self.pits[self.turn][p] > 0]

    def game_over(self):
        return sum(self.pits[0]) == 0 or sum(self.pits[1]) == 0

    def make_move(self, pit):
        assert pit in self.valid_moves(), (self.trace, pit)
        me = self.turn
        seeds = self.pits[me][pit]
        self.pits[me][pit] = 0
        side, index = me, pit
        while seeds:
            index += 1
            if side == me and index == 6:
                self.stores[me] += 1
                seeds -= 1
                if seeds == 0:
                    self.trace += str(pit)
                    self._finish(extra=True)
                    return
                side, index = 1 - side, -1
                continue
            if side != me and index == 6:
                side, index = me, -1
                continue
            self.pits[side][index] += 1
            seeds -= 1
        if side == me and self.pits[me][index] == 1:
            opposite = 5 - index
            if self.pits[1 - me][opposite] > 0:
                self.stores[me] += 1 + self.pits[1 - me][opposite]
                self.pits[me][index] = 0
                self.pits[1 - me][opposite] = 0
        self.trace += str(pit)
        self._finish(extra=False)

    def _finish(self, extra):
        if not extra:
            self.turn = 1 - self.turn
        if self.game_over():
            for side in (0, 1):
                self.stores[side] += sum(self.pits[side])
                self.pits[side] = [0] * 6


class RemotePlayer:
    """What the classroom's RemotePlayer does."""

    def __init__(self, url, max_depth):
        self.url = url
        self.max_depth = max_depth

    def findMove(self, trace):
        r = requests.get(f'{self.url}/getmove/{self.max_depth},{trace}')
        move = int(r.text)
        return move


def start_server(ponder):
    server = subprocess.Popen(
        [ponder, "serve", "--port", "0", "--host", "127.0.0.1", "--max-depth", "10"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = server.stdout.readline()
    port = int(line.split("http://127.0.0.1:")[1].split(" ")[0])
    return server, f"http://127.0.0.1:{port}", port


def play_games(url, games, rng):
    moves = 0
    results = {"remote": 0, "random": 0, "draw": 0}
    for index in range(games):
        remote_side = index % 2
        depth = 1 + index % 8
        player = RemotePlayer(url, depth)
        board = Board()
        while not board.game_over():
            if board.turn == remote_side:
                move = player.findMove(board.trace)
                if move not in board.valid_moves():
                    raise AssertionError(
                        f"illegal move {move} after trace {board.trace!r} (legal {board.valid_moves()})"
                    )
                moves += 1
            else:
                move = rng.choice(board.valid_moves())
            board.make_move(move)
        mine, theirs = board.stores[remote_side], board.stores[1 - remote_side]
        results["remote" if mine > theirs else "random" if theirs > mine else "draw"] += 1
        print(f"game {index + 1}: RemotePlayer depth {depth} as player {remote_side + 1}: "
              f"{board.stores[0]}-{board.stores[1]} (trace {board.trace})")
    return moves, results


def raw_request(port, payload):
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(payload)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    return int(data.split(b" ", 2)[1])


def flood(url, port, count, rng):
    good_traces = ["", "0", "25", "3210", "123551234220105241", "01234"]
    jobs = []
    for index in range(count):
        kind = index % 8
        if kind == 0:
            jobs.append(("get", f"/getmove/{rng.randint(1, 6)},{rng.choice(good_traces)}", None, 200))
        elif kind == 1:
            jobs.append(("get", "/getmove/x,12", None, 400))
        elif kind == 2:
            jobs.append(("get", "/getmove/5,99", None, 400))
        elif kind == 3:
            jobs.append(("get", "/nothing/here", None, 404))
        elif kind == 4:
            jobs.append(("post", "/v1/kalah/bestmove", '{"moves": [2, 5], "depth": 4}', 200))
        elif kind == 5:
            jobs.append(("post", "/v1/kalah/bestmove", "{not json", 400))
        elif kind == 6:
            jobs.append(("raw", None, b"\x16\x03\x01 garbage\r\n\r\n", 400))
        else:
            jobs.append(("get", "/v1/games", None, 200))

    def run(job):
        method, path, body, expected = job
        try:
            if method == "get":
                status = requests.get(url + path, timeout=60).status_code
            elif method == "post":
                status = requests.post(url + path, data=body, timeout=60).status_code
            else:
                status = raw_request(port, body)
        except Exception as error:  # a dropped connection is a failure
            return ("error", repr(error), expected)
        return (status, None, expected)

    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=200) as pool:
        outcomes = list(pool.map(run, jobs))
    elapsed = time.monotonic() - started
    counts = {}
    for status, error, expected in outcomes:
        if status == "error":
            raise AssertionError(f"a request got no answer: {error}")
        if status != expected and status != 503:
            raise AssertionError(f"status {status}, expected {expected}")
        counts[status] = counts.get(status, 0) + 1
    return counts, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ponder", default="target/release/ponder")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    server, url, port = start_server(args.ponder)
    try:
        moves, results = play_games(url, args.games, rng)
        print(f"RemotePlayer: {args.games} games, {moves} moves from the server, all legal; "
              f"results {results}")
        counts, elapsed = flood(url, port, args.requests, rng)
        print(f"flood: {args.requests} concurrent requests in {elapsed:.1f} s, statuses {counts}")
        after = requests.get(f"{url}/getmove/5,0", timeout=10)
        assert after.status_code == 200 and int(after.text) in Board("0").valid_moves()
        assert requests.get(f"{url}/health", timeout=10).text.strip() == "ok"
        print("OK: the server still answers after the flood")
        return 0
    except AssertionError as failure:
        print(f"FAILED: {failure}")
        return 1
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    sys.exit(main())
