// Record set identity and canonical values: what a host may spell
// differently must compare equal, and what differs must not.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalCoordinate,
  canonicalName,
  canonicalRecordSet,
  canonicalValue,
  compareNames,
  describeKey,
  isBelow,
  recordSetKey,
  sameData,
} from '../../compiler/dns/record-sets.js';

describe('canonicalName', () => {
  it('lower-cases and drops the trailing dot', () => {
    expect(canonicalName('Raichu.Cluster.Atomi.Cloud.')).toBe('raichu.cluster.atomi.cloud');
  });

  it('reads Route 53 escapes as octal: \\052 is *', () => {
    expect(canonicalName('\\052.raichu.cluster.atomi.cloud.', 'octal')).toBe('*.raichu.cluster.atomi.cloud');
    expect(canonicalName('a\\137b.example.', 'octal')).toBe('a_b.example');
  });

  it('reads RFC 1035 escapes as decimal: \\052 is 4, \\042 is *', () => {
    expect(canonicalName('\\052.example.', 'decimal')).toBe('4.example');
    expect(canonicalName('\\042.example.', 'decimal')).toBe('*.example');
    expect(canonicalName('\\*.example.', 'decimal')).toBe('*.example');
  });

  it('writes U-labels in their xn-- form, whatever their case', () => {
    expect(canonicalName('cluster.Bücher.example.')).toBe('cluster.xn--bcher-kva.example');
    expect(canonicalName('CLUSTER.BÜCHER.EXAMPLE')).toBe('cluster.xn--bcher-kva.example');
    expect(canonicalName('XN--BCHER-KVA.example')).toBe('xn--bcher-kva.example');
  });

  it('keeps an escaped dot inside its label and reads the root as ""', () => {
    expect(canonicalName('a\\.b.example.')).toBe('a.b.example');
    expect(canonicalName('.')).toBe('');
  });
});

describe('canonical values', () => {
  it('compresses and lower-cases IPv6 (RFC 5952) and keeps IPv4 dotted quads', () => {
    expect(canonicalValue('AAAA', '2001:0DB8:0000:0000:0000:0000:0000:0020')).toBe('2001:db8::20');
    expect(canonicalValue('A', ' 203.0.113.20 ')).toBe('203.0.113.20');
  });

  it('treats CNAME and NS targets like names and leaves other data alone', () => {
    expect(canonicalValue('CNAME', 'RAICHU.cluster.atomi.cloud.')).toBe('raichu.cluster.atomi.cloud');
    expect(canonicalValue('NS', 'NS-101.awsdns-12.COM.')).toBe('ns-101.awsdns-12.com');
    expect(canonicalValue('TXT', '"Keep Case"')).toBe('"Keep Case"');
  });

  it('leaves an unparseable address as read, so it differs from any real one', () => {
    expect(canonicalValue('A', '203.0.113.020')).toBe('203.0.113.020');
  });

  it('gives coordinates their shortest decimal form', () => {
    expect(canonicalCoordinate('1.360')).toBe('1.36');
    expect(canonicalCoordinate(-77.46)).toBe('-77.46');
    expect(canonicalCoordinate('north')).toBe('north');
  });
});

describe('record sets', () => {
  it('sort and deduplicate values, upper-case the type and sort GEO items', () => {
    expect(
      canonicalRecordSet({
        name: '*.MEW.cluster.atomi.cloud.',
        type: 'aaaa',
        ttl: 60,
        geo: [
          { location: 'us-east4', values: ['2001:db8::31', '2001:DB8::30'] },
          { location: 'asia-southeast1', values: ['2001:db8::20', '2001:db8:0::20'] },
        ],
      }),
    ).toEqual({
      name: '*.mew.cluster.atomi.cloud',
      type: 'AAAA',
      ttl: 60,
      geo: [
        { location: 'asia-southeast1', values: ['2001:db8::20'] },
        { location: 'us-east4', values: ['2001:db8::30', '2001:db8::31'] },
      ],
    });
  });

  it('are identified by name, type and set identifier', () => {
    const a = { name: '*.mew.z', type: 'A', setIdentifier: 'raichu' };
    expect(recordSetKey(a)).not.toBe(recordSetKey({ ...a, setIdentifier: 'ampharos' }));
    expect(recordSetKey(a)).not.toBe(recordSetKey({ name: '*.mew.z', type: 'A' }));
    expect(describeKey(a)).toBe('*.mew.z A [raichu]');
  });

  it('hold the same data only with the same TTL, values and routing', () => {
    const base = { name: 'x.z', type: 'A', ttl: 60, setIdentifier: 's', geoproximity: { latitude: '1.36', longitude: '103.99' }, values: ['192.0.2.1'] };
    expect(sameData(base, { ...base })).toBe(true);
    expect(sameData(base, { ...base, ttl: 300 })).toBe(false);
    expect(sameData(base, { ...base, ttl: 300 }, true)).toBe(true);
    expect(sameData(base, { ...base, values: ['192.0.2.2'] })).toBe(false);
    expect(sameData(base, { ...base, geoproximity: { latitude: '1.37', longitude: '103.99' } })).toBe(false);
    const { geoproximity: _g, ...plain } = base;
    expect(sameData(base, plain)).toBe(false);
  });
});

describe('name order and ancestry', () => {
  it('sorts in DNS canonical order (RFC 4034 §6.1): a name right after its parent', () => {
    const names = ['opal.raichu.z', 'ampharos.z', '*.raichu.z', 'raichu.z', '*.mew.z', 'z'];
    expect([...names].sort(compareNames)).toEqual(['z', 'ampharos.z', '*.mew.z', 'raichu.z', '*.raichu.z', 'opal.raichu.z']);
  });

  it('orders any two names as comparing their labels right to left does', () => {
    // The definition: labels from the right by code unit, then the name with fewer labels first.
    const byLabels = (a: string, b: string): number => {
      const la = a.split('.');
      const lb = b.split('.');
      for (let i = 1; i <= Math.min(la.length, lb.length); i++) {
        const x = la[la.length - i] as string;
        const y = lb[lb.length - i] as string;
        if (x !== y) return x < y ? -1 : 1;
      }
      return Math.sign(la.length - lb.length);
    };
    const name = fc.string({ unit: fc.constantFrom('a', 'b', 'z', '.', '*', '-', '0', 'é'), maxLength: 10 });
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(Math.sign(compareNames(a, b))).toBe(byLabels(a, b));
        expect(Math.sign(compareNames(b, a))).toBe(byLabels(b, a));
      }),
      { numRuns: 5000, seed: 3 },
    );
    for (const [a, b] of [
      ['', '.'],
      ['.', '..'],
      ['a.', 'a'],
      ['.a', 'a'],
      ['a.b', 'b'],
      ['ab.c', 'b.c'],
      ['a', 'ab'],
    ]) {
      expect(Math.sign(compareNames(a as string, b as string)), `${a} ${b}`).toBe(byLabels(a as string, b as string));
    }
  });

  it('tells a name below another only on a label boundary', () => {
    expect(isBelow('cluster.atomi.cloud', 'atomi.cloud')).toBe(true);
    expect(isBelow('evilatomi.cloud', 'atomi.cloud')).toBe(false);
    expect(isBelow('atomi.cloud', 'atomi.cloud')).toBe(false);
  });
});
