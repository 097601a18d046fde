/**
 * `diene materialize [--fleet DIR]` (issue 2 §10): writes the missing empty rows
 * `pin: {chart: "", image: ""}` for every service folder and every landscape
 * its platform lists. Never deletes or rewrites a row (files are created with
 * the exclusive `wx` flag).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toYamlDocument } from '../4-emit/serialize.js';
import { hasErrors, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { analyzeFleet } from '../index.js';
import { COMMON_OPTIONS, EXIT, fleetRoot, nowSeconds, readFleet, type Command, type CommandInput, type CommandResult } from './command.js';

async function runMaterialize({ values }: CommandInput): Promise<CommandResult> {
  const root = fleetRoot(values);
  const read = await readFleet(root);
  const analysis = analyzeFleet(read.files, { nowSeconds: nowSeconds(values) });
  const diagnostics = sortDiagnostics([...read.diagnostics, ...analysis.diagnostics]);
  if (hasErrors(diagnostics) || !analysis.model) return { diagnostics, exitCode: EXIT.invalid };
  const written: string[] = [];
  const emptyRow = toYamlDocument({ pin: { chart: '', image: '' } });
  for (const platform of analysis.model.platforms) {
    for (const service of platform.services) {
      for (const landscape of platform.landscapes) {
        const relative = `platforms/${platform.name}/${service.name}/${landscape}.yaml`;
        const target = path.join(root, relative);
        if (existsSync(target)) continue;
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, emptyRow, { encoding: 'utf8', flag: 'wx' });
        written.push(relative);
      }
    }
  }
  return { diagnostics, notes: written.length > 0 ? written.map((f) => `wrote ${f}`) : ['every row exists; nothing written'], exitCode: EXIT.ok };
}

export const materializeCommand: Command = {
  name: 'materialize',
  usage: 'diene materialize [--fleet DIR]',
  options: { ...COMMON_OPTIONS },
  run: runMaterialize,
};
