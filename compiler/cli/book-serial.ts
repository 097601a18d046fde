/**
 * `--serial N`, shared by `diene compile` and `diene apply books` (SPEC
 * §3.6): the serial stamped into the address books, a whole number of
 * 0…2^53−1 written in decimal digits only (clients compare serials as
 * integers; JSON readers keep them exact up to 2^53−1).
 */
import { MAX_SERIAL } from '../client/address-book-client.js';
import { invalidValue, type OptionValues } from './command.js';

/** The value of `--serial`, or `undefined` when absent. Throws {@link UsageError} when it is not a decimal integer in 0…2^53−1. */
export function serialOption(values: OptionValues): number | undefined {
  const flag = values['serial'];
  if (typeof flag !== 'string') return undefined;
  const serial = /^[0-9]{1,16}$/.test(flag) ? Number(flag) : NaN;
  if (!Number.isSafeInteger(serial) || serial > MAX_SERIAL) throw invalidValue('--serial', flag, `a whole number of 0…${MAX_SERIAL}`, '--serial 1732147200');
  return serial;
}
