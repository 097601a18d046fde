// `diene atlas` read in a real browser: the bundled example's atlas and a test fleet of this file's
// own (a manual gate with soak and verification, a cluster down by a health file, a claim whose
// prefixes carry the characters HTML cares about, a health file whose name is markup) are written by
// the CLI, opened from file:// in Debian's headless Chromium (driven by playwright-core) with
// JavaScript off, checked through the DOM, screenshot at a phone's and a wide screen's size, and
// checked by axe-core in the page for serious or critical violations. Outside CI a missing chromium
// skips these tests; under CI=true it fails them (test/support/required.ts).

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlayTexts, readFleetTexts, REFERENCE_FLEET, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { runCli } from '../support/run-cli.js';

const CHROMIUM = '/usr/bin/chromium';
const missing = existsSync(CHROMIUM) ? undefined : `${CHROMIUM} (Debian's chromium package: apt-get install chromium)`;
const skip = skipUnlessPresent(missing);
/** Where the screenshots of each page kind are kept (git-ignored), for a person to look at after a run. */
const SHOTS = path.join(REPO_ROOT, 'test', 'atlas', '_screenshots');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A health file whose name is markup: the DNS page names it. */
const HOSTILE_HEALTH_NAME = `"><img src=x onerror=alert(1)><b>health.json`;
/** Prefixes made of characters a claim may hold (SPEC §3.4) that HTML treats specially. */
const HOSTILE_PREFIXES = [`it's&amp;co`, `a'b(c)`];

const testFleetOverlay = (): Record<string, string> => ({
  'carbon/nitroso/platform.yaml': [
    'name: nitroso',
    'landscapes: [pichu, pikachu, raichu, ampharos]',
    'stages:',
    '  - pichu',
    '  - {landscape: pikachu, soak: 30m}',
    '  - - {landscape: raichu, gate: manual, verification: [smoke-test]}',
    '    - ampharos',
    'vlandscapes: [mew]',
    'services:',
    '  tin: { modules: [api] }',
    '  zinc: { modules: [api, web] }',
    '',
  ].join('\n'),
  // Traffic off on one of ampharos's two clusters: against the reference fleet, losing the other now takes ampharos down.
  'registry/clusters/ampharos-onyx.yaml': 'landscape: ampharos\nmark: onyx\nprovider: digitalocean\naccount: digitalocean-main\ntraffic: false\n',
  'claims/domains/api.tin.nitroso.pikachu.cluster.atomi.cloud.json': `${JSON.stringify(
    {
      account: 'nitroso',
      app: 'tin',
      paths: {
        [HOSTILE_PREFIXES[0] as string]: 'api.zinc.nitroso.pikachu.cluster.atomi.cloud',
        [HOSTILE_PREFIXES[1] as string]: 'api.zinc.nitroso.raichu.cluster.atomi.cloud',
        paulca: 'api.zinc.nitroso.pikachu.cluster.atomi.cloud',
      },
    },
    null,
    2,
  )}\n`,
});

let browser: Browser | undefined;
const work = mkdtempSync(path.join(tmpdir(), 'diene-atlas-browser-'));
const referenceOut = path.join(work, 'reference');
const testOut = path.join(work, 'test-fleet');
const comparedOut = path.join(work, 'compared');
let testFleet: { dir: string; cleanup: () => void } | undefined;

