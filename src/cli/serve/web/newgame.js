// The new-game screen: the game and its options, the seats, a live preview of the start
// position from `/api/preview`, then `POST /api/games`.

import { api, tokens } from './api.js';
import { BoardView, SEAT_NAMES } from './board.js';
import { options } from './options.js';

/** The new-game screen, bound to `#screen-new`. */
export class NewGameScreen {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.q = (sel) => root.querySelector(sel);
    this.preview = new BoardView(this.q('#preview-board'), () => {}, () => {});
    this.catalog = null;
    root.addEventListener('change', (event) => {
      if (event.target.name === 'game' || event.target.id === 'ng-players') this.drawSeats();
      this.syncGame();
      this.refreshPreview();
    });
    root.addEventListener('input', (event) => {
      if (event.target.type === 'number') this.refreshPreview();
    });
    this.q('#ng-start').onclick = () => this.start();
  }

  /** Fills the choices from the server's catalog (once). */
  async prepare() {
    if (!this.catalog) {
      try {
        this.catalog = await api.catalog();
      } catch (error) {
        this.say(`The catalog could not be read: ${error.message}`, 'error');
        return;
      }
      const walls = this.q('#ng-walls');
      walls.replaceChildren(...(this.catalog.ataxx_walls || []).map((w) => new Option(`${w.name} (${w.mask})`, w.mask)));
      const max = (this.catalog.max_seats || {}).ataxx || 2;
      const players = this.q('#ng-players');
      players.replaceChildren();
      for (let n = 2; n <= max; n++) players.append(new Option(`${n} seats`, n));
      this.drawSeats();
    }
    this.q('#ng-ponder').checked = options.get().ponder;
    this.syncGame();
    this.refreshPreview();
  }

  game() {
    return this.q('input[name="game"]:checked').value;
  }

  /** The game spec the choices make, e.g. `kalah:pits=4,seeds=3,capture=empty`. */
  spec() {
    const v = (id) => this.q(id).value;
    switch (this.game()) {
      case 'kalah':
        return `kalah:pits=${v('#ng-pits')},seeds=${v('#ng-seeds')},capture=${v('#ng-capture')}`;
      case 'oware':
        return `oware:rules=${v('#ng-rules')},houses=${v('#ng-houses')},seeds=${v('#ng-oseeds')}`;
      default: {
        const players = Number(v('#ng-players') || 2);
        const walls = v('#ng-walls') || '0x0000';
        return players > 2 ? `ataxx:players=${players},walls=${walls}` : `ataxx:walls=${walls}`;
      }
    }
  }

  seatCount() {
    return this.game() === 'ataxx' ? Number(this.q('#ng-players').value || 2) : 2;
  }

  syncGame() {
    for (const game of ['kalah', 'oware', 'ataxx']) {
      this.q(`#ng-${game}`).hidden = this.game() !== game;
    }
  }

  /** One row per seat: human / computer (with a level) / network. */
  drawSeats() {
    const box = this.q('#ng-seats');
    const old = [...box.querySelectorAll('.seat-choice')].map((row) => ({
      kind: row.querySelector('select.kind').value,
      level: row.querySelector('select.level').value,
    }));
    const levels = this.catalog ? this.catalog.levels : ['medium'];
    box.replaceChildren();
    const names = SEAT_NAMES[this.game()];
    for (let i = 0; i < this.seatCount(); i++) {
      const row = document.createElement('div');
      row.className = 'seat-choice';
      const name = document.createElement('label');
      name.textContent = names[i];
      name.htmlFor = `ng-seat-${i}`;
      const kind = document.createElement('select');
      kind.className = 'kind';
      kind.id = `ng-seat-${i}`;
      kind.append(new Option('Human (this browser)', 'human'), new Option('Computer', 'engine'), new Option('Network player', 'remote'));
      const level = document.createElement('select');
      level.className = 'level';
      level.id = `ng-level-${i}`;
      level.setAttribute('aria-label', `${names[i]} level`);
      level.append(...levels.map((l) => new Option(l, l)));
      kind.value = old[i]?.kind || (i === 0 ? 'human' : 'engine');
      level.value = old[i]?.level || (levels.includes('medium') ? 'medium' : levels[0]);
      const sync = () => { level.hidden = kind.value !== 'engine'; };
      kind.addEventListener('change', sync);
      sync();
      row.append(name, kind, level);
      box.append(row);
    }
  }

  seats() {
    return [...this.q('#ng-seats').querySelectorAll('.seat-choice')].map((row) => {
      const kind = row.querySelector('select.kind').value;
      return kind === 'engine' ? { kind, level: row.querySelector('select.level').value } : { kind };
    });
  }

  async refreshPreview() {
    const spec = this.spec();
    this.q('#ng-spec').textContent = spec;
    const ticket = (this.ticket = (this.ticket || 0) + 1);
    try {
      const state = await api.preview(spec);
      if (ticket !== this.ticket) return;
      this.preview.show(state, { enabled: false });
      this.say('');
      this.q('#ng-start').disabled = false;
    } catch (error) {
      if (ticket !== this.ticket) return;
      this.say(error.message, 'error');
      this.q('#ng-start').disabled = true;
    }
  }

  say(text, kind = '') {
    const el = this.q('#ng-message');
    el.textContent = text;
    el.className = `message ${kind}`;
  }

  async start() {
    const ponder = this.q('#ng-ponder').checked;
    options.set({ ponder });
    try {
      const created = await api.create({ spec: this.spec(), position: null, seats: this.seats(), ponder });
      tokens.add(created.code, created.tokens);
      this.app.openGame(created.code, created.state);
    } catch (error) {
      this.say(error.message, 'error');
    }
  }
}
