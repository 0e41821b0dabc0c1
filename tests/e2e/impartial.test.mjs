// End-to-end tests of impartial games on the Games page (issue 46), against
// the release build: the impartial card (nim-value, the nim-sum in binary,
// the winning moves in words), the normal/misère switch kept in the link,
// a Nim position added to Sums beside a partizan switch, and the four
// lessons walked step by step, with screenshots (tests/e2e/out/).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, base, page, tid, textOf, expectText } from './harness.mjs';

const q = (params) => '?' + new URLSearchParams({ page: 'game', ...params }).toString();
const param = (key) => new URL(page.url()).searchParams.get(key);

async function openImpartial(params) {
  await page.goto(base + q(params));
  await page.waitForSelector(tid('impartial-card'));
  await page.waitForFunction(() => (document.querySelector('[data-testid="nim-value"]')?.textContent ?? '—') !== '—');
}

test('Nim 3 5 7: the nim-sum in binary, the winning move in words, played against the computer', T, async () => {
  await openImpartial({ r: 'nim', p: '3 5 7' });
  await expectText('nim-value', '*');
  assert.equal(await page.locator(tid('nim-row')).count(), 3);
  // 3 ^ 5 ^ 7 = 1: the last row reads *, then the bits 0 0 1.
  const sum = (await textOf('nim-sum-binary')).replace(/\s+/g, ' ').trim();
  assert.match(sum, /^nim-sum ?\* ?0 ?0 ?1$/, sum);
  assert.match(await textOf('impartial-outcome'), /wins/);
  const moves = page.locator(tid('winning-move'));
  assert.ok((await moves.count()) >= 1);
  assert.equal(await moves.first().getAttribute('data-move'), '1-1');
  assert.match(await moves.first().textContent(), /take 1 from heap 1/);
  assert.match(await textOf('play-convention'), /^normal/);
  // Hint speaks of winning and of the nim-sum.
  await page.click(tid('board-hint'));
  await page.waitForSelector(tid('board-hint-text'));
  assert.match(await textOf('board-hint-text'), /^Best for .*take 1 from heap 1.*nim-sum 0/);
  await page.screenshot({ path: path.join(OUT, 'impartial-nim.png'), fullPage: true });
  // Playing the winning move leaves 2 5 7, worth 0.
  await moves.first().click();
  await page.waitForFunction(() => document.querySelector('[data-testid="nim-value"]')?.textContent === '0' || document.querySelector('[data-testid="game-record"] li'));
  const record = await page.evaluate(() => [...document.querySelectorAll('[data-testid="game-record"] li')].map((li) => li.textContent));
  assert.ok(record.length >= 1, 'the move is in the record');
  assert.match(record[0], /1-1/);
});

test('Misère play: the switch is in the link, Bouton\'s rule is explained, 1 1 1 is lost for the player to move', T, async () => {
  await openImpartial({ r: 'nim', p: '1 1 1' });
  await expectText('nim-value', '*');
  await page.click(tid('play-misere'));
  await page.waitForFunction(() => new URL(location.href).searchParams.get('gp') === 'misere');
  await page.waitForFunction(() => document.querySelector('[data-testid="play-convention"]')?.textContent.startsWith('misère'));
  assert.equal(await page.locator(tid('play-misere')).getAttribute('aria-pressed'), 'true');
  // The nim-value stays (normal play's); the outcome is misère's: a loss.
  await expectText('nim-value', '*');
  await page.waitForSelector(tid('no-winning-move'));
  await page.click(tid('board-hint'));
  await page.waitForSelector(tid('board-hint-text'));
  assert.match(await textOf('board-hint-text'), /^No move wins for .* in misère play/);
  assert.match(await textOf('misere-rule'), /Misère Nim \(Bouton 1902\)/);
  await page.screenshot({ path: path.join(OUT, 'impartial-misere.png'), fullPage: true });
  // The link reopens in misère play.
  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForSelector(tid('impartial-card'));
  await page.waitForFunction(() => document.querySelector('[data-testid="play-convention"]')?.textContent.startsWith('misère'));
  // Back to normal play: 1 1 1 is * again, won by taking a heap.
  await page.click(tid('play-normal'));
  await page.waitForFunction(() => new URL(location.href).searchParams.get('gp') === null);
  await page.waitForSelector(tid('winning-move'));
  // Kayles under misère: a wild game, with its genus.
  await openImpartial({ r: 'kayles', p: 'xxxxx', gp: 'misere' });
  await expectText('misere-tame', 'wild');
  await expectText('misere-genus', '4^146');
});

test('Sums: a Nim position beside a partizan switch', T, async () => {
  await openImpartial({ r: 'nim', p: '1 2' });
  await expectText('nim-value', '*3');
  await page.click(tid('send-to-sum'));
  await page.waitForSelector(tid('sum-components'));
  assert.equal(param('page'), 'sums');
  // Each heap as its explicit form: * = {0|0}, *2 = {*,0|*,0}.
  const sum = await page.inputValue(tid('sum-input'));
  assert.equal(sum, '{0|0} + {{0|0}, 0|{0|0}, 0}');
  await page.fill(tid('sum-add'), '{1|-1}');
  await page.click(tid('sum-add-btn'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="sum-components"] > li').length === 3);
  // *3 + ±1: whoever moves first takes the switch; the nimbers decide
  // nothing of the score.
  await page.waitForFunction(() => document.querySelector('[data-testid="sum-vl"]')?.textContent === '1');
  assert.equal(await textOf('sum-vr'), '-1');
  await page.screenshot({ path: path.join(OUT, 'impartial-sums.png'), fullPage: true });
});

test('The impartial lessons walk step by step, each step a working page', T, async () => {
  const lessons = [
    { id: 'nim', steps: 5, check: { 2: ['nim-value', '0'], 3: ['nim-value', '0'] } },
    { id: 'sprague-grundy', steps: 4, check: { 0: ['nim-value', '*3'], 1: ['nim-value', '*7'], 2: ['nim-value', '0'], 3: ['nim-value', '*'] } },
    { id: 'kayles-periodicity', steps: 4, check: { 0: ['seq-period', '12'], 2: ['seq-period', '34'], 3: ['nim-value', '*4'] } },
    { id: 'misere-nim', steps: 4, check: { 0: ['play-convention', 'misère play'], 3: ['misere-tame', 'wild'] } },
  ];
  for (const l of lessons) {
    await page.goto(base + `?lesson=${l.id}&ls=0`);
    await page.waitForSelector(tid('lesson-bar'));
    for (let k = 0; k < l.steps; k++) {
      await expectText('lesson-step', `step ${k + 1} of ${l.steps}`);
      const want = l.check[k];
      if (want) await expectText(want[0], want[1]);
      if (k + 1 < l.steps) await page.click(tid('lesson-next'));
    }
    await page.screenshot({ path: path.join(OUT, `lesson-${l.id}.png`), fullPage: true });
  }
  // The Nim lesson's question: *3 + *5 + *7.
  await page.goto(base + '?lesson=nim&ls=4');
  await page.waitForSelector(tid('lesson-answer'));
  await page.fill(tid('lesson-answer'), '*');
  await page.click(tid('lesson-check'));
  await page.waitForSelector(`${tid('lesson-verdict')}[data-right="true"]`);
});
