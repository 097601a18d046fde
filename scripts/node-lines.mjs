#!/usr/bin/env node
// The Node binaries CI runs (scripts/node-lines-lib.mjs): the test suite's
// release and one release of each supported line, from the npm registry,
// kept in `$DIENE_NODE_CACHE` (default ~/.cache/diene-node).
//   node scripts/node-lines.mjs install   installs every one that is missing
//   node scripts/node-lines.mjs bin       the folder of the test suite's `node`, for PATH
//   node scripts/node-lines.mjs headers   the folder of its headers, for npm's `nodedir`

import path from 'node:path';
import { installNode, nodeBinary, nodeCache, nodeHeaders, SUPPORTED_NODES, TEST_NODE } from './node-lines-lib.mjs';

const [command] = process.argv.slice(2);
if (command === 'install') {
  for (const version of new Set([TEST_NODE, ...SUPPORTED_NODES])) {
    process.stderr.write(`node ${version}: ${nodeCache()}/${version}\n`);
    installNode(version);
  }
} else if (command === 'bin') {
  process.stdout.write(`${path.dirname(nodeBinary(TEST_NODE))}\n`);
} else if (command === 'headers') {
  const headers = nodeHeaders(TEST_NODE);
  if (headers === undefined) {
    process.stderr.write(`node ${TEST_NODE} is not installed: run node scripts/node-lines.mjs install\n`);
    process.exit(1);
  }
  process.stdout.write(`${headers}\n`);
} else {
  process.stderr.write('usage: node scripts/node-lines.mjs install|bin|headers\n');
  process.exit(2);
}
