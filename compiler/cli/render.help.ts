/** The help of `diene render` (see help.ts). */
import type { CommandHelp } from './help.js';

export const renderHelp: CommandHelp = {
  name: 'render',
  summary: "Print one platform's objects (Platform, Kargo, ApplicationSets) as a YAML stream: the ArgoCD plugin's generate command.",
  usage: 'diene render --platform NAME [--fleet DIR]   (in the ArgoCD plugin: ARGOCD_ENV_PLATFORM, ARGOCD_APP_PARAMETERS)',
  description: [
    'Reads only what the platform needs (its rows and the sign-in platform\'s), so a broken row of another platform never stops it. stdout holds only Kubernetes objects, and nothing on any error. In the plugin sidecar the platform comes from ARGOCD_ENV_PLATFORM and the fleet folder from the plugin parameter "fleet" (ARGOCD_APP_PARAMETERS).',
  ],
  options: [
    {
      name: 'platform',
      type: 'string',
      value: 'NAME',
      description: 'The platform to render (or ARGOCD_ENV_PLATFORM; giving both, differently, is a usage error).',
      example: 'diene render --platform mercury',
    },
  ],
  examples: [
    {
      command: 'diene render --platform mercury --fleet examples/reference | kubectl apply --dry-run=client -f -',
      does: "Checks mercury's objects against kubectl.",
    },
  ],
  exitCodes: [
    { code: 0, means: 'the objects are on stdout' },
    { code: 2, means: 'invalid input, unknown platform or usage; stdout is empty' },
  ],
};
