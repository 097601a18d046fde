/**
 * What the analysis derives once (docs/architecture.md): the address-book
 * content, the route paths and the cluster models are derived by 2-analyze/
 * once per fleet index and handed on in the model; no emitter, plan, command,
 * report or simulation derives them again. Read from the import graph of
 * scripts/dependency-graph-lib.mjs, so a new importer fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compilerImports, layerOf, ROOT } from '../../scripts/dependency-graph-lib.mjs';

/** Modules only the analysis may import: their exports derive what the model then carries. */
const ANALYSIS_ONLY_MODULES = ['2-analyze/address-book-content.ts'];

/** Derivations keyed by fleet index, whose value the model carries (`books`, `routes`, `clusters`): called by the analysis only. */
const ANALYSIS_ONLY_FUNCTIONS = ['bookContentOfIndex', 'routePathsOfIndex', 'clusterModelsOfIndex'];

/** The names a file imports, with the module specifier and line of each. */
function importedNames(file: string, text: string): { name: string; specifier: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { name: string; specifier: string; line: number }[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
    if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
      for (const element of bindings.elements) found.push({ name: (element.propertyName ?? element.name).text, specifier: specifier.text, line });
  }
  return found;
}

describe('derived once, by the analysis', () => {
  const imports = compilerImports();

  it('lets only 2-analyze/ import the book-content derivation', () => {
    const outside = imports.edges.filter((e) => ANALYSIS_ONLY_MODULES.includes(e.to) && e.fromLayer !== '2-analyze');
    expect(outside.map((e) => `compiler/${e.from}:${e.line} imports ${e.to}`)).toEqual([]);
    // The rule sees the importers it allows.
    expect(imports.edges).toContainEqual(expect.objectContaining({ from: '2-analyze/check-books.ts', to: '2-analyze/address-book-content.ts' }));
    expect(imports.edges).toContainEqual(expect.objectContaining({ from: '2-analyze/fleet-model.ts', to: '2-analyze/address-book-content.ts' }));
  });

  it('lets only 2-analyze/ call the per-index derivations the model carries', () => {
    const calls: string[] = [];
    const seen = new Set<string>();
    for (const file of imports.files) {
      for (const imported of importedNames(file, readFileSync(path.join(ROOT, 'compiler', file), 'utf8'))) {
        if (!ANALYSIS_ONLY_FUNCTIONS.includes(imported.name)) continue;
        seen.add(imported.name);
        if (layerOf(file) !== '2-analyze') calls.push(`compiler/${file}:${imported.line} imports ${imported.name}`);
      }
    }
    expect(calls).toEqual([]);
    // Each is imported somewhere (by buildModel at least): the check has something to check.
    expect([...seen].sort()).toEqual([...ANALYSIS_ONLY_FUNCTIONS].sort());
  });

  it('finds a named import and a re-export', () => {
    const text = [
      "import { bookContentOfIndex as derive } from './a.js';",
      "export { routePathsOfIndex } from './b.js';",
      "import type { X } from './c.js';",
    ].join('\n');
    expect(importedNames('x.ts', text).map((i) => `${i.name} ${i.specifier} ${i.line}`)).toEqual([
      'bookContentOfIndex ./a.js 1',
      'routePathsOfIndex ./b.js 2',
      'X ./c.js 3',
    ]);
  });
});
