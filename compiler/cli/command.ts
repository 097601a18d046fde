/**
 * What every command shares: the result shape, usage errors, and reading the
 * fleet. Commands return data; `cli.ts` prints it and sets the exit code.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import type { SourceFile } from '../1-load/source-file.js';
import { readFleetFiles } from '../adapters/filesystem/read-fleet.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** Exit codes of SPEC §5. */
export const EXIT = { ok: 0, stale: 1, invalid: 2, refused: 3, partial: 4, internal: 70 } as const;

/** Diagnostic output forms of SPEC §5. */
export type Format = 'text' | 'json' | 'github';

/** What a command produced: its stdout product, its diagnostics and its exit code. */
export interface CommandResult {
  /** The command's product (a diff, a YAML stream, a plan). */
  stdout?: string;
  /** Extra stderr lines (summaries), printed after the diagnostics, each on one line, escaped (a line feed inside one is shown as ␤). */
  notes?: string[];
  /** GitHub workflow commands (already escaped by `formatAnnotations`), written to stderr as they are, after the notes. */
  annotations?: string;
  diagnostics: Diagnostic[];
  exitCode: number;
  /** When true, the diagnostics are already in `stdout` (e.g. `validate --format json`). */
  diagnosticsInStdout?: boolean;
}

/** Parsed option values of one command. */
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

/** Parsed positionals and options of one command invocation. */
export interface CommandInput {
  positionals: string[];
  values: OptionValues;
  format: Format;
}

/** A command: its name, its options (node:util parseArgs form), its help line and what it does. */
export interface Command {
  name: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** How many positionals it takes (after the command word and any sub-command). */
  positionals?: { min: number; max: number };
  /**
   * Forms of its product that `--format` may name besides text, json and
   * github (`markdown`); with one of them the diagnostics are printed as text
   * and the command reads the form from `values.format`.
   */
  formats?: readonly string[];
  run(input: CommandInput): Promise<CommandResult>;
}

/** A usage error: printed as a `usage_invalid` diagnostic with exit 2. */
export class UsageError extends Error {}

/** Options every command accepts. */
export const COMMON_OPTIONS = {
  fleet: { type: 'string' },
  format: { type: 'string' },
  now: { type: 'string' },
  debug: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Unix seconds of `--now` (RFC 3339), else the clock: used only by the stale-override warning, never in output. */
export function nowSeconds(values: OptionValues): number {
  const flag = values['now'];
  if (typeof flag !== 'string') return Math.floor(Date.now() / 1000);
  const parsed = Date.parse(flag);
  if (!Number.isFinite(parsed)) throw new UsageError(`--now "${flag}" is not an RFC 3339 time`);
  return Math.floor(parsed / 1000);
}

/** The absolute fleet root of `--fleet` (default: the current directory). Throws {@link UsageError} when it is not a directory. */
export function fleetRoot(values: OptionValues): string {
  const flag = values['fleet'];
  const root = path.resolve(typeof flag === 'string' ? flag : '.');
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`fleet directory ${root} does not exist`);
  return root;
}

/** Reads every input file of the fleet at `root`, or only those matching `patterns` (fast-glob, relative to `root`). */
export async function readFleet(root: string, patterns?: readonly string[]): Promise<{ files: SourceFile[]; diagnostics: Diagnostic[] }> {
  return readFleetFiles(root, patterns ? { patterns } : {});
}

/**
 * The base revision of `--base DIR` (a checkout of the base branch): its
 * files, and its directory relative to the working directory as the label
 * its paths get in diagnostics. Throws {@link UsageError} when it is not a directory.
 */
export async function readBaseRevision(dir: string): Promise<{ files: SourceFile[]; label: string }> {
  const root = fleetRoot({ fleet: dir });
  const read = await readFleet(root);
  return { files: read.files, label: (path.relative(process.cwd(), root) || '.').split(path.sep).join('/') };
}

/** A string option's value, or `undefined`. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}
