#!/usr/bin/env node
// `npm run bench:dns`: the traffic planner on a synthetic fleet of 100
// landscapes, 500 clusters and 2 hosts (Route 53 and Google, base and spare
// zones), median and p99 per call, against a baseline measured in the same
// run: a plain deep compare (node:util isDeepStrictEqual) of the same wanted
// and live documents. Target: under 20 ms a call (the planner runs every 5 s).
// Runs the built compiler (dist/); `npm run bench:dns` builds first.

import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { loadDnsLive } from '../dist/1-load/load-dns-live.js';
import { sourceFile } from '../dist/1-load/source-file.js';
import { dnsIntent } from '../dist/2-analyze/dns-names.js';
import { zonePlanDocuments } from '../dist/3-emit/dns-zone-plans.js';
import { compileFleet, inputValidators } from '../dist/index.js';
import { planTraffic, prepareTraffic } from '../dist/plan/traffic-planner.js';

const LANDSCAPES = 100;
const CLUSTERS_PER_LANDSCAPE = 5;
const VLANDSCAPES = 20;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

const REGIONS = [
  ['SIN', 1.36, 103.99, 'asia-southeast1'],
  ['IAD', 38.94, -77.46, 'us-east4'],
  ['FRA', 50.03, 8.56, 'europe-west3'],
  ['GRU', -23.43, -46.47, 'southamerica-east1'],
];
const IPV4 = ['192.0.2', '198.51.100', '203.0.113'];

/** The synthetic fleet's files (path → text). Deterministic. */
function fleetFiles() {
  const files = new Map();
  const landscapes = Array.from({ length: LANDSCAPES }, (_, i) => `l${String(i).padStart(3, '0')}`);
  files.set(
    'registry/fleet.yaml',
    [
      'example: true',
      'dns:',
      '  base: cluster.bench.test',
      '  spare: cluster.bench-spare.example',
      '  ttl: 60',
      '  hosts:',
      '    - {name: route53, provider: route53, nameservers: {cluster.bench.test: [ns-1.awsdns-1.com], cluster.bench-spare.example: [ns-2.awsdns-2.net]}}',
      '    - {name: google, provider: google, nameservers: {cluster.bench.test: [ns-cloud-a1.googledomains.com], cluster.bench-spare.example: [ns-cloud-b1.googledomains.com]}}',
      '  parent: {zone: bench.test, ttl: 86400}',
      'addressBooks: {allowlist: [cluster.bench.test, cluster.bench-spare.example], places: [https://books.bench.test]}',
      'issuer: {module: api, service: lithium, platform: aldehyde}',
      'primordial: {server: https://kubernetes.default.svc, argocdNamespace: argocd}',
      'git: {repoURL: https://git.bench.test/fleet.git, branch: main}',
      'artifacts:',
      "  image: 'registry.bench.test/{platform}.{service}'",
      "  appChart: 'oci://registry.bench.test/{platform}.{service}'",
      "  primordialChart: 'oci://registry.bench.test/{platform}.{service}-primordial'",
      '',
    ].join('\n'),
  );
  files.set(
    'registry/regions.yaml',
    `regions:\n${REGIONS.map(([code, lat, lon, google]) => `  ${code}: {providers: [aws], lat: ${lat}, lon: ${lon}, googleRegion: ${google}}`).join('\n')}\n`,
  );
  files.set('registry/accounts/aws-main.yaml', 'vendor: aws\nname: main\n');
  let n = 0;
  landscapes.forEach((name, i) => {
    files.set(`registry/landscapes/${name}.yaml`, `name: ${name}\nregion: ${REGIONS[i % REGIONS.length][0]}\ntier: prod\n`);
    for (let m = 0; m < CLUSTERS_PER_LANDSCAPE; m++) {
      const cluster = `${name}-m${m}`;
      files.set(`registry/clusters/${cluster}.yaml`, `landscape: ${name}\nmark: m${m}\nprovider: aws\naccount: aws-main\ntraffic: ${m !== 4}\n`);
      files.set(`state/clusters/${cluster}.yaml`, `addresses: [${IPV4[Math.floor(n / 250)]}.${(n % 250) + 1}, 2001:db8::${n.toString(16)}]\n`);
      n++;
    }
    files.set(`platforms/aldehyde/lithium/${name}.yaml`, 'pin:\n  chart: "1.0.0"\n  image: "1.0.0"\n');
  });
  for (let v = 0; v < VLANDSCAPES; v++) {
    const members = [0, 1, 2].map((k) => landscapes[(v * 5 + k) % LANDSCAPES]);
    files.set(`registry/vlandscapes/v${v}.yaml`, `name: v${v}\nmembers:\n${members.map((l) => `  - {landscape: ${l}, serve: true}`).join('\n')}\n`);
  }
  files.set(
    'carbon/aldehyde/platform.yaml',
    `name: aldehyde\nlandscapes: [${landscapes.join(', ')}]\nstages: [${landscapes[0]}, [${landscapes.slice(1).join(', ')}]]\nvlandscapes: [${Array.from({ length: VLANDSCAPES }, (_, v) => `v${v}`).join(', ')}]\nservices: {lithium: {modules: [api, admin]}}\n`,
  );
  return files;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function measure(fn) {
  for (let i = 0; i < WARMUP; i++) fn();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p99: percentile(times, 99) };
}

