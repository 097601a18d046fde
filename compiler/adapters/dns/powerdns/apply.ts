/**
 * Talks to the PowerDNS HTTP API (header `X-API-Key`, JSON bodies) and sends
 * a zone plan as one PATCH, which PowerDNS validates and applies as a whole
 * (one backend transaction): `204 No Content` on success, `422` with
 * `{"error": …}` when the result would be invalid zone data.
 */
import type { ZoneHostPlan } from '../../../plan/traffic-planner.js';
import { absolute, DnsProblem, type ApplyOutcome } from '../dns-host.js';
import type { PowerDnsLink } from './adapter.js';
import { describePatch, type PatchRrset } from './convert.js';

function zoneUrl(link: PowerDnsLink, zone: string): string {
  return `${link.url.replace(/\/+$/, '')}/api/v1/servers/${encodeURIComponent(link.serverId)}/zones/${encodeURIComponent(absolute(zone))}`;
}

/** Sends one request to the zone's URL; returns the parsed JSON body (undefined for 204). Throws a DnsProblem with the HTTP status and PowerDNS's `error` text. */
export async function requestJson(link: PowerDnsLink, method: 'GET' | 'PATCH', zone: string, body?: unknown): Promise<unknown> {
  const response = await fetch(zoneUrl(link, zone), {
    method,
    headers: { 'X-API-Key': link.apiKey, Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(link.timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) {
    let reason = text.trim();
    try {
      const parsed = JSON.parse(text) as { error?: unknown };
      if (typeof parsed.error === 'string') reason = parsed.error;
    } catch {
      // not JSON: keep the text
    }
    const answer = `HTTP ${response.status} from ${method} ${zoneUrl(link, zone)}: ${reason || response.statusText}`;
    if (response.status === 401 || response.status === 403) throw new DnsProblem('dns_api_denied', { answer });
    if (response.status === 404 && method === 'GET') throw new DnsProblem('dns_zone_not_found', { found: `the PowerDNS API has no such zone (${answer})` });
    throw new DnsProblem('dns_api_refused', { answer });
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DnsProblem('dns_answer_malformed', { problem: `the answer to ${method} ${zoneUrl(link, zone)} is not JSON` });
  }
}

/** Sends `body` as the PATCH of `plan`'s zone. */
export async function patchZone(link: PowerDnsLink, plan: ZoneHostPlan, body: { rrsets: PatchRrset[] }): Promise<ApplyOutcome> {
  await requestJson(link, 'PATCH', plan.zone, body);
  return { requests: 1, lines: describePatch(plan.zone, body) };
}
