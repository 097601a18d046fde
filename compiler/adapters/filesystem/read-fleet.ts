/**
 * Reads a fleet's input files from disk (SPEC §2 layout) with fast-glob.
 * Only the input folders are read; files are decoded as strict UTF-8.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { INPUT_FOLDERS } from '../../1-load/fleet-layout.js';
import { sourceFile, type SourceFile } from '../../1-load/source-file.js';
import { diagnose, type Diagnostic } from '../../diagnostics/diagnostic.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Every file under the input folders of `root`, as {@link SourceFile}s sorted by
 * path, plus a `file_read_failed` diagnostic for each file that cannot be read
 * or is not UTF-8. Hidden files (`.gitkeep`) are skipped.
 */
export async function readFleetFiles(root: string): Promise<{ files: SourceFile[]; diagnostics: Diagnostic[] }> {
  const paths = await fg(`{${INPUT_FOLDERS.join(',')}}/**/*`, { cwd: root, dot: false, onlyFiles: true, followSymbolicLinks: false, unique: true });
  paths.sort();
  const files: SourceFile[] = [];
  const diagnostics: Diagnostic[] = [];
  await Promise.all(
    paths.map(async (relative) => {
      try {
        const bytes = await readFile(path.join(root, relative));
        files.push(sourceFile(relative, decoder.decode(bytes)));
      } catch (error) {
        const reason = error instanceof TypeError ? 'it is not valid UTF-8' : error instanceof Error ? error.message : String(error);
        diagnostics.push(diagnose({ file: relative, line: 1, column: 1 }, 'file_read_failed', { reason }));
      }
    }),
  );
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, diagnostics };
}
