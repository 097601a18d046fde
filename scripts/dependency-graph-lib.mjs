// The layers of compiler/ and the imports between them.
//
// Every file under compiler/ belongs to one layer; a file may import from its
// own layer and from the layers below it, never from a layer above. Imports
// are read with the TypeScript compiler API (import and export declarations,
// `import type`, `import()` and `require()`), so a comment or a string that
// looks like an import is not one. test/architecture/layers.test.ts fails on
// an upward import; scripts/dependency-graph.mjs prints the folder graph.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Absolute path of the repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The layers, bottom first. `paths` are compiler/-relative: a folder (ending
 * in `/`) or one file. Keep docs/development.md in step.
 */
export const LAYERS = [
  { name: 'types', paths: ['types/'], role: 'types and validators generated from schemas/' },
  { name: 'diagnostics', paths: ['diagnostics/'], role: 'the catalog, the diagnostic type and its text forms' },
  { name: 'client', paths: ['client/'], role: 'the address-book client rule, dependency-free, for ports' },
  { name: 'dns', paths: ['dns/'], role: 'the DNS domain: record sets, the zone-plan format, host kinds and capabilities as data' },
  { name: '1-load', paths: ['1-load/'], role: 'parse with positions, validate against schemas/' },
  { name: '2-analyze', paths: ['2-analyze/'], role: 'cross-file checks and the resolved fleet model' },
  { name: '3-emit', paths: ['3-emit/'], role: 'one emitter per output kind, one canonical serializer' },
  { name: 'plan', paths: ['plan/'], role: 'pure diffs: desired against observed' },
  { name: 'route', paths: ['route/'], role: 'the route_paths matcher and its explanation' },
  { name: 'simulate', paths: ['simulate/'], role: 'failure drills over the compiled fleet' },
  { name: 'report', paths: ['report/'], role: 'pull-request and check reports' },
  { name: 'atlas', paths: ['atlas/'], role: 'the static HTML atlas of the fleet' },
  { name: 'adapters', paths: ['adapters/'], role: 'the only code that touches the disk, git, DNS hosts, object stores, clusters' },
  { name: 'pipeline', paths: ['index.ts'], role: 'the compile pipeline on one screen' },
  {
    name: 'incremental',
    paths: ['incremental/'],
    role: 'the incremental build: the compile cache, file records, stamps, slice keys, the write and compare driver',
  },
  { name: 'cli', paths: ['cli/'], role: 'one module per command: argv, printing, exit codes' },
  { name: 'entry', paths: ['api.ts', 'cli.ts'], role: 'the package entry points (library and command line)' },
];

/** Modules that reach the file system: only the `adapters` layer and the incremental build's cache (`incremental`) import them. */
export const FILE_SYSTEM_MODULES = ['fs', 'fs/promises', 'node:fs', 'node:fs/promises', 'fast-glob'];

/** The layers that may touch the disk and keep module-level state: the adapters, and the incremental build with its cache. */
export const STATEFUL_LAYERS = ['adapters', 'incremental'];

const RANK = new Map(LAYERS.map((layer, index) => [layer.name, index]));

/**
 * The layer of a compiler/-relative path (forward slashes), or undefined.
 * @param {string} file
 * @returns {string | undefined}
 */
export function layerOf(file) {
  for (const layer of LAYERS) {
    for (const p of layer.paths) if (p.endsWith('/') ? file.startsWith(p) : file === p) return layer.name;
  }
  return undefined;
}

/**
 * The module specifiers a source text imports, with their 1-based lines, and
 * whether the import is of types only (`import type`, `export type`, an
 * import whose every name is marked `type`, `import('…').T` in a type): such
 * an import is erased when TypeScript compiles and does not run.
 * @param {string} fileName used for diagnostics of the parser only
 * @param {string} text
 * @returns {{ specifier: string, line: number, typeOnly: boolean }[]}
 */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const add = (node, typeOnly = false) => {
    if (node && ts.isStringLiteralLike(node)) {
      found.push({ specifier: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, typeOnly });
    }
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, importsTypesOnly(node.importClause));
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isCallExpression(node)) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if ((isImport || isRequire) && node.arguments.length > 0) add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether an import clause brings in types only (a bare `import './x.js'` has none and runs). */
function importsTypesOnly(clause) {
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** compiler/-relative paths of every .ts file under `dir`, sorted. */
function sourceFiles(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...sourceFiles(dir, rel));
    else if (entry.name.endsWith('.ts')) out.push(rel);
  }
  return out.sort();
}

/**
 * Every relative import between files of compiler/, with both layers.
 * @param {string} [root] repository root
 */
export function compilerImports(root = ROOT) {
  const dir = path.join(root, 'compiler');
  const files = sourceFiles(dir);
  const edges = [];
  const packages = [];
  for (const from of files) {
    for (const { specifier, line, typeOnly } of importsOf(from, readFileSync(path.join(dir, from), 'utf8'))) {
      if (!specifier.startsWith('.')) {
        packages.push({ from, specifier, line, fromLayer: layerOf(from) });
        continue;
      }
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.js$/, '.ts');
      edges.push({ from, to, line, fromLayer: layerOf(from), toLayer: layerOf(to), typeOnly });
    }
  }
  return { files, edges, packages };
}

/**
 * The imports that point up (to a layer above the importer's) or leave the
 * known layers, and the files no layer claims.
 */
export function layerViolations({ files, edges }) {
  const unlayered = files.filter((f) => layerOf(f) === undefined);
  const upward = edges.filter((e) => {
    const from = RANK.get(e.fromLayer);
    const to = RANK.get(e.toLayer);
    return from === undefined || to === undefined || to > from;
  });
  return { unlayered, upward };
}

