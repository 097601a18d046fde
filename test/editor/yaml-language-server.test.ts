/**
 * A user's fleet in an editor: yaml-language-server (the npm package VS Code's
 * YAML extension runs) driven over its stdio protocol, on a fleet made by
 * `diene init` in a temporary folder outside this repository, with the
 * `yaml.schemas` mapping read from docs/editor.md. One server for the file;
 * every wait is bounded.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { runCli } from '../support/run-cli.js';
import { fileUri, YamlLanguageServer, yamlLanguageServerBin, type LspDiagnostic } from '../support/yaml-language-server.js';

const bin = yamlLanguageServerBin();
const missing = bin === undefined ? 'the yaml-language-server package (npm ci)' : undefined;
const skip = skipUnlessPresent(missing);

/** The `yaml.schemas` object of the settings block in docs/editor.md. */
function documentedMapping(): Record<string, string> {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'editor.md'), 'utf8');
  const block = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] as string).find((b) => b.includes('"yaml.schemas"'));
  expect(block, 'docs/editor.md has a json block with "yaml.schemas"').toBeDefined();
  return (JSON.parse(block as string) as { 'yaml.schemas': Record<string, string> })['yaml.schemas'];
}

/** The 0-based index of the first line of `text` that starts with `start`. */
function lineOf(text: string, start: string): number {
  const index = text.split('\n').findIndex((line) => line.startsWith(start));
  expect(index, `a line starting with ${start}`).toBeGreaterThanOrEqual(0);
  return index;
}

function messages(diagnostics: readonly LspDiagnostic[]): string {
  return diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`).join('\n');
}

describe.skipIf(skip)(`yaml-language-server on a fleet outside this repository${skippedBecause(missing)}`, () => {
  let scratch: string;
  let fleet: string;
  let server: YamlLanguageServer;

  beforeAll(async () => {
    // realpath: the server reports URIs of the paths it is given, and tmpdir() may be a link.
    scratch = realpathSync(mkdtempSync(path.join(tmpdir(), 'diene-editor-')));
    fleet = path.join(scratch, 'fleet');
    const init = runCli(['init', fleet]);
    expect(init.exitCode, init.stderr).toBe(0);
    mkdirSync(path.join(fleet, 'platforms', 'storefront', 'orders'));
    const materialize = runCli(['materialize', '--fleet', fleet]);
    expect(materialize.exitCode, materialize.stderr).toBe(0);
    expect(materialize.stderr).toContain('wrote platforms/storefront/orders/dev.yaml');
    server = new YamlLanguageServer(bin as string, fleet, {
      schemas: documentedMapping(),
      validate: true,
      completion: true,
      hover: true,
      // No fetch of the SchemaStore catalog: the test needs no network, and only the fleet's own schemas may answer.
      schemaStore: { enable: false },
    });
    await server.initialize();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('reports a violation in a cluster file without a modeline, through the mapping, on its line', async () => {
    const file = path.join(fleet, 'registry', 'clusters', 'dev-blue.yaml');
    const written = readFileSync(file, 'utf8');
    expect(written.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/cluster.schema.json');
    // A file written by hand: no modeline, and `traffic` is not a boolean.
    const text = written
      .split('\n')
      .slice(1)
      .join('\n')
      .replace(/^traffic: true/m, 'traffic: maybe');
    writeFileSync(file, text);
    const diagnostics = await server.open(file, text);
    expect(diagnostics, messages(diagnostics)).toHaveLength(1);
    const [wrong] = diagnostics as [LspDiagnostic];
    expect(wrong.range.start.line).toBe(lineOf(text, 'traffic:'));
    expect(wrong.message).toMatch(/boolean/);
    expect((wrong as { data?: { schemaUri?: string[] } }).data?.schemaUri).toEqual([fileUri(path.join(fleet, 'schemas', 'cluster.schema.json'))]);
  });

  it('reports a violation in a row written by materialize, through its modeline, on its line', async () => {
    const file = path.join(fleet, 'platforms', 'storefront', 'orders', 'dev.yaml');
    const written = readFileSync(file, 'utf8');
    expect(written).toBe('# yaml-language-server: $schema=../../../schemas/row.schema.json\npin:\n  chart: ""\n  image: ""\n');
    const text = written.replace('  image: ""', '  imag: ""');
    const diagnostics = await server.open(file, text);
    expect(diagnostics.map((d) => d.range.start.line).sort(), messages(diagnostics)).toEqual([1, lineOf(text, '  imag:')]);
    expect(messages(diagnostics)).toMatch(/Property imag is not allowed/);
    expect(messages(diagnostics)).toMatch(/Missing property "image"/);
  });

  it('accepts the files diene init wrote as they are (no false alarms)', async () => {
    for (const relative of ['registry/fleet.yaml', 'carbon/storefront/platform.yaml', 'state/clusters/dev-blue.yaml', 'platforms/signin/login/dev.yaml']) {
      const file = path.join(fleet, relative);
      expect(await server.open(file, readFileSync(file, 'utf8')), relative).toEqual([]);
    }
  });

  it('completes the keys a file is missing from its schema', async () => {
    const file = path.join(fleet, 'registry', 'landscapes', 'draft.yaml');
    const text = 'name: draft\n\n';
    const diagnostics = await server.open(file, text);
    expect(messages(diagnostics)).toMatch(/Missing property "region"/);
    const labels = (await server.complete(file, 1, 0)).map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['region', 'tier']));
    expect(labels).not.toContain('name');
  });
});
