#!/bin/sh
# The hooks of .pre-commit-hooks.yaml (the pre-commit framework, https://pre-commit.com):
#   pre-commit-hook.sh check    [ARGS]   diene compile --check (the generated files must be fresh)
#   pre-commit-hook.sh validate [ARGS]   diene validate
# ARGS (a hook's `args:`, e.g. --fleet fleets/prod, or --strict to fail on a warning too) are passed on. pre-commit stashes what is not
# staged before it runs hooks, so the working tree checked is what the commit holds. DIENE
# overrides the command, split on spaces. Without it: the hook repository's own diene (the clone
# pre-commit makes at the config's rev holds bin/diene.js and the committed bundle it runs, so node
# is all it needs), else diene on the PATH, else the fleet repository's own through npx
# --no-install. Exit codes: diene's (0 passed, 1 stale, 2 invalid or, with --strict, a warning), or 127 when
# diene cannot be found, as in examples/pre-commit/pre-commit.
# The cache: diene's default, the user's own $XDG_CACHE_HOME/diene (else ~/.cache/diene) on a
# developer's machine; where CI or GITHUB_ACTIONS is set (pre-commit.ci, a CI job) check and validate
# run without a cache unless ARGS name --cache (docs/hardening.md, "The compile cache").
set -eu

what=${1:-}
if [ $# -gt 0 ]; then shift; fi
case $what in
  check) set -- compile --check --diff-lines 80 "$@" ;;
  validate) set -- validate "$@" ;;
  *)
    echo "pre-commit-hook.sh: the first argument must be check or validate" >&2
    exit 2
    ;;
esac

# The repository this script is in: bin/diene.js beside scripts/ (no space in the path: the command is split on spaces).
own_bin=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)/bin/diene.js

if [ -n "${DIENE:-}" ]; then
  diene_cmd=$DIENE
elif [ -f "$own_bin" ] && command -v node >/dev/null 2>&1 && case $own_bin in *' '*) false ;; *) true ;; esac; then
  diene_cmd="node $own_bin"
elif command -v diene >/dev/null 2>&1; then
  diene_cmd=diene
elif command -v npx >/dev/null 2>&1 && npx --no-install diene --version >/dev/null 2>&1; then
  diene_cmd="npx --no-install diene"
else
  # Exit 127 (command not found), never 1: 1 means the generated files are stale.
  echo "pre-commit: diene is not installed: no node to run the hook repository's own, no diene on the PATH, and npx finds none in this repository. Install it (npm install --save-dev diene-compiler) or set DIENE to the command that runs it." >&2
  exit 127
fi

status=0
# shellcheck disable=SC2086 # diene_cmd may be a command with arguments
$diene_cmd "$@" || status=$?
if [ "$status" -eq 127 ]; then
  echo "pre-commit: could not run diene ($diene_cmd): command not found. Install it (npm install --save-dev diene-compiler) or set DIENE to the command that runs it." >&2
  exit 127
fi
if [ "$what" = check ] && [ "$status" -eq 1 ]; then
  echo >&2
  # diene's own last line says what to do: compile, or first move a file it did not write. pre-commit
  # stashes unstaged changes but leaves untracked files, so a stray untracked file counts here too.
  echo "pre-commit: generated/ is stale: do what diene says above (\`diene compile\`, or first move away a file it did not write; untracked files count: pre-commit leaves them in place), then \`git add generated\` and commit again." >&2
fi
exit "$status"
