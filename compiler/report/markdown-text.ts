/**
 * Text from inputs, the command line and the output folder, made safe for the
 * Markdown of the pull request report, which CI posts as a GitHub
 * comment: file names, messages, hints, hostnames and object names.
 *
 * What hostile text could do there, and what stops it:
 * - end a table cell or row (`|`, a line feed): `\|`; controls and line feeds
 *   are shown as visible characters ({@link printable}), so a value is one line;
 * - close a code span or open one (a backtick), emphasis (`*`, `_`, `~`), a
 *   link or an image (`[`, `]`, `!`, `(`, `)`), math (`$`): backslash escapes
 *   (CommonMark: any ASCII punctuation), `$` as an entity;
 * - inject HTML (`<img src=…>` tracking pixels, `<details>`): `&`, `<`, `>` as
 *   entities;
 * - notify people or teams (`@user`, `@org/team`), link to issues
 *   (`#123`), or become a link by itself (`https://…`, `www.…`, an e-mail
 *   address): GitHub finds these in the rendered text, where escapes are
 *   already gone, so a zero-width space (U+200B) goes after the `@`, after
 *   the `#`, inside `://` and after `www`.
 *
 * Pure.
 */
import { printable } from '../diagnostics/format.js';

const ZERO_WIDTH_SPACE = '\u200b';

/** Characters with a meaning in inline Markdown, escaped with a backslash (CommonMark §2.4). */
const PUNCTUATION = /[\\`*_[\]!()~|#]/g;

/**
 * `text` as literal Markdown for a table cell, a list item, a heading or an
 * emphasis: one line, rendered as the characters it holds, with no HTML, no
 * link, no mention and no reference.
 */
export function markdownText(text: string): string {
  return (
    printable(text, 'line')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(PUNCTUATION, (c) => `\\${c}`)
      .replace(/@/g, `@${ZERO_WIDTH_SPACE}`)
      .replace(/#/g, `#${ZERO_WIDTH_SPACE}`)
      .replace(/:\/\//g, `:${ZERO_WIDTH_SPACE}//`)
      .replace(/\b(www)\./gi, `$1${ZERO_WIDTH_SPACE}.`)
      // Last: the entity's own "#" must not be escaped.
      .replace(/\$/g, '&#36;')
  );
}

/** Text a code span shows as it is, in a table cell or a list item: these characters and single inner spaces (no backtick, no pipe, no space at either end). */
const PLAIN = /^[A-Za-z0-9._/:+=,-]+(?: [A-Za-z0-9._/:+=,-]+)*$/;

/**
 * `text` as a code span when it is plain (a path, an object name: letters,
 * digits, single inner spaces and `. _ / : + = , -`), which GitHub never links in;
 * otherwise as {@link markdownText} (a code span cannot hold a backtick or a
 * pipe safely in both a table and a list).
 */
export function markdownCode(text: string): string {
  return PLAIN.test(text) ? `\`${text}\`` : markdownText(text);
}

/** A code span's text that renders as it is wherever the span stands: no backtick, pipe or line break, no space at either end. */
const CODE_SPAN = /^[^`|\s](?:[^`|\n]*[^`|\s])?$/;

/**
 * `text` written with backticks around its code (a command a verdict suggests:
 * ``run `diene compile --fleet fleet` and commit the result``) as Markdown:
 * each backticked part as a code span when it is printable and can be one
 * ({@link CODE_SPAN}), every other part as {@link markdownText}; text with
 * an unpaired backtick is all {@link markdownText}.
 */
export function markdownProse(text: string): string {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return markdownText(text);
  return parts.map((part, i) => (i % 2 === 1 && CODE_SPAN.test(part) && printable(part, 'line') === part ? `\`${part}\`` : markdownText(part))).join('');
}
