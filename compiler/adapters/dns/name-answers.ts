/**
 * Asks one nameserver whether it answers a name: an A query, then AAAA when
 * A has no data, over UDP (RFC 1035 §4.2.1) and again over TCP when the
 * answer is truncated. No recursion is asked for: the nameservers of a DNS
 * host are authoritative, and what they answer is what every resolver will
 * cache (a miss for the SOA's negative TTL, RFC 2308). Messages are encoded
 * and decoded with `dns-packet`.
 */
import { createSocket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import dnsPacket from 'dns-packet';
import type { NameAnswer, NameserverFailure, ServerAddress } from '../../dns/nameserver.js';
import { exchange } from './rfc2136/tcp.js';

const RCODE_NAMES: Readonly<Record<number, string>> = { 1: 'FORMERR', 2: 'SERVFAIL', 3: 'NXDOMAIN', 4: 'NOTIMP', 5: 'REFUSED' };

/** What a query the nameserver did not answer within the time allowed rejects with (read only by {@link nameserverFailure}). */
const NO_ANSWER_IN_TIME = { code: 'ETIMEDOUT' } as const;

function udpExchange(server: ServerAddress, request: Buffer, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
    let settled = false;
    const finish = (error: Error | typeof NO_ANSWER_IN_TIME | undefined, message?: Buffer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(message as Buffer);
    };
    const timer = setTimeout(() => finish(NO_ANSWER_IN_TIME), timeoutMs);
    socket.on('error', (error) => finish(error));
    socket.on('message', (message) => {
      if (message.length >= 2 && message.readUInt16BE(0) === request.readUInt16BE(0)) finish(undefined, message);
    });
    socket.connect(server.port, server.host, () => socket.send(request, (error) => error && finish(error)));
  });
}

async function query(server: ServerAddress, name: string, type: 'A' | 'AAAA', id: number, timeoutMs: number): Promise<dnsPacket.DecodedPacket> {
  const request = dnsPacket.encode({ type: 'query', id, flags: 0, questions: [{ type, name, class: 'IN' }] });
  const udp = dnsPacket.decode(await udpExchange(server, request, timeoutMs));
  if (!udp.flag_tc) return udp;
  let tcp: Buffer | undefined;
  await exchange(
    server,
    request,
    (message) => {
      tcp = message;
      return true;
    },
    timeoutMs,
  );
  return dnsPacket.decode(tcp as Buffer);
}

/** The address to send to: `server` itself when it is an IP address, else its first address from the system resolver. */
export async function serverAddress(server: ServerAddress): Promise<ServerAddress> {
  if (isIP(server.host) !== 0) return server;
  const found = await lookup(server.host);
  return { host: found.address, port: server.port };
}

let nextId = 1;

/** Whether `server` answers `name` with an address (A, else AAAA, through any CNAME it serves). Never throws. */
export async function askName(server: ServerAddress, name: string, timeoutMs = 2000): Promise<NameAnswer> {
  try {
    const target = await serverAddress(server);
    let last = '';
    for (const type of ['A', 'AAAA'] as const) {
      nextId = (nextId % 65535) + 1;
      const answer = await query(target, name, type, nextId, timeoutMs);
      const rcode = (answer.flags ?? 0) & 15;
      if (rcode !== 0) return { answered: false, reason: RCODE_NAMES[rcode] ?? `RCODE ${rcode}` };
      if ((answer.answers ?? []).some((a) => a.type === 'A' || a.type === 'AAAA')) return { answered: true };
      last = 'no A or AAAA record (NODATA)';
    }
    return { answered: false, reason: last };
  } catch (error) {
    return { answered: false, unreachable: nameserverFailure(error) };
  }
}

/** Why asking failed: the nameserver's own name does not resolve, nothing listens (ICMP port unreachable), no answer in time, or another network error. */
function nameserverFailure(error: unknown): NameserverFailure {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'EAI_NONAME') return 'not_resolved';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ETIMEDOUT') return 'timeout';
  return 'other';
}
