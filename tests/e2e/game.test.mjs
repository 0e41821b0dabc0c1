// End-to-end tests of the generic board page (`?page=game`) with
// Domineering, against the release build (harness in harness.mjs): presets
// and their values, the editor, play against the exact computer, Undo, a
// shared link restored in a new page, "Add to Sums", the background worker
// for a board past the page's budget, rulesets without a renderer, bad
// input, and screenshots in both themes at 1280 and 390 px.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, base, context, page, tid, textOf, expectText, watch } from './harness.mjs';

const q = (params) => '?' + new URLSearchParams({ page: 'game', ...params }).toString();

async function openGame(params = {}, p = page) {
  await p.goto(base + q(params));
  await p.waitForSelector(tid('board-panel'));
  await p.waitForFunction(() => document.querySelector('[data-testid="canonical"]')?.textContent !== '—');
}

const square = (name) => `[data-testid="dom-square"][data-square="${name}"]`;
const recordOf = (p = page) => p.evaluate(() => [...document.querySelectorAll('[data-testid="game-record"] li')].map((li) => li.textContent));
const param = (key, p = page) => new URL(p.url()).searchParams.get(key);

async function values(p = page) {
  const out = {};
  for (const id of ['canonical', 'mean', 'temperature', 'left-stop', 'right-stop', 'outcome']) out[id] = await textOf(id, p);
  return out;
}

test('Domineering: a preset and its value, an edited square, a move, the computer\'s reply, Undo, the link', T, async () => {
  await openGame();
  assert.equal(await page.inputValue(tid('ruleset-picker')), 'domineering');
  assert.match(await textOf('rules'), /vertically/);
  // The hot corner of the presets: {1/2|-2}, mean -3/4, temperature 5/4.
  await page.click(`${tid('preset')}[data-position="..#|..#|..."]`);
  await expectText('canonical', '{1/2|-2}');
  assert.deepEqual(await values(), { canonical: '{1/2|-2}', mean: '-3/4', temperature: '5/4', 'left-stop': '1/2', 'right-stop': '-2', outcome: 'N' });
  assert.ok(Number(await textOf('positions')) > 0);
  assert.equal(param('p'), '..#|..#|...');
  assert.equal(await page.locator(tid('component-row')).count(), 1);
  assert.equal(await textOf('component-canonical'), '{1/2|-2}');
  assert.equal(await page.locator(`${tid('component-row')} svg`).count(), 1, 'a small thermograph');

  // The 3 x 3 square is ±1; covering its centre in the editor leaves a ring worth 0.
  await page.click(`${tid('preset')}[data-position="...|...|..."]`);
  await expectText('canonical', '±1');
  await page.click(tid('game-edit'));
  await page.waitForSelector(tid('editor-controls'));
  assert.equal(param('ge'), '1');
  await page.click(square('b2'));
  await expectText('canonical', '0');
  assert.equal(await textOf('outcome'), 'P');
  assert.equal(await page.inputValue(tid('position-input')), '...|.#.|...');
  await page.click(tid('game-edit'));
  await page.waitForFunction(() => !document.querySelector('[data-testid="editor-controls"]'));

  // Hovering shows Left's vertical domino; clicking a1 plays it.
  await expectText('to-move', 'Left (blue) to move: your move.');
  await page.hover(square('a1'));
  await page.waitForSelector(`${tid('dom-preview')}[data-move="a1"]`);
  await page.click(square('a1'));
  // The computer (Right) answers with a horizontal domino.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-record"] li').length === 2, null, { timeout: 30_000 });
  const rec = await recordOf();
  assert.equal(rec[0], '1. a1');
  assert.match(await textOf('computer-note'), /The computer \(Right\) played \w+ \(exact play\)/);
  assert.equal(await page.locator(tid('dom-domino')).count(), 2);
  await expectText('to-move', 'Left (blue) to move: your move.');
  const after = await textOf('current-position');
  const afterValue = await values();
  assert.equal(param('gm'), rec.map((m) => m.replace(/^\d+\. /, '')).join('.'));

  // Share: the copied link opens the same position and record in a new page.
  await page.click(tid('share-link'));
  await page.waitForSelector(tid('share-url'));
  const link = await page.inputValue(tid('share-url'));
  assert.equal(link, page.url());
  const fresh = watch(await context.newPage());
  await fresh.goto(link);
  await fresh.waitForSelector(tid('dom-board'));
  await expectText('current-position', after, fresh);
  assert.deepEqual(await recordOf(fresh), rec);
  await expectText('canonical', afterValue.canonical, fresh);
  assert.deepEqual(await values(fresh), afterValue);
  await fresh.close();

  // Undo takes back the move and the computer's reply.
  await page.click(tid('game-undo'));
  await expectText('current-position', '...|.#.|...');
  assert.equal(await page.locator(tid('game-record')).count(), 0);
  assert.equal(param('gm'), null);
  await expectText('canonical', '0');
  assert.ok(await page.locator(tid('game-undo')).isDisabled());
});

