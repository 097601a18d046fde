/**
 * A deterministic synthetic fleet at the benchmark scales of SPEC §7.
 *
 * Design note. A generated fleet is valid input (SPEC §2) that compiles with
 * zero errors, built the way a real fleet grows:
 *
 * - Landscapes come in *tracks* of five: dev → staging → three prod
 *   landscapes in three regions (each prod landscape with two clusters or
 *   more). Clusters are spread so that every tier keeps its minimum; some
 *   are dark (`traffic: false`, a blue/green swap) or not built yet (no state
 *   file), but every landscape keeps a built cluster with traffic on.
 * - Every track has a virtual landscape over its prod landscapes (one member
 *   not serving on every other track) and every fourth track one over its
 *   staging landscape.
 * - Platform 0 is the sign-in platform `aldehyde` (service `lithium`, modules
 *   api and admin) over every landscape. The others each run on one track
 *   (most), two tracks, or a partial track, with five stage shapes: parallel
 *   groups, manual gates, soak times and verification templates.
 * - Services are spread over platforms with a skew (a few large platforms,
 *   many small ones); some have extra modules; a new service is pinned in
 *   its first stage only (unpinned rows elsewhere); about one row in a
 *   hundred carries an emergency `values` override.
 * - Claims sit on ready hosts of non-sign-in platforms, on either base, and
 *   point at ready hosts of the same platform and landscape; at XL one claim
 *   holds exactly the 10,000-prefix cap.
 * - Addresses are documentation ranges (RFC 5737, RFC 3849), so fleet.yaml
 *   says `example: true`.
 *
 * Pure: the same scale gives the same files, byte for byte (a seeded PRNG, no
 * clock, no environment). S is the reference fleet, copied from disk.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Repository root (this file sits in bench/). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** The input folders of a fleet (SPEC §2). */
export const INPUT_FOLDERS = ['registry', 'state', 'platforms', 'claims', 'carbon'];

/** SPEC §7: the sizes of each generated scale. */
export const SCALES = {
  M: { landscapes: 20, clusters: 60, platforms: 20, services: 200, claims: 20, prefixes: 2_000, capClaim: false },
  L: { landscapes: 50, clusters: 200, platforms: 100, services: 2_000, claims: 200, prefixes: 20_000, capClaim: false },
  XL: { landscapes: 100, clusters: 500, platforms: 300, services: 10_000, claims: 1_000, prefixes: 100_000, capClaim: true },
};

/** Every scale name, smallest first. */
export const SCALE_NAMES = ['S', 'M', 'L', 'XL'];

/** The per-claim prefix cap of SPEC §3.4. */
const PREFIX_CAP = 10_000;

/** The clock at which no generated emergency override is stale (pass it as `--now`). */
export const GENERATED_NOW = '2026-11-21T00:00:00Z';

const TRACK_TIERS = ['dev', 'staging', 'prod', 'prod', 'prod'];

const REGIONS = [
  ['SIN', 1.36, 103.99, 'asia-southeast1', ['digitalocean', 'aws']],
  ['IAD', 38.94, -77.46, 'us-east4', ['aws', 'digitalocean']],
  ['FRA', 50.03, 8.56, 'europe-west3', ['aws', 'digitalocean']],
  ['NRT', 35.77, 140.39, 'asia-northeast1', ['aws']],
  ['SYD', -33.95, 151.18, 'australia-southeast1', ['aws', 'digitalocean']],
  ['GRU', -23.43, -46.47, 'southamerica-east1', ['aws']],
  ['LHR', 51.47, -0.45, 'europe-west2', ['aws', 'digitalocean']],
  ['BOM', 19.09, 72.87, 'asia-south1', ['aws', 'digitalocean']],
  ['SFO', 37.62, -122.38, 'us-west1', ['aws', 'digitalocean']],
  ['AMS', 52.31, 4.76, 'europe-west4', ['aws', 'digitalocean']],
  ['YUL', 45.47, -73.74, 'northamerica-northeast1', ['aws']],
  ['ICN', 37.46, 126.44, 'asia-northeast3', ['aws']],
];

