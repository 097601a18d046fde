// The input schemas (schemas/<kind>.schema.json, SPEC §2): each compiles in a
// strict Ajv, documents every property, accepts its own examples and every
// file of the reference fleet, and refuses the classic typos with the error
// (and diagnostic code) the compiler reports.

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REFERENCE = path.join(ROOT, 'examples', 'reference');

/** Input kinds of SPEC §2 → the title (TypeScript type name) of their schema. */
const KINDS: Readonly<Record<string, string>> = {
  account: 'Account',
  claim: 'Claim',
  cluster: 'Cluster',
  'cluster-state': 'ClusterState',
  'dns-health': 'DnsHealth',
  'dns-plan': 'DnsPlan',
  fleet: 'Fleet',
  landscape: 'Landscape',
  platform: 'Platform',
  regions: 'Regions',
  row: 'Row',
  'shared-row': 'SharedRow',
  vlandscape: 'VirtualLandscape',
};

/** The only codes a schema may name in `x-diene-codes`. */
const SCHEMA_CODES: ReadonlySet<string> = new Set([
  'book_place_invalid',
  'claim_key_missing',
  'claim_paths_missing',
  'cluster_traffic_missing',
  'name_invalid',
  'name_length',
  'platform_name_too_short',
  'region_code_invalid',
  'row_pin_missing',
  'stage_soak_invalid',
]);

/** Where each kind lives in a fleet (SPEC §2), relative to the fleet root. */
const LAYOUT: ReadonlyArray<readonly [RegExp, string]> = [
  [/^registry\/fleet\.yaml$/, 'fleet'],
  [/^registry\/regions\.yaml$/, 'regions'],
  [/^registry\/landscapes\/[^/]+\.yaml$/, 'landscape'],
  [/^registry\/vlandscapes\/[^/]+\.yaml$/, 'vlandscape'],
  [/^registry\/accounts\/[^/]+\.yaml$/, 'account'],
  [/^registry\/clusters\/[^/]+\.yaml$/, 'cluster'],
  [/^state\/clusters\/[^/]+\.yaml$/, 'cluster-state'],
  [/^carbon\/[^/]+\/platform\.yaml$/, 'platform'],
  [/^platforms\/[^/]+\/[^/]+\/[^/]+\.yaml$/, 'row'],
  [/^platforms\/[^/]+\/_shared\/[^/]+\/[^/]+\.yaml$/, 'shared-row'],
  [/^claims\/domains\/[^/]+\.json$/, 'claim'],
];

type SchemaDoc = Record<string, unknown>;

function loadSchema(kind: string): SchemaDoc {
  return JSON.parse(readFileSync(path.join(ROOT, 'schemas', `${kind}.schema.json`), 'utf8')) as SchemaDoc;
}

function schemaKinds(): string[] {
  return readdirSync(path.join(ROOT, 'schemas'))
    .filter((n) => n.endsWith('.schema.json'))
    .map((n) => n.slice(0, -'.schema.json'.length))
    .sort();
}

// ajv-formats is CommonJS: under NodeNext its default import is module.exports.
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule.default }).default;

function makeAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, verbose: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-diene-codes', schemaType: 'object' });
  return ajv;
}

function resolvePointer(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const raw of pointer.split('/').filter((p) => p !== '')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * The code a schema names for an Ajv error: `x-diene-codes[keyword]` of the
 * schema object holding the failing keyword, or undefined when the compiler
 * is to pick a generic code. Needs Ajv's `verbose` option: `schemaPath` is
 * relative to whichever compiled `$ref` target the error came from, so it
 * cannot be resolved against the file, while `parentSchema` is the object.
 */
function codeOf(error: ErrorObject): string | undefined {
  const holder = error.parentSchema as SchemaDoc | undefined;
  const codes = holder?.['x-diene-codes'] as Record<string, string> | undefined;
  // `required:<key>` is the code of one missing key (the compiler's codeFor reads it first).
  const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  return (missing !== undefined ? codes?.[`required:${missing}`] : undefined) ?? codes?.[error.keyword];
}

function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out.sort();
}

function kindOf(rel: string): string | undefined {
  return LAYOUT.find(([re]) => re.test(rel))?.[1];
}

function readInput(rel: string): unknown {
  const text = readFileSync(path.join(REFERENCE, rel), 'utf8');
  return rel.endsWith('.json') ? JSON.parse(text) : parse(text, { version: '1.2', schema: 'core' });
}

const SKIP: ReadonlySet<string> = new Set(['examples', 'default', 'enum', 'const', 'required', 'dependencies', 'x-diene-codes', 'if', 'then', 'else']);

/**
 * Calls `visit` on every subschema that describes a shape, with its JSON
 * pointer. Skips data keywords, and `if`/`then`/`else`: conditions only
 * restate properties that their object declares and documents.
 */
