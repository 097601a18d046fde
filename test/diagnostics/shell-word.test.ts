import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWord } from '../../compiler/diagnostics/shell-word.js';

/** What POSIX sh makes of `words` written after printf: one line per word it reads. */
function shellReads(words: string): string[] {
  return execFileSync('sh', ['-c', `printf '%s\\n' ${words}`], { encoding: 'utf8' })
    .split('\n')
    .slice(0, -1);
}

describe('shellWord', () => {
  it('leaves a path of safe characters as it is', () => {
    expect(shellWord('/work/fleets/main-1.2_x')).toBe('/work/fleets/main-1.2_x');
  });

  it('quotes what a shell would split, expand or glob, and sh reads it back as one word', () => {
    for (const text of ['my fleet', "Bob's fleet", '$HOME/x', 'a*b', 'a;rm -rf b', '`id`', 'tab\there', '', "''"]) {
      expect(shellWord(text)).not.toBe(text);
      expect(shellReads(`${shellWord(text)} end`)).toEqual([text, 'end']);
    }
  });
});