/**
 * The cycles of imports that run (type-only imports left out): each a sorted
 * list of the files that reach one another, the lists sorted by their first
 * file. A file that imports itself is a cycle of one. Tarjan's strongly
 * connected components.
 * @returns {string[][]}
 */
export function importCycles({ files, edges }) {
  const next = new Map(files.map((f) => [f, []]));
  for (const e of edges) if (!e.typeOnly && next.has(e.to)) next.get(e.from)?.push(e.to);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file)) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || next.get(file).includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Imports of {@link FILE_SYSTEM_MODULES} outside the {@link STATEFUL_LAYERS}. */
export function fileSystemOutsideAdapters({ packages }) {
  return packages.filter((p) => FILE_SYSTEM_MODULES.includes(p.specifier) && !STATEFUL_LAYERS.includes(p.fromLayer));
}

/**
 * Imports the layer order allows but the roles forbid: the pipeline
 * (`index.ts`) imports no adapter, so it stays pure (no disk, no cache), and
 * the library entry (`api.ts`) imports no command, so the library does not
 * carry the command line.
 */
export function forbiddenImports({ edges }) {
  return edges.filter((e) => (e.from === 'index.ts' && e.toLayer === 'adapters') || (e.from === 'api.ts' && e.toLayer === 'cli'));
}

/** Method calls that change a Map, Set or array in place. */
const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/**
 * The module-level mutable state of a source text: every top-level `let` or
 * `var`, and every top-level `const` holding a Map, Set, array or object
 * literal that the module changes (a mutating method call on it, or an
 * assignment to one of its members or elements). A WeakMap or WeakSet is a
 * memo of a value derived from its key, which goes with the key: not state.
 * @param {string} fileName
 * @param {string} text
 * @returns {{ name: string, line: number }[]}
 */
export function moduleStateOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const found = [];
  const held = new Map();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const constant = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name)) continue;
      if (!constant) {
        found.push({ name: declaration.name.text, line: lineOf(declaration) });
        continue;
      }
      let value = declaration.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))) value = value.expression;
      const collection =
        value &&
        ((ts.isNewExpression(value) && ts.isIdentifier(value.expression) && ['Map', 'Set', 'Array'].includes(value.expression.text)) ||
          ts.isArrayLiteralExpression(value) ||
          ts.isObjectLiteralExpression(value));
      if (collection) held.set(declaration.name.text, lineOf(declaration));
    }
  }
  const changed = new Set();
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression)) {
      if (held.has(node.expression.expression.text) && MUTATORS.has(node.expression.name.text)) changed.add(node.expression.expression.text);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      const target = node.left;
      if (
        (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) &&
        ts.isIdentifier(target.expression) &&
        held.has(target.expression.text)
      )
        changed.add(target.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const name of changed) found.push({ name, line: held.get(name) });
  return found.sort((a, b) => a.line - b.line);
}

/**
 * The module-level mutable state of every file of compiler/ outside the
 * {@link STATEFUL_LAYERS} (STYLE.md: pass a context instead).
 * @param {string} [root] repository root
 * @returns {{ file: string, name: string, line: number }[]}
 */
export function moduleStateOutsideAdapters(root = ROOT) {
  const dir = path.join(root, 'compiler');
  return sourceFiles(dir)
    .filter((file) => !STATEFUL_LAYERS.includes(layerOf(file)) && !file.includes('/generated/'))
    .flatMap((file) => moduleStateOf(file, readFileSync(path.join(dir, file), 'utf8')).map((state) => ({ file, ...state })));
}

/**
 * Layer → imported layer → number of imports, over edges between different
 * layers; in layer order.
 * @returns {{ from: string, to: string, count: number }[]}
 */
export function folderGraph({ edges }) {
  const counts = new Map();
  for (const e of edges) {
    if (e.fromLayer === e.toLayer) continue;
    const key = `${e.fromLayer ?? '?'}\u0000${e.toLayer ?? '?'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rank = (name) => RANK.get(name) ?? LAYERS.length;
  return [...counts]
    .map(([key, count]) => {
      const [from, to] = key.split('\u0000');
      return { from, to, count };
    })
    .sort((a, b) => rank(b.from) - rank(a.from) || rank(b.to) - rank(a.to));
}

/** The graph as text: one line per layer, top first, with what it imports. */
export function graphText(graph) {
  const lines = [];
  for (const layer of [...LAYERS].reverse()) {
    const out = graph.filter((e) => e.from === layer.name);
    const targets = out.map((e) => `${e.to} (${e.count})`).join(', ');
    lines.push(`${layer.name.padEnd(12)} → ${targets || '(nothing)'}`);
  }
  const up = graph.filter((e) => !((RANK.get(e.to) ?? Infinity) < (RANK.get(e.from) ?? -1)));
  for (const e of up) lines.push(`UPWARD ${e.from} → ${e.to} (${e.count})`);
  return lines.join('\n') + '\n';
}

/** The graph as a Mermaid flowchart, layers top to bottom. */
export function graphMermaid(graph) {
  const id = (name) => `L_${name.replace(/[^A-Za-z0-9]/g, '_')}`;
  const lines = ['flowchart TD'];
  for (const layer of [...LAYERS].reverse()) lines.push(`  ${id(layer.name)}["${layer.name}"]`);
  for (const e of graph) lines.push(`  ${id(e.from)} -->|${e.count}| ${id(e.to)}`);
  return lines.join('\n') + '\n';
}
