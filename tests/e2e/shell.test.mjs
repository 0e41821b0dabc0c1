// End-to-end tests of the shell around the pages (issue 23): the loading
// frame shown before the wasm starts, the References panel, and no word a
// user cannot look up (the repository's names for its sources, file paths,
// module paths) on any page, in any tooltip, in any lesson step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DIST, base, page, tid } from './harness.mjs';

// The same list as `references::unlookupable` (src/references.rs).
const UNLOOKUPABLE = ['seed 00', 'Seed 00', 'seeds 00', 'seeds/', '.lean', '.scala', 't4ccer/', 'spec/', 'shared/', '.md', 'cgt::'];

test('The page frame and a loading state show before the wasm starts', { timeout: 60_000 }, async () => {
  // Hold the wasm back, as a slow connection does.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(base + '?page=sums', { waitUntil: 'domcontentloaded' });
  const boot = page.locator(tid('boot'));
  assert.ok(await boot.isVisible(), 'the loading frame is on screen at once');
  assert.match(await boot.innerText(), /CGT Lab[\s\S]*Loading the lab/);
  assert.equal(await page.locator(tid('tab-sums')).count(), 0, 'the app has not started yet');
  release();
  await page.waitForSelector(tid('tab-sums'));
  assert.equal(await page.locator(tid('boot')).count(), 0, 'the frame is gone once the app runs');
  await page.unroute('**/*.wasm');
});

// Issue 45: the explorer and the shell are the first download; another
// page's code arrives when that page first opens, with a line saying so
// meanwhile, and the page then works as if it had always been there.
test('A page other than the explorer loads its own code when first opened', { timeout: 90_000 }, async () => {
  const fetched = [];
  page.on('request', (r) => { if (/\.wasm$/.test(new URL(r.url()).pathname)) fetched.push(new URL(r.url()).pathname.split('/').pop()); });
  await page.goto(base);
  await page.waitForSelector(tid('canonical'));
  assert.ok(!fetched.some((f) => f.startsWith('split_')), `the explorer fetched no page of its own: ${fetched}`);
  // Hold the page files back, as a slow connection does.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route('**/wasm-split/*.wasm', async (route) => { await held; await route.continue(); });
  await page.click(tid('tab-sums'));
  await page.waitForSelector(tid('page-loading'));
  assert.match(await page.textContent(tid('page-loading')), /Loading the Sums page/);
  release();
  await page.waitForSelector(tid('page-sums'));
  assert.equal(await page.locator(tid('page-loading')).count(), 0);
  assert.ok(fetched.some((f) => f.startsWith('split_sums_page')), `the Sums page's file was fetched: ${fetched}`);
  assert.ok(!fetched.some((f) => f.startsWith('split_game_page')), `no other page's file: ${fetched}`);
  await page.unroute('**/wasm-split/*.wasm');
  // Once here, the page plays as before: a move of yours, the computer's reply.
  await page.click(tid('sum-play'));
  await page.waitForSelector(tid('sum-move-0'));
  await page.click(tid('sum-move-0'));
  await page.waitForFunction(() => (document.querySelector('[data-testid="sum-play-log"]')?.textContent ?? '').includes('computer'));
});

// Issue 23 (12), issue 45: the built site carries gzip and brotli copies for
// hosts that serve precompressed files, and each copy unpacks to its file.
test('The built site has a gzip and a brotli copy of every wasm and script file', () => {
  // (scripts/precompress.py leaves files under 1 KiB alone.)
  const files = fs.readdirSync(DIST).filter((f) => /\.(wasm|js)$/.test(f) && fs.statSync(path.join(DIST, f)).size >= 1024);
  assert.ok(files.some((f) => f.endsWith('.wasm')), `dist holds the app's wasm: ${files}`);
  for (const f of files) {
    const gz = path.join(DIST, f + '.gz');
    assert.ok(fs.existsSync(gz), `${f}.gz is missing`);
    const same = zlib.gunzipSync(fs.readFileSync(gz)).equals(fs.readFileSync(path.join(DIST, f)));
    assert.ok(same, `${f}.gz unpacks to ${f}`);
    assert.ok(fs.statSync(gz).size < fs.statSync(path.join(DIST, f)).size, `${f}.gz is smaller`);
    const br = path.join(DIST, f + '.br');
    assert.ok(fs.existsSync(br), `${f}.br is missing`);
    assert.ok(zlib.brotliDecompressSync(fs.readFileSync(br)).equals(fs.readFileSync(path.join(DIST, f))), `${f}.br unpacks to ${f}`);
    if (f.endsWith('.wasm')) assert.ok(fs.statSync(br).size < fs.statSync(gz).size, `${f}.br is smaller than ${f}.gz`);
  }
});

