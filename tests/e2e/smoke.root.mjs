// Smoke test of the site served at a host's root (scripts/test.sh runs the
// whole end-to-end suite once, under the sub-path /cgt-lab/, the stricter
// case; this checks that the relative build, dist/, works at the root too):
// every page opens and computes, the background worker answers, a link
// round-trips.
//
// Run: `node --test tests/e2e/smoke.root.mjs` (DIST defaults to dist).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { T, base, page, tid, textOf, expectText, open, typeGame } from './harness.mjs';

test('root: the explorer computes and its link round-trips', T, async () => {
  await open();
  await expectText('mean', '-1/4');
  await typeGame('{4|0} + {{10|-3}|-5}');
  await expectText('mean', '-1');
  await page.waitForFunction(() => /g=/.test(location.search));
  const link = page.url();
  await page.goto(link);
  await expectText('mean', '-1');
});

test('root: every page opens with its value', T, async () => {
  await page.goto(base + '?page=sums&s=' + encodeURIComponent('{4|0} + *'));
  await page.waitForSelector(tid('sum-components'));
  await page.goto(base + '?page=heapgo');
  await page.waitForSelector(tid('heap-mean'));
  await page.waitForFunction(() => document.querySelector('[data-testid="heap-mean"]').textContent !== '');
  await page.goto(base + '?page=mt-search');
  await page.waitForSelector(tid('mt-nodes'));
  await page.goto(base + '?page=game&r=domineering&p=' + encodeURIComponent('..|..'));
  await page.waitForSelector(tid('board-panel'));
  await page.waitForFunction(() => document.querySelector('[data-testid="canonical"]')?.textContent === '±1');
  await page.goto(base + '?page=hackenbush');
  await page.waitForSelector(tid('hb-canvas'));
  await expectText('hb-value', '77/128');
});

test('root: the background worker solves what the page hands it', T, async () => {
  // Winning Ways' Redwood bed with a blue edge on a leg top: past the page's
  // own budget, so the Web Worker (its own wasm file) solves it.
  const bed = '0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r 7-25:b';
  await page.goto(base + '?page=hackenbush');
  await page.waitForSelector(tid('hb-canvas'));
  await page.fill(tid('hb-text'), bed);
  await page.waitForFunction(() => document.querySelector('[data-testid="hb-value"]')?.textContent === '1/64', null, { timeout: 170_000 });
  assert.equal(await textOf('hb-outcome'), 'L');
});
