// Shared harness of the end-to-end tests: serves `dist/` (built by
// scripts/build-site.sh) with `python3 -m http.server` on 127.0.0.1 and a free
// port, drives the system Chromium through playwright-core (no browser
// download), opens a fresh page per test and fails a test whose page logged
// a console error or threw. Environment: CHROMIUM (default
// /usr/bin/chromium), DIST (default dist), SUBPATH (default none: the site
// at the server's root; `SUBPATH=/cgt-lab/` serves it under that path, as
// GitHub Pages serves a project site, and `base` points there).
//
// Service workers are blocked in the shared context (a request a service
// worker answers is invisible to `page.route`); the offline test opens its
// own context with them allowed (`launch`).

import { before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.resolve(ROOT, process.env.DIST ?? 'dist');
export const OUT = path.join(ROOT, 'tests', 'e2e', 'out');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
// Per test: generous, so a busy machine is slow, not failing.
export const T = { timeout: 180_000 };
export const SUBPATH = process.env.SUBPATH ?? '';

let stopServer;
export let base;
export let context;
let profile;
export let page;
export let problems; // console errors and page errors of the current test

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForServer(url, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`static server did not come up at ${url}`);
}

before(async () => {
  assert.ok(existsSync(path.join(DIST, 'index.html')), `no ${DIST}/index.html: run \`scripts/build-site.sh\` first`);
  const site = await serve();
  base = site.base;
  stopServer = site.stop;
  profile = mkdtempSync(path.join(tmpdir(), 'cgt-e2e-profile-'));
  context = await launch(profile, { serviceWorkers: 'block' });
  mkdirSync(OUT, { recursive: true });
});

/** A Chromium context on the profile directory `dir`, as every test uses. */
export function launch(dir, options = {}) {
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1360, height: 960 },
    deviceScaleFactor: 2,
    acceptDownloads: true,
    ...options,
  });
}

after(async () => {
  await context?.close();
  stopServer?.();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/**
 * A static server (`python3 -m http.server` on a free port) for `dir`
 * (default DIST), at
 * the root or under SUBPATH; `stop` kills it (the offline test uses a
 * server of its own, and stops it to take the network away).
 */
export async function serve(dir = DIST) {
  const port = await freePort();
  const sub = SUBPATH.replace(/^\/+|\/+$/g, '');
  let served;
  if (sub) {
    // The site under /<sub>/: a directory whose <sub> is dist.
    served = mkdtempSync(path.join(tmpdir(), 'cgt-e2e-root-'));
    mkdirSync(path.dirname(path.join(served, sub)), { recursive: true });
    symlinkSync(dir, path.join(served, sub), 'dir');
  }
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', sub ? served : dir], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/${sub ? sub + '/' : ''}`;
  await waitForServer(url);
  return {
    base: url,
    stop: () => {
      server.kill();
      if (served) rmSync(served, { recursive: true, force: true });
    },
  };
}

export function watch(p) {
  p.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return p;
}

beforeEach(async () => {
  problems = [];
  page = watch(await context.newPage());
});

afterEach(async () => {
  await page?.close();
  assert.deepEqual(problems, [], 'the page logged errors');
});

export const tid = (id) => `[data-testid="${id}"]`;
export const textOf = (id, p = page) => p.locator(tid(id)).first().textContent();

/** Wait until the element's text equals `want` (the input is debounced). */
export async function expectText(id, want, p = page) {
  try {
    await p.waitForFunction(
      ([sel, w]) => document.querySelector(sel)?.textContent === w,
      [tid(id), want],
      // Generous: a busy machine is slow, not wrong (a wrong text still fails).
      { timeout: 30_000 },
    );
  } catch {
    assert.equal(await textOf(id, p), want, `${id}`);
  }
}

export async function open(query = '') {
  await page.goto(base + query);
  await page.waitForSelector(tid('mean'));
  await page.waitForFunction(() => document.querySelector('[data-testid="mean"]').textContent !== '');
}

export async function typeGame(text) {
  await page.fill(tid('game-input'), text);
}

/** Pixel statistics of the thermograph canvas, computed in the page. */
export function canvasStats(p = page) {
  return p.evaluate(() => {
    const c = document.querySelector('[data-testid="thermograph-canvas"]');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    let blue = 0;
    let red = 0;
    let hash = 0;
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b, a] = [d[i], d[i + 1], d[i + 2], d[i + 3]];
      if (a > 0 && (r < 240 || g < 240 || b < 240)) ink++;
      if (b > 150 && r < 90 && g < 140) blue++;
      if (r > 170 && g < 90 && b < 90) red++;
      hash = (hash * 31 + r + 7 * g + 13 * b + 17 * a) >>> 0;
    }
    return {
      ink,
      blue,
      red,
      hash,
      width: c.width,
      height: c.height,
      cssWidth: c.clientWidth,
      cssHeight: c.clientHeight,
      dpr: window.devicePixelRatio,
    };
  });
}

