#!/usr/bin/env node
/**
 * `npm run bench:fleet -- --scale S|M|L|XL --out DIR`: writes a synthetic
 * fleet of SPEC §7's scale into DIR (which must not exist or be empty).
 * See fleet-generator.mjs for what the fleet holds.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeFleet, generateFleet, SCALE_NAMES } from './fleet-generator.mjs';
import { writeFiles } from './fs-tools.mjs';

function usage(message) {
  process.stderr.write(`${message}\nusage: npm run bench:fleet -- --scale ${SCALE_NAMES.join('|')} --out DIR\n`);
  process.exitCode = 2;
}

const { values } = parseArgs({ options: { scale: { type: 'string' }, out: { type: 'string' } }, strict: true });
if (!values.scale || !SCALE_NAMES.includes(values.scale)) usage(`--scale must be one of ${SCALE_NAMES.join(', ')}`);
else if (!values.out) usage('--out DIR is required');
else {
  const out = path.resolve(values.out);
  if (existsSync(out) && readdirSync(out).length > 0) usage(`${out} exists and is not empty; give a new or empty directory`);
  else {
    const files = generateFleet(values.scale);
    writeFiles(out, files);
    const facts = describeFleet(files);
    process.stderr.write(
      `wrote scale ${values.scale} to ${out}: ${facts.files} files, ${facts.landscapes} landscapes, ${facts.clusters} clusters, ${facts.platforms} platforms, ` +
        `${facts.services} services, ${facts.rows} rows, ${facts.claims} claims, ${facts.prefixes} prefixes\n`,
    );
  }
}
