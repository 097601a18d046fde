/**
 * YAML syntax errors in our words: the YAML library's error (its code and
 * position) turned into what is wrong on which line and the edit that fixes
 * it, blamed on the token at fault (the over-indented key, the tab, the
 * unclosed bracket). Only keys are quoted, never a line's value (which may
 * hold a secret). Pure: takes the file's text, returns words and offsets.
 */
import { codePointOf, firstInvisible, invisibleName, isSpaceLike } from '../diagnostics/invisible.js';

/** What to say about one syntax error: the words, the fix and the span to blame (UTF-16 offsets). */
export interface SyntaxWords {
  reason: string;
  fix: string;
  start: number;
  end: number;
}

interface Line {
  number: number;
  start: number;
  text: string;
  indent: number;
  /** The column (0-based) of the line's first key: after its indent and any `- ` of a list item (`    - name:` → 6). */
  keyIndent: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  text.split('\n').forEach((line, i) => {
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    lines.push({ number: i + 1, start, text: line, indent, keyIndent: indent + (/^(?:-[ ]+)*/.exec(line.slice(indent))?.[0].length ?? 0) });
    start += line.length + 1;
  });
  return lines;
}

const KEY_WITH_VALUE = /^\s*(?:- )?([^#\s:][^:#]*?):[ \t]+[^\s#]/;
const KEY = /^\s*(?:- )?([^#\s:][^:#]*?):(?:\s|$)/;
const isContent = (line: Line): boolean => line.text.trim() !== '' && !line.text.trimStart().startsWith('#');

/**
 * Our words for the YAML library's error `code` at `offset` of `text`; the
 * library's own message when no rule fits. `quoteAt` is the offset of the
 * opening quote of a string never closed, when the parsed document shows it.
 */
export function syntaxWords(text: string, code: string, offset: number, libraryMessage: string, quoteAt?: number): SyntaxWords {
  const lines = linesOf(text);
  const at = lines.filter((line) => line.start <= offset).at(-1) ?? (lines[0] as Line);
  const content = lines.filter(isContent);
  const before = (line: Line): Line | undefined => content.filter((l) => l.number < line.number).at(-1);
  const keyOf = (line: Line): string => KEY.exec(line.text)?.[1] ?? line.text.trim();
  const blameLine = (line: Line): { start: number; end: number } => ({ start: line.start + line.indent, end: line.start + line.text.trimEnd().length });

  // An invisible character (a no-break space pasted where a space was meant) on the line the parser stopped at, or the line
  // before it: the parser's own words are about what it then saw, the fix is to replace that character.
  for (const line of [at, before(at)]) {
    const found = line && firstInvisible(line.text);
    if (!line || !found) continue;
    const spaceLike = isSpaceLike(found.character);
    return {
      reason: `line ${line.number} holds an invisible ${invisibleName(found.character)} (${codePointOf(found.character)}) at column ${found.position}${spaceLike ? ', which YAML does not read as a space' : ''}`,
      fix: spaceLike ? 'replace it with a plain space' : 'delete it',
      start: line.start + found.offset,
      end: line.start + found.offset + found.character.length,
    };
  }

  if (code === 'BLOCK_AS_IMPLICIT_KEY' || code === 'MULTILINE_IMPLICIT_KEY' || code === 'BAD_INDENT') {
    // The first line indented deeper than a `key: value` line above it (nothing can nest under a value).
    const deeper = content.find(
      (line) =>
        line.number >= at.number - 1 &&
        (() => {
          const above = before(line);
          // A key at the column of a list item's first key (`- name: x`, then `  provider: y`) is its sibling, not nested under it.
          return above !== undefined && line.indent > above.keyIndent && KEY_WITH_VALUE.test(above.text);
        })(),
    );
    if (deeper) {
      const above = before(deeper) as Line;
      // `above` may be the key out of line: indented less than the siblings before it (at `deeper`'s column) but more than their parent.
      const earlier = content.filter((l) => l.number < above.number);
      const parent = earlier.filter((l) => l.indent < above.indent).at(-1);
      const sibling = earlier.filter((l) => l.indent <= deeper.indent && (parent === undefined || l.number > parent.number)).at(-1);
      if (sibling && sibling.keyIndent === deeper.indent && KEY.test(sibling.text) && KEY.test(above.text))
        return {
          reason: `\`${keyOf(above)}:\` on line ${above.number} starts at column ${above.indent + 1}, but the keys before it in its mapping (\`${keyOf(sibling)}:\` on line ${sibling.number}) start at column ${sibling.keyIndent + 1}`,
          fix: `move \`${keyOf(above)}:\` to column ${sibling.keyIndent + 1} like \`${keyOf(sibling)}:\` (keys of one mapping start at the same column)`,
          ...blameLine(above),
        };
      return {
        reason: `\`${keyOf(deeper)}:\` on line ${deeper.number} is indented more than \`${keyOf(above)}:\` on line ${above.number}, which already has a value, so it cannot nest under it`,
        fix: `indent \`${keyOf(deeper)}:\` at column ${above.keyIndent + 1} like \`${keyOf(above)}:\`; to nest it, leave nothing after \`${keyOf(above)}:\` on line ${above.number}`,
        ...blameLine(deeper),
      };
    }
    if (code === 'BAD_INDENT' && /same column/.test(libraryMessage)) {
      const siblings = content.filter((line) => line.number < at.number && line.indent > 0 && line.indent !== at.indent && KEY.test(line.text));
      const column = (siblings.at(-1)?.indent ?? 0) + 1;
      return {
        reason: `\`${keyOf(at)}:\` on line ${at.number} starts at column ${at.indent + 1}, but the keys of its mapping start at column ${column}`,
        fix: `move \`${keyOf(at)}:\` to column ${column} (keys of one mapping start at the same column)`,
        ...blameLine(at),
      };
    }
    if (code === 'MULTILINE_IMPLICIT_KEY' && !at.text.includes(':')) {
      return {
        reason: `line ${at.number} is not \`key: value\`: it has no colon`,
        fix: 'write a colon and a space after the key (`key: value`)',
        ...blameLine(at),
      };
    }
  }
  if (code === 'TAB_AS_INDENT') {
    return {
      reason: `line ${at.number} is indented with a tab, which YAML does not allow`,
      fix: 'indent with spaces (two a level)',
      start: at.start,
      end: at.start + (/^[ \t]*/.exec(at.text)?.[0].length ?? 1),
    };
  }
  if (code === 'MISSING_CHAR' && /Sequence item without/.test(libraryMessage) && KEY.test(at.text)) {
    // A key moved left of its list item's first key (`- name: x`, then ` provider: y`): the library names its line.
    const item = before(at);
    const first = item && content.filter((l) => l.number <= item.number && l.indent <= item.indent && /^\s*-[ ]/.test(l.text)).at(-1);
    if (first && first.keyIndent > at.indent && first.indent < at.indent)
      return {
        reason: `\`${keyOf(at)}:\` on line ${at.number} starts at column ${at.indent + 1}, but the keys of its list item (\`${keyOf(first)}:\` on line ${first.number}) start at column ${first.keyIndent + 1}`,
        fix: `move \`${keyOf(at)}:\` to column ${first.keyIndent + 1} like \`${keyOf(first)}:\` (keys of one mapping start at the same column)`,
        ...blameLine(at),
      };
  }
  if (code === 'MISSING_CHAR' && /quote/.test(libraryMessage)) {
    // The library's error is where it stopped looking (the end of the file): the caret goes on the quote that opened the string.
    const quote = quoteAt !== undefined && /["']/.test(text.charAt(quoteAt)) ? quoteAt : undefined;
    const opened =
      quote !== undefined
        ? (lines.filter((line) => line.start <= quote).at(-1) ?? at)
        : (lines.filter((line) => line.start <= offset && /["']/.test(line.text)).at(-1) ?? at);
    return {
      reason: `a quoted string opened on line ${opened.number} is never closed`,
      fix: `close the quote on line ${opened.number}`,
      ...(quote === undefined ? blameLine(opened) : { start: quote, end: quote + 1 }),
    };
  }
  if (/Nested mappings are not allowed in compact mappings/.test(libraryMessage) && KEY.test(at.text)) {
    // `mark: blue: green`: the value is not quoted here (it may hold a secret), only its key is named.
    const valueAt = (/^\s*(?:- )?[^#\s:][^:#]*?:[ \t]+/.exec(at.text)?.[0].length ?? at.indent) + at.start;
    return {
      reason: `the value of \`${keyOf(at)}:\` on line ${at.number} holds a colon and a space, which YAML reads as the start of a second mapping on the same line`,
      fix: `quote the value (\`${keyOf(at)}: "…"\`), or put the inner key on its own line, indented under \`${keyOf(at)}:\``,
      start: valueAt,
      end: at.start + at.text.trimEnd().length,
    };
  }
  if (/Flow (sequence|map)/.test(libraryMessage)) {
    const bracket = /sequence/.test(libraryMessage) ? '[' : '{';
    const closing = bracket === '[' ? ']' : '}';
    const opened = lines.filter((line) => line.start <= offset && line.text.includes(bracket)).at(-1) ?? at;
    const column = opened.text.indexOf(bracket);
    return {
      reason: `the \`${bracket}\` on line ${opened.number} is never closed with \`${closing}\``,
      fix: `close it with \`${closing}\` on the same line, or write one \`${bracket === '[' ? '- item' : 'key: value'}\` a line instead`,
      start: opened.start + Math.max(column, 0),
      end: opened.start + Math.max(column, 0) + 1,
    };
  }
  return { reason: libraryMessage, fix: 'fix the YAML syntax near the caret', start: offset, end: offset + 1 };
}
