// End-to-end tests of the Scale Method panel on the Hackenbush board
// (issue 6) against the release build (harness in harness.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, base, page, tid, textOf, expectText } from './harness.mjs';

async function openWith(position) {
  await page.goto(base + '?page=hackenbush&hb=' + encodeURIComponent(position));
  await page.waitForSelector(tid('scale-run'));
}

test('Scale Method: start, watch progress, cancel; then an estimate to the end', { timeout: 120_000 }, async () => {
  // A long run first (1/512, 400 playouts x 1200 iterations): cancel it.
  await openWith('stalk:brrrrrrrrr');
  await expectText('hb-value', '1/512');
  await page.fill(tid('scale-playouts'), '400');
  await page.dispatchEvent(tid('scale-playouts'), 'change');
  await page.fill(tid('scale-iterations'), '1200');
  await page.dispatchEvent(tid('scale-iterations'), 'change');
  await page.click(tid('scale-run'));
  await page.waitForSelector(tid('scale-cancel'));
  // Progress moves while the page stays usable (the work is in a worker).
  await page.waitForFunction(() => +document.querySelector('[data-testid="scale-progress"]').value > 0, null, { timeout: 20_000 });
  assert.match(await textOf('scale-progress-text'), /weighing \d+ — \d+ \/ 800 games/);
  const t0 = Date.now();
  await page.click(tid('hb-pass'));
  await expectText('hb-turn', 'Red (Right) to chop');
  const clickMs = Date.now() - t0;
  await page.click(tid('scale-cancel'));
  await expectText('scale-estimate', 'cancelled');
  assert.equal(await page.locator(tid('scale-cancel')).count(), 0);

  // Then the thesis's Table 5 settings (100 x 600) on 1/32 with pruning:
  // the estimate is right, each weighing is listed and plotted.
  await openWith('stalk:brrrrr');
  await expectText('hb-value', '1/32');
  await page.check(tid('scale-prune'));
  const t1 = Date.now();
  await page.click(tid('scale-run'));
  await page.waitForFunction(() => !['weighing…', '—'].includes(document.querySelector('[data-testid="scale-estimate"]').textContent), null, { timeout: 60_000 });
  const ms = Date.now() - t1;
  assert.equal(await textOf('scale-estimate'), '1/32');
  assert.match(await textOf('scale-exact'), /exact value 1\/32: right/);
  // Weighings: none, r, rb, rbb, rbbb, rbbbb, rbbbbb (P).
  assert.equal(await page.locator(`${tid('scale-steps')} tbody tr`).count(), 7);
  assert.equal(await page.getAttribute(tid('scale-stalk'), 'data-edges'), '6');
  console.log(`Scale Method in the browser: 1/32 (UCT 100 x 600, pruned) in ${ms} ms; a click answered in ${clickMs} ms during a run`);
  await page.locator(tid('scale-panel')).screenshot({ path: path.join(OUT, 'scale.png') });

  // Koene's (2024) Table 5 case as the thesis ran it (1/512, UCT, 100 x 600,
  // margin, no pruning): timed in the browser (the thesis: 65 s).
  await openWith('stalk:brrrrrrrrr');
  const t2 = Date.now();
  await page.click(tid('scale-run'));
  await page.waitForFunction(() => !['weighing…', '—'].includes(document.querySelector('[data-testid="scale-estimate"]').textContent), null, { timeout: 60_000 });
  console.log(`Scale Method in the browser: 1/512 (UCT 100 x 600, the thesis's method) gave ${await textOf('scale-estimate')} in ${Date.now() - t2} ms`);

  // The same case with Pure Monte Carlo (the thesis: 139 s).
  await page.selectOption(tid('scale-algo'), 'pure');
  const t3 = Date.now();
  await page.click(tid('scale-run'));
  await page.waitForFunction(() => !['weighing…', '—'].includes(document.querySelector('[data-testid="scale-estimate"]').textContent), null, { timeout: 60_000 });
  console.log(`Scale Method in the browser: 1/512 (Pure MC 100 x 600, the thesis's method) gave ${await textOf('scale-estimate')} in ${Date.now() - t3} ms`);

  // Bisection on a value with an integer part: 23/2 by the probes
  // 0 1 2 4 8 16 12 10 11 23/2 (ten weighings; the thesis's walk takes 14).
  await openWith('stalk:bbbbbbbbbbbbr');
  await expectText('hb-value', '23/2');
  await page.selectOption(tid('scale-algo'), 'pure');
  await page.fill(tid('scale-iterations'), '100');
  await page.dispatchEvent(tid('scale-iterations'), 'change');
  await page.check(tid('scale-prune'));
  await page.check(tid('scale-bisect'));
  await page.click(tid('scale-run'));
  await page.waitForFunction(() => !['weighing…', '—'].includes(document.querySelector('[data-testid="scale-estimate"]').textContent), null, { timeout: 60_000 });
  assert.equal(await textOf('scale-estimate'), '23/2');
  assert.equal(await page.locator(`${tid('scale-steps')} tbody tr`).count(), 10);
  await page.locator(tid('scale-panel')).screenshot({ path: path.join(OUT, 'scale-bisect.png') });

  // Two-Move outcome class (two blue edges = 1: L).
  await openWith('0-1:b 0-2:b');
  await page.click(tid('tm-run'));
  await page.waitForFunction(() => /^\s*[LRPN] \(/.test(document.querySelector('[data-testid="tm-outcome"]').textContent), null, { timeout: 30_000 });
  assert.match(await textOf('tm-outcome'), /^\s*L \(Blue starting wins 1\.00, Red starting wins 0\.00/);
});

// Issue 23 (7): puzzle mode ("show the value" off) hides every exact value
// on the page, this panel's too: neither the value nor whether the
// estimate hit it; showing the value again brings both back.
test('Scale Method: puzzle mode hides the exact value and the verdict', { timeout: 60_000 }, async () => {
  await openWith('stalk:br');
  await expectText('hb-value', '1/2');
  assert.match(await textOf('scale-exact'), /exact value 1\/2/);
  await page.uncheck(tid('hb-show-value'));
  await page.waitForFunction(() => !/1\/2/.test(document.querySelector('[data-testid="scale-exact"]').textContent), null, { timeout: 5_000 }).catch(() => {});
  let shown = await textOf('scale-exact');
  assert.doesNotMatch(shown, /1\/2/, 'puzzle mode: the exact value is hidden');
  assert.match(shown, /hidden/);
  // Puzzle mode hides every exact value on the page, the board's value card too.
  assert.doesNotMatch(await textOf('hb-value'), /1\/2/);
  assert.match(await textOf('hb-value'), /hidden/);
  // ... the presets' values (loading one must not give its answer away),
  // and "Add to Sums", which would show the value on the Sums page.
  assert.equal(await page.locator(tid('hb-preset-value')).count(), 0, 'puzzle mode: no preset shows its value');
  assert.ok((await page.locator(tid('hb-preset')).count()) > 0, 'the presets are still listed');
  assert.equal(await page.locator(tid('send-to-sum')).count(), 0, 'puzzle mode: no Add to Sums');
  // An estimate run in puzzle mode says nothing about the exact value.
  await page.selectOption(tid('scale-algo'), 'pure');
  await page.fill(tid('scale-playouts'), '20');
  await page.dispatchEvent(tid('scale-playouts'), 'change');
  await page.fill(tid('scale-iterations'), '20');
  await page.dispatchEvent(tid('scale-iterations'), 'change');
  await page.click(tid('scale-run'));
  await page.waitForFunction(() => !['weighing…', '—'].includes(document.querySelector('[data-testid="scale-estimate"]').textContent), null, { timeout: 30_000 });
  shown = await textOf('scale-exact');
  assert.doesNotMatch(shown, /1\/2|right|wrong/, `puzzle mode after an estimate: ${shown}`);
  // Revealing the answer shows it again, with the verdict.
  await page.check(tid('hb-show-value'));
  await page.waitForFunction(() => /exact value 1\/2: (right|wrong)/.test(document.querySelector('[data-testid="scale-exact"]').textContent), null, { timeout: 30_000 });
  assert.ok((await page.locator(tid('hb-preset-value')).count()) > 0, 'the presets show their values again');
  assert.equal(await page.locator(tid('send-to-sum')).count(), 1);
});

/** The Scale plot's canvas: CSS and bitmap sizes, the card's content width
 *  and the colour of its top-left pixel. */
/** Poll `plotStats` until `ok(stats)` holds (a redraw after a resize or a
 * theme switch comes when the machine gets to it), then return the stats. */
async function plotStatsWhen(ok, ms = 30_000) {
  const end = Date.now() + ms;
  let s = await plotStats();
  while (!ok(s) && Date.now() < end) {
    await page.waitForTimeout(100);
    s = await plotStats();
  }
  return s;
}

function plotStats() {
  return page.evaluate(() => {
    const c = document.querySelector('[data-testid="scale-plot"]');
    const card = document.querySelector('[data-testid="scale-panel"]');
    const cs = getComputedStyle(card);
    const content = card.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const px = c.getContext('2d').getImageData(2, 2, 1, 1).data;
    return { css: c.clientWidth, bitmap: c.width, dpr: window.devicePixelRatio, content, corner: [px[0], px[1], px[2]] };
  });
}

// Issue 23 (11): at 390 px the plot fills the card (it was 30 px wide)
// and its bitmap follows the container's width; in the dark theme it is
// drawn on the dark palette, not a white box.
test('Scale Method: the plot fills the card at 390 px and follows the dark theme', { timeout: 60_000 }, async () => {
  await openWith('stalk:br');
  await page.setViewportSize({ width: 390, height: 844 });
  let s = await plotStatsWhen((s) => s.css >= s.content - 2 && Math.abs(s.bitmap - s.css * s.dpr) <= 2);
  assert.ok(s.css >= Math.min(300, s.content - 2), `390 px: the plot is ${s.css} px wide in a card of ${s.content} px`);
  assert.ok(s.css >= s.content - 2, `390 px: the plot (${s.css} px) fills the card (${s.content} px)`);
  assert.ok(Math.abs(s.bitmap - s.css * s.dpr) <= 2, `the bitmap (${s.bitmap}) follows the CSS width ${s.css} x ${s.dpr}`);
  await page.locator(tid('scale-panel')).screenshot({ path: path.join(OUT, 'scale-390-light.png') });
  await page.click(tid('theme-toggle'));
  s = await plotStatsWhen((s) => s.corner.join() === [0x1b, 0x20, 0x30].join());
  assert.deepEqual(s.corner, [0x1b, 0x20, 0x30], 'dark theme: the plot on the dark palette\'s background');
  await page.locator(tid('scale-panel')).screenshot({ path: path.join(OUT, 'scale-390-dark.png') });
  // Wide again: the bitmap grows with the card.
  await page.setViewportSize({ width: 1280, height: 800 });
  s = await plotStatsWhen((s) => s.css >= 500 && Math.abs(s.bitmap - s.css * s.dpr) <= 2);
  assert.ok(s.css >= 500, `1280 px: the plot is ${s.css} px wide`);
  assert.ok(Math.abs(s.bitmap - s.css * s.dpr) <= 2, `1280 px: the bitmap (${s.bitmap}) follows the CSS width ${s.css} x ${s.dpr}`);
  await page.locator(tid('scale-panel')).screenshot({ path: path.join(OUT, 'scale-1280-dark.png') });
  await page.click(tid('theme-toggle'));
  await page.waitForTimeout(300);
  await page.locator(tid('scale-panel')).screenshot({ path: path.join(OUT, 'scale-1280-light.png') });
  await page.setViewportSize({ width: 1360, height: 960 });
});
