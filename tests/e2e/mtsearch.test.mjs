// End-to-end tests of the MT-search page's issue 23 defects against the
// release build (harness in harness.mjs): the caption always describes the
// state shown, the notation is explained where it appears, the explored
// tree's labels never overlap and its highlighted path stands out in both
// themes. (The page's older tests are in heapgo-mt.test.mjs.)
//
// Run: `node --test tests/e2e/mtsearch.test.mjs`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, T, base, page, tid, textOf, expectText } from './harness.mjs';

const DEFAULT_SUM = 'b5,r3,b2/r7,b1/b4,r6';

async function openMt(query) {
  await page.goto(base + query);
  await page.waitForSelector(tid('mt-nodes'));
}

/** The caption once it starts with `prefix` (it follows the run). */
async function captionStarting(prefix) {
  try {
    await page.waitForFunction(
      (p) => document.querySelector('[data-testid="mt-caption"]')?.textContent.startsWith(p),
      prefix,
      { timeout: 30_000 },
    );
  } catch {
    assert.fail(`the caption should start with ${JSON.stringify(prefix)}: ${JSON.stringify(await textOf('mt-caption'))}`);
  }
  return textOf('mt-caption');
}

/** The caption says the state shown: the paths added, and the last one. */
async function captionMatchesState() {
  const n = Number(await textOf('mt-nodes'));
  if (n === 0) {
    const c = await captionStarting('No path yet');
    assert.ok(c.includes(await textOf('mt-mean-bounds')), `the caption gives the mean bounds shown: ${c}`);
    return c;
  }
  const last = (await textOf('mt-last-path')).split(' = ');
  const c = await captionStarting(`Path ${n}, `);
  assert.ok(c.startsWith(`Path ${n}, ${last[0]} (value ${last[1]})`), c);
  return c;
}

test('Issue 23 (4): after Play the caption describes the last path, not the last Step', T, async () => {
  await openMt('?page=mt-search&mt=fig7');
  for (let i = 0; i < 3; i++) await page.click(tid('mt-step'));
  await expectText('mt-nodes', '3');
  await captionMatchesState();
  await page.selectOption(tid('mt-speed'), '3');
  await page.click(tid('mt-play'));
  await expectText('mt-nodes', '8');
  const c = await captionMatchesState();
  // Figure 7's end: both bounds closed by the 8th path.
  assert.match(c, /the mean is now exact: 3\/2/);
});

test('Issue 23 (4): after Reset the caption says no path is added', T, async () => {
  await openMt('?page=mt-search&mt=fig7');
  for (let i = 0; i < 8; i++) await page.click(tid('mt-step'));
  await expectText('mt-nodes', '8');
  await captionMatchesState();
  await page.click(tid('mt-reset'));
  await expectText('mt-nodes', '0');
  const c = await captionMatchesState();
  assert.doesNotMatch(c, /exact: 3\/2/);
});

test('Issue 23 (4): a change of source starts the caption again', T, async () => {
  await openMt('?page=mt-search&mt=fig7');
  for (let i = 0; i < 4; i++) await page.click(tid('mt-step'));
  await captionMatchesState();
  await page.check(tid('mt-source-heapgo'));
  await page.waitForSelector(tid('mt-heaps'));
  await expectText('mt-nodes', '0');
  await captionMatchesState();
  // And a step on the new source describes its own first path.
  await page.click(tid('mt-step'));
  await expectText('mt-nodes', '1');
  await captionMatchesState();
});

test('Issue 23 (4): a link with n=5 opens with the caption of its 5th path', T, async () => {
  await openMt('?page=mt-search&mt=fig7&n=5');
  await expectText('mt-nodes', '5');
  const c = await captionMatchesState();
  assert.ok(c.startsWith('Path 5, L2R1 (value -2): '), c);
  // A heap-go link too, replayed in slices.
  await openMt(`?page=mt-search&h=${encodeURIComponent(DEFAULT_SUM)}&ord=temperature&seed=0&n=40`);
  await expectText('mt-nodes', '40');
  await captionMatchesState();
});

