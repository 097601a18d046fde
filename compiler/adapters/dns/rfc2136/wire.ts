/**
 * DNS messages for RFC 2136 dynamic UPDATE and AXFR zone transfers, signed
 * and verified with TSIG (RFC 8945).
 *
 * Design note. Names and record data are encoded and decoded with the
 * `dns-packet` library (its name, SOA, MX, SRV, TXT and CAA codecs); the
 * message frame is written here because `dns-packet` knows neither the
 * UPDATE sections' classes NONE (254) and ANY with empty data (RFC 2136
 * §2.4–2.5) nor TSIG. TSIG follows RFC 8945 §4.3 (request MAC over the message
 * and the TSIG variables), §5.3 (response MAC prefixed with the request MAC)
 * and §5.3.1 (multi-message answers: each signed message covers the previous
 * MAC, the unsigned messages since, and the timers). HMACs come from
 * node:crypto; MACs are compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import dnsPacket from 'dns-packet';
import ipaddr from 'ipaddr.js';
import { DnsProblem } from '../dns-host.js';

/** Record classes (RFC 1035 §3.2.4, RFC 2136 §1.3). */
export const CLASS = { IN: 1, NONE: 254, ANY: 255 } as const;

/** Record types this module names (IANA DNS parameters). */
export const TYPE: Readonly<Record<string, number>> = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  PTR: 12,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  SRV: 33,
  DNAME: 39,
  TSIG: 250,
  AXFR: 252,
  ANY: 255,
  CAA: 257,
};

const TYPE_NAMES = new Map(Object.entries(TYPE).map(([name, code]) => [code, name]));

/** RCODE names (RFC 1035 §4.1.1, RFC 2136 §2.2, RFC 8945 §5.2 for the TSIG errors). */
const RCODES: Readonly<Record<number, string>> = {
  0: 'NOERROR',
  1: 'FORMERR',
  2: 'SERVFAIL',
  3: 'NXDOMAIN',
  4: 'NOTIMP',
  5: 'REFUSED',
  6: 'YXDOMAIN',
  7: 'YXRRSET',
  8: 'NXRRSET',
  9: 'NOTAUTH',
  10: 'NOTZONE',
  16: 'BADSIG',
  17: 'BADKEY',
  18: 'BADTIME',
  22: 'BADTRUNC',
};

/** The name of an RCODE or TSIG error, e.g. `NXRRSET`. */
export function rcodeName(code: number): string {
  return RCODES[code] ?? `RCODE${code}`;
}

/** The code of a record type name, or `undefined`. */
export function typeCode(type: string): number | undefined {
  return TYPE[type.toUpperCase()];
}

interface NameCodec {
  encode(name: string): Buffer;
  decode: ((buf: Buffer, offset: number) => string) & { bytes: number };
}
interface RdataCodec<T> {
  decode(buf: Buffer, offset: number): T;
}
/** The parts of `dns-packet` its type declarations leave out. */
interface PacketCodecs {
  name: NameCodec;
  soa: RdataCodec<{ mname: string; rname: string; serial: number; refresh: number; retry: number; expire: number; minimum: number }>;
  mx: RdataCodec<{ preference: number; exchange: string }>;
  srv: RdataCodec<{ priority: number; weight: number; port: number; target: string }>;
  txt: RdataCodec<Buffer[]>;
  caa: RdataCodec<{ flags: number; tag: string; value: string }>;
}
const codecs = dnsPacket as unknown as PacketCodecs;

/** One resource record to write: owner (canonical, no trailing dot), type and class codes, TTL in seconds, wire RDATA. */
export interface WireRecord {
  name: string;
  type: number;
  klass: number;
  ttl: number;
  rdata: Buffer;
}

/** A name in uncompressed wire form. Throws on a label over 63 octets or a name over 255. */
export function encodeName(name: string): Buffer {
  const trimmed = name.replace(/\.$/, '');
  for (const label of trimmed === '' ? [] : trimmed.split('.')) {
    if (label.length === 0 || Buffer.byteLength(label) > 63) throw new Error(`"${name}" has an empty label or one over 63 octets`);
  }
  const wire = codecs.name.encode(trimmed === '' ? '.' : trimmed);
  if (wire.length > 255) throw new Error(`"${name}" is over 255 octets`);
  return wire;
}

