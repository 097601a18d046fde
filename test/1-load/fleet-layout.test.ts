/**
 * Where the fleet layout keeps folders: a file at such a place is refused
 * (input_folder_is_file) instead of warned about and skipped, since skipping
 * it drops every input the folder would hold (a platform's rows, every
 * cluster's state); a README, OWNERS or a note beside the folders stays a
 * warning.
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
      'carbon/nitroso',
      'platforms/mercury',
      'platforms/nitroso/tin',
    ];
    expect(folders.filter((path) => !isFolderPosition(path))).toEqual([]);
  });

  it('does not hold for files the layout reads or a note beside the folders', () => {
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
    ];
    expect(files.filter((path) => isFolderPosition(path))).toEqual([]);
    // The ones the layout reads are inputs, the rest are warned about (file_unrecognized).
    expect(files.filter((path) => classifyPath(path) !== undefined)).toEqual(files.slice(0, 6));
  });
});
