/**
 * The synthetic fleets of the benchmarks (bench/fleet-generator.mjs, SPEC §7):
 * S is the reference fleet, M compiles with zero diagnostics and holds the
 * variety a real fleet has, every scale has SPEC §7's counts, and the same
 * scale always gives the same bytes, in this process or another one with
 * another time zone and locale.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeFleet, GENERATED_NOW, generateFleet, SCALES } from '../../bench/fleet-generator.mjs';
import { compileFleet } from '../../compiler/index.js';
import { readFleetTexts, REPO_ROOT, toSourceFiles } from '../support/fleet-fixture.js';

const NOW_SECONDS = Math.floor(Date.parse(GENERATED_NOW) / 1000);

function digest(files: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [file, text] of files) hash.update(`${file}\0${text}\0`);
  return hash.digest('hex');
}

const matching = (files: ReadonlyMap<string, string>, prefix: string, pattern: RegExp): string[] =>
  [...files].filter(([file, text]) => file.startsWith(prefix) && pattern.test(text)).map(([file]) => file);

describe('bench fleet generator', () => {
  it('S is the reference fleet, and it compiles with no error', () => {
    const files = generateFleet('S');
    expect(files).toEqual(readFleetTexts());
    const result = compileFleet(toSourceFiles(files), { nowSeconds: NOW_SECONDS });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.outputs?.size).toBeGreaterThan(0);
  });

  const m = generateFleet('M');

  it('M compiles with zero diagnostics', () => {
    const result = compileFleet(toSourceFiles(m), { nowSeconds: NOW_SECONDS });
    expect(result.diagnostics).toEqual([]);
    const outputs = result.outputs as Map<string, string>;
    expect(outputs.has('books/doc-a.json')).toBe(true);
    expect([...outputs.keys()].filter((f) => f.startsWith('argocd/'))).toHaveLength(SCALES.M.platforms);
    expect([...outputs.keys()].filter((f) => /^route-paths\/[a-z0-9]+\.json$/.test(f))).toHaveLength(SCALES.M.landscapes);
    const routeRows = [...outputs]
      .filter(([f]) => /^route-paths\/[a-z0-9]+\.json$/.test(f))
      .reduce((n, [, text]) => n + (JSON.parse(text) as { rows: unknown[] }).rows.length, 0);
    // every claim sits on a main-base host and governs its spare-base twin too: two rows a prefix (SPEC §3.4)
    expect(routeRows).toBe(2 * SCALES.M.prefixes);
  });

  it('M holds the variety of a real fleet', () => {
    expect(matching(m, 'carbon/', /^ {2}- \[/m).length).toBeGreaterThan(0); // a parallel group
    expect(matching(m, 'carbon/', /gate: manual/).length).toBeGreaterThan(0);
    expect(matching(m, 'carbon/', /soak: \d/).length).toBeGreaterThan(0);
    expect(matching(m, 'carbon/', /verification: \[/).length).toBeGreaterThan(0);
    expect(matching(m, 'carbon/', /^vlandscapes:/m).length).toBeGreaterThan(0);
    expect(matching(m, 'carbon/', /modules: \[api, web\]/).length).toBeGreaterThan(0);
    expect(matching(m, 'platforms/', /^values:/m).length).toBeGreaterThan(0); // emergency overrides
    expect(matching(m, 'platforms/', /chart: ""/).length).toBeGreaterThan(0); // unpinned rows
    expect(matching(m, 'registry/vlandscapes/', /serve: false/).length).toBeGreaterThan(0);
    expect(matching(m, 'registry/clusters/', /traffic: false/).length).toBeGreaterThan(0);
    const unbuilt = [...m.keys()].filter((f) => f.startsWith('registry/clusters/') && !m.has(f.replace('registry/', 'state/')));
    expect(unbuilt.length).toBeGreaterThan(0);
    expect(matching(m, 'claims/', /"paths": \{\}/).length).toBeGreaterThan(0); // a cleared map
    expect(matching(m, 'registry/fleet.yaml', /^example: true$/m)).toHaveLength(1);
    for (const [file, text] of m) {
      if (!file.startsWith('state/')) continue;
      for (const address of /\[(.*)\]/.exec(text)?.[1]?.split(', ') ?? [])
        expect(address, file).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+$|^2001:db8:/);
    }
  });

  it.each(['M', 'L', 'XL'] as const)('%s has the counts of SPEC §7', (scale) => {
    const files = scale === 'M' ? m : generateFleet(scale);
    const facts = describeFleet(files);
    const size = SCALES[scale];
    expect({ ...facts, files: 0, bytes: 0, rows: 0, largestPlatform: '', largestPlatformRows: 0 }).toEqual({
      files: 0,
      bytes: 0,
      landscapes: size.landscapes,
      clusters: size.clusters,
      platforms: size.platforms,
      services: size.services,
      rows: 0,
      claims: size.claims,
      prefixes: size.prefixes,
      largestPlatform: '',
      largestPlatformRows: 0,
    });
    const biggestClaim = Math.max(
      ...[...files].filter(([f]) => f.startsWith('claims/')).map(([, text]) => Object.keys((JSON.parse(text) as { paths: object }).paths).length),
    );
    if (size.capClaim) expect(biggestClaim).toBe(10_000);
    else expect(biggestClaim).toBeLessThan(10_000);
    if (scale === 'XL') expect(facts.rows).toBeGreaterThan(45_000);
  });

  it('gives the same bytes every time, in another process, time zone and locale', () => {
    expect(digest(generateFleet('M'))).toBe(digest(m));
    const script = `import { generateFleet } from './bench/fleet-generator.mjs'; import { createHash } from 'node:crypto';
      const h = createHash('sha256'); for (const [f, t] of generateFleet('M')) h.update(f + '\\0' + t + '\\0'); process.stdout.write(h.digest('hex'));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
    });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe(digest(m));
  });

  it('refuses an unknown scale', () => {
    expect(() => generateFleet('XXL')).toThrow(/unknown scale "XXL"/);
  });
});
