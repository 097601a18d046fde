/** The help of `diene apply kube` (see help.ts). */
import type { CommandHelp } from './help.js';

export const applyKubeHelp: CommandHelp = {
  name: 'apply kube',
  summary: "Push one platform's objects to a cluster by server-side apply, and prune the ones it no longer renders (without ArgoCD).",
  usage: 'diene apply kube --platform NAME [--context C] [--dry-run=server] [--fleet DIR]',
  description: [
    'The connection comes from kubeconfig as kubectl finds it: KUBECONFIG, else ~/.kube/config, else the in-cluster service account.',
    'Needs the npm package @kubernetes/client-node, an optional peer dependency: install it beside diene-compiler (docs/plugin-image.md#the-appliers-packages-are-optional-peer-dependencies).',
  ],
  options: [
    { name: 'platform', type: 'string', value: 'NAME', description: 'The platform whose objects to apply.', example: 'diene apply kube --platform mercury' },
    {
      name: 'context',
      type: 'string',
      value: 'C',
      description: "The kubeconfig context to use. Default: the kubeconfig's current context.",
      example: 'diene apply kube --platform mercury --context lab',
    },
    {
      name: 'dry-run',
      type: 'string',
      inlineValue: true,
      value: 'server',
      choices: ['server'],
      description: "Send every call with dryRun=All: the server validates, nothing is stored. Written --dry-run=server (kubectl's form).",
      example: 'diene apply kube --platform mercury --dry-run=server',
    },
  ],
  examples: [
    {
      command: 'diene apply kube --platform mercury --fleet examples/reference --dry-run=server',
      does: "Checks mercury's objects against the cluster; stores nothing.",
    },
  ],
  exitCodes: [
    { code: 0, means: 'every object applied and pruned' },
    { code: 2, means: 'invalid input or usage, no kubeconfig, or a cluster that cannot be listed; nothing applied' },
    { code: 4, means: 'applied in part: each failed object is named; nothing pruned' },
  ],
};
