/**
 * Full garbage collections at the moments `diene compile` knows that most of
 * its heap has just become garbage: once the analysis is done, when the heap
 * is large (the positioned documents of inputs loaded cold), and after every {@link PACE_CHARS} of output
 * text made. Left to its own pace, V8 grows the heap by a multiple of what was
 * live at its last full collection, and the output texts (large strings, which
 * only a full collection frees) then pile up: on the XL bench fleet the
 * process grew past a gigabyte while holding under 200 MiB.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { MakeOutput, OutputPlan } from '../3-emit/output-plan.js';

/** Output text (UTF-16 units) made between two collections. */
export const PACE_CHARS = 48 * 1024 * 1024;

/**
 * V8's full collection. Node shows it only under `--expose-gc`: the flag is
 * set at run time and the function taken from a new context, which sees it
 * (the way the `expose-gc` package does it).
 */
export function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** `plan`, whose files call `collect` after every `every` units of text they made (each keeps its slice). */
export function pacedPlan(plan: OutputPlan, collect: () => void, every = PACE_CHARS): Map<string, MakeOutput> {
  let made = 0;
  const paced = (make: MakeOutput): MakeOutput => {
    const pacedMake = (): string => {
      const text = make();
      made += text.length;
      if (made >= every) {
        made = 0;
        collect();
      }
      return text;
    };
    return make.slice ? Object.assign(pacedMake, { slice: make.slice }) : pacedMake;
  };
  return new Map([...plan].map(([file, make]) => [file, paced(make)]));
}