test('References: a citation opens its entry', { timeout: 60_000 }, async () => {
  await page.goto(base + '?lesson=mt&ls=1&page=mt-search&mt=fig7');
  await page.waitForSelector(tid('lesson-sources'));
  const cite = page.locator(`${tid('lesson-sources')} a.cite`).first();
  assert.match(await cite.innerText(), /^Kao et al\. \(2012\)/);
  const before = page.url();
  await cite.click();
  assert.equal(await page.locator(tid('references')).getAttribute('open'), '', 'the References panel opened');
  const entry = page.locator(tid('ref-kao2012'));
  assert.ok(await entry.isVisible());
  assert.match(await entry.innerText(), /Selection Search for Mean and Temperature/);
  assert.equal(page.url(), before, 'a citation does not change the link');
});

async function wordsOnScreen() {
  return page.evaluate((words) => {
    const found = [];
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll('[title], [aria-label], option')) {
      texts.push(el.getAttribute('title') ?? '', el.getAttribute('aria-label') ?? '', el.textContent ?? '');
    }
    for (const t of texts) for (const w of words) if (t.includes(w)) found.push(`${w}: ${t.slice(Math.max(0, t.indexOf(w) - 60), t.indexOf(w) + 60)}`);
    return found;
  }, UNLOOKUPABLE);
}

test('No page, tooltip or lesson step shows a word a user cannot look up', { timeout: 240_000 }, async () => {
  const queries = ['', '?page=heapgo', '?page=mt-search', '?page=mt-search&mt=fig7', '?page=hackenbush', '?page=sums', '?page=game', '?page=game&r=hackenbush', '?page=game&r=heapgo'];
  // Every lesson step too.
  await page.goto(base);
  await page.waitForSelector(tid('lessons'));
  const lessons = await page.locator('[data-testid^="lesson-"][href]').evaluateAll((as) => as.map((a) => a.getAttribute('data-testid').slice('lesson-'.length)));
  assert.ok(lessons.length >= 6, `lessons: ${lessons}`);
  const problems = [];
  for (const q of queries) {
    await page.goto(base + q);
    await page.waitForSelector('main#main > *');
    await page.locator('details').evaluateAll((ds) => ds.forEach((d) => (d.open = true)));
    await page.waitForTimeout(300);
    for (const f of await wordsOnScreen()) problems.push(`${q || '(explorer)'}: ${f}`);
  }
  for (const id of lessons) {
    await page.goto(`${base}?lesson=${id}&ls=0`);
    await page.waitForSelector(tid('lesson-bar'));
    for (let k = 0; ; k++) {
      for (const f of await wordsOnScreen()) problems.push(`lesson ${id} step ${k + 1}: ${f}`);
      if (await page.locator(tid('lesson-next')).isDisabled()) break;
      await page.click(tid('lesson-next'));
      await page.waitForFunction((want) => document.querySelector('[data-testid="lesson-step"]')?.textContent.startsWith(`step ${want} `), k + 2);
    }
  }
  assert.deepEqual([...new Set(problems)], []);
});

