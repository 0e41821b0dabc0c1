// End-to-end tests of the impartial games' boards (src/pages/game/boards/
// heaps.rs, kayles.rs, cram.rs) against the release build: Nim's piles of
// counters (a click takes the counter and those above it, the keyboard
// does the same, the nim-values under the heaps and in the value card
// follow), misère Nim, a heap drawn as a bar, a take-and-break code whose
// take leaves a choice of splits (the chooser), Grundy's game (a click
// splits below the counter), Kayles' pins (one, and two by the pin's
// edge), Cram's dominoes both ways, and the heap editor. Screenshots go to
// tests/e2e/out/ (impartial-*.png), at desktop and phone widths.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, base, page, tid, textOf, expectText } from './harness.mjs';

// Positions have spaces: every parameter percent-encoded.
const q = (params) =>
  '?' +
  Object.entries({ page: 'game', ...params })
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
const recordOf = () => page.evaluate(() => [...document.querySelectorAll('[data-testid="game-record"] li')].map((li) => li.textContent));
const counter = (heap, k) => page.locator(`${tid('counter')}[data-heap="${heap}"][data-k="${k}"]`);
const heapValue = (heap) => page.locator(`${tid('heap-value')}[data-heap="${heap}"]`).textContent();
const classes = (loc) => loc.getAttribute('class');
const shot = (name) => page.screenshot({ path: path.join(OUT, `impartial-${name}.png`), fullPage: true, scale: 'css' });

async function openGame(params, board) {
  await page.goto(base + q({ gy: 'both', ...params }));
  await page.waitForSelector(tid('board-panel'));
  await page.waitForSelector(tid(board));
  await page.waitForSelector(tid('nim-value'), { timeout: 30_000 });
}

async function expectPosition(text) {
  await expectText('current-position', text);
}

test('Nim: a click takes a counter and those above it; the nim-values follow', T, async () => {
  await openGame({ r: 'nim', p: '3 5 7' }, 'heap-board');
  assert.equal(await page.locator(tid('heap')).count(), 3);
  assert.equal(await page.locator(tid('counter')).count(), 15);
  assert.deepEqual([await heapValue(1), await heapValue(2), await heapValue(3)], ['*3', '*5', '*7']);
  await expectText('nim-value', '*');
  const before = await textOf('outcome');

  // The pointer on the second counter of heap 3 tints the two that would go.
  await counter(3, 2).hover();
  await page.waitForFunction(() => document.querySelector('[data-testid="counter"][data-heap="3"][data-k="2"]').classList.contains('going'));
  assert.match(await classes(counter(3, 1)), /\bgoing\b/);
  assert.doesNotMatch(await classes(counter(3, 3)), /\bgoing\b/);
  assert.equal(await counter(3, 2).getAttribute('aria-label'), 'take 2 from heap 3');
  await shot('nim-hover');

  await counter(3, 2).click();
  await expectPosition('3 5 5');
  await expectText('nim-value', '*3');
  assert.equal(await heapValue(3), '*5');
  assert.deepEqual(await recordOf(), ['1. 3-2']);

  // The keyboard: Enter on a focused counter plays it.
  await counter(1, 3).focus();
  await page.keyboard.press('Enter');
  await expectPosition('0 5 5');
  await expectText('nim-value', '0');
  assert.equal(await heapValue(1), '0');
  assert.notEqual(await textOf('outcome'), before);
  assert.match(await textOf('outcome'), /^P/);
  await shot('nim');

  // A phone's width: the piles scale down, the labels stay readable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator(tid('heap-board')).scrollIntoViewIfNeeded();
  const box = await page.locator(tid('heap-board')).boundingBox();
  assert.ok(box.width <= 390, `the board fits a phone (${box.width}px)`);
  await shot('nim-phone');
});

test('Misère Nim: the switch, a click, and the misère outcome', T, async () => {
  await openGame({ r: 'nim', p: '1 1 2', gp: 'misere' }, 'heap-board');
  assert.equal(await page.getAttribute(tid('play-misere'), 'aria-pressed'), 'true');
  await expectText('play-convention', 'misère play');
  await counter(3, 1).click();
  await expectPosition('1 1 1');
  // The nim-value is normal play's; three heaps of one lose in misère.
  await expectText('nim-value', '*');
  await page.waitForFunction(() => document.querySelector('[data-testid="outcome"]')?.textContent.startsWith('P'));
  // Back to normal play: the same position is a win.
  await page.click(tid('play-normal'));
  await expectText('play-convention', 'normal play');
  await page.waitForFunction(() => document.querySelector('[data-testid="outcome"]')?.textContent.startsWith('N'));
  await shot('nim-misere');
});