test('Issue 23 (9): paths, "no such option" and ∞ are explained where they appear', T, async () => {
  await openMt('?page=mt-search&mt=fig7');
  // No bound yet: ∞, with a tooltip saying what it means.
  await expectText('mt-mean-bounds', '[-∞, ∞]');
  assert.match(await page.getAttribute(tid('mt-mean-bounds'), 'title'), /∞.*no bound yet/);
  assert.doesNotMatch(await textOf('mt-caption'), /INF/);
  // A path reads as ranks in the branch order, on hover and in a legend.
  await page.click(tid('mt-step'));
  assert.equal(await textOf('mt-last-path'), 'L1R1L1 = 8');
  const gloss = await page.locator(`${tid('mt-last-path')} code`).first().getAttribute('title');
  assert.equal(gloss, "Left's 1st option, then Right's 1st option, then Left's 1st option");
  assert.match(await textOf('mt-notation'), /L1R1L1.*Left's 1st option.*then Right's 1st/);
  // The engine's NOT_EXISTS answers, said in words, with the paper's name on hover.
  await openMt(`?page=mt-search&h=${encodeURIComponent(DEFAULT_SUM)}&ord=temperature&seed=0&n=3`);
  await expectText('mt-nodes', '3');
  // `cgt mt-search --heapgo ... --budget 3 --seed 0`: temperature bounds [4, INF].
  await expectText('mt-temp-bounds', '[4, ∞]');
  assert.match(await textOf('mt-notation'), /branch order/);
  const probes = page.locator(tid('mt-probes'));
  assert.match(await probes.textContent(), /^\d+ “no such option” answers so far/);
  assert.match(await probes.getAttribute('title'), /NOT_EXISTS/);
  const visible = await page.locator(tid('page-mt-search')).innerText();
  assert.doesNotMatch(visible, /\bINF\b/, 'no INF on the page');
});

/** Overlapping pairs of the tree's labels (boxes in the SVG's units). */
function overlaps() {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-testid="mt-tree"] text')].map((t) => {
      const b = t.getBBox();
      return { t: t.textContent, x0: b.x, x1: b.x + b.width, y0: b.y, y1: b.y + b.height };
    });
    const bad = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) bad.push(`${a.t} / ${b.t}`);
      }
    }
    return { count: boxes.length, bad };
  });
}

test('Issue 23 (11): after the full search the explored tree\'s labels do not overlap', { timeout: 120_000 }, async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openMt(`?page=mt-search&h=${encodeURIComponent(DEFAULT_SUM)}&ord=temperature&seed=0`);
  await page.selectOption(tid('mt-speed'), '3');
  await page.uncheck(tid('mt-stop-when-met'));
  await page.click(tid('mt-play'));
  await page.waitForFunction(() => /run complete/.test(document.body.textContent), null, { timeout: 90_000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="mt-tree"] circle').length > 30);
  const { count, bad } = await overlaps();
  assert.ok(count > 0, 'the tree has labels');
  assert.deepEqual(bad.slice(0, 10), [], `${bad.length} pairs of labels overlap`);
  // Every node says what it is on hover (a hidden label included).
  const untitled = await page.evaluate(() => [...document.querySelectorAll('[data-testid="mt-tree"] circle')].filter((c) => !c.querySelector('title')?.textContent).length);
  assert.equal(untitled, 0, 'nodes without a hover title');
  await page.locator(tid('mt-tree')).screenshot({ path: path.join(OUT, 'mt-tree-full.png') });
});

