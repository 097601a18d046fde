/**
 * A Kubernetes API server double for the contract test of `diene apply kube`:
 * a real HTTP server on 127.0.0.1 (a free port) implementing exactly the calls
 * the applier makes, as the Kubernetes API documents them:
 *
 * - discovery `GET /apis/<group>/<version>` → APIResourceList (404 for an
 *   unserved group version);
 * - `GET /apis/<group>/<version>[/namespaces/<ns>]/<plural>?labelSelector=a=b,c=d`
 *   → a `<Kind>List` (equality selectors only; `limit`/`continue` paging);
 * - server-side apply `PATCH …/<plural>/<name>?fieldManager=…&force=…[&dryRun=All]`
 *   with `Content-Type: application/apply-patch+yaml` (anything else → 415;
 *   no fieldManager → 400). The stored object becomes the applied one (this
 *   double keeps no field ownership beyond recording the manager);
 * - `DELETE …/<plural>/<name>[?dryRun=All]` → Status (404 when absent).
 *
 * `dryRun=All` runs the same checks and stores nothing. Every request is
 * recorded; `failOn` makes chosen calls answer 500. It is not Kubernetes: no
 * admission, no schema validation, no field-level merge.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A served kind: group/version, kind, plural resource name, namespaced or not. */
export interface ServedKind {
  groupVersion: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  body?: unknown;
}

type Obj = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [k: string]: unknown };
  [k: string]: unknown;
};

/** The kinds a platform render holds, as a cluster with Kargo, Argo CD and the Platform CRD installed serves them. */
export const DIENE_KINDS: readonly ServedKind[] = [
  { groupVersion: 'diene.atomi.cloud/v1alpha1', kind: 'Platform', plural: 'platforms', namespaced: false },
  { groupVersion: 'kargo.akuity.io/v1alpha1', kind: 'Project', plural: 'projects', namespaced: false },
  { groupVersion: 'kargo.akuity.io/v1alpha1', kind: 'ProjectConfig', plural: 'projectconfigs', namespaced: true },
  { groupVersion: 'kargo.akuity.io/v1alpha1', kind: 'Warehouse', plural: 'warehouses', namespaced: true },
  { groupVersion: 'kargo.akuity.io/v1alpha1', kind: 'Stage', plural: 'stages', namespaced: true },
  { groupVersion: 'argoproj.io/v1alpha1', kind: 'AppProject', plural: 'appprojects', namespaced: true },
  { groupVersion: 'argoproj.io/v1alpha1', kind: 'ApplicationSet', plural: 'applicationsets', namespaced: true },
];

export class KubeApiDouble {
  readonly requests: RecordedRequest[] = [];
  /** Stored objects by `plural/namespace/name`. */
  readonly objects = new Map<string, Obj>();
  /** Return 500 for a request when this returns true. */
  failOn: (request: RecordedRequest) => boolean = () => false;
  private server: Server | undefined;
  private resourceVersion = 1;
  url = '';

  constructor(readonly kinds: readonly ServedKind[] = DIENE_KINDS) {}

  /** Starts listening on 127.0.0.1 on a free port. */
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Puts an object straight into the store (as if another tool had created it). */
  seed(object: Obj): void {
    const kind = this.kinds.find((k) => k.groupVersion === object.apiVersion && k.kind === object.kind);
    if (!kind) throw new Error(`not served: ${object.apiVersion} ${object.kind}`);
    this.objects.set(this.key(kind, object.metadata.namespace ?? '', object.metadata.name), structuredClone(object));
  }

  /** The stored object of `kind` at `namespace/name`, if any. */
  get(kind: string, namespace: string, name: string): Obj | undefined {
    const served = this.kinds.find((k) => k.kind === kind);
    return served ? this.objects.get(this.key(served, namespace, name)) : undefined;
  }

  private key(kind: ServedKind, namespace: string, name: string): string {
    return `${kind.plural}/${kind.namespaced ? namespace : ''}/${name}`;
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private status(res: ServerResponse, code: number, reason: string, message: string): void {
    this.send(res, code, { apiVersion: 'v1', kind: 'Status', status: code < 300 ? 'Success' : 'Failure', reason, message, code });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      contentType: req.headers['content-type'],
      ...(text ? { body: JSON.parse(text) as unknown } : {}),
    };
    this.requests.push(request);
    if (this.failOn(request)) return this.status(res, 500, 'InternalError', 'injected failure');

    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'apis' || parts.length < 3) return this.status(res, 404, 'NotFound', `the server could not find ${url.pathname}`);
    const groupVersion = `${parts[1]}/${parts[2]}`;
    const served = this.kinds.filter((k) => k.groupVersion === groupVersion);
    if (served.length === 0) return this.status(res, 404, 'NotFound', `the server could not find the requested resource (${groupVersion})`);
    if (parts.length === 3 && request.method === 'GET')
      return this.send(res, 200, {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion,
        resources: served.map((k) => ({
          name: k.plural,
          singularName: k.kind.toLowerCase(),
          namespaced: k.namespaced,
          kind: k.kind,
          verbs: ['delete', 'get', 'list', 'patch'],
        })),
      });

