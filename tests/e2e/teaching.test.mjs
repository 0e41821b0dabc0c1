// End-to-end tests of issue 24's teaching features against the release
// build: Go's words (gote, sente, double sente, count and miai value) on
// the explorer, the generic board (Go), heap-go and the Sums page.
// Screenshots go to tests/e2e/out/ (teaching-*.png). The words are
// `cgt eval GAME --json`'s `go_words`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { OUT, T, base, context, page, tid, open, watch } from './harness.mjs';

/** The Go-words lines on the page: [data-sente, text] each. */
const goWords = () => page.evaluate(() => [...document.querySelectorAll('[data-testid="go-words"]')].map((e) => [e.dataset.sente, e.textContent]));

async function waitWords(n = 1) {
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid="go-words"]').length >= k, n, { timeout: 20_000 });
}

test("Go's words: explorer, Go board, heap-go and Sums", T, async () => {
  // Müller's (2025) double sente: a 7-point gote when it is the biggest play,
  // double sente at a cooler ambient.
  await open('?g=' + encodeURIComponent('13|4||0|-11'));
  await waitWords();
  assert.deepEqual(await goWords(), [['gote', "a 7-point gote, count 3/2; at a cooler ambient: double sente below 9/2, Right's sente from 9/2 to 11/2"]]);
  await page.locator('.stats-card').first().screenshot({ path: path.join(OUT, 'teaching-explorer-words.png') });
  // Sensei's Library's (n.d.) sente: Left's.
  await open('?g=' + encodeURIComponent('{{4|-4}|-7}'));
  await page.waitForFunction(() => document.querySelector('[data-testid="go-words"]')?.dataset.sente === 'left_sente');
  assert.deepEqual(await goWords(), [['left_sente', "Left's 3-point sente, count -4 (Right's move is a 3-point reverse sente)"]]);

  // A Go board: Müller's four stones, White's sente, in Black's and White's names.
  await page.goto(base + '?page=game&r=go&p=' + encodeURIComponent('OXXXXXX|O..oooo'));
  await waitWords(2);
  const go = await goWords();
  assert.equal(go.length, 2, 'the position and its one region');
  for (const [kind, text] of go) {
    assert.equal(kind, 'right_sente');
    assert.equal(text, "White's 1-point sente, count 8 (Black's move is a 1-point reverse sente)");
  }
  await page.locator(tid('components-table')).screenshot({ path: path.join(OUT, 'teaching-go-words.png') });

  // Heap-go: one heap b3 alone is a number (cold); b2/r1 is hot.
  await page.goto(base + '?page=heapgo&you=both&h=' + encodeURIComponent('b3,r1/r2'));
  await waitWords();
  const [[kind, text]] = await goWords();
  assert.ok(['gote', 'left_sente', 'right_sente'].includes(kind), kind);
  assert.match(text, /point (gote|sente), count /);

  // Sums: each component says its own (the greedy example of Müller (2025)),
  // and the whole sum under its thermograph.
  await page.goto(base + '?page=sums&s=' + encodeURIComponent('{4|0} + {{10|-3}|-5}'));
  await waitWords(3);
  assert.deepEqual(await goWords(), [
    ['gote', 'a 2-point gote, count 2'],
    ['left_sente', "Left's 2-point sente, count -3 (Right's move is a 2-point reverse sente)"],
    ['gote', 'a 2-point gote, count -1'],
  ]);
});

