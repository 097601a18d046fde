/**
 * Mermaid's own parser in Node: `mermaid` (11.x) parses diagrams with its
 * bundled grammars, but its sanitizer (DOMPurify) needs a DOM, so a jsdom
 * window is installed as the global `window`/`document` while mermaid loads
 * and parses, and removed after: test files share a worker's globals, and a
 * global `window` makes other libraries think they run in a browser.
 * `parseMermaid` is `mermaid.parse`: it resolves with the diagram type or
 * rejects with Mermaid's parse error. It does not lay out or draw (that needs
 * a browser's text measurement).
 */
import { JSDOM } from 'jsdom';

type Mermaid = { initialize(config: Record<string, unknown>): void; parse(text: string): Promise<{ diagramType: string } | false> };
let loaded: Promise<Mermaid> | undefined;
let dom: JSDOM | undefined;

/** Runs `work` with jsdom's `window` and `document` as globals where none are set, and takes away only what it set. */
async function withDom<T>(work: () => Promise<T>): Promise<T> {
  dom ??= new JSDOM('<!doctype html><html><body></body></html>');
  const g = globalThis as unknown as Record<string, unknown>;
  const installed = (['window', 'document'] as const).filter((name) => g[name] === undefined);
  for (const name of installed) g[name] = name === 'window' ? dom.window : dom.window.document;
  try {
    return await work();
  } finally {
    for (const name of installed) delete g[name];
  }
}

async function load(): Promise<Mermaid> {
  const mermaid = (await import('mermaid')).default as unknown as Mermaid;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
  return mermaid;
}

/** Parses `text` with Mermaid; resolves with its diagram type, rejects with the parse error. */
export async function parseMermaid(text: string): Promise<string> {
  return withDom(async () => {
    loaded ??= load();
    const result = await (await loaded).parse(text);
    if (!result) throw new Error('mermaid.parse returned false');
    return result.diagramType;
  });
}