test('Domineering: Add to Sums lands on the Sums page with the component', T, async () => {
  await openGame({ r: 'domineering', p: '..#|..#|...' });
  await expectText('canonical', '{1/2|-2}');
  assert.match(await textOf('send-to-sum'), /replaces the example/);
  await page.click(tid('send-to-sum'));
  await page.waitForSelector(tid('sum-components'));
  assert.equal(param('page'), 'sums');
  // A fresh page's example sum is replaced, not appended to (issue 43).
  assert.equal(await page.inputValue(tid('sum-input')), '{1/2|-2}');
  // Back on the board page the game is as it was.
  await page.click(tid('tab-game'));
  await expectText('canonical', '{1/2|-2}');
});

test('Domineering: past the page\'s budget the worker computes the value; Cancel; a stale reply is dropped', { timeout: 120_000 }, async () => {
  // 5 x 5: about 33,000 positions (the page values 5,000 at most).
  await page.goto(base + q({ r: 'domineering', p: '.....|.....|.....|.....|.....' }));
  await page.waitForSelector(tid('game-background'));
  assert.match(await textOf('game-background'), /computing in the background/);
  assert.equal(await textOf('canonical'), '—');
  await page.waitForSelector(tid('solved-in'), { timeout: 90_000 });
  await expectText('canonical', '0');
  assert.equal(await textOf('outcome'), 'P');

  // A 6 x 5 board takes long: cancel it, then start it again.
  await page.fill(tid('position-input'), '......|......|......|......|......');
  await page.waitForSelector(`${tid('game-background')} ${tid('game-cancel')}`);
  await page.click(tid('game-cancel'));
  await page.waitForSelector(tid('game-solve'));
  assert.match(await textOf('game-background'), /Cancelled/);
  await page.click(tid('game-solve'));
  await page.waitForSelector(tid('game-cancel'));
  // The board moves on before the worker answers: the page values the new
  // position itself, and the old job's answer never shows.
  await page.click(`${tid('preset')}[data-position="..|.."]`);
  await expectText('canonical', '±1');
  assert.equal(await page.locator(tid('game-background')).count(), 0);
  await page.waitForTimeout(500);
  assert.equal(await textOf('canonical'), '±1');
});

test('Every ruleset opens on the page: Hackenbush and heap-go as text with a move list', T, async () => {
  await openGame({ r: 'hackenbush', p: '0-1:b 1-2:r 0-3:g 3-4:b' });
  await expectText('canonical', '1/2^*');
  await page.waitForSelector(tid('text-board'));
  assert.equal(await textOf('position-text'), '0-1:b 1-2:r 0-3:g 3-4:b');
  // Two players: Left chops the green edge, then Right has the red one left.
  await page.selectOption(tid('game-you'), 'both');
  await page.click(`${tid('move-button')}[data-move="0-3:g"]`);
  await expectText('to-move', 'Right (red) to move: your move.');
  await expectText('canonical', '1/2');
  assert.equal(param('gm'), '0-3:g');
  assert.equal(param('gy'), 'both');

  await page.selectOption(tid('ruleset-picker'), 'heapgo');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('r') === 'heapgo');
  await page.waitForSelector(tid('text-board'));
  await page.waitForFunction(() => document.querySelector('[data-testid="canonical"]')?.textContent.startsWith('{'));
  assert.equal(await page.locator(tid('component-row')).count(), 3);
});

// Issue 23 (2): every board announces the end of the game and who won.
test('The end of a game names the winner: normal play (Domineering, Hackenbush) and a scored game (heap-go)', T, async () => {
  // A 2 x 1 column: Left's one domino fills it and Right cannot move.
  await openGame({ r: 'domineering', p: '.|.', gy: 'both' });
  assert.equal(await page.locator(tid('game-over')).count(), 0, 'not over before the move');
  await page.click(square('a1'));
  await page.waitForSelector(tid('game-over'));
  assert.match(await textOf('game-over'), /^Game over: Right cannot move, so Left wins\.$/);
  // Undo takes the end of the game back.
  await page.click(tid('game-undo'));
  await page.waitForFunction(() => !document.querySelector('[data-testid="game-over"]'));

  // Hackenbush from a link with the whole game in its record: Left chops last.
  await openGame({ r: 'hackenbush', p: '0-1:b 1-2:r 0-3:g 3-4:b', gy: 'both', gm: '0-3:g.1-2:r.0-1:b' });
  await page.waitForSelector(tid('game-over'));
  assert.match(await textOf('game-over'), /Right cannot move, so Left wins/);

  // Heap-go is won on points: b3 for Left, then r1 for Right leaves 3 - 1 = 2.
  await openGame({ r: 'heapgo', p: 'b3/r1', gy: 'both', gm: '0.0' });
  await page.waitForSelector(tid('game-over'));
  assert.equal(await textOf('game-over'), 'Game over: Left wins by 2 (no moves left; the score is 2).');
});

