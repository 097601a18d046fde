import { describe, expect, it } from 'vitest';
import { counted } from '../../compiler/diagnostics/counted.js';

describe('counted', () => {
  it('writes the singular for one and the plural for every other count', () => {
    expect(counted(1, 'error')).toBe('1 error');
    expect(counted(0, 'error')).toBe('0 errors');
    expect(counted(2, 'virtual landscape')).toBe('2 virtual landscapes');
  });
  it('takes an irregular plural', () => {
    expect(counted(1, 'prefix', 'prefixes')).toBe('1 prefix');
    expect(counted(3, 'entry', 'entries')).toBe('3 entries');
  });
});
