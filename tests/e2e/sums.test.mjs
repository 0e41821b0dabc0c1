// End-to-end tests of the Sums page (issue 7) against the release build
// (harness in harness.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, base, page, tid, textOf, expectText } from './harness.mjs';

async function openSum(sum) {
  await page.goto(base + '?page=sums&s=' + encodeURIComponent(sum));
  await page.waitForSelector(tid('sum-components'));
}

test('Sums: exact values, bounds, B* and play on the sums of Müller (2025) and Yedwab (1985)', { timeout: 120_000 }, async () => {
  // Müller's (2025) counterexample: VL 1 by the sente move, VR -3.
  await openSum('{4|0} + {{10|-3}|-5}');
  await expectText('sum-vl', '1');
  await expectText('sum-vr', '-3');
  assert.equal(await textOf('sum-best-left'), 'component 2 → {10|-3}');
  assert.equal(await page.locator(`${tid('sum-components')} > li`).count(), 2);
  assert.equal(await page.locator(`${tid('sum-bounds')} tbody tr`).count(), 4);
  assert.match(await textOf('bound-hanner'), /\[-1, 1\]/);
  assert.ok((await page.innerHTML(tid('sum-bounds-plot'))).includes('<svg'));
  assert.ok((await page.innerHTML(tid('sum-thermostatic-plot'))).includes('<svg'));

  // Play as Left against greedy... the computer plays Right by sentestrat;
  // the sente move first, then the gote: +1.
  await page.click(tid('sum-play'));
  await page.click('button:has-text("component 2 → {10|-3}")');
  await page.waitForFunction(() => document.querySelector('[data-testid="sum-play-log"]').children.length === 2);
  await page.click('button:has-text("component 1 → 4")');
  await expectText('sum-play-score', 'score 1');
  // The game is in the URL: a reload replays it.
  assert.match(page.url(), /sp=LL_sentestrat_1-0\.1-0\.0-0/);
  await page.reload();
  await expectText('sum-play-score', 'score 1');
  assert.equal(await page.locator(`${tid('sum-play-log')} li`).count(), 3);
  await page.click(tid('sum-tournament-run'));
  assert.equal(await page.locator(`${tid('sum-tournament')} tbody tr`).count(), 5);
  const greedyRow = await page.locator(`${tid('sum-tournament')} tbody tr`).first().textContent();
  assert.match(greedyRow, /^greedy-1 \/ -3/);
  await page.screenshot({ path: path.join(OUT, 'sums.png'), fullPage: true });

  // Yedwab's (1985) B* example via the preset: H33's move proved with 7 nodes.
  await page.selectOption(tid('sum-preset'), { label: 'B* example H33 + H34 + H35' });
  await expectText('sum-vl', '20');
  assert.match(page.url(), /s=/);
  await page.click(tid('bstar-run'));
  await expectText('bstar-result', 'proved component 1 → {40|10}');
  assert.equal(await textOf('bstar-nodes'), '7');
  const ab = Number(await textOf('alphabeta-nodes'));
  assert.ok(ab > 7, `alpha-beta ${ab}`);
  assert.match(await textOf('bstar-step'), /step 1 of 2: expand the root/);
  assert.match(await page.locator(tid('bstar-steps')).textContent(), /\[8, 26\]/);
  await page.click(tid('bstar-next'));
  assert.match(await textOf('bstar-step'), /step 2 of 2: Disprove-Rest/);
  assert.match(await page.locator(tid('bstar-steps')).textContent(), /\[-1, 2\]/);
  // The tree itself, drawn at this step: 7 nodes, the runner-up now [-1, 2].
  const tree = await page.innerHTML(tid('bstar-tree'));
  assert.ok(tree.includes('[-1, 2]') && tree.includes('1 → {40|10}'), tree.slice(0, 300));
  await page.click(tid('bstar-prev'));
  assert.ok((await page.innerHTML(tid('bstar-tree'))).includes('[-1, 43/2]'));
  await page.click(tid('bstar-next'));
  console.log(`B* on Yedwab's (1985) example: 7 nodes; alpha-beta ${ab} nodes`);
  await page.locator(tid('page-sums')).screenshot({ path: path.join(OUT, 'sums-bstar.png') });

  // Bad input names the component; editing a component rewrites the sum.
  await page.fill(tid('sum-input'), '4|0 + {1|');
  await page.dispatchEvent(tid('sum-input'), 'change');
  await page.waitForFunction(() => document.querySelector('[data-testid="sum-error"]').textContent.startsWith('component 2'));
  await page.fill(tid('sum-input'), '2|0 + 5|4');
  await page.dispatchEvent(tid('sum-input'), 'change');
  await expectText('sum-vl', '6');
  await page.fill(tid('sum-add'), '*');
  await page.click(tid('sum-add-btn'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="sum-components"] > li').length === 3);
  assert.equal(await page.inputValue(tid('sum-input')), '2|0 + 5|4 + *');
});

test('Sums: 8 random depth-3 components answer in the worker, the page stays live', { timeout: 120_000 }, async () => {
  await openSum('0');
  const t0 = Date.now();
  await page.selectOption(tid('sum-preset'), { label: '8 random depth-3 components' });
  // The page answers while the worker searches.
  await page.click(tid('sum-tournament-run'));
  await page.waitForFunction(() => /^-?\d+(\/\d+)?$/.test(document.querySelector('[data-testid="sum-vl"]').textContent), null, { timeout: 60_000 });
  const ms = Date.now() - t0;
  assert.equal(await textOf('sum-vl'), '0');
  assert.equal(await textOf('sum-vr'), '-2');
  assert.match(await textOf('sum-status'), /^exact, \d+ positions searched/);
  console.log(`Sums: exact VL of 8 random depth-3 components in ${ms} ms (with a tournament on the main thread)`);
});

test('Sums: play as Right, components sent from the explorer, heap-go and Hackenbush', { timeout: 120_000 }, async () => {
  // You play Right and Right starts; the computer (Left, exact) answers.
  await openSum('{4|0} + {{10|-3}|-5}');
  await page.selectOption(tid('sum-you'), 'R');
  await page.selectOption(tid('sum-first'), 'R');
  await page.selectOption(tid('sum-strategy'), 'exact');
  await page.click(tid('sum-play'));
  await expectText('sum-play-turn', 'your move (Right)');
  // Right's best is -3 (VR): the gote move to 0 in {4|0} ...
  await page.click('button:has-text("component 1 → 0")');
  await page.waitForFunction(() => document.querySelector('[data-testid="sum-play-log"]').children.length >= 2);
  assert.match(page.url(), /sp=RR_exact_0-0/);
  while (!(await textOf('sum-play-score'))) {
    await page.locator(`${tid('page-sums')} [data-testid^="sum-move-"]`).first().click();
    await page.waitForTimeout(50);
  }
  assert.match(await textOf('sum-play-score'), /^score -?\d+/);
  const logLen = await page.locator(`${tid('sum-play-log')} li`).count();
  await page.click(tid('sum-undo'));
  assert.ok((await page.locator(`${tid('sum-play-log')} li`).count()) < logLen);
  // A broken record in a link names the move.
  await page.goto(base + '?page=sums&s=' + encodeURIComponent('{4|0} + *') + '&sp=LL_exact_7-0');
  await expectText('sum-play-error', 'game record, move 1 (`7-0`): the sum has 2 components');

  // From the explorer: the typed game becomes a component.
  await page.goto(base + '?g=' + encodeURIComponent('{5|-5}') + '&page=explorer');
  await page.waitForSelector(tid('send-to-sum'));
  await page.click(tid('send-to-sum'));
  await page.waitForSelector(tid('sum-components'));
  const sum1 = await page.inputValue(tid('sum-input'));
  // A fresh page's example sum is replaced by the first add (issue 43).
  assert.equal(sum1, '{5|-5}');
  const n1 = await page.locator(`${tid('sum-components')} > li`).count();

  // From heap-go: every heap, in canonical form.
  await page.click(tid('tab-heapgo'));
  await page.click(tid('send-to-sum'));
  await page.waitForSelector(tid('sum-components'));
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="sum-components"] > li').length === n + 3, n1);

  // From Hackenbush: the position's value.
  await page.click(tid('tab-hackenbush'));
  const v = await (async () => { await page.waitForFunction(() => document.querySelector('[data-testid="hb-value"]')?.textContent.trim()); return textOf('hb-value'); })();
  await page.click(tid('send-to-sum'));
  await page.waitForSelector(tid('sum-components'));
  assert.ok((await page.inputValue(tid('sum-input'))).endsWith(' + ' + v), v);
  await page.waitForFunction(() => /^-?\d/.test(document.querySelector('[data-testid="sum-vl"]').textContent));
  await page.locator(tid('page-sums')).screenshot({ path: path.join(OUT, 'sums-sent.png') });
});

