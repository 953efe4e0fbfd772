// The tutorials: each game's rules taught on a live board, one step at a time. Every step
// sets up a teaching position as a real server game (`POST /api/games` with `position`, both
// seats played from this browser), asks for one move (only its cells are highlighted), and
// explains what the server's rules did with it.

import { api, tokens } from './api.js';
import { BoardView, moveCells } from './board.js';
import { earn } from './achievements.js';

/**
 * The lessons. A step: `title`, `text` (before the move), `position` (the game's notation),
 * `cells` (the clicks of the move to make; `[]` = the pass button), `after` (the explanation).
 */
export const LESSONS = {
  kalah: {
    spec: 'kalah',
    intro: 'Kalah: six pits a side and a store at each end. You are South (the bottom row, your store on the right).',
    steps: [
      {
        title: 'Sowing',
        text: 'A move takes every seed of one of your pits and sows them one by one into the next pits, counter-clockwise. Click your leftmost pit.',
        position: '4,4,4,4,4,4,0,4,4,4,4,4,4,0,0',
        cells: ['p0-0'],
        after: 'Its four seeds went one each into the next four pits. Now it is North\'s turn.',
      },
      {
        title: 'The store and the extra turn',
        text: 'Sowing passes through your own store (not your opponent\'s). If the last seed lands in your store, you move again. Click your third pit: four seeds reach exactly the store.',
        position: '4,4,4,4,4,4,0,4,4,4,4,4,4,0,0',
        cells: ['p0-2'],
        after: 'The last seed fell in your store: a point for you, and it is still your turn.',
      },
      {
        title: 'Capture',
        text: 'If the last seed lands in an empty pit of your own row and the pit opposite holds seeds, you capture both: the seed and all the opposite seeds go to your store. Your second pit holds one seed and the pit after it is empty: click it.',
        position: '3,1,0,5,4,4,2,4,4,4,6,4,3,4,0',
        cells: ['p0-1'],
        after: 'The seed landed in your empty third pit, opposite North\'s six: seven seeds went to your store.',
      },
      {
        title: 'The end',
        text: 'When the player to move has no seeds in their pits, the game ends and the other player keeps the seeds left on their own side. The most seeds in store wins. Sow your last seed into your store.',
        position: '0,0,0,0,0,1,24,1,2,0,3,0,1,16,0',
        cells: ['p0-5'],
        after: 'Your row is empty, so the game is over: North banked the seven seeds left in their row, and you win 25 to 23.',
      },
    ],
  },
  oware: {
    spec: 'oware',
    intro: 'Oware (Abapa rules): six houses a side, no stores; you capture into your bank. You are South, the bottom row, houses a to f.',
    steps: [
      {
        title: 'Sowing',
        text: 'Take all the seeds of one of your houses and sow them one by one counter-clockwise, starting with the next house. Click house a.',
        position: '4,4,4,4,4,4/4,4,4,4,4,4 0,0 0',
        cells: ['p0-0'],
        after: 'Houses b, c, d and e got one seed each. (A house of 12 or more seeds skips itself when the sowing comes round.)',
      },
      {
        title: 'Capturing 2s and 3s',
        text: 'If your last seed lands in an opponent\'s house and makes it 2 or 3, you capture them, and also the house before it if it now holds 2 or 3, and so on backwards. Click house f.',
        position: '4,4,4,4,4,2/1,2,4,4,4,4 4,3 0',
        cells: ['p0-5'],
        after: 'The last seed made North\'s B a 3, and the house before it (A) a 2: you captured 5.',
      },
      {
        title: 'Feeding',
        text: 'If your opponent has no seeds, you must give them some. Only one of your moves reaches North here, so only house f is playable.',
        position: '3,2,1,0,0,6/0,0,0,0,0,0 20,16 0',
        cells: ['p0-5'],
        after: 'North has seeds again. Had no move fed them, the game would end and each player would bank their own row.',
      },
      {
        title: 'The grand slam',
        text: 'A move that would capture every seed of your opponent is allowed but captures nothing. House f would make A, B and C 2, 3 and 2: all of North\'s seeds. Play it.',
        position: '4,4,4,4,4,3/1,2,1,0,0,0 11,10 0',
        cells: ['p0-5'],
        after: 'No capture: a grand slam takes nothing under these rules. The scores did not move.',
      },
      {
        title: 'The end',
        text: 'A player with more than half the seeds (25 of 48) wins at once. You have 22; making North\'s A a 3 wins. Click house f.',
        position: '0,0,0,0,0,1/2,3,1,0,0,0 22,19 0',
        cells: ['p0-5'],
        after: 'You captured 3, reached 25 and won. (The game also ends when a position repeats, each player banking their own row.)',
      },
    ],
  },
  ataxx: {
    spec: 'ataxx',
    intro: 'Ataxx: a 7×7 board. You are Red (x), and move first.',
    steps: [
      {
        title: 'Cloning',
        text: 'Move to an empty square next to one of your stones (diagonals count) and a new stone appears there: your stone stays. Click b6.',
        position: 'x5o/7/7/7/7/7/o5x x 0 1',
        cells: ['b6'],
        after: 'You cloned: now you have three stones.',
      },
      {
        title: 'Jumping',
        text: 'Or jump two squares away: the stone leaves its square. Click your stone on a7, then c5.',
        position: 'x5o/7/7/7/7/7/o5x x 0 1',
        cells: ['a7', 'c5'],
        after: 'The stone jumped: still two stones, but in a new place.',
      },
      {
        title: 'Converting',
        text: 'Wherever your stone lands, every opponent stone next to it becomes yours. Clone to c4, next to Blue\'s c5 and d5.',
        position: '7/7/2oo3/7/2x4/7/4o2 x 0 1',
        cells: ['c4'],
        after: 'Both blue stones next to c4 turned red.',
      },
      {
        title: 'Passing',
        text: 'With no square to reach, you must pass. Your stone on a7 is walled in by Blue: press Pass.',
        position: 'xoo4/ooo4/ooo4/7/7/7/7 x 0 1',
        cells: [],
        after: 'You passed; Blue moves on. A player who can move never passes.',
      },
      {
        title: 'The end',
        text: 'The game ends when the board is full or a player has no stones; the most stones wins. Take Blue\'s last stone: clone to c4.',
        position: '7/7/2o4/7/2x4/7/7 x 0 1',
        cells: ['c4'],
        after: 'Blue has no stones left: the game is over and you win.',
      },
    ],
  },
};

