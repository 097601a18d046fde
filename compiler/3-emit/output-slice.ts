/**
 * Outputs keyed by what they are made from. A keyed emitter is a module-level
 * function of declared slices of the model (the registry's settings and
 * clusters, one platform, one book…) and of nothing else: it cannot reach the
 * rest of the model, so the key of its output, the digest of the emitter's
 * name and of its slices' values, names everything the bytes depend on
 * besides the compiler itself. Two makes with the same key give the same
 * bytes: a compile that finds an output's key in the record of the last
 * compile into the same directory, by the same compiler, knows the output's
 * digest without making it (cli/compile.ts, output-keys.ts).
 *
 * A slice's digest is the SHA-256 of V8's serialization of its value, which
 * tells apart every two values of plain data an emitter can tell apart: -0
 * and 0, NaN and null, a property set to undefined and one that is absent,
 * the order of an object's keys, a Map's entries. Slices are plain data (a
 * test walks every slice of the reference fleet to hold it so).
 */
import { createHash } from 'node:crypto';
import { serialize } from 'node:v8';

/** One slice of the model an output is made from, with the digest of its value (made once, when first asked). */
export class SlicePart<T> {
  #digest: string | undefined;
  constructor(readonly value: T) {}
  get digest(): string {
    this.#digest ??= createHash('sha256').update(serialize(this.value)).digest('hex');
    return this.#digest;
  }
}

/** A named emitter of one output file from slices of the model alone. */
export interface KeyedEmitter<P extends readonly unknown[]> {
  /** Unique among the keyed emitters: part of every key. */
  readonly name: string;
  readonly emit: (...slices: P) => string;
}

/** What a keyed output is made from, and its key. */
export interface OutputSlice {
  readonly emitter: string;
  readonly parts: readonly SlicePart<unknown>[];
  /** `sha256:<hex>` of the emitter's name, V8's version (its serialization's format) and the parts' digests. */
  key(): string;
  /** The output made again from copies of the parts' values (the test that holds emitters to their slices). */
  remake(copy: (value: unknown) => unknown): string;
}

/** How to make one output's text; `slice`, on a keyed output, names what it is made from. */
export type MakeOutput = (() => string) & { readonly slice?: OutputSlice };

/** The output `emitter` makes from `parts`, keyed by them. */
export function keyedOutput<P extends readonly unknown[]>(emitter: KeyedEmitter<P>, ...parts: { [K in keyof P]: SlicePart<P[K]> }): MakeOutput {
  const values = (): P => parts.map((part) => part.value) as unknown as P;
  let key: string | undefined;
  const slice: OutputSlice = {
    emitter: emitter.name,
    parts,
    key() {
      if (key === undefined) {
        const hash = createHash('sha256').update(`${emitter.name}\0${process.versions.v8}\0`);
        for (const part of parts) hash.update(`${part.digest}\0`);
        key = `sha256:${hash.digest('hex')}`;
      }
      return key;
    },
    remake: (copy) => emitter.emit(...(parts.map((part) => copy(part.value)) as unknown as P)),
  };
  return Object.assign(() => emitter.emit(...values()), { slice });
}
