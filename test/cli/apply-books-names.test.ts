// Names resolve before books point at them: `apply books` asks every
// nameserver of every DNS host for every name the Doc C books list, against
// real BIND 9 and Knot DNS on 127.0.0.1 (test/support/dns-servers.ts) whose
// zones `apply dns` filled. A name missing from the zone refuses the publish
// (nothing written, one book_name_unanswered per name); once `apply dns`
// writes it, the books publish; `--wait` polls and publishes when the record
// appears mid-wait; and times out with the diagnostic otherwise.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsHostAdapter } from '../../compiler/adapters/dns/dns-host.js';
import { createDnsAdapter } from '../../compiler/adapters/dns/host-adapters.js';
import { PreconditionFailed, type ObjectStore, type PutOptions, type StoredObject } from '../../compiler/adapters/object-store/adapter.js';
import { publishBooks, type NameCheckOptions } from '../../compiler/cli/apply-books.js';
import type { CommandResult } from '../../compiler/cli/command.js';
import type { ChangeUnit } from '../../compiler/plan/traffic-planner.js';
import { fleetDns, fleetYaml, hostYaml, runApply, tempFleet, ZONES } from '../support/dns-apply-fixture.js';
import { missingServer, startBind, startKnot, TEST_TSIG, type DnsTestServer } from '../support/dns-servers.js';
import { TEST_NOW_SECONDS } from '../support/fleet-fixture.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const ENV = { DIENE_TEST_TSIG: TEST_TSIG.secret };
const BASE = 'cluster.atomi.cloud';
const PIKACHU = [`pikachu.${BASE}`, `*.pikachu.${BASE}`];
const BOOK_KEYS = [
  'aldehyde/doc-b.json',
  'aldehyde/lithium/doc-c.json',
  'doc-a.json',
  'mercury/doc-b.json',
  'mercury/webhook/doc-c.json',
  'nitroso/doc-b.json',
  'nitroso/tin/doc-c.json',
  'nitroso/zinc/doc-c.json',
];

/** A bucket in memory (conditional writes as S3 does them); the name check is what is under test. */
class MemoryStore implements ObjectStore {
  readonly description = 'memory://books';
  readonly objects = new Map<string, StoredObject>();
  private version = 0;
  async get(key: string): Promise<StoredObject | undefined> {
    return this.objects.get(key);
  }
  async etag(key: string): Promise<string | undefined> {
    return this.objects.get(key)?.etag;
  }
  async put(key: string, body: string, options: PutOptions): Promise<void> {
    const current = this.objects.get(key);
    if ((options.ifNoneMatch === '*' && current) || (options.ifMatch !== undefined && current?.etag !== options.ifMatch)) throw new PreconditionFailed(key);
    this.objects.set(key, { body, etag: `"v${++this.version}"` });
  }
}

function errors(result: CommandResult): NonNullable<CommandResult['diagnostics']> {
  return (result.diagnostics ?? []).filter((d) => d.severity === 'error');
}

const KINDS = [
  { kind: 'bind', start: startBind },
  { kind: 'knot', start: startKnot },
] as const;

