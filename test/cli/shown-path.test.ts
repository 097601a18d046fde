import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shownPath } from '../../compiler/cli/command.js';

describe('shownPath (paths in notes)', () => {
  const cwd = '/work/fleet';
  it('is relative inside the working directory, and "." for it', () => {
    expect(shownPath('/work/fleet/generated', cwd)).toBe('generated');
    expect(shownPath('/work/fleet', cwd)).toBe('.');
  });
  it('keeps a short climb as written (a base checkout beside the fleet)', () => {
    expect(shownPath('/work/base', cwd)).toBe('../base');
  });
  it('is absolute when that is shorter than climbing to it', () => {
    expect(shownPath('/tmp/out', cwd)).toBe('/tmp/out');
  });
  it('resolves a relative target against the process working directory first', () => {
    expect(shownPath('out', process.cwd())).toBe('out');
    expect(shownPath(path.join(process.cwd(), 'a', '..', 'b'), process.cwd())).toBe('b');
  });
});
