/**
 * Local HTTP servers that enforce the documented rules of the three cloud
 * DNS APIs, for the appliers' contract tests (on 127.0.0.1, free port). Each
 * keeps one store of record sets per zone and enforces, per its API docs:
 *
 * - Route 53 (`ChangeResourceRecordSets`, REST/XML 2013-04-01): a batch is
 *   all-or-nothing; DELETE must match the live set exactly (TTL, values, set
 *   identifier, coordinates) else InvalidChangeBatch; CREATE of an existing
 *   set fails; CNAME beside other data fails; ≤1,000 records and ≤32,000
 *   value characters per batch, UPSERT counting twice; `Throttling` (with
 *   `Retry-After`) and `PriorRequestNotComplete` on demand; a change is PENDING until polled
 *   `pendingPolls` times; names are listed with `*` as `\052`; pages of 5.
 * - Google Cloud DNS (`changes.create`, JSON v1): a Change is atomic;
 *   deletions must equal the live set (ttl, rrdatas, routingPolicy) else 412
 *   conditionNotMet; an addition of an existing set is 409 alreadyExists;
 *   429 rateLimitExceeded (with `Retry-After`) on demand; `pending` until polled; pages of 5.
 * - Cloudflare (`POST /zones/{id}/dns_records/batch`, v4): deletes, patches,
 *   puts, posts in that order in one transaction; an unknown id fails the
 *   batch; TTL must be 1 or 60–86,400; CNAME beside other records fails;
 *   429 on demand (with `retry-after-ms`); records listed in pages of 7.
 *
 * Each also answers its writes with a server error (5xx, in the API's error
 * shape) on demand. `requests` counts what each server received, by operation.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The `Retry-After` (seconds) the Route 53 and Google fakes send with a throttling answer, as both services may. */
export const RETRY_AFTER_SECONDS = 2;
/** The `retry-after-ms` the Cloudflare fake sends with its 429. */
export const CLOUDFLARE_RETRY_AFTER_MS = 5;

/** A record set as the fakes store it (names canonical: lower case, no trailing dot). */
export interface StoredSet {
  name: string;
  type: string;
  ttl: number;
  values: string[];
  setIdentifier?: string;
  coordinates?: { latitude: string; longitude: string };
  /** Google GEO items. */
  geo?: { location: string; rrdatas: string[] }[];
}

/** A running fake. */
export interface CloudFake {
  endpoint: string;
  /** zone → stored sets. */
  zones: Map<string, StoredSet[]>;
  /** operation → count. */
  requests: Map<string, number>;
  /** The next `n` writes are answered with a throttling error (Route 53: `Throttling`, or `PriorRequestNotComplete` with `prior`). */
  throttle(n: number, prior?: boolean): void;
  /** The next `n` writes are answered with the server error `status` (500, 502, 503, 504) in the API's own error shape. */
  failWrites(n: number, status: number): void;
  close(): Promise<void>;
}

const canonical = (name: string): string => name.replace(/\\052/g, '*').replace(/\.$/, '').toLowerCase();
const sameValues = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

function key(set: Pick<StoredSet, 'name' | 'type' | 'setIdentifier'>): string {
  return `${set.name}\t${set.type}\t${set.setIdentifier ?? ''}`;
}

