/**
 * The files a user names for diene to write (`compile --check --diff-file`,
 * `compile --output`, `report --output`), under one rule (docs/cli.md "Files
 * diene writes where you say"): a path inside the fleet's input folders or
 * inside the output directory is refused before the run
 * (`output_file_in_fleet`); missing folders above the file are made; a write
 * the system refuses is `output_file_write_failed`, exit 2, naming the path,
 * the system's reason and the verdict the run had reached.
 */
import path from 'node:path';
import { writeTextSync } from '../adapters/filesystem/files.js';
import { enclosingFleet, outputFileProblem } from '../adapters/filesystem/output-location.js';
import { errnoCode, type ChoiceOf } from '../diagnostics/catalog.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { shownPath, type OptionValues } from './command.js';

/** A file option of a command: its flag (`--diff-file`) and a file to suggest instead (`check.diff`). */
export interface OutputFileOption {
  option: string;
  example: string;
}

/** `compile --output`, with the file a refusal suggests instead (named for the form). */
export function logFileOption(values: OptionValues): OutputFileOption {
  return { option: '--output', example: values['format'] === 'json' ? 'diene.json' : 'diene.sarif' };
}

/**
 * The `output_file_in_fleet` refusal of `given` (the path as the user wrote
 * it, relative to the working directory) for the fleets at `roots` (the
 * fleet, and a --base checkout) and the output directory `outDir`, or `undefined`.
 */
export function outputFileRefusal(given: string, file: OutputFileOption, roots: readonly string[], outDir: string | undefined): Diagnostic | undefined {
  const problem = outputFileProblem(path.resolve(given), roots, outDir);
  if (problem === undefined) return undefined;
  return diagnose({}, 'output_file_in_fleet', {
    option: file.option,
    path: given,
    example: file.example,
    place: problem.place,
    folder: problem.place === 'input' ? problem.folder : '',
    out: problem.place === 'output' ? shownPath(problem.out) : '',
  });
}

/**
 * The `output_file_in_fleet` refusal of a folder `given` that `init` or
 * `schemas --out` would write, or `atlas --out` in the fleet at `root`: the
 * fleet is `root` or else the one `given` sits in ({@link enclosingFleet}),
 * its output directory `generated/`. The fleet's own `schemas/` folder is no
 * input and stays allowed.
 */
export function outputFolderRefusal(given: string, file: OutputFileOption, root?: string): Diagnostic | undefined {
  const fleet = root ?? enclosingFleet(path.resolve(given));
  return fleet === undefined ? undefined : outputFileRefusal(given, file, [fleet], path.join(fleet, 'generated'));
}

/** What the run had found when the file could not be written, and what it does instead. */
export interface WriteFailureContext {
  verdict: ChoiceOf<'output_file_write_failed', 'verdict'>;
  /** The exit code the run would have had (for `failed`). */
  exit: number;
  then: ChoiceOf<'output_file_write_failed', 'then'>;
}

/**
 * Writes `text` to `given` (missing folders above it made); the
 * `output_file_write_failed` diagnostic when the system refuses, `undefined`
 * when written. An error that is no system error is thrown.
 */
export function writeOutputFile(given: string, text: string, file: OutputFileOption, context: WriteFailureContext): Diagnostic | undefined {
  try {
    writeTextSync(path.resolve(given), text);
    return undefined;
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') throw error;
    return diagnose({}, 'output_file_write_failed', {
      option: file.option,
      path: given,
      errno: errnoCode(error),
      example: file.example,
      verdict: context.verdict,
      exit: context.exit,
      then: context.then,
    });
  }
}
