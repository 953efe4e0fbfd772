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
      this.syncWalls(event.target);
      if (event.target.name === 'game' || event.target.id === 'ng-players') this.drawSeats();
      this.syncGame();
      this.refreshPreview();
    });
    root.addEventListener('input', (event) => {
      if (event.target.type === 'number') this.refreshPreview();
    });
    this.q('#ng-start').onclick = () => this.start();
    this.q('#ng-random-walls').onclick = () => {
      const all = this.catalog?.ataxx_walls || [];
      if (!all.length) return;
      this.setMask(parseInt(all[Math.floor(Math.random() * all.length)].mask, 16));
      this.refreshPreview();
    };
  }

  /**
   * Kalah's capture rules and Oware's rule sets as the server's catalog names them. Each is
   * tried with `/api/preview`: one the server refuses stays listed, disabled, with its message.
   */
  fillChoices() {
    const games = Object.fromEntries((this.catalog.games || []).map((g) => [g.name, g.options || {}]));
    const choices = [['#ng-capture', games.kalah?.capture, 'kalah:capture='], ['#ng-rules', games.oware?.rules, 'oware:rules=']];
    for (const [id, list, prefix] of choices) {
      if (!Array.isArray(list) || !list.length) continue;
      const select = this.q(id);
      select.replaceChildren(...list.map((name) => new Option(name, name)));
      for (const option of select.options) {
        api.preview(prefix + option.value).catch((error) => {
          option.disabled = true;
          option.textContent = `${option.value} (refused by the server: ${error.message})`;
          if (select.value === option.value) {
            const usable = [...select.options].find((o) => !o.disabled);
            if (usable) select.value = usable.value;
            this.refreshPreview();
          }
        });
      }
    }
  }

  /** The walls: named layouts and the one-bit ones in the select, the 16 bits, the mask. */
  fillWalls() {
    const all = this.catalog.ataxx_walls || [];
    this.masks = new Set(all.map((w) => parseInt(w.mask, 16)));
    const shown = all.filter((w) => w.name !== w.mask || popcount(parseInt(w.mask, 16)) === 1);
    const select = this.q('#ng-walls');
    select.replaceChildren(
      ...shown.map((w) => new Option(w.name === w.mask ? `${w.mask} (one group)` : `${w.name} (${w.mask})`, w.mask)),
      new Option('custom (the bits below)', ''),
    );
    const bits = this.q('#ng-bits');
    bits.replaceChildren();
    for (let bit = 15; bit >= 0; bit--) {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.dataset.bit = bit;
      box.id = `ng-bit-${bit}`;
      label.append(box, String(bit));
      bits.append(label);
    }
    this.q('#ng-wall-count').textContent = `the server's catalog of ${all.length}`;
    this.setMask(0);
  }

  /** The mask the choices make, e.g. `0x0041`. */
  mask() {
    return `0x${(this.maskBits || 0).toString(16).padStart(4, '0')}`;
  }

  setMask(bits) {
    this.maskBits = bits & 0xffff;
    this.q('#ng-mask').value = this.mask();
    for (const box of this.q('#ng-bits').querySelectorAll('input')) {
      box.checked = Boolean(this.maskBits & (1 << Number(box.dataset.bit)));
    }
    const select = this.q('#ng-walls');
    select.value = [...select.options].some((o) => o.value === this.mask()) ? this.mask() : '';
  }

  /** Keeps the select, the bits and the mask text in step after `changed` changed. */
  syncWalls(changed) {
    if (changed.id === 'ng-walls' && changed.value) this.setMask(parseInt(changed.value, 16));
    else if (changed.dataset && changed.dataset.bit !== undefined) {
      this.setMask(this.maskBits ^ (1 << Number(changed.dataset.bit)));
    } else if (changed.id === 'ng-mask') {
      const bits = parseInt(changed.value, 16);
      if (/^(0x)?[0-9a-f]{1,4}$/i.test(changed.value.trim()) && !Number.isNaN(bits)) this.setMask(bits);
      else this.setMask(this.maskBits);
    }
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
      this.fillChoices();
      this.fillWalls();
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
        const walls = this.mask();
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
    if (this.game() === 'ataxx' && this.masks && !this.masks.has(this.maskBits)) {
      this.say(`Walls ${this.mask()} are not in the catalog of playable layouts (a seat would have no move, or a corner is walled).`, 'warn');
    }
    const ticket = (this.ticket = (this.ticket || 0) + 1);
    try {
      const state = await api.preview(spec);
      if (ticket !== this.ticket) return;
      this.preview.show(state, { enabled: false });
      if (!(this.game() === 'ataxx' && this.masks && !this.masks.has(this.maskBits))) this.say('');
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

function popcount(bits) {
  let count = 0;
  for (let b = bits; b; b &= b - 1) count++;
  return count;
}
