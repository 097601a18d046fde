/**
 * The package as a platform team gets it: `npm pack` of this checkout (dist/ as
 * `npm test` built it), installed into an empty folder with `npm ci --omit=dev`
 * from a lockfile holding exactly this repository's locked production
 * dependencies (so the install is offline, from the npm cache `npm ci` filled),
 * then the CLI through `npx diene` and the library from an .mjs and a
 * TypeScript file, all from that folder. The `prepare` script is run in the
 * installed package with and without TypeScript (the dev dependency it builds
 * with): it keeps the shipped dist/ both times. Then a plain `npm install` of
 * the tarball (no lockfile, dev dependencies omitted): its size, the library
 * compiling the bundled example, and the catalog error for a command whose
 * optional peer dependency is not installed.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_FLEET, REPO_ROOT } from '../support/fleet-fixture.js';

const NOW = '2026-11-21T00:00:00Z';
const GOLDEN = path.join(REPO_ROOT, 'golden', 'reference');
const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  license: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional: boolean }>;
  bin: Record<string, string>;
  engines: Record<string, string>;
};
const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
};

/** The environment for npm and the CLI: none of the `npm_*` variables an outer `npm test` sets, which would steer the inner npm. */
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_') || name.toLowerCase() === 'npm_config_cache'),
) as NodeJS.ProcessEnv;

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = ENV): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 300_000 });
}

/** Every file under `root`, relative, `/`-separated, sorted. */
function listFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

let work = '';
let tarballPath = '';
let consumer = '';
let installed = '';
let fleet = '';
let rendered = '';

/** The `diene` that npm linked into the consumer's node_modules/.bin (what `npx diene` runs, without npx's start-up on every call). */
function diene(): string {
  return path.join(consumer, 'node_modules', '.bin', 'diene');
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'diene-package-'));
  const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], { cwd: REPO_ROOT, env: ENV, encoding: 'utf8' });
  const tarball = packed.trim().split('\n').at(-1) as string;
  tarballPath = path.join(work, tarball);
  const spec = `file:../${tarball}`;
  consumer = path.join(work, 'consumer');
  mkdirSync(consumer);
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies: { [pkg.name]: spec } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: spec,
      license: pkg.license,
      dependencies: pkg.dependencies,
      peerDependencies: pkg.peerDependencies,
      peerDependenciesMeta: pkg.peerDependenciesMeta,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (where === '' || entry.dev === true) continue;
    const { devOptional: _devOptional, ...production } = entry;
    packages[where] = production;
  }
  writeFileSync(
    path.join(consumer, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { [pkg.name]: spec } }, null, 2)}\n`,
  );
  writeFileSync(path.join(consumer, 'package-lock.json'), `${JSON.stringify({ name: 'consumer', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
  const install = run('npm', ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], consumer);
  if (install.status !== 0) throw new Error(`npm ci of the packed tarball failed (${install.status}):\n${install.stderr}`);
  installed = path.join(consumer, 'node_modules', pkg.name);
  fleet = path.join(work, 'fleet');
  cpSync(REFERENCE_FLEET, fleet, { recursive: true, filter: (source) => path.basename(source) !== 'generated' });
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the package as npm publishes it', () => {
  it('names its repository (npm provenance checks it), licence and home, and `npm publish --dry-run` warns of nothing but the missing login', () => {
    const manifest = pkg as unknown as { repository: { type: string; url: string }; license: string; homepage: string; bugs: string };
    expect(manifest.repository).toEqual({ type: 'git', url: 'git+https://github.com/AtomiCloud/diene.git' });
    expect(manifest.license).toBe('Apache-2.0');
    expect(manifest.homepage).toBe('https://github.com/AtomiCloud/diene#readme');
    const dry = run('npm', ['publish', '--dry-run', '--ignore-scripts', '--json'], REPO_ROOT);
    expect(dry.status, dry.stderr).toBe(0);
    const warnings = dry.stderr.split('\n').filter((line) => /^npm (warn|error)/i.test(line) && !/requires you to be logged in/.test(line));
    expect(warnings).toEqual([]);
    // npm 11 keys the summary by the package's name; npm 10 printed it alone.
    type Summary = { name: string; files: { path: string }[] };
    const summary = JSON.parse(dry.stdout) as Summary | Record<string, Summary>;
    const published = ('files' in summary ? summary : summary['diene-compiler']) as Summary;
    expect(published.name).toBe('diene-compiler');
    expect(published.files.map((f) => f.path)).toEqual(expect.arrayContaining(['package.json', 'bin/diene.js', 'dist/api.js', 'schemas/fleet.schema.json']));
  }, 300_000);
});

