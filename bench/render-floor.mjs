/**
 * The floor of `diene render --platform NAME` (issue 16): start Node, read and
 * parse only the files render reads (the registry, state and carbon folders,
 * the files at the top of `platforms/`, the rows of the platform and of the
 * sign-in platform named by fleet.yaml), and write the bytes of a real
 * render's stdout to stdout.
 *
 *   node bench/render-floor.mjs FLEET_DIR PLATFORM STDOUT_FILE
 */
import { readdirSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { listInputs, readAndParse } from './floor-lean.mjs';

const [fleetDir, platform, stdoutFile] = process.argv.slice(2);
if (!fleetDir || !platform || !stdoutFile) {
  process.stderr.write('usage: node bench/render-floor.mjs FLEET_DIR PLATFORM STDOUT_FILE\n');
  process.exitCode = 2;
} else {
  const fleet = readAndParse(fleetDir, 'registry/fleet.yaml');
  const rowFolders = [...new Set([platform, fleet?.issuer?.platform].filter(Boolean))].map((name) => `platforms/${name}`);
  const top = readdirSync(path.join(fleetDir, 'platforms'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => `platforms/${entry.name}`);
  const inputs = [...listInputs(fleetDir, ['registry', 'state', 'carbon', ...rowFolders]), ...top];
  for (const relative of inputs) readAndParse(fleetDir, relative);
  const bytes = readFileSync(stdoutFile);
  for (let offset = 0; offset < bytes.length;) offset += writeSync(1, bytes, offset);
  process.stderr.write(`render-floor: ${inputs.length} inputs parsed, ${bytes.length} bytes written\n`);
}
