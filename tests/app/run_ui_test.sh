#!/bin/sh
# Runs one of the headless UI test scripts with python3. Without python3 the test cannot look at
# anything: it reports itself skipped (exit 77, CTest's SKIP_RETURN_CODE), never passed.
if ! command -v python3 >/dev/null 2>&1; then
  echo "SKIPPED: python3 not found"
  exit 77
fi
exec python3 "$@"