describe('the packed package, installed into an empty folder without dev dependencies', () => {
  it('holds the built dist/ with its declarations, the bin and the schemas, and no sources, tests or dev dependencies', () => {
    const files = listFiles(installed);
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/diene.js',
        'dist/api.js',
        'dist/api.d.ts',
        'dist/cli.js',
        'dist/cli.d.ts',
        'bundle/diene.mjs',
        'bundle/LICENCES.txt',
        'schemas/fleet.schema.json',
        'package.json',
      ]),
    );
    expect(
      files.filter((file) => /^(compiler|test|bench|golden|examples)\//.test(file) || file.endsWith('.map') || file.endsWith('.ts') !== file.endsWith('.d.ts')),
    ).toEqual([]);
    for (const devOnly of ['typescript', 'vitest', 'prettier']) expect(existsSync(path.join(consumer, 'node_modules', devOnly))).toBe(false);
  }, 120_000);

  it('runs the CLI: `npx diene validate` and `diene compile` of a copy of the reference fleet give the golden tree', () => {
    const validate = run('npx', ['diene', 'validate', '--fleet', fleet, '--now', NOW], consumer);
    expect(validate.stderr).toContain('0 errors, 6 warnings');
    expect(validate.status).toBe(0);
    const out = path.join(work, 'out');
    const compile = run(diene(), ['compile', '--fleet', fleet, '--out', out, '--now', NOW], consumer);
    expect(compile.status).toBe(0);
    const files = listFiles(out);
    expect(files).toEqual(listFiles(GOLDEN));
    for (const file of files) expect(readFileSync(path.join(out, file), 'utf8'), file).toBe(readFileSync(path.join(GOLDEN, file), 'utf8'));
  }, 120_000);

  // The npm name `diene` is another package's: a stranger types the package's own name, which runs its one bin.
  it('runs as `npx diene-compiler` and `npm exec --package=diene-compiler -- diene`, the names the docs give a stranger', () => {
    for (const [command, args] of [
      ['npx', ['--no-install', 'diene-compiler', '--version']],
      ['npm', ['exec', '--no-install', '--package=diene-compiler', '--', 'diene', '--version']],
    ] as const) {
      const ran = run(command, [...args], consumer);
      expect(ran.status, ran.stderr).toBe(0);
      expect(ran.stdout.trim()).toBe(pkg.version);
    }
  }, 120_000);

  it("renders byte for byte what this checkout's CLI renders", () => {
    const fromPackage = run(diene(), ['render', '--platform', 'nitroso', '--fleet', fleet], consumer);
    rendered = fromPackage.stdout;
    const fromCheckout = run(process.execPath, [path.join(REPO_ROOT, 'bin', 'diene.js'), 'render', '--platform', 'nitroso', '--fleet', fleet], work);
    expect(fromPackage.status).toBe(0);
    expect(fromPackage.stdout.length).toBeGreaterThan(1000);
    expect(fromPackage.stdout).toBe(fromCheckout.stdout);
  }, 120_000);

  it('gives editors the schemas: `diene schemas --out` writes the shipped ones, and diene-compiler/schemas/* resolves', () => {
    const out = path.join(work, 'editor-schemas');
    const written = run(diene(), ['schemas', '--out', out], consumer);
    expect(written.status, written.stderr).toBe(0);
    const shipped = listFiles(path.join(installed, 'schemas'));
    expect(shipped).toEqual(expect.arrayContaining(['row.schema.json', 'claim.schema.json', 'books/doc-c.schema.json']));
    expect(listFiles(out)).toEqual(shipped);
    for (const file of shipped) expect(readFileSync(path.join(out, file), 'utf8'), file).toBe(readFileSync(path.join(installed, 'schemas', file), 'utf8'));
    const resolved = run(
      process.execPath,
      ['--input-type=module', '-e', "console.log(import.meta.resolve('diene-compiler/schemas/row.schema.json'))"],
      consumer,
    );
    expect(resolved.stdout.trim()).toBe(pathToFileURL(path.join(installed, 'schemas', 'row.schema.json')).href);
  }, 120_000);

  it('runs the library from an .mjs: compileFleet, renderPlatform, planDns, lookupUpstream and the catalog', () => {
    const script = path.join(consumer, 'api.mjs');
    writeFileSync(
      script,
      `import { catalog, compileFleet, compileUpstreamTable, hasErrors, lookupUpstream, planDns, readDnsLive, readFleet, renderPlatform } from '${pkg.name}';
const nowSeconds = Date.parse('${NOW}') / 1000;
const { files } = await readFleet(${JSON.stringify(fleet)});
const compiled = compileFleet(files, { nowSeconds });
const rendered = renderPlatform(files, 'nitroso', { nowSeconds });
const missing = renderPlatform(files, 'cobalt', { nowSeconds });
const live = await readDnsLive(${JSON.stringify(GOLDEN)}, process.cwd());
const { plan } = planDns(files, live.files, { nowSeconds });
const table = compileUpstreamTable(
  [{ host: 'api.tin.example', account: 'nitroso', app: 'tin', box: 'raichu' }, { host: 'api.zinc.example', account: 'nitroso', app: 'zinc', box: 'raichu' }],
  [{ host: 'api.tin.example', prefix: 'paulca', target: 'api.zinc.example' }],
);
process.stdout.write(JSON.stringify({
  errors: hasErrors(compiled.diagnostics),
  outputs: [...compiled.outputs.keys()].sort(),
  platformRecord: compiled.outputs.get('platforms/nitroso.yaml'),
  yaml: rendered.yaml,
  missing: missing.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code),
  zones: plan.zones.length,
  changes: plan.zones.reduce((sum, zone) => sum + zone.units.length, 0),
  refused: plan.refused,
  served: lookupUpstream(table, 'api.tin.example', '/%70aulca/x')?.route.app,
  fallthrough: lookupUpstream(table, 'api.tin.example', '/paulcarson')?.match,
  hint: catalog.region_unsupported.hint,
}));
`,
    );
    const result = run(process.execPath, [script], consumer);
    expect(result.stderr).toBe('');
    const answer = JSON.parse(result.stdout) as Record<string, unknown>;
    const golden = listFiles(GOLDEN);
    expect(answer['errors']).toBe(false);
    expect(answer['outputs']).toEqual(golden);
    expect(answer['platformRecord']).toBe(readFileSync(path.join(GOLDEN, 'platforms', 'nitroso.yaml'), 'utf8'));
    expect(rendered.length).toBeGreaterThan(1000);
    expect(answer['yaml']).toBe(rendered);
    expect(answer['missing']).toEqual(['platform_not_found']);
    expect(answer['zones']).toBe(golden.filter((file) => /^dns\/[^/]+\/[^/]+\.json$/.test(file)).length);
    expect(answer['changes']).toBe(0);
    expect(answer['refused']).toBe(false);
    expect(answer['served']).toBe('zinc');
    expect(answer['fallthrough']).toBe('fallthrough');
    expect(answer['hint']).toBe('add {provider} to regions.{region}.providers in registry/regions.yaml, or pick one of: {known}');
  }, 120_000);

  it('gives a TypeScript consumer the declarations: right calls check, a wrong one is an error', () => {
    writeFileSync(
      path.join(consumer, 'consumer.ts'),
      `import { compileFleet, sourceFile, type CompileResult, type Diagnostic, type DiagnosticCode, type Upstream } from '${pkg.name}';
const result: CompileResult = compileFleet([sourceFile('registry/fleet.yaml', '')], { nowSeconds: 0 });
const first: Diagnostic | undefined = result.diagnostics[0];
const code: DiagnosticCode = 'region_unsupported';
export const summary: [string | undefined, DiagnosticCode, Upstream | undefined] = [first?.code, code, undefined];
// @ts-expect-error: the files must be SourceFile objects (were the declarations missing, this directive would itself be an error)
compileFleet(['registry/fleet.yaml'], { nowSeconds: 0 });
`,
    );
    writeFileSync(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', types: [] },
        files: ['consumer.ts'],
      }),
    );
    const tsc = run(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', consumer], consumer);
    expect(tsc.stdout).toBe('');
    expect(tsc.status).toBe(0);
  }, 120_000);

  it('leaves the optional peer dependencies out, and each applier names the package to install', () => {
    const peers = Object.keys(pkg.peerDependencies).sort();
    expect(peers).toEqual(['@aws-sdk/client-route-53', '@aws-sdk/client-s3', '@google-cloud/dns', '@kubernetes/client-node', 'cloudflare', 'isomorphic-git']);
    expect(Object.values(pkg.peerDependenciesMeta).every((meta) => meta.optional)).toBe(true);
    for (const peer of peers) expect(existsSync(path.join(consumer, 'node_modules', peer)), peer).toBe(false);
    // The reference fleet's DNS hosts are a route53 and a google one: each is named, nothing is sent (exit 2: nothing written).
    const dns = run(diene(), ['apply', 'dns', '--dry-run', '--fleet', fleet, '--format', 'json', '--now', NOW], consumer);
    const dnsCodes = (JSON.parse(dns.stderr) as { code: string; message: string }[]).filter((d) => d.code === 'dns_host_sdk_missing').map((d) => d.message);
    // Each host's missing SDK is said once, though each host serves two zones.
    expect(dnsCodes.filter((m) => m.includes('(route53) needs the npm package @aws-sdk/client-route-53'))).toHaveLength(1);
    expect(dnsCodes.filter((m) => m.includes('(google) needs the npm package @google-cloud/dns'))).toHaveLength(1);
    expect(dns.status).toBe(2);
    const books = run(
      diene(),
      ['apply', 'books', '--fleet', fleet, '--to', 's3://books/prod', '--serial', '7', '--skip-name-check', '--format', 'json', '--now', NOW],
      consumer,
    );
    expect(books.status).toBe(2);
    expect((JSON.parse(books.stderr) as { code: string }[]).map((d) => d.code)).toContain('books_store_sdk_missing');
  }, 300_000);

  it('prepare keeps the shipped dist/ without TypeScript and with it, and refuses a checkout it cannot build', () => {
    const before = readFileSync(path.join(installed, 'dist', 'api.js'), 'utf8');
    const without = run('npm', ['run', 'prepare', '--silent'], installed);
    expect([without.status, without.stdout]).toEqual([0, 'prepare: dist/ is used as it is: the package ships it built\n']);
    symlinkSync(path.join(REPO_ROOT, 'node_modules', 'typescript'), path.join(consumer, 'node_modules', 'typescript'), 'dir');
    const withTypescript = run(process.execPath, ['scripts/prepare.mjs'], installed);
    expect([withTypescript.status, withTypescript.stdout]).toEqual([0, 'prepare: dist/ is used as it is: the package ships it built\n']);
    rmSync(path.join(consumer, 'node_modules', 'typescript'));
    expect(readFileSync(path.join(installed, 'dist', 'api.js'), 'utf8')).toBe(before);
    expect(run(diene(), ['--version'], consumer).stdout.trim()).toContain(pkg.version);

    const checkout = path.join(work, 'checkout');
    mkdirSync(path.join(checkout, 'compiler'), { recursive: true });
    mkdirSync(path.join(checkout, 'scripts'));
    writeFileSync(path.join(checkout, 'compiler', 'api.ts'), 'export {};\n');
    writeFileSync(path.join(checkout, 'tsconfig.build.json'), '{}\n');
    cpSync(path.join(REPO_ROOT, 'scripts', 'prepare.mjs'), path.join(checkout, 'scripts', 'prepare.mjs'));
    writeFileSync(path.join(checkout, 'package.json'), '{"type": "module"}\n');
    const unbuildable = run(process.execPath, ['scripts/prepare.mjs'], checkout);
    expect([unbuildable.status, unbuildable.stderr]).toEqual([
      1,
      'prepare: dist/ is missing and cannot be built: TypeScript is not installed; run `npm ci` with the dev dependencies\n',
    ]);
    mkdirSync(path.join(checkout, 'dist'), { recursive: true });
    writeFileSync(path.join(checkout, 'dist', 'cli.js'), '');
    writeFileSync(path.join(checkout, 'dist', 'api.js'), '');
    // A dist/ without the command line's bundle: an error naming it.
    const noBundle = run(process.execPath, ['scripts/prepare.mjs'], checkout);
    expect([noBundle.status, noBundle.stderr]).toEqual([
      1,
      'prepare: the package lacks bundle/diene.mjs and cannot be built: TypeScript is not installed; run `npm ci` with the dev dependencies\n',
    ]);
    mkdirSync(path.join(checkout, 'bundle'));
    writeFileSync(path.join(checkout, 'bundle', 'diene.mjs'), '');
    const omitted = run(process.execPath, ['scripts/prepare.mjs'], checkout);
    expect([omitted.status, omitted.stdout]).toEqual([0, 'prepare: dist/ is used as it is: TypeScript is not installed (dev dependencies omitted)\n']);
  }, 120_000);
});

