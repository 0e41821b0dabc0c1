// End-to-end test of the offline site (issue 22): a page opened once keeps
// working without a network. Its own static server and its own Chromium
// profile with service workers allowed (the shared context blocks them);
// the server is then stopped, so every request that is not answered by the
// service worker's cache fails for real.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { DIST, OUT, ROOT, launch, serve, tid, watch } from './harness.mjs';

const BED = '0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r 7-25:b';

test('Offline: load once, lose the network, reload, compute a thermograph and solve Hackenbush in the worker', { timeout: 240_000 }, async () => {
  const sw = fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const version = JSON.parse(sw.match(/const VERSION = (".*?");/)[1]);
  const files = JSON.parse(sw.match(/const FILES = (\[[\s\S]*?\]);/)[1]);
  for (const f of ['index.html', 'cgt-worker.js', 'cgt-worker_bg.wasm', 'public/manifest.webmanifest', 'public/icon-192.png']) {
    assert.ok(files.includes(f), `the service worker precaches ${f}`);
  }
  assert.equal(files.filter((f) => /^cgt-lab-[0-9a-f]+_bg\.wasm$/.test(f)).length, 1, "the app's wasm is precached");

  const site = await serve();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cgt-e2e-offline-'));
  const ctx = await launch(profile, { serviceWorkers: 'allow' });
  try {
    const page = watch(await ctx.newPage());
    await page.goto(site.base + '?g=%7B4%7C0%7D');
    await page.waitForSelector(tid('mean'));
    // The manifest is linked and served.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]').href;
      return (await fetch(href)).json();
    });
    assert.equal(manifest.short_name, 'CGT Lab');
    // The worker installs (every file cached) and takes control of the page.
    await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 60_000 });
    const cached = await page.evaluate(async (v) => {
      const c = await caches.open('cgt-lab-' + v);
      return (await c.keys()).length;
    }, version);
    assert.equal(cached, files.length, 'the cache named after the build holds every file');

    // The network goes away: the server is stopped (checked from outside
    // the browser: nothing answers any more).
    site.stop();
    let down = false;
    for (let i = 0; i < 50 && !down; i++) {
      down = await fetch(site.base).then(() => false, () => true);
      if (!down) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(down, 'the static server is down');
    // Reload: the page comes from the cache, computes a thermograph.
    await page.reload();
    await page.waitForSelector(tid('mean'));
    await page.fill(tid('game-input'), '{5|-5} + {3|-3}');
    await page.waitForFunction(() => document.querySelector('[data-testid="mean"]').textContent === '0');
    assert.equal(await page.locator(tid('temperature')).textContent(), '5');
    // A link opened offline: the Hackenbush page solves a 31-edge position
    // in the background worker (its script and wasm from the cache).
    await page.goto(site.base + '?page=hackenbush&hb=' + encodeURIComponent(BED));
    await page.waitForSelector(tid('hb-cancel'));
    await page.waitForFunction(() => document.querySelector('[data-testid="hb-value"]')?.textContent === '1/64', null, { timeout: 150_000 });
    await page.screenshot({ path: path.join(OUT, 'offline-hackenbush.png'), scale: 'css' });
  } finally {
    await ctx.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

// A new build is picked up on the next load, and its cache replaces the
// old one. The "new build" is a copy of dist/ with a changed page,
// whose service worker scripts/offline.py writes again (a new version).
test('Offline: an update is picked up on the next load; the old cache is dropped', { timeout: 120_000 }, async () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'cgt-e2e-site-'));
  fs.cpSync(DIST, copy, { recursive: true });
  const site = await serve(copy);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cgt-e2e-update-'));
  const ctx = await launch(profile, { serviceWorkers: 'allow' });
  const version = () => JSON.parse(fs.readFileSync(path.join(copy, 'sw.js'), 'utf8').match(/const VERSION = (".*?");/)[1]);
  try {
    const page = watch(await ctx.newPage());
    await page.goto(site.base + '?page=sums');
    await page.waitForSelector(tid('tab-sums'));
    await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 60_000 });
    const v1 = version();
    assert.deepEqual(await page.evaluate(() => caches.keys()), ['cgt-lab-' + v1]);

    // The new build: another page text, so another version.
    const index = path.join(copy, 'index.html');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('content="CGT Lab:', 'content="CGT Lab, new build:'));
    execFileSync('python3', [path.join(ROOT, 'scripts', 'offline.py'), copy]);
    const v2 = version();
    assert.notEqual(v2, v1);

    // The next load shows the new page (fetched first from the network),
    // and the new worker takes over with its own cache only.
    await page.reload();
    await page.waitForSelector(tid('tab-sums'));
    assert.match(await page.evaluate(() => document.querySelector('meta[name="description"]').content), /new build/);
    await page.waitForFunction((v) => caches.keys().then((k) => k.length === 1 && k[0] === 'cgt-lab-' + v), v2, { timeout: 60_000, polling: 250 });
  } finally {
    await ctx.close();
    site.stop();
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
