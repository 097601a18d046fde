/**
 * The Node release check of `bin/diene.js` (docs/cli.md, "Node release"):
 * on a Node older than package.json `engines.node`, every run says so once,
 * as the warning `node_version_unsupported`. A warning, not a refusal: the
 * command line itself needs nothing newer, but what it is built and tested
 * on is the floor of `engines`, and an older Node fails later, elsewhere,
 * with an error that does not name the cause. `DIENE_SKIP_NODE_CHECK`
 * (any value but empty or `0`) turns it off.
 */
import { readRegularFile } from '../adapters/filesystem/files.js';
import { packageFile } from '../adapters/filesystem/package-root.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';

/** `major.minor.patch` of a version (`v20.19.0`, `22.12`), missing parts 0; `undefined` when it is not one. */
function release(version: string): [number, number, number] | undefined {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version);
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : undefined;
}

/** Whether release `a` is older than `b`. */
function older(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

/** package.json `engines.node` of the installed package, or `undefined` (the plugin image ships none). */
function engines(): string | undefined {
  try {
    const bytes = readRegularFile(packageFile('package.json'));
    return bytes === undefined ? undefined : (JSON.parse(bytes.toString('utf8')) as { engines?: { node?: string } }).engines?.node;
  } catch {
    return undefined;
  }
}

/**
 * The warning for a run on Node `found` (process.versions.node), when it is
 * older than the floor of `range` (`>=22.12`: the form package.json keeps) and
 * `env` does not turn the check off; else none.
 */
export function nodeReleaseWarnings(found: string, env: NodeJS.ProcessEnv, range: string | undefined = engines()): Diagnostic[] {
  const skip = env['DIENE_SKIP_NODE_CHECK'];
  if (skip !== undefined && skip !== '' && skip !== '0') return [];
  const floorText = range === undefined ? undefined : /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(range.trim())?.[1];
  const floor = floorText === undefined ? undefined : release(floorText);
  const running = release(found);
  if (floorText === undefined || floor === undefined || running === undefined || !older(running, floor)) return [];
  return [diagnose({}, 'node_version_unsupported', { found, floor: floorText, engines: range as string })];
}
