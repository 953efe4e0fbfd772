// The page's entry: the screens (title, menu, new game, join, tutorial, options,
// achievements, game) and the route `/g/<code>` (join or reconnect by link).

import { api, tokens } from './api.js';
import { GameScreen } from './game.js';
import { NewGameScreen } from './newgame.js';
import { Tutorial } from './tutorial.js';
import { catalogue, earned, reset } from './achievements.js';
import { options } from './options.js';

const SCREENS = ['title', 'menu', 'new', 'join', 'tutorial', 'options', 'achievements', 'game'];

class App {
  constructor() {
    this.screens = Object.fromEntries(SCREENS.map((name) => [name, document.getElementById(`screen-${name}`)]));
    this.game = new GameScreen(this.screens.game, this);
    this.newGame = new NewGameScreen(this.screens.new, this);
    this.levels = ['random', 'greedy', 'easy', 'medium', 'hard'];
    for (const button of document.querySelectorAll('[data-go]')) {
      button.addEventListener('click', () => this.show(button.dataset.go));
    }
    for (const button of document.querySelectorAll('[data-tutorial]')) {
      button.addEventListener('click', () => this.tutorial(button.dataset.tutorial));
    }
    document.getElementById('join-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.join(document.getElementById('join-code').value.trim().toUpperCase());
    });
    document.getElementById('btn-watch').onclick = () => {
      const code = document.getElementById('join-code').value.trim().toUpperCase();
      if (code) this.openGame(code);
    };
    this.bindOptions();
    document.getElementById('new-form').addEventListener('submit', (event) => event.preventDefault());
    document.getElementById('menu-tutorial').addEventListener('click', (event) => {
      const pick = document.getElementById('tutorial-pick');
      pick.hidden = false;
      event.currentTarget.setAttribute('aria-expanded', 'true');
      document.getElementById('tut-kalah').focus();
    });
    this.screens.title.addEventListener('click', () => this.show('menu'));
    document.addEventListener('keydown', (event) => {
      if (!this.screens.title.hidden && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        this.show('menu');
      }
    });
    api.catalog().then((c) => { this.levels = c.levels; }).catch(() => {});
  }

  /** Shows one screen and hides the others; leaving the game closes its connection. */
  show(name) {
    if (name !== 'game') {
      this.game.close();
      if (location.pathname !== '/') history.replaceState(null, '', '/');
    }
    for (const [screen, el] of Object.entries(this.screens)) el.hidden = screen !== name;
    if (name === 'new') this.newGame.prepare();
    if (name === 'achievements') this.drawAchievements();
    if (name === 'options') this.drawOptions();
    const focus = this.screens[name].querySelector('[autofocus], button:not([disabled]), input, select');
    if (focus && name !== 'game') focus.focus();
  }

  /** Opens a game on the game screen (with this browser's tokens for it, if any). */
  async openGame(code, state = null) {
    this.show('game');
    await this.game.open(code, state);
  }

  /** Joins game `code` by taking an open seat; without one, offers to watch. */
  async join(code) {
    const say = (text, kind) => {
      const el = document.getElementById('join-message');
      el.textContent = text;
      el.className = `message ${kind}`;
    };
    if (!/^[A-Z0-9]{3,16}$/.test(code)) {
      say('A game code is letters and digits, like K7Q2PX.', 'warn');
      return;
    }
    if (tokens.get(code).length) {
      this.openGame(code);
      return;
    }
    try {
      const joined = await api.join(code, null);
      tokens.add(code, [{ seat: joined.seat, token: joined.token }]);
      this.openGame(code, joined.state);
    } catch (error) {
      say(error.status === 409 ? `${error.message}: no seat is open; you can watch.` : error.message, 'error');
    }
  }

  tutorial(game) {
    this.show('tutorial');
    this.screens.tutorial.querySelector('.tutorial-body').hidden = false;
    this.current = new Tutorial(this.screens.tutorial, game, () => {
      this.announce([]);
      this.show('menu');
      this.toast(`Tutorial finished: you know ${game}'s rules. Try a game!`);
    });
  }

  bindOptions() {
    const ponder = document.getElementById('opt-ponder');
    const thinking = document.getElementById('opt-thinking');
    ponder.onchange = () => options.set({ ponder: ponder.checked });
    thinking.onchange = () => options.set({ showThinking: thinking.checked });
    document.getElementById('opt-reset').onclick = () => {
      if (window.confirm('Forget every achievement?')) {
        reset();
        this.toast('Achievements cleared.');
      }
    };
  }

  drawOptions() {
    const o = options.get();
    document.getElementById('opt-ponder').checked = o.ponder;
    document.getElementById('opt-thinking').checked = o.showThinking;
  }

  drawAchievements() {
    const have = earned();
    const list = document.getElementById('achievement-list');
    list.replaceChildren(...catalogue(this.levels).map((a) => {
      const li = document.createElement('li');
      li.className = have[a.id] ? 'earned' : 'locked';
      li.dataset.id = a.id;
      const title = document.createElement('strong');
      title.textContent = a.title;
      const text = document.createElement('span');
      text.textContent = have[a.id] ? `${a.text} Earned ${have[a.id].slice(0, 10)}.` : a.text;
      li.append(title, text);
      return li;
    }));
  }

  /** Announces newly earned achievements. */
  announce(ids) {
    if (!ids.length) return;
    const all = catalogue(this.levels);
    const titles = ids.map((id) => all.find((a) => a.id === id)?.title || id);
    this.toast(`Achievement${ids.length > 1 ? 's' : ''}: ${titles.join(', ')}`);
  }

  toast(text) {
    const el = document.getElementById('toast');
    el.textContent = text;
    el.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { el.hidden = true; }, 5000);
  }

  /** The first screen: a `/g/<code>` link opens that game, otherwise the title. */
  start() {
    const match = location.pathname.match(/^\/g\/([A-Za-z0-9]+)\/?$/);
    if (match) this.openGame(match[1]);
    else this.show('title');
  }
}

const app = new App();
window.ponderApp = app;
app.start();
