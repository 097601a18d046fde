/**
 * The precompiled input-schema validators (types/generated/validators.ts, Ajv
 * standalone code made at build time) are what the schemas say now, are made
 * with the compiler's Ajv options, and judge every input exactly as Ajv
 * compiling the schemas at run time does: the same verdict and the same
 * errors (so the same diagnostics), on the reference fleet, on every sample
 * case's files, and on mutations of every reference input (a key removed,
 * retyped, nulled, or an unknown key added) that give hundreds of rejections.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AJV_OPTIONS as GENERATOR_AJV_OPTIONS, ROOT, VALIDATORS_FILE, generateValidators, readInputSchemas } from '../../scripts/generate-validators-lib.mjs';
import { AJV_OPTIONS, compileValidatorFunctions } from '../../compiler/1-load/compile-schemas.js';
import { classifyPath } from '../../compiler/1-load/fleet-layout.js';
import type { ValidatorFunction } from '../../compiler/1-load/schema-validation.js';
import { standaloneValidators } from '../../compiler/types/generated/validators.js';
import { inputSchemas } from '../../compiler/types/generated/schemas.js';
import { overlayTexts, readFleetTexts } from '../support/fleet-fixture.js';

const runtime = compileValidatorFunctions(inputSchemas);

/** The verdict and errors of `validator` on `value`. */
function judge(validator: ValidatorFunction, value: unknown): { valid: boolean; errors: unknown } {
  const valid = validator(value);
  return { valid, errors: valid ? null : structuredClone(validator.errors) };
}

/** Every input of `texts` that parses, as [path, kind, value]. */
function inputsOf(texts: ReadonlyMap<string, string>): [string, string, unknown][] {
  const found: [string, string, unknown][] = [];
  for (const [file, text] of texts) {
    const entry = classifyPath(file);
    if (!entry) continue;
    try {
      found.push([file, entry.kind, entry.kind === 'claim' ? JSON.parse(text) : parse(text, { version: '1.2', logLevel: 'silent' })]);
    } catch {
      // A file that does not parse never reaches a validator.
    }
  }
  return found;
}

/** Each value with one top-level key removed, retyped, nulled, or an unknown key added. */
function mutations(value: unknown): unknown[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [42, 'text', null, []];
  const out: unknown[] = [{ ...value, notAKey: 1 }];
  for (const key of Object.keys(value)) {
    const rest = { ...(value as Record<string, unknown>) };
    delete rest[key];
    out.push(
      rest,
      { ...value, [key]: 42 },
      { ...value, [key]: 'not-valid value!' },
      { ...value, [key]: null },
      { ...value, [key]: [{}] },
      { ...value, [key]: {} },
    );
  }
  return out;
}

function compareOn(values: [string, string, unknown][]): { accepted: number; rejected: number } {
  let accepted = 0;
  let rejected = 0;
  for (const [file, kind, value] of values) {
    const precompiled = standaloneValidators[kind] as ValidatorFunction;
    const compiled = runtime[kind] as ValidatorFunction;
    const expected = judge(compiled, value);
    expect(judge(precompiled, value), `${file} (${kind})`).toEqual(expected);
    if (expected.valid) accepted++;
    else rejected++;
  }
  return { accepted, rejected };
}

describe('precompiled input validators', () => {
  it('are fresh: regenerating them from schemas/ gives the file on disk (run `npm run build`)', async () => {
    expect(readFileSync(path.join(ROOT, VALIDATORS_FILE), 'utf8') === (await generateValidators())).toBe(true);
  }, 60_000);

  it('are made with the compiler’s Ajv options, for every input schema', async () => {
    expect(GENERATOR_AJV_OPTIONS).toEqual(AJV_OPTIONS);
    expect(Object.keys(standaloneValidators).sort()).toEqual(Object.keys(await readInputSchemas()).sort());
    expect(Object.keys(standaloneValidators).sort()).toEqual(Object.keys(inputSchemas).sort());
  });

  it('accept the reference fleet as runtime Ajv does', () => {
    const result = compareOn(inputsOf(readFleetTexts()));
    expect(result.accepted).toBeGreaterThan(40);
    expect(result.rejected).toBe(0);
  });

  it('judge every sample case’s inputs as runtime Ajv does, with the same errors', () => {
    const casesDir = path.join(import.meta.dirname, '..', 'cases');
    const base = readFleetTexts();
    let rejected = 0;
    for (const name of readdirSync(casesDir).sort()) {
      const sample = parse(readFileSync(path.join(casesDir, name, 'case.yaml'), 'utf8'), { version: '1.2' }) as { files?: Record<string, string | null> };
      const changed = new Set(Object.keys(sample.files ?? {}));
      const texts = overlayTexts(base, sample.files ?? {});
      rejected += compareOn(inputsOf(new Map([...texts].filter(([file]) => changed.has(file))))).rejected;
    }
    expect(rejected).toBeGreaterThan(20);
  });

  it('reject mutated inputs as runtime Ajv does, with the same errors', () => {
    const mutated = inputsOf(readFleetTexts()).flatMap(([file, kind, value]) => mutations(value).map((m): [string, string, unknown] => [file, kind, m]));
    const result = compareOn(mutated);
    expect(result.rejected).toBeGreaterThan(500);
    expect(result.accepted).toBeGreaterThan(0);
  });
});
