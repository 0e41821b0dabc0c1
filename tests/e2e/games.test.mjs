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

// Toads and Frogs, Cutcake, Snort and Col: each board's own editor and
// clicks (`edit`, `play`), the rest as above. Texts of graphs carry their
// drawing points, which depend on where the editor put the vertices, so
// those are checked up to the points (`edited` and `after` are prefixes
// there). Values from `cgt game NAME 'POS' --json`.
const expectStart = (id, prefix, p = page) =>
  p.waitForFunction(([sel, w]) => document.querySelector(sel)?.textContent.startsWith(w), [tid(id), prefix], { timeout: 30_000 });
const inputStarts = async (prefix) => {
  await page.waitForFunction(([sel, w]) => document.querySelector(sel)?.value.startsWith(w), [tid('position-input'), prefix], { timeout: 30_000 });
};
const setNumber = async (sel, n) => {
  const el = page.locator(sel);
  await el.fill(String(n));
  await el.dispatchEvent('change');
};
const vertex = (v, p = page) => p.locator(`${tid('graph-vertex')}[data-vertex="${v}"] .gv-dot`);

const BOARD_CASES = [
  {
    r: 'toads-and-frogs', board: 'tf-board', preset: 'TFT.TFF', value: '^',
    edit: async () => {
      await page.click(tid('tf-add-row'));
      await inputStarts('TFT.TFF|.......');
      await setNumber(`${tid('tf-row-width')}[data-row="1"]`, 3);
      await inputStarts('TFT.TFF|...');
      await page.click(`${tid('tf-square')}[data-square="a2"]`);
    },
    edited: 'TFT.TFF|T..', editedValue: '2^',
    play: async () => {
      const sq = (n) => page.locator(`${tid('tf-square')}[data-square="${n}"]`);
      // The toad on c1 can move: the pointer on it marks where it lands.
      assert.match(await sq('c1').getAttribute('class'), /\bmovable\b/);
      assert.doesNotMatch(await sq('a1').getAttribute('class'), /\bmovable\b/);
      await sq('c1').hover();
      await page.waitForFunction(() => /\bnext\b/.test(document.querySelector('[data-testid="tf-square"][data-square="d1"]').getAttribute('class')));
      await sq('c1').click();
    },
    move: 'c1', after: 'TF.TTFF|T..', afterValue: '2',
  },
  {
    r: 'cutcake', board: 'cake-board', preset: '4x2', value: '1',
    edit: async () => {
      await setNumber(tid('cake-width'), 1);
      await setNumber(tid('cake-height'), 3);
      await page.click(tid('cake-add'));
      await inputStarts('4x2 1x3');
      await page.click(tid('cake-add'));
      await inputStarts('4x2 1x3 1x3');
      await page.click(`${tid('cake-remove')}[data-cake="3"]`);
    },
    edited: '4x2 1x3', editedValue: '-1',
    play: async () => {
      // Left's cuts are vertical: only those are live; the pointer previews one.
      assert.equal(await page.locator(`${tid('cake-cut')}[data-move="1h1"]`).count(), 0);
      const cut = page.locator(`${tid('cake-cut')}[data-move="1v2"]`);
      await cut.hover();
      await page.waitForFunction(() => document.querySelector('[data-testid="cake-cut"][data-move="1v2"]').parentElement.classList.contains('hover'));
      await cut.click();
    },
    move: '1v2', after: '2x2 2x2 1x3', afterValue: '-2',
  },
  {
    r: 'snort', board: 'graph-board', preset: 'b...b:0-1,1-2,2-3,3-4', value: '{4|0, ±1}', prefix: true,
    edit: async () => {
      // A vertex in empty space (the preset has no points: they are written now).
      await page.click(tid('graph-bg'), { position: { x: 14, y: 14 } });
      await inputStarts('b...b.:0-1,1-2,2-3,3-4:');
      assert.equal((await page.inputValue(tid('position-input'))).split(':')[2].split('/').length, 6);
      // Then an edge from it to vertex 4.
      await vertex(5).click();
      await vertex(4).click();
    },
    edited: 'b...b.:0-1,1-2,2-3,3-4,4-5:', editedValue: '{{4|3}|{1*|-1*}}',
    play: async () => {
      assert.match(await vertex(2).getAttribute('class'), /\bmovable\b/);
      await vertex(2).click();
    },
    move: 'v2', after: 'bbBbb.:0-1,1-2,2-3,3-4,4-5:', afterValue: '{4|3}',
  },
  {
    r: 'col', board: 'graph-board', preset: 'r.r.b.r.r.:0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9', value: '7/8', prefix: true,
    edit: async () => {
      await page.click(tid('graph-mode-delete'));
      await vertex(9).click();
    },
    edited: 'r.r.b.r.r:0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8:', editedValue: '1',
    play: async () => {
      // Col: Left may not colour a vertex tinted blue (next to blue): v4.
      assert.doesNotMatch(await vertex(4).getAttribute('class'), /\bmovable\b/);
      assert.match(await vertex(3).getAttribute('class'), /\bmovable\b/);
      await vertex(1).click();
    },
    move: 'v1', after: 'xBx.b.r.r:0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8:', afterValue: '1/2',
  },
];

