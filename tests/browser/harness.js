// Starts `ponder serve` on a free port and Debian's Chromium (no browser download), for the
// browser tests. PONDER_BIN names the binary (default: target/ci/ponder, then release, debug).

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The ponder binary to test. */
export function ponderBinary() {
  if (process.env.PONDER_BIN) return process.env.PONDER_BIN;
  for (const profile of ['ci', 'release', 'debug']) {
    const path = join(root, 'target', profile, 'ponder');
    if (existsSync(path)) return path;
  }
  throw new Error('no ponder binary: build it (cargo build --profile ci) or set PONDER_BIN');
}

/**
 * Starts `ponder serve --port 0 --no-state` (no games kept on disk); resolves to
 * `{url, stop}` once it prints its address.
 */
export function startServer(extra = []) {
  const child = spawn(ponderBinary(), ['serve', '--port', '0', '--no-state', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address from the server:\n${output}`)), 20000);
    const read = (chunk) => {
      output += chunk;
      const match = output.match(/http:\/\/[0-9.:a-z[\]]+/);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[0], stop: () => child.kill('SIGTERM'), output: () => output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
}

/** Debian's Chromium, headless. CHROMIUM names another binary. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
    ],
  });
}

/** The server's JSON API from the test itself (for the refusals a page never sends). */
export async function apiCall(base, method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers['X-Seat-Token'] = token;
  const response = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, json, text };
}
