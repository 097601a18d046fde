/**
 * `npm run bench:routes`: the speed of path routing (issue 4), each figure
 * next to a baseline measured in the same run on the same data, so the ratio
 * means something on any machine.
 *
 * - lookups/s for a host without a prefix map (baseline: a plain Map.get of
 *   the host),
 * - lookups/s for a host with 10,000 prefixes, on a mix of hits, misses and
 *   paths that need normalising (baseline: Map.get of the host, then slice the
 *   raw first segment and Map.get it),
 * - the derivation of route_paths from 1,000 claims of 1,000 prefixes each
 *   (baseline: copying the same pairs into rows and sorting them, no gates),
 *   and the fingerprint + SQL + JSON of the resulting tables.
 *
 * Lookup loops are measured alternately with their baselines, best of nine,
 * so a busy machine slows both alike. Runs the built compiler (dist/);
 * `npm run bench:routes` builds first.
 */
import { performance } from 'node:perf_hooks';
import { deriveRoutePaths } from '../dist/2-analyze/route-paths.js';
import { buildFleetShape, fleetRoutes, rowKey } from '../dist/2-analyze/routes.js';
import { fingerprintRoutePaths } from '../dist/3-emit/route-paths-fingerprint.js';
import { renderRoutePathsSql } from '../dist/3-emit/route-paths-sql.js';
import { toJson } from '../dist/3-emit/serialize.js';
import { compileUpstreamTable, lookupUpstream } from '../dist/route/lookup-upstream.js';

