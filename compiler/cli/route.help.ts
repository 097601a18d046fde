/** The help of `diene route` (see help.ts). */
import { withFormats } from './help.js';

export const routeHelp = withFormats({
  name: 'route',
  summary: 'Say which route serves a URL and why, as an edge matches the compiled route_paths tables.',
  usage: 'diene route HOST [PATH] [--fleet DIR] [--format FORM] [--path-prefix DIR]',
  arguments: [
    {
      name: 'HOST',
      description:
        'The request host, read as an edge keys it: lower-cased, without a port or a trailing dot. Or, with no PATH, one whole URL (https://HOST/PATH?QUERY, the scheme optional, http or https): split into its host and its path and query, kept as written; a #fragment, which no client sends, is dropped. A bare HOST with no PATH asks for the path "/".',
    },
    {
      name: 'PATH',
      description:
        'The origin-form request path as the request line carries it; it starts with "/". The matcher decodes its escapes once, as Go\'s r.URL.Path does (/paulca%2ffoo is /paulca/foo), and a malformed escape (%zz), which a Go edge answers with 400 before routing, is kept as written and noted. Left out when HOST is a whole URL, or for "/".',
      optional: true,
    },
  ],
  options: [
    {
      name: 'path-prefix',
      type: 'string',
      value: 'DIR',
      description:
        "The fleet's folder relative to the repository root, put before the file of every finding in every form (text, json and github) so that GitHub, and whoever reads the log, finds the file. Without it the github form puts the fleet's folder below the git work tree holding it (the folder with .git), else nothing; the json form names files from the fleet root and the text form from the working directory.",
      example: 'diene route api.tin.nitroso.pikachu.cluster.atomi.cloud /paulca/orders --fleet fleets/prod --format github --path-prefix fleets/prod',
    },
  ],
  diagnosticFormats: ['text', 'json', 'github'],
  examples: [
    {
      command: 'diene route api.tin.nitroso.pikachu.cluster.atomi.cloud /paulca/orders',
      does: 'Names the upstream, the matching prefix and the rule that chose it.',
    },
    {
      command: 'diene route https://api.tin.nitroso.pikachu.cluster.atomi.cloud/paulca/orders',
      does: 'The same, from a URL as one argument (pasted from a browser or a log).',
    },
    {
      command: 'diene route api.tin.nitroso.mew.cluster.atomi.cloud /paulca',
      does: "A virtual landscape's host: the members that serve it, and which one a client in each region reaches on each DNS host.",
    },
  ],
  exitCodes: [
    { code: 0, means: 'a route serves the URL' },
    { code: 2, means: 'no route serves it, invalid input or usage' },
  ],
});
