/**
 * Kargo's yaml-update on every row (issue 12 item 3; SPEC §2 and §3.2), run
 * with Kargo's own code: `SetValuesInBytes` of akuity/kargo v1.11.2
 * pkg/yaml/yaml.go (+ quote.go, pkg/sjson/split_key.go), built in place from
 * ../shared/upstream by test/support/kargo-yaml-update.ts. The value it is
 * given is what the compiler's step `value: ${{ quote(…Version) }}` evaluates
 * to (pkg/expressions/json_templates.go, mirrored by `promotedValue`).
 *
 * Every row shape the compiler accepts, and every row `diene materialize`
 * writes, must come back as the same row (other keys and comments unchanged)
 * with the new versions read as strings, and pass `diene validate`. Every
 * shape the function corrupts must be refused by the compiler: those cases
 * show what the function does to them.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments, Parser } from 'yaml';
import { KARGO_LINE_LIMIT_BYTES } from '../../compiler/1-load/kargo-row-shape.js';
import { materializeCommand } from '../../compiler/cli/materialize.js';
import { validateCommand } from '../../compiler/cli/validate.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles, writeTempFleet } from '../support/fleet-fixture.js';
import { git } from '../support/git-fleet.js';
import { DECOY_ROW, makeFleetMonorepo, withGitPath } from '../support/fleet-monorepo.js';
import { kargoYamlUpdateMissing, promotedValue, yamlUpdate, yamlUpdateBatch, type YamlUpdate, type YamlUpdateResult } from '../support/kargo-yaml-update.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const missing = kargoYamlUpdateMissing();
const skip = skipUnlessPresent(missing);
const NOW = '2026-11-21T00:00:00Z';

/** Versions a promotion may write: ones YAML reads as numbers or booleans unquoted (`1.10`, `1`, `1e3`, `true`) and ones it reads as strings. */
const VERSIONS = ['1.10', '0.10.0', '1.4.3', '2.0.0-rc.1', '1', '1e3', 'true', 'v1.2.3'];

/** The two updates of the compiler's yaml-update step, with the values Kargo evaluates them to. */
function pinUpdates(chart: string, image: string): YamlUpdate[] {
  return [
    { key: 'pin.chart', value: promotedValue(chart) },
    { key: 'pin.image', value: promotedValue(image) },
  ];
}

