// End-to-end tests of the heap-go board and the MT-search page against the
// release build (harness in harness.mjs).
//
// Run: `node --test tests/e2e/heapgo-mt.test.mjs` (scripts/test.sh does).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, base, context, page, tid, textOf, expectText, watch } from './harness.mjs';

/** Pixel statistics of a canvas by test id. */
function inkOf(id, p = page) {
  return p.evaluate((sel) => {
    const c = document.querySelector(sel);
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    let hash = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 0 && (d[i] < 240 || d[i + 1] < 240 || d[i + 2] < 240)) ink++;
      hash = (hash * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) >>> 0;
    }
    return { ink, hash, width: c.width };
  }, tid(id));
}

async function openHeapgo(query = '?page=heapgo') {
  await page.goto(base + query);
  await page.waitForSelector(tid('heap-mean'));
  await page.waitForFunction(() => document.querySelector('[data-testid="heap-mean"]').textContent !== '');
}

async function openMt(query = '?page=mt-search') {
  await page.goto(base + query);
  await page.waitForSelector(tid('mt-nodes'));
}

test('heap-go: the default sum has its exact figures (the CLI agrees)', T, async () => {
  await openHeapgo();
  assert.equal(await page.inputValue(tid('heap-input')), 'b5,r3,b2/r7,b1/b4,r6');
  // `cgt heapgo 'b5,r3,b2/r7,b1/b4,r6'`: mean 7/2, temperature 15/2, 3676 terminals.
  await expectText('heap-mean', '7/2');
  await expectText('heap-temperature', '15/2');
  await expectText('heap-terminals', '3676');
  await expectText('heap-left-stop', '8');
  await expectText('heap-right-stop', '0');
  assert.ok((await inkOf('thermograph-canvas')).ink > 3000, 'the thermograph is drawn');
});

test('heap-go: typing a sum, a bad sum names the problem, Table 4 counts', T, async () => {
  await openHeapgo();
  // Kao et al. (2012), Table 4 / spec heap-go.md: a 2,2,2 class sum has 1,158 terminal nodes.
  await page.fill(tid('heap-input'), 'b1,r2/b3,r4/r5,b6');
  await expectText('heap-terminals', '1158');
  await page.fill(tid('heap-input'), 'b1,x2/r3');
  await page.waitForSelector(tid('heap-error'));
  assert.match(await textOf('heap-error'), /heap 1/i);
  // `cgt heapgo 'b2/r1'`: mean 0, temperature 2.
  await page.fill(tid('heap-input'), 'b2/r1');
  await expectText('heap-mean', '0');
  await expectText('heap-temperature', '2');
  assert.match(page.url(), /h=b2%2Fr1/);
});

test('heap-go: random classes and editing counters', T, async () => {
  await openHeapgo();
  await page.selectOption(tid('heap-class'), '15'); // D 2-2-2-1-1
  await page.fill(tid('heap-seed'), '4');
  await page.click(tid('heap-random'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="heap"]').length === 5);
  const text = await page.inputValue(tid('heap-input'));
  assert.equal(text.split('/').map((h) => h.split(',').length).join(','), '2,2,2,1,1');
  // A 2,2,2,1,1 sum is solved at once.
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid="heap-terminals"]').textContent));
  await page.fill(tid('heap-input'), 'b5,r3');
  await expectText('heap-mean', '3/2'); // `cgt heapgo 'b5,r3'`
  await page.check(tid('heap-edit'));
  await page.locator(tid('heap-counter')).nth(1).click();
  await page.click(tid('counter-heavier'));
  assert.equal(await page.inputValue(tid('heap-input')), 'b5,r4');
  await page.click(tid('counter-recolour'));
  assert.equal(await page.inputValue(tid('heap-input')), 'b5,b4');
  await expectText('heap-mean', '2'); // `cgt heapgo 'b5,b4'`: Right's b5 stops at Left's colour
  await page.click(tid('heap-add'));
  assert.equal(await page.inputValue(tid('heap-input')), 'b5,b4/b1');
});

