/**
 * The loading (1-load) over whole fleets: the secret rule's reach (SPEC §4), and what one
 * finding does to the others at the same place.
 */
import { describe, expect, it } from 'vitest';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();
const compile = (overlay: Record<string, string | null>) => compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS });
const row = (values: string) => `pin:\n  chart: "1.4.2"\n  image: "1.4.2"\nvalues:\n${values}valuesSince: 2026-11-20T10:00:00Z\n`;

describe('the secret rule', () => {
  it('accepts keys that only name a secret kept elsewhere, and empty placeholders (Helm chart conventions)', () => {
    const result = compile({
      'platforms/nitroso/tin/pichu.yaml': row(
        '  auth:\n    existingSecret: db-creds\n    secretName: tls-cert\n    tokenSecretRef: api\n    password: ""\n    passwordFile: /etc/pw\n',
      ),
    });
    expect(result.diagnostics.filter((d) => d.code === 'input_secret')).toEqual([]);
    expect(result.outputs).toBeDefined();
  });

  it('refuses a value under a secret-named key in row values, pointing at the key, with a row-specific hint', () => {
    const result = compile({ 'platforms/nitroso/tin/pichu.yaml': row('  db:\n    password: hunter2\n') });
    const found = result.diagnostics.filter((d) => d.code === 'input_secret');
    expect(found.map((d) => [d.file, d.line, d.column])).toEqual([['platforms/nitroso/tin/pichu.yaml', 6, 5]]);
    expect(found[0]?.hint).toContain('existingSecret');
    expect(result.outputs).toBeUndefined();
  });
});

describe('one place, one finding', () => {
  it('reports `traffic: yes` as one error saying to write true, without the contradictory quote-it warning', () => {
    const result = compile({ 'registry/clusters/raichu-opal.yaml': 'landscape: raichu\nmark: opal\nprovider: aws\naccount: aws-main\ntraffic: yes\n' });
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['yaml_boolean_word', 5, 10]]);
  });

  it("names the kind of an empty file and its schema's example", () => {
    const result = compile({ 'registry/landscapes/pichu.yaml': '# nothing here\n' });
    const empty = result.diagnostics.find((d) => d.file === 'registry/landscapes/pichu.yaml');
    expect(empty?.message).toBe('the file is empty, but landscape files hold a mapping');
    expect(empty?.hint).toBe(
      'write the landscape: schemas/landscape.schema.json lists its fields with an example (`diene schemas --out DIR` writes the schemas for an editor)',
    );
  });
});
