/** The help of `diene plan dns` (see help.ts). */
import { withFormats } from './help.js';

export const planDnsHelp = withFormats({
  name: 'plan dns',
  summary: 'Print what each DNS host must change to match the fleet, from live snapshots; write nothing.',
  usage: 'diene plan dns --live FILE|DIR | --assume-empty [--health FILE] [--force] [--override-freeze REASON] [--fleet DIR] [--format FORM]',
  options: [
    {
      name: 'live',
      type: 'string',
      value: 'FILE|DIR',
      description: 'The live state: one snapshot file, or a folder laid out like dns/ (diene export dns writes one).',
      example: 'diene plan dns --live live/',
    },
    {
      name: 'assume-empty',
      type: 'boolean',
      description: 'First rollout: plan each zone with no snapshot (all, without --live) as empty, every record set a create, marked ASSUMED EMPTY.',
      example: 'diene plan dns --assume-empty',
    },
    {
      name: 'health',
      type: 'string',
      value: 'FILE',
      description: 'A health file: which clusters are down, so the plan moves their traffic.',
      example: 'diene plan dns --live live/ --health health.json',
    },
    {
      name: 'force',
      type: 'boolean',
      description: 'Plan past the mass-change and one-cluster brakes (a freeze still refuses: only --override-freeze lifts it).',
      example: 'diene plan dns --live live/ --force',
    },
    {
      name: 'override-freeze',
      type: 'string',
      value: 'REASON',
      description:
        "A person's override of the freeze (more than half of the built traffic-on clusters down), with the reason, required: the plan is made under the other brakes, and the reason is recorded in the plan and its checksum. --force does not imply it, nor it --force.",
      example: 'diene plan dns --live live/ --health health.json --override-freeze "INC-4121: the health checker is down, the clusters serve"',
    },
  ],
  diagnosticFormats: ['text', 'json'],
  examples: [
    { command: 'diene export dns --out live && diene plan dns --live live', does: 'Reads every host, then prints the plan.' },
    { command: 'diene plan dns --assume-empty', does: 'Before a first rollout: every record set as a create, no host read.' },
  ],
  exitCodes: [
    { code: 0, means: 'a plan (possibly empty)' },
    { code: 2, means: 'invalid fleet, snapshot, health file or usage' },
    { code: 3, means: 'refused by a brake (the plan is still printed, marked refused)' },
  ],
});
