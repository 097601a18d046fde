/**
 * What a change to the output tree means for a reviewer (the pull
 * request view of `diene compile --check` and `diene report`): per output file
 * created, changed or removed, and inside YAML streams per Kubernetes object
 * added, changed or removed. Pure.
 *
 * Terms: `before` is the tree on disk (or the base branch's), `after` is what
 * the inputs produce. An object is identified by API group, kind, namespace
 * and name; a YAML document without `kind` or `metadata.name` is identified
 * by its position (`document 3`). Non-YAML files (JSON, zone, SQL) have no
 * objects: only the file's own status is reported.
 */
import { parseAllDocuments } from 'yaml';
import { outputFileOrder } from './output-tree-diff.js';

export type FileStatus = 'created' | 'changed' | 'removed';
export type ObjectStatus = 'added' | 'changed' | 'removed';

/** One object-level change inside a YAML output. */
export interface ObjectChange {
  status: ObjectStatus;
  file: string;
  /** `group/Kind namespace/name` (core group: `Kind namespace/name`; cluster-scoped: no `namespace/`). */
  object: string;
}

/** One output file that differs, with its object changes (empty for non-YAML files). */
export interface FileChange {
  status: FileStatus;
  file: string;
  objects: ObjectChange[];
}

/** Every difference between two output trees, files in path order, objects in file order then object order. */
export interface OutputChanges {
  files: FileChange[];
  /** Number of files in `after`. */
  total: number;
}

function identify(value: unknown, index: number): string {
  if (value !== null && typeof value === 'object') {
    const o = value as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } };
    if (typeof o.kind === 'string' && typeof o.metadata?.name === 'string') {
      const apiVersion = typeof o.apiVersion === 'string' ? o.apiVersion : '';
      const group = apiVersion.includes('/') ? `${apiVersion.slice(0, apiVersion.indexOf('/'))}/` : '';
      const namespace = typeof o.metadata.namespace === 'string' ? `${o.metadata.namespace}/` : '';
      return `${group}${o.kind} ${namespace}${o.metadata.name}`;
    }
  }
  return `document ${index + 1}`;
}

/** The objects of a YAML stream by identity, each as canonical JSON text; `undefined` when the text is not YAML. */
export function yamlObjects(text: string): Map<string, string> | undefined {
  const documents = parseAllDocuments(text, { version: '1.2' });
  if (!Array.isArray(documents) || documents.some((d) => d.errors.length > 0)) return undefined;
  const objects = new Map<string, string>();
  let index = 0;
  for (const document of documents) {
    const value = document.toJS({ maxAliasCount: 100 }) as unknown;
    if (value === null || value === undefined) continue;
    let id = identify(value, index);
    while (objects.has(id)) id = `${id} (again)`;
    objects.set(id, JSON.stringify(value));
    index++;
  }
  return objects;
}

function isYamlPath(file: string): boolean {
  return file.endsWith('.yaml') || file.endsWith('.yml');
}

function objectChanges(file: string, before: string | undefined, after: string | undefined): ObjectChange[] {
  if (!isYamlPath(file)) return [];
  const old = before === undefined ? new Map<string, string>() : yamlObjects(before);
  const now = after === undefined ? new Map<string, string>() : yamlObjects(after);
  if (!old || !now) return [];
  const changes: ObjectChange[] = [];
  for (const [object, json] of now) {
    const previous = old.get(object);
    if (previous === undefined) changes.push({ status: 'added', file, object });
    else if (previous !== json) changes.push({ status: 'changed', file, object });
  }
  for (const object of old.keys()) if (!now.has(object)) changes.push({ status: 'removed', file, object });
  return changes;
}

/**
 * Compares `before` (path → text) with `after` (path → text). The output
 * manifest (`.diene-manifest.json`) is a file diene writes, in the total:
 * listed whenever it differs, last (its change follows from the others'), so
 * `diene report` and `diene compile --check` count the same files.
 */
export function outputChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): OutputChanges {
  const files: FileChange[] = [];
  for (const file of [...new Set([...before.keys(), ...after.keys()])].sort(outputFileOrder)) {
    const old = before.get(file);
    const now = after.get(file);
    if (old === now) continue;
    const status: FileStatus = old === undefined ? 'created' : now === undefined ? 'removed' : 'changed';
    files.push({ status, file, objects: objectChanges(file, old, now) });
  }
  return { files, total: after.size };
}

/** Counts of file and object changes, for one-line summaries. */
export function changeCounts(changes: OutputChanges): { files: Record<FileStatus, number>; objects: Record<ObjectStatus, number> } {
  const files = { created: 0, changed: 0, removed: 0 };
  const objects = { added: 0, changed: 0, removed: 0 };
  for (const file of changes.files) {
    files[file.status]++;
    for (const object of file.objects) objects[object.status]++;
  }
  return { files, objects };
}