test('Thermographs overlaid: a sum\'s components with the sum beside, a game with its options', T, async () => {
  // Müller's (2025) greedy example: two components on one picture, each in its colour.
  await page.goto(base + '?page=sums&s=' + encodeURIComponent('{4|0} + {{10|-3}|-5}'));
  await page.waitForSelector(`${tid('sum-overlay')} svg`);
  const legend = (await page.locator(`${tid('sum-overlay')} svg text`).allTextContents()).map((t) => t.trim());
  assert.ok(legend.includes('1: {4|0}'), legend.join(' / '));
  assert.ok(legend.includes('2: {{10|-3}|-5}'), legend.join(' / '));
  // Two colours of lines besides the axes: one per component.
  const strokes = await page.evaluate((sel) => new Set([...document.querySelectorAll(`${sel} svg polyline, ${sel} svg path`)].map((e) => e.getAttribute('stroke')).filter(Boolean)).size, tid('sum-overlay'));
  assert.ok(strokes >= 2, `${strokes} stroke colours`);
  // The sum's own thermograph beside them, with its Go words (a 2-point gote, count -1).
  await page.waitForSelector(`${tid('sum-whole-thermograph')} svg`);
  const whole = await page.locator(`${tid('sum-whole-thermograph')} svg text`).allTextContents();
  assert.ok(whole.some((t) => t.includes('mean -1, temperature 2')), whole.join(' / '));
  await page.locator(tid('sum-overlay-card')).screenshot({ path: path.join(OUT, 'teaching-sum-overlay.png') });

  // The explorer's tree for the same sum lists its components first.
  await open('?g=' + encodeURIComponent('{4|0} + {{10|-3}|-5}'));
  await page.waitForSelector(tid('sum-parts'));
  assert.deepEqual(await page.locator(tid('sum-part-text')).allTextContents(), ['{4|0}', '{{10|-3}|-5}']);
  await page.click(tid('sum-part-open-1'));
  await page.waitForFunction(() => document.querySelector('[data-testid="mean"]')?.textContent === '-3');

  // The explorer: {{10|-3}|-5} with its options; untick one to compare.
  await open('?g=' + encodeURIComponent('{{10|-3},{4|1}|-5}'));
  await page.click(`${tid('options-overlay-card')} summary`);
  await page.waitForSelector(`${tid('options-overlay')} svg`);
  const names = async () => (await page.locator(`${tid('options-overlay')} svg text`).allTextContents()).map((t) => t.trim()).filter((t) => /^(G|L\d|R\d)/.test(t));
  assert.deepEqual(await names(), ['G = {{10|-3}, {4|1}|-5}', 'L1: {10|-3}', 'L2: {4|1}', 'R1: -5']);
  await page.uncheck(tid('overlay-toggle-R0'));
  await page.waitForFunction((sel) => ![...document.querySelectorAll(`${sel} svg text`)].some((t) => t.textContent.trim().startsWith('R1')), tid('options-overlay'));
  assert.deepEqual(await names(), ['G = {{10|-3}, {4|1}|-5}', 'L1: {10|-3}', 'L2: {4|1}']);
  await page.locator(tid('options-overlay-card')).screenshot({ path: path.join(OUT, 'teaching-options-overlay.png') });
});

test('Heap-go: feedback after each move, a hint, and a review naming the losing move', T, async () => {
  // b2 / r1, Left first, both sides played here. Heap 1 keeps +1 for
  // Left; heap 2 takes 1 but gives Right the 2.
  await page.goto(base + '?page=heapgo&you=both&h=' + encodeURIComponent('b2/r1'));
  await page.waitForSelector(tid('heap-take-0'));
  await page.click(tid('heap-hint'));
  await page.waitForSelector(tid('heap-hint-text'));
  assert.equal(await page.textContent(tid('heap-hint-text')), 'Best for Left: heap 1 (perfect play keeps +1): the hottest heap, temperature 2.');
  // Left plays the other heap: the feedback says what it cost.
  await page.click(tid('heap-take-1'));
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.startsWith('Move 1'), tid('move-feedback'));
  assert.equal(await page.textContent(tid('move-feedback')),
    'Move 1, Left took from heap 2: lost 2 points: perfect play kept +1, now -1 at best, and changed the outcome: Left wins before, Right wins now. Temperature now 2.');
  assert.equal(await page.locator(tid('heap-hint-text')).count(), 0, 'a new position hides the old hint');
  // Right's only move ends the game; the review names the losing move.
  await page.click(tid('heap-take-0'));
  await page.waitForSelector(tid('game-review'));
  const lines = await page.locator(tid('review-line')).allTextContents();
  assert.deepEqual(lines, [
    'Left: one move lost 2 points in all.',
    'Move 1, Left took from heap 2: lost 2 points: perfect play kept +1, now -1 at best, and changed the outcome: Left wins before, Right wins now.',
    'Right: no mistakes, every move was a best move.',
    'The losing move: move 1 (Left, heap 2), which changed the outcome.',
  ]);
  assert.ok(await page.isDisabled(tid('heap-hint')), 'no hint once the game is over');
  await page.locator('.board-card').screenshot({ path: path.join(OUT, 'teaching-heapgo-review.png') });
});

