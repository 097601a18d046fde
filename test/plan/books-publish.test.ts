// The publish planner of `diene apply books`: which books are created,
// updated, kept or refused, and in which order they are written.

import { describe, expect, it } from 'vitest';
import { compareUploadOrder, formatBookPlan, planBookPublish, writes, type LocalBook, type RemoteBook } from '../../compiler/plan/books-publish.js';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;

function local(key: string, serial: number, digest = D1): LocalBook {
  return { key, bytes: `{"k":"${key}"}\n`, serial, digest };
}

function book(serial: number, digest = D1, etag = '"e"'): RemoteBook {
  return { state: 'book', etag, serial, digest };
}

describe('planBookPublish', () => {
  it('creates absent books, keeps unchanged ones whatever their serial, updates older changed ones', () => {
    const plan = planBookPublish(
      [local('doc-a.json', 200), local('p/doc-b.json', 200, D2), local('p/s/doc-c.json', 200)],
      new Map<string, RemoteBook>([
        ['doc-a.json', book(100)],
        ['p/doc-b.json', book(100, D1)],
      ]),
    );
    expect(plan.refusals).toEqual([]);
    expect(plan.changes.map((c) => [c.verb, c.key])).toEqual([
      ['create', 'p/s/doc-c.json'],
      ['update', 'p/doc-b.json'],
      ['keep', 'doc-a.json'],
    ]);
    expect(writes(plan).map((c) => c.key)).toEqual(['p/s/doc-c.json', 'p/doc-b.json']);
  });

  it('keeps a book whose digest is unchanged even when the remote serial is newer', () => {
    const plan = planBookPublish([local('doc-a.json', 100)], new Map([['doc-a.json', book(300)]]));
    expect(plan.refusals).toEqual([]);
    expect(plan.changes.map((c) => c.verb)).toEqual(['keep']);
  });

  it('refuses a changed book whose remote serial is newer, saying both serials', () => {
    const plan = planBookPublish([local('doc-a.json', 250, D2), local('p/doc-b.json', 250)], new Map([['doc-a.json', book(300)]]));
    expect(plan.refusals).toEqual([
      {
        key: 'doc-a.json',
        remoteSerial: 300,
        localSerial: 250,
        message: "the remote book has serial 300, newer than this run's 250: a newer publisher has been here",
      },
    ]);
  });

  it('refuses the same serial with other content, and updates a remote object that is not a book', () => {
    expect(planBookPublish([local('doc-a.json', 300, D2)], new Map([['doc-a.json', book(300)]])).refusals.map((r) => r.key)).toEqual(['doc-a.json']);
    const junk: RemoteBook = { state: 'not-a-book', etag: '"j"', reason: 'not JSON' };
    expect(planBookPublish([local('doc-a.json', 1)], new Map([['doc-a.json', junk]])).changes.map((c) => c.verb)).toEqual(['update']);
  });

  it('orders uploads leaves first: every Doc C, every Doc B, then Doc A', () => {
    const keys = ['doc-a.json', 'b/doc-b.json', 'a/z/doc-c.json', 'a/doc-b.json', 'b/a/doc-c.json'];
    expect([...keys].sort(compareUploadOrder)).toEqual(['a/z/doc-c.json', 'b/a/doc-c.json', 'a/doc-b.json', 'b/doc-b.json', 'doc-a.json']);
  });

  it('prints one line per book', () => {
    const plan = planBookPublish([local('doc-a.json', 5), local('p/doc-b.json', 5, D2)], new Map([['doc-a.json', book(5)]]));
    expect(formatBookPlan(plan, 's3://books')).toBe(
      `# books → s3://books\ncreate p/doc-b.json: serial 5 sha256:222222222222\nkeep   doc-a.json: unchanged (remote serial 5)\n`,
    );
  });
});
