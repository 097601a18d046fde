/**
 * The front page, docs/ and the changelog hold together: every relative link and #anchor of
 * README.md, docs/*.md and CHANGELOG.md resolves (this guards moving text between pages),
 * the README stays a front page, and its test command is the one `.ci/run` runs.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { brokenLinks, readMarkdown, slug } from '../support/markdown-links.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const SHARED = path.resolve(REPO_ROOT, '..', 'shared');
const README = path.join(REPO_ROOT, 'README.md');
const DOCS = path.join(REPO_ROOT, 'docs');
const pages = [
  README,
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join(DOCS, name)),
  path.join(REPO_ROOT, 'CHANGELOG.md'),
];
const sharedMissing = existsSync(SHARED) ? undefined : `${SHARED} (the SPEC the pages link to)`;

describe('GitHub anchors', () => {
  it('are made from the heading text as GitHub makes them', () => {
    expect(slug('Dependency health checks for Argo CD (argocd-cm/dependency-health.yaml)')).toBe(
      'dependency-health-checks-for-argo-cd-argocd-cmdependency-healthyaml',
    );
    expect(slug('Gateway and certificate host lists (gateways/<cluster>.json)')).toBe('gateway-and-certificate-host-lists-gatewaysclusterjson');
    expect(slug('Benchmark: npm run bench:dns')).toBe('benchmark-npm-run-benchdns');
    expect(slug('diene compile [--fleet DIR] [--check]')).toBe('diene-compile---fleet-dir---check');
    expect(slug('Kargo webhook receivers: releases land in seconds')).toBe('kargo-webhook-receivers-releases-land-in-seconds');
  });

  it('read code spans without backticks, number repeated headings, and never read links inside code', () => {
    const page = readMarkdown(
      '# Sign-in configuration (`books/sign-in/`)\n\n## Tests\n\n## Tests\n\n`[x](nowhere.md)`\n\n```\n[y](nowhere.md)\n```\n\n| a | b |\n| - | - |\n| [t](table.md#cell) | 1 |\n\n- [l](list.md)\n',
    );
    expect([...page.anchors]).toEqual(['sign-in-configuration-bookssign-in', 'tests', 'tests-1']);
    expect(page.links).toEqual(['table.md#cell', 'list.md']);
  });
});

describe('relative links of README.md, docs/*.md and CHANGELOG.md', () => {
  it('finds a missing file, a missing anchor, an anchor into a file that is not Markdown and a link out of the repository', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'diene-links-'));
    try {
      writeFileSync(path.join(root, 'a.md'), '# A\n\n## Kept\n');
      writeFileSync(path.join(root, 'code.ts'), '');
      writeFileSync(
        path.join(root, 'b.md'),
        '[ok](a.md#kept) [self](#here) [gone](c.md) [moved](a.md#moved) [ts](code.ts#x) [out](../elsewhere.md) [web](https://example.com/#x)\n\n## Here\n',
      );
      expect(brokenLinks([path.join(root, 'b.md')], root)).toEqual([
        'b.md: c.md does not exist',
        'b.md: a.md#moved names no heading of a.md',
        'b.md: code.ts#x has an anchor into a file that is not Markdown',
        'b.md: ../elsewhere.md leaves the repository',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it(`all resolve${skippedBecause(sharedMissing)}`, () => {
    skipUnlessPresent(sharedMissing);
    expect(pages.length).toBeGreaterThan(10);
    expect(brokenLinks(pages, REPO_ROOT, [SHARED])).toEqual([]);
  });
});

describe('README.md', () => {
  const readme = readFileSync(README, 'utf8');

  it('is a front page of at most 300 lines that links to every page of docs/ and the changelog', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    const linked = new Set(readMarkdown(readme).links.map((href) => href.split('#')[0]));
    const unlinked = pages
      .slice(1)
      .map((page) => path.relative(REPO_ROOT, page))
      .filter((page) => !linked.has(page));
    expect(unlinked).toEqual([]);
  });

  it('opens with the set-up command and exactly the test command that .ci/run runs', () => {
    const ciCommands = readFileSync(path.join(REPO_ROOT, '.ci', 'run'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const commands = firstBlock
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line !== '');
    expect(commands).toHaveLength(2);
    expect(commands[1]).toBe(ciCommands.at(-1));
    expect(commands[0]?.startsWith(`${ciCommands.at(-2)} && `)).toBe(true);
  });
});
