// Which outputs the write door commits beside a claim: those whose bytes
// differ, those that are new, and those the committed manifest lists that the
// compile no longer makes; never a file the manifest does not list.

import { describe, expect, it } from 'vitest';
import { withOutputManifest } from '../../compiler/3-emit/output-manifest.js';
import { outputChanges, outputsMessage } from '../../compiler/plan/claim-outputs.js';

/** The committed output folder for `outputs` (path in generated/ → text), manifest included, as paths from the repository's top. */
function committed(outputs: Record<string, string>, extra: Record<string, string> = {}): Map<string, string> {
  const all = withOutputManifest(new Map(Object.entries(outputs)));
  return new Map([...[...all].map(([file, text]): [string, string] => [`generated/${file}`, text]), ...Object.entries(extra)]);
}

describe('outputChanges', () => {
  it('writes what differs or is new, removes what diene wrote and no longer makes, and leaves a hand-written file alone', () => {
    const before = committed(
      { 'route-paths/euprod.json': 'old\n', 'route-paths/usdev.json': 'gone\n', 'argocd/a.yaml': 'same\n' },
      { 'generated/NOTES.md': 'mine\n' },
    );
    const after = withOutputManifest(
      new Map([
        ['route-paths/euprod.json', 'new\n'],
        ['route-paths/usprod.json', 'added\n'],
        ['argocd/a.yaml', 'same\n'],
      ]),
    );
    const changes = outputChanges(after, before);
    expect(changes.map((c) => [c.mark, c.path])).toEqual([
      ['M', 'generated/.diene-manifest.json'],
      ['M', 'generated/route-paths/euprod.json'],
      ['D', 'generated/route-paths/usdev.json'],
      ['A', 'generated/route-paths/usprod.json'],
    ]);
    expect(changes.find((c) => c.mark === 'D')?.text).toBeNull();
    expect(changes.find((c) => c.path.endsWith('euprod.json'))?.text).toBe('new\n');
    expect(outputsMessage(changes)).toBe(
      'outputs: 4 (diene compile, committed with the claim)\nM generated/.diene-manifest.json\nM generated/route-paths/euprod.json\nD generated/route-paths/usdev.json\nA generated/route-paths/usprod.json\n',
    );
  });

  it('is empty when the committed outputs are what the compile makes', () => {
    const outputs = { 'route-paths/euprod.json': 'same\n' };
    expect(outputChanges(withOutputManifest(new Map(Object.entries(outputs))), committed(outputs))).toEqual([]);
    expect(outputsMessage([])).toBe('');
  });
});
