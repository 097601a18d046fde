/**
 * The floors of issue 39's gate (bench/floor-check.mjs, bench/floor-durable.mjs):
 * the check floor reads the output tree and compares it with the packed bytes,
 * so it must find a changed byte, a missing file and a file the pack does not
 * hold (exit 1), as `diene compile --check` would; the durable floor must leave
 * exactly the packed tree in place of the old one, and no staging folder beside it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { packOutputs, readTree } from '../../bench/pack-outputs.mjs';

const run = (script: string, ...args: string[]) => spawnSync(process.execPath, [path.join(REPO_ROOT, 'bench', script), ...args], { encoding: 'utf8' });

let work: string;
let fleet: string;
let tree: string;
let pack: string;
const FILES: [string, string][] = [
  ['.diene-manifest.json', '{}\n'],
  ['argocd/a.yaml', 'kind: ApplicationSet\n'],
  ['books/a/b/doc-c.json', '{"serial": 0}\n'],
];

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'diene-floors-'));
  fleet = path.join(work, 'fleet');
  mkdirSync(path.join(fleet, 'registry'), { recursive: true });
  writeFileSync(path.join(fleet, 'registry', 'fleet.yaml'), 'a: 1\n');
  mkdirSync(path.join(fleet, 'claims'), { recursive: true });
  writeFileSync(path.join(fleet, 'claims', 'c.json'), '{"b": 2}\n');
  tree = path.join(work, 'out');
  for (const [file, text] of FILES) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
  pack = path.join(work, 'out.pack');
  packOutputs(tree, pack);
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('the check floor', () => {
  it('exits 0 on the packed tree, having parsed every input', () => {
    const done = run('floor-check.mjs', fleet, pack, tree);
    expect(done.status).toBe(0);
    expect(done.stderr).toContain('2 inputs parsed, 3 files compared, 0 differ');
  });

  it('exits 1 on a changed byte, a missing file or a file the pack does not hold', () => {
    writeFileSync(path.join(tree, 'argocd/a.yaml'), 'kind: ApplicationSeT\n');
    expect(run('floor-check.mjs', fleet, pack, tree).status).toBe(1);
    writeFileSync(path.join(tree, 'argocd/a.yaml'), 'kind: ApplicationSet\n');
    expect(run('floor-check.mjs', fleet, pack, tree).status).toBe(0);
    unlinkSync(path.join(tree, 'books/a/b/doc-c.json'));
    expect(run('floor-check.mjs', fleet, pack, tree).stderr).toContain('1 differ');
    writeFileSync(path.join(tree, 'books/a/b/doc-c.json'), '{"serial": 0}\n');
    writeFileSync(path.join(tree, 'argocd/extra.yaml'), '');
    expect(run('floor-check.mjs', fleet, pack, tree).status).toBe(1);
  });
});

describe('the durable floor', () => {
  it('puts exactly the packed tree in place of the old one, and leaves nothing beside it', () => {
    const out = path.join(work, 'durable');
    mkdirSync(out);
    writeFileSync(path.join(out, 'old.yaml'), 'old\n');
    const done = run('floor-durable.mjs', fleet, pack, out);
    expect(done.status).toBe(0);
    expect(done.stderr).toContain('2 inputs parsed, 3 files written');
    const written = readTree(out);
    expect(new Map([...written].map(([file, bytes]) => [file, bytes.toString('utf8')]))).toEqual(new Map(FILES));
    expect(readdirSync(work).sort()).toEqual(['durable', 'fleet', 'out', 'out.pack']);
  });
});
