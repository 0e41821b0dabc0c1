// End-to-end tests of the Go board (src/pages/game/boards/go.rs) against
// the release build: a position set up by clicking with the editor's tools,
// its value card, a move played by clicking an intersection, the link
// restored in a new page; an SGF record loaded (and a bad one refused), the
// board's sizes; a ko and the last move marked. Screenshots go to
// tests/e2e/out/ (game-go*.png). Values as the engine gives them
// (`cgt game go 'POS' --json`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, base, context, page, tid, textOf, expectText, watch } from './harness.mjs';

const q = (params) => '?' + new URLSearchParams({ page: 'game', r: 'go', ...params }).toString();
const param = (key, p = page) => new URL(p.url()).searchParams.get(key);
const recordOf = (p = page) => p.evaluate(() => [...document.querySelectorAll('[data-testid="game-record"] li')].map((li) => li.textContent));
const point = (name, p = page) => p.locator(`${tid('go-point')}[data-name="${name}"]`);
const stateOf = (name, p = page) => point(name, p).getAttribute('data-state');
const count = (id, p = page) => p.locator(tid(id)).count();

async function openGo(params, p = page) {
  await p.goto(base + q(params));
  await p.waitForSelector(tid('go-board'));
}

/** Wait until the position field holds `want` (an edit went through). */
async function expectPosition(want) {
  try {
    await page.waitForFunction(([sel, w]) => document.querySelector(sel)?.value === w, [tid('position-input'), want], { timeout: 30_000 });
  } catch {
    assert.equal(await page.inputValue(tid('position-input')), want);
  }
}

/** The value card's fields, as on screen. */
async function valueCard(p = page) {
  const out = {};
  for (const k of ['canonical', 'mean', 'temperature', 'left-stop', 'right-stop', 'outcome']) out[k] = await textOf(k, p);
  out.components = await p.locator(tid('component-row')).count();
  return out;
}