/** TXT data in presentation form (one or more quoted strings, `\\X` and `\\DDD` escapes; an unquoted word is one string) as wire character-strings. */
function encodeTxt(value: string): Buffer {
  const strings = [...value.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
  return Buffer.concat(
    strings.map((text) => {
      const bytes: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const decimal = /^\\(\d{3})/.exec(text.slice(i));
        if (decimal) {
          bytes.push(Number(decimal[1]));
          i += 3;
        } else if (text[i] === '\\' && i + 1 < text.length) bytes.push(...Buffer.from(text[++i] as string));
        else bytes.push(...Buffer.from(text[i] as string));
      }
      if (bytes.length > 255) throw new Error(`a TXT string of ${bytes.length} octets is over 255`);
      return Buffer.from([bytes.length, ...bytes]);
    }),
  );
}

/** The wire RDATA of one value in presentation form, for A, AAAA, TXT, SOA and the name-valued CNAME, NS, PTR, DNAME. Throws on another type or a malformed value. */
export function encodeRdata(type: string, value: string): Buffer {
  const text = value.trim();
  switch (type) {
    case 'A':
      if (!ipaddr.IPv4.isValidFourPartDecimal(text)) throw new Error(`"${value}" is not an IPv4 address`);
      return Buffer.from(ipaddr.IPv4.parse(text).toByteArray());
    case 'AAAA':
      if (!ipaddr.IPv6.isValid(text)) throw new Error(`"${value}" is not an IPv6 address`);
      return Buffer.from(ipaddr.IPv6.parse(text).toByteArray());
    case 'CNAME':
    case 'NS':
    case 'PTR':
    case 'DNAME':
      return encodeName(text);
    case 'TXT':
      return encodeTxt(text);
    case 'SOA': {
      // The apex SOA, written only to set its minimum (the negative-caching TTL): mname rname serial refresh retry expire minimum (RFC 1035 §3.3.13).
      const fields = text.split(/\s+/);
      if (fields.length !== 7 || !fields.slice(2).every((f) => /^\d+$/.test(f) && Number(f) < 2 ** 32)) throw new Error(`"${value}" is not an SOA value`);
      const numbers = Buffer.alloc(20);
      fields.slice(2).forEach((f, i) => numbers.writeUInt32BE(Number(f), i * 4));
      return Buffer.concat([encodeName(fields[0] as string), encodeName(fields[1] as string), numbers]);
    }
    default:
      throw new Error(`diene writes A, AAAA, CNAME and TXT records (and the apex SOA's minimum) over RFC 2136, not ${type}`);
  }
}

/** One record in wire form (owner uncompressed). */
export function encodeRecord(record: WireRecord): Buffer {
  const head = Buffer.alloc(10);
  head.writeUInt16BE(record.type, 0);
  head.writeUInt16BE(record.klass, 2);
  head.writeUInt32BE(record.ttl, 4);
  head.writeUInt16BE(record.rdata.length, 8);
  return Buffer.concat([encodeName(record.name), head, record.rdata]);
}

function header(id: number, flags: number, counts: [number, number, number, number]): Buffer {
  const out = Buffer.alloc(12);
  out.writeUInt16BE(id, 0);
  out.writeUInt16BE(flags, 2);
  counts.forEach((count, i) => out.writeUInt16BE(count, 4 + 2 * i));
  return out;
}

function question(name: string, type: number, klass: number): Buffer {
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(type, 0);
  tail.writeUInt16BE(klass, 2);
  return Buffer.concat([encodeName(name), tail]);
}

/** Bytes of a message's header and zone section, before any record. */
export function messageOverhead(zone: string): number {
  return 12 + encodeName(zone).length + 4;
}

/** An UPDATE message (opcode 5): zone section `zone SOA IN`, then the prerequisite and update sections (RFC 2136 §2). */
export function updateMessage(id: number, zone: string, prerequisites: readonly WireRecord[], updates: readonly WireRecord[]): Buffer {
  return Buffer.concat([
    header(id, 5 << 11, [1, prerequisites.length, updates.length, 0]),
    question(zone, TYPE['SOA'] as number, CLASS.IN),
    ...prerequisites.map(encodeRecord),
    ...updates.map(encodeRecord),
  ]);
}

