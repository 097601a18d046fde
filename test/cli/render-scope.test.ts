/**
 * `diene render` walks only what it renders from (issue 8: render one platform
 * in under a second at fleet scale): the registry, state and carbon folders
 * and the row folders of its platform and of the sign-in platform. Another
 * platform's rows and the claims are never listed or read, so a file there
 * that cannot even be read changes nothing, while the same file among the
 * platform's own rows stops the render.
 */
import { describe, expect, it } from 'vitest';
import { renderScopes } from '../../compiler/incremental/render-build.js';
import { readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js.

const NOT_UTF8 = new Uint8Array([0x70, 0x69, 0x6e, 0x3a, 0x20, 0xff, 0xfe, 0x0a]);

describe('render reads only its own part of the fleet', () => {
  it('walks the registry, state, carbon, the top of platforms/ and two row folders', async () => {
    const fleet = writeTempFleet(readFleetTexts());
    try {
      const shared = [
        { folder: 'registry', depth: 'all' },
        { folder: 'state', depth: 'all' },
        { folder: 'carbon', depth: 'all' },
        { folder: 'platforms', depth: 'children' },
      ];
      expect(await renderScopes(fleet.dir, 'nitroso')).toEqual([
        ...shared,
        { folder: 'platforms/nitroso', depth: 'all' },
        { folder: 'platforms/aldehyde', depth: 'all' },
      ]);
      expect(await renderScopes(fleet.dir, 'aldehyde')).toEqual([...shared, { folder: 'platforms/aldehyde', depth: 'all' }]);
      expect(await renderScopes(fleet.dir, '../claims')).toEqual([...shared, { folder: 'platforms/aldehyde', depth: 'all' }]);
    } finally {
      fleet.cleanup();
    }
  });

  it('ignores unreadable rows of other platforms and claims, and not its own', () => {
    const clean = writeTempFleet(readFleetTexts());
    const broken = writeTempFleet(readFleetTexts(), {
      'platforms/mercury/webhook/pichu.yaml': NOT_UTF8,
      'claims/domains/api.tin.nitroso.pichu.cluster.atomi.cloud.json': NOT_UTF8,
    });
    try {
      const expected = runCli(['render', '--platform', 'nitroso', '--fleet', clean.dir]);
      expect(expected.exitCode, expected.stderr).toBe(0);
      const nitroso = runCli(['render', '--platform', 'nitroso', '--fleet', broken.dir]);
      expect(nitroso.exitCode, nitroso.stderr).toBe(0);
      expect(nitroso.stdout).toBe(expected.stdout);
      const mercury = runCli(['render', '--platform', 'mercury', '--fleet', broken.dir]);
      expect(mercury.exitCode).toBe(2);
      expect(mercury.stdout).toBe('');
      expect(mercury.stderr).toContain('platforms/mercury/webhook/pichu.yaml');
    } finally {
      clean.cleanup();
      broken.cleanup();
    }
  });

  it('does not tell another platform, whose rows it did not read, that its services have no rows', async () => {
    const texts = readFleetTexts();
    const mercury = `${texts.get('carbon/mercury/platform.yaml') ?? ''}services:\n  webhook: { modules: [api] }\n`;
    const fleet = writeTempFleet(new Map([...texts, ['carbon/mercury/platform.yaml', mercury]]));
    try {
      // The other platform's listed service has rows: render must not say it lacks them.
      const nitroso = await runCliInProcess(['render', '--platform', 'nitroso', '--fleet', fleet.dir]);
      expect(nitroso.exitCode, nitroso.stderr).toBe(0);
      expect(nitroso.stderr).not.toContain('platform_service_without_rows');
      // Its own platform is still judged: a listed service without a row folder is warned about.
      const own = writeTempFleet(new Map([...texts, ['carbon/mercury/platform.yaml', `${mercury}  ghost: { modules: [api] }\n`]]));
      try {
        const rendered = await runCliInProcess(['render', '--platform', 'mercury', '--fleet', own.dir]);
        expect(rendered.exitCode, rendered.stderr).toBe(0);
        expect(rendered.stderr).toContain('platform_service_without_rows: service "ghost"');
        const other = await runCliInProcess(['render', '--platform', 'nitroso', '--fleet', own.dir]);
        expect(other.exitCode, other.stderr).toBe(0);
        expect(other.stderr).not.toContain('platform_service_without_rows');
      } finally {
        own.cleanup();
      }
    } finally {
      fleet.cleanup();
    }
  });
});