beforeAll(async () => {
  if (skip) return;
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  const reference = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', referenceOut, '--now', '2026-11-21T00:00:00Z']);
  expect(reference.exitCode, reference.stderr).toBe(0);
  testFleet = writeTempFleet(overlayTexts(readFleetTexts(), testFleetOverlay()));
  const healthFile = path.join(work, HOSTILE_HEALTH_NAME);
  writeFileSync(healthFile, JSON.stringify({ clusters: { 'raichu-opal': { acceptingTraffic: false }, 'ampharos-onyx': { acceptingTraffic: true } } }));
  const own = runCli(['atlas', '--fleet', testFleet.dir, '--out', testOut, '--health', healthFile, '--now', '2026-11-21T00:00:00Z']);
  expect(own.exitCode, own.stderr).toBe(0);
  const compared = runCli(['atlas', '--fleet', testFleet.dir, '--out', comparedOut, '--base', REFERENCE_FLEET, '--now', '2026-11-21T00:00:00Z']);
  expect(compared.exitCode, compared.stderr).toBe(0);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  testFleet?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** Opens `file` of the site at `root` with JavaScript off, refusing every request that is not a file of the site. */
async function open(root: string, file: string, width = 1280): Promise<{ page: Page; foreign: string[]; close: () => Promise<void> }> {
  const context = await (browser as Browser).newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const foreign: string[] = [];
  const siteUrl = pathToFileURL(root).href;
  page.on('request', (request) => {
    if (!request.url().startsWith(`${siteUrl}/`)) foreign.push(request.url());
  });
  await page.goto(pathToFileURL(path.join(root, file)).href);
  return { page, foreign, close: () => context.close() };
}

/** Keeps a screenshot of `file` at a wide and a phone width under {@link SHOTS}. */
async function screenshots(root: string, file: string, name: string): Promise<void> {
  for (const [kind, width] of [
    ['wide', 1280],
    ['phone', 390],
  ] as const) {
    const { page, close } = await open(root, file, width);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${kind}.png`), fullPage: false });
    await close();
  }
}

/** axe-core's serious and critical violations on `file`, in light and dark colour schemes. */
async function axeViolations(root: string, file: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await (browser as Browser).newContext({ colorScheme, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(pathToFileURL(path.join(root, file)).href);
    await page.addScriptTag({ content: readFileSync(AXE, 'utf8') });
    const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    };
    for (const v of result.violations)
      if (v.impact === 'serious' || v.impact === 'critical')
        found.push(
          `${colorScheme} ${file}: ${v.id} (${v.impact}) at ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
        );
    await context.close();
  }
  return found;
}

/** Every HTML file of the site at `root`, relative, sorted. */
function pagesOf(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).sort();
}

