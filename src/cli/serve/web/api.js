// The server's REST API and WebSocket (docs/web-api.md), and the seat tokens kept per game code.

/** An error answer from the server: `status` is the HTTP status, `message` the server's text. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A request; a 429 (the server's rate limit) is retried a few times after a pause. */
async function request(method, path, body, token) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await requestOnce(method, path, body, token);
    } catch (error) {
      if (error.status !== 429 || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
}

async function requestOnce(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Seat-Token'] = token;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, `the server cannot be reached (${error.message})`);
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.error ? data.error : text || response.statusText;
    throw new ApiError(response.status, `${response.status}: ${message}`);
  }
  return data;
}

const game = (code) => `/api/games/${encodeURIComponent(code)}`;

/** The calls of the API, one function each. */
export const api = {
  catalog: () => request('GET', '/api/catalog'),
  preview: (spec) => request('GET', `/api/preview?spec=${encodeURIComponent(spec)}`),
  create: (body) => request('POST', '/api/games', body),
  load: (body) => request('POST', '/api/games/load', body),
  join: (code, seat) => request('POST', `${game(code)}/join`, { seat }),
  state: (code, token) => request('GET', game(code), undefined, token),
  move: (code, token, move) => request('POST', `${game(code)}/move`, { token, move }),
  undo: (code, token) => request('POST', `${game(code)}/undo`, { token }),
  resign: (code, token) => request('POST', `${game(code)}/resign`, { token }),
  hint: (code, token) => request('POST', `${game(code)}/hint`, { token }),
  options: (code, token, ponder) => request('POST', `${game(code)}/options`, { token, ponder }),
  record: (code) => request('GET', `${game(code)}/record`),
};

/**
 * A live connection to a game's updates; reconnects after a drop until `close()`.
 * `onMessage` gets each parsed frame, `onStatus` 'open' | 'closed'.
 */
export class Live {
  constructor(code, token, onMessage, onStatus) {
    this.code = code;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.closed = false;
    this.retry = 500;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : '';
    const socket = new WebSocket(`${scheme}//${location.host}${game(this.code)}/ws${query}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 500;
      this.onStatus('open');
    };
    socket.onmessage = (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(frame);
    };
    socket.onclose = () => {
      if (this.closed) return;
      this.onStatus('closed');
      setTimeout(() => this.closed || this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  close() {
    this.closed = true;
    if (this.socket) this.socket.close();
  }
}

const TOKENS = 'ponder.tokens';

/** The seat tokens this browser holds, by game code: `{ code: [{seat, token}] }`. */
export const tokens = {
  all() {
    try {
      return JSON.parse(localStorage.getItem(TOKENS)) || {};
    } catch {
      return {};
    }
  },
  get(code) {
    return tokens.all()[code] || [];
  },
  add(code, entries) {
    const all = tokens.all();
    const kept = (all[code] || []).filter((old) => !entries.some((e) => e.seat === old.seat));
    all[code] = kept.concat(entries);
    localStorage.setItem(TOKENS, JSON.stringify(all));
  },
};
