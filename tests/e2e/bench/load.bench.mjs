// Load benchmark of the built site (not a test: it reports, it does not
// judge): how long each page takes to show its first value on a slow link,
// and how many bytes cross the network before it does.
//
// A student on a phone opens a shared link: the page, its script, the
// stylesheet and the WebAssembly must arrive before the first value can be
// computed. The browser is throttled as Chrome's DevTools do (1.6 Mbps down,
// 750 kbps up, 150 ms of latency on every request; the cache is off), and
// the site is served the way a host with precompressed files serves it:
// `name.br` to a browser that accepts brotli, `name.gz` to one that accepts
// gzip (scripts/precompress.py writes both). Each page runs under each
// encoding, so the gzip figures stand beside the brotli ones.
//
// Targets (issue 45): the explorer's first value under 3 s at 1.6 Mbps /
// 150 ms, and under 1 MB before the first value on any page.
//
// Run: scripts/bench-load.sh (builds dist/ when it is missing), or
// `node tests/e2e/bench/load.bench.mjs` against an existing DIST (default
// dist/; SUBPATH=/cgt-lab/ for a site built with that --base). Writes tests/e2e/out/load.json beside the printed table.

import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync, writeFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DIST = path.resolve(ROOT, process.env.DIST ?? 'dist');
const OUT = path.join(ROOT, 'tests', 'e2e', 'out');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS ?? 3);
// Where the site was built to be served (build-site.sh --base): `/` or e.g. `/cgt-lab/`.
const SUBPATH = process.env.SUBPATH || '/';

// Chrome DevTools' "Fast 3G"-like profile the issue names.
const LINK = { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const TARGET_MS = 3000;
const TARGET_BYTES = 1e6;

// Each page's link and the element that holds its first value.
const PAGES = [
  { page: 'explorer', query: '?g=' + encodeURIComponent('{3|-1}'), value: 'canonical' },
  { page: 'heapgo', query: '?page=heapgo', value: 'heap-mean' },
  { page: 'mt-search', query: '?page=mt-search', value: 'mt-mean-bounds' },
  { page: 'hackenbush', query: '?page=hackenbush', value: 'hb-value' },
  { page: 'game', query: '?page=game', value: 'mean' },
  { page: 'sums', query: '?page=sums', value: 'sum-mean' },
];

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };

/** A static server of DIST that sends a precompressed copy when the browser accepts it and `encoding` allows it. */
function serve(encoding) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let pathname = decodeURIComponent(url.pathname);
    if (pathname.startsWith(SUBPATH)) pathname = pathname.slice(SUBPATH.length);
    let rel = pathname.replace(/^\/+/, '') || 'index.html';
    let file = path.join(DIST, rel);
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const headers = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', vary: 'accept-encoding' };
    for (const [name, ext] of [['br', '.br'], ['gzip', '.gz']]) {
      if ((encoding === name || (encoding === 'br' && name === 'gzip')) && accepts.includes(name) && existsSync(file + ext)) {
        file += ext;
        headers['content-encoding'] = name;
        break;
      }
    }
    res.writeHead(200, headers);
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}${SUBPATH}` })));
}

/** One cold load of `p` through the throttled link: ms to the first value, bytes by then, and by file. */
async function loadOnce(browser, base, p) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  const urls = new Map();
  const bytes = new Map();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.dataReceived', (e) => bytes.set(e.requestId, (bytes.get(e.requestId) ?? 0) + e.encodedDataLength));
  cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, Math.max(bytes.get(e.requestId) ?? 0, e.encodedDataLength)));
  await page.goto(base + p.query, { waitUntil: 'commit' });
  await page.waitForFunction((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    return el && el.textContent.trim() !== '';
  }, p.value, { timeout: 120_000, polling: 'raf' });
  const ms = await page.evaluate(() => performance.now());
  const value = await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).textContent.trim().slice(0, 40), p.value);
  const files = {};
  let total = 0;
  for (const [id, n] of bytes) {
    const name = path.basename(new URL(urls.get(id) ?? 'http://x/?').pathname) || 'index.html';
    files[name] = (files[name] ?? 0) + n;
    total += n;
  }
  await context.close();
  return { ms, total, files, value };
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(`no ${DIST}/index.html: build the site first (scripts/build-site.sh)`);
  const profile = mkdtempSync(path.join(tmpdir(), 'cgt-load-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const rows = [];
  try {
    for (const encoding of ['br', 'gzip']) {
      const { server, base } = await serve(encoding);
      try {
        for (const p of PAGES) {
          const runs = [];
          for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, base, p));
          const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
          const median = ms[Math.floor(ms.length / 2)];
          const total = Math.max(...runs.map((r) => r.total));
          const row = {
            page: p.page,
            encoding,
            first_value_ms: Math.round(median),
            runs_ms: ms.map(Math.round),
            kb_before_first_value: Math.round(total / 1000),
            within_1mb: total < TARGET_BYTES,
            ...(p.page === 'explorer' ? { within_3s: median < TARGET_MS } : {}),
            value: runs[0].value,
            files_kb: Object.fromEntries(Object.entries(runs[0].files).map(([k, v]) => [k, Math.round(v / 1000)])),
          };
          rows.push(row);
          console.log(JSON.stringify(row));
        }
      } finally {
        server.close();
      }
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'load.json'), JSON.stringify({ link: LINK, runs: RUNS, rows }, null, 2) + '\n');
  console.log('\npage        encoding  first value (median)  before it   targets');
  for (const r of rows) {
    const t = [`< 1 MB: ${r.within_1mb ? 'yes' : 'NO'}`, ...(r.within_3s === undefined ? [] : [`< 3 s: ${r.within_3s ? 'yes' : 'NO'}`])].join(', ');
    console.log(`${r.page.padEnd(11)} ${r.encoding.padEnd(9)} ${String(r.first_value_ms).padStart(8)} ms ${String(r.kb_before_first_value).padStart(13)} kB   ${t}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
