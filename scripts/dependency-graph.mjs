#!/usr/bin/env node
// `npm run graph`: prints the folder dependency graph of compiler/ (layer →
// the layers it imports, with counts), top layer first; `--mermaid` prints it
// as a Mermaid flowchart. Exits 1 when an import points up, a file belongs
// to no layer, or a file outside adapters/ imports the file system (the layers are in scripts/dependency-graph-lib.mjs).

import { compilerImports, fileSystemOutsideAdapters, folderGraph, graphMermaid, graphText, layerViolations } from './dependency-graph-lib.mjs';

const imports = compilerImports();
const graph = folderGraph(imports);
process.stdout.write(process.argv.includes('--mermaid') ? graphMermaid(graph) : graphText(graph));

const { unlayered, upward } = layerViolations(imports);
for (const file of unlayered) process.stderr.write(`compiler/${file}: belongs to no layer\n`);
for (const e of upward) process.stderr.write(`compiler/${e.from}:${e.line}: imports ${e.to} (${e.fromLayer} → ${e.toLayer ?? 'no layer'}, upward)\n`);
const fileSystem = fileSystemOutsideAdapters(imports);
for (const p of fileSystem) process.stderr.write(`compiler/${p.from}:${p.line}: imports ${p.specifier} outside adapters/\n`);
if (unlayered.length > 0 || upward.length > 0 || fileSystem.length > 0) process.exitCode = 1;
