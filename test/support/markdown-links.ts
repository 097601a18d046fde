/**
 * The relative links and #anchors of Markdown files, as GitHub resolves them:
 * headings become anchors by GitHub's slug rule (lower case, punctuation
 * dropped, spaces to hyphens, `-1`, `-2` … for repeats), code is never read
 * for links, and a link is relative when it has no scheme.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Lexer, type Token, type Tokens } from 'marked';

/** GitHub's anchor of a heading's text (github-slugger's rule). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text a heading shows: code spans without their backticks, links by their text. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'codespan') return (token as Tokens.Codespan).raw.replace(/^`+\s?|\s?`+$/g, '');
      if ('tokens' in token && Array.isArray(token.tokens) && token.type !== 'text') return plainText(token.tokens);
      if (token.type === 'escape') return (token as Tokens.Escape).text;
      return token.raw;
    })
    .join('');
}

export interface MarkdownFile {
  /** The anchors of the file's headings. */
  anchors: Set<string>;
  /** Every link and image target outside code. */
  links: string[];
}

export function readMarkdown(text: string): MarkdownFile {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const links: string[] = [];
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'code' || token.type === 'codespan' || token.type === 'html') continue;
      if (token.type === 'heading') {
        const base = slug(plainText((token as Tokens.Heading).tokens));
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        anchors.add(count === 0 ? base : `${base}-${count}`);
      }
      if (token.type === 'link' || token.type === 'image') links.push((token as Tokens.Link).href);
      if ('tokens' in token && Array.isArray(token.tokens)) walk(token.tokens);
      if (token.type === 'list') walk((token as Tokens.List).items);
      if (token.type === 'table') {
        const table = token as Tokens.Table;
        for (const cell of [...table.header, ...table.rows.flat()]) walk(cell.tokens);
      }
    }
  };
  walk(new Lexer({ gfm: true }).lex(text));
  return { anchors, links };
}

/**
 * What does not resolve among the relative links of `files` (absolute paths):
 * a target file or folder that does not exist, an anchor its Markdown file does
 * not have, a link that leaves `root` other than into `outside` (folders beside
 * the repository that the project refers to, checked only when present).
 */
export function brokenLinks(files: readonly string[], root: string, outside: readonly string[] = []): string[] {
  const problems: string[] = [];
  const parsed = new Map<string, MarkdownFile>();
  const markdown = (file: string): MarkdownFile => {
    let result = parsed.get(file);
    if (!result) {
      result = readMarkdown(readFileSync(file, 'utf8'));
      parsed.set(file, result);
    }
    return result;
  };
  for (const file of files) {
    const where = path.relative(root, file);
    for (const href of markdown(file).links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
      const hash = href.indexOf('#');
      const target = decodeURI(hash === -1 ? href : href.slice(0, hash));
      const anchor = hash === -1 ? undefined : decodeURIComponent(href.slice(hash + 1));
      const resolved = target === '' ? file : path.resolve(path.dirname(file), target);
      const inside = !path.relative(root, resolved).startsWith('..');
      if (!inside) {
        const folder = outside.find((allowed) => !path.relative(allowed, resolved).startsWith('..'));
        if (folder === undefined) problems.push(`${where}: ${href} leaves the repository`);
        else if (existsSync(folder) && !existsSync(resolved)) problems.push(`${where}: ${href} does not exist`);
        continue;
      }
      if (!existsSync(resolved)) {
        problems.push(`${where}: ${href} does not exist`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!resolved.endsWith('.md') || !statSync(resolved).isFile()) {
        problems.push(`${where}: ${href} has an anchor into a file that is not Markdown`);
        continue;
      }
      if (!markdown(resolved).anchors.has(anchor)) problems.push(`${where}: ${href} names no heading of ${path.relative(root, resolved)}`);
    }
  }
  return problems;
}
