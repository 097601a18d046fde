/**
 * The plugin image's program (scripts/bundle-plugin.mjs: `diene render`
 * bundled by esbuild into dist/plugin/diene.mjs) renders the same bytes as
 * `node bin/diene.js render`, run the way ArgoCD's sidecar runs it, for every
 * platform of examples/reference; it runs from a folder that holds nothing
 * but the bundle; and esbuild's metafile shows that none of the appliers'
 * SDKs (cloud DNS, S3, Kubernetes, git) went into it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFleetTexts, REFERENCE_FLEET, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli, type CliRun } from '../support/run-cli.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const PLATFORMS = readdirSync(path.join(REFERENCE_FLEET, 'platforms')).sort();
/** Packages only the appliers load: none may be in the plugin bundle. */
const APPLIER_PACKAGES = [
  '@aws-sdk/',
  '@smithy/',
  '@google-cloud/',
  'google-auth-library',
  'cloudflare',
  '@kubernetes/client-node',
  'isomorphic-git',
  'handlebars',
  'diff',
];

interface Metafile {
  inputs: Record<string, { bytes: number }>;
  outputs: Record<string, { bytes: number }>;
}

let alone: string;
let bundle: string;
let metafile: Metafile;
let fleet: { dir: string; cleanup: () => void };

beforeAll(() => {
  const built = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'bundle-plugin.mjs')], { cwd: REPO_ROOT, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  metafile = JSON.parse(readFileSync(path.join(REPO_ROOT, 'dist', 'plugin', 'meta.json'), 'utf8')) as Metafile;
  // The bundle alone in a folder outside the repository: no node_modules, no package.json, no dist/.
  alone = mkdtempSync(path.join(tmpdir(), 'diene-plugin-'));
  bundle = path.join(alone, 'diene.mjs');
  copyFileSync(path.join(REPO_ROOT, 'dist', 'plugin', 'diene.mjs'), bundle);
  fleet = writeTempFleet(readFleetTexts());
}, 120_000);

afterAll(() => {
  rmSync(alone, { recursive: true, force: true });
  fleet.cleanup();
});

/** Runs the bundle as the sidecar runs `diene render`: cwd = the source directory, the platform from the environment. */
function bundledRender(args: readonly string[], env: Record<string, string>): CliRun {
  const result = spawnSync(process.execPath, [bundle, ...args], {
    cwd: fleet.dir,
    env: { ...process.env, GITHUB_ACTIONS: '', FORCE_COLOR: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

describe('the bundled plugin program', () => {
  it('finds the platforms of the example fleet', () => {
    expect(PLATFORMS.length).toBeGreaterThanOrEqual(3);
  });

  for (const platform of PLATFORMS) {
    it(`renders ${platform} byte for byte like bin/diene.js, from ARGOCD_ENV_PLATFORM and ARGOCD_APP_PARAMETERS`, () => {
      const env = { ARGOCD_ENV_PLATFORM: platform, ARGOCD_APP_PARAMETERS: JSON.stringify([{ name: 'fleet', string: '.' }]) };
      const full = runCli(['render', ...NOW], { cwd: fleet.dir, env });
      const bundled = bundledRender(['render', ...NOW], env);
      expect(full.exitCode, full.stderr).toBe(0);
      expect(full.stdout).toContain('kind: Platform\n');
      expect(bundled.exitCode, bundled.stderr).toBe(0);
      expect(bundled.stdout).toBe(full.stdout);
      // stderr too: the stamp line (version, input count, digest) and the warnings.
      expect(bundled.stderr).toBe(full.stderr);
      expect(bundled.stderr).toMatch(
        new RegExp(`^diene render ${JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version}: platform ${platform}, `, 'm'),
      );
    });
  }

  it('refuses an unknown platform with the same diagnostics, exit code and empty stdout', () => {
    const env = { ARGOCD_ENV_PLATFORM: 'nosuchplatform', ARGOCD_APP_PARAMETERS: '' };
    const full = runCli(['render', ...NOW], { cwd: fleet.dir, env });
    const bundled = bundledRender(['render', ...NOW], env);
    expect(full.exitCode).toBe(2);
    expect(bundled).toEqual(full);
  });

  it('prints the same help and version', () => {
    for (const args of [['--version'], ['render', '--help'], ['--help']]) {
      const full = runCli(args);
      expect(bundledRender(args, {})).toEqual(full);
    }
  });

  it('answers another command with a usage error naming the plugin image, not a crash', () => {
    const run = bundledRender(['compile', '--format', 'json'], {});
    expect(run.exitCode).toBe(2);
    const [diagnostic] = JSON.parse(run.stderr) as { code: string; message: string }[];
    expect(diagnostic?.code).toBe('usage_command_not_in_image');
    expect(diagnostic?.message).toBe('diene compile is not in the ArgoCD plugin image, which runs diene render only');
  });

  it('holds no applier SDK, and only the packages render loads', () => {
    const packages = new Set(
      Object.keys(metafile.inputs)
        .map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    expect([...packages].filter((name) => APPLIER_PACKAGES.some((sdk) => name === sdk || name.startsWith(sdk)))).toEqual([]);
    // Sanity: the metafile does list the packages render needs.
    for (const needed of ['yaml', 'tldts', 'ipaddr.js']) expect(packages, needed).toContain(needed);
    // The bundle imports no SDK module either (nothing left to load at run time); the help texts it carries may name
    // them as packages to install.
    const text = readFileSync(bundle, 'utf8');
    for (const sdk of ['@aws-sdk/client-route-53', '@aws-sdk/client-s3', '@google-cloud/dns', 'cloudflare', '@kubernetes/client-node', 'isomorphic-git']) {
      const escaped = sdk.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      expect(text, sdk).not.toMatch(new RegExp(`(?:import\\(|require\\(|from)\\s*["'\`]${escaped}(?:/[^"'\`]*)?["'\`]`));
    }
    // One file, at most 3 MiB (1.3 MB when written).
    expect(statSync(bundle).size).toBeLessThan(3 * 1024 * 1024);
  });
});