test('MT-search knows when to stop: Play pauses where the bounds meet, and the paper\'s are flagged', T, async () => {
  // A 3,3 sum in random order (seed 3): the paper's bounds meet after 17
  // paths, the sound ones after 74; on the way the paper's left the exact
  // value out (runs found by the model test of the page).
  await page.goto(base + '?page=mt-search&h=' + encodeURIComponent('r2,r8,b6/b1,b3,b2') + '&ord=random&seed=3');
  await page.waitForSelector(tid('mt-play'));
  assert.ok(await page.isChecked(tid('mt-stop-when-met')));
  await page.selectOption(tid('mt-speed'), '3');
  const paused = () => page.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'Play', tid('mt-play'), { timeout: 30_000 });
  await page.click(tid('mt-play'));
  await paused();
  const first = await page.textContent(tid('mt-met'));
  assert.match(first, /^The paper's bounds met after 17 paths: mean -?\d/, first);
  assert.match(first, /The sound bounds are still apart/);
  // Play again: on to where the sound bounds meet, the search proved.
  await page.click(tid('mt-play'));
  await paused();
  const second = await page.textContent(tid('mt-met'));
  assert.match(second, /^The bounds met after 74 paths: mean -8, temperature 4, proved/, second);
  const flag = await page.textContent(tid('mt-excluded'));
  assert.match(flag, /^The paper's bounds left out the exact mean -8 from path 1 to path 2; /, flag);
  assert.ok(!(await page.isDisabled(tid('mt-play'))), 'Play can go on to show more');
  await page.locator('.plot-card').first().screenshot({ path: path.join(OUT, 'teaching-mt-stop.png') });
});

test('A lesson a teacher writes: the editor, a step from the page, shared by link, answered wrong and right, printed', T, async () => {
  await open('?g=' + encodeURIComponent('{4|0}'));
  await page.click(tid('lessons'));
  await page.click(tid('write-lesson'));
  await page.waitForSelector(tid('lesson-editor-text'));
  await page.fill(tid('lesson-editor-text'), 'title: Class 3: switches\nstep: Look at `{8|2}`: where do its walls meet?\nlink: g={8|2}\nask: mean {8|2}\n');
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.startsWith('✔ 1 step, 1 question'), tid('lesson-editor-status'));
  // A typo is named by its line.
  await page.fill(tid('lesson-editor-text'), 'title: x\nstep: a\nask: colour 1\n');
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.startsWith('line 3: `ask: colour 1`'), tid('lesson-editor-status'));
  await page.fill(tid('lesson-editor-text'), 'title: Class 3: switches\nstep: Look at `{8|2}`: where do its walls meet?\nlink: g={8|2}\nask: mean {8|2}\n');
  // The page on screen ({4|0} in the explorer) as the second step.
  await page.click(tid('lesson-add-step'));
  const text = await page.inputValue(tid('lesson-editor-text'));
  assert.match(text, /step: \(what to say about this page\)\nlink: g=\{4\|0\}/, text);
  await page.click(tid('lesson-copy-link'));
  await page.waitForFunction((sel) => /https?:\/\/\S+\?\S*ld=/.test(document.querySelector(sel)?.textContent ?? ''), tid('lesson-editor-msg'));
  const href = (await page.textContent(tid('lesson-editor-msg'))).match(/(https?:\/\/\S+)/)[1];

  // A student opens the link.
  const student = watch(await context.newPage());
  await student.goto(href);
  await student.waitForSelector(tid('lesson-bar'));
  assert.equal(await student.textContent(tid('lesson-title')), 'Class 3: switches');
  assert.equal(await student.textContent(tid('lesson-step')), 'step 1 of 2');
  assert.equal(await student.textContent(`${tid('lesson-text')} code`), '{8|2}');
  await student.waitForFunction(() => document.querySelector('[data-testid="mean"]')?.textContent === '5');
  assert.equal(await student.textContent(tid('lesson-score')), 'score 0 of 1');
  // Wrong first: the engine says so, and the score keeps the first try.
  await student.fill(tid('lesson-answer'), '3');
  await student.click(tid('lesson-check'));
  await student.waitForSelector(`${tid('lesson-verdict')}[data-right="false"]`);
  assert.match(await student.textContent(tid('lesson-verdict')), /Not quite: 3 is not the mean/);
  await student.fill(tid('lesson-answer'), '5');
  await student.click(tid('lesson-check'));
  await student.waitForSelector(`${tid('lesson-verdict')}[data-right="true"]`);
  assert.equal(await student.textContent(tid('lesson-verdict')), '✔ Right: the mean is 5.');
  assert.equal(await student.textContent(tid('lesson-score')), 'score 0 of 1');
  await student.locator(tid('lesson-bar')).screenshot({ path: path.join(OUT, 'teaching-lesson-bar.png') });
  // The second step is the page the teacher had on screen.
  await student.click(tid('lesson-next'));
  await student.waitForFunction(() => document.querySelector('[data-testid="lesson-step"]')?.textContent === 'step 2 of 2');
  await student.waitForFunction(() => document.querySelector('[data-testid="mean"]')?.textContent === '2');
  // Another student, right at the first try.
  const second = watch(await context.newPage());
  await second.goto(href);
  await second.waitForSelector(tid('lesson-answer'));
  await second.fill(tid('lesson-answer'), '5');
  await second.press(tid('lesson-answer'), 'Enter');
  await second.waitForSelector(`${tid('lesson-verdict')}[data-right="true"]`);
  assert.equal(await second.textContent(tid('lesson-score')), 'score 1 of 1');
  await second.close();

  // The handout: every step with its thermograph, as a PDF.
  // The browser's print dialog would hold the page: the PDF is made here.
  await student.evaluate(() => { window.print = () => { window.__printed = true; }; });
  await student.click(tid('lesson-print'));
  await student.waitForFunction(() => window.__printed === true);
  await student.waitForSelector(tid('printed-lesson'), { state: 'attached' });
  await student.emulateMedia({ media: 'print' });
  assert.equal(await student.locator(tid('print-step')).count(), 2);
  // Printed links are percent-encoded, so they work when typed (issue 43 item 21).
  const printedLinks = await student.locator(tid('print-link')).allTextContents();
  assert.equal(printedLinks.length, 2, printedLinks.join(' '));
  for (const l of printedLinks) assert.doesNotMatch(l, /[{}| ]/, l);
  assert.match(printedLinks[1], /g=%7B4%7C0%7D/, printedLinks[1]);
  // The question's step gives nothing away; the other shows its thermograph.
  assert.equal(await student.locator(`${tid('print-step')} >> nth=0 >> svg`).count(), 0);
  assert.equal(await student.locator(`${tid('print-step')} >> nth=1 >> svg`).count(), 1);
  assert.ok(await student.isVisible(tid('printed-lesson')));
  assert.ok(!(await student.isVisible(tid('lesson-bar'))), 'the bar is not printed');
  const pdf = await student.pdf({ path: path.join(OUT, 'teaching-lesson.pdf'), format: 'A4', printBackground: true });
  assert.equal(pdf.subarray(0, 4).toString(), '%PDF');
  assert.ok(fs.statSync(path.join(OUT, 'teaching-lesson.pdf')).size > 10_000);
  await student.close();
});

