/**
 * The grammars of the fleet.yaml values that reach ArgoCD and Kargo (issue 14):
 * tables of accepted and refused values with the reason each refusal gives,
 * the engine-syntax scan, and the branch rule checked against git itself
 * (`git check-ref-format --branch`, run outside any repository so `@{-1}`
 * and `@` are not resolved against a checkout).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineSyntaxIn } from '../../compiler/2-analyze/engine-syntax.js';
import {
  apiServerUrlProblem,
  gitBranchProblem,
  gitPathProblem,
  gitRepoUrlProblem,
  imageRepositoryProblem,
  ociChartUrlProblem,
} from '../../compiler/2-analyze/value-grammars.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import type { GrammarProblem } from '../../compiler/diagnostics/catalog.js';
import { grammarReasonText } from '../../compiler/diagnostics/diagnostic.js';

type Row = readonly [string, string | undefined];

/** Each text's reason, as the catalog's grammar reason renders it (`undefined`: accepted). */
function check(problem: (text: string) => GrammarProblem | undefined, table: readonly Row[]): void {
  for (const [text, reason] of table) {
    const found = problem(text);
    expect(found === undefined ? undefined : grammarReasonText(found), JSON.stringify(text)).toBe(reason);
  }
}

describe('engineSyntaxIn', () => {
  it('finds the leftmost template or expression delimiter, naming the engine', () => {
    expect(engineSyntaxIn('oci://ghcr.io/{{.name}}', false)).toEqual({ token: '{{', meaning: 'opens an ArgoCD Go-template action' });
    expect(engineSyntaxIn('main${{ctx.stage}}', false)).toEqual({ token: '${{', meaning: 'opens a Kargo expression' });
    expect(engineSyntaxIn('a${%x%}', false)?.token).toBe('${%');
    expect(engineSyntaxIn('a%}b', false)?.token).toBe('%}');
    expect(engineSyntaxIn('x}}y{{', false)?.token).toBe('}}');
    expect(engineSyntaxIn('a}}${{', false)?.token).toBe('}}');
    expect(engineSyntaxIn('{platform}.{service}', false)).toBeUndefined();
    expect(engineSyntaxIn('ghcr.io/atomicloud/{platform}.{service}', true)).toBeUndefined();
    expect(engineSyntaxIn('$', false)).toBeUndefined();
    expect(engineSyntaxIn('{ {', false)).toBeUndefined();
  });

  it('counts quotes and backslashes only inside an expression literal', () => {
    expect(engineSyntaxIn("ghcr.io/x')+env('y", true)?.token).toBe("'");
    expect(engineSyntaxIn('ghcr.io/x"', true)?.token).toBe('"');
    expect(engineSyntaxIn('ghcr.io/x`', true)?.token).toBe('`');
    expect(engineSyntaxIn('ghcr.io/x\\', true)?.token).toBe('\\');
    expect(engineSyntaxIn("https://git.example/it's.git", false)).toBeUndefined();
    expect(engineSyntaxIn("x'{{", true)?.token).toBe("'");
  });
});

