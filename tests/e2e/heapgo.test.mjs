// End-to-end tests of the heap-go board (issue 23): the figures follow the
// thermograph on show (the sum or one heap, at the position on the board),
// and the end of a game says the final score, each side's points and who
// won. Against the release build (harness in harness.mjs); the earlier
// heap-go tests are in heapgo-mt.test.mjs.
//
// Run: `node --test tests/e2e/heapgo.test.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, base, page, tid, textOf, expectText } from './harness.mjs';

async function openHeapgo(query) {
  await page.goto(base + query);
  await page.waitForSelector(tid('heap-mean'));
  await page.waitForFunction(() => document.querySelector('[data-testid="heap-mean"]').textContent !== '');
}

/** The mean and temperature the thermograph canvas says it draws. */
async function drawn() {
  const label = await page.getAttribute(tid('thermograph-canvas'), 'aria-label');
  const m = /mean (\S+), temperature (\S+)$/.exec(label);
  assert.ok(m, `canvas label: ${label}`);
  return { mean: m[1], temperature: m[2] };
}

/** The cards' mean and temperature equal the drawn thermograph's. */
async function cardsMatchPicture() {
  await page.waitForFunction(() => {
    const label = document.querySelector('[data-testid="thermograph-canvas"]').getAttribute('aria-label') ?? '';
    const mean = document.querySelector('[data-testid="heap-mean"]').textContent;
    const temp = document.querySelector('[data-testid="heap-temperature"]').textContent;
    return label.endsWith(`mean ${mean}, temperature ${temp}`);
  }, null, { timeout: 10_000 }).catch(() => {});
  const d = await drawn();
  assert.deepEqual({ mean: await textOf('heap-mean'), temperature: await textOf('heap-temperature') }, d, 'the cards describe the picture');
}

test('heap-go (23.6): "heap 1 alone" puts heap 1\'s figures on the cards, labelled', T, async () => {
  await openHeapgo('?page=heapgo');
  await expectText('heap-mean', '7/2');
  await page.selectOption(tid('heap-thermograph-of'), '0');
  // `cgt heapgo 'b5,r3,b2'`: heap 1 on its own.
  await expectText('heap-mean', '1');
  await expectText('heap-temperature', '7');
  await expectText('heap-left-stop', '6');
  await expectText('heap-right-stop', '-4');
  await expectText('heap-terminals', '5');
  await cardsMatchPicture();
  assert.match(await textOf('heap-figures-of'), /heap 1 alone/i);
  // Back to the sum: the sum's figures again.
  await page.selectOption(tid('heap-thermograph-of'), 'sum');
  await expectText('heap-mean', '7/2');
  await cardsMatchPicture();
  assert.match(await textOf('heap-figures-of'), /whole sum/i);
});

test('heap-go (23.6): during play the cards and the picture are the position on the board', T, async () => {
  // Two people at one screen: no computer moves in between.
  await openHeapgo('?page=heapgo&you=both&h=' + encodeURIComponent('b2/r1'));
  await expectText('heap-mean', '0'); // `cgt heapgo 'b2/r1'`
  await expectText('heap-temperature', '2');
  await page.click(tid('heap-take-0'));
  // Left took b2 (+2); left is r1 with Right to move: Left's move takes r1
  // (final +3), Right's takes it (final +1): {3 | 1}, mean 2, temperature 1.
  await expectText('heap-mean', '2');
  await expectText('heap-temperature', '1');
  await expectText('heap-left-stop', '3');
  await expectText('heap-right-stop', '1');
  await expectText('heap-terminals', '2');
  await cardsMatchPicture();
  const label = await textOf('heap-figures-of');
  assert.match(label, /whole sum/i);
  assert.match(label, /after 1 move/i);
  assert.match(label, /\+2/, 'the score so far');
  // One heap at the current position: heap 2 (r1) is {1 | -1} from 0.
  await page.selectOption(tid('heap-thermograph-of'), '1');
  await expectText('heap-mean', '0');
  await expectText('heap-temperature', '1');
  await cardsMatchPicture();
  assert.match(await textOf('heap-figures-of'), /heap 2 alone/i);
  // Heap 1 is empty now: no moves, its value is 0.
  await page.selectOption(tid('heap-thermograph-of'), '0');
  await expectText('heap-mean', '0');
  assert.match(await textOf('heap-figures-of'), /heap 1 alone.*empty/i);
  // Undo: the starting position's figures come back.
  await page.selectOption(tid('heap-thermograph-of'), 'sum');
  await page.click(tid('heap-undo'));
  await expectText('heap-mean', '0');
  await expectText('heap-temperature', '2');
  await cardsMatchPicture();
  await page.screenshot({ path: path.join(OUT, 'heapgo-figures.png'), fullPage: true, scale: 'css' });
});

