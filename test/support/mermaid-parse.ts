/**
 * Mermaid's own parser in Node: `mermaid` (11.x) parses diagrams with its
 * bundled grammars, but its sanitizer (DOMPurify) needs a DOM, so a jsdom
 * window is installed as the global `window`/`document` before mermaid loads.
 * `parseMermaid` is `mermaid.parse`: it resolves with the diagram type or
 * rejects with Mermaid's parse error. It does not lay out or draw (that needs
 * a browser's text measurement).
 */
import { JSDOM } from 'jsdom';

type Mermaid = { initialize(config: Record<string, unknown>): void; parse(text: string): Promise<{ diagramType: string } | false> };
let loaded: Promise<Mermaid> | undefined;

async function load(): Promise<Mermaid> {
  const dom = new JSDOM('<!doctype html><html><body></body></html>');
  const g = globalThis as unknown as Record<string, unknown>;
  g['window'] ??= dom.window;
  g['document'] ??= dom.window.document;
  const mermaid = (await import('mermaid')).default as unknown as Mermaid;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
  return mermaid;
}

/** Parses `text` with Mermaid; resolves with its diagram type, rejects with the parse error. */
export async function parseMermaid(text: string): Promise<string> {
  loaded ??= load();
  const result = await (await loaded).parse(text);
  if (!result) throw new Error('mermaid.parse returned false');
  return result.diagramType;
}