test('heap-go: play against the computer; the score and the URL follow', T, async () => {
  await openHeapgo('?page=heapgo&h=b5%2Cr3%2Cb2%2Fr7%2Cb1%2Fb4%2Cr6');
  await page.click(tid('heap-take-0'));
  // Left took b5, r3 (+8); the computer (Right) answers exactly.
  await page.waitForFunction(() => /mv=L0\.R\d/.test(location.search));
  await page.waitForFunction(() => /Left to move/.test(document.querySelector('[data-testid="heap-status"]').textContent));
  assert.match(await textOf('heap-computer'), /exact/);
  const url = page.url();
  // Finish the game: always the first heap that can be taken.
  // (Each turn waits for the status to change, not for a fixed time: a
  // busy machine answers later, not differently.)
  for (let i = 0; i < 40; i++) {
    const status = await textOf('heap-status');
    if (/Game over/.test(status)) break;
    if (/Left to move/.test(status)) {
      await page.locator('.heap .take:not([disabled])').first().click();
    }
    await page.waitForFunction(
      (was) => document.querySelector('[data-testid="heap-status"]').textContent !== was,
      status,
      { timeout: 30_000 },
    );
  }
  assert.match(await textOf('heap-status'), /Game over after \d+ moves: final score/);
  // The link restores the position in mid-game.
  const fresh = watch(await context.newPage());
  await fresh.goto(url);
  await fresh.waitForSelector(tid('heap-status'));
  await fresh.waitForFunction(() => /Score so far/.test(document.querySelector('[data-testid="heap-status"]').textContent));
  assert.match(await fresh.locator(tid('heap-status')).textContent(), /Left to move \(you\)/);
  // Left's b5, r3 and the computer's answer (heap 3's b4, the exact reply
  // HeapGo::minimax lists first) are shown taken.
  assert.match(url, /mv=L0\.R2/);
  assert.equal(await fresh.locator('.counter.taken').count(), 3);
  await page.screenshot({ path: path.join(OUT, 'heapgo.png'), fullPage: true, scale: 'css' });
  await fresh.close();
});

test('MT-search: Step adds paths and the bounds narrow; both canvases draw', T, async () => {
  await openMt('?page=mt-search&h=b5%2Cr3%2Cb2%2Fr7%2Cb1%2Fb4%2Cr6&ord=temperature&seed=0');
  await expectText('mt-nodes', '0');
  await expectText('mt-mean-bounds', '[-∞, ∞]');
  for (let i = 0; i < 3; i++) await page.click(tid('mt-step'));
  await expectText('mt-nodes', '3');
  // `cgt mt-search --heapgo ... --budget 3 --seed 0` gives the same bounds.
  await expectText('mt-mean-bounds', '[0, 8]');
  await expectText('mt-temp-bounds', '[4, ∞]'); // the CLI's INF
  const walls = await inkOf('mt-walls-canvas');
  const hist = await inkOf('mt-history-canvas');
  assert.ok(walls.ink > 3000 && hist.ink > 3000, 'both pictures drawn');
  await page.waitForFunction(() => /n=3/.test(location.search));
});

