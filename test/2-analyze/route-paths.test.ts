// Deriving route_paths from claims (SPEC §3.4): the tenancy gates, the cap of
// 10,000 prefixes a claim dropped in sorted key order, a table for every
// landscape, and rows that each trace to a claim, sorted, unique by (host,
// prefix), whatever the order the claims come in.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFleet } from '../../compiler/1-load/load-fleet.js';
import { checkClaims } from '../../compiler/2-analyze/check-claims.js';
import { indexFleet } from '../../compiler/2-analyze/fleet-index.js';
import { buildModel } from '../../compiler/2-analyze/fleet-model.js';
import {
  deriveRoutePaths,
  MAX_PREFIXES_PER_CLAIM,
  routePathsOfIndex,
  spareTwin,
  type ClaimInput,
  type RoutePathFinding,
} from '../../compiler/2-analyze/route-paths.js';
import { buildFleetShape, fleetRoutes, rowKey } from '../../compiler/2-analyze/routes.js';
import { inputValidators } from '../../compiler/index.js';
import { readFleetTexts, toSourceFiles } from '../support/fleet-fixture.js';

const settings = {
  dns: { base: 'cluster.atomi.cloud', spare: 'cluster.atomi-spare.net' },
  issuer: { module: 'api', service: 'lithium', platform: 'aldehyde' },
} as Parameters<typeof buildFleetShape>[0];
const SHAPE = buildFleetShape(settings, [
  {
    name: 'nitroso',
    landscapes: ['pichu', 'pikachu', 'raichu'],
    services: [
      { name: 'tin', modules: ['api'] },
      { name: 'zinc', modules: ['api', 'web'] },
    ],
  },
  { name: 'mercury', landscapes: ['pikachu'], services: [{ name: 'webhook', modules: ['api'] }] },
]);
const EXIST = new Set([
  rowKey('nitroso', 'tin', 'pichu'),
  rowKey('nitroso', 'tin', 'pikachu'),
  rowKey('nitroso', 'tin', 'raichu'),
  rowKey('nitroso', 'zinc', 'pichu'),
  rowKey('nitroso', 'zinc', 'pikachu'),
  rowKey('nitroso', 'zinc', 'raichu'),
  rowKey('mercury', 'webhook', 'pikachu'),
]);
const READY = new Set([...EXIST].filter((key) => key !== rowKey('nitroso', 'zinc', 'raichu')));
const LANDSCAPES = ['ampharos', 'pichu', 'pikachu', 'raichu'];

const host = (module: string, service: string, platform: string, landscape: string, base = 'cluster.atomi.cloud') =>
  `${module}.${service}.${platform}.${landscape}.${base}`;
const claim = (h: string, paths: Record<string, string>, account = 'nitroso', app = h.split('.')[1] as string): ClaimInput => ({
  file: `claims/domains/${h}.json`,
  host: h,
  account,
  app,
  paths,
});

const BASE = 'cluster.atomi.cloud';
const SPARE = 'cluster.atomi-spare.net';
const mainTwin = (h: string): string => `${h.slice(0, h.length - SPARE.length)}${BASE}`;

const derive = (claims: ClaimInput[]) => deriveRoutePaths(SHAPE, READY, EXIST, claims, LANDSCAPES);

