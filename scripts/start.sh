#!/usr/bin/env bash
# Sets up a fresh Debian/Ubuntu machine, builds ScanViz, and opens the app on the chapters' example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
build=${SCANVIZ_BUILD_DIR:-build}
example=(--algorithm blelloch --input 3,1,7,0,4,1,6,3)
if [ -x "$build/app/ui/scanviz" ]; then
  exec "$build/app/ui/scanviz" "${example[@]}" "$@"
fi
echo "start: the desktop app was not built (see the cmake output); showing the CLI trace instead"
exec "$build/app/cli/scanviz-cli" trace "${example[@]}"
