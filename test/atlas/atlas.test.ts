// The atlas's pages as data, without a browser: the same fleet gives the same bytes whatever the
// file order; fleet text that reaches a page is escaped even when it holds markup (names come from
// pull requests; here the model is given names the schemas would refuse, to prove the pages never
// rely on that); and `diene atlas` writes all-or-nothing: usage, an invalid fleet or health file,
// and a folder holding a file diene did not write all leave the output as it was.
// What the pages say, read in Chromium, is in atlas-browser.test.ts.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { atlasPlan } from '../../compiler/atlas/atlas.js';
import { esc } from '../../compiler/atlas/html.js';
import { compileFleet } from '../../compiler/index.js';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { overlayTexts, readFleetTexts, REFERENCE_FLEET, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';
import { shellWord } from '../../compiler/diagnostics/shell-word.js';

const work = mkdtempSync(path.join(tmpdir(), 'diene-atlas-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function modelOf(texts: ReadonlyMap<string, string>): FleetModel {
  const result = compileFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
  if (!result.model) throw new Error(`the fleet does not compile: ${result.diagnostics.map((d) => d.code).join(', ')}`);
  return result.model;
}

const listing = (dir: string): string[] => (existsSync(dir) ? (readdirSync(dir, { recursive: true }) as string[]).sort() : []);

const pagesOf = (model: FleetModel): Map<string, string> => new Map([...atlasPlan(model)].map(([file, make]) => [file, make()]));

describe('the atlas as data', () => {
  it('escapes the five characters HTML treats specially', () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it("gives the same bytes for the fleet's files in reverse order", () => {
    const texts = readFleetTexts();
    const forward = pagesOf(modelOf(texts));
    const backward = pagesOf(modelOf(new Map([...texts].reverse())));
    expect([...backward.keys()]).toEqual([...forward.keys()]);
    for (const [file, html] of forward) expect(backward.get(file), file).toBe(html);
  });

  it('writes names holding markup as text: no element, attribute or entity of theirs reaches a page', () => {
    const model = modelOf(readFleetTexts());
    const hostile = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&amp;`;
    // Names the schemas refuse, put in after the analysis: the pages must not depend on the schemas for their safety.
    const cluster = model.clusters[0] as FleetModel['clusters'][number];
    cluster.account = hostile;
    cluster.provider = hostile;
    (model.landscapes[0] as FleetModel['landscapes'][number]).tier = hostile;
    const platform = model.platforms[0] as FleetModel['platforms'][number];
    (platform.stageGroups[0]?.[0] as { verification: string[] }).verification = [hostile];
    const row = platform.services[0]?.rows[0] as { chart: string; image: string };
    row.chart = hostile;
    row.image = hostile;
    for (const [file, html] of pagesOf(model)) {
      expect(html, file).not.toContain('<script');
      expect(html, file).not.toContain('<img');
      const document = new JSDOM(html).window.document;
      expect(document.querySelectorAll('script, img').length, file).toBe(0);
      for (const element of document.querySelectorAll('*')) for (const attribute of element.getAttributeNames()) expect(attribute, file).not.toMatch(/^on/);
    }
    const fleet = new JSDOM(pagesOf(model).get('index.html') as string).window.document;
    expect([...fleet.querySelectorAll('td')].map((td) => td.textContent)).toContain(hostile);
    const platformPage = new JSDOM(pagesOf(model).get(`platforms/${platform.name}.html`) as string).window.document;
    expect(platformPage.querySelector('#pipeline ~ ol')?.textContent).toContain(`verified by ${hostile}`);
    expect(platformPage.querySelector('#rows ~ .scroll tbody td')?.textContent).toContain(`chart ${hostile}, image ${hostile}`);
  });
});

describe('the atlas against a base revision', () => {
  const text = (html: string | undefined, selector: string): string[] =>
    [...new JSDOM(html ?? '').window.document.querySelectorAll(selector)].map((e) => (e.textContent ?? '').trim());

  it('marks DNS answers and rows by what the change adds, removes or makes worse', () => {
    const base = modelOf(readFleetTexts());
    const head = modelOf(
      overlayTexts(readFleetTexts(), {
        'registry/clusters/ampharos-onyx.yaml': 'landscape: ampharos\nmark: onyx\nprovider: digitalocean\naccount: digitalocean-main\ntraffic: false\n',
        'platforms/nitroso/tin/pichu.yaml': 'pin:\n  chart: ""\n  image: ""\n',
      }),
    );
    const pages = new Map([...atlasPlan(head, { base: { model: base, label: '../base' } })].map(([file, make]) => [file, make()]));
    const ampharos = text(pages.get('dns.html'), 'tbody tr').filter((row) => row.startsWith('ampharos.cluster.atomi.cloudA1'));
    // onyx leaves ampharos's A answer on both hosts; pearl stays.
    expect(ampharos).toEqual([
      'ampharos.cluster.atomi.cloudA198.51.100.30 ampharos-pearl198.51.100.31 ampharos-onyx removed198.51.100.30 ampharos-pearl198.51.100.31 ampharos-onyx removed',
    ]);
    const rows = text(pages.get('platforms/nitroso.html'), '#rows ~ .scroll tbody tr');
    expect(rows[0]).toMatch(/^tin \(api\)not ready \(empty pin, platforms\/nitroso\/tin\/pichu\.yaml\) worse than the base \(was ready, chart 1\.4\.2\)/);
    expect(text(pages.get('index.html'), 'main > p')).toContain(
      'Compared with the base revision ../base: added, removed, changed (was …) and worse than the base (was …) mark what this revision changes.',
    );
  });

  it('draws the atlas unmarked, with a note, when the base does not compile', () => {
    const base = path.join(work, 'base-broken');
    for (const [file, body] of overlayTexts(readFleetTexts(), { 'registry/landscapes/pichu.yaml': 'name: pichu\nregion: XXX\ntier: dev\n' })) {
      mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
      writeFileSync(path.join(base, file), body);
    }
    const out = path.join(work, 'unmarked');
    const run = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', out, '--base', base]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^note: the base fleet at .*base-broken does not compile with this diene \(1 error\); the atlas is drawn with no marks/);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).not.toContain('Compared with the base revision');
    // The pages say it too: the site is read as a CI artifact, where an unmarked page would pass for "no change".
    const pages = listing(out).filter((file) => file.endsWith('.html'));
    expect(pages).toContain('index.html');
    for (const file of pages)
      expect(text(readFileSync(path.join(out, file), 'utf8'), 'header p.notice[role=note]'), file).toEqual([
        `Not compared with the base: ${base} (--base) does not compile with this diene (1 error), so nothing on these pages is marked added, removed, changed or worse; an unmarked page does not mean no change. Run diene validate --fleet ${base} to see why.`,
      ]);
    const missing = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', out, '--base', path.join(work, 'no-such-base')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('error base_missing');
    expect(missing.stderr).toContain('without --base, the atlas is drawn with no marks');
  });

  it("writes the unusable base's name into the note as text", () => {
    const label = `../<img src=x onerror=alert(1)>&amp;"'`;
    // The suggested command quotes it for a shell ('…'\''…'); the page shows it as text either way.
    expect(shellWord(label)).toBe(`'../<img src=x onerror=alert(1)>&amp;"'\\'''`);
    const pages = new Map([...atlasPlan(modelOf(readFleetTexts()), { baseUnusable: { label, errors: 2 } })].map(([file, make]) => [file, make()]));
    for (const [file, html] of pages) {
      expect(html, file).not.toContain('<img');
      const notes = [...new JSDOM(html).window.document.querySelectorAll('header p.notice')];
      expect(
        notes.map((note) => note.textContent),
        file,
      ).toEqual([
        `Not compared with the base: ${label} (--base) does not compile with this diene (2 errors), so nothing on these pages is marked added, removed, changed or worse; an unmarked page does not mean no change. Run diene validate --fleet ${shellWord(label)} to see why.`,
      ]);
      expect(notes[0]?.querySelectorAll('code').length, file).toBe(2);
    }
    // A base that compiles, or none, leaves the header without a note.
    expect(pagesOf(modelOf(readFleetTexts())).get('index.html')).not.toContain('class="notice');
  });
});

describe('diene atlas writes all or nothing', () => {
  it('writes the site and its manifest; a second run gives the same bytes in another time zone and locale', () => {
    const out = path.join(work, 'twice');
    const first = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', out]);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toBe('');
    expect(first.stderr).toMatch(/^wrote the atlas, 12 pages, to .*; open .*index\.html\n$/);
    const before = new Map(
      listing(out)
        .filter((f) => f.endsWith('.html'))
        .map((f) => [f, readFileSync(path.join(out, f), 'utf8')]),
    );
    expect(listing(out)).toContain('.diene-manifest.json');
    const second = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', out], {
      env: { TZ: 'Pacific/Kiritimati', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
    });
    expect(second.exitCode, second.stderr).toBe(0);
    for (const [file, html] of before) expect(readFileSync(path.join(out, file), 'utf8'), file).toBe(html);
  });

  it('warns about a cluster the health file names that the registry does not hold, as plan dns does, and writes the atlas', () => {
    const health = path.join(work, 'unknown-health.json');
    writeFileSync(health, JSON.stringify({ clusters: { 'raichu-nosuch': { acceptingTraffic: false } } }));
    const out = path.join(work, 'unknown-health');
    const run = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', out, '--health', health]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('warning dns_health_unknown_cluster: the health file names cluster "raichu-nosuch"');
    expect(listing(out)).toContain('dns.html');
  });

  it('refuses without --out, an invalid fleet, a malformed health file or a foreign file in the folder, writing nothing', () => {
    const noOut = runCli(['atlas', '--fleet', REFERENCE_FLEET]);
    expect(noOut.exitCode).toBe(2);
    expect(noOut.stderr).toContain('usage_option_missing');

    const broken = path.join(work, 'broken-fleet');
    for (const [file, text] of overlayTexts(readFleetTexts(), { 'registry/landscapes/pichu.yaml': 'name: pichu\nregion: XXX\ntier: dev\n' })) {
      mkdirSync(path.dirname(path.join(broken, file)), { recursive: true });
      writeFileSync(path.join(broken, file), text);
    }
    const invalidOut = path.join(work, 'invalid');
    const invalid = runCli(['atlas', '--fleet', broken, '--out', invalidOut]);
    expect(invalid.exitCode).toBe(2);
    expect(listing(invalidOut)).toEqual([]);

    const health = path.join(work, 'health.json');
    writeFileSync(health, JSON.stringify({ clusters: { 'raichu-opal': { acceptingTraffic: 'no' } } }));
    const healthOut = path.join(work, 'health-out');
    const malformed = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', healthOut, '--health', health]);
    expect(malformed.exitCode).toBe(2);
    expect(malformed.stderr).toContain('health.json:1:');
    expect(listing(healthOut)).toEqual([]);

    const foreignOut = path.join(work, 'foreign');
    mkdirSync(foreignOut);
    writeFileSync(path.join(foreignOut, 'notes.txt'), 'mine\n');
    const foreign = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', foreignOut]);
    expect(foreign.exitCode).toBe(2);
    expect(foreign.stderr).toContain('error output_location_unmanaged');
    expect(listing(foreignOut)).toEqual(['notes.txt']);
  });
});

describe("diene atlas and diene compile never replace each other's tree", () => {
  const files = (dir: string): Map<string, string> =>
    new Map(
      (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          return [path.relative(dir, file), readFileSync(file, 'utf8')] as const;
        })
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  it('refuses a folder diene compile wrote, naming it and the fix, and leaves the compiled outputs as they were', () => {
    const out = path.join(work, 'compiled');
    const compiled = runCli(['compile', '--fleet', REFERENCE_FLEET, '--out', out, '--no-cache']);
    expect(compiled.exitCode, compiled.stderr).toBe(0);
    const before = files(out);
    expect([...before.keys()]).toContain('argocd/aldehyde.yaml');
    const atlas = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', out]);
    expect(atlas.exitCode, atlas.stderr).toBe(2);
    expect(atlas.stderr).toContain(
      `error output_location_other_kind: the output directory ${out} holds the compiled outputs: its manifest (.diene-manifest.json) says \`diene compile\` wrote it, and \`diene atlas\` never replaces another command's tree`,
    );
    expect(atlas.stderr).toContain(`choose another --out for the site, a folder of its own (e.g. diene atlas --out atlas); ${out} is left as it is`);
    expect(files(out)).toEqual(before);
  });

  it('refuses, in diene compile, a folder diene atlas wrote, and leaves the site as it was', () => {
    const out = path.join(work, 'site');
    const atlas = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', out]);
    expect(atlas.exitCode, atlas.stderr).toBe(0);
    const before = files(out);
    expect(JSON.parse(before.get('.diene-manifest.json') as string)).toMatchObject({ kind: 'atlas', version: 1 });
    const compiled = runCli(['compile', '--fleet', REFERENCE_FLEET, '--out', out, '--no-cache']);
    expect(compiled.exitCode, compiled.stderr).toBe(2);
    expect(compiled.stderr).toContain(`error output_location_other_kind: the output directory ${out} holds the atlas's site`);
    expect(compiled.stderr).toContain('choose another --out for the outputs (e.g. <fleet>/generated, the default)');
    expect(files(out)).toEqual(before);
    // The atlas still replaces its own site.
    const again = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', out]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(files(out)).toEqual(before);
  });

  it("gives the atlas's own hints for a folder diene never wrote and for one inside an input folder", () => {
    const stranger = path.join(work, 'stranger');
    mkdirSync(stranger);
    writeFileSync(path.join(stranger, 'notes.txt'), 'mine\n');
    const refused = runCli(['atlas', '--fleet', REFERENCE_FLEET, '--out', stranger]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      'check --out: pass a folder of its own for the site, e.g. diene atlas --out atlas, or an empty one. diene deletes nothing it did not write, so the atlas is not written',
    );
    expect(refused.stderr).not.toContain('compile');
    const fleet = path.join(work, 'fleet-copy');
    for (const [file, text] of readFleetTexts()) {
      mkdirSync(path.dirname(path.join(fleet, file)), { recursive: true });
      writeFileSync(path.join(fleet, file), text);
    }
    const inInput = runCli(['atlas', '--fleet', fleet, '--out', path.join(fleet, 'registry', 'atlas')]);
    expect(inInput.exitCode).toBe(2);
    expect(inInput.stderr).toContain('error output_location_in_input');
    expect(inInput.stderr).toContain('e.g. diene atlas --out atlas, a folder of its own for the site: every file there would be read as input');
    expect(inInput.stderr).not.toContain('generated');
  });
});