test('A question step hides what would answer it until it is answered; answers in the forms the prompts offer (issue 43: 15-18)', T, async () => {
  await open('?g=' + encodeURIComponent('{4|0}'));
  await page.click(tid('lessons'));
  await page.click(tid('write-lesson'));
  await page.waitForSelector(tid('lesson-editor-text'));
  await page.fill(tid('lesson-editor-text'), [
    'title: Hidden answers',
    'step: Where do the walls of `{8|2}` meet?',
    'link: g={8|2}',
    'ask: mean {8|2}',
    'step: Which kind is `9||8|0`?',
    'link: g=9||8|0',
    'ask: sente 9||8|0',
    'step: The greedy sum: where should Left play?',
    'link: page=sums&s={4|0} + {{10|-3}|-5}',
    'ask: left {4|0} + {{10|-3}|-5}',
    '',
  ].join('\n'));
  // The draft survives a reload: the editor opens again with it (item 20).
  const draft = await page.inputValue(tid('lesson-editor-text'));
  await page.reload();
  await page.waitForSelector(tid('lesson-editor-text'));
  assert.equal(await page.inputValue(tid('lesson-editor-text')), draft);
  await page.click(tid('lesson-editor-close'));
  await page.click(tid('lessons'));
  await page.click(tid('write-lesson'));
  assert.equal(await page.inputValue(tid('lesson-editor-text')), draft, 'Write a lesson… opens the kept draft');
  await page.click(tid('lesson-start'));
  await page.waitForSelector(tid('lesson-answer'));
  await page.waitForFunction(() => document.querySelector('[data-testid="mean"]')?.textContent === '5');
  // The mean, the temperature, the value and the outcome are not on screen.
  assert.ok(await page.evaluate(() => document.body.classList.contains('hide-answers')));
  for (const id of ['mean', 'temperature', 'canonical', 'outcome']) {
    assert.equal(await page.isVisible(tid(id)), false, `${id} is hidden on a question step`);
  }
  assert.ok(await page.isVisible(tid('answers-hidden')));
  // The link of the step carries the mode: opened afresh, it hides again.
  const stepUrl = page.url();
  await page.screenshot({ path: path.join(OUT, 'teaching-question-step.png'), fullPage: false });
  // 1/3 is wrong, and said so in words (not "the engine could not check").
  await page.fill(tid('lesson-answer'), '1/3');
  await page.click(tid('lesson-check'));
  await page.waitForSelector(`${tid('lesson-verdict')}[data-right="false"]`);
  const v = await page.textContent(tid('lesson-verdict'));
  assert.match(v, /not a value any short game has/, v);
  assert.doesNotMatch(v, /could not check/, v);
  assert.equal(await page.isVisible(tid('mean')), false, 'still hidden after a wrong answer');
  await page.fill(tid('lesson-answer'), '5');
  await page.click(tid('lesson-check'));
  await page.waitForSelector(`${tid('lesson-verdict')}[data-right="true"]`);
  // Answered: the panels come back.
  await page.waitForFunction(() => !document.body.classList.contains('hide-answers'));
  assert.ok(await page.isVisible(tid('mean')));
  await page.screenshot({ path: path.join(OUT, 'teaching-question-answered.png'), fullPage: false });
  // The sente question speaks words, and reads them.
  await page.click(tid('lesson-next'));
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-step"]')?.textContent === 'step 2 of 3');
  await page.waitForFunction(() => document.body.classList.contains('hide-answers'));
  const prompt = await page.textContent(`${tid('lesson-question')} label`);
  assert.doesNotMatch(prompt, /_/, prompt);
  assert.match(prompt, /Left's sente, Right's sente, double sente/, prompt);
  await page.fill(tid('lesson-answer'), "Right's sente");
  await page.click(tid('lesson-check'));
  await page.waitForSelector(`${tid('lesson-verdict')}[data-right="true"]`);
  // The best move in a sum, typed as the prompt's example: the option of component 2.
  await page.click(tid('lesson-next'));
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-step"]')?.textContent === 'step 3 of 3');
  await page.fill(tid('lesson-answer'), '{10|-3}');
  await page.click(tid('lesson-check'));
  await page.waitForSelector(`${tid('lesson-verdict')}[data-right="true"]`);
  await page.fill(tid('lesson-answer'), 'component 1');
  await page.click(tid('lesson-check'));
  await page.waitForFunction(() => /^✘ Not the best/.test(document.querySelector('[data-testid="lesson-verdict"]')?.textContent ?? ''));
  // Back at the first step's link: hidden again.
  await page.goto(stepUrl);
  await page.waitForSelector(tid('lesson-answer'));
  await page.waitForFunction(() => document.body.classList.contains('hide-answers'));
  assert.equal(await page.isVisible(tid('mean')), false);
  await page.click(tid('lesson-exit'));
  await page.waitForFunction(() => !document.body.classList.contains('hide-answers'));
  // A step link typed by hand opens that step's page and state (item 19).
  await page.goto(base + '?lesson=boards&ls=0');
  await page.waitForSelector(tid('page-game'));
  await page.waitForFunction(() => document.querySelector('[data-testid="position-input"]')?.value === '..|..');
  assert.equal(await page.inputValue(tid('ruleset-picker')), 'domineering');
  assert.match(await page.textContent(tid('lesson-step')), /^step 1 of \d+$/);
});

