/** The help of `diene render` (see help.ts). */
import type { CommandHelp } from './help.js';

export const renderHelp: CommandHelp = {
  name: 'render',
  summary: "Print one platform's objects (Platform, Kargo, ApplicationSets) as a YAML stream: the ArgoCD plugin's generate command.",
  usage: 'diene render --platform NAME [--fleet DIR] [--cache DIR | --no-cache]   (in the ArgoCD plugin: ARGOCD_ENV_PLATFORM, ARGOCD_APP_PARAMETERS)',
  description: [
    'Reads only what the platform needs (its rows and the sign-in platform\'s), so a broken row of another platform never stops it. stdout holds only Kubernetes objects, and nothing on any error. In the plugin sidecar the platform comes from ARGOCD_ENV_PLATFORM and the fleet folder from the plugin parameter "fleet" (ARGOCD_APP_PARAMETERS).',
    "It takes no --strict (compile and validate do): ArgoCD runs it at every sync, and a warning (a stale emergency override, say) must not stop a deploy that the pull request's gate already let through; warnings go to stderr and the objects to stdout.",
    'A cache remembers each render: when none of the files it reads, the platform and the compiler changed, it prints the stored stdout and diagnostics without analysing the fleet (docs/performance.md). Its result is always the one of a run without the cache.',
  ],
  options: [
    {
      name: 'platform',
      type: 'string',
      value: 'NAME',
      description: 'The platform to render (or ARGOCD_ENV_PLATFORM; giving both, differently, is a usage error).',
      example: 'diene render --platform mercury',
    },
    {
      name: 'cache',
      type: 'string',
      value: 'DIR',
      description:
        "The folder of the cache render shares with compile (its key: the bytes of the files render reads, the compiler, the platform; a broken entry is ignored with a warning; a folder that cannot be written only costs speed: what cannot be kept there is redone by a later run, and one warning names the path that failed: cache_not_kept, cache_file_in_the_way for a file where a folder belongs, cache_folder_is_file for a --cache that is a file; not with --no-cache). Default: $XDG_CACHE_HOME/diene, else ~/.cache/diene (made with mode 0700). A folder inside the fleet, its git work tree or the working directory's, owned by another user, writable by others, or with a symbolic link among its folders is not used (cache_folder_in_fleet, cache_folder_unsafe); every entry is sealed with the user's own key ($XDG_STATE_HOME/diene/cache-key), so a cache copied, restored or forged is ignored (docs/hardening.md).",
      example: 'diene render --platform mercury --cache ~/.cache/diene-ci',
    },
    {
      name: 'no-cache',
      type: 'boolean',
      description: 'Neither read nor fill the cache: analyse and render from scratch (not with --cache DIR: both are refused).',
      example: 'diene render --platform mercury --no-cache',
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
