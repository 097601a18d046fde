/**
 * A code's arguments are checked by the type checker: `diagnose` takes
 * exactly the placeholders of the code's message and hint templates. The
 * snippet below is compiled with the project's own settings; every call
 * marked BAD must be an error on its line and every other line must compile,
 * so a loosened signature (back to a plain record) fails here.
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../compiler/diagnostics/catalog.js';
import { diagnoseUnchecked, FLEET_WIDE } from '../../compiler/diagnostics/diagnostic.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

const SNIPPET = `
import { diagnose, FLEET_WIDE } from '${path.join(ROOT, 'compiler/diagnostics/diagnostic.js')}';
diagnose(FLEET_WIDE, 'region_unknown', { region: 'NRT', known: 'SIN' });
diagnose(FLEET_WIDE, 'cluster_mark_reserved');
diagnose(FLEET_WIDE, 'region_unknown', { region: 'NRT' }); // BAD: a hint placeholder is missing
diagnose(FLEET_WIDE, 'region_unknown', { region: 'NRT', known: 'SIN', extra: 1 }); // BAD: a stray argument
diagnose(FLEET_WIDE, 'region_unknown', { regoin: 'NRT', known: 'SIN' }); // BAD: a misspelt argument
diagnose(FLEET_WIDE, 'region_unknown'); // BAD: no arguments at all
diagnose(FLEET_WIDE, 'cluster_mark_reserved', { reason: 'x' }); // BAD: a code without placeholders takes none
diagnose(FLEET_WIDE, 'no_such_code', {}); // BAD: not a catalog code
diagnose(FLEET_WIDE, 'claim_paths_missing', { missing: '"paths"' });
diagnose(FLEET_WIDE, 'output_write_failed', { out: 'x', errno: 'ENOSPC' });
diagnose(FLEET_WIDE, 'output_write_failed', { out: 'x', errno: 'no space left' }); // BAD: a choice takes one of its names, not free text
diagnose(FLEET_WIDE, 'cache_entry_ignored', { file: 'x', part: 'stamps', instead: 'stamps', problem: 'it is broken' }); // BAD: not one of the choices
diagnose(FLEET_WIDE, 'cache_not_kept', { dir: 'x', errno: 'read-only' }); // BAD: an errno is a code of ERRNO_TEXTS, not free text
diagnose(FLEET_WIDE, 'output_location_read_only', { out: 'x', place: 'parent' }); // BAD: a choice text's placeholder {path} is missing
`;

describe('diagnose arguments', () => {
  it('are the placeholders of the code, checked at compile time', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'diene-typed-args-'));
    try {
      const file = path.join(dir, 'snippet.ts');
      writeFileSync(file, SNIPPET);
      const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
      const options = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
      const program = ts.createProgram([file], { ...options, noEmit: true, rootDir: '/' });
      const errorLines = new Set(
        ts
          .getPreEmitDiagnostics(program)
          .filter((d) => d.file?.fileName === file)
          .map((d) => (d.file as ts.SourceFile).getLineAndCharacterOfPosition(d.start ?? 0).line),
      );
      const lines = SNIPPET.split('\n');
      const bad = lines.flatMap((line, i) => (line.includes('// BAD') ? [i] : []));
      expect(bad).toHaveLength(10);
      expect([...errorLines].sort((a, b) => a - b)).toEqual(bad);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('name word placeholders only: {…} and JSON braces in a hint are text', () => {
    // The runtime fill replaces \{(\w+)\}; the claim_paths_missing hint holds {"account": …} and {…}, which it leaves alone.
    const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    expect(placeholders(catalog.claim_paths_missing.message + catalog.claim_paths_missing.hint)).toEqual(['missing']);
  });

  it('chosen at run time must still fill every placeholder, or the run stops as an internal error', () => {
    expect(diagnoseUnchecked(FLEET_WIDE, 'region_unknown', { region: 'NRT', known: 'SIN' }).hint).toBe('add it to regions.yaml, or use one of: SIN');
    expect(() => diagnoseUnchecked(FLEET_WIDE, 'region_unknown', { region: 'NRT' })).toThrow('the diagnostic region_unknown has no argument for {known}');
  });
});
