/**
 * docs/cli.md's command reference is generated from the commands' help data
 * (the same data `--help` prints): this test fails when it is stale.
 * Regenerate with `UPDATE_DOCS=1 npx vitest run test/cli/cli-doc.test.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { COMMAND_HELPS } from '../../compiler/cli.js';
import { formatCommandMarkdown, formatCommonOptionsMarkdown } from '../../compiler/cli/help.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';

const DOC = path.join(REPO_ROOT, 'docs', 'cli.md');
const START = '<!-- generated from compiler/cli/*.help.ts: do not edit by hand -->';
const END = '<!-- end of generated reference -->';

function reference(): string {
  return [
    '## Options of every command',
    '',
    formatCommonOptionsMarkdown(),
    '## Commands',
    '',
    ...COMMAND_HELPS.map((help) => formatCommandMarkdown(help)),
  ].join('\n');
}

describe('docs/cli.md', () => {
  it('holds the reference of every command and option, as --help gives it', async () => {
    const text = readFileSync(DOC, 'utf8');
    const at = text.indexOf(START);
    const end = text.indexOf(END);
    expect(at).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(at);
    // the document as the repository's Prettier writes it, so `npm run format` leaves it alone
    const options = (await prettier.resolveConfig(DOC)) ?? {};
    const wanted = await prettier.format(`${text.slice(0, at)}${START}\n\n${reference()}\n${END}${text.slice(end + END.length)}`, {
      ...options,
      filepath: DOC,
    });
    if (process.env['UPDATE_DOCS'] === '1') writeFileSync(DOC, wanted);
    else expect(text).toBe(wanted);
  });
});
