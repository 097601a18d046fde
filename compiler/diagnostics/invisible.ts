/**
 * Characters that do not show: spaces other than U+0020 (a no-break space
 * pasted from a web page or a chat) and format characters (zero-width,
 * bidirectional controls). A message names one by its code point, its
 * Unicode name and its place, since the caret alone points at nothing seen.
 */

/** The names of the invisible characters most often met (Unicode's own names); others are named by their category. */
const NAMES: Readonly<Record<number, string>> = {
  0x00a0: 'NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x1680: 'OGHAM SPACE MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x2000: 'EN QUAD',
  0x2001: 'EM QUAD',
  0x2002: 'EN SPACE',
  0x2003: 'EM SPACE',
  0x2004: 'THREE-PER-EM SPACE',
  0x2005: 'FOUR-PER-EM SPACE',
  0x2006: 'SIX-PER-EM SPACE',
  0x2007: 'FIGURE SPACE',
  0x2008: 'PUNCTUATION SPACE',
  0x2009: 'THIN SPACE',
  0x200a: 'HAIR SPACE',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x202f: 'NARROW NO-BREAK SPACE',
  0x205f: 'MEDIUM MATHEMATICAL SPACE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3000: 'IDEOGRAPHIC SPACE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

/** A space other than U+0020 and the tab (Unicode's Zs, Zl, Zp), or a format character (Cf). */
const INVISIBLE = /[\p{Zs}\p{Zl}\p{Zp}\p{Cf}]/u;

/** `U+XXXX` of `character`. */
export function codePointOf(character: string): string {
  return `U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Unicode's name of an invisible `character` (`ZERO WIDTH SPACE`), or its category when it is not one of the usual ones. */
export function invisibleName(character: string): string {
  const name = NAMES[character.codePointAt(0) as number];
  if (name !== undefined) return name;
  return /\p{Cf}/u.test(character) ? '(a format character, Unicode category Cf)' : '(a space character, Unicode category Zs)';
}

/** The first invisible character of `text` other than U+0020: the character, its UTF-16 offset and its place in code points from 1. */
export function firstInvisible(text: string): { character: string; offset: number; position: number } | undefined {
  let offset = 0;
  let position = 0;
  for (const character of text) {
    position++;
    if (character !== ' ' && INVISIBLE.test(character)) return { character, offset, position };
    offset += character.length;
  }
  return undefined;
}

/** A space-like invisible character (not a format one): YAML does not read it as a space, where the writer meant one. */
export function isSpaceLike(character: string): boolean {
  return /[\p{Zs}\p{Zl}\p{Zp}]/u.test(character);
}