function walkSchemas(node: unknown, pointer: string, visit: (schema: SchemaDoc, pointer: string) => void): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walkSchemas(item, `${pointer}/${i}`, visit));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as SchemaDoc;
  visit(schema, pointer);
  for (const [key, value] of Object.entries(schema)) {
    if (SKIP.has(key)) continue;
    if (key === 'properties' || key === 'definitions') {
      for (const [name, sub] of Object.entries(value as SchemaDoc)) walkSchemas(sub, `${pointer}/${key}/${name}`, visit);
    } else {
      walkSchemas(value, `${pointer}/${key}`, visit);
    }
  }
}

const ajv = makeAjv();
const validators = new Map<string, ValidateFunction>();
for (const kind of schemaKinds()) validators.set(kind, ajv.compile(loadSchema(kind)));

function validate(kind: string, data: unknown): ErrorObject[] {
  const v = validators.get(kind);
  if (v === undefined) throw new Error(`no schema for ${kind}`);
  return v(data) ? [] : [...(v.errors ?? [])];
}

function show(errors: ErrorObject[]): string {
  return errors.map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword} (${e.schemaPath})`).join('\n');
}

describe('schemas/', () => {
  it('holds exactly one schema per input kind', () => {
    expect(schemaKinds()).toEqual(Object.keys(KINDS).sort());
  });

  describe.each(Object.keys(KINDS).sort())('%s.schema.json', (kind) => {
    const schema = loadSchema(kind);

    it('is a documented draft-07 schema with its $id and title', () => {
      expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
      expect(schema.$id).toBe(`${kind}.schema.json`);
      expect(schema.title).toBe(KINDS[kind]);
      expect(typeof schema.description).toBe('string');
      expect(Array.isArray(schema.examples) && schema.examples.length > 0).toBe(true);
    });

    it('describes every property and definition', () => {
      const undocumented: string[] = [];
      walkSchemas(schema, '#', (_s, pointer) => {
        if (/\/(properties|definitions)\/[^/]+$/.test(pointer)) {
          const sub = resolvePointer(schema, pointer.slice(1)) as SchemaDoc;
          if (typeof sub.description !== 'string' || sub.description === '') undocumented.push(pointer);
        }
      });
      expect(undocumented).toEqual([]);
    });

    it('closes every object: additionalProperties is set, and false beside properties', () => {
      const open: string[] = [];
      walkSchemas(schema, '#', (s, pointer) => {
        const isObject = s.type === 'object' || s.properties !== undefined;
        if (!isObject) return;
        if (!('additionalProperties' in s)) open.push(`${pointer}: additionalProperties missing`);
        else if (s.properties !== undefined && s.additionalProperties !== false) open.push(`${pointer}: not closed`);
      });
      expect(open).toEqual([]);
    });

    it('names only known codes, each for a keyword present on the same schema object', () => {
      const bad: string[] = [];
      walkSchemas(schema, '#', (s, pointer) => {
        const codes = s['x-diene-codes'] as Record<string, unknown> | undefined;
        if (codes === undefined) return;
        for (const [keyword, code] of Object.entries(codes)) {
          if (typeof code !== 'string' || !SCHEMA_CODES.has(code)) bad.push(`${pointer}: unknown code ${String(code)}`);
          const [name, key] = keyword.split(':');
          if (!((name ?? '') in s)) bad.push(`${pointer}: no keyword ${keyword} for ${String(code)}`);
          if (key !== undefined && !(name === 'required' && Array.isArray(s['required']) && (s['required'] as unknown[]).includes(key)))
            bad.push(`${pointer}: ${keyword} names no required key`);
        }
      });
      expect(bad).toEqual([]);
    });

    it('accepts its own examples', () => {
      for (const example of schema.examples as unknown[]) expect(show(validate(kind, example))).toBe('');
    });
  });
});

describe('examples/reference', () => {
  // Only the input folders of SPEC §2: `generated/` (the README's first command writes it) is output, not input.
  const INPUT_FOLDERS = ['registry', 'state', 'platforms', 'claims', 'carbon'];
  const files = listFiles(REFERENCE).filter((rel) => INPUT_FOLDERS.includes(rel.split('/')[0] ?? ''));

  it('holds only files of a known kind', () => {
    expect(files.filter((rel) => kindOf(rel) === undefined)).toEqual([]);
  });

  it.each(files)('%s is valid', (rel) => {
    const kind = kindOf(rel) ?? 'unknown';
    expect(show(validate(kind, readInput(rel)))).toBe('');
  });

  it.each(files.filter((rel) => rel.endsWith('.yaml')))('%s names its schema in a modeline', (rel) => {
    const first = readFileSync(path.join(REFERENCE, rel), 'utf8').split('\n')[0] ?? '';
    const depth = rel.split('/').length - 1;
    // The fleet's own copy of the schemas (examples/reference/schemas, as `diene init` writes a fleet's).
    const schemaPath = `${'../'.repeat(depth)}schemas/${kindOf(rel)}.schema.json`;
    expect(first).toBe(`# yaml-language-server: $schema=${schemaPath}`);
    expect(path.resolve(path.dirname(path.join(REFERENCE, rel)), schemaPath)).toBe(path.join(REFERENCE, 'schemas', `${kindOf(rel)}.schema.json`));
  });

  it('keeps versions as strings (`1.10` stays "1.10")', () => {
    const row = readInput('platforms/nitroso/zinc/pikachu.yaml') as { pin: { chart: unknown; image: unknown } };
    expect(row.pin).toEqual({ chart: '1.10', image: '1.10' });
  });

  it('gives every cluster a state file with one IPv4 and one IPv6 address, all distinct', () => {
    const clusters = files.filter((rel) => rel.startsWith('registry/clusters/')).map((rel) => path.basename(rel));
    const states = files.filter((rel) => rel.startsWith('state/clusters/')).map((rel) => path.basename(rel));
    expect(states).toEqual(clusters);
    const all: string[] = [];
    for (const name of states) {
      const { addresses } = readInput(`state/clusters/${name}`) as { addresses: string[] };
      expect(addresses.filter((a) => a.includes(':'))).toHaveLength(1);
      expect(addresses.filter((a) => !a.includes(':'))).toHaveLength(1);
      all.push(...addresses);
    }
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('refusals', () => {
  const cluster = { landscape: 'raichu', mark: 'ruby', provider: 'digitalocean', account: 'digitalocean-main' };

  it('refuses a platform named `tiny` as platform_name_too_short', () => {
    const errors = validate('platform', { name: 'tiny', landscapes: ['pichu'], stages: ['pichu'] });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ instancePath: '/name', keyword: 'minLength' });
    expect(codeOf(errors[0]!)).toBe('platform_name_too_short');
  });

  it('refuses a hyphenated service name as name_invalid', () => {
    const errors = validate('platform', {
      name: 'nitroso',
      landscapes: ['pichu'],
      stages: ['pichu'],
      services: { 'tin-x': {} },
    });
    expect(errors.map((e) => [e.keyword, codeOf(e)])).toContainEqual(['pattern', 'name_invalid']);
  });

  it('refuses a row without pin.image as row_pin_missing', () => {
    const errors = validate('row', { pin: { chart: '1.0.1' } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ instancePath: '/pin', keyword: 'required', params: { missingProperty: 'image' } });
    expect(codeOf(errors[0]!)).toBe('row_pin_missing');
  });

  it('refuses a row without pin as row_pin_missing', () => {
    const errors = validate('row', {});
    expect(errors.map((e) => codeOf(e))).toEqual(['row_pin_missing']);
  });

  it('refuses values without valuesSince', () => {
    const errors = validate('row', { pin: { chart: '', image: '' }, values: { replicas: 3 } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ keyword: 'dependencies', params: { missingProperty: 'valuesSince' } });
  });

  it('refuses a cluster without traffic (no default)', () => {
    const errors = validate('cluster', cluster);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ instancePath: '', keyword: 'required', params: { missingProperty: 'traffic' } });
  });

  it('refuses an unknown key in a landscape', () => {
    const errors = validate('landscape', { name: 'raichu', region: 'SIN', tier: 'prod', teir: 'prod' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ keyword: 'additionalProperties', params: { additionalProperty: 'teir' } });
  });

  it('refuses a bad soak as stage_soak_invalid', () => {
    const errors = validate('platform', {
      name: 'nitroso',
      landscapes: ['pichu', 'pikachu'],
      stages: ['pichu', { landscape: 'pikachu', soak: '1 hour' }],
    });
    expect(errors.map((e) => codeOf(e))).toContain('stage_soak_invalid');
  });

  it('refuses a region key that is not an IATA code as region_code_invalid', () => {
    const errors = validate('regions', {
      regions: { Sin: { providers: ['aws'], lat: 1.36, lon: 103.99, googleRegion: 'asia-southeast1' } },
    });
    expect(errors.length).toBeGreaterThan(0);
    expect(new Set(errors.map((e) => codeOf(e)))).toEqual(new Set(['region_code_invalid']));
  });

  it('refuses a claim with a misspelled paths as claim_paths_missing', () => {
    const errors = validate('claim', { account: 'nitroso', app: 'tin', path: {} });
    expect(errors.map((e) => [e.keyword, codeOf(e)])).toContainEqual(['required', 'claim_paths_missing']);
    // another missing key of a claim has its own code
    expect(validate('claim', { account: 'nitroso', paths: {} }).map((e) => [e.keyword, codeOf(e)])).toEqual([['required', 'claim_key_missing']]);
    expect(errors.map((e) => e.keyword)).toContain('additionalProperties');
  });

  it('refuses an rfc2136 host without a server', () => {
    const fleet = structuredClone((loadSchema('fleet').examples as unknown[])[1]) as {
      dns: { hosts: Array<Record<string, unknown>> };
    };
    delete fleet.dns.hosts[0]!.server;
    const errors = validate('fleet', fleet);
    expect(errors).toContainEqual(expect.objectContaining({ keyword: 'required', params: { missingProperty: 'server' } }));
  });
});