function cnameConflict(sets: readonly StoredSet[]): string | undefined {
  for (const set of sets) if (set.type === 'CNAME' && sets.some((other) => other.name === set.name && other.type !== 'CNAME')) return set.name;
  return undefined;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse, text: string) => void): Promise<{ server: Server; endpoint: string }> {
  const server = createServer((request, response) => {
    void body(request).then((text) => handler(request, response, text));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** How the next writes fail: `count` of them, with a throttling answer (`status` 0) or that server error. */
interface Failing {
  count: number;
  prior: boolean;
  status: number;
}

function fake(server: Server, endpoint: string, zones: Map<string, StoredSet[]>, requests: Map<string, number>, throttling: Failing): CloudFake {
  return {
    endpoint,
    zones,
    requests,
    throttle(n, prior = false) {
      throttling.count = n;
      throttling.prior = prior;
      throttling.status = 0;
    },
    failWrites(n, status) {
      throttling.count = n;
      throttling.prior = false;
      throttling.status = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function count(requests: Map<string, number>, operation: string): void {
  requests.set(operation, (requests.get(operation) ?? 0) + 1);
}

function soaAndNs(zone: string): StoredSet[] {
  return [
    { name: zone, type: 'NS', ttl: 172800, values: ['ns-1.example.net.'] },
    { name: zone, type: 'SOA', ttl: 900, values: ['ns-1.example.net. hostmaster.example.net. 1 7200 900 1209600 86400'] },
  ];
}

// ---- Route 53 ----

const tag = (xml: string, name: string): string | undefined => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];
const tags = (xml: string, name: string): string[] => [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1] as string);
const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function r53Set(set: StoredSet): string {
  const name = set.name.replace(/^\*/, '\\052');
  return (
    `<ResourceRecordSet><Name>${escapeXml(name)}.</Name><Type>${set.type}</Type>` +
    (set.setIdentifier !== undefined ? `<SetIdentifier>${escapeXml(set.setIdentifier)}</SetIdentifier>` : '') +
    (set.coordinates
      ? `<GeoProximityLocation><Coordinates><Latitude>${set.coordinates.latitude}</Latitude><Longitude>${set.coordinates.longitude}</Longitude></Coordinates></GeoProximityLocation>`
      : '') +
    `<TTL>${set.ttl}</TTL><ResourceRecords>${set.values.map((v) => `<ResourceRecord><Value>${escapeXml(v)}</Value></ResourceRecord>`).join('')}</ResourceRecords></ResourceRecordSet>`
  );
}

function r53Error(response: ServerResponse, code: string, message: string, status = 400, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/xml', ...headers });
  response.end(
    `<?xml version="1.0"?>\n<ErrorResponse xmlns="https://route53.amazonaws.com/doc/2013-04-01/"><Error><Type>${status >= 500 ? 'Receiver' : 'Sender'}</Type><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>fake</RequestId></ErrorResponse>`,
  );
}

/** The Route 53 fake, serving `zones` (hosted zone ids Z1, Z2, … in order). */
export async function startRoute53Fake(zoneNames: readonly string[], options: { pendingPolls?: number } = {}): Promise<CloudFake> {
  const zones = new Map(zoneNames.map((z) => [z, soaAndNs(z)]));
  const ids = new Map(zoneNames.map((z, i) => [`Z${i + 1}`, z]));
  const requests = new Map<string, number>();
  const throttling: Failing = { count: 0, prior: false, status: 0 };
  const polls = new Map<string, number>();
  let changes = 0;
  const xml = (response: ServerResponse, root: string, inner: string): void => {
    response.writeHead(200, { 'content-type': 'text/xml' });
    response.end(`<?xml version="1.0"?>\n<${root} xmlns="https://route53.amazonaws.com/doc/2013-04-01/">${inner}</${root}>`);
  };
  const { server, endpoint } = await listen((request, response, text) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/\/$/, '');
    if (request.method === 'GET' && path === '/2013-04-01/hostedzonesbyname') {
      count(requests, 'ListHostedZonesByName');
      const zonesXml = [...ids]
        .map(
          ([id, z]) =>
            `<HostedZone><Id>/hostedzone/${id}</Id><Name>${z}.</Name><CallerReference>${id}</CallerReference><Config><PrivateZone>false</PrivateZone></Config></HostedZone>`,
        )
        .join('');
      return xml(response, 'ListHostedZonesByNameResponse', `<HostedZones>${zonesXml}</HostedZones><IsTruncated>false</IsTruncated><MaxItems>100</MaxItems>`);
    }
    const rrset = /^\/2013-04-01\/hostedzone\/([^/]+)\/rrset$/.exec(path);
    const zone = rrset ? ids.get(rrset[1] as string) : undefined;
    if (rrset && !zone) return r53Error(response, 'NoSuchHostedZone', `No hosted zone found with ID: ${rrset[1]}`);
    if (request.method === 'GET' && zone) {
      count(requests, 'ListResourceRecordSets');
      const sorted = [...(zones.get(zone) ?? [])].sort((a, b) => (key(a) < key(b) ? -1 : 1));
      const startName = url.searchParams.get('name');
      const startType = url.searchParams.get('type');
      const startId = url.searchParams.get('identifier') ?? undefined;
      const start =
        startName === null
          ? 0
          : sorted.findIndex(
              (s) => key(s) === key({ name: canonical(startName), type: startType ?? '', ...(startId !== undefined ? { setIdentifier: startId } : {}) }),
            );
      const page = sorted.slice(start, start + 5);
      const next = sorted[start + 5];
      return xml(
        response,
        'ListResourceRecordSetsResponse',
        `<ResourceRecordSets>${page.map(r53Set).join('')}</ResourceRecordSets><IsTruncated>${next ? 'true' : 'false'}</IsTruncated>` +
          (next
            ? `<NextRecordName>${escapeXml(next.name)}.</NextRecordName><NextRecordType>${next.type}</NextRecordType>${next.setIdentifier !== undefined ? `<NextRecordIdentifier>${escapeXml(next.setIdentifier)}</NextRecordIdentifier>` : ''}`
            : '') +
          '<MaxItems>5</MaxItems>',
      );
    }
    if (request.method === 'POST' && zone) {
      count(requests, 'ChangeResourceRecordSets');
      if (throttling.count > 0) {
        throttling.count--;
        if (throttling.status !== 0) return r53Error(response, 'ServiceUnavailable', 'Service is unavailable, try again later', throttling.status);
        return throttling.prior
          ? r53Error(response, 'PriorRequestNotComplete', 'The request was rejected because Route 53 was still processing a prior request.')
          : r53Error(response, 'Throttling', 'Rate exceeded', 400, { 'retry-after': String(RETRY_AFTER_SECONDS) });
      }
      const work = [...(zones.get(zone) ?? [])];
      let records = 0;
      let characters = 0;
      for (const change of tags(text, 'Change')) {
        const action = tag(change, 'Action') as string;
        const set: StoredSet = {
          name: canonical(tag(change, 'Name') ?? ''),
          type: tag(change, 'Type') ?? '',
          ttl: Number(tag(change, 'TTL') ?? 0),
          values: tags(change, 'Value'),
          ...(tag(change, 'SetIdentifier') !== undefined ? { setIdentifier: tag(change, 'SetIdentifier') as string } : {}),
          ...(tag(change, 'Latitude') !== undefined
            ? { coordinates: { latitude: tag(change, 'Latitude') as string, longitude: tag(change, 'Longitude') as string } }
            : {}),
        };
        const factor = action === 'UPSERT' ? 2 : 1;
        records += set.values.length * factor;
        characters += set.values.join('').length * factor;
        const at = work.findIndex((s) => key(s) === key(set));
        if (action === 'DELETE') {
          const live = work[at];
          const exact =
            live && live.ttl === set.ttl && sameValues(live.values, set.values) && JSON.stringify(live.coordinates) === JSON.stringify(set.coordinates);
          if (!exact)
            return r53Error(
              response,
              'InvalidChangeBatch',
              `[Tried to delete resource record set [name='${set.name}.', type='${set.type}'] but it was not found]`,
            );
          work.splice(at, 1);
        } else if (action === 'CREATE') {
          if (at !== -1)
            return r53Error(
              response,
              'InvalidChangeBatch',
              `[Tried to create resource record set [name='${set.name}.', type='${set.type}'] but it already exists]`,
            );
          work.push(set);
        } else if (at === -1) work.push(set);
        else work[at] = set;
      }
      if (records > 1000 || characters > 32000)
        return r53Error(response, 'InvalidChangeBatch', `Number of records (${records}) or characters (${characters}) over the limit`);
      const conflict = cnameConflict(work);
      if (conflict)
        return r53Error(
          response,
          'InvalidChangeBatch',
          `[RRSet of type CNAME with DNS name ${conflict}. is not permitted as it conflicts with other records with the same DNS name in zone ${zone}.]`,
        );
      zones.set(zone, work);
      const id = `C${++changes}`;
      polls.set(id, 0);
      return xml(
        response,
        'ChangeResourceRecordSetsResponse',
        `<ChangeInfo><Id>/change/${id}</Id><Status>PENDING</Status><SubmittedAt>2026-11-21T00:00:00Z</SubmittedAt></ChangeInfo>`,
      );
    }
    const change = /^\/2013-04-01\/change\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && change) {
      count(requests, 'GetChange');
      const id = change[1] as string;
      const seen = (polls.get(id) ?? 0) + 1;
      polls.set(id, seen);
      const status = seen > (options.pendingPolls ?? 2) ? 'INSYNC' : 'PENDING';
      return xml(
        response,
        'GetChangeResponse',
        `<ChangeInfo><Id>/change/${id}</Id><Status>${status}</Status><SubmittedAt>2026-11-21T00:00:00Z</SubmittedAt></ChangeInfo>`,
      );
    }
    r53Error(response, 'InvalidInput', `no route for ${request.method} ${path}`);
  });
  return fake(server, endpoint, zones, requests, throttling);
}

// ---- Google Cloud DNS ----

interface GoogleRrset {
  name: string;
  type: string;
  ttl: number;
  rrdatas?: string[];
  routingPolicy?: { geo: { items: { location: string; rrdatas: string[] }[] } };
}

function toGoogle(set: StoredSet): GoogleRrset {
  return set.geo
    ? { name: `${set.name}.`, type: set.type, ttl: set.ttl, routingPolicy: { geo: { items: set.geo } } }
    : { name: `${set.name}.`, type: set.type, ttl: set.ttl, rrdatas: set.values };
}

function fromGoogle(rs: GoogleRrset): StoredSet {
  return {
    name: canonical(rs.name),
    type: rs.type,
    ttl: rs.ttl,
    values: rs.rrdatas ?? [],
    ...(rs.routingPolicy ? { geo: rs.routingPolicy.geo.items.map((i) => ({ location: i.location, rrdatas: i.rrdatas })) } : {}),
  };
}

/** The Google Cloud DNS fake (project `p`, managed zone names `zone-1`, … in order). */
export async function startGoogleFake(zoneNames: readonly string[]): Promise<CloudFake> {
  const zones = new Map(zoneNames.map((z) => [z, soaAndNs(z)]));
  const managed = new Map(zoneNames.map((z, i) => [`zone-${i + 1}`, z]));
  const requests = new Map<string, number>();
  const throttling: Failing = { count: 0, prior: false, status: 0 };
  const changes = new Map<string, { polls: number; body: object }>();
  const json = (response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(value));
  };
  const error = (response: ServerResponse, status: number, reason: string, message: string, headers: Record<string, string> = {}): void =>
    json(response, status, { error: { code: status, message, errors: [{ reason, message, domain: 'global' }] } }, headers);
  const { server, endpoint } = await listen((request, response, text) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname.replace(/\/$/, '');
    const query = new URL(request.url ?? '/', 'http://fake').searchParams;
    if (path === '/dns/v1/projects/p')
      return json(response, 200, { id: 'p', quota: { rrsetAdditionsPerChange: 1000, rrsetDeletionsPerChange: 1000, totalRrdataSizePerChange: 100000 } });
    if (path === '/dns/v1/projects/p/managedZones') {
      count(requests, 'managedZones.list');
      return json(response, 200, { managedZones: [...managed].map(([name, dnsName]) => ({ name, dnsName: `${dnsName}.`, visibility: 'public' })) });
    }
    const match = /^\/dns\/v1\/projects\/p\/managedZones\/([^/]+)\/(rrsets|changes)(?:\/([^/]+))?$/.exec(path);
    const zone = match ? managed.get(match[1] as string) : undefined;
    if (!match || !zone) return error(response, 404, 'notFound', `no route for ${request.method} ${path}`);
    if (match[2] === 'rrsets') {
      count(requests, 'rrsets.list');
      const all = (zones.get(zone) ?? []).map(toGoogle);
      const start = Number(query.get('pageToken') ?? 0);
      return json(response, 200, { rrsets: all.slice(start, start + 5), ...(start + 5 < all.length ? { nextPageToken: String(start + 5) } : {}) });
    }
    if (request.method === 'GET' && match[3]) {
      count(requests, 'changes.get');
      const change = changes.get(match[3]);
      if (!change) return error(response, 404, 'notFound', 'no such change');
      change.polls++;
      return json(response, 200, { ...change.body, id: match[3], status: change.polls > 1 ? 'done' : 'pending' });
    }
    count(requests, 'changes.create');
    if (throttling.count > 0) {
      throttling.count--;
      if (throttling.status !== 0) return error(response, throttling.status, 'backendError', 'Internal Error');
      return error(response, 429, 'rateLimitExceeded', 'Rate Limit Exceeded', { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    const parsed = JSON.parse(text) as { additions?: GoogleRrset[]; deletions?: GoogleRrset[] };
    const work = [...(zones.get(zone) ?? [])];
    for (const deletion of parsed.deletions ?? []) {
      const wanted = fromGoogle(deletion);
      const at = work.findIndex((s) => key(s) === key(wanted));
      const live = work[at];
      if (!live || JSON.stringify(toGoogle(live)) !== JSON.stringify(toGoogle({ ...wanted, values: [...wanted.values] })))
        return error(response, 412, 'conditionNotMet', `Precondition not met for 'entity.change.deletions[${deletion.name}][${deletion.type}]'`);
      work.splice(at, 1);
    }
    for (const addition of parsed.additions ?? []) {
      const set = fromGoogle(addition);
      if (work.some((s) => key(s) === key(set)))
        return error(
          response,
          409,
          'alreadyExists',
          `The resource 'entity.change.additions[${addition.name}][${addition.type}]' named '${addition.name} (${addition.type})' already exists`,
        );
      work.push(set);
    }
    const conflict = cnameConflict(work);
    if (conflict)
      return error(
        response,
        400,
        'cnameResourceRecordSetConflict',
        `The resource record set 'entity.change.additions[${conflict}.][CNAME]' is invalid because the DNS name '${conflict}.' may have either one CNAME resource record set or resource record sets of other types, but not both.`,
      );
    zones.set(zone, work);
    const id = String(changes.size + 1);
    changes.set(id, { polls: 0, body: parsed });
    return json(response, 200, { ...parsed, id, status: 'pending', kind: 'dns#change' });
  });
  return fake(server, endpoint, zones, requests, throttling);
}

// ---- Cloudflare ----

interface CfRecord {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied: boolean;
}

/** The Cloudflare fake (zone ids `cf1`, … in order). Stored sets group its records by name and type. */
export async function startCloudflareFake(zoneNames: readonly string[]): Promise<CloudFake & { records: Map<string, CfRecord[]> }> {
  const records = new Map(
    zoneNames.map((z) => [z, [{ id: `${z}-ns`, name: z, type: 'NS', content: 'ns-1.example.net', ttl: 86400, proxied: false }] as CfRecord[]]),
  );
  const ids = new Map(zoneNames.map((z, i) => [`cf${i + 1}`, z]));
  const zones = new Map<string, StoredSet[]>();
  const refresh = (zone: string): void => {
    const groups = new Map<string, StoredSet>();
    for (const r of records.get(zone) ?? []) {
      const set = groups.get(`${r.name}\t${r.type}`) ?? { name: r.name, type: r.type, ttl: r.ttl, values: [] };
      set.values.push(r.content);
      groups.set(`${r.name}\t${r.type}`, set);
    }
    zones.set(zone, [...groups.values()]);
  };
  zoneNames.forEach(refresh);
  const requests = new Map<string, number>();
  const throttling: Failing = { count: 0, prior: false, status: 0 };
  let nextId = 1;
  const json = (response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(value));
  };
  const fail = (response: ServerResponse, status: number, code: number, message: string): void =>
    json(response, status, { success: false, errors: [{ code, message }], messages: [], result: null });
  const { server, endpoint } = await listen((request, response, text) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/\/$/, '');
    if (path === '/zones') {
      count(requests, 'zones.list');
      const found = [...ids].filter(([, z]) => url.searchParams.get('name') === null || z === url.searchParams.get('name')).map(([id, name]) => ({ id, name }));
      return json(response, 200, {
        success: true,
        errors: [],
        messages: [],
        result: found,
        result_info: { page: 1, per_page: 20, count: found.length, total_count: found.length, total_pages: 1 },
      });
    }
    const match = /^\/zones\/([^/]+)\/dns_records(\/batch)?$/.exec(path);
    const zone = match ? ids.get(match[1] as string) : undefined;
    if (!match || !zone) return fail(response, 404, 7003, `no route for ${request.method} ${path}`);
    if (!match[2]) {
      count(requests, 'records.list');
      const all = records.get(zone) ?? [];
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = all.slice((page - 1) * 7, page * 7);
      return json(response, 200, {
        success: true,
        errors: [],
        messages: [],
        result: slice,
        result_info: { page, per_page: 7, count: slice.length, total_count: all.length, total_pages: Math.ceil(all.length / 7) },
      });
    }
    count(requests, 'records.batch');
    if (throttling.count > 0) {
      throttling.count--;
      if (throttling.status !== 0) return fail(response, throttling.status, 10000, 'Internal server error');
      return json(
        response,
        429,
        { success: false, errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }], messages: [], result: null },
        { 'retry-after-ms': String(CLOUDFLARE_RETRY_AFTER_MS) },
      );
    }
    const batch = JSON.parse(text) as { deletes?: { id: string }[]; patches?: Partial<CfRecord>[]; puts?: CfRecord[]; posts?: CfRecord[] };
    const work = (records.get(zone) ?? []).map((r) => ({ ...r }));
    const ttlOk = (ttl: number | undefined): boolean => ttl === undefined || ttl === 1 || (ttl >= 60 && ttl <= 86400);
    for (const { id } of batch.deletes ?? []) {
      const at = work.findIndex((r) => r.id === id);
      if (at === -1) return fail(response, 404, 81044, `Record ${id} does not exist.`);
      work.splice(at, 1);
    }
    for (const op of [...(batch.patches ?? []), ...(batch.puts ?? [])]) {
      const at = work.findIndex((r) => r.id === op.id);
      if (at === -1) return fail(response, 404, 81044, `Record ${op.id} does not exist.`);
      if (!ttlOk(op.ttl)) return fail(response, 400, 9303, 'TTL must be between 60 and 86400 seconds, or 1 for Automatic.');
      work[at] = { ...(work[at] as CfRecord), ...op } as CfRecord;
    }
    for (const post of batch.posts ?? []) {
      if (!ttlOk(post.ttl)) return fail(response, 400, 9303, 'TTL must be between 60 and 86400 seconds, or 1 for Automatic.');
      if (work.some((r) => r.name === post.name && r.type === post.type && r.content === post.content))
        return fail(response, 400, 81058, 'An identical record already exists.');
      work.push({ ...post, id: `r${nextId++}`, proxied: post.proxied ?? false });
    }
    const names = new Map<string, Set<string>>();
    for (const r of work) names.set(r.name, new Set([...(names.get(r.name) ?? []), r.type]));
    for (const [name, types] of names)
      if (types.has('CNAME') && types.size > 1) return fail(response, 400, 81053, `An A, AAAA, or CNAME record with that host already exists (${name}).`);
    records.set(zone, work);
    refresh(zone);
    return json(response, 200, {
      success: true,
      errors: [],
      messages: [],
      result: { deletes: batch.deletes ?? [], patches: batch.patches ?? [], puts: batch.puts ?? [], posts: batch.posts ?? [] },
    });
  });
  return { ...fake(server, endpoint, zones, requests, throttling), records };
}