describe.skipIf(skip)(`the atlas of the reference fleet in Chromium${skippedBecause(missing)}`, () => {
  it('has every page kind, each self-contained: no script, nothing fetched but the page itself', async () => {
    expect(pagesOf(referenceOut)).toEqual([
      'dns.html',
      'drills.html',
      'index.html',
      'platforms/aldehyde.html',
      'platforms/index.html',
      'platforms/mercury.html',
      'platforms/nitroso.html',
      'routing/ampharos.html',
      'routing/index.html',
      'routing/pichu.html',
      'routing/pikachu.html',
      'routing/raichu.html',
    ]);
    for (const file of pagesOf(referenceOut)) {
      const { page, foreign, close } = await open(referenceOut, file);
      expect(await page.locator('script, link[rel=stylesheet], img, iframe').count(), file).toBe(0);
      expect(await page.locator('main h1').count(), file).toBe(1);
      expect(await page.locator('header nav a').allTextContents(), file).toEqual(['Fleet', 'Platforms', 'DNS', 'Routing', 'Drills']);
      // Every link of the site leads to a page of the site (or an anchor on it that exists).
      for (const href of await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') as string))) {
        const [target, hash] = href.split('#') as [string, string | undefined];
        const resolved = target === '' ? path.join(referenceOut, file) : path.resolve(path.dirname(path.join(referenceOut, file)), target);
        expect(existsSync(resolved), `${file} links ${href}`).toBe(true);
        if (hash && target === '') expect(await page.locator(`[id="${hash}"]`).count(), `${file} links #${hash}`).toBe(1);
      }
      expect(foreign, file).toEqual([]);
      await close();
    }
  });

  it('the fleet page lists each cluster with its landscape, built, up, traffic, account and provider, the virtual landscapes and both bases', async () => {
    const { page, close } = await open(referenceOut, 'index.html');
    const rows = await page
      .locator('table')
      .first()
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
    expect(rows.map((r) => r.slice(0, 9))).toEqual([
      ['ampharos', 'IAD', 'prod', 'ampharos-onyx', 'built', 'up', 'on', 'digitalocean-main', 'digitalocean'],
      ['ampharos', 'IAD', 'prod', 'ampharos-pearl', 'built', 'up', 'on', 'aws-main', 'aws'],
      ['pichu', 'SIN', 'dev', 'pichu-topaz', 'built', 'up', 'on', 'digitalocean-main', 'digitalocean'],
      ['pikachu', 'SIN', 'staging', 'pikachu-jade', 'built', 'up', 'on', 'digitalocean-main', 'digitalocean'],
      ['raichu', 'SIN', 'prod', 'raichu-opal', 'built', 'up', 'on', 'aws-main', 'aws'],
      ['raichu', 'SIN', 'prod', 'raichu-ruby', 'built', 'up', 'off', 'digitalocean-main', 'digitalocean'],
    ]);
    expect(await page.locator('table').first().locator('thead th[scope=col]').count()).toBe(10);
    const virtual = await page.locator('#virtual + .scroll tbody tr').allTextContents();
    expect(virtual[0]).toContain('celebi');
    expect(virtual[0]).toContain('pikachu: serves');
    expect(virtual[1]).toMatch(/^mew.*raichu: serves.*ampharos: serves/);
    const bases = await page.locator('#bases + p').textContent();
    expect(bases).toContain('Main base cluster.atomi.cloud, spare base cluster.atomi-spare.net; TTL 60 s');
    const hosts = await page.locator('#bases ~ .scroll').first().locator('tbody tr').allTextContents();
    expect(hosts[0]).toContain('route53');
    expect(hosts[0]).toContain('ns-101.awsdns-12.com');
    expect(hosts[1]).toContain('google');
    await close();
    await screenshots(referenceOut, 'index.html', 'fleet');
  });

  it('the drills page holds the single-failure matrix of simulate --all-single, each cell in words, linked to its explanation', async () => {
    const { page, close } = await open(referenceOut, 'drills.html');
    const header = await page.locator('#matrix thead th').allTextContents();
    expect(header).toEqual(['Failure', 'ampharos', 'pichu', 'pikachu', 'raichu', 'celebi (virtual)', 'mew (virtual)']);
    const row = async (failure: string): Promise<string[]> =>
      page
        .locator('#matrix tbody tr')
        .filter({ has: page.locator('th', { hasText: new RegExp(`^${failure}$`) }) })
        .locator('td')
        .allTextContents();
    // As `diene simulate --fail raichu-opal` says: raichu down, mew degraded (slower) after a while, the rest as before.
    expect(await row('cluster raichu-opal')).toEqual([
      'works (as before)',
      'works (as before)',
      'works (as before)',
      'down',
      'works (as before)',
      'degraded, worse for ≤ 65 s',
    ]);
    expect(await row('cluster raichu-ruby')).toEqual([
      'works (as before)',
      'works (as before)',
      'works (as before)',
      'works (as before)',
      'works (as before)',
      'works (as before)',
    ]);
    // A DNS host down: resolvers that asked it fail over (slower) until its answers expire from their caches.
    expect(await row('host route53')).toEqual(Array(6).fill('degraded, worse for ≤ 60 s'));
    expect((await page.locator('#matrix tbody tr').count()) - 1).toBe(18);
    // The colour comes with the word: the down cell has the "bad" class, and its link leads to the explanation.
    const cell = page
      .locator('#matrix tbody tr')
      .filter({ has: page.locator('th', { hasText: /^cluster raichu-opal$/ }) })
      .locator('td')
      .nth(3);
    expect(await cell.getAttribute('class')).toBe('bad');
    const href = (await cell.locator('a').getAttribute('href')) as string;
    const explanation = await page
      .locator(`[id="${href.slice(1)}"]`)
      .locator('xpath=..')
      .textContent();
    expect(explanation).toContain('our app: down nitroso/tin api');
    expect(explanation).toContain('because no live address for api.tin.nitroso.raichu.cluster.atomi.cloud (raichu-opal down)');
    await close();
    await screenshots(referenceOut, 'drills.html', 'drills');
  });

  it("the DNS page lists every name with each host's answers, each address with its cluster", async () => {
    const { page, close } = await open(referenceOut, 'dns.html');
    const row = page.locator('tbody tr').filter({ has: page.locator('th', { hasText: /^raichu\.cluster\.atomi\.cloud$/ }) });
    expect(await row.count()).toBe(2);
    const a = await row
      .filter({ has: page.locator('td', { hasText: /^A$/ }) })
      .locator('td')
      .allTextContents();
    expect(a).toEqual(['A', '203.0.113.20 raichu-opal', '203.0.113.20 raichu-opal']);
    const geo = await page
      .locator('tbody tr')
      .filter({ has: page.locator('th', { hasText: /^\*\.mew\.cluster\.atomi\.cloud/ }) })
      .allTextContents();
    expect(geo.join('\n')).toContain('ampharos-onyx');
    expect(await page.locator('h2').allTextContents()).toEqual(['Zone cluster.atomi.cloud', 'Zone cluster.atomi-spare.net']);
    await close();
    await screenshots(referenceOut, 'dns.html', 'dns');
  });

  it('a platform page draws the Kargo pipeline as an SVG with a title, and says which rows are ready', async () => {
    const { page, close } = await open(referenceOut, 'platforms/nitroso.html');
    const svg = page.locator('svg[role=img]');
    expect(await svg.count()).toBe(1);
    expect(await svg.locator('title').textContent()).toBe('Kargo pipeline of nitroso');
    expect(await svg.locator('desc').textContent()).toContain('pichu, then pikachu, then raichu and ampharos');
    expect(await svg.locator('rect').count()).toBe(5);
    // Warehouse → pichu → pikachu → (raichu, ampharos): 1 + 1 + 2 edges.
    expect(await svg.locator('path.edge').count()).toBe(4);
    const rows = await page
      .locator('#rows + .scroll tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').split(' ')[0])));
    expect(rows).toEqual([
      ['tin', 'ready', 'ready', 'ready', 'ready'],
      ['zinc', 'ready', 'ready', 'not', 'not'],
    ]);
    await close();
    await screenshots(referenceOut, 'platforms/nitroso.html', 'platform');
  });

  it("a routing page shows each claim's prefix map per host with its targets' readiness, and what was dropped and why", async () => {
    const { page, close } = await open(referenceOut, 'routing/pikachu.html');
    const table = page.locator('table', { has: page.locator('caption', { hasText: 'Prefix map of api.tin.nitroso.pikachu.cluster.atomi.cloud' }) });
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
    expect(rows).toEqual([
      ['dashboard', 'web.zinc.nitroso.pikachu.cluster.atomi.cloud', 'ready (chart 1.10)'],
      ['paulca', 'api.zinc.nitroso.pikachu.cluster.atomi.cloud', 'ready (chart 1.10)'],
    ]);
    const dropped = await page.locator('#dropped ~ div table tbody tr').allTextContents();
    expect(dropped.join('\n')).toContain('ghost');
    expect(dropped.join('\n')).toContain('does not exist');
    expect(dropped.join('\n')).toContain('another account');
    await close();
    await screenshots(referenceOut, 'routing/pikachu.html', 'routing');
  });

  it('axe-core finds no serious or critical violation on any page, light or dark', async () => {
    const found: string[] = [];
    for (const file of pagesOf(referenceOut)) found.push(...(await axeViolations(referenceOut, file)));
    expect(found).toEqual([]);
  }, 180_000);
});

