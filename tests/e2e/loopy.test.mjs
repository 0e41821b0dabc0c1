// End-to-end test of loopy games on the explorer (issue 47): a loopy game
// typed in shows its card (the game read, outcome with draws, stopper,
// simplest form) instead of a parse error, the link holds it, and a short
// game brings the picture back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, page, tid, textOf, expectText, open, typeGame } from './harness.mjs';

test('Explorer: a loopy game typed in gets its card, the link holds it, a short game brings the picture back', T, async () => {
  await open();
  await typeGame('{0|pass}');
  await page.waitForSelector(tid('loopy-card'));
  await expectText('loopy-game', 'over');
  assert.equal(await textOf('loopy-outcome'), 'Left wins whoever starts');
  assert.equal(await textOf('loopy-stopper'), 'yes');
  assert.equal(await textOf('loopy-simplest'), 'over');
  assert.equal(await page.locator(tid('game-error')).count(), 0, 'no parse error beside the card');
  assert.equal(await page.getAttribute(tid('game-input'), 'aria-invalid'), 'false', 'the field is not marked wrong');
  assert.equal(new URL(page.url()).searchParams.get('g'), '{0|pass}');
  // on + off = dud (Winning Ways ch. 11): a draw, and no stopper.
  await typeGame('on + off');
  await expectText('loopy-game', 'dud');
  assert.equal(await textOf('loopy-outcome'), 'a draw whoever starts');
  assert.equal(await textOf('loopy-stopper'), 'no');
  assert.equal(await textOf('loopy-simplest'), 'none');
  assert.match(await textOf('loopy-simplest-why'), /^No simplest form: not a stopper/);
  await page.locator(tid('loopy-card')).screenshot({ path: path.join(OUT, 'loopy-card.png') });
  await page.screenshot({ path: path.join(OUT, 'loopy-page.png'), fullPage: true });
  // The link reopens the loopy game.
  await page.goto(page.url());
  await page.waitForSelector(tid('loopy-card'));
  await expectText('loopy-game', 'dud');
  // A short game: the card goes, the value is read as always.
  await typeGame('{1|-1}');
  await expectText('mean', '0');
  assert.equal(await page.locator(tid('loopy-card')).count(), 0);
  // Text that is neither is the parse error it always was.
  await typeGame('{0|');
  await page.waitForSelector(tid('game-error'));
  assert.equal(await page.locator(tid('loopy-card')).count(), 0);
  assert.equal(await page.getAttribute(tid('game-input'), 'aria-invalid'), 'true');
});
