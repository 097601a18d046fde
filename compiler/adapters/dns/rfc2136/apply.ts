/**
 * Sends a zone plan's UPDATE messages (convert.ts), TSIG-signed, over TCP,
 * one after the other, and checks each answer: its TSIG (RFC 8945 §5.3) and
 * its RCODE (RFC 2136 §2.2). A failed prerequisite (NXRRSET, YXRRSET) means
 * the zone changed since it was read: nothing of that message was applied,
 * and a new run re-reads and re-plans.
 */
import { randomInt } from 'node:crypto';
import type { ZoneHostPlan } from '../../../plan/traffic-planner.js';
import type { ApplyOutcome } from '../dns-host.js';
import type { Rfc2136Link } from './adapter.js';
import { describeUpdates, type UpdatePlan } from './convert.js';
import { exchange } from './tcp.js';
import { parseMessage, rcodeName, signMessage, TsigVerifier, updateMessage } from './wire.js';

function explain(rcode: number, link: Rfc2136Link): string {
  const name = rcodeName(rcode);
  switch (name) {
    case 'NXRRSET':
      return 'NXRRSET: a record set changed since it was read (a prerequisite failed); nothing of this message was applied, run again to re-read and re-plan';
    case 'YXRRSET':
      return 'YXRRSET: a record set that was absent when read exists now (a prerequisite failed); nothing of this message was applied, run again to re-read and re-plan';
    case 'REFUSED':
      return `REFUSED: the server's update policy does not let ${link.key ? `key ${link.key.name}` : 'unsigned updates from this address'} change these names`;
    case 'NOTAUTH':
      return 'NOTAUTH: the server is not authoritative for the zone, or did not accept the signature';
    case 'NOTZONE':
      return 'NOTZONE: a name is outside the zone';
    default:
      return name;
  }
}

async function send(link: Rfc2136Link, zone: string, message: UpdatePlan): Promise<void> {
  const unsigned = updateMessage(randomInt(0x10000), zone, message.prerequisites, message.updates);
  const signed = link.key ? signMessage(unsigned, link.key, link.now()) : undefined;
  const verifier = link.key && signed ? new TsigVerifier(link.key, signed.mac, link.now) : undefined;
  let rcode = -1;
  await exchange(
    link.server,
    signed?.signed ?? unsigned,
    (buf) => {
      const answer = parseMessage(buf);
      if (answer.id !== unsigned.readUInt16BE(0)) throw new Error(`the answer's ID ${answer.id} is not the request's`);
      rcode = answer.rcode;
      if (verifier) {
        verifier.accept(buf, answer);
        verifier.finish();
      }
      return true;
    },
    link.timeoutMs,
  );
  if (rcode !== 0) throw new Error(explain(rcode, link));
}

/** Sends `messages` for `plan`'s zone; resolves when every one answered NOERROR. Throws an Error naming the failed message when there are several (the earlier ones stay applied). */
export async function sendUpdates(link: Rfc2136Link, plan: ZoneHostPlan, messages: readonly UpdatePlan[]): Promise<ApplyOutcome> {
  const lines = describeUpdates(plan.zone, messages);
  for (let i = 0; i < messages.length; i++) {
    try {
      await send(link, plan.zone, messages[i] as UpdatePlan);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      throw new Error(messages.length > 1 ? `message ${i + 1} of ${messages.length} (${i} applied): ${text}` : text);
    }
  }
  return { requests: messages.length, lines };
}
