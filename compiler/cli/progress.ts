/**
 * A progress line on stderr for long runs: one line, rewritten in place
 * (carriage return, erase line), erased when the run ends, so what remains on
 * the terminal is only the diagnostics and the summary. Only on a terminal:
 * the front end gives commands {@link SILENT_PROGRESS} when stderr is not a
 * TTY, with --quiet, a --min-severity above info, or a machine format, so
 * no CI log and no pipe ever holds it.
 */

/** What a command reports as it goes. */
export interface Progress {
  /** Replaces the line with `text` (at most ten times a second, but always the first time). */
  update(text: string): void;
  /** Erases the line. */
  clear(): void;
}

/** Progress that prints nothing. */
export const SILENT_PROGRESS: Progress = { update() {}, clear() {} };

/** The least input files for which `compile` reports progress: the M scale (SPEC §7) and above. */
export const PROGRESS_MIN_FILES = 1000;

/** The least objects for which `apply kube` reports progress. */
export const PROGRESS_MIN_OBJECTS = 100;

/** Progress written to `stream` (a TTY) as `<command>: <text>`, cut to the terminal's width. */
export function terminalProgress(stream: NodeJS.WriteStream, command: string): Progress {
  let shown = false;
  let last = 0;
  return {
    update(text) {
      const now = Date.now();
      if (shown && now - last < 100) return;
      last = now;
      shown = true;
      const line = `diene ${command}: ${text}`;
      const width = stream.columns ? stream.columns - 1 : 100;
      stream.write(`\r\u001b[K${line.length > width ? `${line.slice(0, width - 1)}…` : line}`);
    },
    clear() {
      if (shown) stream.write('\r\u001b[K');
      shown = false;
    },
  };
}
