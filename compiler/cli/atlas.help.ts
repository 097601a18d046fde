/** The help of `diene atlas` (see help.ts). */
import { withFormats } from './help.js';

export const atlasHelp = withFormats({
  name: 'atlas',
  summary: 'Write a static HTML atlas of the fleet: clusters, platforms and their pipelines, DNS answers, prefix maps and failure drills.',
  usage: 'diene atlas --out DIR [--health FILE] [--base DIR] [--intake PLATFORM/SERVICE] [--fleet DIR] [--format FORM]',
  description: [
    'Writes a self-contained static site into DIR, all-or-nothing like compile: one HTML file a page, CSS and SVG inline, no script and nothing fetched, so it reads the same from file://, a CI artifact or a static host. The same inputs give the same bytes. Pages: the fleet (index.html), each platform with its Kargo pipeline and ready rows, DNS answers per host, the route_paths prefix maps of each landscape, and the single-failure drill matrix of `diene simulate --all-single` (docs/atlas.md).',
  ],
  options: [
    {
      name: 'out',
      type: 'string',
      value: 'DIR',
      description:
        "Where the site goes (refused inside the fleet's input folders or its generated/ output tree, or when DIR holds a file diene did not write).",
      example: 'diene atlas --out /tmp/atlas',
    },
    {
      name: 'health',
      type: 'string',
      value: 'FILE',
      description:
        'A health file ({"clusters": {"<cluster>": {"acceptingTraffic": false}}}, as plan dns reads it): the fleet page marks clusters down, and the DNS page shows what the traffic planner, brakes included, changes in every answer.',
      example: 'diene atlas --out /tmp/atlas --health health.json',
    },
    {
      name: 'base',
      type: 'string',
      value: 'DIR',
      description:
        "A checkout of the base branch (the fleet's folder in it when the fleet is a subfolder of its repository): every page is marked with what this revision adds, removes, changes or makes worse against it (a drill cell that fares worse, a row no longer ready, a DNS answer or prefix that goes). A base that does not compile with this diene leaves the pages unmarked, with a note.",
      example: 'diene atlas --out /tmp/atlas --base ../base',
    },
    {
      name: 'intake',
      type: 'string',
      value: 'PLATFORM/SERVICE',
      description: "The webhook intake service the drills' webhook sender calls (default: fleet.yaml's `intake`).",
      example: 'diene atlas --out /tmp/atlas --intake mercury/webhook',
    },
  ],
  diagnosticFormats: ['text', 'json', 'github'],
  examples: [{ command: 'diene atlas --fleet . --out atlas', does: 'Writes the atlas; open atlas/index.html in a browser.' }],
  exitCodes: [
    { code: 0, means: 'the atlas was written' },
    { code: 2, means: 'invalid input, health file, base folder or usage; nothing written' },
  ],
});
