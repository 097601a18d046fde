// The write door's pure decisions: the canonical claim text, the no-op
// republish, the commit message (never a prefix or a target), reading a
// PATHS.json request, and the fleet facts read from a repo tree.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../compiler/1-load/parse-json.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';
import { inputValidators } from '../../compiler/index.js';
import {
  claimCommitMessage,
  claimText,
  commitMetadataProblems,
  shownMetadata,
  commitSignature,
  planClaimPaths,
  readFleetShape,
  readPathsRequest,
  samePaths,
  type TreeReader,
} from '../../compiler/plan/claim-paths.js';
import { REFERENCE_FLEET, readFleetTexts, textTreeReader } from '../support/fleet-fixture.js';

const HOST = 'api.tin.nitroso.pikachu.cluster.atomi.cloud';

function request(text: string) {
  const parsed = parseJson(sourceFile('paths.json', text)).parsed;
  if (!parsed) throw new Error('not JSON');
  return readPathsRequest(parsed);
}

describe('claim text', () => {
  it('is canonical: account, app, paths, prefixes in code-unit order (integer-like ones too)', () => {
    expect(claimText({ account: 'nitroso', app: 'tin', paths: { paulca: 'a.b', '2024': 'c.d', Z: 'e.f' } })).toBe(
      '{\n  "account": "nitroso",\n  "app": "tin",\n  "paths": {\n    "2024": "c.d",\n    "Z": "e.f",\n    "paulca": "a.b"\n  }\n}\n',
    );
    expect(claimText({ account: 'nitroso', app: 'tin', paths: {} })).toBe('{\n  "account": "nitroso",\n  "app": "tin",\n  "paths": {}\n}\n');
    // the reference fleet's claims are written in this form
    expect(claimText(JSON.parse(readFileSync(path.join(REFERENCE_FLEET, 'claims/domains', `${HOST}.json`), 'utf8')))).toBe(
      readFileSync(path.join(REFERENCE_FLEET, 'claims/domains', `${HOST}.json`), 'utf8'),
    );
  });

  it('compares maps as sets of pairs', () => {
    expect(samePaths({ a: 'x', b: 'y' }, { b: 'y', a: 'x' })).toBe(true);
    expect(samePaths({ a: 'x' }, { a: 'y' })).toBe(false);
    expect(samePaths({ a: 'x' }, { a: 'x', b: 'y' })).toBe(false);
    expect(samePaths({}, {})).toBe(true);
  });
});

describe('planning a write', () => {
  const current = { account: 'nitroso', app: 'tin', paths: { paulca: 'api.zinc.nitroso.pikachu.cluster.atomi.cloud' } };
  const owner = { account: 'nitroso', app: 'tin' };

  it('commits nothing when the map is the same', () => {
    expect(planClaimPaths({ host: HOST, actor: 'ci', paths: { ...current.paths }, current, owner }).change).toBe('none');
  });

  it('replaces the map whole and keeps account and app', () => {
    const plan = planClaimPaths({
      host: HOST,
      actor: 'ci',
      paths: { bob: 'web.zinc.nitroso.pikachu.cluster.atomi.cloud' },
      current: { ...current, app: 'tin' },
      owner,
    });
    expect(plan).toMatchObject({
      change: 'update',
      path: `claims/domains/${HOST}.json`,
      claim: { account: 'nitroso', app: 'tin', paths: { bob: 'web.zinc.nitroso.pikachu.cluster.atomi.cloud' } },
    });
    expect(planClaimPaths({ host: HOST, actor: 'ci', paths: {}, current: undefined, owner }).change).toBe('create');
    expect(planClaimPaths({ host: HOST, actor: 'ci', paths: {}, current: undefined, owner, unreadable: true }).change).toBe('update');
  });

  it('names actor, account, app, host and count in the commit message, never a prefix or a target', () => {
    const message = claimCommitMessage('update', { actor: 'ci-bot', account: 'nitroso', app: 'tin', host: HOST, prefixes: 1 });
    expect(message).toBe(`claim: set 1 prefix on ${HOST}\n\nactor: ci-bot\naccount: nitroso\napp: tin\nhost: ${HOST}\nprefixes: 1\n`);
    const plan = planClaimPaths({ host: HOST, actor: 'ci', paths: { secretprefix: 'api.zinc.nitroso.pikachu.cluster.atomi.cloud' }, current, owner });
    expect(plan.message).not.toContain('secretprefix');
    expect(plan.message).not.toContain('zinc');
  });
});

