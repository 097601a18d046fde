/**
 * Output changes for review (compiler/plan/output-changes.ts): files created,
 * changed, removed, and Kubernetes objects added, changed, removed inside
 * YAML streams.
 */
import { describe, expect, it } from 'vitest';
import { changeCounts, outputChanges } from '../../compiler/plan/output-changes.js';

const stage = (name: string, upstream: string) =>
  `---\napiVersion: kargo.akuity.io/v1alpha1\nkind: Stage\nmetadata:\n  name: ${name}\n  namespace: nitroso\nspec:\n  from: ${upstream}\n`;
const project = '---\napiVersion: kargo.akuity.io/v1alpha1\nkind: Project\nmetadata:\n  name: nitroso\n';

describe('outputChanges', () => {
  it('reports files by status and objects by identity', () => {
    const before = new Map([
      ['kargo/nitroso.yaml', `# generated\n${project}${stage('tin-pichu', 'warehouse')}${stage('tin-old', 'x')}`],
      ['books/doc-a.json', '{"serial": 0}\n'],
      ['argocd/cobalt.yaml', project.replace(/nitroso/g, 'cobalt')],
    ]);
    const after = new Map([
      ['kargo/nitroso.yaml', `# generated\n${project}${stage('tin-pichu', 'tin-dev')}${stage('tin-new', 'y')}`],
      ['books/doc-a.json', '{"serial": 1}\n'],
      ['kargo/mercury.yaml', project.replace(/nitroso/g, 'mercury')],
      ['platforms/same.yaml', 'x: 1\n'],
    ]);
    before.set('platforms/same.yaml', 'x: 1\n');
    const changes = outputChanges(before, after);
    expect(changes.total).toBe(4);
    expect(changes.files.map((f) => [f.status, f.file])).toEqual([
      ['removed', 'argocd/cobalt.yaml'],
      ['changed', 'books/doc-a.json'],
      ['created', 'kargo/mercury.yaml'],
      ['changed', 'kargo/nitroso.yaml'],
    ]);
    expect(changes.files.find((f) => f.file === 'kargo/nitroso.yaml')?.objects).toEqual([
      { status: 'changed', file: 'kargo/nitroso.yaml', object: 'kargo.akuity.io/Stage nitroso/tin-pichu' },
      { status: 'added', file: 'kargo/nitroso.yaml', object: 'kargo.akuity.io/Stage nitroso/tin-new' },
      { status: 'removed', file: 'kargo/nitroso.yaml', object: 'kargo.akuity.io/Stage nitroso/tin-old' },
    ]);
    expect(changes.files.find((f) => f.file === 'books/doc-a.json')?.objects).toEqual([]);
    expect(changeCounts(changes)).toEqual({ files: { created: 1, changed: 2, removed: 1 }, objects: { added: 2, changed: 1, removed: 2 } });
  });

  it('counts an object that only moved within its file, or a comment change, as no object change', () => {
    const changes = outputChanges(
      new Map([['k.yaml', `# old comment\n${project}${stage('a', 'w')}`]]),
      new Map([['k.yaml', `# new comment\n${stage('a', 'w')}${project}`]]),
    );
    expect(changes.files).toEqual([{ status: 'changed', file: 'k.yaml', objects: [] }]);
  });

  it('names documents without kind and name by position, and reads nothing from a file that is not YAML', () => {
    const changes = outputChanges(
      new Map([
        ['a.yaml', 'stale: true\n'],
        ['b.yaml', 'key: [unclosed\n'],
      ]),
      new Map(),
    );
    expect(changes.files.map((f) => f.objects.map((o) => `${o.status} ${o.object}`))).toEqual([['removed document 1'], []]);
  });
});

describe('outputChanges and the manifest', () => {
  it('lists the manifest whenever it differs, after every other file (a file diene writes, as `compile --check` counts it)', () => {
    const before = new Map([
      ['.diene-manifest.json', '{"v": 1}\n'],
      ['books/doc-a.json', '{"serial": 0}\n'],
      ['zones/z.zone', 'a\n'],
    ]);
    const after = new Map([
      ['.diene-manifest.json', '{"v": 2}\n'],
      ['books/doc-a.json', '{"serial": 1}\n'],
      ['zones/z.zone', 'b\n'],
    ]);
    expect(outputChanges(before, after).files.map((f) => f.file)).toEqual(['books/doc-a.json', 'zones/z.zone', '.diene-manifest.json']);
    const handEdited = new Map(before).set('.diene-manifest.json', '{"v": 1, "mine": true}\n');
    expect(outputChanges(handEdited, before).files.map((f) => [f.status, f.file])).toEqual([['changed', '.diene-manifest.json']]);
    expect(outputChanges(before, before).files).toEqual([]);
  });
});