test('heap-go (23.6): a heap taken from during play is shown from its current top', T, async () => {
  await openHeapgo('?page=heapgo&you=both&h=' + encodeURIComponent('b5,r3,b2/r7,b1/b4,r6'));
  await page.click(tid('heap-take-0')); // Left takes b5, r3: b2 is left
  await page.selectOption(tid('heap-thermograph-of'), '0');
  // Heap 1 as it stands, b2 alone from 0: {2 | -2}.
  await expectText('heap-mean', '0');
  await expectText('heap-temperature', '2');
  await expectText('heap-terminals', '2');
  await cardsMatchPicture();
  assert.match(await textOf('heap-figures-of'), /heap 1 alone/i);
});

test('heap-go (23.2): the end of a game says the final score, each side\'s points and who won', T, async () => {
  // Left takes r1 from heap 2 (+1), Right takes b3 from heap 1 (-3).
  await openHeapgo('?page=heapgo&you=both&h=' + encodeURIComponent('b3/r1'));
  await page.click(tid('heap-take-1'));
  await page.click(tid('heap-take-0'));
  await page.waitForFunction(() => /Game over/.test(document.querySelector('[data-testid="heap-status"]').textContent));
  const over = await textOf('heap-status');
  assert.match(over, /Game over after 2 moves: final score -2/);
  assert.match(over, /Right wins by 2/);
  assert.match(over, /Left 1 point, Right 3 points/);
  assert.equal(await page.getAttribute(tid('heap-status'), 'role'), 'status');
  // No move is left: every take button is off, and the figures are the final score.
  assert.equal(await page.locator('.heap .take:not([disabled])').count(), 0);
  assert.equal(await textOf('heap-perfect'), '', 'no "perfect play from here" once the game is over');
  await expectText('heap-mean', '-2');
  await expectText('heap-left-stop', '-2');
  await expectText('heap-right-stop', '-2');
  assert.match(await textOf('heap-figures-of'), /final score -2/i);
  await page.screenshot({ path: path.join(OUT, 'heapgo-over.png'), fullPage: true, scale: 'css' });

  // A draw: Left's 1 against Right's 1.
  await openHeapgo('?page=heapgo&you=both&h=' + encodeURIComponent('b1/r1') + '&mv=L1.R0');
  await page.waitForFunction(() => /Game over/.test(document.querySelector('[data-testid="heap-status"]').textContent));
  assert.match(await textOf('heap-status'), /final score 0.*a draw.*Left 1 point, Right 1 point/);

  // Against the computer, Left wins: the link's record ends the game.
  await openHeapgo('?page=heapgo&h=' + encodeURIComponent('b2/r1') + '&mv=L0.R1');
  await page.waitForFunction(() => /Game over/.test(document.querySelector('[data-testid="heap-status"]').textContent));
  assert.match(await textOf('heap-status'), /final score \+1.*Left wins by 1.*Left 2 points, Right 1 point/);
});

// Issue 23 (10): the MT-search lesson's first step states the rule as the
// engine plays it (Left's take includes the first red counter), and the
// page it opens bears it out: Left's move in the first heap takes b5 and
// r3 for 8 points.
test('heap-go (23.10): the lesson\'s rule is the engine\'s rule', T, async () => {
  // The lesson's first step, as its link opens it.
  await page.goto(`${base}?lesson=mt&ls=0&page=heapgo&h=${encodeURIComponent('b5,r3,b2/r7,b1/b4,r6')}`);
  await page.waitForSelector(tid('lesson-text'));
  const text = await textOf('lesson-text');
  assert.match(text, /down to and including the first red one/);
  assert.match(text, /takes b5 and r3 for 8 points/);
  await page.waitForSelector(tid('heap-take-0'));
  await page.click(tid('heap-take-0'));
  await page.waitForFunction(() => /Left 8 points/.test(document.querySelector('[data-testid="heap-status"]')?.textContent ?? ''), null, { timeout: 30_000 });
});