describe('PATHS.json requests', () => {
  it('says a bare prefix map is one, and how to wrap it, in one error that asks for no account or app', () => {
    const [one, ...rest] = request(
      '{\n  "paulca": "api.zinc.nitroso.pikachu.cluster.atomi.cloud",\n  "Bob": "web.zinc.nitroso.pikachu.cluster.atomi.cloud"\n}',
    ).diagnostics;
    expect(rest).toEqual([]);
    expect([one?.code, one?.severity, one?.line, one?.column, one?.message, one?.hint]).toEqual([
      'claim_paths_unwrapped',
      'error',
      1,
      1,
      'the file is a bare prefix map (2 prefixes): the map goes inside a "paths" wrapper',
      'wrap it: {"paths": {"paulca": "api.zinc.nitroso.pikachu.cluster.atomi.cloud", …}}; account and app may be left out (they are the host\'s platform and service)',
    ]);
    expect(request('{"paulca": "x.y"}').diagnostics[0]?.message).toBe('the file is a bare prefix map (1 prefix): the map goes inside a "paths" wrapper');
    expect(request('{"paulca": "x.y"}').diagnostics[0]?.hint).toContain('wrap it: {"paths": {"paulca": "x.y"}};');
  });

  it('reads {"paths": {...}} and optional account and app', () => {
    expect(request('{"paths": {"a": "b.c"}}')).toEqual({ request: { paths: { a: 'b.c' } }, diagnostics: [] });
    expect(request('{"account": "nitroso", "app": "tin", "paths": {}}').request).toEqual({ account: 'nitroso', app: 'tin', paths: {} });
  });

  it('refuses a bare map, a misspelt wrapper, wrong types, with places', () => {
    expect(request('{"a": "b.c"}').diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['claim_paths_unwrapped', 1, 1]]);
    // Not a bare map: a key that is no prefix-to-host entry gets the key-by-key errors.
    expect(request('{"a": "b.c", "n": 1}').diagnostics.map((d) => d.code)).toEqual([
      'schema_unknown_property',
      'schema_unknown_property',
      'claim_paths_missing',
    ]);
    expect(request('{"a": "b.c", "app": "tin"}').diagnostics.map((d) => d.code)).toEqual(['schema_unknown_property', 'claim_paths_missing']);
    expect(request('{"path": {}}').diagnostics[0]?.hint).toContain('did you mean "paths"');
    expect(request('{"paths": []}').diagnostics.map((d) => d.code)).toEqual(['schema_type']);
    expect(request('{"paths": {"a": 1}}').diagnostics.map((d) => d.pointer)).toEqual(['/paths/a']);
    expect(request('[]').diagnostics.map((d) => d.code)).toEqual(['schema_type']);
  });
});

describe('fleet facts from a repo tree', () => {
  const texts = readFleetTexts();
  const reader: TreeReader = textTreeReader(texts);

  it('reads bases, the sign-in platform, platforms, their landscapes, services and modules', async () => {
    const { shape, diagnostics } = await readFleetShape(reader, inputValidators());
    expect(diagnostics).toEqual([]);
    expect(shape?.bases).toEqual(['cluster.atomi.cloud', 'cluster.atomi-spare.net']);
    expect(shape?.issuerPlatform).toBe('aldehyde');
    expect([...(shape?.platforms.keys() ?? [])].sort()).toEqual(['aldehyde', 'mercury', 'nitroso']);
    expect([...(shape?.platforms.get('nitroso')?.services ?? [])]).toEqual([
      ['tin', ['api']],
      ['zinc', ['api', 'web']],
    ]);
  });

  it("returns the loader's errors when fleet.yaml is broken", async () => {
    const broken: TreeReader = { ...reader, readFile: async (file) => (file === 'registry/fleet.yaml' ? 'dns: [' : texts.get(file)) };
    const { shape, diagnostics } = await readFleetShape(broken, inputValidators());
    expect(shape).toBeUndefined();
    expect(diagnostics[0]?.file).toBe('registry/fleet.yaml');
  });
});

