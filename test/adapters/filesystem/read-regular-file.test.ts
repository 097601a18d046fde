import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRegularFile } from '../../../compiler/adapters/filesystem/files.js';

const dir = mkdtempSync(path.join(tmpdir(), 'diene-read-regular-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readRegularFile', () => {
  it('reads a regular file within the limit, and nothing else', () => {
    const file = path.join(dir, 'lock');
    writeFileSync(file, '4242\n');
    expect(readRegularFile(file)?.toString('utf8')).toBe('4242\n');
    expect(readRegularFile(file, 5)?.toString('utf8')).toBe('4242\n');
    expect(readRegularFile(file, 4)).toBeUndefined();
    expect(readRegularFile(path.join(dir, 'missing'))).toBeUndefined();
    const link = path.join(dir, 'link');
    symlinkSync(file, link);
    expect(readRegularFile(link)).toBeUndefined();
    const folder = path.join(dir, 'folder');
    mkdirSync(folder);
    expect(readRegularFile(folder)).toBeUndefined();
  });

  it('returns at once for a FIFO with no writer, instead of blocking', () => {
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(readRegularFile(fifo)).toBeUndefined();
  });
});
