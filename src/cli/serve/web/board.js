// Draws a game's board in its own look and turns clicks and keys into legal moves.
//
// The board is built from the server's `state` only: `board` (pits and stores, or the Ataxx
// rows), `legal` (each move with the cells that make it, in order) and the marks the caller
// gives (the last move's cells, a hint). Every cell is a button with the id of the contract
// (`p<seat>-<index>`, or an Ataxx square `a7`), so the keyboard and the tests reach it.

/** Seat colours and names, by game. */
export const SEAT_NAMES = {
  kalah: ['South', 'North'],
  oware: ['South', 'North'],
  ataxx: ['Red (x)', 'Blue (o)', 'Green (y)', 'Gold (z)'],
};

const STONE_CLASS = { x: 'seat0', o: 'seat1', y: 'seat2', z: 'seat3' };
const FILES = 'abcdefg';

/**
 * A board view in `root`. `onMove(move)` is called with a legal move's notation;
 * `onRefused(cell)` when a click makes no legal move. `ids`: give the cells and stores
 * element ids (`cell-<cell>`, `store<seat>`): only the game screen's board, so ids stay unique.
 */
export class BoardView {
  constructor(root, onMove, onRefused, { ids = false } = {}) {
    this.root = root;
    this.baseClass = root.className;
    this.ids = ids;
    this.onMove = onMove;
    this.onRefused = onRefused;
    this.picked = [];
    this.state = null;
    this.enabled = false;
    this.allowed = null;
    this.marks = { last: [], hint: [] };
    root.addEventListener('click', (event) => this.click(event));
    root.addEventListener('keydown', (event) => this.key(event));
  }

  /**
   * Shows `state`. `enabled`: this browser may move now. `allowed`: when set, only these
   * moves (the tutorial's). `marks`: `{last: [cells], hint: [cells]}`.
   */
  show(state, { enabled, allowed = null, marks = { last: [], hint: [] } }) {
    const focused = document.activeElement && this.root.contains(document.activeElement)
      ? document.activeElement.dataset.cell
      : null;
    this.state = state;
    this.enabled = enabled && !state.over;
    this.allowed = allowed;
    this.marks = marks;
    this.picked = [];
    this.draw();
    if (focused) this.focusCell(focused) || this.focusFirst();
  }

  /** The legal moves this browser may choose among now. */
  moves() {
    if (!this.enabled || !this.state) return [];
    const legal = this.state.legal || [];
    return this.allowed ? legal.filter((m) => this.allowed.includes(m.move)) : legal;
  }

  /** The cells that extend the current selection, and which of them complete a move. */
  next() {
    const depth = this.picked.length;
    const cells = new Map();
    for (const move of this.moves()) {
      if (move.cells.length <= depth) continue;
      if (!this.picked.every((cell, i) => move.cells[i] === cell)) continue;
      const cell = move.cells[depth];
      const kind = move.cells.length === depth + 1 ? 'target' : 'source';
      if (!cells.has(cell) || kind === 'target') cells.set(cell, kind);
    }
    return cells;
  }

  draw() {
    const state = this.state;
    this.root.className = `${this.baseClass} board-${state.board.kind}`;
    this.root.replaceChildren();
    if (state.board.kind === 'ataxx') this.drawAtaxx(state.board);
    else this.drawPits(state);
    this.decorate();
  }

  /** Kalah and Oware: North's row on top (right to left), South's below, stores at the ends. */
  drawPits(state) {
    const { pits, stores } = state.board;
    const storeName = state.board.kind === 'kalah' ? 'store' : 'captured';
    const store = (seat) => {
      const el = document.createElement('div');
      el.className = `store seat${seat}`;
      if (this.ids) el.id = `store${seat}`;
      el.setAttribute('aria-label', `${SEAT_NAMES[state.game][seat]} ${storeName}: ${stores[seat]}`);
      el.append(seedPile(stores[seat]), label(stores[seat]));
      return el;
    };
    const row = (seat) => {
      const el = document.createElement('div');
      el.className = `row row${seat}`;
      const order = pits[seat].map((_, i) => i);
      if (seat === 1) order.reverse();
      for (const index of order) el.append(this.pit(seat, index, pits[seat][index]));
      return el;
    };
    const middle = document.createElement('div');
    middle.className = 'rows';
    middle.append(row(1), row(0));
    this.root.append(store(1), middle, store(0));
  }

  pit(seat, index, seeds) {
    const id = `p${seat}-${index}`;
    const button = this.cellButton(id);
    button.classList.add('pit', `seat${seat}`);
    const name = this.state.board.kind === 'oware'
      ? String.fromCharCode((seat === 0 ? 97 : 65) + index)
      : String(index + 1);
    button.setAttribute('aria-label', `${SEAT_NAMES[this.state.game][seat]} pit ${name}: ${seeds} seeds`);
    const tag = document.createElement('span');
    tag.className = 'pit-name';
    tag.textContent = name;
    button.append(seedPile(seeds), label(seeds), tag);
    return button;
  }

