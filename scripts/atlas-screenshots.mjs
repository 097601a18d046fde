/**
 * `node scripts/atlas-screenshots.mjs`: the screenshots docs/atlas.md shows,
 * taken from the atlas of examples/reference (the DNS page with a health file
 * that takes raichu-opal down) in Debian's headless Chromium, at 960×600, into
 * docs/atlas/. Needs `npm run build` first and /usr/bin/chromium.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'diene-atlas-shots-'));
const docs = path.join(root, 'docs', 'atlas');
mkdirSync(docs, { recursive: true });
const diene = (...args) => execFileSync(process.execPath, [path.join(root, 'bin', 'diene.js'), ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const fleet = path.join(root, 'examples', 'reference');
diene('atlas', '--fleet', fleet, '--out', path.join(work, 'plain'));
const health = path.join(work, 'health.json');
writeFileSync(health, JSON.stringify({ clusters: { 'raichu-opal': { acceptingTraffic: false } } }));
diene('atlas', '--fleet', fleet, '--out', path.join(work, 'health'), '--health', health);

const shots = [
  ['fleet', 'plain', 'index.html', undefined],
  ['drills', 'plain', 'drills.html', undefined],
  ['dns-health', 'health', 'dns.html', '#health'],
  ['platform', 'plain', 'platforms/nitroso.html', undefined],
  ['routing', 'plain', 'routing/pikachu.html', undefined],
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [name, site, file, hash] of shots) {
    const context = await browser.newContext({ viewport: { width: 960, height: 600 }, javaScriptEnabled: false, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(pathToFileURL(path.join(work, site, file)).href + (hash ?? ''));
    await page.screenshot({ path: path.join(docs, `${name}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
