/**
 * The command line (SPEC §5). The only module that reads argv, touches the
 * disk through the adapters, prints, or sets the exit code. Exit codes:
 * 0 done, 1 `--check` found stale output, 2 invalid input or usage,
 * 3 refused by a brake, 4 applied in part, 70 internal fault (never 1).
 *
 * Output goes through `process.stdout.write` and the exit code through
 * `process.exitCode`; `process.exit()` is never called, because it truncates
 * piped output past 64 KiB.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { INPUT_FOLDERS } from './1-load/fleet-layout.js';
import type { SourceFile } from './1-load/source-file.js';
import { platformObjects } from './4-emit/emit-outputs.js';
import { toYamlDocument, toYamlStream } from './4-emit/serialize.js';
import { readFleetFiles } from './adapters/filesystem/read-fleet.js';
import { readOutputTree, recoverInterruptedSwap, writeOutputTree } from './adapters/filesystem/output-tree.js';
import { diagnose, hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.js';
import { formatGithub, formatJson, formatTextReport } from './diagnostics/format.js';
import { analyzeFleet, compileFleet } from './index.js';
import { diffOutputTrees, isFresh } from './plan/output-tree-diff.js';

/** Exit codes of SPEC §5. */
export const EXIT = { ok: 0, stale: 1, invalid: 2, refused: 3, partial: 4, internal: 70 } as const;

type Format = 'text' | 'json' | 'github';

/** What a command produced: its stdout product, its diagnostics and its exit code. */
interface CommandResult {
  stdout?: string;
  /** Extra stderr lines (summaries), printed after the diagnostics. */
  notes?: string[];
  diagnostics: Diagnostic[];
  exitCode: number;
}

const HELP = `diene — fleet registry in; ArgoCD, Kargo and Platform outputs out.

Usage:
  diene compile  [--fleet DIR] [--out DIR] [--check] [--format text|json|github]
  diene validate [--fleet DIR] [--format text|json|github]
  diene render   --platform NAME [--fleet DIR]
  diene materialize [--fleet DIR]
  diene --version | --help

--fleet defaults to the current directory; --out to <fleet>/generated.
Exit codes: 0 done, 1 stale (--check), 2 invalid input or usage, 70 internal fault.
`;

class UsageError extends Error {}

function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    return manifest.version;
  } catch {
    return 'unknown';
  }
}

function nowSeconds(flag: string | undefined): number {
  if (flag === undefined) return Math.floor(Date.now() / 1000);
  const parsed = Date.parse(flag);
  if (!Number.isFinite(parsed)) throw new UsageError(`--now "${flag}" is not an RFC 3339 time`);
  return Math.floor(parsed / 1000);
}

function fleetRoot(flag: string | undefined): string {
  const root = path.resolve(flag ?? '.');
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`fleet directory ${root} does not exist`);
  return root;
}

async function readFleet(root: string): Promise<{ files: SourceFile[]; diagnostics: Diagnostic[] }> {
  return readFleetFiles(root);
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Refuses an output directory that would overwrite inputs (SPEC §2: never inside an input folder, never the fleet root). */
function outputLocationProblem(root: string, outDir: string): string | undefined {
  if (outDir === root) return 'is the fleet root';
  if (isInside(root, outDir)) return 'contains the fleet';
  for (const folder of INPUT_FOLDERS) if (isInside(outDir, path.join(root, folder))) return `lies inside the input folder ${folder}/`;
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) return 'exists and is not a directory';
  return undefined;
}

async function compileCommand(values: Record<string, string | boolean | undefined>): Promise<CommandResult> {
  const root = fleetRoot(values['fleet'] as string | undefined);
  const outDir = path.resolve(root, (values['out'] as string | undefined) ?? 'generated');
  const problem = outputLocationProblem(root, outDir);
  if (problem) return { diagnostics: [diagnose({}, 'output_location_invalid', { out: outDir, reason: problem })], exitCode: EXIT.invalid };
  const read = await readFleet(root);
  const result = compileFleet(read.files, { nowSeconds: nowSeconds(values['now'] as string | undefined) });
  const diagnostics = sortDiagnostics([...read.diagnostics, ...result.diagnostics]);
  if (hasErrors(diagnostics) || !result.outputs) return { diagnostics, exitCode: EXIT.invalid };
  if (values['check']) {
    await recoverInterruptedSwap(outDir);
    const diff = diffOutputTrees(result.outputs, await readOutputTree(outDir));
    if (isFresh(diff)) return { diagnostics, notes: [`fresh: ${result.outputs.size} files in ${path.relative(process.cwd(), outDir) || '.'} match the inputs`], exitCode: EXIT.ok };
    const notes = [
      `stale: generated files differ from what the inputs produce; run \`diene compile\` and commit the result`,
      ...diff.stale.map((f) => `  stale   ${f}`),
      ...diff.missing.map((f) => `  missing ${f}`),
      ...diff.extra.map((f) => `  extra   ${f}`),
    ];
    return { stdout: diff.patch, diagnostics, notes, exitCode: EXIT.stale };
  }
  await writeOutputTree(outDir, result.outputs);
  return { diagnostics, notes: [`wrote ${result.outputs.size} files to ${path.relative(process.cwd(), outDir) || '.'}`], exitCode: EXIT.ok };
}