/** An AXFR query for `zone` (RFC 5936 §2.2). */
export function axfrQuery(id: number, zone: string): Buffer {
  return Buffer.concat([header(id, 0, [1, 0, 0, 0]), question(zone, TYPE['AXFR'] as number, CLASS.IN)]);
}

/** A decoded record of a received message, with its RDATA's place in the message (names inside RDATA may be compressed). */
export interface ReceivedRecord {
  name: string;
  type: number;
  klass: number;
  ttl: number;
  section: 'answer' | 'authority' | 'additional';
  /** Offset of the record's first byte (its owner name). */
  start: number;
  rdataOffset: number;
  rdataLength: number;
}

/** A received message: id, flags, RCODE and every record. Throws on a malformed message. */
export interface ReceivedMessage {
  id: number;
  flags: number;
  rcode: number;
  records: ReceivedRecord[];
}

/** Parses a message's header and records (questions are skipped). */
export function parseMessage(buf: Buffer): ReceivedMessage {
  if (buf.length < 12) throw new DnsProblem('dns_answer_malformed', { problem: 'a message shorter than its header' });
  const counts = [buf.readUInt16BE(4), buf.readUInt16BE(6), buf.readUInt16BE(8), buf.readUInt16BE(10)] as const;
  let offset = 12;
  for (let i = 0; i < counts[0]; i++) {
    codecs.name.decode(buf, offset);
    offset += codecs.name.decode.bytes + 4;
  }
  const records: ReceivedRecord[] = [];
  const sections = [
    ['answer', counts[1]],
    ['authority', counts[2]],
    ['additional', counts[3]],
  ] as const;
  for (const [section, count] of sections) {
    for (let i = 0; i < count; i++) {
      const start = offset;
      const name = codecs.name.decode(buf, offset);
      offset += codecs.name.decode.bytes;
      if (offset + 10 > buf.length) throw new DnsProblem('dns_answer_malformed', { problem: 'a record header past the end of the message' });
      const rdataLength = buf.readUInt16BE(offset + 8);
      const record: ReceivedRecord = {
        name,
        type: buf.readUInt16BE(offset),
        klass: buf.readUInt16BE(offset + 2),
        ttl: buf.readUInt32BE(offset + 4),
        section,
        start,
        rdataOffset: offset + 10,
        rdataLength,
      };
      offset += 10 + rdataLength;
      if (offset > buf.length) throw new DnsProblem('dns_answer_malformed', { problem: 'record data past the end of the message' });
      records.push(record);
    }
  }
  const flags = buf.readUInt16BE(2);
  return { id: buf.readUInt16BE(0), flags, rcode: flags & 0xf, records };
}

function quoteText(bytes: Buffer): string {
  let out = '"';
  for (const byte of bytes) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${String(byte).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}"`;
}

function dotted(name: string): string {
  return name === '.' ? '.' : `${name}.`;
}

/** The RDATA of `record` in presentation form (RFC 1035 §5.1; RFC 3597 `\# n hex` for types without a codec here). */
export function presentRdata(buf: Buffer, record: ReceivedRecord): string {
  const at = record.rdataOffset;
  const raw = buf.subarray(at, at + record.rdataLength);
  try {
    switch (TYPE_NAMES.get(record.type)) {
      case 'A':
      case 'AAAA':
        if (raw.length === 4 || raw.length === 16) return ipaddr.fromByteArray([...raw]).toString();
        break;
      case 'CNAME':
      case 'NS':
      case 'PTR':
      case 'DNAME':
        return dotted(codecs.name.decode(buf, at));
      case 'SOA': {
        const soa = codecs.soa.decode(buf, at - 2);
        return `${dotted(soa.mname)} ${dotted(soa.rname)} ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minimum}`;
      }
      case 'MX': {
        const mx = codecs.mx.decode(buf, at - 2);
        return `${mx.preference} ${dotted(mx.exchange)}`;
      }
      case 'SRV': {
        const srv = codecs.srv.decode(buf, at - 2);
        return `${srv.priority} ${srv.weight} ${srv.port} ${dotted(srv.target)}`;
      }
      case 'TXT':
        return codecs.txt
          .decode(buf, at - 2)
          .map((part) => quoteText(part))
          .join(' ');
      case 'CAA': {
        const caa = codecs.caa.decode(buf, at - 2);
        return `${caa.flags} ${caa.tag} ${quoteText(Buffer.from(caa.value, 'utf8'))}`;
      }
    }
  } catch {
    // fall through to the generic form
  }
  return `\\# ${raw.length}${raw.length > 0 ? ` ${raw.toString('hex')}` : ''}`;
}

