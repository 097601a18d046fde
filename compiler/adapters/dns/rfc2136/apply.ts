/**
 * Sends a zone plan's UPDATE messages (convert.ts), TSIG-signed, over TCP,
 * one after the other, and checks each answer: its TSIG (RFC 8945 §5.3) and
 * its RCODE (RFC 2136 §2.2). A failed prerequisite (NXRRSET, YXRRSET) means
 * the zone changed since it was read: nothing of that message was applied,
 * and a new run re-reads and re-plans.
 */
import { randomInt } from 'node:crypto';
import type { ZoneHostPlan } from '../../../plan/traffic-planner.js';
import { DnsProblem, withProgress, type ApplyOutcome } from '../dns-host.js';
import type { Rfc2136Link } from './adapter.js';
import { describeUpdates, type UpdatePlan } from './convert.js';
import { exchange } from './tcp.js';
import { parseMessage, rcodeName, signMessage, TsigVerifier, updateMessage } from './wire.js';

function refusal(rcode: number, link: Rfc2136Link): DnsProblem<'dns_update_refused'> {
  const name = rcodeName(rcode);
  const again = 'nothing of this message was applied: run again, diene re-reads the zone and plans afresh';
  switch (name) {
    case 'NXRRSET':
      return new DnsProblem('dns_update_refused', { rcode: 'NXRRSET: a record set changed since it was read (a prerequisite failed)', fix: again });
    case 'YXRRSET':
      return new DnsProblem('dns_update_refused', { rcode: 'YXRRSET: a record set that was absent when read exists now (a prerequisite failed)', fix: again });
    case 'REFUSED':
      return new DnsProblem('dns_update_refused', {
        rcode: `REFUSED: the server's update policy does not let ${link.key ? `key ${link.key.name}` : 'unsigned updates from this address'} change these names`,
        fix: `grant ${link.key ? `key ${link.key.name}` : 'this address'} updates of the zone's names on the server (BIND update-policy, Knot acl with action update)`,
      });
    case 'NOTAUTH':
      return new DnsProblem('dns_update_refused', {
        rcode: 'NOTAUTH: the server is not authoritative for the zone, or did not accept the signature',
        fix: 'send updates to the primary server of the zone, with the key it knows',
      });
    case 'NOTZONE':
      return new DnsProblem('dns_update_refused', {
        rcode: 'NOTZONE: a name is outside the zone',
        fix: 'check that the server holds the zone the plan names (not a parent or a child zone)',
      });
    default:
      return new DnsProblem('dns_update_refused', { rcode: name, fix: 'the server names its reason in its log; fix it there, then run again' });
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
      if (answer.id !== unsigned.readUInt16BE(0))
        throw new DnsProblem('dns_answer_malformed', { problem: `the answer's ID ${answer.id} is not the request's` });
      rcode = answer.rcode;
      if (verifier) {
        verifier.accept(buf, answer);
        verifier.finish();
      }
      return true;
    },
    link.timeoutMs,
  );
  if (rcode !== 0) throw refusal(rcode, link);
}

/** Sends `messages` for `plan`'s zone; resolves when every one answered NOERROR. Throws a DnsProblem naming the failed message when there are several (the earlier ones stay applied). */
export async function sendUpdates(link: Rfc2136Link, plan: ZoneHostPlan, messages: readonly UpdatePlan[]): Promise<ApplyOutcome> {
  const lines = describeUpdates(plan.zone, messages);
  for (let i = 0; i < messages.length; i++) {
    try {
      await send(link, plan.zone, messages[i] as UpdatePlan);
    } catch (error) {
      throw withProgress(error, 'UPDATE message', i, messages.length);
    }
  }
  return { requests: messages.length, lines };
}
