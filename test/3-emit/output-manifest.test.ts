/**
 * The output manifest (compiler/3-emit/output-manifest.ts, issue 14): what it
 * lists, its exact bytes, and every way a hand edit is told from what diene
 * wrote.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileDigest, isManifestPath, manifestText, MANIFEST_FILE, parseOutputManifest, withOutputManifest } from '../../compiler/3-emit/output-manifest.js';
import { compileFleet } from '../../compiler/index.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const sha256 = (text: string): string => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
const outputs = compileFleet(toSourceFiles(readFleetTexts()), { nowSeconds: TEST_NOW_SECONDS }).outputs as Map<string, string>;
const text = outputs.get(MANIFEST_FILE) as string;

describe('the manifest of the reference fleet', () => {
  it('lists every other output with the SHA-256 of its UTF-8 bytes, never itself', () => {
    const parsed = JSON.parse(text) as { files: Record<string, string>; version: number; digest: string };
    const others = [...outputs.keys()].filter((file) => file !== MANIFEST_FILE);
    expect(others.length).toBeGreaterThan(30);
    expect(Object.keys(parsed.files)).toEqual(others); // sorted, like the outputs
    for (const file of others) expect(parsed.files[file], file).toBe(sha256(outputs.get(file) as string));
    expect(parsed.version).toBe(1);
    // the seal: SHA-256 of {files, version} in RFC 8785 canonical JSON (sorted keys, no spaces)
    expect(parsed.digest).toBe(sha256(JSON.stringify({ files: parsed.files, version: 1 })));
  });

  it('is canonical JSON: keys sorted, two spaces, a final newline, no comment', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe('{');
    expect(lines[1]).toMatch(/^ {2}"digest": "sha256:[0-9a-f]{64}",$/);
    expect(lines[2]).toBe('  "files": {');
    // Keys in code-unit order: `argocd-cm/…` sorts before `argocd/…` ('-' is U+002D, '/' U+002F).
    expect(lines[3]).toBe(`    "argocd-cm/dependency-health.yaml": "${sha256(outputs.get('argocd-cm/dependency-health.yaml') as string)}",`);
    expect(lines[4]).toBe(`    "argocd/aldehyde.yaml": "${sha256(outputs.get('argocd/aldehyde.yaml') as string)}",`);
    expect(lines.slice(-4)).toEqual(['  },', '  "version": 1', '}', '']);
  });

  it('has the same bytes whatever the order of the outputs', () => {
    const others = [...outputs].filter(([file]) => file !== MANIFEST_FILE);
    expect(withOutputManifest(new Map(others.reverse())).get(MANIFEST_FILE)).toBe(text);
    expect([...withOutputManifest(new Map(others)).keys()]).toEqual([...outputs.keys()]);
  });

  it('changes when any output changes', () => {
    const edited = new Map([...outputs].filter(([file]) => file !== MANIFEST_FILE)).set('books/doc-a.json', '{}\n');
    expect(withOutputManifest(edited).get(MANIFEST_FILE)).not.toBe(text);
  });
});

describe('parseOutputManifest', () => {
  const listing = new Map([
    ['argocd/a.yaml', fileDigest('a\n')],
    ['dns/cluster.atomi.cloud/route53.json', fileDigest('{}\n')],
  ]);

  it('reads back exactly what manifestText writes', () => {
    expect(parseOutputManifest(manifestText(listing))).toEqual({ files: listing, kind: 'compile' });
    expect(parseOutputManifest(text)).toEqual({
      files: new Map([...outputs].filter(([f]) => f !== MANIFEST_FILE).map(([f, t]) => [f, sha256(t)])),
      kind: 'compile',
    });
  });

  it("names the atlas's site by its kind, sealed with the listing, and refuses a kind no command writes", () => {
    const site = manifestText(listing, 'atlas');
    const parsed = JSON.parse(site) as { files: Record<string, string>; kind: string; digest: string };
    expect(parsed.kind).toBe('atlas');
    expect(parsed.digest).toBe(sha256(JSON.stringify({ files: parsed.files, kind: 'atlas', version: 1 })));
    expect(parseOutputManifest(site)).toEqual({ files: listing, kind: 'atlas' });
    // A compile's manifest turned into a site's by hand (or the reverse) breaks the seal.
    expect(parseOutputManifest(site.replace('  "kind": "atlas",\n', ''))).toMatchObject({ problem: expect.stringContaining('was edited by hand') });
    expect(parseOutputManifest(site.replace('"atlas"', '"report"'))).toEqual({ problem: 'has kind "report", which no diene command writes' });
  });

  it.each([
    ['{ not json', 'is not JSON'],
    ['[]\n', 'is not a JSON object'],
    ['{"files": {}, "version": 2}\n', 'has version 2, and this diene reads version 1'],
    ['{"files": []}\n', 'has version none, and this diene reads version 1'],
    ['{"version": 1}\n', 'has no "files" object'],
    ['{"files": {"a": "md5:x"}, "version": 1}\n', 'gives "a" a digest that is not sha256:<64 hex digits>'],
  ])('refuses %j: it %s', (input, problem) => {
    expect(parseOutputManifest(input)).toEqual({ problem });
  });

  it.each(['../outside.txt', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', MANIFEST_FILE, ''])('refuses the path %j', (file) => {
    expect(isManifestPath(file)).toBe(false);
    const forged = manifestText(new Map([[file, fileDigest('x')]]));
    expect(parseOutputManifest(forged)).toEqual({ problem: `lists ${JSON.stringify(file)}, which is not a path inside the output directory` });
  });

  it('tells a hand edit by its seal or its layout: an entry removed, a digest changed, the file reformatted', () => {
    const written = manifestText(listing);
    const handEdited = 'was edited by hand: it is not the text diene writes for its own listing (its digest or its layout differs)';
    expect(parseOutputManifest(written.replace(/^ {4}"argocd\/a\.yaml": .*\n/m, ''))).toEqual({ problem: handEdited });
    expect(parseOutputManifest(written.replace(fileDigest('a\n'), fileDigest('b\n')))).toEqual({ problem: handEdited });
    expect(parseOutputManifest(JSON.stringify(JSON.parse(written)))).toEqual({ problem: handEdited });
    expect(parseOutputManifest(written.replace('\n}\n', '\n}\n\n'))).toEqual({ problem: handEdited });
  });
});
