/**
 * Reads a zone from an RFC 2136 server by zone transfer (AXFR, RFC 5936),
 * TSIG-signed when the host has a key, into the live format: one record set
 * per (name, type) of class IN, values in RFC 1035 presentation form as the
 * server stores them (names with a trailing dot), the record set's TTL that
 * of its first record. The closing SOA is not repeated.
 */
import { randomInt } from 'node:crypto';
import { DNS_PLAN_VERSION, type ZonePlanDocument } from '../../../dns/zone-plan.js';
import { canonicalName, compareRecordSets, type RecordSet } from '../../../dns/record-sets.js';
import { DnsProblem } from '../dns-host.js';
import type { Rfc2136Link } from './adapter.js';
import { exchange } from './tcp.js';
import { axfrQuery, CLASS, parseMessage, presentRdata, rcodeName, signMessage, TsigVerifier, TYPE, typeName } from './wire.js';

/** Transfers `zone` (canonical) and returns its record sets. Throws an Error with the server's answer (REFUSED, NOTAUTH, a TSIG failure, a timeout). */
export async function transferZone(link: Rfc2136Link, zone: string): Promise<ZonePlanDocument> {
  const query = axfrQuery(randomInt(0x10000), zone);
  const signed = link.key ? signMessage(query, link.key, link.now()) : undefined;
  const verifier = link.key && signed ? new TsigVerifier(link.key, signed.mac, link.now) : undefined;
  const sets = new Map<string, RecordSet>();
  let soas = 0;
  let messages = 0;
  await exchange(
    link.server,
    signed?.signed ?? query,
    (buf) => {
      const message = parseMessage(buf);
      messages++;
      if (message.rcode !== 0) {
        verifier?.accept(buf, message);
        throw new DnsProblem('dns_transfer_refused', {
          rcode: rcodeName(message.rcode),
          allowed: link.key ? `key ${link.key.name}` : 'the address diene runs from',
        });
      }
      verifier?.accept(buf, message);
      for (const record of message.records) {
        if (record.section !== 'answer' || record.klass !== CLASS.IN) continue;
        if (record.type === TYPE['SOA']) {
          soas++;
          if (soas === 2) break;
        } else if (soas === 0) throw new DnsProblem('dns_answer_malformed', { problem: 'the zone transfer did not start with the SOA record' });
        const name = `${record.name === '.' ? '' : record.name}.`;
        const type = typeName(record.type);
        const key = `${name.toLowerCase()}\t${type}`;
        const value = presentRdata(buf, record);
        const set = sets.get(key);
        if (set) set.values?.push(value);
        else sets.set(key, { name, type, ttl: record.ttl, values: [value] });
      }
      if (soas >= 2) {
        verifier?.finish();
        return true;
      }
      return false;
    },
    link.timeoutMs,
  );
  if (messages === 0) throw new DnsProblem('dns_answer_malformed', { problem: 'the zone transfer ended without a message' });
  const recordSets = [...sets.values()].sort((a, b) =>
    compareRecordSets({ name: canonicalName(a.name), type: a.type }, { name: canonicalName(b.name), type: b.type }),
  );
  return { version: DNS_PLAN_VERSION, zone, host: link.host, provider: 'rfc2136', recordSets };
}