test('The board says what a move cost: Domineering, a Hint, a move that changed the outcome', T, async () => {
  // ...|... with Left to move: b1 wins (2), a1 leaves ±1.
  await page.goto(base + '?page=game&r=domineering&p=' + encodeURIComponent('...|...') + '&gy=both');
  await page.waitForSelector('[data-testid="dom-square"][data-square="a1"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="canonical"]')?.textContent !== '');
  await page.click(tid('board-hint'));
  await page.waitForSelector(tid('board-hint-text'));
  assert.equal(await page.textContent(tid('board-hint-text')), 'Best for Left: b1: it wins against any defence (the position after is 2).');
  await page.click('[data-testid="dom-square"][data-square="a1"]');
  await page.waitForSelector(tid('board-feedback'));
  assert.equal(await page.textContent(tid('board-feedback')), "Left's a1 changed the outcome: Left could win (with b1), and now loses against best play (the position after is ±1).");
  assert.equal(await page.locator(tid('board-hint-text')).count(), 0, 'the old hint goes with the move');
  // Right plays out the rest (±1 then nothing for Left): the review names move 1.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="dom-square"]').length > 0);
  for (let i = 0; i < 4 && (await page.locator(tid('game-over')).count()) === 0; i++) {
    const mv = await page.evaluate(() => [...document.querySelectorAll('[data-testid="dom-square"]')].map((e) => e.dataset.square));
    let played = false;
    for (const sq of mv) {
      const before = await page.evaluate(() => document.querySelectorAll('[data-testid="game-record"] li').length);
      await page.click(`[data-testid="dom-square"][data-square="${sq}"]`);
      const after = await page.evaluate(() => document.querySelectorAll('[data-testid="game-record"] li').length);
      if (after > before) { played = true; break; }
    }
    if (!played) break;
  }
  await page.waitForSelector(tid('board-review'));
  const lines = await page.locator(tid('board-review-line')).allTextContents();
  assert.equal(lines[0], "Move 1: Left's a1 changed the outcome: Left could win (with b1), and now loses against best play (the position after is ±1).");
  assert.match(lines.at(-1), /^The losing move: move 1, Left's\.$/);
});