// Issue 23: what a new user trips over on the Sums page.

const GREEDY = '{4|0} + {{10|-3}|-5}';
const BSTAR = '{{40|10}|-20} + {{{31|21}|20}|-15} + {{4|-2}|-5}';
const sumParam = () => new URL(page.url()).searchParams.get('s');
const rows = () => page.locator(`${tid('sum-components')} > li`).count();

test('Sums (issue 23.5): a bad component is refused by name; the sum updates as you type and keeps its panels', { timeout: 120_000 }, async () => {
  await openSum(GREEDY);
  await expectText('sum-vl', '1');
  // Add refuses `{3|`, naming the component and what was expected; the sum stays.
  await page.fill(tid('sum-add'), '{3|');
  await page.click(tid('sum-add-btn'));
  await page.waitForFunction(() => /component 3: column \d+: expected/.test(document.querySelector('[data-testid="sum-add-error"]')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.equal(await page.inputValue(tid('sum-input')), GREEDY);
  assert.equal(sumParam(), GREEDY);
  assert.equal(await rows(), 2);
  assert.equal(await textOf('sum-vl'), '1');
  assert.equal(await page.inputValue(tid('sum-add')), '{3|', 'the refused text stays to be fixed');
  // Fixed, it is added (and the error goes).
  await page.fill(tid('sum-add'), '{3|1}');
  await page.press(tid('sum-add'), 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="sum-components"] > li').length === 3, null, { timeout: 30_000 });
  assert.equal(await page.locator(tid('sum-add-error')).count(), 0);
  // Typing updates the page after a short pause, without Enter or leaving the field.
  await page.fill(tid('sum-input'), '2|0 + 5|4');
  await expectText('sum-vl', '6');
  assert.equal(sumParam(), '2|0 + 5|4');
  // A broken text: its error beside the last valid sum's panels (never blank).
  await page.fill(tid('sum-input'), '2|0 + {5|');
  await page.waitForFunction(() => document.querySelector('[data-testid="sum-error"]').textContent.startsWith('component 2: column'), null, { timeout: 30_000 });
  await page.waitForTimeout(600);
  assert.equal(await page.inputValue(tid('sum-input')), '2|0 + {5|', 'the typed text stays');
  assert.equal(await textOf('sum-vl'), '6');
  assert.equal(await rows(), 2);
  assert.equal(await page.locator(`${tid('sum-bounds')} tbody tr`).count(), 4);
  assert.match(await textOf('sum-shown'), /2\|0 \+ 5\|4/);
  assert.equal(sumParam(), '2|0 + 5|4', 'the link keeps the sum on show');
  // A bad edit of one component is refused the same way.
  await page.fill(tid('sum-component-0'), '{1');
  await page.dispatchEvent(tid('sum-component-0'), 'change');
  await page.waitForFunction(() => document.querySelector('[data-testid="sum-error"]').textContent.startsWith('component 1: column'), null, { timeout: 30_000 });
  assert.equal(sumParam(), '2|0 + 5|4');
  await page.locator(tid('page-sums')).screenshot({ path: path.join(OUT, 'sums-bad-input.png') });
});

test('Sums (issue 23.9): a move reads "component 2 → {10|-3}", components counted from 1', { timeout: 120_000 }, async () => {
  await openSum(GREEDY);
  await expectText('sum-best-left', 'component 2 → {10|-3}');
  assert.equal(await textOf('sum-best-right'), 'component 1 → 0');
  await page.click(tid('sum-play'));
  await page.click('button:has-text("component 2 → {10|-3}")');
  await page.waitForFunction(() => document.querySelector('[data-testid="sum-play-log"]').children.length === 2);
  assert.match(await page.locator(tid('sum-play-log')).textContent(), /you \(Left\): component 2 → \{10\|-3\}/);
  await openSum(BSTAR);
  await page.click(tid('bstar-run'));
  await expectText('bstar-result', 'proved component 1 → {40|10}');
  assert.match(await page.locator(tid('bstar-steps')).textContent(), /component 1 → \{40\|10\}/);
});

test('Sums (issue 23.2): the end of a game says who won', { timeout: 120_000 }, async () => {
  const at = async (sum, sp) => {
    await page.goto(base + '?page=sums&s=' + encodeURIComponent(sum) + '&sp=' + sp);
    await page.waitForFunction(() => document.querySelector('[data-testid="sum-play-score"]')?.textContent.startsWith('score'));
    return textOf('sum-play-turn');
  };
  // The sente move first: +1, Left (you) wins.
  assert.match(await at(GREEDY, 'LL_sentestrat_1-0.1-0.0-0'), /Right, to move, has no move left.*Left \(you\) wins by 1/);
  assert.equal(await page.locator(`${tid('page-sums')} [data-testid^="sum-move-"]`).count(), 0);
  await page.locator(tid('page-sums')).screenshot({ path: path.join(OUT, 'sums-game-over.png') });
  // Greedy's game: -1, Right (the computer) wins.
  assert.match(await at(GREEDY, 'LL_sentestrat_0-0.1-0'), /Left, to move, has no move left.*Right \(the computer\) wins by 1/);
  // Score 0: a draw.
  assert.match(await at('{1|-1} + {1|-1}', 'LL_exact_0-0.1-0'), /a draw/);
});

test('Sums (issue 23.13): Copy link; a link reopens B* at the same step', { timeout: 120_000 }, async () => {
  await openSum(BSTAR);
  await page.click(tid('bstar-run'));
  await page.waitForSelector(tid('bstar-step'));
  await page.click(tid('bstar-next'));
  await page.waitForFunction(() => new URL(location.href).searchParams.get('bs') === 'hanner.2', null, { timeout: 30_000 });
  await page.click(tid('share-link'));
  const href = await page.inputValue(tid('share-url'));
  assert.equal(href, page.url());
  await page.waitForFunction(() => !/Copying/.test(document.querySelector('[data-testid="share-status"]').textContent));
  await page.goto(href);
  await page.waitForSelector(tid('bstar-step'));
  assert.match(await textOf('bstar-step'), /^step 2 of 2: Disprove-Rest/);
  assert.ok((await page.innerHTML(tid('bstar-tree'))).includes('[-1, 2]'));
  // The ranges come from the link too; a step past the end is the last; nonsense is ignored.
  await page.goto(base + '?page=sums&s=' + encodeURIComponent(BSTAR) + '&bs=tightest.1');
  await page.waitForSelector(tid('bstar-step'));
  assert.equal(await page.inputValue(tid('bstar-ranges')), 'tightest');
  assert.match(await textOf('bstar-step'), /^step 1 of /);
  await page.goto(base + '?page=sums&s=' + encodeURIComponent(BSTAR) + '&bs=hanner.999');
  await page.waitForSelector(tid('bstar-step'));
  assert.match(await textOf('bstar-step'), /^step 2 of 2/);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('bs') === 'hanner.2', null, { timeout: 30_000 });
  await page.goto(base + '?page=sums&s=' + encodeURIComponent(BSTAR) + '&bs=' + encodeURIComponent('<x>.-1'));
  await expectText('sum-vl', '20');
  assert.equal(await page.locator(tid('bstar-step')).count(), 0);
  // A new sum ends the search (and its key).
  await page.goto(base + '?page=sums&s=' + encodeURIComponent(BSTAR) + '&bs=hanner.1');
  await page.waitForSelector(tid('bstar-step'));
  await page.selectOption(tid('sum-preset'), { label: 'Greedy fails' });
  await expectText('sum-vl', '1');
  assert.equal(await page.locator(tid('bstar-step')).count(), 0);
  assert.equal(new URL(page.url()).searchParams.get('bs'), null);
});

test('Sums (issue 23.11): the tournament table scrolls inside its card at 390 px', { timeout: 120_000 }, async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSum(GREEDY);
  await page.click(tid('sum-tournament-run'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="sum-tournament"] tbody tr').length === 5);
  const m = await page.evaluate(() => {
    const table = document.querySelector('[data-testid="sum-tournament"]');
    const scrolls = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
    const box = scrolls(table) ? table : table.parentElement;
    const card = table.closest('.card');
    box.scrollLeft = box.scrollWidth;
    const cells = table.querySelectorAll('thead th');
    const last = cells[cells.length - 1].getBoundingClientRect();
    const b = box.getBoundingClientRect();
    // Each cell on one line (no "-1 /" over "-3").
    const lines = (cell) => {
      const r = document.createRange();
      r.selectNodeContents(cell);
      return new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size;
    };
    const wrapped = [...table.querySelectorAll('td, th')].filter((c) => lines(c) > 1).map((c) => c.textContent);
    // Left's strategy (the row's header) stays in view, scrolled to the end.
    const head = table.querySelector('tbody th').getBoundingClientRect();
    return { scrolls: scrolls(box), sw: box.scrollWidth, cw: box.clientWidth, boxLeft: b.left, boxRight: b.right, cardRight: card.getBoundingClientRect().right, lastRight: last.right, lastWidth: last.width, vw: window.innerWidth, wrapped, headLeft: head.left };
  });
  const info = JSON.stringify(m);
  assert.ok(m.sw > m.cw && m.scrolls, `the table is wider than its box, which scrolls: ${info}`);
  assert.ok(m.boxRight <= m.cardRight + 0.5 && m.cardRight <= m.vw + 0.5, `the box stays inside its card and the screen: ${info}`);
  assert.deepEqual(m.wrapped, [], `cells on one line: ${info}`);
  assert.ok(m.headLeft >= m.boxLeft - 1, `the row's strategy stays in view: ${info}`);
  assert.ok(m.lastWidth > 0 && m.lastRight <= m.boxRight + 1 && m.lastRight <= m.vw + 1, `scrolled to its end, the last column is on screen: ${info}`);
  await page.locator(tid('sum-tournament')).screenshot({ path: path.join(OUT, 'sums-tournament-390.png') });
});

// Issue 23 (acceptance): the Sums page at 1280 and 390 px in both themes,
// for looking at (the pictures follow the theme; nothing wider than the
// screen).
test('Sums: screenshots, light and dark, 1280 and 390 px wide; nothing wider than the screen', { timeout: 120_000 }, async () => {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ['light', 'dark']) {
      await openSum(GREEDY);
      await page.evaluate((t) => localStorage.setItem('cgt-theme', t), theme);
      await page.reload();
      await page.waitForSelector(tid('sum-components'));
      await page.waitForTimeout(500); // the worker's exact values and the plots
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${w} ${theme}: the page is ${overflow}px wider than the screen`);
      await page.screenshot({ path: path.join(OUT, `sums-${w}-${theme}.png`), fullPage: true, scale: 'css' });
    }
  }
  await page.evaluate(() => localStorage.removeItem('cgt-theme'));
  await page.setViewportSize({ width: 1360, height: 960 });
});

test('Sums (issue 43): Nim is a cold sum, judged by who moves last', { timeout: 120_000 }, async () => {
  // *3 + *5 + *6 is a P-position: Left (you) loses whatever it plays, and
  // the feedback says why instead of calling every move "a best move".
  await page.goto(base + '?page=sums&s=' + encodeURIComponent('*3 + *5 + *6') + '&sp=LL_exact_0-0');
  await page.waitForFunction(() => /the sum is cold/.test(document.querySelector('[data-testid="sum-feedback"]')?.textContent ?? ''));
  const f = await textOf('sum-feedback');
  assert.match(f, /no move wins here: the sum is cold \(no move changes the score, 0\), so it is decided by who moves last/);
  assert.doesNotMatch(f, /a best move/);
  const hint = page.locator(tid('sum-hint'));
  if (await hint.count()) {
    await hint.first().click();
    await page.waitForSelector(tid('sum-hint-text'));
    assert.match(await textOf('sum-hint-text'), /decided by who moves last/);
  }
});

test('Sums: a long sum lists every component, a few rows a frame, and keeps them all after a theme change (issue 43)', { timeout: 120_000 }, async () => {
  const sum = Array.from({ length: 60 }, (_, i) => `{${i + 1}|-${i + 1}}`).join(' + ');
  await page.goto(base + '?page=sums&s=' + encodeURIComponent(sum));
  const all = () => page.waitForFunction(() => document.querySelectorAll('[data-testid^="sum-row-"]').length === 60, null, { timeout: 30_000 });
  await all();
  assert.equal(await page.inputValue(tid('sum-component-59')), '{60|-60}');
  // A new palette redraws the list from its top: it must come back whole.
  await page.click(tid('theme-toggle'));
  await page.waitForTimeout(200);
  await all();
  await page.click(tid('theme-toggle'));
  await all();
});
