// End-to-end tests of the classroom features (issue 8): a lesson walked by
// keyboard alone, the thermograph built step by step, presentation mode,
// themes, exports, an accessibility check with axe-core on every page, and
// screenshots at a projector's 1280x720 and a phone's 390x844.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { OUT, base, page, tid, textOf, expectText } from './harness.mjs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

test('A lesson walked end to end by keyboard alone', { timeout: 120_000 }, async () => {
  await page.goto(base);
  await page.waitForSelector(tid('game-input'));
  // Tab to the Lessons menu, open it, Tab to the first lesson, Enter.
  let found = false;
  for (let i = 0; i < 40 && !found; i++) {
    await page.keyboard.press('Tab');
    found = (await focusedTestId()) === 'lessons';
  }
  assert.ok(found, 'the Lessons menu is reachable by Tab');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await focusedTestId(), 'lesson-switches');
  await page.keyboard.press('Enter');
  await expectText('lesson-step', 'step 1 of 4');
  assert.match(await textOf('lesson-text'), /switch \{5\|-5\}/);
  assert.match(page.url(), /lesson=switches&ls=0/);
  await expectText('mean', '0');
  // Arrow keys and space walk it; each step is a URL and a working page.
  await page.keyboard.press('ArrowRight');
  await expectText('lesson-step', 'step 2 of 4');
  await expectText('mean', '5');
  await expectText('temperature', '3');
  assert.match(page.url(), /ls=1/);
  await page.keyboard.press('ArrowLeft');
  await expectText('lesson-step', 'step 1 of 4');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectText('lesson-step', 'step 3 of 4');
  await page.keyboard.press('PageDown');
  await expectText('lesson-step', 'step 4 of 4');
  // The last step is on the Sums page, computed as the lesson says.
  await page.waitForSelector(tid('page-sums'));
  await expectText('sum-vl', '7');
  await page.waitForSelector(tid('lesson-done'));
  // A step's URL opens that step by itself.
  const url = page.url();
  await page.goto(url);
  await expectText('lesson-step', 'step 4 of 4');
  // p: presentation mode (hidden chrome); Escape leaves it.
  await page.keyboard.press('p');
  assert.ok(await page.evaluate(() => document.body.classList.contains('present')));
  assert.equal(await page.isVisible('nav.tabs'), false);
  await page.screenshot({ path: path.join(OUT, 'lesson-present.png') });
  await page.keyboard.press('Escape');
  assert.ok(!(await page.evaluate(() => document.body.classList.contains('present'))));

  // The greedy lesson, walked with space and Enter on the focused Next.
  await page.goto(base + '?lesson=greedy&ls=0&page=sums&s=' + encodeURIComponent('{4|0} + {{10|-3}|-5}'));
  await expectText('lesson-step', 'step 1 of 4');
  await page.keyboard.press(' ');
  await expectText('sum-play-score', 'score -1');
  await page.focus(tid('lesson-next'));
  await page.keyboard.press('Enter');
  await expectText('sum-play-score', 'score 1');
  assert.equal(await focusedTestId(), 'lesson-next', 'focus stays on Next');
  await page.keyboard.press('Enter');
  await expectText('lesson-step', 'step 4 of 4');
});

