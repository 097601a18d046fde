/**
 * What every DNS host adapter offers `diene apply dns` and `diene export dns`
 * (STYLE.md "Plans and appliers"; SPEC §3.3, §5): read a zone's live record
 * sets into the planner's live format, describe the native writes of a zone
 * plan without sending them, and send them.
 *
 * Design note. One adapter object serves one host (a `dns.hosts[]` entry of
 * fleet.yaml) and holds that host's client and, per zone, the native record
 * sets of its last `observe`: hosts that refuse a delete unless it repeats the
 * live record set exactly (Route 53, Google) or that address records by id
 * (Cloudflare) build their writes from what was read, never from a guess.
 * Writes to one zone are serialized by the caller; each zone is written in
 * the host's atomic unit (one UPDATE message, one PATCH, one change batch,
 * one Change, one /batch call), split only between whole names when a host
 * limit forces it. Every failure is a {@link DnsHostError} naming the host
 * and the zone and carrying the host's own message.
 */
import type { ZonePlanDocument } from '../../dns/zone-plan.js';
import type { DiagnosticArgsOf, DiagnosticCode } from '../../diagnostics/catalog.js';
import { diagnoseUnchecked, FLEET_WIDE, type Diagnostic, type RelatedLocation } from '../../diagnostics/diagnostic.js';
import type { ZoneHostPlan } from '../../plan/traffic-planner.js';
import type { DnsHostKind } from '../../dns/host-capabilities.js';
import { isPackageMissing } from '../package-missing.js';

/**
 * The catalog codes of a failure at a DNS host: each names the host, and the
 * zone unless the failure is the host's whatever the zone (its SDK not
 * installed, said once for all its zones).
 */
export type DnsHostCode = {
  [C in DiagnosticCode]: 'host' extends keyof DiagnosticArgsOf<C> ? (C extends `dns_${string}` ? C : never) : never;
}[DiagnosticCode];

/** The arguments of `code` besides the host and the zone, which the adapter adds. */
export type DnsProblemArgs<C extends DnsHostCode> = Omit<DiagnosticArgsOf<C>, 'host' | 'zone'>;

/**
 * What went wrong while reading or writing a zone, as a catalog code and its
 * arguments, before the adapter names its host and zone (protocol and
 * conversion code knows neither). `progress` says which of several requests
 * failed, and how many were applied before it.
 */
export class DnsProblem<C extends DnsHostCode = DnsHostCode> extends Error {
  constructor(
    readonly code: C,
    readonly args: DnsProblemArgs<C>,
    options?: { cause?: unknown; progress?: string },
  ) {
    super(
      `${code}: ${Object.entries(args as Record<string, unknown>)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(', ')}`,
      options,
    );
    this.name = 'DnsProblem';
    if (options?.progress !== undefined) this.progress = options.progress;
  }

  progress?: string;

  /** The same problem, found in request `index` (0-based) of `count`, after `index` requests were applied. */
  during(what: string, index: number, count: number): DnsProblem<C> {
    return count > 1
      ? new DnsProblem(this.code, this.args, { cause: this.cause, progress: `${what} ${index + 1} of ${count} failed, after ${index} applied` })
      : this;
  }
}

/** A failure of one host on one zone: its catalog diagnostic (message, hint) and, for a write in several requests, how far it got. */
export class DnsHostError extends Error {
  constructor(
    readonly host: string,
    readonly zone: string,
    readonly diagnostic: Diagnostic,
    options?: { cause?: unknown },
  ) {
    super(diagnostic.message, options);
    this.name = 'DnsHostError';
  }
}

/** The diagnostic of `problem` at `host` and `zone`. */
export function hostDiagnostic(host: string, zone: string, problem: DnsProblem): Diagnostic {
  const related: RelatedLocation[] = problem.progress !== undefined ? [{ file: null, line: null, column: null, message: problem.progress }] : [];
  // The arguments were checked against the code where the problem was built; host and zone complete them.
  return diagnoseUnchecked(FLEET_WIDE, problem.code, { ...(problem.args as Record<string, string | number>), host, zone }, related);
}

/** {@link DnsHostError} of `problem` at `host` and `zone`. */
export function hostError(host: string, zone: string, problem: DnsProblem): DnsHostError {
  return new DnsHostError(host, zone, hostDiagnostic(host, zone, problem), { cause: problem });
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);
const UNREACHABLE_NAMES = new Set(['APIConnectionError', 'APIConnectionTimeoutError', 'TimeoutError', 'AbortError']);

/** True when `error` (or an error it was caused by) says the host could not be reached at all. */
export function isUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if ((typeof code === 'string' && UNREACHABLE_CODES.has(code)) || UNREACHABLE_NAMES.has(e.name) || e.message === 'fetch failed') return true;
  }
  return false;
}