async function validateCommand(values: Record<string, string | boolean | undefined>): Promise<CommandResult> {
  const root = fleetRoot(values['fleet'] as string | undefined);
  const read = await readFleet(root);
  const analysis = analyzeFleet(read.files, { nowSeconds: nowSeconds(values['now'] as string | undefined) });
  const diagnostics = sortDiagnostics([...read.diagnostics, ...analysis.diagnostics]);
  return { diagnostics, exitCode: hasErrors(diagnostics) ? EXIT.invalid : EXIT.ok };
}

async function renderCommand(values: Record<string, string | boolean | undefined>): Promise<CommandResult> {
  const platformName = values['platform'] as string | undefined;
  if (!platformName) throw new UsageError('render needs --platform NAME');
  const root = fleetRoot(values['fleet'] as string | undefined);
  const read = await readFleet(root);
  const analysis = analyzeFleet(read.files, { nowSeconds: nowSeconds(values['now'] as string | undefined) });
  const diagnostics = sortDiagnostics([...read.diagnostics, ...analysis.diagnostics]);
  if (hasErrors(diagnostics) || !analysis.model) return { diagnostics, exitCode: EXIT.invalid };
  const platform = analysis.model.platforms.find((p) => p.name === platformName);
  if (!platform) {
    const known = analysis.model.platforms.map((p) => p.name).join(', ') || 'none';
    return { diagnostics: [...diagnostics, diagnose({}, 'platform_not_found', { platform: platformName, known })], exitCode: EXIT.invalid };
  }
  return { stdout: toYamlStream(platformObjects(analysis.model, platform), 'diene render'), diagnostics, exitCode: EXIT.ok };
}

async function materializeCommand(values: Record<string, string | boolean | undefined>): Promise<CommandResult> {
  const root = fleetRoot(values['fleet'] as string | undefined);
  const read = await readFleet(root);
  const analysis = analyzeFleet(read.files, { nowSeconds: nowSeconds(values['now'] as string | undefined) });
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

function emit(result: CommandResult, format: Format): void {
  if (result.stdout) process.stdout.write(result.stdout);
  if (format === 'json') {
    process.stderr.write(formatJson(result.diagnostics));
  } else {
    process.stderr.write(formatTextReport(result.diagnostics));
    if (format === 'github' || process.env['GITHUB_ACTIONS'] === 'true') process.stderr.write(formatGithub(result.diagnostics));
  }
  for (const note of result.notes ?? []) process.stderr.write(`${note}\n`);
}

const OPTIONS = {
  fleet: { type: 'string' },
  out: { type: 'string' },
  check: { type: 'boolean' },
  format: { type: 'string' },
  platform: { type: 'string' },
  now: { type: 'string' },
  debug: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

async function run(argv: readonly string[]): Promise<{ result: CommandResult; format: Format }> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const formatFlag = (values.format as string | undefined) ?? 'text';
  if (!['text', 'json', 'github'].includes(formatFlag)) throw new UsageError(`--format must be text, json or github, not "${formatFlag}"`);
  const format = formatFlag as Format;
  if (values.version) return { result: { stdout: `${packageVersion()}\n`, diagnostics: [], exitCode: EXIT.ok }, format };
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') return { result: { stdout: HELP, diagnostics: [], exitCode: command === undefined && !values.help ? EXIT.invalid : EXIT.ok }, format };
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const v = values as Record<string, string | boolean | undefined>;
  switch (command) {
    case 'compile':
      return { result: await compileCommand(v), format };
    case 'validate': {
      const result = await validateCommand(v);
      // SPEC §5: for `validate --format json` the diagnostics array is the product, on stdout.
      if (format === 'json') return { result: { ...result, stdout: formatJson(result.diagnostics), diagnostics: [] }, format: 'text' };
      return { result, format };
    }
    case 'render':
      return { result: await renderCommand(v), format };
    case 'materialize':
      return { result: await materializeCommand(v), format };
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and sets
 * `process.exitCode`. Never throws: a usage error exits 2, anything unexpected
 * exits 70 with a one-line message (the stack only with `--debug`).
 */
export async function main(argv: readonly string[]): Promise<void> {
  try {
    const { result, format } = await run(argv);
    emit(result, format);
    process.exitCode = result.exitCode;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(formatTextReport([diagnose({}, 'usage_invalid', { reason: error.message })]));
      process.exitCode = EXIT.invalid;
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`diene: internal error: ${message.split('\n')[0]}\n`);
    if (argv.includes('--debug') && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    else process.stderr.write('diene: run again with --debug for the stack trace, and report it\n');
    process.exitCode = EXIT.internal;
  }
}
