"""A pure-Python transcription of the course's ``board.py`` (the classroom Kalah assignment),
the reference ``ponder.classroom.Board`` is checked against. It follows the course's text,
not ponder's code; each behaviour says where in the course it comes from.

Sources, in the assignment (transcribed from images, partly garbled):
- "3.1 Game Data Structures, 1. Board Class" (the API's prose: (a) to (l)),
- "2.1 Rules" 1 to 5 and its footnote on captures,
- the listing of ``board.py`` (``__init__``, the properties, ``winner``, ``isValidMove``,
  ``makeMove``, ``undoMove``, ``getAllValidMoves``).
Where the listing is garbled, the reading chosen is the one the prose and the rules state.
"""


class CourseBoard:
    def __init__(self, trace=None):
        # board.py, __init__: "self.board_history = []", "self.board =
        # [4,4,4,4,4,4,0,4,4,4,4,4,4,0,0]", "self._trace = []", "self.game_over = False".
        # 3.1 (f): pits of player 1, their store, pits of player 2, their store, the turn.
        self.board_history = []
        self.board = [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0, 0]
        self._trace = []
        self.game_over = False
        # board.py, __init__: "if not (trace is None): for c in trace: if not
        # self.isValidMove(int(c)): print('Warning: invalid move skipped.') continue
        # self.makeMove(int(c))".
        if not (trace is None):
            for c in trace:
                if not self.isValidMove(int(c)):
                    print("Warning: invalid move skipped.")
                    continue
                self.makeMove(int(c))

    # board.py, the properties: "return self.board[0:6]", "return self.board[6]",
    # "return self.board [7:13]", "return self.board[13]"; 3.1 (g).
    @property
    def p1_pits(self):
        return self.board[0:6]

    @property
    def p1_pot(self):
        return self.board[6]

    @property
    def p2_pits(self):
        return self.board[7:13]

    @property
    def p2_pot(self):
        return self.board[13]

    # board.py: "def turn(self): return self.board[14]" and its setter "self.board[14] =
    # value"; 3.1 (h): 0 for player 1, 1 for player 2.
    @property
    def turn(self):
        return self.board[14]

    @turn.setter
    def turn(self, value):
        self.board[14] = value

    # board.py, winner: "if not self.game_over" (None), "if self.p1_pot > self.p2_pot:
    # return 0", "... return 1", "return -1"; 3.1 (j): -1 a draw, 0 player one, 1 player two,
    # None while the game goes on.
    @property
    def winner(self):
        if not self.game_over:
            return None
        if self.p1_pot > self.p2_pot:
            return 0
        if self.p2_pot > self.p1_pot:
            return 1
        return -1

    # 3.1 (k): the moves as a string.
    @property
    def trace(self):
        return "".join(str(move) for move in self._trace)

    # 3.1 (l): an integer for the board; two traces can lead to the same state. (The
    # listing's body is illegible; any injective integer of the board array will do.)
    @property
    def state(self):
        return hash(tuple(self.board))

    # board.py, isValidMove: "if (game over) return False", "if (pit out of range) return
    # False", then "return self.board[pit] > 0" for player 1 and "return
    # self.board[7+pit] > 0" for player 2.
    def isValidMove(self, pit):
        if self.game_over:
            return False
        if pit < 0 or pit > 5:
            return False
        if self.turn == 0:
            return self.board[pit] > 0
        return self.board[7 + pit] > 0

    def makeMove(self, move):
        # board.py, makeMove: "add move: self._trace.append(move)", "create new board in
        # stack: self.board_history.append(self.board[:])"; 3.1 (b).
        self._trace.append(move)
        self.board_history.append(self.board[:])
        # "player = self.turn", "pit = 7 * player + move", "stones = self.board[pit]", the pit
        # emptied; rule 1: pick up all the pieces in the pit.
        player = self.turn
        pit = 7 * player + move
        stones = self.board[pit]
        self.board[pit] = 0
        # "while stones: # skip opponent's pot, otherwise ... pit += 2 / pit += 1", "loop
        # around", "self.board[pit] += 1"; rule 1: counter-clockwise, one seed a pit, into
        # the mover's store but not the opponent's.
        while stones > 0:
            if (pit == 12 and player == 0) or (pit == 5 and player == 1):
                pit += 2
            else:
                pit += 1
            pit %= 14
            self.board[pit] += 1
            stones -= 1
        # "switch turns, unless the player's last stone landed in their pot: if pit != 6 and
        # pit != 13: self.turn = 1 - self.turn"; rule 2 (the opponent's pot is skipped, so a
        # pot reached is the mover's).
        if pit != 6 and pit != 13:
            self.turn = 1 - self.turn
            # "do the crazy capturing thing: side = pit // 7, across_pit = 12 - pit, if side
            # == player and self.board[pit] == 1 and self.board[across_pit] != 0:
            # player_pot = 7 * player + 6 ... + 1 + self.board[across_pit], both pits
            # emptied"; rule 3 and its footnote: a capture needs seeds opposite.
            side = pit // 7
            across_pit = 12 - pit
            if side == player and self.board[pit] == 1 and self.board[across_pit] != 0:
                player_pot = 7 * player + 6
                self.board[player_pot] = self.board[player_pot] + 1 + self.board[across_pit]
                self.board[pit] = 0
                self.board[across_pit] = 0
        # "check whether the game is over, and award the bonus if so": "p1_total =
        # sum(...)", "p2_total", "if p1_total == 0 or p2_total == 0", each total added to its
        # owner's store, the rows emptied, "self.game_over = True"; rule 4: when one side is
        # empty, the other player takes the seeds on their side.
        p1_total = sum(self.board[0:6])
        p2_total = sum(self.board[7:13])
        if p1_total == 0 or p2_total == 0:
            self.board[6] += p1_total
            self.board[13] += p2_total
            for i in range(0, 6):
                self.board[i] = 0
            for i in range(7, 13):
                self.board[i] = 0
            self.game_over = True

    # board.py, undoMove: "undoes the most recent move, returning the board to the previous
    # state", "self.board = self.board_history.pop()", "self._trace.pop()",
    # "self.game_over = False"; 3.1 (c).
    def undoMove(self):
        self.board = self.board_history.pop()
        self._trace.pop()
        self.game_over = False

    # board.py, getAllValidMoves(self, preorder=None): "preorder = range(6)", "for i in
    # preorder: ... yield i"; 3.1 (d): a prior ordering influences the order in which the
    # moves are returned.
    def getAllValidMoves(self, preorder=None):
        if preorder is None:
            preorder = range(6)
        for i in preorder:
            if self.isValidMove(i):
                yield i
