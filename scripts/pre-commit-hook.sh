#!/bin/sh
# The hooks of .pre-commit-hooks.yaml (the pre-commit framework, https://pre-commit.com):
#   pre-commit-hook.sh check    [ARGS]   diene compile --check (the generated files must be fresh)
#   pre-commit-hook.sh validate [ARGS]   diene validate
# ARGS (a hook's `args:`, e.g. --fleet fleets/prod) are passed on. pre-commit stashes what is not
# staged before it runs hooks, so the working tree checked is what the commit holds. DIENE
# overrides the command, split on spaces (default: diene on the PATH, else npx diene), as in
# examples/pre-commit/pre-commit.
set -eu

what=${1:-}
if [ $# -gt 0 ]; then shift; fi
if [ -n "${DIENE:-}" ]; then
  diene_cmd=$DIENE
elif command -v diene >/dev/null 2>&1; then
  diene_cmd=diene
else
  diene_cmd="npx --no-install diene"
fi

case $what in
  check) set -- compile --check --diff-lines 80 "$@" ;;
  validate) set -- validate "$@" ;;
  *)
    echo "pre-commit-hook.sh: the first argument must be check or validate" >&2
    exit 2
    ;;
esac

status=0
# shellcheck disable=SC2086 # diene_cmd may be a command with arguments
$diene_cmd "$@" || status=$?
if [ "$what" = check ] && [ "$status" -eq 1 ]; then
  echo >&2
  echo "pre-commit: generated/ is stale. Run \`diene compile\`, then \`git add generated\` and commit again." >&2
fi
exit "$status"