/** Exact rational from the page's text ("-3/4", "2"), as [num, den] BigInts. */
export function rat(s) {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(s.trim());
  assert.ok(m, `not an exact rational: ${JSON.stringify(s)}`);
  return [BigInt(m[1]), BigInt(m[2] ?? '1')];
}
export const ratEq = ([a, b], [c, d]) => a * d === c * b;
export const ratSub = ([a, b], [c, d]) => [a * d - c * b, b * d];

/**
 * Start recording the page's animation frames: the gap before each
 * (`{ ms, t, busy }`, `t` when the frame's callback ran, `busy` while a
 * progress bar was shown) and the browser's account of every frame whose
 * main-thread work took 50 ms or more (Long Animation Frames: `{ start, ms,
 * script }`, the frame's main-thread time and the page's scripts' share).
 *
 * Why both: a gap is what the user sees, but on a two-core machine under
 * load a gap of 100 ms or more comes and goes with no long frame at all
 * (the canvas is rastered and composited off the main thread, and those
 * threads wait for the CPU too). A long animation frame is work the page
 * did on its own thread, so responsiveness limits are set on those.
 */
export function recordFrames(p = page) {
  return p.evaluate(() => {
    const rec = { gaps: [], long: [], stop: false };
    window.__frames = rec;
    const keep = (list) => {
      for (const e of list) {
        rec.long.push({ start: e.startTime, ms: e.duration, script: e.scripts.reduce((a, s) => a + s.duration, 0) });
      }
    };
    if (PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame')) {
      rec.observer = new PerformanceObserver((list) => keep(list.getEntries()));
      rec.observer.observe({ type: 'long-animation-frame' });
      rec.flush = () => keep(rec.observer.takeRecords());
    }
    let last = performance.now();
    let busy = false;
    const tick = () => {
      const now = performance.now();
      rec.gaps.push({ ms: now - last, t: now, busy });
      last = now;
      busy = document.querySelector('[data-testid="progress"]') !== null;
      if (!rec.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Stop recording: the gaps, with `long` set on the array to the long
 * animation frames (fails if the browser does not report them).
 */
export async function stopFrames(p = page) {
  const { gaps, long, supported } = await p.evaluate(() => {
    const rec = window.__frames;
    rec.stop = true;
    rec.flush?.();
    rec.observer?.disconnect();
    return { gaps: rec.gaps, long: rec.long, supported: Boolean(rec.observer) };
  });
  assert.ok(supported, 'this Chromium does not report long animation frames');
  gaps.long = long;
  return gaps;
}

/**
 * The long animation frames that fell among `gaps` (a slice of what
 * `stopFrames` returned, in order), as `{ start, ms, script }`.
 */
export function longFramesAmong(all, gaps) {
  if (gaps.length === 0) return [];
  const from = gaps[0].t - gaps[0].ms;
  const to = gaps[gaps.length - 1].t;
  return all.long.filter((e) => e.start >= from && e.start < to);
}