test('Bad input never blanks the page: a typed position, a link\'s ruleset and record', T, async () => {
  await openGame({ r: 'domineering', p: '..|..' });
  await expectText('canonical', '±1');
  await page.fill(tid('position-input'), '..|.x');
  await page.waitForSelector(tid('position-error'));
  assert.match(await textOf('position-error'), /row 2, column 2/);
  // The last good board and value stay.
  assert.equal(await page.locator(tid('dom-square')).count(), 4);
  assert.equal(await textOf('canonical'), '±1');
  assert.equal(param('p'), '..|.x', 'the link keeps what is typed');
  await page.fill(tid('position-input'), '...|...');
  await page.waitForFunction(() => !document.querySelector('[data-testid="position-error"]'));
  assert.equal(await page.locator(tid('dom-square')).count(), 6);

  await page.goto(base + '?page=game&r=chess&gy=x');
  await page.waitForSelector(tid('link-notes'));
  assert.match(await textOf('link-notes'), /r=chess/);
  assert.equal(await page.inputValue(tid('ruleset-picker')), 'domineering');
  await page.goto(base + q({ r: 'domineering', p: '...|...', gm: 'a1.a1' }));
  await page.waitForSelector(tid('record-error'));
  assert.match(await textOf('record-error'), /move 2 \(`a1`\)/);
  assert.deepEqual(await recordOf(), ['1. a1']);
});

test('Screenshots: light and dark, 1280 and 390 px wide; nothing wider than the screen', T, async () => {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ['light', 'dark']) {
      // The theme as a user sets it (remembered, then a reload), so the
      // pictures follow it too, not only the stylesheet.
      await openGame({ r: 'domineering', p: '....|....|....|...#', gm: 'a1.b1' });
      await page.evaluate((t) => localStorage.setItem('cgt-theme', t), theme);
      await page.reload();
      await page.waitForSelector(tid('board-panel'));
      await page.waitForFunction(() => document.querySelector('[data-testid="canonical"]')?.textContent !== '—');
      // A picture in the dark theme is not painted on white.
      const bg = await page.evaluate(() => {
        const svg = document.querySelector('[data-testid="component-row"] svg');
        const rect = svg?.querySelector('rect');
        return rect ? getComputedStyle(rect).fill || rect.getAttribute('fill') : null;
      });
      assert.ok(bg, 'the component thermograph has a background');
      if (theme === 'dark') assert.doesNotMatch(String(bg), /rgb\(255, 255, 255\)|#fff(fff)?\b|white/i);
      await page.hover(square('c3'));
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${w} ${theme}: the page is ${overflow}px wider than the screen`);
      await page.screenshot({ path: path.join(OUT, `game-${w}-${theme}.png`), fullPage: true, scale: 'css' });
    }
  }
  await page.evaluate(() => localStorage.removeItem('cgt-theme'));
  await page.setViewportSize({ width: 1360, height: 960 });
});

// Issue 22 (memory): the background solver stops a job at its memory cap
// with a message, and the tab goes on. The test hook
// localStorage["cgt-worker-memory-cap"] gives the worker a small cap (the
// real one is 1 GiB: the 6 x 5 board peaks near 150 MiB natively).
test('Memory: a job past the worker\'s memory cap ends with a message; the tab lives, the next job runs', { timeout: 120_000 }, async () => {
  await page.goto(base + q({ r: 'domineering', p: '..|..' }));
  await page.evaluate(() => localStorage.setItem('cgt-worker-memory-cap', String(24 << 20)));
  try {
    await page.goto(base + q({ r: 'domineering', p: '......|......|......|......|......' }));
    await page.waitForSelector(tid('value-error'), { timeout: 90_000 });
    assert.match(await textOf('value-error'), /more memory than the background solver may use \(24 MiB\)/);
    // The tab answers: another board is valued on the page at once.
    await page.click(`${tid('preset')}[data-position="..|.."]`);
    await expectText('canonical', '±1');
  } finally {
    await page.evaluate(() => localStorage.removeItem('cgt-worker-memory-cap'));
  }
  // Without the hook, a fresh worker values a board past the page's budget.
  await page.goto(base + q({ r: 'domineering', p: '.....|.....|.....|.....|.....' }));
  await page.waitForSelector(tid('solved-in'), { timeout: 90_000 });
  await expectText('canonical', '0');
});
