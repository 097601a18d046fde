/**
 * Kinds of change to the larkspur fleet (larkspur-fleet.ts), each the files
 * it writes over the fleet it is given (null: removed), for the tests that
 * hold `diene report --base`'s shortcuts to the full run
 * (test/report/resilience-delta.test.ts, test/report/paired-outputs.test.ts,
 * test/cli/report-shortcuts.test.ts): rows alone (pins, emergency values),
 * and what the drills and the outputs read besides.
 */
import { larkspurBase, larkspurChange } from './larkspur-fleet.js';

export type Files = Record<string, string | null>;

const CLUSTER = (landscape: string, mark: string, provider: string, account: string, traffic: boolean): string =>
  `landscape: ${landscape}\nmark: ${mark}\nprovider: ${provider}\naccount: ${account}\ntraffic: ${traffic}\n`;

/** A kind of change: the files it writes over the fleet it is given, and whether it touches rows alone. */
export interface Change {
  name: string;
  rowsOnly: boolean;
  apply: (files: Readonly<Files>) => Files;
}

const edit = (file: string, from: string | RegExp, to: string) => (files: Readonly<Files>) => {
  const text = files[file];
  if (typeof text !== 'string') throw new Error(`no ${file} in the fleet`);
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${String(from)} not found in ${file}`);
  return { [file]: changed };
};

export const LARKSPUR_CHANGES: Change[] = [
  { name: 'an image pin moved', rowsOnly: true, apply: edit('platforms/juniper/cart/euprod.yaml', 'image: "2.3.0"', 'image: "2.4.1"') },
  { name: 'a chart pin moved', rowsOnly: true, apply: edit('platforms/juniper/pay/usprod.yaml', 'chart: "2.3.0"', 'chart: "2.5.0"') },
  {
    name: 'an emergency override',
    rowsOnly: true,
    apply: (files) => ({
      'platforms/aspen/login/euprod.yaml': `${files['platforms/aspen/login/euprod.yaml'] ?? ''}values:\n  replicas: 4\nvaluesSince: 2026-11-20T10:00:00Z\n`,
    }),
  },
  {
    name: 'a cluster out of DNS',
    rowsOnly: false,
    apply: () => ({ 'registry/clusters/euprod-green.yaml': CLUSTER('euprod', 'green', 'hetzner', 'hetzner-prod', false) }),
  },
  { name: 'a cluster not built (its state file gone)', rowsOnly: false, apply: () => ({ 'state/clusters/usprod-blue.yaml': null }) },
  {
    name: "a landscape's clusters (one added)",
    rowsOnly: false,
    apply: () => ({
      'registry/clusters/usprod-green.yaml': CLUSTER('usprod', 'green', 'hetzner', 'hetzner-prod', true),
      'state/clusters/usprod-green.yaml': 'addresses: [198.51.100.23]\n',
    }),
  },
  {
    name: "a claim's prefixes",
    rowsOnly: false,
    apply: edit('claims/domains/api.cart.juniper.euprod.cluster.larkspur.io.json', '"till": "api.till', '"receipts": "api.till'),
  },
  { name: 'the DNS TTL', rowsOnly: false, apply: edit('registry/fleet.yaml', 'ttl: 120', 'ttl: 300') },
  {
    name: 'a DNS host removed',
    rowsOnly: false,
    apply: edit('registry/fleet.yaml', /\n {4}- name: gcloud\n.*\n.*\n/, '\n'),
  },
  {
    name: 'a module added to a service',
    rowsOnly: false,
    apply: edit('carbon/juniper/platform.yaml', 'cart: { modules: [api] }', 'cart: { modules: [api, web] }'),
  },
  {
    name: 'a row no longer ready (its pins emptied)',
    rowsOnly: false,
    apply: edit('platforms/juniper/cart/usprod.yaml', 'chart: "2.3.0"\n  image: "2.3.0"', 'chart: ""\n  image: ""'),
  },
  {
    name: 'a virtual landscape member no longer serving',
    rowsOnly: false,
    apply: edit('registry/vlandscapes/world.yaml', '{ landscape: usprod, serve: true }', '{ landscape: usprod, serve: false }'),
  },
  { name: 'the pull request of the report tests', rowsOnly: false, apply: () => larkspurChange() },
];

/** The larkspur fleet with `changes` applied in order. */
export function larkspurWith(changes: readonly Change[]): Files {
  let files: Files = larkspurBase();
  for (const change of changes) files = { ...files, ...change.apply(files) };
  return files;
}

/** The change named `name`. */
export function larkspurChangeNamed(name: string): Change {
  const change = LARKSPUR_CHANGES.find((c) => c.name === name);
  if (!change) throw new Error(`no change named ${name}`);
  return change;
}
