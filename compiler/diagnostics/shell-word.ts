/**
 * `text` as one word of a POSIX shell command a message suggests
 * (`next: diene compile --fleet 'my fleet'`): as it is when it holds only
 * characters no shell treats specially, else in single quotes, each `'`
 * written as `'\''`. So a suggested command can be pasted as printed.
 */
export function shellWord(text: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
