// The relied-on examples of a wildcard (SPEC §3.3 hole reports) are the first service hosts in DNS
// canonical order, picked without sorting every host: the pick must equal the first of the full sort.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstInOrder } from '../../compiler/2-analyze/dns-names.js';
import { compareNames } from '../../compiler/dns/record-sets.js';

const label = fc.constantFrom('a', 'b', 'api', 'web', 'tin', 'zinc', 'x-1', '0');
const name = fc.array(label, { minLength: 1, maxLength: 5 }).map((labels) => labels.join('.'));

describe('firstInOrder', () => {
  it('gives the first n names of the canonical sort of the distinct names', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 60 }), fc.integer({ min: 1, max: 5 }), (names, n) => {
        expect(firstInOrder(new Set(names), n)).toEqual([...new Set(names)].sort(compareNames).slice(0, n));
      }),
      { numRuns: 500 },
    );
  });

  it('orders by labels from the right, shorter first', () => {
    expect(firstInOrder(['b.z', 'a.b.z', 'z', 'a.z', 'c.a.z'], 3)).toEqual(['z', 'a.z', 'c.a.z']);
  });
});
