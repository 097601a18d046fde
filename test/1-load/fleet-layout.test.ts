/**
 * Where the fleet layout keeps folders by fixed name: a file at such a place
 * is refused (input_folder_is_file) instead of warned about and skipped,
 * since skipping it drops every input of its kind (every cluster's state,
 * every claim). A file named like a platform or service folder may be a
 * stray note: it stays a warning, so it cannot stop every render.
 */
import { describe, expect, it } from 'vitest';
import { classifyPath, isFolderPosition } from '../../compiler/1-load/fleet-layout.js';

describe('isFolderPosition', () => {
  it('holds for the input folders and the folders below them the layout names', () => {
    const folders = [
      'registry',
      'state',
      'platforms',
      'claims',
      'carbon',
      'registry/landscapes',
      'registry/vlandscapes',
      'registry/accounts',
      'registry/clusters',
      'state/clusters',
      'claims/domains',
    ];
    expect(folders.filter((path) => !isFolderPosition(path))).toEqual([]);
  });

  it('does not hold for files the layout reads, a note beside the folders, or a name a platform or service folder could have', () => {
    const files = [
      'registry/fleet.yaml',
      'registry/landscapes/tin.yaml',
      'state/clusters/pichu-topaz.yaml',
      'platforms/nitroso/tin/pichu.yaml',
      'claims/domains/api.example.com.json',
      'carbon/nitroso/platform.yaml',
      'platforms/README.md',
      'platforms/nitroso/NOTES.txt',
      'carbon/README.md',
      'platforms/OWNERS',
      'platforms/nitroso/CODEOWNERS',
      'carbon/LICENSE',
      'registry/notes',
      'registry/landscapes/tin',
      'platforms/owners',
      'platforms/nitroso/notes',
      'carbon/notes',
    ];
    expect(files.filter((path) => isFolderPosition(path))).toEqual([]);
    // The ones the layout reads are inputs, the rest are warned about (file_unrecognized).
    expect(files.filter((path) => classifyPath(path) !== undefined)).toEqual(files.slice(0, 6));
  });
});

describe('classifyPath: shared charts', () => {
  it("reads platforms/<platform>/_shared/<chart>/<landscape>.yaml as a shared chart's row, never as a service's", () => {
    expect(classifyPath('platforms/nitroso/_shared/nitroso-common/pichu.yaml')).toEqual({
      kind: 'shared-row',
      identity: ['nitroso', 'nitroso-common', 'pichu'],
    });
    expect(classifyPath('platforms/nitroso/tin/pichu.yaml')).toEqual({ kind: 'row', identity: ['nitroso', 'tin', 'pichu'] });
    // A row named after no chart folder stays a row of the folder `_shared`, which no service name can be (service_folder_invalid).
    expect(classifyPath('platforms/nitroso/_shared/pichu.yaml')).toEqual({ kind: 'row', identity: ['nitroso', '_shared', 'pichu'] });
    expect(classifyPath('platforms/nitroso/_shared/nitroso-common/old/pichu.yaml')).toBeUndefined();
  });
});
