import { readFileSync } from 'node:fs';

/**
 * This program's own peak RSS. Linux keeps getrusage's maxRSS across fork and
 * exec, so a child of a large parent (the bench runner, after reading an XL
 * output tree) reports at least the parent's size; VmHWM is the high-water mark
 * of this program's own address space. Elsewhere, maxRSS.
 */
export function peakRssBytes(usage) {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) * 1024;
  } catch {
    // not Linux
  }
  return usage.maxRSS * 1024;
}