for (const kind of KINDS) {
  const missing = missingServer(kind.kind);
  describe.skipIf(skipUnlessPresent(missing))(`apply books asks ${kind.kind} for every name${skippedBecause(missing)}`, () => {
    let server: DnsTestServer;
    let dir: string;
    let cleanup = (): void => {};
    let adapter: DnsHostAdapter;
    let names: NameCheckOptions;

    const publish = (store: ObjectStore, serial: number, waitSeconds: number): Promise<CommandResult> =>
      publishBooks(dir, store, serial, { dryRun: false, nowSeconds: TEST_NOW_SECONDS, names: { ...names, waitSeconds, intervalMs: 200 } });

    /** Deletes pikachu's landscape name and its wildcard from the base zone, as read from the server. */
    const removePikachu = async (): Promise<void> => {
      const document = await adapter.observe(BASE);
      const units: ChangeUnit[] = PIKACHU.map((name) => ({
        name,
        changes: document.recordSets
          .filter((rs) => rs.name.replace(/\.$/, '').toLowerCase() === name)
          .map((rs) => ({ verb: 'delete' as const, key: { name, type: rs.type }, before: rs, message: '' })),
      }));
      const deletes = units.reduce((n, u) => n + u.changes.length, 0);
      expect(deletes).toBe(3);
      await adapter.apply({ zone: BASE, host: 'lab', role: 'zone', managed: 0, units, counts: { create: 0, update: 0, delete: deletes }, reports: [] });
    };

    const restore = async (): Promise<void> => {
      const result = await runApply(dir, ENV);
      expect(result.exitCode).toBe(0);
    };

    beforeAll(async () => {
      server = await kind.start(ZONES);
      const made = tempFleet({
        'registry/fleet.yaml': fleetYaml(
          hostYaml('lab', 'rfc2136', {
            server: `127.0.0.1:${server.port}`,
            tsig: `{name: ${TEST_TSIG.name}, algorithm: ${TEST_TSIG.algorithm}, secretEnv: DIENE_TEST_TSIG}`,
          }),
        ),
      });
      dir = made.dir;
      cleanup = made.cleanup;
      const nameservers = path.join(dir, 'nameservers.json');
      const text = JSON.stringify({ lab: [`127.0.0.1:${server.port}`] });
      writeFileSync(nameservers, text);
      names = { waitSeconds: 0, nameservers: { file: nameservers, text } };
      adapter = createDnsAdapter((await fleetDns(dir)).hosts[0] as never, ENV);
      await restore();
    });
    afterAll(async () => {
      await server?.stop();
      cleanup();
    });

    it('refuses a book listing a name not in the zone yet, then publishes once apply dns writes it', async () => {
      await removePikachu();
      const store = new MemoryStore();
      const refused = await publish(store, 100, 0);
      expect(refused.exitCode).toBe(3);
      expect(store.objects.size).toBe(0);
      const codes = new Set(errors(refused).map((d) => d.code));
      expect([...codes]).toEqual(['book_name_unanswered']);
      // Every pikachu name under the base, and nothing else (the spare zone still answers).
      const refusedNames = errors(refused).map((d) => d.message.split(' lists ')[1]?.split(',')[0]);
      expect(refusedNames.length).toBeGreaterThan(0);
      expect(refusedNames.every((n) => n?.endsWith(`.pikachu.${BASE}`))).toBe(true);
      const api = refused.diagnostics?.find((d) => d.message.includes(` lists api.tin.nitroso.pikachu.${BASE},`));
      expect(api?.message).toBe(
        `nitroso/tin/doc-c.json lists api.tin.nitroso.pikachu.${BASE}, which lab nameserver 127.0.0.1:${server.port} does not answer yet (NXDOMAIN); nothing published`,
      );
      expect(api?.file).toBeNull();
      expect(api?.hint).toContain('--wait SECONDS');
      expect(api?.hint).toContain('1800 s');
      expect(refused.notes?.[0]).toMatch(
        /^refused: \d+ of \d+ name\(s\) the books list are not answered by every nameserver yet; nothing read or written at memory:\/\/books$/,
      );

      await restore();
      const published = await publish(store, 100, 0);
      expect(errors(published)).toEqual([]);
      expect(published.exitCode).toBe(0);
      expect([...store.objects.keys()].sort()).toEqual(BOOK_KEYS);
    });

    it('--wait polls and publishes when the record appears mid-wait', async () => {
      await removePikachu();
      const store = new MemoryStore();
      const started = Date.now();
      const waiting = publish(store, 200, 30);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(store.objects.size).toBe(0);
      await restore();
      const result = await waiting;
      const elapsed = Date.now() - started;
      expect(errors(result)).toEqual([]);
      expect(result.exitCode).toBe(0);
      expect(elapsed).toBeGreaterThanOrEqual(1500);
      expect(elapsed).toBeLessThan(15_000);
      expect([...store.objects.keys()].sort()).toEqual(BOOK_KEYS);
    });

    it('--wait times out with the diagnostic when the record never appears', async () => {
      await removePikachu();
      const store = new MemoryStore();
      const started = Date.now();
      const result = await publish(store, 300, 2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1800);
      expect(result.exitCode).toBe(3);
      expect(store.objects.size).toBe(0);
      expect(result.diagnostics?.find((d) => d.message.includes(` lists api.tin.nitroso.pikachu.${BASE},`))?.message).toBe(
        `nitroso/tin/doc-c.json lists api.tin.nitroso.pikachu.${BASE}, which lab nameserver 127.0.0.1:${server.port} does not answer yet (NXDOMAIN, still after --wait 2); nothing published`,
      );
      await restore();
    });
  });
}
