/**
 * `--format json` keeps each stream machine-readable (SPEC §5): stderr holds
 * exactly one JSON array, and `validate --format json` puts its array on stdout,
 * usage errors included.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('--format json', () => {
  it('compile: stderr is one JSON array, without the human summary line', () => {
    const fleet = writeTempFleet(readFleetTexts());
    cleanups.push(fleet.cleanup);
    const run = runCli(['compile', '--fleet', fleet.dir, '--format', 'json', '--now', '2026-11-21T00:00:00Z']);
    expect(run.exitCode).toBe(0);
    expect(Array.isArray(JSON.parse(run.stderr))).toBe(true);
    expect(run.stderr).not.toContain('wrote');
  });

  it('validate: a usage error is a JSON array on stdout', () => {
    const run = runCli(['validate', '--format', 'json', '--bogus']);
    expect(run.exitCode).toBe(2);
    const diagnostics = JSON.parse(run.stdout) as { code: string }[];
    expect(diagnostics.map((d) => d.code)).toEqual(['usage_option_unknown']);
    expect(run.stderr).toBe('');
  });
});
