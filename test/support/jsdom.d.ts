// The one jsdom API test/support/mermaid-parse.ts uses (jsdom ships no types).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
