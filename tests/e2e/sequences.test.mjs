// End-to-end tests of the Nim sequences page (issue 46) against the
// release build (harness in harness.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OUT, base, page, tid, textOf, expectText } from './harness.mjs';

async function typeRule(rule, n) {
  await page.fill(tid('seq-rule'), rule);
  if (n !== undefined) await page.fill(tid('seq-length'), String(n));
}

/** Ink on the plot: pixels that differ from its top-left (background) pixel. */
function plotInk() {
  return page.evaluate(() => {
    const c = document.querySelector('[data-testid="seq-plot"]');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) ink++;
    return { ink, width: c.width, height: c.height };
  });
}

test('Nim sequences: Kayles typed, its period 12 from 71 proven, the table, the plot and the CSV', { timeout: 180_000 }, async () => {
  await page.goto(base + '?page=sequences&sr=grundy&sn=100');
  await page.waitForSelector(tid('seq-table'));
  await expectText('seq-status', 'no period seen');
  // Type Kayles: the period and preperiod the core computes, proven.
  await typeRule('0.77', 200);
  await expectText('seq-period', '12');
  assert.equal(await textOf('seq-preperiod'), '71');
  assert.equal(await textOf('seq-saltus'), '0');
  assert.equal(await textOf('seq-status'), 'proven');
  assert.match(await textOf('seq-proof'), /^Proven by the Guy-Smith periodicity theorem \(Guy and Smith, 1956\): G\(n \+ 12\) = G\(n\) holds for 71 ≤ n < 156/);
  assert.match(await textOf('seq-source'), /^Published: OEIS A002186 .* the values computed here agree\.$/);
  assert.match(await textOf('seq-title'), /^Kayles \(0\.77\): G\(0\) to G\(200\)$/);
  assert.match(await textOf('seq-exceptions'), /n = 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70 \(14 in all\)/);
  assert.match(await page.locator(tid('seq-describe')).textContent(), /Remove 1 or 2 tokens from one heap/);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('page'), 'sequences');
  assert.equal(url.searchParams.get('sr'), '0.77');
  assert.equal(url.searchParams.get('sn'), '200');
  // The table: rows of the period, the preperiod and the first period
  // shaded, the exceptions outlined, a period starting at 71.
  assert.equal(await page.locator(`${tid('seq-table')} thead th`).count(), 13);
  assert.equal(await page.locator(`${tid('seq-table')} tbody tr`).count(), 17);
  const cls = (n) => page.locator(tid(`seq-n-${n}`)).evaluate((a) => a.parentElement.className);
  assert.equal(await cls(70), 'pre exc');
  assert.equal(await cls(71), 'first pstart');
  assert.equal(await cls(83), 'periodic pstart');
  assert.equal(await cls(1), 'pre');
  assert.equal(await textOf('seq-n-5'), '4');
  // The plot is drawn.
  const ink = await plotInk();
  assert.ok(ink.ink > 2000, `the plot has ${ink.ink} drawn pixels of ${ink.width}x${ink.height}`);
  await page.screenshot({ path: path.join(OUT, 'sequences.png'), fullPage: true });
  // The dark theme: the plot redrawn on the dark background.
  await page.click(tid('theme-toggle'));
  await page.waitForTimeout(400);
  const dark = await page.evaluate(() => {
    const c = document.querySelector('[data-testid="seq-plot"]');
    return Array.from(c.getContext('2d').getImageData(2, 2, 1, 1).data);
  });
  assert.ok(dark[0] < 60 && dark[1] < 60 && dark[2] < 80, `dark background ${dark}`);
  await page.screenshot({ path: path.join(OUT, 'sequences-dark.png'), fullPage: true });
  await page.click(tid('theme-toggle'));
  // A phone: nothing wider than the screen (the table scrolls in its card).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than a phone`);
  await page.screenshot({ path: path.join(OUT, 'sequences-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1360, height: 960 });
  // The values as CSV.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click(tid('seq-csv'))]);
  assert.equal(csv.suggestedFilename(), 'nim-sequence-0.77-0-200.csv');
  const text = readFileSync(await csv.path(), 'utf8');
  assert.ok(text.startsWith('n,G(n)\n0,0\n1,1\n2,2\n3,3\n4,1\n5,4\n'), text.slice(0, 60));
  assert.equal(text.trim().split('\n').length, 202);
  // Rows of 10 on request, in the URL.
  await page.selectOption(tid('seq-width'), '10');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="seq-table"] thead th').length === 11);
  assert.equal(new URL(page.url()).searchParams.get('sw'), '10');
  // A heap opens on the Games page.
  const href = await page.locator(tid('seq-n-5')).getAttribute('href');
  const linked = new URLSearchParams(href.slice(href.indexOf('?')));
  assert.deepEqual([linked.get('page'), linked.get('r'), linked.get('p')], ['game', 'heaps', '0.77: 5']);
  await page.click(tid('seq-n-5'));
  await page.waitForFunction(() => new URLSearchParams(location.search).get('page') === 'game');
  const game = new URL(page.url()).searchParams;
  assert.deepEqual([game.get('r'), game.get('p')], ['heaps', '0.77: 5']);
});

test('Nim sequences: a bad rule names its column; a long computation shows progress, keeps the page live and cancels', { timeout: 180_000 }, async () => {
  await page.goto(base + '?page=sequences');
  await expectText('seq-period', '12');
  await typeRule('0.7x');
  await page.waitForFunction(() => document.querySelector('[data-testid="seq-error"]')?.textContent.includes('column 4'));
  assert.match(await textOf('seq-error'), /^column 4: expected a digit 0-9 or A-F, '\[' or the end of the code, found 'x'/);
  assert.equal(await page.locator(`${tid('seq-error')} mark`).textContent(), 'x');
  assert.equal(await page.getAttribute(tid('seq-rule'), 'aria-invalid'), 'true');
  assert.match(await textOf('seq-stale'), /the last rule that was read, 0\.77/);
  assert.equal(new URL(page.url()).searchParams.get('sr'), '0.77', 'the URL keeps the last rule read');
  // N past the page's limit.
  await typeRule('0.77', 'lots');
  await page.waitForFunction(() => document.querySelector('[data-testid="seq-error"]')?.textContent.includes('N must be'));
  // Grundy's game to 200,000: sliced, with progress; the page answers
  // timers meanwhile; Cancel shows what was computed.
  await typeRule('grundy', 200000);
  await page.waitForSelector(tid('seq-progress'), { timeout: 30_000 });
  const gap = await timerGap();
  // A freeze check, not a speed limit (that is the benchmarks' job): a
  // page computing on its thread without slices would block the whole
  // window; a busy machine may delay a timer, not that long.
  assert.ok(gap < 800, `the page was unresponsive for ${gap} ms`);
  assert.match(await textOf('seq-progress-text'), /^G\([\d,]+\) of G\(200,000\)$/);
  await page.click(tid('seq-cancel'));
  await page.waitForSelector(tid('seq-cancelled'));
  assert.match(await textOf('seq-cancelled'), /^Cancelled at G\([\d,]+\): below are the values computed so far\./);
  assert.equal(await page.locator(tid('seq-progress')).count(), 0);
  assert.match(await textOf('seq-title'), /^Grundy's game \(grundy\): G\(0\) to G\([\d,]+\)$/);
  assert.equal(new URL(page.url()).searchParams.get('sn'), '200000');
  await page.screenshot({ path: path.join(OUT, 'sequences-cancelled.png') });
});

/** The longest gap between 10 ms timers over one second on the page. */
function timerGap() {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = performance.now();
        let max = 0;
        const t = setInterval(() => {
          const now = performance.now();
          max = Math.max(max, now - last);
          last = now;
        }, 10);
        setTimeout(() => {
          clearInterval(t);
          resolve(max);
        }, 1000);
      }),
  );
}

