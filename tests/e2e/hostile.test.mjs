// The hostile-link run (issue 43, acceptance 2): links a tester sends to
// break the tab, over every URL key and every ruleset of the Games page
// (giant boards, many heaps, long lessons, deep nesting, garbage in every
// field). Each must open with no panic or page error (the harness fails a
// test on any), keep the page's thread answering, and show a note for every
// field it refused.
//
// Responsiveness: an init script ticks a 50 ms timer from the page's start
// and records the longest gap between ticks (the longest the main thread
// was blocked). A test on a busy machine must not fail on frame times
// (issue 34), so the assertion is generous (a probe answers within 5 s and
// no gap reaches 5 s); the measured gaps are printed for the benchmarks.
// The long lesson is issue 43's item 26 (its questions were built on the
// page's thread): this run fails on it until that item is fixed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { base, context, tid, watch } from './harness.mjs';

// The tab under test (a new one after a link that blocked it).
let page;

const GENEROUS_MS = 5_000;
const SETTLE_MS = 2_500;

const q = (pairs) => '?' + pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
const rows = (w, h, f) => Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => f(r, c)).join('')).join('|');
const nested = (depth) => {
  let s = '0';
  for (let i = 0; i < depth; i++) s = `{${s}|}`;
  return s;
};
const longLesson = () => {
  const sum = Array.from({ length: 11 }, (_, i) => `±${i + 1}`).join(' + ');
  const steps = Array.from({ length: 60 }, (_, i) => `step: Step ${i + 1}.\nask: mean ${sum}`);
  return ['title: A long lesson', ...steps].join('\n');
};

// Each link: its query, the link notes it must show (by key), and a text
// the page must show for a refusal inside the page.
const LINKS = [
  { name: 'shell garbage', pairs: [['v', 'x'], ['page', 'nope'], ['lesson', 'nope'], ['ls', '2']], notes: ['v', 'page', 'lesson'] },
  { name: 'lesson step garbage', pairs: [['lesson', 'mt'], ['ls', 'x']], notes: ['ls'] },
  { name: 'lesson step past the end', pairs: [['lesson', 'mt'], ['ls', '99999']], notes: ['ls'] },
  { name: 'lesson document garbage', pairs: [['ld', '}{ not a lesson \u0000'], ['ls', '-3']], notes: [] },
  { name: 'long lesson (60 steps of a long mean)', pairs: [['ld', longLesson()], ['ls', '0']], notes: [] },
  { name: 'explorer garbage', pairs: [['g', '{4|'], ['sz', '2'], ['node', 'X7'], ['build', 'x'], ['cool', '1/3']], notes: ['sz', 'node', 'build', 'cool'] },
  { name: 'explorer: no such subgame', pairs: [['g', '{1|-1}'], ['node', 'L5.R7']], notes: ['node'] },
  { name: 'explorer: deep nesting', pairs: [['g', nested(2_000)]], notes: [] },
  { name: 'explorer: unbalanced braces', pairs: [['g', '{'.repeat(5_000)]], notes: [] },
  { name: 'explorer: long sum', pairs: [['g', Array.from({ length: 300 }, (_, i) => `{${i}|-${i}}`).join(' + ')]], notes: [] },
  { name: 'explorer: nimber sum', pairs: [['g', '*100+*37+*8+*9+*10']], notes: [] },
  { name: 'heap-go: 60 heaps', pairs: [['page', 'heapgo'], ['h', Array(60).fill('b1').join('/')]], notes: [], shows: /too large/ },
  { name: 'heap-go garbage', pairs: [['page', 'heapgo'], ['h', 'b1/'.repeat(1500)], ['mv', 'Q9.Z'], ['first', 'x'], ['you', 'me'], ['sz', 'x']], notes: ['h', 'mv', 'first', 'you', 'sz'] },
  { name: 'heap-go: heavy counters', pairs: [['page', 'heapgo'], ['h', Array(8).fill(Array(20).fill('b99').join(',')).join('/')]], notes: [] },
  { name: 'MT-search garbage', pairs: [['page', 'mt-search'], ['mt', 'bogus'], ['ord', 'hot'], ['seed', '-1'], ['n', 'x']], notes: ['mt', 'ord', 'seed', 'n'] },
  { name: 'MT-search: huge n', pairs: [['page', 'mt-search'], ['n', '999999999999'], ['seed', '18446744073709551615']], notes: [] },
  { name: 'Hackenbush garbage', pairs: [['page', 'hackenbush'], ['hb', '0-1:q 9-:'], ['turn', 'x'], ['hbxy', '1:0,1;x:y;2:0,999']], notes: ['turn', 'hbxy'] },
  { name: 'Hackenbush: many edges', pairs: [['page', 'hackenbush'], ['hb', Array.from({ length: 60 }, () => 'stalk:' + 'br'.repeat(10)).join(' ')]], notes: [] },
  { name: 'Sums garbage', pairs: [['page', 'sums'], ['s', '}}}{{{'], ['sp', '!!'], ['bs', 'best']], notes: ['bs'] },
  { name: 'Sums: long sum', pairs: [['page', 'sums'], ['s', Array.from({ length: 200 }, (_, i) => `{${i + 1}|-${i + 1}}`).join(' + ')]], notes: [] },
  { name: 'Games garbage', pairs: [['page', 'game'], ['r', 'chess'], ['gy', 'x'], ['gf', '?'], ['ge', '2'], ['gm', 'z9.'.repeat(500)]], notes: ['r', 'gy', 'gf', 'ge'] },
  // Every ruleset with a giant position.
  { name: 'cutcake: 400 cakes of 4096 x 4096', pairs: [['page', 'game'], ['r', 'cutcake'], ['p', '4096x4096 '.repeat(400)]], notes: [], shows: /plays positions of at most 4096 cuts/ },
  { name: 'cutcake: 32 cakes of 64 x 64', pairs: [['page', 'game'], ['r', 'cutcake'], ['p', '64x64 '.repeat(32)]], notes: [] },
  { name: 'domineering 61 x 61', pairs: [['page', 'game'], ['r', 'domineering'], ['p', rows(61, 61, () => '.')]], notes: [] },
  { name: 'domineering 64 x 64', pairs: [['page', 'game'], ['r', 'domineering'], ['p', rows(64, 64, () => '.')]], notes: [] },
  { name: 'domineering 65 x 65', pairs: [['page', 'game'], ['r', 'domineering'], ['p', rows(65, 65, () => '.')]], notes: [], shows: /Cannot read this position/ },
  { name: 'clobber 40 x 40', pairs: [['page', 'game'], ['r', 'clobber'], ['p', rows(40, 40, (r, c) => ((r + c) % 2 ? 'o' : 'x'))]], notes: [] },
  { name: 'konane 40 x 40', pairs: [['page', 'game'], ['r', 'konane'], ['p', rows(40, 40, (r, c) => ((r + c) % 2 ? 'o' : 'x'))]], notes: [] },
  { name: 'amazons 30 x 30', pairs: [['page', 'game'], ['r', 'amazons'], ['p', rows(30, 30, (r, c) => (r === 0 && c === 0 ? 'x' : r === 29 && c === 29 ? 'o' : '.'))]], notes: [] },
  { name: 'toads and frogs: a long row', pairs: [['page', 'game'], ['r', 'toads-and-frogs'], ['p', 'T'.repeat(200) + '.'.repeat(400) + 'F'.repeat(200)]], notes: [] },
  { name: 'snort: a long path', pairs: [['page', 'game'], ['r', 'snort'], ['p', 'P4000']], notes: [] },
  { name: 'col: a long path', pairs: [['page', 'game'], ['r', 'col'], ['p', 'P4000']], notes: [] },
  { name: 'go 25 x 25 empty', pairs: [['page', 'game'], ['r', 'go'], ['p', rows(25, 25, () => '.')]], notes: [] },
  { name: 'go 19 x 19 mixed', pairs: [['page', 'game'], ['r', 'go'], ['p', rows(19, 19, (r, c) => (c < 9 ? 'X' : c > 9 ? 'O' : '.'))]], notes: [] },
  { name: 'hackenbush on the board: many edges', pairs: [['page', 'game'], ['r', 'hackenbush'], ['p', Array.from({ length: 200 }, (_, i) => `0-${i + 1}:${'brg'[i % 3]}`).join(' ')]], notes: [] },
  { name: 'heap-go on the board: 60 heaps', pairs: [['page', 'game'], ['r', 'heapgo'], ['p', Array(60).fill('b1').join('/')]], notes: [] },
];