describe('imageRepositoryProblem: [registry/]path, no scheme, tag or digest', () => {
  it('accepts repositories as Kargo subscribes to them', () => {
    check(imageRepositoryProblem, [
      ['ghcr.io/atomicloud/nitroso.tin', undefined],
      ['nginx', undefined],
      ['library/nginx', undefined],
      ['localhost:5000/a/b', undefined],
      ['registry.lab.test/nitroso.tin', undefined],
      ['registry.example.com:443/a__b/c-d/e---f', undefined],
      ['[2001:db8::1]:5000/a', undefined],
      ['127.0.0.1:5000/a', undefined],
    ]);
  });

  it('refuses everything else with the reason', () => {
    check(imageRepositoryProblem, [
      ['oci://ghcr.io/a', 'has a scheme; write the repository as registry/path'],
      ['ghcr.io/AtomiCloud/a', 'has the path component "AtomiCloud", which is not lower-case letters and digits joined by ".", "_", "__" or "-"'],
      ['ghcr.io/a:1.0.0', "carries a tag; the version comes from each row's pin"],
      ['ghcr.io/a@sha256:abc', "carries a digest; the version comes from each row's pin"],
      ['ghcr.io/a/', 'has an empty path component (a leading, trailing or doubled "/")'],
      ['ghcr.io//a', 'has an empty path component (a leading, trailing or doubled "/")'],
      ['ghcr.io/a..b', 'has the path component "a..b", which is not lower-case letters and digits joined by ".", "_", "__" or "-"'],
      ['ghcr.io/a___b', 'has the path component "a___b", which is not lower-case letters and digits joined by ".", "_", "__" or "-"'],
      ['ghcr.io/-a', 'has the path component "-a", which is not lower-case letters and digits joined by ".", "_", "__" or "-"'],
      ['ghcr.io/a%2fb', 'has the path component "a%2fb", which is not lower-case letters and digits joined by ".", "_", "__" or "-"'],
      ['ghcr.io/{a}', 'has the path component "{a}", which is not lower-case letters and digits joined by ".", "_", "__" or "-"'],
      ['GHCR.io/a', 'has the host GHCR.io in upper case; every host name diene writes is lower case (SPEC §3.6)'],
      ['gh_cr.io/a', 'has the host gh_cr.io, whose label "gh_cr" is not letters, digits and inner hyphens (at most 63)'],
      ['ghcr.io:0/a', 'has the port "0", which is not a number from 1 to 65535'],
      ['ghcr.io:99999/a', 'has the port "99999", which is not a number from 1 to 65535'],
      ['ghcr.io:x/a', 'has the port "x", which is not a number from 1 to 65535'],
      ['[::1/a', 'has the host [::1, which is no IPv6 address'],
      ['user:pw@ghcr.io/a', 'carries a user name or password'],
      ['300.1.1.1/a', 'has the host 300.1.1.1, which is no IPv4 address'],
      [`ghcr.io/${'a'.repeat(250)}`, 'is longer than 255 characters'],
      ['', 'has an empty path component (a leading, trailing or doubled "/")'],
    ]);
  });
});

describe('ociChartUrlProblem: oci://registry/path/chart', () => {
  it('accepts chart repositories with a registry and a chart name', () => {
    check(ociChartUrlProblem, [
      ['oci://ghcr.io/atomicloud/charts/nitroso.tin', undefined],
      ['oci://ghcr.io/nitroso.tin-primordial', undefined],
      ['oci://localhost:5000/charts/x', undefined],
      ['oci://registry.lab.test/charts/nitroso.tin', undefined],
    ]);
  });

  it('refuses everything else with the reason', () => {
    check(ociChartUrlProblem, [
      ['https://ghcr.io/charts/x', 'does not start with oci://'],
      ['ghcr.io/charts/x', 'does not start with oci://'],
      ['oci://ghcr.io', 'names no chart after the registry host'],
      ['oci://ghcr.io/', 'has an empty path component (a leading, trailing or doubled "/")'],
      ['oci:///charts/x', 'has no host'],
      ['oci://user:pw@ghcr.io/x', 'carries a user name or password'],
      ['oci://[::1]x/a', 'has the host [::1]x, which is no IPv6 address'],
      ['oci://[::1]:5000/a', undefined],
      ['oci://ghcr.io/charts/x:1.0.0', "carries a tag; the version comes from each row's pin"],
      ['oci://ghcr.io/charts/X', 'has the path component "X", which is not lower-case letters and digits joined by ".", "_", "__" or "-"'],
      ['oci://ghcr.io/charts/x?y', 'has the path component "x?y", which is not lower-case letters and digits joined by ".", "_", "__" or "-"'],
      [`oci://ghcr.io/${'a'.repeat(250)}`, 'is longer than 255 characters after oci://'],
    ]);
  });
});

