/**
 * The Kubernetes adapter of `diene apply kube`: `@kubernetes/client-node`'s
 * generic {@link KubernetesObjectApi} (discovery, PATCH, LIST, DELETE for any
 * kind) behind the small {@link KubeCluster} interface the command uses.
 *
 * The connection comes from kubeconfig as kubectl finds it (KUBECONFIG, else
 * ~/.kube/config, else the in-cluster service account), with `--context`
 * choosing a context; credentials are never read from the fleet.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApiException, KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import type * as KubeClientModule from '@kubernetes/client-node';
import type { KubeObject } from '../../plan/kube-apply-plan.js';
import { diagnoseFinding, FLEET_WIDE, type Finding } from '../../diagnostics/diagnostic.js';
import { FIELD_MANAGER } from './capabilities.js';

/** A kubeconfig problem the user must fix (unknown context, no cluster), as its catalog finding (exit 2). */
export class KubeConfigProblem extends Error {
  constructor(readonly finding: Finding<'kube_context_unknown' | 'kube_context_no_cluster'>) {
    super(diagnoseFinding(FLEET_WIDE, finding).message);
    this.name = 'KubeConfigProblem';
  }
}

/** No kubeconfig anywhere kubectl looks: `searched` says where this looked, in order. */
export class KubeConfigMissing extends Error {
  constructor(readonly searched: readonly string[]) {
    super(`no kubeconfig was found: looked at ${searched.join('; ')}`);
  }
}

/** Where the in-cluster service account's token is mounted. */
const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/**
 * Where kubeconfig would come from, as @kubernetes/client-node's
 * `loadFromDefault` looks (KUBECONFIG, else ~/.kube/config, else the
 * in-cluster service account): `undefined` when one is there, else each place
 * looked at and why it gave nothing. Without this check the client falls back
 * to an unauthenticated http://localhost:8080, whose first call fails with a
 * message about skipTLSVerify.
 */
export function missingKubeconfig(env: Readonly<Record<string, string | undefined>>, home: string | undefined): string[] | undefined {
  const listed = (env['KUBECONFIG'] ?? '').split(path.delimiter).filter(Boolean);
  if (listed.length > 0) {
    const absent = listed.filter((file) => !existsSync(file));
    return absent.length === listed.length
      ? [`KUBECONFIG=${env['KUBECONFIG']} (${listed.length === 1 ? 'no such file' : 'none of these files exists'})`]
      : undefined;
  }
  const searched = ['KUBECONFIG (not set)'];
  if (home) {
    const config = path.join(home, '.kube', 'config');
    if (existsSync(config)) return undefined;
    searched.push(`${config} (no such file)`);
  } else searched.push('~/.kube/config (no home directory)');
  if (env['KUBERNETES_SERVICE_HOST'] && existsSync(SERVICE_ACCOUNT_TOKEN)) return undefined;
  searched.push(`the in-cluster service account (${env['KUBERNETES_SERVICE_HOST'] ? `no ${SERVICE_ACCOUNT_TOKEN}` : 'KUBERNETES_SERVICE_HOST not set'})`);
  return searched;
}

/** A failed API call: the HTTP status (0 when none came back) and the server's message. */
export class KubeCallFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The calls `apply kube` makes. */
export interface KubeCluster {
  /** `context (server)`, for messages. */
  readonly description: string;
  /** Objects of `apiVersion`/`kind` in every namespace matching `labelSelector`; `undefined` when the server does not serve the kind. */
  list(apiVersion: string, kind: string, labelSelector: string): Promise<KubeObject[] | undefined>;
  /** Server-side apply of `object` as field manager `diene`, forcing conflicts. */
  apply(object: KubeObject, dryRun: boolean): Promise<void>;
  /** Deletes the object (background propagation). A 404 counts as done. */
  delete(object: KubeObject, dryRun: boolean): Promise<void>;
}

/** The client's module, imported on first use: an optional peer dependency (adapters/package-missing.ts). */
type KubeClient = typeof KubeClientModule;