test('A heap past the drawn size is a bar: a click asks how many', T, async () => {
  await openGame({ r: 'nim', p: '40 3' }, 'heap-board');
  assert.equal(await page.locator(tid('heap-bar')).count(), 1);
  assert.equal(await heapValue(1), '*40');
  await shot('nim-bar');
  await page.click(tid('heap-bar'));
  await page.waitForSelector(tid('heap-chooser'));
  await page.fill(tid('heap-count'), '5');
  await page.click(tid('heap-count-go'));
  await expectPosition('35 3');
  await expectText('nim-value', '*32');
  // The dark theme (set as a user sets it, then a reload).
  await page.evaluate(() => localStorage.setItem('cgt-theme', 'dark'));
  await page.reload();
  await page.waitForSelector(tid('heap-board'));
  await expectText('nim-value', '*32');
  await shot('nim-dark');
  await page.evaluate(() => localStorage.removeItem('cgt-theme'));
});

test('heaps (Kayles, 0.77): a take that may split opens a chooser', T, async () => {
  await openGame({ r: 'heaps', p: '0.77: 7 2' }, 'heap-board');
  assert.equal(await heapValue(1), '*2');
  await counter(1, 1).click();
  await page.waitForSelector(tid('heap-chooser'));
  const choices = await page.$$eval(tid('heap-choice'), (bs) => bs.map((b) => [b.dataset.move, b.textContent]));
  assert.deepEqual(choices, [
    ['1-1', 'take 1 from heap 1'],
    ['1-1=1+5', 'take 1 from heap 1, leaving 1 and 5'],
    ['1-1=2+4', 'take 1 from heap 1, leaving 2 and 4'],
    ['1-1=3+3', 'take 1 from heap 1, leaving 3 and 3'],
  ]);
  // The chooser has the focus.
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.move), '1-1');
  await shot('heaps-chooser');
  await page.click(`${tid('heap-choice')}[data-move="1-1=2+4"]`);
  await expectPosition('0.77: 2 4 2');
  assert.equal(await page.locator(tid('heap-chooser')).count(), 0);
  assert.deepEqual(await recordOf(), ['1. 1-1=2+4']);
  // G(2) + G(4) + G(2) = 2 + 1 + 2.
  await expectText('nim-value', '*');
  // Escape closes a chooser without a move.
  await counter(2, 1).click();
  await page.waitForSelector(tid('heap-chooser'));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="heap-chooser"]'));
  await expectPosition('0.77: 2 4 2');
});

test("Grundy's game: a click splits the heap below the counter", T, async () => {
  await openGame({ r: 'grundy', p: '7' }, 'heap-board');
  await expectText('nim-value', '0');
  await counter(1, 2).hover();
  await page.waitForFunction(() => document.querySelector('[data-testid="counter"][data-heap="1"][data-k="1"]').classList.contains('kept'));
  assert.equal(await counter(1, 2).getAttribute('aria-label'), 'split heap 1 into 2 and 5');
  await shot('grundy-hover');
  await counter(1, 2).click();
  await expectPosition('2 5');
  // G(2) = 0, G(5) = 2.
  await expectText('nim-value', '*2');
  // A heap of 2 splits only into equal halves: not a move.
  assert.equal(await counter(1, 1).getAttribute('aria-disabled'), 'true');
  assert.equal(await counter(1, 1).getAttribute('aria-label'), 'heap 1: no move splits it into 1 and 1');
  await counter(1, 1).click({ force: true });
  await expectPosition('2 5');
  await counter(2, 1).click();
  await expectPosition('2 1 4');
  assert.deepEqual(await recordOf(), ['1. 1=2+5', '2. 2=1+4']);
  await shot('grundy');
});