describe('commit metadata (issue 14)', () => {
  it('takes a plain actor, with an address under .invalid made of it', () => {
    expect(commitSignature('Zoë Ops-Bot (CI)')).toEqual({ name: 'Zoë Ops-Bot (CI)', email: 'zo-ops-bot-ci@diene.invalid' });
    expect(commitSignature('!!!').email).toBe('diene@diene.invalid');
    const message = claimCommitMessage('update', {
      actor: 'ci-bot',
      account: 'nitroso',
      app: 'tin',
      host: 'api.tin.nitroso.pikachu.cluster.atomi.cloud',
      prefixes: 2,
    });
    expect(commitMetadataProblems({ ...commitSignature('ci-bot'), message })).toEqual([]);
  });

  it('refuses what would corrupt the commit: each field, with its value and why', () => {
    expect(commitMetadataProblems({ name: 'a\nb' })).toEqual([{ field: 'name', value: 'a\nb', problem: 'line_break', character: 'U+000A', position: 2 }]);
    expect(commitMetadataProblems({ name: 'a>b' })[0]?.problem).toBe('angle_bracket');
    expect(commitMetadataProblems({ name: '\u2028' })[0]?.problem).toBe('empty');
    expect(commitMetadataProblems({ name: 'a\u2028b' })[0]).toMatchObject({ problem: 'control_character', character: 'U+2028' });
    expect(commitMetadataProblems({ name: ' a' })[0]?.problem).toBe('outer_space');
    expect(commitMetadataProblems({ name: 'a'.repeat(257) })[0]?.problem).toBe('too_long');
    for (const email of ['a b@c', 'a<b@c', 'ab', 'a@b@c', 'a@b\n', '@b', 'a@'])
      expect(
        commitMetadataProblems({ email }).map((p) => [p.field, p.problem]),
        email,
      ).toEqual([['email', 'not_one_address']]);
    expect(commitMetadataProblems({ message: 'subject\n\nactor: x\u0000\n' })[0]).toMatchObject({ problem: 'message_control', character: 'U+0000' });
    expect(commitMetadataProblems({ message: 'subject\r\n' })[0]).toMatchObject({ problem: 'message_control', character: 'U+000D' });
    expect(commitMetadataProblems({ message: '\nbody\n' })[0]?.problem).toBe('subject_empty');
  });

  it('refuses every format character (Unicode category Cf), in the name and in the message, naming it and its place', () => {
    expect(commitMetadataProblems({ name: 'ci\u200bbot' })).toEqual([
      { field: 'name', value: 'ci\u200bbot', problem: 'format_character', character: 'U+200B ZERO WIDTH SPACE', position: 3 },
    ]);
    // Counted in code points: the astral letter before it is one character.
    expect(commitMetadataProblems({ name: '\u{1d400}\u2062x' })[0]).toMatchObject({ character: 'U+2062 INVISIBLE TIMES', position: 2 });
    const cf = [
      0x00ad, 0x0600, 0x061c, 0x06dd, 0x070f, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202e, 0x2060, 0x2064, 0x2066, 0x2069, 0xfeff, 0xfffb,
      0x110bd, 0x1d173, 0xe0001, 0xe007f,
    ];
    for (const point of cf) {
      const problem = commitMetadataProblems({ name: `ci${String.fromCodePoint(point)}bot` })[0];
      expect(problem, point.toString(16)).toMatchObject({ problem: 'format_character', position: 3 });
      expect(problem?.character.startsWith(`U+${point.toString(16).toUpperCase().padStart(4, '0')} `), problem?.character).toBe(true);
    }
    expect(commitMetadataProblems({ message: 'claim: set 1 prefix\n\nactor: ci\u2060bot\n' })[0]).toMatchObject({
      field: 'message',
      problem: 'format_character',
      character: 'U+2060 WORD JOINER',
      position: 31,
    });
    // Visible look-alikes and other scripts are names like any other: only the invisible category is refused.
    for (const name of ['ci-bot', 'ci‐bot', 'Zoë', 'Пётр', '山田', 'عمر']) expect(commitMetadataProblems({ name }), name).toEqual([]);
  });

  it('shows a value with its invisible characters escaped', () => {
    expect(shownMetadata('ci\u200bbot')).toBe('"ci\\u200bbot"');
    expect(shownMetadata('a\nb\u202e\u0085\u{e0041}')).toBe('"a\\nb\\u202e\\u0085\\u{e0041}"');
  });
});