function failure(error: unknown, ApiError: typeof ApiException): KubeCallFailed {
  if (error instanceof ApiError) {
    const body = error.body as unknown;
    let message = `HTTP ${error.code}`;
    try {
      const status = (typeof body === 'string' ? JSON.parse(body) : body) as { message?: string };
      if (status?.message) message += `: ${status.message}`;
    } catch {
      if (typeof body === 'string' && body) message += `: ${body.slice(0, 200)}`;
    }
    return new KubeCallFailed(error.code, message);
  }
  return new KubeCallFailed(0, error instanceof Error ? error.message : String(error));
}

/** The kubeconfig's context names, for messages. */
function contextNames(config: KubeConfig): string {
  return (
    config
      .getContexts()
      .map((c) => c.name)
      .join(', ') || 'none'
  );
}

/**
 * Connects to the cluster of `context` (the kubeconfig's current context when
 * absent). Throws {@link KubeConfigMissing} when there is no kubeconfig,
 * {@link KubeConfigProblem} when the context does not exist or names no
 * cluster. Makes no request. Rejects with the module loader's error when
 * `@kubernetes/client-node` is not installed.
 */
export async function connectKube(options: { context?: string; kubeconfig?: KubeConfig } = {}): Promise<KubeCluster> {
  const { ApiException: ApiError, KubeConfig: Config, KubernetesObjectApi, PatchStrategy }: KubeClient = await import('@kubernetes/client-node');
  const config = options.kubeconfig ?? new Config();
  if (!options.kubeconfig) {
    const searched = missingKubeconfig(process.env, process.env['HOME'] || undefined);
    if (searched) throw new KubeConfigMissing(searched);
    config.loadFromDefault();
  }
  if (options.context !== undefined) {
    if (!config.getContexts().some((c) => c.name === options.context)) {
      throw new KubeConfigProblem({ code: 'kube_context_unknown', args: { context: options.context, known: contextNames(config) } });
    }
    config.setCurrentContext(options.context);
  }
  const cluster = config.getCurrentCluster();
  if (!cluster) throw new KubeConfigProblem({ code: 'kube_context_no_cluster', args: { context: config.getCurrentContext(), known: contextNames(config) } });
  const api = KubernetesObjectApi.makeApiClient(config);
  const dry = (dryRun: boolean): string | undefined => (dryRun ? 'All' : undefined);
  return {
    description: `${config.getCurrentContext()} (${cluster.server})`,
    async list(apiVersion, kind, labelSelector) {
      const items: KubeObject[] = [];
      let continueToken: string | undefined;
      try {
        do {
          const page = await api.list(apiVersion, kind, undefined, undefined, undefined, undefined, undefined, labelSelector, 500, continueToken);
          for (const item of page.items) items.push({ ...(item as KubeObject), apiVersion, kind });
          const meta = page.metadata as { _continue?: string; continue?: string } | undefined;
          continueToken = meta?._continue || meta?.continue || undefined;
        } while (continueToken);
      } catch (error) {
        // discovery answered 404 for the group version, or listed it without this kind: the server does not serve it
        if (error instanceof Error && error.message.startsWith('Unrecognized API version and kind')) return undefined;
        const failed = failure(error, ApiError);
        if (failed.status === 404) return undefined;
        throw failed;
      }
      return items;
    },
    async apply(object, dryRun) {
      try {
        await api.patch(object as KubernetesObject, undefined, dry(dryRun), FIELD_MANAGER, true, PatchStrategy.ServerSideApply);
      } catch (error) {
        throw failure(error, ApiError);
      }
    },
    async delete(object, dryRun) {
      try {
        await api.delete(
          {
            apiVersion: object.apiVersion,
            kind: object.kind,
            metadata: { name: object.metadata.name, namespace: object.metadata.namespace },
          } as KubernetesObject,
          undefined,
          dry(dryRun),
          undefined,
          undefined,
          'Background',
        );
      } catch (error) {
        const failed = failure(error, ApiError);
        if (failed.status !== 404) throw failed;
      }
    },
  };
}
