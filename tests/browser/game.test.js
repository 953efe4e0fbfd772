// The browser game end to end, in Debian's Chromium against a real `ponder serve`:
// a whole game against the engine by clicks, a network game between two browser contexts
// (and a spectator), a refused illegal click, a move with the other seat's token refused by
// the server (403), a reconnect after a reload, and four-seat Ataxx against three bots.
// PONDER_SCREENSHOT=path also saves the README's picture of the game screen.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, launchBrowser, startServer } from './harness.js';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.stop();
});

/** A fresh browser context (its own localStorage) and page, with page errors collected. */
async function openPage(viewport = { width: 1100, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  return { context, page };
}

/** The state the page shows (the game screen's). */
const shown = (page) => page.evaluate(() => window.ponderApp.game.state);

/** From the title through the menu to a new game with these choices; waits for the board. */
async function newGame(page, { game = 'kalah', set = {}, seats }) {
  await page.goto(server.url);
  await page.keyboard.press('Enter');
  await page.click('#menu-new');
  await page.check(`input[name="game"][value="${game}"]`);
  for (const [selector, value] of Object.entries(set)) {
    const tag = await page.$eval(selector, (el) => el.tagName);
    if (tag === 'SELECT') await page.selectOption(selector, value);
    else await page.fill(selector, String(value));
  }
  await page.waitForFunction(() => !document.querySelector('#ng-start').disabled);
  for (const [i, seat] of seats.entries()) {
    await page.selectOption(`#ng-seat-${i}`, seat.kind);
    if (seat.level) await page.selectOption(`#ng-level-${i}`, seat.level);
  }
  await page.click('#ng-start');
  await page.waitForSelector('#screen-game:not([hidden]) #board [data-cell]');
}

/** Waits until this page may move (a legal cell) or the game is over; true when over. */
async function waitTurnOrOver(page, timeout = 30000) {
  await page.waitForFunction(
    () => !document.querySelector('#over').hidden
      || document.querySelector('#board button.legal')
      || !document.querySelector('#btn-pass').hidden,
    null,
    { timeout },
  );
  return page.evaluate(() => !document.querySelector('#over').hidden);
}

/**
 * Clicks `target` with `force` (no wait for an enabled element), again when the board was
 * drawn anew between finding the element and clicking it (live pondering redraws it): the
 * click then fails as "not visible" or "detached" before any mouse event is sent.
 */
async function forceClick(page, target, attempts = 5) {
  for (let attempt = 1; ; attempt += 1) {
    await page.waitForSelector(target, { state: 'visible' });
    try {
      await page.click(target, { force: true, timeout: 5000 });
      return;
    } catch (error) {
      if (attempt >= attempts || !/not visible|detached|not attached/i.test(error.message)) {
        throw error;
      }
    }
  }
}

/** Plays the first legal move by clicks (source then target for an Ataxx jump, or Pass). */
async function clickAMove(page) {
  if (await page.isVisible('#btn-pass')) {
    await page.click('#btn-pass');
    return;
  }
  await page.click('#board button.legal >> nth=0');
  if (await page.$('#board button.picked')) await page.click('#board button.legal:not(.picked) >> nth=0');
}

test('a whole small Kalah game against the engine, by clicks, to game over and its replay', { timeout: 60000 }, async () => {
  const { context, page } = await openPage();
  await newGame(page, {
    set: { '#ng-pits': 3, '#ng-seeds': 2 },
    seats: [{ kind: 'human' }, { kind: 'engine', level: 'easy' }],
  });
  assert.equal((await shown(page)).spec.startsWith('kalah:pits=3,seeds=2'), true);
  let clicks = 0;
  while (!(await waitTurnOrOver(page))) {
    await clickAMove(page);
    clicks += 1;
    assert.ok(clicks < 200, 'the game never ended');
  }
  const state = await shown(page);
  assert.equal(state.over, true);
  assert.ok(clicks > 0);
  const text = await page.textContent('#over-text');
  assert.match(text, /\S/);
  assert.ok(text.includes(state.result.text), `${text} shows the server's result`);
  assert.ok(text.includes(state.result.scores.join(' : ')), text);
  // The replay steps through every position of the game.
  await page.click('#btn-replay');
  await page.waitForSelector('#replay:not([hidden]) #replay-board [data-cell]');
  await page.click('#rp-last');
  assert.match(await page.textContent('#rp-where'), new RegExp(`Position ${state.ply} of ${state.ply}`));
  await page.click('#rp-first');
  assert.match(await page.textContent('#rp-where'), /Position 0 of/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('an illegal click sends nothing and leaves the board as it was', { timeout: 60000 }, async () => {
  const { context, page } = await openPage();
  await newGame(page, { seats: [{ kind: 'human' }, { kind: 'engine', level: 'easy' }] });
  await waitTurnOrOver(page);
  const moves = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/move')) moves.push(request.url());
  });
  const before = await page.innerHTML('#board');
  // North's pit (never South's move) and South's store: marked aria-disabled, so `force`
  // skips playwright's wait for an enabled element; the mouse still clicks where they are.
  // A click may draw the board anew, and `force` does not wait for the element to be laid
  // out again: `forceClick` waits for it and clicks again if it was replaced meanwhile.
  for (const target of ['#cell-p1-0', '#store0']) {
    await forceClick(page, target);
  }
  assert.match(await page.textContent('#game-message'), /not a legal move/);
  assert.deepEqual(moves, []);
  assert.equal(await page.innerHTML('#board'), before);
  assert.equal((await shown(page)).ply, 0);
  await context.close();
});

test('a network game between two browsers: create, join by link, alternate moves, a spectator', { timeout: 60000 }, async () => {
  const a = await openPage();
  const b = await openPage({ width: 390, height: 844 }); // a phone-sized screen
  await newGame(a.page, {
    set: { '#ng-pits': 3, '#ng-seeds': 2 },
    seats: [{ kind: 'human' }, { kind: 'remote' }],
  });
  await a.page.waitForSelector('#share:not([hidden])');
  const link = await a.page.inputValue('#share-link');
  const code = await a.page.textContent('#share-code');
  assert.ok(link.endsWith(`/g/${code}`));
  await b.page.goto(link);
  await b.page.click('#seat-1 .take-seat');
  await b.page.waitForFunction(() => window.ponderApp.game.mine.includes(1));
  // Seat 1 taken: the creator sees it.
  await a.page.waitForFunction(() => window.ponderApp.game.state.seats[1].taken);
  const spectator = await openPage();
  await spectator.page.goto(link);
  await spectator.page.waitForSelector('#spectating:not([hidden])');
  let plies = 0;
  while (plies < 40) {
    const state = await shown(a.page);
    if (state.over) break;
    const mover = state.to_move === 0 ? a.page : b.page;
    const other = state.to_move === 0 ? b.page : a.page;
    assert.equal(await waitTurnOrOver(mover), false);
    await clickAMove(mover);
    plies += 1;
    const ply = state.ply + 1;
    for (const page of [other, spectator.page, mover]) {
      await page.waitForFunction((p) => window.ponderApp.game.state.ply >= p, ply);
    }
  }
  assert.ok(plies >= 2, 'both seats moved');
  const [sa, sb, sc] = await Promise.all([a.page, b.page, spectator.page].map(shown));
  assert.deepEqual(sb.moves, sa.moves);
  assert.deepEqual(sc.moves, sa.moves);
  for (const page of [a.page, b.page, spectator.page]) assert.deepEqual(page.errors, []);
  await Promise.all([a, b, spectator].map((p) => p.context.close()));
});

test('a move with the other seat\'s token is refused by the server (403)', { timeout: 60000 }, async () => {
  const { context, page } = await openPage();
  await newGame(page, { seats: [{ kind: 'human' }, { kind: 'remote' }] });
  const code = await page.textContent('#share-code');
  const joined = await apiCall(server.url, 'POST', `/api/games/${code}/join`, { seat: null });
  assert.equal(joined.status, 200, joined.text);
  const state = await shown(page);
  assert.equal(state.to_move, 0);
  // Seat 1's token tries seat 0's move, from inside the page as a cheating client would.
  const answer = await page.evaluate(async ([c, token, move]) => {
    const r = await fetch(`/api/games/${c}/move`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, move }),
    });
    return { status: r.status, body: await r.text() };
  }, [code, joined.json.token, state.legal[0].move]);
  assert.equal(answer.status, 403, answer.body);
  assert.match(answer.body, /error/);
  const after = await apiCall(server.url, 'GET', `/api/games/${code}`);
  assert.equal(after.json.ply, 0);
  // The rightful seat's click still plays.
  await clickAMove(page);
  await page.waitForFunction(() => window.ponderApp.game.state.ply === 1);
  await context.close();
});