for (const c of BOARD_CASES) {
  test(`${c.r}: a preset, an edit on the board, a move by a click, the link, screenshots`, T, async () => {
    await openGame({ r: c.r, gy: 'both' });
    assert.equal(await page.inputValue(tid('ruleset-picker')), c.r);
    await page.waitForSelector(tid(c.board));

    await page.click(`${tid('preset')}[data-position="${c.preset}"]`);
    await expectText('canonical', c.value);
    assert.equal(param('p'), c.preset);

    await page.click(tid('game-edit'));
    await page.waitForSelector(tid('editor-controls'));
    await c.edit();
    await expectText('canonical', c.editedValue);
    const edited = await page.inputValue(tid('position-input'));
    if (c.prefix) assert.ok(edited.startsWith(c.edited), edited);
    else assert.equal(edited, c.edited);
    await page.click(tid('game-edit'));
    await page.waitForFunction(() => !document.querySelector('[data-testid="editor-controls"]'));

    await expectText('to-move', 'Left (blue) to move: your move.');
    await c.play();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-record"] li').length === 1);
    assert.deepEqual(await recordOf(), [`1. ${c.move}`]);
    if (c.prefix) await expectStart('current-position', c.after);
    else await expectText('current-position', c.after);
    await expectText('canonical', c.afterValue);
    assert.equal(param('gm'), c.move);
    const after = await textOf('current-position');

    await page.click(tid('share-link'));
    await page.waitForSelector(tid('share-url'));
    const link = await page.inputValue(tid('share-url'));
    const fresh = watch(await context.newPage());
    await fresh.goto(link);
    await fresh.waitForSelector(tid(c.board));
    await expectText('current-position', after, fresh);
    assert.deepEqual(await recordOf(fresh), [`1. ${c.move}`]);
    await expectText('canonical', c.afterValue, fresh);
    await fresh.close();

    await page.screenshot({ path: path.join(OUT, `game-${c.r}.png`), fullPage: true, scale: 'css' });
    // The same board in the dark theme (set as a user sets it, then a reload).
    await page.evaluate(() => localStorage.setItem('cgt-theme', 'dark'));
    await page.reload();
    await page.waitForSelector(tid(c.board));
    await expectText('canonical', c.afterValue);
    await page.screenshot({ path: path.join(OUT, `game-${c.r}-dark.png`), fullPage: true, scale: 'css' });
    await page.evaluate(() => localStorage.removeItem('cgt-theme'));
  });
}

// Clobber is all-small: the value card shows the atomic weight; and any
// ruleset's components go to the Sums page.
test('Clobber: the atomic weight on the value card, and Add to Sums', T, async () => {
  await openGame({ r: 'clobber', p: 'xxo' });
  await expectText('canonical', '^');
  await expectText('atomic-weight', '1');
  // A hot game has none.
  await page.fill(tid('position-input'), '..|..');
  await page.selectOption(tid('ruleset-picker'), 'domineering');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('r') === 'domineering');
  await page.waitForFunction(() => document.querySelector('[data-testid="canonical"]')?.textContent !== '—');
  assert.equal(await page.locator(tid('atomic-weight')).count(), 0);

  await openGame({ r: 'clobber', p: 'xxo|...|xo.' });
  await expectText('canonical', '^*');
  assert.equal(await page.locator(tid('component-row')).count(), 2);
  await page.click(tid('send-to-sum'));
  await page.waitForSelector(tid('sum-components'));
  assert.equal(param('page'), 'sums');
  const sum = await page.inputValue(tid('sum-input'));
  // The components in explicit notation: ^ = {0|*} = {0|{0|0}}, * = {0|0},
  // in place of the example sum (issue 43: the first add replaces it).
  assert.equal(sum, '{0|{0|0}} + {0|0}');
});
