/**
 * Scripted stand-ins for a DNS host, an object store, a Kubernetes API or a
 * git remote, for the sample cases of the applier diagnostics
 * (test/cases/dns_*, book_*, kube_*, claim_repo_*): an HTTP server that
 * answers each method with a fixed status, headers and body, and a DNS
 * server over TCP that answers a zone transfer with a refusal, garbage or a
 * zone, and an UPDATE with an RCODE. They show how diene reports a host's answer; the real servers'
 * behaviour is tested against BIND, Knot and PowerDNS (test/adapters/dns).
 */
import { createServer as createHttpServer } from 'node:http';
import { createSocket } from 'node:dgram';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import dnsPacket from 'dns-packet';

/** The HTTP methods a case's server answers as scripted (any other gets a 404). */
type HttpMethod = 'GET' | 'HEAD' | 'PATCH' | 'PUT';

/** What a case's server answers. */
export type CaseServerSpec =
  | { http: Partial<Record<HttpMethod, { status: number; body?: string; headers?: Record<string, string> }>> }
  | {
      dns: {
        /** REFUSED (or another RCODE name), garbage (not a DNS message), unsigned-refusal, or zone (SOA, `records`, SOA). */
        axfr: string;
        /** Records of the zone answer: `{name, type, ttl, data}` with `count` copies of an A record set when `count` is given. */
        records?: { name: string; type: string; ttl?: number; data: string; count?: number }[];
        /** The RCODE of every UPDATE answer (NOERROR by default: the update is acknowledged and ignored). */
        update?: string;
        /** The RCODE of every query over UDP on the same port (a name lookup, as `apply books` asks); without it nothing listens on UDP. */
        query?: string;
      };
    };

export interface CaseServer {
  /** `host:port` for a DNS server, the base URL for an HTTP one. */
  address: string;
  close(): Promise<void>;
}

const RCODES: Record<string, number> = {
  NOERROR: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
  YXDOMAIN: 6,
  YXRRSET: 7,
  NXRRSET: 8,
  NOTAUTH: 9,
  NOTZONE: 10,
};

function header(id: number, opcode: number, rcode: number): Buffer {
  const buf = Buffer.alloc(12);
  buf.writeUInt16BE(id, 0);
  buf.writeUInt16BE(0x8000 | (opcode << 11) | 0x0400 | rcode, 2);
  return buf;
}

function framed(message: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(message.length, 0);
  return Buffer.concat([length, message]);
}

function zoneAnswer(id: number, zone: string, records: NonNullable<Extract<CaseServerSpec, { dns: unknown }>['dns']['records']>): Buffer[] {
  const soa = {
    name: zone,
    type: 'SOA',
    ttl: 60,
    class: 'IN',
    data: { mname: `ns1.${zone}`, rname: `hostmaster.${zone}`, serial: 1, refresh: 60, retry: 60, expire: 600, minimum: 60 },
  } as const;
  const answers = records.flatMap((r) =>
    Array.from({ length: r.count ?? 1 }, (_, i) => ({
      name: r.name,
      type: r.type,
      ttl: r.ttl ?? 60,
      class: 'IN',
      data: r.count !== undefined ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : r.data,
    })),
  );
  // Up to 1,000 records a message, as a server splits a large transfer.
  const all = [soa, ...answers, soa];
  const messages: Buffer[] = [];
  for (let at = 0; at < all.length; at += 1000) {
    messages.push(framed(dnsPacket.encode({ type: 'response', id, flags: dnsPacket.AUTHORITATIVE_ANSWER, answers: all.slice(at, at + 1000) as never })));
  }
  return messages;
}

function answerDns(spec: Extract<CaseServerSpec, { dns: unknown }>['dns'], socket: Socket, message: Buffer): void {
  const id = message.readUInt16BE(0);
  const opcode = ((message[2] as number) >> 3) & 0xf;
  if (opcode === 5) {
    socket.write(framed(header(id, 5, RCODES[spec.update ?? 'NOERROR'] ?? 2)));
    return;
  }
  const question = dnsPacket.decode(message).questions?.[0];
  if (spec.axfr === 'garbage') socket.write(framed(Buffer.from('not a DNS message')));
  else if (spec.axfr === 'zone') for (const part of zoneAnswer(id, question?.name ?? '', spec.records ?? [])) socket.write(part);
  else socket.write(framed(header(id, 0, RCODES[spec.axfr] ?? 2)));
}

/** Starts the server `spec` describes on loopback. */
export async function startCaseServer(spec: CaseServerSpec): Promise<CaseServer> {
  if ('http' in spec) {
    const server = createHttpServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const answer = spec.http[request.method as HttpMethod] ?? { status: 404, body: '{"error": "Not Found"}' };
        response.writeHead(answer.status, { 'Content-Type': 'application/json', ...(answer.headers ?? {}) });
        response.end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }
  const server = createTcpServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        const message = pending.subarray(2, 2 + pending.readUInt16BE(0));
        pending = pending.subarray(2 + message.length);
        answerDns(spec.dns, socket, message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const udp = spec.dns.query === undefined ? undefined : createSocket('udp4');
  if (udp) {
    const rcode = RCODES[spec.dns.query as string] ?? 2;
    udp.on('message', (message, from) => {
      if (message.length >= 12) udp.send(header(message.readUInt16BE(0), 0, rcode), from.port, from.address);
    });
    await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  }
  return {
    address: `127.0.0.1:${port}`,
    close: async () => {
      if (udp) await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
