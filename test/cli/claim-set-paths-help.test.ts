// The hosts quoted by `diene claim set-paths --help` (and so docs/cli.md) go
// through the write door's own host check against the reference fleet: an
// example that the command would refuse cannot ship again.

import { describe, expect, it } from 'vitest';
import { checkClaimShape } from '../../compiler/2-analyze/check-claims.js';
import { claimSetPathsHelp } from '../../compiler/cli/claim-set-paths.help.js';
import { inputValidators } from '../../compiler/index.js';
import { readFleetShape, type TreeReader } from '../../compiler/plan/claim-paths.js';
import { readFleetTexts, textTreeReader } from '../support/fleet-fixture.js';

const texts = readFleetTexts();
const reader: TreeReader = textTreeReader(texts);

/** The HOST argument of every example command of the help that names a real host (not the placeholder HOST). */
function exampleHosts(): string[] {
  const commands = [...claimSetPathsHelp.examples.map((e) => e.command), ...claimSetPathsHelp.options.flatMap((o) => (o.example ? [o.example] : []))];
  return commands.map((c) => c.split(/\s+/)[3] as string).filter((h) => h !== 'HOST');
}

describe('diene claim set-paths --help', () => {
  it("quotes hosts that the write door's host check accepts on the reference fleet", async () => {
    const { shape } = await readFleetShape(reader, inputValidators());
    if (!shape) throw new Error('the reference fleet has no shape');
    const hosts = exampleHosts();
    const check = (host: string) => {
      const [, service, platform] = host.split('.') as [string, string, string];
      return checkClaimShape(shape, { host, account: platform, app: service, paths: {}, hostLocation: {}, locate: () => ({}) }).map((d) => d.code);
    };
    expect(hosts.length).toBeGreaterThan(0);
    for (const host of hosts) expect(check(host), host).toEqual([]);
    // the check bites: the host the help once quoted (no "cluster" label) is refused
    expect(check('api.webhook.mercury.pichu.atomi.cloud')).toEqual(['claim_host_malformed']);
  });
});