test('The thermograph built step by step (the worked example of Sensei\'s Library), by keys', { timeout: 120_000 }, async () => {
  await page.goto(base + '?g=' + encodeURIComponent('{{-2|-4}|-7}'));
  await page.waitForSelector(tid('build-steps'));
  await page.click(tid('build-steps'));
  const stepIs = (k) => page.waitForFunction((k) => document.querySelector('[data-testid="construction-step"]')?.textContent.startsWith(`step ${k} of 11`), k);
  await stepIs(1);
  assert.match(await textOf('construction-caption'), /-2 is an integer/);
  await page.focus(tid('construction'));
  const captions = [];
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('ArrowRight');
    captions.push(await textOf('construction-caption'));
  }
  await stepIs(11);
  assert.ok(captions.some((c) => /meet at t = 1, value -3/.test(c)), captions.join('\n'));
  assert.match(captions.at(-1), /meet at t = 2, value -5/);
  assert.ok(captions.some((c) => /Tax every move by t/.test(c)));
  assert.ok((await page.innerHTML(tid('construction-plot'))).includes('<svg'));
  await page.locator(tid('construction')).screenshot({ path: path.join(OUT, 'construction.png') });
  await page.keyboard.press('Home');
  await stepIs(1);
  // The step is in the URL: a link opens the construction at that step.
  assert.match(page.url(), /build=1/);
  await page.goto(base + '?g=' + encodeURIComponent('{{-2|-4}|-7}') + '&build=10');
  await stepIs(10);
  assert.match(await textOf('construction-caption'), /Each player keeps the best taxed move/);
  await page.click(tid('construction-forward'));
  await stepIs(11);
  assert.match(page.url(), /build=11/);
  // Export the step as SVG and PNG.
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click(tid('construction-plot-svg'))]);
  assert.equal(svg.suggestedFilename(), 'construction-step.svg');
  const [png] = await Promise.all([page.waitForEvent('download'), page.click(tid('construction-plot-png'))]);
  assert.equal(png.suggestedFilename(), 'construction-step.png');
  // A canvas picture exports PNG, and its SVG is vector.
  await page.goto(base + '?page=mt-search&mt=fig7&n=3');
  await page.waitForSelector(tid('mt-walls-canvas'));
  // The arrow key steps MT-search and the caption says what the path changed.
  await page.locator('body').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid="mt-caption"]')?.textContent.startsWith('Path 4, '));
  assert.match(await textOf('mt-caption'), /the mean|the temperature/);
  const [mt] = await Promise.all([page.waitForEvent('download'), page.click(tid('mt-walls-canvas-svg'))]);
  const text = readFileSync(await mt.path(), 'utf8');
  assert.ok(text.startsWith('<svg') && text.includes('<polyline'), text.slice(0, 200));
  // The Hackenbush board's SVG keeps the stylesheet's colours and dashes.
  await page.goto(base + '?page=hackenbush');
  await page.waitForSelector(tid('hb-canvas'));
  const [hb] = await Promise.all([page.waitForEvent('download'), page.click(tid('hb-canvas-svg'))]);
  const board = readFileSync(await hb.path(), 'utf8');
  assert.match(board, /stroke:\s*rgb\(31, 90, 200\)/, board.slice(0, 400));
  assert.match(board, /stroke-dasharray:\s*10/);
});

const PAGES = [
  ['explorer', '?g=' + encodeURIComponent('14|2|||-2||-14|-16'), 'game-input'],
  ['heapgo', '?page=heapgo', 'heap-board'],
  ['mt-search', '?page=mt-search&n=10', 'mt-walls-canvas'],
  ['hackenbush', '?page=hackenbush', 'hb-canvas'],
  ['sums', '?page=sums', 'sum-components'],
  ['game', '?page=game', 'dom-board'],
];

test('Accessibility: axe-core finds no serious or critical violation on any page, in both themes', { timeout: 180_000 }, async () => {
  const report = [];
  for (const theme of ['light', 'dark']) {
    for (const [name, query, ready] of PAGES) {
      await page.goto(base + query);
      // The app reads the remembered theme when it starts, so the canvases
      // draw in that theme's palette too (not only the stylesheet's parts).
      await page.evaluate((t) => localStorage.setItem('cgt-theme', t), theme);
      await page.reload();
      await page.waitForSelector(tid(ready));
      await page.evaluate((t) => { document.documentElement.setAttribute('data-theme', t); }, theme);
      await page.waitForTimeout(300);
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => {
        const r = await window.axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      });
      for (const v of violations) report.push(`${theme} ${name}: ${v}`);
      await page.screenshot({ path: path.join(OUT, `${theme}-${name}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.removeItem('cgt-theme'));
  assert.deepEqual(report, [], report.join('\n'));
});

test('Screenshots at 1280x720 and 390x844: nothing wider than the screen', { timeout: 180_000 }, async () => {
  for (const [w, h] of [[1280, 720], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    for (const [name, query, ready] of PAGES) {
      await page.goto(base + query);
      await page.waitForSelector(tid(ready));
      await page.waitForTimeout(400);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${name} at ${w}x${h}: the page is ${overflow}px wider than the screen`);
      await page.screenshot({ path: path.join(OUT, `screen-${name}-${w}x${h}.png`) });
    }
    // A lesson in presentation mode on this screen.
    await page.goto(base + '?lesson=sente&ls=1&g=' + encodeURIComponent('{{-2|-4}|-7}'));
    await page.waitForSelector(tid('lesson-bar'));
    await page.keyboard.press('p');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `lesson at ${w}x${h}: ${overflow}px too wide`);
    await page.screenshot({ path: path.join(OUT, `screen-lesson-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1360, height: 960 });
});
