import { describe, expect, it } from 'vitest';
import { diagnose, withoutRepeats } from '../../compiler/diagnostics/diagnostic.js';

describe('withoutRepeats', () => {
  it('keeps the first of diagnostics equal in every printed field, and every one that differs in any', () => {
    const missing = (host: string) => diagnose({}, 'dns_host_sdk_missing', { host, provider: 'route53', package: '@aws-sdk/client-route-53' });
    const a = missing('route53');
    const elsewhere = diagnose({ file: 'registry/fleet.yaml', line: 2, column: 1 }, 'dns_host_sdk_missing', {
      host: 'route53',
      provider: 'route53',
      package: '@aws-sdk/client-route-53',
    });
    const kept = withoutRepeats([a, missing('route53'), missing('other'), elsewhere, missing('route53')]);
    expect(kept).toEqual([a, missing('other'), elsewhere]);
    expect(kept[0]).toBe(a);
  });
});
