/**
 * What README.md and docs/diagnostics.md say about which problems a run
 * reports together: every file's load and schema errors at once, the checks
 * across files only once every file loads. Held to the compiler's behaviour.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const ROOT = path.join(import.meta.dirname, '..', '..');
const STAGE_UNKNOWN = `name: mercury
landscapes: [pichu, pikachu, raichu, ampharos]
stages: [pichu, pikachu, [raichu, ampharos], celebi]
vlandscapes: [mew, celebi]
`;
const SCHEMA_BROKEN = 'landscape: raichu\nmark: opal\nprovider: aws\naccount: aws-main\ntraffic: maybe\n';

function codes(overlay: Record<string, string>): string[] {
  const result = compileFleet(toSourceFiles(overlayTexts(readFleetTexts(), overlay)), { nowSeconds: TEST_NOW_SECONDS });
  return result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

describe('which problems a run reports together', () => {
  it('a schema error in one file hides a cross-file error in another until it is fixed', () => {
    const stage = { 'carbon/mercury/platform.yaml': STAGE_UNKNOWN };
    expect(codes(stage)).toContain('stage_unknown_landscape');
    const both = codes({ ...stage, 'registry/clusters/raichu-opal.yaml': SCHEMA_BROKEN });
    expect(both).not.toContain('stage_unknown_landscape');
    expect(both.length).toBeGreaterThan(0);
  });

  it('README.md and docs/diagnostics.md say so, and no longer claim every problem is reported together', () => {
    for (const doc of ['README.md', 'docs/diagnostics.md']) {
      const text = readFileSync(path.join(ROOT, doc), 'utf8').replace(/\s+/g, ' ');
      expect(text, doc).not.toContain('Every problem of a run is reported together');
      expect(text, doc).toContain('run once every file loads');
    }
  });
});
