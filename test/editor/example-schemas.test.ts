/**
 * The bundled example fleet carries its own copy of the schemas (as `diene
 * init` and `diene schemas --out` give a user's fleet), so that a copy of
 * examples/reference keeps editor validation: every modeline in it resolves
 * inside the fleet, and the copy is the package's schemas byte for byte.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { REFERENCE_FLEET, REPO_ROOT } from '../support/fleet-fixture.js';

const MODELINE = /^# yaml-language-server: \$schema=(\S+)$/m;

describe('examples/reference/schemas', () => {
  it('is the package schemas/ folder byte for byte (regenerate: diene schemas --out examples/reference/schemas)', () => {
    const shipped = fg.sync('**/*.schema.json', { cwd: path.join(REPO_ROOT, 'schemas') }).sort();
    const copied = fg.sync('**/*.schema.json', { cwd: path.join(REFERENCE_FLEET, 'schemas') }).sort();
    expect(copied).toEqual(shipped);
    for (const file of shipped)
      expect(readFileSync(path.join(REFERENCE_FLEET, 'schemas', file), 'utf8'), file).toBe(readFileSync(path.join(REPO_ROOT, 'schemas', file), 'utf8'));
  });

  it("names, in every file's modeline, a schema inside the fleet that exists", () => {
    const files = fg.sync('{registry,state,carbon,platforms}/**/*.yaml', { cwd: REFERENCE_FLEET }).sort();
    const targets = files.flatMap((file) => {
      const match = MODELINE.exec(readFileSync(path.join(REFERENCE_FLEET, file), 'utf8'));
      return match ? [{ file, schema: path.resolve(REFERENCE_FLEET, path.dirname(file), match[1] as string) }] : [];
    });
    expect(targets.length).toBeGreaterThan(30);
    for (const { file, schema } of targets) {
      expect(path.relative(REFERENCE_FLEET, schema).startsWith('schemas/'), `${file} → ${schema}`).toBe(true);
      expect(() => readFileSync(schema), `${file} → ${schema}`).not.toThrow();
    }
  });
});
