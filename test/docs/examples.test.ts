/**
 * Every documented example runs (docs/contributing.md): each fenced block with
 * the info string `sh example [exit=N]` in README.md and docs/*.md is run with
 * `bash -e` in a fresh copy of examples/reference, with `diene` (and `npx
 * diene`) being the built CLI and KUBECONFIG pointing at a local Kubernetes API
 * double; its exit code must be 0, or N.
 */
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_FLEET, REPO_ROOT } from '../support/fleet-fixture.js';
import { KubeApiDouble, kubeconfigFor } from '../support/kube-api-server.js';

export interface DocExample {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  script: string;
  exitCode: number;
}

/** The `sh example [exit=N]` blocks of one Markdown text, in order. */
export function examplesOf(file: string, markdown: string): DocExample[] {
  const lines = markdown.split('\n');
  const found: DocExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*sh\s+example\b(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const fence = open[2] as string;
    const exit = /\bexit=(\d+)\b/.exec(open[3] as string);
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j] as string).trimStart().startsWith(fence)) body.push(lines[j++] as string);
    found.push({ file, line: i + 1, script: body.join('\n'), exitCode: exit ? Number(exit[1]) : 0 });
    i = j;
  }
  return found;
}

const DOCUMENTS = [
  'README.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const EXAMPLES = DOCUMENTS.flatMap((file) => examplesOf(file, readFileSync(path.join(REPO_ROOT, file), 'utf8')));

let work: string;
let bin: string;
let kubeconfig: string;
const kube = new KubeApiDouble();

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'diene-doc-examples-'));
  bin = path.join(work, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'diene'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(REPO_ROOT, 'bin', 'diene.js')}" "$@"\n`);
  chmodSync(path.join(bin, 'diene'), 0o755);
  kubeconfig = path.join(work, 'kubeconfig');
  writeFileSync(kubeconfig, kubeconfigFor([['reference', await kube.start()]]));
});

afterAll(async () => {
  await kube.stop();
  rmSync(work, { recursive: true, force: true });
});

function runExample(example: DocExample, index: number): Promise<{ exitCode: number; output: string }> {
  const parent = path.join(work, `example-${index}`);
  const fleet = path.join(parent, 'reference');
  cpSync(REFERENCE_FLEET, fleet, { recursive: true });
  // `npx diene` in a document means the CLI of this repository, as in a checkout.
  const prelude = 'npx() { if [ "$1" = diene ]; then shift; diene "$@"; else command npx "$@"; fi; }\n';
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-e', '-c', prelude + example.script],
      {
        cwd: fleet,
        env: { ...process.env, PATH: `${bin}:${process.env['PATH']}`, KUBECONFIG: kubeconfig, GITHUB_ACTIONS: '', NO_COLOR: '1' },
        timeout: 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ exitCode: code, output: `${stdout}\n${stderr}`.slice(-4000) });
      },
    );
  });
}

describe('documented examples', () => {
  it('finds examples in the docs (the marker is in use)', () => {
    expect(EXAMPLES.length).toBeGreaterThan(5);
    expect(EXAMPLES.some((e) => e.exitCode !== 0)).toBe(true);
  });

  EXAMPLES.forEach((example, index) => {
    it(`${example.file}:${example.line} exits ${example.exitCode}: ${example.script.split('\n')[0]}`, async () => {
      const run = await runExample(example, index);
      expect(run.exitCode, `${example.script}\n---\n${run.output}`).toBe(example.exitCode);
    }, 180_000);
  });
});

describe('the example marker', () => {
  it('reads the block, its line and its expected exit code; other blocks are not examples', () => {
    const markdown = ['# t', '```sh', 'kubectl get pods', '```', '```sh example exit=2', 'diene init .', '```', '````sh example', 'a', '```', 'b', '````'].join(
      '\n',
    );
    expect(examplesOf('x.md', markdown)).toEqual([
      { file: 'x.md', line: 5, script: 'diene init .', exitCode: 2 },
      { file: 'x.md', line: 8, script: 'a\n```\nb', exitCode: 0 },
    ]);
  });
});
