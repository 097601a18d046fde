/**
 * The Google auth library probes the GCE metadata server when it finds no
 * other credentials, and gcp-metadata reports a failed probe as a process
 * warning (`MetadataLookupWarning`) on stderr. When the lookup then fails,
 * diene says so itself (dns_host_credentials_missing, with where it looked),
 * so that warning only repeats it in the SDK's words: it is held while the
 * lookup runs, dropped when the lookup fails and emitted as it was when it
 * succeeds. Every other warning passes through at once.
 */

const WARNING_NAME = 'MetadataLookupWarning';

type EmitWarningArgs = Parameters<typeof process.emitWarning>;

let active = 0;
let original: typeof process.emitWarning | undefined;
let held: EmitWarningArgs[] = [];

function warningName(args: EmitWarningArgs): string | undefined {
  const [warning, second] = args;
  if (warning instanceof Error) return warning.name;
  if (typeof second === 'string') return second;
  if (second && typeof second === 'object' && 'type' in second) return (second as { type?: string }).type;
  return undefined;
}

/** Runs `lookup` with the SDK's metadata lookup warnings held: dropped when it fails, emitted when it succeeds. */
export async function withMetadataWarningHeld<T>(lookup: () => Promise<T>): Promise<T> {
  if (active++ === 0) {
    original = process.emitWarning;
    const emit = original;
    process.emitWarning = ((...args: EmitWarningArgs) => {
      if (warningName(args) === WARNING_NAME) held.push(args);
      else emit.apply(process, args);
    }) as typeof process.emitWarning;
  }
  let failed = false;
  try {
    return await lookup();
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    const emit = original as typeof process.emitWarning;
    if (--active === 0) {
      process.emitWarning = emit;
      original = undefined;
    }
    // Held warnings are not told apart per lookup: the last lookup to end decides for those it saw.
    if (active === 0) {
      const release = held;
      held = [];
      if (!failed) for (const args of release) emit.apply(process, args);
    }
  }
}
