import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromFleetRoot, shownPath } from '../../compiler/cli/command.js';

// The rule of docs/diagnostics.md ("How a file is named"): inside the folder a path is named from, relative to it;
// anywhere else, absolute. Never a climb with `..`, so the spelling does not depend on where either folder lies.
describe('shownPath (paths in diagnostics and notes)', () => {
  const cwd = '/work/fleet';
  it('is relative inside the working directory, and "." for it', () => {
    expect(shownPath('/work/fleet/generated', cwd)).toBe('generated');
    expect(shownPath('/work/fleet/registry/fleet.yaml', cwd)).toBe('registry/fleet.yaml');
    expect(shownPath('/work/fleet', cwd)).toBe('.');
  });
  it('is absolute outside it, however short the climb would be', () => {
    expect(shownPath('/work/base', cwd)).toBe('/work/base');
    expect(shownPath('/work', cwd)).toBe('/work');
    expect(shownPath('/tmp/out', cwd)).toBe('/tmp/out');
    // A sibling whose name starts like the working directory's is outside it too.
    expect(shownPath('/work/fleet-2/registry', cwd)).toBe('/work/fleet-2/registry');
  });
  it('names a temporary fleet the same whether the checkout lies beside it or far from it', () => {
    const fleet = '/tmp/diene-fleet-Ab12Cd/generated/argocd/retired.yaml';
    for (const checkout of ['/tmp/diene', '/work/wt/diene', '/home/me/src/a/b/c/diene']) expect(shownPath(fleet, checkout)).toBe(fleet);
    expect(shownPath(fleet, '/tmp')).toBe('diene-fleet-Ab12Cd/generated/argocd/retired.yaml');
  });
  it('keeps a climb that stays inside the fleet root, from a folder inside it, and only then', () => {
    expect(shownPath('/work/fleet/registry/fleet.yaml', '/work/fleet/platforms', '/work/fleet')).toBe('../registry/fleet.yaml');
    expect(shownPath('/work/fleet', '/work/fleet/platforms/mercury', '/work/fleet')).toBe('../..');
    expect(shownPath('/work/base/registry/fleet.yaml', '/work/fleet/platforms', '/work/fleet')).toBe('/work/base/registry/fleet.yaml');
    expect(shownPath('/work/fleet/registry/fleet.yaml', '/work/elsewhere', '/work/fleet')).toBe('/work/fleet/registry/fleet.yaml');
  });
  it('resolves a relative target against the process working directory first', () => {
    expect(shownPath('out', process.cwd())).toBe('out');
    expect(shownPath(path.join(process.cwd(), 'a', '..', 'b'), process.cwd())).toBe('b');
  });
});

describe('fromFleetRoot (the file of a diagnostic in the json form)', () => {
  it('is /-separated from the fleet root inside it, absolute outside it', () => {
    expect(fromFleetRoot('/work/fleet', '/work/fleet/generated/argocd/x.yaml')).toBe('generated/argocd/x.yaml');
    expect(fromFleetRoot('/work/fleet', '/work/base-checkout')).toBe('/work/base-checkout');
    expect(fromFleetRoot('/tmp/fleet', '/tmp/out/argocd/x.yaml')).toBe('/tmp/out/argocd/x.yaml');
  });
});