/** Runs the tutorial of `game` in the screen `root` (which has the tutorial's elements). */
export class Tutorial {
  constructor(root, game, onDone) {
    this.root = root;
    this.lesson = LESSONS[game];
    this.game = game;
    this.onDone = onDone;
    this.index = 0;
    this.q = (sel) => root.querySelector(sel);
    this.board = new BoardView(this.q('.tutorial-board'), (m) => this.play(m), (cell) => {
      this.say(`${cell} is not the move of this step: the highlighted ${this.lesson.steps[this.index].cells.length ? 'cells show it' : 'Pass button is it'}.`, 'warn');
    });
    this.q('.tutorial-title').textContent = `Tutorial: ${game[0].toUpperCase()}${game.slice(1)}`;
    this.q('.tutorial-intro').textContent = this.lesson.intro;
    this.q('.tutorial-next').onclick = () => this.go(this.index + 1);
    this.q('.tutorial-prev').onclick = () => this.go(this.index - 1);
    this.q('.tutorial-again').onclick = () => this.go(this.index);
    this.q('.tutorial-pass').onclick = () => this.play(this.expected && this.expected.move);
    this.go(0);
  }

  say(text, kind = '') {
    const el = this.q('.tutorial-message');
    el.textContent = text;
    el.className = `tutorial-message ${kind}`;
  }

  async go(index) {
    const steps = this.lesson.steps;
    if (index < 0) return;
    if (index >= steps.length) {
      earn([`tutorial-${this.game}`]);
      this.onDone();
      return;
    }
    this.index = index;
    const step = steps[index];
    this.q('.tutorial-step').textContent = `Step ${index + 1} of ${steps.length}: ${step.title}`;
    this.q('.tutorial-text').textContent = step.text;
    this.q('.tutorial-prev').disabled = index === 0;
    this.q('.tutorial-next').disabled = true;
    this.q('.tutorial-next').textContent = index + 1 === steps.length ? 'Finish' : 'Next';
    this.say('');
    try {
      const created = await api.create({
        spec: this.lesson.spec,
        position: step.position,
        seats: [{ kind: 'human' }, { kind: 'human' }],
        ponder: false,
      });
      this.code = created.code;
      tokens.add(created.code, created.tokens);
      this.token = created.tokens[0].token;
      this.expected = created.state.legal.find((m) => sameCells(m.cells, step.cells));
      if (!this.expected) throw new Error('this step\'s move is not legal on the server');
      this.show(created.state, true, []);
    } catch (error) {
      this.say(`The lesson could not be set up: ${error.message}`, 'error');
    }
  }

  show(state, enabled, last) {
    this.board.show(state, {
      enabled,
      allowed: this.expected ? [this.expected.move] : [],
      marks: { last, hint: enabled && this.expected ? this.expected.cells : [] },
    });
    const pass = this.q('.tutorial-pass');
    pass.hidden = !(enabled && this.expected && this.expected.cells.length === 0);
    const [s0, s1] = state.scores;
    this.q('.tutorial-score').textContent = state.over
      ? `Game over: ${state.result ? state.result.text : ''}`
      : `Scores ${s0} : ${s1}`;
  }

  async play(move) {
    if (!move) return;
    const step = this.lesson.steps[this.index];
    const before = this.board.state;
    try {
      const token = tokens.get(this.code).find((t) => t.seat === before.to_move)?.token || this.token;
      const state = await api.move(this.code, token, move);
      this.show(state, false, moveCells(move, before.legal));
      this.say(step.after, 'ok');
      this.q('.tutorial-next').disabled = false;
      this.q('.tutorial-next').focus();
    } catch (error) {
      this.say(error.message, 'error');
      this.show(before, true, []);
    }
  }
}

function sameCells(a, b) {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}