test('a reload mid-game brings the game and the seat back', { timeout: 60000 }, async () => {
  const { context, page } = await openPage();
  await newGame(page, { seats: [{ kind: 'human' }, { kind: 'engine', level: 'easy' }] });
  await waitTurnOrOver(page);
  await clickAMove(page);
  await waitTurnOrOver(page);
  const before = await shown(page);
  assert.ok(before.ply >= 1);
  assert.match(page.url(), new RegExp(`/g/${before.code}$`));
  await page.reload();
  await page.waitForSelector('#screen-game:not([hidden]) #board button.legal');
  const back = await shown(page);
  assert.equal(back.code, before.code);
  assert.deepEqual(back.moves, before.moves);
  assert.deepEqual(await page.evaluate(() => window.ponderApp.game.mine), [0]);
  assert.match(await page.textContent('#seat-0 .seat-who'), /you/);
  await clickAMove(page);
  await page.waitForFunction((p) => window.ponderApp.game.state.ply > p, back.ply);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('keyboard play: Tab reaches a legal pit, arrows move among them, Enter plays', { timeout: 60000 }, async () => {
  const { context, page } = await openPage();
  await newGame(page, { seats: [{ kind: 'human' }, { kind: 'engine', level: 'easy' }] });
  await waitTurnOrOver(page);
  let first;
  for (let tabs = 0; tabs < 40 && !first; tabs++) {
    await page.keyboard.press('Tab');
    first = await page.evaluate(() => document.activeElement.closest('#board') && document.activeElement.dataset.cell);
  }
  assert.equal(first, 'p0-0', 'Tab reaches the first legal pit');
  assert.equal(await page.evaluate(() => document.activeElement.matches(':focus-visible')), true);
  await page.keyboard.press('ArrowRight');
  const second = await page.evaluate(() => document.activeElement.dataset.cell);
  assert.notEqual(first, second);
  assert.match(second, /^p0-/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.ponderApp.game.state.ply >= 1);
  await context.close();
});

test('the game screen with live pondering (and the README screenshot)', { timeout: 60000 }, async () => {
  const { context, page } = await openPage({ width: 1100, height: 720 });
  await newGame(page, { seats: [{ kind: 'human' }, { kind: 'engine', level: 'medium' }] });
  for (const cell of ['p0-2', 'p0-5']) {
    await waitTurnOrOver(page);
    await page.click(`#cell-${cell}`);
  }
  await waitTurnOrOver(page);
  await page.waitForSelector('#thinking-lines .think-ponder', { timeout: 20000 });
  assert.match(await page.textContent('#thinking-lines'), /depth \d+/);
  if (process.env.PONDER_SCREENSHOT) {
    await page.screenshot({ path: process.env.PONDER_SCREENSHOT });
  }
  await context.close();
});

test('four-seat Ataxx: a person and three bots, by clicks, four colours and the bots\' replies', { timeout: 60000 }, async () => {
  const { context, page } = await openPage();
  await newGame(page, {
    game: 'ataxx',
    set: { '#ng-players': '4' },
    seats: [
      { kind: 'human' },
      { kind: 'engine', level: 'easy' },
      { kind: 'engine', level: 'greedy' },
      { kind: 'engine', level: 'easy' },
    ],
  });
  const start = await shown(page);
  assert.match(start.spec, /^ataxx:players=4/);
  assert.equal(start.board.seats, 4);
  assert.equal(await page.locator('#seats li.seat').count(), 4);
  // The four seats' stones in their four colours, one in each corner.
  for (const [square, seat] of [['a7', 0], ['g7', 1], ['g1', 2], ['a1', 3]]) {
    assert.equal(await page.locator(`#cell-${square} .stone.seat${seat}`).count(), 1, square);
  }
  const colours = await page.evaluate(() => [0, 1, 2, 3].map((seat) => {
    const swatch = document.querySelector(`#seat-${seat} .swatch`);
    return getComputedStyle(swatch).backgroundColor;
  }));
  assert.equal(new Set(colours).size, 4, `four colours: ${colours}`);
  let moves = 0;
  while (moves < 3 && !(await waitTurnOrOver(page))) {
    const before = (await shown(page)).ply;
    await clickAMove(page);
    moves += 1;
    // The person's move, then the three bots' replies, and the turn comes back.
    await page.waitForFunction((ply) => {
      const s = window.ponderApp.game.state;
      return s.over || (s.ply >= ply + 4 && s.to_move === 0);
    }, before, { timeout: 20000 });
  }
  const state = await shown(page);
  assert.ok(state.ply >= 4 * moves, `ply ${state.ply} after ${moves} moves`);
  assert.ok(state.moves.length === state.ply);
  assert.match(await page.textContent('#thinking-lines'), /replied/);
  assert.match(await page.textContent('#turn'), /Your move|Game over/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
