/**
 * The input boundary (issue 14): inputs are regular files inside their input
 * folders. A symbolic link is followed only to a regular file inside the
 * input folders and on no hidden path; a link out of them, or into `.git/`
 * (where actions/checkout keeps its token), is refused without the target
 * being opened. A FIFO stands in as the target where the test must prove the
 * target was never opened: opening one for reading would block the reader.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkRefusal } from '../../compiler/adapters/filesystem/read-input-file.js';
import { readFleetFiles, type FolderScope } from '../../compiler/adapters/filesystem/read-fleet.js';
import { renderScopesOf } from '../../compiler/1-load/render-inputs.js';
import { formatJson, formatTextReport } from '../../compiler/diagnostics/format.js';
import { overlayTexts, readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';

const TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';
const GIT_CONFIG = `[remote "origin"]\n\turl = https://x-access-token:${TOKEN}@github.com/AtomiCloud/fleet.git\n`;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function fleetWith(extra: Record<string, string> = {}): string {
  const fleet = writeTempFleet(overlayTexts(readFleetTexts(), { '.git/config': GIT_CONFIG, ...extra }));
  cleanups.push(fleet.cleanup);
  return fleet.dir;
}

/** Makes `from` (replacing any file there) a symbolic link with the text `to`. */
function link(root: string, from: string, to: string): void {
  mkdirSync(path.dirname(path.join(root, from)), { recursive: true });
  rmSync(path.join(root, from), { force: true });
  symlinkSync(to, path.join(root, from));
}

async function read(root: string, scopes?: FolderScope[]) {
  const result = await readFleetFiles(root, scopes ? { scopes } : {});
  return { ...result, printed: formatTextReport(result.diagnostics) + formatJson(result.diagnostics) };
}