test('Kayles: a click knocks one pin, the edge of a pin two', T, async () => {
  await openGame({ r: 'kayles', p: 'xxxxx' }, 'pin-board');
  assert.equal(await page.locator(tid('pin')).count(), 5);
  const hit = (p) => page.locator(`${tid('pin-hit')}[data-pin="${p}"]`);
  await hit(3).click();
  await expectPosition('xx.xx');
  await expectText('nim-value', '0');
  // The right edge of pin 1, whose neighbour stands: pins 1 and 2.
  const box = await hit(1).boundingBox();
  await hit(1).hover({ position: { x: box.width * 0.9, y: box.height / 2 } });
  await page.waitForFunction(() => document.querySelector('[data-testid="pin"][data-pin="2"]').classList.contains('going'));
  await expectText('pin-note', 'knock down pins 1 and 2');
  await shot('kayles-hover');
  await hit(1).click({ position: { x: box.width * 0.9, y: box.height / 2 } });
  await expectPosition('...xx');
  await expectText('nim-value', '*2');
  assert.deepEqual(await recordOf(), ['1. 3', '2. 1-2']);
  assert.equal(await page.getAttribute(`${tid('pin')}[data-pin="1"]`, 'data-up'), 'false');
  // Shift+Enter on a focused pin knocks it with its neighbour.
  await hit(4).focus();
  await page.keyboard.press('Shift+Enter');
  await expectPosition('.....');
  await page.waitForSelector(tid('game-over'));
  await shot('kayles');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('kayles-phone');
});

test('Kayles: the editor stands pins up and adds them', T, async () => {
  await openGame({ r: 'kayles', p: 'x.x' }, 'pin-board');
  await page.click(tid('game-edit'));
  await page.waitForSelector(tid('editor-controls'));
  await page.locator(`${tid('pin-hit')}[data-pin="2"]`).click();
  await expectPosition('xxx');
  await page.click(tid('pin-add'));
  await expectPosition('xxxx');
  await page.click(tid('pin-remove'));
  await page.locator(`${tid('pin-hit')}[data-pin="1"]`).click();
  await expectPosition('.xx');
  assert.equal(await page.inputValue(tid('position-input')), '.xx');
});

test('Cram: the pointer picks the direction; both directions are played', T, async () => {
  await openGame({ r: 'cram', p: '...|...' }, 'cram-board');
  const sq = (name) => page.locator(`${tid('cram-square')}[data-square="${name}"]`);
  const box = await sq('a1').boundingBox();
  // Low in a1: the vertical domino a1-a2.
  await sq('a1').hover({ position: { x: box.width / 2, y: box.height * 0.9 } });
  await page.waitForSelector(`${tid('cram-preview')}[data-move="a1v"]`);
  await expectText('cram-note', 'a vertical domino on a1 and a2');
  await sq('a1').click({ position: { x: box.width / 2, y: box.height * 0.9 } });
  await expectPosition('#..|#..');
  // Right in b1: the horizontal domino b1-c1.
  await sq('b1').hover({ position: { x: box.width * 0.9, y: box.height / 2 } });
  await page.waitForSelector(`${tid('cram-preview')}[data-move="b1h"]`);
  await shot('cram-hover');
  await sq('b1').click({ position: { x: box.width * 0.9, y: box.height / 2 } });
  await expectPosition('###|#..');
  assert.deepEqual(await recordOf(), ['1. a1v', '2. b1h']);
  assert.equal(await page.locator(tid('cram-domino')).count(), 2);
  // Right in c2 has no square to the right: the nearest edge left, b2-c2.
  await sq('c2').click({ position: { x: box.width * 0.9, y: box.height * 0.6 } });
  await expectPosition('###|###');
  await shot('cram');
});

test('Nim: the editor changes, adds and removes heaps', T, async () => {
  await openGame({ r: 'nim', p: '3 5 7' }, 'heap-board');
  await page.click(tid('game-edit'));
  await page.waitForSelector(tid('editor-controls'));
  const input = () => page.inputValue(tid('position-input'));
  await page.click(`${tid('heap-plus')}[data-heap="1"]`);
  await expectPosition('4 5 7');
  await page.click(`${tid('heap-minus')}[data-heap="2"]`);
  await expectPosition('4 4 7');
  await page.click(tid('heap-add'));
  await expectPosition('4 4 7 7');
  await page.click(`${tid('heap-remove')}[data-heap="1"]`);
  await expectPosition('4 7 7');
  // A counter clicked in the editor goes with those above it.
  await counter(2, 3).click();
  await expectPosition('4 4 7');
  const size = page.locator(`${tid('heap-size-input')}[data-heap="3"]`);
  await size.fill('12');
  await size.dispatchEvent('change');
  await expectPosition('4 4 12');
  assert.equal(await input(), '4 4 12');
  await shot('nim-edit');
  await page.click(tid('game-edit'));
  await page.waitForFunction(() => !document.querySelector('[data-testid="editor-controls"]'));
  await expectText('nim-value', '*12');
});