/** Row shapes the compiler accepts (test/cases, examples/ and the YAML rules of SPEC §2). Each must survive the function. */
const ACCEPTED: Record<string, string> = {
  'empty pins ""': 'pin:\n  chart: ""\n  image: ""\n',
  "empty pins ''": "pin:\n  chart: ''\n  image: ''\n",
  'plain versions': 'pin:\n  chart: 1.4.2\n  image: v1.4.2\n',
  'double-quoted versions': 'pin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
  'single-quoted versions': "pin:\n  chart: '1.10'\n  image: '1.10'\n",
  'both empty, one double- and one single-quoted': 'pin:\n  chart: ""\n  image: \'\'\n',
  'image before chart': 'pin:\n  image: "1.4.2"\n  chart: "1.4.2"\n',
  'pin after values and valuesSince': 'valuesSince: 2026-11-20T10:00:00Z\nvalues:\n  replicas: 3\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
  'values in block style, nested':
    'pin:\n  chart: "0.8.3"\n  image: "0.8.3"\nvalues: # emergency override\n  replicas: 4\n  resources:\n    limits:\n      memory: 512Mi\nvaluesSince: 2026-11-20T10:00:00Z\n',
  'values in flow style on one line':
    'pin:\n  chart: "1.4.2"\n  image: "1.4.2"\nvalues: {replicas: 3, args: [--fast, "--port=8080"]}\nvaluesSince: "2026-11-20T10:00:00Z"\n',
  'values in flow style over lines, before pin':
    'values: {\n  replicas: 3,\n  env: [a, b]\n}\nvaluesSince: 2026-11-20T10:00:00Z\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
  'values with a block scalar holding a #':
    'valuesSince: 2026-11-20T10:00:00Z\nvalues:\n  config: |\n    a: 1\n    # not a comment, text\n  folded: >\n    one\n    two\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
  'anchors and aliases inside values': 'pin:\n  chart: "1.4.2"\n  image: "1.4.2"\nvaluesSince: 2026-11-20T10:00:00Z\nvalues:\n  a: &r 3\n  b: *r\n',
  'comments on their own lines and on pin:':
    '# header\npin: # the versions\n  # chart first\n  chart: "1.4.2"\n  # then the image\n  image: "1.4.2"\n# trailer\n',
  'a comment between a key and its value': 'pin:\n  chart: # from the app chart\n    "1.4.2"\n  image: "1.4.2"\n',
  'blank lines inside pin': 'pin:\n\n  chart: "1.4.2"\n\n  image: "1.4.2"\n\n',
  'CRLF line endings': 'pin:\r\n  chart: "1.4.2"\r\n  image: "1.4.2"\r\nvalues: # c\r\n  replicas: 3\r\nvaluesSince: 2026-11-20T10:00:00Z\r\n',
  'a BOM': '\ufeffpin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
  'a BOM, CRLF and a comment first': '\ufeff# row\r\npin:\r\n  chart: "1.4.2"\r\n  image: "1.4.2"\r\n',
  'no final newline': 'pin:\n  chart: "1.4.2"\n  image: "1.4.2"',
  'document start ---': '---\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
  'document start with a comment, and document end': '--- # row\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n...\n',
  'a %TAG directive': '%TAG !core! tag:yaml.org,2002:\n---\npin:\n  chart: !core!str "1.4.2"\n  image: "1.4.2"\n',
  'four-space indentation': 'pin:\n    chart: "1.4.2"\n    image: "1.4.2"\nvaluesSince: 2026-11-20T10:00:00Z\nvalues:\n    replicas: 3\n',
  'quoted keys': '"pin":\n  "chart": "1.4.2"\n  \'image\': \'1.4.2\'\n',
  'values on the line after their keys': 'pin:\n  chart:\n    "1.4.2"\n  image:\n    1.4.2\n',
  'an explicit key': 'pin:\n  ? chart\n  : "1.4.2"\n  image: "1.4.2"\n',
  'a tab after a colon': 'pin:\n  chart:\t"1.4.2"\n  image: "1.4.2"\n',
  'spaces after a value': 'pin:\n  chart: "1.4.2"   \n  image: "1.4.2"\t\n',
  'a core tag on a value': 'pin:\n  chart: !!str 1.4.2\n  image: "1.4.2"\n',
  'non-ASCII text before pin':
    '# Ünïcødé ✓ 🚀\nvaluesSince: 2026-11-20T10:00:00Z\nvalues:\n  greeting: "héllo 🌍"\n  sep: "a\\Lb\\Nc"\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
};

