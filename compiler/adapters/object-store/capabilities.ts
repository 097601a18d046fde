/**
 * What an S3-compatible store guarantees to `diene apply books`, as data with
 * reasons (STYLE.md "Adapters declare capabilities"). The publisher relies on
 * the first two; the third says why it re-reads before writing.
 */

/** A capability: whether the store has it, and why (with the source). */
export interface Capability {
  can: boolean;
  why: string;
}

/** Capabilities of the object stores `apply books` writes to (AWS S3 and Cloudflare R2, through the S3 API). */
export const OBJECT_STORE_CAPABILITIES = {
  conditionalWrites: {
    can: true,
    why: 'PutObject honours If-Match (an ETag) and If-None-Match: * on AWS S3 (since 2024-11) and Cloudflare R2, failing with 412 Precondition Failed (or 409 ConditionalRequestConflict for two racing creates)',
  },
  strongReadAfterWrite: {
    can: true,
    why: 'AWS S3 (since 2020-12) and R2 give strong read-after-write consistency, so the ETag read before planning is the current one',
  },
  conditionalWritesEverywhere: {
    can: false,
    why: 'some S3-compatible servers (s3rver, older MinIO) ignore If-Match on PutObject; the publisher therefore also re-reads each ETag just before writing, which narrows the race but cannot close it on such a server',
  },
} as const satisfies Record<string, Capability>;