/** WCAG 2 contrast of two `rgb(...)` colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((x) => {
      const v = x / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

test('Issue 23 (11): the highlighted path stands out from the other edges in both themes', T, async () => {
  await openMt(`?page=mt-search&h=${encodeURIComponent(DEFAULT_SUM)}&ord=temperature&seed=0&n=40`);
  await expectText('mt-nodes', '40');
  await page.waitForSelector('[data-testid="mt-tree"] line.last');
  for (const theme of ['light', 'dark']) {
    // The theme as a user switches it (the canvases redraw in its palette).
    if ((await page.evaluate(() => document.documentElement.getAttribute('data-theme'))) !== theme) await page.click(tid('theme-toggle'));
    await page.waitForFunction((t) => document.documentElement.getAttribute('data-theme') === t, theme);
    // The plots are drawn on the theme's background, not left white boxes
    // (polled: the redraw comes when a busy machine gets to it).
    await page
      .waitForFunction((light) => {
        const c = document.querySelector('[data-testid="mt-walls-canvas"]').getContext('2d').getImageData(2, 2, 1, 1).data;
        return (c[0] + c[1] + c[2] > 600) === light;
      }, theme === 'light', { timeout: 30_000 })
      .catch(() => {});
    const corner = await page.evaluate(() => Array.from(document.querySelector('[data-testid="mt-walls-canvas"]').getContext('2d').getImageData(2, 2, 1, 1).data.slice(0, 3)));
    assert.equal(corner[0] + corner[1] + corner[2] > 600, theme === 'light', `${theme}: the walls canvas's corner is rgb(${corner})`);
    // Each edge's colour as seen: its stroke over the tree's background,
    // at its opacity.
    const seen = await page.evaluate(() => {
      const bg = getComputedStyle(document.querySelector('.tree-svg')).backgroundColor;
      const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
      const over = (line) => {
        const cs = getComputedStyle(line);
        const a = Number(cs.opacity) * Number(cs.strokeOpacity);
        const [s, b] = [rgb(cs.stroke), rgb(bg)];
        return `rgb(${s.map((x, i) => Math.round(a * x + (1 - a) * b[i])).join(', ')})`;
      };
      const last = document.querySelector('[data-testid="mt-tree"] line.last');
      const others = ['left', 'right'].map((side) => document.querySelector(`[data-testid="mt-tree"] line.${side}:not(.last)`)).filter(Boolean);
      return { bg, last: over(last), width: parseFloat(getComputedStyle(last).strokeWidth), others: others.map(over) };
    });
    assert.ok(contrast(seen.last, seen.bg) >= 4.5, `${theme}: the path ${seen.last} on ${seen.bg}: ${contrast(seen.last, seen.bg).toFixed(2)}:1`);
    for (const o of seen.others) {
      assert.ok(contrast(seen.last, o) >= 3, `${theme}: the path ${seen.last} beside an edge ${o}: ${contrast(seen.last, o).toFixed(2)}:1`);
      assert.ok(contrast(o, seen.bg) >= 3, `${theme}: an edge ${o} on ${seen.bg} stays visible: ${contrast(o, seen.bg).toFixed(2)}:1`);
    }
    assert.equal(seen.others.length, 2, 'both sides\' edges are drawn');
    assert.ok(seen.width >= 3, `${theme}: the path is bold`);
    for (const w of [1280, 390]) {
      await page.setViewportSize({ width: w, height: 900 });
      await page.locator(tid('mt-tree')).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(OUT, `mt-${w}-${theme}.png`), fullPage: true, scale: 'css' });
    }
    await page.setViewportSize({ width: 1360, height: 960 });
  }
  await page.click(tid('theme-toggle'));
  await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
});

test('Issue 21: "Beside TDS" runs TDS and MT-search on the sum in the worker and plots error against nodes', { timeout: 120_000 }, async () => {
  await openMt('?page=mt-search&h=' + encodeURIComponent('b3,r1/r4,r2/b7,b1') + '&ord=temperature&seed=0');
  await page.click(tid('tds-run'));
  await page.waitForFunction(() => /exact temperature/.test(document.querySelector('[data-testid="tds-status"]').textContent), null, { timeout: 90_000 });
  const status = await textOf('tds-status');
  // TDS to the end finds the exact temperature (15/2 for this sum, as `cgt heapgo` says).
  assert.match(status, /exact temperature 15\/2\. TDS: temperature 15\/2 in \d+ nodes/);
  const rows = await page.$$eval('[data-testid="tds-table"] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.ok(rows.length >= 5, `rungs: ${JSON.stringify(rows)}`);
  // Nodes grow rung by rung; MT-search's error ends at 0 (the whole tree).
  for (let i = 1; i < rows.length; i++) assert.ok(Number(rows[i][1]) >= Number(rows[i - 1][1]), JSON.stringify(rows));
  assert.equal(rows[rows.length - 1][2], '0.000');
  const png = await page.locator(tid('tds-canvas')).screenshot({ path: path.join(OUT, 'mt-vs-tds.png') });
  assert.ok(png.length > 3000, 'the plot is drawn');
  await page.locator(tid('tds-card')).screenshot({ path: path.join(OUT, 'mt-vs-tds-card.png') });
  // Figure 7 has no game to compare: the button is off and says why.
  await openMt('?page=mt-search&mt=fig7');
  assert.ok(await page.isDisabled(tid('tds-run')));
  assert.match(await textOf('tds-status'), /Figure 7 is a replay/);
});