/** What the function does to each shape the compiler refuses, with `chart` set to 1.10 and `image` to 1.4.3, and the code that refuses it. */
const REFUSED: { name: string; text: string; code: string; upstream: YamlUpdateResult }[] = [
  {
    name: 'a flow-style pin on one line: one update is lost (both are on line 0) and the closing brace is cut',
    text: 'pin: { chart: "1.4.2", image: "1.4.2" }\n',
    code: 'row_pin_flow_style',
    upstream: { output: 'pin: { chart: "1.4.2", image: 1.4.3\n' },
  },
  {
    name: 'a flow-style pin over several lines: the comma after the chart is cut',
    text: 'pin: {\n  chart: "1.4.2",\n  image: "1.4.2"\n}\n',
    code: 'row_pin_flow_style',
    upstream: { output: 'pin: {\n  chart: "1.10"\n  image: 1.4.3\n}\n' },
  },
  {
    name: 'a comment after a pin value: deleted',
    text: 'pin:\n  chart: "1.4.2" # held back\n  image: "1.4.2"\n',
    code: 'row_pin_value_style',
    upstream: { output: 'pin:\n  chart: "1.10"\n  image: 1.4.3\n' },
  },
  {
    name: 'a folded block scalar: its body is left behind',
    text: 'pin:\n  chart: >-\n    1.4.2\n  image: "1.4.2"\n',
    code: 'row_pin_value_style',
    upstream: { output: 'pin:\n  chart: "1.10"\n    1.4.2\n  image: 1.4.3\n' },
  },
  {
    name: 'a double-quoted value over two lines: its second line is left behind',
    text: 'pin:\n  chart: "1.4.\\\n    2"\n  image: "1.4.2"\n',
    code: 'row_pin_value_style',
    upstream: { output: 'pin:\n  chart: "1.10"\n    2"\n  image: 1.4.3\n' },
  },
  {
    name: 'an alias as a pin value: the step fails',
    text: 'pin:\n  chart: &v "1.4.2"\n  image: *v\n',
    code: 'row_pin_value_style',
    upstream: { error: 'error finding key pin.image: key path does not address a scalar node' },
  },
  {
    name: 'an anchor on a pin value used in values: the anchor is deleted and the alias dangles',
    text: 'pin:\n  chart: &v "1.4.2"\n  image: "1.4.2"\nvaluesSince: 2026-11-20T10:00:00Z\nvalues:\n  chartVersion: *v\n',
    code: 'row_pin_value_style',
    upstream: { output: 'pin:\n  chart: "1.10"\n  image: 1.4.3\nvaluesSince: 2026-11-20T10:00:00Z\nvalues:\n  chartVersion: *v\n' },
  },
  {
    name: 'pin as an alias: the step fails',
    text: 'valuesSince: 2026-11-20T10:00:00Z\nvalues: &p {chart: "1.4.2", image: "1.4.2"}\npin: *p\n',
    code: 'row_pin_value_style',
    upstream: { error: 'error finding key pin.chart: key path not found' },
  },
  {
    name: 'a %YAML 1.2 directive: the step fails',
    text: '%YAML 1.2\n---\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
    code: 'row_kargo_yaml_directive',
    upstream: { error: 'error unmarshaling input: yaml: found incompatible YAML document' },
  },
  {
    name: 'U+2028 in a comment: the step fails',
    text: '# held back\u2028until the fix ships\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
    code: 'row_pin_unreadable_by_kargo',
    upstream: { error: 'error unmarshaling input: yaml: line 3: mapping values are not allowed in this context' },
  },
  {
    name: 'U+2028 in a quoted value before pin: the chart version lands on the image line, the image version nowhere',
    text: 'valuesSince: 2026-11-20T10:00:00Z\nvalues: {note: "a\u2028b"}\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
    code: 'row_pin_unreadable_by_kargo',
    upstream: { output: 'valuesSince: 2026-11-20T10:00:00Z\nvalues: {note: "a\u2028b"}\npin:\n  chart: "1.4.2"\n  image: "1.10"\n' },
  },
  {
    name: 'a CR without LF in a quoted value before pin: the same',
    text: 'valuesSince: 2026-11-20T10:00:00Z\nvalues: {note: "a\rb"}\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
    code: 'row_pin_unreadable_by_kargo',
    upstream: { output: 'valuesSince: 2026-11-20T10:00:00Z\nvalues: {note: "a\rb"}\npin:\n  chart: "1.4.2"\n  image: "1.10"\n' },
  },
  {
    name: 'U+0085 in a comment before pin: the step fails',
    text: '# a\u0085b\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
    code: 'row_pin_unreadable_by_kargo',
    upstream: { error: 'error unmarshaling input: yaml: line 3: mapping values are not allowed in this context' },
  },
  {
    name: 'a line of 1 MiB: the step fails',
    text: `pin:\n  chart: "1.4.2"\n  image: "1.4.2"\n#${'x'.repeat(1024 * 1024 - 1)}\n`,
    code: 'row_kargo_line_too_long',
    upstream: { error: 'error scanning input bytes: bufio.Scanner: token too long' },
  },
];

