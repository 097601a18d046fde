/**
 * DNS over TCP (RFC 1035 §4.2.2, RFC 7766): each message is preceded by its
 * length as two octets. One connection per exchange; the caller decides from
 * each received message whether the answer is complete (one message for an
 * UPDATE, up to the closing SOA for an AXFR).
 */
import { connect } from 'node:net';
import { DnsProblem, describeError } from '../dns-host.js';

/** Where the server listens. */
export interface ServerAddress {
  host: string;
  port: number;
}

/** Parses fleet.yaml `server`: `host`, `host:port`, `[v6]` or `[v6]:port` (port 53 by default). Returns a reason string when malformed. */
export function parseServer(text: string): ServerAddress | string {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const plain = /^([^:[\]]+)(?::(\d+))?$/.exec(text);
  const match = bracketed ?? plain;
  if (!match) return `server "${text}" is not host, host:port or [ipv6]:port`;
  const port = match[2] === undefined ? 53 : Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return `server "${text}" has a port outside 1–65535`;
  return { host: match[1] as string, port };
}

/**
 * Sends `request` and hands every answer message to `onMessage` until it
 * returns true. Rejects when the connection fails or closes first, or after
 * `timeoutMs` without completion.
 */
export function exchange(server: ServerAddress, request: Buffer, onMessage: (message: Buffer) => boolean, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: server.host, port: server.port });
    let buffered = Buffer.alloc(0);
    let settled = false;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new DnsProblem('dns_host_unreachable', { answer: `no complete answer from ${server.host}:${server.port} within ${timeoutMs} ms` })), timeoutMs);
    socket.on('connect', () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(request.length, 0);
      socket.write(Buffer.concat([length, request]));
    });
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (!settled && buffered.length >= 2) {
        const size = buffered.readUInt16BE(0);
        if (buffered.length < 2 + size) break;
        const message = buffered.subarray(2, 2 + size);
        buffered = buffered.subarray(2 + size);
        try {
          if (onMessage(message)) finish();
        } catch (error) {
          // A message that does not parse is the server's fault; a problem it names (a refusal, a bad signature) passes as it is.
          finish(error instanceof DnsProblem ? error : new DnsProblem('dns_answer_malformed', { problem: describeError(error) }, { cause: error }));
        }
      }
    });
    socket.on('error', (error) => finish(new DnsProblem('dns_host_unreachable', { answer: `${server.host}:${server.port}: ${error.message}` }, { cause: error })));
    socket.on('close', () => finish(new DnsProblem('dns_host_unreachable', { answer: `${server.host}:${server.port} closed the connection before the answer was complete` })));
  });
}