const BASE = 'cluster.atomi.cloud';
const LOOKUPS = 5_000_000;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs `body` `rounds` times after one warm-up; median milliseconds. */
function time(body, rounds = 5) {
  body();
  const samples = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    body();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

// A fleet shape of 50 platforms × 10 services × 2 landscapes: 1,000 ready hosts (module api).
const platforms = Array.from({ length: 50 }, (_, p) => ({
  name: `plat${String(p).padStart(3, '0')}`,
  landscapes: ['alpha', 'beta'],
  services: Array.from({ length: 10 }, (_, s) => ({ name: `svc${s}`, modules: ['api'] })),
}));
// Only the base and the issuer matter to the routes: the fleet's other DNS settings are left out.
const shape = buildFleetShape(/** @type {any} */ ({ dns: { base: BASE }, issuer: { module: 'api', service: 'svc0', platform: 'signin' } }), platforms);
const ready = new Set(platforms.flatMap((p) => p.services.flatMap((s) => p.landscapes.map((l) => rowKey(p.name, s.name, l)))));
const routes = fleetRoutes(shape, ready);
const host = (p, s, l) => `api.${s}.${p}.${l}.${BASE}`;

// 1,000 claims × 1,000 prefixes: each host maps its prefixes onto the other services of its platform and landscape;
// one prefix in twenty points at the other landscape (homed elsewhere), so the gates do real work.
/** @type {import('../dist/2-analyze/route-paths.js').ClaimInput[]} */
const claims = [];
for (const p of platforms) {
  for (const l of p.landscapes) {
    for (const s of p.services) {
      /** @type {Record<string, string>} */
      const paths = {};
      for (let i = 0; i < 1000; i++) {
        const other = p.services[(i % 9) + (i % 9 >= Number(s.name.slice(3)) ? 1 : 0)].name;
        paths[`u${String(i).padStart(4, '0')}`] = host(p.name, other, i % 20 === 0 ? (l === 'alpha' ? 'beta' : 'alpha') : l);
      }
      claims.push({ file: `claims/domains/${host(p.name, s.name, l)}.json`, host: host(p.name, s.name, l), account: p.name, app: s.name, paths });
    }
  }
}

let rows = 0;
const deriveMs = time(() => {
  const result = deriveRoutePaths(shape, ready, ready, claims, ['alpha', 'beta']);
  rows = [...result.tables.values()].reduce((n, t) => n + t.length, 0);
}, 3);
const baselineDeriveMs = time(() => {
  const all = [];
  for (const claim of claims)
    for (const prefix of Object.keys(claim.paths)) all.push({ host: claim.host, prefix, target: claim.paths[prefix], account: claim.account, app: claim.app });
  all.sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
}, 3);
const { tables } = deriveRoutePaths(shape, ready, ready, claims, ['alpha', 'beta']);
const emitMs = time(() => {
  for (const [landscape, table] of tables) {
    const fingerprint = fingerprintRoutePaths(table);
    toJson({ landscape, fingerprint, rows: table });
    renderRoutePathsSql(landscape, fingerprint, table, 'diene compile');
  }
}, 3);

// The matcher: every route, and one host with a 10,000-prefix map.
const mapped = host('plat000', 'svc0', 'alpha');
const prefixRows = Array.from({ length: 10_000 }, (_, i) => ({
  host: mapped,
  prefix: `p${String(i).padStart(5, '0')}`,
  target: host('plat000', `svc${1 + (i % 9)}`, 'alpha'),
}));
const table = compileUpstreamTable(routes, prefixRows);
const plainHost = host('plat007', 'svc3', 'beta');
const hosts = [plainHost, host('plat042', 'svc9', 'alpha'), host('plat013', 'svc0', 'beta'), host('plat031', 'svc5', 'alpha')];
const paths = [];
for (let i = 0; i < 1024; i++) {
  const prefix = `p${String((i * 7919) % 10_000).padStart(5, '0')}`;
  if (i % 10 < 6)
    paths.push(`/${prefix}/items/${i}?page=2`); // hit
  else if (i % 10 < 9)
    paths.push(`/other${i}/x`); // miss
  else paths.push(i % 20 === 9 ? `//${prefix}/x` : `/%70${prefix.slice(1)}/x`); // needs normalising
}

const rate = (start, checksum) => ({ perSecond: LOOKUPS / ((performance.now() - start) / 1000), checksum });

function lookupsPlain() {
  let checksum = 0;
  const start = performance.now();
  for (let i = 0; i < LOOKUPS; i++) checksum += lookupUpstream(table, hosts[i & 3], '/anything/at/all').route.app.length;
  return rate(start, checksum);
}
const plainMap = new Map(routes.map((r) => [r.host, r]));
function baselinePlain() {
  let checksum = 0;
  const start = performance.now();
  for (let i = 0; i < LOOKUPS; i++) checksum += plainMap.get(hosts[i & 3]).app.length;
  return rate(start, checksum);
}
function lookupsMapped() {
  let checksum = 0;
  const start = performance.now();
  for (let i = 0; i < LOOKUPS; i++) checksum += lookupUpstream(table, mapped, paths[i & 1023]).route.app.length;
  return rate(start, checksum);
}
const prefixMap = new Map(prefixRows.map((r) => [r.prefix, { target: r.target, route: plainMap.get(r.target) }]));
function baselineMapped() {
  let checksum = 0;
  const start = performance.now();
  for (let i = 0; i < LOOKUPS; i++) {
    const own = plainMap.get(mapped);
    const path = paths[i & 1023];
    const end = path.indexOf('/', 1);
    const hit = prefixMap.get(path.slice(1, end < 0 ? path.length : end));
    checksum += (hit ? hit.route : own).app.length;
  }
  return rate(start, checksum);
}

/** Best rate of each of two loops, measured alternately (so a busy machine slows both alike). */
function versus(ours, baseline, rounds = 9) {
  ours();
  baseline();
  let a = 0;
  let b = 0;
  for (let i = 0; i < rounds; i++) {
    a = Math.max(a, ours().perSecond);
    b = Math.max(b, baseline().perSecond);
  }
  return [a, b];
}
const [noMap, noMapBaseline] = versus(lookupsPlain, baselinePlain);
const [withMap, withMapBaseline] = versus(lookupsMapped, baselineMapped);

const m = (n) => `${(n / 1e6).toFixed(1)} M/s`;
const ms = (n) => `${Math.round(n)} ms`;
const lines = [
  `route_paths benchmark — node ${process.version}, ${process.platform} ${process.arch}`,
  '',
  `| measure | diene | baseline (same run) | ratio |`,
  `| --- | --- | --- | --- |`,
  `| lookups, host without a prefix map | ${m(noMap)} | ${m(noMapBaseline)} (Map.get) | ${(noMap / noMapBaseline).toFixed(2)} |`,
  `| lookups, host with 10,000 prefixes (60 % hits, 30 % misses, 10 % normalised) | ${m(withMap)} | ${m(withMapBaseline)} (Map.get + slice + Map.get) | ${(withMap / withMapBaseline).toFixed(2)} |`,
  `| derivation, 1,000 claims × 1,000 prefixes (${rows.toLocaleString('en')} rows kept) | ${ms(deriveMs)} | ${ms(baselineDeriveMs)} (copy + sort, no gates) | ${(deriveMs / baselineDeriveMs).toFixed(2)} |`,
  `| fingerprint + JSON + SQL of those tables | ${ms(emitMs)} | | |`,
  '',
];
process.stdout.write(lines.join('\n'));
