/**
 * A compile's output tree in one file, so the floor (floor.mjs) can write the
 * same bytes without reading thousands of files first.
 *
 * Format: a 4-byte big-endian header length, a JSON header
 * `[[path, byteLength], ...]` in path order, then every file's bytes in that
 * order.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every file under `root`: relative `/`-separated paths, sorted. */
export function listTree(root) {
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  walk('');
  return files.sort();
}

/** Every file under `root`: relative `/`-separated path → bytes, sorted by path. */
export function readTree(root) {
  return new Map(listTree(root).map((file) => [file, readFileSync(path.join(root, file))]));
}

/** Packs the tree under `outDir` into `packFile`; returns the number of files and bytes. */
export function packOutputs(outDir, packFile) {
  const tree = readTree(outDir);
  const header = Buffer.from(JSON.stringify([...tree].map(([file, bytes]) => [file, bytes.length])));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  const body = [...tree.values()];
  writeFileSync(packFile, Buffer.concat([length, header, ...body]));
  return { files: tree.size, bytes: body.reduce((n, b) => n + b.length, 0) };
}

/** Reads a pack: relative path → bytes (views into one buffer). */
export function readPack(packFile) {
  const all = readFileSync(packFile);
  const headerLength = all.readUInt32BE(0);
  const header = JSON.parse(all.subarray(4, 4 + headerLength).toString('utf8'));
  const files = new Map();
  let offset = 4 + headerLength;
  for (const [file, length] of header) {
    files.set(file, all.subarray(offset, offset + length));
    offset += length;
  }
  return files;
}
