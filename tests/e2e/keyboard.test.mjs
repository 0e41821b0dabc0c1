// Boards from the keyboard (issue 43, item 29): board squares, Go points,
// graph vertices and cake cuts take focus, and Enter or Space on one plays
// (or, in edit mode, edits) as a click does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { base, page, tid, T } from './harness.mjs';

const records = () => page.evaluate(() => document.querySelectorAll('[data-testid="game-record"] li').length);
const focused = (sel) => page.evaluate((s) => document.activeElement === document.querySelector(s), sel);

/** Focus `sel`, check that it has the focus, press `key`, wait for a move. */
async function playByKey(sel, key) {
  await page.waitForSelector(sel);
  await page.locator(sel).first().focus();
  assert.ok(await focused(sel), `${sel} takes the focus`);
  await page.keyboard.press(key);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-record"] li').length >= 1, null, { timeout: 10_000 });
  assert.ok((await records()) >= 1);
}

test('A Domineering square plays from the keyboard, and edits in edit mode', T, async () => {
  await page.goto(base + '?page=game&r=domineering&p=' + encodeURIComponent('...|...') + '&gy=both');
  await playByKey('[data-testid="dom-square"][data-square="a1"]', 'Enter');
  await page.goto(base + '?page=game&r=domineering&p=' + encodeURIComponent('...|...') + '&ge=1');
  const sq = '[data-testid="dom-square"][data-square="b2"]';
  await page.waitForSelector(sq);
  await page.locator(sq).focus();
  await page.keyboard.press(' ');
  await page.waitForFunction(() => /p=[^&]*%23|p=[^&]*#/.test(location.search), null, { timeout: 10_000 });
});

test('A cake cut, a graph vertex, a stone square and a Go point play from the keyboard', T, async () => {
  await page.goto(base + '?page=game&r=cutcake&p=3x2&gy=both');
  await playByKey('[data-testid="cake-cut"][data-move="1v1"]', ' ');
  await page.goto(base + '?page=game&r=snort&p=P5&gy=both');
  await playByKey(`${tid('graph-vertex')}[data-vertex="0"] circle.gv-dot`, 'Enter');
  await page.goto(base + '?page=game&r=clobber&p=xo&gy=both');
  await page.waitForSelector('[data-testid="stone-square"][data-square="a1"]');
  await page.locator('[data-testid="stone-square"][data-square="a1"]').focus();
  assert.ok(await focused('[data-testid="stone-square"][data-square="a1"]'));
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="stone-square"][data-square="b1"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-record"] li').length >= 1, null, { timeout: 10_000 });
  await page.goto(base + '?page=game&r=go&p=' + encodeURIComponent('XXX#OXX|O.o#O..') + '&gy=both');
  await playByKey('[data-testid="go-point"].legal', 'Enter');
});