/** Every comment of a YAML text, in order (from the CST: text inside block scalars is no comment). */
function commentsOf(text: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const token = node as { type?: unknown; source?: unknown };
      if (token.type === 'comment' && typeof token.source === 'string') found.push(token.source.trim());
      for (const value of Object.values(node)) if (value !== null && typeof value === 'object') walk(value);
    }
  };
  for (const token of new Parser().parse(text)) walk(token);
  return found;
}

function readRow(text: string): Record<string, unknown> {
  return parse(text.replace(/^\ufeff/, ''), { version: '1.2' }) as Record<string, unknown>;
}

const tempDirs: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of tempDirs.splice(0)) cleanup();
});

/** The reference fleet on disk with `rows` added as rows of new nitroso services (`platforms/nitroso/<service>/pichu.yaml`), exactly as given. */
function fleetWithRows(rows: ReadonlyMap<string, string>): string {
  const fleet = writeTempFleet(readFleetTexts());
  tempDirs.push(fleet.cleanup);
  for (const [service, text] of rows) {
    mkdirSync(path.join(fleet.dir, 'platforms', 'nitroso', service), { recursive: true });
    writeFileSync(path.join(fleet.dir, 'platforms', 'nitroso', service, 'pichu.yaml'), text);
  }
  return fleet.dir;
}

/** `diene validate` (the real command, in-process) on the fleet at `dir`: its diagnostics. */
async function validate(dir: string): Promise<Diagnostic[]> {
  const result = await validateCommand.run({ positionals: [], values: { fleet: dir, now: NOW }, format: 'json' });
  return result.diagnostics;
}

