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
 * not know the newer flexible checksums accept the uploads. The SDK's notice
 * about Node 20 support is switched off (its documented environment switch)
 * unless the caller set that switch.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

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

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound') && statusOf(error) === 404;
}

/** A one-line description of an SDK or network error, for messages. */
export function describeStoreError(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name} (HTTP ${statusOf(error) ?? '?'}): ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** An {@link ObjectStore} over `target` with the AWS SDK. Creates no connection until the first call. */
export function createS3Store(target: StoreTarget): ObjectStore {
  // The SDK warns on every run under Node < 22 that its releases after 2027-01 need Node 22; diene supports
  // Node 20 on purpose, so the notice is not actionable for its users. The SDK's documented switch, unless set.
  process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] ??= 'true';
  const region = process.env['AWS_REGION'] || process.env['AWS_DEFAULT_REGION'] || (target.endpoint ? 'auto' : 'us-east-1');
  const client = new S3Client({
    region,
    ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
    ...(target.credentials ? { credentials: target.credentials } : {}),
    followRegionRedirects: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const fullKey = (key: string): string => (target.prefix === '' ? key : `${target.prefix}/${key}`);
  const description = `s3://${target.bucket}${target.prefix === '' ? '' : `/${target.prefix}`}${target.endpoint ? ` at ${target.endpoint}` : ''}`;

  return {
    description,
    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: target.bucket, Key: fullKey(key) }));
        return { body: (await response.Body?.transformToString('utf-8')) ?? '', etag: response.ETag ?? '' };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async etag(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: target.bucket, Key: fullKey(key) }))).ETag ?? '';
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async put(key, body, options) {
      try {
        await client.send(
          new PutObjectCommand({
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
