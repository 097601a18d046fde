#!/usr/bin/env node
/**
 * Where a run's time goes, by phase and by function, from a V8 CPU profile
 * (`node --cpu-prof`). Each sample counts for the innermost function on its
 * stack that names a phase (reading, parsing, analysing, emitting, comparing,
 * garbage collection); the functions are listed by self time.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bin/diene.js compile --check --no-cache --fleet FLEET --out OUT
 *   node bench/profile-phases.mjs /tmp/prof/*.cpuprofile [TOP]
 *
 * Sample intervals are wall time: on a loaded machine a process waiting for a
 * core lends its wait to the sample after it, so compare shares, not seconds.
 */
import { readFileSync } from 'node:fs';

/** Function name → phase; the innermost one on a sample's stack wins. */
const PHASES = new Map([
  ['fileDigest', 'compare: SHA-256 of each made output (the manifest)'],
  ['manifestText', 'compare: SHA-256 of each made output (the manifest)'],
  ['compareOutputFile', 'compare: read each output file, compare its bytes'],
  ['readOutputEntry', 'compare: read and decode each output file'],
  ['listOutputTree', 'compare: list the output tree'],
  ['toYamlStream', 'emit: the YAML writer'],
  ['toJson', 'emit: JSON (canonical view, JSON.stringify)'],
  ['renderZoneFile', 'emit: templates'],
  ['renderRoutePathsSql', 'emit: templates'],
  ['pacedMake', 'emit: building the objects'],
  ['madeOutputs', 'emit: building the objects'],
  ['pairOutputs', 'emit: building the objects'],
  ['outputPlan', 'plan the outputs'],
  ['loadFleet', 'parse, validate and load the inputs'],
  ['analyzeFleet', 'analyse (cross-file checks, the model)'],
  ['readKnowing', 'read the inputs'],
  ['readFleetFiles', 'read the inputs'],
  ['readOne', 'read the inputs'],
  ['readInputFile', 'read the inputs'],
  ['walkFolders', 'read the inputs'],
  ['resilienceDelta', 'report: single-failure drills of both revisions (or the digests of their outlines)'],
  ['userChanges', 'report: what changes for users'],
  ['outputChanges', 'report: compare the two trees'],
  ['readOutputTree', 'report: read the committed tree'],
  ['(garbage collector)', 'garbage collection'],
]);

const [file, top = '25'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/profile-phases.mjs PROFILE.cpuprofile [TOP]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const byPhase = new Map();
const bySelf = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const self = `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}${url ? `:${lineNumber + 1}` : ''}`;
  bySelf.set(self, (bySelf.get(self) ?? 0) + dt);
  let phase = 'start-up, module loading and the rest';
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const named = PHASES.get(nodes.get(at).callFrame.functionName);
    if (named !== undefined) {
      phase = named;
      break;
    }
  }
  byPhase.set(phase, (byPhase.get(phase) ?? 0) + dt);
});
const share = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
process.stdout.write(`${(total / 1e6).toFixed(2)} s of samples\n\nby phase:\n`);
for (const [phase, t] of [...byPhase].sort((a, b) => b[1] - a[1])) process.stdout.write(`${share(t)}  ${phase}\n`);
process.stdout.write('\nby function (self time):\n');
for (const [name, t] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) process.stdout.write(`${share(t)}  ${name}\n`);
