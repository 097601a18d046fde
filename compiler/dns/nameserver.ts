/**
 * A nameserver's address as fleet.yaml writes it, and what a nameserver said
 * about a name: the plan asks through a function the command passes in, the
 * adapters (adapters/dns/rfc2136/tcp.ts, name-answers.ts) do the asking.
 */

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

/** Why a nameserver could not be asked at all (as opposed to answering that it has no such name). */
export type NameserverFailure = 'not_resolved' | 'refused' | 'timeout' | 'other';

/** What a nameserver said about a name: an address, a miss (with the DNS reason), or nothing, because it could not be asked. */
export type NameAnswer = { answered: true } | { answered: false; reason: string } | { answered: false; unreachable: NameserverFailure };