// Landscape names (at most 9 letters, so a track number still fits in 12).
const LANDSCAPE_WORDS = [
  'pichu',
  'pikachu',
  'raichu',
  'ampharos',
  'mareep',
  'flaaffy',
  'togepi',
  'togetic',
  'eevee',
  'vaporeon',
  'jolteon',
  'flareon',
  'espeon',
  'umbreon',
  'chikorita',
  'bayleef',
  'meganium',
  'cyndaquil',
  'quilava',
  'totodile',
  'croconaw',
  'sentret',
  'furret',
  'hoothoot',
  'noctowl',
  'ledyba',
  'ledian',
  'spinarak',
  'ariados',
  'chinchou',
  'lanturn',
  'cleffa',
  'igglybuff',
  'natu',
  'xatu',
  'sudowoodo',
  'politoed',
  'hoppip',
  'skiploom',
  'jumpluff',
];
const VLANDSCAPE_WORDS = ['mew', 'celebi', 'jirachi', 'manaphy', 'shaymin', 'victini', 'meloetta', 'diancie', 'hoopa', 'marshadow', 'zeraora', 'zarude'];
// Cluster marks: gem names (never an element or chemistry word, so no service or platform is named like a mark).
const MARKS = ['opal', 'ruby', 'jade', 'pearl', 'onyx', 'topaz', 'amber', 'beryl', 'coral', 'garnet', 'jasper', 'lapis', 'quartz', 'agate', 'zircon', 'spinel'];
// Platform names: chemistry words of 5 to 10 letters (a number may follow).
const PLATFORM_WORDS = [
  'nitroso',
  'mercury',
  'carbonyl',
  'hydroxyl',
  'sulfide',
  'acetyl',
  'benzene',
  'ketone',
  'amine',
  'esters',
  'phenol',
  'nitrile',
  'alkyne',
  'alkene',
  'ethanol',
  'methane',
  'propane',
  'butane',
  'toluene',
  'xylene',
  'furan',
  'pyridine',
  'indole',
  'purine',
  'lactone',
  'oxime',
  'azide',
  'imine',
  'thiol',
  'silane',
];
// Service names: elements.
const SERVICE_WORDS = [
  'tin',
  'zinc',
  'copper',
  'iron',
  'cobalt',
  'nickel',
  'argon',
  'boron',
  'neon',
  'xenon',
  'radon',
  'helium',
  'sodium',
  'calcium',
  'silicon',
  'gallium',
  'indium',
  'iodine',
  'osmium',
  'iridium',
  'tungsten',
  'bismuth',
  'cerium',
  'erbium',
  'holmium',
  'yttrium',
  'niobium',
  'hafnium',
  'rhodium',
  'barium',
];
const PREFIX_SYLLABLES = ['pa', 'ul', 'ca', 'ro', 'mi', 'ne', 'ta', 'ko', 'ri', 'sa', 'ven', 'lo', 'dar', 'bel', 'qu', 'is'];

/** mulberry32: a small seeded PRNG; returns floats in [0, 1). */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `words[i]`, with a number after it once the list is used up (`pichu`, …, `pichu1`). */
function nameAt(words, i) {
  const word = words[i % words.length];
  const round = Math.floor(i / words.length);
  return round === 0 ? word : `${word}${round}`;
}