describe('linkRefusal', () => {
  const folders = ['registry', 'state', 'platforms', 'claims', 'carbon'];
  it('allows a non-hidden file inside an input folder only', () => {
    expect(linkRefusal('/f/registry/accounts/a.yaml', '/f', folders)).toBeUndefined();
    expect(linkRefusal('/f/platforms/p/s/l.yaml', '/f', folders)).toBeUndefined();
    expect(linkRefusal('/etc/passwd', '/f', folders)).toBe('outside the fleet');
    expect(linkRefusal('/fleet2/registry/a.yaml', '/f', folders)).toBe('outside the fleet');
    expect(linkRefusal('/f/.git/config', '/f', folders)).toMatch(/^inside a hidden folder or file of the fleet/);
    expect(linkRefusal('/f/registry/.git/config', '/f', folders)).toMatch(/^inside a hidden folder/);
    expect(linkRefusal('/f/registry/.env', '/f', folders)).toMatch(/^inside a hidden folder/);
    expect(linkRefusal('/f/README.md', '/f', folders)).toMatch(/^outside the input folders \(registry\/, state\//);
    expect(linkRefusal('/f/generated/argocd/x.yaml', '/f', folders)).toMatch(/^outside the input folders/);
    expect(linkRefusal('/f/registry', '/f', folders)).toMatch(/^outside the input folders/);
  });
});

describe('symbolic links in input folders', () => {
  it('are followed to a regular file inside the input folders (the choice: such a file is reviewed fleet content, read and checked like any input)', async () => {
    const root = fleetWith({ 'registry/shared/aws-main.yaml': 'vendor: aws\nname: main\n' });
    link(root, 'registry/accounts/aws-main.yaml', '../shared/aws-main.yaml');
    const { files, diagnostics } = await read(root);
    expect(diagnostics).toEqual([]);
    expect(files.find((f) => f.path === 'registry/accounts/aws-main.yaml')?.text).toBe('vendor: aws\nname: main\n');
  });

  it("are refused into .git/, directly or through a link inside the inputs, and the checkout's token appears nowhere", async () => {
    const root = fleetWith();
    link(root, 'registry/clusters/raichu-onyx.yaml', '../../.git/config');
    link(root, 'registry/landscapes/hop.yaml', '../clusters/raichu-onyx.yaml');
    link(root, 'claims/domains/api.tin.nitroso.raichu.cluster.atomi.cloud.json', path.join(root, '.git', 'config'));
    const { files, diagnostics, printed } = await read(root);
    // The reader reports in the order it meets files (folder by folder); the CLI sorts diagnostics, so compare sorted.
    expect(diagnostics.map((d) => [d.code, d.file]).sort((a, b) => ((a[1] as string) < (b[1] as string) ? -1 : 1))).toEqual(
      [
        ['file_symlink_outside', 'registry/clusters/raichu-onyx.yaml'],
        ['file_symlink_outside', 'registry/landscapes/hop.yaml'],
        ['file_symlink_outside', 'claims/domains/api.tin.nitroso.raichu.cluster.atomi.cloud.json'],
      ].sort((a, b) => ((a[1] as string) < (b[1] as string) ? -1 : 1)),
    );
    for (const d of diagnostics) expect(d.message).toContain('inside a hidden folder or file of the fleet (such as .git/');
    expect(files.filter((f) => f.unreadable).map((f) => f.text)).toEqual(['', '', '']);
    expect(printed).not.toContain(TOKEN);
    expect(printed).not.toContain('x-access-token');
  });

  it('are refused out of the input folders without the target being opened (a FIFO target would block a read)', async () => {
    const root = fleetWith();
    execFileSync('mkfifo', [path.join(root, 'not-an-input.fifo')]);
    mkdirSync(path.join(root, 'registry', '.hidden'));
    execFileSync('mkfifo', [path.join(root, 'registry', '.hidden', 'pipe')]);
    link(root, 'registry/accounts/aws-spare.yaml', '../../not-an-input.fifo');
    link(root, 'registry/accounts/aws-other.yaml', '../.hidden/pipe');
    const started = Date.now();
    const { diagnostics } = await read(root);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['file_symlink_outside', 'registry/accounts/aws-other.yaml', expect.stringContaining('../.hidden/pipe, inside a hidden folder')],
      ['file_symlink_outside', 'registry/accounts/aws-spare.yaml', expect.stringContaining('../../not-an-input.fifo, outside the input folders')],
    ]);
  });

  it('are refused out of the fleet, to another fleet next to it too', async () => {
    const root = fleetWith();
    const other = fleetWith();
    link(root, 'registry/landscapes/ghost.yaml', path.join(other, 'registry', 'landscapes', 'pichu.yaml'));
    const { diagnostics } = await read(root);
    expect(diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['file_symlink_outside', 'registry/landscapes/ghost.yaml', expect.stringContaining('outside the fleet; it was not read')],
    ]);
  });

  it("are never followed as a walked scope's folder: render's platforms/<platform> linked out of the fleet reads nothing there", async () => {
    const root = fleetWith();
    const elsewhere = fleetWith({ 'platforms/nitroso/tin/pichu.yaml': `pin:\n  chart: "${TOKEN}"\n  image: "1"\n` });
    execFileSync('rm', ['-r', path.join(root, 'platforms', 'nitroso')]);
    link(root, 'platforms/nitroso', path.join(elsewhere, 'platforms', 'nitroso'));
    const { files, diagnostics, printed } = await read(root, renderScopesOf('nitroso', undefined));
    expect(diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      [
        'input_folder_linked',
        'platforms/nitroso',
        'this is a symbolic link to a folder, and diene does not follow links to folders; nothing under platforms/nitroso/ was read',
      ],
    ]);
    // The hint names no path outside the fleet: the link's target is left for the user to fill in.
    expect(diagnostics[0]?.hint).toContain('`rm platforms/nitroso && cp -r <its target> platforms/nitroso`');
    expect(files.filter((f) => f.path.startsWith('platforms/nitroso/'))).toEqual([]);
    expect(printed).not.toContain(TOKEN);
  });
});

describe('the reader with nothing hostile', () => {
  it('reads the reference fleet whole, .git beside it untouched', async () => {
    const root = fleetWith();
    writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    const { files, diagnostics } = await read(root);
    expect(diagnostics).toEqual([]);
    expect(files.map((f) => f.path)).toEqual([...readFleetTexts().keys()].sort());
  });
});