// Issue 22 (links that last): every written link carries its format
// version; an old or malformed link opens its page with a message naming
// each field it could not read, never a blank page; the message goes away
// on Dismiss.
test('Links: a version in every link; malformed fields are named, the page still opens', { timeout: 60_000 }, async () => {
  await page.goto(base + '?page=sums&s=%7B4%7C0%7D');
  await page.waitForSelector(tid('tab-sums'));
  await page.waitForFunction(() => new URLSearchParams(location.search).get('v') === '2');
  assert.match(new URL(page.url()).search, /^\?v=2&/, 'the version comes first');
  assert.equal(await page.locator(tid('link-notes')).count(), 0, 'a good link opens without a message');

  // An old link (no version) with three malformed fields.
  await page.goto(base + '?page=hackenbush&turn=x&hb=stalk%3Abr&lesson=nope&sz=maybe');
  await page.waitForSelector(tid('link-notes'));
  const keys = await page.locator(tid('link-note')).evaluateAll((els) => els.map((e) => e.dataset.key));
  assert.deepEqual(keys, ['sz', 'turn', 'lesson']);
  assert.match(await page.locator(tid("link-notes")).innerText(), /turn=x is not b or r: Blue chops next/);
  // The page is there: the Hackenbush board with the link's position.
  assert.ok(await page.locator('[data-testid="tab-hackenbush"][aria-current="page"]').count());
  assert.equal(new URL(page.url()).searchParams.get('hb'), 'stalk:br');
  await page.click(tid('link-notes-close'));
  assert.equal(await page.locator(tid('link-notes')).count(), 0);

  // A link from a later version: named, and what this version knows opens.
  await page.goto(base + '?v=7&page=sums&s=%2A');
  await page.waitForSelector(tid('link-notes'));
  assert.match(await page.locator(tid('link-notes')).innerText(), /v=7 is a link format newer than this page's \(format 2\)/);
  assert.equal(new URL(page.url()).searchParams.get('s'), '*');
  assert.equal(new URL(page.url()).searchParams.get('v'), '2');

  // Garbage everywhere still opens a page.
  await page.goto(base + '?page=%FF%FE&v=%00&node=%E2%86%91&build=-&g=%7B%7B%7B');
  await page.waitForSelector(tid('link-notes'));
  assert.ok(await page.locator('[data-testid="tab-explorer"][aria-current="page"]').count());
});

// Issue 22 (exports for papers): besides the thermograph, the game tree,
// the Hackenbush board, the heap-go board and MT-search's walls and
// bounds download as TikZ.
test('Exports: TikZ of the game tree, both boards and the MT-search pictures', { timeout: 120_000 }, async () => {
  const tikzOf = async (id, file) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(tid(id))]);
    assert.equal(d.suggestedFilename(), file);
    const text = fs.readFileSync(await d.path(), 'utf8');
    assert.match(text, /\\begin\{tikzpicture\}/, file);
    assert.match(text, /\\end\{tikzpicture\}\s*$/, file);
    assert.equal(text.split('{').length, text.split('}').length, `${file}: braces balance`);
    return text;
  };
  await page.goto(base + '?g=%7B4%7C%7B1%2F2%7C-3%7D%7D');
  await page.waitForSelector(tid('game-tree-tikz'));
  const tree = await tikzOf('game-tree-tikz', 'game-tree.tex');
  assert.match(tree, /\{\$4\$\}/);
  assert.match(tree, /\{\$\\frac\{1\}\{2\}\$\}/);
  assert.equal(tree.match(/\\draw\[cgtright, thick, dashed\]/g).length, 2);

  // A value too large to place: no file, and the button says why.
  await page.goto(base + '?g=' + encodeURIComponent(`{${'9'.repeat(400)}|0}`));
  await page.waitForSelector(tid('download-tikz'));
  await page.click(tid('download-tikz'));
  await page.waitForSelector(tid('download-tikz-note'));
  assert.match(await page.locator(tid('download-tikz-note')).textContent(), /too large/);

  await page.goto(base + '?page=hackenbush&hb=stalk%3Abr');
  await page.waitForSelector(tid('hb-canvas-tikz'));
  const hb = await tikzOf('hb-canvas-tikz', 'hackenbush.tex');
  assert.equal(hb.match(/\\draw\[cgtleft, line width=1.6pt\]/g).length, 1);
  assert.equal(hb.match(/\\draw\[cgtright, line width=1.6pt, dashed\]/g).length, 1);

  await page.goto(base + '?page=heapgo&h=b5%2Cr3%2Fr7');
  await page.waitForSelector(tid('heap-board-tikz'));
  const hg = await tikzOf('heap-board-tikz', 'heapgo-board.tex');
  assert.match(hg, /at \(0,1\) \{\$5\$\}/);
  assert.match(hg, /heap 2/);

  await page.goto(base + '?page=mt-search&mt=fig7&n=3');
  await page.waitForSelector(tid('mt-walls-canvas-tikz'));
  const walls = await tikzOf('mt-walls-canvas-tikz', 'mt-walls.tex');
  assert.match(walls, /upper bound model/);
  const bounds = await tikzOf('mt-history-canvas-tikz', 'mt-bounds.tex');
  assert.match(bounds, /paths added/);
});
