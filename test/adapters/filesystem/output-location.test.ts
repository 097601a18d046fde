/**
 * The folders of an output tree that stop a write: the first, in path order,
 * that this process cannot write. A folder gone since the walk listed it
 * (another compile's swap moved the tree away meanwhile) is not one: the
 * write makes its own folders. A folder that refuses writes is held by
 * test/cache/compile-cache.test.ts and the case output_location_read_only
 * (the tests run as root, so a hook answers the access check there).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstReadOnly } from '../../../compiler/adapters/filesystem/output-location.js';

const work = mkdtempSync(path.join(tmpdir(), 'diene-output-location-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('firstReadOnly', () => {
  it('names no folder of a tree this process can write, nor one that is gone or became a file since it was listed', () => {
    mkdirSync(path.join(work, 'tree', 'argocd'), { recursive: true });
    writeFileSync(path.join(work, 'tree', 'books'), 'a file where a folder was listed\n');
    expect(firstReadOnly(path.join(work, 'tree'), ['argocd', 'kargo', 'books/sign-in'])).toBeUndefined();
  });
});
