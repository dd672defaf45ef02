// Card scanning (issue #29): "Card scan: p95 ≤ 3 s per card on 2 cores, and the page bundle does
// not grow (OCR loads only in the contacts workspace)."
//  - the 20 test cards of the accuracy test (rendered in Chromium), each read as the route reads
//    it (readCard: the photo prepared, OCR, a turn tried when the read is poor, the parser) with
//    the server's default pool (CARD_SCAN_WORKERS=1); 3 rounds (BENCH_ROUNDS), each round's p95
//    as min / median / max with the load average, next to a baseline measured in the same round:
//    tesseract's recognize alone on the same prepared images, in the same worker;
//  - a burst of 20 scans at once against the default queue (8 waiting): how many are read, how
//    many refused with 503, the slowest accepted one, the process's peak RSS;
//  - the web build: no chunk holds OCR code or the model, and the scan dialog is in a lazy chunk,
//    not in the entry chunk the sign-in and public pages load.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, CHROMIUM, CHROMIUM_ARGS, fmt, heading, lastLines, machine, main, spreadOf, table, verdict, WEB_DIST } from './lib/common.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUDGET_MS = 3000;
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};

await main('card-scan', async () => {
  heading('Card scan: time per card, a burst of 20, the web bundle');
  const { chromium } = await import('playwright-core');
  const { CardOcr } = await import('../apps/server/src/modules/contacts/scan/ocr.ts');
  const { readCard } = await import('../apps/server/src/modules/contacts/scan/read-card.ts');
  const { cardHtml, TEST_CARDS } = await import('../apps/server/src/modules/contacts/scan/test-cards.ts');

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const photos = [];
  try {
    const page = await browser.newPage();
    for (const card of TEST_CARDS) {
      await page.setContent(cardHtml(card));
      photos.push(await page.locator('#photo').screenshot({ type: 'png' }));
    }
  } finally {
    await browser.close();
  }
  // PNG screenshots, as processUpload keeps a PNG photo; the baseline reads the same bytes unprepared.
  const jpegs = photos;
  const prepared = photos;

  const ocr = new CardOcr({ workers: 1, queue: 8 });
  const t0 = performance.now();
  await ocr.run((read) => read(prepared[0]));
  const firstMs = performance.now() - t0;

  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const scan = [];
    const base = [];
    for (let i = 0; i < jpegs.length; i++) {
      let t = performance.now();
      await ocr.run((read) => read(prepared[i]));
      base.push(performance.now() - t);
      t = performance.now();
      await readCard(ocr, jpegs[i], TEST_CARDS[i].country);
      scan.push(performance.now() - t);
    }
    rounds.push({ scanP95: p95(scan), baseP95: p95(base), ratio: p95(scan) / p95(base), load: machine().loadavg1m });
    console.log(`round ${r + 1}: scan p95 ${fmt(p95(scan))} ms, OCR alone p95 ${fmt(p95(base))} ms, load ${machine().loadavg1m}`);
  }

  // A burst: 20 scans at once against one worker and a queue of 8.
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 10);
  const burstStart = performance.now();
  const outcomes = await Promise.all(
    jpegs.map((j, i) =>
      readCard(ocr, j, TEST_CARDS[i].country).then(
        () => ({ ok: true, ms: performance.now() - burstStart }),
        (err) => ({ ok: false, status: err.status }),
      ),
    ),
  );
  clearInterval(sampler);
  await ocr.close();
  const accepted = outcomes.filter((o) => o.ok);
  const refused = outcomes.filter((o) => !o.ok);

  // The web build.
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    const b = buildWeb();
    if (!b.ok) throw new Error(`the web app does not build:\n${lastLines(b.output, 20)}`);
  }
  const assets = path.join(WEB_DIST, 'assets');
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const entryName = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'))?.[1];
  const read = (f) => readFileSync(path.join(assets, f));
  const ocrChunks = js.filter((f) => /tesseract|traineddata|createWorker\(/.test(read(f).toString()));
  const dialogChunks = js.filter((f) => read(f).includes('Take or choose a photo'));
  const entryGz = entryName ? gzipSync(read(entryName), { level: 9 }).length : null;
  const dialogGz = dialogChunks.map((f) => `${f} ${fmt(gzipSync(read(f), { level: 9 }).length / 1000, 1)} KB`);

  const scanSpread = spreadOf(rounds.map((r) => r.scanP95));
  const baseSpread = spreadOf(rounds.map((r) => r.baseP95));
  const ratioSpread = spreadOf(rounds.map((r) => r.ratio));
  console.log(
    `\n${table(
      [
        ['figure', 'min', 'median', 'max', 'budget', 'verdict'],
        ['scan p95 per card (ms)', fmt(scanSpread.min), fmt(scanSpread.median), fmt(scanSpread.max), `≤ ${BUDGET_MS}`, verdict(scanSpread.median <= BUDGET_MS)],
        ['OCR alone p95 (ms), baseline', fmt(baseSpread.min), fmt(baseSpread.median), fmt(baseSpread.max), 'printed', ''],
        ['scan / OCR alone', fmt(ratioSpread.min, 2), fmt(ratioSpread.median, 2), fmt(ratioSpread.max, 2), 'printed', ''],
      ],
      { align: ['l', 'r', 'r', 'r', 'r', 'l'] },
    )}`,
  );
  console.log(`load average per round: ${rounds.map((r) => r.load).join(', ')}; first read after start (worker start included): ${fmt(firstMs)} ms`);
  console.log(
    `burst of ${outcomes.length} at once (1 worker, queue 8): ${accepted.length} read, ${refused.length} refused (${[...new Set(refused.map((r) => r.status))].join(', ') || '–'}), slowest read ${fmt(Math.max(...accepted.map((a) => a.ms)))} ms, peak RSS ${fmt(peakRss / 2 ** 20)} MiB`,
  );
  console.log(
    `web build: OCR code in ${ocrChunks.length} chunk(s) ${verdict(ocrChunks.length === 0)}; scan dialog in ${dialogChunks.join(', ') || 'no chunk'}${
      dialogChunks.includes(entryName) ? ' — IN THE ENTRY CHUNK, OVER' : ' (lazy, not the entry chunk) PASS'
    }; entry chunk ${entryName} ${fmt((entryGz ?? 0) / 1000, 1)} KB gzip; dialog chunk ${dialogGz.join(', ')}`,
  );
  return {
    rounds,
    scanP95Ms: scanSpread,
    ocrAloneP95Ms: baseSpread,
    ratio: ratioSpread,
    firstReadMs: firstMs,
    burst: { accepted: accepted.length, refused: refused.length, slowestMs: Math.max(...accepted.map((a) => a.ms)), peakRssMiB: peakRss / 2 ** 20 },
    bundle: { ocrChunks, dialogChunks, entryChunk: entryName, entryGzipBytes: entryGz },
  };
});
