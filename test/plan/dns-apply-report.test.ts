import { describe, expect, it } from 'vitest';
import { formatApplyReport, type ZoneApplyResult } from '../../compiler/plan/dns-apply-report.js';

function result(host: string, zone: string, status: ZoneApplyResult['status']): ZoneApplyResult {
  return {
    host,
    zone,
    status,
    changes: status === 'unchanged' ? 0 : 3,
    requests: status === 'written' ? 1 : 0,
    requestLines: [],
    ...(status === 'failed' || status === 'not-read' ? { error: 'boom', code: 'dns_host_unreachable' } : {}),
  };
}

describe('formatApplyReport summary line', () => {
  it('says nothing was read nor written (exit 2) when no zone could be read, counting hosts as it lists them', () => {
    const results = [
      result('google', 'a.example', 'not-read'),
      result('google', 'b.example', 'not-read'),
      result('route53', 'a.example', 'not-read'),
      result('route53', 'b.example', 'not-read'),
    ];
    expect(formatApplyReport({ dryRun: false, results, differences: [] }).at(-1)).toBe(
      'nothing read, nothing written: none of the 4 zone plans on 2 hosts could be read: google (a.example, b.example), route53 (a.example, b.example); the errors above say why (exit 2)',
    );
  });

  it('says nothing was written (exit 2) when the zones read needed no change and the others could not be read', () => {
    const results = [result('google', 'a.example', 'unchanged'), result('route53', 'a.example', 'not-read'), result('route53', 'b.example', 'not-read')];
    expect(formatApplyReport({ dryRun: false, results, differences: [] }).at(-1)).toBe(
      'nothing written: 2 of 3 zone plans could not be read: route53 (a.example, b.example); the others needed no change; the errors above say why (exit 2)',
    );
  });

  it('counts hosts and lists each failed host once, with its zones, when applied in part (exit 4)', () => {
    const results = [
      result('lab', 'a.example', 'written'),
      result('lab', 'b.example', 'written'),
      result('pdns', 'a.example', 'failed'),
      result('pdns', 'b.example', 'not-read'),
    ];
    expect(formatApplyReport({ dryRun: false, results, differences: [] }).at(-1)).toBe(
      'applied in part: 1 of 2 hosts written in full; failed: pdns (a.example, b.example); run again to repair (exit 4)',
    );
  });
});
