/**
 * In-process figures at one scale, run by run-bench.mjs in its own process:
 *
 *   node bench/micro.mjs FLEET_DIR RESULT.json NOW
 *
 * - `lookupUpstream` per second over a mix of requests built from the fleet's
 *   routes and prefixes (exact hosts with and without a prefix map, prefix
 *   hits, misses, dot segments and percent-encoding), against the same loop
 *   doing only a bare `Map.get` of the host (the baseline of the same run).
 * - `planTraffic` per call (median and p99) on the fleet's wanted DNS state
 *   against itself as live state, with a few clusters down.
 *
 * A part whose module has not landed yet is reported as not available.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './fleet-generator.mjs';

const dist = (relative) => path.join(REPO_ROOT, 'dist', relative);
const load = async (relative) => (existsSync(dist(relative)) ? import(pathToFileURL(dist(relative)).href) : undefined);

const [fleetDir, resultFile, now] = process.argv.slice(2);
const { compileFleet } = await import(pathToFileURL(dist('index.js')).href);
const { readFleetFiles } = await import(pathToFileURL(dist('adapters/filesystem/read-fleet.js')).href);
const read = await readFleetFiles(fleetDir);
const compiled = compileFleet(read.files, { nowSeconds: Math.floor(Date.parse(now) / 1000) });
if (!compiled.model) throw new Error('the fleet does not compile');
const model = compiled.model;
const result = {};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** Calls `fn(i)` for i = 0, 1, … in batches until at least `seconds` have passed; returns calls per second. */
function rate(fn, count, seconds) {
  let calls = 0;
  let sink = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (let i = 0; i < count; i++) if (fn(i) !== undefined) sink++;
    calls += count;
  }
  const elapsed = (performance.now() - t0) / 1000;
  if (sink < 0) throw new Error('unreachable');
  return calls / elapsed;
}

const explain = await load('route/explain-route.js');
const matcher = await load('route/lookup-upstream.js');
if (explain?.fleetUpstreams && matcher?.lookupUpstream) {
  const { table, routes, rows } = explain.fleetUpstreams(model);
  const requests = [];
  const byHost = new Map();
  for (const row of rows) byHost.set(row.host, [...(byHost.get(row.host) ?? []), row.prefix]);
  for (const [host, prefixes] of byHost) {
    for (const prefix of prefixes.slice(0, 50)) requests.push([host, `/${prefix}/orders/42?x=1`], [host, `/./${prefix}`], [host, `/${prefix}x`]);
    requests.push([host, '/'], [host, `/%${prefixes[0].charCodeAt(0).toString(16)}${prefixes[0].slice(1)}/a`]);
  }
  for (let i = 0; i < routes.length; i += 3) requests.push([routes[i].host, '/api/v1/items']);
  requests.push(['unknown.example.com', '/x']);
  const hosts = new Map(routes.map((r) => [r.host, r]));
  for (let i = 0; i < 1000; i++) matcher.lookupUpstream(table, requests[i % requests.length][0], requests[i % requests.length][1]);
  const baseline = rate((i) => hosts.get(requests[i][0]), requests.length, 1);
  const perSecond = rate((i) => matcher.lookupUpstream(table, requests[i][0], requests[i][1]), requests.length, 2);
  result.lookupUpstream = {
    available: true,
    requests: requests.length,
    routes: routes.length,
    prefixRows: rows.length,
    perSecond,
    mapGetPerSecond: baseline,
    overMapGet: baseline / perSecond,
  };
} else {
  result.lookupUpstream = { available: false, reason: 'compiler/route/lookup-upstream.ts has not landed' };
}

const traffic = await load('plan/traffic-planner.js');
if (traffic?.planTraffic && traffic?.prepareTraffic) {
  // The compiler's own zone plans as live state (what a host holds after an apply), one cluster down: the planner's every-5-s tick.
  const { dnsIntent } = await import(pathToFileURL(dist('2-analyze/dns-names.js')).href);
  const { zonePlanDocuments } = await import(pathToFileURL(dist('3-emit/dns-zone-plans.js')).href);
  const { loadDnsLive } = await import(pathToFileURL(dist('1-load/load-dns-live.js')).href);
  const { sourceFile } = await import(pathToFileURL(dist('1-load/source-file.js')).href);
  const { inputValidators } = await import(pathToFileURL(dist('index.js')).href);
  const intent = dnsIntent(model);
  const liveFiles = [...zonePlanDocuments(intent)].map(([file, doc]) => {
    const [, zone, name] = file.split('/');
    return { source: sourceFile(file, JSON.stringify(doc)), identity: { zone, host: name.slice(0, -'.json'.length) } };
  });
  const live = loadDnsLive(liveFiles, intent.zones, inputValidators()).snapshots;
  const health = { clusters: { [intent.trafficClusters[0]]: { acceptingTraffic: false } } };
  const prepared = traffic.prepareTraffic(intent);
  const plan = traffic.planTraffic(prepared, live, health);
  for (let i = 0; i < 20; i++) traffic.planTraffic(prepared, live, health);
  const times = [];
  const t0 = performance.now();
  while (times.length < 100 || (performance.now() - t0 < 3000 && times.length < 2000)) {
    const t = performance.now();
    traffic.planTraffic(prepared, live, health);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const recordSets = liveFiles.reduce((n, f) => n + JSON.parse(f.source.text).recordSets.length, 0);
  const changes = plan.zones.reduce((n, z) => n + z.counts.create + z.counts.update + z.counts.delete, 0);
  result.planTraffic = {
    available: true,
    calls: times.length,
    medianMs: percentile(times, 50),
    p99Ms: percentile(times, 99),
    zoneHostSnapshots: live.length,
    recordSets,
    changes,
  };
} else {
  result.planTraffic = { available: false, reason: 'compiler/plan/traffic-planner.ts has not landed' };
}

writeFileSync(resultFile, JSON.stringify(result));