test('Go: a position set up with the tools, its value, a move by a click, the link, screenshots', T, async () => {
  await openGo({ p: 'XXXXXX|X....O|XOOOOO', gy: 'both' });
  assert.equal(await page.inputValue(tid('ruleset-picker')), 'go');
  // Six by three intersections, named as Go players name them.
  assert.equal(await count('go-point'), 18);
  assert.equal(await stateOf('A3'), 'X');
  assert.equal(await stateOf('B2'), '.');
  assert.equal(await stateOf('F1'), 'O');
  assert.equal(await point('C2').getAttribute('aria-label'), 'C2: empty, a legal move');
  const labels = await page.locator(`${tid('go-board')} text`).allTextContents();
  for (const l of ['A', 'B', 'C', 'D', 'E', 'F', '1', '2', '3']) assert.equal(labels.filter((t) => t === l).length, 2, `label ${l} on both edges`);
  // A gap of four dame points: 0.
  await expectText('canonical', '0');

  // The editor: each tool puts its point.
  await page.click(tid('game-edit'));
  await page.waitForSelector(tid('go-tools'));
  await page.click(tid('go-tool-safe-black'));
  assert.equal(await page.getAttribute(tid('go-tool-safe-black'), 'aria-pressed'), 'true');
  await point('B1').click();
  await expectPosition('XXXXXX|X....O|XXOOOO');
  await page.click(tid('go-tool-off'));
  await point('A1').click();
  await expectPosition('XXXXXX|X....O|#XOOOO');
  // A point off the board has no wood and no line.
  assert.equal(await page.locator(`${tid('go-board')} .go-wood`).count(), 17);
  assert.equal(await point('A1').getAttribute('aria-label'), 'A1: not on the board');
  // Plain stones joined to safe ones are safe; the empty tool clears.
  await page.click(tid('go-tool-black'));
  await point('C2').click();
  await expectPosition('XXXXXX|X.X..O|#XOOOO');
  await page.click(tid('go-tool-white'));
  await point('E2').click();
  await expectPosition('XXXXXX|X.X.OO|#XOOOO');
  await page.click(tid('go-tool-safe-white'));
  await point('D2').click();
  await expectPosition('XXXXXX|X.XOOO|#XOOOO');
  assert.equal(await stateOf('D2'), 'O');
  await page.click(tid('go-tool-empty'));
  for (const name of ['C2', 'D2', 'E2']) await point(name).click();
  await expectPosition('XXXXXX|X....O|#XOOOO');

  // The value card: Black's wall at B1 makes the gap {1|*}.
  await expectText('canonical', '{1|*}');
  assert.deepEqual(await valueCard(), { canonical: '{1|*}', mean: '1/2', temperature: '1/2', 'left-stop': '1', 'right-stop': '0', outcome: 'L', components: 1 });

  // The position as SGF: the wall's safe stones as triangles, A1 as a square.
  await page.click(tid('go-sgf-export'));
  const sgf = await page.inputValue(tid('go-sgf'));
  assert.ok(sgf.startsWith('(;GM[1]FF[4]SZ[6:3]AB[aa][ba][ca][da][ea][fa][ab][bc]AW[fb][cc][dc][ec][fc]'), sgf);
  assert.ok(sgf.includes('SQ[ac]'), sgf);
  await page.screenshot({ path: path.join(OUT, 'game-go-edit.png'), fullPage: true, scale: 'css' });
  await page.click(tid('game-edit'));
  await page.waitForFunction(() => !document.querySelector('[data-testid="go-tools"]'));

  // Black (Left) to move: the pointer shows a translucent black stone.
  await expectText('to-move', 'Black to move: your move.');
  assert.match(await page.getAttribute(tid('go-board'), 'class'), /\bghost-black\b/);
  await point('C2').hover();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-testid="go-point"][data-name="C2"] .go-ghost')).opacity > 0.3);
  assert.equal(await page.locator(`${tid('go-point')}[data-name="C3"] .go-ghost`).count(), 0, 'no ghost on a stone');
  await point('C2').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-record"] li').length === 1);
  assert.deepEqual(await recordOf(), ['1. C2']);
  const after = 'XXXXXX|X.X..O|#XOOOO';
  await expectText('current-position', after);
  assert.equal(param('gm'), 'C2');
  assert.equal(await stateOf('C2'), 'X');
  assert.equal(await point('C2').locator(tid('go-last')).count(), 1, 'the last move is marked');
  assert.match(await point('C2').getAttribute('aria-label'), /the last move/);
  await expectText('canonical', '1');
  // Now White's stone follows the pointer.
  assert.match(await page.getAttribute(tid('go-board'), 'class'), /\bghost-white\b/);

  // The link restores the game in a new page.
  await page.click(tid('share-link'));
  await page.waitForSelector(tid('share-url'));
  const link = await page.inputValue(tid('share-url'));
  const fresh = watch(await context.newPage());
  await fresh.goto(link);
  await fresh.waitForSelector(tid('go-board'));
  await expectText('current-position', after, fresh);
  assert.deepEqual(await recordOf(fresh), ['1. C2']);
  assert.equal(await stateOf('A1', fresh), '#');
  assert.equal(await point('C2', fresh).locator(tid('go-last')).count(), 1);
  await expectText('canonical', '1', fresh);
  await fresh.close();

  await page.screenshot({ path: path.join(OUT, 'game-go.png'), fullPage: true, scale: 'css' });
  await page.evaluate(() => localStorage.setItem('cgt-theme', 'dark'));
  await page.reload();
  await page.waitForSelector(tid('go-board'));
  await expectText('canonical', '1');
  await page.screenshot({ path: path.join(OUT, 'game-go-dark.png'), fullPage: true, scale: 'css' });
  await page.evaluate(() => localStorage.removeItem('cgt-theme'));
});