/** The name of a type code (`TYPE65` for one without a name here, RFC 3597). */
export function typeName(code: number): string {
  return TYPE_NAMES.get(code) ?? `TYPE${code}`;
}

// ---- TSIG (RFC 8945) ----

/** HMAC algorithms of fleet.yaml `tsig.algorithm` and their node:crypto digests. */
const HMAC_DIGESTS: Readonly<Record<string, string>> = {
  'hmac-sha1': 'sha1',
  'hmac-sha224': 'sha224',
  'hmac-sha256': 'sha256',
  'hmac-sha384': 'sha384',
  'hmac-sha512': 'sha512',
};

/** A TSIG key: its name as the server knows it, the algorithm, the decoded secret. */
export interface TsigKey {
  name: string;
  algorithm: string;
  secret: Buffer;
}

/** The allowed clock difference in seconds (RFC 8945 §10: 300 recommended). */
export const TSIG_FUDGE = 300;

function u16(value: number): Buffer {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value, 0);
  return out;
}

function time48(seconds: number): Buffer {
  const out = Buffer.alloc(6);
  out.writeUInt16BE(Math.floor(seconds / 2 ** 32), 0);
  out.writeUInt32BE(seconds % 2 ** 32, 2);
  return out;
}

function hmac(key: TsigKey, parts: readonly Buffer[]): Buffer {
  const digest = HMAC_DIGESTS[key.algorithm];
  if (digest === undefined) throw new Error(`unknown TSIG algorithm ${key.algorithm}`);
  const mac = createHmac(digest, key.secret);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

function variables(keyName: string, algorithm: string, time: number, fudge: number, error: number, other: Buffer): Buffer {
  const fixed = Buffer.alloc(6);
  fixed.writeUInt16BE(CLASS.ANY, 0);
  fixed.writeUInt32BE(0, 2);
  return Buffer.concat([
    encodeName(keyName.toLowerCase()),
    fixed,
    encodeName(algorithm.toLowerCase()),
    time48(time),
    u16(fudge),
    u16(error),
    u16(other.length),
    other,
  ]);
}

/** Signs `message` (RFC 8945 §4.3.3): returns the message with the TSIG record appended and ARCOUNT raised, and the request MAC needed to verify the answer. */
export function signMessage(message: Buffer, key: TsigKey, nowSeconds: number): { signed: Buffer; mac: Buffer } {
  const mac = hmac(key, [message, variables(key.name, key.algorithm, nowSeconds, TSIG_FUDGE, 0, Buffer.alloc(0))]);
  const rdata = Buffer.concat([
    encodeName(key.algorithm.toLowerCase()),
    time48(nowSeconds),
    u16(TSIG_FUDGE),
    u16(mac.length),
    mac,
    u16(message.readUInt16BE(0)),
    u16(0),
    u16(0),
  ]);
  const signed = Buffer.concat([message, encodeRecord({ name: key.name, type: TYPE['TSIG'] as number, klass: CLASS.ANY, ttl: 0, rdata })]);
  signed.writeUInt16BE(message.readUInt16BE(10) + 1, 10);
  return { signed, mac };
}

/** A parsed TSIG record of a received message. */
interface TsigRecord {
  start: number;
  keyName: string;
  algorithm: string;
  time: number;
  fudge: number;
  mac: Buffer;
  originalId: number;
  error: number;
  other: Buffer;
}

function findTsig(buf: Buffer, message: ReceivedMessage): TsigRecord | undefined {
  const last = message.records[message.records.length - 1];
  if (!last || last.type !== TYPE['TSIG'] || last.section !== 'additional') return undefined;
  let at = last.rdataOffset;
  const algorithm = codecs.name.decode(buf, at);
  at += codecs.name.decode.bytes;
  const time = buf.readUInt16BE(at) * 2 ** 32 + buf.readUInt32BE(at + 2);
  const fudge = buf.readUInt16BE(at + 6);
  const macSize = buf.readUInt16BE(at + 8);
  const mac = buf.subarray(at + 10, at + 10 + macSize);
  at += 10 + macSize;
  const originalId = buf.readUInt16BE(at);
  const error = buf.readUInt16BE(at + 2);
  const otherLength = buf.readUInt16BE(at + 4);
  return { start: last.start, keyName: last.name, algorithm, time, fudge, mac, originalId, error, other: buf.subarray(at + 6, at + 6 + otherLength) };
}

/** The message as it was before the TSIG record was added: TSIG cut off, ARCOUNT lowered, the original ID back (RFC 8945 §4.3.1). */
function unsigned(buf: Buffer, tsig: TsigRecord): Buffer {
  const out = Buffer.from(buf.subarray(0, tsig.start));
  out.writeUInt16BE(tsig.originalId, 0);
  out.writeUInt16BE(out.readUInt16BE(10) - 1, 10);
  return out;
}

/**
 * Verifies the TSIG of the messages of one answer, in order (RFC 8945 §5.3,
 * §5.3.1). Create one per request with the request's MAC; call
 * {@link TsigVerifier.accept} on each message and {@link TsigVerifier.finish}
 * after the last. Throws with the reason when a MAC does not verify, the
 * server reported a TSIG error, the clock differs by more than the fudge,
 * or the first or last message is unsigned.
 */
export class TsigVerifier {
  private prior: Buffer;
  private pending: Buffer[] = [];
  private first = true;

  constructor(
    private readonly key: TsigKey,
    requestMac: Buffer,
    private readonly nowSeconds: () => number,
  ) {
    this.prior = requestMac;
  }

  accept(buf: Buffer, message: ReceivedMessage): void {
    const tsig = findTsig(buf, message);
    if (!tsig) {
      if (this.first)
        throw new DnsProblem('dns_tsig_rejected', {
          key: `${this.key.name} (${this.key.algorithm})`,
          problem: `the answer is not signed (rcode ${rcodeName(message.rcode)}): the server does not know the key, or refused before checking it`,
        });
      this.pending.push(buf);
      if (this.pending.length > 99)
        throw new DnsProblem('dns_tsig_rejected', {
          key: `${this.key.name} (${this.key.algorithm})`,
          problem: 'more than 99 unsigned messages in a row (RFC 8945 §5.3.1)',
        });
      return;
    }
    if (tsig.error !== 0)
      throw new DnsProblem('dns_tsig_rejected', {
        key: `${this.key.name} (${this.key.algorithm})`,
        problem: `the server rejected the signature: ${rcodeName(tsig.error)}`,
      });
    if (tsig.algorithm.toLowerCase() !== this.key.algorithm.toLowerCase() || tsig.keyName.toLowerCase() !== this.key.name.toLowerCase())
      throw new DnsProblem('dns_tsig_rejected', {
        key: `${this.key.name} (${this.key.algorithm})`,
        problem: `the answer is signed with ${tsig.keyName} ${tsig.algorithm}`,
      });
    const tail = this.first
      ? variables(tsig.keyName, tsig.algorithm, tsig.time, tsig.fudge, tsig.error, tsig.other)
      : Buffer.concat([time48(tsig.time), u16(tsig.fudge)]);
    const expected = hmac(this.key, [u16(this.prior.length), this.prior, ...this.pending, unsigned(buf, tsig), tail]);
    if (expected.length !== tsig.mac.length || !timingSafeEqual(expected, tsig.mac))
      throw new DnsProblem('dns_tsig_rejected', {
        key: `${this.key.name} (${this.key.algorithm})`,
        problem: "the answer's MAC does not verify with this secret",
      });
    if (Math.abs(this.nowSeconds() - tsig.time) > tsig.fudge)
      throw new DnsProblem('dns_tsig_rejected', {
        key: `${this.key.name} (${this.key.algorithm})`,
        problem: `the answer was signed at ${tsig.time}, more than ${tsig.fudge} s from this clock (BADTIME)`,
      });
    this.prior = tsig.mac;
    this.pending = [];
    this.first = false;
  }

  finish(): void {
    if (this.first || this.pending.length > 0)
      throw new DnsProblem('dns_tsig_rejected', { key: `${this.key.name} (${this.key.algorithm})`, problem: 'the last message of the answer is not signed' });
  }
}
