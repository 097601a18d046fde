// RFC 2136 UPDATE messages from a zone plan: the prerequisite and update
// sections of each verb (RFC 2136 §2.4, §2.5), splitting between whole names
// at the message size limit, and TSIG signing (RFC 8945 §4.3.3) checked
// against an HMAC computed here from the RFC's field list.

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { updatePlans } from '../../../compiler/adapters/dns/rfc2136/convert.js';
import { CLASS, encodeName, parseMessage, signMessage, TYPE, updateMessage } from '../../../compiler/adapters/dns/rfc2136/wire.js';
import type { ChangeUnit, ZoneHostPlan } from '../../../compiler/plan/traffic-planner.js';

const ZONE = 'cluster.lab.test';

function plan(units: ChangeUnit[]): ZoneHostPlan {
  const counts = { create: 0, update: 0, delete: 0 };
  for (const unit of units) for (const change of unit.changes) counts[change.verb]++;
  return { zone: ZONE, host: 'lab', role: 'zone', managed: 0, units, counts, reports: [] };
}

describe('UPDATE sections', () => {
  it('create: "RRset does not exist" (NONE) then adds; update: value-dependent prerequisite (IN, TTL 0) then delete RRset (ANY) and adds; delete: the prerequisite and the RRset delete', () => {
    const name = `raichu.${ZONE}`;
    const [message] = updatePlans(
      plan([
        {
          name,
          changes: [
            { verb: 'delete', key: { name, type: 'CNAME' }, before: { name: `${name}.`, type: 'CNAME', ttl: 300, values: ['lb.example.net.'] }, message: '' },
            {
              verb: 'update',
              key: { name, type: 'AAAA' },
              before: { name: `${name}.`, type: 'AAAA', ttl: 60, values: ['2001:db8::1'] },
              after: { name, type: 'AAAA', ttl: 30, values: ['2001:db8::1'] },
              message: '',
            },
            { verb: 'create', key: { name, type: 'A' }, after: { name, type: 'A', ttl: 60, values: ['192.0.2.1', '192.0.2.2'] }, message: '' },
          ],
        },
      ]),
    );
    const summary = (records: { type: number; klass: number; ttl: number; rdata: Buffer }[]) => records.map((r) => [r.type, r.klass, r.ttl, r.rdata.length]);
    expect(summary(message?.prerequisites ?? [])).toEqual([
      [TYPE['CNAME'], CLASS.IN, 0, encodeName('lb.example.net').length],
      [TYPE['AAAA'], CLASS.IN, 0, 16],
      [TYPE['A'], CLASS.NONE, 0, 0],
    ]);
    expect(summary(message?.updates ?? [])).toEqual([
      [TYPE['CNAME'], CLASS.ANY, 0, 0],
      [TYPE['AAAA'], CLASS.ANY, 0, 0],
      [TYPE['AAAA'], CLASS.IN, 30, 16],
      [TYPE['A'], CLASS.IN, 60, 4],
      [TYPE['A'], CLASS.IN, 60, 4],
    ]);
  });

  it('splits a plan over the message limit between whole names, never inside one', () => {
    const units: ChangeUnit[] = Array.from({ length: 40 }, (_, i) => {
      const name = `n${i}.${ZONE}`;
      return {
        name,
        changes: [{ verb: 'create', key: { name, type: 'A' }, after: { name, type: 'A', ttl: 60, values: ['192.0.2.1', '192.0.2.2'] }, message: '' }],
      };
    });
    const messages = updatePlans(plan(units), 1000);
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.flatMap((m) => m.names)).toEqual(units.map((u) => u.name));
    for (const m of messages) {
      expect(m.size).toBeLessThanOrEqual(1000);
      expect(m.updates).toHaveLength(m.names.length * 2);
      expect(updateMessage(1, ZONE, m.prerequisites, m.updates).length).toBe(m.size);
    }
    expect(() => updatePlans(plan(units), 60)).toThrow(
      expect.objectContaining({
        code: 'dns_change_too_large',
        args: { name: 'n0.cluster.lab.test', need: expect.stringMatching(/^\d+ octets$/), limit: 'one UPDATE message of at most 60 octets' },
      }),
    );
  });
});

describe('TSIG', () => {
  it('signs with HMAC over the message and the TSIG variables, appends the record and raises ARCOUNT', () => {
    const key = { name: 'diene', algorithm: 'hmac-sha256', secret: Buffer.from('0123456789abcdef0123456789abcdef') };
    const unsigned = updateMessage(0x1234, ZONE, [], []);
    const { signed, mac } = signMessage(unsigned, key, 1_800_000_000);
    const time = Buffer.from([0x00, 0x00, 0x6b, 0x49, 0xd2, 0x00]);
    const variables = Buffer.concat([
      encodeName('diene'),
      Buffer.from([0x00, 0xff, 0, 0, 0, 0]),
      encodeName('hmac-sha256'),
      time,
      Buffer.from([0x01, 0x2c, 0, 0, 0, 0]),
    ]);
    expect(mac).toEqual(createHmac('sha256', key.secret).update(unsigned).update(variables).digest());
    expect(signed.readUInt16BE(10)).toBe(1);
    const parsed = parseMessage(signed);
    expect(parsed.records.map((r) => [r.name, r.type, r.klass, r.section])).toEqual([['diene', TYPE['TSIG'], CLASS.ANY, 'additional']]);
    expect(signed.subarray(signed.length - 6 - 32, signed.length - 6)).toEqual(mac);
  });
});