test('Go: an SGF record loaded, a bad one refused, the board resized', T, async () => {
  await openGo({ p: 'XXXXXX|X....O|XOOOOO', gy: 'both', ge: '1' });
  await page.waitForSelector(tid('go-sgf-input'));
  await page.fill(tid('go-sgf-input'), '(;GM[1]FF[4]SZ[5]AB[aa][ba]AW[ab][bb])');
  await page.click(tid('go-sgf-load'));
  await expectPosition('xx...|oo...|.....|.....|.....');
  assert.equal(await count('go-point'), 25);
  assert.deepEqual(await Promise.all(['A5', 'B5', 'C5', 'A4', 'B4', 'C4', 'A1'].map((n) => stateOf(n))), ['x', 'x', '.', 'o', 'o', '.', '.']);
  assert.equal(await point('A5').getAttribute('aria-label'), 'A5: black stone');
  assert.equal(await point('B4').getAttribute('aria-label'), 'B4: white stone');

  // A record of another game: the reader's message, the board unchanged.
  await page.fill(tid('go-sgf-input'), '(;GM[2]FF[4]SZ[5])');
  await page.click(tid('go-sgf-load'));
  await page.waitForSelector(tid('go-sgf-error'));
  assert.match(await textOf('go-sgf-error'), /GM\[2\] is not Go/);
  assert.equal(await page.inputValue(tid('position-input')), 'xx...|oo...|.....|.....|.....');
  // Too large for the ruleset (SGF allows 52 lines).
  await page.fill(tid('go-sgf-input'), '(;GM[1]FF[4]SZ[30])');
  await page.click(tid('go-sgf-load'));
  await page.waitForFunction(() => /at most 25 x 25/.test(document.querySelector('[data-testid="go-sgf-error"]')?.textContent ?? ''));

  // Sizes: stones in the corner stay; star points on the big boards.
  await page.click(tid('go-size-9'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="go-point"]').length === 81);
  assert.equal(await stateOf('A9'), 'x');
  assert.equal(await stateOf('B8'), 'o');
  assert.equal(await count('go-hoshi'), 5);
  await page.click(tid('go-size-19'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="go-point"]').length === 361);
  assert.equal(await count('go-hoshi'), 9);
  assert.equal(await stateOf('B18'), 'o');
  const labels = await page.locator(`${tid('go-board')} text`).allTextContents();
  assert.ok(labels.includes('T') && labels.includes('J') && !labels.includes('I'), 'columns A to T without I');
  await page.screenshot({ path: path.join(OUT, 'game-go-19.png'), fullPage: true, scale: 'css' });
  const width = page.locator(tid('go-width'));
  await width.fill('4');
  await width.dispatchEvent('change');
  const height = page.locator(tid('go-height'));
  await height.fill('3');
  await height.dispatchEvent('change');
  await expectPosition('xx..|oo..|....');
  assert.equal(await count('go-point'), 12);
  assert.equal(await count('go-hoshi'), 0);
});

test('Go: prisoners, a ko just taken, a safe stone marked', T, async () => {
  // Black has just taken a white stone at B2 by playing C2: White may not
  // take back at once. Safe walls around.
  const ko = 'XXXXXX|X.xo.O|xX.xoO|X.xo.O|OOOOOO +1 ko=C3';
  await openGo({ p: ko, gy: 'both', gf: 'R' });
  assert.equal(await point('C3').locator(tid('go-ko')).count(), 1);
  assert.match(await point('C3').getAttribute('aria-label'), /ko: no immediate retake/);
  assert.match(await textOf('go-legend'), /ko at C3/);
  assert.equal(await textOf('go-prisoners'), 'Prisoners: Black is 1 ahead (+1).');
  assert.doesNotMatch(await point('C3').getAttribute('class'), /\blegal\b/, 'White may not retake at once');
  assert.equal(await stateOf('B3'), 'X');
  assert.equal(await point('B3').locator('.go-safe').count(), 1, 'a safe stone carries its mark');
  await page.screenshot({ path: path.join(OUT, 'game-go-ko.png'), fullPage: true, scale: 'css' });
});

// Issue 20's walk: each region's value and temperature read off the card,
// the hottest move played, the link opened in a new page, the board sent to
// the Sums page. Values as `cgt game go 'XXX#OXX|O.o#O..' --json` gives them.
test('Go: each region valued, the hottest move played, the link shared, the board sent to Sums', T, async () => {
  // Two regions: a stone to take or save ({2|0}, a 1-point gote) and a
  // half-point corridor ({1|*}, temperature 1/2).
  await openGo({ p: 'XXX#OXX|O.o#O..', gy: 'both' });
  await expectText('canonical', '{{3|2*}|{1|*}}');
  assert.equal(await page.locator(tid('component-row')).count(), 2);
  assert.deepEqual(await page.locator(tid('component-temperature')).allTextContents(), ['1', '1/2']);
  assert.deepEqual(await page.locator(tid('component-mean')).allTextContents(), ['1', '1/2']);
  assert.deepEqual(await page.locator(tid('component-chilled')).allTextContents(), ['1*', '1/2']);
  assert.deepEqual(await page.locator(`${tid('component-row')} ${tid('go-words')}`).evaluateAll((es) => es.map((e) => e.dataset.sente)), ['gote', 'gote']);
  assert.deepEqual(await page.locator(`${tid('component-row')} ${tid('go-words')}`).allTextContents(), ['a 1-point gote, count 1', 'a 1/2-point gote, count 1/2']);
  await page.screenshot({ path: path.join(OUT, 'game-go-regions.png'), fullPage: true });

  // The Sums page's strategies, read back onto the board: each plays the
  // hottest region, Black taking the stone at B1, for a count of 2 + 1/2.
  await page.waitForSelector(tid('go-strategies'));
  assert.deepEqual(await page.locator(tid('strategy-name')).allTextContents(), ['hotstrat', 'sentestrat', 'thermostrat', 'exact']);
  assert.deepEqual(await page.locator(tid('strategy-move')).allTextContents(), ['B1', 'B1', 'B1', 'B1']);
  assert.deepEqual(await page.locator(tid('strategy-count')).allTextContents(), ['5/2', '5/2', '5/2', '5/2']);
  // Pointing at a strategy's row marks its move on the board.
  await page.locator(tid('strategy-row')).first().hover();
  await page.waitForSelector(tid('go-hint'));
  assert.equal(await page.locator(tid('go-hint')).getAttribute('data-name'), 'B1');
  await page.screenshot({ path: path.join(OUT, 'game-go-hint.png'), fullPage: true });

  // The hottest region is the stone (temperature 1): Black takes it at B1.
  await point('B1').click();
  await page.waitForFunction(() => /B1/.test(new URL(location.href).searchParams.get('gm') ?? ''));
  await expectText('canonical', '{3|2*}');
  assert.equal(await stateOf('B1'), 'X');
  assert.equal(await stateOf('C1'), '.');
  await expectText('to-move', 'White to move: your move.');
  await page.screenshot({ path: path.join(OUT, 'game-go-hottest.png'), fullPage: true });

  // The link opens the same game in a new page.
  const url = page.url();
  const other = await context.newPage();
  try {
    await other.goto(url);
    await other.waitForSelector(tid('go-board'));
    assert.equal(await stateOf('B1', other), 'X');
    await expectText('canonical', '{3|2*}', other);
  } finally {
    await other.close();
  }

  // The whole board to the Sums page: its two regions as games.
  await openGo({ p: 'XXX#OXX|O.o#O..' });
  await expectText('canonical', '{{3|2*}|{1|*}}');
  await page.click(tid('send-to-sum'));
  await page.waitForSelector(tid('sum-components'));
  assert.equal(param('page'), 'sums');
  const sum = await page.inputValue(tid('sum-input'));
  assert.ok(sum.includes('{2|0}') && sum.includes('{1|{0|0}}'), sum);
  await page.waitForSelector(tid('sum-bounds'));
  await page.screenshot({ path: path.join(OUT, 'game-go-sums.png'), fullPage: true });
});

// Issue 43, item 1: a finished Go game is won on the count, in Black's and
// White's words; a pass where Go allows it; a ko capture does not end it.
test('Go: a finished game names the winner by the count; a pass; a ko goes on; screenshot', T, async () => {
  // Black's one point of territory, and nobody can move.
  await openGo({ p: 'XXX|X.X|XXX' });
  await page.waitForSelector(tid('game-over'));
  assert.equal(await textOf('game-over'), 'Game over: Black wins by 1 (nobody can move; the count is 1).');
  await expectText('canonical', '1');

  // White against the computer, White first: White fills the dame G2, and
  // Black's corner (two points and a dead stone) is 3.
  await openGo({ p: 'XXXX#XXO|X.oX#X.O|XXXX#XOO', gy: 'R', gf: 'R' });
  await expectText('to-move', 'White to move: your move.');
  assert.equal(await page.locator(tid('board-pass')).count(), 1, 'a pass is offered');
  await point('G2').click();
  await page.waitForSelector(tid('game-over'));
  assert.equal(await textOf('game-over'), 'Game over: Black wins by 3 (nobody can move; the count is 3).');
  assert.doesNotMatch(await textOf('game-over'), /cannot move, so/);
  await page.screenshot({ path: path.join(OUT, 'game-go-over.png'), fullPage: true, scale: 'css' });

  // Black takes the ko at C2: White may not retake at once and has nothing
  // else, so passes; the game goes on and Black may fill the ko.
  await openGo({ p: 'XXOO|Xo.O|XXOO', gy: 'both' });
  await point('C2').click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('gm') === 'C2');
  assert.equal(await page.locator(tid('game-over')).count(), 0, 'a ko capture does not end the game');
  await expectText('to-move', 'White to move: your move.');
  await page.click(tid('board-pass'));
  await page.waitForFunction(() => new URL(location.href).searchParams.get('gm') === 'C2.pass');
  await expectText('to-move', 'Black to move: your move.');
  assert.match(await point('B2').getAttribute('class'), /\blegal\b/, 'after a pass the ko may be filled');
  assert.deepEqual(await recordOf(), ['1. C2', '2. pass']);
});

// Issue 43, items 2 to 6: a refusal names its region and marks it on the
// board; the components card says why it has no rows; a lone stone in its
// own territory is valued.
test('Go: a refusal marks its region; the components card says why; a lone stone is valued', T, async () => {
  // A seki: said so, with its Japanese count, its ten points marked.
  await openGo({ p: 'XXX#OOO|Xoo.xxO|Xoo.xxO' });
  await page.waitForSelector(tid('value-error'));
  const seki = await textOf('value-error');
  assert.match(seki, /is a seki/);
  assert.match(seki, /counts 0/);
  assert.doesNotMatch(seki, / ko /);
  const marked = await page.locator(tid('go-marked')).evaluateAll((es) => es.map((e) => e.dataset.name));
  assert.deepEqual(marked, ['B2', 'C2', 'D2', 'E2', 'F2', 'B1', 'C1', 'D1', 'E1', 'F1']);
  assert.match(await textOf('go-marked-legend'), /the region the value card names/);
  assert.match(await textOf('components-waiting'), /^Not valued/, 'the components card says why, not "Waiting"');
  await page.screenshot({ path: path.join(OUT, 'game-go-refused.png'), fullPage: true, scale: 'css' });

  // An open region: decided on the board's position, not deep in the
  // search; a ko matters there, said with the count and size each way.
  await openGo({ p: '#XXXXO|XX...O|X....O' });
  await page.waitForSelector(tid('value-error'));
  const ko = await textOf('value-error');
  assert.doesNotMatch(ko, /nobody can move/);
  assert.match(ko, /if Black wins the ko, .*count .*; if White wins it, /);
  assert.ok(ko.length < 700 && !ko.includes('{'), ko);
  assert.equal(await page.locator(tid('go-marked')).count(), 7);

  // A lone black stone inside Black's wall: 8, nothing marked.
  await openGo({ p: 'XXXXX|X...X|X.x.X|X...X|XXXXX' });
  await expectText('canonical', '8');
  assert.equal(await page.locator(tid('go-marked')).count(), 0);
  assert.equal(await page.locator(tid('value-error')).count(), 0);
});

// Issue 43, item 9: the first Add to Sums replaces the Sums page's example
// sum (a fresh page's, never typed); later ones append; the button says which.
test('Go: Add to Sums replaces the example sum first, then appends', T, async () => {
  await openGo({ p: 'XXX#OXX|O.o#O..' });
  await expectText('canonical', '{{3|2*}|{1|*}}');
  assert.match(await textOf('send-to-sum'), /replaces the example/);
  await page.click(tid('send-to-sum'));
  await page.waitForSelector(tid('sum-components'));
  assert.equal(await page.inputValue(tid('sum-input')), '{2|0} + {1|{0|0}}');
  await page.click(tid('tab-game'));
  await expectText('canonical', '{{3|2*}|{1|*}}');
  assert.match(await textOf('send-to-sum'), /appends to the sum/);
  await page.click(tid('send-to-sum'));
  await page.waitForSelector(tid('sum-components'));
  assert.equal(await page.inputValue(tid('sum-input')), '{2|0} + {1|{0|0}} + {2|0} + {1|{0|0}}');
});

// Issue 43, item 8: a resize keeps the corner chosen, and edits undo.
test('Go: a 19 x 19 cut to its bottom-right 9 x 9 keeps those stones; Undo edit', T, async () => {
  const rows = Array.from({ length: 19 }, () => Array(19).fill('.'));
  rows[16][16] = 'x'; // R3
  rows[2][2] = 'o'; // C17
  const big = rows.map((r) => r.join('')).join('|');
  await openGo({ p: big, gy: 'both', ge: '1' });
  await page.waitForSelector(tid('go-anchor'));
  assert.equal(await stateOf('R3'), 'x');
  await page.selectOption(tid('go-anchor'), 'bottom right');
  await page.click(tid('go-size-9'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="go-point"]').length === 81);
  // R3 of the 19 x 19 is G3 of the corner kept.
  assert.equal(await stateOf('G3'), 'x');
  assert.equal(await page.locator(`${tid('go-point')}[data-state="o"]`).count(), 0, 'the far corner is cut away');
  // Undo edit brings the whole board back, stones and all.
  await page.click(tid('edit-undo'));
  await expectPosition(big);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="go-point"]').length === 361);
  assert.equal(await stateOf('C17'), 'o');
  assert.equal(await page.locator(tid('edit-undo')).isDisabled(), true);
});