/** The error diagnostics in `diagnostics`, each labelled with the shape whose row it blames. */
function errorsByShape(diagnostics: readonly Diagnostic[], shapeOf: (service: string) => string | undefined): string[] {
  return diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${shapeOf(d.file?.split('/')[2] ?? '') ?? d.file}: ${d.code} at ${d.line}:${d.column}: ${d.message}`);
}

/** The rows `diene materialize` writes into the reference fleet when rows of every platform and a new service folder are missing. */
async function materializedRows(): Promise<Map<string, string>> {
  const texts = overlayTexts(readFleetTexts(), {
    'platforms/nitroso/zinc/ampharos.yaml': null,
    'platforms/aldehyde/lithium/pichu.yaml': null,
    'platforms/mercury/webhook/raichu.yaml': null,
  });
  const fleet = writeTempFleet(texts);
  tempDirs.push(fleet.cleanup);
  mkdirSync(path.join(fleet.dir, 'platforms', 'nitroso', 'copper'));
  const result = await materializeCommand.run({ positionals: [], values: { fleet: fleet.dir, now: NOW }, format: 'text' });
  expect(result.exitCode, JSON.stringify(result.diagnostics)).toBe(0);
  const written = (result.notes ?? []).map((note) => note.replace(/^wrote /, ''));
  return new Map(written.map((file) => [file, readFileSync(path.join(fleet.dir, file), 'utf8')]));
}

describe.skipIf(skip)(`Kargo's yaml-update (SetValuesInBytes, kargo v1.11.2 pkg/yaml/yaml.go)${skippedBecause(missing)}`, () => {
  it("is what the compiled Stages run: one yaml-update of pin.chart and pin.image, each value ${{ quote(…) }}, on the Stage's own row", () => {
    const outputs = compileFleet(toSourceFiles(readFleetTexts()), { nowSeconds: TEST_NOW_SECONDS }).outputs;
    const steps: { stage: string; config: { path: string; updates: { key: string; value: string }[] } }[] = [];
    for (const [file, text] of outputs ?? new Map<string, string>()) {
      if (!file.startsWith('kargo/')) continue;
      for (const doc of parseAllDocuments(text)) {
        const object = (Array.isArray(doc) ? undefined : doc.toJS()) as
          { kind?: string; metadata: { name: string }; spec: { promotionTemplate: { spec: { steps: { uses: string; config: never }[] } } } } | undefined;
        if (object?.kind !== 'Stage') continue;
        for (const step of object.spec.promotionTemplate.spec.steps)
          if (step.uses === 'yaml-update') steps.push({ stage: object.metadata.name, config: step.config });
      }
    }
    expect(steps.length).toBe(16); // one per row of the reference fleet
    for (const { stage, config } of steps) {
      expect(
        config.updates.map((u) => u.key),
        stage,
      ).toEqual(['pin.chart', 'pin.image']);
      for (const update of config.updates) expect(update.value, stage).toMatch(/^\$\{\{ quote\([^]+\) \}\}$/);
      const [service, landscape] = stage.split('-') as [string, string];
      expect(config.path, stage).toMatch(new RegExp(`/platforms/[a-z0-9]+/${service}/${landscape}\\.yaml$`));
    }
  });

  it('a fleet in a subfolder of its repository (git.path fleets/prod): git-clone, then yaml-update lands on the row in the checkout, and git sees that one row change', () => {
    const reference = readFleetTexts();
    const texts = overlayTexts(reference, { 'registry/fleet.yaml': withGitPath(reference.get('registry/fleet.yaml') as string, 'fleets/prod') });
    const result = compileFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    type Step = { uses: string; config: Record<string, any> };
    const stage = (parseAllDocuments(result.outputs?.get('kargo/nitroso.yaml') ?? '').map((doc) => doc.toJS()) as Record<string, any>[]).find(
      (object) => object['kind'] === 'Stage' && object['metadata']['name'] === 'tin-pikachu',
    );
    const steps = stage?.['spec']['promotionTemplate']['spec']['steps'] as Step[];
    const clone = steps.find((step) => step.uses === 'git-clone')?.config as { checkout: { branch: string; path: string }[] };
    const update = steps.find((step) => step.uses === 'yaml-update')?.config as { path: string; updates: YamlUpdate[] };
    expect(update.path).toBe('./fleet/fleets/prod/platforms/nitroso/tin/pikachu.yaml');
    const repository = makeFleetMonorepo(texts, 'fleets/prod');
    const work = mkdtempSync(path.join(tmpdir(), 'diene-promotion-'));
    try {
      // git-clone (akuity/kargo pkg/promotion/runner/builtin/git_cloner.go): a bare clone in the work directory, then
      // `git worktree add` of the checkout's branch at securejoin(workDir, checkout.path): the whole repository's tree.
      const [checkout] = clone.checkout;
      const checkoutDir = path.join(work, checkout?.path ?? '');
      git(work, 'clone', '-q', '--bare', repository.root, path.join(work, 'repo.git'));
      git(work, '--git-dir', path.join(work, 'repo.git'), 'worktree', 'add', '-q', checkoutDir, checkout?.branch ?? '');
      // yaml-update (yaml_updater.go): the file is securejoin.SecureJoin(workDir, path); with no links, the joined path.
      const file = path.join(work, update.path);
      expect(path.relative(work, file).startsWith('..')).toBe(false);
      expect(existsSync(file), file).toBe(true);
      const updated = yamlUpdate(readFileSync(file, 'utf8'), pinUpdates('2.0.0', '2.0.0'));
      expect(updated).toHaveProperty('output');
      writeFileSync(file, (updated as { output: string }).output);
      expect(git(checkoutDir, 'status', '--porcelain')).toBe(' M fleets/prod/platforms/nitroso/tin/pikachu.yaml\n');
      expect(readRow(readFileSync(file, 'utf8'))['pin']).toEqual({ chart: '2.0.0', image: '2.0.0' });
      expect(readFileSync(path.join(checkoutDir, 'platforms/nitroso/tin/pichu.yaml'), 'utf8')).toBe(DECOY_ROW);
    } finally {
      rmSync(work, { recursive: true, force: true });
      repository.cleanup();
    }
  });

  it('quotes a version only where YAML would read another type (quote.go QuoteIfNecessary): 1.10 as "1.10", 1.4.3 plain', () => {
    expect(yamlUpdate('pin:\n  chart: ""\n  image: ""\n', pinUpdates('1.10', '1.4.3'))).toEqual({ output: 'pin:\n  chart: "1.10"\n  image: 1.4.3\n' });
    expect(yamlUpdate('pin:\n  chart: ""\n  image: ""\n', pinUpdates('true', '1e3'))).toEqual({ output: 'pin:\n  chart: "true"\n  image: "1e3"\n' });
  });

  it('needs the quote(): without it Kargo hands over the number 1.1 for 1.10, and the compiler refuses the row it writes', () => {
    // EvaluateTemplate parses an unquoted result "1.10" as float64 1.1 (json_templates.go).
    const result = yamlUpdate('pin:\n  chart: ""\n  image: ""\n', [
      { key: 'pin.chart', value: 1.1 },
      { key: 'pin.image', value: '1.10' },
    ]);
    expect(result).toEqual({ output: 'pin:\n  chart: 1.1\n  image: "1.10"\n' });
    const compiled = compileFleet(
      toSourceFiles(overlayTexts(readFleetTexts(), { 'platforms/nitroso/tin/pichu.yaml': (result as { output: string }).output })),
      {
        nowSeconds: TEST_NOW_SECONDS,
      },
    );
    expect(compiled.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['yaml_number_for_string']);
  });

  describe('on every row shape the compiler accepts and every row it writes', () => {
    const shapes = new Map<string, string>(Object.entries(ACCEPTED));
    for (const [file, text] of readFleetTexts()) if (file.startsWith('platforms/')) shapes.set(`examples/reference/${file}`, text);
    const materialized = new Map<string, string>();
    beforeAll(async () => {
      for (const [file, text] of await materializedRows()) {
        materialized.set(file, text);
        shapes.set(`written by diene materialize: ${file}`, text);
      }
    });
    const names = (): string[] => [...shapes.keys()];
    const serviceOf = (i: number): string => `shape${i}`;
    const shapeOf = (service: string): string | undefined => names()[Number(service.replace(/^shape/, ''))];

    it('diene materialize writes the missing rows, in block style', () => {
      expect([...materialized.keys()].sort()).toEqual([
        'platforms/aldehyde/lithium/pichu.yaml',
        'platforms/mercury/webhook/raichu.yaml',
        'platforms/nitroso/copper/ampharos.yaml',
        'platforms/nitroso/copper/pichu.yaml',
        'platforms/nitroso/copper/pikachu.yaml',
        'platforms/nitroso/copper/raichu.yaml',
        'platforms/nitroso/zinc/ampharos.yaml',
      ]);
      // Under the modeline naming the row schema in the fleet's schemas/ (a comment line: Kargo keeps it, see the cases below).
      for (const [file, text] of materialized)
        expect(text, file).toBe('# yaml-language-server: $schema=../../../schemas/row.schema.json\npin:\n  chart: ""\n  image: ""\n');
    });

    it('every shape is accepted as it is', async () => {
      const dir = fleetWithRows(new Map(names().map((name, i) => [serviceOf(i), shapes.get(name) as string])));
      expect(errorsByShape(await validate(dir), shapeOf)).toEqual([]);
    });

    VERSIONS.forEach((chart, v) => {
      // The image gets another version than the chart, so a value written on the other key's line shows.
      const image = VERSIONS[(v + 1) % VERSIONS.length] as string;
      it(`chart ${chart}, image ${image}: the same row with the new versions as strings, comments kept, and diene validate accepts it`, async () => {
        const results = yamlUpdateBatch(names().map((name) => ({ content: shapes.get(name) as string, updates: pinUpdates(chart, image) })));
        const updated = new Map<string, string>();
        results.forEach((result, i) => {
          const name = names()[i] as string;
          expect(result, name).toHaveProperty('output');
          const output = (result as { output: string }).output;
          const { pin: before, ...restBefore } = readRow(shapes.get(name) as string);
          const { pin: after, ...restAfter } = readRow(output);
          expect(after, name).toEqual({ chart, image });
          expect(restAfter, name).toEqual(restBefore);
          expect(commentsOf(output), name).toEqual(commentsOf(shapes.get(name) as string));
          updated.set(serviceOf(i), output);
        });
        // A chart pin such as 1e3 or true is no version Argo CD or Helm resolves (row_chart_version_unresolvable,
        // test/engines/chart-pin.test.ts): here only whether the row's shape survives the update is in question.
        const shapeErrors = (await validate(fleetWithRows(updated))).filter((d) => d.code !== 'row_chart_version_unresolvable');
        expect(errorsByShape(shapeErrors, shapeOf)).toEqual([]);
      });
    });
  });

  it('writes LF line endings (bufio.ScanLines drops the CR): a CRLF row comes back LF, otherwise as it was', () => {
    const crlf = ACCEPTED['CRLF line endings'] as string;
    expect(yamlUpdate(crlf, pinUpdates('1.4.2', '1.4.2'))).toEqual({ output: crlf.replaceAll('\r\n', '\n').replaceAll('"1.4.2"', '1.4.2') });
  });

  it(`accepts a line of ${KARGO_LINE_LIMIT_BYTES} bytes after a BOM, which the function still updates`, async () => {
    const text = `\ufeff#${'é'.repeat((KARGO_LINE_LIMIT_BYTES - 2) / 2)}x\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n`;
    expect(Buffer.byteLength(text.split('\n')[0] as string) - 3).toBe(KARGO_LINE_LIMIT_BYTES);
    const result = yamlUpdate(text, pinUpdates('1.10', '1.4.3'));
    expect(result).toEqual({ output: text.replace('chart: "1.4.2"', 'chart: "1.10"').replace('image: "1.4.2"', 'image: 1.4.3') });
    expect(errorsByShape(await validate(fleetWithRows(new Map([['long', text]]))), () => undefined)).toEqual([]);
    const longer = text.replace('x\n', 'xx\n');
    const refused = await validate(fleetWithRows(new Map([['long', longer]])));
    expect(refused.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['row_kargo_line_too_long 1:1']);
  });

  describe('on the row shapes it corrupts, which the compiler refuses', () => {
    it.each(REFUSED.map((shape) => [shape.name, shape] as const))('%s', (_name, shape) => {
      expect(yamlUpdate(shape.text, pinUpdates('1.10', '1.4.3'))).toEqual(shape.upstream);
    });

    it('refuses each with its code and place (exit 2)', async () => {
      const dir = fleetWithRows(new Map(REFUSED.map((shape, i) => [`refused${i}`, shape.text])));
      const diagnostics = await validate(dir);
      REFUSED.forEach((shape, i) => {
        const errors = diagnostics.filter((d) => d.severity === 'error' && d.file === `platforms/nitroso/refused${i}/pichu.yaml`);
        expect(
          errors.map((d) => d.code),
          shape.name,
        ).toContain(shape.code);
        for (const error of errors) expect(error.code, shape.name).toMatch(/^row_(pin|kargo)_/);
        for (const error of errors) expect(error.line, shape.name).toBeGreaterThan(0);
      });
      expect(diagnostics.filter((d) => d.severity === 'error' && !/\/refused\d+\//.test(d.file ?? ''))).toEqual([]);
    });
  });
});