  /** Ataxx: a 7×7 grid, rank 7 on top, walls and stones in the seats' colours. */
  drawAtaxx(board) {
    const grid = document.createElement('div');
    grid.className = 'grid';
    board.rows.forEach((row, r) => {
      const rank = 7 - r;
      [...row].forEach((ch, f) => {
        const id = `${FILES[f]}${rank}`;
        const button = this.cellButton(id);
        button.classList.add('square');
        let what = 'empty';
        if (ch === '#') {
          button.classList.add('wall');
          what = 'wall';
        } else if (STONE_CLASS[ch]) {
          const stone = document.createElement('span');
          stone.className = `stone ${STONE_CLASS[ch]}`;
          button.append(stone);
          what = SEAT_NAMES.ataxx['xoyz'.indexOf(ch)];
        }
        button.setAttribute('aria-label', `${id}: ${what}`);
        if (f === 0) button.append(coord('rank', String(rank)));
        if (rank === 1) button.append(coord('file', FILES[f]));
        grid.append(button);
      });
    });
    this.root.append(grid);
  }

  /** Marks the legal cells, the selection, the last move and the hint; sets the tab order. */
  decorate() {
    const next = this.next();
    for (const button of this.root.querySelectorAll('[data-cell]')) {
      const cell = button.dataset.cell;
      const kind = next.get(cell);
      button.classList.toggle('legal', Boolean(kind));
      button.classList.toggle('legal-source', kind === 'source');
      button.classList.toggle('picked', this.picked.includes(cell));
      button.classList.toggle('last', this.marks.last.includes(cell));
      button.classList.toggle('hint', this.marks.hint.includes(cell));
      button.tabIndex = kind || this.picked.includes(cell) ? 0 : -1;
      button.setAttribute('aria-disabled', kind ? 'false' : 'true');
    }
  }

  click(event) {
    const button = event.target.closest('[data-cell]');
    if (!button || !this.state) return;
    this.choose(button.dataset.cell);
  }

  /** A click or Enter on `cell`: extend the selection, play a completed move, or refuse. */
  choose(cell) {
    if (this.picked.length && this.picked[this.picked.length - 1] === cell) {
      this.picked = [];
      this.decorate();
      return;
    }
    for (const attempt of [this.picked, []]) {
      this.picked = attempt;
      const kind = this.next().get(cell);
      if (!kind) continue;
      const chosen = attempt.concat(cell);
      const move = this.moves().find((m) => m.cells.length === chosen.length
        && m.cells.every((c, i) => c === chosen[i]));
      if (move && kind === 'target') {
        this.picked = [];
        this.enabled = false;
        this.decorate();
        this.onMove(move.move);
      } else {
        this.picked = chosen;
        this.decorate();
        this.focusFirst();
      }
      return;
    }
    this.picked = [];
    this.decorate();
    this.onRefused(cell);
  }

  /** Arrow keys move the focus to the nearest focusable cell in that direction. */
  key(event) {
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const dir = dirs[event.key];
    if (event.key === 'Escape' && this.picked.length) {
      this.picked = [];
      this.decorate();
      this.focusFirst();
      return;
    }
    if (!dir) return;
    const from = event.target.closest('[data-cell]');
    if (!from) return;
    event.preventDefault();
    const a = from.getBoundingClientRect();
    let best = null;
    let bestScore = Infinity;
    for (const button of this.root.querySelectorAll('[data-cell]')) {
      if (button === from || button.tabIndex < 0) continue;
      const b = button.getBoundingClientRect();
      const dx = b.left + b.width / 2 - (a.left + a.width / 2);
      const dy = b.top + b.height / 2 - (a.top + a.height / 2);
      const along = dx * dir[0] + dy * dir[1];
      if (along <= 1) continue;
      const across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = button;
      }
    }
    if (best) best.focus();
  }

  cellButton(id) {
    const button = document.createElement('button');
    button.type = 'button';
    if (this.ids) button.id = `cell-${id}`;
    button.dataset.cell = id;
    return button;
  }

  focusCell(cell) {
    const button = this.root.querySelector(`[data-cell="${cell}"]`);
    if (button && button.tabIndex >= 0) {
      button.focus();
      return true;
    }
    return false;
  }

  /** Focuses the first legal cell (the keyboard's entry point). */
  focusFirst() {
    const button = this.root.querySelector('[data-cell][tabindex="0"]');
    if (button) button.focus();
  }
}


function coord(kind, text) {
  const el = document.createElement('span');
  el.className = `coord ${kind}`;
  el.textContent = text;
  return el;
}

function label(count) {
  const el = document.createElement('span');
  el.className = 'count';
  el.textContent = String(count);
  return el;
}

/** Up to 12 seeds drawn as dots; more show as a heap (the number says how many). */
function seedPile(count) {
  const pile = document.createElement('span');
  pile.className = 'seeds';
  pile.setAttribute('aria-hidden', 'true');
  for (let i = 0; i < Math.min(count, 12); i++) {
    const seed = document.createElement('i');
    seed.style.setProperty('--a', `${(i * 137.5) % 360}deg`);
    seed.style.setProperty('--r', `${i === 0 ? 0 : 0.5 + 0.12 * i}em`);
    pile.append(seed);
  }
  return pile;
}

/** The cells of a move: from the legal list it came from, or (Ataxx) from its notation. */
export function moveCells(move, legalBefore) {
  if (!move) return [];
  const known = (legalBefore || []).find((m) => m.move === move);
  if (known) return known.cells;
  const squares = move.match(/[a-g][1-7]/g);
  return squares || [];
}
