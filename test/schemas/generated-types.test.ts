// compiler/types/generated/ must be exactly what the generator produces from
// schemas/ now: a schema change without `npm run gen:types` fails here.

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUT_DIR, ROOT, compareTypes, generateTypes } from '../../scripts/generate-types-lib.mjs';

describe('compiler/types/generated', () => {
  it('matches the schemas (run `npm run gen:types`)', async () => {
    const generated = await generateTypes();
    const present = readdirSync(path.join(ROOT, OUT_DIR))
      .filter((n) => n.endsWith('.ts'))
      .map((n) => `${OUT_DIR}/${n}`);
    const read = async (rel: string): Promise<string | undefined> => {
      try {
        return readFileSync(path.join(ROOT, rel), 'utf8');
      } catch {
        return undefined;
      }
    };
    const result = await compareTypes(generated, read, present);
    expect(result, 'generated types are out of date: run `npm run gen:types`').toEqual({
      stale: [],
      missing: [],
      extra: [],
    });
    expect([...generated.keys()]).toEqual([...generated.keys()].sort());
  }, 60_000);
});