describe('the tenancy gates', () => {
  const TIN = host('api', 'tin', 'nitroso', 'pikachu');
  const result = derive([
    claim(TIN, {
      paulca: host('api', 'zinc', 'nitroso', 'pikachu'),
      web: host('web', 'zinc', 'nitroso', 'pikachu'),
      spare: host('api', 'zinc', 'nitroso', 'pikachu', 'cluster.atomi-spare.net'),
      self: TIN,
      elsewhere: host('api', 'zinc', 'nitroso', 'pichu'),
      foreign: host('api', 'webhook', 'mercury', 'pikachu'),
      ghost: host('api', 'copper', 'nitroso', 'pikachu'),
      outside: 'www.example.com',
      notready: host('api', 'zinc', 'nitroso', 'raichu'),
      nomodule: host('admin', 'zinc', 'nitroso', 'pikachu'),
    }),
  ]);

  it('keeps a target that is a ready route of the same account on the same landscape (any module, either base, itself)', () => {
    expect(
      result.tables
        .get('pikachu')
        ?.filter((r) => r.host === TIN)
        .map((r) => r.prefix),
    ).toEqual(['paulca', 'self', 'spare', 'web']);
    expect(result.tables.get('pikachu')?.find((r) => r.host === TIN)).toEqual({
      host: TIN,
      prefix: 'paulca',
      target: host('api', 'zinc', 'nitroso', 'pikachu'),
      account: 'nitroso',
      app: 'tin',
    });
  });

  it('drops the others, and reports them once for the host, by relation, with every prefix', () => {
    const findings = result.findings.filter((f): f is Extract<RoutePathFinding, { kind: 'targets-dropped' }> => f.kind === 'targets-dropped');
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding?.total).toBe(10);
    expect(Object.fromEntries([...(finding?.byReason ?? [])].map(([reason, list]) => [reason, list.map((d) => d.prefix)]))).toEqual({
      'does not exist': ['ghost', 'nomodule', 'notready', 'outside'],
      'another account': ['foreign'],
      'homed elsewhere': ['elsewhere'],
    });
  });

  it('names the row of a target that exists but is not ready, so the warning does not say a real service is missing', () => {
    const finding = result.findings.find((f): f is Extract<RoutePathFinding, { kind: 'targets-dropped' }> => f.kind === 'targets-dropped');
    const missing = finding?.byReason.get('does not exist') ?? [];
    expect(missing.find((d) => d.prefix === 'notready')).toEqual({
      prefix: 'notready',
      target: host('api', 'zinc', 'nitroso', 'raichu'),
      unreadyRow: 'platforms/nitroso/zinc/raichu.yaml',
    });
    expect(missing.filter((d) => d.unreadyRow !== undefined).map((d) => d.prefix)).toEqual(['notready']);
  });

  it('drops a whole claim whose host is not ready, and says whether its row is missing or empty', () => {
    const zincRaichu = host('api', 'zinc', 'nitroso', 'raichu');
    const { tables, findings } = derive([claim(zincRaichu, { a: host('api', 'tin', 'nitroso', 'raichu') })]);
    expect(tables.get('raichu')).toEqual([]);
    expect(findings).toEqual([
      {
        kind: 'host-not-ready',
        file: `claims/domains/${zincRaichu}.json`,
        host: zincRaichu,
        reason: 'empty pin',
        row: 'platforms/nitroso/zinc/raichu.yaml',
        prefixes: 1,
      },
    ]);
    const noRow = deriveRoutePaths(SHAPE, READY, new Set(), [claim(zincRaichu, {})], LANDSCAPES);
    expect(noRow.findings[0]).toMatchObject({ kind: 'host-not-ready', reason: 'no row' });
  });

  it('gives every landscape its table, empty or not', () => {
    expect([...derive([]).tables.keys()]).toEqual(LANDSCAPES);
    expect([...derive([]).tables.values()]).toEqual([[], [], [], []]);
  });
});

describe('the cap of 10,000 prefixes a claim', () => {
  it('keeps the first 10,000 in sorted key order, drops the rest, and lists them in order', () => {
    const target = host('api', 'zinc', 'nitroso', 'pikachu');
    const keys = Array.from({ length: MAX_PREFIXES_PER_CLAIM + 5 }, (_, i) => `k${String(i).padStart(6, '0')}`);
    const shuffled = fc.sample(fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length }), { numRuns: 1, seed: 7 })[0] as string[];
    const { tables, findings } = derive([claim(host('api', 'tin', 'nitroso', 'pikachu'), Object.fromEntries(shuffled.map((k) => [k, target])))]);
    const rows = (tables.get('pikachu') ?? []).filter((r) => r.host === host('api', 'tin', 'nitroso', 'pikachu'));
    expect(rows).toHaveLength(MAX_PREFIXES_PER_CLAIM);
    expect(tables.get('pikachu')).toHaveLength(2 * MAX_PREFIXES_PER_CLAIM); // and as many on the spare-base twin
    expect(rows.map((r) => r.prefix)).toEqual(keys.slice(0, MAX_PREFIXES_PER_CLAIM));
    expect(findings).toEqual([
      {
        kind: 'cap',
        file: expect.any(String),
        host: host('api', 'tin', 'nitroso', 'pikachu'),
        total: keys.length,
        dropped: keys.slice(MAX_PREFIXES_PER_CLAIM),
      },
    ]);
  });

  it('sorts in code-unit order, not locale order (upper case before lower case, "Z" before "a")', () => {
    const target = host('api', 'zinc', 'nitroso', 'pikachu');
    const keys = ['b', 'a', 'B', 'Z', '_', '~', '0'];
    const { tables } = derive([claim(host('api', 'tin', 'nitroso', 'pikachu'), Object.fromEntries(keys.map((k) => [k, target])))]);
    expect(
      tables
        .get('pikachu')
        ?.filter((r) => r.host.endsWith(BASE))
        .map((r) => r.prefix),
    ).toEqual(['0', 'B', 'Z', '_', 'a', 'b', '~']);
  });
});