/** The HTTP status of an SDK or API error, when it carries one. */
export function httpStatusOf(error: unknown): number | undefined {
  const e = error as { status?: unknown; code?: unknown; statusCode?: unknown; $metadata?: { httpStatusCode?: unknown } } | undefined;
  for (const value of [e?.status, e?.statusCode, e?.$metadata?.httpStatusCode, e?.code])
    if (typeof value === 'number' && value >= 100 && value < 600) return value;
  return undefined;
}

/** The npm package of each cloud host kind's SDK (optional dependencies, imported on first use). */
export const CLOUD_SDK_PACKAGES = { cloudflare: 'cloudflare', google: '@google-cloud/dns', route53: '@aws-sdk/client-route-53' } as const;

/**
 * Runs `load` (an import of the SDK of `provider`, or of a module that
 * imports it); a missing SDK package becomes {@link DnsProblem}
 * `dns_host_sdk_missing`.
 */
export async function loadSdk<T>(provider: keyof typeof CLOUD_SDK_PACKAGES, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const name = CLOUD_SDK_PACKAGES[provider];
    if (isPackageMissing(error, name)) throw new DnsProblem('dns_host_sdk_missing', { provider, package: name }, { cause: error });
    throw error;
  }
}

/** True for an HTTP 5xx answer (the host failed, not the request): worth one more try. */
export function isServerError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 500;
}

/**
 * True when `error` (or an error it was caused by) says a cloud SDK found no
 * credentials at all: the AWS SDK's CredentialsProviderError once every
 * provider of its chain came up empty, or the Google client's "Could not
 * load the default credentials".
 */
export function isCredentialsMissing(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e.name === 'CredentialsProviderError' || e.message.startsWith('Could not load the default credentials')) return true;
  return false;
}

/**
 * {@link requestError} for a cloud SDK host of `provider`: no credentials
 * found is `dns_host_credentials_missing` (nothing was sent), anything else
 * as {@link requestError} classifies it.
 */
export function cloudRequestError(provider: 'route53' | 'google', host: string, zone: string, error: unknown, answer?: string): DnsHostError {
  if (!(error instanceof DnsHostError) && !(error instanceof DnsProblem) && isCredentialsMissing(error))
    return hostError(host, zone, new DnsProblem('dns_host_credentials_missing', { provider, where: provider }, { cause: error }));
  return requestError(host, zone, error, answer);
}

/**
 * The {@link DnsHostError} of a failure while talking to a host: a
 * {@link DnsProblem} as it is; an SDK or network error as unreachable,
 * credentials refused (HTTP 401/403) or a refused request, carrying the
 * host's own answer. `prefix` adds the SDK's error name when it says more.
 */
export function requestError(host: string, zone: string, error: unknown, answer: string = describeError(error)): DnsHostError {
  if (error instanceof DnsHostError) return error;
  if (error instanceof DnsProblem) return hostError(host, zone, error);
  const progress = (error as { progress?: unknown } | undefined)?.progress;
  const options = typeof progress === 'string' ? { cause: error, progress } : { cause: error };
  const status = httpStatusOf(error) ?? httpStatusOf((error as { cause?: unknown } | undefined)?.cause);
  if (isUnreachable(error)) return hostError(host, zone, new DnsProblem('dns_host_unreachable', { answer }, options));
  if (status === 401 || status === 403) return hostError(host, zone, new DnsProblem('dns_api_denied', { answer }, options));
  return hostError(host, zone, new DnsProblem('dns_api_refused', { answer }, options));
}

/**
 * The {@link DnsHostError} of a plan that cannot be written: a
 * {@link DnsProblem} (a name over a host limit) as it is; anything else is a
 * bug of the plan or the conversion and is thrown on as an internal error.
 */
export function conversionError(host: string, zone: string, error: unknown): DnsHostError {
  if (error instanceof DnsProblem) return hostError(host, zone, error);
  throw error;
}

/** An error of a write in several requests, with which one failed; {@link requestError} carries the progress into the diagnostic. */
export function withProgress(error: unknown, what: string, index: number, count: number): unknown {
  if (count <= 1) return error;
  if (error instanceof DnsProblem) return error.during(what, index, count);
  const wrapped = new Error(describeError(error), { cause: error }) as Error & { progress: string };
  wrapped.name = error instanceof Error ? error.name : 'Error';
  wrapped.progress = `${what} ${index + 1} of ${count} failed, after ${index} applied`;
  return wrapped;
}

/** What one `apply` sent: how many native requests, and a line about each. */
export interface ApplyOutcome {
  requests: number;
  lines: string[];
}

/** One DNS host, reached through its own protocol or SDK. */
export interface DnsHostAdapter {
  /** The host's name in fleet.yaml. */
  readonly host: string;
  readonly kind: DnsHostKind;
  /**
   * Every record set of `zone` (canonical name, no trailing dot) as the host
   * returns it, in the live format of `schemas/dns-plan.schema.json`
   * (version 1, this host and kind). Remembers the native record sets for
   * the next {@link apply} to the same zone. Throws {@link DnsHostError}.
   */
  observe(zone: string): Promise<ZonePlanDocument>;
  /** One line per native request that {@link apply} would send for `plan` (nothing is sent). Throws {@link DnsHostError} when the plan cannot be written at all (a name over a host limit). */
  describe(plan: ZoneHostPlan): string[];
  /**
   * Writes `plan` (one zone on this host) and resolves once the host reports
   * it applied (Route 53 INSYNC, Google `done`). A plan without changes sends
   * nothing. Observes the zone first when it was not observed by this
   * adapter. Throws {@link DnsHostError}; a host whose unit is atomic has
   * then written nothing of that unit.
   */
  apply(plan: ZoneHostPlan): Promise<ApplyOutcome>;
}

