/**
 * The publish plan of `diene apply books` (SPEC §3.5, §3.6), pure: the books
 * this fleet compiles to (with the serial the publisher stamped) against what
 * the bucket holds now → one change per book and the refusals.
 *
 * Per book key:
 * - absent remotely → `create`;
 * - same digest remotely → `keep` (content unchanged; its remote serial stays);
 * - a remote serial greater than ours → refused: a newer publisher has been
 *   here, so this fleet checkout is stale;
 * - the same serial with another digest → refused: clients that hold the
 *   remote copy would never take ours (equal serials never replace);
 * - otherwise (older remote serial, or a remote object that is not a book) →
 *   `update`.
 *
 * Any refusal refuses the whole plan (nothing is written): a stale publisher
 * must not mix its older books with a newer publisher's. Changes are ordered
 * leaves first (every Doc C, then every Doc B, then Doc A), each group by key,
 * so a reader never finds a book that points at one not uploaded yet.
 */
import { terminalLines } from '../diagnostics/format.js';

/** One book as this run would publish it. */
export interface LocalBook {
  /** Bucket key under the prefix: `doc-a.json`, `<platform>/doc-b.json`, `<platform>/<service>/doc-c.json`. */
  key: string;
  /** The exact bytes to upload (canonical JSON). */
  bytes: string;
  serial: number;
  digest: string;
}

/** What the bucket holds under one key, as read before planning. */
export type RemoteBook =
  { state: 'absent' } | { state: 'book'; etag: string; serial: number; digest: string } | { state: 'not-a-book'; etag: string; reason: string };

/** One planned change (STYLE.md "Plans and appliers": a verb, a key, before and after, a message). */
export interface BookChange {
  verb: 'create' | 'update' | 'keep';
  key: string;
  before: RemoteBook;
  after: { serial: number; digest: string };
  message: string;
}

/** A refusal: the key, both serials and why. */
export interface BookRefusal {
  key: string;
  remoteSerial: number;
  localSerial: number;
  message: string;
}

/** The plan: every change in upload order, and the refusals (non-empty = write nothing). */
export interface BookPublishPlan {
  changes: BookChange[];
  refusals: BookRefusal[];
}

function depth(key: string): number {
  return key.split('/').length;
}

/** Upload order: deeper keys first (Doc C, Doc B, Doc A), then by key in code-unit order. */
export function compareUploadOrder(a: string, b: string): number {
  return depth(b) - depth(a) || (a < b ? -1 : a > b ? 1 : 0);
}

function short(digest: string): string {
  return digest.slice(0, 'sha256:'.length + 12);
}

/** Plans the publish of `local` over `remote` (key → state; a missing key counts as absent). */
export function planBookPublish(local: readonly LocalBook[], remote: ReadonlyMap<string, RemoteBook>): BookPublishPlan {
  const changes: BookChange[] = [];
  const refusals: BookRefusal[] = [];
  for (const book of [...local].sort((a, b) => compareUploadOrder(a.key, b.key))) {
    const before = remote.get(book.key) ?? { state: 'absent' };
    const after = { serial: book.serial, digest: book.digest };
    if (before.state === 'absent') {
      changes.push({ verb: 'create', key: book.key, before, after, message: `serial ${book.serial} ${short(book.digest)}` });
    } else if (before.state === 'not-a-book') {
      changes.push({
        verb: 'update',
        key: book.key,
        before,
        after,
        message: `replace a remote object that is not a book (${before.reason}) with serial ${book.serial}`,
      });
    } else if (before.digest === book.digest) {
      changes.push({ verb: 'keep', key: book.key, before, after, message: `unchanged (remote serial ${before.serial})` });
    } else if (before.serial > book.serial) {
      refusals.push({
        key: book.key,
        remoteSerial: before.serial,
        localSerial: book.serial,
        message: `the remote book has serial ${before.serial}, newer than this run's ${book.serial}: a newer publisher has been here`,
      });
    } else if (before.serial === book.serial) {
      refusals.push({
        key: book.key,
        remoteSerial: before.serial,
        localSerial: book.serial,
        message: `the remote book has the same serial ${book.serial} with other content (${short(before.digest)}): clients holding it would never take this one`,
      });
    } else {
      changes.push({
        verb: 'update',
        key: book.key,
        before,
        after,
        message: `serial ${before.serial} → ${book.serial}, ${short(before.digest)} → ${short(book.digest)}`,
      });
    }
  }
  return { changes, refusals };
}

/** The changes that write (create and update), in upload order. */
export function writes(plan: BookPublishPlan): BookChange[] {
  return plan.changes.filter((change) => change.verb !== 'keep');
}

/** The plan as text, one line per book: `<verb> <key>: <message>` (the product of `apply books` on stdout). */
export function formatBookPlan(plan: BookPublishPlan, target: string): string {
  const lines = [`# books → ${target}`];
  for (const change of plan.changes) lines.push(`${change.verb.padEnd(7)}${change.key}: ${change.message}`);
  for (const refusal of plan.refusals) lines.push(`${'refuse'.padEnd(7)}${refusal.key}: ${refusal.message}`);
  return `${terminalLines(lines)}\n`;
}
