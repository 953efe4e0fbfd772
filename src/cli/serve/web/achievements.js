// Achievements, kept in this browser's localStorage. Each is earned once; `record` checks a
// finished game against all of them and returns the new ones.

const KEY = 'ponder.achievements';

/** Every achievement: id, title, how to earn it. Levels get one "first win" each. */
export function catalogue(levels) {
  const list = [
    { id: 'first-game', title: 'First game', text: 'Finish a game of any kind.' },
    { id: 'win-by-10', title: 'Landslide', text: 'Win by 10 or more against the computer.' },
    { id: 'perfect', title: 'Perfect game', text: 'Win with the computer scoring nothing (Kalah/Oware: an empty store; Ataxx: no stones left).' },
    { id: 'unaided', title: 'On my own', text: 'Beat the computer at medium or above with no hint and no undo.' },
    { id: 'network', title: 'Across the wire', text: 'Finish a network game against another browser.' },
    { id: 'all-games', title: 'All three', text: 'Finish a game of Kalah, of Oware and of Ataxx.' },
    { id: 'four-seats', title: 'Crowded board', text: 'Finish an Ataxx game with 3 or 4 seats.' },
  ];
  for (const game of ['kalah', 'oware', 'ataxx']) {
    list.push({ id: `tutorial-${game}`, title: `${cap(game)} scholar`, text: `Finish the ${cap(game)} tutorial.` });
  }
  for (const level of levels) {
    list.push({ id: `win-${level}`, title: `Beat ${level}`, text: `Win a game against the computer at level ${level}.` });
  }
  return list;
}

function cap(word) {
  return word[0].toUpperCase() + word.slice(1);
}

/** The earned achievements: `{ id: ISO date }`. */
export function earned() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

/** Earns `ids` not yet earned; returns the new ones. */
export function earn(ids) {
  const have = earned();
  const fresh = ids.filter((id) => !have[id]);
  for (const id of fresh) have[id] = new Date().toISOString();
  if (fresh.length) localStorage.setItem(KEY, JSON.stringify(have));
  return fresh;
}

/** Forgets every achievement. */
export function reset() {
  localStorage.removeItem(KEY);
}

/**
 * The achievements a finished game earns this browser (none for a spectator). `mine`: the
 * seats it played; `aided`: a hint or undo was used.
 */
export function judge(state, mine, aided) {
  if (!mine.length) return [];
  const ids = ['first-game'];
  const finished = noteFinished(state.game);
  if (['kalah', 'oware', 'ataxx'].every((g) => finished.includes(g))) ids.push('all-games');
  if (state.game === 'ataxx' && state.seats.length > 2) ids.push('four-seats');
  if (!state.result) return earn(ids);
  const ranks = state.result.ranks;
  const scores = state.result.scores || state.scores;
  const me = mine.reduce((a, b) => (ranks[a] <= ranks[b] ? a : b));
  const others = state.seats.map((_, i) => i).filter((i) => !mine.includes(i));
  const won = others.length > 0 && others.every((i) => ranks[me] < ranks[i]);
  if (state.seats.some((seat) => seat.kind === 'remote')) ids.push('network');
  const engines = others.filter((i) => state.seats[i].kind === 'engine');
  if (won && engines.length === others.length && engines.length > 0) {
    for (const i of engines) ids.push(`win-${state.seats[i].level}`);
    const margin = scores[me] - Math.max(...others.map((i) => scores[i]));
    if (margin >= 10) ids.push('win-by-10');
    if (others.every((i) => scores[i] === 0)) ids.push('perfect');
    const strong = engines.every((i) => !['random', 'greedy', 'easy'].includes(state.seats[i].level));
    if (!aided && strong) ids.push('unaided');
  }
  return earn(ids);
}

function noteFinished(game) {
  const key = 'ponder.finished';
  let list;
  try {
    list = JSON.parse(localStorage.getItem(key)) || [];
  } catch {
    list = [];
  }
  if (!list.includes(game)) list.push(game);
  localStorage.setItem(key, JSON.stringify(list));
  return list;
}
