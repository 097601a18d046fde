/**
 * `diene schemas --out DIR`: the package's schemas, byte for byte, in a
 * folder of the user's; refusals with their catalog codes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'diene-schemas-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SHIPPED = fg.sync('**/*.schema.json', { cwd: path.join(REPO_ROOT, 'schemas') }).sort();

function codes(stderr: string): string[] {
  return (JSON.parse(stderr.slice(stderr.indexOf('['), stderr.lastIndexOf(']') + 1)) as Diagnostic[]).map((d) => d.code);
}

describe('diene schemas', () => {
  it('writes every shipped schema (books/ included) byte for byte, each $id naming its own file', () => {
    const out = path.join(scratch, 'a', 'schemas');
    const run = runCli(['schemas', '--out', out]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain(`wrote ${SHIPPED.length} schemas to ${out}`);
    expect(SHIPPED).toContain('books/doc-c.schema.json');
    expect(fg.sync('**/*', { cwd: out }).sort()).toEqual(SHIPPED);
    for (const file of SHIPPED) {
      const text = readFileSync(path.join(out, file), 'utf8');
      expect(text, file).toBe(readFileSync(path.join(REPO_ROOT, 'schemas', file), 'utf8'));
      expect((JSON.parse(text) as { $id: string }).$id, file).toBe(path.basename(file));
      // Every reference stays inside its own schema, so the copy needs nothing beside it.
      for (const ref of text.matchAll(/"\$ref": "([^"]*)"/g)) expect(ref[1], file).toMatch(/^#\//);
    }
  });

  it('replaces its own files when run again and leaves other files alone', () => {
    const out = path.join(scratch, 'b');
    expect(runCli(['schemas', '--out', out]).exitCode).toBe(0);
    writeFileSync(path.join(out, 'row.schema.json'), '{}');
    writeFileSync(path.join(out, 'mine.txt'), 'mine\n');
    expect(runCli(['schemas', '--out', out]).exitCode).toBe(0);
    expect(readFileSync(path.join(out, 'row.schema.json'), 'utf8')).toBe(readFileSync(path.join(REPO_ROOT, 'schemas', 'row.schema.json'), 'utf8'));
    expect(readFileSync(path.join(out, 'mine.txt'), 'utf8')).toBe('mine\n');
  });

  it('needs --out (usage_option_missing, exit 2)', () => {
    const run = runCli(['schemas', '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(codes(run.stderr)).toEqual(['usage_option_missing']);
  });

  it('refuses a folder below a file with output_write_failed, exit 2', () => {
    writeFileSync(path.join(scratch, 'file'), 'x');
    const run = runCli(['schemas', '--out', path.join(scratch, 'file', 'schemas'), '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(codes(run.stderr)).toEqual(['output_write_failed']);
  });
});
