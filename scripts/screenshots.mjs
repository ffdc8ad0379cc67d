// Screenshots of curvedoc HTML pages in headless Chromium (driven by scripts/screenshots.py).
// Usage: node scripts/screenshots.mjs JOBS.json   -- JOBS: [{html, png, interact}]
// For each page: wait until every figure's chart is drawn (.cd-fig.cd-ready), fail on any script error, then
// screenshot the first run section; with "interact", hover the loss panel (the legend shows the values under the
// cursor), drag across it to zoom, and screenshot again -- the x axis must then span less than before.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(process.cwd() + '/');
const { chromium } = require('playwright-core');
const jobs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
const results = [];
for (const job of jobs) {
  const page = await browser.newPage({ viewport: { width: 1240, height: 1000 }, deviceScaleFactor: 1 });
  const errors = [];
  const requests = [];
  page.on('pageerror', e => errors.push(String(e)));
  page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('request', r => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
  await page.goto('file://' + job.html);
  await page.waitForSelector('.cd-fig.cd-ready', { timeout: 10000 });
  const section = page.locator('section.run').first();
  await section.scrollIntoViewIfNeeded();
  const res = { html: job.html, errors, requests, figures: await page.locator('.cd-fig.cd-ready').count() };
  if (job.interact) {
    const over = section.locator('.u-over').first();
    const box = await over.boundingBox();
    // the step under the cursor (the legend's first value) at the same spot, before and after a drag-zoom
    const stepAt = async (fx) => {
      await page.mouse.move(box.x + box.width * fx, box.y + box.height * 0.5);
      await page.waitForTimeout(150);
      return Number((await section.locator('.u-legend .u-value').first().innerText()).replace(/,/g, ''));
    };
    res.step_before = await stepAt(0.55);
    res.legend = (await section.locator('.u-legend').first().innerText()).split('\n').join(' ');
    await page.mouse.move(box.x + box.width * 0.30, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.40, box.y + box.height * 0.5, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.50, box.y + box.height * 0.5, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    res.step_after = await stepAt(0.55);
    res.step_left_after = await stepAt(0.02);
    await section.screenshot({ path: job.png.replace(/\.png$/, '-zoomed.png') });
    await page.mouse.dblclick(box.x + box.width * 0.5, box.y + box.height * 0.5);
  }
  await page.mouse.move(0, 0);
  await section.screenshot({ path: job.png });
  results.push(res);
  await page.close();
}
await browser.close();
console.log(JSON.stringify(results));