describe.skipIf(skip)(`the atlas of a test fleet with a health file, in Chromium${skippedBecause(missing)}`, () => {
  it('escapes fleet text: a prefix with quotes and ampersands and a health file named like markup show as text and inject nothing', async () => {
    const routing = await open(testOut, 'routing/pikachu.html');
    const prefixes = await routing.page
      .locator('table', { has: routing.page.locator('caption', { hasText: /^Prefix map of api\.tin\.nitroso\.pikachu\.cluster\.atomi\.cloud$/ }) })
      .locator('tbody th')
      .allTextContents();
    // The text as the claim wrote it: "&amp;" stays five characters, never an ampersand; a'b(c) targets raichu, so it is dropped.
    expect(prefixes).toEqual(["it's&amp;co", 'paulca']);
    const droppedText = (await routing.page.locator('#dropped ~ div table tbody').allTextContents()).join('\n');
    expect(droppedText).toContain("a'b(c)api.zinc.nitroso.raichu.cluster.atomi.clouddoes not exist (row not ready: platforms/nitroso/zinc/raichu.yaml)");
    await routing.close();
    const dns = await open(testOut, 'dns.html');
    expect(await dns.page.locator('img, b').count()).toBe(0);
    expect(await dns.page.locator('#health + p code').first().textContent()).toBe(HOSTILE_HEALTH_NAME);
    await dns.close();
  });

  it('the fleet page marks the cluster the health file says is down', async () => {
    const { page, close } = await open(testOut, 'index.html');
    const opal = await page.locator('tbody tr').filter({ hasText: 'raichu-opal' }).locator('td').allTextContents();
    expect(opal.slice(2, 5)).toEqual(['raichu-opal', 'built', 'down']);
    const onyx = await page.locator('tbody tr').filter({ hasText: 'ampharos-onyx' }).locator('td').allTextContents();
    expect(onyx[4]).toBe('up');
    await close();
  });

  it("the DNS page shows what the health file changes: the planner keeps raichu's last address and takes raichu-opal out of mew", async () => {
    const { page, close } = await open(testOut, 'dns.html');
    const said = await page.locator('#health ~ ul').first().textContent();
    expect(said).toContain('Down by the health file: raichu-opal.');
    expect(said).toContain('tick 1 removes raichu-opal');
    expect(said).toContain('Brake: last address: every cluster of raichu.cluster.atomi.cloud is down (raichu-opal); it keeps the addresses of raichu-opal');
    const mew = await page
      .locator('tbody tr')
      .filter({ has: page.locator('th', { hasText: /^\*\.mew\.cluster\.atomi\.cloud/ }) })
      .locator('td del')
      .allTextContents();
    expect(mew.join('\n')).toContain('203.0.113.20 raichu-opal, down');
    const raichu = page.locator('tbody tr').filter({ has: page.locator('th', { hasText: /^raichu\.cluster\.atomi\.cloud$/ }) });
    expect(await raichu.locator('del').count()).toBe(0);
    await close();
    await screenshots(testOut, 'dns.html', 'dns-health');
  });

  it('the pipeline graph shows the manual gate, the soak and the verification, in the graph and in words', async () => {
    const { page, close } = await open(testOut, 'platforms/nitroso.html');
    const texts = await page.locator('svg text').allTextContents();
    expect(texts).toContain('pikachuauto, soak 30m');
    expect(texts).toContain('raichumanual gateverification ×1');
    expect(await page.locator('svg rect.manual').count()).toBe(1);
    const words = await page.locator('#pipeline ~ ol').textContent();
    expect(words).toContain('raichu: promoted by hand (manual gate), verified by smoke-test');
    expect(words).toContain('pikachu: promoted automatically, after Freight soaks 30m upstream');
    await close();
    await screenshots(testOut, 'platforms/nitroso.html', 'platform-gates');
  });

  it('axe-core finds no serious or critical violation on the pages of the test fleet, with a health file and against a base', async () => {
    const found: string[] = [];
    for (const file of ['index.html', 'dns.html', 'platforms/nitroso.html', 'routing/pikachu.html']) found.push(...(await axeViolations(testOut, file)));
    for (const file of ['index.html', 'drills.html', 'dns.html', 'platforms/nitroso.html', 'routing/pikachu.html'])
      found.push(...(await axeViolations(comparedOut, file)));
    expect(found).toEqual([]);
  }, 240_000);

  it('against the reference fleet as its base, marks what the change makes worse, adds and removes, in words', async () => {
    const drills = await open(comparedOut, 'drills.html');
    const pearl = await drills.page
      .locator('#matrix tbody tr')
      .filter({ has: drills.page.locator('th', { hasText: /^cluster ampharos-pearl$/ }) })
      .locator('td')
      .allTextContents();
    // With onyx's traffic off, pearl is ampharos's only cluster: its loss now takes ampharos down (it was only briefly worse).
    expect(pearl[0]).toBe('down worse than the base (was works)');
    await screenshots(comparedOut, 'drills.html', 'drills-base');
    await drills.close();
    const fleet = await open(comparedOut, 'index.html');
    const onyx = await fleet.page.locator('tbody tr').filter({ hasText: 'ampharos-onyx' }).locator('td').allTextContents();
    expect(onyx[5]).toBe('off changed (was on)');
    await fleet.close();
    const routing = await open(comparedOut, 'routing/pikachu.html');
    const map = await routing.page
      .locator('table', { has: routing.page.locator('caption', { hasText: /^Prefix map of api\.tin\.nitroso\.pikachu\.cluster\.atomi\.cloud$/ }) })
      .locator('tbody th')
      .allTextContents();
    expect(map).toEqual(["it's&amp;co added", 'paulca', 'dashboard removed']);
    await routing.close();
  });
});