describe('gitRepoUrlProblem: https, http, ssh or scp-like, no credentials, query or fragment', () => {
  it('accepts the URLs ArgoCD and Kargo clone', () => {
    check(gitRepoUrlProblem, [
      ['https://github.com/AtomiCloud/fleet.git', undefined],
      ['https://git.lab.test/fleet.git', undefined],
      ['http://gitea.gitea.svc:3000/org/fleet.git', undefined],
      ['https://[2001:db8::1]:8443/fleet', undefined],
      ['ssh://git@github.com/AtomiCloud/fleet.git', undefined],
      ['ssh://github.com:22/AtomiCloud/fleet.git', undefined],
      ['git@github.com:AtomiCloud/fleet.git', undefined],
      ['https://dev.azure.com/org/project/_git/fleet', undefined],
      ['https://git.example/~user/fleet%20repo.git', undefined],
    ]);
  });

  it('refuses everything else with the reason', () => {
    check(gitRepoUrlProblem, [
      ['https://user:token@github.com/AtomiCloud/fleet.git', 'carries a user name or password'],
      ['https://token@github.com/AtomiCloud/fleet.git', 'carries a user name or password'],
      ['ssh://git:pw@github.com/x.git', 'carries a password'],
      ['ssh://g it@github.com/x.git', 'has the user "g it", which is not letters, digits and - . _ ~'],
      ['ftp://github.com/x.git', 'uses ftp; ArgoCD and Kargo clone over https, http or ssh'],
      ['file:///srv/fleet.git', 'uses file; ArgoCD and Kargo clone over https, http or ssh'],
      ['https://github.com', 'names no repository path after the host'],
      ['https://github.com/', 'names no repository path after the host'],
      ['https://github.com/x.git?ref=main', 'carries a query'],
      ['https://github.com/x.git#main', 'carries a fragment'],
      ['https://github.com/x{y}.git', 'has "{" in its path (percent-encode it, or leave it out)'],
      ['https://github.com/x%zz.git', 'has a "%" not followed by two hex digits'],
      ['https://github.com/x"y', 'has """ in its path (percent-encode it, or leave it out)'],
      ['https://GitHub.com/AtomiCloud/fleet.git', 'has the host GitHub.com in upper case; every host name diene writes is lower case (SPEC §3.6)'],
      ['https://git hub.com/x', 'has the host git hub.com, whose label "git hub" is not letters, digits and inner hyphens (at most 63)'],
      ['https://-github.com/x', 'has the host -github.com, whose label "-github" is not letters, digits and inner hyphens (at most 63)'],
      ['https://github.com:70000/x', 'has the port "70000", which is not a number from 1 to 65535'],
      ['github.com/AtomiCloud/fleet.git', 'is neither scheme://host/path nor user@host:path'],
      ['git@github.com:', 'names no repository path after the host'],
      ['g!t@github.com:x.git', 'has the user "g!t", which is not letters, digits and - . _ ~'],
      ['', 'is neither scheme://host/path nor user@host:path'],
    ]);
  });
});

describe('apiServerUrlProblem: https://host[:port][/path]', () => {
  it('accepts the API server URLs ArgoCD names clusters by', () => {
    check(apiServerUrlProblem, [
      ['https://kubernetes.default.svc', undefined],
      ['https://kubernetes.default.svc/', undefined],
      ['https://10.0.0.1:6443', undefined],
      ['https://[fd00::1]:6443', undefined],
      ['https://rancher.example/k8s/clusters/c-m-abc', undefined],
    ]);
  });

  it('refuses everything else with the reason', () => {
    check(apiServerUrlProblem, [
      ['http://kubernetes.default.svc', 'uses http, not https'],
      ['https://Kubernetes.default.svc', 'has the host Kubernetes.default.svc in upper case; every host name diene writes is lower case (SPEC §3.6)'],
      ['kubernetes.default.svc', 'does not start with https://'],
      ['https://admin:pw@kubernetes.default.svc', 'carries a user name or password'],
      ['https://kubernetes.default.svc?x=1', 'carries a query'],
      ['https://kubernetes.default.svc#x', 'carries a fragment'],
      ['https://kubernetes.default.svc:0', 'has the port "0", which is not a number from 1 to 65535'],
      ['https://kubernetes.default.svc/{{.server}}', 'has "{" in its path (percent-encode it, or leave it out)'],
      ['https://', 'has no host'],
      ['https://kube_rnetes/', 'has the host kube_rnetes, whose label "kube_rnetes" is not letters, digits and inner hyphens (at most 63)'],
      [
        `https://${'a'.repeat(64)}.svc`,
        `has the host ${'a'.repeat(64)}.svc, whose label "${'a'.repeat(64)}" is not letters, digits and inner hyphens (at most 63)`,
      ],
    ]);
  });
});

