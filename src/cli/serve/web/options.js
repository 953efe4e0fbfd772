// The player's options, kept in localStorage: pondering for new games, showing the thinking.

const KEY = 'ponder.options';
const DEFAULTS = { ponder: true, showThinking: true };

/** Read and write the options. */
export const options = {
  get() {
    try {
      return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(KEY)) || {}) };
    } catch {
      return { ...DEFAULTS };
    }
  },
  set(changes) {
    localStorage.setItem(KEY, JSON.stringify({ ...options.get(), ...changes }));
  },
};
