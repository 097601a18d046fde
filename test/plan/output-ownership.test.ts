/**
 * The ownership rules of an output tree (compiler/plan/output-ownership.ts,
 * issue 14): which files and folders diene wrote, given the tree's own
 * manifest and the listing about to be written.
 */
import { describe, expect, it } from 'vitest';
import { ownershipRules, vouchKey } from '../../compiler/plan/output-ownership.js';

const OLD = 'sha256:' + 'a'.repeat(64);
const NEW = 'sha256:' + 'b'.repeat(64);
const OTHER = 'sha256:' + 'c'.repeat(64);

describe('ownershipRules', () => {
  const recorded = new Map([
    ['argocd/nitroso.yaml', OLD],
    ['books/nitroso/tin/doc-c.json', OLD],
  ]);
  const wanted = new Map([
    ['argocd/nitroso.yaml', NEW],
    ['dns/cluster.atomi.cloud/route53.json', NEW],
  ]);
  const rules = ownershipRules(recorded, wanted, { checkContent: true });

  it('owns the folders above every listed file, in either listing, and no other', () => {
    expect(['argocd', 'books', 'books/nitroso', 'books/nitroso/tin', 'dns', 'dns/cluster.atomi.cloud'].filter((f) => !rules.ownsDirectory(f))).toEqual([]);
    expect(['notes', 'books/nitroso/tin/doc-c.json', 'books/nit', 'dns/cluster.atomi.cloud/x', ''].filter((f) => rules.ownsDirectory(f))).toEqual([]);
  });

  it("takes a file as diene's when either listing gives its path with its digest", () => {
    expect(rules.judgeFile('argocd/nitroso.yaml', OLD)).toBeUndefined(); // as diene wrote it
    expect(rules.judgeFile('argocd/nitroso.yaml', NEW)).toBeUndefined(); // already what diene writes now
    expect(rules.judgeFile('dns/cluster.atomi.cloud/route53.json', NEW)).toBeUndefined();
  });

  it('names why any other file is not', () => {
    expect(rules.judgeFile('argocd/nitroso.yaml', OTHER)).toBe('changed');
    expect(rules.judgeFile('books/nitroso/tin/doc-c.json', NEW)).toBe('changed');
    expect(rules.judgeFile('dns/cluster.atomi.cloud/route53.json', OTHER)).toBe('unlisted'); // the tree's manifest never listed it
    expect(rules.judgeFile('argocd/mine.yaml', OLD)).toBe('unlisted');
    expect(rules.listed('argocd/mine.yaml')).toBe(false);
  });

  it('without a manifest, owns only the bytes diene writes now', () => {
    const bare = ownershipRules(undefined, wanted, { checkContent: true });
    expect(bare.judgeFile('argocd/nitroso.yaml', NEW)).toBeUndefined();
    expect(bare.judgeFile('argocd/nitroso.yaml', OLD)).toBe('unproven');
    expect(bare.judgeFile('books/nitroso/tin/doc-c.json', OLD)).toBe('unlisted');
    expect(bare.ownsDirectory('books')).toBe(false);
  });

  it('with what vouches beside the manifest, owns a file the new tree replaces or drops only when that vouches for its path and digest', () => {
    // The record of the last write made argocd/nitroso.yaml with these bytes; books/…/doc-c.json is listed by the manifest alone.
    const vouched = ownershipRules(recorded, wanted, { checkContent: true, vouched: new Set([vouchKey('argocd/nitroso.yaml', OLD)]) });
    expect(vouched.judgeFile('argocd/nitroso.yaml', OLD)).toBeUndefined();
    expect(vouched.judgeFile('books/nitroso/tin/doc-c.json', OLD)).toBe('unvouched');
    // Bytes the new tree has at that path lose nothing: no vouching needed. Other bytes are an edit, as without it.
    expect(vouched.judgeFile('argocd/nitroso.yaml', NEW)).toBeUndefined();
    expect(vouched.judgeFile('argocd/nitroso.yaml', OTHER)).toBe('changed');
    // The same path with another digest vouches for nothing: the record names bytes, not names.
    const otherBytes = ownershipRules(recorded, wanted, { checkContent: true, vouched: new Set([vouchKey('books/nitroso/tin/doc-c.json', NEW)]) });
    expect(otherBytes.judgeFile('books/nitroso/tin/doc-c.json', OLD)).toBe('unvouched');
    // An empty record (a write that made no file) vouches for nothing; no record at all leaves the manifest to decide.
    expect(ownershipRules(recorded, wanted, { checkContent: true, vouched: new Set() }).judgeFile('books/nitroso/tin/doc-c.json', OLD)).toBe('unvouched');
    expect(rules.judgeFile('books/nitroso/tin/doc-c.json', OLD)).toBeUndefined();
  });

  it('without content checks (a killed staging folder), owns every listed path whatever its bytes', () => {
    const staging = ownershipRules(recorded, undefined, { checkContent: false });
    expect(staging.judgeFile('argocd/nitroso.yaml', OTHER)).toBeUndefined();
    expect(staging.judgeFile('argocd/mine.yaml', undefined)).toBe('unlisted');
  });
});
