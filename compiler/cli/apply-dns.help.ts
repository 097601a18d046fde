/** The help of `diene apply dns` (see help.ts). */
import { withFormats } from './help.js';

export const applyDnsHelp = withFormats({
  name: 'apply dns',
  summary: "Push the difference between the fleet's zone plans and each DNS host's live zones to the hosts.",
  usage:
    'diene apply dns [--host NAME...] [--dry-run] [--force] [--override-freeze REASON] [--plan-checksum sha256:HEX] [--health FILE] [--live-from DIR] [--base DIR|REV] [--allow-endpoint-change] [--fleet DIR] [--format FORM]',
  description: [
    "Reads every zone afresh, plans with the traffic planner, prints the plan, then writes each host and reads it back. Secrets come only from the environment variables fleet.yaml names and the cloud SDKs' credential chains.",
    "Before any secret is read or host contacted, a selected host whose endpoint (url, server) or credential variable (apiKeyEnv, tsig.secretEnv) differs from the base revision is refused (exit 3): the base is --base, else fleet.yaml's git.branch in the fleet's git repository (the local branch, else origin/<branch>); no readable base refuses too (docs/hardening.md#credentials).",
    'A cloud host needs its SDK, an optional peer dependency: install it beside diene-compiler (docs/plugin-image.md#the-appliers-packages-are-optional-peer-dependencies): @aws-sdk/client-route-53 for route53, @google-cloud/dns for google, cloudflare for cloudflare (rfc2136 and powerdns need none); reading the base revision needs isomorphic-git.',
  ],
  options: [
    {
      name: 'host',
      type: 'string',
      multiple: true,
      value: 'NAME',
      description: 'Only this DNS host of fleet.yaml (repeat for more). Default: every host.',
      example: 'diene apply dns --host route53 --dry-run',
    },
    { name: 'dry-run', type: 'boolean', description: 'Read and plan, print the plan, write nothing.', example: 'diene apply dns --dry-run' },
    {
      name: 'force',
      type: 'boolean',
      description: 'Apply past the mass-change and one-cluster brakes (a freeze still refuses: only --override-freeze lifts it).',
      example: 'diene apply dns --force',
    },
    {
      name: 'override-freeze',
      type: 'string',
      value: 'REASON',
      description:
        "A person's override of the freeze, with the reason, required: the plan is made and applied under the other brakes, and the reason is part of the plan and its checksum, so --plan-checksum passes only with the reason the plan was reviewed with. --force does not imply it, nor it --force.",
      example: 'diene apply dns --health health.json --override-freeze "INC-4121: the health checker is down, the clusters serve" --plan-checksum sha256:…',
    },
    {
      name: 'plan-checksum',
      type: 'string',
      value: 'sha256:HEX',
      description: 'Refuse (exit 3) unless the plan is the one reviewed: the checksum line diene plan dns printed.',
      example: 'diene apply dns --plan-checksum sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    },
    { name: 'health', type: 'string', value: 'FILE', description: 'A health file: which clusters are down.', example: 'diene apply dns --health health.json' },
    {
      name: 'live-from',
      type: 'string',
      value: 'DIR',
      description: 'With --dry-run: plan from saved snapshots (diene export dns) instead of reading the hosts.',
      example: 'diene apply dns --dry-run --live-from live/',
    },
    {
      name: 'base',
      type: 'string',
      value: 'DIR|REV',
      description:
        "The reviewed base the hosts' endpoints and credential variables are compared with: a checkout of the base branch (the fleet's folder in it), or a revision of the fleet's repository (origin/main, a tag, a commit id). Default: fleet.yaml's git.branch, local or origin/.",
      example: 'diene apply dns --dry-run --base origin/main',
    },
    {
      name: 'allow-endpoint-change',
      type: 'boolean',
      description:
        'Run against hosts whose endpoint or credential variable differs from the base, or with no base to compare with. Check the hosts in fleet.yaml first; --force never implies it.',
      example: 'diene apply dns --dry-run --allow-endpoint-change',
    },
  ],
  diagnosticFormats: ['text', 'json'],
  examples: [
    { command: 'diene apply dns --dry-run', does: 'Prints what would change on every host.' },
    { command: 'diene apply dns --plan-checksum sha256:…', does: 'Applies the reviewed plan, or nothing if the hosts moved since.' },
  ],
  exitCodes: [
    { code: 0, means: 'applied in full (or nothing to do)' },
    {
      code: 2,
      means: 'invalid input or usage, or a failure before any write (a host that cannot be read, each named; every dry-run failure); nothing written',
    },
    {
      code: 3,
      means:
        'refused by a brake or a stale --plan-checksum, or a host whose endpoint or credential variable differs from the base (none read); nothing written',
    },
    { code: 4, means: 'applied in part: each failed host and zone is named, the others written' },
  ],
});