/** Longest gap of the page's 50 ms ticker so far, and the probe's answer time. */
async function measure() {
  const t0 = Date.now();
  const answered = await Promise.race([
    page.evaluate(() => new Promise((r) => setTimeout(() => r(true), 0))),
    new Promise((r) => setTimeout(() => r(false), GENEROUS_MS)),
  ]);
  const probe = Date.now() - t0;
  const gap = answered ? await page.evaluate(() => window.__hostileMaxGap ?? 0) : Infinity;
  return { answered, probe, gap };
}

/** A fresh tab with the blocking probe installed. */
async function freshTab() {
  page = watch(await context.newPage());
  await page.addInitScript(() => {
    let last = performance.now();
    window.__hostileMaxGap = 0;
    setInterval(() => {
      const now = performance.now();
      window.__hostileMaxGap = Math.max(window.__hostileMaxGap, now - last);
      last = now;
    }, 50);
  });
}

test('Hostile links open without a panic, keep the page answering, and name every refusal', { timeout: 420_000 }, async () => {
  await freshTab();
  const report = [];
  const failures = [];
  for (const link of LINKS) {
    try {
      await openOne(link, report);
    } catch (e) {
      failures.push(`${link.name}: ${String(e.message ?? e).split('\n')[0]}`);
      // A blocked tab is left behind: the next link gets a fresh one.
      await page.close({ runBeforeUnload: false }).catch(() => {});
      await freshTab();
    }
  }
  console.log('hostile links, main thread:\n  ' + report.join('\n  '));
  await page.close().catch(() => {});
  assert.deepEqual(failures, [], 'hostile links that failed');
});

/** Open one hostile link and check it (throws on a failure). */
async function openOne(link, report) {
  const url = base + q(link.pairs);
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 30_000 });
  // Started: the app's tabs are up (the boot frame is gone).
  await page.waitForSelector('[data-testid^="tab-"]', { timeout: 30_000 });
  // (No reset: what the app does with the link while it starts counts.)
  await page.waitForTimeout(SETTLE_MS);
  const m = await measure();
  report.push(`${link.name}: longest block ${Math.round(m.gap)} ms, probe ${m.probe} ms`);
  assert.ok(m.answered, `the page did not answer a probe within ${GENEROUS_MS} ms`);
  assert.ok(m.gap < GENEROUS_MS, `the page's thread was blocked ${Math.round(m.gap)} ms`);
  for (const key of link.notes) {
    const note = page.locator(`${tid('link-note')}[data-key="${key}"]`);
    await note.first().waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
    assert.ok(await note.first().isVisible(), `no note for \`${key}=\``);
  }
  if (link.shows) {
    await page.waitForFunction((src) => new RegExp(src).test(document.body.innerText), link.shows.source, { timeout: 15_000 }).catch(() => {});
    assert.match(await page.locator('body').innerText(), link.shows, 'the refusal is named');
  }
}