/** Branch names and whether `git check-ref-format --branch` accepts them (git 2.39's answers, checked against git below). */
const BRANCHES: readonly (readonly [string, string | undefined])[] = [
  ['main', undefined],
  ['release/2026', undefined],
  ['feature/a-b_c.d', undefined],
  ['refs/heads/main', undefined],
  ['HEAD/x', undefined],
  ['x/HEAD', undefined],
  ['@', undefined],
  ['a@b', undefined],
  ['é', undefined],
  ['foo.lock.x', undefined],
  ['a-', undefined],
  // git allows these; the engine-syntax check refuses them before the grammar runs
  ['a{{b}}', undefined],
  ['${{x}}', undefined],
  ['a%}b', undefined],
  ["a'b", undefined],
  ['', 'is empty'],
  ['-x', 'starts with "-", which git reads as an option'],
  ['-', 'starts with "-", which git reads as an option'],
  ['HEAD', 'is HEAD, which names the checked-out commit'],
  ['a b', 'contains U+0020'],
  ['a\tb', 'contains U+0009'],
  ['a\u007fb', 'contains U+007F'],
  ['a~1', 'contains "~"'],
  ['a^', 'contains "^"'],
  ['a:b', 'contains ":"'],
  ['a?', 'contains "?"'],
  ['a*', 'contains "*"'],
  ['a[b', 'contains "["'],
  ['a\\b', 'contains "\\"'],
  ['a..b', 'contains ".."'],
  ['..', 'contains ".."'],
  ['a@{b', 'contains "@{"'],
  ['@{-1}', 'contains "@{"'],
  ['/a', 'has an empty component (a leading, trailing or doubled "/")'],
  ['a/', 'has an empty component (a leading, trailing or doubled "/")'],
  ['a//b', 'has an empty component (a leading, trailing or doubled "/")'],
  ['.a', 'has a component starting with "." (".a")'],
  ['a/.b', 'has a component starting with "." (".b")'],
  ['.', 'has a component starting with "." (".")'],
  ['a.lock', 'has a component ending in ".lock" ("a.lock")'],
  ['a.lock/b', 'has a component ending in ".lock" ("a.lock")'],
  ['a.', 'ends with "."'],
];

describe('gitBranchProblem: git check-ref-format --branch', () => {
  it('gives each name its verdict and reason', () => {
    check(gitBranchProblem, BRANCHES);
  });

  const missing = spawnSync('git', ['--version']).status === 0 ? undefined : 'git';
  const outside = mkdtempSync(path.join(tmpdir(), 'diene-refname-'));
  afterAll(() => rmSync(outside, { recursive: true, force: true }));
  it.skipIf(skipUnlessPresent(missing))(`agrees with git itself on every name of the table${skippedBecause(missing)}`, () => {
    for (const [name, reason] of BRANCHES) {
      const run = spawnSync('git', ['check-ref-format', '--branch', name], {
        cwd: outside,
        encoding: 'utf8',
        env: { ...process.env, GIT_CEILING_DIRECTORIES: outside },
      });
      expect(run.status === 0, `git check-ref-format --branch ${JSON.stringify(name)}: ${run.stderr}`).toBe(reason === undefined);
    }
  });
});

describe("gitPathProblem: the fleet's folder in its repository, a plain relative path", () => {
  it('gives each folder its verdict and reason', () => {
    check(gitPathProblem, [
      ['.', undefined],
      ['fleets/prod', undefined],
      ['fleet', undefined],
      ['infra/fleets/prod-eu_1.v2', undefined],
      ['.fleet/prod', undefined],
      ['/fleets/prod', 'starts with "/"'],
      ['fleets/prod/', 'has an empty part (a trailing or doubled "/")'],
      ['fleets//prod', 'has an empty part (a trailing or doubled "/")'],
      ['../prod', 'has the part "..", which leaves the repository'],
      ['fleets/../prod', 'has the part "..", which leaves the repository'],
      ['./fleets/prod', 'has the part ".", which names no folder'],
      ['fleets/*', 'has "*", which is not a letter, digit, ".", "_", "-" or the "/" between folders'],
      ['fleets/[prod]', 'has "[", which is not a letter, digit, ".", "_", "-" or the "/" between folders'],
      ['fleets\\prod', 'has "\\", which is not a letter, digit, ".", "_", "-" or the "/" between folders'],
      ['my fleet', 'has U+0020, which is not a letter, digit, ".", "_", "-" or the "/" between folders'],
      ['{{ .path }}', 'has "{", which is not a letter, digit, ".", "_", "-" or the "/" between folders'],
    ]);
  });
});