/** Where an adapter reads secrets from: the process environment, or a map in tests. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** How adapters wait (injectable so tests of retries and propagation polls run fast). */
export interface Timing {
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
  /** Longest wait, in milliseconds, for a host to report a change applied (Route 53 INSYNC, Google done). */
  propagationTimeoutMs: number;
  /** Tries per request on throttling or a server error before giving up (the SDKs' own retries are off: one policy per call). */
  maxAttempts: number;
  /** First backoff window in milliseconds; doubles each try, with full jitter, capped at 20 s (a longer `Retry-After` wins). */
  baseDelayMs: number;
}

/** Real timing: 10 minutes for propagation, 8 tries starting at 500 ms. */
export const DEFAULT_TIMING: Timing = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  propagationTimeoutMs: 10 * 60_000,
  maxAttempts: 8,
  baseDelayMs: 500,
};

/** The backoff before try `attempt` (1-based, after a failed try): full jitter, a random wait in an exponentially growing window, capped at 20 s (AWS architecture blog "Exponential Backoff and Jitter"). */
export function backoffMs(timing: Timing, attempt: number): number {
  const window = Math.min(20_000, timing.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(Math.random() * window);
}

/** The longest `Retry-After` a run waits for: a host that asks for longer is down for now, and the error is reported. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** A header of a response as the SDKs keep it: a Fetch `Headers` (Cloudflare) or a plain object with lower-case names (AWS `$response`, Google's `response`). */
function header(headers: unknown, name: string): string | undefined {
  if (headers === null || typeof headers !== 'object') return undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
}

/**
 * How long the host asked the caller to wait, in milliseconds, from the
 * response headers an SDK error carries: `retry-after-ms` (Cloudflare), or
 * `Retry-After` in seconds or as an HTTP date (RFC 9110 §10.2.3); undefined
 * when the error says nothing. `now` is the clock in milliseconds, for a date.
 */
export function retryAfterMs(error: unknown, now: number = Date.now()): number | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const e = error as { headers?: unknown; $response?: { headers?: unknown }; response?: { headers?: unknown } };
  for (const headers of [e.headers, e.$response?.headers, e.response?.headers]) {
    const ms = header(headers, 'retry-after-ms');
    if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
    const after = header(headers, 'retry-after')?.trim();
    if (after === undefined || after === '') continue;
    if (/^\d+$/.test(after)) return Number(after) * 1000;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return undefined;
}

/** A one-line description of any thrown value. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const first = error.message.split('\n')[0] || error.name;
  const cause = error.cause instanceof Error ? error.cause.message.split('\n')[0] : undefined;
  return cause && !first.includes(cause) ? `${first}: ${cause}` : first;
}

/** `name.` for a canonical name (`""` is the root, `.`). */
export function absolute(name: string): string {
  return name === '' ? '.' : `${name}.`;
}

/**
 * Runs `attempt` until it succeeds, retrying while `retryable(error)` says
 * the host asked to slow down (throttling, a prior change still in progress)
 * or failed on its side (5xx), at most `timing.maxAttempts` tries. Between
 * tries it waits {@link backoffMs}, or what the answer's `Retry-After` asks
 * when that is longer ({@link retryAfterMs}); a host asking for more than
 * {@link MAX_RETRY_AFTER_MS} is not tried again. Rethrows the last error.
 */
export async function withRetry<T>(timing: Timing, retryable: (error: unknown) => boolean, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= timing.maxAttempts || !retryable(error)) throw error;
      const asked = retryAfterMs(error);
      if (asked !== undefined && asked > MAX_RETRY_AFTER_MS) throw error;
      await timing.sleep(Math.max(backoffMs(timing, tries), asked ?? 0));
    }
  }
}

/** Polls `done` with growing delays (1 s, doubling, capped at 15 s, scaled by `timing.baseDelayMs / 500`) until it returns true; throws after `timing.propagationTimeoutMs`. */
export async function pollUntil(timing: Timing, what: string, done: () => Promise<boolean>): Promise<void> {
  let waited = 0;
  let delay = Math.max(1, Math.round(timing.baseDelayMs * 2));
  while (!(await done())) {
    if (waited >= timing.propagationTimeoutMs) throw new DnsProblem('dns_api_refused', { answer: `${what}: not done after ${Math.round(waited / 1000)} s` });
    await timing.sleep(delay);
    waited += delay;
    delay = Math.min(delay * 2, Math.max(1, Math.round(timing.baseDelayMs * 30)));
  }
}
