/**
 * A real git smart-HTTP server for tests: `git http-backend` (from the git
 * package) run as a CGI by a small node HTTP server on 127.0.0.1 and a free
 * port, serving the bare repositories under one folder, pushes included
 * (REMOTE_USER is set, which enables receive-pack). `onReceivePack` runs
 * before a push reaches git, so a test can land another commit first and make
 * the push lose the race on the server side.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where git keeps http-backend on Debian, or `undefined` when git is not installed. */
export function gitHttpBackend(): string | undefined {
  const execPath = spawnSync('git', ['--exec-path'], { encoding: 'utf8' });
  if (execPath.status !== 0) return undefined;
  const backend = `${execPath.stdout.trim()}/git-http-backend`;
  return existsSync(backend) ? backend : undefined;
}

export interface GitHttpServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Pushes served so far. */
  pushes: number;
  /** Called before each push is handed to git (await-ed). */
  onReceivePack?: () => Promise<void>;
  close(): Promise<void>;
}

/** Starts a server for the bare repositories under `projectRoot` (`<url>/<name>.git`). */
export async function startGitHttpServer(projectRoot: string): Promise<GitHttpServer> {
  const backend = gitHttpBackend();
  if (!backend) throw new Error('git http-backend is not installed');
  const state: GitHttpServer = { url: '', pushes: 0, close: async () => {} };
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const isPush = url.pathname.endsWith('/git-receive-pack') && request.method === 'POST';
      if (isPush) {
        state.pushes++;
        if (state.onReceivePack) await state.onReceivePack();
      }
      const child = spawn(backend, [], {
        env: {
          PATH: process.env['PATH'] ?? '/usr/bin:/bin',
          GIT_PROJECT_ROOT: projectRoot,
          GIT_HTTP_EXPORT_ALL: '1',
          GATEWAY_INTERFACE: 'CGI/1.1',
          SERVER_PROTOCOL: 'HTTP/1.1',
          REQUEST_METHOD: request.method ?? 'GET',
          PATH_INFO: decodeURIComponent(url.pathname),
          QUERY_STRING: url.search.slice(1),
          CONTENT_TYPE: request.headers['content-type'] ?? '',
          ...(request.headers['content-length'] ? { CONTENT_LENGTH: request.headers['content-length'] } : {}),
          ...(request.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: request.headers['content-encoding'] } : {}),
          ...(request.headers['git-protocol'] ? { GIT_PROTOCOL: String(request.headers['git-protocol']) } : {}),
          REMOTE_USER: 'tester',
          REMOTE_ADDR: '127.0.0.1',
        },
      });
      request.pipe(child.stdin);
      let buffered = Buffer.alloc(0);
      let headersDone = false;
      child.stdout.on('data', (chunk: Buffer) => {
        if (headersDone) {
          response.write(chunk);
          return;
        }
        buffered = Buffer.concat([buffered, chunk]);
        const crlf = buffered.indexOf('\r\n\r\n');
        const lf = buffered.indexOf('\n\n');
        const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
        if (end < 0) return;
        const separator = end === crlf ? 4 : 2;
        const headerText = buffered.subarray(0, end).toString('latin1');
        let status = 200;
        for (const line of headerText.split(/\r?\n/)) {
          const colon = line.indexOf(':');
          if (colon < 0) continue;
          const name = line.slice(0, colon).trim();
          const value = line.slice(colon + 1).trim();
          if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
          else response.setHeader(name, value);
        }
        response.statusCode = status;
        headersDone = true;
        response.write(buffered.subarray(end + separator));
      });
      child.stderr.resume();
      child.on('close', () => response.end());
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
