/**
 * The layers of compiler/ (scripts/dependency-graph-lib.mjs, docs/development.md):
 * every import points to the importer's own layer or one below it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMermaid } from '../support/mermaid-parse.js';
import {
  compilerImports,
  fileSystemOutsideAdapters,
  folderGraph,
  forbiddenImports,
  graphMermaid,
  graphText,
  importsOf,
  LAYERS,
  layerOf,
  layerViolations,
  moduleStateOf,
  moduleStateOutsideAdapters,
  ROOT,
} from '../../scripts/dependency-graph-lib.mjs';

describe('compiler/ layers', () => {
  const imports = compilerImports();

  it('has no import that points up, and every file in a layer', () => {
    const { unlayered, upward } = layerViolations(imports);
    expect(unlayered).toEqual([]);
    expect(upward.map((e) => `compiler/${e.from}:${e.line} → ${e.to} (${e.fromLayer} → ${e.toLayer})`)).toEqual([]);
    expect(graphText(folderGraph(imports))).not.toContain('UPWARD');
  });

  it('keeps the pipeline off the adapters and the library off the commands', () => {
    expect(forbiddenImports(imports).map((e) => `compiler/${e.from}:${e.line} → ${e.to}`)).toEqual([]);
    // The rule sees the imports it forbids.
    const stray = [
      { from: 'index.ts', to: 'adapters/filesystem/files.ts', line: 1, fromLayer: 'pipeline', toLayer: 'adapters' },
      { from: 'api.ts', to: 'cli/render.ts', line: 2, fromLayer: 'entry', toLayer: 'cli' },
      { from: 'api.ts', to: 'adapters/filesystem/read-fleet.ts', line: 3, fromLayer: 'entry', toLayer: 'adapters' },
      { from: 'cli.ts', to: 'cli/render.ts', line: 4, fromLayer: 'entry', toLayer: 'cli' },
    ];
    expect(forbiddenImports({ edges: stray })).toEqual(stray.slice(0, 2));
  });

  it('has the incremental build as its own layer, between the pipeline and the commands', () => {
    const names = LAYERS.map((l) => l.name);
    expect(names.indexOf('incremental')).toBe(names.indexOf('pipeline') + 1);
    expect(names.indexOf('cli')).toBe(names.indexOf('incremental') + 1);
    expect(imports.edges).toContainEqual(expect.objectContaining({ from: 'cli/compile.ts', to: 'incremental/compile-build.ts', toLayer: 'incremental' }));
    expect(graphText(folderGraph(imports))).toMatch(/^incremental +→ pipeline/m);
  });

  it('keeps module-level mutable state to adapters/ and incremental/', () => {
    // No exception: what a run remembers (the YAML writer's buffer and answers) or watches (the documents it makes again) goes in a context.
    expect(moduleStateOutsideAdapters().map((s) => `${s.file}:${s.line} ${s.name}`)).toEqual([]);
    const text = [
      'let a = 1;',
      'const b = new Map<string, number>();',
      'const c = new Map<string, number>([["x", 1]]);',
      'const d = [] as string[];',
      'const e = {} as Record<string, number>;',
      'const f = new WeakMap<object, number>();',
      'const g = new Set(["x"]);',
      'export function h(): void { b.set("x", 1); d.push("y"); e["z"] = 1; f.set({}, 1); }',
      'export const i = c.get("x") ?? g.has("x");',
    ].join('\n');
    expect(moduleStateOf('x.ts', text)).toEqual([
      { name: 'a', line: 1 },
      { name: 'b', line: 2 },
      { name: 'd', line: 4 },
      { name: 'e', line: 5 },
    ]);
  });

  it('leaves the file system to adapters/ and the cache of incremental/ (commands included)', () => {
    expect(fileSystemOutsideAdapters(imports).map((p) => `compiler/${p.from}:${p.line} imports ${p.specifier}`)).toEqual([]);
    // The rule sees the imports it forbids.
    expect(imports.packages).toContainEqual(expect.objectContaining({ from: 'adapters/filesystem/files.ts', specifier: 'node:fs', fromLayer: 'adapters' }));
    const stray = [{ from: 'cli/x.ts', specifier: 'node:fs/promises', line: 1, fromLayer: 'cli' }];
    expect(fileSystemOutsideAdapters({ packages: stray })).toEqual(stray);
  });

  it('reads the imports of real files (the check has something to check)', () => {
    expect(imports.files.length).toBeGreaterThan(100);
    expect(imports.edges).toContainEqual(expect.objectContaining({ from: 'index.ts', to: '1-load/load-fleet.ts', fromLayer: 'pipeline', toLayer: '1-load' }));
    // Every layer but the entry points holds at least one file.
    for (const layer of LAYERS)
      expect(
        imports.files.some((f) => layerOf(f) === layer.name),
        layer.name,
      ).toBe(true);
  });

  it('finds every import form, and not imports in comments or strings', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export { c } from './c.js';",
      "export * from './d.js';",
      "const e = await import('./e.js');",
      "type F = import('./f.js').F;",
      "// import { g } from './g.js';",
      'const h = "import { h } from \'./h.js\'";',
    ].join('\n');
    expect(importsOf('x.ts', text).map((i) => i.specifier)).toEqual(['./a.js', '../b.js', './c.js', './d.js', './e.js', './f.js']);
  });

  it('reports an upward import with its file and line', () => {
    const edges = [{ from: '1-load/x.ts', to: 'cli/y.ts', line: 3, fromLayer: layerOf('1-load/x.ts'), toLayer: layerOf('cli/y.ts') }];
    expect(layerViolations({ files: ['1-load/x.ts', 'stray.ts'], edges })).toEqual({ unlayered: ['stray.ts'], upward: edges });
    expect(graphText(folderGraph({ edges }))).toContain('UPWARD 1-load → cli (1)');
  });

  it('prints the graph as a Mermaid flowchart that Mermaid parses, one edge per imported layer', async () => {
    const graph = folderGraph(imports);
    const mermaid = graphMermaid(graph);
    await expect(parseMermaid(mermaid)).resolves.toBe('flowchart-v2');
    expect(mermaid.split('\n').filter((line) => line.includes('-->'))).toHaveLength(graph.length);
  });

  it('is the layer order docs/development.md lists', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/development.md'), 'utf8');
    const listed = [...doc.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]);
    expect(listed).toEqual(LAYERS.map((l) => l.name));
  });
});
