/**
 * The object-store adapter of `diene apply books`: an S3 client (AWS SDK v3,
 * `@aws-sdk/client-s3`) behind a small {@link ObjectStore} interface, for AWS
 * S3 and for S3-compatible stores such as Cloudflare R2 through `--endpoint`.
 *
 * Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an IAM role), never from a file of the
 * fleet. The region is AWS_REGION or AWS_DEFAULT_REGION when set, else `auto`
 * with an endpoint (what R2 expects) and `us-east-1` without one (the SDK then
 * follows S3's region redirects). With an endpoint, requests use path-style
 * addressing (`<endpoint>/<bucket>/<key>`), which R2 and local servers accept.
 * Checksums are sent only when an operation requires them, so stores that do
 * not know the newer flexible checksums accept the uploads. The SDK's own
 * retries (3 attempts) are the only ones: nothing here retries. The adapter
 * never writes to the process environment (the CLI entry, bin/diene.js,
 * switches the SDK's Node-version notice off). The SDK is an optional
 * dependency, imported on first use ({@link s3SdkInstalled} asks first).
 */
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { isPackageMissing } from '../package-missing.js';

/** The npm package of the S3 SDK. */
export const S3_SDK_PACKAGE = '@aws-sdk/client-s3';

type S3Sdk = typeof S3;
let sdk: Promise<S3Sdk> | undefined;
const loadSdk = (): Promise<S3Sdk> => (sdk ??= import('@aws-sdk/client-s3'));

/** Whether the S3 SDK can be imported (false when npm left the optional dependency out). Throws any other import failure. */
export async function s3SdkInstalled(): Promise<boolean> {
  try {
    await loadSdk();
    return true;
  } catch (error) {
    if (isPackageMissing(error, S3_SDK_PACKAGE)) return false;
    throw error;
  }
}

/** An object's bytes (UTF-8 text) and its ETag, as the store reports it (quotes included). */
export interface StoredObject {
  body: string;
  etag: string;
}

/** How to write: the headers a book upload carries, and the condition on the current object. */
export interface PutOptions {
  contentType: string;
  cacheControl: string;
  /** Write only if the current object has this ETag (`If-Match`). */
  ifMatch?: string;
  /** Write only if no object exists (`If-None-Match: *`). */
  ifNoneMatch?: '*';
}

/** A failed write condition: the object changed since it was read (HTTP 412, or 409 for racing creates). */
export class PreconditionFailed extends Error {
  constructor(readonly key: string) {
    super(`${key} changed since it was read`);
  }
}

/** The operations `apply books` needs; keys are relative to the target's prefix. */
export interface ObjectStore {
  /** `s3://bucket/prefix`, plus the endpoint when there is one: for messages. */
  readonly description: string;
  /** The object at `key`, or `undefined` when there is none. Throws on any other failure. */
  get(key: string): Promise<StoredObject | undefined>;
  /** The ETag of the object at `key`, or `undefined` when there is none. Throws on any other failure. */
  etag(key: string): Promise<string | undefined>;
  /** Writes `body` at `key`. Throws {@link PreconditionFailed} when the condition fails, any other error as is. */
  put(key: string, body: string, options: PutOptions): Promise<void>;
}

/** Where books go: `s3://<bucket>[/<prefix>]` and an optional S3 API endpoint. */
export interface StoreTarget {
  bucket: string;
  /** Key prefix without leading or trailing `/`; `''` for the bucket root. */
  prefix: string;
  /** An S3 API endpoint URL (R2: `https://<account>.r2.cloudflarestorage.com`); AWS S3 when absent. */
  endpoint?: string;
  /** Explicit credentials (tests); the SDK's default chain when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Parses `s3://bucket[/prefix]` into bucket and prefix. Returns a reason
 * string instead when it is not such a URL (the bucket must follow S3's
 * naming rules: 3–63 lower-case letters, digits, dots and hyphens).
 */
export function parseS3Url(url: string): { bucket: string; prefix: string } | string {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(url);
  if (!match) return `--to "${url}" is not s3://<bucket>[/<prefix>]`;
  const bucket = match[1] as string;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return `bucket "${bucket}" is not a valid S3 bucket name`;
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((segment) => segment === '.' || segment === '..') || prefix.includes('//'))
    return `prefix "${prefix}" has an empty, . or .. segment`;
  return { bucket, prefix };
}

/** An error the S3 service answered (the SDK's ServiceException: `$fault` and `$metadata`), as opposed to a network failure. */
function isServiceError(error: unknown): error is Error & { $metadata: { httpStatusCode?: number } } {
  return (
    error instanceof Error && typeof (error as { $fault?: unknown }).$fault === 'string' && typeof (error as { $metadata?: unknown }).$metadata === 'object'
  );
}

function statusOf(error: unknown): number | undefined {
  return isServiceError(error) ? error.$metadata.httpStatusCode : undefined;
}

function isMissing(error: unknown): boolean {
  return isServiceError(error) && (error.name === 'NoSuchKey' || error.name === 'NotFound') && statusOf(error) === 404;
}

/** A one-line description of an SDK or network error, for messages. */
export function describeStoreError(error: unknown): string {
  if (isServiceError(error)) return `${error.name} (HTTP ${statusOf(error) ?? '?'}): ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** An {@link ObjectStore} over `target` with the AWS SDK. Creates no connection until the first call. */
export function createS3Store(target: StoreTarget): ObjectStore {
  const region = process.env['AWS_REGION'] || process.env['AWS_DEFAULT_REGION'] || (target.endpoint ? 'auto' : 'us-east-1');
  let made: Promise<{ s3: S3Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (made ??= loadSdk().then((s3) => ({
      s3,
      client: new s3.S3Client({
        region,
        ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
        ...(target.credentials ? { credentials: target.credentials } : {}),
        followRegionRedirects: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    })));
  const fullKey = (key: string): string => (target.prefix === '' ? key : `${target.prefix}/${key}`);
  const description = `s3://${target.bucket}${target.prefix === '' ? '' : `/${target.prefix}`}${target.endpoint ? ` at ${target.endpoint}` : ''}`;

  return {
    description,
    async get(key) {
      const { s3, client } = await connect();
      try {
        const response = await client.send(new s3.GetObjectCommand({ Bucket: target.bucket, Key: fullKey(key) }));
        return { body: (await response.Body?.transformToString('utf-8')) ?? '', etag: response.ETag ?? '' };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async etag(key) {
      const { s3, client } = await connect();
      try {
        return (await client.send(new s3.HeadObjectCommand({ Bucket: target.bucket, Key: fullKey(key) }))).ETag ?? '';
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async put(key, body, options) {
      const { s3, client } = await connect();
      try {
        await client.send(
          new s3.PutObjectCommand({
            Bucket: target.bucket,
            Key: fullKey(key),
            Body: body,
            ContentType: options.contentType,
            CacheControl: options.cacheControl,
            ...(options.ifMatch !== undefined ? { IfMatch: options.ifMatch } : {}),
            ...(options.ifNoneMatch !== undefined ? { IfNoneMatch: options.ifNoneMatch } : {}),
          }),
        );
      } catch (error) {
        const status = statusOf(error);
        if (status === 412 || status === 409) throw new PreconditionFailed(key);
        throw error;
      }
    },
  };
}
