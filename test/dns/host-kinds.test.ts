/**
 * The DNS host kinds are one list (dns/host-capabilities.ts `DNS_HOST_KINDS`):
 * the capabilities, the adapters, the provider folders and the schemas'
 * `provider` enums all follow it, so a new provider is its folder plus one
 * line in each list (docs/contributing.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DNS_HOST_KINDS } from '../../compiler/dns/host-capabilities.js';
import { DNS_HOST_CAPABILITIES, isDnsHostKind } from '../../compiler/dns/host-kinds.js';
import { ROOT } from '../../scripts/dependency-graph-lib.mjs';

/** Every `enum` under a `provider` property of a JSON schema. */
function providerEnums(schema: unknown): string[][] {
  const found: string[][] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'provider' && typeof value === 'object' && value !== null && Array.isArray((value as { enum?: unknown }).enum))
        found.push((value as { enum: string[] }).enum);
      visit(value);
    }
  };
  visit(schema);
  return found;
}

describe('the DNS host kinds', () => {
  it('have their capabilities, each naming its own kind', () => {
    expect(Object.keys(DNS_HOST_CAPABILITIES).sort()).toEqual([...DNS_HOST_KINDS].sort());
    for (const kind of DNS_HOST_KINDS) expect(DNS_HOST_CAPABILITIES[kind].kind).toBe(kind);
    expect(isDnsHostKind('route53')).toBe(true);
    expect(isDnsHostKind('toString')).toBe(false);
  });

  it('each have a provider folder with the same files, and no folder is left without a kind', () => {
    const adapters = path.join(ROOT, 'compiler/adapters/dns');
    const folders = readdirSync(adapters, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...DNS_HOST_KINDS].sort());
    for (const kind of DNS_HOST_KINDS) {
      for (const file of ['adapter.ts', 'observe.ts', 'convert.ts', 'apply.ts'])
        expect(existsSync(path.join(adapters, kind, file)), `${kind}/${file}`).toBe(true);
      expect(existsSync(path.join(ROOT, 'compiler/dns/capabilities', `${kind}.ts`)), kind).toBe(true);
    }
  });

  it('are the provider enums of the fleet and DNS plan schemas', () => {
    for (const schema of ['fleet.schema.json', 'dns-plan.schema.json']) {
      const enums = providerEnums(JSON.parse(readFileSync(path.join(ROOT, 'schemas', schema), 'utf8')));
      expect(enums.length, schema).toBeGreaterThan(0);
      for (const listed of enums) expect([...listed].sort(), schema).toEqual([...DNS_HOST_KINDS].sort());
    }
  });

  it('are the lists written out for people: the fleet diene init writes, the fleet reference and the DNS page', () => {
    // Each written list is `provider: kind | kind | …` (or `provider: kind # kind | kind | …`) on one line.
    for (const file of ['compiler/cli/init.ts', 'docs/fleet-reference.md']) {
      const lists = [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/provider: (?:[a-z0-9]+ # )?([a-z0-9]+(?: \| [a-z0-9]+)+)/g)];
      expect(lists.length, file).toBeGreaterThan(0);
      for (const [, list] of lists) expect(list?.split(' | ').sort(), file).toEqual([...DNS_HOST_KINDS].sort());
    }
    const dnsPage = readFileSync(path.join(ROOT, 'docs/dns.md'), 'utf8');
    for (const kind of DNS_HOST_KINDS) expect(dnsPage, `docs/dns.md names ${kind}`).toContain(`\`${kind}\``);
  });
});
