// The game screen: the board, the seats and scores, whose turn, the engine's live thinking,
// the buttons (hint, undo, resign, save, load, pondering), network sharing, game over and the
// replay. The server holds the only true state; this screen shows the newest one it was sent.

import { api, ApiError, Live, tokens } from './api.js';
import { BoardView, moveCells, SEAT_NAMES } from './board.js';
import { judge } from './achievements.js';
import { options } from './options.js';

/** The game screen, bound to the elements of `#screen-game`. */
export class GameScreen {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.q = (sel) => root.querySelector(sel);
    this.board = new BoardView(this.q('#board'), (m) => this.play(m), (cell) => this.refused(cell), { ids: true });
    this.replayBoard = null;
    this.q('#btn-hint').onclick = () => this.hint();
    this.q('#btn-undo').onclick = () => this.action('undo');
    this.q('#btn-resign').onclick = () => this.resign();
    this.q('#btn-save').onclick = () => this.save();
    this.q('#btn-load').onclick = () => this.q('#load-file').click();
    this.q('#load-file').onchange = (event) => this.load(event.target.files[0]);
    this.q('#btn-pass').onclick = () => this.passMove && this.play(this.passMove.move);
    this.q('#opt-ponder-game').onchange = (event) => this.setPonder(event.target.checked);
    this.q('#btn-copy-link').onclick = () => this.copyLink();
    this.q('#btn-replay').onclick = () => this.startReplay();
    this.q('#btn-new').onclick = () => app.show('new');
    for (const [id, step] of [['#rp-first', -1e9], ['#rp-prev', -1], ['#rp-next', 1], ['#rp-last', 1e9]]) {
      this.q(id).onclick = () => this.replayStep(step);
    }
    this.q('#rp-close').onclick = () => this.stopReplay();
  }

  /** Opens game `code`: the seats this browser holds come from its stored tokens. */
  async open(code, state = null) {
    this.close();
    this.code = code;
    this.aided = false;
    this.thinking = null;
    this.lastReply = null;
    this.hintCells = [];
    this.prevLegal = null;
    this.held = tokens.get(code);
    this.stopReplay();
    this.message('');
    history.replaceState(null, '', `/g/${code}`);
    try {
      let mine = [];
      for (const held of this.held) {
        const seen = await api.state(code, held.token);
        mine = mine.concat(seen.you || []);
        state = seen;
      }
      this.mine = [...new Set(mine)];
      if (!this.held.length) state = await api.state(code);
    } catch (error) {
      this.message(error.message, 'error');
      this.mine = [];
      if (!state) return;
    }
    this.live = new Live(code, this.held[0]?.token, (frame) => this.frame(frame), (status) => {
      this.q('#live-status').textContent = status === 'open' ? 'live' : 'reconnecting…';
      this.q('#live-status').className = `live-status ${status}`;
      if (status === 'open') this.refresh();
    });
    this.update(state);
  }

  /** Leaves the game: the WebSocket closes (the game stays on the server). */
  close() {
    if (this.live) this.live.close();
    this.live = null;
  }

  async refresh() {
    try {
      this.update(await api.state(this.code, this.held[0]?.token));
    } catch (error) {
      this.message(error.message, 'error');
    }
  }

  /** The token for `seat`, if this browser holds it. */
  tokenFor(seat) {
    return this.held.find((t) => t.seat === seat)?.token;
  }

  /** The token to act with: the seat to move's if held, else any held. */
  actingToken() {
    return this.tokenFor(this.state?.to_move) || this.held[0]?.token;
  }

  frame(frame) {
    if (frame.type === 'state') this.update(frame.state);
    else if (frame.type === 'thinking') {
      this.thinking = frame;
      this.drawThinking();
    } else if (frame.type === 'reply') {
      this.lastReply = frame;
      this.thinking = null;
      this.drawThinking();
    } else if (frame.type === 'error') this.message(frame.message, 'error');
  }

  /** Shows `state` unless an older version than the one shown. */
  update(state) {
    if (!state || (this.state && state.code === this.state.code && state.version < this.state.version)) return;
    const old = this.state && this.state.code === state.code ? this.state : null;
    if (old && state.ply === old.ply + 1) this.prevLegal = old.legal;
    else if (!old || state.ply !== old.ply) this.prevLegal = null;
    if (!old || state.ply !== old.ply) this.hintCells = [];
    if (state.to_move !== null && !this.mine.includes(state.to_move) && this.thinking?.pondering) this.thinking = null;
    if (state.thinking) this.thinking = state.thinking;
    if (!state.ponder && this.thinking?.pondering) this.thinking = null;
    this.state = state;
    this.draw();
  }

  myTurn() {
    const s = this.state;
    return !s.over && s.to_move !== null && this.mine.includes(s.to_move);
  }

  draw() {
    const s = this.state;
    const names = SEAT_NAMES[s.game] || [];
    this.q('#game-title').textContent = `${s.spec}${s.code ? ` · game ${s.code}` : ''}`;
    const last = s.last_move ? moveCells(s.last_move, this.prevLegal) : [];
    this.board.show(s, { enabled: this.myTurn(), marks: { last, hint: this.hintCells } });
    this.drawSeats(names);
    const pass = s.legal.length === 1 && s.legal[0].cells.length === 0 ? s.legal[0] : null;
    this.passMove = this.myTurn() ? pass : null;
    this.q('#btn-pass').hidden = !this.passMove;
    let turn;
    if (s.over) turn = `Game over: ${resultText(s, this.mine)}`;
    else if (this.myTurn()) turn = `Your move (${names[s.to_move]})${pass ? ': no move, you must pass' : ''}`;
    else if (s.seats[s.to_move]?.kind === 'engine') turn = `${names[s.to_move]} (computer) is thinking…`;
    else turn = `Waiting for ${names[s.to_move]}…`;
    this.q('#turn').textContent = turn;
    const lastText = s.last_move === '0000' ? '0000 (a pass)' : s.last_move;
    this.q('#last-move').textContent = s.last_move ? `Last move: ${lastText} (ply ${s.ply})` : 'No move yet';
    const playing = this.mine.length > 0 && !s.over;
    this.q('#btn-hint').disabled = !this.myTurn();
    this.q('#btn-undo').disabled = !playing || s.ply === 0;
    this.q('#btn-resign').disabled = !playing;
    this.q('#opt-ponder-game').checked = Boolean(s.ponder);
    this.q('#opt-ponder-game').disabled = !this.mine.length;
    this.q('#spectating').hidden = this.mine.length > 0;
    this.drawShare();
    this.drawThinking();
    this.drawOver();
  }

  drawSeats(names) {
    const s = this.state;
    const list = this.q('#seats');
    list.replaceChildren();
    s.seats.forEach((seat, i) => {
      const li = document.createElement('li');
      li.className = `seat seat${i}${s.to_move === i && !s.over ? ' to-move' : ''}`;
      li.id = `seat-${i}`;
      let who = seat.kind === 'engine' ? `computer (${seat.level})` : seat.kind === 'remote' ? 'network player' : 'human';
      if (this.mine.includes(i)) who = 'you';
      else if (seat.kind === 'remote') who += seat.taken ? (seat.connected ? '' : ', disconnected') : ', seat open';
      let score = s.scores[i] ?? '';
      // Ataxx of three or four seats: a seat without stones is out (skipped); at the end, ranks.
      const out = s.game === 'ataxx' && s.seats.length > 2 && s.scores[i] === 0;
      if (out) {
        li.classList.add('out');
        who += ', out';
      }
      if (s.over && s.result && s.seats.length > 2) score = `${score} · ${ordinal(s.result.ranks[i])}`;
      li.innerHTML = '<span class="swatch"></span><span class="seat-name"></span><span class="seat-who"></span><span class="seat-score"></span>';
      li.querySelector('.seat-name').textContent = names[i] || `Seat ${i + 1}`;
      li.querySelector('.seat-who').textContent = who;
      li.querySelector('.seat-score').textContent = score;
      if (!this.mine.length && seat.kind === 'remote' && !seat.taken && !s.over) {
        const take = document.createElement('button');
        take.type = 'button';
        take.className = 'take-seat';
        take.textContent = 'Take this seat';
        take.onclick = () => this.take(i);
        li.append(take);
      }
      list.append(li);
    });
  }

  drawShare() {
    const s = this.state;
    const network = s.seats.some((seat) => seat.kind === 'remote');
    const box = this.q('#share');
    box.hidden = !network || !s.code;
    if (box.hidden) return;
    this.q('#share-code').textContent = s.code;
    const link = `${location.origin}/g/${s.code}`;
    this.q('#share-link').value = link;
  }

  drawThinking() {
    const panel = this.q('#thinking');
    const show = options.get().showThinking;
    panel.hidden = !show;
    if (!show || !this.state) return;
    const names = SEAT_NAMES[this.state.game];
    const t = this.state.over ? null : this.thinking;
    const lines = [];
    if (!this.state.ponder) lines.push(['Pondering is off for this game.', 'off']);
    if (t) {
      const what = t.pondering ? 'pondering on your time' : 'searching';
      const found = t.depth ? `: depth ${t.depth}${t.score ? `, score ${t.score} (for ${names[t.seat]})` : ''}` : '';
      lines.push([`${names[t.seat]} (computer) is ${what}${found}`, t.pondering ? 'ponder' : 'search']);
      if (t.pv && t.pv.length) lines.push([`Expects: ${t.pv.join(' ')}`, 'pv']);
      if (t.nodes) lines.push([`${fmt(t.nodes)} nodes, ${fmt(t.nps)} nodes/s`, 'nodes']);
    }
    const r = this.lastReply;
    if (r) {
      const kept = r.pondered
        ? `the pondered tree was already depth ${r.kept_depth} after your move`
        : 'nothing was pondered for it';
      lines.push([`${names[r.seat]} replied ${r.move} in ${r.reply_ms} ms; ${kept}.`, 'reply']);
    }
    if (!lines.length) lines.push(['The engine\'s thinking shows here while it searches or ponders.', 'idle']);
    const list = this.q('#thinking-lines');
    list.replaceChildren(...lines.map(([text, kind]) => {
      const li = document.createElement('li');
      li.className = `think-${kind}`;
      li.textContent = text;
      return li;
    }));
  }

  drawOver() {
    const s = this.state;
    const box = this.q('#over');
    box.hidden = !s.over;
    if (!s.over) return;
    this.q('#over-text').textContent = resultText(s, this.mine);
    const judged = JSON.parse(localStorage.getItem('ponder.judged') || '[]');
    if (s.code && !judged.includes(s.code)) {
      judged.push(s.code);
      localStorage.setItem('ponder.judged', JSON.stringify(judged.slice(-200)));
      const fresh = judge(s, this.mine, this.aided);
      this.app.announce(fresh);
    }
  }

  message(text, kind = '') {
    const el = this.q('#game-message');
    el.textContent = text;
    el.className = `message ${kind}`;
  }

  refused(cell) {
    this.message(this.myTurn() ? `${cell}: not a legal move here.` : 'It is not your turn.', 'warn');
  }

  async play(move) {
    const token = this.tokenFor(this.state.to_move);
    this.lastReply = null;
    try {
      this.message('');
      this.prevLegal = this.state.legal;
      this.update(await api.move(this.code, token, move));
    } catch (error) {
      this.message(error.message, 'error');
      this.draw();
    }
  }

  async action(name) {
    try {
      if (name === 'undo') this.aided = true;
      this.update(await api[name](this.code, this.actingToken()));
      this.message('');
    } catch (error) {
      this.message(error.message, 'error');
    }
  }

  async resign() {
    if (!window.confirm('Resign this game?')) return;
    await this.action('resign');
  }

  async hint() {
    try {
      this.aided = true;
      const hint = await api.hint(this.code, this.actingToken());
      this.hintCells = moveCells(hint.move, this.state.legal);
      this.message(`Hint: ${hint.move} (score ${hint.score}, depth ${hint.depth})`, 'ok');
      this.draw();
    } catch (error) {
      this.message(error.message, 'error');
    }
  }

  async setPonder(on) {
    try {
      this.update(await api.options(this.code, this.actingToken(), on));
    } catch (error) {
      this.message(error.message, 'error');
    }
  }

  async take(seat) {
    try {
      const joined = await api.join(this.code, seat);
      tokens.add(this.code, [{ seat: joined.seat, token: joined.token }]);
      await this.open(this.code, joined.state);
    } catch (error) {
      this.message(error.message, 'error');
    }
  }

  async copyLink() {
    const input = this.q('#share-link');
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      this.message('Link copied.', 'ok');
    } catch {
      this.message('Select the link and copy it (the clipboard is not available here).', 'warn');
    }
  }

  async save() {
    try {
      const record = await api.record(this.code);
      const blob = new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `ponder-${this.state.game}-${this.code}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch (error) {
      this.message(error.message, 'error');
    }
  }

  /** Loads a saved record with this game's seats when it is the same game, else you + medium. */
  async load(file) {
    if (!file) return;
    this.q('#load-file').value = '';
    try {
      const record = JSON.parse(await file.text());
      const seats = await seatsFor(record.spec, this.state);
      const created = await api.load({ record, seats, ponder: options.get().ponder });
      tokens.add(created.code, created.tokens);
      await this.open(created.code, created.state);
    } catch (error) {
      this.message(`Loading failed: ${error.message}`, 'error');
    }
  }

  /** Replays the finished game: every position, from a throw-away game the server plays out. */
  async startReplay() {
    try {
      const record = await api.record(this.code);
      const seats = this.state.seats.map(() => ({ kind: 'human' }));
      const created = await api.create({ spec: record.spec, position: record.position, seats, ponder: false });
      const states = [created.state];
      for (const move of record.moves) {
        const current = states[states.length - 1];
        const token = created.tokens.find((t) => t.seat === current.to_move)?.token || created.tokens[0].token;
        states.push(await api.move(created.code, token, move));
      }
      this.replay = { states, moves: record.moves, index: 0 };
      if (!this.replayBoard) this.replayBoard = new BoardView(this.q('#replay-board'), () => {}, () => {});
      this.q('#replay').hidden = false;
      this.replayStep(0);
      this.q('#rp-next').focus();
    } catch (error) {
      this.message(`Replay failed: ${error.message}`, 'error');
    }
  }

  replayStep(step) {
    const r = this.replay;
    if (!r) return;
    r.index = Math.max(0, Math.min(r.states.length - 1, r.index + step));
    const state = r.states[r.index];
    const last = r.index > 0 ? moveCells(r.moves[r.index - 1], r.states[r.index - 1].legal) : [];
    this.replayBoard.show(state, { enabled: false, marks: { last, hint: [] } });
    const move = r.index > 0 ? `, move ${r.moves[r.index - 1]}` : ' (start)';
    this.q('#rp-where').textContent = `Position ${r.index} of ${r.states.length - 1}${move}; scores ${state.scores.join(' : ')}`;
  }

  stopReplay() {
    this.replay = null;
    this.q('#replay').hidden = true;
  }
}

/** The seats for a loaded record: the current game's when the same spec, else you + computers. */
export async function seatsFor(spec, current) {
  const preview = await api.preview(spec);
  if (current && current.spec === spec && current.seats.length === preview.scores.length) {
    return current.seats.map((s) => (s.kind === 'engine' ? { kind: 'engine', level: s.level } : { kind: s.kind === 'remote' ? 'remote' : 'human' }));
  }
  return preview.scores.map((_, i) => (i === 0 ? { kind: 'human' } : { kind: 'engine', level: 'medium' }));
}

/** The result with the seats' names (and "you"), then the server's own words. */
export function resultText(state, mine) {
  const result = state.result;
  if (!result) return 'The game is over.';
  const names = SEAT_NAMES[state.game];
  const scores = result.scores.join(' : ');
  if (state.seats.length > 2) {
    // The final ranking, best first (equal stones share a rank).
    const order = result.ranks.map((rank, i) => [rank, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const ranking = order.map(([rank, i]) => `${ordinal(rank)} ${names[i]}${mine.includes(i) ? ' (you)' : ''} ${result.scores[i]}`);
    return `${ranking.join(', ')} (${result.text})`;
  }
  const winners = result.ranks.map((r, i) => (r === 1 ? i : -1)).filter((i) => i >= 0);
  let words;
  if (winners.length > 1) words = `A draw between ${winners.map((i) => names[i]).join(' and ')}`;
  else if (mine.length && mine.length < state.seats.length) {
    words = mine.includes(winners[0]) ? `You win (${names[winners[0]]})` : `${names[winners[0]]} wins`;
  } else words = `${names[winners[0]]} wins`;
  return `${words}, ${scores} (${result.text})`;
}

/** 1st, 2nd, 3rd, 4th. */
function ordinal(n) {
  return `${n}${['th', 'st', 'nd', 'rd'][n] || 'th'}`;
}

function fmt(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)} k`;
  return String(n);
}

export { ApiError };