describe('tables as data', () => {
  const routes = fleetRoutes(SHAPE, READY).filter((r) => r.account === 'nitroso');
  const claimArb = fc.uniqueArray(
    fc.record({
      host: fc.constantFrom(...routes.map((r) => r.host), host('api', 'zinc', 'nitroso', 'raichu')),
      paths: fc.dictionary(
        fc.constantFrom('a', 'b', 'paulca', 'v1', 'Z', '2024'),
        fc.constantFrom(...routes.map((r) => r.host), host('api', 'webhook', 'mercury', 'pikachu'), 'x.example'),
      ),
    }),
    { selector: (c) => c.host, maxLength: 8 },
  );

  it('traces every row to its claim, sorts by host then prefix, keeps (host, prefix) unique, and ignores claim order', () => {
    fc.assert(
      fc.property(claimArb, fc.infiniteStream(fc.nat()), (specs, _seeds) => {
        const claims = specs.map((s) => claim(s.host, s.paths));
        const forward = derive(claims);
        const backward = derive([...claims].reverse());
        expect(backward.tables).toEqual(forward.tables);
        for (const [landscape, rows] of forward.tables) {
          const keys = rows.map((r) => `${r.host} ${r.prefix}`);
          expect(new Set(keys).size).toBe(keys.length);
          expect([...rows].sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0))).toEqual(rows);
          for (const row of rows) {
            // a row on the spare base traces to the claim on its main-base twin, its target the claimed target's twin
            const onSpare = row.host.endsWith(`.${SPARE}`);
            const source = claims.find((c) => c.host === (onSpare ? mainTwin(row.host) : row.host));
            const claimed = source?.paths[row.prefix];
            expect(onSpare ? spareTwin(claimed as string, BASE, SPARE) : claimed).toBe(row.target);
            expect(source?.host.endsWith(`.${BASE}`)).toBe(true);
            expect(keys).toContain(`${onSpare ? mainTwin(row.host) : spareTwin(row.host, BASE, SPARE)} ${row.prefix}`);
            expect([row.account, row.app]).toEqual([source?.account, source?.app]);
            expect(row.host.split('.')[3]).toBe(landscape);
            expect(row.target.split('.')[3]).toBe(landscape);
            expect(row.target.split('.')[2]).toBe(row.account);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

// SPEC §3.4 and issue 36: clients move to the spare name exactly when the main name fails, and the gateways serve it,
// so a flip must follow the service there: the claim on the main-base host governs its spare-base twin.
describe('the spare-base twin', () => {
  const TIN = host('api', 'tin', 'nitroso', 'pikachu');
  const TIN_SPARE = host('api', 'tin', 'nitroso', 'pikachu', SPARE);

  it("gives one claim on the main-base host the rows of both hosts, each twin row to the target's spare twin", () => {
    const result = derive([
      claim(TIN, {
        paulca: host('api', 'zinc', 'nitroso', 'pikachu'),
        web: host('web', 'zinc', 'nitroso', 'pikachu', SPARE),
        ghost: host('api', 'copper', 'nitroso', 'pikachu'),
      }),
    ]);
    expect(result.tables.get('pikachu')?.map((r) => `${r.host} ${r.prefix} → ${r.target}`)).toEqual([
      `${TIN_SPARE} paulca → ${host('api', 'zinc', 'nitroso', 'pikachu', SPARE)}`,
      `${TIN_SPARE} web → ${host('web', 'zinc', 'nitroso', 'pikachu', SPARE)}`,
      `${TIN} paulca → ${host('api', 'zinc', 'nitroso', 'pikachu')}`,
      `${TIN} web → ${host('web', 'zinc', 'nitroso', 'pikachu', SPARE)}`,
    ]);
    // a dropped prefix is reported once, for the claim's own host
    expect(result.findings.map((f) => [f.kind, f.host])).toEqual([['targets-dropped', TIN]]);
  });

  it('takes no row from a claim on a spare-base host (check-claims refuses it: claim_host_spare_twin)', () => {
    const result = derive([claim(TIN_SPARE, { paulca: host('api', 'zinc', 'nitroso', 'pikachu', SPARE) })]);
    expect(result.tables.get('pikachu')).toEqual([]);
  });

  it('writes no twin when the fleet has no spare base', () => {
    const mainOnly = buildFleetShape({ ...settings, dns: { base: BASE } } as Parameters<typeof buildFleetShape>[0], [
      {
        name: 'nitroso',
        landscapes: ['pikachu'],
        services: [
          { name: 'tin', modules: ['api'] },
          { name: 'zinc', modules: ['api'] },
        ],
      },
    ]);
    const result = deriveRoutePaths(mainOnly, READY, EXIST, [claim(TIN, { paulca: host('api', 'zinc', 'nitroso', 'pikachu') })], ['pikachu']);
    expect(result.tables.get('pikachu')?.map((r) => r.host)).toEqual([TIN]);
  });
});

describe('one derivation per analysis', () => {
  it('the claim check and the model read the same route_paths of the reference fleet', () => {
    const loaded = loadFleet(toSourceFiles(readFleetTexts()), inputValidators());
    const index = indexFleet(loaded.fleet);
    const first = routePathsOfIndex(index);
    expect(first?.derivation.tables.size).toBeGreaterThan(0);
    expect(checkClaims(index).map((d) => d.severity)).not.toContain('error');
    expect(routePathsOfIndex(index)).toBe(first);
    expect(buildModel(index).routes).toBe(first);
    // A fresh index derives afresh, to the same tables.
    expect(routePathsOfIndex(indexFleet(loaded.fleet))).not.toBe(first);
    expect(routePathsOfIndex(indexFleet(loaded.fleet))?.derivation).toEqual(first?.derivation);
  });
});