test('Misère quotient: Kayles to heap 80 runs in the worker with progress heap by heap; the page stays live; Cancel stops it', { timeout: 180_000 }, async () => {
  await page.goto(base + '?page=sequences&sr=0.77&sn=100&sq=80');
  await page.waitForFunction(() => /^Heap [1-9]\d* of 80: order \d+ so far/.test(document.querySelector('[data-testid="quotient-progress"]')?.textContent ?? ''), null, { timeout: 60_000 });
  const first = Number((await textOf('quotient-progress')).match(/^Heap (\d+)/)[1]);
  // A heap of Kayles past 30 takes the engine a good part of a second: on
  // the page's thread it would block the window between heaps.
  const gap = await timerGap();
  assert.ok(gap < 800, `the page was unresponsive for ${gap} ms`);
  await page.waitForFunction((h) => Number(document.querySelector('[data-testid="quotient-progress"]')?.textContent.match(/^Heap (\d+)/)?.[1]) > h, first, { timeout: 60_000 });
  await page.click(tid('quotient-cancel'));
  await page.waitForSelector(tid('quotient-cancelled'));
  assert.equal(await page.locator(tid('quotient-progress')).count(), 0);
  // The sequence's card is untouched, and a smaller bound computes.
  assert.equal(await textOf('seq-period'), '12');
  await page.fill(tid('quotient-bound'), '12');
  await page.click(tid('quotient-compute'));
  await expectText('quotient-order', '24');
  assert.equal(new URL(page.url()).searchParams.get('sq'), '12');
});

test('Nim sequences: a link with a malformed length is named and opens at the default', { timeout: 60_000 }, async () => {
  await page.goto(base + '?page=sequences&sr=sub%3A1%2C3%2C4&sn=x');
  await page.waitForSelector(tid('link-notes'));
  assert.equal(await page.locator(`${tid('link-note')}[data-key="sn"]`).count(), 1);
  await expectText('seq-period', '7');
  assert.equal(await textOf('seq-status'), 'proven');
  assert.match(await textOf('seq-title'), /^sub:1,3,4: G\(0\) to G\(200\)$/);
});

test('Misère quotient: 0.75 to heap 30 computed on the page, as Plambeck (2005) publishes it; the bound is in the link', { timeout: 120_000 }, async () => {
  await page.goto(base + '?page=sequences&sr=0.75&sn=100');
  await page.waitForSelector(tid('seq-quotient'));
  await page.fill(tid('quotient-bound'), '30');
  await page.click(tid('quotient-compute'));
  await expectText('quotient-order', '8');
  assert.equal(new URL(page.url()).searchParams.get('sq'), '30');
  assert.equal(await textOf('quotient-p'), '{a, b²}');
  assert.equal(await textOf('quotient-presentation'), '⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩');
  assert.match(await textOf('quotient-source'), /^Published: Plambeck \(2005\)/);
  await page.locator(tid('seq-quotient')).screenshot({ path: path.join(OUT, 'sequences-quotient.png') });
  // The link reopens with the quotient computed; a bound past the limit is named.
  await page.goto(base + '?page=sequences&sr=0.%5B3%5D&sn=20&sq=3');
  await expectText('quotient-order', '6');
  assert.equal(await textOf('quotient-p'), '{a, b²}');
  await page.goto(base + '?page=sequences&sr=0.75&sq=5000');
  await page.waitForSelector(`${tid('link-note')}[data-key="sq"]`);
});
