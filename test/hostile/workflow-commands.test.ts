/**
 * Text output under GitHub Actions (issue 14): the runner reads every line of
 * a step's output, after leading white space, that starts with `::` (or the
 * older `##[`) as a workflow command: `::add-mask::` hides a value from the
 * log, `::stop-commands::` silences diene's own annotations, `::error::`
 * forges one. A file name, a source line, a value in a message, a command-line
 * argument or a note must never become such a line; diene's own annotations
 * must stay commands, escaped as the runner unescapes them.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatAnnotations, formatText, terminalLines, withoutWorkflowCommands } from '../../compiler/diagnostics/format.js';
import { diagnose } from '../../compiler/diagnostics/diagnostic.js';
import { boundedCli, expectNoCrash } from '../support/bounded-cli.js';
import { overlayTexts, readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';

/** The lines a GitHub Actions runner would read as workflow commands (it trims leading white space first). */
function workflowCommands(output: string): string[] {
  return output.split(/\r\n|\r|\n/).filter((line) => /^\s*(::|##\[)/.test(line));
}

/** diene's own annotations: `::<level> <escaped properties>::<escaped message>`, properties free of raw `:` and `,` inside values. */
const OWN_ANNOTATION = /^::(error|warning|notice) (?:[a-zA-Z]+=[^:,\r\n]*,)*[a-zA-Z]+=[^:,\r\n]*::[^\r\n]*$/;

function expectOnlyOwnAnnotations(output: string): void {
  for (const line of workflowCommands(output)) expect(line, 'a workflow command diene did not mean to write').toMatch(OWN_ANNOTATION);
  expect(output).not.toMatch(/^\s*::(add-mask|stop-commands|error::|set-output|save-state)/m);
}

const TIN = 'api.tin.nitroso.pikachu.cluster.atomi.cloud';
const reference = readFleetTexts();
const hostile = writeTempFleet(
  overlayTexts(reference, {
    // A value with a line feed reaches a message; a key starting with `::` is the blamed source line.
    'registry/clusters/raichu-opal.yaml':
      'landscape: raichu\nmark: "x\\n::error::forged by a value"\nprovider: digitalocean\naccount: digitalocean-main\ntraffic: true\n',
    'registry/landscapes/raichu.yaml': `${reference.get('registry/landscapes/raichu.yaml')}::add-mask::hunter2: 1\n`,
    'registry/fleet.yaml': (reference.get('registry/fleet.yaml') as string).replace('\ndns:\n', '\ndns:\n  ::stop-commands::deadbeef: 1\n'),
  }),
);
// A file name with line feeds, as git can check out.
writeFileSync(path.join(hostile.dir, 'registry/accounts/aws-x\n::error::forged by a file name\n::add-mask::x.yaml'), '');
afterAll(() => hostile.cleanup());

describe('text output under GitHub Actions', () => {
  for (const format of ['text', 'github']) {
    it(`never turns a file name, a value or a source line into a workflow command (--format ${format})`, () => {
      const run = boundedCli(['validate', '--fleet', hostile.dir, '--format', format], { cwd: hostile.dir });
      expectNoCrash(run);
      expect(run.exitCode).toBe(2);
      expectOnlyOwnAnnotations(run.stderr);
      // Each value stays on its own line, shown.
      expect(run.stderr).toContain('registry/accounts/aws-x␤::error::forged by a file name␤::add-mask::x.yaml:1:1:');
      expect(run.stderr).toContain('"x␤::error::forged by a value"');
      // The blamed source lines are shown with a look-alike first colon, the caret still under the key.
      expect(run.stderr).toMatch(/\n {2}∶:add-mask::hunter2: 1\n {2}\^+/);
      expect(run.stderr).toMatch(/\n {4}∶:stop-commands::deadbeef: 1\n {4}\^+/);
      if (format === 'github') {
        expect(workflowCommands(run.stderr).length).toBeGreaterThan(0);
        expect(run.stderr).toContain('::error file=registry/accounts/aws-x%0A%3A%3Aerror%3A%3Aforged by a file name%0A%3A%3Aadd-mask%3A%3Ax.yaml,');
      } else expect(workflowCommands(run.stderr)).toEqual([]);
    });
  }

  it('escapes the command line and notes: a usage error, an output folder and a route', () => {
    const usage = boundedCli(['validate', '--fleet', '::error::forged\n::add-mask::argv'], { cwd: hostile.dir });
    expectNoCrash(usage);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain('::error::forged␤::add-mask::argv" is not a directory');
    expectOnlyOwnAnnotations(usage.stderr);

    const reference = writeTempFleet(readFleetTexts());
    try {
      const out = path.join(reference.dir, 'out\n::add-mask::note');
      const compile = boundedCli(['compile', '--fleet', reference.dir, '--out', out], { cwd: reference.dir });
      expectNoCrash(compile);
      expect(compile.exitCode).toBe(0);
      expect(compile.stderr, compile.stderr).toMatch(/\nwrote \d+ files to out␤::add-mask::note\n$/);

      const unknown = boundedCli(['route', '::error::host\n::add-mask::host', '/', '--fleet', reference.dir, '--format', 'github'], { cwd: reference.dir });
      expectNoCrash(unknown);
      expect(unknown.exitCode).toBe(2);
      expect(unknown.stderr).toContain('no route serves host "::error::host␤::add-mask::host"');
      expectOnlyOwnAnnotations(unknown.stderr);
      const served = boundedCli(['route', TIN, '/x\n::add-mask::path', '--fleet', reference.dir], { cwd: reference.dir });
      expect(served.exitCode).toBe(0);
      expect(served.stdout).toContain('  upstream   path /x␤::add-mask::path is sent unchanged\n');
      expectOnlyOwnAnnotations(served.stdout);
    } finally {
      reference.cleanup();
    }
  });

  it('escapes the names of files found in the output folder in the --check review and its annotations', () => {
    const reference = writeTempFleet(readFleetTexts());
    try {
      const out = path.join(reference.dir, 'generated');
      expect(boundedCli(['compile', '--fleet', reference.dir, '--out', out], { cwd: reference.dir }).exitCode).toBe(0);
      mkdirSync(path.join(out, 'argocd'), { recursive: true });
      writeFileSync(path.join(out, 'argocd', 'x\n::add-mask::extra.yaml'), 'a: 1\n  ::stop-commands::inside: 1\n');
      rmSync(path.join(out, 'kargo', 'nitroso.yaml'));
      const check = boundedCli(['compile', '--fleet', reference.dir, '--out', out, '--check', '--format', 'github'], { cwd: reference.dir });
      expectNoCrash(check, [1]);
      expectOnlyOwnAnnotations(check.stdout);
      expectOnlyOwnAnnotations(check.stderr);
      expect(check.stdout).toContain('argocd/x␤::add-mask::extra.yaml');
      expect(check.stdout).toContain('--- a/argocd/x␤::add-mask::extra.yaml\n');
      // A removed line keeps its "-" first: the runner reads no command there.
      expect(check.stdout).toContain('\n-  ::stop-commands::inside: 1\n');
      // a file diene did not write: compile's refusal, the name escaped in the note and in the annotation
      expect(check.stderr).toContain('  foreign argocd/x␤::add-mask::extra.yaml  (diene did not write it)\n');
      expect(check.stderr).toMatch(
        /::error file=generated\/argocd\/x%0A%3A%3Aadd-mask%3A%3Aextra\.yaml,title=output_foreign_file::[^\n]*\/argocd\/x%0A::add-mask::extra\.yaml holds what diene did not write/,
      );
    } finally {
      reference.cleanup();
    }
  });
});

describe('the escaping functions', () => {
  it('neutralise a line that starts with :: or ##[ after white space, one code point for one', () => {
    expect(withoutWorkflowCommands('::error::x\n  ::add-mask::y\n\t##[group]z\nok ::x::\n#x\n:x')).toBe(
      '∶:error::x\n  ∶:add-mask::y\n\t♯#[group]z\nok ::x::\n#x\n:x',
    );
    expect(terminalLines(['a\nb', '::x::', 'c\r::y::', 'd\u2028::z::'])).toBe('a␤b\n∶:x::\nc␍::y::\nd\ufffd::z::');
  });

  it('keep every part of a diagnostic on its line', () => {
    const d = diagnose({ file: 'a\nb.yaml', line: 2, column: 1, sourceLine: '::add-mask::x: 1' }, 'yaml_syntax', {
      reason: 'one\ntwo\r::error::three',
      fix: 'usage: diene validate; `diene help validate` describes every option',
    });
    expect(formatText(d)).toBe(
      'a␤b.yaml:2:1: error yaml_syntax: one␤two␍::error::three\n  ∶:add-mask::x: 1\n  ^\n  hint: usage: diene validate; `diene help validate` describes every option',
    );
  });

  it('escape annotations as the Actions toolkit does: %, CR and LF in the message; and : and , in properties', () => {
    const text = formatAnnotations([{ level: 'error', file: 'a\n::b,c%.yaml', line: 1, title: 'x', message: '50%\r\n::add-mask::m' }]);
    expect(text).toBe('::error file=a%0A%3A%3Ab%2Cc%25.yaml,line=1,title=x::50%25%0D%0A::add-mask::m\n');
    expect(workflowCommands(text)).toHaveLength(1);
  });
});
