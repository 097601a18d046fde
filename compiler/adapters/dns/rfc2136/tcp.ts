/**
 * DNS over TCP (RFC 1035 §4.2.2, RFC 7766): each message is preceded by its
 * length as two octets. One connection per exchange; the caller decides from
 * each received message whether the answer is complete (one message for an
 * UPDATE, up to the closing SOA for an AXFR).
 */
import { connect } from 'node:net';
import type { ServerAddress } from '../../../dns/nameserver.js';
import { DnsProblem, describeError } from '../dns-host.js';

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
    const timer = setTimeout(
      () => finish(new DnsProblem('dns_host_unreachable', { answer: `no complete answer from ${server.host}:${server.port} within ${timeoutMs} ms` })),
      timeoutMs,
    );
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
    socket.on('error', (error) =>
      finish(new DnsProblem('dns_host_unreachable', { answer: `${server.host}:${server.port}: ${error.message}` }, { cause: error })),
    );
    socket.on('close', () =>
      finish(new DnsProblem('dns_host_unreachable', { answer: `${server.host}:${server.port} closed the connection before the answer was complete` })),
    );
  });
}
