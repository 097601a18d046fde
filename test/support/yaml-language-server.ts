/**
 * A minimal Language Server Protocol client for yaml-language-server (the npm
 * package VS Code's YAML extension runs), over its stdio transport: JSON-RPC
 * messages framed by `Content-Length` headers. It answers the requests the
 * server makes of an editor (its settings, capability registration, progress)
 * and waits for notifications with a deadline, so a server that never answers
 * fails the test instead of hanging it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The server's start script, or `undefined` when the package is not installed. */
export function yamlLanguageServerBin(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve('yaml-language-server/package.json');
    return path.join(path.dirname(manifest), 'bin', 'yaml-language-server');
  } catch {
    return undefined;
  }
}

interface Message {
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** An LSP diagnostic as the server publishes it (0-based line and character). */
export interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  severity?: number;
  source?: string;
}

/** One completion item (only the fields the tests read). */
export interface LspCompletionItem {
  label: string;
  kind?: number;
}

export class YamlLanguageServer {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly notifications: Message[] = [];
  private readonly waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  private stderr = '';
  private exited: string | undefined;

  /**
   * Starts the server with `settings` (the `yaml` section an editor would
   * hold, e.g. `{ schemas: { … } }`) for the workspace folder `root`.
   */
  constructor(
    bin: string,
    private readonly root: string,
    private readonly settings: Record<string, unknown>,
    private readonly timeoutMs = 20_000,
  ) {
    this.child = spawn(process.execPath, [bin, '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.child.on('exit', (code, signal) => {
      this.exited = `the server exited (${code ?? signal}): ${this.stderr.slice(0, 2000)}`;
      for (const { reject } of this.pending.values()) reject(new Error(this.exited));
      this.pending.clear();
    });
  }

  private send(message: Message): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd === -1) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
      if (!Number.isFinite(length) || this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(JSON.parse(body) as Message);
    }
  }

  private dispatch(message: Message): void {
    if (message.method !== undefined && message.id !== undefined) {
      // A request from the server to the editor.
      const result = message.method === 'workspace/configuration' ? this.configuration(message.params) : null;
      this.send({ id: message.id, result });
    } else if (message.method !== undefined) {
      const waiter = this.waiters.findIndex((w) => w.match(message));
      if (waiter === -1) this.notifications.push(message);
      else this.waiters.splice(waiter, 1)[0]?.resolve(message);
    } else if (typeof message.id === 'number') {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) pending?.reject(new Error(`${message.error.code}: ${message.error.message}`));
      else pending?.resolve(message.result);
    }
  }

  /** The settings sections the server asks for: `yaml` gets ours, the others (`http`, `[yaml]`, `editor`) nothing. */
  private configuration(params: unknown): unknown[] {
    const items = (params as { items?: { section?: string }[] }).items ?? [];
    return items.map((item) => (item.section === 'yaml' ? this.settings : null));
  }

  private withDeadline<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no ${what} within ${this.timeoutMs} ms${this.exited ? `; ${this.exited}` : ''}`)), this.timeoutMs);
    });
    return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
  }

  request<T>(method: string, params: unknown): Promise<T> {
    if (this.exited) return Promise.reject(new Error(this.exited));
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
    this.send({ id, method, params });
    return this.withDeadline(answer, `answer to ${method}`);
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  /** The next notification `match` accepts (one already received counts). */
  waitFor(match: (m: Message) => boolean, what: string): Promise<Message> {
    const index = this.notifications.findIndex(match);
    if (index !== -1) return Promise.resolve(this.notifications.splice(index, 1)[0] as Message);
    return this.withDeadline(new Promise<Message>((resolve) => this.waiters.push({ match, resolve })), what);
  }

  /** The LSP handshake, then the settings pushed as an editor does when they change. */
  async initialize(): Promise<void> {
    const uri = fileUri(this.root);
    await this.request('initialize', {
      processId: process.pid,
      rootUri: uri,
      workspaceFolders: [{ uri, name: path.basename(this.root) }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          publishDiagnostics: { relatedInformation: true },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
        },
      },
    });
    this.notify('initialized', {});
    this.notify('workspace/didChangeConfiguration', { settings: { yaml: this.settings } });
  }

  /** Opens `file` with `text` and waits for the diagnostics the server publishes for it. */
  async open(file: string, text: string): Promise<LspDiagnostic[]> {
    const uri = fileUri(file);
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const published = await this.waitFor(
      (m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === uri,
      `diagnostics for ${file}`,
    );
    return (published.params as { diagnostics: LspDiagnostic[] }).diagnostics;
  }

  /** The completion items at `line`, `character` (0-based) of the open `file`. */
  async complete(file: string, line: number, character: number): Promise<LspCompletionItem[]> {
    const result = await this.request<{ items: LspCompletionItem[] } | LspCompletionItem[] | null>('textDocument/completion', {
      textDocument: { uri: fileUri(file) },
      position: { line, character },
    });
    return Array.isArray(result) ? result : (result?.items ?? []);
  }

  /** Asks the server to shut down and exit; kills it when it does not within the deadline. */
  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await this.request('shutdown', null);
      this.notify('exit', null);
      await this.withDeadline(exited, 'exit');
    } catch {
      this.child.kill('SIGKILL');
    }
  }
}

/** The `file://` URI of an absolute path, as an editor sends it. */
export function fileUri(absolute: string): string {
  return pathToFileURL(absolute).href;
}