test('The Sums page says what a move cost, hints, and reviews the game', T, async () => {
  // Müller's (2025) greedy example against the exact computer: Left's greedy
  // {4|0} first loses the game.
  await page.goto(base + '?page=sums&s=' + encodeURIComponent('{4|0} + {{10|-3}|-5}') + '&sp=LL_exact_');
  await page.waitForSelector(tid('sum-hint'));
  await page.click(tid('sum-hint'));
  await page.waitForSelector(tid('sum-hint-text'));
  assert.match(await page.textContent(tid('sum-hint-text')), /^Best for Left: component 2 → \{10\|-3\} \(perfect play keeps \+1\)/);
  await page.click(tid('sum-move-0'));
  await page.waitForSelector(tid('sum-review'));
  assert.equal(await page.textContent(tid('sum-feedback')), 'Your move 1 (component 1 → 4): lost 2 points: perfect play kept +1, now -1 at best, and changed the outcome: Left wins before, Right wins now.');
  const lines = await page.locator(tid('sum-review-line')).allTextContents();
  assert.equal(lines.at(-1), "The losing move: move 1, Left's.");
});

test('The Hackenbush board says what a chop cost', T, async () => {
  // A blue edge beside a red-blue stalk (1/2), Blue to move: chopping the
  // lone blue edge leaves -1/2 and loses.
  await page.goto(base + '?page=hackenbush&hb=' + encodeURIComponent('0-1:b 0-2:r 2-3:b'));
  await page.waitForSelector(tid('hb-edge'), { state: 'attached' });
  await page.click(tid('hb-best'));
  await page.waitForSelector(tid('hb-best-text'));
  assert.equal(await page.textContent(tid('hb-best-text')), 'Best for Blue: chop 2-3:b: it wins against any defence (it leaves 0).');
  // The lone blue edge: the first edge of the picture.
  const k = await page.evaluate(() => [...document.querySelectorAll('[data-testid="hb-edge"]')].findIndex((g) => (g.getAttribute('aria-label') ?? g.textContent).includes('0-1')));
  assert.ok(k >= 0);
  const pt = await page.evaluate((k) => {
    const g = document.querySelectorAll('[data-testid="hb-edge"]')[k];
    const line = g.querySelector('line.stroke');
    const q = new DOMPoint((+line.getAttribute('x1') + +line.getAttribute('x2')) / 2, (+line.getAttribute('y1') + +line.getAttribute('y2')) / 2).matrixTransform(g.ownerSVGElement.getScreenCTM());
    return { x: q.x, y: q.y };
  }, k);
  await page.mouse.click(pt.x, pt.y);
  await page.waitForSelector(tid('hb-feedback'));
  assert.equal(await page.textContent(tid('hb-feedback')), 'Blue\'s chop of 0-1:b changed the outcome: Blue could win (chopping 2-3:b), and now loses against best play (it leaves -1/2).');
});