describe('a plain `npm install` of the packed tarball (no lockfile, dev dependencies omitted)', () => {
  let plain = '';
  const MAX_BYTES = 30 * 1000 * 1000;

  /** The bytes of every file under `root` (links not followed). */
  function bytesUnder(root: string): number {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
  }

  beforeAll(() => {
    plain = path.join(work, 'plain');
    mkdirSync(plain);
    writeFileSync(path.join(plain, 'package.json'), `${JSON.stringify({ name: 'plain', private: true, type: 'module' }, null, 2)}\n`);
    // The npm cache first (the caret ranges resolve to what it holds when it can), the registry for the rest.
    const install = run('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarballPath], plain);
    if (install.status !== 0) throw new Error(`npm install of the packed tarball failed (${install.status}):\n${install.stderr}`);
  }, 600_000);

  it(`installs at most ${MAX_BYTES / 1e6} MB, none of the optional peer dependencies among them`, () => {
    const bytes = bytesUnder(path.join(plain, 'node_modules'));
    expect(bytes).toBeGreaterThan(1e6);
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
    for (const peer of Object.keys(pkg.peerDependencies)) expect(existsSync(path.join(plain, 'node_modules', peer)), peer).toBe(false);
  });

  it('compiles the bundled example through the library (compileFleet) to the golden tree', () => {
    const script = path.join(plain, 'compile.mjs');
    writeFileSync(
      script,
      `import { compileFleet, hasErrors, readFleet } from '${pkg.name}';
const { files } = await readFleet(${JSON.stringify(fleet)});
const compiled = compileFleet(files, { nowSeconds: Date.parse('${NOW}') / 1000 });
process.stdout.write(JSON.stringify({ errors: hasErrors(compiled.diagnostics), outputs: Object.fromEntries([...compiled.outputs].sort(([a], [b]) => (a < b ? -1 : 1))) }));
`,
    );
    const result = run(process.execPath, [script], plain);
    expect(result.stderr).toBe('');
    const answer = JSON.parse(result.stdout) as { errors: boolean; outputs: Record<string, string> };
    expect(answer.errors).toBe(false);
    const golden = listFiles(GOLDEN);
    expect(Object.keys(answer.outputs)).toEqual(golden);
    for (const file of golden) expect(answer.outputs[file], file).toBe(readFileSync(path.join(GOLDEN, file), 'utf8'));
  }, 120_000);

  it('answers a command that needs a missing peer with the catalog error naming it: apply kube without @kubernetes/client-node', () => {
    const bin = path.join(plain, 'node_modules', '.bin', 'diene');
    const kube = run(bin, ['apply', 'kube', '--platform', 'nitroso', '--fleet', fleet, '--dry-run=server', '--format', 'json', '--now', NOW], plain);
    expect(kube.status).toBe(2);
    expect(JSON.parse(kube.stderr)).toEqual([
      expect.objectContaining({
        code: 'peer_dependency_missing',
        severity: 'error',
        message: 'diene apply kube needs the npm package @kubernetes/client-node, which is not installed here, so nothing was read or written',
      }),
    ]);
    // The compiler itself needs none of them.
    const validate = run(bin, ['validate', '--fleet', fleet, '--now', NOW], plain);
    expect([validate.status, validate.stderr]).toEqual([0, expect.stringContaining('0 errors, 6 warnings')]);
  }, 120_000);
});