/** Splits `total` over `weights` into integers of at least `min` each (largest remainder), in order. */
function apportion(total, weights, min = 0) {
  const spare = total - min * weights.length;
  if (spare < 0) throw new Error(`cannot give ${weights.length} parts at least ${min} from ${total}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (spare * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = spare - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k++, left--) parts[order[k % order.length][1]]++;
  return parts.map((p) => p + min);
}

const q = (text) => JSON.stringify(text);
const flow = (items) => `[${items.join(', ')}]`;

/** A stage step in platform.yaml's flow form. */
function stepText(step) {
  if (typeof step === 'string') return step;
  const parts = [`landscape: ${step.landscape}`];
  if (step.gate) parts.push(`gate: ${step.gate}`);
  if (step.soak) parts.push(`soak: ${step.soak}`);
  if (step.verification) parts.push(`verification: ${flow(step.verification)}`);
  return `{ ${parts.join(', ')} }`;
}

function stagesText(stages) {
  return stages.map((entry) => `  - ${Array.isArray(entry) ? flow(entry.map(stepText)) : stepText(entry)}\n`).join('');
}

/** The landscape of a stage step. */
const landscapeOf = (step) => (typeof step === 'string' ? step : step.landscape);

/** The stages of a platform over `landscapes` (one track: dev, staging, prod×1..3), in one of five shapes. */
function trackStages(landscapes, shape) {
  const [dev, staging, ...prods] = landscapes;
  if (prods.length < 3) return [dev, { landscape: staging, verification: ['smoke-test'] }, ...prods.map((l) => ({ landscape: l, gate: 'manual' }))];
  const [a, b, c] = prods;
  switch (shape) {
    case 0:
      return [dev, staging, [a, b, c]];
    case 1:
      return [dev, { landscape: staging, verification: ['smoke-test'] }, { landscape: a, gate: 'manual', soak: '1h' }, [b, c]];
    case 2:
      return [dev, staging, a, b, c];
    case 3:
      return [
        dev,
        { landscape: staging, soak: '30m' },
        [{ landscape: a, gate: 'manual' }, { landscape: b, soak: '2h30m', verification: ['http-check', 'error-rate'] }, c],
      ];
    default:
      return [dev, staging, { landscape: a, verification: ['latency-p99'] }, [{ landscape: b, gate: 'manual' }, c]];
  }
}

const FLEET_YAML = `# A synthetic fleet for benchmarks (bench/fleet-generator.mjs): documentation addresses only.
example: true
dns:
  base: cluster.atomi.cloud
  spare: cluster.atomi-spare.net
  ttl: 60
  hosts:
    - name: route53
      provider: route53
      nameservers:
        cluster.atomi.cloud: [ns-101.awsdns-12.com, ns-202.awsdns-25.net]
        cluster.atomi-spare.net: [ns-303.awsdns-37.org, ns-404.awsdns-50.co.uk]
    - name: google
      provider: google
      nameservers:
        cluster.atomi.cloud: [ns-cloud-a1.googledomains.com, ns-cloud-a2.googledomains.com]
        cluster.atomi-spare.net: [ns-cloud-b1.googledomains.com, ns-cloud-b2.googledomains.com]
  parent: { zone: atomi.cloud, ttl: 86400 }
addressBooks:
  allowlist: [cluster.atomi.cloud, cluster.atomi-spare.net]
  places:
    - https://books.atomi.cloud
    - https://d111111abcdef8.cloudfront.net
issuer: { module: api, service: lithium, platform: aldehyde }
primordial: { server: https://kubernetes.default.svc, argocdNamespace: argocd }
git: { repoURL: https://github.com/AtomiCloud/fleet.git, branch: main }
artifacts:
  image: ghcr.io/atomicloud/{platform}.{service}
  appChart: oci://ghcr.io/atomicloud/charts/{platform}.{service}
  primordialChart: oci://ghcr.io/atomicloud/charts/{platform}.{service}-primordial
`;

/** The documentation-range IPv4 address number `n` (0 ≤ n < 762): 192.0.2/24, 198.51.100/24, 203.0.113/24. */
function documentationIpv4(n) {
  const nets = ['192.0.2', '198.51.100', '203.0.113'];
  const net = nets[Math.floor(n / 254)];
  if (!net) throw new Error(`only 762 documentation IPv4 addresses exist, asked for number ${n}`);
  return `${net}.${(n % 254) + 1}`;
}

/** Reads the input files of the reference fleet (scale S): path → text. */
function referenceFleet() {
  const root = path.join(REPO_ROOT, 'examples', 'reference');
  const files = new Map();
  const walk = (relative) => {
    for (const name of readdirSync(path.join(root, relative)).sort()) {
      if (name.startsWith('.')) continue;
      const child = `${relative}/${name}`;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else files.set(child, readFileSync(path.join(root, child), 'utf8'));
    }
  };
  for (const folder of INPUT_FOLDERS) walk(folder);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The input files of a fleet at `scale` (`S`, `M`, `L` or `XL`): a map of
 * fleet-relative path → text, sorted by path. Throws on an unknown scale.
 */
export function generateFleet(scale) {
  if (scale === 'S') return referenceFleet();
  const size = SCALES[scale];
  if (!size) throw new Error(`unknown scale "${scale}": one of ${SCALE_NAMES.join(', ')}`);
  const random = prng(0xd1e4e + size.services);
  const files = new Map();
  const put = (file, text) => {
    if (files.has(file)) throw new Error(`generated ${file} twice`);
    files.set(file, text);
  };

  // Registry: fleet, regions, accounts.
  put('registry/fleet.yaml', FLEET_YAML);
  put(
    'registry/regions.yaml',
    `regions:\n${REGIONS.map(([code, lat, lon, google, providers]) => `  ${code}: { providers: ${flow(providers)}, lat: ${lat}, lon: ${lon}, googleRegion: ${google} }\n`).join('')}`,
  );
  for (const vendor of ['aws', 'digitalocean'])
    for (const name of ['main', 'prod']) put(`registry/accounts/${vendor}-${name}.yaml`, `vendor: ${vendor}\nname: ${name}\n`);

  // Landscapes in tracks of five.
  const trackCount = size.landscapes / TRACK_TIERS.length;
  const landscapes = [];
  for (let t = 0; t < trackCount; t++) {
    TRACK_TIERS.forEach((tier, k) => {
      const i = t * TRACK_TIERS.length + k;
      const region = REGIONS[(t + (tier === 'prod' ? k - 2 : 0) * 4) % REGIONS.length];
      landscapes.push({ name: nameAt(LANDSCAPE_WORDS, i), track: t, tier, region });
    });
  }
  for (const l of landscapes) put(`registry/landscapes/${l.name}.yaml`, `name: ${l.name}\nregion: ${l.region[0]}\ntier: ${l.tier}\n`);
  const tracks = Array.from({ length: trackCount }, (_, t) => landscapes.filter((l) => l.track === t).map((l) => l.name));

  // Clusters: dev and staging at least one, prod at least two; the rest to prod first, then everyone.
  const counts = landscapes.map((l) => (l.tier === 'prod' ? 2 : 1));
  let extra = size.clusters - counts.reduce((a, b) => a + b, 0);
  const order = [...landscapes.keys()].sort((a, b) => (landscapes[a].tier === 'prod' ? 0 : 1) - (landscapes[b].tier === 'prod' ? 0 : 1) || a - b);
  for (let k = 0; extra > 0; k++, extra--) counts[order[k % order.length]]++;
  let ipv4 = 0;
  let threeOrMore = 0;
  landscapes.forEach((l, i) => {
    const [, , , , providers] = l.region;
    const count = counts[i];
    const lastIs = count >= 3 ? (threeOrMore++ % 3 === 2 ? 'unbuilt' : 'dark') : 'live';
    for (let c = 0; c < count; c++) {
      const mark = MARKS[c];
      const provider = providers[(i + c) % providers.length];
      // A prod landscape spreads its clusters over two accounts (a prod landscape in one account is warned).
      const account = `${provider}-${l.tier === 'prod' && c % 2 === 0 ? 'prod' : 'main'}`;
      const last = c === count - 1;
      const traffic = !(last && lastIs === 'dark');
      const note = traffic ? '' : ' # a blue/green swap in progress';
      put(
        `registry/clusters/${l.name}-${mark}.yaml`,
        `landscape: ${l.name}\nmark: ${mark}\nprovider: ${provider}\naccount: ${account}\ntraffic: ${traffic}${note}\n`,
      );
      if (last && lastIs === 'unbuilt') continue;
      const v6 = `2001:db8:${(i + 1).toString(16)}::${(c + 1).toString(16)}`;
      const addresses = c % 4 === 3 ? [documentationIpv4(ipv4++)] : [documentationIpv4(ipv4++), v6];
      put(`state/clusters/${l.name}-${mark}.yaml`, `addresses: ${flow(addresses)}\n`);
    }
  });

  // Virtual landscapes: one over each track's prod landscapes, one over every fourth track's staging.
  const trackVlandscape = [];
  let v = 0;
  for (let t = 0; t < trackCount; t++) {
    const [, staging, a, b, c] = tracks[t];
    const name = nameAt(VLANDSCAPE_WORDS, v++);
    trackVlandscape.push(name);
    const members = [a, b, c].map((landscape, k) => `  - { landscape: ${landscape}, serve: ${!(k === 2 && t % 2 === 1)} }\n`).join('');
    put(`registry/vlandscapes/${name}.yaml`, `name: ${name}\nmembers:\n${members}`);
    if (t % 4 === 0) {
      const stagingName = nameAt(VLANDSCAPE_WORDS, v++);
      put(`registry/vlandscapes/${stagingName}.yaml`, `name: ${stagingName}\nmembers:\n  - { landscape: ${staging}, serve: true }\n`);
    }
  }

  // Platforms: the sign-in platform, then the rest with a skew of services.
  const platforms = [];
  platforms.push({
    name: 'aldehyde',
    landscapes: landscapes.map((l) => l.name),
    stages: ['dev', 'staging', 'prod'].map((tier) => landscapes.filter((l) => l.tier === tier).map((l) => l.name)),
    vlandscapes: [],
    services: [{ name: 'lithium', modules: ['api', 'admin'], listed: true, fresh: false }],
    signIn: true,
  });
  const otherCount = size.platforms - 1;
  const serviceCounts = apportion(
    size.services - 1,
    Array.from({ length: otherCount }, (_, i) => 1 / Math.sqrt(i + 1)),
    1,
  );
  for (let p = 0; p < otherCount; p++) {
    const track = p % trackCount;
    const variant = p % 10;
    let names;
    let stages;
    if (variant === 3 && trackCount > 1) {
      const other = tracks[(track + 1) % trackCount];
      const mine = tracks[track];
      names = [...mine, ...other];
      stages = [
        [mine[0], other[0]],
        [mine[1], { landscape: other[1], verification: ['smoke-test'] }],
        [...mine.slice(2), ...other.slice(2)],
      ];
    } else if (variant === 7) {
      names = tracks[track].slice(0, 3);
      stages = trackStages(names, p % 5);
    } else {
      names = tracks[track];
      stages = trackStages(names, p % 5);
    }
    const vlandscapes = variant === 7 || p % 2 === 1 ? [] : [trackVlandscape[track]];
    const services = [];
    for (let j = 0; j < serviceCounts[p]; j++) {
      const modules = j % 11 === 5 ? ['api', 'admin', 'grpc'] : j % 6 === 1 ? ['api', 'web'] : ['api'];
      services.push({ name: nameAt(SERVICE_WORDS, j), modules, listed: modules.length > 1 || j % 9 === 0, fresh: j % 13 === 12 });
    }
    platforms.push({ name: nameAt(PLATFORM_WORDS, p), landscapes: names, stages, vlandscapes, services, signIn: false });
  }

  // platform.yaml and rows.
  const ready = [];
  for (const platform of platforms) {
    const listed = platform.services.filter((s) => s.listed);
    const servicesText = listed.length === 0 ? '' : `services:\n${listed.map((s) => `  ${s.name}: { modules: ${flow(s.modules)} }\n`).join('')}`;
    put(
      `carbon/${platform.name}/platform.yaml`,
      `name: ${platform.name}\nlandscapes: ${flow(platform.landscapes)}\nstages:\n${stagesText(platform.stages)}${platform.vlandscapes.length ? `vlandscapes: ${flow(platform.vlandscapes)}\n` : ''}${servicesText}`,
    );
    const firstStage = new Set((Array.isArray(platform.stages[0]) ? platform.stages[0] : [platform.stages[0]]).map(landscapeOf));
    const depth = new Map();
    platform.stages.forEach((entry, d) => {
      for (const step of Array.isArray(entry) ? entry : [entry]) depth.set(landscapeOf(step), d);
    });
    for (const service of platform.services) {
      const major = 1 + Math.floor(random() * 4);
      const minor = Math.floor(random() * 12);
      const patch = Math.floor(random() * 20);
      for (const landscape of platform.landscapes) {
        const lag = depth.get(landscape) ?? 0;
        const pinned = !service.fresh || firstStage.has(landscape);
        const version = pinned ? `${major}.${minor}.${Math.max(0, patch - lag)}` : '';
        let text = `pin:\n  chart: ${q(version)}\n  image: ${q(version)}\n`;
        if (pinned && random() < 0.01) {
          const day = 14 + Math.floor(random() * 7);
          text += `values:\n  replicas: ${2 + Math.floor(random() * 6)}\n  resources:\n    limits: { memory: ${256 * (1 + Math.floor(random() * 4))}Mi }\nvaluesSince: 2026-11-${day}T${String(Math.floor(random() * 24)).padStart(2, '0')}:00:00Z\n`;
        }
        put(`platforms/${platform.name}/${service.name}/${landscape}.yaml`, text);
        if (pinned && !platform.signIn) ready.push({ platform, service, landscape });
      }
    }
  }

  // Claims: on ready hosts, pointing at ready hosts of the same platform and landscape.
  const readyBy = new Map();
  for (const r of ready) {
    const key = `${r.platform.name}/${r.landscape}`;
    readyBy.set(key, [...(readyBy.get(key) ?? []), r]);
  }
  const hosts = [];
  const taken = new Set();
  const bases = ['cluster.atomi.cloud', 'cluster.atomi-spare.net'];
  // The cap claim sits on the largest platform's first ready host, so it has many targets.
  const pool = [...ready].sort((a, b) => readyBy.get(`${b.platform.name}/${b.landscape}`).length - readyBy.get(`${a.platform.name}/${a.landscape}`).length);
  for (let attempt = 0; hosts.length < size.claims && attempt < size.claims * 50; attempt++) {
    const r = hosts.length === 0 ? pool[0] : ready[Math.floor(random() * ready.length)];
    // Claims sit on main-base hosts (SPEC §3.4: a claim governs its spare-base twin); a quarter target spare-base hosts.
    const base = bases[random() < 0.25 ? 1 : 0];
    const host = `${r.service.modules[0]}.${r.service.name}.${r.platform.name}.${r.landscape}.${bases[0]}`;
    if (taken.has(host)) continue;
    taken.add(host);
    hosts.push({ ...r, host, base });
  }
  if (hosts.length < size.claims) throw new Error(`only ${hosts.length} claim hosts found, ${size.claims} wanted`);
  const capCount = size.capClaim ? PREFIX_CAP : 0;
  const restClaims = size.claims - (size.capClaim ? 1 : 0);
  const weights = Array.from({ length: restClaims }, (_, i) => (i % 17 === 16 ? 0 : 0.2 + random()));
  const restCounts = apportion(size.prefixes - capCount, weights);
  const prefixCounts = size.capClaim ? [capCount, ...restCounts] : restCounts;
  hosts.forEach((claim, i) => {
    const targets = readyBy.get(`${claim.platform.name}/${claim.landscape}`);
    const paths = {};
    for (let k = 0; k < prefixCounts[i]; k++) {
      const s1 = PREFIX_SYLLABLES[k % PREFIX_SYLLABLES.length];
      const s2 = PREFIX_SYLLABLES[Math.floor(k / PREFIX_SYLLABLES.length) % PREFIX_SYLLABLES.length];
      const prefix = `${s1}${s2}${Math.floor(k / (PREFIX_SYLLABLES.length * PREFIX_SYLLABLES.length)) || ''}`;
      const t = targets[Math.floor(random() * targets.length)];
      const module = t.service.modules[Math.floor(random() * t.service.modules.length)];
      paths[prefix] = `${module}.${t.service.name}.${t.platform.name}.${t.landscape}.${claim.base}`;
    }
    const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    put(`claims/domains/${claim.host}.json`, `${JSON.stringify({ account: claim.platform.name, app: claim.service.name, paths: sorted }, null, 2)}\n`);
  });

  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Counts of a generated fleet, for the bench table: files, rows, claims, prefixes and the platform with the most rows. */
export function describeFleet(files) {
  let rows = 0;
  let claims = 0;
  let prefixes = 0;
  let bytes = 0;
  const rowsByPlatform = new Map();
  for (const [file, text] of files) {
    bytes += Buffer.byteLength(text);
    if (file.startsWith('platforms/')) {
      rows++;
      const platform = file.split('/')[1];
      rowsByPlatform.set(platform, (rowsByPlatform.get(platform) ?? 0) + 1);
    } else if (file.startsWith('claims/')) {
      claims++;
      prefixes += Object.keys(JSON.parse(text).paths).length;
    }
  }
  const count = (prefix) => [...files.keys()].filter((f) => f.startsWith(prefix)).length;
  let largest = { platform: '', rows: -1 };
  for (const [platform, n] of [...rowsByPlatform].sort(([a], [b]) => (a < b ? -1 : 1))) if (n > largest.rows) largest = { platform, rows: n };
  return {
    files: files.size,
    bytes,
    landscapes: count('registry/landscapes/'),
    clusters: count('registry/clusters/'),
    platforms: count('carbon/'),
    services: new Set([...files.keys()].filter((f) => f.startsWith('platforms/')).map((f) => f.split('/').slice(1, 3).join('/'))).size,
    rows,
    claims,
    prefixes,
    largestPlatform: largest.platform,
    largestPlatformRows: largest.rows,
  };
}