test('A lesson question on a phone (390x844): a compact header and touch targets of 44 px (issue 43 item 23)', T, async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    const doc = 'title: Phone\nstep: Where do the walls of `{8|2}` meet?\nlink: g={8|2}\nask: mean {8|2}\n';
    await page.goto(base + '?ld=' + encodeURIComponent(doc) + '&ls=0');
    await page.waitForSelector(tid('lesson-answer'));
    await page.waitForFunction(() => document.querySelector('[data-testid="mean"]')?.textContent === '5');
    const box = async (sel) => page.locator(sel).first().boundingBox();
    await page.screenshot({ path: path.join(OUT, 'teaching-phone-question.png') });
    const header = await box('header.top');
    assert.ok(header.height <= 120, `the header is ${header.height}px tall`);
    const answer = await box(tid('lesson-answer'));
    const check = await box(tid('lesson-check'));
    assert.ok(answer.height >= 44, `the answer box is ${answer.height}px tall`);
    assert.ok(check.height >= 44 && check.width >= 44, `Check is ${check.width}x${check.height}`);
    const size = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('[data-testid="lesson-answer"]')).fontSize));
    assert.ok(size >= 16, `the answer's text is ${size}px`);
    for (const id of ['lesson-next', 'lesson-prev', 'present-toggle', 'lessons']) {
      const b = await box(tid(id));
      assert.ok(b.height >= 44, `${id} is ${b.height}px tall`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${overflow}px wider than the screen`);
    await page.screenshot({ path: path.join(OUT, 'teaching-phone-question.png') });
  } finally {
    await page.setViewportSize({ width: 1360, height: 960 });
  }
});

test('Presentation mode at 1280x720 with a lesson open: the thermograph and the construction fit the screen (issue 43 item 22)', T, async () => {
  await page.setViewportSize({ width: 1280, height: 720 });
  try {
    await page.goto(base + '?lesson=switches&ls=0');
    await page.waitForSelector(tid('lesson-bar'));
    await page.keyboard.press('p');
    assert.ok(await page.evaluate(() => document.body.classList.contains('present')));
    // A step brings its picture into view: the whole canvas, x-axis included.
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-step"]')?.textContent === 'step 2 of 4');
    await page.waitForFunction(() => {
      const r = document.querySelector('.plot-card .canvas-wrap')?.getBoundingClientRect();
      return r && r.top >= -1 && r.bottom <= window.innerHeight + 1;
    }, null, { timeout: 10_000 });
    await page.screenshot({ path: path.join(OUT, 'teaching-present-1280x720.png') });
    // The construction fits the screen too.
    await page.click(tid('build-steps'));
    await page.waitForSelector(tid('construction'));
    const card = await page.locator(tid('construction')).boundingBox();
    await page.locator(tid('construction')).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'teaching-present-construction-1280x720.png') });
    assert.ok(card.height <= 720, `the construction card is ${card.height}px tall`);
    // Its tick labels are large enough to read from the back of a room
    // (they were 11 px: the picture is shrunk to fit under its caption).
    await page.waitForSelector(`${tid('construction-plot')} svg text`);
    const label = await page.evaluate(() => Math.min(...[...document.querySelectorAll('[data-testid="construction-plot"] svg text')]
      .filter((t) => /^-?[0-9/]+$/.test(t.textContent.trim())).map((t) => t.getBoundingClientRect().height)));
    assert.ok(label >= 14, `the construction's tick labels are ${label}px tall`);
    await page.keyboard.press('Escape');
  } finally {
    await page.setViewportSize({ width: 1360, height: 960 });
  }
});
