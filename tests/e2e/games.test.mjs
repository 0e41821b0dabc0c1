// End-to-end tests of the board page with each ruleset issue 19 brings
// (Clobber, Konane, Amazons, ...), against the release build: for each,
// load a preset and read its value, edit a square on the board, play a
// move by clicking its squares, read the new value, share the link and
// restore it in a new page, and take a screenshot (tests/e2e/out/).
// Domineering has its own, fuller file (game.test.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, base, context, page, tid, textOf, expectText, watch } from './harness.mjs';

const q = (params) => '?' + new URLSearchParams({ page: 'game', ...params }).toString();
const param = (key, p = page) => new URL(p.url()).searchParams.get(key);
const recordOf = (p = page) => p.evaluate(() => [...document.querySelectorAll('[data-testid="game-record"] li')].map((li) => li.textContent));

async function openGame(params, p = page) {
  await p.goto(base + q(params));
  await p.waitForSelector(tid('board-panel'));
  await p.waitForFunction(() => document.querySelector('[data-testid="canonical"]')?.textContent !== '—');
}

// Each case: the preset and its published value; a square clicked in the
// editor and the position and value after it; the squares clicked to play
// Left's move, its name, and the value after it. Values as the engine
// gives them (the core's tests hold the engine to a brute force).
const CASES = [
  {
    r: 'clobber', board: 'stone-board', square: 'stone-square',
    preset: 'xxo', value: '^',
    edit: 'a1', edited: 'oxo', editedValue: '*',
    clicks: ['b1', 'a1'], move: 'b1-a1', after: 'x.o', afterValue: '0',
  },
  {
    r: 'konane', board: 'stone-board', square: 'stone-square',
    preset: '.ox.|o..x|....', value: '±1',
    edit: 'd3', edited: '.ox.|o..x|...x', editedValue: '{1|0}',
    clicks: ['c1', 'a1'], move: 'c1-a1', after: 'x...|o..x|...x', afterValue: '1',
  },
  {
    r: 'amazons', board: 'stone-board', square: 'stone-square',
    preset: 'x.o', value: '*',
    // Right's amazon becomes a burnt square.
    edit: 'c1', edited: 'x.#', editedValue: '1',
    clicks: ['a1', 'b1', 'a1'], move: 'a1-b1/a1', after: '#x#', afterValue: '0',
  },
];

for (const c of CASES) {
  test(`${c.r}: a preset, an edited square, a move by clicks, the link, a screenshot`, T, async () => {
    const sq = (name, p = page) => p.locator(`${tid(c.square)}[data-square="${name}"]`);
    await openGame({ r: c.r, gy: 'both' });
    assert.equal(await page.inputValue(tid('ruleset-picker')), c.r);
    await page.waitForSelector(tid(c.board));

    // The preset's published value.
    await page.click(`${tid('preset')}[data-position="${c.preset}"]`);
    await expectText('canonical', c.value);
    assert.equal(param('p'), c.preset);

    // The editor: a click on the board changes the square.
    await page.click(tid('game-edit'));
    await page.waitForSelector(tid('editor-controls'));
    await sq(c.edit).click();
    await expectText('canonical', c.editedValue);
    assert.equal(await page.inputValue(tid('position-input')), c.edited);
    await page.click(tid('game-edit'));
    await page.waitForFunction(() => !document.querySelector('[data-testid="editor-controls"]'));

    // Left's move, square by square: the next squares are marked.
    await expectText('to-move', 'Left (blue) to move: your move.');
    for (const [i, name] of c.clicks.entries()) {
      if (i > 0) assert.equal(await sq(name).getAttribute('class').then((k) => /\bnext\b/.test(k)), true, `${name} is marked`);
      await sq(name).click();
    }
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-record"] li').length === 1);
    assert.deepEqual(await recordOf(), [`1. ${c.move}`]);
    await expectText('current-position', c.after);
    await expectText('canonical', c.afterValue);
    assert.equal(param('gm'), c.move);

    // The link restores the game in a new page.
    await page.click(tid('share-link'));
    await page.waitForSelector(tid('share-url'));
    const link = await page.inputValue(tid('share-url'));
    const fresh = watch(await context.newPage());
    await fresh.goto(link);
    await fresh.waitForSelector(tid(c.board));
    await expectText('current-position', c.after, fresh);
    assert.deepEqual(await recordOf(fresh), [`1. ${c.move}`]);
    await expectText('canonical', c.afterValue, fresh);
    await fresh.close();

    await page.screenshot({ path: path.join(OUT, `game-${c.r}.png`), fullPage: true, scale: 'css' });
  });
}

test('Amazons: the three-by-four preset (5,000 positions and more) is valued in the worker', { timeout: 120_000 }, async () => {
  await page.goto(base + q({ r: 'amazons', p: 'x..#|....|.#.o' }));
  await page.waitForSelector(tid('board-panel'));
  await page.waitForFunction(() => document.querySelector('[data-testid="canonical"]')?.textContent.startsWith('{{6|'), null, { timeout: 90_000 });
  assert.equal(await textOf('outcome'), 'N');
});
