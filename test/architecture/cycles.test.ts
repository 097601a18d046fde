/**
 * No module of compiler/ reaches itself through the imports that run
 * (scripts/dependency-graph-lib.mjs): a cycle makes the order in which modules
 * initialize depend on which one is loaded first. Imports of types only are
 * erased by TypeScript and do not count.
 */
import { describe, expect, it } from 'vitest';
import { compilerImports, importCycles, importsOf, type ImportEdge } from '../../scripts/dependency-graph-lib.mjs';

const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, line: 1, fromLayer: '3-emit', toLayer: '3-emit', typeOnly });

describe('compiler/ import cycles', () => {
  it('has no cycle of runtime imports', () => {
    expect(importCycles(compilerImports())).toEqual([]);
  });

  it('finds a cycle with the import that closes it, and a module importing itself', () => {
    const files = ['3-emit/a.ts', '3-emit/b.ts', '3-emit/c.ts', '3-emit/d.ts', '3-emit/e.ts'];
    const edges = [
      edge('3-emit/a.ts', '3-emit/b.ts'),
      edge('3-emit/b.ts', '3-emit/c.ts'),
      edge('3-emit/c.ts', '3-emit/a.ts'),
      edge('3-emit/c.ts', '3-emit/d.ts'),
      edge('3-emit/e.ts', '3-emit/e.ts'),
    ];
    expect(importCycles({ files, edges })).toEqual([['3-emit/a.ts', '3-emit/b.ts', '3-emit/c.ts'], ['3-emit/e.ts']]);
  });

  it('leaves out imports of types only', () => {
    const files = ['3-emit/a.ts', '3-emit/b.ts'];
    expect(importCycles({ files, edges: [edge('3-emit/a.ts', '3-emit/b.ts'), edge('3-emit/b.ts', '3-emit/a.ts', true)] })).toEqual([]);
  });

  it('tells imports of types only from imports that run', () => {
    const text = [
      "import type { A } from './a.js';",
      "import { type B, type C } from './b.js';",
      "import { type D, e } from './d.js';",
      "import f from './f.js';",
      "export type { G } from './g.js';",
      "export { h } from './h.js';",
      "import './i.js';",
      "type J = import('./j.js').J;",
      "const k = await import('./k.js');",
    ].join('\n');
    expect(importsOf('x.ts', text).map((i) => [i.specifier, i.typeOnly])).toEqual([
      ['./a.js', true],
      ['./b.js', true],
      ['./d.js', false],
      ['./f.js', false],
      ['./g.js', true],
      ['./h.js', false],
      ['./i.js', false],
      ['./j.js', true],
      ['./k.js', false],
    ]);
  });
});