const compiled = compileFleet(
  [...fleetFiles()].map(([path, text]) => sourceFile(path, text)),
  { nowSeconds: Math.floor(Date.parse('2026-11-21T00:00:00Z') / 1000) },
);
const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
if (!compiled.model || errors.length > 0) {
  process.stderr.write(`the synthetic fleet does not compile:\n${errors.map((d) => `${d.file}:${d.line}: ${d.code} ${d.message}`).join('\n')}\n`);
  process.exit(70);
}
const intent = dnsIntent(compiled.model);
const documents = zonePlanDocuments(intent);
const liveTexts = [...documents].map(([path, doc]) => {
  const [, zone, file] = path.split('/');
  return { source: sourceFile(path, JSON.stringify(doc)), identity: { zone, host: file.slice(0, -'.json'.length) } };
});
const validators = inputValidators();
const live = loadDnsLive(liveTexts, intent.zones, validators).snapshots;
const wantedDocs = [...documents.values()];
const liveDocs = liveTexts.map((f) => JSON.parse(f.source.text));
const recordSets = wantedDocs.reduce((sum, doc) => sum + doc.recordSets.length, 0);
const oneDown = { clusters: { [intent.trafficClusters[0]]: { acceptingTraffic: false } } };

const wanted = prepareTraffic(intent);
const steady = planTraffic(wanted, live, undefined);
const changed = planTraffic(wanted, live, oneDown);
if (steady.zones.some((z) => z.units.length > 0)) throw new Error('the steady state should plan no change');

/** @type {[string, { median: number, p99: number }][]} */
const rows = [
  ['baseline: isDeepStrictEqual(wanted, live)', measure(() => isDeepStrictEqual(wantedDocs, liveDocs))],
  ['planTraffic, all up (0 changes)', measure(() => planTraffic(wanted, live, undefined))],
  [`planTraffic, 1 cluster down (${changed.zones.reduce((s, z) => s + z.units.length, 0)} changed names)`, measure(() => planTraffic(wanted, live, oneDown))],
  ['prepareTraffic (once per fleet revision, not per tick)', measure(() => prepareTraffic(intent))],
  ['planTraffic on the unprepared intent (prepare + plan)', measure(() => planTraffic(intent, live, oneDown))],
  ['loadDnsLive of the 5 snapshot files (the CLI path, not per tick)', measure(() => loadDnsLive(liveTexts, intent.zones, validators))],
];

const base = rows[0][1].median;
process.stdout.write(
  `traffic planner: ${LANDSCAPES} landscapes, ${intent.clusters.length} clusters (${intent.trafficClusters.length} with traffic), ${VLANDSCAPES} virtual landscapes, 2 hosts, ${documents.size} zone plans, ${recordSets} record sets; ${RUNS} runs after ${WARMUP} warm-up, node ${process.version}\n`,
);
for (const [label, { median, p99 }] of rows) {
  process.stdout.write(
    `  ${label.padEnd(64)} median ${median.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms   ${(median / base).toFixed(1).padStart(6)}× baseline\n`,
  );
}
const planned = rows.slice(1, 3).map(([, r]) => r);
const load = loadavg()[0];
process.stdout.write(
  `target, under 20 ms a call: median ${Math.max(...planned.map((r) => r.median)).toFixed(2)} ms (${planned.every((r) => r.median < 20) ? 'met' : 'MISSED'}), p99 ${Math.max(...planned.map((r) => r.p99)).toFixed(2)} ms (${planned.every((r) => r.p99 < 20) ? 'met' : 'missed'}); 1-minute load average ${load.toFixed(1)} on ${cpus().length} CPUs during the run\n`,
);