test('MT-search: Play animates step by step to the exact values; Pause stops', T, async () => {
  // A 2,2,2,1,1 sum (class D), the smoothness case.
  await openMt('?page=mt-search&h=b3%2Cr5%2Fr2%2Cb7%2Fb6%2Cr1%2Fr4%2Fb8&ord=temperature&seed=1');
  await page.selectOption(tid('mt-speed'), '3'); // flat out
  // Run through where the bounds meet (Play stops there by default).
  await page.uncheck(tid('mt-stop-when-met'));
  // Every node count the page shows, and the animation frames painted
  // while it changes: the run goes in slices, each drawn.
  await page.evaluate(() => {
    const rec = { counts: [], frames: 0, stop: false };
    window.__mt = rec;
    new MutationObserver(() => {
      const n = document.querySelector('[data-testid="mt-nodes"]')?.textContent;
      if (n && rec.counts[rec.counts.length - 1] !== n) rec.counts.push(n);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    const tick = () => {
      rec.frames++;
      if (!rec.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.click(tid('mt-play'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="mt-nodes"]').textContent) > 40, null, { timeout: 60_000 });
  await page.click(tid('mt-play')); // pause
  const n1 = Number(await textOf('mt-nodes'));
  await page.waitForTimeout(300);
  assert.equal(Number(await textOf('mt-nodes')), n1, 'paused');
  const rec = await page.evaluate(() => {
    window.__mt.stop = true;
    return window.__mt;
  });
  // Frame times are measured by scripts/bench-frames.sh (a benchmark: a
  // busy machine must not fail a test); here, that Play is an animation:
  // the count rose through many values, with frames painted between.
  console.log(`MT Play: ${rec.counts.length} node counts shown over ${rec.frames} frames before Pause`);
  assert.ok(rec.counts.length >= 5, `the node count moved only ${rec.counts.length} times: ${rec.counts.join(', ')}`);
  // Play on to the end: the bounds meet at the exact values.
  await page.click(tid('mt-play'));
  await page.waitForFunction(() => /run complete/.test(document.body.textContent), null, { timeout: 45_000 });
  const exact = await textOf('mt-exact');
  const [, mean, temp] = /exact mean (\S+), temperature (\S+) /.exec(exact);
  await expectText('mt-mean-bounds', `[${mean}, ${mean}]`);
  await expectText('mt-temp-bounds', `[${temp}, ${temp}]`);
  // The sound bounds (no assumption on unseen options) hold there too: the
  // page stops at its limit of paths before the whole tree is listed, so
  // they contain the exact values without meeting yet.
  const num = (t) => (t === '∞' ? Infinity : t === '-∞' ? -Infinity : t.split('/').reduce((a, b) => Number(a) / Number(b)));
  for (const [id, x] of [['mt-sound-mean-bounds', mean], ['mt-sound-temp-bounds', temp]]) {
    const [lo, hi] = (await textOf(id)).slice(1, -1).split(', ').map(num);
    assert.ok(lo <= num(x) && num(x) <= hi, `${id} ${await textOf(id)} contains ${x}`);
  }
});

test('MT-search: the Figure 7 preset replays the paper\'s 8 paths exactly; the URL restores', T, async () => {
  await openMt('?page=mt-search&mt=fig7');
  for (let i = 0; i < 7; i++) await page.click(tid('mt-step'));
  // Figure 7's 7th row (`cgt mt-replay`).
  await expectText('mt-mean-bounds', '[1/4, 9/4]');
  await expectText('mt-temp-bounds', '[31/4, 10]');
  // The replay lists no side in full: sound bounds, which assume nothing
  // about unseen options, stay open; the page names both models.
  await expectText('mt-sound-mean-bounds', '[-∞, ∞]');
  assert.match(await page.textContent('.stats-card'), /paper's model[\s\S]*sound \(any branch order\)/);
  await page.click(tid('mt-step'));
  await expectText('mt-nodes', '8');
  await expectText('mt-mean-bounds', '[3/2, 3/2]');
  await expectText('mt-temp-bounds', '[9, 9]');
  await page.waitForFunction(() => /mt=fig7/.test(location.search) && /n=8/.test(location.search));
  // The explored tree is drawn: Figure 7's 15 nodes, the last path (root + 3) marked.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="mt-tree"] circle').length === 15);
  assert.equal(await page.locator('[data-testid="mt-tree"] circle.last').count(), 4);
  await page.screenshot({ path: path.join(OUT, 'mt-fig7.png'), fullPage: true, scale: 'css' });
  // A link to the 5th step restores it.
  const fresh = watch(await context.newPage());
  await fresh.goto(base + '?page=mt-search&mt=fig7&n=5');
  await expectText('mt-nodes', '5', fresh);
  assert.equal(await fresh.locator(tid('mt-last-path')).textContent(), 'L2R1 = -2');
  await fresh.close();
});

test('MT-search: a link replays the same run to the same point', T, async () => {
  const q = '?page=mt-search&h=b5%2Cr3%2Cb2%2Fr7%2Cb1%2Fb4%2Cr6&ord=random&seed=5&n=25';
  await openMt(q);
  await expectText('mt-nodes', '25');
  const a = [await textOf('mt-mean-bounds'), await textOf('mt-temp-bounds'), await textOf('mt-last-path')];
  await page.reload();
  await expectText('mt-nodes', '25');
  const b = [await textOf('mt-mean-bounds'), await textOf('mt-temp-bounds'), await textOf('mt-last-path')];
  assert.deepEqual(a, b);
  await page.screenshot({ path: path.join(OUT, 'mt-search.png'), fullPage: true, scale: 'css' });
});

test('MT-search on a typed game tree reaches its exact mean and temperature', T, async () => {
  await openMt('?page=mt-search&mt=tree&seed=3&g=' + encodeURIComponent('14|2|||-2||-14|-16'));
  assert.equal(await page.inputValue(tid('mt-game')), '14|2|||-2||-14|-16');
  await page.selectOption(tid('mt-speed'), '3');
  await page.uncheck(tid('mt-stop-when-met'));
  await page.click(tid('mt-play'));
  await page.waitForFunction(() => /tree fully explored/.test(document.body.textContent));
  // The explorer's figures for this game: mean -1/4, temperature 33/4.
  await expectText('mt-mean-bounds', '[-1/4, -1/4]');
  await expectText('mt-temp-bounds', '[33/4, 33/4]');
  await expectText('mt-estimate', '-1/4, 33/4');
  // A bad game names the problem.
  await page.fill(tid('mt-game'), '{4|');
  await page.press(tid('mt-game'), 'Enter');
  await page.waitForSelector(tid('mt-error'));
  assert.match(await textOf('mt-error'), /game/);
});