    let rest = parts.slice(3);
    let namespace = '';
    if (rest[0] === 'namespaces' && rest.length >= 3) {
      namespace = rest[1] ?? '';
      rest = rest.slice(2);
    }
    const kind = served.find((k) => k.plural === rest[0]);
    if (!kind) return this.status(res, 404, 'NotFound', `no resource ${rest[0]} in ${groupVersion}`);
    const name = rest[1];
    const dryRun = request.query['dryRun'];
    if (dryRun !== undefined && dryRun !== 'All') return this.status(res, 400, 'BadRequest', `invalid dryRun "${dryRun}"`);

    if (name === undefined && request.method === 'GET') return this.list(res, kind, namespace, request.query);
    if (name === undefined) return this.status(res, 405, 'MethodNotAllowed', 'collection writes are not part of the contract');
    const key = this.key(kind, namespace, name);

    if (request.method === 'PATCH') {
      if (request.contentType !== 'application/apply-patch+yaml')
        return this.status(res, 415, 'UnsupportedMediaType', `content type ${request.contentType} is not apply`);
      if (!request.query['fieldManager']) return this.status(res, 400, 'BadRequest', 'fieldManager is required for apply patch');
      const body = request.body as Obj;
      if (body.apiVersion !== kind.groupVersion || body.kind !== kind.kind || body.metadata?.name !== name)
        return this.status(res, 400, 'BadRequest', 'the body does not match the URL');
      if (kind.namespaced && (body.metadata.namespace ?? namespace) !== namespace) return this.status(res, 400, 'BadRequest', 'namespace mismatch');
      const existing = this.objects.get(key);
      const stored: Obj = {
        ...structuredClone(body),
        metadata: {
          ...structuredClone(body.metadata),
          ...(kind.namespaced ? { namespace } : {}),
          uid: (existing?.metadata['uid'] as string | undefined) ?? `uid-${key}`,
          resourceVersion: String(++this.resourceVersion),
          managedFields: [{ manager: request.query['fieldManager'], operation: 'Apply' }],
        },
      };
      if (dryRun !== 'All') this.objects.set(key, stored);
      return this.send(res, existing ? 200 : 201, stored);
    }
    if (request.method === 'DELETE') {
      if (!this.objects.has(key)) return this.status(res, 404, 'NotFound', `${kind.plural} "${name}" not found`);
      if (dryRun !== 'All') this.objects.delete(key);
      return this.status(res, 200, 'Deleted', `${kind.plural} "${name}" deleted`);
    }
    if (request.method === 'GET') {
      const object = this.objects.get(key);
      return object ? this.send(res, 200, object) : this.status(res, 404, 'NotFound', `${kind.plural} "${name}" not found`);
    }
    return this.status(res, 405, 'MethodNotAllowed', `${request.method} is not part of the contract`);
  }

  private list(res: ServerResponse, kind: ServedKind, namespace: string, query: Record<string, string>): void {
    const selector = (query['labelSelector'] ?? '')
      .split(',')
      .filter(Boolean)
      .map((term) => {
        const [label, value] = term.split('=');
        return [label ?? '', value ?? ''] as const;
      });
    const items = [...this.objects.entries()]
      .filter(([key]) => key.startsWith(`${kind.plural}/`))
      .map(([, object]) => object)
      .filter((o) => !kind.namespaced || namespace === '' || o.metadata.namespace === namespace)
      .filter((o) => selector.every(([label, value]) => o.metadata.labels?.[label] === value))
      .sort((a, b) => ((a.metadata.namespace ?? '') + a.metadata.name < (b.metadata.namespace ?? '') + b.metadata.name ? -1 : 1));
    const limit = Number(query['limit'] ?? 0) || items.length;
    const start = Number(query['continue'] ?? 0);
    const page = items.slice(start, start + limit);
    const next = start + limit < items.length ? String(start + limit) : undefined;
    this.send(res, 200, {
      apiVersion: kind.groupVersion,
      kind: `${kind.kind}List`,
      metadata: { resourceVersion: String(this.resourceVersion), ...(next ? { continue: next } : {}) },
      items: page,
    });
  }
}

/** A kubeconfig (YAML) with one context per `[name, server URL]`, the first current, bearer-token users; `insecure-skip-tls-verify` because client-node refuses plain http otherwise. */
export function kubeconfigFor(contexts: readonly (readonly [string, string])[]): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    `current-context: ${contexts[0]?.[0]}`,
    'clusters:',
    ...contexts.flatMap(([name, server]) => [`  - name: ${name}`, '    cluster:', `      server: ${server}`, '      insecure-skip-tls-verify: true']),
    'users:',
    ...contexts.flatMap(([name]) => [`  - name: ${name}`, '    user:', `      token: test-token-${name}`]),
    'contexts:',
    ...contexts.flatMap(([name]) => [`  - name: ${name}`, '    context:', `      cluster: ${name}`, `      user: ${name}`]),
    '',
  ].join('\n');
}
